"""A blind replay of the OpenAI-compatible server's request/response models and its CLI arguments.

12 first-parent commits on ``vllm/entrypoints/openai/protocol.py`` (and the modules it was split into:
``openai/engine/protocol.py``, ``openai/chat_completion/protocol.py``, ``openai/completion/protocol.py``,
``pooling/embed/protocol.py``) and ``vllm/entrypoints/openai/cli_args.py`` -- the pydantic request models'
fields and defaults (``EmbeddingChatRequest.add_generation_prompt`` removed, ``ChatCompletionRequest.temperature``
defaulting to 1.0, ``StreamOptions.continuous_usage_stats`` defaulting to False), their conversion methods
(``to_sampling_params`` losing ``tokenizer`` and ``guided_decode_logits_processor``, ``default_max_tokens``
renamed ``max_tokens`` with ``default_sampling_params`` made required, ``to_sampling_params`` no longer writing
``request.structured_outputs``), their helpers and validators (``_get_json_schema_from_tool`` moved to the tool
parser, ``check_cache_salt_support`` dropped for a schema bound), the response models (``ErrorResponse``'s
fields nested under ``error: ErrorInfo``), the type aliases (``EmbeddingRequest`` made ``Annotated[...]``), the
module itself (``openai/protocol.py`` split and deleted) and ``FrontendArgs.api_key`` made a list -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each
is replayed under 1-3 fork spellings written the way fork code is written (a keyword to a model, a read off a
receiver typed as the model, a positional call, a subclass override, a ``super()``/``self`` call of a removed
helper, an ``isinstance`` check, an import, a comparison with the old default), with twins (fork code the commit
does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error
on their line.

Blind, on the engine before any widening (main at 9f1f9f8c): 16 caught, 0 warned, 3 missed of 19 (twins: 12
quiet, 0 false errors).  The misses: #10551's ``EmbeddingChatRequest(..., continue_final_message=True)`` (a
keyword naming a field upstream removed from a pydantic model with ``extra="allow"``: no error, the value is kept
as an extra and nothing reads it), #48984's ``isinstance(request, EmbeddingRequest)`` (a union alias upstream
wrapped in ``Annotated[..., BeforeValidator(...)]``: ``isinstance`` raises TypeError on a subscripted generic),
and #49003's read of ``request.structured_outputs`` after ``request.to_sampling_params(...)`` (the method
stopped assigning the field it used to fill from ``response_format``).
After the killers114 widenings: 19 caught, 0 warned, 0 missed of 19 (twins: 12 quiet, 0 false errors).  Caught
now: a keyword of a field a pydantic model dropped whose key the model's validator only tests on its way to a
raise (symbol drift, ``drift/tested_keys.py``); an ``isinstance``/``issubclass`` against a module-level name
upstream re-bound from a class or union to a subscripted generic (type drift, ``drift/subscripted_aliases.py``);
a read of ``recv.field`` below ``recv.method(...)`` where upstream's method stopped storing ``self.field``
(symbol drift, ``drift/stopped_writes.py``; a warning when another method of the class still stores it).

  python benchmarks/blind_replay_protocol.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

OLD = "from vllm.entrypoints.openai.protocol import "

# --- #22099 (370661856b): ErrorResponse's message/type/param/code nested under ``error: ErrorInfo``
ER = "370661856b"
ERW = "ErrorResponse fields moved under error: ErrorInfo"
CASES += [
    (
        "#22099 response model reshaped",
        "keywords to the response model",
        K(
            "#22099",
            ER,
            ERW,
            "vllm/aeon/er1.py",
            OLD + "ErrorResponse\n\n\n"
            "def aeon_overloaded(reason: str) -> ErrorResponse:\n"
            "    # AEON: the Spark sheds load with a 503 before the engine sees the request\n"
            "    return ErrorResponse(message=reason, type='ServiceUnavailableError', code=503)\n",
            "return ErrorResponse(message=reason, type='ServiceUnavailableError', code=503)",
        ),
    ),
    (
        "#22099 response model reshaped",
        "a read off a response typed as the model",
        K(
            "#22099",
            ER,
            ERW,
            "vllm/aeon/er2.py",
            OLD + "ErrorResponse\n\n\n"
            "def aeon_log_line(err: ErrorResponse) -> str:\n"
            "    return f'{err.code} {err.message}'\n",
            "return f'{err.code} {err.message}'",
        ),
    ),
    (
        "#22099 response model reshaped",
        "twin: another response model's keywords",
        K(
            "#22099",
            ER,
            ERW,
            "vllm/aeon/er3.py",
            OLD + "UsageInfo\n\n\n"
            "def aeon_usage(n: int) -> UsageInfo:\n"
            "    return UsageInfo(prompt_tokens=n, total_tokens=n)\n",
            "return UsageInfo(prompt_tokens=n, total_tokens=n)",
        ),
    ),
]

# --- #32240 (fefce49807): vllm/entrypoints/openai/protocol.py split into engine/ and chat_completion/ and deleted
PS = "fefce49807"
PSW = "openai/protocol.py split and deleted"
CASES += [
    (
        "#32240 protocol module deleted",
        "an import of the deleted module",
        K(
            "#32240",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            OLD + "ChatCompletionRequest\n\n\n"
            "def aeon_is_streaming(request: ChatCompletionRequest) -> bool:\n"
            "    return bool(request.stream)\n",
            OLD + "ChatCompletionRequest",
        ),
    ),
    (
        "#32240 protocol module deleted",
        "twin: the CLI module kept",
        K(
            "#32240",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            "from vllm.entrypoints.openai.cli_args import make_arg_parser\n"
            "from vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
            "def aeon_parser() -> FlexibleArgumentParser:\n"
            "    return make_arg_parser(FlexibleArgumentParser())\n",
            "from vllm.entrypoints.openai.cli_args import make_arg_parser",
        ),
    ),
]

# --- #8252 (062c89e7c9): to_sampling_params(tokenizer, guided_decode_logits_processor, default_max_tokens)
#     became to_sampling_params(default_max_tokens)
GP = "062c89e7c9"
GPW = "to_sampling_params lost tokenizer and guided_decode_logits_processor"
CASES += [
    (
        "#8252 parameters removed",
        "a positional call on a request typed as the model",
        K(
            "#8252",
            GP,
            GPW,
            "vllm/aeon/gp1.py",
            OLD + "ChatCompletionRequest\nfrom vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_params(request: ChatCompletionRequest, tokenizer, max_tokens: int) -> SamplingParams:\n"
            "    # AEON: the router prices a request by its sampling params before it queues\n"
            "    return request.to_sampling_params(tokenizer, None, max_tokens)\n",
            "return request.to_sampling_params(tokenizer, None, max_tokens)",
        ),
    ),
    (
        "#8252 parameters removed",
        "a keyword call",
        K(
            "#8252",
            GP,
            GPW,
            "vllm/aeon/gp2.py",
            OLD + "CompletionRequest\nfrom vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_params2(request: CompletionRequest, tokenizer, n: int) -> SamplingParams:\n"
            "    return request.to_sampling_params(tokenizer=tokenizer, guided_decode_logits_processor=None, default_max_tokens=n)\n",
            "return request.to_sampling_params(tokenizer=tokenizer, guided_decode_logits_processor=None, default_max_tokens=n)",
        ),
    ),
    (
        "#8252 parameters removed",
        "a subclass override with the old signature",
        K(
            "#8252",
            GP,
            GPW,
            "vllm/aeon/gp3.py",
            OLD + "ChatCompletionRequest\nfrom vllm.sampling_params import SamplingParams\n\n\n"
            "class AeonChatCompletionRequest(ChatCompletionRequest):\n"
            "    def to_sampling_params(self, tokenizer, guided_decode_logits_processor, default_max_tokens: int) -> SamplingParams:\n"
            "        # AEON: cap at the Spark's KV budget\n"
            "        params = super().to_sampling_params(tokenizer, guided_decode_logits_processor, min(default_max_tokens, 8192))\n"
            "        return params\n",
            "params = super().to_sampling_params(tokenizer, guided_decode_logits_processor, min(default_max_tokens, 8192))",
        ),
    ),
    (
        "#8252 parameters removed",
        "twin: the fork's own class with a same-named method",
        K(
            "#8252",
            GP,
            GPW,
            "vllm/aeon/gp4.py",
            "class AeonBatchJob:\n"
            "    def to_sampling_params(self, tokenizer, processor, max_tokens: int) -> dict:\n"
            "        return {'max_tokens': max_tokens}\n\n\n"
            "def aeon_job_params(job: AeonBatchJob, tokenizer) -> dict:\n"
            "    return job.to_sampling_params(tokenizer, None, 64)\n",
            "return job.to_sampling_params(tokenizer, None, 64)",
        ),
    ),
]

# --- #18557 (a4113b035c): to_sampling_params / to_beam_search_params' default_max_tokens renamed max_tokens;
#     ChatCompletionRequest's default_sampling_params made required
MT = "a4113b035c"
MTW = "default_max_tokens renamed max_tokens, default_sampling_params required"
CASES += [
    (
        "#18557 keyword renamed",
        "a keyword to the beam-search conversion",
        K(
            "#18557",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            OLD + "ChatCompletionRequest\nfrom vllm.sampling_params import BeamSearchParams\n\n\n"
            "def aeon_beam(request: ChatCompletionRequest, budget: int) -> BeamSearchParams:\n"
            "    return request.to_beam_search_params(default_max_tokens=budget)\n",
            "return request.to_beam_search_params(default_max_tokens=budget)",
        ),
    ),
    (
        "#18557 keyword renamed",
        "a call without the argument made required",
        K(
            "#18557",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            OLD + "ChatCompletionRequest\nfrom vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_chat_params(request: ChatCompletionRequest, budget: int) -> SamplingParams:\n"
            "    # AEON: no per-model generation_config on the Spark: the request's own values only\n"
            "    return request.to_sampling_params(budget, None)\n",
            "return request.to_sampling_params(budget, None)",
        ),
    ),
    (
        "#18557 keyword renamed",
        "twin: the same call on the model whose argument stayed optional",
        K(
            "#18557",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            OLD + "CompletionRequest\nfrom vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_completion_params(request: CompletionRequest, budget: int) -> SamplingParams:\n"
            "    return request.to_sampling_params(budget, None)\n",
            "return request.to_sampling_params(budget, None)",
        ),
    ),
]

# --- #10551 (11fcf0e066): EmbeddingChatRequest.add_generation_prompt / continue_final_message removed
EG = "11fcf0e066"
EGW = "EmbeddingChatRequest.add_generation_prompt removed"
CASES += [
    (
        "#10551 request field removed",
        "a read off a request typed as the model",
        K(
            "#10551",
            EG,
            EGW,
            "vllm/aeon/eg1.py",
            OLD + "EmbeddingChatRequest\n\n\n"
            "def aeon_template_kwargs(request: EmbeddingChatRequest) -> dict:\n"
            "    # AEON: our reranker's template needs the flag spelled out\n"
            "    return {'add_generation_prompt': request.add_generation_prompt}\n",
            "return {'add_generation_prompt': request.add_generation_prompt}",
        ),
    ),
    (
        "#10551 request field removed",
        "a keyword to the model (extra='allow' swallows it)",
        K(
            "#10551",
            EG,
            EGW,
            "vllm/aeon/eg2.py",
            OLD + "EmbeddingChatRequest\n\n\n"
            "def aeon_prefill_embed(model: str, messages: list) -> EmbeddingChatRequest:\n"
            "    return EmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)\n",
            "return EmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)",
        ),
    ),
    (
        "#10551 request field removed",
        "twin: the kept add_special_tokens field",
        K(
            "#10551",
            EG,
            EGW,
            "vllm/aeon/eg3.py",
            OLD + "EmbeddingChatRequest\n\n\n"
            "def aeon_special(request: EmbeddingChatRequest) -> bool:\n"
            "    return request.add_special_tokens\n",
            "return request.add_special_tokens",
        ),
    ),
]

# --- #27383 (3567816932): ChatCompletionRequest._get_json_schema_from_tool moved to the tool parser
JT = "3567816932"
JTW = "_get_json_schema_from_tool moved out of the request model"
CASES += [
    (
        "#27383 helper removed",
        "a self call in a subclass",
        K(
            "#27383",
            JT,
            JTW,
            "vllm/aeon/jt1.py",
            OLD + "ChatCompletionRequest\n\n\n"
            "class AeonChatRequest(ChatCompletionRequest):\n"
            "    def aeon_tool_schema(self) -> dict | None:\n"
            "        # AEON: the grammar cache keys on the forced tool's schema\n"
            "        schema = self._get_json_schema_from_tool()\n"
            "        return schema if isinstance(schema, dict) else None\n",
            "schema = self._get_json_schema_from_tool()",
        ),
    ),
    (
        "#27383 helper removed",
        "a subclass override the model no longer calls",
        K(
            "#27383",
            JT,
            JTW,
            "vllm/aeon/jt2.py",
            OLD + "ChatCompletionRequest\n\n\n"
            "class AeonStrictToolRequest(ChatCompletionRequest):\n"
            "    def _get_json_schema_from_tool(self):\n"
            "        # AEON: our tool calls carry a trailing 'confidence' property the model must emit\n"
            "        schema = super()._get_json_schema_from_tool()\n"
            "        return schema\n",
            "schema = super()._get_json_schema_from_tool()",
        ),
    ),
    (
        "#27383 helper removed",
        "twin: the kept tool_choice field",
        K(
            "#27383",
            JT,
            JTW,
            "vllm/aeon/jt3.py",
            OLD + "ChatCompletionRequest\n\n\n"
            "def aeon_forced(request: ChatCompletionRequest) -> bool:\n"
            "    return request.tool_choice == 'required'\n",
            "return request.tool_choice == 'required'",
        ),
    ),
]

# --- #50816 (b3f97dae24): check_cache_salt_support validators dropped for Field(min_length=1)
CS = "b3f97dae24"
CSW = "check_cache_salt_support removed"
CASES += [
    (
        "#50816 validator removed",
        "a direct call of the validator on the model",
        K(
            "#50816",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n\n"
            "def aeon_precheck(payload: dict) -> dict:\n"
            "    # AEON: the gateway rejects a bad salt before it spends a tokenizer call\n"
            "    return ChatCompletionRequest.check_cache_salt_support(payload)\n",
            "return ChatCompletionRequest.check_cache_salt_support(payload)",
        ),
    ),
    (
        "#50816 validator removed",
        "twin: pydantic's own validation entry point",
        K(
            "#50816",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n\n"
            "def aeon_precheck2(payload: dict) -> ChatCompletionRequest:\n"
            "    return ChatCompletionRequest.model_validate(payload)\n",
            "return ChatCompletionRequest.model_validate(payload)",
        ),
    ),
]

# --- #11219 (17138af7c4): ChatCompletionRequest.temperature default 0.7 -> 1.0
TD = "17138af7c4"
TDW = "ChatCompletionRequest.temperature default 0.7 -> 1.0"
CASES += [
    (
        "#11219 default flipped",
        "a comparison with the old default",
        K(
            "#11219",
            TD,
            TDW,
            "vllm/aeon/td1.py",
            OLD + "ChatCompletionRequest\n\n\n"
            "def aeon_apply_model_default(request: ChatCompletionRequest) -> None:\n"
            "    # AEON: a request that left temperature at the API default gets our fine-tune's 0.6\n"
            "    if request.temperature == 0.7:\n"
            "        request.temperature = 0.6\n",
            "if request.temperature == 0.7:",
        ),
    ),
    (
        "#11219 default flipped",
        "a read off a model built on its defaults",
        K(
            "#11219",
            TD,
            TDW,
            "vllm/aeon/td2.py",
            OLD + "ChatCompletionRequest\n\n\n"
            "def aeon_warmup_temperature(model: str) -> float:\n"
            "    probe = ChatCompletionRequest(model=model, messages=[{'role': 'user', 'content': 'hi'}])\n"
            "    return probe.temperature\n",
            "return probe.temperature",
        ),
    ),
    (
        "#11219 default flipped",
        "twin: the same field of the model whose default stayed",
        K(
            "#11219",
            TD,
            TDW,
            "vllm/aeon/td3.py",
            OLD + "CompletionRequest\n\n\n"
            "def aeon_warmup_temperature2(model: str) -> float:\n"
            "    probe = CompletionRequest(model=model, prompt='hi')\n"
            "    return probe.temperature\n",
            "return probe.temperature",
        ),
    ),
]

# --- #9709 (067e77f9a8): StreamOptions.continuous_usage_stats default True -> False
CU = "067e77f9a8"
CUW = "StreamOptions.continuous_usage_stats default True -> False"
CASES += [
    (
        "#9709 default flipped",
        "a read off an options model built on that default",
        K(
            "#9709",
            CU,
            CUW,
            "vllm/aeon/cu1.py",
            OLD + "StreamOptions\n\n\n"
            "def aeon_meter_every_chunk() -> bool:\n"
            "    # AEON: billing meters each chunk when the client only asks for usage\n"
            "    opts = StreamOptions(include_usage=True)\n"
            "    return bool(opts.continuous_usage_stats)\n",
            "return bool(opts.continuous_usage_stats)",
        ),
    ),
    (
        "#9709 default flipped",
        "twin: the field passed explicitly",
        K(
            "#9709",
            CU,
            CUW,
            "vllm/aeon/cu2.py",
            OLD + "StreamOptions\n\n\n"
            "def aeon_meter_every_chunk2() -> bool:\n"
            "    opts = StreamOptions(include_usage=True, continuous_usage_stats=True)\n"
            "    return bool(opts.continuous_usage_stats)\n",
            "return bool(opts.continuous_usage_stats)",
        ),
    ),
]

# --- #48984 (e6d1310b2a): EmbeddingRequest / ClassificationRequest unions made Annotated[..., BeforeValidator]
AN = "e6d1310b2a"
ANW = "EmbeddingRequest alias made Annotated"
EMB = "from vllm.entrypoints.pooling.embed.protocol import EmbeddingCompletionRequest, EmbeddingRequest\n\n\n"
CASES += [
    (
        "#48984 alias made Annotated",
        "an isinstance check against the alias",
        K(
            "#48984",
            AN,
            ANW,
            "vllm/aeon/an1.py",
            EMB + "def aeon_is_embedding(request: object) -> bool:\n"
            "    # AEON: embeddings bypass the Spark's decode queue\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: an isinstance check against a member class",
        K(
            "#48984",
            AN,
            ANW,
            "vllm/aeon/an2.py",
            EMB + "def aeon_is_embedding2(request: object) -> bool:\n"
            "    return isinstance(request, EmbeddingCompletionRequest)\n",
            "return isinstance(request, EmbeddingCompletionRequest)",
        ),
    ),
]

# --- #18548 (bf668b5bf5): FrontendArgs.api_key str -> list[str] (several keys)
AK = "bf668b5bf5"
AKW = "FrontendArgs.api_key made a list"
FA = "import hmac\n\nfrom vllm.entrypoints.openai.cli_args import FrontendArgs\n\n\n"
CASES += [
    (
        "#18548 field type changed",
        "a str method on the field",
        K(
            "#18548",
            AK,
            AKW,
            "vllm/aeon/ak1.py",
            FA + "def aeon_check(frontend: FrontendArgs, token: str) -> bool:\n"
            "    # AEON: the Spark's sidecar shares the server's key\n"
            "    return hmac.compare_digest(token.encode(), frontend.api_key.encode())\n",
            "return hmac.compare_digest(token.encode(), frontend.api_key.encode())",
        ),
    ),
    (
        "#18548 field type changed",
        "twin: a None check on the field",
        K(
            "#18548",
            AK,
            AKW,
            "vllm/aeon/ak2.py",
            FA + "def aeon_needs_auth(frontend: FrontendArgs) -> bool:\n    return frontend.api_key is not None\n",
            "return frontend.api_key is not None",
        ),
    ),
]

# --- #49003 (ac5f38a0f7): to_sampling_params no longer writes response_format into request.structured_outputs
SO = "ac5f38a0f7"
SOW = "to_sampling_params stopped filling request.structured_outputs"
CC = "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n\n"
CASES += [
    (
        "#49003 side effect removed",
        "a read of the field the conversion used to fill",
        K(
            "#49003",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            CC + "def aeon_grammar_key(request: ChatCompletionRequest, budget: int) -> str | None:\n"
            "    request.to_sampling_params(budget, {})\n"
            "    # AEON: the grammar cache keys on what to_sampling_params folded in from response_format\n"
            "    so = request.structured_outputs\n"
            "    return None if so is None else str(so.json)\n",
            "so = request.structured_outputs",
        ),
    ),
    (
        "#49003 side effect removed",
        "twin: the returned params' structured outputs",
        K(
            "#49003",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            CC + "def aeon_grammar_key2(request: ChatCompletionRequest, budget: int) -> str | None:\n"
            "    params = request.to_sampling_params(budget, {})\n"
            "    so = params.structured_outputs\n"
            "    return None if so is None else str(so.json)\n",
            "so = params.structured_outputs",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-protocol-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
