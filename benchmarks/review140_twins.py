"""Adversarial twins of mend81's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a ``make_dataclass`` base under another name (``drift/made_dataclasses.py``, mend81, an error; #21270
  (1cd6eaba54) ``CommonAttentionMetadata`` gained ``causal: bool = True``): the aliased base with a defaulted
  entry, ``kw_only=True``, an alias of the fork's own dataclass, a function-local name shadowing the module's
  alias, a call in a ``try`` catching ``TypeError``, a name the import binds to another class;
- a positional view held in a local (``drift/struct_tuples.py``, mend81, an error; #22678 (c6b928798e)
  ``PerLayerParameters`` gained ``has_sinks``): all four unpacked, a slice of the first three, a position that
  still holds its field, a star taking the tail, a local rebound on a branch, an inner def binding the name;
- De Morgan grouping and ``is not Mode.X`` (``drift/tuple_values.py``, mend81, an error; #46491 (33fe71a4d3)
  ``select_mxfp4_moe_backend`` no longer returns ``(NONE, None)``): ``not (a == NONE or a == KEPT)``, an ``or``
  of likes with a kept member, ``is not`` of a kept member, the fork's own value, an ``assert``, the fork's own
  enum of the name;
- an enum re-exported through another module (``drift/rendered_enums.py``, mend81, an error; #25868
  (43227236ec) ``CUDAGraphMode.__str__`` the name, imported ``from vllm.config``): both spellings accepted, the new
  spelling, the old rendering built by hand from ``.name``, the member itself, a fork module handing on the
  fork's own class of the name (through a second fork module);
- the sole-hook rule's namesakes bound by assignment (``drift/symbols.py``, mend81; #42662 (95c9144424)
  ``SupportsMultiModal.get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds)``): the fork's own
  class of another family binding the name to a staticmethod, the hook bound to a fitting method of the class,
  to a fitting module function, a fitting function installed by ``setattr``, a fork method of another name
  beside a fitting hook.

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (mend81's head 9cf3fd7d, the file as first written: 6 cases, 28 twins): 5 caught, 1 warned of 6;
3 false errors of 28 twins (3 warned).  One is made_dataclasses': a function-local ``MetaBase = AeonOwnMeta4``
shadowing the module's ``MetaBase = CAMeta`` alias -- the call read the module's alias, upstream's class.  Two
are #46491's unpacked element in one set test with a member still returned (``not (backend == NONE or backend
== MARLIN)``, ``backend is NONE or backend is MARLIN``): mend81's grouping joined the set right, but
``unreturned_members.unreturned`` returned the first gone member of the set without asking whether another
member of it may still be returned (the whole-value reading asked, ``_others_may_hold``).  struct_tuples' held
views (0 of 6), rendered_enums' re-exports (0 of 5) and the sole-hook namesakes (0 of 5) held.  The warned case
is rendered_enums': ``format(mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"`` with ``mode: Mode`` annotated by the
re-exported class's ``as`` alias (the annotation does not name the class: a warning, not the error).
Round 2 (this branch): ``made_dataclasses`` drops a base name the defs around the call bind themselves (a
local, a parameter, an outer def's local: ``_calls``); ``unreturned_members.unreturned`` returns no member where
another member of the test's values may still be returned.  Unit tests that failed before: test_made_dataclasses
``a local shadowing the alias``/``a parameter of the class's name``/``an outer def's local`` (3),
test_unreturned_members ``test_an_element_tested_with_a_kept_member_too_is_silent`` (4).
Round 3 (written after the mends, cases they must not swallow): the aliased call in a def binding other names,
a nested helper binding the alias's name for itself, an ``or`` of NONE and a test of another name, a set test
naming only the gone member twice: all caught, on 9cf3fd7d and on this branch.  Round 1 over the whole file at
9cf3fd7d (``AEON_SRC``): 9 caught, 1 warned of 10; 3 false errors of 28 (3 warned).  This branch: 9 caught,
1 warned of 10; 0 false errors of 28 twins (3 warned).
Round 2b (this branch, the warned case): ``rendered_enums`` reads a parameter annotated with the file's import
alias of upstream's class (from its home, a package above it, or a module handing it on: ``_spellings``) as
naming the class -- the case is caught; an alias of the fork's own class of the name keeps the warning (a twin,
warned), and the annotation is read by words (``MyCUDAGraphMode`` no longer names the class).  Unit tests that
failed before: test_rendered_enum_drift ``test_a_parameter_annotated_by_an_import_alias_is_the_class`` (2),
``..._by_another_name_stays_the_warning[a prefix]`` (1).  Round 3b: the class under its home module's alias on an
``Optional`` parameter: warned on 9cf3fd7d, caught here.  Whole file, this branch: 11 caught of 11; 0 false errors
of 29 twins (4 warned); on 9cf3fd7d: 9 caught, 2 warned of 11, 3 false errors of 29.
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_mxoracle 23/23 (14 quiet), blind_replay_attnutils 19/19 (10 quiet), blind_replay_compcfg 13 caught,
5 warned of 18 (9 quiet), blind_replay_fmconfig 17/17 (12 quiet, 1 warned), review131_twins 11/11, 0 false of 18,
review132_twins 11/11, 0 false of 21 (3 warned), review63_twins 7/7, 0 false of 31 (3 warned), review135_twins 12 caught, 2 warned of 14, 0 false of 40 (4
warned), mend81's blind_replay_pstate2 6 caught, 5 warned, 1 missed of 12 (10 quiet, 1 warned),
blind_replay_modelopt2 2 caught, 10 warned, 1 missed of 13 (10 quiet), blind_replay_eagle2 13 caught, 5 warned,
1 missed of 19 (13 quiet): each as recorded.
Unit tests: test_made_dataclasses 36 (+5), test_unreturned_members 55 (+7), test_rendered_enum_drift 30 (+5).  drift_speed's 150-commit window
(one audit's median of five): made_dataclass_drift 0.000 s, tuple_value_drift 0.001 s on both 9cf3fd7d and this
branch.

  PYTHONPATH=.. python review140_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

BU = "vllm.v1.attention.backends.utils"

# --- #21270 (1cd6eaba54): CommonAttentionMetadata gained its first defaulted field, causal: bool = True
CA = ("#21270", "1cd6eaba54", "CommonAttentionMetadata gained causal: bool = True (its first defaulted field)")
CAM = f"import dataclasses\n\nimport torch\n\nfrom {BU} import CommonAttentionMetadata as CAMeta\n\n"


def _ca(name: str, body: str, line: str, head: str = CAM) -> Killer:
    return K(*CA, f"vllm/aeon/r140{name}.py", head + body, line)


CASES += [
    (
        "#21270 aliased base",
        "a module attribute bound to a name, then an alias of the alias, in a list of bases",
        _ca(
            "ca0",
            "AeonBase = bu.CommonAttentionMetadata\nAeonSpecBase = AeonBase\n\n"
            "AeonSpec0 = dataclasses.make_dataclass(\n"
            '    "AeonSpec0",\n'
            '    [("draft_token_ids", torch.Tensor)],\n'
            "    bases=[AeonSpecBase],\n"
            ")\n",
            '    [("draft_token_ids", torch.Tensor)],',
            head=f"import dataclasses\n\nimport torch\n\nimport {BU} as bu\n\n",
        ),
    ),
]
TWINS += [
    (
        "#21270 aliased base",
        "twin: the aliased base with a defaulted entry",
        _ca(
            "ca1",
            "AeonSpec1 = dataclasses.make_dataclass(\n"
            '    "AeonSpec1",\n'
            '    [("draft_token_ids", torch.Tensor | None, None)],\n'
            "    bases=(CAMeta,),\n"
            ")\n",
            '    [("draft_token_ids", torch.Tensor | None, None)],',
        ),
    ),
    (
        "#21270 aliased base",
        "twin: the aliased base with kw_only=True",
        _ca(
            "ca2",
            "AeonSpec2 = dataclasses.make_dataclass(\n"
            '    "AeonSpec2",\n'
            '    [("draft_token_ids", torch.Tensor)],\n'
            "    bases=(CAMeta,),\n"
            "    kw_only=True,\n"
            ")\n",
            '    [("draft_token_ids", torch.Tensor)],',
        ),
    ),
    (
        "#21270 aliased base",
        "twin: a module alias bound to the fork's own dataclass",
        _ca(
            "ca3",
            "@dataclasses.dataclass\nclass AeonOwnMeta:\n    num_reqs: int\n\n\n"
            "MetaBase = AeonOwnMeta\n"
            "AeonSpec3 = dataclasses.make_dataclass(\n"
            '    "AeonSpec3",\n'
            '    [("draft_token_ids", torch.Tensor)],\n'
            "    bases=(MetaBase,),\n"
            ")\n",
            '    [("draft_token_ids", torch.Tensor)],',
        ),
    ),
    (
        "#21270 aliased base",
        "twin: a function-local name shadowing the module's alias with the fork's own dataclass",
        _ca(
            "ca4",
            "@dataclasses.dataclass\nclass AeonOwnMeta4:\n    num_reqs: int\n\n\n"
            "MetaBase = CAMeta\n\n\n"
            "def aeon_spec_class():\n"
            "    MetaBase = AeonOwnMeta4\n"
            "    return dataclasses.make_dataclass(\n"
            '        "AeonSpec4",\n'
            '        [("draft_token_ids", torch.Tensor)],\n'
            "        bases=(MetaBase,),\n"
            "    )\n",
            '        [("draft_token_ids", torch.Tensor)],',
        ),
    ),
    (
        "#21270 aliased base",
        "twin: the aliased call in a try catching TypeError (falls back to kw_only)",
        _ca(
            "ca5",
            "try:\n"
            "    AeonSpec5 = dataclasses.make_dataclass(\n"
            '        "AeonSpec5", [("draft_token_ids", torch.Tensor)], bases=(CAMeta,)\n'
            "    )\n"
            "except TypeError:\n"
            "    AeonSpec5 = dataclasses.make_dataclass(\n"
            '        "AeonSpec5", [("draft_token_ids", torch.Tensor)], bases=(CAMeta,), kw_only=True\n'
            "    )\n",
            '        "AeonSpec5", [("draft_token_ids", torch.Tensor)], bases=(CAMeta,)',
        ),
    ),
    (
        "#21270 aliased base",
        "twin: the changed class's name bound by an import to another upstream dataclass",
        _ca(
            "ca6",
            "AeonSpec6 = dataclasses.make_dataclass(\n"
            '    "AeonSpec6",\n'
            '    [("draft_token_ids", torch.Tensor)],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("draft_token_ids", torch.Tensor)],',
            head=f"import dataclasses\n\nimport torch\n\nfrom {BU} import PerLayerParameters as CommonAttentionMetadata\n\n",
        ),
    ),
]

# --- #22678 (c6b928798e): PerLayerParameters gained has_sinks: bool = False (a fourth field)
HS = ("#22678", "c6b928798e", "PerLayerParameters gained has_sinks (a fourth field)")
PLP = f"import dataclasses\n\nfrom {BU} import PerLayerParameters\n\n\n"


def _hs(name: str, body: str, line: str) -> Killer:
    return K(*HS, f"vllm/aeon/r140{name}.py", PLP + body, line)


CASES += [
    (
        "#22678 held view",
        "asdict(...).values() tupled into a local, unpacked into the old count",
        _hs(
            "hs0",
            "def aeon_plan0(params: PerLayerParameters):\n"
            "    vals = tuple(dataclasses.asdict(params).values())\n"
            "    window_left, soft_cap, sm_scale = vals\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = vals",
        ),
    ),
]
TWINS += [
    (
        "#22678 held view",
        "twin: all four fields unpacked",
        _hs(
            "hs1",
            "def aeon_plan1(params: PerLayerParameters):\n"
            "    vals = vars(params).values()\n"
            "    window_left, soft_cap, sm_scale, has_sinks = vals\n"
            "    return window_left, soft_cap, sm_scale, has_sinks\n",
            "    window_left, soft_cap, sm_scale, has_sinks = vals",
        ),
    ),
    (
        "#22678 held view",
        "twin: a slice of the first three (each still holds its field)",
        _hs(
            "hs2",
            "def aeon_plan2(params: PerLayerParameters):\n"
            "    vals = list(vars(params).values())\n"
            "    window_left, soft_cap, sm_scale = vals[:3]\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = vals[:3]",
        ),
    ),
    (
        "#22678 held view",
        "twin: a position that still holds its field",
        _hs(
            "hs3",
            "def aeon_scale3(params: PerLayerParameters) -> float:\n"
            "    vals = list(dataclasses.asdict(params).values())\n"
            "    return vals[2]\n",
            "    return vals[2]",
        ),
    ),
    (
        "#22678 held view",
        "twin: a star taking the tail",
        _hs(
            "hs4",
            "def aeon_plan4(params: PerLayerParameters):\n"
            "    vals = tuple(vars(params).values())\n"
            "    window_left, soft_cap, sm_scale, *_ = vals\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale, *_ = vals",
        ),
    ),
    (
        "#22678 held view",
        "twin: the local rebound on a branch to the fork's own triple",
        _hs(
            "hs5",
            "def aeon_plan5(params: PerLayerParameters, override: tuple | None):\n"
            "    vals = tuple(vars(params).values())\n"
            "    if override is not None:\n"
            "        vals = override\n"
            "    window_left, soft_cap, sm_scale = vals[:3]\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = vals[:3]",
        ),
    ),
    (
        "#22678 held view",
        "twin: an inner def binding the name to its own triple",
        _hs(
            "hs6",
            "def aeon_plan6(params: PerLayerParameters):\n"
            "    vals = tuple(vars(params).values())\n\n"
            "    def fallback(window: int):\n"
            "        vals = (window, None, 1.0)\n"
            "        window_left, soft_cap, sm_scale = vals\n"
            "        return window_left, soft_cap, sm_scale\n\n"
            "    return vals, fallback\n",
            "        window_left, soft_cap, sm_scale = vals",
        ),
    ),
]

# --- #46491 (33fe71a4d3): select_mxfp4_moe_backend no longer returns (NONE, None): it raises NotImplementedError
NO = ("#46491", "33fe71a4d3", "select_mxfp4_moe_backend: (NONE, None) -> NotImplementedError")
MXO = "vllm.model_executor.layers.fused_moe.oracle.mxfp4"
MXH = f"from {MXO} import Mxfp4MoeBackend, select_mxfp4_moe_backend\n\n\n"


def _no(name: str, body: str, line: str, head: str = MXH) -> Killer:
    return K(*NO, f"vllm/aeon/r140{name}.py", head + body, line)


CASES += [
    (
        "#46491 De Morgan / is not",
        "an and of a != of a kept member and == NONE (NONE judged alone)",
        _no(
            "no0",
            "def aeon_dequant0(moe_config):\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if backend != Mxfp4MoeBackend.MARLIN and backend == Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend != Mxfp4MoeBackend.MARLIN and backend == Mxfp4MoeBackend.NONE:",
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "is not NONE in a conditional expression",
        _no(
            "no00",
            "def aeon_native0(moe_config) -> str:\n"
            "    backend, _ = select_mxfp4_moe_backend(moe_config)\n"
            '    return "native" if backend is not Mxfp4MoeBackend.NONE else "dequant"\n',
            '    return "native" if backend is not Mxfp4MoeBackend.NONE else "dequant"',
        ),
    ),
]
TWINS += [
    (
        "#46491 De Morgan / is not",
        "twin: not (== NONE or == a kept member)",
        _no(
            "no1",
            "def aeon_dequant1(moe_config):\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if not (backend == Mxfp4MoeBackend.NONE or backend == Mxfp4MoeBackend.MARLIN):\n"
            "        return experts_cls\n"
            "    return None\n",
            "    if not (backend == Mxfp4MoeBackend.NONE or backend == Mxfp4MoeBackend.MARLIN):",
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "twin: an or of likes with a kept member",
        _no(
            "no2",
            "def aeon_dequant2(moe_config):\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if backend is Mxfp4MoeBackend.NONE or backend is Mxfp4MoeBackend.MARLIN:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend is Mxfp4MoeBackend.NONE or backend is Mxfp4MoeBackend.MARLIN:",
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "twin: is not of a kept member",
        _no(
            "no3",
            "def aeon_native3(moe_config) -> bool:\n"
            "    backend, _ = select_mxfp4_moe_backend(moe_config)\n"
            "    return backend is not Mxfp4MoeBackend.MARLIN\n",
            "    return backend is not Mxfp4MoeBackend.MARLIN",
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "twin: is not NONE of a value the fork set itself",
        _no(
            "no4",
            "def aeon_native4(moe_config, forced: str | None) -> bool:\n"
            "    backend = Mxfp4MoeBackend(forced) if forced else Mxfp4MoeBackend.NONE\n"
            "    if backend is not Mxfp4MoeBackend.NONE:\n"
            "        return True\n"
            "    return select_mxfp4_moe_backend(moe_config)[1] is not None\n",
            "    if backend is not Mxfp4MoeBackend.NONE:",
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "twin: an assert of is not NONE",
        _no(
            "no5",
            "def aeon_native5(moe_config):\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    assert backend is not Mxfp4MoeBackend.NONE and backend is not Mxfp4MoeBackend.MARLIN\n"
            "    return experts_cls\n",
            "    assert backend is not Mxfp4MoeBackend.NONE and backend is not Mxfp4MoeBackend.MARLIN",
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "twin: the fork's own enum of the name, its own selector",
        _no(
            "no6",
            "from enum import Enum\n\n\n"
            "class Mxfp4MoeBackend(Enum):\n"
            '    NONE = "none"\n'
            '    SPARK = "spark"\n\n\n'
            "def select_mxfp4_moe_backend(cfg) -> tuple[Mxfp4MoeBackend, object]:\n"
            "    return (Mxfp4MoeBackend.SPARK, cfg) if cfg else (Mxfp4MoeBackend.NONE, None)\n\n\n"
            "def aeon_native6(cfg) -> bool:\n"
            "    backend, _ = select_mxfp4_moe_backend(cfg)\n"
            "    return backend is not Mxfp4MoeBackend.NONE\n",
            "    return backend is not Mxfp4MoeBackend.NONE",
            head="",
        ),
    ),
]

# --- #25868 (43227236ec): CUDAGraphMode.__str__ returns the name (vllm.config re-exports the class)
RP = ("#25868", "43227236ec", "CUDAGraphMode.__str__ -> the name (imported through vllm.config)")
RPH = "from vllm.config import CUDAGraphMode\n\n\n"


def _rp(name: str, body: str, line: str, head: str = RPH) -> Killer:
    return K(*RP, f"vllm/aeon/r140{name}.py", head + body, line)


CASES += [
    (
        "#25868 re-exported enum",
        "the re-exported class under an alias, a parameter rendered by format()",
        _rp(
            "rp0",
            'def aeon_full0(mode: Mode) -> bool:\n    return format(mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"\n',
            '    return format(mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"',
            head="from vllm.config import CUDAGraphMode as Mode\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#25868 re-exported enum",
        "twin: both spellings accepted",
        _rp(
            "rp1",
            "def aeon_full1(mode: CUDAGraphMode) -> bool:\n"
            '    return str(mode) in ("FULL_AND_PIECEWISE", "CUDAGraphMode.FULL_AND_PIECEWISE")\n',
            '    return str(mode) in ("FULL_AND_PIECEWISE", "CUDAGraphMode.FULL_AND_PIECEWISE")',
        ),
    ),
    (
        "#25868 re-exported enum",
        "twin: the new spelling",
        _rp(
            "rp2",
            'def aeon_full2(mode: CUDAGraphMode) -> bool:\n    return str(mode) == "FULL_AND_PIECEWISE"\n',
            '    return str(mode) == "FULL_AND_PIECEWISE"',
        ),
    ),
    (
        "#25868 re-exported enum",
        "twin: the old rendering spelt by hand from .name",
        _rp(
            "rp3",
            "def aeon_full3(mode: CUDAGraphMode) -> bool:\n"
            '    return f"CUDAGraphMode.{mode.name}" == "CUDAGraphMode.FULL_AND_PIECEWISE"\n',
            '    return f"CUDAGraphMode.{mode.name}" == "CUDAGraphMode.FULL_AND_PIECEWISE"',
        ),
    ),
    (
        "#25868 re-exported enum",
        "twin: the member itself",
        _rp(
            "rp4",
            "def aeon_full4(mode: CUDAGraphMode) -> bool:\n    return mode == CUDAGraphMode.FULL_AND_PIECEWISE\n",
            "    return mode == CUDAGraphMode.FULL_AND_PIECEWISE",
        ),
    ),
    (
        "#25868 re-exported enum",
        "twin: a fork module handing on the fork's own class of the name",
        Killer(
            *RP,
            (
                Edit(
                    "vllm/aeon/r140modes.py",
                    "from enum import Enum\n\n\nclass CUDAGraphMode(Enum):\n    NONE = 0\n    FULL_AND_PIECEWISE = 1\n",
                ),
                Edit("vllm/aeon/r140hub.py", "from vllm.aeon.r140modes import CUDAGraphMode\n"),
                Edit(
                    "vllm/aeon/r140rp5.py",
                    "from vllm.aeon.r140hub import CUDAGraphMode\n\n\n"
                    "def aeon_full5(mode: CUDAGraphMode) -> bool:\n"
                    '    return str(mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"\n',
                ),
            ),
            (("vllm/aeon/r140rp5.py", '    return str(mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"'),),
        ),
    ),
]

# --- #42662 (95c9144424): SupportsMultiModal.get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds),
# called by keyword off self.model / model: Any (drift/symbols.py's sole-hook rule, mend81: namesakes bound by assignment)
ML = ("#42662", "95c9144424", "SupportsMultiModal.get_mm_lora_token_counts called with keywords")
MLH = "from torch import nn\n\nfrom vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"


def _ml(name: str, body: str, line: str, head: str = MLH) -> Killer:
    return K(*ML, f"vllm/aeon/r140{name}.py", head + body, line)


CASES += [
    (
        "#42662 sole hook",
        "a misfit def beside a fork class of another family binding the name by assignment",
        _ml(
            "ml0",
            "def _legacy_counts(num_images):\n    return num_images, None\n\n\n"
            "class AeonCounter:\n    get_mm_lora_token_counts = staticmethod(_legacy_counts)\n\n\n"
            "class AeonSparkVL0(nn.Module, SupportsMultiModal):\n"
            "    def get_mm_lora_token_counts(self, num_images: int) -> tuple[int, None]:\n"
            "        return num_images, None\n",
            "    def get_mm_lora_token_counts(self, num_images: int) -> tuple[int, None]:",
        ),
    ),
]
TWINS += [
    (
        "#42662 sole hook",
        "twin: the fork's own class of another family binding the name to a staticmethod",
        _ml(
            "ml1",
            "def _legacy_counts(num_images):\n    return num_images, None\n\n\n"
            "class AeonCounter1:\n    get_mm_lora_token_counts = staticmethod(_legacy_counts)\n",
            "    get_mm_lora_token_counts = staticmethod(_legacy_counts)",
        ),
    ),
    (
        "#42662 sole hook",
        "twin: the hook bound to a fitting method of the class",
        _ml(
            "ml2",
            "class AeonSparkVL2(nn.Module, SupportsMultiModal):\n"
            "    def _counts(self, *, modality, mm_kwargs, num_mm_embeds):\n"
            "        return num_mm_embeds, None\n\n"
            "    get_mm_lora_token_counts = _counts\n",
            "    get_mm_lora_token_counts = _counts",
        ),
    ),
    (
        "#42662 sole hook",
        "twin: the hook bound to a fitting module function",
        _ml(
            "ml3",
            "def _counts3(self, *, modality, mm_kwargs, num_mm_embeds):\n    return num_mm_embeds, None\n\n\n"
            "class AeonSparkVL3(nn.Module, SupportsMultiModal):\n    get_mm_lora_token_counts = _counts3\n",
            "    get_mm_lora_token_counts = _counts3",
        ),
    ),
    (
        "#42662 sole hook",
        "twin: a fitting function installed by setattr",
        _ml(
            "ml4",
            "class AeonSparkVL4(nn.Module, SupportsMultiModal):\n    aeon_tiles = 4\n\n\n"
            "def _counts4(self, **kwargs):\n    return kwargs['num_mm_embeds'], None\n\n\n"
            "setattr(AeonSparkVL4, 'get_mm_lora_token_counts', _counts4)\n",
            "setattr(AeonSparkVL4, 'get_mm_lora_token_counts', _counts4)",
        ),
    ),
    (
        "#42662 sole hook",
        "twin: a fork method of another name whose own calls pass the old count, the hook fitting beside it",
        _ml(
            "ml5",
            "class AeonSparkVL5(nn.Module, SupportsMultiModal):\n"
            "    def aeon_lora_counts(self, num_images: int) -> tuple[int, None]:\n"
            "        return num_images, None\n\n"
            "    def get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds):\n"
            "        return self.aeon_lora_counts(num_mm_embeds)\n",
            "    def aeon_lora_counts(self, num_images: int) -> tuple[int, None]:",
        ),
    ),
]

# --- round 3: cases the review140 mends must not swallow
CASES += [
    (
        "#21270 aliased base",
        "round 3: the aliased call in a def binding other names (a parameter, a local), the alias the module's",
        _ca(
            "ca7",
            "MetaBase = CAMeta\n\n\n"
            "def aeon_spec_class7(name: str):\n"
            "    extra = ()\n"
            "    return dataclasses.make_dataclass(\n"
            "        name,\n"
            '        [("draft_token_ids", torch.Tensor)],\n'
            "        bases=(MetaBase, *extra),\n"
            "    )\n",
            '        [("draft_token_ids", torch.Tensor)],',
        ),
    ),
    (
        "#21270 aliased base",
        "round 3: a nested helper binds the alias's name for itself, the call reads the module's",
        _ca(
            "ca8",
            "MetaBase = CAMeta\n\n\n"
            "def aeon_spec_class8():\n"
            "    def shape(MetaBase=None):\n"
            "        return MetaBase\n\n"
            "    return dataclasses.make_dataclass(\n"
            '        "AeonSpec8",\n'
            '        [("draft_token_ids", torch.Tensor)],\n'
            "        bases=(MetaBase,),\n"
            "    )\n",
            '        [("draft_token_ids", torch.Tensor)],',
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "round 3: an or of NONE and a test of another name",
        _no(
            "no7",
            "def aeon_dequant7(moe_config):\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if backend == Mxfp4MoeBackend.NONE or experts_cls is None:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE or experts_cls is None:",
        ),
    ),
    (
        "#46491 De Morgan / is not",
        "round 3: a set test naming only the gone member, twice",
        _no(
            "no8",
            "def aeon_dequant8(moe_config):\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if backend in (Mxfp4MoeBackend.NONE,) or backend is Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend in (Mxfp4MoeBackend.NONE,) or backend is Mxfp4MoeBackend.NONE:",
        ),
    ),
]

CASES += [
    (
        "#25868 re-exported enum",
        "round 3 (review140's alias reading): the class under its home module's alias, an Optional parameter",
        _rp(
            "rp7",
            'def aeon_full7(mode: GraphMode | None) -> bool:\n    return str(mode) == "CUDAGraphMode.PIECEWISE"\n',
            '    return str(mode) == "CUDAGraphMode.PIECEWISE"',
            head="from vllm.config.compilation import CUDAGraphMode as GraphMode\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#25868 re-exported enum",
        "twin: the parameter annotated by an alias of the fork's own class of the name",
        Killer(
            *RP,
            (
                Edit(
                    "vllm/aeon/r140modes6.py",
                    "from enum import Enum\n\n\nclass CUDAGraphMode(Enum):\n    NONE = 0\n    PIECEWISE = 1\n",
                ),
                Edit(
                    "vllm/aeon/r140rp6.py",
                    "from vllm.aeon.r140modes6 import CUDAGraphMode as Mode\nfrom vllm.config import CUDAGraphMode\n\n\n"
                    "def aeon_full6(mode: Mode) -> bool:\n"
                    '    return str(mode) == "CUDAGraphMode.PIECEWISE" and CUDAGraphMode.PIECEWISE is not None\n',
                ),
            ),
            (
                (
                    "vllm/aeon/r140rp6.py",
                    '    return str(mode) == "CUDAGraphMode.PIECEWISE" and CUDAGraphMode.PIECEWISE is not None',
                ),
            ),
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review140-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
