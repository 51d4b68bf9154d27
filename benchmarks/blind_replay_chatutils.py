"""A blind replay of the chat-message parsers, the API server's app assembly and the serve CLI a fork patches.

12 first-parent commits (plus 2 commits' twins) on ``vllm/entrypoints/chat_utils.py`` (``parse_chat_messages``, the content-part
parsers, ``MultiModalItemTracker``, ``resolve_hf_chat_template``), ``vllm/entrypoints/openai/api_server.py``
(``build_app``, ``init_app_state``, the route handlers and helpers), ``vllm/entrypoints/openai/cli_args.py``
(``make_arg_parser``, ``FrontendArgs``) and ``vllm/entrypoints/utils.py``: ``model_config`` moved from the first
positional to keyword-only in the chat-template helpers (#18098), their ``trust_remote_code`` keyword removed
(#21907), ``--expand-tools-even-if-tool-choice-none`` removed with ``OpenAIServingChat``'s keyword (#20979), the
tracker's ``_placeholder_str`` hook removed for the model class's ``get_placeholder_str`` (#20355),
``apply_hf_chat_template`` moved to the renderer and ``parse_chat_messages_futures`` renamed (#30200, with a
module ``__getattr__`` keeping ``resolve_hf_chat_template``), ``rebuild_mm_uuids_from_mm_data`` removed
(#33157), the API server's ``router`` and request helpers moved out (#33158), the ``translations`` package
renamed ``speech_to_text`` (#33904), ``create_error_response``'s ``log_error_stack`` removed (#31164),
``--use-gpu-for-pooling-score`` removed (#36159), the chat parsers raising ``VLLMValidationError`` (not a
``ValueError``) where they raised ``ValueError`` (#50491), and the server utils' middleware classes moved out
(#52309) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the
other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a
positional call, a keyword, an import, a module attribute, a subclass override of a hook, an ``except``
clause, a ``set_defaults`` key, an argv list), with twins (fork code the commit does not break: the keyword
spelling, a name a module ``__getattr__`` still serves, a name re-imported, an attribute made a
``cached_property``, a parameter made optional).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9bdf94ca): 16 caught, 1 warned, 3 missed of 20 (twins: 12
quiet, 0 false errors).  The misses: #36159's ``parser.parse_args([..., '--use-gpu-for-pooling-score'])`` (an
argv list naming an option no upstream parser declares any more: argparse exits on it), and #50491's two
``except ValueError:`` (around ``super().resolve_items()`` and ``parse_chat_messages``): the raise sites in the
callees' bodies became ``VLLMValidationError``, a project class whose bases never reach ``ValueError``, and
the raised-kind check judges only builtin kinds in the called def's own body.  #36159's
``parser.set_defaults(use_gpu_for_pooling_score=True)`` is the dead-knob warning: upstream still spells the
name (a parameter of ``score/utils.py``), so the check cannot tell it is unread.
After the killers91 widenings: 18 caught, 2 warned, 0 missed of 20 (twins: 12 quiet, 0 false errors).  Caught
now: a fork command line's string literal naming an option whose declaration (a class field the parser
builds its options from, an ``add_argument``) upstream's diff removed and no served upstream file declares or
quotes any more (symbol drift, ``drift/removed_options.py``); a fork ``except K:`` (builtin) around a call
whose file-local reach (three calls deep; ``super()`` read off the enclosing class's bases) holds a raise site
of ``K`` upstream made a project class whose bases, read through upstream's tree, never reach ``K``, and
where nothing else of the reach still raises ``K`` (return drift, ``drift/escaped_kinds.py``).  Warned: the
same around ``parse_chat_messages``, whose reach still raises other ``ValueError``s (part of what the handler
caught escapes), and the ``set_defaults`` dead knob above, both by design.

After fixAD (errors only where the call is tied to upstream's def and the raise paired; option literals an
error only on a command line for sure): unchanged, 18 caught, 2 warned, 0 missed of 20 (12 quiet, 0 false).

After fixAG (revG's false errors: another program's argv and membership tables warnings, loop-declared flags
quiet; in escaped kinds a handler of the new class in the reach counts only around a call of the moved def --
an unrelated ``except Exception`` of a reached video splitter had demoted the tracker spelling to a warning):
unchanged, 18 caught, 2 warned, 0 missed of 20 (12 quiet, 0 false).

  python benchmarks/blind_replay_chatutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

CU = "from vllm.entrypoints import chat_utils\n"

# --- #18098 (6685890d11): model_config moved from the first positional to keyword-only in
#     resolve_hf_chat_template / resolve_chat_template_content_format / apply_hf_chat_template
MK = "6685890d11"
MKW = "chat-template helpers take model_config keyword-only"
CASES += [
    (
        "#18098 positional made keyword-only",
        "a positional call with model_config first",
        K(
            "#18098",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.entrypoints.chat_utils import resolve_hf_chat_template\n\n\n"
            "def aeon_template(model_config: ModelConfig, tokenizer) -> str | None:\n"
            "    # AEON: the Spark's router logs which template a model serves\n"
            "    return resolve_hf_chat_template(model_config, tokenizer, None, None)\n",
            "return resolve_hf_chat_template(model_config, tokenizer, None, None)",
        ),
    ),
    (
        "#18098 positional made keyword-only",
        "a module-attribute call, five positionals",
        K(
            "#18098",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            CU + "\n\n"
            "def aeon_render(model_config, tokenizer, conversation) -> str:\n"
            "    return chat_utils.apply_hf_chat_template(model_config, tokenizer, conversation, None, None, add_generation_prompt=True)\n",
            "return chat_utils.apply_hf_chat_template(model_config, tokenizer, conversation, None, None, add_generation_prompt=True)",
        ),
    ),
    (
        "#18098 positional made keyword-only",
        "twin: every argument by keyword",
        K(
            "#18098",
            MK,
            MKW,
            "vllm/aeon/mk3.py",
            "from vllm.entrypoints.chat_utils import resolve_hf_chat_template\n\n\n"
            "def aeon_template2(model_config, tokenizer) -> str | None:\n"
            "    return resolve_hf_chat_template(model_config=model_config, tokenizer=tokenizer, chat_template=None, tools=None)\n",
            "return resolve_hf_chat_template(model_config=model_config, tokenizer=tokenizer, chat_template=None, tools=None)",
        ),
    ),
]

# --- #21907 (9532a6d563): the deprecated trust_remote_code keyword removed from the chat-template helpers
TR = "9532a6d563"
TRW = "trust_remote_code keyword removed"
CASES += [
    (
        "#21907 keyword removed",
        "a keyword to resolve_chat_template_content_format",
        K(
            "#21907",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            "from vllm.entrypoints.chat_utils import resolve_chat_template_content_format\n\n\n"
            "def aeon_format(model_config, tokenizer) -> str:\n"
            "    return resolve_chat_template_content_format(None, None, 'auto', tokenizer, model_config=model_config, trust_remote_code=True)\n",
            "return resolve_chat_template_content_format(None, None, 'auto', tokenizer, model_config=model_config, trust_remote_code=True)",
        ),
    ),
    (
        "#21907 keyword removed",
        "twin: the call without it",
        K(
            "#21907",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            "from vllm.entrypoints.chat_utils import resolve_chat_template_content_format\n\n\n"
            "def aeon_format2(model_config, tokenizer) -> str:\n"
            "    return resolve_chat_template_content_format(None, None, 'auto', tokenizer, model_config=model_config)\n",
            "return resolve_chat_template_content_format(None, None, 'auto', tokenizer, model_config=model_config)",
        ),
    ),
]

# --- #20979 (313ae8c16a): FrontendArgs.expand_tools_even_if_tool_choice_none and OpenAIServingChat's keyword removed
ET = "313ae8c16a"
ETW = "--expand-tools-even-if-tool-choice-none removed"
CASES += [
    (
        "#20979 serve option removed",
        "a keyword to OpenAIServingChat",
        K(
            "#20979",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            "from vllm.entrypoints.openai.serving_chat import OpenAIServingChat\n\n\n"
            "def aeon_chat(engine_client, model_config, models) -> OpenAIServingChat:\n"
            "    return OpenAIServingChat(engine_client, model_config, models, 'assistant', request_logger=None,\n"
            "                             chat_template=None, chat_template_content_format='auto',\n"
            "                             expand_tools_even_if_tool_choice_none=True)\n",
            "expand_tools_even_if_tool_choice_none=True)",
        ),
    ),
    (
        "#20979 serve option removed",
        "a set_defaults key on the serve parser",
        K(
            "#20979",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            "from vllm.entrypoints.openai.cli_args import make_arg_parser\n"
            "from vllm.utils import FlexibleArgumentParser\n\n\n"
            "def aeon_parser() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    parser.set_defaults(expand_tools_even_if_tool_choice_none=True)\n"
            "    return parser\n",
            "parser.set_defaults(expand_tools_even_if_tool_choice_none=True)",
        ),
    ),
    (
        "#20979 serve option removed",
        "twin: a kept option's set_defaults key",
        K(
            "#20979",
            ET,
            ETW,
            "vllm/aeon/et3.py",
            "from vllm.entrypoints.openai.cli_args import make_arg_parser\n"
            "from vllm.utils import FlexibleArgumentParser\n\n\n"
            "def aeon_parser2() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    parser.set_defaults(enable_auto_tool_choice=True)\n"
            "    return parser\n",
            "parser.set_defaults(enable_auto_tool_choice=True)",
        ),
    ),
]

# --- #20355 (b024a42e93): BaseMultiModalItemTracker._placeholder_str removed; add() asks the model class's
#     get_placeholder_str instead, so a fork's override is never called
PH = "b024a42e93"
PHW = "tracker's _placeholder_str hook removed"
TRK = "from vllm.entrypoints.chat_utils import MultiModalItemTracker\n\n\n"
CASES += [
    (
        "#20355 hook removed",
        "a subclass override of the hook",
        K(
            "#20355",
            PH,
            PHW,
            "vllm/aeon/ph1.py",
            TRK + "class AeonItemTracker(MultiModalItemTracker):\n"
            "    def _placeholder_str(self, modality, current_count):\n"
            "        # AEON: our in-house VLM marks images with one token\n"
            "        if modality == 'image':\n"
            "            return '<aeon_image>'\n"
            "        return super()._placeholder_str(modality, current_count)\n",
            "def _placeholder_str(self, modality, current_count):",
        ),
    ),
    (
        "#20355 hook removed",
        "a call of the hook off self",
        K(
            "#20355",
            PH,
            PHW,
            "vllm/aeon/ph2.py",
            TRK + "class AeonItemTracker2(MultiModalItemTracker):\n"
            "    def aeon_image_token(self) -> str | None:\n"
            "        return self._placeholder_str('image', 1)\n",
            "return self._placeholder_str('image', 1)",
        ),
    ),
    (
        "#20355 hook removed",
        "twin: an override of the kept add()",
        K(
            "#20355",
            PH,
            PHW,
            "vllm/aeon/ph3.py",
            TRK + "class AeonItemTracker3(MultiModalItemTracker):\n"
            "    def add(self, modality, item):\n"
            "        return super().add(modality, item)\n",
            "def add(self, modality, item):",
        ),
    ),
]

# --- #30200 (d117a4d1a9): the chat-template machinery moved to vllm.renderers; apply_hf_chat_template gone,
#     parse_chat_messages_futures renamed parse_chat_messages_async, resolve_hf_chat_template kept by a
#     module __getattr__
RD = "d117a4d1a9"
RDW = "chat-template helpers moved to the renderer"
CASES += [
    (
        "#30200 helper moved",
        "an import of the moved helper",
        K(
            "#30200",
            RD,
            RDW,
            "vllm/aeon/rd1.py",
            "from vllm.entrypoints.chat_utils import apply_hf_chat_template\n\n\n"
            "def aeon_prompt(tokenizer, conversation, model_config) -> str:\n"
            "    return apply_hf_chat_template(tokenizer, conversation, None, None, model_config=model_config)\n",
            "from vllm.entrypoints.chat_utils import apply_hf_chat_template",
        ),
    ),
    (
        "#30200 helper moved",
        "a module-attribute call of the renamed parser",
        K(
            "#30200",
            RD,
            RDW,
            "vllm/aeon/rd2.py",
            CU + "\n\n"
            "def aeon_parse(messages, model_config):\n"
            "    return chat_utils.parse_chat_messages_futures(messages, model_config, 'string')\n",
            "return chat_utils.parse_chat_messages_futures(messages, model_config, 'string')",
        ),
    ),
    (
        "#30200 helper moved",
        "twin: a name the module __getattr__ still serves",
        K(
            "#30200",
            RD,
            RDW,
            "vllm/aeon/rd3.py",
            "from vllm.entrypoints.chat_utils import resolve_hf_chat_template\n\n\n"
            "def aeon_template3(tokenizer, model_config) -> str | None:\n"
            "    return resolve_hf_chat_template(tokenizer, None, None, model_config=model_config)\n",
            "from vllm.entrypoints.chat_utils import resolve_hf_chat_template",
        ),
    ),
]

# --- #33157 (3a92c6f3b5): rebuild_mm_uuids_from_mm_data / build_video_prompts_from_mm_data removed
VC = "3a92c6f3b5"
VCW = "vision-chunk helpers removed"
CASES += [
    (
        "#33157 helper removed",
        "an import of the removed helper",
        K(
            "#33157",
            VC,
            VCW,
            "vllm/aeon/vc1.py",
            "from vllm.entrypoints.chat_utils import parse_chat_messages, rebuild_mm_uuids_from_mm_data\n\n\n"
            "def aeon_parse2(messages, model_config):\n"
            "    conversation, mm_data, mm_uuids = parse_chat_messages(messages, model_config, 'string')\n"
            "    return conversation, mm_data, rebuild_mm_uuids_from_mm_data(mm_uuids, mm_data)\n",
            "from vllm.entrypoints.chat_utils import parse_chat_messages, rebuild_mm_uuids_from_mm_data",
        ),
    ),
]

# --- #33158 (7cbbca9aaa): the API server's router, base/tokenization/engine_client helpers and routes moved
#     out (basic/api_router.py, server_utils.py); lifespan re-imported
AS = "7cbbca9aaa"
ASW = "api_server router and request helpers moved out"
CASES += [
    (
        "#33158 module-level name moved",
        "a route added to the server's router",
        K(
            "#33158",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            "from fastapi.responses import JSONResponse\n\n"
            "from vllm.entrypoints.openai.api_server import router\n\n\n"
            "@router.get('/aeon/health')\n"
            "async def aeon_health() -> JSONResponse:\n"
            "    return JSONResponse(content={'ok': True})\n",
            "from vllm.entrypoints.openai.api_server import router",
        ),
    ),
    (
        "#33158 module-level name moved",
        "a module-attribute call of a request helper",
        K(
            "#33158",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            "from fastapi import Request\n\n"
            "from vllm.entrypoints.openai import api_server\n\n\n"
            "async def aeon_reset(raw_request: Request) -> None:\n"
            "    await api_server.engine_client(raw_request).reset_prefix_cache()\n",
            "await api_server.engine_client(raw_request).reset_prefix_cache()",
        ),
    ),
    (
        "#33158 module-level name moved",
        "twin: a name the server module re-imports",
        K(
            "#33158",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.openai.api_server import lifespan\n\n\n"
            "def aeon_app() -> FastAPI:\n"
            "    return FastAPI(lifespan=lifespan)\n",
            "from vllm.entrypoints.openai.api_server import lifespan",
        ),
    ),
]

# --- #33904 (20f5d185a6): vllm/entrypoints/openai/translations renamed speech_to_text
ST = "20f5d185a6"
STW = "translations package renamed speech_to_text"
CASES += [
    (
        "#33904 package renamed",
        "an import from the old package",
        K(
            "#33904",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.entrypoints.openai.translations.serving import OpenAIServingTranscription\n\n\n"
            "class AeonTranscription(OpenAIServingTranscription):\n"
            "    pass\n",
            "from vllm.entrypoints.openai.translations.serving import OpenAIServingTranscription",
        ),
    ),
]

# --- #31164 (176c799f4c): create_error_response's log_error_stack keyword removed (the handler logs now)
LE = "176c799f4c"
LEW = "create_error_response(log_error_stack=) removed"
CASES += [
    (
        "#31164 keyword removed",
        "a keyword to create_error_response",
        K(
            "#31164",
            LE,
            LEW,
            "vllm/aeon/le1.py",
            "from vllm.entrypoints.utils import create_error_response\n\n\n"
            "def aeon_error(exc: Exception):\n"
            "    # AEON: print the stack so the Spark's crash collector sees it\n"
            "    return create_error_response(exc, log_error_stack=True)\n",
            "return create_error_response(exc, log_error_stack=True)",
        ),
    ),
    (
        "#31164 keyword removed",
        "twin: a kept keyword",
        K(
            "#31164",
            LE,
            LEW,
            "vllm/aeon/le2.py",
            "from vllm.entrypoints.utils import create_error_response\n\n\n"
            "def aeon_error2(exc: Exception):\n"
            "    return create_error_response(exc, err_type='InternalServerError')\n",
            "return create_error_response(exc, err_type='InternalServerError')",
        ),
    ),
]

# --- #36159 (7279374f91): FrontendArgs.use_gpu_for_pooling_score removed (MaxSim moved to the worker)
PS = "7279374f91"
PSW = "--use-gpu-for-pooling-score removed"
MAP = (
    "from vllm.entrypoints.openai.cli_args import make_arg_parser\n"
    "from vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
)
CASES += [
    (
        "#36159 serve option removed",
        "the flag in a launcher's argv list",
        K(
            "#36159",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            MAP + "def aeon_args(model: str):\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    return parser.parse_args(['--model', model, '--use-gpu-for-pooling-score'])\n",
            "return parser.parse_args(['--model', model, '--use-gpu-for-pooling-score'])",
        ),
    ),
    (
        "#36159 serve option removed",
        "a set_defaults key",
        K(
            "#36159",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            MAP + "def aeon_parser3() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    parser.set_defaults(use_gpu_for_pooling_score=True)\n"
            "    return parser\n",
            "parser.set_defaults(use_gpu_for_pooling_score=True)",
        ),
    ),
    (
        "#36159 serve option removed",
        "twin: a kept flag in the argv list",
        K(
            "#36159",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            MAP + "def aeon_args2(model: str):\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    return parser.parse_args(['--model', model, '--enable-auto-tool-choice'])\n",
            "return parser.parse_args(['--model', model, '--enable-auto-tool-choice'])",
        ),
    ),
]

# --- #50491 (0b5b49dde8): the chat parsers raise VLLMValidationError (a VLLMClientError, not a ValueError)
#     where they raised ValueError (mixed raw/embeds inputs, too many placeholders, the reserved token)
VE = "0b5b49dde8"
VEW = "ValueError -> VLLMValidationError in chat_utils"
CASES += [
    (
        "#50491 raised type changed",
        "an except ValueError around the tracker's resolve_items",
        K(
            "#50491",
            VE,
            VEW,
            "vllm/aeon/ve1.py",
            TRK + "class AeonItemTracker4(MultiModalItemTracker):\n"
            "    def resolve_items(self):\n"
            "        try:\n"
            "            return super().resolve_items()\n"
            "        except ValueError:\n"
            "            # AEON: mixed raw and embedded images fall back to the raw ones\n"
            "            return None, None\n",
            "except ValueError:",
        ),
    ),
    (
        "#50491 raised type changed",
        "an except ValueError around parse_chat_messages",
        K(
            "#50491",
            VE,
            VEW,
            "vllm/aeon/ve2.py",
            "from vllm.entrypoints.chat_utils import parse_chat_messages\n\n\n"
            "def aeon_parse3(messages, model_config):\n"
            "    try:\n"
            "        return parse_chat_messages(messages, model_config, 'string')\n"
            "    except ValueError as e:\n"
            "        raise RuntimeError(f'aeon: bad chat input: {e}') from e\n",
            "except ValueError as e:",
        ),
    ),
    (
        "#50491 raised type changed",
        "twin: an except of the new error's base",
        K(
            "#50491",
            VE,
            VEW,
            "vllm/aeon/ve3.py",
            "from vllm.entrypoints.chat_utils import parse_chat_messages\n"
            "from vllm.exceptions import VLLMError\n\n\n"
            "def aeon_parse4(messages, model_config):\n"
            "    try:\n"
            "        return parse_chat_messages(messages, model_config, 'string')\n"
            "    except (ValueError, VLLMError) as e:\n"
            "        raise RuntimeError(f'aeon: bad chat input: {e}') from e\n",
            "except (ValueError, VLLMError) as e:",
        ),
    ),
]

# --- #52309 (93550cc4cd): the auth / request-id middleware classes and log_response moved out of
#     serve/utils/server_utils.py into serve/middleware/
MW = "93550cc4cd"
MWW = "server_utils middleware moved to serve/middleware"
CASES += [
    (
        "#52309 class moved",
        "an import of the moved middleware",
        K(
            "#52309",
            MW,
            MWW,
            "vllm/aeon/mw1.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.serve.utils.server_utils import AuthenticationMiddleware\n\n\n"
            "def aeon_secure(app: FastAPI, tokens: list[str]) -> None:\n"
            "    # AEON: the Spark's admin app shares the server's bearer check\n"
            "    app.add_middleware(AuthenticationMiddleware, tokens=tokens)\n",
            "from vllm.entrypoints.serve.utils.server_utils import AuthenticationMiddleware",
        ),
    ),
    (
        "#52309 class moved",
        "a module attribute of the moved function",
        K(
            "#52309",
            MW,
            MWW,
            "vllm/aeon/mw2.py",
            "from fastapi import FastAPI\n\n"
            "from vllm.entrypoints.serve.utils import server_utils\n\n\n"
            "def aeon_log(app: FastAPI) -> None:\n"
            "    app.middleware('http')(server_utils.log_response)\n",
            "app.middleware('http')(server_utils.log_response)",
        ),
    ),
    (
        "#52309 class moved",
        "twin: a kept helper",
        K(
            "#52309",
            MW,
            MWW,
            "vllm/aeon/mw3.py",
            "from vllm.entrypoints.serve.utils import server_utils\n\n\n"
            "def aeon_log_config(args):\n"
            "    return server_utils.get_uvicorn_log_config(args)\n",
            "return server_utils.get_uvicorn_log_config(args)",
        ),
    ),
]

# --- twins only: #49914 (e04a30a77c) the content parsers' _connector made a cached_property (an assignment
#     still shadows it, a read still works); #34027 (a75a5b54c7) build_app's supported_tasks made optional
TWINS: list[tuple[str, str, Killer]] = [
    (
        "#49914 attribute made cached_property",
        "twin: a subclass assigns and reads the attribute",
        K(
            "#49914",
            "e04a30a77c",
            "_connector made a cached_property",
            "vllm/aeon/lc1.py",
            "from vllm.entrypoints.chat_utils import MultiModalContentParser\n\n\n"
            "class AeonContentParser(MultiModalContentParser):\n"
            "    def __init__(self, tracker, connector) -> None:\n"
            "        super().__init__(tracker)\n"
            "        self._connector = connector\n\n"
            "    def aeon_connector(self):\n"
            "        return self._connector\n",
            "self._connector = connector",
        ),
    ),
    (
        "#34027 parameter made optional",
        "twin: build_app called with both arguments",
        K(
            "#34027",
            "a75a5b54c7",
            "build_app(supported_tasks) made optional",
            "vllm/aeon/bt1.py",
            "from vllm.entrypoints.openai.api_server import build_app\n\n\n"
            "def aeon_build(args):\n"
            "    return build_app(args, ('generate',))\n",
            "return build_app(args, ('generate',))",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-blind-chatutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
