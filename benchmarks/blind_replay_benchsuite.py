"""A blind replay of the benchmark suite's datasets, request functions and CLI a fork carries code against.

10 first-parent commits on ``vllm/benchmarks/`` (the datasets module: ``SampleRequest``, ``BenchmarkDataset``
and its subclasses, ``get_samples``; ``serve.py``; ``throughput.py``; ``lib/endpoint_request_func.py``:
``RequestFuncInput``, ``ASYNC_REQUEST_FUNCS``) and ``vllm/entrypoints/cli/benchmark/`` -- the surface a fork that
benchmarks its own hardware carries its own datasets and request functions against: the request functions
gaining a required ``session`` parameter (#21981), ``RequestFuncInput.multi_modal_content`` widened to a list
(#22534), ``RandomDataset.get_prefix``'s parameter changed from a tokenizer to the allowed token ids and
``generate_token_sequence`` gaining a required ``allowed_tokens`` keyword (#25963), the ready-check timeout's
default flipped 600 -> 0 (#30975), ``ASRDataset.TRANSCRIPTION_PREAMBLE`` / ``skip_long_audios`` removed
(#32300), ``get_prefix`` taking the tokenizer first (#33907), pooling backends told apart by a ``POOLING_BACKENDS`` set rather than the name (#36300),
``CustomMMDataset`` renamed ``CustomImageDataset`` (#41576), the Rust delegation tables of the CLI's
``serve`` removed (#50081), and ``throughput.py`` dropping its dataset imports while the LoRA pickers became
static methods the base calls through ``BenchmarkDataset.`` (#50981) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (a request function registered in the table, a positional
call, a subclass override, a class attribute read off ``self``, a keyword call, an unpacked tuple, a read of
a parsed option, an import of a renamed or re-exported name, a dict key), with twins (fork code the commit
does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 9bdf94ca): 10 caught, 3 warned, 2 missed of 15 (twins: 9
quiet, 0 false errors).  A 16th spelling, #33907's ``prompt, _ = gen_prompt_decode_to_target_len(...)``, was
mis-picked and dropped after the run: the commit only fixed the annotation (``tuple[str, list[int]]`` ->
``tuple[str, list[int], int]``), the function already returned three values at the base, so the fork's line
was broken before the merge (the engine was right to stay quiet).  The misses: #22534's
``request_func_input.multi_modal_content.get('type')`` (a dict field widened to ``dict | list[dict]``) and
#36300's ``ASYNC_REQUEST_FUNCS['aeon-embeddings'] = ...`` (serve now tells pooling backends by membership in
a new ``POOLING_BACKENDS`` set, not by the name: a fork backend registered in the first table only is run
as a generation backend).  Warned: #21981's fork request function without ``session`` (the error landed on
its call of upstream's function inside, not on its ``def``, the one the table's caller breaks), #25963's
``get_prefix`` override (the error landed on the override's ``def``, whose parameters it names, not on the
read of ``tokenizer.vocab_size`` the killer line names: caught in substance), #30975's deadline from the
parsed ``ready_check_timeout_sec`` (default drift's warning on a parsed option, as designed: the command
line may set it).
After the killers90 widenings: 13 caught, 2 warned, 0 missed of 15 (twins: 9 quiet, 0 false errors).  Caught
now: a method of the old kind called on a field or return upstream widened to a union with one other kind
(type drift, ``drift/retyped.py``); a fork function put into a table whose functions all gained a required
parameter, on its ``def`` (symbol drift, ``drift/table_params.py``); a fork key of a table upstream now
splits by a new set of its keys where a removed line tested a word the key holds (symbol drift,
``drift/split_tables.py``).  Still warned, as designed: #25963's override (its error is on the ``def``) and
#30975's parsed option.

  python benchmarks/blind_replay_benchsuite.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

ERF = "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS, RequestFuncInput, RequestFuncOutput\n"

# --- #21981 (6f5478298d): the request functions take a shared aiohttp session (a required second parameter);
#     serve.py calls every table entry with request_func_input=, session=, pbar=
SE = "6f5478298d"
SEW = "request functions gain a required session parameter"
CASES += [
    (
        "#21981 parameter inserted",
        "a fork request function registered in the table",
        K(
            "#21981",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            ERF + "from vllm.benchmarks.lib.endpoint_request_func import async_request_openai_completions\n\n\n"
            "async def aeon_spark_request(request_func_input: RequestFuncInput, pbar=None) -> RequestFuncOutput:\n"
            "    # AEON: the Spark's gateway wants a tenant header on every call\n"
            "    request_func_input.model_name = request_func_input.model_name or 'aeon'\n"
            "    return await async_request_openai_completions(request_func_input=request_func_input, pbar=pbar)\n\n\n"
            "ASYNC_REQUEST_FUNCS['aeon-spark'] = aeon_spark_request\n",
            "async def aeon_spark_request(request_func_input: RequestFuncInput, pbar=None) -> RequestFuncOutput:",
        ),
    ),
    (
        "#21981 parameter inserted",
        "a positional call with the progress bar second",
        K(
            "#21981",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            "from vllm.benchmarks.lib.endpoint_request_func import RequestFuncInput, async_request_openai_chat_completions\n\n\n"
            "async def aeon_chat(request_func_input: RequestFuncInput, pbar):\n"
            "    return await async_request_openai_chat_completions(request_func_input, pbar)\n",
            "return await async_request_openai_chat_completions(request_func_input, pbar)",
        ),
    ),
    (
        "#21981 parameter inserted",
        "twin: a read of a table entry and an output field",
        K(
            "#21981",
            SE,
            SEW,
            "vllm/aeon/se3.py",
            ERF + "\n\ndef aeon_has_backend(name: str) -> bool:\n"
            "    return name in ASYNC_REQUEST_FUNCS and RequestFuncOutput().ttft == 0.0\n",
            "return name in ASYNC_REQUEST_FUNCS and RequestFuncOutput().ttft == 0.0",
        ),
    ),
]

# --- #22534 (65a7917be4): RequestFuncInput.multi_modal_content widened from dict to dict | list[dict]
MM = "65a7917be4"
MMW = "multi_modal_content may be a list"
CASES += [
    (
        "#22534 field type widened",
        "a dict read off the field",
        K(
            "#22534",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            "from vllm.benchmarks.lib.endpoint_request_func import RequestFuncInput\n\n\n"
            "def aeon_is_image(request_func_input: RequestFuncInput) -> bool:\n"
            "    return request_func_input.multi_modal_content.get('type') == 'image_url'\n",
            "return request_func_input.multi_modal_content.get('type') == 'image_url'",
        ),
    ),
    (
        "#22534 field type widened",
        "twin: a None test",
        K(
            "#22534",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            "from vllm.benchmarks.lib.endpoint_request_func import RequestFuncInput\n\n\n"
            "def aeon_has_mm(request_func_input: RequestFuncInput) -> bool:\n"
            "    return request_func_input.multi_modal_content is not None\n",
            "return request_func_input.multi_modal_content is not None",
        ),
    ),
]

# --- #25963 (5e72216d17): RandomDataset.get_prefix(tokenizer, prefix_len) -> get_prefix(allowed_tokens,
#     prefix_len); generate_token_sequence(*, ...) gains a required allowed_tokens keyword
RV = "5e72216d17"
RVW = "get_prefix takes allowed token ids; generate_token_sequence needs allowed_tokens="
RD = "from vllm.benchmarks.datasets import RandomDataset\n\n\n"
CASES += [
    (
        "#25963 parameter changed",
        "a subclass override reading the old parameter",
        K(
            "#25963",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            RD + "class AeonRandomDataset(RandomDataset):\n"
            "    def get_prefix(self, tokenizer, prefix_len: int) -> list[int]:\n"
            "        # AEON: keep the prefix off the GB10 tokenizer's reserved tail\n"
            "        return [i % (tokenizer.vocab_size - 256) for i in range(prefix_len)]\n",
            "return [i % (tokenizer.vocab_size - 256) for i in range(prefix_len)]",
        ),
    ),
    (
        "#25963 parameter changed",
        "a keyword call without the new required keyword",
        K(
            "#25963",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            RD + "class AeonRandomDataset2(RandomDataset):\n"
            "    def aeon_one(self, tokenizer, input_len: int) -> str:\n"
            "        prompt, _, _ = self.generate_token_sequence(\n"
            "            tokenizer=tokenizer, prefix_token_ids=[], prefix_len=0, vocab_size=tokenizer.vocab_size,\n"
            "            input_len=input_len, offset=0, index=0,\n"
            "        )\n"
            "        return prompt\n",
            "prompt, _, _ = self.generate_token_sequence(",
        ),
    ),
    (
        "#25963 parameter changed",
        "twin: get_sampling_params called as before",
        K(
            "#25963",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            RD + "class AeonRandomDataset3(RandomDataset):\n"
            "    def aeon_lens(self, tokenizer, n: int):\n"
            "        return self.get_sampling_params(n, 0.0, 128, 16, tokenizer)\n",
            "return self.get_sampling_params(n, 0.0, 128, 16, tokenizer)",
        ),
    ),
]

# --- #30975 (22970c1626): --ready-check-timeout-sec's default 600 -> 0 (the ready check skipped by default)
RC = "22970c1626"
RCW = "ready_check_timeout_sec default 600 -> 0"
CASES += [
    (
        "#30975 option default flipped",
        "a deadline built from the parsed option",
        K(
            "#30975",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "import argparse\nimport time\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
            "def aeon_deadline(argv: list[str]) -> float:\n"
            "    parser = argparse.ArgumentParser()\n"
            "    add_cli_args(parser)\n"
            "    args = parser.parse_args(argv)\n"
            "    # AEON: the Spark's cold start takes minutes; wait as long as serve's ready check does\n"
            "    return time.monotonic() + args.ready_check_timeout_sec\n",
            "return time.monotonic() + args.ready_check_timeout_sec",
        ),
    ),
    (
        "#30975 option default flipped",
        "twin: an option whose default is kept",
        K(
            "#30975",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            "import argparse\n\nfrom vllm.benchmarks.serve import add_cli_args\n\n\n"
            "def aeon_endpoint(argv: list[str]) -> str:\n"
            "    parser = argparse.ArgumentParser()\n"
            "    add_cli_args(parser)\n"
            "    args = parser.parse_args(argv)\n"
            "    return args.endpoint\n",
            "return args.endpoint",
        ),
    ),
]

# --- #32300 (1d5922fade): ASRDataset.TRANSCRIPTION_PREAMBLE and skip_long_audios removed (audio length now
#     bounded by --asr-max-audio-len-sec)
AS = "1d5922fade"
ASW = "ASRDataset.TRANSCRIPTION_PREAMBLE / skip_long_audios removed"
ASR = "from vllm.benchmarks.datasets import ASRDataset\n\n\n"
CASES += [
    (
        "#32300 class attribute removed",
        "a read off self in a subclass",
        K(
            "#32300",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            ASR + "class AeonASRDataset(ASRDataset):\n"
            "    def aeon_prompt(self, language: str) -> str:\n"
            "        # AEON: our Whisper fine-tune transcribes German too\n"
            "        return self.TRANSCRIPTION_PREAMBLE.replace('<|en|>', f'<|{language}|>')\n",
            "return self.TRANSCRIPTION_PREAMBLE.replace('<|en|>', f'<|{language}|>')",
        ),
    ),
    (
        "#32300 class attribute removed",
        "a subclass setting the removed switch",
        K(
            "#32300",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            ASR + "class AeonLongASRDataset(ASRDataset):\n"
            "    # AEON: the Spark keeps long clips; upstream's 30 s cut hid our chunking bugs\n"
            "    skip_long_audios = False\n",
            "skip_long_audios = False",
        ),
    ),
    (
        "#32300 class attribute removed",
        "twin: a kept class attribute",
        K(
            "#32300",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            ASR + "def aeon_paths() -> set[str]:\n    return set(ASRDataset.SUPPORTED_DATASET_PATHS)\n",
            "return set(ASRDataset.SUPPORTED_DATASET_PATHS)",
        ),
    ),
]

# --- #33907 (b86bf4417e): gen_prompt_decode_to_target_len returns (prompt, tokens, mismatch); get_prefix takes
#     the tokenizer first: get_prefix(tokenizer, allowed_tokens, prefix_len)
GP = "b86bf4417e"
GPW = "gen_prompt_decode_to_target_len 2 -> 3 values; get_prefix(tokenizer, ...)"
CASES += [
    (
        "#33907 parameter inserted",
        "a subclass override of the old arity",
        K(
            "#33907",
            GP,
            GPW,
            "vllm/aeon/gp2.py",
            RD + "class AeonPrefixDataset(RandomDataset):\n"
            "    def get_prefix(self, allowed_tokens, prefix_len: int) -> list[int]:\n"
            "        # AEON: a fixed prefix so the Spark's prefix cache hits across runs\n"
            "        return [int(allowed_tokens[0])] * prefix_len\n",
            "def get_prefix(self, allowed_tokens, prefix_len: int) -> list[int]:",
        ),
    ),
    (
        "#33907 return shape changed",
        "twin: the prompt taken by index",
        K(
            "#33907",
            GP,
            GPW,
            "vllm/aeon/gp3.py",
            "from vllm.benchmarks.datasets import gen_prompt_decode_to_target_len\n\n\n"
            "def aeon_prompt2(tokenizer, ids: list[int], n: int) -> str:\n"
            "    return gen_prompt_decode_to_target_len(tokenizer=tokenizer, token_sequence=ids, target_token_len=n)[0]\n",
            "return gen_prompt_decode_to_target_len(tokenizer=tokenizer, token_sequence=ids, target_token_len=n)[0]",
        ),
    ),
]

# --- #36300 (be292b7c14): serve tells pooling backends by membership in POOLING_BACKENDS, not by "embeddings"
#     or "rerank" in the backend's name
PB = "be292b7c14"
PBW = "pooling backends listed in POOLING_BACKENDS"
CASES += [
    (
        "#36300 registry needs a second table",
        "a fork embeddings backend added to the table only",
        K(
            "#36300",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS, async_request_openai_embeddings\n\n"
            "# AEON: the Spark's embedding gateway speaks the OpenAI protocol on another port\n"
            "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = async_request_openai_embeddings\n",
            "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = async_request_openai_embeddings",
        ),
    ),
]

# --- #41576 (28ee78af54): CustomMMDataset renamed CustomImageDataset (the "custom_mm" name kept, deprecated)
CM = "28ee78af54"
CMW = "CustomMMDataset renamed CustomImageDataset"
CASES += [
    (
        "#41576 class renamed",
        "a subclass of the old name",
        K(
            "#41576",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            "from vllm.benchmarks.datasets import CustomMMDataset\n\n\n"
            "class AeonMMDataset(CustomMMDataset):\n"
            "    # AEON: our captioning set stores images as paths relative to the jsonl\n"
            "    IS_MULTIMODAL = True\n",
            "from vllm.benchmarks.datasets import CustomMMDataset",
        ),
    ),
    (
        "#41576 class renamed",
        "twin: the kept parent",
        K(
            "#41576",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            "from vllm.benchmarks.datasets import CustomDataset\n\n\nclass AeonTextDataset(CustomDataset):\n    pass\n",
            "from vllm.benchmarks.datasets import CustomDataset",
        ),
    ),
]

# --- #50081 (01661cc57f): the CLI serve subcommand's Rust delegation tables and helpers removed
RS = "01661cc57f"
RSW = "_RUST_SUPPORTED_DATASETS / _maybe_exec_rust_bench removed"
CASES += [
    (
        "#50081 module names removed",
        "an import of the delegation table",
        K(
            "#50081",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "from vllm.entrypoints.cli.benchmark.serve import _RUST_SUPPORTED_DATASETS\n\n\n"
            "def aeon_fast_path(dataset_name: str) -> bool:\n"
            "    return dataset_name in _RUST_SUPPORTED_DATASETS\n",
            "from vllm.entrypoints.cli.benchmark.serve import _RUST_SUPPORTED_DATASETS",
        ),
    ),
    (
        "#50081 module names removed",
        "a module attribute call",
        K(
            "#50081",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "import argparse\n\nfrom vllm.entrypoints.cli.benchmark import serve as bench_serve\n\n\n"
            "def aeon_run(args: argparse.Namespace) -> None:\n"
            "    bench_serve._maybe_exec_rust_bench(args)\n",
            "bench_serve._maybe_exec_rust_bench(args)",
        ),
    ),
    (
        "#50081 module names removed",
        "twin: the kept subcommand",
        K(
            "#50081",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            "from vllm.entrypoints.cli.benchmark.serve import BenchmarkServingSubcommand\n\n"
            "AEON_BENCH_NAME = BenchmarkServingSubcommand.name\n",
            "from vllm.entrypoints.cli.benchmark.serve import BenchmarkServingSubcommand",
        ),
    ),
]

# --- #50981 (e07532b035): throughput.py reuses get_samples (its dataset class imports gone); the LoRA pickers
#     made static methods that get_lora_request calls through BenchmarkDataset.
TH = "e07532b035"
THW = "throughput drops its dataset imports; LoRA pickers static"
CASES += [
    (
        "#50981 re-exported name gone",
        "an import of a dataset class through throughput",
        K(
            "#50981",
            TH,
            THW,
            "vllm/aeon/th1.py",
            "from vllm.benchmarks.throughput import RandomDataset, get_requests\n\n\n"
            "def aeon_requests(args, tokenizer):\n"
            "    assert RandomDataset.DEFAULT_INPUT_LEN > 0\n"
            "    return get_requests(args, tokenizer)\n",
            "from vllm.benchmarks.throughput import RandomDataset, get_requests",
        ),
    ),
    (
        "#50981 override bypassed",
        "a subclass override the base no longer dispatches to",
        K(
            "#50981",
            TH,
            THW,
            "vllm/aeon/th2.py",
            RD + "class AeonLoraDataset(RandomDataset):\n"
            "    def get_round_robin_lora_request(self, index: int, max_loras=None, lora_path=None):\n"
            "        # AEON: adapters 1..max_loras live under one folder per adapter on the Spark\n"
            "        return super().get_round_robin_lora_request(index, max_loras, lora_path and f'{lora_path}/{index}')\n",
            "def get_round_robin_lora_request(self, index: int, max_loras=None, lora_path=None):",
        ),
    ),
    (
        "#50981 re-exported name gone",
        "twin: a name throughput still imports",
        K(
            "#50981",
            TH,
            THW,
            "vllm/aeon/th3.py",
            "from vllm.benchmarks.throughput import SampleRequest, get_requests\n\n\n"
            "def aeon_requests2(args, tokenizer) -> list[SampleRequest]:\n"
            "    return get_requests(args, tokenizer)\n",
            "from vllm.benchmarks.throughput import SampleRequest, get_requests",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-benchsuite-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
