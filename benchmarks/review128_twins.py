"""Adversarial twins of killers222's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what killers222's widened checks catch,
but right after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork equality test of a class attribute's old literal value (``drift/stale_value_tests.py``, new; #35413
  ``Qwen3NextForCausalLM.packed_modules_mapping`` gained ``in_proj_qkvz``/``in_proj_ba``): a mixin first in the
  bases defining the mapping (read off ``self`` and off the subclass), the subclass setting its own mapping on
  ``self`` in ``__init__``, the fork setting the class's mapping and then testing it (in a function, at module
  level on its subclass, by ``setattr`` on ``self``, on ``cls`` in a classmethod), the fork's own namesake
  class, a subclass overriding with a literal of its own, a probe taking both branches, a conditional
  expression, an ``or`` accepting old or new, the test in a comprehension over the fork's classes, a lambda
  on a narrowed local copy; and a second real commit of the shape, #46316 (e45b279928, found with ``git log
  --first-parent -G '"gate_up_proj": ['``) fixing ``Qwen3NextMTP.packed_modules_mapping["gate_up_proj"]``:
  the unchanged key set tested, a subclass pinning the old mapping, a fork copy of the old mapping compared,
  the instance's mapping set by ``setattr`` under a ``hasattr`` and then tested;
- ``setattr(owner, "name", value)`` judged as the store (``drift/symbols.py``; #35777 ``qwen3_next`` no
  longer imports ``fused_recurrent_gated_delta_rule``): ``setattr`` under ``if hasattr``, under
  ``getattr(..., None) is not None``, after ``if not hasattr: return``, after ``try: original = mod.f`` /
  ``except AttributeError: return``, under ``"f" in vars(mod)`` and ``in dir(mod)``, in a ``try`` behind a read
  of the name, on the kernel's own package (by ``import_module`` and by an alias), on an instance of the
  fork's own kernel table, on ``self`` of the fork's own class, in a lambda on the fork's namespace, on a
  parameter named like the module; a second real commit, #37975 (a8eab8f30d, ``fused_gdn_gating`` moved off
  ``qwen3_next``; found with ``git log --first-parent -S fused_gdn_gating``, also used by
  blind_replay_modelfiles for other spellings): ``setattr`` under ``hasattr`` else where upstream moved it,
  ``setattr`` on the fork's own subclass; and #38152 (9704a5c310, ``events``/``aux_stream`` removed):
  ``setattr(self, "events", ...)`` in a subclass that reads them itself, ``setattr`` on an instance under a
  ``hasattr``, on an instance of the fork's own class.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the widenings' catches
(blind_replay_qwen3moe's #35777 ``setattr`` and #35413 key-set test, with spellings of the same shape and the
second commits' catches), kept to show the reach stays.

Round 1 (main at a5f938ba), 6 cases and 36 twins: 6 caught of 6; 17 false errors of 36, 2 warned.  Ten are
stale value tests: a test of an attribute the fork's module sets itself (on ``self`` in ``__init__``, on the
class in a function and at module level, by ``setattr`` on ``self`` and on a guarded instance, on ``cls``) was
resolved to upstream's class-body value; and a test the fork branches on (an ``if``'s test, a conditional
expression, an arm of an ``or`` accepting old or new) was an error "on every path" though the fork wrote a
branch for each outcome.  Seven are ``setattr`` stores under a guard: a presence test excuses a gone name's
*read* (``_read_of``: ``x.name``, ``getattr``) but not ``setattr(x, "name", v)`` -- ``if hasattr``,
``getattr(...) is not None``, ``in vars()``, ``in dir()``, ``if not hasattr: return`` and #37975's ``hasattr``
branch all erred on the no-longer-imported name (on a renamed one two of them were already quiet) -- and a
``try`` whose ``AttributeError`` handler leaves was no guard for later statements, nor for a ``setattr`` behind
a read in the ``try``.
Round 2 (this branch): ``drift/stale_value_tests.py`` -- a test that decides a branch (``branched``: the test of
an ``if``, ``IfExp`` or ``while`` under ``not``/``and``, or an operand of an ``or``) is a warning ("the branch the
fork wrote for the other outcome now runs"), and a test of an attribute name the fork's module sets anywhere
(``stored_names``: an attribute store or delete, a ``setattr`` with a literal name; read once a module) is
left.  ``drift/fallbacks.py`` -- ``_use_of``: a builtin ``setattr``/``delattr`` of ``x.name`` with a literal name is a
use of ``x.name`` for every presence test (``hasattr_guarded_lines``, ``hasattr_exited_lines``, the
conditional-expression guard); ``hasattr_exited_lines`` reads a ``try`` (no ``else``/``finally``) whose
``except AttributeError`` handler leaves the block as ``if not hasattr(...): return``: later uses of what its
body read run only where the object has it; ``try_guarded_lines`` counts a ``setattr`` in a ``try`` catching
AttributeError only where the body reads the same ``x.name`` (``setattr`` itself raises nothing there).  Unit
tests that failed before: test_stale_value_tests ``set on self first``, ``set by setattr``, ``a branch``, ``an
arm of or``; test_setattr_patches ``under a test of dir``, ``after a try that reads it and leaves``, ``in a try
behind a read``.  6 caught of 6; 0 false errors of 36 twins (5 of them warned, the three branch tests' among them:
warnings are counted apart).
Round 3 (written after the mends): cases the mends must not swallow -- a subclass setting another attribute
(``self.aeon_packed``) and testing the old key set, the old test and-ed with a flag in an ``assert``, a
``setattr`` in a ``try`` catching AttributeError with no read before it, a ``setattr`` under a ``hasattr`` of
another name, a ``setattr`` after a ``try`` whose handler does not leave: 5 caught of 5 (unit tests
``another attribute set``, ``and-ed in an assert``, ``in a try with no read before it``, ``under a presence
test of another name``, ``after a try whose handler does not leave``).  All rounds, this branch: 11 caught of
11, 0 warned; 0 false errors of 36 twins (5 warned).

Regression set at the mends' head (37019244, this file's line included): killer_replay 26/26 blocked,
kind_change_replay 12/12 (5 quiet), blind_replay_qwen3moe 12 caught, 4 warned, 6 missed of 22 (12 quiet, 0
false), blind_replay_servecli 14 caught, 2 warned of 16 (9 quiet), blind_replay_eagle2 12 caught, 5 warned, 2
missed of 19 (11 quiet), blind_replay_platcuda2 13 caught, 5 warned of 18 (10 quiet, 3 warned), review80_twins
12 caught, 2 warned of 14 (32 quiet, 5 warned, 0 false), blind_replay_modelcfg 14 caught, 8 warned, 2 missed of
24 (11 quiet): each as recorded, 0 false errors.  Unit tests: test_setattr_patches 17, test_stale_value_tests 18;
with the guard and probe tests fallbacks.py feeds (answered_guards, bound_probes, fallback_imports,
guarded_reads, held_probe_gates, probed_members, probed_renames, renamed_probes, value_probe_lines,
module_probes, spec_probes), test_dead_knobs, test_patch_drift, test_symbol_probe_strings, test_lazy_patterns and
test_fleet_profile: 262 passed.
Speed (drift_speed's 150-commit window, 3 runs, symbol_drift timed as drift/checks.py calls it; run side by
side with main's head 5add2df5 on the same shared machine): symbol_drift 6.46 s here against 6.36 s on main (the
setattr guards and the value-test gates sit inside it: within the noise), audit 30.1 s against 31.0 s.

  PYTHONPATH=.. python review128_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

QN = "vllm.model_executor.models.qwen3_next"
MTP = "vllm.model_executor.models.qwen3_next_mtp"

# --- #35413 (1e5ad9b74f): Qwen3NextForCausalLM.packed_modules_mapping gained in_proj_qkvz and in_proj_ba
PM = ("#35413", "1e5ad9b74f", "Qwen3NextForCausalLM.packed_modules_mapping gained in_proj_qkvz and in_proj_ba")
PH = f"from {QN} import Qwen3NextForCausalLM\n\n\n"
OLD_KEYS = '{"qkv_proj", "gate_up_proj"}'
OLD_MAP = '{"qkv_proj": ["q_proj", "k_proj", "v_proj"], "gate_up_proj": ["gate_proj", "up_proj"]}'


def _pm(name: str, body: str, line: str, head: str = PH) -> Killer:
    return K(*PM, f"vllm/aeon/r128{name}.py", head + body, line)


CASES += [
    (
        "#35413 stale value test",
        "a test of the old key set (the replay's)",
        _pm(
            "pm0",
            "def aeon_check_packed() -> None:\n"
            "    # AEON: GB10's adapter packer knows two packed modules\n"
            f"    assert set(Qwen3NextForCausalLM.packed_modules_mapping) == {OLD_KEYS}\n",
            f"assert set(Qwen3NextForCausalLM.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "the length tested off self in a subclass that keeps the base's mapping",
        _pm(
            "pm00",
            "class AeonPacked(Qwen3NextForCausalLM):\n"
            "    def aeon_two_packed(self) -> bool:\n"
            "        return len(self.packed_modules_mapping) == 2\n",
            "return len(self.packed_modules_mapping) == 2",
        ),
    ),
]
TWINS += [
    (
        "#35413 stale value test",
        "twin: a mixin first in the bases defines the mapping the subclass reads",
        _pm(
            "pm1",
            "class AeonPackedMixin:\n"
            f"    packed_modules_mapping = {OLD_MAP}\n\n\n"
            "class AeonNext1(AeonPackedMixin, Qwen3NextForCausalLM):\n"
            "    def aeon_ok(self) -> bool:\n"
            f"        return set(self.packed_modules_mapping) == {OLD_KEYS}\n",
            f"return set(self.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the mixin's mapping tested off the subclass",
        _pm(
            "pm2",
            "class AeonPackedMixin2:\n"
            f"    packed_modules_mapping = {OLD_MAP}\n\n\n"
            "class AeonNext2(AeonPackedMixin2, Qwen3NextForCausalLM):\n"
            "    pass\n\n\n"
            f"assert set(AeonNext2.packed_modules_mapping) == {OLD_KEYS}\n",
            f"assert set(AeonNext2.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the subclass sets its own mapping on self in __init__",
        _pm(
            "pm3",
            "class AeonNext3(Qwen3NextForCausalLM):\n"
            '    def __init__(self, *, vllm_config, prefix: str = "") -> None:\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        # AEON: the Spark's NVFP4 adapters pack only these two\n"
            f"        self.packed_modules_mapping = {OLD_MAP}\n\n"
            "    def aeon_ok(self) -> bool:\n"
            f"        return set(self.packed_modules_mapping) == {OLD_KEYS}\n",
            f"return set(self.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the fork sets the class's mapping, then tests it",
        _pm(
            "pm4",
            "def aeon_pin_packed() -> bool:\n"
            f"    Qwen3NextForCausalLM.packed_modules_mapping = {OLD_MAP}\n"
            f"    return set(Qwen3NextForCausalLM.packed_modules_mapping) == {OLD_KEYS}\n",
            f"return set(Qwen3NextForCausalLM.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the fork sets its subclass's mapping at module level, then tests it",
        _pm(
            "pm5",
            "class AeonNext5(Qwen3NextForCausalLM):\n"
            "    pass\n\n\n"
            f"AeonNext5.packed_modules_mapping = {OLD_MAP}\n"
            f"assert len(AeonNext5.packed_modules_mapping) == 2\n",
            "assert len(AeonNext5.packed_modules_mapping) == 2",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the mapping set by setattr on self, then tested",
        _pm(
            "pm6",
            "class AeonNext6(Qwen3NextForCausalLM):\n"
            "    def aeon_narrow(self) -> bool:\n"
            f'        setattr(self, "packed_modules_mapping", {OLD_MAP})\n'
            f"        return set(self.packed_modules_mapping) == {OLD_KEYS}\n",
            f"return set(self.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the fork's own namesake class",
        _pm(
            "pm7",
            "class AeonPacker:\n"
            f"    packed_modules_mapping = {OLD_MAP}\n\n\n"
            "def aeon_ok7(packer: AeonPacker) -> bool:\n"
            f"    return set(packer.packed_modules_mapping) == {OLD_KEYS}\n",
            f"return set(packer.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: a subclass overriding the mapping with a literal of its own",
        _pm(
            "pm8",
            "class AeonNext8(Qwen3NextForCausalLM):\n"
            '    packed_modules_mapping = {"qkv_proj": ["q_proj", "k_proj", "v_proj"], "gate_up_proj": ["gate_proj", "up_proj"],'
            ' "in_proj_qkvz": ["in_proj_qkvz"]}\n\n\n'
            "def aeon_ok8() -> bool:\n"
            "    return len(AeonNext8.packed_modules_mapping) == 3\n",
            "return len(AeonNext8.packed_modules_mapping) == 3",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: a probe taking both branches (old and new mapping)",
        _pm(
            "pm9",
            "def aeon_packed_names() -> list[str]:\n"
            f"    if set(Qwen3NextForCausalLM.packed_modules_mapping) == {OLD_KEYS}:\n"
            '        return ["qkv_proj", "gate_up_proj", "in_proj_qkvz", "in_proj_ba"]\n'
            "    return list(Qwen3NextForCausalLM.packed_modules_mapping)\n",
            f"    if set(Qwen3NextForCausalLM.packed_modules_mapping) == {OLD_KEYS}:",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: a conditional expression choosing on the old key set",
        _pm(
            "pm10",
            "def aeon_count() -> int:\n"
            "    return 4 if len(Qwen3NextForCausalLM.packed_modules_mapping) == 2 else len(Qwen3NextForCausalLM.packed_modules_mapping)\n",
            "    return 4 if len(Qwen3NextForCausalLM.packed_modules_mapping) == 2 else len(Qwen3NextForCausalLM.packed_modules_mapping)",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: old or new key set accepted",
        _pm(
            "pm11",
            "def aeon_known() -> bool:\n"
            "    return len(Qwen3NextForCausalLM.packed_modules_mapping) == 2 or len(Qwen3NextForCausalLM.packed_modules_mapping) == 4\n",
            "    return len(Qwen3NextForCausalLM.packed_modules_mapping) == 2 or len(Qwen3NextForCausalLM.packed_modules_mapping) == 4",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the old test inside a comprehension over the fork's own classes",
        _pm(
            "pm12",
            "class AeonA:\n"
            f"    packed_modules_mapping = {OLD_MAP}\n\n\n"
            "class AeonB:\n"
            f"    packed_modules_mapping = {OLD_MAP}\n\n\n"
            "def aeon_all() -> bool:\n"
            f"    return all(set(c.packed_modules_mapping) == {OLD_KEYS} for c in (AeonA, AeonB))\n",
            f"    return all(set(c.packed_modules_mapping) == {OLD_KEYS} for c in (AeonA, AeonB))",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: a lambda of a local copy the fork narrows",
        _pm(
            "pm13",
            "def aeon_narrowed() -> bool:\n"
            '    mapping = {k: v for k, v in Qwen3NextForCausalLM.packed_modules_mapping.items() if not k.startswith("in_proj")}\n'
            f"    check = lambda: set(mapping) == {OLD_KEYS}  # noqa: E731\n"
            "    return check()\n",
            f"    check = lambda: set(mapping) == {OLD_KEYS}  # noqa: E731",
        ),
    ),
    (
        "#35413 stale value test",
        "twin: the subclass's classmethod reads cls after the subclass pinned it",
        _pm(
            "pm14",
            "class AeonNext14(Qwen3NextForCausalLM):\n"
            "    @classmethod\n"
            "    def aeon_pin(cls) -> bool:\n"
            f"        cls.packed_modules_mapping = {OLD_MAP}\n"
            f"        return set(cls.packed_modules_mapping) == {OLD_KEYS}\n",
            f"        return set(cls.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
]

# --- #46316 (e45b279928): Qwen3NextMTP.packed_modules_mapping["gate_up_proj"] fixed to ["gate_proj", "up_proj"]
MT = (
    "#46316",
    "e45b279928",
    'Qwen3NextMTP.packed_modules_mapping["gate_up_proj"] ["up_proj", "down_proj"] -> ["gate_proj", "up_proj"]',
)
MH = f"from {MTP} import Qwen3NextMTP\n\n\n"
MTP_OLD = '{"qkv_proj": ["q_proj", "k_proj", "v_proj"], "gate_up_proj": ["up_proj", "down_proj"]}'


def _mt(name: str, body: str, line: str, head: str = MH) -> Killer:
    return K(*MT, f"vllm/aeon/r128{name}.py", head + body, line)


CASES += [
    (
        "#46316 stale value test",
        "the whole mapping tested against the base's",
        _mt(
            "mt0",
            "def aeon_mtp_mapping_known() -> bool:\n"
            "    # AEON: the Spark's MTP loader remaps the (swapped) gate_up shards itself\n"
            f"    return Qwen3NextMTP.packed_modules_mapping == {MTP_OLD}\n",
            f"    return Qwen3NextMTP.packed_modules_mapping == {MTP_OLD}",
        ),
    ),
]
TWINS += [
    (
        "#46316 stale value test",
        "twin: the key set (unchanged) tested",
        _mt(
            "mt1",
            f"def aeon_mtp_keys() -> bool:\n    return set(Qwen3NextMTP.packed_modules_mapping) == {OLD_KEYS}\n",
            f"    return set(Qwen3NextMTP.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#46316 stale value test",
        "twin: a subclass pins the old mapping as a class attribute, tested off self",
        _mt(
            "mt2",
            "class AeonMTP(Qwen3NextMTP):\n"
            f"    packed_modules_mapping = {MTP_OLD}\n\n"
            "    def aeon_swapped(self) -> bool:\n"
            f"        return self.packed_modules_mapping == {MTP_OLD}\n",
            f"        return self.packed_modules_mapping == {MTP_OLD}",
        ),
    ),
    (
        "#46316 stale value test",
        "twin: a copy of the old mapping kept in the fork and compared",
        _mt(
            "mt3",
            f"AEON_MTP_MAPPING = {MTP_OLD}\n\n\ndef aeon_same() -> bool:\n    return AEON_MTP_MAPPING == {MTP_OLD}\n",
            f"    return AEON_MTP_MAPPING == {MTP_OLD}",
        ),
    ),
    (
        "#46316 stale value test",
        "twin: the instance's mapping set by setattr under a guard, then tested",
        _mt(
            "mt4",
            "def aeon_pin_mtp(model: Qwen3NextMTP) -> bool:\n"
            '    if hasattr(model, "packed_modules_mapping"):\n'
            f'        setattr(model, "packed_modules_mapping", {MTP_OLD})\n'
            f"    return model.packed_modules_mapping == {MTP_OLD}\n",
            f"    return model.packed_modules_mapping == {MTP_OLD}",
        ),
    ),
]

# --- #35777 (dc6b578466): qwen3_next no longer imports (nor calls) fused_recurrent_gated_delta_rule
FR = ("#35777", "dc6b578466", "fused_recurrent_gated_delta_rule no longer imported into nor called from qwen3_next")
FLA = "vllm.model_executor.layers.fla.ops"
FK = "fused_recurrent_gated_delta_rule"
IH = "import importlib\n\n\n"


def _fr(name: str, body: str, line: str, head: str = IH) -> Killer:
    return K(*FR, f"vllm/aeon/r128{name}.py", head + body, line)


CASES += [
    (
        "#35777 setattr store",
        "a monkeypatch by setattr on an import_module-bound module (the replay's)",
        _fr(
            "fr0",
            "def aeon_patch(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            f'    setattr(mod, "{FK}", kernel)\n',
            f'setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "setattr on the imported module at module level",
        _fr(
            "fr00",
            "def aeon_kernel(*args, **kwargs):\n    return None\n\n\n"
            f'setattr(qwen3_next, "{FK}", staticmethod(aeon_kernel))\n',
            f'setattr(qwen3_next, "{FK}", staticmethod(aeon_kernel))',
            head="from vllm.model_executor.models import qwen3_next\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#35777 setattr store",
        "twin: setattr under if hasattr (a patch only where the name is)",
        _fr(
            "fr1",
            "def aeon_patch1(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            f'    if hasattr(mod, "{FK}"):\n'
            f'        setattr(mod, "{FK}", kernel)\n',
            f'        setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr under getattr(..., None) is not None",
        _fr(
            "fr2",
            "def aeon_patch2(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            f'    if getattr(mod, "{FK}", None) is not None:\n'
            f'        setattr(mod, "{FK}", kernel)\n',
            f'        setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr after an early return when hasattr is false",
        _fr(
            "fr3",
            "def aeon_patch3(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            f'    if not hasattr(mod, "{FK}"):\n'
            "        return\n"
            f'    setattr(mod, "{FK}", kernel)\n',
            f'    setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: the original read in a try catching AttributeError, then setattr",
        _fr(
            "fr4",
            "def aeon_patch4(wrap) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            "    try:\n"
            f"        original = mod.{FK}\n"
            "    except AttributeError:\n"
            "        return\n"
            f'    setattr(mod, "{FK}", wrap(original))\n',
            f'    setattr(mod, "{FK}", wrap(original))',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr on the kernel's own package",
        _fr(
            "fr5",
            "def aeon_patch5(kernel) -> None:\n"
            f'    mod = importlib.import_module("{FLA}")\n'
            f'    setattr(mod, "{FK}", kernel)\n',
            f'    setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr on the package imported under an alias",
        _fr(
            "fr6",
            f'def aeon_patch6(kernel) -> None:\n    setattr(fla_ops, "{FK}", kernel)\n',
            f'    setattr(fla_ops, "{FK}", kernel)',
            head="from vllm.model_executor.layers.fla import ops as fla_ops\n\n\n",
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr on an instance of the fork's own kernel table",
        _fr(
            "fr7",
            "class AeonKernels:\n"
            "    def __init__(self) -> None:\n"
            f"        self.{FK} = None\n\n\n"
            "def aeon_patch7(kernel) -> AeonKernels:\n"
            "    table = AeonKernels()\n"
            f'    setattr(table, "{FK}", kernel)\n'
            "    return table\n",
            f'    setattr(table, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr on self in the fork's own class",
        _fr(
            "fr8",
            "class AeonKernels8:\n"
            "    def __init__(self, kernel) -> None:\n"
            f'        setattr(self, "{FK}", kernel)\n\n'
            "    def run(self, *args):\n"
            f"        return self.{FK}(*args)\n",
            f'        setattr(self, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr under a test of the module's dict",
        _fr(
            "fr9",
            "def aeon_patch9(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            f'    if "{FK}" in vars(mod):\n'
            f'        setattr(mod, "{FK}", kernel)\n',
            f'        setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr under a test of dir()",
        _fr(
            "fr10",
            "def aeon_patch10(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            f'    if "{FK}" in dir(mod):\n'
            f'        setattr(mod, "{FK}", kernel)\n',
            f'        setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr in a lambda on the fork's own namespace",
        _fr(
            "fr11",
            "import types\n\n"
            "AEON_NS = types.SimpleNamespace()\n"
            f'aeon_install = lambda k: setattr(AEON_NS, "{FK}", k)  # noqa: E731\n',
            f'aeon_install = lambda k: setattr(AEON_NS, "{FK}", k)  # noqa: E731',
        ),
    ),
    (
        "#35777 setattr store",
        "twin: a parameter named like the module (shadowing the import)",
        _fr(
            "fr12",
            "def aeon_patch12(qwen3_next, kernel) -> None:\n"
            "    # the caller hands the fork's own shim namespace\n"
            f'    setattr(qwen3_next, "{FK}", kernel)\n',
            f'    setattr(qwen3_next, "{FK}", kernel)',
            head="from vllm.model_executor.models import qwen3_next  # noqa: F401\n\n\n",
        ),
    ),
    (
        "#35777 setattr store",
        "twin: setattr in a try falling back when the module has no such name",
        _fr(
            "fr13",
            "def aeon_patch13(kernel) -> bool:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            "    try:\n"
            f"        mod.{FK}  # noqa: B018\n"
            f'        setattr(mod, "{FK}", kernel)\n'
            "    except AttributeError:\n"
            "        return False\n"
            "    return True\n",
            f'        setattr(mod, "{FK}", kernel)',
        ),
    ),
]

# --- #37975 (a8eab8f30d): fused_gdn_gating moved off qwen3_next into layers/mamba/gdn_linear_attn
GM = ("#37975", "a8eab8f30d", "fused_gdn_gating (and the gated delta net) moved off qwen3_next to gdn_linear_attn")
GH = "from vllm.model_executor.models import qwen3_next\n\n\n"


def _gm(name: str, body: str, line: str, head: str = GH) -> Killer:
    return K(*GM, f"vllm/aeon/r128{name}.py", head + body, line)


CASES += [
    (
        "#37975 setattr store",
        "setattr of a function the module no longer defines",
        _gm(
            "gm0",
            "def aeon_patch_gating(kernel) -> None:\n"
            "    # AEON: the Spark's fused gating kernel\n"
            '    setattr(qwen3_next, "fused_gdn_gating", kernel)\n',
            '    setattr(qwen3_next, "fused_gdn_gating", kernel)',
        ),
    ),
]
TWINS += [
    (
        "#37975 setattr store",
        "twin: setattr under hasattr, else patched where upstream moved it",
        _gm(
            "gm1",
            "def aeon_patch_gating1(kernel) -> None:\n"
            '    if hasattr(qwen3_next, "fused_gdn_gating"):\n'
            '        setattr(qwen3_next, "fused_gdn_gating", kernel)\n'
            "    else:\n"
            '        setattr(importlib.import_module("vllm.model_executor.layers.mamba.gdn_linear_attn"), "fused_gdn_gating", kernel)\n',
            '        setattr(qwen3_next, "fused_gdn_gating", kernel)',
            head="import importlib\n\n" + GH,
        ),
    ),
    (
        "#37975 setattr store",
        "twin: setattr on a subclass of the fork's own of the model",
        _gm(
            "gm2",
            "class AeonNextModel(qwen3_next.Qwen3NextForCausalLM):\n"
            "    pass\n\n\n"
            "def aeon_mark(kernel) -> None:\n"
            '    setattr(AeonNextModel, "fused_gdn_gating", staticmethod(kernel))\n',
            '    setattr(AeonNextModel, "fused_gdn_gating", staticmethod(kernel))',
        ),
    ),
]

# --- #38152 (9704a5c310): Qwen3NextGatedDeltaNet's events and aux_stream removed
GI = (
    "#38152",
    "9704a5c310",
    "gdn_in_proj op, Qwen3NextGatedDeltaNet._forward_in_proj, .events and .aux_stream removed",
)
GIH = f"import torch\n\nfrom {QN} import Qwen3NextGatedDeltaNet\n\n\n"


def _gi(name: str, body: str, line: str, head: str = GIH) -> Killer:
    return K(*GI, f"vllm/aeon/r128{name}.py", head + body, line)


TWINS += [
    (
        "#38152 setattr store",
        "twin: a subclass sets its own events by setattr on self and reads them",
        _gi(
            "gi1",
            "class AeonGDN1(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_init_events(self) -> None:\n"
            '        setattr(self, "events", (torch.cuda.Event(), torch.cuda.Event()))\n\n'
            "    def aeon_sync(self) -> None:\n"
            "        self.events[1].synchronize()\n",
            '        setattr(self, "events", (torch.cuda.Event(), torch.cuda.Event()))',
        ),
    ),
    (
        "#38152 setattr store",
        "twin: setattr on an instance under a hasattr probe",
        _gi(
            "gi2",
            "def aeon_serial(layer: Qwen3NextGatedDeltaNet) -> None:\n"
            '    if hasattr(layer, "aux_stream"):\n'
            '        setattr(layer, "aux_stream", None)\n',
            '        setattr(layer, "aux_stream", None)',
        ),
    ),
    (
        "#38152 setattr store",
        "twin: setattr on an instance of the fork's own layer class",
        _gi(
            "gi3",
            "class AeonStreams:\n"
            "    aux_stream: torch.cuda.Stream | None = None\n\n\n"
            "def aeon_streams() -> AeonStreams:\n"
            "    s = AeonStreams()\n"
            '    setattr(s, "aux_stream", torch.cuda.Stream())\n'
            "    return s\n",
            '    setattr(s, "aux_stream", torch.cuda.Stream())',
        ),
    ),
]

# --- round 3: cases the mends must not swallow
CASES += [
    (
        "#35413 stale value test",
        "a module setting another attribute of the model (round 3)",
        _pm(
            "r3a",
            "class AeonNextR3(Qwen3NextForCausalLM):\n"
            '    def __init__(self, *, vllm_config, prefix: str = "") -> None:\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        self.aeon_packed = dict(self.packed_modules_mapping)\n\n"
            "    def aeon_ok(self) -> None:\n"
            f"        assert set(self.packed_modules_mapping) == {OLD_KEYS}\n",
            f"        assert set(self.packed_modules_mapping) == {OLD_KEYS}",
        ),
    ),
    (
        "#35413 stale value test",
        "the old test and-ed with a flag in an assert (round 3)",
        _pm(
            "r3b",
            "def aeon_check(strict: bool) -> None:\n"
            "    assert strict and len(Qwen3NextForCausalLM.packed_modules_mapping) == 2\n",
            "    assert strict and len(Qwen3NextForCausalLM.packed_modules_mapping) == 2",
        ),
    ),
    (
        "#35777 setattr store",
        "setattr in a try catching AttributeError with no read before it (round 3)",
        _fr(
            "r3c",
            "def aeon_patch_r3c(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            "    try:\n"
            f'        setattr(mod, "{FK}", kernel)\n'
            "    except AttributeError:\n"
            "        pass\n",
            f'        setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "setattr under a hasattr of another name (round 3)",
        _fr(
            "r3d",
            "def aeon_patch_r3d(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            '    if hasattr(mod, "fused_gdn_gating"):\n'
            f'        setattr(mod, "{FK}", kernel)\n',
            f'        setattr(mod, "{FK}", kernel)',
        ),
    ),
    (
        "#35777 setattr store",
        "setattr after a try whose handler does not leave (round 3)",
        _fr(
            "r3e",
            "def aeon_patch_r3e(kernel) -> None:\n"
            f'    mod = importlib.import_module("{QN}")\n'
            "    try:\n"
            f"        original = mod.{FK}\n"
            "    except AttributeError:\n"
            "        original = None\n"
            f'    setattr(mod, "{FK}", kernel or original)\n',
            f'    setattr(mod, "{FK}", kernel or original)',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review128-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
