"""Unbound names (drift/unbound_names.py): #49665 and #52261 cut the API server's imports of the exception
handlers it stopped registering itself; a helper the fork added to that module still reads them: NameError."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

API = "vllm/entrypoints/openai/api_server.py"
UTILS = "vllm/entrypoints/server_utils.py"
HANDLING = "vllm/entrypoints/exception_handling.py"
UTILS_TEXT = """def lifespan(app):
    return app


def http_exception_handler(req, exc):
    return exc


def engine_error_handler(req, exc):
    return exc
"""
BASE_TEXT = """import numpy as np
from fastapi import FastAPI, HTTPException

from vllm.entrypoints.server_utils import engine_error_handler, http_exception_handler, lifespan


def build_app() -> FastAPI:
    app = FastAPI(lifespan=lifespan)
    app.exception_handler(HTTPException)(http_exception_handler)
    return app


def _legacy_port() -> int:
    return int(np.int64(8000))


def create_server_socket(port: int) -> int:
    return port


def validate_api_server_args(args) -> None:
    assert args is not None


def run_server(args) -> int:
    validate_api_server_args(args)
    return create_server_socket(8000)
"""
UPSTREAM_TEXT = """from fastapi import FastAPI

from vllm.entrypoints.exception_handling import init_exception_handler
from vllm.entrypoints.server_utils import lifespan


def build_app() -> FastAPI:
    app = FastAPI(lifespan=lifespan)
    init_exception_handler(app)
    return app


def create_server_socket(port: int) -> int:
    return port


def validate_api_server_args(args) -> None:
    assert args is not None


def run_server(args) -> int:
    validate_api_server_args(args)
    return create_server_socket(8000)
"""
SUBJECT = "[Frontend] Consolidate entrypoint exception handler (#52261)"
HELPERS = """

def aeon_http_errors(app: FastAPI) -> None:
    # AEON: the Spark's side routers share the server's HTTP error mapping
    app.exception_handler(HTTPException)(http_exception_handler)


def aeon_zeros(n: int):
    return np.zeros(n)


def aeon_engine_errors(app: FastAPI) -> None:
    handler = engine_error_handler
    app.exception_handler(RuntimeError)(handler)


def aeon_port() -> int:
    return _legacy_port() + 1
"""


def rows(
    git_repo: GitRepo, no_rules: Path, helpers: str, upstream: str = UPSTREAM_TEXT, extra: dict[str, str] | None = None
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {API: BASE_TEXT, UTILS: UTILS_TEXT, **(extra or {})},
        {API: BASE_TEXT + helpers},
        [(SUBJECT, {API: upstream, HANDLING: "def init_exception_handler(app):\n    return app\n"})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == API]


def test_a_name_upstream_stopped_importing_read_by_a_fork_helper_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """Each fork line that reads a name the merged module binds nowhere (a dropped import, a dropped module alias,
    a removed def) is one error, naming every such name of the line and the base's binding."""
    found = rows(git_repo, no_rules, HELPERS)
    assert [(line, severity) for line, severity, _ in found] == [
        (28, "error"),
        (32, "error"),
        (36, "error"),
        (41, "error"),
    ]
    first = found[0][2]
    assert "HTTPException, which this module bound by `from fastapi import HTTPException`" in first
    assert "http_exception_handler, which this module bound by `from vllm.entrypoints.server_utils import" in first
    assert "NameError" in first and "#52261" in first
    assert "`import numpy as np`" in found[1][2]
    assert "engine_error_handler" in found[2][2]
    assert len([m for line, _, m in found if line == 41]) == 1  # one finding a line, whichever check says it


TWINS = {
    "twin: a local re-import": """

def aeon_http_errors(app: FastAPI) -> None:
    from fastapi import HTTPException

    app.exception_handler(HTTPException)(app)
""",
    "twin: a try catching NameError": """

def aeon_engine_errors(app: FastAPI) -> None:
    try:
        app.exception_handler(RuntimeError)(engine_error_handler)
    except NameError:
        pass
""",
    "twin: a parameter of the same name": """

def aeon_engine_errors(app: FastAPI, engine_error_handler) -> None:
    app.exception_handler(RuntimeError)(engine_error_handler)
""",
    "twin: a quoted annotation and a local one": """

def aeon_typed(exc: "HTTPException") -> None:
    handled: HTTPException = exc
""",
    "twin: the fork's own type-only block": """
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    AeonHandler = type(http_exception_handler)
""",
    "twin: a name the module keeps": """

def aeon_app() -> FastAPI:
    return FastAPI(lifespan=lifespan)
""",
}


@pytest.mark.parametrize("name", sorted(TWINS))
def test_a_fork_read_the_merged_module_still_binds_or_never_runs_is_silent(
    git_repo: GitRepo, no_rules: Path, name: str
) -> None:
    assert [row for row in rows(git_repo, no_rules, TWINS[name]) if row[1] == "error"] == []


@pytest.mark.parametrize(
    "upstream",
    [
        UPSTREAM_TEXT.replace("import lifespan\n", "import *\n"),
        UPSTREAM_TEXT.replace("import lifespan\n", "import engine_error_handler, lifespan\n"),
        UPSTREAM_TEXT.replace(
            "\n\ndef create_server_socket",
            "\n\ndef engine_error_handler(req, exc):\n    return exc\n\n\ndef create_server_socket",
        ),
    ],
    ids=["twin: a star import upstream added", "twin: the import moved", "twin: upstream defines it here now"],
)
def test_a_name_upstream_still_binds_is_silent(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    helpers = """

def aeon_engine_errors(app: FastAPI) -> None:
    app.exception_handler(RuntimeError)(engine_error_handler)
"""
    assert [row for row in rows(git_repo, no_rules, helpers, upstream) if row[1] == "error"] == []


ANNOTATED = """

def aeon_typed(exc: HTTPException) -> None:
    pass
"""


def test_an_annotation_evaluated_at_definition_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """A parameter's annotation runs when the ``def`` does, before Python 3.14: a warning, as the tree's Python
    is not read here."""
    assert [(line, severity) for line, severity, _ in rows(git_repo, no_rules, ANNOTATED)] == [(26, "warning")]


@pytest.mark.parametrize(
    ("requires", "severity"),
    [(">=3.10,<3.15", "error"), ("~=3.12", "error"), (">=3.14", "warning")],
    ids=["a Python before 3.14 supported", "a compatible release before 3.14", "3.14 on: deferred"],
)
def test_an_annotation_evaluated_at_definition_is_an_error_where_an_older_python_is_supported(
    git_repo: GitRepo, no_rules: Path, requires: str, severity: str
) -> None:
    """The project's ``requires-python`` admits a Python that evaluates the annotation as the ``def`` runs: a
    NameError at import there, an error (the Habana fork's ``List``/``Tuple`` after upstream's typing clean-up)."""
    pyproject = {"pyproject.toml": f'[project]\nname = "vllm"\nrequires-python = "{requires}"\n'}
    found = rows(git_repo, no_rules, ANNOTATED, extra=pyproject)
    assert [(line, found_severity) for line, found_severity, _ in found] == [(26, severity)]


def test_an_annotation_under_the_future_import_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    future = UPSTREAM_TEXT.replace(
        "from fastapi import FastAPI\n", "from __future__ import annotations\n\nfrom fastapi import FastAPI\n"
    )
    assert rows(git_repo, no_rules, ANNOTATED, future) == []


def test_a_name_upstream_made_type_only_read_at_run_time_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream moved the import under ``if TYPE_CHECKING:`` (a cycle cut): the fork helper's run-time read is an
    error, its quoted annotation silent."""
    upstream = UPSTREAM_TEXT.replace(
        "from fastapi import FastAPI\n",
        "from typing import TYPE_CHECKING\n\nfrom fastapi import FastAPI\n\nif TYPE_CHECKING:\n"
        "    from vllm.entrypoints.server_utils import engine_error_handler\n",
    )
    helpers = """

def aeon_engine_errors(app: FastAPI, handler: "engine_error_handler") -> None:
    app.exception_handler(RuntimeError)(engine_error_handler)
"""
    assert [(line, severity) for line, severity, _ in rows(git_repo, no_rules, helpers, upstream)] == [(32, "error")]


PY310 = {"pyproject.toml": '[project]\nname = "vllm"\nrequires-python = ">=3.10"\n'}
NESTED_LOCALS = {
    "twin: in an if": """

def aeon_last(app: FastAPI) -> object:
    if app.debug:
        found: HTTPException | None = None
        return found
    return None
""",
    "twin: in a for": """

def aeon_all(errors: list) -> list:
    for exc in errors:
        seen: HTTPException = exc
        errors.append(seen)
    return errors
""",
    "twin: in a try's handler": """

async def aeon_probe(client) -> bool:
    try:
        await client.check_health()
    except Exception as exc:
        seen: HTTPException | Exception = exc
        return seen is None
    return True
""",
    "twin: in a with, on an attribute": """

class AeonProbe:
    def keep(self, lock, exc) -> None:
        with lock:
            self.last: HTTPException = exc
""",
}


@pytest.mark.parametrize("name", sorted(NESTED_LOCALS))
def test_a_local_annotation_nested_in_a_block_is_silent(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    """Python never evaluates a local variable's annotation, however deep in the function's ``if``, ``for``,
    ``try`` or ``with`` it sits (#13971's typing clean-up under a fork helper's ``ids: List[int] = ...`` in a
    loop): no NameError, nothing said, even where a Python before 3.14 is supported."""
    assert rows(git_repo, no_rules, NESTED_LOCALS[name], extra=PY310) == []


def test_a_class_body_annotation_inside_a_function_still_counts(git_repo: GitRepo, no_rules: Path) -> None:
    """A class body nested in a function evaluates its own annotations when the function runs: still an error."""
    helpers = """

def aeon_rows() -> type:
    class Row:
        exc: HTTPException

    return Row
"""
    assert [(line, severity) for line, severity, _ in rows(git_repo, no_rules, helpers, extra=PY310)] == [(28, "error")]


@pytest.mark.parametrize(
    ("call", "caught", "expected"),
    [
        ("engine_error_handler(req, exc)", "NameError", []),
        ("HTTPException(status_code=503)", "NameError", []),
        ("engine_error_handler(req, exc)", "KeyError", [(28, "error")]),
        ("HTTPException(status_code=503)", "KeyError", [(28, "error")]),
    ],
    ids=[
        "twin: the handler takes NameError (a def of the tree)",
        "twin: the handler takes NameError (another package's class)",
        "a handler of something else (a def of the tree)",
        "a handler of something else (another package's class)",
    ],
)
def test_a_call_of_a_dropped_import_in_a_try_catching_name_error_is_silent(
    git_repo: GitRepo, no_rules: Path, call: str, caught: str, expected: list[tuple[int, str]]
) -> None:
    """The fork's fallback for the module no longer binding the name (``except (ImportError, NameError):``): the
    call raises NameError, which the handler takes; no check says it, this class nor symbol drift's gone call.
    A handler of something else keeps the error."""
    helpers = f"""

def aeon_engine_handler(req, exc):
    try:
        return {call}
    except (ImportError, {caught}):
        return None
"""
    assert [(line, severity) for line, severity, _ in rows(git_repo, no_rules, helpers, extra=PY310)] == expected
