"""Adversarial twins of parameter callback drift and the tuple-entry read of symbol drift: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- parameter callback drift (``drift/param_callbacks.py``: a callable the fork hands an upstream function's
  parameter, which the function now calls with a new keyword or more positionals): #48287 (21472f32ea,
  Marlin's ``activation_func`` called with ``topk_ids=``/``expert_map=``), #45381 (0a1c5034f5, MiniMax M3:
  the three-positional ``activation_func`` call given ``clamp_limit=``/``alpha=``/``beta=``), #50089
  (7c6729b769, Kimi K3: ``activation_situ_beta=``/``activation_situ_linear_beta=``), #48385 (f7aadae5e5,
  ``moe_sum`` called with four positionals): a callable taking ``**kwargs``/``*args`` or the new arguments, a
  lambda that does, a nested def shadowing a narrow module-level namesake, the fork's own ``fused_marlin_moe``
  (a fork module's, a shim defined in the file), a method of the same name on another receiver, a bound method
  of the fork's class that takes the new keywords, an inherited one, a decorated one, the callable handed to a
  parameter whose calls did not grow, the callback picked by a test of upstream's signature, the call under a
  ``try`` catching ``TypeError`` with a fallback, the call on a path kept under a version test;
- symbol drift's tuple-entry read (#20332, 805d62ca88: ``FusedMoEPrepareAndFinalize.prepare``'s third entry
  ``Optional[Tensor]`` -> ``Optional[ExpertTokensMetadata]``): the new spelling (``.expert_num_tokens``), an
  ``isinstance`` test, a ``hasattr`` guard, a ``getattr(..., default)`` read, the first entry (still a tensor),
  a name the fork rebinds before the read, the last entry unpacked after a starred name, the fork's own
  prepare/finalize override, a class of the fork's own with a ``prepare`` of the name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1, main (9a5fbc18; 6 cases, 28 twins): 6 caught of 6; 2 false errors of 28, both parameter callback
drift on #48287: a call of a method of the name on another receiver (``backend.fused_marlin_moe(...,
activation_func=aeon_act)``, the fork's own backend class, beside an import of upstream's function), and the
call under a ``try`` catching ``TypeError`` that falls back to upstream's own activation.
Round 2 (one twin added: the narrow callback on a path kept under a version test, also a false error on main):
main 6 caught of 6, 3 false errors of 29.  This branch (parameter callback drift reads only a call of the bare
imported name, and leaves a call inside a ``try`` catching ``TypeError``/``Exception`` or under a version test):
6 caught of 6, 0 false errors of 29.
Round 3 (one twin added: the last entry of #20332's tuple unpacked after a starred name, ``a1q, *_, weights =
pf.prepare(...)``, read as the third entry by its place: a false error on main): main 6 caught of 6, 4 false
errors of 30.  This branch (a name after a starred target is not read as the entry at its place,
``result_kinds._bound_names``): 6 caught of 6, 0 false errors of 30.
Read by hand, not replayed: a scan of abstract hooks whose return annotation changed (the first 400 of 505
first-parent commits since 2025-10-01) found no class switch the hook rule reads wrongly; #37324 (99267c23ca)
retyped ``BaseInternVLProcessingInfo.get_hf_processor`` to ``InternVLProcessor``, whose outside base
(``ProcessorMixin``) the rule does not read, so it stays quiet there by construction.

  PYTHONPATH=.. python review54_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MARLIN = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.experts.marlin_moe import fused_marlin_moe\n"
CALL = (
    "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
    "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
    "                            topk_ids=topk_ids, activation_func={cb}, **kwargs)\n"
)

# --- 21472f32ea (#48287): _fused_marlin_moe calls activation_func(..., topk_ids=, expert_map=)
AF = ("#48287", "21472f32ea", "Marlin activation_func called with topk_ids/expert_map")
NARROW = "def aeon_act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
CASES += [
    (
        "#48287 callback",
        "a fork function without the new keywords, handed by keyword",
        K(
            *AF,
            "vllm/aeon/r54af0.py",
            MARLIN
            + "\n\n"
            + NARROW
            + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            + CALL.format(cb="aeon_act"),
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "a bound method of the fork's class without the new keywords",
        K(
            *AF,
            "vllm/aeon/r54af1.py",
            MARLIN + "\n\n"
            "class AeonMarlinRunner:\n"
            "    def aeon_act(self, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n"
            "    def run(self, hidden_states, w1, w2, topk_weights, topk_ids):\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids, activation_func=self.aeon_act)\n",
            "    def aeon_act(self, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
]
TWINS += [
    (
        "#48287 callback",
        "twin: the fork function takes **kwargs",
        K(
            *AF,
            "vllm/aeon/r54af2.py",
            MARLIN + "\n\n"
            "def aeon_act(activation, output, input, **kwargs):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            "def aeon_act(activation, output, input, **kwargs):",
        ),
    ),
    (
        "#48287 callback",
        "twin: the fork function takes the new keywords",
        K(
            *AF,
            "vllm/aeon/r54af3.py",
            MARLIN + "\n\n"
            "def aeon_act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0, topk_ids=None,\n"
            "             expert_map=None):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            "def aeon_act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0, topk_ids=None,",
        ),
    ),
    (
        "#48287 callback",
        "twin: a lambda taking **kw around a narrow fork function",
        K(
            *AF,
            "vllm/aeon/r54af4.py",
            MARLIN
            + "\n\n"
            + NARROW
            + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            + CALL.format(cb="lambda act, out, inp, **kw: aeon_act(act, out, inp)"),
            "topk_ids=topk_ids, activation_func=lambda act, out, inp, **kw: aeon_act(act, out, inp), **kwargs)",
        ),
    ),
    (
        "#48287 callback",
        "twin: a nested def shadowing a narrow module-level namesake",
        K(
            *AF,
            "vllm/aeon/r54af5.py",
            MARLIN + "\n\n" + NARROW + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "    def aeon_act(activation, output, input, **extra):\n"
            "        torch.ops._C.gelu_and_mul(output, input)\n\n"
            "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                            topk_ids=topk_ids, activation_func=aeon_act, **kwargs)\n",
            "                            topk_ids=topk_ids, activation_func=aeon_act, **kwargs)",
        ),
    ),
    (
        "#48287 callback",
        "twin: the fork's own fused_marlin_moe, imported from a fork module",
        K(
            *AF,
            "vllm/aeon/r54af6.py",
            "import torch\n\nfrom vllm.aeon.marlin_compat import fused_marlin_moe\n\n\n"
            + NARROW
            + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            + CALL.format(cb="aeon_act"),
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "twin: a shim of the name the fork defines over upstream's, aliased",
        K(
            *AF,
            "vllm/aeon/r54af7.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.experts.marlin_moe import (\n"
            "    fused_marlin_moe as _upstream_fused_marlin_moe,\n)\n\n\n"
            + NARROW
            + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "def fused_marlin_moe(*args, activation_func=None, **kwargs):\n"
            "    # AEON: adapt an old-style callback to upstream's keywords\n"
            "    def adapted(activation, output, input, **extra):\n"
            "        activation_func(activation, output, input)\n\n"
            "    return _upstream_fused_marlin_moe(*args, activation_func=adapted, **kwargs)\n\n\n"
            + CALL.format(cb="aeon_act"),
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "twin: a method of the name on the fork's own backend object",
        K(
            *AF,
            "vllm/aeon/r54af8.py",
            MARLIN + "\n\n" + NARROW + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "class AeonMarlinBackend:\n"
            "    def fused_marlin_moe(self, hidden_states, activation_func, **kwargs):\n"
            "        out = torch.empty_like(hidden_states)\n"
            "        activation_func(None, out, hidden_states)\n"
            "        return out\n\n\n"
            "def aeon_marlin(backend: AeonMarlinBackend, hidden_states, w1, w2, topk_weights, topk_ids):\n"
            "    if backend is None:\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids)\n"
            "    return backend.fused_marlin_moe(hidden_states, activation_func=aeon_act)\n",
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "twin: a bound method of the fork's class taking the new keywords",
        K(
            *AF,
            "vllm/aeon/r54af9.py",
            MARLIN + "\n\n"
            "class AeonMarlinRunner:\n"
            "    def aeon_act(self, activation, output, input, *, topk_ids=None, expert_map=None, **kwargs):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n"
            "    def run(self, hidden_states, w1, w2, topk_weights, topk_ids):\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids, activation_func=self.aeon_act)\n",
            "    def aeon_act(self, activation, output, input, *, topk_ids=None, expert_map=None, **kwargs):",
        ),
    ),
    (
        "#48287 callback",
        "twin: a bound method the fork's class only inherits from its own base in another module",
        K(
            *AF,
            "vllm/aeon/r54af10.py",
            MARLIN + "from vllm.aeon.acts import AeonActs\n\n\n"
            "class AeonMarlinRunner(AeonActs):\n"
            "    def aeon_narrow(self, activation, output, input):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n"
            "    def run(self, hidden_states, w1, w2, topk_weights, topk_ids):\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids, activation_func=self.aeon_act)\n",
            "                                topk_ids=topk_ids, activation_func=self.aeon_act)",
        ),
    ),
    (
        "#48287 callback",
        "twin: the narrow function handed to moe_sum, whose calls did not grow",
        K(
            *AF,
            "vllm/aeon/r54af11.py",
            MARLIN + "\n\n"
            "def aeon_sum(input, output):\n"
            "    torch.sum(input, dim=1, out=output)\n\n\n"
            "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                            topk_ids=topk_ids, moe_sum=aeon_sum, **kwargs)\n",
            "def aeon_sum(input, output):",
        ),
    ),
    (
        "#48287 callback",
        "twin: the callback picked by a test of upstream's signature",
        K(
            *AF,
            "vllm/aeon/r54af12.py",
            "import inspect\n\n"
            + MARLIN
            + "from vllm.model_executor.layers.fused_moe.experts.marlin_moe import _fused_marlin_moe\n\n"
            '_TAKES_MAP = "expert_map" in inspect.getsource(_fused_marlin_moe)\n\n\n'
            + NARROW
            + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "def aeon_act_mapped(activation, output, input, **kwargs):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            + CALL.format(cb="aeon_act_mapped if _TAKES_MAP else aeon_act"),
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "twin: the call under a try catching TypeError, falling back to upstream's activation",
        K(
            *AF,
            "vllm/aeon/r54af13.py",
            MARLIN + "\n\n" + NARROW + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "    try:\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids, activation_func=aeon_act, **kwargs)\n"
            "    except TypeError:  # AEON: upstream's callback protocol moved on; use its own activation\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids, **kwargs)\n",
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "twin: the narrow callback kept on a path for older releases, under a version test",
        K(
            *AF,
            "vllm/aeon/r54af16.py",
            "from packaging.version import Version\n\nfrom vllm import __version__ as VLLM_VERSION\n" + MARLIN + "\n"
            '_OLD_MARLIN = Version(VLLM_VERSION) < Version("0.20")\n\n\n'
            + NARROW
            + "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "    if _OLD_MARLIN:\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids, activation_func=aeon_act, **kwargs)\n"
            "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                            topk_ids=topk_ids, **kwargs)\n",
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "twin: a decorated fork function (its wrapper takes anything)",
        K(
            *AF,
            "vllm/aeon/r54af14.py",
            MARLIN + "from vllm.aeon.trace import traced\n\n\n"
            "@traced\n" + NARROW + "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            NARROW.rstrip("\n"),
        ),
    ),
    (
        "#48287 callback",
        "twin: the fork function takes *args and **kwargs after its own",
        K(
            *AF,
            "vllm/aeon/r54af15.py",
            MARLIN + "\n\n"
            "def aeon_act(activation, output, input, *args, clamp_limit=None, **kwargs):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            "def aeon_act(activation, output, input, *args, clamp_limit=None, **kwargs):",
        ),
    ),
]

# --- 0a1c5034f5 (#45381, MiniMax M3): activation_func(a, out, in) -> activation_func(a, out, in, clamp_limit=,
#     alpha=, beta=), no longer behind a clamp_limit test
MM = ("#45381", "0a1c5034f5", "Marlin activation_func called with clamp_limit/alpha/beta")
CASES += [
    (
        "#45381 callback",
        "a three-positional fork activation",
        K(
            *MM,
            "vllm/aeon/r54mm0.py",
            MARLIN + "\n\n"
            "def aeon_act(activation, output, input):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            "def aeon_act(activation, output, input):",
        ),
    ),
]
TWINS += [
    (
        "#45381 callback",
        "twin: the fork activation takes the keywords with defaults",
        K(
            *MM,
            "vllm/aeon/r54mm1.py",
            MARLIN + "\n\n"
            "def aeon_act(activation, output, input, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            "def aeon_act(activation, output, input, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
    (
        "#45381 callback",
        "twin: a narrow fork activation handed to the fork's own wrapper of the name",
        K(
            *MM,
            "vllm/aeon/r54mm2.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.experts import marlin_moe\n\n\n"
            "def aeon_act(activation, output, input):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "def fused_marlin_moe(*args, activation_func, **kwargs):\n"
            "    def wide(activation, output, input, **extra):\n"
            "        activation_func(activation, output, input)\n\n"
            "    return marlin_moe.fused_marlin_moe(*args, activation_func=wide, **kwargs)\n\n\n"
            + CALL.format(cb="aeon_act"),
            "def aeon_act(activation, output, input):",
        ),
    ),
]

# --- 7c6729b769 (#50089, Kimi K3): activation_func(..., activation_situ_beta=, activation_situ_linear_beta=)
KK = ("#50089", "7c6729b769", "Marlin activation_func called with activation_situ_beta/_linear_beta")
KWIDE = "def aeon_act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0, topk_ids=None, expert_map=None):\n"
CASES += [
    (
        "#50089 callback",
        "the #48287 signature, without the situ keywords",
        K(
            *KK,
            "vllm/aeon/r54kk0.py",
            MARLIN + "\n\n" + KWIDE + "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            KWIDE.rstrip("\n"),
        ),
    ),
]
TWINS += [
    (
        "#50089 callback",
        "twin: the #48287 signature plus **kwargs",
        K(
            *KK,
            "vllm/aeon/r54kk1.py",
            MARLIN + "\n\n"
            "def aeon_act(activation, output, input, *, topk_ids=None, expert_map=None, **kwargs):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n" + CALL.format(cb="aeon_act"),
            "def aeon_act(activation, output, input, *, topk_ids=None, expert_map=None, **kwargs):",
        ),
    ),
]

# --- f7aadae5e5 (#48385): fused_marlin_moe calls moe_sum(moe_output, output, topk_ids, expert_map)
MS = ("#48385", "f7aadae5e5", "Marlin moe_sum callback called with four positionals")
SUMCALL = (
    "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
    "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
    "                            topk_ids=topk_ids, moe_sum={cb}, **kwargs)\n"
)
CASES += [
    (
        "#48385 callback",
        "a two-argument fork moe_sum",
        K(
            *MS,
            "vllm/aeon/r54ms0.py",
            MARLIN + "\n\n"
            "def aeon_sum(input: torch.Tensor, output: torch.Tensor) -> None:\n"
            "    torch.sum(input.float(), dim=1, out=output)\n\n\n" + SUMCALL.format(cb="aeon_sum"),
            "def aeon_sum(input: torch.Tensor, output: torch.Tensor) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#48385 callback",
        "twin: the fork moe_sum takes the new arguments as optional",
        K(
            *MS,
            "vllm/aeon/r54ms1.py",
            MARLIN + "\n\n"
            "def aeon_sum(input, output, topk_ids=None, expert_map=None) -> None:\n"
            "    torch.sum(input.float(), dim=1, out=output)\n\n\n" + SUMCALL.format(cb="aeon_sum"),
            "def aeon_sum(input, output, topk_ids=None, expert_map=None) -> None:",
        ),
    ),
    (
        "#48385 callback",
        "twin: the fork moe_sum takes *args",
        K(
            *MS,
            "vllm/aeon/r54ms2.py",
            MARLIN + "\n\n"
            "def aeon_sum(input, output, *rest) -> None:\n"
            "    torch.sum(input.float(), dim=1, out=output)\n\n\n" + SUMCALL.format(cb="aeon_sum"),
            "def aeon_sum(input, output, *rest) -> None:",
        ),
    ),
    (
        "#48385 callback",
        "twin: a classmethod of the fork's class taking the four arguments",
        K(
            *MS,
            "vllm/aeon/r54ms3.py",
            MARLIN + "\n\n"
            "class AeonMarlinSum:\n"
            "    @classmethod\n"
            "    def reduce(cls, input, output, topk_ids, expert_map) -> None:\n"
            "        torch.sum(input.float(), dim=1, out=output)\n\n"
            "    @classmethod\n"
            "    def run(cls, hidden_states, w1, w2, topk_weights, topk_ids):\n"
            "        return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                                topk_ids=topk_ids, moe_sum=cls.reduce)\n",
            "    def reduce(cls, input, output, topk_ids, expert_map) -> None:",
        ),
    ),
]

# --- 805d62ca88 (#20332): FusedMoEPrepareAndFinalize.prepare's third entry Optional[Tensor] ->
#     Optional[ExpertTokensMetadata]
ET = ("#20332", "805d62ca88", "prepare's third entry a tensor -> an ExpertTokensMetadata")
MK = "import torch\n\nimport vllm.model_executor.layers.fused_moe.modular_kernel as mk\n\n\n"
PREP = "pf.prepare(a1, None, None, topk_weights, topk_ids, 64, None, False, quant_config)"
PROBE = "def aeon_probe(pf: mk.FusedMoEPrepareAndFinalize, a1, topk_weights, topk_ids, quant_config) -> int:\n"
CASES += [
    (
        "#20332 tuple entry",
        "a tensor method on the third entry",
        K(
            *ET,
            "vllm/aeon/r54et0.py",
            MK + PROBE + f"    _, _, counts, _, _ = {PREP}\n    return int(counts.sum())\n",
            "    return int(counts.sum())",
        ),
    ),
]
TWINS += [
    (
        "#20332 tuple entry",
        "twin: the new spelling, .expert_num_tokens",
        K(
            *ET,
            "vllm/aeon/r54et1.py",
            MK + PROBE + f"    _, _, meta, _, _ = {PREP}\n"
            "    return -1 if meta is None else int(meta.expert_num_tokens.argmax())\n",
            "    return -1 if meta is None else int(meta.expert_num_tokens.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: an isinstance test before the tensor method",
        K(
            *ET,
            "vllm/aeon/r54et2.py",
            MK + PROBE + f"    _, _, meta, _, _ = {PREP}\n"
            "    if isinstance(meta, torch.Tensor):\n"
            "        return int(meta.argmax())\n"
            "    return -1 if meta is None else int(meta.expert_num_tokens.argmax())\n",
            "        return int(meta.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: a hasattr guard",
        K(
            *ET,
            "vllm/aeon/r54et3.py",
            MK + PROBE + f"    _, _, meta, _, _ = {PREP}\n"
            '    if meta is not None and hasattr(meta, "argmax"):\n'
            "        return int(meta.argmax())\n"
            "    return -1\n",
            "        return int(meta.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: a getattr with the entry itself as default",
        K(
            *ET,
            "vllm/aeon/r54et4.py",
            MK + PROBE + f"    _, _, meta, _, _ = {PREP}\n"
            '    counts = getattr(meta, "expert_num_tokens", meta)\n'
            "    return -1 if counts is None else int(counts.argmax())\n",
            "    return -1 if counts is None else int(counts.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: a tensor method on the first entry, still a tensor",
        K(
            *ET,
            "vllm/aeon/r54et5.py",
            MK + PROBE + f"    a1q, _, _, _, _ = {PREP}\n    return int(a1q.argmax())\n",
            "    return int(a1q.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: the last entry, unpacked after a starred name",
        K(
            *ET,
            "vllm/aeon/r54et9.py",
            MK + PROBE + f"    a1q, *_, weights = {PREP}\n"
            "    return -1 if weights is None else int(weights.argmax())\n",
            "    return -1 if weights is None else int(weights.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: the name rebound to a tensor the fork computes before the read",
        K(
            *ET,
            "vllm/aeon/r54et6.py",
            MK + PROBE + f"    _, _, counts, _, _ = {PREP}\n"
            "    counts = torch.bincount(topk_ids.flatten(), minlength=64)\n"
            "    return int(counts.argmax())\n",
            "    return int(counts.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: the fork's own prepare/finalize override returning tensors, called on its own class",
        K(
            *ET,
            "vllm/aeon/r54et7.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.fused_moe.prepare_finalize import MoEPrepareAndFinalizeNoEP\n\n\n"
            "class AeonCountingPF(MoEPrepareAndFinalizeNoEP):\n"
            "    def aeon_counts(self, a1, topk_weights, topk_ids, quant_config) -> int:\n"
            "        _, _, counts, _, _ = self.aeon_prepare_counts(a1, topk_ids)\n"
            "        return int(counts.argmax())\n\n"
            "    def aeon_prepare_counts(\n"
            "        self, a1: torch.Tensor, topk_ids: torch.Tensor\n"
            "    ) -> tuple[torch.Tensor, None, torch.Tensor, None, None]:\n"
            "        return a1, None, torch.bincount(topk_ids.flatten()), None, None\n",
            "        return int(counts.argmax())",
        ),
    ),
    (
        "#20332 tuple entry",
        "twin: a class of the fork's own with a prepare of the name",
        K(
            *ET,
            "vllm/aeon/r54et8.py",
            "import torch\n\n\n"
            "class AeonDispatcher:\n"
            "    def prepare(self, a1, a1_scale, a2_scale, topk_weights, topk_ids, num_experts, expert_map,\n"
            "                apply_router_weight_on_input, quant_config\n"
            "    ) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None, torch.Tensor | None, None]:\n"
            "        return a1, None, torch.bincount(topk_ids.flatten(), minlength=num_experts), None, None\n\n\n"
            "def aeon_probe(pf: AeonDispatcher, a1, topk_weights, topk_ids, quant_config) -> int:\n"
            f"    _, _, counts, _, _ = {PREP}\n"
            "    return -1 if counts is None else int(counts.argmax())\n",
            "    return -1 if counts is None else int(counts.argmax())",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review54-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
