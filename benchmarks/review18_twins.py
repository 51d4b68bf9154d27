"""Adversarial twins of stopped writes, subscripted aliases and tested keys: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the three checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- stopped writes (#49003 ac5f38a0f7: ``ChatCompletionRequest.to_sampling_params`` no longer stores
  ``self.structured_outputs``; #43529 073c510c91: ``EngineArgs.create_engine_config`` no longer stores
  ``self.load_format``/``self.quantization`` for bitsandbytes): the store made again by the fork after the call,
  the field read off the returned params or config, a fork subclass whose override (or whose mixin ahead of the
  upstream class) stores it, the call inside a nested function or lambda that runs after the read, a fork
  subclass defining the field as a property, a parameter annotated with the fork's own namesake class, the
  receiver handed to a helper, a read above the call;
- subscripted aliases (#48984 e6d1310b2a: ``EmbeddingRequest`` made ``Annotated[...]``; #31973 c8ed39b9dd:
  ``PoolerOutput`` made ``torch.Tensor | list[torch.Tensor] | ...``; #24277 9fb74c27a7: the ``ConfigFormat`` enum
  made a ``Literal``): the fork's own namesake alias, an import of the fork's own module, a shadowing parameter
  or local import, a ``typing.get_origin``/``get_args`` test, an isinstance on the alias's origin or members, a
  ``TYPE_CHECKING`` import re-bound at run time, a try/except TypeError, the alias as isinstance's first
  argument, a comprehension variable of the name;
- tested keys (#10551 11fcf0e066: ``EmbeddingChatRequest`` dropped ``continue_final_message`` and
  ``add_generation_prompt``, a validator only tests them before a raise): a fork subclass that declares the
  field again, a fork subclass whose own validator carries the key on, the key the fork reads back itself.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Found by scanning the mirror's first-parent history with the checks' own upstream halves (stopped writes from
2025-01 on: about 160 stopped fields, most of them warnings; subscripted aliases since 2023: 10 re-bindings in 5
commits).

Main's engine (2aa1f4ed), round 1 (7 cases, 37 twins): 7 caught of 7; 7 false errors of 37, all stopped
writes' but one: the store made by a fork mixin ahead of the upstream class in the subclass's bases (#49003,
#43529: 2), the call inside a nested function or lambda that runs after the read, or never (3), a fork
subclass whose property of the field's name the read reaches (1); tested keys on a key the fork reads back
off the model's extras itself (1).  Subscripted aliases: 0 false errors of 16.
Round 2 (after the mends, with two widenings of stopped writes and their cases: a fork override's
``super().method(...)`` followed by a read of ``self.field``, and a receiver annotated ``X | None``; and twins of
them: an override with no ``super()``, one storing the field after it, one reading before it, the read in the
branch that made no call): main (2aa1f4ed): 7 caught, 2 missed of 9; 7 false errors of 41 twins.  This branch:
9 caught of 9; 0 false errors of 41 twins (0 warned).

  PYTHONPATH=.. python review18_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer


def K2(pr: str, sha: str, what: str, path: str, text: str, line: str, other: str, other_text: str) -> Killer:  # noqa: N802
    """A carry of two fork files: the one whose line is judged, and a fork module it imports."""
    return Killer(pr, sha, what, (Edit(path, text), Edit(other, other_text)), ((path, line),))


CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- ac5f38a0f7 (#49003): to_sampling_params no longer stores request.structured_outputs
SO = ("#49003", "ac5f38a0f7", "to_sampling_params stopped filling request.structured_outputs")
CC = "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n\n"
CASES += [
    (
        "#49003 stopped write",
        "the field read after the call, in a loop over requests' fields",
        K(
            *SO,
            "vllm/aeon/r18so0.py",
            CC + "def aeon_grammar_key(request: ChatCompletionRequest, budget: int) -> str:\n"
            "    request.to_sampling_params(budget, {})\n"
            "    # AEON: the grammar cache keys on what to_sampling_params folded in\n"
            "    return repr(request.structured_outputs)\n",
            "    return repr(request.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "self in a fork subclass that keeps the method",
        K(
            *SO,
            "vllm/aeon/r18so1.py",
            CC + "class AeonChatRequest(ChatCompletionRequest):\n"
            "    def aeon_key(self, budget: int) -> str:\n"
            "        self.to_sampling_params(budget, {})\n"
            "        return repr(self.structured_outputs)\n",
            "        return repr(self.structured_outputs)",
        ),
    ),
]
TWINS += [
    (
        "#49003 stopped write",
        "twin: the fork stores the field again after the call",
        K(
            *SO,
            "vllm/aeon/r18so2.py",
            CC + "def aeon_grammar_key(request: ChatCompletionRequest, budget: int) -> str:\n"
            "    request.to_sampling_params(budget, {})\n"
            "    request.structured_outputs = request.extract_structured_outputs()\n"
            "    return repr(request.structured_outputs)\n",
            "    return repr(request.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: the field read off the returned params",
        K(
            *SO,
            "vllm/aeon/r18so3.py",
            CC + "def aeon_grammar_key(request: ChatCompletionRequest, budget: int) -> str:\n"
            "    params = request.to_sampling_params(budget, {})\n"
            "    return repr(params.structured_outputs)\n",
            "    return repr(params.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: a fork subclass whose override stores the field",
        K(
            *SO,
            "vllm/aeon/r18so4.py",
            CC + "class AeonChatRequest(ChatCompletionRequest):\n"
            "    def to_sampling_params(self, max_tokens, default_sampling_params):  # type: ignore[no-untyped-def]\n"
            "        self.structured_outputs = self.extract_structured_outputs()\n"
            "        return super().to_sampling_params(max_tokens, default_sampling_params)\n\n"
            "    def aeon_key(self, budget: int) -> str:\n"
            "        self.to_sampling_params(budget, {})\n"
            "        return repr(self.structured_outputs)\n",
            "        return repr(self.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: a fork mixin ahead of the request class stores the field in its override",
        K(
            *SO,
            "vllm/aeon/r18so5.py",
            CC + "class AeonFoldMixin:\n"
            "    def to_sampling_params(self, max_tokens, default_sampling_params):  # type: ignore[no-untyped-def]\n"
            "        self.structured_outputs = self.extract_structured_outputs()  # type: ignore[attr-defined]\n"
            "        return super().to_sampling_params(max_tokens, default_sampling_params)  # type: ignore[misc]\n\n\n"
            "class AeonChatRequest(AeonFoldMixin, ChatCompletionRequest):\n"
            "    def aeon_key(self, budget: int) -> str:\n"
            "        self.to_sampling_params(budget, {})\n"
            "        return repr(self.structured_outputs)\n",
            "        return repr(self.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: the call in a nested function that runs after the read",
        K(
            *SO,
            "vllm/aeon/r18so6.py",
            CC + "def aeon_params(request: ChatCompletionRequest, budget: int):  # type: ignore[no-untyped-def]\n"
            "    def build():  # type: ignore[no-untyped-def]\n"
            "        return request.to_sampling_params(budget, {})\n\n"
            "    client_asked = request.structured_outputs is not None\n"
            "    return build(), client_asked\n",
            "    client_asked = request.structured_outputs is not None",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: the call in a lambda kept for later, the read now",
        K(
            *SO,
            "vllm/aeon/r18so7.py",
            CC + "def aeon_deferred(request: ChatCompletionRequest, budget: int):  # type: ignore[no-untyped-def]\n"
            "    later = lambda: request.to_sampling_params(budget, {})  # noqa: E731\n"
            "    asked = request.structured_outputs\n"
            "    return later, asked\n",
            "    asked = request.structured_outputs",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: the field read before the call",
        K(
            *SO,
            "vllm/aeon/r18so8.py",
            CC + "def aeon_params(request: ChatCompletionRequest, budget: int):  # type: ignore[no-untyped-def]\n"
            "    client_asked = request.structured_outputs is not None\n"
            "    return request.to_sampling_params(budget, {}), client_asked\n",
            "    client_asked = request.structured_outputs is not None",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: a parameter annotated with the fork's own namesake class",
        K(
            *SO,
            "vllm/aeon/r18so9.py",
            "class ChatCompletionRequest:\n"
            "    structured_outputs: object = None\n\n"
            "    def to_sampling_params(self, budget: int, defaults: dict) -> None:\n"
            "        self.structured_outputs = {'budget': budget}\n\n\n"
            "def aeon_key(request: ChatCompletionRequest, budget: int) -> str:\n"
            "    request.to_sampling_params(budget, {})\n"
            "    return repr(request.structured_outputs)\n",
            "    return repr(request.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: the receiver handed to a fork helper that stores the field",
        K(
            *SO,
            "vllm/aeon/r18so10.py",
            CC + "def _aeon_fold(request: ChatCompletionRequest) -> None:\n"
            "    request.structured_outputs = request.extract_structured_outputs()\n\n\n"
            "def aeon_key(request: ChatCompletionRequest, budget: int) -> str:\n"
            "    request.to_sampling_params(budget, {})\n"
            "    _aeon_fold(request)\n"
            "    return repr(request.structured_outputs)\n",
            "    return repr(request.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: the read in the other branch of the call",
        K(
            *SO,
            "vllm/aeon/r18so11.py",
            CC + "def aeon_key(request: ChatCompletionRequest, budget: int, fast: bool) -> str:\n"
            "    if fast:\n"
            "        return repr(request.to_sampling_params(budget, {}))\n"
            "    else:\n"
            "        return repr(request.structured_outputs)\n",
            "        return repr(request.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: the subclass's mixin stores the field at validation (a model validator)",
        K(
            *SO,
            "vllm/aeon/r18so12.py",
            "from pydantic import model_validator\n\n" + CC + "class AeonChatRequest(ChatCompletionRequest):\n"
            "    @model_validator(mode='after')\n"
            "    def _aeon_fold(self):  # type: ignore[no-untyped-def]\n"
            "        self.structured_outputs = self.extract_structured_outputs()\n"
            "        return self\n\n"
            "    def aeon_key(self, budget: int) -> str:\n"
            "        self.to_sampling_params(budget, {})\n"
            "        return repr(self.structured_outputs)\n",
            "        return repr(self.structured_outputs)",
        ),
    ),
]

CASES += [
    (
        "#49003 stopped write",
        "an override reading the field after super().to_sampling_params(...)",
        K(
            *SO,
            "vllm/aeon/r18so13.py",
            CC + "class AeonChatRequest(ChatCompletionRequest):\n"
            "    def to_sampling_params(self, max_tokens, default_sampling_params):  # type: ignore[no-untyped-def]\n"
            "        params = super().to_sampling_params(max_tokens, default_sampling_params)\n"
            "        # AEON: the Spark's grammar cache keys on what the conversion folded in\n"
            "        params.extra_args = {**(params.extra_args or {}), 'aeon_key': repr(self.structured_outputs)}\n"
            "        return params\n",
            "        params.extra_args = {**(params.extra_args or {}), 'aeon_key': repr(self.structured_outputs)}",
        ),
    ),
]
TWINS += [
    (
        "#49003 stopped write",
        "twin: an override with no super() call, its own conversion",
        K(
            *SO,
            "vllm/aeon/r18so14.py",
            CC + "class AeonChatRequest(ChatCompletionRequest):\n"
            "    def to_sampling_params(self, max_tokens, default_sampling_params):  # type: ignore[no-untyped-def]\n"
            "        return {'max_tokens': max_tokens}\n\n"
            "    def aeon_key(self, budget: int) -> str:\n"
            "        self.to_sampling_params(budget, {})\n"
            "        return repr(self.structured_outputs)\n",
            "        return repr(self.structured_outputs)",
        ),
    ),
    (
        "#49003 stopped write",
        "twin: an override storing the field after super()",
        K(
            *SO,
            "vllm/aeon/r18so15.py",
            CC + "class AeonChatRequest(ChatCompletionRequest):\n"
            "    def to_sampling_params(self, max_tokens, default_sampling_params):  # type: ignore[no-untyped-def]\n"
            "        params = super().to_sampling_params(max_tokens, default_sampling_params)\n"
            "        self.structured_outputs = params.structured_outputs\n"
            "        params.extra_args = {'aeon_key': repr(self.structured_outputs)}\n"
            "        return params\n",
            "        params.extra_args = {'aeon_key': repr(self.structured_outputs)}",
        ),
    ),
]

# --- 073c510c91 (#43529): EngineArgs.create_engine_config no longer stores load_format/quantization for bnb
BNB = ("#43529", "073c510c91", "create_engine_config stopped storing self.load_format = config.load_config.load_format")
EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"
CASES += [
    (
        "#43529 stopped write",
        "the load format read after the config is made",
        K(
            *BNB,
            "vllm/aeon/r18ea0.py",
            EA + "def aeon_load_format(engine_args: EngineArgs) -> str:\n"
            "    engine_args.create_engine_config()\n"
            "    # AEON: the Spark's loader picks the bnb path from the resolved format\n"
            "    return str(engine_args.load_format)\n",
            "    return str(engine_args.load_format)",
        ),
    ),
]
TWINS += [
    (
        "#43529 stopped write",
        "twin: the load format read off the config made",
        K(
            *BNB,
            "vllm/aeon/r18ea1.py",
            EA + "def aeon_load_format(engine_args: EngineArgs) -> str:\n"
            "    config = engine_args.create_engine_config()\n"
            "    return str(config.load_config.load_format)\n",
            "    return str(config.load_config.load_format)",
        ),
    ),
    (
        "#43529 stopped write",
        "twin: a fork subclass whose override of create_engine_config stores it",
        K(
            *BNB,
            "vllm/aeon/r18ea2.py",
            EA + "class AeonEngineArgs(EngineArgs):\n"
            "    def create_engine_config(self, usage_context=None, headless=False):  # type: ignore[no-untyped-def]\n"
            "        config = super().create_engine_config(usage_context, headless)\n"
            "        if config.model_config.quantization is not None:\n"
            "            self.load_format = config.load_config.load_format\n"
            "        return config\n\n\n"
            "def aeon_load_format(engine_args: AeonEngineArgs) -> str:\n"
            "    engine_args.create_engine_config()\n"
            "    return str(engine_args.load_format)\n",
            "    return str(engine_args.load_format)",
        ),
    ),
    (
        "#43529 stopped write",
        "twin: a mixin ahead of EngineArgs overrides create_engine_config and stores it",
        K(
            *BNB,
            "vllm/aeon/r18ea3.py",
            EA + "class AeonBnbMixin:\n"
            "    def create_engine_config(self, usage_context=None, headless=False):  # type: ignore[no-untyped-def]\n"
            "        config = super().create_engine_config(usage_context, headless)  # type: ignore[misc]\n"
            "        if config.model_config.quantization is not None:\n"
            "            self.load_format = config.load_config.load_format\n"
            "        return config\n\n\n"
            "class AeonEngineArgs(AeonBnbMixin, EngineArgs):\n"
            "    def aeon_load_format(self) -> str:\n"
            "        self.create_engine_config()\n"
            "        return str(self.load_format)\n",
            "        return str(self.load_format)",
        ),
    ),
    (
        "#43529 stopped write",
        "twin: the fork stores the format itself after the call",
        K(
            *BNB,
            "vllm/aeon/r18ea4.py",
            EA + "def aeon_load_format(engine_args: EngineArgs) -> str:\n"
            "    config = engine_args.create_engine_config()\n"
            "    if config.model_config.quantization is not None:\n"
            "        engine_args.load_format = config.load_config.load_format\n"
            "    return str(engine_args.load_format)\n",
            "    return str(engine_args.load_format)",
        ),
    ),
    (
        "#43529 stopped write",
        "twin: the call in a nested function the caller runs after the read",
        K(
            *BNB,
            "vllm/aeon/r18ea5.py",
            EA + "def aeon_plan(engine_args: EngineArgs):  # type: ignore[no-untyped-def]\n"
            "    def make():  # type: ignore[no-untyped-def]\n"
            "        return engine_args.create_engine_config()\n\n"
            "    user_format = engine_args.load_format\n"
            "    return user_format, make\n",
            "    user_format = engine_args.load_format",
        ),
    ),
    (
        "#43529 stopped write",
        "twin: a fork subclass whose __post_init__ stores the format",
        K(
            *BNB,
            "vllm/aeon/r18ea6.py",
            EA + "class AeonEngineArgs(EngineArgs):\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        if self.quantization is not None and self.load_format == 'auto':\n"
            "            self.load_format = 'safetensors'  # AEON: the Spark loads quantized checkpoints as such\n\n"
            "    def aeon_load_format(self) -> str:\n"
            "        self.create_engine_config()\n"
            "        return str(self.load_format)\n",
            "        return str(self.load_format)",
        ),
    ),
    (
        "#43529 stopped write",
        "twin: a fork subclass whose load_format is a property of its own",
        K(
            *BNB,
            "vllm/aeon/r18ea7.py",
            EA + "class AeonEngineArgs(EngineArgs):\n"
            "    @property  # type: ignore[override]\n"
            "    def load_format(self) -> str:\n"
            "        return self._aeon_format\n\n"
            "    @load_format.setter\n"
            "    def load_format(self, value: str) -> None:\n"
            "        self._aeon_format = value\n\n"
            "    def aeon_load_format(self) -> str:\n"
            "        self.create_engine_config()\n"
            "        return str(self.load_format)\n",
            "        return str(self.load_format)",
        ),
    ),
]

CASES += [
    (
        "#43529 stopped write",
        "the format read off a receiver that may be None",
        K(
            *BNB,
            "vllm/aeon/r18ea8.py",
            EA + "def aeon_load_format(engine_args: EngineArgs | None) -> str:\n"
            "    if engine_args is None:\n"
            "        return 'auto'\n"
            "    engine_args.create_engine_config()\n"
            "    return str(engine_args.load_format)\n",
            "    return str(engine_args.load_format)",
        ),
    ),
]

TWINS += [
    (
        "#43529 stopped write",
        "twin: an override reading the format before its super() call",
        K(
            *BNB,
            "vllm/aeon/r18ea9.py",
            "import logging\n\n" + EA + "class AeonEngineArgs(EngineArgs):\n"
            "    def create_engine_config(self, usage_context=None, headless=False):  # type: ignore[no-untyped-def]\n"
            "        asked = str(self.load_format)  # AEON: the user's choice, before the config resolves it\n"
            "        config = super().create_engine_config(usage_context, headless)\n"
            "        logging.getLogger(__name__).info('load format %s -> %s', asked, config.load_config.load_format)\n"
            "        return config\n",
            "        asked = str(self.load_format)  # AEON: the user's choice, before the config resolves it",
        ),
    ),
    (
        "#43529 stopped write",
        "twin: a receiver that may be None, the read in the branch that made no config",
        K(
            *BNB,
            "vllm/aeon/r18ea10.py",
            EA + "def aeon_load_format(engine_args: EngineArgs | None, build: bool) -> str:\n"
            "    if engine_args is not None and build:\n"
            "        return str(engine_args.create_engine_config().load_config.load_format)\n"
            "    elif engine_args is not None:\n"
            "        return str(engine_args.load_format)\n"
            "    return 'auto'\n",
            "        return str(engine_args.load_format)",
        ),
    ),
]

# --- e6d1310b2a (#48984): EmbeddingRequest's union wrapped in Annotated[..., BeforeValidator(...)]
AN = ("#48984", "e6d1310b2a", "EmbeddingRequest alias made Annotated")
EMB = "from vllm.entrypoints.pooling.embed.protocol import EmbeddingCompletionRequest, EmbeddingRequest\n\n\n"
CASES += [
    (
        "#48984 alias made Annotated",
        "an issubclass against the alias in a tuple",
        K(
            *AN,
            "vllm/aeon/r18an0.py",
            EMB + "def aeon_is_embedding(kind: type) -> bool:\n"
            "    # AEON: embeddings bypass the Spark's decode queue\n"
            "    return issubclass(kind, (EmbeddingRequest, EmbeddingCompletionRequest))\n",
            "    return issubclass(kind, (EmbeddingRequest, EmbeddingCompletionRequest))",
        ),
    ),
]
TWINS += [
    (
        "#48984 alias made Annotated",
        "twin: the fork's own namesake alias in its module",
        K(
            *AN,
            "vllm/aeon/r18an1.py",
            "from vllm.entrypoints.pooling.embed.protocol import EmbeddingChatRequest, EmbeddingCompletionRequest\n\n"
            "EmbeddingRequest = EmbeddingCompletionRequest | EmbeddingChatRequest\n\n\n"
            "def aeon_is_embedding(request: object) -> bool:\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: the members unwrapped with get_args",
        K(
            *AN,
            "vllm/aeon/r18an2.py",
            "from typing import get_args\n\n" + EMB + "def aeon_is_embedding(request: object) -> bool:\n"
            "    return isinstance(request, get_args(EmbeddingRequest)[0])\n",
            "    return isinstance(request, get_args(EmbeddingRequest)[0])",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: a get_origin test before the check",
        K(
            *AN,
            "vllm/aeon/r18an3.py",
            "from typing import Annotated, get_args, get_origin\n\n"
            + EMB
            + "def aeon_is_embedding(request: object) -> bool:\n"
            "    if get_origin(EmbeddingRequest) is Annotated:\n"
            "        return isinstance(request, get_args(EmbeddingRequest)[0])\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: the name imported only for type checking, re-bound at run time",
        K(
            *AN,
            "vllm/aeon/r18an4.py",
            "from typing import TYPE_CHECKING\n\n"
            "from vllm.entrypoints.pooling.embed.protocol import EmbeddingChatRequest, EmbeddingCompletionRequest\n\n"
            "if TYPE_CHECKING:\n"
            "    from vllm.entrypoints.pooling.embed.protocol import EmbeddingRequest\n"
            "else:\n"
            "    EmbeddingRequest = (EmbeddingCompletionRequest, EmbeddingChatRequest)\n\n\n"
            "def aeon_is_embedding(request: object) -> bool:\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: a parameter of the alias's name",
        K(
            *AN,
            "vllm/aeon/r18an5.py",
            EMB
            + "def aeon_is_a(request: object, EmbeddingRequest: type = EmbeddingCompletionRequest) -> bool:  # noqa: N803\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: a try/except TypeError around the check",
        K(
            *AN,
            "vllm/aeon/r18an6.py",
            EMB + "def aeon_is_embedding(request: object) -> bool:\n"
            "    try:\n"
            "        return isinstance(request, EmbeddingRequest)\n"
            "    except TypeError:\n"
            "        return isinstance(request, EmbeddingCompletionRequest)\n",
            "        return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: the alias itself as isinstance's first argument",
        K(
            *AN,
            "vllm/aeon/r18an7.py",
            EMB + "def aeon_alias_is_a_class() -> bool:\n    return isinstance(EmbeddingRequest, type)\n",
            "    return isinstance(EmbeddingRequest, type)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: a local import of the fork's own alias",
        K2(
            *AN,
            "vllm/aeon/r18an8.py",
            EMB + "def aeon_is_embedding(request: object) -> bool:\n"
            "    from vllm.aeon.r18an_types import EmbeddingRequest\n\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
            "vllm/aeon/r18an_types.py",
            "from vllm.entrypoints.pooling.embed.protocol import EmbeddingChatRequest, EmbeddingCompletionRequest\n\nEmbeddingRequest = EmbeddingCompletionRequest | EmbeddingChatRequest\n",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: a comprehension variable of the alias's name",
        K(
            *AN,
            "vllm/aeon/r18an9.py",
            EMB + "def aeon_kinds(request: object, kinds: list[type]) -> list[bool]:\n"
            "    return [isinstance(request, EmbeddingRequest) for EmbeddingRequest in kinds]  # noqa: N806\n",
            "    return [isinstance(request, EmbeddingRequest) for EmbeddingRequest in kinds]  # noqa: N806",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: the module's name read off the fork's own module",
        K2(
            *AN,
            "vllm/aeon/r18an10.py",
            EMB + "from vllm.aeon import r18an_types as aeon_types\n\n\n"
            "def aeon_is_embedding(request: object) -> bool:\n"
            "    return isinstance(request, aeon_types.EmbeddingRequest)\n",
            "    return isinstance(request, aeon_types.EmbeddingRequest)",
            "vllm/aeon/r18an_types.py",
            "from vllm.entrypoints.pooling.embed.protocol import EmbeddingChatRequest, EmbeddingCompletionRequest\n\nEmbeddingRequest = EmbeddingCompletionRequest | EmbeddingChatRequest\n",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: a top-level shadow of the alias by its unwrapped union",
        K(
            *AN,
            "vllm/aeon/r18an11.py",
            "from typing import get_args\n\n"
            "from vllm.entrypoints.pooling.embed import protocol as embed\n\n"
            "EmbeddingRequest = get_args(embed.EmbeddingRequest)[0]\n\n\n"
            "def aeon_is_embedding(request: object) -> bool:\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#48984 alias made Annotated",
        "twin: the check under an isinstance test of the alias's form",
        K(
            *AN,
            "vllm/aeon/r18an12.py",
            "import types\n\n" + EMB + "def aeon_is_embedding(request: object) -> bool:\n"
            "    if not isinstance(EmbeddingRequest, types.UnionType):\n"
            "        return False\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
        ),
    ),
]

# --- c8ed39b9dd (#31973): PoolerOutput: TokenPoolerOutput | TokenwisePoolerOutput -> torch.Tensor | list[...]
PO = ("#31973", "c8ed39b9dd", "PoolerOutput made a union holding list[torch.Tensor]")
POI = "import torch\n\nfrom vllm.v1.outputs import PoolerOutput\n\n\n"
CASES += [
    (
        "#31973 alias made a generic union",
        "an isinstance against the alias",
        K(
            *PO,
            "vllm/aeon/r18po0.py",
            POI + "def aeon_is_pooled(out: object) -> bool:\n    return isinstance(out, PoolerOutput)\n",
            "    return isinstance(out, PoolerOutput)",
        ),
    ),
]
TWINS += [
    (
        "#31973 alias made a generic union",
        "twin: an isinstance on the union's classes (the origins)",
        K(
            *PO,
            "vllm/aeon/r18po1.py",
            POI + "def aeon_is_pooled(out: object) -> bool:\n    return isinstance(out, (torch.Tensor, list))\n",
            "    return isinstance(out, (torch.Tensor, list))",
        ),
    ),
    (
        "#31973 alias made a generic union",
        "twin: get_origin of each member before the check",
        K(
            *PO,
            "vllm/aeon/r18po2.py",
            "from typing import get_args, get_origin\n\n" + POI + "def aeon_is_pooled(out: object) -> bool:\n"
            "    kinds = tuple(get_origin(k) or k for k in get_args(PoolerOutput))\n"
            "    return isinstance(out, kinds)\n",
            "    return isinstance(out, kinds)",
        ),
    ),
]

# --- 9fb74c27a7 (#24277): the ConfigFormat enum made a Literal of its values
CF = ("#24277", "9fb74c27a7", "ConfigFormat enum made a Literal")
CFI = "from vllm.transformers_utils.config import ConfigFormat\n\n\n"
CASES += [
    (
        "#24277 enum made a Literal",
        "an isinstance against the enum",
        K(
            *CF,
            "vllm/aeon/r18cf0.py",
            CFI + "def aeon_format_name(fmt: object) -> str:\n"
            "    return fmt.value if isinstance(fmt, ConfigFormat) else str(fmt)  # type: ignore[attr-defined]\n",
            "    return fmt.value if isinstance(fmt, ConfigFormat) else str(fmt)  # type: ignore[attr-defined]",
        ),
    ),
]
TWINS += [
    (
        "#24277 enum made a Literal",
        "twin: the fork's own enum of the name, imported from its module",
        K2(
            *CF,
            "vllm/aeon/r18cf1.py",
            "from vllm.aeon.r18cf_enum import ConfigFormat\n\n\n"
            "def aeon_format_name(fmt: object) -> str:\n"
            "    return fmt.value if isinstance(fmt, ConfigFormat) else str(fmt)\n",
            "    return fmt.value if isinstance(fmt, ConfigFormat) else str(fmt)",
            "vllm/aeon/r18cf_enum.py",
            "import enum\n\n\nclass ConfigFormat(str, enum.Enum):\n    AUTO = 'auto'\n    HF = 'hf'\n    MISTRAL = 'mistral'\n",
        ),
    ),
    (
        "#24277 enum made a Literal",
        "twin: a membership test of the Literal's values",
        K(
            *CF,
            "vllm/aeon/r18cf2.py",
            "from typing import get_args\n\n" + CFI + "def aeon_known(fmt: object) -> bool:\n"
            "    return isinstance(fmt, str) and fmt in get_args(ConfigFormat)\n",
            "    return isinstance(fmt, str) and fmt in get_args(ConfigFormat)",
        ),
    ),
]

# --- 11fcf0e066 (#10551): EmbeddingChatRequest dropped continue_final_message/add_generation_prompt
EG = ("#10551", "11fcf0e066", "EmbeddingChatRequest.continue_final_message removed")
ECR = "from vllm.entrypoints.openai.protocol import EmbeddingChatRequest\n\n\n"
CASES += [
    (
        "#10551 tested key",
        "a keyword the validator only tests before a raise",
        K(
            *EG,
            "vllm/aeon/r18eg0.py",
            ECR + "def aeon_prefill(model: str, messages: list) -> EmbeddingChatRequest:\n"
            "    return EmbeddingChatRequest(model=model, messages=messages, add_generation_prompt=False)\n",
            "    return EmbeddingChatRequest(model=model, messages=messages, add_generation_prompt=False)",
        ),
    ),
]
TWINS += [
    (
        "#10551 tested key",
        "twin: a fork subclass that declares the field again",
        K(
            *EG,
            "vllm/aeon/r18eg1.py",
            ECR + "class AeonEmbeddingChatRequest(EmbeddingChatRequest):\n"
            "    continue_final_message: bool = False\n\n\n"
            "def aeon_prefill(model: str, messages: list) -> AeonEmbeddingChatRequest:\n"
            "    return AeonEmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)\n",
            "    return AeonEmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)",
        ),
    ),
    (
        "#10551 tested key",
        "twin: a fork subclass whose own validator carries the key on",
        K(
            *EG,
            "vllm/aeon/r18eg2.py",
            "from pydantic import model_validator\n\n" + ECR + "class AeonEmbeddingChatRequest(EmbeddingChatRequest):\n"
            "    @model_validator(mode='before')\n"
            "    @classmethod\n"
            "    def _aeon_prefill(cls, data):  # type: ignore[no-untyped-def]\n"
            "        if data.pop('continue_final_message', False):\n"
            "            data['chat_template_kwargs'] = {'continue_final_message': True}\n"
            "        return data\n\n\n"
            "def aeon_prefill(model: str, messages: list) -> AeonEmbeddingChatRequest:\n"
            "    return AeonEmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)\n",
            "    return AeonEmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)",
        ),
    ),
    (
        "#10551 tested key",
        "twin: the key read back off the model's extras by the fork itself",
        K(
            *EG,
            "vllm/aeon/r18eg3.py",
            ECR + "def aeon_prefill(model: str, messages: list) -> bool:\n"
            "    request = EmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)\n"
            "    return bool((request.model_extra or {}).get('continue_final_message'))\n",
            "    request = EmbeddingChatRequest(model=model, messages=messages, continue_final_message=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review18-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
