"""Adversarial twins of killers203's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a module table declared by a call of its subscripted type, keyed by what a method's annotated return shows
  (``drift/keys.py``; #25682 ``_MODEL_ARCH_BY_HASH = dict[str, ...]()`` -> ``dict[int, ...]()``, the fork keyed
  by ``model_config.compute_hash()``; #43586's ``budget_graphs`` re-keyed ``int`` -> ``str``, keyed by a
  subclass's own method): the new spelling (``hash((...))``), the fork's own class whose
  ``compute_hash`` returns an ``int``, a ``self.method()`` of the fork's own class returning an ``int``, the
  fork's own table of the name, a key handed in as an annotated ``int``, a ``compute_hash()`` local rebound to
  upstream's new key before the test, ``compute_hash()`` keying the fork's own ``str``-keyed table; the
  ``int`` into the inner dict of a path or into upstream's helper's graph set;
- a module-level string set upstream added members to (``drift/grown_sets.py``; #49586 ``SKIP_TENSORS`` gained
  ``"bias"``, #41396 ``_SPECULATIVE_DECODING_CONFIGS`` gained ``"medusa"``, #43859
  ``_MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS`` gained ``"step3p7"``): the fork's own set of the name, the
  fork's own class attribute of the name, a probe of the new member branching both ways, a back-port guard
  adding the member only when upstream lacks it, a ternary on the probe, a literal of the fork's own member,
  a membership test of a kept dict of the module;
- a fork class deriving from a class of a module upstream changed into text this Python cannot parse
  (``drift/unparsed_bases.py`` and ``drift/pyindex.py``'s unknown base; #16317's PEP 701 f-string in
  ``loader.py``, and #16962 that mended it): the override across the mend (the base unparsed, upstream
  parsed), a ``load_model`` override calling ``super()``, a ``BaseModelLoader`` subclass, a base from a module
  upstream did not touch, the fork's own class of the name, a kept static member read off the unparsed class,
  a kept function of the unparsed module.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's six
catches of these widenings (``blind_replay_loader2.py``'s three #25682 keys, two #49586 filters, #16317's
override), kept to show the reach stays, and #43586's method-return key.

Round 1 (main at 92c008e2), 6 cases and 26 twins as first written: 3 caught, 3 warned of 6 (as the replay);
5 false errors of 26, all grown sets' string literal of a new member, an error by design ("its answer flipped
for good"): #49586's probe copying the bias itself ``if "bias" in SKIP_TENSORS``, #41396's and #43859's
back-port guards (``if "medusa" not in S: S.add("medusa")``), #41396's probe bound to a local read by a
ternary, and #43859's probe skipping the fork's workaround.  Every one is right after the merge: a literal's
membership test is a constant at the base, so a fork writes it only to probe upstream's set.  Two keys twins
warned (the key unknown): upstream's own new key ``hash((...))`` bound to a local, and a local rebound to it.
Round 2 (this branch): a literal of a new member is a warning (its answer flipped; check the fork acts on it
as it means), a back-port guard (``if m not in S: S.add(m)``) quiet; ``hash(...)`` is an ``int`` key as
``len(...)`` is.  3 caught, 3 warned of 6; 0 false errors of 26 twins (7 warned: the three probes, the local
bound twice, and three #16317 subclasses carrying the unparsed-base warning, as the replay's twin does).
``blind_replay_loader2.py`` as before: 18 caught, 3 warned, 0 missed of 21, 10 twins quiet; killer_replay 26/26
blocked, kind_change_replay 12/12 (5 quiet), key_replay 6/7 re-keyings and 5/5 literal lookups caught with 0/12
twins false, review9_twins 0/55 false, blind_replay_benchsuite 13/2/0 (9 quiet): as before.
Round 3 (another real commit, written after the mends): #43586 (ad32608e24) re-keyed
``EncoderCudaGraphManager.budget_graphs`` from the token budget (``int``) to the path (``str``, each a dict by
budget): a case (a subclass's ``self.budget_graphs.get(self.aeon_budget())``, its own method ``-> int``) and four
twins (its own method ``-> str``, the ``int`` into ``budget_graphs["default"]``, the ``int`` into upstream's
``_get_graph_set()``, the fork's own class with its own ``budget_graphs`` by ``int``): 1 caught, 0 false of 4 on
both engines (the mends touch neither).
All rounds, main (92c008e2): 7 of 7 (4 caught, 3 warned); 5 false errors of 30 twins.  This branch: 7 of 7;
0 false errors of 30 twins (7 warned).

  PYTHONPATH=.. python review110_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 89fa54e6f7 (#25682): _MODEL_ARCH_BY_HASH = dict[str, ...]() -> dict[int, ...]() (hash of a tuple)
AH = ("#25682", "89fa54e6f7", "_MODEL_ARCH_BY_HASH keys str (compute_hash) -> int")
MU = "from vllm.config import ModelConfig\nfrom vllm.model_executor.model_loader import utils as model_utils\n\n\n"
CASES += [
    (
        "#25682 called table re-keyed",
        "a .get keyed by compute_hash()",
        K(
            *AH,
            "vllm/aeon/r110ah0.py",
            MU + "def aeon_cached_arch(model_config: ModelConfig):\n"
            "    return model_utils._MODEL_ARCH_BY_HASH.get(model_config.compute_hash())\n",
            "return model_utils._MODEL_ARCH_BY_HASH.get(model_config.compute_hash())",
        ),
    ),
    (
        "#25682 called table re-keyed",
        "a store keyed by compute_hash()",
        K(
            *AH,
            "vllm/aeon/r110ah1.py",
            MU + "def aeon_pin_arch(model_config: ModelConfig, cls: type) -> None:\n"
            '    model_utils._MODEL_ARCH_BY_HASH[model_config.compute_hash()] = (cls, "AeonNvfp4ForCausalLM")\n',
            'model_utils._MODEL_ARCH_BY_HASH[model_config.compute_hash()] = (cls, "AeonNvfp4ForCausalLM")',
        ),
    ),
    (
        "#25682 called table re-keyed",
        "a membership test of a compute_hash() local",
        K(
            *AH,
            "vllm/aeon/r110ah2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.model_loader.utils import _MODEL_ARCH_BY_HASH\n\n\n"
            "def aeon_arch_resolved(model_config: ModelConfig) -> bool:\n"
            "    key = model_config.compute_hash()\n"
            "    return key in _MODEL_ARCH_BY_HASH\n",
            "return key in _MODEL_ARCH_BY_HASH",
        ),
    ),
]
ARCH_KEY = (
    "hash((model_config.model, model_config.convert_type, model_config.runner_type,\n"
    "                 model_config.trust_remote_code, model_config.model_impl,\n"
    '                 tuple(getattr(model_config.hf_config, "architectures", []))))'
)
TWINS += [
    (
        "#25682 called table re-keyed",
        "twin: the new key (upstream's hash of the config's fields)",
        K(
            *AH,
            "vllm/aeon/r110ah3.py",
            MU + "def aeon_cached_arch(model_config: ModelConfig):\n"
            f"    key = {ARCH_KEY}\n"
            "    return model_utils._MODEL_ARCH_BY_HASH.get(key)\n",
            "return model_utils._MODEL_ARCH_BY_HASH.get(key)",
        ),
    ),
    (
        "#25682 called table re-keyed",
        "twin: the fork's own key class whose compute_hash returns an int",
        K(
            *AH,
            "vllm/aeon/r110ah4.py",
            "from vllm.model_executor.model_loader import utils as model_utils\n\n\n"
            "class AeonArchKey:\n"
            "    def __init__(self, model: str, impl: str) -> None:\n"
            "        self.model, self.impl = model, impl\n\n"
            "    def compute_hash(self) -> int:\n"
            "        return hash((self.model, self.impl))  # AEON: an int, as upstream's cache keys by\n\n\n"
            "def aeon_cached_arch(arch_key: AeonArchKey):\n"
            "    return model_utils._MODEL_ARCH_BY_HASH.get(arch_key.compute_hash())\n",
            "return model_utils._MODEL_ARCH_BY_HASH.get(arch_key.compute_hash())",
        ),
    ),
    (
        "#25682 called table re-keyed",
        "twin: self.method() of the fork's own class, annotated to return an int",
        K(
            *AH,
            "vllm/aeon/r110ah5.py",
            "from vllm.config import ModelConfig\nfrom vllm.model_executor.model_loader import utils as model_utils\n\n\n"
            "class AeonArchCache:\n"
            "    def __init__(self, model_config: ModelConfig) -> None:\n"
            "        self.model_config = model_config\n\n"
            "    def arch_hash(self) -> int:\n"
            "        cfg = self.model_config\n"
            "        return hash((cfg.model, cfg.convert_type, cfg.runner_type, cfg.trust_remote_code, cfg.model_impl,\n"
            '                     tuple(getattr(cfg.hf_config, "architectures", []))))\n\n'
            "    def cached(self):\n"
            "        return model_utils._MODEL_ARCH_BY_HASH.get(self.arch_hash())\n",
            "return model_utils._MODEL_ARCH_BY_HASH.get(self.arch_hash())",
        ),
    ),
    (
        "#25682 called table re-keyed",
        "twin: the fork's own _MODEL_ARCH_BY_HASH, keyed by compute_hash()",
        K(
            *AH,
            "vllm/aeon/r110ah6.py",
            "from torch import nn\n\nfrom vllm.config import ModelConfig\n\n"
            "# AEON: the NVFP4 path's own cache, keyed as upstream's was\n"
            "_MODEL_ARCH_BY_HASH = dict[str, tuple[type[nn.Module], str]]()\n\n\n"
            "def aeon_cached_arch(model_config: ModelConfig):\n"
            "    return _MODEL_ARCH_BY_HASH.get(model_config.compute_hash())\n",
            "return _MODEL_ARCH_BY_HASH.get(model_config.compute_hash())",
        ),
    ),
    (
        "#25682 called table re-keyed",
        "twin: a key handed in as an annotated int",
        K(
            *AH,
            "vllm/aeon/r110ah7.py",
            "from vllm.model_executor.model_loader import utils as model_utils\n\n\n"
            "def aeon_cached_arch(arch_hash: int):\n"
            "    # AEON: the caller hashes the config's fields as upstream's get_model_architecture does\n"
            "    return model_utils._MODEL_ARCH_BY_HASH.get(arch_hash)\n",
            "return model_utils._MODEL_ARCH_BY_HASH.get(arch_hash)",
        ),
    ),
    (
        "#25682 called table re-keyed",
        "twin: a compute_hash() local rebound to upstream's new key before the test",
        K(
            *AH,
            "vllm/aeon/r110ah8.py",
            "import logging\n\nfrom vllm.config import ModelConfig\n"
            "from vllm.model_executor.model_loader.utils import _MODEL_ARCH_BY_HASH\n\n\n"
            "def aeon_arch_resolved(model_config: ModelConfig) -> bool:\n"
            "    key = model_config.compute_hash()\n"
            '    logging.getLogger("aeon").debug("config %s", key)\n'
            f"    key = {ARCH_KEY}\n"
            "    return key in _MODEL_ARCH_BY_HASH\n",
            "return key in _MODEL_ARCH_BY_HASH",
        ),
    ),
    (
        "#25682 called table re-keyed",
        "twin: compute_hash() keying the fork's own str-keyed table beside upstream's",
        K(
            *AH,
            "vllm/aeon/r110ah9.py",
            MU + "_AEON_SEEN: dict[str, bool] = {}\n\n\n"
            "def aeon_arch(model_config: ModelConfig):\n"
            "    _AEON_SEEN[model_config.compute_hash()] = True\n"
            "    return model_utils.get_model_architecture(model_config)\n",
            "_AEON_SEEN[model_config.compute_hash()] = True",
        ),
    ),
]

# --- 163ecba377 (#49586): reload.meta.SKIP_TENSORS gains "bias"
SB = ("#49586", "163ecba377", 'SKIP_TENSORS gains "bias"')
MT = "import torch\n\nfrom vllm.model_executor.model_loader.reload.meta import SKIP_MODULES, SKIP_TENSORS\n\n\n"
CASES += [
    (
        "#49586 grown string set",
        "a count of the loadable elements filtered by the set",
        K(
            *SB,
            "vllm/aeon/r110sb0.py",
            MT + "def aeon_expected_numel(layer: torch.nn.Module) -> int:\n"
            "    tensors = dict(layer.named_parameters(recurse=False))\n"
            "    return sum(t.numel() for n, t in tensors.items() if n not in SKIP_TENSORS)\n",
            "return sum(t.numel() for n, t in tensors.items() if n not in SKIP_TENSORS)",
        ),
    ),
    (
        "#49586 grown string set",
        "a loop that skips the set's members when wrapping loaders",
        K(
            *SB,
            "vllm/aeon/r110sb1.py",
            MT + "def aeon_wrap_loaders(layer: torch.nn.Module, seen: set[str]) -> None:\n"
            "    for name, param in layer.named_parameters(recurse=False):\n"
            "        if name in SKIP_TENSORS:\n"
            "            continue\n"
            "        seen.add(name)\n",
            "if name in SKIP_TENSORS:",
        ),
    ),
]
TWINS += [
    (
        "#49586 grown string set",
        "twin: the fork's own SKIP_TENSORS of its own module",
        K(
            *SB,
            "vllm/aeon/r110sb2.py",
            "import torch\n\n"
            "# AEON: the NVFP4 path's own skip list (its amax buffers are rebuilt, never loaded)\n"
            'SKIP_TENSORS: set[str] = {"input_amax", "weight_amax"}\n\n\n'
            "def aeon_loadable(layer: torch.nn.Module) -> list[str]:\n"
            "    return [n for n, _ in layer.named_parameters(recurse=False) if n not in SKIP_TENSORS]\n",
            "return [n for n, _ in layer.named_parameters(recurse=False) if n not in SKIP_TENSORS]",
        ),
    ),
    (
        "#49586 grown string set",
        "twin: the fork's own class attribute of the name, tested with the new member",
        K(
            *SB,
            "vllm/aeon/r110sb3.py",
            MT + "class AeonNvfp4Reload:\n"
            '    SKIP_TENSORS = frozenset({"bias", "input_amax"})\n\n'
            "    def skips_bias(self) -> bool:\n"
            '        return "bias" in self.SKIP_TENSORS\n\n'
            "    def upstream_skips(self, module: torch.nn.Module) -> bool:\n"
            "        return type(module).__name__ in SKIP_MODULES\n",
            'return "bias" in self.SKIP_TENSORS',
        ),
    ),
    (
        "#49586 grown string set",
        "twin: a probe of the new member, the fork loading the bias itself when upstream skips it",
        K(
            *SB,
            "vllm/aeon/r110sb4.py",
            MT + "def aeon_reload_bias(layer: torch.nn.Module, bias: torch.Tensor) -> None:\n"
            '    if "bias" in SKIP_TENSORS:\n'
            "        # AEON: newer upstreams leave the bias to the weight loader: copy it here\n"
            "        layer.bias.data.copy_(bias)\n"
            "    else:\n"
            "        layer.aeon_bias_pending = bias\n",
            'if "bias" in SKIP_TENSORS:',
        ),
    ),
    (
        "#49586 grown string set",
        "twin: a kept member and a set upstream did not grow, through the module",
        K(
            *SB,
            "vllm/aeon/r110sb5.py",
            "import torch\n\nfrom vllm.model_executor.model_loader.reload import meta\n\n\n"
            "def aeon_skipped(layer: torch.nn.Module) -> bool:\n"
            '    return "e_score_correction_bias" in meta.SKIP_TENSORS and type(layer).__name__ in meta.SKIP_MODULES\n',
            'return "e_score_correction_bias" in meta.SKIP_TENSORS and type(layer).__name__ in meta.SKIP_MODULES',
        ),
    ),
]

# --- 727971f1c1 (#41396): transformers_utils.config._SPECULATIVE_DECODING_CONFIGS gains "medusa"
SD = ("#41396", "727971f1c1", '_SPECULATIVE_DECODING_CONFIGS gains "medusa"')
TC = "from vllm.transformers_utils import config as tu_config\n\n\n"
TWINS += [
    (
        "#41396 grown string set",
        "twin: a back-port guard adding the member only when upstream lacks it",
        K(
            *SD,
            "vllm/aeon/r110sd0.py",
            TC + "def aeon_register_medusa() -> None:\n"
            '    if "medusa" not in tu_config._SPECULATIVE_DECODING_CONFIGS:\n'
            "        # AEON: back-ported until upstream reads medusa checkpoints' configs itself\n"
            '        tu_config._SPECULATIVE_DECODING_CONFIGS.add("medusa")\n',
            'if "medusa" not in tu_config._SPECULATIVE_DECODING_CONFIGS:',
        ),
    ),
    (
        "#41396 grown string set",
        "twin: the fork's own spec-decode type, a literal upstream never adds",
        K(
            *SD,
            "vllm/aeon/r110sd1.py",
            "from vllm.transformers_utils.config import _SPECULATIVE_DECODING_CONFIGS\n\n\n"
            "def aeon_mtp_registered() -> bool:\n"
            '    return "aeon_mtp" in _SPECULATIVE_DECODING_CONFIGS\n',
            'return "aeon_mtp" in _SPECULATIVE_DECODING_CONFIGS',
        ),
    ),
    (
        "#41396 grown string set",
        "twin: the fork's own _SPECULATIVE_DECODING_CONFIGS, holding the member already",
        K(
            *SD,
            "vllm/aeon/r110sd2.py",
            "# AEON: the Spark's drafter configs, read before upstream's registry\n"
            '_SPECULATIVE_DECODING_CONFIGS: set[str] = {"eagle", "medusa", "aeon_mtp"}\n\n\n'
            "def aeon_is_drafter(model_type: str) -> bool:\n"
            '    return model_type == "medusa" and "medusa" in _SPECULATIVE_DECODING_CONFIGS\n',
            'return model_type == "medusa" and "medusa" in _SPECULATIVE_DECODING_CONFIGS',
        ),
    ),
    (
        "#41396 grown string set",
        "twin: a ternary on the probe (the fork's own medusa reader only when upstream has none)",
        K(
            *SD,
            "vllm/aeon/r110sd3.py",
            TC + "def aeon_config_reader(model_type: str) -> str:\n"
            '    upstream_reads = "medusa" in tu_config._SPECULATIVE_DECODING_CONFIGS\n'
            '    return "upstream" if upstream_reads or model_type != "medusa" else "aeon"\n',
            'upstream_reads = "medusa" in tu_config._SPECULATIVE_DECODING_CONFIGS',
        ),
    ),
]

# --- b690b2bb67 (#43859): tokenizers.registry._MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS gains "step3p7"
ST = ("#43859", "b690b2bb67", '_MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS gains "step3p7"')
TR = "from vllm.tokenizers import registry\n\n\n"
TWINS += [
    (
        "#43859 grown string set",
        "twin: a back-port guard adding the member only when upstream lacks it",
        K(
            *ST,
            "vllm/aeon/r110st0.py",
            TR + "def aeon_step3p7_tokenizer() -> None:\n"
            '    if "step3p7" not in registry._MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS:\n'
            '        registry._MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS.add("step3p7")  # AEON: until upstream does\n',
            'if "step3p7" not in registry._MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS:',
        ),
    ),
    (
        "#43859 grown string set",
        "twin: a membership test of the module's kept tokenizer table (a dict, not the set)",
        K(
            *ST,
            "vllm/aeon/r110st1.py",
            TR + "def aeon_has_own_tokenizer(model_type: str) -> bool:\n"
            "    return model_type in registry._VLLM_TOKENIZERS\n",
            "return model_type in registry._VLLM_TOKENIZERS",
        ),
    ),
    (
        "#43859 grown string set",
        "twin: a probe that skips the fork's own workaround once upstream lists the type",
        K(
            *ST,
            "vllm/aeon/r110st2.py",
            TR + "def aeon_needs_slow_path(model_type: str) -> bool:\n"
            '    if model_type == "step3p7" and "step3p7" in registry._MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS:\n'
            "        return False  # AEON: upstream fixes the tokenizer class itself now\n"
            '    return model_type == "step3p7"\n',
            'if model_type == "step3p7" and "step3p7" in registry._MODEL_TYPES_WITH_INCORRECT_TOKENIZER_CLASS:',
        ),
    ),
]

# --- 71ce44047f (#16317): loader.py made unparsable here (a PEP 701 f-string); d6da9322c8 (#16962) mends it
SS = (
    "#16317",
    "71ce44047f",
    "loader.py holds a PEP 701 f-string; ShardedStateLoader.load_model stops calling _prepare_weights",
)
FX = ("#16962", "d6da9322c8", "loader.py's PEP 701 f-string rewritten for Python 3.9-3.11")
LD = "from vllm.model_executor.model_loader.loader import "
CASES += [
    (
        "#16317 unparsed base",
        "a subclass override of _prepare_weights",
        K(
            *SS,
            "vllm/aeon/r110ss0.py",
            "import os\n\n" + LD + "ShardedStateLoader\n\n\n"
            "class AeonShardedLoader(ShardedStateLoader):\n"
            "    def _prepare_weights(self, model_name_or_path: str, revision):\n"
            '        local = os.path.join("/srv/aeon/nvfp4", os.path.basename(model_name_or_path))\n'
            "        if os.path.isdir(local):\n"
            "            return local\n"
            "        return super()._prepare_weights(model_name_or_path, revision)\n",
            "def _prepare_weights(self, model_name_or_path: str, revision):",
        ),
    ),
]
TWINS += [
    (
        "#16962 parsed again",
        "twin: the default loader's override across the mend (the base unparsed, upstream parsed)",
        K(
            *FX,
            "vllm/aeon/r110fx0.py",
            LD + "DefaultModelLoader\n\n\n"
            "class AeonDefaultLoader(DefaultModelLoader):\n"
            "    def _prepare_weights(self, model_name_or_path, revision, fall_back_to_pt, allow_patterns_overrides):\n"
            "        return super()._prepare_weights(\n"
            "            model_name_or_path, revision, fall_back_to_pt, allow_patterns_overrides\n"
            "        )\n",
            "def _prepare_weights(self, model_name_or_path, revision, fall_back_to_pt, allow_patterns_overrides):",
        ),
    ),
    (
        "#16962 parsed again",
        "twin: the sharded loader's kept static filter read across the mend",
        K(
            *FX,
            "vllm/aeon/r110fx1.py",
            "import torch\n\n" + LD + "ShardedStateLoader\n\n\n"
            "def aeon_unique(tensors: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:\n"
            "    return ShardedStateLoader._filter_subtensors(tensors)\n",
            "return ShardedStateLoader._filter_subtensors(tensors)",
        ),
    ),
    (
        "#16317 unparsed base",
        "twin: a load_model override calling super()",
        K(
            *SS,
            "vllm/aeon/r110ss1.py",
            "from torch import nn\n\nfrom vllm.config import VllmConfig\n" + LD + "ShardedStateLoader\n\n\n"
            "class AeonShardedLoader(ShardedStateLoader):\n"
            "    def load_model(self, vllm_config: VllmConfig) -> nn.Module:\n"
            "        model = super().load_model(vllm_config)\n"
            "        model.aeon_sharded = True  # AEON: the NVFP4 requantizer skips sharded checkpoints\n"
            "        return model\n",
            "    def load_model(self, vllm_config: VllmConfig) -> nn.Module:",
        ),
    ),
    (
        "#16317 unparsed base",
        "twin: a BaseModelLoader subclass of the fork's own, through the module",
        K(
            *SS,
            "vllm/aeon/r110ss2.py",
            "from torch import nn\n\nfrom vllm.config import ModelConfig, VllmConfig\n"
            "from vllm.model_executor.model_loader import loader as ml\n\n\n"
            "class AeonNvfp4Loader(ml.BaseModelLoader):\n"
            "    def download_model(self, model_config: ModelConfig) -> None:\n"
            "        pass  # AEON: the Spark's shards are local\n\n"
            "    def load_model(self, vllm_config: VllmConfig) -> nn.Module:\n"
            "        raise NotImplementedError\n",
            "    def download_model(self, model_config: ModelConfig) -> None:",
        ),
    ),
    (
        "#16317 unparsed base",
        "twin: a base from a module upstream did not touch",
        K(
            *SS,
            "vllm/aeon/r110ss3.py",
            "from vllm.model_executor.model_loader.tensorizer import TensorizerConfig\n\n\n"
            "class AeonTensorizerConfig(TensorizerConfig):\n"
            "    def verify_with_parallel_config(self, parallel_config) -> None:\n"
            "        super().verify_with_parallel_config(parallel_config)\n",
            "    def verify_with_parallel_config(self, parallel_config) -> None:",
        ),
    ),
    (
        "#16317 unparsed base",
        "twin: the fork's own ShardedStateLoader (no base of upstream's)",
        K(
            *SS,
            "vllm/aeon/r110ss4.py",
            "import os\n\n\n"
            "class ShardedStateLoader:\n"
            "    # AEON: the Spark's NVMe shard index, named after upstream's loader it feeds\n"
            "    def _prepare_weights(self, model_name_or_path: str, revision) -> str:\n"
            '        return os.path.join("/srv/aeon/nvfp4", os.path.basename(model_name_or_path))\n',
            "    def _prepare_weights(self, model_name_or_path: str, revision) -> str:",
        ),
    ),
    (
        "#16317 unparsed base",
        "twin: a kept function of the unparsed module",
        K(
            *SS,
            "vllm/aeon/r110ss5.py",
            "from vllm.config import LoadConfig\n" + LD + "BaseModelLoader, get_model_loader\n\n\n"
            "def aeon_loader(load_config: LoadConfig) -> BaseModelLoader:\n"
            "    return get_model_loader(load_config)\n",
            "    return get_model_loader(load_config)",
        ),
    ),
]


TWINS += [
    (
        "#16317 unparsed base",
        "twin: an __init__ override passing only load_config (the new runai_model_streamer has a default)",
        K(
            *SS,
            "vllm/aeon/r110ss6.py",
            "from vllm.config import LoadConfig\n" + LD + "ShardedStateLoader\n\n\n"
            "class AeonShardedLoader(ShardedStateLoader):\n"
            "    def __init__(self, load_config: LoadConfig) -> None:\n"
            "        super().__init__(load_config)\n"
            '        self.aeon_root = "/srv/aeon/nvfp4"\n',
            "        super().__init__(load_config)",
        ),
    ),
]


# --- ad32608e24 (#43586): EncoderCudaGraphManager.budget_graphs dict[int, ...] -> dict[str, dict[int, ...]]
BG = ("#43586", "ad32608e24", "budget_graphs keyed by the path (str), each a dict keyed by the token budget")
EC = "from vllm.v1.worker.encoder_cudagraph import EncoderCudaGraphManager\n\n\n"
AEON_EC = (
    EC + "class AeonEncoderGraphs(EncoderCudaGraphManager):\n"
    "    def aeon_budget(self) -> int:\n"
    "        return 4096  # AEON: the Spark's one captured ViT budget\n\n"
    "    def aeon_path(self) -> str:\n"
    '        return "default"\n\n'
)
CASES += [
    (
        "#43586 method-return key",
        "a subclass's lookup keyed by its own method returning an int",
        K(
            *BG,
            "vllm/aeon/r110bg0.py",
            AEON_EC + "    def aeon_graph(self):\n        return self.budget_graphs.get(self.aeon_budget())\n",
            "return self.budget_graphs.get(self.aeon_budget())",
        ),
    ),
]
TWINS += [
    (
        "#43586 method-return key",
        "twin: keyed by the subclass's own method returning a str (the new key)",
        K(
            *BG,
            "vllm/aeon/r110bg1.py",
            AEON_EC + "    def aeon_graphs(self):\n        return self.budget_graphs.get(self.aeon_path(), {})\n",
            "return self.budget_graphs.get(self.aeon_path(), {})",
        ),
    ),
    (
        "#43586 method-return key",
        "twin: the int key into the inner dict of a path (the new spelling)",
        K(
            *BG,
            "vllm/aeon/r110bg2.py",
            AEON_EC + "    def aeon_graph(self):\n"
            '        return self.budget_graphs["default"].get(self.aeon_budget())\n',
            'return self.budget_graphs["default"].get(self.aeon_budget())',
        ),
    ),
    (
        "#43586 method-return key",
        "twin: the int key into the graph set upstream's helper returns",
        K(
            *BG,
            "vllm/aeon/r110bg3.py",
            AEON_EC + "    def aeon_graph(self):\n        return self._get_graph_set().get(self.aeon_budget())\n",
            "return self._get_graph_set().get(self.aeon_budget())",
        ),
    ),
    (
        "#43586 method-return key",
        "twin: the fork's own class (no upstream base) with budget_graphs keyed by int",
        K(
            *BG,
            "vllm/aeon/r110bg4.py",
            "class AeonEncoderGraphs:\n"
            "    def __init__(self) -> None:\n"
            "        self.budget_graphs: dict[int, object] = {}\n\n"
            "    def aeon_budget(self) -> int:\n"
            "        return 4096\n\n"
            "    def aeon_graph(self):\n"
            "        return self.budget_graphs.get(self.aeon_budget())\n",
            "return self.budget_graphs.get(self.aeon_budget())",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review110-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
