"""A new base hook's calls on a receiver built from a holder's class-level ``type[C]`` field, and the kinds of
value those calls hand the fork's namesake (killers212: #33513 added ``count_reasoning_tokens(token_ids)``,
called by the Responses serving on ``self.parser.reasoning_parser_cls(tokenizer)``)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ABS = "vllm/reasoning/abs.py"
HOLDER = "vllm/parser/holder.py"
SERVING = "vllm/serve/serving.py"
FORK = "vllm/reasoning/aeon_parser.py"
ABS_TEXT = "class ReasoningParser:\n    def is_end(self, ids: list[int]) -> bool:\n        return False\n"
HOOK = "\n    def count_tokens(self, token_ids: list[int]) -> int:\n        return 0\n"
HOLDER_TEXT = (
    "from vllm.reasoning.abs import ReasoningParser\n\n\n"
    "class Other:\n    def count_tokens(self, ids: list[int]) -> int:\n        return 1\n\n\n"
    "class Parser:\n"
    "    reasoning_cls: type[ReasoningParser] | None = None\n"
    "    other_cls: type[Other] | None = None\n\n\n"
    "class Manager:\n"
    "    @classmethod\n"
    "    def get_parser(cls, name: str) -> type[Parser] | None:\n"
    "        return Parser\n"
)
SERVING_TEXT = (
    "from vllm.parser.holder import Manager\n\n\n"
    "class Serving:\n"
    "    def __init__(self, name: str) -> None:\n"
    "        self.parser = Manager.get_parser(name)\n\n"
    "    def usage(self, tok: object, ids: list[int]) -> int:\n"
    "        return 0\n"
)
COUNTED = SERVING_TEXT.replace(
    "        return 0\n",
    "        assert self.parser is not None and self.parser.reasoning_cls is not None\n"
    "        rp = self.parser.reasoning_cls(tok)\n"
    "        return rp.count_tokens(ids)\n",
)
BASE = {"vllm/reasoning/__init__.py": "", "vllm/parser/__init__.py": "", "vllm/serve/__init__.py": ""}
BASE |= {ABS: ABS_TEXT, HOLDER: HOLDER_TEXT, SERVING: SERVING_TEXT}
UPSTREAM: dict[str, str | None] = {ABS: ABS_TEXT + HOOK, SERVING: COUNTED}


def _fork(method: str) -> dict[str, str]:
    head = "from vllm.reasoning.abs import ReasoningParser\n\n\n"
    return {FORK: head + "class AeonParser(ReasoningParser):\n" + method}


def _found(repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("[Frontend] Fix reasoning_tokens (#33513)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "the fork's own method, now overrides" in f.message
    ]


ANNOTATED = {
    ABS: ABS_TEXT + HOOK,
    SERVING: COUNTED.replace("self.parser = Manager", "self.parser: type[Parser] | None = Manager").replace(
        "import Manager\n", "import Manager, Parser\n"
    ),
}
TYPED = {
    ABS: ABS_TEXT + HOOK,
    SERVING: SERVING_TEXT.replace(
        "import Manager\n", "import Manager\nfrom vllm.reasoning.abs import ReasoningParser\n"
    )
    + "\n\ndef usage(parser: ReasoningParser, ids: list[int]) -> int:\n    return parser.count_tokens(token_ids=ids)\n",
}


@pytest.mark.parametrize(
    ("method", "upstream", "says"),
    [
        # a receiver built from the holder's type[ReasoningParser] field, the holder a call's return
        (
            "    def count_tokens(self, token_ids: list[int], num_draft: int) -> int:\n        return 0  # AEON\n",
            UPSTREAM,
            "which does not pass num_draft, which the fork's method requires: TypeError",
        ),
        # the same, the holder field annotated
        (
            "    def count_tokens(self, token_ids: list[int], num_draft: int) -> int:\n        return 0  # AEON\n",
            ANNOTATED,
            "which does not pass num_draft",
        ),
        # another kind of value handed, through the chain
        (
            "    def count_tokens(self, text: str) -> int:\n        return len(text.split())  # AEON\n",
            UPSTREAM,
            "handing token_ids a list[int] (the hook's annotation), where the fork's method takes text: str",
        ),
        # another kind of value handed by keyword, on a typed parameter
        (
            "    def count_tokens(self, token_ids: str) -> int:\n        return len(token_ids)  # AEON\n",
            TYPED,
            "parser.count_tokens(token_ids=ids), handing token_ids a list[int]",
        ),
    ],
    ids=["chain, extra parameter", "annotated holder", "chain, str", "keyword, str"],
)
def test_a_namesake_the_hook_calls_cannot_serve(
    git_repo: GitRepo, method: str, upstream: dict[str, str | None], says: str
) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(method), upstream)
    assert (line, severity) == (5, "error")
    assert says in message


OTHER = {ABS: ABS_TEXT + HOOK, SERVING: COUNTED.replace("self.parser.reasoning_cls", "self.parser.other_cls")}
STR_HOOK = {
    ABS: ABS_TEXT + HOOK.replace("token_ids: list[int]", "token_ids: str"),
    SERVING: TYPED[SERVING],
}


@pytest.mark.parametrize(
    ("method", "upstream"),
    [
        # fits the hook's calls
        ("    def count_tokens(self, token_ids: list[int]) -> int:\n        return len(token_ids)\n", UPSTREAM),
        # unannotated or Any: nothing said of the kind
        ("    def count_tokens(self, text) -> int:\n        return 0\n", UPSTREAM),
        # the chain types the receiver as another class: not the fork's
        ("    def count_tokens(self, token_ids: list[int], num_draft: int) -> int:\n        return 0\n", OTHER),
        # a str handed where the fork takes a collection: a string is a sequence
        ("    def count_tokens(self, token_ids: list[str]) -> int:\n        return len(token_ids)\n", STR_HOOK),
    ],
    ids=["fits", "unannotated", "other class", "str to collection"],
)
def test_stays_the_namesake_warning(git_repo: GitRepo, method: str, upstream: dict[str, str | None]) -> None:
    [(line, severity, _)] = _found(git_repo, _fork(method), upstream)
    assert (line, severity) == (5, "warning")
