"""Adversarial twins of the killers154 landing: unioned classes, widened literals and fetched arguments.

Each twin replays a real upstream commit under a fork carry shaped like what the new checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- unioned classes (#27516 ``ClassificationRequest`` a ``TypeAlias`` of two request classes, #9759
  ``EmbeddingRequest = Union[EmbeddingCompletionRequest, EmbeddingChatRequest]``, #30609 ``HfTokenizer`` made
  ``PreTrainedTokenizer | PreTrainedTokenizerFast`` with the class renamed ``CachedHfTokenizer``, #32577
  ``ScoreRequest`` a union of three request classes): the new member imported under the old name in a ``try``
  with the old import in ``except ImportError``, a ``hasattr`` test of the module before the old call, a shim
  re-binding the name, a fork class of the name, ``getattr`` with the old class as the default, a test of the
  alias's form, ``TypeAdapter`` of the union, the members read off ``get_args``, a version check, a module alias
  of the fork's own protocol module, ``isinstance`` against the union, the new spelling;
- widened literals (#40982 ``reasoning_effort`` gaining "minimal", "xhigh", "max"; #36238 gaining "none";
  #44283 the Anthropic message ``role`` gaining "system"; #34171 ``WeightTransferConfig.backend`` gaining
  "ipc"): the new choices handled by an equality test or a tuple test before the lookup, a membership test of
  the table's ``keys()``, a table grown by ``|=``, a table of the same name local to the function, a receiver
  of the fork's own class with a field of that name, a ``match`` on the old choices;
- fetched arguments (#16572 ``init_app_state``'s ``model_config`` -> ``vllm_config``, #22820
  ``OpenAIServingPooling``'s likewise): the getter of the new value, ``getattr`` of the new name, the old
  getter under a test of the callee's signature, a fork function of the callee's name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (53557ba0), round 1 (9 cases, 30 twins): 9 caught of 9; 13 false errors of 30 (1 warned):
unioned classes on the member imported under the old name in a ``try`` with the old import in ``except
ImportError`` (1) and on the old call after an ``if hasattr(protocol, "<member>"):`` that returns (1); widened
literals on a lookup after the new choices are tested in a tuple (#40982) or for equality (#36238, #44283's
``continue``) (3), after a membership test of the table's ``keys()`` (1), in a comprehension whose condition
takes only the old choices (1), under a ``match`` case of the old choices (1), of a table grown by ``|=`` (1),
of a function's own table of the name (1), and off a receiver that is no instance of the widened class: the
fork's own class with a field of the name (#40982, #34171) and a torch process group (#34171) (3).  The warning
(a twin, not false): the old getter under a test of the callee's signature (#16572; the renamed-slot warning).
Round 2 (written after round 1's mends): cases that must stay errors near each mend (an old choice tested apart
from the lookup, ``self`` in the fork's subclass of the request, the old name tried first in the ``try`` with the
member in the handler), #43273 (d56612c621, ``EngineArgs.gdn_prefill_backend`` gaining "cutedsl": a lookup off
``args: argparse.Namespace`` stays an error; the new backend tested first, a ``not in set(table)`` test: twins)
and #32577 (c88860d759, ``ScoreRequest`` a union of three: a subclass of it; the route's union body with a member
built, ``hasattr`` of the module in an ``if``/``else``: twins).
Round 3 (after round 2's mends): a module flag set by the member's import succeeding with the old call where it
is false, a fork test pinning the union's TypeError under ``pytest.raises``, and the fork's subclass of the
request narrowing ``reasoning_effort`` to its table's choices: 3 false errors of 3 on the branch at round 2,
mended (drift/unioned_classes.py: import flags, ``pytest.raises``; drift/widened_literals.py: a subclass
declaring the field again is its own class).
Round 4: the new choices clamped onto old ones in the request before the lookup (``request.reasoning_effort =
_CLAMP.get(...)``): a false error, mended (a field the fork's function sets before the lookup is its own value).
All rounds, main (53557ba0): 13 caught, 1 missed of 14 (the old name tried first: the handler's import was read
as the binding); 20 false errors of 38 twins (1 warned).
This branch: 14 caught of 14; 0 false errors of 38 (1 warned).

  PYTHONPATH=.. python review59_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 360bd8762f (#27516): ClassificationRequest a class -> a TypeAlias of the completion and chat requests
CR = ("#27516", "360bd8762f", "ClassificationRequest made a union alias")
PROTO = "vllm.entrypoints.openai.protocol"
CLS = f"from {PROTO} import ClassificationRequest\n\n\n"
CASES += [
    (
        "#27516 class made a union",
        "a class attribute read off the alias",
        K(
            *CR,
            "vllm/aeon/r59cr0.py",
            CLS + "def aeon_parse(body: dict) -> ClassificationRequest:\n"
            "    return ClassificationRequest.model_validate(body)\n",
            "    return ClassificationRequest.model_validate(body)",
        ),
    ),
]
TWINS += [
    (
        "#27516 class made a union",
        "twin: the new member imported under the old name, the old import in except ImportError",
        K(
            *CR,
            "vllm/aeon/r59cr1.py",
            "try:\n"
            f"    from {PROTO} import ClassificationCompletionRequest as ClassificationRequest\n"
            "except ImportError:  # AEON: upstreams before the chat-style /classify\n"
            f"    from {PROTO} import ClassificationRequest\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]) -> ClassificationRequest:\n"
            "    return ClassificationRequest(model=model, input=texts)\n",
            "    return ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: hasattr of the module's new member first, the old call after",
        K(
            *CR,
            "vllm/aeon/r59cr2.py",
            "from vllm.entrypoints.openai import protocol\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            '    if hasattr(protocol, "ClassificationCompletionRequest"):\n'
            "        return protocol.ClassificationCompletionRequest(model=model, input=texts)\n"
            "    return protocol.ClassificationRequest(model=model, input=texts)\n",
            "    return protocol.ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: a shim re-binding the name to the member after the import",
        K(
            *CR,
            "vllm/aeon/r59cr3.py",
            f"from {PROTO} import ClassificationCompletionRequest, ClassificationRequest\n\n"
            "ClassificationRequest = ClassificationCompletionRequest  # type: ignore[misc]  # AEON: the text form\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            "    return ClassificationRequest(model=model, input=texts)\n",
            "    return ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: getattr of the new member with the old class as the default",
        K(
            *CR,
            "vllm/aeon/r59cr4.py",
            "from vllm.entrypoints.openai import protocol\n\n"
            '_AeonRequest = getattr(protocol, "ClassificationCompletionRequest", protocol.ClassificationRequest)\n\n\n'
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            "    return _AeonRequest(model=model, input=texts)\n",
            "    return _AeonRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: the call under a test that the name is still a class",
        K(
            *CR,
            "vllm/aeon/r59cr5.py",
            "import typing\n\n" + CLS + "def aeon_classify_request(model: str, texts: list[str]):\n"
            "    if isinstance(ClassificationRequest, type):\n"
            "        return ClassificationRequest(model=model, input=texts)\n"
            "    first = typing.get_args(ClassificationRequest)[0]\n"
            "    return first(model=model, input=texts)\n",
            "        return ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: TypeAdapter of the union validates the body",
        K(
            *CR,
            "vllm/aeon/r59cr6.py",
            "from pydantic import TypeAdapter\n\n" + CLS + "_AEON_ADAPTER = TypeAdapter(ClassificationRequest)\n\n\n"
            "def aeon_parse(body: dict) -> ClassificationRequest:\n"
            "    return _AEON_ADAPTER.validate_python(body)\n",
            "_AEON_ADAPTER = TypeAdapter(ClassificationRequest)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: the members read off get_args, each asked for its fields",
        K(
            *CR,
            "vllm/aeon/r59cr7.py",
            "from typing import get_args\n\n" + CLS + "def aeon_known_fields() -> set[str]:\n"
            "    return {f for member in get_args(ClassificationRequest) for f in member.model_fields}\n",
            "    return {f for member in get_args(ClassificationRequest) for f in member.model_fields}",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: the old call under a version check",
        K(
            *CR,
            "vllm/aeon/r59cr8.py",
            "from packaging.version import Version\n\nfrom vllm import __version__ as VLLM_VERSION\n"
            f"from {PROTO} import ClassificationRequest\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            '    if Version(VLLM_VERSION) < Version("0.11.1"):\n'
            "        return ClassificationRequest(model=model, input=texts)\n"
            "    from vllm.entrypoints.openai.protocol import ClassificationCompletionRequest\n\n"
            "    return ClassificationCompletionRequest(model=model, input=texts)\n",
            "        return ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: the fork's own protocol module, imported under the same alias",
        K(
            *CR,
            "vllm/aeon/r59cr9.py",
            "from vllm.aeon import protocol\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            "    return protocol.ClassificationRequest(model=model, input=texts)\n",
            "    return protocol.ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: the fork's class of the name, deriving from the member",
        K(
            *CR,
            "vllm/aeon/r59cr10.py",
            f"from {PROTO} import ClassificationCompletionRequest\n\n\n"
            "class ClassificationRequest(ClassificationCompletionRequest):\n"
            "    aeon_tenant: str | None = None\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]) -> ClassificationRequest:\n"
            "    return ClassificationRequest(model=model, input=texts)\n",
            "    return ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: a function-local import of the member under the old name",
        K(
            *CR,
            "vllm/aeon/r59cr11.py",
            CLS + "def aeon_route_type() -> object:\n    return ClassificationRequest\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            f"    from {PROTO} import ClassificationCompletionRequest as ClassificationRequest\n\n"
            "    return ClassificationRequest(model=model, input=texts)\n",
            "    return ClassificationRequest(model=model, input=texts)",
        ),
    ),
]

# --- 06386a64dd (#9759): EmbeddingRequest a class -> Union[EmbeddingCompletionRequest, EmbeddingChatRequest]
ER = ("#9759", "06386a64dd", "EmbeddingRequest made a Union")
CASES += [
    (
        "#9759 class made a union",
        "a constructor call",
        K(
            *ER,
            "vllm/aeon/r59er0.py",
            f"from {PROTO} import EmbeddingRequest\n\n\n"
            "def aeon_embed_request(model: str, text: str) -> EmbeddingRequest:\n"
            "    return EmbeddingRequest(model=model, input=text)\n",
            "    return EmbeddingRequest(model=model, input=text)",
        ),
    ),
]
TWINS += [
    (
        "#9759 class made a union",
        "twin: isinstance against the union",
        K(
            *ER,
            "vllm/aeon/r59er1.py",
            f"from {PROTO} import EmbeddingRequest\n\n\n"
            "def aeon_is_embedding(request: object) -> bool:\n"
            "    return isinstance(request, EmbeddingRequest)\n",
            "    return isinstance(request, EmbeddingRequest)",
        ),
    ),
    (
        "#9759 class made a union",
        "twin: a try around the old call, the member in its TypeError handler",
        K(
            *ER,
            "vllm/aeon/r59er2.py",
            f"from {PROTO} import EmbeddingRequest\n\n\n"
            "def aeon_embed_request(model: str, text: str):\n"
            "    try:\n"
            "        return EmbeddingRequest(model=model, input=text)\n"
            "    except TypeError:  # AEON: a union of the completion and chat forms upstream\n"
            f"        from {PROTO} import EmbeddingCompletionRequest\n\n"
            "        return EmbeddingCompletionRequest(model=model, input=text)\n",
            "        return EmbeddingRequest(model=model, input=text)",
        ),
    ),
]

# --- 39cefbdf17 (#30609): HfTokenizer a class -> PreTrainedTokenizer | PreTrainedTokenizerFast
HF = ("#30609", "39cefbdf17", "HfTokenizer made a union, the class renamed CachedHfTokenizer")
CASES += [
    (
        "#30609 class made a union",
        "the old class's classmethod",
        K(
            *HF,
            "vllm/aeon/r59hf0.py",
            "from vllm.tokenizers.hf import HfTokenizer\n\n\n"
            "def aeon_tokenizer(path: str):\n"
            "    return HfTokenizer.from_pretrained(path)\n",
            "    return HfTokenizer.from_pretrained(path)",
        ),
    ),
]
TWINS += [
    (
        "#30609 class made a union",
        "twin: the renamed class's classmethod",
        K(
            *HF,
            "vllm/aeon/r59hf1.py",
            "from vllm.tokenizers.hf import CachedHfTokenizer\n\n\n"
            "def aeon_tokenizer(path: str):\n"
            "    return CachedHfTokenizer.from_pretrained(path)\n",
            "    return CachedHfTokenizer.from_pretrained(path)",
        ),
    ),
    (
        "#30609 class made a union",
        "twin: an attribute read off a tokenizer annotated with the union",
        K(
            *HF,
            "vllm/aeon/r59hf2.py",
            "from vllm.tokenizers.hf import HfTokenizer\n\n\n"
            "def aeon_vocab(tokenizer: HfTokenizer) -> int:\n"
            "    return tokenizer.vocab_size\n",
            "    return tokenizer.vocab_size",
        ),
    ),
]

# --- 33f36d4260 (#40982): ChatCompletionRequest.reasoning_effort gains "minimal", "xhigh" and "max"
RE = ("#40982", "33f36d4260", "reasoning_effort Literal widened")
CCR = "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n"
BUD = '_AEON_BUDGETS = {"none": 0, "low": 1024, "medium": 4096, "high": 16384}\n\n\n'
CASES += [
    (
        "#40982 literal widened",
        "the table indexed in a conditional expression on None",
        K(
            *RE,
            "vllm/aeon/r59re0.py",
            CCR + BUD + "def aeon_budget(request: ChatCompletionRequest) -> int | None:\n"
            "    effort = request.reasoning_effort\n"
            "    return None if effort is None else _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return None if effort is None else _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
]
TWINS += [
    (
        "#40982 literal widened",
        "twin: the new choices tested in a tuple before the lookup",
        K(
            *RE,
            "vllm/aeon/r59re1.py",
            CCR + BUD + "def aeon_budget(request: ChatCompletionRequest) -> int | None:\n"
            "    if request.reasoning_effort is None:\n"
            "        return None\n"
            '    if request.reasoning_effort in ("minimal", "xhigh", "max"):\n'
            "        return 32768  # AEON: the Spark's cap\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
    (
        "#40982 literal widened",
        "twin: a membership test of the table's keys()",
        K(
            *RE,
            "vllm/aeon/r59re2.py",
            CCR + BUD + "def aeon_budget(request: ChatCompletionRequest) -> int | None:\n"
            "    if request.reasoning_effort not in _AEON_BUDGETS.keys():\n"
            "        return None\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
    (
        "#40982 literal widened",
        "twin: the table grown by |= with the new choices",
        K(
            *RE,
            "vllm/aeon/r59re3.py",
            CCR + BUD + '_AEON_BUDGETS |= {"minimal": 512, "xhigh": 32768, "max": 65536}\n\n\n'
            "def aeon_budget(request: ChatCompletionRequest) -> int:\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
    (
        "#40982 literal widened",
        "twin: a table of the same name local to the function, covering every choice",
        K(
            *RE,
            "vllm/aeon/r59re4.py",
            CCR + BUD + "def aeon_budget_v2(request: ChatCompletionRequest) -> int:\n"
            "    _AEON_BUDGETS = {  # AEON: the effort levels upstream accepts since #40982\n"
            '        "none": 0, "minimal": 512, "low": 1024, "medium": 4096, "high": 16384, "xhigh": 32768, "max": 65536\n'
            "    }\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
    (
        "#40982 literal widened",
        "twin: the fork's own class with a field of that name",
        K(
            *RE,
            "vllm/aeon/r59re5.py",
            "from dataclasses import dataclass\nfrom typing import Literal\n\n" + BUD + "@dataclass\nclass AeonTier:\n"
            '    reasoning_effort: Literal["none", "low", "medium", "high"] = "medium"\n\n\n'
            "def aeon_tier_budget(tier: AeonTier) -> int:\n"
            "    return _AEON_BUDGETS[tier.reasoning_effort]\n",
            "    return _AEON_BUDGETS[tier.reasoning_effort]",
        ),
    ),
    (
        "#40982 literal widened",
        "twin: a match on the old choices",
        K(
            *RE,
            "vllm/aeon/r59re6.py",
            CCR + BUD + "def aeon_budget(request: ChatCompletionRequest) -> int:\n"
            "    match request.reasoning_effort:\n"
            '        case "none" | "low" | "medium" | "high":\n'
            "            return _AEON_BUDGETS[request.reasoning_effort]\n"
            "        case _:\n"
            "            return 65536\n",
            "            return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
]

# --- a3ea760ea5 (#36238): ChatCompletionRequest.reasoning_effort gains "none"
RN = ("#36238", "a3ea760ea5", "reasoning_effort gains none")
OLD = '_AEON_BUDGETS = {"low": 1024, "medium": 4096, "high": 16384}\n\n\n'
CASES += [
    (
        "#36238 literal widened",
        "the table indexed by the field",
        K(
            *RN,
            "vllm/aeon/r59rn0.py",
            CCR + OLD + "def aeon_budget(request: ChatCompletionRequest) -> int | None:\n"
            "    if not request.reasoning_effort:\n"
            "        return None\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
]
TWINS += [
    (
        "#36238 literal widened",
        "twin: the new choice tested for equality before the lookup",
        K(
            *RN,
            "vllm/aeon/r59rn1.py",
            CCR + OLD + "def aeon_budget(request: ChatCompletionRequest) -> int | None:\n"
            '    if request.reasoning_effort is None or request.reasoning_effort == "none":\n'
            "        return 0\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
]

# --- ed9a7526b6 (#44283): AnthropicMessage.role gains "system"
AR = ("#44283", "ed9a7526b6", "Anthropic message role gains system")
ANT = "from vllm.entrypoints.anthropic.protocol import AnthropicMessage\n\n"
ROLES = '_AEON_ROLES = {"user": "<|user|>", "assistant": "<|assistant|>"}\n\n\n'
CASES += [
    (
        "#44283 literal widened",
        "a role table indexed in a loop",
        K(
            *AR,
            "vllm/aeon/r59ar0.py",
            ANT + ROLES + "def aeon_render(messages: list[AnthropicMessage]) -> str:\n"
            "    out = []\n"
            "    for message in messages:\n"
            "        out.append(_AEON_ROLES[message.role] + str(message.content))\n"
            '    return "".join(out)\n',
            "        out.append(_AEON_ROLES[message.role] + str(message.content))",
        ),
    ),
]
TWINS += [
    (
        "#44283 literal widened",
        "twin: the system role handled by an equality test and continue",
        K(
            *AR,
            "vllm/aeon/r59ar1.py",
            ANT + ROLES + "def aeon_render(messages: list[AnthropicMessage]) -> str:\n"
            "    out = []\n"
            "    for message in messages:\n"
            '        if message.role == "system":  # AEON: folded into the preamble\n'
            "            out.insert(0, str(message.content))\n"
            "            continue\n"
            "        out.append(_AEON_ROLES[message.role] + str(message.content))\n"
            '    return "".join(out)\n',
            "        out.append(_AEON_ROLES[message.role] + str(message.content))",
        ),
    ),
    (
        "#44283 literal widened",
        "twin: only the old roles taken, in a comprehension's condition",
        K(
            *AR,
            "vllm/aeon/r59ar2.py",
            ANT + ROLES + "def aeon_render(messages: list[AnthropicMessage]) -> str:\n"
            '    return "".join(\n'
            '        _AEON_ROLES[m.role] + str(m.content) for m in messages if m.role in ("user", "assistant")\n'
            "    )\n",
            '        _AEON_ROLES[m.role] + str(m.content) for m in messages if m.role in ("user", "assistant")',
        ),
    ),
]

# --- 2ce6f3cf67 (#34171): WeightTransferConfig.backend gains "ipc"
WT = ("#34171", "2ce6f3cf67", "weight transfer backend gains ipc")
CASES += [
    (
        "#34171 literal widened",
        "a table of the fork's engines indexed by the config's backend",
        K(
            *WT,
            "vllm/aeon/r59wt0.py",
            "from vllm.config.weight_transfer import WeightTransferConfig\n\n"
            '_AEON_ENGINES = {"nccl": "aeon_nccl_engine"}\n\n\n'
            "def aeon_engine(config: WeightTransferConfig) -> str:\n"
            "    return _AEON_ENGINES[config.backend]\n",
            "    return _AEON_ENGINES[config.backend]",
        ),
    ),
]
TWINS += [
    (
        "#34171 literal widened",
        "twin: a table of process-group backends indexed by the fork's own comm config",
        K(
            *WT,
            "vllm/aeon/r59wt1.py",
            "from dataclasses import dataclass\n\n"
            '_AEON_GROUP_IDS = {"nccl": 0, "gloo": 1}\n\n\n'
            "@dataclass\nclass AeonCommConfig:\n"
            '    backend: str = "nccl"\n\n\n'
            "def aeon_group_id(comm: AeonCommConfig) -> int:\n"
            "    return _AEON_GROUP_IDS[comm.backend]\n",
            "    return _AEON_GROUP_IDS[comm.backend]",
        ),
    ),
    (
        "#34171 literal widened",
        "twin: a table indexed by a torch process group's backend",
        K(
            *WT,
            "vllm/aeon/r59wt2.py",
            "import torch.distributed as dist\n\n"
            '_AEON_GROUP_IDS = {"nccl": 0, "gloo": 1}\n\n\n'
            "def aeon_group_id(group: dist.ProcessGroup) -> int:\n"
            "    return _AEON_GROUP_IDS[group.backend]\n",
            "    return _AEON_GROUP_IDS[group.backend]",
        ),
    ),
]

# --- 1666e66443 (#16572): init_app_state(engine_client, model_config, ...) -> (engine_client, vllm_config, ...)
IA = ("#16572", "1666e66443", "init_app_state's model_config -> vllm_config")
APP = "from vllm.entrypoints.openai.api_server import build_app, init_app_state\n\n\n"
CASES += [
    (
        "#16572 fetched argument",
        "getattr of the old name off the client, positional",
        K(
            *IA,
            "vllm/aeon/r59ia0.py",
            APP + "async def aeon_side_app(engine_client, args):\n"
            "    app = build_app(args)\n"
            '    await init_app_state(engine_client, getattr(engine_client, "model_config"), app.state, args)\n'
            "    return app\n",
            '    await init_app_state(engine_client, getattr(engine_client, "model_config"), app.state, args)',
        ),
    ),
]
TWINS += [
    (
        "#16572 fetched argument",
        "twin: the getter of the new value",
        K(
            *IA,
            "vllm/aeon/r59ia1.py",
            APP + "async def aeon_side_app(engine_client, args):\n"
            "    app = build_app(args)\n"
            "    await init_app_state(engine_client, await engine_client.get_vllm_config(), app.state, args)\n"
            "    return app\n",
            "    await init_app_state(engine_client, await engine_client.get_vllm_config(), app.state, args)",
        ),
    ),
    (
        "#16572 fetched argument",
        "twin: the old getter under a test of the callee's signature",
        K(
            *IA,
            "vllm/aeon/r59ia2.py",
            "import inspect\n\n" + APP + "async def aeon_side_app(engine_client, args):\n"
            "    app = build_app(args)\n"
            '    if "vllm_config" in inspect.signature(init_app_state).parameters:\n'
            "        await init_app_state(engine_client, await engine_client.get_vllm_config(), app.state, args)\n"
            "    else:  # AEON: upstreams before /server_info\n"
            "        await init_app_state(engine_client, await engine_client.get_model_config(), app.state, args)\n"
            "    return app\n",
            "        await init_app_state(engine_client, await engine_client.get_model_config(), app.state, args)",
        ),
    ),
    (
        "#16572 fetched argument",
        "twin: the fork's own function of the callee's name",
        K(
            *IA,
            "vllm/aeon/r59ia3.py",
            "from vllm.entrypoints.openai.api_server import build_app\n\n\n"
            "async def init_app_state(engine_client, model_config, state, args) -> None:\n"
            "    state.aeon_model = model_config.model\n\n\n"
            "async def aeon_side_app(engine_client, args):\n"
            "    app = build_app(args)\n"
            "    await init_app_state(engine_client, await engine_client.get_model_config(), app.state, args)\n"
            "    return app\n",
            "    await init_app_state(engine_client, await engine_client.get_model_config(), app.state, args)",
        ),
    ),
]

# --- 1cb39dbcdd (#22820): OpenAIServingPooling(engine_client, model_config, ...) -> (engine_client, vllm_config, ...)
SP = ("#22820", "1cb39dbcdd", "OpenAIServingPooling's model_config -> vllm_config")
POOL = "from vllm.entrypoints.openai.serving_pooling import OpenAIServingPooling\n\n\n"
CASES += [
    (
        "#22820 fetched argument",
        "the old getter, positional",
        K(
            *SP,
            "vllm/aeon/r59sp0.py",
            POOL + "async def aeon_pooling(engine_client, models, logger):\n"
            "    return OpenAIServingPooling(engine_client, await engine_client.get_model_config(), models, "
            'request_logger=logger, chat_template=None, chat_template_content_format="auto")\n',
            "    return OpenAIServingPooling(engine_client, await engine_client.get_model_config(), models, "
            'request_logger=logger, chat_template=None, chat_template_content_format="auto")',
        ),
    ),
]
TWINS += [
    (
        "#22820 fetched argument",
        "twin: getattr of the new name off the app state",
        K(
            *SP,
            "vllm/aeon/r59sp1.py",
            POOL + "def aeon_pooling(state, models, logger):\n"
            '    return OpenAIServingPooling(state.engine_client, getattr(state, "vllm_config"), models, '
            'request_logger=logger, chat_template=None, chat_template_content_format="auto")\n',
            '    return OpenAIServingPooling(state.engine_client, getattr(state, "vllm_config"), models, '
            'request_logger=logger, chat_template=None, chat_template_content_format="auto")',
        ),
    ),
]


# --- round 2: the reach near each mend stays, and more real commits of the kinds
CASES += [
    (
        "#40982 literal widened",
        "an old choice tested apart from the lookup",
        K(
            *RE,
            "vllm/aeon/r59re7.py",
            CCR + BUD + "def aeon_budget(request: ChatCompletionRequest) -> int:\n"
            '    if request.reasoning_effort == "high":\n'
            "        request.max_completion_tokens = None  # AEON: no cap on the deepest effort\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
    (
        "#40982 literal widened",
        "self in the fork's subclass of the request",
        K(
            *RE,
            "vllm/aeon/r59re8.py",
            CCR + BUD + "class AeonChatCompletionRequest(ChatCompletionRequest):\n"
            "    def aeon_budget(self) -> int:\n"
            "        return _AEON_BUDGETS[self.reasoning_effort]\n",
            "        return _AEON_BUDGETS[self.reasoning_effort]",
        ),
    ),
    (
        "#27516 class made a union",
        "the old name tried first, the member in the ImportError handler",
        K(
            *CR,
            "vllm/aeon/r59cr12.py",
            "try:\n"
            f"    from {PROTO} import ClassificationRequest\n"
            "except ImportError:\n"
            f"    from {PROTO} import ClassificationCompletionRequest as ClassificationRequest\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            "    return ClassificationRequest(model=model, input=texts)\n",
            "    return ClassificationRequest(model=model, input=texts)",
        ),
    ),
]

# --- d56612c621 (#43273): EngineArgs.gdn_prefill_backend gains "cutedsl"
GD = ("#43273", "d56612c621", "gdn_prefill_backend gains cutedsl")
CASES += [
    (
        "#43273 literal widened",
        "a table indexed by the parsed arguments' field",
        K(
            *GD,
            "vllm/aeon/r59gd0.py",
            "import argparse\n\n"
            '_AEON_GDN_TILES = {"flashinfer": 128, "triton": 64}\n\n\n'
            "def aeon_gdn_tile(args: argparse.Namespace) -> int | None:\n"
            "    if args.gdn_prefill_backend is None:\n"
            "        return None\n"
            "    return _AEON_GDN_TILES[args.gdn_prefill_backend]\n",
            "    return _AEON_GDN_TILES[args.gdn_prefill_backend]",
        ),
    ),
]
TWINS += [
    (
        "#43273 literal widened",
        "twin: the new backend given its own tile before the lookup",
        K(
            *GD,
            "vllm/aeon/r59gd1.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n"
            '_AEON_GDN_TILES = {"flashinfer": 128, "triton": 64}\n\n\n'
            "def aeon_gdn_tile(args: EngineArgs) -> int | None:\n"
            "    backend = args.gdn_prefill_backend\n"
            '    if backend is None or args.gdn_prefill_backend == "cutedsl":\n'
            "        return None\n"
            "    return _AEON_GDN_TILES[args.gdn_prefill_backend]\n",
            "    return _AEON_GDN_TILES[args.gdn_prefill_backend]",
        ),
    ),
    (
        "#43273 literal widened",
        "twin: the table's keys listed as the fork's choices, the value checked against them",
        K(
            *GD,
            "vllm/aeon/r59gd2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n"
            '_AEON_GDN_TILES = {"flashinfer": 128, "triton": 64}\n\n\n'
            "def aeon_gdn_tile(args: EngineArgs) -> int:\n"
            "    if args.gdn_prefill_backend not in set(_AEON_GDN_TILES):\n"
            "        return 64\n"
            "    return _AEON_GDN_TILES[args.gdn_prefill_backend]\n",
            "    return _AEON_GDN_TILES[args.gdn_prefill_backend]",
        ),
    ),
]

# --- c88860d759 (#32577): ScoreRequest a class -> a TypeAlias of three request classes
SR = ("#32577", "c88860d759", "ScoreRequest made a union alias")
SCORE = "vllm.entrypoints.pooling.score.protocol"
CASES += [
    (
        "#32577 class made a union",
        "a subclass of the alias",
        K(
            *SR,
            "vllm/aeon/r59sr0.py",
            f"from {SCORE} import ScoreRequest\n\n\n"
            "class AeonScoreRequest(ScoreRequest):\n    aeon_tenant: str | None = None\n",
            "class AeonScoreRequest(ScoreRequest):",
        ),
    ),
]
TWINS += [
    (
        "#32577 class made a union",
        "twin: the route's body annotated with the union, a member built for the text form",
        K(
            *SR,
            "vllm/aeon/r59sr1.py",
            f"from {SCORE} import ScoreRequest, ScoreTextRequest\n\n\n"
            "async def aeon_score(request: ScoreRequest) -> ScoreRequest:\n"
            "    if isinstance(request, ScoreTextRequest):\n"
            "        return request\n"
            "    return ScoreTextRequest(model=request.model, text_1=request.data_1, text_2=request.data_2)\n",
            "    return ScoreTextRequest(model=request.model, text_1=request.data_1, text_2=request.data_2)",
        ),
    ),
    (
        "#32577 class made a union",
        "twin: hasattr of the module first, the old call in the else",
        K(
            *SR,
            "vllm/aeon/r59sr2.py",
            "from vllm.entrypoints.pooling.score import protocol as score_protocol\n\n\n"
            "def aeon_score_request(model: str, a: str, b: str):\n"
            '    if hasattr(score_protocol, "ScoreTextRequest"):\n'
            "        return score_protocol.ScoreTextRequest(model=model, text_1=a, text_2=b)\n"
            "    else:\n"
            "        return score_protocol.ScoreRequest(model=model, text_1=a, text_2=b)\n",
            "        return score_protocol.ScoreRequest(model=model, text_1=a, text_2=b)",
        ),
    ),
]


# --- round 3: a flag the file sets from an import's success, a fork subclass narrowing the field, a test
TWINS += [
    (
        "#27516 class made a union",
        "twin: a module flag set by the member's import succeeding, the old call where it is false",
        K(
            *CR,
            "vllm/aeon/r59cr13.py",
            f"from {PROTO} import ClassificationRequest\n\n"
            "try:\n"
            f"    from {PROTO} import ClassificationCompletionRequest\n\n"
            "    _AEON_CHAT_CLASSIFY = True\n"
            "except ImportError:  # AEON: upstreams before the chat-style /classify\n"
            "    _AEON_CHAT_CLASSIFY = False\n\n\n"
            "def aeon_classify_request(model: str, texts: list[str]):\n"
            "    if _AEON_CHAT_CLASSIFY:\n"
            "        return ClassificationCompletionRequest(model=model, input=texts)\n"
            "    return ClassificationRequest(model=model, input=texts)\n",
            "    return ClassificationRequest(model=model, input=texts)",
        ),
    ),
    (
        "#27516 class made a union",
        "twin: a fork test pinning that the alias is no class",
        K(
            *CR,
            "tests/aeon/test_r59cr14.py",
            "import pytest\n\n" + CLS + "def test_classification_request_is_a_union() -> None:\n"
            "    with pytest.raises(TypeError):\n"
            '        ClassificationRequest(model="m", input=["x"])\n',
            '        ClassificationRequest(model="m", input=["x"])',
        ),
    ),
    (
        "#40982 literal widened",
        "twin: the fork's subclass of the request narrowing the field to its table's choices",
        K(
            *RE,
            "vllm/aeon/r59re9.py",
            "from typing import Literal\n\n" + CCR + BUD + "class AeonChatCompletionRequest(ChatCompletionRequest):\n"
            '    reasoning_effort: Literal["none", "low", "medium", "high"] | None = None  # AEON: the Spark\'s four\n\n'
            "    def aeon_budget(self) -> int:\n"
            '        return _AEON_BUDGETS[self.reasoning_effort or "medium"]\n\n\n'
            "def aeon_budget(request: AeonChatCompletionRequest) -> int:\n"
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
]


# --- round 4: the field set by the fork before the lookup
TWINS += [
    (
        "#40982 literal widened",
        "twin: the new choices clamped onto old ones in the request before the lookup",
        K(
            *RE,
            "vllm/aeon/r59re10.py",
            CCR + BUD + '_AEON_CLAMP = {"minimal": "low", "xhigh": "high", "max": "high"}\n\n\n'
            "def aeon_budget(request: ChatCompletionRequest) -> int:\n"
            '    request.reasoning_effort = _AEON_CLAMP.get(request.reasoning_effort or "medium", request.reasoning_effort)\n'
            "    return _AEON_BUDGETS[request.reasoning_effort]\n",
            "    return _AEON_BUDGETS[request.reasoning_effort]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review59-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
