"""A caller's list upstream now adds its default members to, where it used the list in their place (#20952)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #20952 (60b755cbcb): StatLoggerManager extends the custom loggers with LoggingStatLogger --
LOGGERS = "vllm/v1/metrics/loggers.py"
ENGINE = "vllm/v1/engine/async_llm.py"
FORK = "vllm/aeon/engine_setup.py"
HEAD = "class LoggingStatLogger:\n    pass\n\n\nclass PrometheusStatLogger:\n    pass\n\n\n"
REPLACED = HEAD + (
    "class StatLoggerManager:\n"
    "    def __init__(self, engine_idxs=None, custom_stat_loggers=None):\n"
    "        factories = []\n"
    "        if custom_stat_loggers is not None:\n"
    "            factories = custom_stat_loggers\n"
    "        else:\n"
    "            factories.append(LoggingStatLogger)\n"
    "        self.factories = factories\n"
)
EXTENDED = HEAD + (
    "class StatLoggerManager:\n"
    "    def __init__(self, engine_idxs=None, custom_stat_loggers=None):\n"
    "        factories = []\n"
    "        if custom_stat_loggers is not None:\n"
    "            factories.extend(custom_stat_loggers)\n"
    "        factories.append(LoggingStatLogger)\n"
    "        self.factories = factories\n"
)
GUARDED = EXTENDED.replace("custom_stat_loggers=None):", "custom_stat_loggers=None, enable_default_loggers=True):")
GUARDED = GUARDED.replace(
    "        factories.append(LoggingStatLogger)\n",
    "        if enable_default_loggers:\n            factories.append(LoggingStatLogger)\n",
)
NESTED = REPLACED.replace("factories = custom_stat_loggers\n", "factories = list(custom_stat_loggers)\n").replace(
    "        self.factories = factories\n",
    "\n        def with_defaults(custom_stat_loggers=custom_stat_loggers):\n"
    "            factories = []\n"
    "            factories.extend(custom_stat_loggers)\n"
    "            factories.append(LoggingStatLogger)\n"
    "            return factories\n\n"
    "        self.factories, self.with_defaults = factories, with_defaults\n",
)
ENGINE_TEXT = (
    "from vllm.v1.metrics.loggers import StatLoggerManager\n\n\n"
    "class AsyncLLM:\n"
    "    def __init__(self, config, stat_loggers=None):\n"
    "        self.logger_manager = StatLoggerManager(custom_stat_loggers=stat_loggers)\n\n"
    "    @classmethod\n"
    "    def from_vllm_config(cls, config, stat_loggers=None):\n"
    "        return cls(config, stat_loggers=stat_loggers)\n"
)
BASE = {"vllm/v1/__init__.py": "", LOGGERS: REPLACED, ENGINE: ENGINE_TEXT}
FORK_HEAD = (
    "from vllm.v1.engine.async_llm import AsyncLLM\n"
    "from vllm.v1.metrics.loggers import LoggingStatLogger, PrometheusStatLogger, StatLoggerManager\n\n\n"
    "class AeonSparkLogger:\n    pass\n\n\n"
)


def _found(repo: GitRepo, body: str, upstream: dict[str, str | None]) -> list[tuple[int, str]]:
    fork = {FORK: FORK_HEAD + body}
    sides = s.merge_case(repo, BASE, fork, [("[Misc] custom_stat_loggers extend the defaults (#20952)", upstream)])
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "now runs twice" in f.message
    ]


@pytest.mark.parametrize(
    "body",
    [
        # the manager built directly, a list
        "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[AeonSparkLogger, LoggingStatLogger])\n",
        # through the engine's constructor (one hand-on), a tuple
        "def aeon_engine(config):\n    return AsyncLLM(config, stat_loggers=(LoggingStatLogger, AeonSparkLogger))\n",
        # through the classmethod's cls(...) and the constructor (two hand-ons)
        "def aeon_engine(config):\n"
        "    return AsyncLLM.from_vllm_config(config, stat_loggers=[AeonSparkLogger, LoggingStatLogger])\n",
    ],
)
def test_a_fork_list_naming_the_default_now_added_again(git_repo: GitRepo, body: str) -> None:
    assert _found(git_repo, body, {LOGGERS: EXTENDED}) == [(10, "error")]


def test_an_augmented_extend_counts_too(git_repo: GitRepo) -> None:
    plus = EXTENDED.replace("factories.extend(custom_stat_loggers)", "factories += custom_stat_loggers")
    body = "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n"
    assert _found(git_repo, body, {LOGGERS: plus}) == [(10, "error")]


def test_a_default_added_under_a_parameter_s_test_is_a_warning(git_repo: GitRepo) -> None:
    body = "def aeon_engine(config):\n    return AsyncLLM.from_vllm_config(config, stat_loggers=[LoggingStatLogger])\n"
    assert _found(git_repo, body, {LOGGERS: GUARDED}) == [(10, "warning")]


OTHER = "vllm/aeon/console.py"


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # the fork's own loggers only
        (
            "def aeon_engine(config):\n    return AsyncLLM.from_vllm_config(config, stat_loggers=[AeonSparkLogger])\n",
            {LOGGERS: EXTENDED},
        ),
        # another default of the module, not the one upstream adds
        (
            "def aeon_engine(config):\n"
            "    return AsyncLLM(config, stat_loggers=[AeonSparkLogger, PrometheusStatLogger])\n",
            {LOGGERS: EXTENDED},
        ),
        # a variable: its members are not read
        (
            "AEON_LOGGERS = [AeonSparkLogger, LoggingStatLogger]\n\n\n"
            "def aeon_engine(config):\n    return AsyncLLM(config, stat_loggers=AEON_LOGGERS)\n",
            {LOGGERS: EXTENDED},
        ),
        # the list handed to another keyword of the call
        (
            "def aeon_manager():\n    return StatLoggerManager(engine_idxs=[LoggingStatLogger])\n",
            {LOGGERS: EXTENDED},
        ),
        # an attribute's list extended, not a local's (and a crash the regression set found: engfront)
        (
            "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n",
            {
                LOGGERS: EXTENDED.replace(
                    "factories.extend(custom_stat_loggers)", "self.extra.extend(custom_stat_loggers)"
                )
            },
        ),
        # upstream adds the default only where the list lacks it: nothing runs twice (readF)
        (
            "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n",
            {
                LOGGERS: EXTENDED.replace(
                    "        factories.append(LoggingStatLogger)\n",
                    "        if LoggingStatLogger not in factories:\n            factories.append(LoggingStatLogger)\n",
                )
            },
        ),
        # a nested def extends its own parameter (defaulted to the method's): not the method's list (mend73)
        (
            "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n",
            {LOGGERS: NESTED},
        ),
        # upstream left the manager alone (only another line changed)
        (
            "def aeon_engine(config):\n    return AsyncLLM(config, stat_loggers=[AeonSparkLogger, LoggingStatLogger])\n",
            {LOGGERS: REPLACED + "\n\nX = 1\n"},
        ),
    ],
)
def test_what_the_change_does_not_double_stays_quiet(
    git_repo: GitRepo, body: str, upstream: dict[str, str | None]
) -> None:
    assert _found(git_repo, body, upstream) == []


def test_a_namesake_of_the_default_from_another_module_stays_quiet(git_repo: GitRepo) -> None:
    body = (
        "from vllm.aeon.console import LoggingStatLogger as AeonConsole\n\n\n"
        "def aeon_engine(config):\n    return AsyncLLM(config, stat_loggers=[AeonSparkLogger, AeonConsole])\n"
    )
    fork = {FORK: FORK_HEAD + body, OTHER: "class LoggingStatLogger:\n    pass\n"}
    sides = s.merge_case(git_repo, BASE, fork, [("[Misc] extend the defaults (#20952)", {LOGGERS: EXTENDED})])
    found = [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "now runs twice" in f.message]
    assert found == []


def test_a_manager_that_extended_at_the_base_already_stays_quiet(git_repo: GitRepo) -> None:
    body = "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n"
    base = {**BASE, LOGGERS: EXTENDED}
    fork = {FORK: FORK_HEAD + body}
    sides = s.merge_case(git_repo, base, fork, [("[Misc] guard the defaults (#20952)", {LOGGERS: GUARDED})])
    assert [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "now runs twice" in f.message] == []


# -- revDL (benchmarks/review104_twins.py): twins of #20952's shape that are right after the merge --


def test_the_fork_s_own_manager_of_the_name_stays_quiet(git_repo: GitRepo) -> None:
    own = (
        "from vllm.v1.metrics.loggers import LoggingStatLogger\n\n\n"
        "class StatLoggerManager:\n"
        "    def __init__(self, custom_stat_loggers=None):\n"
        "        self.factories = list(custom_stat_loggers or ())\n\n\n"
        "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n"
    )
    sides = s.merge_case(git_repo, BASE, {FORK: own}, [("[Misc] extend the defaults (#20952)", {LOGGERS: EXTENDED})])
    assert [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "now runs twice" in f.message] == []


def test_the_defaults_switched_off_by_their_parameter_stay_quiet(git_repo: GitRepo) -> None:
    call = "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger], enable_default_loggers={})\n"
    assert _found(git_repo, call.format("False"), {LOGGERS: GUARDED}) == []


@pytest.mark.parametrize(
    ("value", "upstream"),
    [
        # the switch handed a true value: the default is added
        ("True", GUARDED),
        # a false value of a parameter whose *negation* guards the append turns it on, not off
        (
            "False",
            GUARDED.replace("enable_default_loggers=True", "enable_default_loggers=False").replace(
                "if enable_default_loggers:", "if not enable_default_loggers:"
            ),
        ),
    ],
)
def test_a_switch_that_keeps_the_defaults_stays_the_warning(git_repo: GitRepo, value: str, upstream: str) -> None:
    call = "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger], enable_default_loggers={})\n"
    assert _found(git_repo, call.format(value), {LOGGERS: upstream}) == [(10, "warning")]


def test_a_def_extending_nothing_is_walked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """perf34: a def's extends are read in one walk, not one per parameter (286 walks, 83 ms at 80 commits), and
    its base version is not walked for them, nor the module's imports read, when upstream's extends nothing; what
    it finds is the same."""
    import ast

    from aeon_release.domain.audits.drift import extended_defaults

    walked: list[str] = []
    walk = extended_defaults.own_scope_nodes  # a def's own scope (mend73: a nested def's body is not its own)

    def spy(node: ast.AST) -> object:
        if isinstance(node, ast.FunctionDef):
            walked.append(node.name)
        return walk(node)

    read: list[str] = []
    imports = extended_defaults.file_imports

    def imported(module: ast.Module, path: str) -> dict[str, tuple[str, str]]:
        read.append(path)
        return imports(module, path)

    # ``n += 1`` holds the operator: perf35's text test lets the def through to its one walk
    many = "class M:\n    def __init__(self, a, b, c, d, e, f):\n        items = a\n        items.append(b)\n        n += 1\n"
    monkeypatch.setattr(extended_defaults, "own_scope_nodes", spy)
    monkeypatch.setattr(extended_defaults, "file_imports", imported)
    assert list(extended_defaults._extended("m.py", ast.parse(many), ast.parse(many), many)) == []
    assert walked == ["__init__"]
    assert read == []  # nor its imports (a whole walk of the module)
    found = list(extended_defaults._extended(LOGGERS, ast.parse(REPLACED), ast.parse(EXTENDED), EXTENDED))
    assert [(e.label, e.param, e.default, e.guarded) for e in found] == [
        ("StatLoggerManager.__init__", "custom_stat_loggers", "LoggingStatLogger", False)
    ]
    assert read == [LOGGERS]


def test_a_def_whose_lines_hold_no_extend_is_not_walked(git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch) -> None:
    """perf35: a def both versions keep whose own lines hold neither ``extend`` nor ``+=`` extends nothing
    (``_extensions`` reads a name as written, the operator one token): not walked; #20952's shape still found."""
    import ast

    from aeon_release.domain.audits.drift import extended_defaults

    walked: list[str] = []
    extensions = extended_defaults._extensions

    def spy(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[tuple[str, str]]:
        walked.append(func.name)
        return extensions(func)

    monkeypatch.setattr(extended_defaults, "_extensions", spy)
    other = "\n\ndef plain(a, b):\n    items = a\n    items.append(b)\n    return items\n"
    fork = {FORK: FORK_HEAD + "mgr = StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n"}
    change = [("[Misc] custom_stat_loggers extend the defaults (#20952)", {LOGGERS: EXTENDED + other})]
    sides = s.merge_case(git_repo, {**BASE, LOGGERS: REPLACED + other}, fork, change)
    found = [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "now runs twice" in f.message]
    assert [(f.line, f.severity.value) for f in found] == [(9, "error")]
    assert "plain" not in walked and "__init__" in walked


def test_a_change_whose_text_extends_with_no_name_parses_nothing(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf38: a candidate (an added ``+=``, a removed ``L = P``) whose new text holds no ``+=``/``extend(`` of a
    name whole (``n += x.shape[0]``, ``s += " + more"``) is not parsed; #20952's shape, spelled across lines with a
    comment, still found."""
    from collections.abc import Iterator

    from aeon_release.domain.audits.drift import extended_defaults
    from aeon_release.domain.audits.drift.sides import Versions

    parsed: list[str] = []
    versions = extended_defaults.parsed_texts

    def spy(*args: object, **kwargs: object) -> Iterator[Versions]:
        for v in versions(*args, **kwargs):  # type: ignore[arg-type]
            parsed.append(v.path)
            yield v

    monkeypatch.setattr(extended_defaults, "parsed_texts", spy)
    counter = "vllm/v1/counts.py"
    counted = "def count(xs, n=0):\n    total = n\n    for x in xs:\n        total += x.shape[0]\n    return total\n"
    spelled = EXTENDED.replace(
        ".extend(custom_stat_loggers)",
        ".extend(  # the caller's (\n                custom_stat_loggers,\n            )",
    )
    fork = {FORK: FORK_HEAD + "mgr = StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n"}
    change = [
        (
            "[Misc] extend the defaults (#20952)",
            {LOGGERS: spelled, counter: counted.replace("total = n\n", "total = n + 0\n")},
        )
    ]
    sides = s.merge_case(
        git_repo, {**BASE, LOGGERS: REPLACED, counter: counted.replace("total += x", "total = total + x")}, fork, change
    )
    found = [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "now runs twice" in f.message]
    assert [(f.line, f.severity.value) for f in found] == [(9, "error")]
    assert parsed == [LOGGERS]


def test_a_name_the_text_gate_cannot_read_whole_is_parsed(git_repo: GitRepo) -> None:
    """readH: perf38's gate reads the name after ``+=`` with ``\\w``, which does not take U+00B7 (a name may go on
    with it); a text whose names the parser may read otherwise (``gateable``) is parsed, as before the gate."""
    dotted = "custom\u00b7loggers"
    plus = EXTENDED.replace("factories.extend(custom_stat_loggers)", "factories += custom_stat_loggers")
    body = "def aeon_manager():\n    return StatLoggerManager(custom_stat_loggers=[LoggingStatLogger])\n"
    fork = {FORK: (FORK_HEAD + body).replace("custom_stat_loggers", dotted)}
    # a plain ``L = P`` taken out elsewhere passes ``_candidate``, whose ``\\w`` cannot read the dotted one either
    alias = "\n\ndef g(other):\n    alias = other\n    return alias\n"
    base = {**BASE, LOGGERS: REPLACED.replace("custom_stat_loggers", dotted) + alias}
    change = [
        (
            "[Misc] custom_stat_loggers extend the defaults (#20952)",
            {
                LOGGERS: plus.replace("custom_stat_loggers", dotted)
                + alias.replace("    alias = other\n    return alias", "    return other")
            },
        )
    ]
    sides = s.merge_case(git_repo, base, fork, change)
    found = [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "now runs twice" in f.message]
    assert [(f.line, f.severity.value) for f in found] == [(10, "error")]
