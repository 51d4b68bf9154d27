"""Adversarial twins of killers214's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a key upstream's def now puts into the dict it returns, spread by the fork beside a keyword of its name or into
  a def of its own without it (``drift/spread_keys.py``; #34846 ``get_default_config``'s general branch now
  returning ``num_warps``/``num_stages``, and #11589 (9b0c4bab36) giving its fp8 branches the same keys, #12629
  (145c2ff648) taking them out again): the dict merged by the fork (``dict(config, ...)``, ``{**config, ...}``),
  the key popped, stored, updated, set by default, popped in a loop over the keys, tested before the call
  (``in``, ``not in``, ``.keys()``, ``.get``), a try falling back on TypeError, the tiles filtered by a
  comprehension or by a helper function, a keyword call of the def with another launch option, the fork's own
  namesake def and method, an aliased import, a plain fork def taking the keys, one taking ``**kwargs``, a nested
  def, a lambda;
- a flag whose effect upstream now gates by a new condition, set True by a fork call that drops the result
  (``drift/narrowed_flags.py``; #26497 ``fused_experts``/``fused_marlin_moe``'s ``inplace`` now honoured only when
  ``not disable_inplace()``): the result assigned, returned by a helper, copied back, used by a lambda, the call
  guarded by the condition itself (either way round), an output buffer handed in, another library's ``inplace=True``
  (``F.relu``), the fork's own namesake def and method, the always-in-place op called directly, an aliased import.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches by
these widenings (warnings: no path is broken on every path), kept to show the reach stays.

Round 1 (main at f0ee6781), 7 cases and 38 twins as first written: 0 caught, 7 warned, 0 missed of 7 (each a
warning by design: ``get_default_config``'s batch-invariant and WNA16 branches still leave ``num_warps`` out, and
``disable_inplace()`` reads the fork's torch build); twins 38 quiet, 0 false errors of 38, 7 of them warned: the
launch options popped in a loop over their names (``config.pop(opt, None)``: only a literal key was read), the key
asked of ``config.keys()`` (only the bare dict was), a try falling back on TypeError, the three calls guarded by
``disable_inplace()`` itself (under ``if not ...``, after ``if ...: return``, in the ``else`` of ``if
moe_utils.disable_inplace()``), and ``fused_marlin_moe`` handed its own ``output=`` buffer.  No replay twin drew a
false error: spread-key drift is an error only where each of the def's displays gains the key, and none of the
real commits (#34846, #11589, #12629) does that.  Reading the check for one that could, an error was found on a
unit-test spelling: a def returning a looked-up or loaded dict on one path (``if M in _TUNED: return _TUNED[M]``)
beside displays that all gained the key was judged "every path" (the non-display path was not counted).
Round 2 (this branch): ``drift/spread_keys.py`` needs every ``return`` of the def to give a display (or a local
bound only to displays, not a parameter) before it errs -- else a warning (unit tests f6, f7: errors before);
``_told`` reads a key popped through a loop variable over literal keys holding it and ``"key" in x.keys()``, and
a call in a ``try`` catching TypeError is quiet; ``drift/narrowed_flags.py`` keeps quiet a call run only where
upstream's new condition holds (under it or an ``and`` holding it, in the ``else`` of its negation, after its
negation returns or raises; a call's dotted prefix not compared).  0 caught, 7 warned of 7; twins 38 quiet, 0
false errors, 1 warned (``fused_marlin_moe(..., output=out, inplace=True)``: the flag's test sits under ``if
output is None`` upstream, which the check does not read; left as a warning).
Round 3 (written after the mends), cases near the mended shapes that ARE broken, each warned as they must be: a
loop popping ``num_stages`` only, then ``num_warps=4`` beside the spread; a try catching RuntimeError around the
launch; the in-place call under ``if disable_inplace():`` (the negation); the in-place call after ``if
disable_inplace(): print(...)`` (the block not left).  Unit tests of the same (f8-f11 in test_spread_keys, f5-f7 in
test_narrowed_flags): errors and warnings kept.  All rounds, this branch: 0 caught, 11 warned, 0 missed of 11;
twins 38 quiet (1 warned), 0 false errors of 38.
Regression set after the mends: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_fusedmoe2 12 caught, 2 warned of 14 (10 quiet, 0 false), blind_replay_moe 30 caught, 1 warned of 31 (13
quiet), blind_replay_fmexperts 19 caught, 2 warned of 21 (11 quiet, 1 warned), blind_replay_moeutils 19 caught, 1
warned of 20 (11 quiet), review103_twins 11/11 (0 false of 34, 6 warned): each as before.  Unit tests:
test_spread_keys 24, test_narrowed_flags 18, test_callee_homes 5, test_fleet_profile and test_lazy_patterns passed.

  PYTHONPATH=.. python review121_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

FM = "vllm.model_executor.layers.fused_moe.fused_moe"
FMM = "from vllm.model_executor.layers.fused_moe import fused_moe as fm\n"
KERNEL = (
    "@triton.jit\n"
    "def _aeon_k(a_ptr, b_ptr, c_ptr, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,"
    " BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr, SPLIT_K: tl.constexpr):\n"
    "    pass\n\n\n"
)
KH = "import triton\nimport triton.language as tl\n\n" + FMM + "\n\n" + KERNEL
TOP = (
    "def aeon_moe(a, b, c, M, E, N, K, top_k):\n"
    "    config = fm.get_default_config(M, E, N, K, top_k, None)\n"
    "    grid = (triton.cdiv(M, config['BLOCK_SIZE_M']),)\n"
)

# --- 22a97e6613 (#34846): get_default_config's general branch now returns num_warps and num_stages
DC = ("#34846", "22a97e6613", "get_default_config's bf16/fp8-per-tensor branch now returns num_warps and num_stages")


def _dc(name: str, body: str, line: str, head: str = KH, top: str = TOP) -> Killer:
    return K(*DC, f"vllm/aeon/r121{name}.py", head + top + body, line)


SK = "#34846 spread key"
CASES += [
    (
        SK,
        "a config spread into a launch beside num_warps= (the replay's)",
        _dc(
            "dc0",
            "    _aeon_k[grid](a, b, c, **config, num_warps=4)\n",
            "    _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        SK,
        "the call's dict spread directly, num_warps= before it",
        _dc(
            "dc00",
            "    _aeon_k[grid](a, b, c, num_warps=8, **fm.get_default_config(M, E, N, K, top_k, None))\n",
            "    _aeon_k[grid](a, b, c, num_warps=8, **fm.get_default_config(M, E, N, K, top_k, None))",
        ),
    ),
    (
        SK,
        "spread into a plain fork def taking the tiles only",
        _dc(
            "dc000",
            "    _aeon_launch(a, b, c, grid, **config)\n\n\n"
            "def _aeon_launch(a, b, c, grid, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, SPLIT_K):\n"
            "    _aeon_k[grid](a, b, c, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, SPLIT_K)\n",
            "    _aeon_launch(a, b, c, grid, **config)",
        ),
    ),
]
TWINS += [
    (
        SK,
        "twin: dict(config, num_warps=4) spread (the last one wins)",
        _dc(
            "dc1",
            "    _aeon_k[grid](a, b, c, **dict(config, num_warps=4))\n",
            "    _aeon_k[grid](a, b, c, **dict(config, num_warps=4))",
        ),
    ),
    (
        SK,
        "twin: a merged display bound to a local, then spread",
        _dc(
            "dc2",
            '    meta = {**config, "num_warps": 4}  # AEON: GB10 wants four warps\n'
            "    _aeon_k[grid](a, b, c, **meta)\n",
            "    _aeon_k[grid](a, b, c, **meta)",
        ),
    ),
    (
        SK,
        "twin: the key popped before the spread",
        _dc(
            "dc3",
            '    config.pop("num_warps", None)\n    _aeon_k[grid](a, b, c, **config, num_warps=4)\n',
            "    _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: the key stored on the dict, spread alone",
        _dc(
            "dc4",
            '    config["num_warps"] = 4\n    _aeon_k[grid](a, b, c, **config)\n',
            "    _aeon_k[grid](a, b, c, **config)",
        ),
    ),
    (
        SK,
        "twin: config.update(num_warps=..., num_stages=...), spread alone",
        _dc(
            "dc5",
            "    config.update(num_warps=4, num_stages=2)\n    _aeon_k[grid](a, b, c, **config)\n",
            "    _aeon_k[grid](a, b, c, **config)",
        ),
    ),
    (
        SK,
        "twin: setdefault, spread alone",
        _dc(
            "dc6",
            '    config.setdefault("num_warps", 4)\n    _aeon_k[grid](a, b, c, **config)\n',
            "    _aeon_k[grid](a, b, c, **config)",
        ),
    ),
    (
        SK,
        "twin: the launch options popped in a loop over their names",
        _dc(
            "dc7",
            '    for opt in ("num_warps", "num_stages"):\n'
            "        config.pop(opt, None)  # AEON: the Spark's own launch options below\n"
            "    _aeon_k[grid](a, b, c, **config, num_warps=4, num_stages=2)\n",
            "    _aeon_k[grid](a, b, c, **config, num_warps=4, num_stages=2)",
        ),
    ),
    (
        SK,
        "twin: the tiles filtered by a comprehension",
        _dc(
            "dc8",
            "    tiles = {k: v for k, v in config.items() if k.isupper()}\n"
            "    _aeon_k[grid](a, b, c, **tiles, num_warps=4)\n",
            "    _aeon_k[grid](a, b, c, **tiles, num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: a helper function returning the tiles only",
        _dc(
            "dc9",
            "    _aeon_k[grid](a, b, c, **_aeon_tiles(M, E, N, K, top_k), num_warps=4)\n\n\n"
            "def _aeon_tiles(M, E, N, K, top_k):\n"
            "    cfg = fm.get_default_config(M, E, N, K, top_k, None)\n"
            '    return {k: cfg[k] for k in ("BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K", "GROUP_SIZE_M", "SPLIT_K")}\n',
            "    _aeon_k[grid](a, b, c, **_aeon_tiles(M, E, N, K, top_k), num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: a guard testing the key first (in)",
        _dc(
            "dc10",
            '    if "num_warps" in config:\n'
            "        _aeon_k[grid](a, b, c, **config)\n"
            "    else:\n"
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)\n",
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: a guard written the other way (not in), the option given on its branch",
        _dc(
            "dc11",
            '    if "num_warps" not in config:\n'
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)\n"
            "    else:\n"
            "        _aeon_k[grid](a, b, c, **config)\n",
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: a guard through config.keys()",
        _dc(
            "dc12",
            '    if "num_warps" not in config.keys():\n'
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)\n"
            "    else:\n"
            "        _aeon_k[grid](a, b, c, **config)\n",
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: a guard through config.get(...) is None",
        _dc(
            "dc13",
            '    if config.get("num_warps") is None:\n'
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)\n"
            "    else:\n"
            "        _aeon_k[grid](a, b, c, **config)\n",
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: a try falling back to the spread alone on TypeError",
        _dc(
            "dc14",
            "    try:\n"
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)\n"
            "    except TypeError:  # AEON: newer upstreams put the launch options in the config\n"
            "        _aeon_k[grid](a, b, c, **config)\n",
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        SK,
        "twin: a keyword call of the def, spread beside another launch option",
        _dc(
            "dc15",
            "    cfg = fm.get_default_config(M=M, E=E, N=N, K=K, topk=top_k, dtype=None)\n"
            "    _aeon_k[grid](a, b, c, **cfg, num_ctas=1)\n",
            "    _aeon_k[grid](a, b, c, **cfg, num_ctas=1)",
        ),
    ),
    (
        SK,
        "twin: the fork's own namesake def, spread beside num_warps=",
        _dc(
            "dc16",
            "    _aeon_k[grid](a, b, c, **cfg, num_warps=4)\n\n\n"
            "def get_default_config(M, E, N, K, top_k, dtype):\n"
            '    return {"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8, "SPLIT_K": 1}\n',
            "    _aeon_k[grid](a, b, c, **cfg, num_warps=4)",
            top="def aeon_moe(a, b, c, M, E, N, K, top_k):\n"
            "    cfg = get_default_config(M, E, N, K, top_k, None)\n"
            "    grid = (triton.cdiv(M, cfg['BLOCK_SIZE_M']),)\n",
        ),
    ),
    (
        SK,
        "twin: a namesake method on the fork's own tuner class",
        _dc(
            "dc17",
            "class AeonTuner:\n"
            "    def get_default_config(self, M, E, N, K, top_k, dtype):\n"
            '        return {"BLOCK_SIZE_M": 16, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 128, "GROUP_SIZE_M": 1, "SPLIT_K": 1}\n\n'
            "    def launch(self, a, b, c, M, E, N, K, top_k):\n"
            "        cfg = self.get_default_config(M, E, N, K, top_k, None)\n"
            "        _aeon_k[(M,)](a, b, c, **cfg, num_warps=4)\n",
            "        _aeon_k[(M,)](a, b, c, **cfg, num_warps=4)",
            top="",
        ),
    ),
    (
        SK,
        "twin: an aliased import, both options popped",
        _dc(
            "dc18",
            "def aeon_moe(a, b, c, M, E, N, K, top_k):\n"
            "    cfg = upstream_tiles(M, E, N, K, top_k, None)\n"
            '    cfg.pop("num_warps", None)\n'
            '    cfg.pop("num_stages", None)\n'
            "    _aeon_k[(M,)](a, b, c, **cfg, num_warps=4, num_stages=2)\n",
            "    _aeon_k[(M,)](a, b, c, **cfg, num_warps=4, num_stages=2)",
            head=f"import triton\nimport triton.language as tl\n\nfrom {FM} import get_default_config as upstream_tiles\n\n\n"
            + KERNEL,
            top="",
        ),
    ),
    (
        SK,
        "twin: spread into a plain fork def taking the launch options too",
        _dc(
            "dc19",
            "    _aeon_launch(a, b, c, grid, **config)\n\n\n"
            "def _aeon_launch(\n"
            "    a, b, c, grid, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, SPLIT_K, num_warps=4, num_stages=3\n"
            "):\n"
            "    _aeon_k[grid](a, b, c, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, SPLIT_K,"
            " num_warps=num_warps, num_stages=num_stages)\n",
            "    _aeon_launch(a, b, c, grid, **config)",
        ),
    ),
    (
        SK,
        "twin: spread into a fork def taking **kwargs",
        _dc(
            "dc20",
            "    _aeon_launch(a, b, c, grid, **config)\n\n\n"
            "def _aeon_launch(a, b, c, grid, **meta):\n"
            "    _aeon_k[grid](a, b, c, **meta)\n",
            "    _aeon_launch(a, b, c, grid, **config)",
        ),
    ),
    (
        SK,
        "twin: a nested def taking the launch options",
        _dc(
            "dc21",
            "    def launch(BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, SPLIT_K, num_warps=4, num_stages=3):\n"
            "        _aeon_k[grid](a, b, c, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, SPLIT_K,"
            " num_warps=num_warps, num_stages=num_stages)\n\n"
            "    launch(**config)\n",
            "    launch(**config)",
        ),
    ),
    (
        SK,
        "twin: a lambda taking **kw",
        _dc(
            "dc22",
            "    launch = lambda **kw: _aeon_k[grid](a, b, c, **kw)  # noqa: E731\n    launch(**config)\n",
            "    launch(**config)",
        ),
    ),
]

CASES += [
    (
        SK,
        "round 3: the options popped in a loop over names without num_warps, then given",
        _dc(
            "dc30",
            '    for opt in ("num_stages",):\n'
            "        config.pop(opt, None)\n"
            "    _aeon_k[grid](a, b, c, **config, num_warps=4, num_stages=2)\n",
            "    _aeon_k[grid](a, b, c, **config, num_warps=4, num_stages=2)",
        ),
    ),
    (
        SK,
        "round 3: a try catching another error around the launch",
        _dc(
            "dc31",
            "    try:\n"
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)\n"
            "    except RuntimeError:  # AEON: out of shared memory on GB10\n"
            "        _aeon_k[grid](a, b, c, **config, num_warps=2)\n",
            "        _aeon_k[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
]

# --- 9b0c4bab36 (#11589): get_default_config's fp8 branches return num_warps and num_stages
FB = ("#11589", "9b0c4bab36", "get_default_config's fp8_w8a8 branches now return num_warps and num_stages")
FH = f"import triton\nimport triton.language as tl\n\nfrom {FM} import get_default_config\n\n\n" + KERNEL
FT = (
    "def aeon_fp8_moe(a, b, c, M, E, N, K, top_k):\n"
    '    config = get_default_config(M, E, N, K, top_k, "fp8_w8a8", False)\n'
    "    grid = (triton.cdiv(M, config['BLOCK_SIZE_M']),)\n"
)


def _fb(name: str, body: str, line: str, sha: tuple[str, str, str] = FB) -> Killer:
    return K(*sha, f"vllm/aeon/r121{name}.py", FH + FT + body, line)


CASES += [
    (
        "#11589 spread key",
        "an fp8 config spread beside num_warps=",
        _fb(
            "fb0",
            "    _aeon_k[grid](a, b, c, **config, num_warps=8)\n",
            "    _aeon_k[grid](a, b, c, **config, num_warps=8)",
        ),
    ),
]
TWINS += [
    (
        "#11589 spread key",
        "twin: the fp8 config's options popped, the fork's own given",
        _fb(
            "fb1",
            '    config.pop("num_warps", None)\n    _aeon_k[grid](a, b, c, **config, num_warps=8)\n',
            "    _aeon_k[grid](a, b, c, **config, num_warps=8)",
        ),
    ),
    (
        "#11589 spread key",
        "twin: the fp8 config spread into a fork def with the options as parameters",
        _fb(
            "fb2",
            "    _aeon_launch(a, b, c, grid, **config)\n\n\n"
            "def _aeon_launch(a, b, c, grid, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, num_warps=4,"
            " num_stages=3):\n"
            "    _aeon_k[grid](a, b, c, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, 1,"
            " num_warps=num_warps, num_stages=num_stages)\n",
            "    _aeon_launch(a, b, c, grid, **config)",
        ),
    ),
    (
        "#12629 spread key",
        "twin: the revert (#12629) takes the fp8 per-tensor keys out again: the spread beside num_warps= is fine",
        _fb(
            "rv1",
            "    _aeon_k[grid](a, b, c, **config, num_warps=8)\n",
            "    _aeon_k[grid](a, b, c, **config, num_warps=8)",
            sha=("#12629", "145c2ff648", "get_default_config's fp8 per-tensor num_warps/num_stages reverted"),
        ),
    ),
]

# --- a462331e36 (#26497): fused_experts'/fused_marlin_moe's inplace=True honoured only when not disable_inplace()
IP = ("#26497", "a462331e36", "fused_experts(inplace=True) allocates its output when disable_inplace() (torch >= 2.9)")
NF = "#26497 narrowed flag"
IH = f"import torch\nimport torch.nn.functional as F\n\nfrom {FM} import fused_experts\n\n\n"
IT = "def aeon_moe(x, w1, w2, tw, ti):\n"


def _ip(name: str, body: str, line: str, head: str = IH, top: str = IT) -> Killer:
    return K(*IP, f"vllm/aeon/r121{name}.py", head + top + body, line)


MARLIN = "from vllm.model_executor.layers.fused_moe.fused_marlin_moe import fused_marlin_moe\n\n\n"
CASES += [
    (
        NF,
        "a call whose in-place result is dropped (the replay's)",
        _ip(
            "ip0",
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)\n    return x\n",
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)",
        ),
    ),
    (
        NF,
        "the flag passed True by position, the result dropped",
        _ip(
            "ip00",
            "    fused_experts(x, w1, w2, tw, ti, True)\n    return x\n",
            "    fused_experts(x, w1, w2, tw, ti, True)",
        ),
    ),
    (
        NF,
        "fused_marlin_moe(inplace=True) dropped (the same commit's marlin path)",
        _ip(
            "ip000",
            "    fused_marlin_moe(x, w1, w2, None, None, s1, s2, g, tw, ti, qt, inplace=True)\n    return x\n",
            "    fused_marlin_moe(x, w1, w2, None, None, s1, s2, g, tw, ti, qt, inplace=True)",
            head=MARLIN,
            top="def aeon_marlin(x, w1, w2, s1, s2, g, tw, ti, qt):\n",
        ),
    ),
]
CASES += [
    (
        NF,
        "round 3: the call under the condition's negation (if disable_inplace())",
        _ip(
            "ip30",
            "    if disable_inplace():\n"
            "        fused_experts(x, w1, w2, tw, ti, inplace=True)\n"
            "    else:\n"
            "        x = fused_experts(x, w1, w2, tw, ti)\n"
            "    return x\n",
            "        fused_experts(x, w1, w2, tw, ti, inplace=True)",
            head=IH + "from vllm.model_executor.layers.fused_moe.utils import disable_inplace\n\n\n",
        ),
    ),
    (
        NF,
        "round 3: after a negated test that only logs (the block not left)",
        _ip(
            "ip31",
            "    if disable_inplace():\n"
            "        print('AEON: torch >= 2.9, in-place MoE off')\n"
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)\n"
            "    return x\n",
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)",
            head=IH + "from vllm.model_executor.layers.fused_moe.utils import disable_inplace\n\n\n",
        ),
    ),
]
TWINS += [
    (
        NF,
        "twin: the result assigned and returned",
        _ip(
            "ip1",
            "    out = fused_experts(x, w1, w2, tw, ti, inplace=True)\n    return out\n",
            "    out = fused_experts(x, w1, w2, tw, ti, inplace=True)",
        ),
    ),
    (
        NF,
        "twin: the result copied back into x",
        _ip(
            "ip2",
            "    x.copy_(fused_experts(x, w1, w2, tw, ti, inplace=True))\n    return x\n",
            "    x.copy_(fused_experts(x, w1, w2, tw, ti, inplace=True))",
        ),
    ),
    (
        NF,
        "twin: a helper returning the result, called by keyword",
        _ip(
            "ip3",
            "    return _aeon_experts(hidden_states=x, w1=w1, w2=w2, topk_weights=tw, topk_ids=ti)\n\n\n"
            "def _aeon_experts(hidden_states, w1, w2, topk_weights, topk_ids):\n"
            "    return fused_experts(\n"
            "        hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights, topk_ids=topk_ids, inplace=True\n"
            "    )\n",
            "        hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights, topk_ids=topk_ids, inplace=True",
        ),
    ),
    (
        NF,
        "twin: a lambda returning the result",
        _ip(
            "ip4",
            "    run = lambda h: fused_experts(h, w1, w2, tw, ti, inplace=True)  # noqa: E731\n    return run(x)\n",
            "    run = lambda h: fused_experts(h, w1, w2, tw, ti, inplace=True)  # noqa: E731",
        ),
    ),
    (
        NF,
        "twin: the call guarded by the new condition (if not disable_inplace())",
        _ip(
            "ip5",
            "    if not disable_inplace():\n"
            "        fused_experts(x, w1, w2, tw, ti, inplace=True)\n"
            "    else:\n"
            "        x.copy_(fused_experts(x, w1, w2, tw, ti))  # AEON: torch >= 2.9 writes a fresh tensor\n"
            "    return x\n",
            "        fused_experts(x, w1, w2, tw, ti, inplace=True)",
            head=IH + "from vllm.model_executor.layers.fused_moe.utils import disable_inplace\n\n\n",
        ),
    ),
    (
        NF,
        "twin: the guard written the other way (if disable_inplace(): ... else: the call)",
        _ip(
            "ip6",
            "    if disable_inplace():\n"
            "        return fused_experts(x, w1, w2, tw, ti)\n"
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)\n"
            "    return x\n",
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)",
            head=IH + "from vllm.model_executor.layers.fused_moe.utils import disable_inplace\n\n\n",
        ),
    ),
    (
        NF,
        "twin: the guard through an aliased utils module, if/else",
        _ip(
            "ip7",
            "    if moe_utils.disable_inplace():\n"
            "        x = fused_experts(x, w1, w2, tw, ti)\n"
            "    else:\n"
            "        fused_experts(x, w1, w2, tw, ti, inplace=True)\n"
            "    return x\n",
            "        fused_experts(x, w1, w2, tw, ti, inplace=True)",
            head=IH + "import vllm.model_executor.layers.fused_moe.utils as moe_utils\n\n\n",
        ),
    ),
    (
        NF,
        "twin: another library's inplace=True (F.relu), dropped",
        _ip(
            "ip8",
            "    out = fused_experts(x, w1, w2, tw, ti)\n    F.relu(out, inplace=True)\n    return out\n",
            "    F.relu(out, inplace=True)",
        ),
    ),
    (
        NF,
        "twin: the fork's own namesake def",
        _ip(
            "ip9",
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)\n    return x\n\n\n"
            "def fused_experts(x, w1, w2, tw, ti, inplace=False):\n"
            "    y = torch.relu(x @ w1) @ w2\n"
            "    return x.copy_(y) if inplace else y\n",
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)",
            head="import torch\n\n\n",
        ),
    ),
    (
        NF,
        "twin: a namesake method on the fork's own class",
        _ip(
            "ip10",
            "class AeonExperts:\n"
            "    def fused_experts(self, x, w1, w2, tw, ti, inplace=False):\n"
            "        y = torch.relu(x @ w1) @ w2\n"
            "        return x.copy_(y) if inplace else y\n\n"
            "    def forward(self, x, w1, w2, tw, ti):\n"
            "        self.fused_experts(x, w1, w2, tw, ti, inplace=True)\n"
            "        return x\n",
            "        self.fused_experts(x, w1, w2, tw, ti, inplace=True)",
            top="",
        ),
    ),
    (
        NF,
        "twin: the always-in-place op called directly, another flag True",
        _ip(
            "ip11",
            "    inplace_fused_experts(x, w1, w2, tw, ti, apply_router_weight_on_input=True)\n    return x\n",
            "    inplace_fused_experts(x, w1, w2, tw, ti, apply_router_weight_on_input=True)",
            head=f"from {FM} import inplace_fused_experts\n\n\n",
        ),
    ),
    (
        NF,
        "twin: an aliased import, the result used",
        _ip(
            "ip12",
            "    return upstream_experts(x, w1, w2, tw, ti, inplace=True)\n",
            "    return upstream_experts(x, w1, w2, tw, ti, inplace=True)",
            head=f"from {FM} import fused_experts as upstream_experts\n\n\n",
        ),
    ),
    (
        NF,
        "twin: fused_marlin_moe handed its output buffer, the flag True, dropped",
        _ip(
            "ip13",
            "    fused_marlin_moe(x, w1, w2, None, None, s1, s2, g, tw, ti, qt, output=out, inplace=True)\n"
            "    return out\n",
            "    fused_marlin_moe(x, w1, w2, None, None, s1, s2, g, tw, ti, qt, output=out, inplace=True)",
            head=MARLIN,
            top="def aeon_marlin(x, w1, w2, s1, s2, g, tw, ti, qt, out):\n",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review121-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
