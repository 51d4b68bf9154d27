"""Adversarial twins of mend78's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a returned tensor upstream now unsqueezes itself (``drift/ranked_returns.py``, new, an error; #34219
  ``fi_chunk_gated_delta_rule`` returns ``output.unsqueeze(0)``): the fork's unsqueeze under a rank test, a
  negative axis, its own squeeze of the call's value, another name reshaped, the other position, the fork's own
  function of the name, the fork's squeeze back to 3-D, a read after ``assert len(o.shape) == 4``, a read after a
  test of the new unit axis;
- a dispatch now guarded by a set of literal keys (``drift/narrowed_dispatch.py``, new, an error; #38247
  ``_SPECULATIVE_DECODING_CONFIGS``): the fork adding its key to the set (``.add``, ``|=`` through the module),
  calling its class itself, calling through the table itself, its own table of the name beside an import of
  upstream's module, a speculative key by keyword, a key that is no literal;
- a joined name now starting elsewhere (``drift/shifted_joins.py``, new, a warning for #17196's computed start):
  a negative index, another separator, the other position, the parts counted from the end;
- a list keyword handed shorter (``drift/handed_literals.py`` widened, an error; #36242 ``output_sizes=[n * 2]``
  through ``create_ba_proj``): the first entry, the last by ``[-1]``, a read under a length test, in a ``try``
  catching IndexError, a subclass overriding the factory with two shards again, upstream's own Qwen3.5 subclass
  (which does so) subclassed, a subclass building the member itself, a slice;
- a bounded slice along one dim as an access (``drift/layouts.py`` widened, an error; #25403 ``lora_b[:, s:e]``
  made ``lora_b[s:e, :]``): the new dim, the row-parallel ``slice_lora_a`` upstream moved onto dim 1, a slice
  of the name rebound to its transpose, a slice under a test of the name's shape, a slice of a local the
  subclass set itself from its stacked buffer, a bias's slice.

Two more real commits of the shapes: #36876 (f296a1966d) returns ``result.unsqueeze(0)`` on a new path of a def
whose output the base already unsqueezed (a 4-D read, a squeeze by index: twins), and #11430 (b1b1038fbd)
rewrote ``parse_fine_tuned_lora_name``'s joins but kept their start at part 2 (a leading part read: a twin).

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (mend78 at 5f5f99ee, the file as first written, 8 cases and 34 twins): 6 caught, 1 warned, 1 missed of 8
(#17196's computed start: a warning by design; the miss below); 9 false errors of 34 (2 warned).  #34219: a read
of axis 1 after ``if o.shape[0] != 1: raise`` (the function tested the new unit axis).  #38247, four: the fork
adding its key to ``_SPECULATIVE_DECODING_CONFIGS`` (``.add``, and ``|=`` through the module), calling
``_CONFIG_REGISTRY["aeon_nvfp4"].from_pretrained`` itself (a call of ``C.from_pretrained`` was already a
warning), and a fork table named ``_CONFIG_REGISTRY`` of its own beside ``from vllm.transformers_utils import
config as hf_cfg`` (any attribute or bare name of the table's name counted).  #36242, two: ``output_sizes[1]`` in
a ``try`` catching IndexError, and in a subclass overriding ``create_ba_proj`` to hand ``[num_v_heads] * 2``
again (as upstream's own ``Qwen3_5GatedDeltaNet`` does -- subclassing that one was quiet already).  #25403, two:
``lora_b`` rebound to ``lora_b.t()`` before ``lora_b[:, s:e].t()``, and a slice under ``if lora_b.shape[0] <
lora_b.shape[1]:`` (only ``==``/``!=`` against an integer counted as a layout test).  The shifted-join twins
(#17196's start is computed: warnings at most) held.
Round 2 (this branch): ``ranked_returns._unit_tested`` -- a function comparing the added axis's size with 1
(``==``/``!=``) makes its reads warnings (written for the new rank, or a one-row test at the old: not provable);
``narrowed_dispatch`` -- the keys the fork's files add to the guarding set count as listed
(``_widened_by_fork``: ``S.add``, ``S.update``, ``S |=``, ``m.S = ...``), a call ``T["k"].M(`` in the fork's file
is a warning as ``C.M(`` is, and a store counts only into upstream's table (the bare name imported from its
module and not bound by the file, or an attribute of an alias of the module); ``handed_literals`` -- an index in
a ``try`` whose handler catches IndexError (``LookupError``, ``Exception``, ``BaseException``, bare), and a read
off ``self`` in a class (or a base of its file) defining the factory method upstream's ``__init__`` builds the
member through; ``layouts`` -- a name rebound before the access to a transposed or permuted view of itself
(``.t()``, ``.T``, ``.mT``, ``.transpose``, ``.permute``, ``.swapaxes``, ``.movedim``, ``torch.transpose(x,
...)``), and ``layouts_read`` (shared with ``drift/fewer_dims.py``) counting a comparison of two sizes of one
value, any operator, as a test of its layout.  Unit tests that failed before: test_ranked_return_drift
``unit_axis`` (2), test_narrowed_dispatch ``lets_through_or_its_own_table`` (4) and ``calling_through_the_table``
(1), test_handed_literals ``answers_itself`` (4 of 5; the factory on a base of the file was quiet already),
test_layout_drift ``own_orientation`` (5).  0 false errors of 34 (5 warned).
Round 3 (written after the mends, cases they must not swallow): a read of axis 0 beside a test of axis 1
against 1, another key added to the set than the one registered, a call through the table under another key, a
``try`` catching KeyError, a subclass overriding another factory (``create_qkvz_proj``), the name rebound
keeping its layout (``.contiguous()``), a slice under a test of its size against the shard size; with the three
twins of #36876 and #11430.  All caught, on 5f5f99ee (``AEON_SRC``) and on this branch.  Over the whole file,
5f5f99ee: 13 caught, 1 warned, 1 missed of 15; 9 false errors of 37 (2 warned).  This branch: 13 caught, 1
warned, 1 missed of 15; 0 false errors of 37 (5 warned).
Then the one miss: #25403's merged-column ``slice_lora_b`` slicing each shard's columns, ``lora_b_i[:, a:b]``
with ``lora_b_i := lora_b[i]`` -- layouts counted accesses on a method's parameters and ``self`` fields only,
and its text gate matched line by line where upstream broke the access after ``lora_b_i[:,``.  Now a name bound
to an item of a parameter (``x := p[i]``, ``x = p[0]``) counts as the parameter does, on both sides, and the gate
matches the changed lines joined (test_layout_drift ``item_of_a_list_parameter`` and ``over_two_lines``, failed
before).  FINAL, this branch: 14 caught, 1 warned, 0 missed of 15; 0 false errors of 37 twins (5 warned).
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet); mend78's replays
as their FINAL lines: blind_replay_qwen3moe 15 caught, 4 warned, 3 missed of 22 (12 quiet), blind_replay_tfconfig2
19 caught, 1 warned of 20 (12 quiet), blind_replay_lora3 10 caught, 7 warned, 2 missed of 19 (10 quiet); the
neighbours: blind_replay_kernels 15 caught, 1 warned, 1 missed of 17 (4 quiet), blind_replay_dsv2 15 caught, 5
warned of 20 (10 quiet), review101_twins 3 caught, 6 warned of 9 (0 false of 41, 3 warned), blind_replay_tfconfig
24/24 (0 false of 14, 1 warned), blind_replay_attnmeta 29 caught, 1 warned of 30 (14 quiet); for the shared
``layouts_read``: blind_replay_mlasparse 22 caught, 1 warned, 1 missed of 24 (11 quiet, 1 warned) and
review78_twins 7 caught, 1 warned of 8 (0 false of 36, 7 warned) -- each one catch short of its docstring, the
same on 5f5f99ee (``AEON_SRC``): #52550's ``is False`` test of a default made None, warned, not these modules'.
0 false errors anywhere.  Unit tests: test_layout_drift 51 (9 new; 54 below), test_handed_literals 34 (8 new),
test_ranked_return_drift 20 (5 new), test_narrowed_dispatch 19 (8 new), with test_shifted_joins, test_fewer_dims,
test_lazy_patterns and test_fleet_profile: 180 passed (183 with test_layout_drift at 54 after the item-of-a-parameter mend).
After that mend: review134_twins 14 caught, 1 warned of 15, blind_replay_lora3, _kernels, _attnmeta, _mlasparse,
review17_twins 11 caught, 1 warned of 12 (0 false of 23, 2 warned), review38_twins 6/6 (0 false of 20, 6 warned),
review44_twins 8/8 (0 false of 32, 14 warned), review71_twins 10/10 (0 false of 44, 7 warned): each as before.
At this branch's head the whole set again: killer_replay 26/26, kind_change_replay 12/12, blind_replay_qwen3moe,
_tfconfig2, _dsv2, _tfconfig, review101_twins, review78_twins as above; drift_speed's 150 window: layout_drift
0.000 s, handed_literal_drift 0.020 s (the others 0.000 s).  Speed (drift_speed's 150-commit
window, medians of 5, the machine shared): layout_drift, fewer_dims_drift, ranked_return_drift,
narrowed_dispatch_drift 0.000 s either way (gated first); handed_literal_drift 0.049/0.031 s on this branch
against 0.039 s on 5f5f99ee (noise; above the ~2 ms budget on both, as mend78 recorded).

  PYTHONPATH=.. python review134_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- #34219 (ae4e280602): fi_chunk_gated_delta_rule's output now (1, L, H, D): the function unsqueezes it
QN = "vllm.model_executor.models.qwen3_next"
FI = ("#34219", "ae4e280602", "fi_chunk_gated_delta_rule now returns output.unsqueeze(0) (4-D, like the FLA path)")
FI_HEAD = f"import torch\n\nfrom {QN} import fi_chunk_gated_delta_rule\n\n\n"
FI_CALL = "fi_chunk_gated_delta_rule(q, k, v, g, beta, state, True, cu_seqlens)"


def _fi(name: str, body: str, line: str, head: str = FI_HEAD) -> Killer:
    return K(*FI, f"vllm/aeon/r134{name}.py", head + body, line)


CASES += [
    (
        "#34219 ranked return",
        "a head count read off axis 1 of the call's first value",
        _fi(
            "rr0",
            "def aeon_heads(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            "    # AEON: the Spark's GDN prefill sizes its gate buffer by the heads\n"
            f"    o = {FI_CALL}[0]\n"
            "    return o.size(1)\n",
            "return o.size(1)",
        ),
    ),
    (
        "#34219 ranked return",
        "torch.unsqueeze of the output by the module function",
        _fi(
            "rr00",
            "def aeon_prefill_fla(q, k, v, g, beta, state, cu_seqlens):\n"
            "    # AEON: FLA's layout for the Spark's post-norm\n"
            f"    out, final = {FI_CALL}\n"
            "    return torch.unsqueeze(out, 0), final\n",
            "return torch.unsqueeze(out, 0), final",
        ),
    ),
]
TWINS += [
    (
        "#34219 ranked return",
        "twin: the unsqueeze under a rank test",
        _fi(
            "rr1",
            "def aeon_prefill1(q, k, v, g, beta, state, cu_seqlens):\n"
            f"    o, s = {FI_CALL}\n"
            "    return (o if o.ndim == 4 else o.unsqueeze(0)), s\n",
            "return (o if o.ndim == 4 else o.unsqueeze(0)), s",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: the token count off a negative axis",
        _fi(
            "rr2",
            "def aeon_tokens2(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o, _ = {FI_CALL}\n"
            "    return o.shape[-3]\n",
            "return o.shape[-3]",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: the fork squeezes the call's value before binding it",
        _fi(
            "rr3",
            "def aeon_tokens3(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o = {FI_CALL}[0].squeeze(0)\n"
            "    return o.shape[0]\n",
            "return o.shape[0]",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: another name reshaped from the output",
        _fi(
            "rr4",
            "def aeon_tokens4(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o, _ = {FI_CALL}\n"
            "    flat = o.reshape(-1, o.shape[-2], o.shape[-1])\n"
            "    return flat.shape[0]\n",
            "return flat.shape[0]",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: the state's axis 0 (the other position)",
        _fi(
            "rr5",
            "def aeon_batch5(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    _, final_state = {FI_CALL}\n"
            "    return final_state.shape[0]\n",
            "return final_state.shape[0]",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: the fork's own function of the name",
        _fi(
            "rr6",
            "def fi_chunk_gated_delta_rule(q, k, v, g, beta, state, head_first, cu_seqlens):\n"
            "    # AEON: the Spark's own FlashInfer wrapper, 3-D out\n"
            "    return q * beta[..., None], state\n\n\n"
            "def aeon_tokens6(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o, _ = {FI_CALL}\n"
            "    return o.shape[0]\n",
            "    return o.shape[0]",
            head="import torch\n\n\n",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: the fork squeezes the new axis back",
        _fi(
            "rr7",
            "def aeon_prefill7(q, k, v, g, beta, state, cu_seqlens):\n"
            f"    o, s = {FI_CALL}\n"
            "    return o.squeeze(0), s\n",
            "return o.squeeze(0), s",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: a read of axis 1 after asserting rank 4",
        _fi(
            "rr8",
            "def aeon_tokens8(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o, _ = {FI_CALL}\n"
            "    assert len(o.shape) == 4\n"
            "    return o.shape[1]\n",
            "return o.shape[1]",
        ),
    ),
    (
        "#34219 ranked return",
        "twin: a read of axis 1 after testing the new unit axis",
        _fi(
            "rr9",
            "def aeon_tokens9(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o, _ = {FI_CALL}\n"
            "    if o.shape[0] != 1:\n"
            '        raise ValueError("the Spark packs one varlen batch")\n'
            "    return o.shape[1]\n",
            "return o.shape[1]",
        ),
    ),
]

# --- #38247 (f73bcb1c51): only the speculative registry classes are still built by their own from_pretrained
FP = ("#38247", "f73bcb1c51", "HFConfigParser builds _CONFIG_REGISTRY classes (but eagle/speculators) via AutoConfig")
PC = "from transformers import PretrainedConfig\n\nfrom vllm.transformers_utils.config import _CONFIG_REGISTRY\n"
OVERRIDE = (
    "    @classmethod\n"
    "    def from_pretrained(cls, *args, **kwargs):\n"
    "        config = super().from_pretrained(*args, **kwargs)\n"
    '        config.aeon_scale_layout = "swizzled"\n'
    "        return config\n"
)
OVERRIDE_LINE = "    def from_pretrained(cls, *args, **kwargs):"


def _fp(name: str, text: str, line: str = OVERRIDE_LINE) -> Killer:
    return K(*FP, f"vllm/aeon/r134{name}.py", text, line)


CASES += [
    (
        "#38247 narrowed dispatch",
        "setdefault, the override on a base class of the file",
        _fp(
            "nd0",
            PC + "\n\nclass AeonQuantBase(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            "class AeonW4Config(AeonQuantBase):\n"
            '    model_type = "aeon_w4"\n\n\n'
            '_CONFIG_REGISTRY.setdefault("aeon_w4", AeonW4Config)\n',
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "a store through the module attribute",
        _fp(
            "nd00",
            "from transformers import PretrainedConfig\n\n"
            "import vllm.transformers_utils.config as hf_cfg\n\n\n"
            "class AeonXConfig(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            'hf_cfg._CONFIG_REGISTRY["aeon_x"] = AeonXConfig\n',
        ),
    ),
]
TWINS += [
    (
        "#38247 narrowed dispatch",
        "twin: the fork adds its key to the speculative set",
        _fp(
            "nd1",
            PC.replace("import _CONFIG_REGISTRY", "import _CONFIG_REGISTRY, _SPECULATIVE_DECODING_CONFIGS")
            + "\n\nclass AeonNvfp4Config1(PretrainedConfig):\n"
            + OVERRIDE
            + "\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config1\n'
            '_SPECULATIVE_DECODING_CONFIGS.add("aeon_nvfp4")\n',
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "twin: the key joined to the set through the module",
        _fp(
            "nd2",
            "from transformers import PretrainedConfig\n\n"
            "from vllm.transformers_utils import config as hf_cfg\n\n\n"
            "class AeonNvfp4Config2(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            'hf_cfg._CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config2\n'
            'hf_cfg._SPECULATIVE_DECODING_CONFIGS |= {"aeon_nvfp4"}\n',
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "twin: the fork calls its class itself (a warning by design)",
        _fp(
            "nd3",
            PC + "\n\nclass AeonNvfp4Config3(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config3\n\n\n'
            "def aeon_load_config(path: str) -> PretrainedConfig:\n"
            "    return AeonNvfp4Config3.from_pretrained(path)\n",
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "twin: the fork calls through the table itself",
        _fp(
            "nd4",
            PC + "\n\nclass AeonNvfp4Config4(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config4\n\n\n'
            "def aeon_load_config4(path: str) -> PretrainedConfig:\n"
            '    return _CONFIG_REGISTRY["aeon_nvfp4"].from_pretrained(path)\n',
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "twin: the fork's own table of the name beside upstream's module",
        _fp(
            "nd5",
            "from transformers import PretrainedConfig\n\n"
            "from vllm.transformers_utils import config as hf_cfg\n\n"
            "_CONFIG_REGISTRY: dict[str, type[PretrainedConfig]] = {}\n\n\n"
            "class AeonNvfp4Config5(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config5\n\n\n'
            "def aeon_build(model_type: str, path: str) -> PretrainedConfig:\n"
            "    if model_type in _CONFIG_REGISTRY:\n"
            "        return _CONFIG_REGISTRY[model_type].from_pretrained(path)\n"
            "    return hf_cfg.get_config(path, trust_remote_code=False)\n",
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "twin: the speculators key by keyword",
        _fp(
            "nd6",
            PC + "\n\nclass AeonSpecConfig(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            "_CONFIG_REGISTRY.update(speculators=AeonSpecConfig)\n",
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "twin: a key that is no literal (a warning at most)",
        _fp(
            "nd7",
            PC + "\n\nclass AeonNvfp4Config7(PretrainedConfig):\n"
            '    model_type = "aeon_nvfp4"\n\n' + OVERRIDE + "\n\n"
            "_CONFIG_REGISTRY[AeonNvfp4Config7.model_type] = AeonNvfp4Config7\n",
        ),
    ),
]

# --- #17196 (756848e79e): parse_fine_tuned_lora_name keeps the whole name when it lacks base_model.model.
PN = ("#17196", "756848e79e", "parse_fine_tuned_lora_name no longer drops the first two parts of an unprefixed name")
PN_HEAD = "from vllm.lora.utils import parse_fine_tuned_lora_name\n\n\n"


def _pn(name: str, body: str, line: str) -> Killer:
    return K(*PN, f"vllm/aeon/r134{name}.py", PN_HEAD + body, line)


CASES += [
    (
        "#17196 shifted join",
        "the second part of the value taken by index (a warning: the start is computed)",
        _pn(
            "sj0",
            "def aeon_block_of(key: str) -> str:\n"
            "    module = parse_fine_tuned_lora_name(key)[0]\n"
            '    return module.split(".")[1]\n',
            'return module.split(".")[1]',
        ),
    ),
]
TWINS += [
    (
        "#17196 shifted join",
        "twin: the last two parts",
        _pn(
            "sj1",
            "def aeon_leaf_of(key: str) -> str:\n"
            "    module, _, _ = parse_fine_tuned_lora_name(key)\n"
            '    return module.split(".")[-2]\n',
            'return module.split(".")[-2]',
        ),
    ),
    (
        "#17196 shifted join",
        "twin: another separator",
        _pn(
            "sj2",
            "def aeon_head_of(key: str) -> str:\n"
            "    module, _, _ = parse_fine_tuned_lora_name(key)\n"
            '    return module.split("/")[0]\n',
            'return module.split("/")[0]',
        ),
    ),
    (
        "#17196 shifted join",
        "twin: the key itself split",
        _pn(
            "sj3",
            "def aeon_prefix_of(key: str) -> str:\n"
            "    module, _, _ = parse_fine_tuned_lora_name(key)\n"
            '    return key.split(".")[0] + module\n',
            'return key.split(".")[0] + module',
        ),
    ),
    (
        "#17196 shifted join",
        "twin: the parts counted from the end",
        _pn(
            "sj4",
            "def aeon_layer_of4(key: str) -> int:\n"
            "    module, _, _ = parse_fine_tuned_lora_name(key)\n"
            '    parts = module.split(".")\n'
            "    return int(parts[len(parts) - 3])\n",
            "return int(parts[len(parts) - 3])",
        ),
    ),
]

# --- #36242 (4e95ec111c): in_proj_ba one output shard [2 * num_v_heads] (was [num_v_heads] * 2), via create_ba_proj
BA = ("#36242", "4e95ec111c", "Qwen3NextGatedDeltaNet.in_proj_ba output_sizes [num_v_heads * 2], was [num_v_heads] * 2")
BA_HEAD = f"import torch\n\nfrom {QN} import Qwen3NextGatedDeltaNet\n\n\n"


def _ba(name: str, body: str, line: str, head: str = BA_HEAD) -> Killer:
    return K(*BA, f"vllm/aeon/r134{name}.py", head + body, line)


CASES += [
    (
        "#36242 list handed shorter",
        "a typed parameter's entry -2",
        _ba(
            "hl0",
            "def aeon_b_width(layer: Qwen3NextGatedDeltaNet) -> int:\n"
            "    # AEON: the Spark's gating kernel takes b's width\n"
            "    return layer.in_proj_ba.output_sizes[-2]\n",
            "return layer.in_proj_ba.output_sizes[-2]",
        ),
    ),
]
TWINS += [
    (
        "#36242 list handed shorter",
        "twin: the first entry",
        _ba(
            "hl1",
            "class AeonGDN1(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_ba_width(self) -> int:\n"
            "        return self.in_proj_ba.output_sizes[0]\n",
            "return self.in_proj_ba.output_sizes[0]",
        ),
    ),
    (
        "#36242 list handed shorter",
        "twin: the last entry",
        _ba(
            "hl2",
            "class AeonGDN2(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_ba_width(self) -> int:\n"
            "        return self.in_proj_ba.output_sizes[-1]\n",
            "return self.in_proj_ba.output_sizes[-1]",
        ),
    ),
    (
        "#36242 list handed shorter",
        "twin: a read under a test of the length",
        _ba(
            "hl3",
            "class AeonGDN3(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_a_width(self) -> int:\n"
            "        sizes = self.in_proj_ba.output_sizes\n"
            "        if len(self.in_proj_ba.output_sizes) > 1:\n"
            "            return self.in_proj_ba.output_sizes[1]\n"
            "        return sizes[0] // 2\n",
            "            return self.in_proj_ba.output_sizes[1]",
        ),
    ),
    (
        "#36242 list handed shorter",
        "twin: in a try catching IndexError",
        _ba(
            "hl4",
            "class AeonGDN4(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_a_width(self) -> int:\n"
            "        try:\n"
            "            return self.in_proj_ba.output_sizes[1]\n"
            "        except IndexError:\n"
            "            return self.in_proj_ba.output_sizes[0] // 2\n",
            "            return self.in_proj_ba.output_sizes[1]",
        ),
    ),
    (
        "#36242 list handed shorter",
        "twin: a subclass's factory handing two shards again",
        _ba(
            "hl5",
            "from vllm.model_executor.layers.linear import MergedColumnParallelLinear\n\n\n"
            "class AeonGDN5(Qwen3NextGatedDeltaNet):\n"
            "    def create_ba_proj(self, hidden_size, num_v_heads, quant_config, prefix):\n"
            "        # AEON: the Spark's NVFP4 checkpoints store in_proj_b and in_proj_a apart\n"
            "        return MergedColumnParallelLinear(\n"
            "            input_size=hidden_size,\n"
            "            output_sizes=[num_v_heads] * 2,\n"
            "            bias=False,\n"
            "            quant_config=quant_config,\n"
            "            prefix=prefix,\n"
            "        )\n\n"
            "    def aeon_a_width(self) -> int:\n"
            "        return self.in_proj_ba.output_sizes[1]\n",
            "return self.in_proj_ba.output_sizes[1]",
        ),
    ),
    (
        "#36242 list handed shorter",
        "twin: upstream's Qwen3.5 layer (two shards) subclassed",
        _ba(
            "hl6",
            "class AeonGDN6(Qwen3_5GatedDeltaNet):\n"
            "    def aeon_a_width(self) -> int:\n"
            "        return self.in_proj_ba.output_sizes[1]\n",
            "return self.in_proj_ba.output_sizes[1]",
            head="import torch\n\nfrom vllm.model_executor.models.qwen3_5 import Qwen3_5GatedDeltaNet\n\n\n",
        ),
    ),
    (
        "#36242 list handed shorter",
        "twin: a subclass building the member itself",
        _ba(
            "hl7",
            "from vllm.model_executor.layers.linear import MergedColumnParallelLinear\n\n\n"
            "class AeonGDN7(Qwen3NextGatedDeltaNet):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        n = self.num_v_heads // self.tp_size\n"
            "        self.in_proj_ba = MergedColumnParallelLinear(self.hidden_size, [n, n], bias=False)\n\n"
            "    def aeon_a_width(self) -> int:\n"
            "        return self.in_proj_ba.output_sizes[1]\n",
            "return self.in_proj_ba.output_sizes[1]",
        ),
    ),
    (
        "#36242 list handed shorter",
        "twin: a slice from entry 1",
        _ba(
            "hl8",
            "class AeonGDN8(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_tail(self) -> int:\n"
            "        return sum(self.in_proj_ba.output_sizes[1:])\n",
            "return sum(self.in_proj_ba.output_sizes[1:])",
        ),
    ),
]

# --- #25403 (273690a50a): lora_a/lora_b kept as stored ([rank, in] / [out, rank]); the layers slice rows
OR = ("#25403", "273690a50a", "LoRALayerWeights.lora_a/lora_b no longer transposed on load; the layers slice rows")
OR_HEAD = (
    "import torch\n\nfrom vllm.distributed import get_tensor_model_parallel_rank\n"
    "from vllm.lora.layers import (\n"
    "    ColumnParallelLinearWithLoRA,\n"
    "    ColumnParallelLinearWithShardedLoRA,\n"
    "    MergedColumnParallelLinearWithLoRA,\n"
    "    RowParallelLinearWithLoRA,\n"
    ")\n\n\n"
)


def _or(name: str, body: str, line: str) -> Killer:
    return K(*OR, f"vllm/aeon/r134{name}.py", OR_HEAD + body, line)


CASES += [
    (
        "#25403 bounded slice",
        "a merged-column override slicing each shard's columns",
        _or(
            "ly0",
            "class AeonMergedColumn0(MergedColumnParallelLinearWithLoRA):\n"
            "    def slice_lora_b(self, lora_b):\n"
            "        # AEON: the Spark pads each shard to 128 rows\n"
            "        out = [None] * len(lora_b)\n"
            "        for i, (shard_id, shard_size) in enumerate(zip(self.output_ids, self.output_slices)):\n"
            "            if (lora_b_i := lora_b[i]) is not None:\n"
            "                out[i] = lora_b_i[:, shard_size * shard_id : shard_size * (shard_id + 1)]\n"
            "        return out\n",
            "out[i] = lora_b_i[:, shard_size * shard_id : shard_size * (shard_id + 1)]",
        ),
    ),
    (
        "#25403 bounded slice",
        "a sharded-column override slicing lora_a's columns",
        _or(
            "ly00",
            "class AeonShardedColumn00(ColumnParallelLinearWithShardedLoRA):\n"
            "    def slice_lora_a(self, lora_a):\n"
            "        size = self.lora_a_stacked[0].shape[2]\n"
            "        first = get_tensor_model_parallel_rank() * size\n"
            "        return lora_a[:, first : first + size].contiguous()\n",
            "return lora_a[:, first : first + size].contiguous()",
        ),
    ),
]
TWINS += [
    (
        "#25403 bounded slice",
        "twin: the new dim",
        _or(
            "ly1",
            "class AeonColumn1(ColumnParallelLinearWithLoRA):\n"
            "    def slice_lora_b(self, lora_b):\n"
            "        start = get_tensor_model_parallel_rank() * self.output_size\n"
            "        return lora_b[start : start + self.output_size, :]\n",
            "return lora_b[start : start + self.output_size, :]",
        ),
    ),
    (
        "#25403 bounded slice",
        "twin: the row-parallel slice_lora_a upstream moved onto dim 1",
        _or(
            "ly2",
            "class AeonRow2(RowParallelLinearWithLoRA):\n"
            "    def slice_lora_a(self, lora_a):\n"
            "        start = self.tp_rank * self.input_size\n"
            "        return lora_a[:, start : start + self.input_size]\n",
            "return lora_a[:, start : start + self.input_size]",
        ),
    ),
    (
        "#25403 bounded slice",
        "twin: the name rebound to its transpose first",
        _or(
            "ly3",
            "class AeonColumn3(ColumnParallelLinearWithLoRA):\n"
            "    def slice_lora_b(self, lora_b):\n"
            "        # AEON: the Spark's kernel wants [rank, out]; slice there and hand it back\n"
            "        lora_b = lora_b.t()\n"
            "        start = get_tensor_model_parallel_rank() * self.output_size\n"
            "        return lora_b[:, start : start + self.output_size].t()\n",
            "return lora_b[:, start : start + self.output_size].t()",
        ),
    ),
    (
        "#25403 bounded slice",
        "twin: a slice under a test of the name's shape",
        _or(
            "ly4",
            "class AeonColumn4(ColumnParallelLinearWithLoRA):\n"
            "    def slice_lora_b(self, lora_b):\n"
            "        n = self.output_size\n"
            "        start = get_tensor_model_parallel_rank() * n\n"
            "        if lora_b.shape[0] < lora_b.shape[1]:\n"
            "            return lora_b[:, start : start + n]\n"
            "        return lora_b[start : start + n, :]\n",
            "            return lora_b[:, start : start + n]",
        ),
    ),
    (
        "#25403 bounded slice",
        "twin: a slice of a local the subclass set itself",
        _or(
            "ly5",
            "class AeonColumn5(ColumnParallelLinearWithLoRA):\n"
            "    def aeon_rank_view(self, index: int, rank: int) -> torch.Tensor:\n"
            "        lora_b = self.lora_b_stacked[0][index, 0]\n"
            "        return lora_b[:, :rank]\n",
            "return lora_b[:, :rank]",
        ),
    ),
    (
        "#25403 bounded slice",
        "twin: a 2-D bias sliced by columns",
        _or(
            "ly6",
            "class AeonColumn6(ColumnParallelLinearWithLoRA):\n"
            "    def aeon_bias_view(self, bias: torch.Tensor) -> torch.Tensor:\n"
            "        n = self.output_size\n"
            "        return bias[:, :n]\n",
            "return bias[:, :n]",
        ),
    ),
]


# --- another real commit of the ranked shape: #36876 (f296a1966d) returns ``result.unsqueeze(0)`` on a new path of
# fi_chunk_gated_delta_rule, whose output the base already unsqueezed (#34219 before it): a 4-D read stays right
FW = ("#36876", "f296a1966d", "fi_chunk_gated_delta_rule returns result.unsqueeze(0), None without a final state")
TWINS += [
    (
        "#36876 ranked return (already 4-D at the base)",
        "twin: the token count off axis 1",
        K(
            *FW,
            "vllm/aeon/r134rw1.py",
            FI_HEAD + "def aeon_tokens_w1(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o, _ = {FI_CALL}\n"
            "    return o.shape[1]\n",
            "return o.shape[1]",
        ),
    ),
    (
        "#36876 ranked return (already 4-D at the base)",
        "twin: the unit axis squeezed off by index",
        K(
            *FW,
            "vllm/aeon/r134rw2.py",
            FI_HEAD + "def aeon_prefill_w2(q, k, v, g, beta, state, cu_seqlens):\n"
            "    o = fi_chunk_gated_delta_rule(q, k, v, g, beta, state, False, cu_seqlens)[0]\n"
            "    return o[0], o.size(2)\n",
            "return o[0], o.size(2)",
        ),
    ),
]

# --- another real commit of the joined shape: #11430 (b1b1038fbd) rewrote parse_fine_tuned_lora_name's joins
# (a weights mapper over ``".".join(parts[2:-2])``) but kept their start: a leading part is read where it was
PW = ("#11430", "b1b1038fbd", "parse_fine_tuned_lora_name maps the joined name; the join still starts at part 2")
TWINS += [
    (
        "#11430 join rewritten, start kept",
        "twin: the layer index off the first part",
        K(
            *PW,
            "vllm/aeon/r134pw1.py",
            PN_HEAD + "def aeon_layer_w1(key: str) -> int:\n"
            "    module, _, _ = parse_fine_tuned_lora_name(key)\n"
            '    return int(module.split(".")[2])\n',
            'return int(module.split(".")[2])',
        ),
    ),
]

# --- round 3: what the round-2 mends must not swallow
CASES += [
    (
        "#34219 ranked return",
        "round 3: a read of axis 0 beside a test of axis 1 against 1",
        _fi(
            "rr3r",
            "def aeon_tokens_r3(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            f"    o, _ = {FI_CALL}\n"
            "    if o.shape[1] == 1:\n"
            "        return 0\n"
            "    return o.shape[0]\n",
            "    return o.shape[0]",
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "round 3: another key added to the set than the one registered",
        _fp(
            "nd3r",
            PC.replace("import _CONFIG_REGISTRY", "import _CONFIG_REGISTRY, _SPECULATIVE_DECODING_CONFIGS")
            + "\n\nclass AeonNvfp4Config3r(PretrainedConfig):\n"
            + OVERRIDE
            + "\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config3r\n'
            '_SPECULATIVE_DECODING_CONFIGS.add("aeon_eagle")\n',
        ),
    ),
    (
        "#38247 narrowed dispatch",
        "round 3: a call through the table under another key",
        _fp(
            "nd3s",
            PC + "\n\nclass AeonNvfp4Config3s(PretrainedConfig):\n" + OVERRIDE + "\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config3s\n\n\n'
            "def aeon_load_eagle(path: str) -> PretrainedConfig:\n"
            '    return _CONFIG_REGISTRY["eagle"].from_pretrained(path)\n',
        ),
    ),
    (
        "#36242 list handed shorter",
        "round 3: in a try catching KeyError",
        _ba(
            "hl3r",
            "class AeonGDN3r(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_a_width(self) -> int:\n"
            "        try:\n"
            "            return self.in_proj_ba.output_sizes[1]\n"
            "        except KeyError:\n"
            "            return 0\n",
            "            return self.in_proj_ba.output_sizes[1]",
        ),
    ),
    (
        "#36242 list handed shorter",
        "round 3: a subclass overriding another factory",
        _ba(
            "hl3s",
            "class AeonGDN3s(Qwen3NextGatedDeltaNet):\n"
            "    def create_qkvz_proj(self, hidden_size, key_dim, value_dim, quant_config, prefix):\n"
            "        return super().create_qkvz_proj(hidden_size, key_dim, value_dim, quant_config, prefix)\n\n"
            "    def aeon_a_width(self) -> int:\n"
            "        return self.in_proj_ba.output_sizes[1]\n",
            "return self.in_proj_ba.output_sizes[1]",
        ),
    ),
    (
        "#25403 bounded slice",
        "round 3: the name rebound keeping its layout",
        _or(
            "ly3r",
            "class AeonColumn3r(ColumnParallelLinearWithLoRA):\n"
            "    def slice_lora_b(self, lora_b):\n"
            "        lora_b = lora_b.contiguous()\n"
            "        start = get_tensor_model_parallel_rank() * self.output_size\n"
            "        return lora_b[:, start : start + self.output_size]\n",
            "return lora_b[:, start : start + self.output_size]",
        ),
    ),
    (
        "#25403 bounded slice",
        "round 3: under a test of its size against the shard",
        _or(
            "ly3s",
            "class AeonColumn3s(ColumnParallelLinearWithLoRA):\n"
            "    def slice_lora_b(self, lora_b):\n"
            "        start = get_tensor_model_parallel_rank() * self.output_size\n"
            "        if lora_b.shape[1] > self.output_size:\n"
            "            return lora_b[:, start : start + self.output_size]\n"
            "        return lora_b\n",
            "            return lora_b[:, start : start + self.output_size]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review134-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
