"""Adversarial twins of killers227's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a ``make_dataclass`` entry without a default behind the first defaulted field upstream gave a base
  (``drift/made_dataclasses.py``, new, an error; #21270 1cd6eaba54 ``CommonAttentionMetadata.causal``, and
  #48949 e67a2e0a56, which gave the empty ``MxFp4LinearLayerConfig`` ``activation_quant_key = None``): the
  entry's ``field(init=False)`` (no ``__init__`` parameter), a ``("_", KW_ONLY)`` marker ahead of it, a
  ``ClassVar`` entry without a default, the call in a ``try`` falling back to ``kw_only=True`` on TypeError, the
  fork's own dataclass of the base's name, a string-annotated entry with a default, the base's field
  redeclared ahead of a defaulted one, a ``default_factory`` entry;
- a positional view of a dataclass's fields (``drift/struct_tuples.py``, widened, an error; #22678 c6b928798e
  gave ``PerLayerParameters`` a fourth field, and #39185 4353c9cb4a put ``req_context = field(init=False)``
  into ``RequestOffloadState`` mid-class, set by ``__post_init__``): a starred tail, the fork's own dataclass of
  the name, the fork's own ``asdict`` of three keys, a plain dict's ``.values()``, a slice of the first three, a
  position that still holds its field, a fork subclass's ``self.__dict__``, ``vars(state)``'s fourth and third
  values (``__init__`` stores ``config, req, num_locally_computed_tokens``, then ``__post_init__`` sets
  ``group_states``, ``req_context``: declaration order is not ``__dict__``'s).

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (killers227's head 316154e4, the file as first written, 5 cases and 18 twins): 5 caught of 5; 9 false
errors of 18 twins.  Made dataclasses 6: the ``field(init=False)`` entry (both commits), the ``KW_ONLY``
marker (read as the bare entry ``_``), the ``ClassVar`` entry, the ``try``/``except TypeError`` fallback and the
fork's own class of the base's name.  Struct tuples 3: the fork's own dataclass and its own ``asdict`` (any
function of the name was the library's), and ``list(vars(state).values())[3]`` (the fields read in
declaration order, ``group_states`` then ``req_context``, though ``__dict__`` holds what ``__init__`` stores
first).
Round 2 (this branch): ``made_dataclasses`` skips an entry whose field is ``init=False`` and a ``ClassVar``
entry (also a string), stops at a ``KW_ONLY`` marker, leaves a call in a ``try`` whose handler catches
TypeError (``Exception``, ``BaseException``, bare), and drops a base of the name the fork declares itself on its
own lines deriving from nothing upstream may declare (``struct_tuples.own_classes``); ``struct_tuples`` reads
``vars``'s keys in ``__dict__``'s order (``_stored``: the fields ``__init__`` stores -- ``init=False`` only with
a ``default_factory`` -- then the attributes ``__post_init__``'s top-level statements set, in order; complete
only when every field is among them and nothing else in ``__post_init__`` may set one, else the count and
positions from the end are not judged), drops ``InitVar`` annotations, takes ``astuple``/``asdict`` only as the
module imports the library's (``dataclasses``, ``msgspec.structs``), and leaves a class the fork declares itself.
Unit tests that failed before: test_made_dataclasses ``field(init=False)``/``a KW_ONLY marker ahead``/``a
ClassVar entry``/``a try catching TypeError``/``the fork's own class of the name``; test_struct_tuples
``post-init's first``/``own asdict``/``own class`` twins and the ``vars last``/``aliased asdict`` cases.
Round 3 (written after the mends, cases they must not swallow): a ``try`` catching only ValueError, a
``KW_ONLY`` marker after the bare entry, a ``ClassVar`` entry ahead of a bare one, the fork's dataclass
subclass shadowing the base's name (it holds the base's fields: the first cut of the own-class rule swallowed
it, caught once ``own_classes`` asks for a class deriving from nothing), ``asdict`` imported as ``to_dict``, and
#39185's ``*_, groups = vars(state).values()`` (``req_context`` is last now: declaration order missed it).
Units: a ``__post_init__`` that only tests its fields keeps the count known (the first cut of ``_stored`` left
it unjudged).  Round 1 over the whole file at 316154e4 (``AEON_SRC``): 9 caught, 2 missed of 11 (the aliased
``asdict`` and #39185's last value); 9 false errors of 18.  This branch: 11 caught of 11; 0 false errors of 18.
Cost: ``struct_tuples``'s first filter let through every fork module with a ``.values()`` line (killers227);
it now asks for ``astuple``/``asdict`` or ``.values()`` beside ``vars(``/``__dict__``, and builds the parents
map, the library's spellings and the fork's own classes only once a candidate read is met.  drift_speed's
150-commit window with CHECKS set to the two and a fork module of 240 plain-dict ``.values()`` lines (60
functions; 3 audits, the machine shared): 316154e4 struct_tuple_drift 28 ms, this branch under 0.5 ms (0.000 s
printed), no finding in the module; with a ``vars(params).values()[0]`` read in each function 182 -> 118 ms,
most of it the one ``git grep`` for the class's file every read of a typed view pays (``declaring``).
made_dataclass_drift under 0.5 ms in both.
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_attnutils 19 caught of 19 (10 quiet, 0 false), blind_replay_attnmeta 29 caught, 1 warned of 30
(14 quiet), review19_twins 4 caught of 4, 0 false errors of 53 (3 warned), blind_replay_attnbackends 22
caught, 1 warned of 23 (10 quiet): each as killers227 recorded.

  PYTHONPATH=.. python review131_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

BU = "vllm.v1.attention.backends.utils"

# --- #21270 (1cd6eaba54): CommonAttentionMetadata gained its first defaulted field, causal: bool = True
# (drift/made_dataclasses.py, new: a make_dataclass entry without a default behind it is an error)
CA = ("#21270", "1cd6eaba54", "CommonAttentionMetadata gained causal: bool = True (its first defaulted field)")
CAM = f"import dataclasses\n\nimport torch\n\nfrom {BU} import CommonAttentionMetadata\n\n"


def _ca(name: str, body: str, line: str, head: str = CAM) -> Killer:
    return K(*CA, f"vllm/aeon/r131{name}.py", head + body, line)


CASES += [
    (
        "#21270 make_dataclass",
        "a bare-string entry in a module table of fields",
        _ca(
            "ca0",
            "AEON_FIELDS = [\n"
            '    "draft_token_ids",\n'
            '    ("draft_probs", "torch.Tensor | None", None),\n'
            "]\n"
            "AeonSpec0 = dataclasses.make_dataclass(\n"
            '    "AeonSpec0", AEON_FIELDS, bases=(CommonAttentionMetadata,)\n'
            ")\n",
            '    "draft_token_ids",',
        ),
    ),
]
TWINS += [
    (
        "#21270 make_dataclass",
        "twin: the entry's field(init=False) (no __init__ parameter)",
        _ca(
            "ca1",
            "AeonSpec1 = dataclasses.make_dataclass(\n"
            '    "AeonSpec1",\n'
            '    [("draft_token_ids", torch.Tensor, dataclasses.field(init=False))],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("draft_token_ids", torch.Tensor, dataclasses.field(init=False))],',
        ),
    ),
    (
        "#21270 make_dataclass",
        "twin: a KW_ONLY marker entry ahead of the bare entry",
        _ca(
            "ca2",
            "AeonSpec2 = dataclasses.make_dataclass(\n"
            '    "AeonSpec2",\n'
            '    [("_", dataclasses.KW_ONLY), ("draft_token_ids", torch.Tensor)],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("_", dataclasses.KW_ONLY), ("draft_token_ids", torch.Tensor)],',
        ),
    ),
    (
        "#21270 make_dataclass",
        "twin: a ClassVar entry without a default (no field)",
        _ca(
            "ca3",
            "from typing import ClassVar\n\n"
            "AeonSpec3 = dataclasses.make_dataclass(\n"
            '    "AeonSpec3",\n'
            '    [("aeon_registry", ClassVar[dict]), ("draft_token_ids", torch.Tensor | None, None)],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("aeon_registry", ClassVar[dict]), ("draft_token_ids", torch.Tensor | None, None)],',
        ),
    ),
    (
        "#21270 make_dataclass",
        "twin: the call in a try falling back to kw_only=True on TypeError",
        _ca(
            "ca4",
            "try:\n"
            "    AeonSpec4 = dataclasses.make_dataclass(\n"
            '        "AeonSpec4", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)\n'
            "    )\n"
            "except TypeError:  # AEON: a base with defaulted fields\n"
            "    AeonSpec4 = dataclasses.make_dataclass(\n"
            '        "AeonSpec4", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,), kw_only=True\n'
            "    )\n",
            '        "AeonSpec4", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)',
        ),
    ),
    (
        "#21270 make_dataclass",
        "twin: the fork's own dataclass of the base's name",
        _ca(
            "ca5",
            "@dataclasses.dataclass\n"
            "class CommonAttentionMetadata:  # AEON: the Spark's host-side mirror, no upstream base\n"
            "    num_reqs: int\n\n\n"
            "AeonSpec5 = dataclasses.make_dataclass(\n"
            '    "AeonSpec5", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)\n'
            ")\n",
            '    "AeonSpec5", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)',
            head="import dataclasses\n\nimport torch\n\n\n",
        ),
    ),
    (
        "#21270 make_dataclass",
        "twin: a string-annotated entry given a default",
        _ca(
            "ca6",
            "AeonSpec6 = dataclasses.make_dataclass(\n"
            '    "AeonSpec6",\n'
            '    [("draft_token_ids", "torch.Tensor | None", dataclasses.field(default=None))],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("draft_token_ids", "torch.Tensor | None", dataclasses.field(default=None))],',
        ),
    ),
    (
        "#21270 make_dataclass",
        "twin: the fork redeclares the base's first fields, then adds a defaulted one",
        _ca(
            "ca7",
            "AeonSpec7 = dataclasses.make_dataclass(\n"
            '    "AeonSpec7",\n'
            '    [("causal", bool), ("draft_token_ids", torch.Tensor | None, None)],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("causal", bool), ("draft_token_ids", torch.Tensor | None, None)],',
        ),
    ),
]

CASES += [
    (
        "#21270 make_dataclass",
        "round 3: the call in a try catching ValueError only",
        _ca(
            "ca8",
            "try:\n"
            "    AeonSpec8 = dataclasses.make_dataclass(\n"
            '        "AeonSpec8", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)\n'
            "    )\n"
            "except ValueError:\n"
            "    AeonSpec8 = None\n",
            '        "AeonSpec8", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)',
        ),
    ),
    (
        "#21270 make_dataclass",
        "round 3: a KW_ONLY marker only after the bare entry",
        _ca(
            "ca9",
            "AeonSpec9 = dataclasses.make_dataclass(\n"
            '    "AeonSpec9",\n'
            '    [("draft_token_ids", torch.Tensor), ("_", dataclasses.KW_ONLY), ("draft_probs", torch.Tensor)],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("draft_token_ids", torch.Tensor), ("_", dataclasses.KW_ONLY), ("draft_probs", torch.Tensor)],',
        ),
    ),
    (
        "#21270 make_dataclass",
        "round 3: the fork's subclass shadowing the base's name",
        _ca(
            "ca11",
            "@dataclasses.dataclass\n"
            "class CommonAttentionMetadata(CommonAttentionMetadata):  # AEON: the Spark's helpers on it\n"
            "    def aeon_tokens(self) -> int:\n"
            "        return self.num_actual_tokens\n\n\n"
            "AeonSpec11 = dataclasses.make_dataclass(\n"
            '    "AeonSpec11", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)\n'
            ")\n",
            '    "AeonSpec11", [("draft_token_ids", torch.Tensor)], bases=(CommonAttentionMetadata,)',
        ),
    ),
    (
        "#21270 make_dataclass",
        "round 3: a ClassVar entry ahead of a bare one",
        _ca(
            "ca10",
            "from typing import ClassVar\n\n"
            "AeonSpec10 = dataclasses.make_dataclass(\n"
            '    "AeonSpec10",\n'
            '    [("aeon_registry", "ClassVar[dict]"), ("draft_token_ids", torch.Tensor)],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '    [("aeon_registry", "ClassVar[dict]"), ("draft_token_ids", torch.Tensor)],',
        ),
    ),
]

# --- #48949 (e67a2e0a56): the empty MxFp4LinearLayerConfig gained activation_quant_key: QuantKey | None = None
MX = ("#48949", "e67a2e0a56", "MxFp4LinearLayerConfig gained activation_quant_key = None (its first field)")
MXH = "from dataclasses import field, make_dataclass\n\nfrom vllm.model_executor.kernels.linear.mxfp4.base import MxFp4LinearLayerConfig\n\n"


def _mx(name: str, body: str, line: str) -> Killer:
    return K(*MX, f"vllm/aeon/r131{name}.py", MXH + body, line)


CASES += [
    (
        "#48949 make_dataclass",
        "a bare field() entry, positional arguments",
        _mx(
            "mx0",
            'AeonMxCfg0 = make_dataclass("AeonMxCfg0", (("aeon_tile_n", int, field()),), (MxFp4LinearLayerConfig,))\n',
            'AeonMxCfg0 = make_dataclass("AeonMxCfg0", (("aeon_tile_n", int, field()),), (MxFp4LinearLayerConfig,))',
        ),
    ),
]
TWINS += [
    (
        "#48949 make_dataclass",
        "twin: field(init=False) on the fork's entry",
        _mx(
            "mx1",
            'AeonMxCfg1 = make_dataclass(\n    "AeonMxCfg1", [("aeon_tile_n", int, field(init=False))], bases=(MxFp4LinearLayerConfig,)\n)\n',
            '    "AeonMxCfg1", [("aeon_tile_n", int, field(init=False))], bases=(MxFp4LinearLayerConfig,)',
        ),
    ),
    (
        "#48949 make_dataclass",
        "twin: a default_factory entry",
        _mx(
            "mx2",
            'AeonMxCfg2 = make_dataclass(\n    "AeonMxCfg2", [("aeon_tiles", list, field(default_factory=list))], bases=(MxFp4LinearLayerConfig,)\n)\n',
            '    "AeonMxCfg2", [("aeon_tiles", list, field(default_factory=list))], bases=(MxFp4LinearLayerConfig,)',
        ),
    ),
]

# --- #22678 (c6b928798e): PerLayerParameters gained has_sinks: bool = False (a fourth field)
# (drift/struct_tuples.py, widened: asdict(x).values(), vars(x).values(), x.__dict__.values() read by position)
HS = ("#22678", "c6b928798e", "PerLayerParameters gained has_sinks (a fourth field)")
PLP = f"import dataclasses\n\nfrom {BU} import PerLayerParameters\n\n\n"


def _hs(name: str, body: str, line: str, head: str = PLP) -> Killer:
    return K(*HS, f"vllm/aeon/r131{name}.py", head + body, line)


CASES += [
    (
        "#22678 positional view",
        "__dict__.values() in tuple(), unpacked into the old count",
        _hs(
            "hs0",
            "def aeon_plan0(params: PerLayerParameters):\n"
            "    window_left, soft_cap, sm_scale = tuple(params.__dict__.values())\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = tuple(params.__dict__.values())",
        ),
    ),
    (
        "#22678 positional view",
        "asdict(...).values() listed, its last read",
        _hs(
            "hs00",
            "def aeon_scale(params: PerLayerParameters) -> float:\n"
            "    return list(dataclasses.asdict(params).values())[-1]\n",
            "    return list(dataclasses.asdict(params).values())[-1]",
        ),
    ),
]
CASES += [
    (
        "#22678 positional view",
        "round 3: asdict imported under another name",
        _hs(
            "hs8",
            "def aeon_plan8(params: PerLayerParameters):\n"
            "    window_left, soft_cap, sm_scale = to_dict(params).values()\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = to_dict(params).values()",
            head=f"from dataclasses import asdict as to_dict\n\nfrom {BU} import PerLayerParameters\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#22678 positional view",
        "twin: a starred tail absorbs the new field",
        _hs(
            "hs1",
            "def aeon_plan1(params: PerLayerParameters):\n"
            "    window_left, soft_cap, sm_scale, *_ = vars(params).values()\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale, *_ = vars(params).values()",
        ),
    ),
    (
        "#22678 positional view",
        "twin: the fork's own dataclass of the name",
        _hs(
            "hs2",
            "@dataclasses.dataclass\n"
            "class PerLayerParameters:  # AEON: the Spark's three plan globals\n"
            "    window_left: int\n"
            "    logits_soft_cap: float | None\n"
            "    sm_scale: float\n\n\n"
            "def aeon_plan2(params: PerLayerParameters):\n"
            "    window_left, soft_cap, sm_scale = vars(params).values()\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = vars(params).values()",
            head="import dataclasses\n\n\n",
        ),
    ),
    (
        "#22678 positional view",
        "twin: the fork's own asdict of three keys",
        _hs(
            "hs3",
            "def asdict(params: PerLayerParameters) -> dict[str, object]:\n"
            '    return {"w": params.window_left, "c": params.logits_soft_cap, "s": params.sm_scale}\n\n\n'
            "def aeon_plan3(params: PerLayerParameters):\n"
            "    window_left, soft_cap, sm_scale = asdict(params).values()\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = asdict(params).values()",
        ),
    ),
    (
        "#22678 positional view",
        "twin: a plain dict of the layers' parameters",
        _hs(
            "hs4",
            "def aeon_first(layers: dict[str, PerLayerParameters]) -> PerLayerParameters:\n"
            "    first, *_ = layers.values()\n"
            "    return first\n",
            "    first, *_ = layers.values()",
        ),
    ),
    (
        "#22678 positional view",
        "twin: the first three sliced off",
        _hs(
            "hs5",
            "def aeon_plan5(params: PerLayerParameters):\n"
            "    window_left, soft_cap, sm_scale = tuple(vars(params).values())[:3]\n"
            "    return window_left, soft_cap, sm_scale\n",
            "    window_left, soft_cap, sm_scale = tuple(vars(params).values())[:3]",
        ),
    ),
    (
        "#22678 positional view",
        "twin: a position that still holds its field",
        _hs(
            "hs6",
            "def aeon_scale6(params: PerLayerParameters) -> float:\n    return list(params.__dict__.values())[2]\n",
            "    return list(params.__dict__.values())[2]",
        ),
    ),
    (
        "#22678 positional view",
        "twin: the fork's own subclass's __dict__ (its init stores its own order)",
        _hs(
            "hs7",
            "class AeonParams(PerLayerParameters):\n"
            "    def __init__(self, sm_scale: float) -> None:\n"
            "        self.sm_scale = sm_scale\n\n"
            "    def aeon_first(self) -> float:\n"
            "        return list(self.__dict__.values())[0]\n",
            "        return list(self.__dict__.values())[0]",
        ),
    ),
]

# --- #39185 (4353c9cb4a): RequestOffloadState gained req_context: ReqContext = field(init=False) mid-class,
# set in __post_init__: __init__ stores config, req, num_locally_computed_tokens; __post_init__ then
# group_states, req_context -- so vars() keeps its first four values and gains a fifth at the end
RC = ("#39185", "4353c9cb4a", "RequestOffloadState gained req_context = field(init=False), set in __post_init__")
ROS = "from vllm.distributed.kv_transfer.kv_connector.v1.offloading.scheduler import RequestOffloadState\n\n\n"


def _rc(name: str, body: str, line: str) -> Killer:
    return K(*RC, f"vllm/aeon/r131{name}.py", ROS + body, line)


CASES += [
    (
        "#39185 init=False field",
        "vars() unpacked into the old count (five values now)",
        _rc(
            "rc0",
            "def aeon_state0(state: RequestOffloadState):\n"
            "    config, req, hits, groups = vars(state).values()\n"
            "    return config, req, hits, groups\n",
            "    config, req, hits, groups = vars(state).values()",
        ),
    ),
]
CASES += [
    (
        "#39185 init=False field",
        "round 3: the last value (req_context now, set last by __post_init__)",
        _rc(
            "rc3",
            "def aeon_groups3(state: RequestOffloadState):\n    *_, groups = vars(state).values()\n    return groups\n",
            "    *_, groups = vars(state).values()",
        ),
    ),
]
TWINS += [
    (
        "#39185 init=False field",
        "twin: the fourth value (group_states, set first by __post_init__)",
        _rc(
            "rc1",
            "def aeon_groups1(state: RequestOffloadState):\n    return list(vars(state).values())[3]\n",
            "    return list(vars(state).values())[3]",
        ),
    ),
    (
        "#39185 init=False field",
        "twin: the third value (the hits, stored by __init__) and a starred tail",
        _rc(
            "rc2",
            "def aeon_hits2(state: RequestOffloadState) -> int:\n"
            "    _config, _req, hits, *_ = vars(state).values()\n"
            "    return hits\n",
            "    _config, _req, hits, *_ = vars(state).values()",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review131-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
