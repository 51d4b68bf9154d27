"""A blind replay of the batch runner, scoring and shared entrypoint helpers a fork's batch mode and reranker carry.

10 first-parent commits on ``vllm/entrypoints/openai/run_batch.py``, ``vllm/entrypoints/score_utils.py``,
``vllm/entrypoints/openai/serving_score.py``, ``vllm/entrypoints/utils.py`` and ``vllm/entrypoints/pooling/score``
-- the code a fork that benchmarks in batch mode, serves its own reranker route and sets up its own CLI carries
against: ``write_file`` given the outputs and a required ``output_tmp_dir`` in place of the data string,
``OpenAIServingScores`` renamed ``ServingScores`` and ``make_pairs`` removed, ``apply_score_template`` renamed
``_apply_model_score_template`` (a fork's patch of the old name no longer reached), ``ScoreRequest`` turned from a
model class into a ``TypeAlias`` union of three request classes, ``entrypoints.utils``' protocol imports moved
under ``TYPE_CHECKING`` (bound to ``object`` at run time, ``make_arg_parser`` no longer a module name), the scoring
server's ``compute_maxsim_score`` import dropped for ``compute_maxsim_scores`` (a fork's patch of the old name no
longer reached), ``compute_maxsim_scores`` removed, ``build_endpoint_registry`` made a coroutine that takes no
``base_model_paths``/``request_logger``/``supported_tasks``, ``download_bytes_from_url`` and
``make_transcription_wrapper`` now called with ``allowed_media_domains`` (a fork's narrower replacement fails), and
``get_max_tokens`` raising on an over-long input where it returned a negative budget -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits other replays use (``blind_replay_serving``,
``_servechat``, ``_pooling``, ``_openai`` and others cover parts of this surface).  Each is replayed under 1-3
fork spellings written the way fork code is written (an import, a subclass, a module attribute call, a keyword
call, a positional call, a patch of a module attribute, a classmethod call, a build, an ``isinstance`` test, a
comparison of a returned value), with twins (fork code the commit does not break: the kept name, the home module,
a keyword call that still fits, a replacement taking ``**kwargs``).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 387be72d): 16 caught, 2 warned, 4 missed of 22 (twins: 10
quiet, 0 false errors).  Symbol drift caught the call of ``write_file`` without ``output_tmp_dir`` and with
``data=``, the renamed class and removed helper, the renamed template function (its import, and a patch of the old
name that nothing reads now), the dropped re-exports (``make_arg_parser`` through the helpers,
``compute_maxsim_score`` through the serving module, imported and patched), the removed batched scorer and the
coroutine ``build_endpoint_registry``; type drift the three uses of ``ScoreRequest`` made a union.  Warned: #32319's
``isinstance`` test and build of a name the helpers now bind only under ``TYPE_CHECKING`` -- the errors landed on
the use (the ``isinstance``, the ``StreamOptions(...)`` call), where the wrong answer and the TypeError are, not on
the import the blind labels marked: the labels were wrong, and now mark the use.  The misses: #38482's two (a fork
function with the old parameters patched over ``run_batch.download_bytes_from_url`` and
``make_transcription_wrapper``, which upstream's module now calls with ``allowed_media_domains=``: TypeError on
every transcription row) and #36789's two (``get_max_tokens``'s answer compared with 0 and 1, where upstream now
raises ValueError in place of the negative budget: the fork's branch is dead and the call raises).  The first
#36789 label marked the ``if budget <= 0:``; the ValueError is raised on the call a line above, where the label
now is.
After the killers174 widenings: 22 caught, 0 warned, 0 missed of 22 (twins: 10 quiet, 0 false errors).  Caught
now: a fork function patched over upstream's module function that upstream's module now calls with what it does
not take (``drift/patched_functions.py``); a def upstream made raise under a new ``if a < b:`` where the base
answered ``a - b``, the fork comparing the answer with a bound of at most 1 (``drift/raised_empties.py``, widened).
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet),
review67_twins 4/4 (13 quiet, 1 warned), review74_twins 10/10 (29 quiet, 6 warned), review38_twins 6/6 (20 quiet,
6 warned), review44_twins 8/8 (32 quiet, 14 warned), review81_twins 5 caught, 3 warned of 8 (30 quiet, 2 warned),
blind_replay_entrycli 21/21 (11 quiet), blind_replay_fwdctx 19/19 (12 quiet): 0 false errors, no caught lost.
After the mend60 join (killers171's ``drift/outgrown_patches.py``, which caught the same class, folded into
``drift/patched_functions.py``: one finding per patch, on the patch line): 22 caught, 0 warned, 0 missed of 22
(twins: 10 quiet, 0 false errors); both #38482 spellings caught on their patch lines, as labelled.
Regression set at the join: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet), review67_twins 4/4 (13
quiet, 1 warned), review74_twins 10/10 (29 quiet, 6 warned), review38_twins 6/6 (20 quiet, 6 warned), review44_twins
8/8 (32 quiet, 14 warned), review81_twins 5 caught, 3 warned of 8 (30 quiet, 2 warned), blind_replay_entrycli 21/21
(11 quiet), blind_replay_fwdctx 19/19 (12 quiet): 0 false errors, as recorded.

  python benchmarks/blind_replay_scoring.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #12927 (185cc19f92): write_file(path_or_url, data) -> write_file(path_or_url, batch_outputs, output_tmp_dir)
WF = "185cc19f92"
WFW = "write_file given the outputs list and a required output_tmp_dir in place of data"
RB = "from vllm.entrypoints.openai.run_batch import read_file, write_file\n\n\n"
CASES += [
    (
        "#12927 required parameter added",
        "a positional call with the old data string",
        K(
            "#12927",
            WF,
            WFW,
            "vllm/aeon/wf1.py",
            RB + "async def aeon_dump_rows(output_file: str, rows: list[str]) -> None:\n"
            "    # AEON: the Spark's benchmark batch writes its own summary rows beside the outputs\n"
            '    await write_file(output_file, "\\n".join(rows))\n',
            'await write_file(output_file, "\\n".join(rows))',
        ),
    ),
    (
        "#12927 parameter renamed",
        "a keyword call naming data",
        K(
            "#12927",
            WF,
            WFW,
            "vllm/aeon/wf2.py",
            RB + "async def aeon_dump_text(output_file: str, text: str) -> None:\n"
            "    await write_file(path_or_url=output_file, data=text)\n",
            "await write_file(path_or_url=output_file, data=text)",
        ),
    ),
    (
        "#12927 required parameter added",
        "twin: the kept reader",
        K(
            "#12927",
            WF,
            WFW,
            "vllm/aeon/wf3.py",
            RB + "async def aeon_load_rows(input_file: str) -> list[str]:\n"
            "    text = await read_file(input_file)\n"
            '    return text.strip().split("\\n")\n',
            "text = await read_file(input_file)",
        ),
    ),
]

# --- #12846 (1c3c975766): OpenAIServingScores renamed ServingScores; make_pairs removed
SS = "1c3c975766"
SSW = "OpenAIServingScores renamed ServingScores; make_pairs removed"
CASES += [
    (
        "#12846 class renamed",
        "a subclass of the old name",
        K(
            "#12846",
            SS,
            SSW,
            "vllm/aeon/ss1.py",
            "from vllm.entrypoints.openai.serving_score import OpenAIServingScores\n\n\n"
            "class AeonRerankScores(OpenAIServingScores):\n"
            "    # AEON: the Spark's reranker route scores NVFP4 cross-encoders\n"
            '    aeon_route = "/aeon/rerank"\n',
            "from vllm.entrypoints.openai.serving_score import OpenAIServingScores",
        ),
    ),
    (
        "#12846 function removed",
        "a module attribute call of the removed helper",
        K(
            "#12846",
            SS,
            SSW,
            "vllm/aeon/ss2.py",
            "import vllm.entrypoints.openai.serving_score as serving_score\n\n\n"
            "def aeon_pairs(query: str, docs: list[str]) -> list[tuple[str, str]]:\n"
            "    return serving_score.make_pairs(query, docs)\n",
            "return serving_score.make_pairs(query, docs)",
        ),
    ),
    (
        "#12846 class renamed",
        "twin: the request model from the protocol",
        K(
            "#12846",
            SS,
            SSW,
            "vllm/aeon/ss3.py",
            "from vllm.entrypoints.openai.protocol import ScoreRequest\n\n\n"
            "def aeon_score_request(model: str, query: str, docs: list[str]) -> ScoreRequest:\n"
            "    return ScoreRequest(model=model, text_1=query, text_2=docs)\n",
            "return ScoreRequest(model=model, text_1=query, text_2=docs)",
        ),
    ),
]

# --- #30550 (23daef548d): apply_score_template renamed _apply_model_score_template
ST = "23daef548d"
STW = "apply_score_template renamed _apply_model_score_template"
CASES += [
    (
        "#30550 function renamed",
        "an import and call of the old name",
        K(
            "#30550",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.entrypoints.score_utils import apply_score_template\n\n\n"
            "def aeon_prompt(model_config, query: str, doc: str) -> str:\n"
            "    # AEON: the Spark's reranker logs the templated prompt for its accuracy runs\n"
            "    return apply_score_template(model_config, query, doc)\n",
            "from vllm.entrypoints.score_utils import apply_score_template",
        ),
    ),
    (
        "#30550 function renamed",
        "a patch of the old module attribute (no longer called)",
        K(
            "#30550",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "import vllm.entrypoints.score_utils as score_utils\n\n\n"
            "def _aeon_template(model_config, prompt_1: str, prompt_2: str) -> str:\n"
            "    # AEON: the Spark's Qwen3 reranker takes its instruction prefix from the fork's config\n"
            '    return f"<aeon-rerank>{prompt_1.strip()}\\n{prompt_2.strip()}"\n\n\n'
            "score_utils.apply_score_template = _aeon_template\n",
            "score_utils.apply_score_template = _aeon_template",
        ),
    ),
    (
        "#30550 function renamed",
        "twin: a keyword call of get_score_prompt",
        K(
            "#30550",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.entrypoints.score_utils import get_score_prompt\n\n\n"
            "def aeon_score_prompt(model_config, tokenizer, query: str, doc: str):\n"
            "    return get_score_prompt(\n"
            "        model_config=model_config, tokenizer=tokenizer, tokenization_kwargs={}, data_1=query, data_2=doc\n"
            "    )\n",
            "return get_score_prompt(",
        ),
    ),
]

# --- #32577 (c88860d759): ScoreRequest a TypeAlias union of three request classes
SR = "c88860d759"
SRW = "ScoreRequest turned from a model class into a TypeAlias union"
SP = "from vllm.entrypoints.pooling.score.protocol import RerankRequest, ScoreRequest, ScoreResponse\n\n\n"
CASES += [
    (
        "#32577 class made a union alias",
        "a subclass",
        K(
            "#32577",
            SR,
            SRW,
            "vllm/aeon/sr1.py",
            SP + "class AeonScoreRequest(ScoreRequest):\n"
            "    # AEON: the Spark's reranker route takes a per-request NVFP4 calibration tag\n"
            "    aeon_tag: str | None = None\n",
            "class AeonScoreRequest(ScoreRequest):",
        ),
    ),
    (
        "#32577 class made a union alias",
        "a classmethod call",
        K(
            "#32577",
            SR,
            SRW,
            "vllm/aeon/sr2.py",
            SP + "def aeon_parse_score(body: dict) -> ScoreRequest:\n    return ScoreRequest.model_validate(body)\n",
            "return ScoreRequest.model_validate(body)",
        ),
    ),
    (
        "#32577 class made a union alias",
        "a keyword build",
        K(
            "#32577",
            SR,
            SRW,
            "vllm/aeon/sr3.py",
            SP + "def aeon_warmup_request(model: str) -> ScoreRequest:\n"
            '    return ScoreRequest(model=model, text_1="warmup", text_2=["a", "b"])\n',
            'return ScoreRequest(model=model, text_1="warmup", text_2=["a", "b"])',
        ),
    ),
    (
        "#32577 class made a union alias",
        "twin: the rerank request build and a response isinstance",
        K(
            "#32577",
            SR,
            SRW,
            "vllm/aeon/sr4.py",
            SP + "def aeon_rerank_request(model: str, query: str, docs: list[str]) -> RerankRequest:\n"
            "    return RerankRequest(model=model, query=query, documents=docs)\n\n\n"
            "def aeon_is_score(resp: object) -> bool:\n"
            "    return isinstance(resp, ScoreResponse)\n",
            "return RerankRequest(model=model, query=query, documents=docs)",
        ),
    ),
]

# --- #32319 (3f28174c6a): entrypoints.utils' protocol imports under TYPE_CHECKING (object at run time)
TC = "3f28174c6a"
TCW = "entrypoints.utils' protocol names bound to object at run time; make_arg_parser imported in a function"
CASES += [
    (
        "#32319 re-export removed",
        "an import of make_arg_parser through the helpers",
        K(
            "#32319",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            "from vllm.entrypoints.utils import make_arg_parser\nfrom vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
            "def aeon_parser() -> FlexibleArgumentParser:\n"
            "    # AEON: the Spark's launcher adds its GB10 flags to the serve parser\n"
            '    return make_arg_parser(FlexibleArgumentParser(description="aeon serve"))\n',
            "from vllm.entrypoints.utils import make_arg_parser",
        ),
    ),
    (
        "#32319 re-export bound to object",
        "an isinstance test of a name imported through the helpers",
        K(
            "#32319",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            "from vllm.entrypoints.utils import CompletionRequest\n\n\n"
            "def aeon_is_completion(request: object) -> bool:\n"
            "    # AEON: the Spark's spec-decode route counts completions apart from chats\n"
            "    return isinstance(request, CompletionRequest)\n",
            "return isinstance(request, CompletionRequest)",
        ),
    ),
    (
        "#32319 re-export bound to object",
        "a build of a name imported through the helpers",
        K(
            "#32319",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            "from vllm.entrypoints.utils import StreamOptions, should_include_usage\n\n\n"
            "def aeon_usage_flags() -> tuple[bool, bool]:\n"
            "    return should_include_usage(StreamOptions(include_usage=True), False)\n",
            "return should_include_usage(StreamOptions(include_usage=True), False)",
        ),
    ),
    (
        "#32319 re-export bound to object",
        "twin: the kept helper and the protocol's home module",
        K(
            "#32319",
            TC,
            TCW,
            "vllm/aeon/tc4.py",
            "from vllm.entrypoints.openai.engine.protocol import CompletionRequest\n"
            "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
            "def aeon_budget(request: CompletionRequest, prompt_len: int) -> int:\n"
            "    return get_max_tokens(4096, request, prompt_len, {})\n",
            "from vllm.entrypoints.utils import get_max_tokens",
        ),
    ),
]

# --- #35330 (99c7892c5b): the scoring server scores in batches; its compute_maxsim_score import dropped
MS = "99c7892c5b"
MSW = "serving no longer imports or calls compute_maxsim_score (compute_maxsim_scores instead)"
CASES += [
    (
        "#35330 re-export removed",
        "an import through the serving module",
        K(
            "#35330",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "import torch\n\nfrom vllm.entrypoints.pooling.score.serving import compute_maxsim_score\n\n\n"
            "def aeon_maxsim(q: torch.Tensor, d: torch.Tensor) -> float:\n"
            "    return float(compute_maxsim_score(q, d))\n",
            "from vllm.entrypoints.pooling.score.serving import compute_maxsim_score",
        ),
    ),
    (
        "#35330 patched callee no longer called",
        "a patch of the serving module's name",
        K(
            "#35330",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "import torch\n\nimport vllm.entrypoints.pooling.score.serving as score_serving\n\n\n"
            "def _aeon_maxsim(q_emb: torch.Tensor, d_emb: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: GB10's unified memory: score ColBERT pairs in bf16 on the device\n"
            "    sim = q_emb.to(torch.bfloat16) @ d_emb.to(torch.bfloat16).T\n"
            "    return sim.amax(dim=-1).sum().float()\n\n\n"
            "score_serving.compute_maxsim_score = _aeon_maxsim\n",
            "score_serving.compute_maxsim_score = _aeon_maxsim",
        ),
    ),
    (
        "#35330 re-export removed",
        "twin: the helper from its home module",
        K(
            "#35330",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            "import torch\n\nfrom vllm.entrypoints.pooling.score.utils import compute_maxsim_score\n\n\n"
            "def aeon_maxsim2(q: torch.Tensor, d: torch.Tensor) -> float:\n"
            "    return float(compute_maxsim_score(q, d))\n",
            "from vllm.entrypoints.pooling.score.utils import compute_maxsim_score",
        ),
    ),
]

# --- #36710 (c34ba6b961): compute_maxsim_scores and _should_use_gpu_for_maxsim removed (scored in the worker)
MX = "c34ba6b961"
MXW = "compute_maxsim_scores removed from the scoring utils"
CASES += [
    (
        "#36710 function removed",
        "an import of the batched scorer",
        K(
            "#36710",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            "import torch\n\nfrom vllm.entrypoints.pooling.score.utils import compute_maxsim_scores\n\n\n"
            "def aeon_batch_maxsim(qs: list[torch.Tensor], ds: list[torch.Tensor]) -> list[float]:\n"
            "    # AEON: the Spark's ColBERT route bounds the score matrix for its 128 GB unified memory\n"
            "    return [float(s) for s in compute_maxsim_scores(qs, ds, max_batch_size=8)]\n",
            "from vllm.entrypoints.pooling.score.utils import compute_maxsim_scores",
        ),
    ),
    (
        "#36710 function removed",
        "a module attribute call with a keyword",
        K(
            "#36710",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            "import torch\n\nimport vllm.entrypoints.pooling.score.utils as psu\n\n\n"
            "def aeon_gpu_maxsim(qs: list[torch.Tensor], ds: list[torch.Tensor]) -> list[torch.Tensor]:\n"
            "    return psu.compute_maxsim_scores(qs, ds, use_gpu_for_pooling_score=True)\n",
            "return psu.compute_maxsim_scores(qs, ds, use_gpu_for_pooling_score=True)",
        ),
    ),
    (
        "#36710 function removed",
        "twin: the kept single-pair scorer off the module",
        K(
            "#36710",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            "import torch\n\nimport vllm.entrypoints.pooling.score.utils as psu\n\n\n"
            "def aeon_one_maxsim(q: torch.Tensor, d: torch.Tensor) -> torch.Tensor:\n"
            "    return psu.compute_maxsim_score(q, d)\n",
            "return psu.compute_maxsim_score(q, d)",
        ),
    ),
]

# --- #32967 (e3b2324ec4): build_endpoint_registry a coroutine without base_model_paths/request_logger/supported_tasks
ER = "e3b2324ec4"
ERW = "build_endpoint_registry made async; three parameters removed"
ERI = "from vllm.entrypoints.openai.run_batch import build_endpoint_registry, make_arg_parser\n\n\n"
CASES += [
    (
        "#32967 parameters removed",
        "a keyword call",
        K(
            "#32967",
            ER,
            ERW,
            "vllm/aeon/er1.py",
            ERI + "async def aeon_registry(engine_client, args, paths, tasks):\n"
            "    # AEON: the Spark's benchmark batch adds its own /aeon/spec endpoint to the registry\n"
            "    registry = build_endpoint_registry(\n"
            "        engine_client=engine_client, args=args, base_model_paths=paths, request_logger=None, supported_tasks=tasks\n"
            "    )\n"
            '    registry["aeon_spec"] = dict(registry["completions"])\n'
            "    return registry\n",
            "registry = build_endpoint_registry(",
        ),
    ),
    (
        "#32967 parameters removed",
        "a positional call",
        K(
            "#32967",
            ER,
            ERW,
            "vllm/aeon/er2.py",
            ERI + "def aeon_endpoints(engine_client, args, paths, tasks) -> list[str]:\n"
            "    return sorted(build_endpoint_registry(engine_client, args, paths, None, tasks))\n",
            "return sorted(build_endpoint_registry(engine_client, args, paths, None, tasks))",
        ),
    ),
    (
        "#32967 parameters removed",
        "twin: the kept parser builder",
        K(
            "#32967",
            ER,
            ERW,
            "vllm/aeon/er3.py",
            ERI + "def aeon_batch_parser(parser):\n    return make_arg_parser(parser)\n",
            "return make_arg_parser(parser)",
        ),
    ),
]

# --- #38482 (57861ae48d): download_bytes_from_url / make_transcription_wrapper now called with allowed_media_domains
DB = "57861ae48d"
DBW = "download_bytes_from_url and make_transcription_wrapper called with allowed_media_domains"
RBM = "import vllm.entrypoints.openai.run_batch as run_batch\n\n\n"
CASES += [
    (
        "#38482 patched callee called with a new keyword",
        "a narrower replacement of the downloader",
        K(
            "#38482",
            DB,
            DBW,
            "vllm/aeon/db1.py",
            RBM + "async def _aeon_download(url: str) -> bytes:\n"
            "    # AEON: the Spark lab's audio fixtures sit on a local mirror\n"
            '    with open(url.removeprefix("file://"), "rb") as f:\n'
            "        return f.read()\n\n\n"
            "run_batch.download_bytes_from_url = _aeon_download\n",
            "run_batch.download_bytes_from_url = _aeon_download",
        ),
    ),
    (
        "#38482 patched callee called with a new keyword",
        "a narrower replacement of the wrapper factory",
        K(
            "#38482",
            DB,
            DBW,
            "vllm/aeon/db2.py",
            RBM + "_upstream_wrapper = run_batch.make_transcription_wrapper\n\n\n"
            "def _aeon_wrapper(is_translation: bool):\n"
            "    return _upstream_wrapper(is_translation)\n\n\n"
            "run_batch.make_transcription_wrapper = _aeon_wrapper\n",
            "run_batch.make_transcription_wrapper = _aeon_wrapper",
        ),
    ),
    (
        "#38482 patched callee called with a new keyword",
        "twin: a replacement taking **kwargs",
        K(
            "#38482",
            DB,
            DBW,
            "vllm/aeon/db3.py",
            RBM + "_upstream_download = run_batch.download_bytes_from_url\n\n\n"
            "async def _aeon_download2(url: str, **kwargs) -> bytes:\n"
            "    return await _upstream_download(url, **kwargs)\n\n\n"
            "run_batch.download_bytes_from_url = _aeon_download2\n",
            "run_batch.download_bytes_from_url = _aeon_download2",
        ),
    ),
]

# --- #36789 (c84b519cf3): get_max_tokens raises on an over-long input where it returned a negative budget
GM = "c84b519cf3"
GMW = "get_max_tokens raises ValueError where it returned max_model_len - input_length < 0"
GMI = "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
CASES += [
    (
        "#36789 sentinel return now raised",
        "a comparison of the returned budget with 0",
        K(
            "#36789",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int) -> int | None:\n"
            "    # AEON: the Spark's long-context benchmark skips rows longer than the model's window\n"
            "    budget = get_max_tokens(max_model_len, None, prompt_len, {})\n"
            "    if budget <= 0:\n"
            "        return None\n"
            "    return budget\n",
            "budget = get_max_tokens(max_model_len, None, prompt_len, {})",
        ),
    ),
    (
        "#36789 sentinel return now raised",
        "a comparison of the call with 1",
        K(
            "#36789",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            GMI + "def aeon_fits(max_model_len: int, prompt_len: int) -> bool:\n"
            "    return get_max_tokens(max_model_len, 1, prompt_len, {}) >= 1\n",
            "return get_max_tokens(max_model_len, 1, prompt_len, {}) >= 1",
        ),
    ),
    (
        "#36789 sentinel return now raised",
        "twin: a guarded call that takes the budget as is",
        K(
            "#36789",
            GM,
            GMW,
            "vllm/aeon/gm3.py",
            GMI + "def aeon_cap(max_model_len: int, prompt_len: int, wanted: int) -> int:\n"
            "    return min(wanted, get_max_tokens(max_model_len, wanted, prompt_len, {}))\n",
            "return min(wanted, get_max_tokens(max_model_len, wanted, prompt_len, {}))",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-scoring-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
