"""A blind replay of the OpenAI serving classes a fork's frontend subclasses, builds and calls.

9 first-parent commits on ``vllm/entrypoints/openai/{serving_engine,serving_chat,serving_completion,
serving_models}.py`` and their later homes (``engine/serving.py``, ``chat_completion/serving.py``,
``completion/serving.py``, ``models/serving.py``) -- the classes a fork's serving code carries code against:
``OpenAIServing``'s prompt helpers (``_tokenize_prompt_input`` renamed ``_tokenize_prompt_input_async`` and
``_normalize_prompt_text_to_input`` made a coroutine; ``_preprocess_completion`` and ``_load_prompt_embeds``
removed into the renderer; ``_get_prompt_components`` removed; ``_preprocess_chat`` moved to the render
server; ``_validate_chat_template`` and ``_prepare_extra_chat_template_kwargs`` dropped and the renderer
request protocols moved out of the module), ``get_max_tokens``' ``input_length`` made the prompt itself,
``OpenAIServingModels.lora_requests`` made a dict keyed by name, the LoRA adapter request models moved out of
the engine protocol, ``OpenAIServingChat``'s constructor given a required ``openai_serving_render`` and its
``_make_request_with_harmony`` removed, and its ``use_harmony`` attribute no longer set (with the streaming
harmony module deleted) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding
the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is
written (a subclass's ``self.`` call or read, a call on the class, a read off a receiver typed as the class,
a keyword, a positional argument, an import, a constructor call), with twins (fork code the commit does not
break: the kept or renamed-to method, a method moved to a base class, a namesake attribute another class
still sets, a name a module re-imports).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d0aa7738): 18 caught, 0 warned, 1 missed of 19 (twins: 9
quiet, 0 false errors).  The miss: #33103's ``get_max_tokens(max_model_len, request, len(prompt_ids),
defaults)`` -- the third parameter, ``input_length: int``, became ``prompt: TokensPrompt | EmbedsPrompt`` (the
body now calls ``prompt.get(...)``), and the fork's positional ``len(...)`` is an int where a prompt dict goes:
AttributeError at call.  The old keyword spelling (``input_length=n``) is caught as a keyword upstream dropped.
After the killers146 widening: 19 caught, 0 warned, 0 missed of 19 (twins: 9 quiet, 0 false errors).  Caught
now: a plain builtin scalar (a literal, an f-string, ``len(...)``, a scalar's constructor, a parameter annotated
as the scalar) passed in a slot upstream re-annotated with something admitting no scalar (a class, a union of
classes, a ``TypedDict``) whose body now reads an attribute the scalar has not -- paired by position, so a
parameter renamed with its kind counts (symbol drift, ``drift/retyped_params.py`` ``scalar_retyped``).
Regression set at the widening: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false
errors (40, 30, 23 twins), blind_replay_serving 29 caught, 5 warned of 34 (14 quiet, 0 false),
blind_replay_openai 17 caught, 1 warned of 18 (10 quiet, 0 false), blind_replay_chatutils 18 caught, 2 warned of
20 (12 quiet, 0 false), blind_replay_inputs 22/22 (13 quiet, 0 false): the same as before the widening.

Round 2, blind (8 more commits, added and committed before the engine ran on them, on the engine with the
widening above): ``OpenAIServing._get_model_name`` removed (#24663), ``reset_mm_cache`` removed (#33481),
``_get_reasoning_parser``/``_get_tool_parser`` removed (#32712), ``_validate_input`` removed (#28631),
``OpenAIServingChat.extract_tool_call_required_streaming`` removed (#41876), ``_parse_tool_calls_from_content``
removed (#44267), ``openai_serving_render`` renamed ``online_renderer`` (#44285), and the render server's
``served_model_names``/``show_available_models`` removed for the new model registry (#36536), spelt as a
``functools.partial`` of the class's method, a ``getattr`` with a literal, an override's ``super()`` call, a
keyword call on a receiver typed ``X | None``, a bound method stored in ``__init__``, a chained read: 15 caught,
0 warned, 0 missed of 15 (twins: 7 quiet, 0 false errors on their lines).  A finding off a twin's line: #28631's
``hasattr``-gated twin (``if hasattr(self, '_validate_input'): return self._validate_input(...)`` then the
fork's own path) drew a name-drift error on its ``hasattr`` line ("is always False": upstream removed the name
from every file), the version gate symbol drift already leaves quiet.  A twin on that line was added after
(``vi4``): FALSE before the killers146 fix, quiet after -- name drift now leaves a ``hasattr`` that picks the
fork's path per release quiet too (``drift/names.py`` ``_compatible`` with ``drift/guarded_reads.py``).
Whole replay now: 34 caught, 0 warned, 0 missed of 34 (twins: 17 quiet, 0 false errors).  Regression set at the
fix: the same numbers as above, and review23/26/28/11/31/41_twins and blind_replay_weights (the ``hasattr``
replays) unchanged (0 false errors; review44_twins' one false error, #47058's "helper imported from another fork
module", is main's at d0aa7738 too).

Round 3, blind (5 harder spellings and 2 twins of round 1's commits, committed before the engine ran on them):
2 caught, 0 warned, 3 missed of 5 (twins: 2 quiet, 0 false errors).  Caught: #45104's ``getattr(self,
'use_harmony', False)`` and #19334's ``prompt = self._normalize_prompt_tokens_to_input(...)``.  The misses:
#33103's length through a local (``prompt_len = len(prompt_ids)`` then passed), #20636's
``models.lora_requests[0]`` (an int index of a list made a dict keyed by name: KeyError), and #36483's
``functools.partial(OpenAIServingChat, engine_client, models, 'assistant', request_logger=None)`` returned by a
fork factory and called later without ``openai_serving_render``.
After the round 3 widenings: 4 caught, 0 warned, 1 missed of 5.  Caught now: a local bound once, by a plain
assignment, to a plain scalar (``scalar_kind``, above); an int-literal index of a sequence upstream made a dict
keyed by ``str``/``bytes`` (container drift, ``drift/retyped.py`` ``_keyed_by_text``).  Left: #36483's partial
-- the partial is built in one fork function and called through a local in another; the engine judges a
partial's own call (its later call may pass what it leaves out) and does not follow a returned partial to its
call site.  Whole replay now: 38 caught, 0 warned, 1 missed of 39 (twins: 19 quiet, 0 false errors).
Regression set at the branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review15/16/17_twins
0 false errors (40, 30, 23 twins), blind_replay_serving 29 caught, 5 warned of 34, blind_replay_openai 17 caught,
1 warned of 18, blind_replay_chatutils 18 caught, 2 warned of 20, blind_replay_inputs 22/22, blind_replay_mminputs
19/19, blind_replay_scheddata 18/18, blind_replay_loramgr 17 caught, 1 warned of 18 (all 0 false errors, the
same as main), ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught).

After mend51: 39 caught, 0 warned, 0 missed of 39 (twins: 19 quiet, 0 false errors).  Caught now: #36483's partial
-- a partial a fork factory returns (or a class stores once on ``self``, or a name binds once to a factory's call)
is followed to its later call, judged with the partial's bound arguments merged in (``drift/held_partials.py``).

  python benchmarks/blind_replay_servechat.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #19334 (a37d75bbec): microbatch tokenization: _tokenize_prompt_input -> async _tokenize_prompt_input_async,
#     _normalize_prompt_text_to_input made a coroutine
MT = "a37d75bbec"
MTW = "_tokenize_prompt_input renamed, _normalize_prompt_text_to_input made async"
SE = "from vllm.entrypoints.openai.serving_engine import OpenAIServing\n\n\n"
CASES += [
    (
        "#19334 method renamed",
        "a subclass's self. call",
        K(
            "#19334",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            SE + "class AeonServing(OpenAIServing):\n"
            "    def aeon_tokenize(self, request, tokenizer, text: str):\n"
            "        # AEON: the Spark's router tokenizes once and forwards the ids\n"
            "        return self._tokenize_prompt_input(request, tokenizer, text)\n",
            "return self._tokenize_prompt_input(request, tokenizer, text)",
        ),
    ),
    (
        "#19334 method made a coroutine",
        "a subscript of the call's result",
        K(
            "#19334",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            SE + "class AeonCountingServing(OpenAIServing):\n"
            "    def aeon_prompt_ids(self, request, tokenizer, text: str) -> list[int]:\n"
            "        ids = self._normalize_prompt_text_to_input(request, tokenizer, text, None, True)['prompt_token_ids']\n"
            "        return list(ids)\n",
            "ids = self._normalize_prompt_text_to_input(request, tokenizer, text, None, True)['prompt_token_ids']",
        ),
    ),
    (
        "#19334 method renamed",
        "twin: the async name, an attribute before and a method after",
        K(
            "#19334",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            SE + "class AeonAsyncServing(OpenAIServing):\n"
            "    async def aeon_tokenize(self, request, tokenizer, text: str):\n"
            "        return await self._tokenize_prompt_input_async(request, tokenizer, text)\n",
            "return await self._tokenize_prompt_input_async(request, tokenizer, text)",
        ),
    ),
]

# --- #20636 (baed180aa0): OpenAIServingModels.lora_requests a list -> a dict keyed by the adapter's name
LR = "baed180aa0"
LRW = "OpenAIServingModels.lora_requests list[LoRARequest] -> dict[str, LoRARequest]"
SM = "from vllm.entrypoints.openai.serving_models import OpenAIServingModels\n\n\n"
CASES += [
    (
        "#20636 list made a dict",
        "a loop over a typed receiver's attribute",
        K(
            "#20636",
            LR,
            LRW,
            "vllm/aeon/lr1.py",
            SM + "def aeon_adapter_names(models: OpenAIServingModels) -> list[str]:\n"
            "    # AEON: the Spark's admin page lists the loaded adapters\n"
            "    return [lora.lora_name for lora in models.lora_requests]\n",
            "return [lora.lora_name for lora in models.lora_requests]",
        ),
    ),
    (
        "#20636 list made a dict",
        "a subclass's self. append",
        K(
            "#20636",
            LR,
            LRW,
            "vllm/aeon/lr2.py",
            SM + "class AeonModels(OpenAIServingModels):\n"
            "    def aeon_register(self, lora_request) -> None:\n"
            "        # AEON: adapters preloaded from the Spark's local disk\n"
            "        self.lora_requests.append(lora_request)\n",
            "self.lora_requests.append(lora_request)",
        ),
    ),
    (
        "#20636 list made a dict",
        "twin: a length",
        K(
            "#20636",
            LR,
            LRW,
            "vllm/aeon/lr3.py",
            SM + "def aeon_adapter_count(models: OpenAIServingModels) -> int:\n    return len(models.lora_requests)\n",
            "return len(models.lora_requests)",
        ),
    ),
]

# --- #24405 (15cb047e25): OpenAIServing._preprocess_completion and _load_prompt_embeds removed (the renderer does it)
PC = "15cb047e25"
PCW = "_preprocess_completion/_load_prompt_embeds removed"
SC = "from vllm.entrypoints.openai.serving_completion import OpenAIServingCompletion\n\n\n"
CASES += [
    (
        "#24405 methods removed",
        "a subclass's awaited self. call",
        K(
            "#24405",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            SC + "class AeonCompletion(OpenAIServingCompletion):\n"
            "    async def aeon_prompts(self, request, tokenizer):\n"
            "        _, engine_prompts = await self._preprocess_completion(request, tokenizer, request.prompt, add_special_tokens=True)\n"
            "        return engine_prompts\n",
            "_, engine_prompts = await self._preprocess_completion(request, tokenizer, request.prompt, add_special_tokens=True)",
        ),
    ),
    (
        "#24405 methods removed",
        "a subclass's self. call of a static helper",
        K(
            "#24405",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            SC + "class AeonEmbedsCompletion(OpenAIServingCompletion):\n"
            "    def aeon_embeds(self, request):\n"
            "        # AEON: the Spark's clients send precomputed embeddings\n"
            "        return self._load_prompt_embeds(request.prompt_embeds, request.truncate_prompt_tokens)\n",
            "return self._load_prompt_embeds(request.prompt_embeds, request.truncate_prompt_tokens)",
        ),
    ),
    (
        "#24405 methods removed",
        "twin: the kept single-prompt tokenizer",
        K(
            "#24405",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            SC + "class AeonTokCompletion(OpenAIServingCompletion):\n"
            "    async def aeon_one(self, request, tokenizer, text: str):\n"
            "        return await self._tokenize_prompt_input_async(request, tokenizer, text)\n",
            "return await self._tokenize_prompt_input_async(request, tokenizer, text)",
        ),
    ),
]

# --- #32251 (4f02cb2eac): LoadLoRAAdapterRequest/UnloadLoRAAdapterRequest moved out of the engine protocol
LP = "4f02cb2eac"
LPW = "LoRA adapter requests moved to vllm.entrypoints.serve.lora.protocol"
CASES += [
    (
        "#32251 class moved",
        "an import from the old module",
        K(
            "#32251",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            "from vllm.entrypoints.openai.engine.protocol import LoadLoRAAdapterRequest\n\n\n"
            "def aeon_load_request(name: str, path: str) -> LoadLoRAAdapterRequest:\n"
            "    # AEON: adapters the Spark's operator pins at start\n"
            "    return LoadLoRAAdapterRequest(lora_name=name, lora_path=path)\n",
            "from vllm.entrypoints.openai.engine.protocol import LoadLoRAAdapterRequest",
        ),
    ),
    (
        "#32251 class moved",
        "twin: the name the models module re-imports",
        K(
            "#32251",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            "from vllm.entrypoints.openai.serving_models import LoadLoRAAdapterRequest\n\n\n"
            "def aeon_load_request2(name: str, path: str) -> LoadLoRAAdapterRequest:\n"
            "    return LoadLoRAAdapterRequest(lora_name=name, lora_path=path)\n",
            "from vllm.entrypoints.openai.serving_models import LoadLoRAAdapterRequest",
        ),
    ),
]

# --- #33103 (e0b005d9cf): OpenAIServing._get_prompt_components removed; get_max_tokens(input_length) -> (prompt)
GP = "e0b005d9cf"
GPW = "_get_prompt_components removed, get_max_tokens takes the prompt"
ES = "from vllm.entrypoints.openai.engine.serving import OpenAIServing\n"
CASES += [
    (
        "#33103 method removed",
        "a subclass's self. call unpacked",
        K(
            "#33103",
            GP,
            GPW,
            "vllm/aeon/gp1.py",
            ES + "\n\nclass AeonLoggingServing(OpenAIServing):\n"
            "    def aeon_prompt_text(self, engine_prompt) -> str | None:\n"
            "        # AEON: the Spark's audit log keeps the prompt text\n"
            "        prompt_text, _, _ = self._get_prompt_components(engine_prompt)\n"
            "        return prompt_text\n",
            "prompt_text, _, _ = self._get_prompt_components(engine_prompt)",
        ),
    ),
    (
        "#33103 parameter retyped",
        "a length passed where the prompt now goes",
        K(
            "#33103",
            GP,
            GPW,
            "vllm/aeon/gp2.py",
            "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
            "def aeon_budget(max_model_len: int, request, prompt_ids: list[int], defaults: dict) -> int:\n"
            "    # AEON: the Spark's scheduler caps generation before admission\n"
            "    return get_max_tokens(max_model_len, request, len(prompt_ids), defaults)\n",
            "return get_max_tokens(max_model_len, request, len(prompt_ids), defaults)",
        ),
    ),
    (
        "#33103 parameter renamed",
        "the old keyword",
        K(
            "#33103",
            GP,
            GPW,
            "vllm/aeon/gp3.py",
            "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
            "def aeon_budget_kw(max_model_len: int, request, n: int) -> int:\n"
            "    return get_max_tokens(max_model_len, request, input_length=n, default_sampling_params={})\n",
            "return get_max_tokens(max_model_len, request, input_length=n, default_sampling_params={})",
        ),
    ),
    (
        "#33103 method removed",
        "twin: the module function the method wrapped",
        K(
            "#33103",
            GP,
            GPW,
            "vllm/aeon/gp4.py",
            "from vllm.inputs.parse import get_prompt_components\n\n\n"
            "def aeon_prompt_text2(engine_prompt) -> str | None:\n"
            "    prompt_text, _, _ = get_prompt_components(engine_prompt)\n"
            "    return prompt_text\n",
            "prompt_text, _, _ = get_prompt_components(engine_prompt)",
        ),
    ),
]

# --- #36483 (a2268617cf): OpenAIServingChat.__init__ takes a required keyword openai_serving_render;
#     _make_request_with_harmony removed
SR = "a2268617cf"
SRW = "OpenAIServingChat(openai_serving_render=) required, _make_request_with_harmony removed"
CC = "from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat\n\n\n"
CASES += [
    (
        "#36483 required keyword inserted",
        "a constructor call without it",
        K(
            "#36483",
            SR,
            SRW,
            "vllm/aeon/sr1.py",
            CC + "def aeon_chat_handler(engine_client, models) -> OpenAIServingChat:\n"
            "    # AEON: the Spark's sidecar serves chat without the full API server\n"
            "    return OpenAIServingChat(engine_client, models, 'assistant', request_logger=None, chat_template=None, chat_template_content_format='auto')\n",
            "return OpenAIServingChat(engine_client, models, 'assistant', request_logger=None, chat_template=None, chat_template_content_format='auto')",
        ),
    ),
    (
        "#36483 method removed",
        "a subclass's self. call",
        K(
            "#36483",
            SR,
            SRW,
            "vllm/aeon/sr2.py",
            CC + "class AeonHarmonyChat(OpenAIServingChat):\n"
            "    def aeon_harmony_prompts(self, request):\n"
            "        _, engine_prompts = self._make_request_with_harmony(request)\n"
            "        return engine_prompts\n",
            "_, engine_prompts = self._make_request_with_harmony(request)",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "twin: a subclass handing every argument on",
        K(
            "#36483",
            SR,
            SRW,
            "vllm/aeon/sr3.py",
            CC + "class AeonChat(OpenAIServingChat):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_requests = 0\n",
            "super().__init__(*args, **kwargs)",
        ),
    ),
]

# --- #37287 (59192dfd39): OpenAIServing._preprocess_chat/_preprocess_completion removed (the render server does it)
PR = "59192dfd39"
PRW = "_preprocess_chat/_preprocess_completion removed from OpenAIServing"
CASES += [
    (
        "#37287 methods removed",
        "a chat subclass's awaited self. call",
        K(
            "#37287",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            CC + "class AeonPreChat(OpenAIServingChat):\n"
            "    async def aeon_render(self, request):\n"
            "        # AEON: the Spark's prefix router renders before routing\n"
            "        conversation, engine_prompts = await self._preprocess_chat(request, request.messages, default_template=self.chat_template, default_template_content_format=self.chat_template_content_format, default_template_kwargs=None)\n"
            "        return engine_prompts\n",
            "conversation, engine_prompts = await self._preprocess_chat(request, request.messages, default_template=self.chat_template, default_template_content_format=self.chat_template_content_format, default_template_kwargs=None)",
        ),
    ),
    (
        "#37287 methods removed",
        "a completion subclass's awaited self. call",
        K(
            "#37287",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            "from vllm.entrypoints.openai.completion.serving import OpenAIServingCompletion\n\n\n"
            "class AeonPreCompletion(OpenAIServingCompletion):\n"
            "    async def aeon_render(self, request):\n"
            "        return await self._preprocess_completion(request, request.prompt, request.prompt_embeds)\n",
            "return await self._preprocess_completion(request, request.prompt, request.prompt_embeds)",
        ),
    ),
    (
        "#37287 methods removed",
        "twin: the render server's method",
        K(
            "#37287",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            CC + "class AeonRenderChat(OpenAIServingChat):\n"
            "    async def aeon_render(self, request):\n"
            "        return await self.openai_serving_render.render_chat(request)\n",
            "return await self.openai_serving_render.render_chat(request)",
        ),
    ),
]

# --- #45104 (e0871ad225): OpenAIServingChat.use_harmony no longer set; chat_completion/stream_harmony.py deleted
UH = "e0871ad225"
UHW = "OpenAIServingChat.use_harmony removed, stream_harmony deleted"
CASES += [
    (
        "#45104 attribute no longer set",
        "a subclass's self. read",
        K(
            "#45104",
            UH,
            UHW,
            "vllm/aeon/uh1.py",
            CC + "class AeonGptOssChat(OpenAIServingChat):\n"
            "    def aeon_stream_reasoning(self) -> bool:\n"
            "        # AEON: gpt-oss streams its analysis channel on the Spark\n"
            "        return self.use_harmony\n",
            "return self.use_harmony",
        ),
    ),
    (
        "#45104 module deleted",
        "an import of its function",
        K(
            "#45104",
            UH,
            UHW,
            "vllm/aeon/uh2.py",
            "from vllm.entrypoints.openai.chat_completion.stream_harmony import extract_harmony_streaming_delta\n\n\n"
            "def aeon_delta(parser, states, prev):\n"
            "    return extract_harmony_streaming_delta(parser, states, prev, True)\n",
            "from vllm.entrypoints.openai.chat_completion.stream_harmony import extract_harmony_streaming_delta",
        ),
    ),
    (
        "#45104 attribute no longer set",
        "twin: the namesake the responses server still sets",
        K(
            "#45104",
            UH,
            UHW,
            "vllm/aeon/uh3.py",
            "from vllm.entrypoints.openai.responses.serving import OpenAIServingResponses\n\n\n"
            "class AeonResponses(OpenAIServingResponses):\n"
            "    def aeon_harmony(self) -> bool:\n"
            "        return self.use_harmony\n",
            "return self.use_harmony",
        ),
    ),
]

# --- #46022 (1eb2cc961e): OpenAIServing's chat-template helpers dropped, its base made BaseServing; the renderer
#     request protocols moved to vllm.entrypoints.serve.engine.typing
VT = "1eb2cc961e"
VTW = "_validate_chat_template/_prepare_extra_chat_template_kwargs removed, RendererChatRequest moved"
CASES += [
    (
        "#46022 methods removed",
        "a chat subclass's self. call",
        K(
            "#46022",
            VT,
            VTW,
            "vllm/aeon/vt1.py",
            CC + "class AeonTrustChat(OpenAIServingChat):\n"
            "    def aeon_check_template(self, request):\n"
            "        # AEON: the Spark's tenants may not send their own templates\n"
            "        return self._validate_chat_template(request_chat_template=request.chat_template, chat_template_kwargs=request.chat_template_kwargs, trust_request_chat_template=False)\n",
            "return self._validate_chat_template(request_chat_template=request.chat_template, chat_template_kwargs=request.chat_template_kwargs, trust_request_chat_template=False)",
        ),
    ),
    (
        "#46022 methods removed",
        "a static call on the class",
        K(
            "#46022",
            VT,
            VTW,
            "vllm/aeon/vt2.py",
            ES + "\n\ndef aeon_template_kwargs(request_kwargs: dict | None, defaults: dict | None) -> dict:\n"
            "    return OpenAIServing._prepare_extra_chat_template_kwargs(request_kwargs, defaults)\n",
            "return OpenAIServing._prepare_extra_chat_template_kwargs(request_kwargs, defaults)",
        ),
    ),
    (
        "#46022 class moved",
        "an import from the old module",
        K(
            "#46022",
            VT,
            VTW,
            "vllm/aeon/vt3.py",
            "from vllm.entrypoints.openai.engine.serving import RendererChatRequest\n\n\n"
            "def aeon_is_chat(request: RendererChatRequest) -> bool:\n"
            "    return hasattr(request, 'messages')\n",
            "from vllm.entrypoints.openai.engine.serving import RendererChatRequest",
        ),
    ),
    (
        "#46022 methods removed",
        "twin: a method moved to the new base",
        K(
            "#46022",
            VT,
            VTW,
            "vllm/aeon/vt4.py",
            CC + "class AeonCheckedChat(OpenAIServingChat):\n"
            "    async def aeon_check(self, request):\n"
            "        return await self._check_model(request)\n",
            "return await self._check_model(request)",
        ),
    ),
]


# --- Round 2 (added blind after the first widening, committed before the engine ran on it): 8 more commits.

# --- #24663 (c1eda615ba): OpenAIServing._get_model_name removed (the models registry's model_name is the one way)
MN = "c1eda615ba"
MNW = "OpenAIServing._get_model_name removed"
CASES += [
    (
        "#24663 method removed",
        "a completion subclass's self. call",
        K(
            "#24663",
            MN,
            MNW,
            "vllm/aeon/mn1.py",
            "from vllm.entrypoints.openai.serving_completion import OpenAIServingCompletion\n\n\n"
            "class AeonNamedCompletion(OpenAIServingCompletion):\n"
            "    def aeon_reported_name(self, request, lora_request) -> str:\n"
            "        # AEON: the Spark's billing keys on the name the response reports\n"
            "        return self._get_model_name(request.model, lora_request)\n",
            "return self._get_model_name(request.model, lora_request)",
        ),
    ),
    (
        "#24663 method removed",
        "twin: the registry's model_name",
        K(
            "#24663",
            MN,
            MNW,
            "vllm/aeon/mn2.py",
            "from vllm.entrypoints.openai.serving_completion import OpenAIServingCompletion\n\n\n"
            "class AeonNamedCompletion2(OpenAIServingCompletion):\n"
            "    def aeon_reported_name(self, lora_request) -> str:\n"
            "        return self.models.model_name(lora_request)\n",
            "return self.models.model_name(lora_request)",
        ),
    ),
]

# --- #33481 (79b6ec6aab): OpenAIServing.reset_mm_cache removed (the engine client's is the one)
RM = "79b6ec6aab"
RMW = "OpenAIServing.reset_mm_cache removed"
CASES += [
    (
        "#33481 method removed",
        "an awaited call on a typed receiver",
        K(
            "#33481",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            ES + "\n\nasync def aeon_drop_media(serving: OpenAIServing) -> None:\n"
            "    # AEON: the Spark frees its multimodal cache when a tenant leaves\n"
            "    await serving.reset_mm_cache()\n",
            "await serving.reset_mm_cache()",
        ),
    ),
    (
        "#33481 method removed",
        "a functools.partial of the class's method",
        K(
            "#33481",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            "import functools\n\n" + ES + "\n\ndef aeon_reset_hook(serving):\n"
            "    return functools.partial(OpenAIServing.reset_mm_cache, serving)\n",
            "return functools.partial(OpenAIServing.reset_mm_cache, serving)",
        ),
    ),
    (
        "#33481 method removed",
        "twin: the engine client's reset",
        K(
            "#33481",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            "from vllm.engine.protocol import EngineClient\n\n\n"
            "async def aeon_drop_media2(engine_client: EngineClient) -> None:\n"
            "    await engine_client.reset_mm_cache()\n",
            "await engine_client.reset_mm_cache()",
        ),
    ),
]

# --- #32712 (e1bf04b6c2): OpenAIServing._get_reasoning_parser/_get_tool_parser removed (ParserManager's now)
GR = "e1bf04b6c2"
GRW = "_get_reasoning_parser/_get_tool_parser removed"
CASES += [
    (
        "#32712 methods removed",
        "a chat subclass's keyword call",
        K(
            "#32712",
            GR,
            GRW,
            "vllm/aeon/gr1.py",
            CC + "class AeonParsingChat(OpenAIServingChat):\n"
            "    def aeon_tool_parser(self, name: str):\n"
            "        # AEON: the Spark's tenants pick their tool parser per request\n"
            "        return self._get_tool_parser(tool_parser_name=name, enable_auto_tools=True)\n",
            "return self._get_tool_parser(tool_parser_name=name, enable_auto_tools=True)",
        ),
    ),
    (
        "#32712 methods removed",
        "a getattr with a literal",
        K(
            "#32712",
            GR,
            GRW,
            "vllm/aeon/gr2.py",
            CC + "class AeonReasoningChat(OpenAIServingChat):\n"
            "    def aeon_reasoning_parser(self, name: str):\n"
            "        return getattr(self, '_get_reasoning_parser')(reasoning_parser_name=name)\n",
            "return getattr(self, '_get_reasoning_parser')(reasoning_parser_name=name)",
        ),
    ),
    (
        "#32712 methods removed",
        "twin: the attribute the constructor still sets",
        K(
            "#32712",
            GR,
            GRW,
            "vllm/aeon/gr3.py",
            CC + "class AeonReasoningChat2(OpenAIServingChat):\n"
            "    def aeon_reasons(self) -> bool:\n"
            "        return self.reasoning_parser is not None\n",
            "return self.reasoning_parser is not None",
        ),
    ),
]

# --- #28631 (d9d21eb8e3): OpenAIServing._validate_input removed (the pooling IO processors validate)
VI = "d9d21eb8e3"
VIW = "OpenAIServing._validate_input removed"
CASES += [
    (
        "#28631 hook removed",
        "an override's super() call",
        K(
            "#28631",
            VI,
            VIW,
            "vllm/aeon/vi1.py",
            ES + "\n\nclass AeonLongServing(OpenAIServing):\n"
            "    def _validate_input(self, request, input_ids, input_text):\n"
            "        # AEON: the Spark allows prompts up to the model's length, not the API's\n"
            "        return super()._validate_input(request, input_ids[-8192:], input_text)\n",
            "return super()._validate_input(request, input_ids[-8192:], input_text)",
        ),
    ),
    (
        "#28631 hook removed",
        "a subclass's self. call",
        K(
            "#28631",
            VI,
            VIW,
            "vllm/aeon/vi2.py",
            ES + "\n\nclass AeonCheckingServing(OpenAIServing):\n"
            "    def aeon_tokens_prompt(self, request, ids: list[int], text: str):\n"
            "        return self._validate_input(request, ids, text)\n",
            "return self._validate_input(request, ids, text)",
        ),
    ),
    (
        "#28631 hook removed",
        "twin: a hasattr-guarded call",
        K(
            "#28631",
            VI,
            VIW,
            "vllm/aeon/vi3.py",
            ES + "\n\nclass AeonGuardedServing(OpenAIServing):\n"
            "    def aeon_tokens_prompt(self, request, ids: list[int], text: str):\n"
            "        if hasattr(self, '_validate_input'):\n"
            "            return self._validate_input(request, ids, text)\n"
            "        return {'prompt_token_ids': ids, 'prompt': text}\n",
            "return self._validate_input(request, ids, text)",
        ),
    ),
    (
        "#28631 hook removed",
        "twin: the hasattr gate's own line (added after round 2: an error landed there, off the twin's line)",
        K(
            "#28631",
            VI,
            VIW,
            "vllm/aeon/vi4.py",
            ES + "\n\nclass AeonGuardedServing2(OpenAIServing):\n"
            "    def aeon_tokens_prompt(self, request, ids: list[int], text: str):\n"
            "        if hasattr(self, '_validate_input'):\n"
            "            return self._validate_input(request, ids, text)\n"
            "        return {'prompt_token_ids': ids, 'prompt': text}\n",
            "if hasattr(self, '_validate_input'):",
        ),
    ),
]

# --- #41876 (8eb401134e): OpenAIServingChat.extract_tool_call_required_streaming removed (DelegatingParser does it)
RS = "8eb401134e"
RSW = "OpenAIServingChat.extract_tool_call_required_streaming removed"
CASES += [
    (
        "#41876 method removed",
        "a keyword call on a receiver typed Optional",
        K(
            "#41876",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            CC + "def aeon_required_delta(chat: OpenAIServingChat | None, prev: str, cur: str, delta: str):\n"
            "    if chat is None:\n"
            "        return None, False\n"
            "    return chat.extract_tool_call_required_streaming(previous_text=prev, current_text=cur, delta_text=delta, function_name_returned=False)\n",
            "return chat.extract_tool_call_required_streaming(previous_text=prev, current_text=cur, delta_text=delta, function_name_returned=False)",
        ),
    ),
    (
        "#41876 method removed",
        "a bound method stored in __init__",
        K(
            "#41876",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            CC + "class AeonStreamingChat(OpenAIServingChat):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark's streaming path swaps this for its own when tracing\n"
            "        self.aeon_required = self.extract_tool_call_required_streaming\n",
            "self.aeon_required = self.extract_tool_call_required_streaming",
        ),
    ),
    (
        "#41876 method removed",
        "twin: the kept role helper",
        K(
            "#41876",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            CC + "def aeon_role(chat: OpenAIServingChat, request) -> str:\n"
            "    return chat.get_chat_request_role(request)\n",
            "return chat.get_chat_request_role(request)",
        ),
    ),
]

# --- #44267 (68dafcca75): OpenAIServing._parse_tool_calls_from_content removed (Parser.parse() does it)
PT = "68dafcca75"
PTW = "OpenAIServing._parse_tool_calls_from_content removed"
CASES += [
    (
        "#44267 staticmethod removed",
        "a keyword call on the class",
        K(
            "#44267",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            ES + "\n\ndef aeon_tool_calls(request, tokenizer, parser_cls, text: str):\n"
            "    # AEON: the Spark's batch path parses tool calls offline\n"
            "    calls, _ = OpenAIServing._parse_tool_calls_from_content(request=request, tokenizer=tokenizer, enable_auto_tools=True, tool_parser_cls=parser_cls, content=text)\n"
            "    return calls or []\n",
            "calls, _ = OpenAIServing._parse_tool_calls_from_content(request=request, tokenizer=tokenizer, enable_auto_tools=True, tool_parser_cls=parser_cls, content=text)",
        ),
    ),
    (
        "#44267 staticmethod removed",
        "a chat subclass's self. call",
        K(
            "#44267",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            CC + "class AeonToolChat(OpenAIServingChat):\n"
            "    def aeon_calls(self, request, tokenizer, text: str):\n"
            "        return self._parse_tool_calls_from_content(request, tokenizer, self.enable_auto_tools, self.tool_parser, text)[0]\n",
            "return self._parse_tool_calls_from_content(request, tokenizer, self.enable_auto_tools, self.tool_parser, text)[0]",
        ),
    ),
]

# --- #44285 (31ca9504b1): OpenAIServingChat(openai_serving_render=) -> (online_renderer=), the attribute renamed too
OR = "31ca9504b1"
ORW = "openai_serving_render renamed online_renderer"
CASES += [
    (
        "#44285 keyword renamed",
        "the old keyword to the constructor",
        K(
            "#44285",
            OR,
            ORW,
            "vllm/aeon/or1.py",
            CC + "def aeon_chat(engine_client, models, render) -> OpenAIServingChat:\n"
            "    return OpenAIServingChat(engine_client, models, 'assistant', openai_serving_render=render, request_logger=None, chat_template=None, chat_template_content_format='auto')\n",
            "return OpenAIServingChat(engine_client, models, 'assistant', openai_serving_render=render, request_logger=None, chat_template=None, chat_template_content_format='auto')",
        ),
    ),
    (
        "#44285 attribute renamed",
        "a chained read off a typed receiver",
        K(
            "#44285",
            OR,
            ORW,
            "vllm/aeon/or2.py",
            CC + "async def aeon_render_only(chat: OpenAIServingChat, request):\n"
            "    # AEON: the Spark's router renders without generating\n"
            "    return await chat.openai_serving_render.render_chat(request)\n",
            "return await chat.openai_serving_render.render_chat(request)",
        ),
    ),
    (
        "#44285 keyword renamed",
        "twin: a subclass handing every argument on",
        K(
            "#44285",
            OR,
            ORW,
            "vllm/aeon/or3.py",
            CC + "class AeonChat2(OpenAIServingChat):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_seen = 0\n",
            "super().__init__(*args, **kwargs)",
        ),
    ),
]

# --- #36536 (06e0bc21d2): OpenAIServingRender(served_model_names=) -> (model_registry=), its models listing removed
#     (the new OpenAIModelRegistry serves /v1/models)
RR = "06e0bc21d2"
RRW = "OpenAIServingRender.served_model_names/show_available_models removed"
REND = "from vllm.entrypoints.serve.render.serving import OpenAIServingRender\n\n\n"
CASES += [
    (
        "#36536 attribute removed",
        "a read off a typed receiver",
        K(
            "#36536",
            RR,
            RRW,
            "vllm/aeon/rr1.py",
            REND + "def aeon_names(render: OpenAIServingRender) -> list[str]:\n"
            "    # AEON: the Spark's render-only pods advertise what they render for\n"
            "    return list(render.served_model_names)\n",
            "return list(render.served_model_names)",
        ),
    ),
    (
        "#36536 method removed",
        "an awaited call on a typed receiver",
        K(
            "#36536",
            RR,
            RRW,
            "vllm/aeon/rr2.py",
            REND + "async def aeon_models(render: OpenAIServingRender):\n"
            "    return await render.show_available_models()\n",
            "return await render.show_available_models()",
        ),
    ),
    (
        "#36536 method removed",
        "twin: the serving models' listing",
        K(
            "#36536",
            RR,
            RRW,
            "vllm/aeon/rr3.py",
            "from vllm.entrypoints.openai.models.serving import OpenAIServingModels\n\n\n"
            "async def aeon_models2(models: OpenAIServingModels):\n"
            "    return await models.show_available_models()\n",
            "return await models.show_available_models()",
        ),
    ),
]


# --- Round 3 (added blind after round 2's fix, committed before the engine ran on them): harder spellings of
#     round 1's commits.
CASES += [
    (
        "#33103 parameter retyped",
        "a local bound once to a length",
        K(
            "#33103",
            GP,
            GPW,
            "vllm/aeon/gp5.py",
            "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
            "def aeon_budget2(max_model_len: int, request, prompt_ids: list[int], defaults: dict) -> int:\n"
            "    prompt_len = len(prompt_ids)\n"
            "    return get_max_tokens(max_model_len, request, prompt_len, defaults)\n",
            "return get_max_tokens(max_model_len, request, prompt_len, defaults)",
        ),
    ),
    (
        "#33103 parameter retyped",
        "twin: the prompt dict passed",
        K(
            "#33103",
            GP,
            GPW,
            "vllm/aeon/gp6.py",
            "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
            "def aeon_budget3(max_model_len: int, request, prompt_ids: list[int], defaults: dict) -> int:\n"
            "    prompt = {'prompt_token_ids': prompt_ids}\n"
            "    return get_max_tokens(max_model_len, request, prompt, defaults)\n",
            "return get_max_tokens(max_model_len, request, prompt, defaults)",
        ),
    ),
    (
        "#20636 list made a dict",
        "an index by position",
        K(
            "#20636",
            LR,
            LRW,
            "vllm/aeon/lr4.py",
            SM + "def aeon_first_adapter(models: OpenAIServingModels):\n"
            "    return models.lora_requests[0] if models.lora_requests else None\n",
            "return models.lora_requests[0] if models.lora_requests else None",
        ),
    ),
    (
        "#45104 attribute no longer set",
        "a getattr with a default",
        K(
            "#45104",
            UH,
            UHW,
            "vllm/aeon/uh4.py",
            CC + "class AeonGptOssChat2(OpenAIServingChat):\n"
            "    def aeon_stream_reasoning(self) -> bool:\n"
            "        # AEON: gpt-oss streams its analysis channel on the Spark\n"
            "        return getattr(self, 'use_harmony', False)\n",
            "return getattr(self, 'use_harmony', False)",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a functools.partial of the class, called later",
        K(
            "#36483",
            SR,
            SRW,
            "vllm/aeon/sr4.py",
            "import functools\n\n" + CC + "def aeon_chat_factory(engine_client, models):\n"
            "    return functools.partial(OpenAIServingChat, engine_client, models, 'assistant', request_logger=None)\n\n\n"
            "def aeon_build(engine_client, models) -> OpenAIServingChat:\n"
            "    make = aeon_chat_factory(engine_client, models)\n"
            "    return make(chat_template=None, chat_template_content_format='auto')\n",
            "return make(chat_template=None, chat_template_content_format='auto')",
        ),
    ),
    (
        "#19334 method made a coroutine",
        "a method call on the result",
        K(
            "#19334",
            MT,
            MTW,
            "vllm/aeon/mt4.py",
            SE + "class AeonDecodingServing(OpenAIServing):\n"
            "    def aeon_prompt_text(self, request, tokenizer, ids: list[int]) -> str:\n"
            "        prompt = self._normalize_prompt_tokens_to_input(request, tokenizer, ids, None)\n"
            "        return prompt.get('prompt', '')\n",
            "prompt = self._normalize_prompt_tokens_to_input(request, tokenizer, ids, None)",
        ),
    ),
    (
        "#19334 method made a coroutine",
        "twin: the coroutine awaited",
        K(
            "#19334",
            MT,
            MTW,
            "vllm/aeon/mt5.py",
            SE + "class AeonDecodingServing2(OpenAIServing):\n"
            "    async def aeon_prompt_text(self, request, tokenizer, ids: list[int]) -> str:\n"
            "        prompt = await self._tokenize_prompt_input_async(request, tokenizer, ids)\n"
            "        return prompt.get('prompt', '')\n",
            "prompt = await self._tokenize_prompt_input_async(request, tokenizer, ids)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-servechat-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
