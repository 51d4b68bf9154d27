"""Stopped writes (drift/stopped_writes.py): #49003 made ``ChatCompletionRequest.to_sampling_params`` stop
assigning ``self.structured_outputs``; a fork's read of ``request.structured_outputs`` after the call now sees
the field as the client sent it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

# upstream's serving code still writes the field (a tool parser's adjust_request): it is not a field nothing sets
SERVING = (
    "def adjust(request) -> None:\n    request.structured_outputs = {'json': 'tool'}\n\n\n"
    "def reset(scorer) -> None:\n    scorer.result = 0.0\n"
)
PACKAGES = {"vllm/__init__.py": "", "vllm/serving.py": SERVING}
USE = "vllm/aeon_use.py"
PROTOCOL = "vllm/protocol.py"
BASE = (
    "class ChatRequest:\n    structured_outputs: dict | None = None\n    response_format: str | None = None\n\n"
    "    def to_sampling_params(self, max_tokens: int) -> dict:\n"
    "        if self.response_format is not None:\n"
    "            self.structured_outputs = {'json': self.response_format}\n"
    "        return {'max_tokens': max_tokens, 'structured_outputs': self.structured_outputs}\n"
)
THEIRS = (
    "class ChatRequest:\n    structured_outputs: dict | None = None\n    response_format: str | None = None\n\n"
    "    def extract(self) -> dict | None:\n"
    "        if self.response_format is not None:\n            return {'json': self.response_format}\n"
    "        return self.structured_outputs\n\n"
    "    def to_sampling_params(self, max_tokens: int) -> dict:\n"
    "        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n"
)
# a second class whose method stopped its write in every variant: the killer beside each twin
OTHER_BASE = (
    "\n\nclass Scorer:\n    result: float | None = None\n\n"
    "    def score(self, x: float) -> float:\n        value = x * 2\n        self.result = value\n        return value\n"
)
OTHER_THEIRS = OTHER_BASE.replace("        self.result = value\n", "")
OTHER_READ = (
    "\n\nfrom vllm.protocol import Scorer  # noqa: E402\n\n\n"
    "def scored(scorer: Scorer) -> str:\n    scorer.score(2.0)\n    return str(scorer.result)\n"
)
HEAD = "from vllm.protocol import ChatRequest\n\n\n"
READ = (
    "def key(request: ChatRequest) -> str:\n    request.to_sampling_params(16)\n"
    "    return str(request.structured_outputs)\n"
)


def run(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    base = BASE + (OTHER_BASE if OTHER_THEIRS in theirs else "")
    sides = three_way(git_repo, {PROTOCOL: base, **PACKAGES}, {USE: fork}, {PROTOCOL: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


# The error rows of two tests below each put one fork module beside the same base and upstream, and each row's test
# pins its own module's findings exactly: no row's module imports another's, so one merge and one audit of every
# row's module side by side answers each row (9 merges and audits became one per process; suitespeed7).  The quiet
# rows keep a merge each: there a row's module could be quiet for something another row's module declared.
_ERROR_BODIES: list[str] = []
_AUDITED: dict[tuple[str, ...], dict[str, list[tuple[str, int, str]]]] = {}


def _error_rows(bodies: list[str]) -> list[str]:
    _ERROR_BODIES.extend(bodies)
    return bodies


def run_among_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    """The findings in ``fork``'s module, from the one audit of every error row's module (each read as ``USE``)."""
    forks = tuple(dict.fromkeys(HEAD + body for body in _ERROR_BODIES))
    if forks not in _AUDITED:
        paths = {text: f"vllm/aeon_use_{number}.py" for number, text in enumerate(forks)}
        ours = {path: text for text, path in paths.items()}
        sides = three_way(git_repo, {PROTOCOL: BASE, **PACKAGES}, ours, {PROTOCOL: THEIRS})
        every = found(audit(git_repo, sides, tmp_path), RULE)
        assert all(path in paths.values() for path, _, _ in every), every
        _AUDITED[forks] = {
            text: [(USE, line, severity) for at, line, severity in every if at == path] for text, path in paths.items()
        }
    return _AUDITED[forks][fork]


@pytest.mark.parametrize(
    "body",
    _error_rows(
        [
            READ,
            # self in a fork subclass that keeps the method
            "class Mine(ChatRequest):\n    def key(self) -> str:\n        self.to_sampling_params(16)\n"
            "        return str(self.structured_outputs)\n",
            # the call in an if's test, the read in its body; the call in a branch, the read below the if
            "def key(request: ChatRequest) -> str:\n    if request.to_sampling_params(16):\n"
            "        return str(request.structured_outputs)\n    return ''\n",
            "def key(request: ChatRequest, fast: bool) -> str:\n    if fast:\n        request.to_sampling_params(16)\n"
            "    return str(request.structured_outputs)\n",
            # a receiver that may be None, annotated either way (past the call it is the object)
            "def key(request: ChatRequest | None) -> str:\n    assert request is not None\n"
            "    request.to_sampling_params(16)\n    return str(request.structured_outputs)\n",
            "from typing import Optional  # noqa: E402\n\n\ndef key(request: 'Optional[ChatRequest]') -> str:\n"
            "    assert request is not None\n    request.to_sampling_params(16)\n    return str(request.structured_outputs)\n",
        ]
    ),
)
def test_a_read_after_a_call_that_no_longer_sets_the_field(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + body
    assert run_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, "str("), "error")]


def test_a_field_another_method_still_sets_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = THEIRS + "\n    def prepare(self) -> None:\n        self.structured_outputs = self.extract()\n"
    fork = HEAD + READ
    assert run(git_repo, tmp_path, fork, theirs) == [(USE, line_of(fork, "str("), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # the read before the call
        "def key(request: ChatRequest) -> str:\n    seen = str(request.structured_outputs)\n"
        "    request.to_sampling_params(16)\n    return seen\n",
        # the fork stores the field itself
        "def key(request: ChatRequest) -> str:\n    request.to_sampling_params(16)\n"
        "    request.structured_outputs = None\n    return str(request.structured_outputs)\n",
        # the receiver re-bound
        "def key(request: ChatRequest, other: ChatRequest) -> str:\n    request.to_sampling_params(16)\n"
        "    request = other\n    return str(request.structured_outputs)\n",
        # a subclass that overrides the method
        "class Mine(ChatRequest):\n    def to_sampling_params(self, max_tokens: int) -> dict:\n"
        "        self.structured_outputs = None\n        return {}\n\n"
        "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
        # another field, which the method never stored
        "def key(request: ChatRequest) -> str:\n    request.to_sampling_params(16)\n"
        "    return str(request.response_format)\n",
        # the fork hands the receiver to its own filler between the call and the read
        "def _fill(request: ChatRequest) -> None:\n    request.structured_outputs = request.extract()\n\n\n"
        "def key(request: ChatRequest) -> str:\n    request.to_sampling_params(16)\n    _fill(request)\n"
        "    return str(request.structured_outputs)\n",
        # the read in the other branch of the if that calls
        "def key(request: ChatRequest, fast: bool) -> str:\n"
        "    if fast:\n        request.to_sampling_params(16)\n        return ''\n"
        "    else:\n        return str(request.structured_outputs)\n",
    ],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    """Each twin beside the killer's read: only the killer's line is found."""
    fork = HEAD + body + "\n\n" + READ.replace("def key(", "def killer(")
    assert run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "def killer(") + 2, "error")]


@pytest.mark.parametrize(
    "theirs",
    [
        # the write moved into a helper the method calls
        THEIRS.replace(
            "        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n",
            "        self._fill()\n        return {'max_tokens': max_tokens}\n\n"
            "    def _fill(self) -> None:\n        self.structured_outputs = self.extract()\n",
        ),
        # the method hands on to a base class, which may store it
        "class Base:\n    def to_sampling_params(self, max_tokens: int) -> dict:\n        return {}\n\n\n"
        + THEIRS.replace("class ChatRequest:", "class ChatRequest(Base):").replace(
            "        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n",
            "        return super().to_sampling_params(max_tokens)\n",
        ),
        # the write moved into a helper of a base class, called on self
        "class Base:\n    structured_outputs: dict | None = None\n\n"
        "    def _apply_format(self) -> None:\n        self.structured_outputs = {'json': 'x'}\n\n\n"
        + THEIRS.replace("class ChatRequest:", "class ChatRequest(Base):").replace(
            "        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n",
            "        self._apply_format()\n        return {'max_tokens': max_tokens}\n",
        ),
    ],
)
def test_a_write_still_reached_stays_silent(git_repo: GitRepo, tmp_path: Path, theirs: str) -> None:
    """The other class's read, below the same call, is still found."""
    fork = HEAD + READ + OTHER_READ
    assert run(git_repo, tmp_path, fork, theirs + OTHER_THEIRS) == [(USE, line_of(fork, "str(scorer.result"), "error")]


def test_a_method_handing_self_to_a_helper_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """``_fill(self)``: a module function may store the field."""
    theirs = (
        THEIRS.replace(
            "        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n",
            "        _fill(self)\n        return {'max_tokens': max_tokens}\n",
        )
        + "\n\ndef _fill(request: ChatRequest) -> None:\n    request.structured_outputs = request.extract()\n"
    )
    fork = HEAD + READ + OTHER_READ
    assert run(git_repo, tmp_path, fork, theirs + OTHER_THEIRS) == [(USE, line_of(fork, "str(scorer.result"), "error")]


def test_a_write_moved_to_construction_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    """A validator filling ``data["structured_outputs"]`` before the object exists: the read may see it set."""
    theirs = THEIRS + (
        "\n    @classmethod\n    def fill(cls, data: dict) -> dict:\n"
        "        if data.get('response_format') is not None:\n"
        "            data['structured_outputs'] = {'json': data['response_format']}\n"
        "        return data\n"
    )
    fork = HEAD + READ
    assert run(git_repo, tmp_path, fork, theirs) == [(USE, line_of(fork, "str("), "warning")]


def test_a_fork_subclass_storing_the_field_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """The subclass overrides the helper to store the field: its own read after the call sees its write."""
    fork = HEAD + (
        "class Mine(ChatRequest):\n"
        "    def extract(self) -> dict | None:\n"
        "        self.structured_outputs = super().extract()\n"
        "        return self.structured_outputs\n\n"
        "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n"
    )
    assert [f for f in run(git_repo, tmp_path, fork) if f[2] == "error"] == []


@pytest.mark.parametrize(
    "body",
    [
        # a mixin of the fork's module, ahead of the class in the bases, overrides the method to store the field
        "class Fold:\n    def to_sampling_params(self, max_tokens: int) -> dict:\n"
        "        self.structured_outputs = self.extract()\n        return super().to_sampling_params(max_tokens)\n\n\n"
        "class Mine(Fold, ChatRequest):\n"
        "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
        # the mixin ahead stores the field through its own base, in the module too
        "class Store:\n    def to_sampling_params(self, max_tokens: int) -> dict:\n"
        "        self.structured_outputs = self.extract()\n        return super().to_sampling_params(max_tokens)\n\n\n"
        "class Fold(Store):\n    pass\n\n\n"
        "class Mine(Fold, ChatRequest):\n"
        "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
        # a mixin ahead imported from elsewhere: it may override the method, which the module cannot tell
        "from vllm.aeon_mixins import Fold  # noqa: E402\n\n\n"
        "class Mine(Fold, ChatRequest):\n"
        "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
        # a property of the field's name in the subclass: the read reaches it, not the stale value
        "class Mine(ChatRequest):\n    @property  # type: ignore[override]\n"
        "    def structured_outputs(self) -> dict | None:\n        return self.extract()\n\n"
        "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
        # the call in a nested function or a lambda that does not hold the read: it runs later, or never
        "def key(request: ChatRequest) -> str:\n"
        "    def build() -> dict:\n        return request.to_sampling_params(16)\n\n"
        "    asked = str(request.structured_outputs)\n    return asked + str(build())\n",
        "def key(request: ChatRequest) -> str:\n"
        "    later = lambda: request.to_sampling_params(16)  # noqa: E731\n"
        "    return str(request.structured_outputs) + str(later)\n",
    ],
)
def test_a_fill_the_fork_makes_first_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    """Each twin beside the killer's read: only the killer's line is found."""
    fork = HEAD + body + "\n\n" + READ.replace("def key(", "def killer(")
    assert run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "def killer(") + 2, "error")]


@pytest.mark.parametrize(
    "body",
    _error_rows(
        [
            # a mixin ahead of the class that neither overrides the method nor stores the field
            "class Tag:\n    def tag(self) -> str:\n        return 'aeon'\n\n\n"
            "class Mine(Tag, ChatRequest):\n"
            "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
            # a typing marker ahead of it
            "from typing import Generic, TypeVar  # noqa: E402\n\nT = TypeVar('T')\n\n\n"
            "class Mine(Generic[T], ChatRequest):\n"
            "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
            # the call and the read in the same nested function
            "def key(request: ChatRequest):  # type: ignore[no-untyped-def]\n"
            "    def build() -> str:\n        request.to_sampling_params(16)\n        return str(request.structured_outputs)\n\n"
            "    return build\n",
        ]
    ),
)
def test_a_mixin_or_a_nested_function_that_fills_nothing_is_still_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    fork = HEAD + body
    assert run_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, "return str("), "error")]


def test_a_call_of_a_callable_the_class_holds_is_no_base_helper(git_repo: GitRepo, tmp_path: Path) -> None:
    """``self.hook(...)``, ``hook`` a field of the class, not a method: it is handed no ``self`` and cannot store
    the field, so the stopped write is still found (a ``self.`` call of a method the class lacks is not)."""
    hooked = THEIRS.replace(
        "    response_format: str | None = None\n", "    response_format: str | None = None\n    hook: object = None\n"
    ).replace(
        "        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n",
        "        self.hook(max_tokens)\n        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n",
    )
    fork = HEAD + READ
    assert run(git_repo, tmp_path, fork, hooked) == [(USE, line_of(fork, "str("), "error")]


def test_an_override_reading_the_field_after_super_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """The fork's override hands on to upstream's method through ``super()`` and reads the field it used to
    store: the read now sees the field as it was before the call."""
    fork = HEAD + (
        "class Mine(ChatRequest):\n"
        "    def to_sampling_params(self, max_tokens: int) -> dict:\n"
        "        params = super().to_sampling_params(max_tokens)\n"
        "        params['aeon_grammar'] = str(self.structured_outputs)\n"
        "        return params\n"
    )
    assert run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "aeon_grammar"), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # the override is the fork's own, with no super(): its self.to_sampling_params() never stored the field
        "class Mine(ChatRequest):\n    def to_sampling_params(self, max_tokens: int) -> dict:\n"
        "        return {'max_tokens': max_tokens}\n\n"
        "    def key(self) -> str:\n        self.to_sampling_params(16)\n        return str(self.structured_outputs)\n",
        # the override stores the field after super()
        "class Mine(ChatRequest):\n    def to_sampling_params(self, max_tokens: int) -> dict:\n"
        "        params = super().to_sampling_params(max_tokens)\n"
        "        self.structured_outputs = self.extract()\n"
        "        return {**params, 'aeon': str(self.structured_outputs)}\n",
    ],
)
def test_an_override_of_its_own_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + body + "\n\n" + READ.replace("def key(", "def killer(")
    assert run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "def killer(") + 2, "error")]


# -- #25524: PoolingParams.verify had stored ``activation`` through its own helper, and now hands ``self`` to
# ``get_use_activation(self)``, a function of another module that only reads it
APPLY = "        if self.response_format is not None:\n            self.structured_outputs = {'json': self.response_format}\n"
BASE_HELPER = BASE.replace(APPLY, "        self._apply()\n") + "\n    def _apply(self) -> None:\n" + APPLY
PEEK = "vllm/peek.py"
READER = "def peek(request) -> str | None:\n    return str(getattr(request, 'response_format', None))\n"
WRITER = "def peek(request) -> None:\n    request.structured_outputs = {}\n"
ALIAS = "def peek(request) -> None:\n    seen = request\n    seen.structured_outputs = {}\n"
HANDED = "from vllm.serving import adjust\n\n\ndef peek(request) -> None:\n    adjust(request)\n"


def with_theirs_call(call: str, head: str = "") -> str:
    """THEIRS whose ``to_sampling_params`` also runs ``call`` (handing it ``self``)."""
    return head + THEIRS.replace(
        "        return {'max_tokens': max_tokens, 'structured_outputs': self.extract()}\n",
        f"        {call}\n        return {{'max_tokens': max_tokens, 'structured_outputs': self.extract()}}\n",
    )


def run_with(
    git_repo: GitRepo, tmp_path: Path, base: str, theirs: str, extra: dict[str, str]
) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {PROTOCOL: base, **PACKAGES, **extra}, {USE: HEAD + READ}, {PROTOCOL: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    ("base", "theirs", "extra"),
    [
        # the base's method stored the field through a helper of the class's own
        (BASE_HELPER, THEIRS, {}),
        # upstream's method hands self to a reading builtin, a module function that only reads it, or one imported
        (BASE, with_theirs_call("getattr(self, 'response_format', None)"), {}),
        (BASE, with_theirs_call("_peek(self)") + "\n\n" + READER.replace("def peek", "def _peek"), {}),
        (BASE, with_theirs_call("peek(self)", "from vllm.peek import peek\n\n\n"), {PEEK: READER}),
    ],
)
def test_a_store_through_a_helper_or_past_a_reader_is_found(
    git_repo: GitRepo, tmp_path: Path, base: str, theirs: str, extra: dict[str, str]
) -> None:
    fork = HEAD + READ
    assert run_with(git_repo, tmp_path, base, theirs, extra) == [(USE, line_of(fork, "str("), "error")]


@pytest.mark.parametrize(
    ("theirs", "extra"),
    [
        # the function handed self stores on it, directly, through another name, or hands it on
        (with_theirs_call("peek(self)", "from vllm.peek import peek\n\n\n"), {PEEK: WRITER}),
        (with_theirs_call("peek(self)", "from vllm.peek import peek\n\n\n"), {PEEK: ALIAS}),
        (with_theirs_call("peek(self)", "from vllm.peek import peek\n\n\n"), {PEEK: HANDED}),
        # a function the tree does not define there (re-exported, or from outside)
        (with_theirs_call("peek(self)", "from vllm.elsewhere import peek\n\n\n"), {PEEK: READER}),
        (with_theirs_call("setattr(self, 'structured_outputs', {})"), {}),
    ],
)
def test_a_function_that_may_store_it_stays_silent(
    git_repo: GitRepo, tmp_path: Path, theirs: str, extra: dict[str, str]
) -> None:
    assert run_with(git_repo, tmp_path, BASE, theirs, extra) == []


def test_a_helper_storing_a_computed_name_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    """``setattr(self, k, v)`` in a helper the method reaches: it may store the field, or not."""
    theirs = with_theirs_call("self._merge(['response_format'])") + (
        "\n    def _merge(self, keys: list[str]) -> None:\n"
        "        for k in keys:\n            setattr(self, k, getattr(self, k, None))\n"
    )
    fork = HEAD + READ
    assert run_with(git_repo, tmp_path, BASE, theirs, {}) == [(USE, line_of(fork, "str("), "warning")]


# -- review25: a stopped store whose loss a read after the call does not see (#26758, #30397), and a stopped reset
# (#34119).  Each base stores ``structured_outputs`` in ``to_sampling_params`` itself; upstream stops.
def base_storing(fields: str, store: str) -> str:
    """A ChatRequest declaring ``fields`` whose ``to_sampling_params`` runs ``store`` (indented lines)."""
    return (
        f"class ChatRequest:\n{fields}\n"
        f"    def to_sampling_params(self, max_tokens: int) -> dict:\n{store}"
        "        return {'max_tokens': max_tokens, 'structured_outputs': self.structured_outputs}\n"
    )


def theirs_declaring(fields: str, head: str = "") -> str:
    return head + base_storing(fields, "")


OPTIONAL = "    structured_outputs: dict | None = None\n"
LEGACY = "    legacy_json: bool = False\n"
FILL = "        if self.structured_outputs is None:\n            self.structured_outputs = {'json': 'any'}\n"
SWAP = "        if self.structured_outputs == 'v0':\n            self.structured_outputs = 'v1'\n"
CONFIG = {
    "vllm/config/__init__.py": "from vllm.config.values import Defaults\n",
    "vllm/config/values.py": "class Defaults:\n    structured_outputs: str = 'v1'\n",
}


@pytest.mark.parametrize(
    ("base", "theirs", "extra"),
    [
        # the store served an input upstream removed from the class (#30397's DP flag)
        (
            base_storing(
                OPTIONAL + LEGACY, "        if self.legacy_json:\n            self.structured_outputs = {'json': 1}\n"
            ),
            theirs_declaring(OPTIONAL),
            {},
        ),
        # a fill of None in a field upstream now declares with a type that takes no None (#30397's seed)
        (base_storing(OPTIONAL, FILL), theirs_declaring("    structured_outputs: dict = {'json': 'any'}\n"), {}),
        # a swap of the field at its default for the value upstream now makes the default (#26758's scheduler_cls),
        # in the class itself or through the class attribute it names (one re-export away)
        (
            base_storing("    structured_outputs: str = 'v0'\n", SWAP),
            theirs_declaring("    structured_outputs: str = 'v1'\n"),
            {},
        ),
        (
            base_storing("    structured_outputs: str = 'v0'\n", SWAP),
            theirs_declaring(
                "    structured_outputs: str = Defaults.structured_outputs\n", "from vllm.config import Defaults\n\n\n"
            ),
            CONFIG,
        ),
    ],
)
def test_a_stopped_store_a_later_read_cannot_see_is_silent(
    git_repo: GitRepo, tmp_path: Path, base: str, theirs: str, extra: dict[str, str]
) -> None:
    assert run_with(git_repo, tmp_path, base, theirs, extra) == []


@pytest.mark.parametrize(
    ("base", "theirs", "extra"),
    [
        # the input the store served is still there
        (
            base_storing(
                OPTIONAL + LEGACY, "        if self.legacy_json:\n            self.structured_outputs = {'json': 1}\n"
            ),
            theirs_declaring(OPTIONAL + LEGACY),
            {},
        ),
        # the field still takes None (#25524's activation)
        (base_storing(OPTIONAL, FILL), theirs_declaring(OPTIONAL), {}),
        (base_storing(OPTIONAL, FILL), theirs_declaring("    structured_outputs: dict = None  # type: ignore\n"), {}),
        # upstream's default is not the swapped value, here or in the class it names
        (
            base_storing("    structured_outputs: str = 'v0'\n", SWAP),
            theirs_declaring("    structured_outputs: str = 'v0'\n"),
            {},
        ),
        (
            base_storing("    structured_outputs: str = 'v0'\n", SWAP),
            theirs_declaring(
                "    structured_outputs: str = Defaults.structured_outputs\n", "from vllm.config import Defaults\n\n\n"
            ),
            {**CONFIG, "vllm/config/values.py": "class Defaults:\n    structured_outputs: str = 'v2'\n"},
        ),
    ],
)
def test_a_stopped_store_a_later_read_sees_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, base: str, theirs: str, extra: dict[str, str]
) -> None:
    fork = HEAD + READ
    assert run_with(git_repo, tmp_path, base, theirs, extra) == [(USE, line_of(fork, "str("), "error")]


@pytest.mark.parametrize("cleared", ["None", "{}", "dict()"])
def test_a_stopped_reset_is_a_warning(git_repo: GitRepo, tmp_path: Path, cleared: str) -> None:
    """#34119: a reset the base ran in the call no longer empties the field; the read after it may want the value
    the field keeps now (the reset was the bug), or the empty one."""
    base = base_storing(OPTIONAL, f"        self.structured_outputs = {cleared}\n")
    fork = HEAD + READ
    assert run_with(git_repo, tmp_path, base, theirs_declaring(OPTIONAL), {}) == [
        (USE, line_of(fork, "str("), "warning")
    ]


# -- killers180: #22499 (d411df0296) turned ``GroupCoordinator.destroy``'s resets (``self.device_group = None``) into
# ``del self.device_group`` under ``hasattr``: a read after ``destroy()`` raises AttributeError where it read None.
# The reset was a warning (the read may want the value kept); the deletion is certain.
GROUPS = "vllm/groups.py"
GROUPS_BASE = (
    "class Group:\n    def __init__(self) -> None:\n        self.device_group = object()\n        self.cpu_group = object()\n\n"
    "    def destroy(self) -> None:\n        self.device_group = None\n        self.cpu_group = None\n"
)
GROUPS_DELETED = GROUPS_BASE.replace(
    "        self.device_group = None\n        self.cpu_group = None\n",
    "        if hasattr(self, 'device_group'):\n            del self.device_group\n        del self.cpu_group\n",
)
GROUPS_DROPPED = GROUPS_BASE.replace(
    "        self.device_group = None\n        self.cpu_group = None\n", "        self.closed = True\n"
)
GROUP_HEAD = "from vllm.groups import Group\n\n\n"


def group_rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = GROUPS_DELETED) -> list[tuple[int, str]]:
    sides = three_way(git_repo, {GROUPS: GROUPS_BASE, "vllm/__init__.py": ""}, {USE: fork}, {GROUPS: theirs})
    return [(line, sev) for at, line, sev in found(audit(git_repo, sides, tmp_path), RULE) if at == USE]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("def gone(g: Group) -> None:\n    g.destroy()\n    print(g.cpu_group)\n", "print(g.cpu_group)"),
        (
            "class AeonGroup(Group):\n    def destroy(self) -> None:\n        super().destroy()\n"
            "        self.aeon_note(self.device_group)\n\n    def aeon_note(self, x) -> None:\n        pass\n",
            "self.aeon_note(self.device_group)",
        ),
    ],
    ids=["a read handed to a call", "an override reading after super()"],
)
def test_a_read_of_a_field_the_method_now_deletes_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    assert group_rows(git_repo, tmp_path, GROUP_HEAD + body) == [(line_of(GROUP_HEAD + body, needle), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a getattr with a default answers None for a deleted field too
        "def gone(g: Group) -> bool:\n    g.destroy()\n    return getattr(g, 'cpu_group', None) is None\n",
        # the read comes before the call
        "def gone(g: Group) -> None:\n    print(g.cpu_group)\n    g.destroy()\n",
        # review93: a hasattr or-ed before the read, and a try catching AttributeError: written for the deletion
        "def gone(g: Group) -> bool:\n    g.destroy()\n    return not hasattr(g, 'cpu_group') or g.cpu_group is None\n",
        "def gone(g: Group) -> bool:\n    g.destroy()\n    try:\n        return g.cpu_group is None\n"
        "    except AttributeError:\n        return True\n",
    ],
    ids=["getattr with a default", "read before the call", "hasattr or-ed", "try AttributeError"],
)
def test_twin_a_deleted_field_read_safely_is_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert group_rows(git_repo, tmp_path, GROUP_HEAD + body) == []


def test_twin_a_reset_dropped_without_a_deletion_stays_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    body = GROUP_HEAD + "def gone(g: Group) -> None:\n    g.destroy()\n    print(g.cpu_group)\n"
    assert group_rows(git_repo, tmp_path, body, GROUPS_DROPPED) == [(line_of(body, "print(g.cpu_group)"), "warning")]


@pytest.mark.parametrize("calls", [False, True])
def test_a_fork_calling_no_method_of_a_candidate_parses_nothing(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, calls: bool
) -> None:
    """perf38: a fork reading the field (so ``_STORED``'s gate lets the base in) but calling no method both versions
    define (``.name(``) has no finding: nothing read nor parsed; the call and the read still err."""
    from collections.abc import Iterator

    from aeon_release.domain.audits.drift import stopped_writes
    from aeon_release.domain.audits.drift.sides import Versions

    parsed: list[str] = []
    versions = stopped_writes.parsed_texts

    def spy(*args: object, **kwargs: object) -> Iterator[Versions]:
        for v in versions(*args, **kwargs):  # type: ignore[arg-type]
            parsed.append(v.path)
            yield v

    monkeypatch.setattr(stopped_writes, "parsed_texts", spy)
    peek = "def key(request: ChatRequest) -> str:\n    return str(request.structured_outputs)\n"
    fork = HEAD + (READ if calls else peek)
    assert run(git_repo, tmp_path, fork) == ([(USE, line_of(fork, "str("), "error")] if calls else [])
    assert parsed == ([PROTOCOL] if calls else [])
