"""Spellings of the killer classes: real upstream killers replayed under fork carries written the ways
different fork maintainers write them; is each spelling's killer line blocked?

killer_replay.py replays each real killer commit under one carry.  A fork does not always spell a use
the way that carry does: it imports under an alias, goes through a module, binds the number to a
constant of its own, passes it to upstream's function by keyword, wraps the call in
``functools.partial``, matches on it...  Each class below is one real commit (the merge base is its
first parent, upstream is the commit), replayed once per spelling, each spelling a new fork module
(so the merge is clean).  A spelling is *caught* when an error-level finding lands on its killer line.

With ``--synthetic``, also the spellings of spelling_cases.py: one synthetic upstream change a class
(an enum renumbered, a string member's value changed, a function or class removed or renamed, a
parameter inserted, a default changed, an offset added, a capability check narrowed), each fork
spelling merged in a throwaway repository (a changed default, and a name only a type checker reads, in a
quoted annotation or imported under ``if TYPE_CHECKING:``, which Python never evaluates, are warnings by
design: reported is caught).

  python benchmarks/spelling_replay.py [--mirror DIR] [--only CLASS ...] [--synthetic]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from killer_replay import Edit, Killer, replay
from threeway import MIRROR, clone

KVI = "from vllm.v1.kv_cache_interface import KVQuantMode\n\n\n"


def _one(pr: str, sha: str, what: str, path: str, text: str, line: str) -> Killer:
    return Killer(pr, sha, what, (Edit(path, text),), ((path, line),))


def _kvq(label: str, text: str, line: str) -> tuple[str, Killer]:
    """#40835 inserted INT4_PER_TOKEN_HEAD = 4 before NVFP4 (4 -> 5) in an IntEnum."""
    return label, _one("#40835", "70749fdcca", "KVQuantMode.NVFP4 4 -> 5", "vllm/v1/attention/aeon_kvq.py", text, line)


def _qr(label: str, text: str, line: str) -> tuple[str, Killer]:
    """#45666 inserted INT3 = 4 before NONE (4 -> 5) in a plain Enum whose values the kernels take."""
    return label, _one(
        "#45666", "1744adc256", "QuickReduceRegime.NONE 4 -> 5", "vllm/distributed/aeon_qr.py", text, line
    )


def _aux(label: str, text: str, line: str) -> tuple[str, Killer]:
    """#40727 made the runner add 1 to DFlash's target_layer_ids (and the config loader subtract 1)."""
    return label, _one("#40727", "c628a93a64", "DFlash aux layer +1", "vllm/v1/worker/aeon_aux.py", text, line)


def _cg(label: str, text: str, line: str) -> tuple[str, Killer]:
    """#28479 renamed AttentionMetadataBuilder.cudagraph_support to _cudagraph_support."""
    return label, _one(
        "#28479", "304419576a", "cudagraph_support renamed", "vllm/v1/attention/backends/aeon_cg.py", text, line
    )


def _pp(label: str, text: str, line: str) -> tuple[str, Killer]:
    """#49244 removed SchedulerConfig.max_num_partial_prefills."""
    return label, _one(
        "#49244", "7a98c7a392", "max_num_partial_prefills removed", "vllm/v1/core/sched/aeon_pp.py", text, line
    )


def _gt(label: str, text: str, line: str) -> tuple[str, Killer]:
    """#27077 changed GREEDY_TEMPERATURE from -1 to 0 (upstream tests ``sampling_metadata.temperature == ...``)."""
    return label, _one("#27077", "acedc74b1a", "GREEDY_TEMPERATURE -1 -> 0", "vllm/v1/sample/aeon_gt.py", text, line)


SM = "import torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\n\n\n"

CLASSES: dict[str, list[tuple[str, Killer]]] = {
    "enum renumbered (IntEnum, #40835)": [
        _kvq(
            "comment",
            KVI + "def fp4(mode: KVQuantMode) -> bool:\n    return mode == 4  # NVFP4\n",
            "return mode == 4  # NVFP4",
        ),
        _kvq(
            "alias import, in (...)",
            "from vllm.v1.kv_cache_interface import KVQuantMode as KQM\n\n\n"
            "def fp4(m: KQM) -> bool:\n    return m in (4,)\n",
            "return m in (4,)",
        ),
        _kvq(
            "module import, int()",
            "import vllm.v1.kv_cache_interface as kvi\n\n\n"
            "def fp4(spec: kvi.FullAttentionSpec) -> bool:\n    return int(spec.kv_quant_mode) == 4\n",
            "return int(spec.kv_quant_mode) == 4",
        ),
        _kvq(
            "a constant of the fork's",
            KVI + "NVFP4_MODE = 4\n\n\ndef fp4(mode: KVQuantMode) -> bool:\n    return mode == NVFP4_MODE\n",
            "NVFP4_MODE = 4",
        ),
        _kvq(
            "keyword to upstream's function, aliased",
            "from vllm.v1.attention.ops.triton_unified_attention import unified_attention as ua\n\n\n"
            "def attend(*args, **kwargs):\n    return ua(*args, kv_quant_mode=4, **kwargs)\n",
            "return ua(*args, kv_quant_mode=4, **kwargs)",
        ),
        _kvq(
            "functools.partial through a module",
            "import functools\n\nimport vllm.v1.attention.ops.triton_unified_attention as tua\n\n"
            "fp4_attention = functools.partial(tua.unified_attention, kv_quant_mode=4)\n",
            "fp4_attention = functools.partial(tua.unified_attention, kv_quant_mode=4)",
        ),
        _kvq(
            "match / case",
            KVI + "def fp4(mode: KVQuantMode) -> bool:\n    match mode:\n        case 4:\n"
            "            return True\n    return False\n",
            "case 4:",
        ),
    ],
    "enum renumbered (plain Enum by value, #45666)": [
        _qr(
            ".value compared",
            "from vllm.distributed.device_communicators.quick_all_reduce import QuickReduceRegime\n\n\n"
            "def raw(regime: QuickReduceRegime) -> bool:\n    return regime.value == 4\n",
            "return regime.value == 4",
        ),
        _qr(
            "Enum(N) through a module alias",
            "import vllm.distributed.device_communicators.quick_all_reduce as qar\n\nRAW = qar.QuickReduceRegime(4)\n",
            "RAW = qar.QuickReduceRegime(4)",
        ),
        _qr(
            "a constant compared with .value",
            "from vllm.distributed.device_communicators.quick_all_reduce import QuickReduceRegime\n\n"
            "NO_QUANT = 4\n\n\ndef raw(regime: QuickReduceRegime) -> bool:\n    return regime.value == NO_QUANT\n",
            "NO_QUANT = 4",
        ),
        _qr(
            "a table keyed by value",
            "from vllm.distributed.device_communicators.quick_all_reduce import QuickReduceRegime\n\n"
            'NAMES = {0: "fp", 4: "none"}\n\n\ndef name(regime: QuickReduceRegime) -> str:\n'
            "    return NAMES[regime.value]\n",
            'NAMES = {0: "fp", 4: "none"}',
        ),
        _qr(
            "an environment default",
            "import os\n\nfrom vllm.distributed.device_communicators.quick_all_reduce import QuickReduceRegime\n\n"
            'REGIME = QuickReduceRegime(int(os.environ.get("AEON_QR_REGIME", "4")))\n',
            'REGIME = QuickReduceRegime(int(os.environ.get("AEON_QR_REGIME", "4")))',
        ),
    ],
    "offset applied twice (#40727)": [
        _aux(
            "the config key read elsewhere",
            "def aeon_target_layers(dflash_config: dict) -> list[int]:\n"
            '    return [i + 1 for i in dflash_config.get("target_layer_ids") or []]\n',
            'return [i + 1 for i in dflash_config.get("target_layer_ids") or []]',
        ),
        _aux(
            "subscript and map(lambda)",
            "def aeon_target_layers(dflash_config: dict) -> list[int]:\n"
            '    return list(map(lambda i: i + 1, dflash_config["target_layer_ids"]))\n',
            'return list(map(lambda i: i + 1, dflash_config["target_layer_ids"]))',
        ),
        _aux(
            "a subclass over the method",
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
            "class AeonRunner(GPUModelRunner):\n"
            "    def _get_eagle3_aux_layers_from_config(self):\n"
            "        layers = super()._get_eagle3_aux_layers_from_config()\n"
            "        return tuple(i + 1 for i in layers) if layers else layers\n",
            "return tuple(i + 1 for i in layers) if layers else layers",
        ),
        _aux(
            "a loop over the method's result",
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
            "def aeon_aux(runner: GPUModelRunner) -> list[int]:\n"
            "    out = []\n"
            "    for layer in runner._get_eagle3_aux_layers_from_config() or ():\n"
            "        out.append(layer + 1)\n"
            "    return out\n",
            "out.append(layer + 1)",
        ),
    ],
    "attribute renamed (#28479)": [
        _cg(
            "a ClassVar override",
            "from typing import ClassVar\n\n"
            "from vllm.v1.attention.backends.utils import AttentionCGSupport, AttentionMetadataBuilder\n\n\n"
            "class AeonBuilder(AttentionMetadataBuilder):\n"
            "    cudagraph_support: ClassVar[AttentionCGSupport] = AttentionCGSupport.UNIFORM_BATCH\n",
            "cudagraph_support: ClassVar[AttentionCGSupport] = AttentionCGSupport.UNIFORM_BATCH",
        ),
        _cg(
            "read through the module",
            "from vllm.v1.attention.backends import utils\n\n\n"
            "def aeon_support():\n    return utils.AttentionMetadataBuilder.cudagraph_support\n",
            "return utils.AttentionMetadataBuilder.cudagraph_support",
        ),
        _cg(
            "getattr on a typed class",
            "from vllm.v1.attention.backends.utils import AttentionCGSupport, AttentionMetadataBuilder\n\n\n"
            "def aeon_support(builder: AttentionMetadataBuilder):\n"
            '    return getattr(builder, "cudagraph_support", AttentionCGSupport.NEVER)\n',
            'return getattr(builder, "cudagraph_support", AttentionCGSupport.NEVER)',
        ),
        _cg(
            "a monkeypatch",
            "from vllm.v1.attention.backends.utils import AttentionCGSupport, AttentionMetadataBuilder\n\n"
            "AttentionMetadataBuilder.cudagraph_support = AttentionCGSupport.UNIFORM_BATCH\n",
            "AttentionMetadataBuilder.cudagraph_support = AttentionCGSupport.UNIFORM_BATCH",
        ),
        _cg(
            "self. in a subclass",
            "from vllm.v1.attention.backends.utils import AttentionCGSupport, AttentionMetadataBuilder\n\n\n"
            "class AeonBuilder(AttentionMetadataBuilder):\n"
            "    def aeon_full_graphs(self) -> bool:\n"
            "        return self.cudagraph_support == AttentionCGSupport.ALWAYS\n",
            "return self.cudagraph_support == AttentionCGSupport.ALWAYS",
        ),
    ],
    "constant changed (#27077)": [
        _gt(
            "the comparison upstream writes",
            SM + "def greedy(sampling_metadata: SamplingMetadata):\n    return sampling_metadata.temperature == -1\n",
            "return sampling_metadata.temperature == -1",
        ),
        _gt(
            "torch.eq",
            SM + "def greedy(sampling_metadata: SamplingMetadata):\n"
            "    return torch.eq(sampling_metadata.temperature, -1)\n",
            "return torch.eq(sampling_metadata.temperature, -1)",
        ),
        _gt(
            "an element of the tensor",
            SM + "def greedy(sampling_metadata: SamplingMetadata, i: int) -> bool:\n"
            "    return bool(sampling_metadata.temperature[i] == -1)\n",
            "return bool(sampling_metadata.temperature[i] == -1)",
        ),
        _gt(
            "a constant of the fork's",
            SM + "AEON_GREEDY = -1\n\n\ndef greedy(sampling_metadata: SamplingMetadata):\n"
            "    return sampling_metadata.temperature == AEON_GREEDY\n",
            "AEON_GREEDY = -1",
        ),
        _gt(
            "the keyword upstream passes",
            "from vllm.v1.sample.rejection_sampler import expand_batch_to_tokens\n\n\n"
            "def aeon_expand(temperature, cu_num_tokens, num_tokens):\n"
            "    return expand_batch_to_tokens(temperature, cu_num_tokens, num_tokens, replace_from=-1, replace_to=1)\n",
            "return expand_batch_to_tokens(temperature, cu_num_tokens, num_tokens, replace_from=-1, replace_to=1)",
        ),
    ],
    "field removed (#49244)": [
        _pp(
            "getattr with a default",
            "from vllm.config import SchedulerConfig\n\n\n"
            "def aeon_pp(scheduler_config: SchedulerConfig) -> bool:\n"
            '    return getattr(scheduler_config, "max_num_partial_prefills", 1) > 1\n',
            'return getattr(scheduler_config, "max_num_partial_prefills", 1) > 1',
        ),
        _pp(
            "an annotated read",
            "from vllm.config import SchedulerConfig\n\n\n"
            "def aeon_pp(scheduler_config: SchedulerConfig) -> bool:\n"
            "    return scheduler_config.max_num_partial_prefills > 1\n",
            "return scheduler_config.max_num_partial_prefills > 1",
        ),
        _pp(
            "a chain off VllmConfig",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_pp(vllm_config: VllmConfig) -> bool:\n"
            "    return vllm_config.scheduler_config.max_num_partial_prefills > 1\n",
            "return vllm_config.scheduler_config.max_num_partial_prefills > 1",
        ),
        _pp(
            "hasattr",
            "def aeon_pp(scheduler_config) -> bool:\n"
            '    return hasattr(scheduler_config, "max_num_partial_prefills")\n',
            'return hasattr(scheduler_config, "max_num_partial_prefills")',
        ),
        _pp(
            "a constructor keyword",
            "from vllm.config import SchedulerConfig\n\n\n"
            "def aeon_scheduler(max_model_len: int) -> SchedulerConfig:\n"
            "    return SchedulerConfig(max_model_len, False, max_num_partial_prefills=2)\n",
            "return SchedulerConfig(max_model_len, False, max_num_partial_prefills=2)",
        ),
    ],
}


def synthetic(only: list[str], verbose: bool) -> tuple[int, int]:
    """The spellings of spelling_cases.py, each a three-way merge in a throwaway repository."""
    import subprocess
    import textwrap

    from spelling_cases import CLASSES as SYNTHETIC
    from spelling_cases import NOTE
    from threeway import audit, commit_files, git, merge

    caught = total = 0
    with tempfile.TemporaryDirectory(prefix="aeon-spellings-") as tmp:
        root = Path(tmp) / "repo"
        subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
        empty = git(root, "commit-tree", git(root, "write-tree"), "-m", "root")

        def findings_on(base: dict[str, str], up: dict[str, str], fork: dict[str, str], path: str, line: str) -> list:
            files = {"m/__init__.py": "", **{k: textwrap.dedent(v) for k, v in base.items()}}
            b = commit_files(root, empty, files, "base")
            theirs = commit_files(root, b, up, "Upstream change (#123)")
            ours = commit_files(root, b, fork, "carry")
            with tempfile.TemporaryDirectory() as folder:
                merged = merge(root, b, ours, theirs, Path(folder))
                found = audit(merged)[0] if merged is not None else []
            text = (fork if path in fork else up)[path]
            number = next(i for i, t in enumerate(text.splitlines(), 1) if line in t)
            return [f for f in found if f.path == path and f.line == number]

        for name, (base, up, cases) in SYNTHETIC.items():
            if only and not any(o in name for o in only):
                continue
            hits = 0
            for case in cases:
                if up is None:  # upstream's own line: (label, base files, upstream files, killer line)
                    label, extra, theirs, line = case
                    on = findings_on({**base, **extra}, theirs, NOTE, next(iter(theirs)), line)
                else:
                    label, fork, line = case[:3]
                    path = case[3] if len(case) > 3 else next(p for p in fork if "fork" in p)
                    on = findings_on(base, up, fork, path, line)
                # a changed default is a warning by design (the fleet may set the option), and so is a name
                # only a type checker reads (a quoted annotation, an import under `if TYPE_CHECKING:`: Python
                # never evaluates them): reported is caught
                warned = "default" in name or "annotation" in label or "TYPE_CHECKING" in label
                ok = any(f.severity.value == "error" or warned for f in on)
                hits += ok
                if verbose or not ok:
                    print(f"  {'caught' if ok else 'MISSED'}  {name}: {label}")
            print(f"{name} (synthetic): {hits}/{len(cases)}")
            caught, total = caught + hits, total + len(cases)
    return caught, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--only", nargs="*", default=[], help="replay only classes whose name holds one of these")
    parser.add_argument("--verbose", action="store_true", help="print every finding of a missed spelling")
    parser.add_argument("--synthetic", action="store_true", help="also the synthetic spellings of spelling_cases.py")
    args = parser.parse_args()
    caught = total = 0
    started = time.perf_counter()
    if args.synthetic:
        caught, total = synthetic(args.only, args.verbose)
    with tempfile.TemporaryDirectory(prefix="aeon-spellings-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for name, spellings in CLASSES.items():
            if args.only and not any(o in name for o in args.only):
                continue
            hits = 0
            for i, (label, killer) in enumerate(spellings):
                results, findings, _ = replay(repo, killer, Path(tmp) / f"m{total}-{i}")
                ok = all(blocked for _, blocked in results)
                hits += ok
                print(f"  {'caught' if ok else 'MISSED'}  {name}: {label}")
                if not ok and args.verbose:
                    for f in findings:
                        print(f"      {f.severity.value}: {f.path}:{f.line}: [{f.rule_id}] {f.message[:140]}")
            print(f"{name}: {hits}/{len(spellings)}")
            caught, total = caught + hits, total + len(spellings)
    print(f"spellings: {caught} caught of {total} in {time.perf_counter() - started:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
