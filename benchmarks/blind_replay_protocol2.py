"""A blind replay of the OpenAI protocol models and the API server's wiring a fork's server extensions build and read.

10 first-parent commits on ``vllm/entrypoints/openai/protocol.py`` (and its split: ``engine/protocol.py``),
``vllm/entrypoints/openai/api_server.py`` and the request models' conversion methods -- the names a fork's own
routes, middlewares and launcher carry code against: ``init_app_state``'s ``model_config`` made ``vllm_config``
(#16572), the translation models moved off ``engine/protocol.py`` and ``api_server``'s ``transcription`` handler
getter removed (#32313), the pooling models moved off ``openai/protocol.py`` and ``api_server``'s
``embedding``/``score``/``rerank`` getters removed (#29634), ``StructuralTag`` renamed ``LegacyStructuralTag`` and
``StructuralTagResponseFormat`` rebuilt around ``format`` (#25515), ``TIMEOUT_KEEP_ALIVE`` removed from
``api_server`` (#18472), ``ResponseReasoningItem`` removed and ``ResponsesResponse.usage`` retyped ``UsageInfo`` ->
``ResponseUsage`` (#22410), ``GenerateRequest`` and the ``SamplingParams`` re-import dropped from
``engine/protocol.py`` (#35684), ``ScoreRequest.to_pooling_params`` now called with ``use_cross_encoder=``
(#20527), ``ChatCompletionRequest.parallel_tool_calls`` defaulting to True (#26233) and
``EMBED_DTYPE_TO_TORCH_DTYPE`` moved off ``openai/protocol.py`` (#27066) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use (``blind_replay_protocol.py``,
``blind_replay_openai.py``, ``blind_replay_entrycli.py``, ``blind_replay_responses.py`` among them).  Each is
replayed under 1-3 fork spellings written the way fork code is written (a keyword call, a positional call fed
the old type, an import of a moved or removed name, a module-attribute call or read, a chained read off a
receiver typed as the model, a subclass override without the keyword the caller now passes, a test of the
old default), with twins (fork code the commit does not break: the kept getter, a name the module still
re-imports, the new home of a moved class, an override taking ``**kwargs``).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d4f4dc09): 16 caught, 1 warned, 1 missed of 18 (twins: 10
quiet, 0 false errors).  The miss: #16572's ``init_app_state(engine_client, await
engine_client.get_model_config(), app.state, args)`` (a positional argument fetched by a getter named for the
old parameter, ``model_config: ModelConfig``, into the slot upstream renamed ``vllm_config`` and retyped
``VllmConfig``: the body reads ``vllm_config.model_config`` off a ModelConfig, AttributeError at start-up; the
receiver is untyped, so only the getter's name says what the value is).  The warned one is #26233's ``if not
request.parallel_tool_calls:`` (a default flipped False -> True: the default-drift warning, by design).

Batch 2 (6 more commits, written after batch 1's run and widening and committed before their own run, blind
too): ``ClassificationRequest`` made a ``TypeAlias`` of two request classes (#27516), ``CompletionRequest.vllm_xargs``
values widened to lists (#48252), ``ChatCompletionRequest.reasoning_effort``'s ``Literal`` widened (#40982),
``ChatMessage``'s dump leaving out an empty ``tool_calls`` (#44105), a before-validator renaming each message's
``reasoning_content`` key ``reasoning`` (#42664) and ``cli_args.py``'s ``logger`` dropped (#46768): a constructor
call and a subclass of the alias, a scalar conversion of each value, a fork table indexed by the value, a
subscript of the dump, a read of the renamed key, a fork helper in the module and an import of the global.

Batch 2 blind (on the engine with batch 1's widening, at 521c4964): 2 caught, 0 warned, 6 missed of 8 (twins: 6
quiet, 0 false errors).  Caught: #46768's two (the fork helper's ``logger`` unbound, the import of it).  The
misses: #27516's two (a call of and a subclass of a class upstream re-bound to a union), #48252's ``float(value)``
over ``vllm_xargs``' values (a value kind widened to lists), #40982's ``_AEON_BUDGETS[request.reasoning_effort]``
(a ``Literal`` widened past the keys of a fork table), #44105's ``message.model_dump()["tool_calls"]`` (a custom
``model_serializer`` leaving the key out) and #42664's ``m.get("reasoning_content")`` (a before-validator
renaming the key in the request's messages).

After the killers154 widenings (both batches): 22 caught, 1 warned, 3 missed of 26 (twins: 16 quiet, 0 false
errors).  Caught now: a positional argument fetched by a getter named for the old parameter into a slot upstream
renamed and retyped (``drift/fetched_args.py`` feeding symbol drift's renamed slot; #16572), a class upstream
re-bound to a union of classes, called, derived from or read a class attribute off (``drift/unioned_classes.py``;
#27516's two), and a field's ``Literal`` widened past the keys of a fork table covering every old choice
(``drift/widened_literals.py``; #40982).  Left missed: #48252's ``float(value)`` (the dict's value annotation
widened to admit lists; the fork's conversion breaks only on a request that sends one: a value-kind widening
of a mapping's values, not read yet), #44105's ``model_dump()["tool_calls"]`` (a wrap-mode ``model_serializer``
pops the key when empty: what the dump holds is decided by the serializer's body at run time) and #42664's
``m.get("reasoning_content")`` (a before-validator renames the key inside the request's message dicts: the
fork reads a key of a ``TypedDict`` nothing declares removed).  Regression set at the widenings' head:
killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23 twins),
blind_replay_protocol 19/19 (12 quiet), blind_replay_entrycli 21/21 (11 quiet), blind_replay_openai 17 caught,
1 warned of 18 (10 quiet, 0 false), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4
caught).

mend52: #48252 caught (a mapping's scalar values widened to admit a container, each converted by ``float()``/
``int()``: ``drift/element_kinds.py``): 23 caught, 1 warned, 2 missed of 26 (16 quiet, 0 false errors).

  python benchmarks/blind_replay_protocol2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #16572 (1666e66443): init_app_state(engine_client, model_config, ...) -> (engine_client, vllm_config, ...)
IA = "1666e66443"
IAW = "init_app_state's model_config -> vllm_config"
APP = "from vllm.entrypoints.openai.api_server import build_app, init_app_state\n\n\n"
CASES += [
    (
        "#16572 parameter renamed and retyped",
        "a keyword call with the old name",
        K(
            "#16572",
            IA,
            IAW,
            "vllm/aeon/ia1.py",
            APP + "async def aeon_side_app(engine_client, args):\n"
            "    # AEON: the Spark's admin app shares the engine client with the main server\n"
            "    app = build_app(args)\n"
            "    model_config = await engine_client.get_model_config()\n"
            "    await init_app_state(engine_client, model_config=model_config, state=app.state, args=args)\n"
            "    return app\n",
            "await init_app_state(engine_client, model_config=model_config, state=app.state, args=args)",
        ),
    ),
    (
        "#16572 parameter renamed and retyped",
        "a positional call fed the old type",
        K(
            "#16572",
            IA,
            IAW,
            "vllm/aeon/ia2.py",
            APP + "async def aeon_side_app2(engine_client, args):\n"
            "    app = build_app(args)\n"
            "    await init_app_state(engine_client, await engine_client.get_model_config(), app.state, args)\n"
            "    return app\n",
            "await init_app_state(engine_client, await engine_client.get_model_config(), app.state, args)",
        ),
    ),
    (
        "#16572 parameter renamed and retyped",
        "twin: build_app kept",
        K(
            "#16572",
            IA,
            IAW,
            "vllm/aeon/ia3.py",
            APP + "def aeon_bare_app(args):\n    return build_app(args)\n",
            "return build_app(args)",
        ),
    ),
]

# --- #32313 (769d0629e1): the translation models moved to translations/protocol.py; api_server.transcription removed
TR = "769d0629e1"
TRW = "TranscriptionRequest moved off engine/protocol, api_server.transcription removed"
CASES += [
    (
        "#32313 models moved",
        "an import of a moved model",
        K(
            "#32313",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            "from vllm.entrypoints.openai.engine.protocol import TranscriptionRequest\n\n\n"
            "def aeon_is_verbose(request: TranscriptionRequest) -> bool:\n"
            "    # AEON: the Spark's captioner asks for segments\n"
            '    return request.response_format == "verbose_json"\n',
            "from vllm.entrypoints.openai.engine.protocol import TranscriptionRequest",
        ),
    ),
    (
        "#32313 handler getter removed",
        "a module-attribute call",
        K(
            "#32313",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            "from fastapi import Request\n\nfrom vllm.entrypoints.openai import api_server\n\n\n"
            "def aeon_transcriber(raw_request: Request):\n"
            "    return api_server.transcription(raw_request)\n",
            "return api_server.transcription(raw_request)",
        ),
    ),
    (
        "#32313 handler getter removed",
        "twin: the chat getter kept",
        K(
            "#32313",
            TR,
            TRW,
            "vllm/aeon/tr3.py",
            "from fastapi import Request\n\nfrom vllm.entrypoints.openai import api_server\n\n\n"
            "def aeon_chat_handler(raw_request: Request):\n"
            "    return api_server.chat(raw_request)\n",
            "return api_server.chat(raw_request)",
        ),
    ),
]

# --- #29634 (62de4f4257): the pooling models and getters resettled under vllm.entrypoints.pooling
PO = "62de4f4257"
POW = "ScoreRequest moved off openai/protocol, api_server.embedding/score/rerank removed"
CASES += [
    (
        "#29634 models moved",
        "an import of a moved model",
        K(
            "#29634",
            PO,
            POW,
            "vllm/aeon/po1.py",
            "from vllm.entrypoints.openai.protocol import RerankRequest, ScoreRequest\n\n\n"
            "def aeon_pairs(request: ScoreRequest | RerankRequest) -> int:\n"
            "    return 1 if isinstance(request, ScoreRequest) else len(request.documents)\n",
            "from vllm.entrypoints.openai.protocol import RerankRequest, ScoreRequest",
        ),
    ),
    (
        "#29634 handler getter removed",
        "an import of a removed getter",
        K(
            "#29634",
            PO,
            POW,
            "vllm/aeon/po2.py",
            "from fastapi import Request\n\nfrom vllm.entrypoints.openai.api_server import embedding\n\n\n"
            "async def aeon_embed(request, raw_request: Request):\n"
            "    # AEON: the Spark's retrieval route reuses the embedding handler\n"
            "    handler = embedding(raw_request)\n"
            "    return await handler.create_embedding(request, raw_request)\n",
            "from vllm.entrypoints.openai.api_server import embedding",
        ),
    ),
    (
        "#29634 handler getter removed",
        "twin: a dependency the module still re-imports",
        K(
            "#29634",
            PO,
            POW,
            "vllm/aeon/po3.py",
            "from fastapi import APIRouter, Depends\n\n"
            "from vllm.entrypoints.openai.api_server import validate_json_request\n\n"
            "aeon_router = APIRouter(dependencies=[Depends(validate_json_request)])\n",
            "from vllm.entrypoints.openai.api_server import validate_json_request",
        ),
    ),
]

# --- #25515 (7c572544e4): StructuralTag -> LegacyStructuralTag; StructuralTagResponseFormat now {type, format}
ST = "7c572544e4"
STW = "StructuralTag renamed, StructuralTagResponseFormat.structures removed"
CASES += [
    (
        "#25515 class renamed",
        "an import of the old name",
        K(
            "#25515",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.entrypoints.openai.protocol import StructuralTag\n\n\n"
            "def aeon_tag(name: str, schema: dict) -> StructuralTag:\n"
            '    return StructuralTag(begin=f"<{name}>", schema=schema, end=f"</{name}>")\n',
            "from vllm.entrypoints.openai.protocol import StructuralTag",
        ),
    ),
    (
        "#25515 field removed",
        "a read off a receiver typed as the model",
        K(
            "#25515",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "from vllm.entrypoints.openai.protocol import StructuralTagResponseFormat\n\n\n"
            "def aeon_tag_count(fmt: StructuralTagResponseFormat) -> int:\n"
            "    # AEON: the Spark's grammar cache sizes itself by the tags\n"
            "    return len(fmt.structures)\n",
            "return len(fmt.structures)",
        ),
    ),
    (
        "#25515 field removed",
        "twin: ResponseFormat kept",
        K(
            "#25515",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.entrypoints.openai.protocol import ResponseFormat\n\n\n"
            "def aeon_is_json(fmt: ResponseFormat) -> bool:\n"
            '    return fmt.type == "json_object"\n',
            'return fmt.type == "json_object"',
        ),
    ),
]

# --- #18472 (31f58be96a): api_server.TIMEOUT_KEEP_ALIVE removed (an env var now)
TK = "31f58be96a"
TKW = "TIMEOUT_KEEP_ALIVE removed from api_server"
CASES += [
    (
        "#18472 constant removed",
        "an import of the constant",
        K(
            "#18472",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            "from vllm.entrypoints.openai.api_server import TIMEOUT_KEEP_ALIVE\n\n\n"
            "def aeon_uvicorn_kwargs() -> dict:\n"
            '    return {"timeout_keep_alive": TIMEOUT_KEEP_ALIVE * 2}\n',
            "from vllm.entrypoints.openai.api_server import TIMEOUT_KEEP_ALIVE",
        ),
    ),
    (
        "#18472 constant removed",
        "a module-attribute read",
        K(
            "#18472",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            "from vllm.entrypoints.openai import api_server\n\n\n"
            "def aeon_keep_alive() -> int:\n"
            "    # AEON: the Spark's proxy holds connections longer than the server\n"
            "    return api_server.TIMEOUT_KEEP_ALIVE + 1\n",
            "return api_server.TIMEOUT_KEEP_ALIVE + 1",
        ),
    ),
    (
        "#18472 constant removed",
        "twin: build_app kept",
        K(
            "#18472",
            TK,
            TKW,
            "vllm/aeon/tk3.py",
            "from vllm.entrypoints.openai import api_server\n\n\n"
            "def aeon_app(args):\n"
            "    return api_server.build_app(args)\n",
            "return api_server.build_app(args)",
        ),
    ),
]

# --- #22410 (4815b00f54): ResponseReasoningItem removed; ResponsesResponse.usage UsageInfo -> ResponseUsage
RR = "4815b00f54"
RRW = "ResponseReasoningItem removed, ResponsesResponse.usage retyped"
CASES += [
    (
        "#22410 class removed",
        "an import of the removed model",
        K(
            "#22410",
            RR,
            RRW,
            "vllm/aeon/rr1.py",
            "from vllm.entrypoints.openai.protocol import ResponseReasoningItem\n\n\n"
            "def aeon_reasoning(text: str) -> ResponseReasoningItem:\n"
            "    return ResponseReasoningItem(text=text, status=None)\n",
            "from vllm.entrypoints.openai.protocol import ResponseReasoningItem",
        ),
    ),
    (
        "#22410 field retyped",
        "a chained read off a typed receiver",
        K(
            "#22410",
            RR,
            RRW,
            "vllm/aeon/rr2.py",
            "from vllm.entrypoints.openai.protocol import ResponsesResponse\n\n\n"
            "def aeon_billed_prompt(response: ResponsesResponse) -> int:\n"
            "    # AEON: the Spark's meter bills prompt tokens\n"
            "    return 0 if response.usage is None else response.usage.prompt_tokens\n",
            "return 0 if response.usage is None else response.usage.prompt_tokens",
        ),
    ),
    (
        "#22410 field retyped",
        "twin: a field the new type keeps",
        K(
            "#22410",
            RR,
            RRW,
            "vllm/aeon/rr3.py",
            "from vllm.entrypoints.openai.protocol import ResponsesResponse\n\n\n"
            "def aeon_billed_total(response: ResponsesResponse) -> int:\n"
            "    return 0 if response.usage is None else response.usage.total_tokens\n",
            "return 0 if response.usage is None else response.usage.total_tokens",
        ),
    ),
]

# --- #35684 (4a718e770d): GenerateRequest and the SamplingParams re-import dropped from engine/protocol.py
GR = "4a718e770d"
GRW = "GenerateRequest removed from engine/protocol"
CASES += [
    (
        "#35684 class removed",
        "an import of the removed model",
        K(
            "#35684",
            GR,
            GRW,
            "vllm/aeon/gr1.py",
            "from vllm.entrypoints.openai.engine.protocol import GenerateRequest\n\n\n"
            "def aeon_token_count(request: GenerateRequest) -> int:\n"
            "    return len(request.token_ids)\n",
            "from vllm.entrypoints.openai.engine.protocol import GenerateRequest",
        ),
    ),
    (
        "#35684 re-import dropped",
        "an import of a name the module imported",
        K(
            "#35684",
            GR,
            GRW,
            "vllm/aeon/gr2.py",
            "from vllm.entrypoints.openai.engine.protocol import SamplingParams, StreamOptions\n\n\n"
            "def aeon_greedy(stream: StreamOptions | None) -> SamplingParams:\n"
            "    return SamplingParams(temperature=0.0)\n",
            "from vllm.entrypoints.openai.engine.protocol import SamplingParams, StreamOptions",
        ),
    ),
    (
        "#35684 class removed",
        "twin: the disagg model kept",
        K(
            "#35684",
            GR,
            GRW,
            "vllm/aeon/gr3.py",
            "from vllm.entrypoints.serve.disagg.protocol import GenerateRequest\n\n\n"
            "def aeon_token_count2(request: GenerateRequest) -> int:\n"
            "    return len(request.token_ids)\n",
            "from vllm.entrypoints.serve.disagg.protocol import GenerateRequest",
        ),
    ),
]

# --- #20527 (c18b3b8e8b): ScoreRequest.to_pooling_params(*, use_cross_encoder=False), the server passes it
PP = "c18b3b8e8b"
PPW = "to_pooling_params now called with use_cross_encoder="
SR = "from vllm.entrypoints.openai.protocol import ScoreRequest\n\n\n"
CASES += [
    (
        "#20527 keyword the caller now passes",
        "a subclass override without the keyword",
        K(
            "#20527",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            SR + "class AeonScoreRequest(ScoreRequest):\n"
            "    def to_pooling_params(self):\n"
            "        # AEON: the Spark's reranker wants raw logits\n"
            "        params = super().to_pooling_params()\n"
            "        params.activation = False\n"
            "        return params\n",
            "def to_pooling_params(self):",
        ),
    ),
    (
        "#20527 keyword the caller now passes",
        "twin: an override taking **kwargs",
        K(
            "#20527",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            SR + "class AeonScoreRequest2(ScoreRequest):\n"
            "    def to_pooling_params(self, **kwargs):\n"
            "        return super().to_pooling_params(**kwargs)\n",
            "def to_pooling_params(self, **kwargs):",
        ),
    ),
]

# --- #26233 (e1dd706cd1): ChatCompletionRequest.parallel_tool_calls default False -> True
PT = "e1dd706cd1"
PTW = "parallel_tool_calls False -> True"
CCR = "from vllm.entrypoints.openai.protocol import ChatCompletionRequest\n\n\n"
CASES += [
    (
        "#26233 default changed",
        "a test of the old default",
        K(
            "#26233",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            CCR + "def aeon_first_call_only(request: ChatCompletionRequest, calls: list) -> list:\n"
            "    # AEON: the Spark's agents run one tool at a time unless asked\n"
            "    if not request.parallel_tool_calls:\n"
            "        return calls[:1]\n"
            "    return calls\n",
            "if not request.parallel_tool_calls:",
        ),
    ),
    (
        "#26233 default changed",
        "twin: a field whose default stays",
        K(
            "#26233",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            CCR + "def aeon_tools_off(request: ChatCompletionRequest) -> bool:\n"
            '    return request.tool_choice == "none"\n',
            'return request.tool_choice == "none"',
        ),
    ),
]

# --- #27066 (1f633b8632): EMBED_DTYPE_TO_TORCH_DTYPE moved to vllm.utils.serial_utils
ED = "1f633b8632"
EDW = "EMBED_DTYPE_TO_TORCH_DTYPE moved off openai/protocol"
CASES += [
    (
        "#27066 table moved",
        "an import of the moved table",
        K(
            "#27066",
            ED,
            EDW,
            "vllm/aeon/ed1.py",
            "from vllm.entrypoints.openai.protocol import EMBED_DTYPE_TO_TORCH_DTYPE\n\n\n"
            "def aeon_dtypes() -> list[str]:\n"
            "    return sorted(EMBED_DTYPE_TO_TORCH_DTYPE)\n",
            "from vllm.entrypoints.openai.protocol import EMBED_DTYPE_TO_TORCH_DTYPE",
        ),
    ),
    (
        "#27066 table moved",
        "a module-attribute read",
        K(
            "#27066",
            ED,
            EDW,
            "vllm/aeon/ed2.py",
            "from vllm.entrypoints.openai import protocol\n\n\n"
            "def aeon_torch_dtype(name: str):\n"
            "    # AEON: the Spark's vector store keeps bf16\n"
            "    return protocol.EMBED_DTYPE_TO_TORCH_DTYPE[name]\n",
            "return protocol.EMBED_DTYPE_TO_TORCH_DTYPE[name]",
        ),
    ),
    (
        "#27066 table moved",
        "twin: the request model kept",
        K(
            "#27066",
            ED,
            EDW,
            "vllm/aeon/ed3.py",
            "from vllm.entrypoints.openai.protocol import EmbeddingCompletionRequest\n\n\n"
            "def aeon_dtype(request: EmbeddingCompletionRequest) -> str:\n"
            "    return request.embed_dtype\n",
            "return request.embed_dtype",
        ),
    ),
]


# --- Batch 2: six more commits, written after batch 1's run and widening, committed before their own run.

# --- #27516 (360bd8762f): ClassificationRequest a class -> a TypeAlias of the completion and chat requests
CR = "360bd8762f"
CRW = "ClassificationRequest made a union alias"
CLS = "from vllm.entrypoints.openai.protocol import ClassificationRequest\n\n\n"
CASES += [
    (
        "#27516 class made a union alias",
        "a constructor call",
        K(
            "#27516",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            CLS + "def aeon_classify_request(model: str, texts: list[str]) -> ClassificationRequest:\n"
            "    # AEON: the Spark's moderation hook classifies every prompt first\n"
            "    return ClassificationRequest(model=model, input=texts)\n",
            "return ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union alias",
        "a subclass",
        K(
            "#27516",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            CLS + "class AeonClassificationRequest(ClassificationRequest):\n    aeon_tenant: str | None = None\n",
            "class AeonClassificationRequest(ClassificationRequest):",
        ),
    ),
    (
        "#27516 class made a union alias",
        "twin: an annotation and a field both members have",
        K(
            "#27516",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            CLS + 'def aeon_model_of(request: ClassificationRequest) -> str:\n    return request.model or "default"\n',
            'return request.model or "default"',
        ),
    ),
]

# --- #48252 (43cd340247): CompletionRequest.vllm_xargs values may be lists now
XA = "43cd340247"
XAW = "vllm_xargs values str | int | float -> also list[...]"
CMP = "from vllm.entrypoints.openai.completion.protocol import CompletionRequest\n\n\n"
CASES += [
    (
        "#48252 value kind widened",
        "a scalar conversion of each value",
        K(
            "#48252",
            XA,
            XAW,
            "vllm/aeon/xa1.py",
            CMP + "def aeon_numeric_xargs(request: CompletionRequest) -> dict[str, float]:\n"
            "    # AEON: the Spark's logits processors take floats only\n"
            "    return {key: float(value) for key, value in (request.vllm_xargs or {}).items()}\n",
            "return {key: float(value) for key, value in (request.vllm_xargs or {}).items()}",
        ),
    ),
    (
        "#48252 value kind widened",
        "twin: the mapping handed on whole",
        K(
            "#48252",
            XA,
            XAW,
            "vllm/aeon/xa2.py",
            "import json\n\n" + CMP + "def aeon_xargs_blob(request: CompletionRequest) -> str:\n"
            "    return json.dumps(request.vllm_xargs or {})\n",
            "return json.dumps(request.vllm_xargs or {})",
        ),
    ),
]

# --- #40982 (33f36d4260): ChatCompletionRequest.reasoning_effort takes "minimal", "xhigh" and "max" too
RE = "33f36d4260"
REW = "reasoning_effort Literal widened"
CCR2 = "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n"
CASES += [
    (
        "#40982 literal widened",
        "a fork table indexed by the value",
        K(
            "#40982",
            RE,
            REW,
            "vllm/aeon/re1.py",
            CCR2 + '_AEON_BUDGETS = {"none": 0, "low": 1024, "medium": 4096, "high": 16384}\n\n\n'
            "def aeon_thinking_budget(request: ChatCompletionRequest) -> int | None:\n"
            "    # AEON: the Spark caps thinking tokens by effort\n"
            "    if request.reasoning_effort is None:\n"
            "        return None\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
    (
        "#40982 literal widened",
        "twin: a lookup with a default",
        K(
            "#40982",
            RE,
            REW,
            "vllm/aeon/re2.py",
            CCR2 + '_AEON_BUDGETS2 = {"none": 0, "low": 1024, "medium": 4096, "high": 16384}\n\n\n'
            "def aeon_thinking_budget2(request: ChatCompletionRequest) -> int:\n"
            '    return _AEON_BUDGETS2.get(request.reasoning_effort or "medium", 32768)\n',
            'return _AEON_BUDGETS2.get(request.reasoning_effort or "medium", 32768)',
        ),
    ),
]

# --- #44105 (6c427dd401): ChatMessage/DeltaMessage serialize without tool_calls when it is empty
TC = "6c427dd401"
TCW = "empty tool_calls left out of model_dump()"
CASES += [
    (
        "#44105 key left out of the dump",
        "a subscript of the dumped message",
        K(
            "#44105",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatMessage\n\n\n"
            "def aeon_logged_calls(message: ChatMessage) -> int:\n"
            "    # AEON: the Spark's audit log counts tool calls off the wire form\n"
            '    return len(message.model_dump()["tool_calls"])\n',
            'return len(message.model_dump()["tool_calls"])',
        ),
    ),
    (
        "#44105 key left out of the dump",
        "twin: the attribute read",
        K(
            "#44105",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatMessage\n\n\n"
            "def aeon_call_count(message: ChatMessage) -> int:\n"
            "    return len(message.tool_calls)\n",
            "return len(message.tool_calls)",
        ),
    ),
]

# --- #42664 (346cf163a1): ChatCompletionRequest pops each message's reasoning_content into reasoning
RC2 = "346cf163a1"
RC2W = "messages' reasoning_content renamed reasoning by a before-validator"
CASES += [
    (
        "#42664 key renamed by a validator",
        "a read of the old key off the request's messages",
        K(
            "#42664",
            RC2,
            RC2W,
            "vllm/aeon/rc21.py",
            CCR2 + "\ndef aeon_prior_thoughts(request: ChatCompletionRequest) -> list[str]:\n"
            "    # AEON: the Spark's context trimmer keeps earlier reasoning apart\n"
            '    return [m.get("reasoning_content") or "" for m in request.messages]\n',
            'return [m.get("reasoning_content") or "" for m in request.messages]',
        ),
    ),
    (
        "#42664 key renamed by a validator",
        "twin: the kept role key",
        K(
            "#42664",
            RC2,
            RC2W,
            "vllm/aeon/rc22.py",
            CCR2 + "\ndef aeon_roles(request: ChatCompletionRequest) -> list[str]:\n"
            '    return [m["role"] for m in request.messages]\n',
            'return [m["role"] for m in request.messages]',
        ),
    ),
]

# --- #46768 (86db6c3070): cli_args.py drops its logger (and the init_logger import)
LG = "86db6c3070"
LGW = "cli_args.logger removed"
CLI = "vllm/entrypoints/openai/cli_args.py"
DOCS = "def create_parser_for_docs() -> FlexibleArgumentParser:"
CASES += [
    (
        "#46768 module global removed",
        "a fork helper in the module using it",
        Killer(
            "#46768",
            LG,
            LGW,
            (
                Edit(
                    CLI,
                    "def aeon_validate_serve_args(args: argparse.Namespace) -> None:\n"
                    "    # AEON: the Spark serves one model per GPU; a second API server only wastes memory\n"
                    '    if getattr(args, "api_server_count", 1) > 1:\n'
                    '        logger.warning("AEON: --api-server-count > 1 on a single Spark")\n\n\n',
                    anchor=DOCS,
                ),
            ),
            ((CLI, '        logger.warning("AEON: --api-server-count > 1 on a single Spark")'),),
        ),
    ),
    (
        "#46768 module global removed",
        "an import of the module's logger",
        K(
            "#46768",
            LG,
            LGW,
            "vllm/aeon/lg2.py",
            "from vllm.entrypoints.openai.cli_args import logger\n\n\n"
            "def aeon_note(message: str) -> None:\n"
            "    logger.info(message)\n",
            "from vllm.entrypoints.openai.cli_args import logger",
        ),
    ),
    (
        "#46768 module global removed",
        "twin: a fork helper using a name the module keeps",
        Killer(
            "#46768",
            LG,
            LGW,
            (
                Edit(
                    CLI,
                    "def aeon_make_parser() -> FlexibleArgumentParser:\n"
                    '    return make_arg_parser(FlexibleArgumentParser(description="aeon"))\n\n\n',
                    anchor=DOCS,
                ),
            ),
            ((CLI, '    return make_arg_parser(FlexibleArgumentParser(description="aeon"))'),),
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-protocol2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
