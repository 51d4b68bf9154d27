"""Adversarial twins of a mapping made a record (drift/unmapped.py): fork carries correct after the real change.

Each twin replays #50334 (e8b358b4c0: ``convert_tool_responses_to_completions_format(tool) -> dict`` now returns
a ``ChatCompletionToolsParam``, a pydantic model of the project) under a fork carry shaped like what the class
catches (an index, ``len()``, iteration or a dict method of the result), but right after the merge: the
merge base is the commit's first parent, upstream the commit.  The twins are written the way a maintainer
keeps such a carry working on both sides: a ``hasattr``/``isinstance`` test, a ``try``/``suppress`` around
it, a ``model_dump()`` first, the name rebound to a dict, the fork's own namesake (function, method, module),
a shim the fork patches onto the class, a different receiver, the new spelling.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commit, kept to show the reach stays.

Main's engine (23805902), round 1 (5 cases, 26 twins): 5 caught of 5; 2 false errors of 26, both a ``hasattr``
test of the bound name's new field telling the kinds apart (the old index in the other branch, and after an
early return under the test).  5 twins warned (counted apart).
Round 2, this branch (the branch where a ``hasattr`` test of the name failed is the fork's old-kind way,
``Use.ducked``): 5 caught of 5; 0 false errors of 26 (5 warned).
Round 3 (other real commits of the kind: #23097 d3f71f1224 ``_merge_mm_kwargs`` dict -> ``MultiModalKwargsItems``, a
``UserDict``; #35025 987506bca6 ``_validate_limit_per_prompt`` dict -> ``MMDummyOptions``, a dict alias; both
quiet by design; and two more guards of #50334): the round-2 engine 1 false error of 4, a ``getattr(d,
"function", None)`` bound to a local whose ``is not None`` test returns before the old index; a version check
stayed quiet.  This branch (a ``getattr`` with a default come back empty ducks the use too): 0 false of 4.
All rounds, main (23805902): 5 caught of 5; 3 false errors of 30 twins.  This branch: 5 caught of 5; 0 false
errors of 30 (6 warned).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false
(40, 30, 23 twins), blind_replay_anthropic 23 caught of 23 (12 quiet, 0 false), blind_replay_responses 22 caught,
3 warned of 25, blind_replay_openai 17 caught, 1 warned of 18, blind_replay_chatutils 18 caught, 2 warned of 20
(0 false each, as on main), ``symbol_precision.py --windows 1``: 0 false errors.

  PYTHONPATH=.. python review46_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

CT = ("#50334", "e8b358b4c0", "convert_tool_responses_to_completions_format dict -> ChatCompletionToolsParam")
RU = "from vllm.entrypoints.openai.responses.utils import convert_tool_responses_to_completions_format as to_chat\n\n\n"
RM = "from vllm.entrypoints.openai.responses import utils as rutils\n\n\n"
CLS = "#50334 mapping made a record"


def _k(n: str, body: str, line: str, head: str = RU) -> Killer:
    return K(*CT, f"vllm/aeon/r46_{n}.py", head + body, line)


CASES += [
    (
        CLS,
        "an index in a comprehension",
        _k(
            "c1",
            "def aeon_tool_names(tools: list[dict]) -> list[str]:\n"
            "    # AEON: the Spark's allow-list is keyed by function name\n"
            "    return [to_chat(t)['function']['name'] for t in tools]\n",
            "    return [to_chat(t)['function']['name'] for t in tools]",
        ),
    ),
    (
        CLS,
        ".items() of a local",
        _k(
            "c2",
            "def aeon_flat(tool: dict) -> dict:\n"
            "    converted = to_chat(tool)\n"
            "    return {k: v for k, v in converted.items() if k != 'type'}\n",
            "    return {k: v for k, v in converted.items() if k != 'type'}",
        ),
    ),
    (
        CLS,
        "len() through a module attribute",
        _k(
            "c3",
            "def aeon_tool_width(tool: dict) -> int:\n    return len(rutils.convert_tool_responses_to_completions_format(tool))\n",
            "    return len(rutils.convert_tool_responses_to_completions_format(tool))",
            RM,
        ),
    ),
    (
        CLS,
        ".keys() after an unrelated test",
        _k(
            "c4",
            "def aeon_has_function(tool: dict, strict: bool) -> bool:\n"
            "    chat = to_chat(tool)\n"
            "    if strict:\n"
            "        tool = dict(tool)\n"
            "    return 'function' in chat.keys()\n",
            "    return 'function' in chat.keys()",
        ),
    ),
    (
        CLS,
        "an index under a hasattr of another name",
        _k(
            "c5",
            "def aeon_name(tool: dict, other: object) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if hasattr(other, 'function'):\n"
            "        return chat['function']['name']\n"
            "    return ''\n",
            "        return chat['function']['name']",
        ),
    ),
]

TWINS += [
    (
        CLS,
        "twin: hasattr of the new field, the old index in the other branch",
        _k(
            "t1",
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if hasattr(chat, 'function'):\n"
            "        return chat.function.name\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: isinstance of the new class first",
        _k(
            "t2",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionToolsParam\n\n\n"
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if isinstance(chat, ChatCompletionToolsParam):\n"
            "        return chat.function.name\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: not isinstance dict, then model_dump rebinding",
        _k(
            "t3",
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if not isinstance(chat, dict):\n"
            "        chat = chat.model_dump()\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: model_dump() first, then the index",
        _k(
            "t4",
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool).model_dump()\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: model_dump().get on the call",
        _k(
            "t5",
            "def aeon_function(tool: dict) -> dict:\n    return to_chat(tool).model_dump().get('function', {})\n",
            "    return to_chat(tool).model_dump().get('function', {})",
        ),
    ),
    (
        CLS,
        "twin: try catching AttributeError around .get",
        _k(
            "t6",
            "def aeon_function(tool: dict) -> object:\n"
            "    chat = to_chat(tool)\n"
            "    try:\n"
            "        return chat.get('function')\n"
            "    except AttributeError:\n"
            "        return chat.function\n",
            "        return chat.get('function')",
        ),
    ),
    (
        CLS,
        "twin: try catching (KeyError, TypeError) around the index",
        _k(
            "t7",
            "def aeon_name(tool: dict) -> str:\n"
            "    try:\n"
            "        return to_chat(tool)['function']['name']\n"
            "    except (KeyError, TypeError):\n"
            "        return to_chat(tool).function.name\n",
            "        return to_chat(tool)['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: try catching Exception around .items()",
        _k(
            "t8",
            "def aeon_pairs(tool: dict) -> list:\n"
            "    try:\n"
            "        return list(to_chat(tool).items())\n"
            "    except Exception:\n"
            "        return list(to_chat(tool).model_dump().items())\n",
            "        return list(to_chat(tool).items())",
        ),
    ),
    (
        CLS,
        "twin: contextlib.suppress(TypeError) around the index",
        _k(
            "t9",
            "def aeon_name(tool: dict) -> str:\n"
            "    with contextlib.suppress(TypeError):\n"
            "        return to_chat(tool)['function']['name']\n"
            "    return to_chat(tool).function.name\n",
            "        return to_chat(tool)['function']['name']",
            "import contextlib\n\n" + RU,
        ),
    ),
    (
        CLS,
        "twin: the fork's own namesake function in the file",
        K(
            *CT,
            "vllm/aeon/r46_t10.py",
            "def convert_tool_responses_to_completions_format(tool: dict) -> dict:\n"
            "    # AEON: the Spark's chat templates still take the flat dict\n"
            "    return {'type': 'function', 'function': tool}\n\n\n"
            "def aeon_name(tool: dict) -> str:\n"
            "    return convert_tool_responses_to_completions_format(tool)['function']['name']\n",
            "    return convert_tool_responses_to_completions_format(tool)['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: the fork's own module's namesake",
        Killer(
            *CT,
            (
                Edit(
                    "vllm/aeon/r46_tools.py",
                    "def convert_tool_responses_to_completions_format(tool: dict) -> dict:\n"
                    "    return {'type': 'function', 'function': tool}\n",
                ),
                Edit(
                    "vllm/aeon/r46_t11.py",
                    "from vllm.aeon.r46_tools import convert_tool_responses_to_completions_format\n\n\n"
                    "def aeon_name(tool: dict) -> str:\n"
                    "    return convert_tool_responses_to_completions_format(tool)['function']['name']\n",
                ),
            ),
            (
                (
                    "vllm/aeon/r46_t11.py",
                    "    return convert_tool_responses_to_completions_format(tool)['function']['name']",
                ),
            ),
        ),
    ),
    (
        CLS,
        "twin: the fork's own method of the name",
        _k(
            "t12",
            "class AeonTools:\n"
            "    def convert_tool_responses_to_completions_format(self, tool: dict) -> dict:\n"
            "        return {'type': 'function', 'function': tool}\n\n"
            "    def name(self, tool: dict) -> str:\n"
            "        return self.convert_tool_responses_to_completions_format(tool)['function']['name']\n",
            "        return self.convert_tool_responses_to_completions_format(tool)['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: a shim the fork patches onto the class",
        _k(
            "t13",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionToolsParam\n\n"
            "# AEON: the Spark's plugins still index tools like dicts\n"
            "ChatCompletionToolsParam.__getitem__ = lambda self, key: getattr(self, key)\n\n\n"
            "def aeon_kind(tool: dict) -> str:\n"
            "    return to_chat(tool)['type']\n",
            "    return to_chat(tool)['type']",
        ),
    ),
    (
        CLS,
        "twin: the new spelling",
        _k(
            "t14",
            "def aeon_name(tool: dict) -> str:\n    return to_chat(tool).function.name\n",
            "    return to_chat(tool).function.name",
        ),
    ),
    (
        CLS,
        "twin: a for over the model",
        _k(
            "t15",
            "def aeon_fields(tool: dict) -> list[str]:\n"
            "    out = []\n"
            "    for field, _value in to_chat(tool):\n"
            "        out.append(field)\n"
            "    return out\n",
            "    for field, _value in to_chat(tool):",
        ),
    ),
    (
        CLS,
        "twin: dict() of the model first",
        _k(
            "t16",
            "def aeon_kind(tool: dict) -> str:\n    return dict(to_chat(tool))['type']\n",
            "    return dict(to_chat(tool))['type']",
        ),
    ),
    (
        CLS,
        "twin: the name rebound to a dict of the fields",
        _k(
            "t17",
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    chat = {'type': chat.type, 'function': chat.function.model_dump()}\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: a same-named local in another function",
        _k(
            "t18",
            "def aeon_wrap(tool: dict) -> object:\n"
            "    chat = to_chat(tool)\n"
            "    return chat.function\n\n\n"
            "def aeon_name(chat: dict) -> str:\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: getattr of get with a default",
        _k(
            "t19",
            "def aeon_function(tool: dict) -> object:\n"
            "    chat = to_chat(tool)\n"
            "    getter = getattr(chat, 'get', None)\n"
            "    return getter('function') if getter is not None else chat.function\n",
            "    return getter('function') if getter is not None else chat.function",
        ),
    ),
    (
        CLS,
        "twin: isinstance Mapping guard",
        _k(
            "t20",
            "from collections.abc import Mapping\n\n\n"
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if isinstance(chat, Mapping):\n"
            "        return chat['function']['name']\n"
            "    return chat.function.name\n",
            "        return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: model_dump on the field, then an index",
        _k(
            "t21",
            "def aeon_name(tool: dict) -> str:\n    return to_chat(tool).function.model_dump()['name']\n",
            "    return to_chat(tool).function.model_dump()['name']",
        ),
    ),
    (
        CLS,
        "twin: a walrus with the new spelling",
        _k(
            "t22",
            "def aeon_name(tool: dict) -> str | None:\n"
            "    if (chat := to_chat(tool)) is not None:\n"
            "        return chat.function.name\n"
            "    return None\n",
            "        return chat.function.name",
        ),
    ),
    (
        CLS,
        "twin: hasattr of model_dump, dump first",
        _k(
            "t23",
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    data = chat.model_dump() if hasattr(chat, 'model_dump') else chat\n"
            "    return data['function']['name']\n",
            "    return data['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: hasattr guard as an early return",
        _k(
            "t24",
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if hasattr(chat, 'function'):\n"
            "        return chat.function.name\n"
            "    names = chat['function']\n"
            "    return names['name']\n",
            "    names = chat['function']",
        ),
    ),
    (
        CLS,
        "twin: not isinstance of the new class, else the fields",
        _k(
            "t25",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionToolsParam\n\n\n"
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if not isinstance(chat, ChatCompletionToolsParam):\n"
            "        return chat['function']['name']\n"
            "    return chat.function.name\n",
            "        return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: a fork subclass's own override of the helper's caller",
        _k(
            "t26",
            "def aeon_tools(tools: list[dict]) -> list[dict]:\n"
            "    return [to_chat(t).model_dump(exclude_none=True) for t in tools]\n\n\n"
            "def aeon_names(tools: list[dict]) -> list[str]:\n"
            "    return [t['function']['name'] for t in aeon_tools(tools)]\n",
            "    return [t['function']['name'] for t in aeon_tools(tools)]",
        ),
    ),
]

# round 3: other real commits of the kind, whose new class still is a mapping, and two more guards of #50334
MK = ("#23097", "d3f71f1224", "BaseMultiModalProcessor._merge_mm_kwargs dict -> MultiModalKwargsItems (a UserDict)")
DO = ("#35025", "987506bca6", "MultiModalConfig._validate_limit_per_prompt dict -> MMDummyOptions (a dict alias)")
TWINS += [
    (
        "#23097 mapping made a UserDict",
        "twin: a subclass indexes the merged kwargs",
        K(
            *MK,
            "vllm/aeon/r46_t27.py",
            "from vllm.multimodal.processing import BaseMultiModalProcessor\n\n\n"
            "class AeonProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_images(self, cache, hashes, missing) -> list:\n"
            "        merged = self._merge_mm_kwargs(cache, hashes, missing)\n"
            "        return [item for _, items in merged.items() for item in items] + list(merged['image'])\n",
            "        return [item for _, items in merged.items() for item in items] + list(merged['image'])",
        ),
    ),
    (
        "#35025 mapping made an alias",
        "twin: .get of the validated limits",
        K(
            *DO,
            "vllm/aeon/r46_t28.py",
            "from vllm.config.multimodal import MultiModalConfig\n\n\n"
            "def aeon_image_limit(value: dict) -> object:\n"
            "    return MultiModalConfig._validate_limit_per_prompt(value).get('image')\n",
            "    return MultiModalConfig._validate_limit_per_prompt(value).get('image')",
        ),
    ),
    (
        CLS,
        "twin: getattr of the new field with a default, the index where it is None",
        _k(
            "t29",
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    function = getattr(chat, 'function', None)\n"
            "    if function is not None:\n"
            "        return function.name\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
    (
        CLS,
        "twin: a version check",
        _k(
            "t30",
            "from packaging.version import Version\n\nfrom vllm import __version__\n\n\n"
            "def aeon_name(tool: dict) -> str:\n"
            "    chat = to_chat(tool)\n"
            "    if Version(__version__) >= Version('0.20.0'):\n"
            "        return chat.function.name\n"
            "    return chat['function']['name']\n",
            "    return chat['function']['name']",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review46-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
