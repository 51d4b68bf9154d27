"""Registered parameter drift: upstream renamed a parameter of the functions a decorator registers, with the
caller that now passes the new name; a fork function registered through it keeps the old one.

Shaped like vLLM #31541 (61e632aea1): ``@register_speculator("eagle3") def update_eagle3(config_dict,
vllm_config)`` became ``(config_dict, pre_trained_config)``, called as ``algo_updater(config_dict=...,
pre_trained_config=...)``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

ALGOS = "pkg/spec/algos.py"
REGISTRY = "TYPES = {}\n\n\ndef register_speculator(name):\n    def deco(fn):\n        TYPES[name] = fn\n        return fn\n\n    return deco\n\n\n"
OLD = REGISTRY + (
    '@register_speculator("eagle3")\ndef update_eagle3(config_dict: dict, vllm_config: dict) -> None:\n'
    '    vllm_config["v"] = config_dict.get("v")\n'
)
NEW = REGISTRY + (
    '@register_speculator("eagle3")\ndef update_eagle3(config_dict: dict, pre_trained_config: dict) -> None:\n'
    '    pre_trained_config["v"] = config_dict.get("v")\n'
)
BASE = "pkg/spec/base.py"
CALLER = "from pkg.spec.algos import TYPES\n\n\ndef build(kind: str, config_dict: dict) -> dict:\n    out: dict = {}\n"
OLD_CALL = CALLER + "    TYPES[kind](config_dict=config_dict, vllm_config=out)\n    return out\n"
NEW_CALL = CALLER + "    TYPES[kind](config_dict=config_dict, pre_trained_config=out)\n    return out\n"
USE = "pkg/aeon_spec.py"
HEAD = "from pkg.spec.algos import register_speculator\n\n\n"


def test_a_registered_function_with_the_old_parameter_names(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        HEAD
        + '@register_speculator("aeon_mtp")\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n'
    )
    sides = three_way(git_repo, {ALGOS: OLD, BASE: OLD_CALL}, {USE: fork}, {ALGOS: NEW, BASE: NEW_CALL})
    report = audit(git_repo, sides, tmp_path)
    assert [f for f in found(report, RULE) if f[0] == USE] == [(USE, line_of(fork, "def update_aeon"), "error")]
    message = next(f.message for f in report.findings if f.rule_id == RULE and f.path == USE)
    assert "register_speculator" in message and "vllm_config -> pre_trained_config" in message


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        # the fork's function takes the new names already
        (
            HEAD
            + '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, pre_trained_config: dict) -> None:\n    pass\n',
            {ALGOS: NEW, BASE: NEW_CALL},
        ),
        # ... or takes what it is given in **kwargs
        (
            HEAD + '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, **kwargs) -> None:\n    pass\n',
            {ALGOS: NEW, BASE: NEW_CALL},
        ),
        # the caller still passes by position: a rename changes nothing for the fork's function
        (
            HEAD
            + '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n',
            {ALGOS: NEW, BASE: CALLER + "    TYPES[kind](config_dict, out)\n    return out\n"},
        ),
        # another decorator of the same name, from a module of the fork's
        (
            "from pkg.aeon_reg import register_speculator\n\n\n"
            '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n',
            {ALGOS: NEW, BASE: NEW_CALL},
        ),
        # a plain function of the same shape, registered nowhere
        (
            "def update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n",
            {ALGOS: NEW, BASE: NEW_CALL},
        ),
    ],
    ids=["new names", "kwargs", "positional caller", "other decorator", "not registered"],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: dict[str, str]) -> None:
    sides = three_way(git_repo, {ALGOS: OLD, BASE: OLD_CALL}, {USE: fork}, theirs)
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


def test_siblings_renamed_two_ways_say_nothing(git_repo: GitRepo, tmp_path: Path) -> None:
    """One registered sibling renamed, another not: no one protocol changed, the caller may adapt per entry."""
    other = '\n\n@register_speculator("mtp")\ndef update_mtp(config_dict: dict, vllm_config: dict) -> None:\n    pass\n'
    fork = (
        HEAD
        + '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n'
    )
    sides = three_way(git_repo, {ALGOS: OLD + other, BASE: OLD_CALL}, {USE: fork}, {ALGOS: NEW + other, BASE: NEW_CALL})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


def test_a_decorator_filing_under_no_key_says_nothing(git_repo: GitRepo, tmp_path: Path) -> None:
    """``@traced`` wraps without filing the function anywhere: the fork's own code calls its function itself."""
    wrap = "def traced(fn):\n    return fn\n\n\n"
    old = wrap + "@traced\ndef update_eagle3(config_dict: dict, vllm_config: dict) -> None:\n    pass\n"
    new = old.replace("vllm_config", "pre_trained_config")
    fork = "from pkg.spec.algos import traced\n\n\n@traced\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n"
    sides = three_way(git_repo, {ALGOS: old, BASE: OLD_CALL}, {USE: fork}, {ALGOS: new, BASE: NEW_CALL})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


POS_CALL = CALLER + "    TYPES[kind](config_dict, out)\n    return out\n"
OTHER = "pkg/other.py"


def test_a_default_on_the_siblings_own_def_line_is_no_caller(git_repo: GitRepo, tmp_path: Path) -> None:
    """The caller passes by position; the renamed parameter's default puts ``vllm_config=`` on the removed
    ``def`` line and ``pre_trained_config=`` on the added one: a default, not a keyword a caller passes."""
    old = REGISTRY + '@register_speculator("eagle3")\ndef update_eagle3(config_dict, vllm_config=None):\n    pass\n'
    new = old.replace("vllm_config", "pre_trained_config")
    fork = HEAD + '@register_speculator("aeon")\ndef update_aeon(config_dict, vllm_config=None):\n    pass\n'
    sides = three_way(git_repo, {ALGOS: old, BASE: POS_CALL}, {USE: fork}, {ALGOS: new, BASE: POS_CALL})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


def test_an_unrelated_call_renaming_the_same_keyword_is_no_caller(git_repo: GitRepo, tmp_path: Path) -> None:
    """``g(vllm_config=1)`` became ``g(pre_trained_config=1)`` in another file: ``g`` is not read out of the
    registry the decorator fills, and the registry's own caller still passes by position."""
    old = (
        REGISTRY
        + '@register_speculator("eagle3")\ndef update_eagle3(config_dict: dict, vllm_config: dict) -> None:\n    pass\n'
    )
    new = old.replace("vllm_config", "pre_trained_config")
    g_old = "def g(**kw):\n    return kw\n\n\nX = g(vllm_config=1)\n"
    fork = (
        HEAD
        + '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n'
    )
    base = {ALGOS: old, BASE: POS_CALL, OTHER: g_old}
    theirs = {ALGOS: new, BASE: POS_CALL, OTHER: g_old.replace("vllm_config", "pre_trained_config")}
    sides = three_way(git_repo, base, {USE: fork}, theirs)
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


def test_web_routes_renamed_say_nothing_of_a_fork_route(git_repo: GitRepo, tmp_path: Path) -> None:
    """``@router.post("/v1/a")`` is a method of an object, not a keyed registry: FastAPI injects by each
    handler's own signature, so a fork route keeping ``raw_request`` works after upstream's rename."""
    api = "pkg/api_server.py"
    head = "class R:\n    def post(self, p):\n        return lambda f: f\n\n\nrouter = R()\n\n\n"
    old = head + (
        "def call(h, r, q):\n    return h(request=r, raw_request=q)\n\n\n"
        '@router.post("/v1/a")\nasync def a(request: dict, raw_request: object) -> None:\n    pass\n\n\n'
        '@router.post("/v1/b")\nasync def b(request: dict, raw_request: object) -> None:\n    pass\n'
    )
    fork = '\n\n@router.post("/v1/aeon")\nasync def aeon(request: dict, raw_request: object) -> None:\n    pass\n'
    sides = three_way(git_repo, {api: old}, {api: old + fork}, {api: old.replace("raw_request", "http_request")})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == api] == []


def test_a_decorator_its_package_re_exports_still_finds_the_registry(git_repo: GitRepo, tmp_path: Path) -> None:
    """The siblings import the decorator from the package, which re-exports it from the module that fills
    the registry: the registry is still read there (guards the caller evidence, not a false error)."""
    init = "pkg/spec/__init__.py"
    old = OLD.replace(REGISTRY, "from pkg.spec import register_speculator\n\n\n")
    new = NEW.replace(REGISTRY, "from pkg.spec import register_speculator\n\n\n")
    reg = "pkg/spec/registry.py"
    base = {init: "from pkg.spec.registry import register_speculator\n", reg: REGISTRY, ALGOS: old}
    caller = (OLD_CALL, NEW_CALL)
    fork = HEAD.replace("pkg.spec.algos", "pkg.spec") + (
        '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n'
    )
    sides = three_way(
        git_repo,
        {**base, BASE: caller[0].replace("pkg.spec.algos", "pkg.spec.registry")},
        {USE: fork},
        {**base, ALGOS: new, BASE: caller[1].replace("pkg.spec.algos", "pkg.spec.registry")},
    )
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == [
        (USE, line_of(fork, "def update_aeon"), "error")
    ]


@pytest.mark.parametrize(
    ("fork", "reads_upstream"),
    [
        ("def update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n", False),  # no decorator
        # a decorator applied with arguments, but none that upstream's files apply
        (
            "import functools\n\n\n@functools.lru_cache(maxsize=4)\n"
            "def update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n",
            False,
        ),
        (  # the registering decorator itself: upstream's file is parsed, and the old names reported
            HEAD
            + '@register_speculator("aeon")\ndef update_aeon(config_dict: dict, vllm_config: dict) -> None:\n    pass\n',
            True,
        ),
    ],
    ids=["no decorator", "another decorator", "the decorator"],
)
def test_upstream_files_are_parsed_only_for_a_decorator_the_fork_applies(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fork: str, reads_upstream: bool
) -> None:
    """The gate (``sides.fork_found``): a 2,000-commit release parsed 462 upstream files, 5.4 s, for a fork
    applying none of their decorators."""
    from aeon_release.domain.audits.drift import registered_params

    parsed: list[str] = []
    parse = registered_params.parse_python

    def recorded(text: str, path: str) -> object:
        parsed.append(path)
        return parse(text, path)

    monkeypatch.setattr(registered_params, "parse_python", recorded)
    sides = three_way(git_repo, {ALGOS: OLD, BASE: OLD_CALL}, {USE: fork}, {ALGOS: NEW, BASE: NEW_CALL})
    assert bool([f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE]) is reads_upstream
    assert (ALGOS in parsed) is reads_upstream
