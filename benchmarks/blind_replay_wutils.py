"""A blind replay of the model-loader weight helpers a fork's NVFP4 and speculative-draft loading carries.

12 first-parent commits on ``vllm/model_executor/model_loader/weight_utils.py`` -- the helpers a fork that loads
NVFP4 checkpoints and speculative drafts, and wraps the weight iterators for GB10's unified memory, carries code
against: the weight iterators given a required ``use_tqdm_on_load`` (a bare call, a ``yield from``, a positional
call of the numpy-cache iterator, a table of iterators called by key), ``scan_cache_dir`` and
``print_warning_once`` no longer imported into the module (an import, a module attribute), ``get_quant_config``
now reading ``model_config.hf_overrides`` and then ``model_config.model_arch_config`` off its first argument (a
stand-in built without them), ``safetensors_weights_iterator`` and then ``fastsafetensors_weights_iterator`` now sorting their
files (a fork that put its draft's file first), ``download_weights_from_hf`` now calling ``snapshot_download``
once per pattern with a single string and then with the index's file list (a fork's wrapper of the module's
``snapshot_download`` that spreads ``allow_patterns`` as a list, or compares it with a glob literal),
``_prefetch_checkpoint`` now called with a block size (a fork's one-argument replacement of it: the TypeError
is logged and swallowed, the prefetch silently dead), and ``PlaceholderModule`` moved out of ``vllm.utils`` (an
import copied from ``weight_utils``' own) -- picked by scanning the path's diff (``git log --first-parent -p``), avoiding the commits other replays use
(``blind_replay_weights``, ``_loader``, ``_loaderint`` cover parts of this surface).  Each is replayed under 1-5
fork spellings written the way fork code is written (a keyword or positional call, a ``yield from``, a dict of
callables, an import, a module attribute, a ``SimpleNamespace`` stand-in, a stand-in class, a list literal, a
monkeypatched module function), with twins (fork code the commit does not break: the kept helpers, the kept
imports, the real model config, a fork that sorts its own files).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8661415f): 11 caught, 3 warned, 6 missed of 20 (twins: 12
quiet, 0 false errors; one twin, the direct one-argument call of ``_prefetch_checkpoint``, warned that it leaves
``block_size`` to its default).  Symbol drift caught the iterators' calls without ``use_tqdm_on_load`` (a bare
call, a ``yield from`` off the module, a positional call, a table of iterators called by key, a keyword call),
the names no longer imported into the module (an import, a module attribute, a ``getattr`` with the literal)
and ``PlaceholderModule``'s move; handed needs warned on the two ``SimpleNamespace`` stand-ins handed to
``get_quant_config`` (the new reads sit after the def's tests of ``model_config.quantization``).  Warned, not
caught: #41499's one-argument replacement of ``_prefetch_checkpoint`` (by an unrelated finding: its own call of
the kept original leaves ``block_size`` to its default).  The misses: #23014's stand-in class built in the
handing call (``get_quant_config(model_config=AeonDraftView(...))``: handed needs read only ``self`` and locals
bound once), #49797's copy of the target's ``ModelConfig`` with the draft's ``hf_config`` set on it (its
``model_arch_config`` is still the target's: the draft's head counts are silently the target's), #33491's and
#34190's lists with the draft's file put first (the iterators now sort their files: no check read a def that
newly sorts its input), and #23863's and #30537's wrappers of the module's ``snapshot_download`` (the value
upstream hands as ``allow_patterns`` went from the list to one string, then to the index's file list: the
wrappers spread it as a list, or compare it with a glob literal).
After the killers197 widenings: 11 caught, 6 warned, 3 missed of 20 (twins: 12 quiet, 1 of them warned, 0 false
errors).  Warned now: the stand-in class built in the handing call (``drift/handed_needs.py``: a call's argument
that builds an object of a closed class of the file, or a keyword-only namespace, is handed like a built local;
a warning here as for the namespaces), the two lists the fork ordered (``drift/reordered_inputs.py``, a warning
by design: the fork may not need the order).  #41499's replacement now draws an error on its patch line
(``drift/patched_functions.py`` reads ``run_in_executor(ex, f, a, b)``, ``submit``, ``to_thread``,
``call_soon`` as the call of ``f``); the spelling is labelled on the ``def``, so the harness still counts it
warned.  Left missed: #49797's copy (a stale derived field on a copied config: nothing types the copy's fields
apart) and #23863's/#30537's wrappers (the shape of the value upstream hands a patched function's keyword: a
loop variable over the list where the list was, then a list inside the list; no reader infers it).
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 twins quiet),
review84_twins 9/9 (0 false errors of 29), review30_twins 0 caught, 3 warned of 3 (0 false of 16, 1 warned; as
recorded), review31_twins 5 caught, 1 warned of 6 (0 false of 41, 1 warned), blind_replay_quantkern 13 caught, 4
missed of 17 (9 quiet; as recorded), blind_replay_fp8meth 21 caught, 1 warned of 22 (10 quiet; as recorded),
blind_replay_weights 19 caught, 2 warned of 21 (5 quiet), review82_twins 11/11 (0 false of 29, 4 warned),
blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned; as recorded), blind_replay_scoring 22/22 (10
quiet), blind_replay_tfbackend 24 caught, 2 warned of 26 (11 quiet; as recorded since mend60).

  python benchmarks/blind_replay_wutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
WU = "vllm.model_executor.model_loader.weight_utils"

# --- #14407 (0b7f06b447): the weight iterators given a required use_tqdm_on_load
TQ = "0b7f06b447"
TQW = "safetensors/pt/np_cache/runai weight iterators given a required use_tqdm_on_load"
CASES += [
    (
        "#14407 required parameter added",
        "a bare call of the safetensors iterator",
        K(
            "#14407",
            TQ,
            TQW,
            "vllm/aeon/tq1.py",
            f"from {WU} import safetensors_weights_iterator\n\n\n"
            "def aeon_unified_iter(files: list[str]):\n"
            "    # AEON: GB10's unified memory: pin nothing, stream shard by shard\n"
            "    for name, tensor in safetensors_weights_iterator(files):\n"
            "        yield name, tensor.contiguous()\n",
            "for name, tensor in safetensors_weights_iterator(files):",
        ),
    ),
    (
        "#14407 required parameter added",
        "a yield from of the pt iterator through the module",
        K(
            "#14407",
            TQ,
            TQW,
            "vllm/aeon/tq2.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_draft_bin_iter(bin_files: list[str]):\n"
            "    # AEON: the speculative draft heads ship as .bin files\n"
            "    yield from weight_utils.pt_weights_iterator(bin_files)\n",
            "yield from weight_utils.pt_weights_iterator(bin_files)",
        ),
    ),
    (
        "#14407 required parameter added",
        "a positional call of the numpy-cache iterator",
        K(
            "#14407",
            TQ,
            TQW,
            "vllm/aeon/tq3.py",
            f"from {WU} import np_cache_weights_iterator\n\n\n"
            "def aeon_np_cache(model: str, cache_dir: str, folder: str, files: list[str]):\n"
            "    # AEON: the Spark's NFS share is slow; keep a numpy cache on the local NVMe\n"
            "    return np_cache_weights_iterator(model, cache_dir, folder, files)\n",
            "return np_cache_weights_iterator(model, cache_dir, folder, files)",
        ),
    ),
    (
        "#14407 required parameter added",
        "a table of iterators called by key",
        K(
            "#14407",
            TQ,
            TQW,
            "vllm/aeon/tq4.py",
            f"from {WU} import pt_weights_iterator, safetensors_weights_iterator\n\n"
            "# AEON: NVFP4 checkpoints are safetensors, the drafts' are .bin\n"
            "AEON_ITERATORS = {\n"
            '    "safetensors": safetensors_weights_iterator,\n'
            '    "pt": pt_weights_iterator,\n'
            "}\n\n\n"
            "def aeon_iterate(kind: str, files: list[str]):\n"
            "    return AEON_ITERATORS[kind](files)\n",
            "return AEON_ITERATORS[kind](files)",
        ),
    ),
    (
        "#14407 required parameter added",
        "a keyword call of the runai iterator",
        K(
            "#14407",
            TQ,
            TQW,
            "vllm/aeon/tq6.py",
            f"from {WU} import runai_safetensors_weights_iterator\n\n\n"
            "def aeon_stream(files: list[str]):\n"
            "    # AEON: the Spark streams the NVFP4 shards from its object store\n"
            "    return runai_safetensors_weights_iterator(hf_weights_files=files)\n",
            "return runai_safetensors_weights_iterator(hf_weights_files=files)",
        ),
    ),
    (
        "#14407 required parameter added",
        "twin: the kept file filters",
        K(
            "#14407",
            TQ,
            TQW,
            "vllm/aeon/tq5.py",
            f"from {WU} import filter_duplicate_safetensors_files, filter_files_not_needed_for_inference\n\n\n"
            "def aeon_files(files: list[str], folder: str, index: str) -> list[str]:\n"
            "    # AEON: the NVFP4 exports carry an original/ folder we never load\n"
            "    files = filter_duplicate_safetensors_files(files, folder, index)\n"
            "    return filter_files_not_needed_for_inference(files)\n",
            "return filter_files_not_needed_for_inference(files)",
        ),
    ),
]

# --- #13302 (9076325677): scan_cache_dir no longer imported into weight_utils
SC = "9076325677"
SCW = "weight_utils stops importing huggingface_hub.scan_cache_dir"
CASES += [
    (
        "#13302 re-export removed",
        "an import of the name through the module",
        K(
            "#13302",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            f"from {WU} import scan_cache_dir\n\n\n"
            "def aeon_cache_bytes() -> int:\n"
            "    # AEON: the Spark's 4 TB NVMe fills up with drafts; report the HF cache size\n"
            "    return scan_cache_dir().size_on_disk\n",
            f"from {WU} import scan_cache_dir",
        ),
    ),
    (
        "#13302 re-export removed",
        "a module attribute",
        K(
            "#13302",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            "from vllm.model_executor.model_loader import weight_utils as wu\n\n\n"
            "def aeon_cache_bytes2() -> int:\n"
            "    # AEON: the Spark's 4 TB NVMe fills up with drafts; report the HF cache size\n"
            "    return wu.scan_cache_dir().size_on_disk\n",
            "return wu.scan_cache_dir().size_on_disk",
        ),
    ),
    (
        "#13302 re-export removed",
        "a getattr of the module with the name's literal",
        K(
            "#13302",
            SC,
            SCW,
            "vllm/aeon/sc4.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_cache_report() -> int:\n"
            "    # AEON: the Spark's 4 TB NVMe fills up with drafts; report the HF cache size\n"
            '    scan = getattr(weight_utils, "scan_cache_dir")\n'
            "    return scan().size_on_disk\n",
            'scan = getattr(weight_utils, "scan_cache_dir")',
        ),
    ),
    (
        "#13302 re-export removed",
        "twin: the kept imports through the module",
        K(
            "#13302",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            f"from {WU} import hf_hub_download, snapshot_download\n\n\n"
            "def aeon_fetch(repo: str, name: str) -> str:\n"
            "    # AEON: fetch the NVFP4 export's hf_quant_config.json before the weights\n"
            "    snapshot_download(repo, allow_patterns=['*.json'])\n"
            "    return hf_hub_download(repo, name)\n",
            "return hf_hub_download(repo, name)",
        ),
    ),
]

# --- #11298 (d848800e88): print_warning_once no longer imported into weight_utils
PW = "d848800e88"
PWW = "weight_utils stops importing vllm.utils.print_warning_once"
CASES += [
    (
        "#11298 re-export removed",
        "an import of the name through the module",
        K(
            "#11298",
            PW,
            PWW,
            "vllm/aeon/pw1.py",
            f"from {WU} import print_warning_once\n\n\n"
            "def aeon_warn_scale(name: str) -> None:\n"
            "    # AEON: NVFP4 exports carry input_scale names the remap does not know\n"
            '    print_warning_once(f"AEON: dropped {name}")\n',
            f"from {WU} import print_warning_once",
        ),
    ),
    (
        "#11298 re-export removed",
        "a module attribute",
        K(
            "#11298",
            PW,
            PWW,
            "vllm/aeon/pw3.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_warn_scale2(name: str) -> None:\n"
            "    # AEON: NVFP4 exports carry input_scale names the remap does not know\n"
            '    weight_utils.print_warning_once(f"AEON: dropped {name}")\n',
            'weight_utils.print_warning_once(f"AEON: dropped {name}")',
        ),
    ),
    (
        "#11298 re-export removed",
        "twin: the kept helper beside it",
        K(
            "#11298",
            PW,
            PWW,
            "vllm/aeon/pw2.py",
            f"from {WU} import maybe_remap_kv_scale_name\n\n\n"
            "def aeon_remap(name: str, params: dict):\n"
            "    # AEON: NVFP4 exports carry k_scale/v_scale beside the projections\n"
            "    return maybe_remap_kv_scale_name(name, params)\n",
            "return maybe_remap_kv_scale_name(name, params)",
        ),
    ),
]

# --- #23014 (c31246800c): get_quant_config now reads model_config.hf_overrides
HO = "c31246800c"
HOW = "get_quant_config reads model_config.hf_overrides when the hf config has no quantization_config"
CASES += [
    (
        "#23014 new read off a parameter",
        "a SimpleNamespace stand-in passed positionally",
        K(
            "#23014",
            HO,
            HOW,
            "vllm/aeon/ho1.py",
            "from types import SimpleNamespace\n\n"
            f"from {WU} import get_quant_config\n\n\n"
            "def aeon_draft_quant(draft_hf_config, draft_path: str, load_config):\n"
            "    # AEON: the NVFP4 draft keeps its modelopt config in hf_quant_config.json\n"
            "    view = SimpleNamespace(\n"
            '        quantization="modelopt_fp4",\n'
            "        hf_config=draft_hf_config,\n"
            "        model=draft_path,\n"
            "        revision=None,\n"
            "    )\n"
            "    return get_quant_config(view, load_config)\n",
            "return get_quant_config(view, load_config)",
        ),
    ),
    (
        "#23014 new read off a parameter",
        "a stand-in class passed by keyword",
        K(
            "#23014",
            HO,
            HOW,
            "vllm/aeon/ho2.py",
            f"from {WU} import get_quant_config\n\n\n"
            "class AeonDraftView:\n"
            "    # AEON: the speculative draft's quant config, read without a full ModelConfig\n"
            "    def __init__(self, hf_config, path: str) -> None:\n"
            '        self.quantization = "modelopt_fp4"\n'
            "        self.hf_config = hf_config\n"
            "        self.model = path\n"
            "        self.revision = None\n\n\n"
            "def aeon_draft_quant2(hf_config, path: str, load_config):\n"
            "    return get_quant_config(model_config=AeonDraftView(hf_config, path), load_config=load_config)\n",
            "return get_quant_config(model_config=AeonDraftView(hf_config, path), load_config=load_config)",
        ),
    ),
    (
        "#23014 new read off a parameter",
        "twin: the real model config",
        K(
            "#23014",
            HO,
            HOW,
            "vllm/aeon/ho3.py",
            f"from {WU} import get_quant_config\n\n\n"
            "def aeon_target_quant(vllm_config):\n"
            "    # AEON: the NVFP4 target's quant config, read before the drafter's\n"
            "    return get_quant_config(vllm_config.model_config, vllm_config.load_config)\n",
            "return get_quant_config(vllm_config.model_config, vllm_config.load_config)",
        ),
    ),
]

# --- #49797 (70b84f0bcb): get_quant_config now reads model_config.model_arch_config
MA = "70b84f0bcb"
MAW = "get_quant_config reads model_config.model_arch_config for compressed-tensors' head counts"
CASES += [
    (
        "#49797 new read off a parameter",
        "a SimpleNamespace stand-in with every field it read before",
        K(
            "#49797",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            "from types import SimpleNamespace\n\n"
            f"from {WU} import get_quant_config\n\n\n"
            "def aeon_draft_ct_quant(draft_hf_config, draft_path: str, load_config):\n"
            "    # AEON: the compressed-tensors NVFP4 draft, read without a full ModelConfig\n"
            "    view = SimpleNamespace(\n"
            '        quantization="compressed-tensors",\n'
            "        hf_config=draft_hf_config,\n"
            "        hf_overrides={},\n"
            "        quantization_config=None,\n"
            "        model=draft_path,\n"
            "        revision=None,\n"
            "    )\n"
            "    return get_quant_config(view, load_config)\n",
            "return get_quant_config(view, load_config)",
        ),
    ),
    (
        "#49797 new read off a parameter",
        "a copy of the target's model config with the draft's hf config set on it",
        K(
            "#49797",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            "import copy\n\n"
            f"from {WU} import get_quant_config\n\n\n"
            "def aeon_draft_ct_quant2(model_config, draft_hf_config, load_config):\n"
            "    # AEON: the draft shares the target's ModelConfig but for its hf config\n"
            "    view = copy.copy(model_config)\n"
            "    view.hf_config = draft_hf_config\n"
            "    return get_quant_config(view, load_config)\n",
            "return get_quant_config(view, load_config)",
        ),
    ),
    (
        "#49797 new read off a parameter",
        "twin: the real model config off self",
        K(
            "#49797",
            MA,
            MAW,
            "vllm/aeon/ma3.py",
            f"from {WU} import get_quant_config\n\n\n"
            "class AeonQuantProbe:\n"
            "    # AEON: logs the NVFP4 target's quant config at startup\n"
            "    def __init__(self, vllm_config) -> None:\n"
            "        self.vllm_config = vllm_config\n\n"
            "    def probe(self):\n"
            "        return get_quant_config(self.vllm_config.model_config, self.vllm_config.load_config)\n",
            "return get_quant_config(self.vllm_config.model_config, self.vllm_config.load_config)",
        ),
    ),
]

# --- #33491 (42d5d705f9): safetensors_weights_iterator now sorts its files
SO = "42d5d705f9"
SOW = "safetensors_weights_iterator sorts hf_weights_files by a natural key before reading"
CASES += [
    (
        "#33491 input order no longer kept",
        "the draft's file put first, the first tensor taken as the draft's",
        K(
            "#33491",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            f"from {WU} import safetensors_weights_iterator\n\n\n"
            "def aeon_draft_first(draft_file: str, shards: list[str]):\n"
            "    # AEON: the EAGLE head's file goes first so its embed is read before the target's\n"
            "    it = safetensors_weights_iterator([draft_file, *shards], False)\n"
            "    first_name, first = next(it)\n"
            "    return first_name, first, it\n",
            "it = safetensors_weights_iterator([draft_file, *shards], False)",
        ),
    ),
    (
        "#33491 input order no longer kept",
        "twin: a fork that sorts its own files",
        K(
            "#33491",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            f"from {WU} import safetensors_weights_iterator\n\n\n"
            "def aeon_sorted(shards: list[str]):\n"
            "    # AEON: a deterministic order for the NVFP4 shards' checksum log\n"
            "    return dict(safetensors_weights_iterator(sorted(shards), False))\n",
            "return dict(safetensors_weights_iterator(sorted(shards), False))",
        ),
    ),
]

# --- #23863 (5674a40366): snapshot_download now called once per pattern with a single string
SD = "5674a40366"
SDW = "download_weights_from_hf calls snapshot_download(allow_patterns=<one str>) per pattern"
CASES += [
    (
        "#23863 argument shape changed at a patched callee",
        "a wrapper of the module's snapshot_download spreading allow_patterns",
        K(
            "#23863",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n"
            "_aeon_orig_snapshot_download = weight_utils.snapshot_download\n\n\n"
            "def aeon_snapshot_download(repo_id, *args, allow_patterns=None, **kwargs):\n"
            "    # AEON: NVFP4 exports keep their scales' config in hf_quant_config.json\n"
            '    patterns = [*allow_patterns, "hf_quant_config.json"]\n'
            "    return _aeon_orig_snapshot_download(repo_id, *args, allow_patterns=patterns, **kwargs)\n\n\n"
            "weight_utils.snapshot_download = aeon_snapshot_download\n",
            'patterns = [*allow_patterns, "hf_quant_config.json"]',
        ),
    ),
    (
        "#23863 argument shape changed at a patched callee",
        "twin: a caller of download_weights_from_hf by keyword",
        K(
            "#23863",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            f"from {WU} import download_weights_from_hf\n\n\n"
            "def aeon_download(repo: str, cache_dir: str) -> str:\n"
            "    # AEON: the drafts are fetched into the Spark's local NVMe cache\n"
            '    return download_weights_from_hf(repo, cache_dir, allow_patterns=["*.safetensors", "*.bin"])\n',
            'return download_weights_from_hf(repo, cache_dir, allow_patterns=["*.safetensors", "*.bin"])',
        ),
    ),
]

# --- #34190 (8d48d0a9d9): fastsafetensors_weights_iterator now sorts its files too
FS = "8d48d0a9d9"
FSW = "fastsafetensors_weights_iterator sorts hf_weights_files by a natural key before grouping"
CASES += [
    (
        "#34190 input order no longer kept",
        "the draft's file put first in a GDS load",
        K(
            "#34190",
            FS,
            FSW,
            "vllm/aeon/fs1.py",
            f"from {WU} import fastsafetensors_weights_iterator\n\n\n"
            "def aeon_gds_draft_first(draft_file: str, shards: list[str]):\n"
            "    # AEON: GDS on the Spark's NVMe; the MTP head's file first, its tensors read before the target's\n"
            "    files = [draft_file] + shards\n"
            "    return fastsafetensors_weights_iterator(files, False)\n",
            "return fastsafetensors_weights_iterator(files, False)",
        ),
    ),
    (
        "#34190 input order no longer kept",
        "twin: a load keyed by name, not by order",
        K(
            "#34190",
            FS,
            FSW,
            "vllm/aeon/fs2.py",
            f"from {WU} import fastsafetensors_weights_iterator\n\n\n"
            "def aeon_gds_by_name(shards: list[str]) -> dict:\n"
            "    # AEON: GDS on the Spark's NVMe\n"
            "    return dict(fastsafetensors_weights_iterator(shards, False))\n",
            "return dict(fastsafetensors_weights_iterator(shards, False))",
        ),
    ),
]

# --- #30537 (100f93d2be): snapshot_download given the index's file list as one pattern
IX = "100f93d2be"
IXW = "download_weights_from_hf passes snapshot_download(allow_patterns=<list of the index's files>)"
CASES += [
    (
        "#30537 argument shape changed at a patched callee",
        "a wrapper comparing the one pattern with a glob literal",
        K(
            "#30537",
            IX,
            IXW,
            "vllm/aeon/ix1.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n"
            "_aeon_orig_snapshot = weight_utils.snapshot_download\n\n\n"
            "def aeon_snapshot(repo_id, *args, allow_patterns=None, **kwargs):\n"
            "    # AEON: NVFP4 exports keep their scales' config in hf_quant_config.json\n"
            '    if allow_patterns == "*.safetensors":\n'
            '        allow_patterns = [allow_patterns, "hf_quant_config.json"]\n'
            "    return _aeon_orig_snapshot(repo_id, *args, allow_patterns=allow_patterns, **kwargs)\n\n\n"
            "weight_utils.snapshot_download = aeon_snapshot\n",
            '    if allow_patterns == "*.safetensors":',
        ),
    ),
    (
        "#30537 argument shape changed at a patched callee",
        "twin: a wrapper forwarding the patterns untouched",
        K(
            "#30537",
            IX,
            IXW,
            "vllm/aeon/ix2.py",
            "import logging\n\n"
            "from vllm.model_executor.model_loader import weight_utils\n\n"
            "_aeon_orig_snapshot2 = weight_utils.snapshot_download\n\n\n"
            "def aeon_logged_snapshot(repo_id, *args, **kwargs):\n"
            "    # AEON: log every fetch onto the Spark's NVMe\n"
            '    logging.getLogger("aeon").info("fetch %s", repo_id)\n'
            "    return _aeon_orig_snapshot2(repo_id, *args, **kwargs)\n\n\n"
            "weight_utils.snapshot_download = aeon_logged_snapshot\n",
            "weight_utils.snapshot_download = aeon_logged_snapshot",
        ),
    ),
]

# --- #41499 (21943d4c25): _prefetch_checkpoint now called with a block size
PF = "21943d4c25"
PFW = "_prefetch_all_checkpoints calls _prefetch_checkpoint(path, block_size) (errors logged and swallowed)"
CASES += [
    (
        "#41499 patched callee called with one more argument",
        "a one-argument replacement of the module's prefetch",
        K(
            "#41499",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            "import os\n\n"
            "from vllm.model_executor.model_loader import weight_utils\n\n"
            "_aeon_orig_prefetch = weight_utils._prefetch_checkpoint\n"
            "AEON_PREFETCH_LIMIT = 40 << 30\n\n\n"
            "def aeon_prefetch_checkpoint(file_path: str) -> None:\n"
            "    # AEON: GB10's unified memory: page-caching a huge shard evicts the KV cache\n"
            "    if os.path.getsize(file_path) > AEON_PREFETCH_LIMIT:\n"
            "        return\n"
            "    _aeon_orig_prefetch(file_path)\n\n\n"
            "weight_utils._prefetch_checkpoint = aeon_prefetch_checkpoint\n",
            "def aeon_prefetch_checkpoint(file_path: str) -> None:",
        ),
    ),
    (
        "#41499 patched callee called with one more argument",
        "twin: a replacement forwarding *args",
        K(
            "#41499",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            "import os\n\n"
            "from vllm.model_executor.model_loader import weight_utils\n\n"
            "_aeon_orig_prefetch2 = weight_utils._prefetch_checkpoint\n\n\n"
            "def aeon_prefetch_checkpoint2(file_path: str, *args, **kwargs) -> None:\n"
            "    # AEON: GB10's unified memory: page-caching a huge shard evicts the KV cache\n"
            "    if os.path.getsize(file_path) > 40 << 30:\n"
            "        return\n"
            "    _aeon_orig_prefetch2(file_path, *args, **kwargs)\n\n\n"
            "weight_utils._prefetch_checkpoint = aeon_prefetch_checkpoint2\n",
            "def aeon_prefetch_checkpoint2(file_path: str, *args, **kwargs) -> None:",
        ),
    ),
    (
        "#41499 patched callee called with one more argument",
        "twin: a direct one-argument call of the kept helper",
        K(
            "#41499",
            PF,
            PFW,
            "vllm/aeon/pf3.py",
            f"from {WU} import _prefetch_checkpoint\n\n\n"
            "def aeon_warm(draft_file: str) -> None:\n"
            "    # AEON: warm the draft's file before the target's shards\n"
            "    _prefetch_checkpoint(draft_file)\n",
            "    _prefetch_checkpoint(draft_file)",
        ),
    ),
]

# --- #27022 (4d4d6bad19): PlaceholderModule moved out of vllm.utils into vllm.utils.import_utils
PM = "4d4d6bad19"
PMW = "PlaceholderModule moved to vllm.utils.import_utils; weight_utils imports it from there"
CASES += [
    (
        "#27022 name moved",
        "an import copied from weight_utils' own",
        K(
            "#27022",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            "from vllm.utils import PlaceholderModule\n\n"
            "try:\n"
            "    import aeon_nvfp4_kernels\n"
            "except ImportError:\n"
            "    # AEON: the sm_121a NVFP4 kernels are an optional wheel\n"
            '    aeon_nvfp4_kernels = PlaceholderModule("aeon_nvfp4_kernels")\n',
            "from vllm.utils import PlaceholderModule",
        ),
    ),
    (
        "#27022 name moved",
        "twin: the name imported through weight_utils",
        K(
            "#27022",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            f"from {WU} import PlaceholderModule\n\n"
            "try:\n"
            "    import aeon_gds\n"
            "except ImportError:\n"
            "    # AEON: GDS is optional on the Spark\n"
            '    aeon_gds = PlaceholderModule("aeon_gds")\n',
            f"from {WU} import PlaceholderModule",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-wutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
