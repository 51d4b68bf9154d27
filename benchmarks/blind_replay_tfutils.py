"""A blind replay of transformers_utils beyond config, tokenizer and processor: configs, repo, gguf, hub helpers.

11 first-parent commits on ``vllm/transformers_utils/{configs/,utils.py,repo_utils.py,dynamic_module.py,
chat_templates/}`` -- the helpers a fork's model loader, config shim or hub code carries code against: the GGUF
helpers moved off ``transformers_utils.utils`` (#29891), ``repo_utils._get_hf_token`` removed (#32788), the
``hf_hub_download``/``hf_list_repo_files`` names ``repo_utils`` imported no longer there (#43857),
``try_get_local_file`` returning huggingface_hub's not-found sentinel besides a ``Path`` or ``None`` (#46854),
``get_hf_file_bytes`` returning ``None`` where it raised ``EntryNotFoundError`` (#35976),
``try_get_class_from_dynamic_module`` given a required ``trust_remote_code`` third parameter (#32194), the Qwen
chat template fallback and its ``"qwen"`` key removed (#45131), ``ColModernVBertConfig``'s ``vlm_config``
keyword removed into ``**kwargs`` (#39307), ``Olmo3Config`` removed from the configs package (#38127), vLLM's
own ``DeepseekV3Config`` copy removed (#28055), and the Mistral audio remap's ``VoxtralStreamingGeneration``
architecture renamed (#33415) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding
the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is
written (an import, a module attribute, a keyword or positional call, a subscript of a table, a ``None`` test
on a returned value, an ``except`` around a call, a literal compared with a config's field), with twins (fork
code the commit does not break: the kept helper, the new spelling, a guard).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2aa1f4ed): 16 caught, 1 warned, 2 missed of 19 (twins: 11
quiet, 0 false errors).  The misses: #46854's (``try_get_local_file -> Path | None`` made ``-> Path | Any |
None``, the new member huggingface_hub's ``_CACHED_NO_EXIST`` sentinel for a file known not to exist, and
upstream's own callers went from ``is not None`` to ``isinstance(path, Path)``; the fork's ``path.read_text()
if path is not None`` raises AttributeError on the sentinel) and #35976's (``get_hf_file_bytes`` let
``EntryNotFoundError`` out of a bare ``hf_hub_download``; upstream catches it in a new helper and answers
None, so the fork's ``except EntryNotFoundError`` never runs and ``raw.decode()`` meets None).  The warning:
#39307's keyword call (``ColModernVBertConfig(vlm_config=...)``: the keyword upstream stopped naming lands in
a ``**kwargs`` handed to ``PretrainedConfig.__init__``, outside the tree, which stores it and ignores it --
the engine cannot see that the class outside stores rather than reads it, so a warning by design).
After the killers123 widenings: 18 caught, 1 warned, 0 missed of 19 (twins: 13 quiet, 0 false errors; two
twins, #35976's and #46854's ``twin (added after the widening)``, were written after it, not blind).
Caught now: a caught exception upstream now catches itself, answering None (absorbed-raise drift,
``drift/absorbed_raises.py``: a fork handler of a kind -- a library's too -- around one call of a def that
upstream's reach now catches that kind in and answers None, the None reaching a use that fails on it; the
error on that use) and a returned union widened that upstream's own callers now tell apart (confirmed-union
drift, ``drift/confirmed_unions.py``: a union gained ``Any``/``object`` or a builtin kind lacking the attribute
the fork reads, confirmed by an upstream ``isinstance`` test of the def's value against an old member).  The
#39307 keyword call stays warned, as said above.  Regression set at the widenings' head: killer_replay 26/26,
kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false errors (40, 30, 23 twins),
blind_replay_hfconfig 18 caught, 4 warned of 22 (12 quiet), blind_replay_ctquant 15 caught, 1 warned of 16
(12 quiet), blind_replay_tokenizer 15 caught, 1 warned of 16 (11 quiet), blind_replay_structured 20 caught,
1 warned, 1 missed of 22 (13 quiet; as on 2aa1f4ed), all as on main; ``symbol_precision.py --windows 1``: 0
false errors (5 broken overrides, 4 caught).

  python benchmarks/blind_replay_tfutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #29891 (63b1da76ba): the GGUF helpers moved from transformers_utils.utils to gguf_utils
GG = "63b1da76ba"
GGW = "check_gguf_file/is_gguf/split_remote_gguf moved off transformers_utils.utils"
CASES += [
    (
        "#29891 functions moved",
        "an import from the old module",
        K(
            "#29891",
            GG,
            GGW,
            "vllm/aeon/gg1.py",
            "from vllm.transformers_utils.utils import check_gguf_file\n\n\n"
            "def aeon_is_local_gguf(model: str) -> bool:\n"
            "    # AEON: the Spark's loader reads single-file GGUF checkpoints from local NVMe\n"
            "    return check_gguf_file(model)\n",
            "from vllm.transformers_utils.utils import check_gguf_file",
        ),
    ),
    (
        "#29891 functions moved",
        "a module-attribute call",
        K(
            "#29891",
            GG,
            GGW,
            "vllm/aeon/gg2.py",
            "from vllm.transformers_utils import utils as tf_utils\n\n\n"
            "def aeon_gguf_repo(model: str) -> str:\n"
            "    repo, _quant = tf_utils.split_remote_gguf(model)\n"
            "    return repo\n",
            "repo, _quant = tf_utils.split_remote_gguf(model)",
        ),
    ),
    (
        "#29891 functions moved",
        "twin: a kept cloud helper",
        K(
            "#29891",
            GG,
            GGW,
            "vllm/aeon/gg3.py",
            "from vllm.transformers_utils import utils as tf_utils\n\n\n"
            "def aeon_streamed(model: str) -> bool:\n"
            "    return tf_utils.is_cloud_storage(model)\n",
            "return tf_utils.is_cloud_storage(model)",
        ),
    ),
]

# --- #32788 (24a163ed77): repo_utils._get_hf_token removed
HT = "24a163ed77"
HTW = "repo_utils._get_hf_token removed"
CASES += [
    (
        "#32788 function removed",
        "an import of a private helper",
        K(
            "#32788",
            HT,
            HTW,
            "vllm/aeon/ht1.py",
            "from huggingface_hub import HfApi\n\n"
            "from vllm.transformers_utils.repo_utils import _get_hf_token\n\n\n"
            "def aeon_hub() -> HfApi:\n"
            "    # AEON: the fleet's mirror needs the same token vLLM sends\n"
            "    return HfApi(token=_get_hf_token())\n",
            "from vllm.transformers_utils.repo_utils import _get_hf_token",
        ),
    ),
    (
        "#32788 function removed",
        "a module-attribute call",
        K(
            "#32788",
            HT,
            HTW,
            "vllm/aeon/ht2.py",
            "from vllm.transformers_utils import repo_utils\n\n\n"
            "def aeon_has_token() -> bool:\n"
            "    return repo_utils._get_hf_token() is not None\n",
            "return repo_utils._get_hf_token() is not None",
        ),
    ),
    (
        "#32788 function removed",
        "twin: list_repo_files without a token",
        K(
            "#32788",
            HT,
            HTW,
            "vllm/aeon/ht3.py",
            "from vllm.transformers_utils import repo_utils\n\n\n"
            "def aeon_files(model: str, revision: str | None) -> list[str]:\n"
            "    return repo_utils.list_repo_files(model, revision=revision)\n",
            "return repo_utils.list_repo_files(model, revision=revision)",
        ),
    ),
]

# --- #43857 (11dfa3169d): repo_utils no longer imports hf_hub_download / hf_list_repo_files
HA = "11dfa3169d"
HAW = "repo_utils's hf_hub_download and hf_list_repo_files imports replaced by hf_api()"
CASES += [
    (
        "#43857 re-export removed",
        "an import of a name the module imported",
        K(
            "#43857",
            HA,
            HAW,
            "vllm/aeon/ha1.py",
            "from vllm.transformers_utils.repo_utils import hf_hub_download\n\n\n"
            "def aeon_fetch(model: str, name: str) -> str:\n"
            "    return hf_hub_download(model, name)\n",
            "from vllm.transformers_utils.repo_utils import hf_hub_download",
        ),
    ),
    (
        "#43857 re-export removed",
        "a module attribute",
        K(
            "#43857",
            HA,
            HAW,
            "vllm/aeon/ha2.py",
            "from vllm.transformers_utils import repo_utils\n\n\n"
            "def aeon_all_files(model: str) -> list[str]:\n"
            "    # AEON: bypass vLLM's cache when the fleet's mirror was just refreshed\n"
            "    return repo_utils.hf_list_repo_files(model)\n",
            "return repo_utils.hf_list_repo_files(model)",
        ),
    ),
    (
        "#43857 re-export removed",
        "twin: the kept wrapper",
        K(
            "#43857",
            HA,
            HAW,
            "vllm/aeon/ha3.py",
            "from vllm.transformers_utils import repo_utils\n\n\n"
            "def aeon_all_files2(model: str) -> list[str]:\n"
            "    return repo_utils.list_repo_files(model)\n",
            "return repo_utils.list_repo_files(model)",
        ),
    ),
]

# --- #46854 (3f67477497): try_get_local_file may return huggingface_hub's _CACHED_NO_EXIST sentinel
LF = "3f67477497"
LFW = "try_get_local_file -> Path | _CACHED_NO_EXIST | None"
RU = "from pathlib import Path\n\nfrom vllm.transformers_utils.repo_utils import try_get_local_file\n\n\n"
CASES += [
    (
        "#46854 return widened",
        "a Path method after an is-not-None test",
        K(
            "#46854",
            LF,
            LFW,
            "vllm/aeon/lf1.py",
            RU + "def aeon_local_template(model: str, revision: str | None) -> str | None:\n"
            "    # AEON: the Spark serves offline; read a cached chat template when there is one\n"
            '    path = try_get_local_file(model=model, file_name="chat_template.jinja", revision=revision)\n'
            "    return path.read_text() if path is not None else None\n",
            "return path.read_text() if path is not None else None",
        ),
    ),
    (
        "#46854 return widened",
        "twin: an isinstance guard",
        K(
            "#46854",
            LF,
            LFW,
            "vllm/aeon/lf2.py",
            RU + "def aeon_local_template2(model: str, revision: str | None) -> str | None:\n"
            '    path = try_get_local_file(model=model, file_name="chat_template.jinja", revision=revision)\n'
            "    return path.read_text() if isinstance(path, Path) else None\n",
            "return path.read_text() if isinstance(path, Path) else None",
        ),
    ),
    (
        "#46854 return widened",
        "twin (added after the widening): a sibling whose return kept its union",
        K(
            "#46854",
            LF,
            LFW,
            "vllm/aeon/lf3.py",
            "from vllm.transformers_utils.repo_utils import get_hf_file_to_dict\n\n\n"
            "def aeon_template_name(model: str, revision: str | None) -> str | None:\n"
            '    config = get_hf_file_to_dict("tokenizer_config.json", model, revision)\n'
            '    return config.get("chat_template") if config is not None else None\n',
            'return config.get("chat_template") if config is not None else None',
        ),
    ),
]

# --- #35976 (ed81d5edd1): get_hf_file_bytes returns None where hf_hub_download raised
HB = "ed81d5edd1"
HBW = "get_hf_file_bytes: EntryNotFoundError -> None"
GB = (
    "from huggingface_hub.utils import EntryNotFoundError\n\n"
    "from vllm.transformers_utils.repo_utils import get_hf_file_bytes\n\n\n"
)
CASES += [
    (
        "#35976 raise made a None return",
        "an except around the call, then a bytes method",
        K(
            "#35976",
            HB,
            HBW,
            "vllm/aeon/hb1.py",
            GB + "def aeon_license(model: str) -> str:\n"
            "    try:\n"
            '        raw = get_hf_file_bytes("LICENSE", model)\n'
            "    except EntryNotFoundError:\n"
            '        return ""\n'
            "    return raw.decode()\n",
            "return raw.decode()",
        ),
    ),
    (
        "#35976 raise made a None return",
        "twin: a None test",
        K(
            "#35976",
            HB,
            HBW,
            "vllm/aeon/hb2.py",
            GB + "def aeon_license2(model: str) -> str:\n"
            '    raw = get_hf_file_bytes("LICENSE", model)\n'
            '    return "" if raw is None else raw.decode()\n',
            'return "" if raw is None else raw.decode()',
        ),
    ),
    (
        "#35976 raise made a None return",
        "twin (added after the widening): the except kept and a None test",
        K(
            "#35976",
            HB,
            HBW,
            "vllm/aeon/hb3.py",
            GB + "def aeon_license3(model: str) -> str:\n"
            "    try:\n"
            '        raw = get_hf_file_bytes("LICENSE", model)\n'
            "    except EntryNotFoundError:\n"
            '        return ""\n'
            '    return "" if raw is None else raw.decode()\n',
            'return "" if raw is None else raw.decode()',
        ),
    ),
]

# --- #32194 (78d13ea9de): try_get_class_from_dynamic_module gained a required trust_remote_code
DM = "78d13ea9de"
DMW = "try_get_class_from_dynamic_module(class_reference, path, trust_remote_code, ...)"
DYN = "from vllm.transformers_utils.dynamic_module import try_get_class_from_dynamic_module\n\n\n"
CASES += [
    (
        "#32194 parameter inserted",
        "a keyword call without it",
        K(
            "#32194",
            DM,
            DMW,
            "vllm/aeon/dm1.py",
            DYN + "def aeon_remote_class(ref: str, model: str, revision: str | None) -> type | None:\n"
            "    # AEON: probe the repo's custom modeling class before the Spark picks a backend\n"
            "    return try_get_class_from_dynamic_module(ref, model, revision=revision, warn_on_fail=False)\n",
            "return try_get_class_from_dynamic_module(ref, model, revision=revision, warn_on_fail=False)",
        ),
    ),
    (
        "#32194 parameter inserted",
        "a positional cache_dir",
        K(
            "#32194",
            DM,
            DMW,
            "vllm/aeon/dm2.py",
            DYN + "AEON_CODE_CACHE = '/var/cache/aeon/remote-code'\n\n\n"
            "def aeon_cached_class(ref: str, model: str) -> type | None:\n"
            "    return try_get_class_from_dynamic_module(ref, model, AEON_CODE_CACHE)\n",
            "return try_get_class_from_dynamic_module(ref, model, AEON_CODE_CACHE)",
        ),
    ),
    (
        "#32194 parameter inserted",
        "twin: trust_remote_code by keyword",
        K(
            "#32194",
            DM,
            DMW,
            "vllm/aeon/dm3.py",
            DYN + "def aeon_trusted_class(ref: str, model: str) -> type | None:\n"
            "    return try_get_class_from_dynamic_module(ref, model, trust_remote_code=True)\n",
            "return try_get_class_from_dynamic_module(ref, model, trust_remote_code=True)",
        ),
    ),
]

# --- #45131 (3cc9fecd58): the Qwen chat template fallback and its "qwen" key removed
QW = "3cc9fecd58"
QWW = '_get_qwen_chat_template_fallback and _MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["qwen"] removed'
REG = "from vllm.transformers_utils.chat_templates import registry as tmpl\n\n\n"
CASES += [
    (
        "#45131 table key removed",
        "a subscript of the table",
        K(
            "#45131",
            QW,
            QWW,
            "vllm/aeon/qw1.py",
            REG + "# AEON: the fleet's Qwen-derived chat model reuses Qwen's fallback\n"
            'tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["aeon_qwen"] = tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["qwen"]\n',
            'tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["aeon_qwen"] = tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["qwen"]',
        ),
    ),
    (
        "#45131 table key removed",
        "an import of the removed function",
        K(
            "#45131",
            QW,
            QWW,
            "vllm/aeon/qw2.py",
            "from vllm.transformers_utils.chat_templates.registry import _get_qwen_chat_template_fallback\n\n\n"
            "def aeon_template(name: str):\n"
            "    return _get_qwen_chat_template_fallback(name)\n",
            "from vllm.transformers_utils.chat_templates.registry import _get_qwen_chat_template_fallback",
        ),
    ),
    (
        "#45131 table key removed",
        "twin: a kept key",
        K(
            "#45131",
            QW,
            QWW,
            "vllm/aeon/qw3.py",
            REG
            + 'tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["aeon_pali"] = tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["paligemma"]\n',
            'tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["aeon_pali"] = tmpl._MODEL_TYPE_TO_CHAT_TEMPLATE_FALLBACK["paligemma"]',
        ),
    ),
]

# --- #39307 (d37b378762): ColModernVBertConfig's vlm_config keyword removed (now swallowed by **kwargs)
CV = "d37b378762"
CVW = "ColModernVBertConfig(vlm_config=) -> image_token_id, pixel_shuffle_factor, text_config, vision_config"
CMV = "from vllm.transformers_utils.configs.colmodernvbert import ColModernVBertConfig\n\n\n"
CASES += [
    (
        "#39307 keyword swallowed by **kwargs",
        "a keyword call",
        K(
            "#39307",
            CV,
            CVW,
            "vllm/aeon/cv1.py",
            CMV + "def aeon_colbert_config(raw: dict) -> ColModernVBertConfig:\n"
            "    # AEON: the fleet's retrieval checkpoints keep the merged layout\n"
            '    return ColModernVBertConfig(embedding_dim=raw.get("embedding_dim", 128), vlm_config=raw["vlm_config"])\n',
            'return ColModernVBertConfig(embedding_dim=raw.get("embedding_dim", 128), vlm_config=raw["vlm_config"])',
        ),
    ),
    (
        "#39307 keyword swallowed by **kwargs",
        "a positional call",
        K(
            "#39307",
            CV,
            CVW,
            "vllm/aeon/cv2.py",
            CMV + "def aeon_colbert_config2(vlm: dict) -> ColModernVBertConfig:\n"
            "    return ColModernVBertConfig(128, vlm)\n",
            "return ColModernVBertConfig(128, vlm)",
        ),
    ),
    (
        "#39307 keyword swallowed by **kwargs",
        "twin: the kept keyword",
        K(
            "#39307",
            CV,
            CVW,
            "vllm/aeon/cv3.py",
            CMV + "def aeon_colbert_config3() -> ColModernVBertConfig:\n"
            "    return ColModernVBertConfig(embedding_dim=64)\n",
            "return ColModernVBertConfig(embedding_dim=64)",
        ),
    ),
]

# --- #38127 (3c3c084240): Olmo3Config removed from vllm.transformers_utils.configs
OL = "3c3c084240"
OLW = "configs.Olmo3Config and configs/olmo3.py removed"
CASES += [
    (
        "#38127 class removed",
        "an import from the lazy package",
        K(
            "#38127",
            OL,
            OLW,
            "vllm/aeon/ol1.py",
            "from vllm.transformers_utils.configs import Olmo3Config\n\n\n"
            "def aeon_olmo3(**kwargs) -> Olmo3Config:\n"
            "    return Olmo3Config(**kwargs)\n",
            "from vllm.transformers_utils.configs import Olmo3Config",
        ),
    ),
    (
        "#38127 class removed",
        "an import of the module",
        K(
            "#38127",
            OL,
            OLW,
            "vllm/aeon/ol2.py",
            "from vllm.transformers_utils.configs.olmo3 import Olmo3Config\n\n\n"
            "class AeonOlmo3Config(Olmo3Config):\n"
            '    model_type = "aeon_olmo3"\n',
            "from vllm.transformers_utils.configs.olmo3 import Olmo3Config",
        ),
    ),
    (
        "#38127 class removed",
        "twin: a kept lazy config",
        K(
            "#38127",
            OL,
            OLW,
            "vllm/aeon/ol3.py",
            "from vllm.transformers_utils.configs import OlmoHybridConfig\n\n\n"
            "def aeon_hybrid(**kwargs) -> OlmoHybridConfig:\n"
            "    return OlmoHybridConfig(**kwargs)\n",
            "return OlmoHybridConfig(**kwargs)",
        ),
    ),
]

# --- #28055 (43ecd0a900): vLLM's own DeepseekV3Config copy removed
DS = "43ecd0a900"
DSW = "configs.DeepseekV3Config and configs/deepseek_v3.py removed"
CASES += [
    (
        "#28055 class removed",
        "an import from the package",
        K(
            "#28055",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            "from vllm.transformers_utils.configs import DeepseekV3Config\n\n\n"
            "def aeon_mtp_layers(config: DeepseekV3Config) -> int:\n"
            "    return config.num_nextn_predict_layers\n",
            "from vllm.transformers_utils.configs import DeepseekV3Config",
        ),
    ),
    (
        "#28055 class removed",
        "a module attribute",
        K(
            "#28055",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            "from vllm.transformers_utils.configs import deepseek_v3\n\n\n"
            "def aeon_default_config():\n"
            "    # AEON: the Spark's draft model starts from DeepSeek-V3's defaults\n"
            "    return deepseek_v3.DeepseekV3Config(num_hidden_layers=1)\n",
            "from vllm.transformers_utils.configs import deepseek_v3",
        ),
    ),
    (
        "#28055 class removed",
        "twin: the transformers class",
        K(
            "#28055",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            "from transformers import DeepseekV3Config\n\n\n"
            "def aeon_default_config2() -> DeepseekV3Config:\n"
            "    return DeepseekV3Config(num_hidden_layers=1)\n",
            "return DeepseekV3Config(num_hidden_layers=1)",
        ),
    ),
]

# --- #33415 (15e0bb9c42): the Mistral audio remap's architecture VoxtralStreamingGeneration -> VoxtralRealtimeGeneration
VX = "15e0bb9c42"
VXW = '"VoxtralStreamingGeneration" -> "VoxtralRealtimeGeneration"'
CASES += [
    (
        "#33415 literal renamed",
        "an architecture compared with the old literal",
        K(
            "#33415",
            VX,
            VXW,
            "vllm/aeon/vx1.py",
            "from transformers import PretrainedConfig\n\n\n"
            "def aeon_is_streaming(hf_config: PretrainedConfig) -> bool:\n"
            "    # AEON: the Spark pins Voxtral's streaming encoder to its own stream\n"
            '    return "VoxtralStreamingGeneration" in (hf_config.architectures or [])\n',
            'return "VoxtralStreamingGeneration" in (hf_config.architectures or [])',
        ),
    ),
    (
        "#33415 literal renamed",
        "twin: the kept offline architecture",
        K(
            "#33415",
            VX,
            VXW,
            "vllm/aeon/vx2.py",
            "from transformers import PretrainedConfig\n\n\n"
            "def aeon_is_offline(hf_config: PretrainedConfig) -> bool:\n"
            '    return "VoxtralForConditionalGeneration" in (hf_config.architectures or [])\n',
            'return "VoxtralForConditionalGeneration" in (hf_config.architectures or [])',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-tfutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
