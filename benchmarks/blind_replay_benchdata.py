"""A blind replay of the benchmark harness a fork extends with its own datasets, metrics and runs.

10 first-parent commits on ``vllm/benchmarks/{datasets.py,datasets/,serve.py,throughput.py}`` -- the classes
and functions a fork that benchmarks its own hardware subclasses, calls or builds: ``BenchmarkDataset``'s
``maybe_oversample_requests`` now handed a third positional ``request_id_prefix`` by the datasets' ``sample``
(#23065), ``RandomDataset.sample``'s ``request_id_prefix`` moved from last to third (#23119), ``BenchmarkMetrics``
given two required peak fields (#23867), ``--endpoint-type`` and its ``DeprecatedEndpointTypeAction`` removed
(#26007), ``benchmark`` given a required ``num_warmups`` (#26943), ``EmbedBenchmarkMetrics`` given a required
``failed`` second field (#26478), ``RandomDataset.get_sampling_params`` moved off the class into a module
function taking the generator first while ``datasets.py`` became a package (#30156),
``get_first_model_from_server`` returning ``(name, root)`` instead of a string (#31329), ``run_vllm``'s
``warmup_requests`` inserted before ``prequeue_requests`` (#43245) and ``CustomImageDataset``'s content helpers
now handed an ``ensure_client_side_data`` keyword by the class's own callers (#43843) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits ``blind_replay_benchsuite.py`` and
the other replays use.  Each is replayed under 1-2 fork spellings written the way fork code is written (a
subclass override the base now calls differently, a ``super()`` call, a positional call, a keyword call, a
``functools.partial``, a dataclass built by keywords or positionally, a read off the parsed options, an
import, a ``self.`` call and a call on the class, a str method on an awaited result), with twins (fork code
the commit does not break: the keyword spelling, a kept field or method, an override taking the new keyword).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d4f4dc09): 14 caught, 0 warned, 2 missed of 16 (twins: 10
quiet, 0 false errors).  The misses: #26007's ``return args.endpoint_type or args.backend`` (the fork filled
its parser through upstream's ``add_cli_args`` and reads an option upstream no longer declares off the
namespace ``parse_args`` returned: nothing quotes the flag on the fork's side, so removed_options had nothing
to read) and #26943's ``functools.partial(benchmark, ...)`` (a partial that bound every parameter
``benchmark`` required, now short of the new required ``num_warmups``: a partial's missing parameters were
taken as left to its later call).
After the killers153 widenings: 16 caught, 0 warned, 0 missed of 16 (twins: 10 quiet, 0 false errors).  Caught
now: a fork read of a parsed option (``args.name``, a bare ``getattr``) whose ``--flag`` upstream's diff removed
from a declaration and no served file of the package declares or sets any more (an error off a
``parse_args`` / ``parse_known_args`` namespace, a warning off a ``Namespace`` parameter; ``drift/parsed_options.py``)
and a ``functools.partial`` that bound every parameter its function required, now short of one the function
did not take before (symbol drift's call check, ``drift/signatures.py``'s ``partial_left_short``).  Regression
set at the widening's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors
(40, 30, 23 twins), blind_replay_benchsuite 13 caught, 2 warned of 15 (9 twins quiet; as on main),
blind_replay_entrycli 21/21 (11 quiet), blind_replay_openai 17 caught, 1 warned of 18 (10 quiet),
blind_replay_chatutils 18 caught, 2 warned of 20 (12 quiet), blind_replay 52 caught, 9 warned, 0 missed of 61,
``symbol_precision.py --windows 1``: 0 false errors.

  python benchmarks/blind_replay_benchdata.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #23065 (31436e8b4f): the datasets' sample() now call self.maybe_oversample_requests(samples,
#     num_requests, request_id_prefix): a fork override taking two parameters raises TypeError
OS = "31436e8b4f"
OSW = "maybe_oversample_requests handed a third positional"
CASES += [
    (
        "#23065 override lacks a passed parameter",
        "a subclass override of two parameters",
        K(
            "#23065",
            OS,
            OSW,
            "vllm/aeon/os1.py",
            "from vllm.benchmarks.datasets import SampleRequest, ShareGPTDataset\n\n\n"
            "class AeonShareGPTDataset(ShareGPTDataset):\n"
            "    # AEON: never repeat a prompt; the Spark's prefix cache would flatter a duplicated one\n"
            "    def maybe_oversample_requests(self, requests: list[SampleRequest], num_requests: int) -> None:\n"
            "        del requests[num_requests:]\n",
            "def maybe_oversample_requests(self, requests: list[SampleRequest], num_requests: int) -> None:",
        ),
    ),
    (
        "#23065 override lacks a passed parameter",
        "twin: an override taking *args",
        K(
            "#23065",
            OS,
            OSW,
            "vllm/aeon/os2.py",
            "from vllm.benchmarks.datasets import SampleRequest, ShareGPTDataset\n\n\n"
            "class AeonShareGPTDataset(ShareGPTDataset):\n"
            "    def maybe_oversample_requests(self, requests: list[SampleRequest], num_requests: int, *args) -> None:\n"
            "        del requests[num_requests:]\n",
            "def maybe_oversample_requests(self, requests: list[SampleRequest], num_requests: int, *args) -> None:",
        ),
    ),
]

# --- #23119 (0cb7b065c3): RandomDataset.sample(tokenizer, num_requests, prefix_len, range_ratio, input_len,
#     output_len, request_id_prefix) -> (tokenizer, num_requests, request_id_prefix, prefix_len, ...)
RS = "0cb7b065c3"
RSW = "RandomDataset.sample's request_id_prefix moved to third"
RANDOM = "from vllm.benchmarks.datasets import RandomDataset, SampleRequest\n\n\n"
CASES += [
    (
        "#23119 parameters reordered",
        "a positional call",
        K(
            "#23119",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            RANDOM + "def aeon_decode_heavy(tokenizer, n: int) -> list[SampleRequest]:\n"
            "    # AEON: GB10's decode-bound profile: short prompts, long answers\n"
            "    return RandomDataset(random_seed=0).sample(tokenizer, n, 16, 0.1, 256, 1024)\n",
            "return RandomDataset(random_seed=0).sample(tokenizer, n, 16, 0.1, 256, 1024)",
        ),
    ),
    (
        "#23119 parameters reordered",
        "a super() call passing positionally",
        K(
            "#23119",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            RANDOM + "class AeonRandomDataset(RandomDataset):\n"
            "    def sample(self, tokenizer, num_requests, prefix_len=0, range_ratio=0.0, input_len=1024, output_len=128, **kwargs):\n"
            "        samples = super().sample(tokenizer, num_requests, prefix_len, range_ratio, input_len, output_len)\n"
            "        return [s for s in samples if s.prompt_len > 0]\n",
            "samples = super().sample(tokenizer, num_requests, prefix_len, range_ratio, input_len, output_len)",
        ),
    ),
    (
        "#23119 parameters reordered",
        "twin: a keyword call",
        K(
            "#23119",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            RANDOM + "def aeon_decode_heavy(tokenizer, n: int) -> list[SampleRequest]:\n"
            "    return RandomDataset(random_seed=0).sample(tokenizer, n, prefix_len=16, input_len=256, output_len=1024)\n",
            "return RandomDataset(random_seed=0).sample(tokenizer, n, prefix_len=16, input_len=256, output_len=1024)",
        ),
    ),
]

# --- #23867 (a904ea78ea): BenchmarkMetrics gained required max_output_tokens_per_s and max_concurrent_requests
PK = "a904ea78ea"
PKW = "BenchmarkMetrics gained two required fields"
METRICS_KW = (
    "        completed=0, total_input=0, total_output=0, request_throughput=0.0, request_goodput=0.0,\n"
    "        output_throughput=0.0, total_token_throughput=0.0,\n"
    "        mean_ttft_ms=0.0, median_ttft_ms=0.0, std_ttft_ms=0.0, percentiles_ttft_ms=[],\n"
    "        mean_tpot_ms=0.0, median_tpot_ms=0.0, std_tpot_ms=0.0, percentiles_tpot_ms=[],\n"
    "        mean_itl_ms=0.0, median_itl_ms=0.0, std_itl_ms=0.0, percentiles_itl_ms=[],\n"
    "        mean_e2el_ms=0.0, median_e2el_ms=0.0, std_e2el_ms=0.0, percentiles_e2el_ms=[],\n"
)
CASES += [
    (
        "#23867 dataclass field required",
        "a keyword construction",
        K(
            "#23867",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            "from vllm.benchmarks.serve import BenchmarkMetrics\n\n\n"
            "def aeon_empty_metrics() -> BenchmarkMetrics:\n"
            "    # AEON: a dry run on the Spark reports zeros instead of dividing by no requests\n"
            "    return BenchmarkMetrics(\n" + METRICS_KW + "    )\n",
            "return BenchmarkMetrics(",
        ),
    ),
    (
        "#23867 dataclass field required",
        "twin: a read of a kept field",
        K(
            "#23867",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            "from vllm.benchmarks.serve import BenchmarkMetrics\n\n\n"
            "def aeon_tokens_per_request(metrics: BenchmarkMetrics) -> float:\n"
            "    return metrics.total_output / max(metrics.completed, 1)\n",
            "return metrics.total_output / max(metrics.completed, 1)",
        ),
    ),
]

# --- #26007 (f9e714813a): --endpoint-type and DeprecatedEndpointTypeAction removed from serve's add_cli_args
ET = "f9e714813a"
ETW = "--endpoint-type removed"
CASES += [
    (
        "#26007 class removed",
        "an import",
        K(
            "#26007",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            "import argparse\n\nfrom vllm.benchmarks.serve import DeprecatedEndpointTypeAction\n\n\n"
            "def aeon_add_legacy(parser: argparse.ArgumentParser) -> None:\n"
            '    parser.add_argument("--aeon-endpoint", action=DeprecatedEndpointTypeAction, default=None)\n',
            "from vllm.benchmarks.serve import DeprecatedEndpointTypeAction",
        ),
    ),
    (
        "#26007 option removed",
        "a read of the parsed option",
        K(
            "#26007",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            "import argparse\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
            "def aeon_backend(argv: list[str]) -> str:\n"
            "    parser = argparse.ArgumentParser()\n"
            "    add_cli_args(parser)\n"
            "    args = parser.parse_args(argv)\n"
            "    return args.endpoint_type or args.backend\n",
            "return args.endpoint_type or args.backend",
        ),
    ),
    (
        "#26007 option removed",
        "twin: the kept option",
        K(
            "#26007",
            ET,
            ETW,
            "vllm/aeon/et3.py",
            "import argparse\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
            "def aeon_backend(argv: list[str]) -> str:\n"
            "    parser = argparse.ArgumentParser()\n"
            "    add_cli_args(parser)\n"
            "    args = parser.parse_args(argv)\n"
            "    return args.backend\n",
            "return args.backend",
        ),
    ),
]

# --- #26943 (013abde6ef): benchmark() gained a required num_warmups between disable_tqdm and profile
WU = "013abde6ef"
WUW = "benchmark gained a required num_warmups"
BENCH_KW = (
    '        task_type=TaskType.GENERATION, endpoint_type="openai", api_url=f"{base_url}/v1/completions",\n'
    "        base_url=base_url, model_id=model, model_name=model, tokenizer=tokenizer, input_requests=requests,\n"
    '        logprobs=None, request_rate=float("inf"), burstiness=1.0, disable_tqdm=True, profile=False,\n'
    '        selected_percentile_metrics=["ttft", "tpot"], selected_percentiles=[99.0], ignore_eos=True,\n'
    "        goodput_config_dict={}, max_concurrency=8, lora_modules=None, extra_headers=None, extra_body=None,\n"
)
SERVE = "import functools\n\nfrom vllm.benchmarks.serve import TaskType, benchmark, calculate_metrics\n\n\n"
CASES += [
    (
        "#26943 parameter required",
        "a keyword call",
        K(
            "#26943",
            WU,
            WUW,
            "vllm/aeon/wu1.py",
            SERVE + "async def aeon_bench(base_url: str, model: str, tokenizer, requests: list) -> dict:\n"
            "    # AEON: the Spark's nightly run: eight streams, no ramp-up\n"
            "    return await benchmark(\n" + BENCH_KW + "    )\n",
            "return await benchmark(",
        ),
    ),
    (
        "#26943 parameter required",
        "a functools.partial",
        K(
            "#26943",
            WU,
            WUW,
            "vllm/aeon/wu2.py",
            SERVE + "def aeon_bench_factory(base_url: str, model: str, tokenizer, requests: list):\n"
            "    return functools.partial(\n"
            "        benchmark,\n" + BENCH_KW + "    )\n",
            "return functools.partial(",
        ),
    ),
    (
        "#26943 parameter required",
        "twin: a kept function",
        K(
            "#26943",
            WU,
            WUW,
            "vllm/aeon/wu3.py",
            SERVE + "def aeon_metrics(requests: list, outputs: list, seconds: float, tokenizer):\n"
            "    return calculate_metrics(\n"
            "        input_requests=requests, outputs=outputs, dur_s=seconds, tokenizer=tokenizer,\n"
            "        selected_percentiles=[99.0], goodput_config_dict={},\n"
            "    )\n",
            "return calculate_metrics(",
        ),
    ),
]

# --- #26478 (965c5f4914): EmbedBenchmarkMetrics (and BenchmarkMetrics) gained a required `failed` second field
FD = "965c5f4914"
FDW = "EmbedBenchmarkMetrics gained a required failed field"
EMBED = "from vllm.benchmarks.serve import EmbedBenchmarkMetrics\n\n\n"
CASES += [
    (
        "#26478 dataclass field inserted",
        "a keyword construction",
        K(
            "#26478",
            FD,
            FDW,
            "vllm/aeon/fd1.py",
            EMBED + "def aeon_no_embeds() -> EmbedBenchmarkMetrics:\n"
            "    return EmbedBenchmarkMetrics(completed=0, total_input=0, request_throughput=0.0, total_token_throughput=0.0, mean_e2el_ms=0.0, std_e2el_ms=0.0, median_e2el_ms=0.0, percentiles_e2el_ms=[])\n",
            "return EmbedBenchmarkMetrics(completed=0, total_input=0, request_throughput=0.0, total_token_throughput=0.0, mean_e2el_ms=0.0, std_e2el_ms=0.0, median_e2el_ms=0.0, percentiles_e2el_ms=[])",
        ),
    ),
    (
        "#26478 dataclass field inserted",
        "a positional construction",
        K(
            "#26478",
            FD,
            FDW,
            "vllm/aeon/fd2.py",
            EMBED + "def aeon_from_row(row: list[float]) -> EmbedBenchmarkMetrics:\n"
            "    # AEON: rebuild a stored run from the Spark's CSV\n"
            "    return EmbedBenchmarkMetrics(int(row[0]), int(row[1]), row[2], row[3], row[4], row[5], row[6], [])\n",
            "return EmbedBenchmarkMetrics(int(row[0]), int(row[1]), row[2], row[3], row[4], row[5], row[6], [])",
        ),
    ),
    (
        "#26478 dataclass field inserted",
        "twin: a read of a kept field",
        K(
            "#26478",
            FD,
            FDW,
            "vllm/aeon/fd3.py",
            EMBED + "def aeon_ok(metrics: EmbedBenchmarkMetrics) -> bool:\n"
            "    return metrics.completed > 0 and metrics.mean_e2el_ms < 500.0\n",
            "return metrics.completed > 0 and metrics.mean_e2el_ms < 500.0",
        ),
    ),
]

# --- #30156 (893b2affff): RandomDataset.get_sampling_params removed (a module function of datasets/utils.py
#     taking the generator first); vllm/benchmarks/datasets.py became the package vllm/benchmarks/datasets/
SP = "893b2affff"
SPW = "RandomDataset.get_sampling_params moved off the class"
CASES += [
    (
        "#30156 method removed",
        "a subclass's self. call",
        K(
            "#30156",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            RANDOM + "class AeonRandomDataset(RandomDataset):\n"
            "    def aeon_lengths(self, tokenizer, n: int, input_len: int, output_len: int):\n"
            "        # AEON: pre-draw the lengths so the Spark's sweep can bucket them\n"
            "        input_lens, output_lens, _ = self.get_sampling_params(n, 0.25, input_len, output_len, tokenizer)\n"
            "        return list(zip(input_lens.tolist(), output_lens.tolist()))\n",
            "input_lens, output_lens, _ = self.get_sampling_params(n, 0.25, input_len, output_len, tokenizer)",
        ),
    ),
    (
        "#30156 method removed",
        "a call on the class",
        K(
            "#30156",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            RANDOM + "def aeon_lengths(dataset: RandomDataset, tokenizer, n: int):\n"
            "    return RandomDataset.get_sampling_params(dataset, n, 0.0, 1024, 128, tokenizer)\n",
            "return RandomDataset.get_sampling_params(dataset, n, 0.0, 1024, 128, tokenizer)",
        ),
    ),
    (
        "#30156 method removed",
        "twin: a kept method",
        K(
            "#30156",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            "import numpy as np\n\n" + RANDOM + "class AeonRandomDataset(RandomDataset):\n"
            "    def aeon_prefix(self, tokenizer, prefix_len: int) -> list[int]:\n"
            "        allowed = np.arange(tokenizer.vocab_size)\n"
            "        return self.get_prefix(tokenizer, allowed, prefix_len)\n",
            "return self.get_prefix(tokenizer, allowed, prefix_len)",
        ),
    ),
]

# --- #31329 (3b8f31b362): get_first_model_from_server returns (id, root) instead of the id
FM = "3b8f31b362"
FMW = "get_first_model_from_server returns a tuple"
CASES += [
    (
        "#31329 return made a tuple",
        "a str method on the awaited result",
        K(
            "#31329",
            FM,
            FMW,
            "vllm/aeon/fm1.py",
            "from vllm.benchmarks.serve import get_first_model_from_server\n\n\n"
            "async def aeon_model_label(base_url: str) -> str:\n"
            "    model_id = await get_first_model_from_server(base_url)\n"
            "    # AEON: result files are named by the model's last path part\n"
            '    return model_id.split("/")[-1]\n',
            'return model_id.split("/")[-1]',
        ),
    ),
    (
        "#31329 return made a tuple",
        "twin: a kept function's result",
        K(
            "#31329",
            FM,
            FMW,
            "vllm/aeon/fm2.py",
            "from vllm.benchmarks.serve import parse_goodput\n\n\n"
            "def aeon_goodput(pairs: list[str]) -> dict:\n"
            "    config = parse_goodput(pairs)\n"
            "    return {k.upper(): v for k, v in config.items()}\n",
            "return {k.upper(): v for k, v in config.items()}",
        ),
    ),
]

# --- #43245 (905b97adfa): run_vllm(requests, n, engine_args, do_profile, disable_detokenize, prequeue_requests)
#     gained warmup_requests before prequeue_requests
WR = "905b97adfa"
WRW = "run_vllm's warmup_requests inserted"
THR = "from vllm.benchmarks.throughput import run_vllm, run_vllm_chat\n\n\n"
CASES += [
    (
        "#43245 parameter inserted",
        "a positional call",
        K(
            "#43245",
            WR,
            WRW,
            "vllm/aeon/wr1.py",
            THR + "def aeon_throughput(requests: list, engine_args) -> float:\n"
            "    # AEON: queue everything first; the Spark's scheduler is what is measured\n"
            "    elapsed, _ = run_vllm(requests, 1, engine_args, False, False, True)\n"
            "    return len(requests) / elapsed\n",
            "elapsed, _ = run_vllm(requests, 1, engine_args, False, False, True)",
        ),
    ),
    (
        "#43245 parameter inserted",
        "twin: a keyword call",
        K(
            "#43245",
            WR,
            WRW,
            "vllm/aeon/wr2.py",
            THR + "def aeon_chat_throughput(requests: list, engine_args) -> float:\n"
            "    elapsed, _ = run_vllm_chat(requests, 1, engine_args, False, prequeue_requests=True)\n"
            "    return len(requests) / elapsed\n",
            "elapsed, _ = run_vllm_chat(requests, 1, engine_args, False, prequeue_requests=True)",
        ),
    ),
]

# --- #43843 (53fa09d085): CustomImageDataset's _process_interleaved_content/sample now call
#     cls._process_content_part(part, ensure_client_side_data=...) and self._process_image_files(images,
#     ensure_client_side_data=...): a fork override without the keyword raises TypeError
EC = "53fa09d085"
ECW = "content helpers handed ensure_client_side_data"
CUSTOM = "from typing import Any\n\nfrom vllm.benchmarks.datasets import CustomImageDataset\n\n\n"
CASES += [
    (
        "#43843 override lacks a passed keyword",
        "a classmethod override",
        K(
            "#43843",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            CUSTOM + "class AeonImageDataset(CustomImageDataset):\n"
            "    # AEON: the Spark's eval set carries video frames as images\n"
            "    @classmethod\n"
            "    def _process_content_part(cls, part: dict[str, Any]) -> dict[str, Any]:\n"
            '        if part.get("type") == "frame":\n'
            '            part = {"type": "image", "image": part["frame"]}\n'
            "        return super()._process_content_part(part)\n",
            "def _process_content_part(cls, part: dict[str, Any]) -> dict[str, Any]:",
        ),
    ),
    (
        "#43843 override lacks a passed keyword",
        "a staticmethod override",
        K(
            "#43843",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            CUSTOM + "class AeonImageDataset(CustomImageDataset):\n"
            "    @staticmethod\n"
            "    def _process_image_files(images: Any) -> dict[str, Any] | list[dict[str, Any]]:\n"
            "        return CustomImageDataset._process_image_files(images[:4])\n",
            "def _process_image_files(images: Any) -> dict[str, Any] | list[dict[str, Any]]:",
        ),
    ),
    (
        "#43843 override lacks a passed keyword",
        "twin: an override taking **kwargs",
        K(
            "#43843",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            CUSTOM + "class AeonImageDataset(CustomImageDataset):\n"
            "    @classmethod\n"
            "    def _process_content_part(cls, part: dict[str, Any], **kwargs: Any) -> dict[str, Any]:\n"
            "        return super()._process_content_part(part, **kwargs)\n",
            "def _process_content_part(cls, part: dict[str, Any], **kwargs: Any) -> dict[str, Any]:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-benchdata-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
