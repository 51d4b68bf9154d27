"""A fork class deriving from a class whose upstream module does not parse under the running Python (#16317's
``loader.py`` held a PEP 701 f-string, a SyntaxError before 3.12): its members are unknown, not removed."""

from __future__ import annotations

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LOADER = "vllm/loader.py"
HELPERS = "vllm/helpers.py"
FORK = "vllm/aeon/loaders.py"
SUBJECT = "Support S3 sharded loading (#16317)"
BASE = """\
class ShardedLoader:
    def _prepare(self, path: str) -> str:
        return path

    def load(self, path: str) -> str:
        return self._prepare(path)


class DefaultLoader:
    def _prepare(self, path: str, revision: str) -> str:
        return path
"""
# a syntax error on every Python (what a newer syntax is to an older parser)
UNPARSED = BASE.replace("        return path\n\n    def load", '        return f"{path!z:}" + (\n\n    def load', 1)
HELPERS_BASE = "def old_helper() -> int:\n    return 1\n"


def _errors(repo: GitRepo, fork: str) -> list[tuple[int, str]]:
    base = {LOADER: BASE, HELPERS: HELPERS_BASE}
    upstream: dict[str, str | None] = {LOADER: UNPARSED, HELPERS: "def new_helper() -> int:\n    return 1\n"}
    sides = s.merge_case(repo, base, {FORK: fork}, [(SUBJECT, upstream)])
    return [
        (f.line, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK and f.severity.value == "error"
    ]


def test_an_override_and_its_super_call_of_an_unparsed_modules_class_are_not_removed(git_repo: GitRepo) -> None:
    fork = (
        "from vllm.loader import ShardedLoader\n\n\n"
        "class AeonLoader(ShardedLoader):\n"
        "    def _prepare(self, path: str) -> str:\n"
        '        return super()._prepare("/srv/" + path)\n'
    )
    assert _errors(git_repo, fork) == []


def test_a_base_named_through_its_module_is_unknown_too(git_repo: GitRepo) -> None:
    fork = (
        "import vllm.loader as loader_mod\n\n\n"
        "class AeonDefault(loader_mod.DefaultLoader):\n"
        "    def _prepare(self, path: str, revision: str) -> str:\n"
        "        return super()._prepare(path, revision)\n\n"
        "    def aeon_load(self, path: str) -> str:\n"
        "        return self.load(path)\n"
    )
    assert _errors(git_repo, fork) == []


def test_a_parsed_modules_removed_name_beside_it_is_still_an_error(git_repo: GitRepo) -> None:
    fork = (
        "from vllm.helpers import old_helper\nfrom vllm.loader import ShardedLoader\n\n\n"
        "class AeonLoader(ShardedLoader):\n"
        "    def aeon_count(self) -> int:\n"
        "        return old_helper()\n"
    )
    lines = [line for line, _ in _errors(git_repo, fork)]
    assert lines and set(lines) <= {1, 7}


def _warnings(repo: GitRepo, fork: str, loader: str = UNPARSED) -> list[int]:
    base = {LOADER: BASE, HELPERS: HELPERS_BASE}
    sides = s.merge_case(repo, base, {FORK: fork}, [(SUBJECT, {LOADER: loader})])
    return [
        f.line
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK and "cannot parse" in f.message
    ]


def test_a_fork_class_of_an_unparsed_modules_base_is_a_warning_on_its_class_line(git_repo: GitRepo) -> None:
    fork = (
        "import vllm.loader as loader_mod\nfrom vllm.helpers import old_helper\n\n\n"
        "class AeonLoader(loader_mod.ShardedLoader):\n"
        "    def _prepare(self, path: str) -> str:\n"
        "        return path\n\n\n"
        "class AeonOwn:\n"
        "    pass\n"
    )
    assert _warnings(git_repo, fork) == [5]


def test_a_base_of_a_module_upstream_changed_that_still_parses_is_quiet(git_repo: GitRepo) -> None:
    fork = "from vllm.loader import ShardedLoader\n\n\nclass AeonLoader(ShardedLoader):\n    pass\n"
    assert _warnings(git_repo, fork, BASE + "\n\nclass Other:\n    pass\n") == []
