"""Dropped key drift: a key upstream took out of a module's table, or out of the dict a function returns,
under a fork read of it by its literal.

Shaped like vLLM #45128 (c9340e6f35), which took ``"InternLMForCausalLM"`` out of the registry's
``_TEXT_GENERATION_MODELS`` (moving it to ``_PREVIOUSLY_SUPPORTED_MODELS``), and #32243 (232214b2ae), which
renamed the ``"normalize"`` entry of the dict ``get_pooling_config`` returns to ``"use_activation"``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

REG = "pkg/models/registry.py"
TABLES = (
    "_TEXT_MODELS = {\n"
    '    "LlamaForCausalLM": ("llama", "LlamaForCausalLM"),\n'
    '    "InternLMForCausalLM": ("llama", "LlamaForCausalLM"),\n'
    "}\n\n"
    '_PREVIOUSLY_SUPPORTED = {\n    "QWenLMHeadModel": "0.23.0",\n}\n'
)
TABLES_NOW = (
    "_TEXT_MODELS = {\n"
    '    "LlamaForCausalLM": ("llama", "LlamaForCausalLM"),\n'
    "}\n\n"
    '_PREVIOUSLY_SUPPORTED = {\n    "QWenLMHeadModel": "0.23.0",\n    "InternLMForCausalLM": "0.23.0",\n}\n'
)
CFG = "pkg/hf/config.py"
POOL = (
    "def get_pooling_config(model: str) -> dict | None:\n"
    "    if not model:\n        return None\n"
    '    config = {"normalize": model.endswith("-norm")}\n'
    '    config["pooling_type"] = "MEAN"\n'
    "    return config\n"
)
POOL_NOW = POOL.replace('{"normalize"', '{"use_activation"')
USE = "pkg/aeon_use.py"


@pytest.mark.parametrize(
    ("body", "needle", "severity"),
    [
        (
            "from pkg.models.registry import _TEXT_MODELS\n\n\n"
            'def module() -> str:\n    mod, _ = _TEXT_MODELS["InternLMForCausalLM"]\n    return mod\n',
            "mod, _",
            "error",
        ),
        (
            'from pkg.models import registry as reg\n\n\nARCH = reg._TEXT_MODELS["InternLMForCausalLM"][1]\n',
            "ARCH",
            "error",
        ),
        (
            'from pkg.models.registry import _TEXT_MODELS\n\n\nENTRY = _TEXT_MODELS.get("InternLMForCausalLM")\n',
            "ENTRY",
            "warning",
        ),
    ],
    ids=["subscript", "module attribute", "get"],
)
def test_a_read_of_a_key_upstream_took_out_of_a_table(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str, severity: str
) -> None:
    sides = three_way(git_repo, {REG: TABLES}, {USE: body}, {REG: TABLES_NOW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(body, needle), severity)]
    message = next(f.message for f in report.findings if f.rule_id == RULE)
    assert "_TEXT_MODELS" in message and "InternLMForCausalLM" in message and "_PREVIOUSLY_SUPPORTED" in message


@pytest.mark.parametrize(
    ("body", "needle", "severity"),
    [
        (
            "from pkg.hf.config import get_pooling_config\n\n\n"
            'def normalizes(model: str) -> bool:\n    return get_pooling_config(model)["normalize"]\n',
            "return",
            "error",
        ),
        (
            "from pkg.hf.config import get_pooling_config\n\n\n"
            "def normalizes(model: str) -> bool:\n    config = get_pooling_config(model)\n"
            '    return config is not None and config["normalize"]\n',
            "return",
            "error",
        ),
        (
            "from pkg.hf import config as hf\n\n\n"
            "def normalizes(model: str) -> bool:\n"
            '    return bool((hf.get_pooling_config(model) or {}).get("normalize", False))\n',
            "return",
            "warning",
        ),
    ],
    ids=["call subscripted", "bound once", "or-fallback get"],
)
def test_a_read_of_a_key_upstream_took_out_of_a_returned_dict(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str, severity: str
) -> None:
    sides = three_way(git_repo, {CFG: POOL}, {USE: body}, {CFG: POOL_NOW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(body, needle), severity)]


@pytest.mark.parametrize(
    "body",
    [
        # a key upstream kept
        "from pkg.models.registry import _TEXT_MODELS\n\nENTRY = _TEXT_MODELS['LlamaForCausalLM']\n",
        # asked about before the read: written for both sides
        "from pkg.models.registry import _TEXT_MODELS\n\n"
        "ENTRY = _TEXT_MODELS['InternLMForCausalLM'] if 'InternLMForCausalLM' in _TEXT_MODELS else None\n",
        # the fork fills the key itself
        "from pkg.models.registry import _TEXT_MODELS\n\n"
        "_TEXT_MODELS['InternLMForCausalLM'] = ('aeon', 'AeonInternLM')\nENTRY = _TEXT_MODELS['InternLMForCausalLM']\n",
        # a KeyError caught around the read
        "from pkg.models.registry import _TEXT_MODELS\n\n\ndef entry():\n    try:\n"
        "        return _TEXT_MODELS['InternLMForCausalLM']\n    except KeyError:\n        return None\n",
        # another table of the same name (the fork's own)
        "_TEXT_MODELS = {'InternLMForCausalLM': 1}\nENTRY = _TEXT_MODELS['InternLMForCausalLM']\n",
        # the table upstream moved the key to
        "from pkg.models.registry import _PREVIOUSLY_SUPPORTED\n\nSINCE = _PREVIOUSLY_SUPPORTED['InternLMForCausalLM']\n",
    ],
    ids=["kept key", "asked first", "filled by the fork", "KeyError caught", "own table", "new table"],
)
def test_table_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, {REG: TABLES}, {USE: body}, {REG: TABLES_NOW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    ("body", "theirs"),
    [
        # a key the function still returns
        (
            "from pkg.hf.config import get_pooling_config\n\n\n"
            "def kind(model: str):\n    return get_pooling_config(model)['pooling_type']\n",
            POOL_NOW,
        ),
        # the returned dict is now built in a way not all of whose keys are in sight
        (
            "from pkg.hf.config import get_pooling_config\n\n\n"
            "def norm(model: str):\n    return get_pooling_config(model)['normalize']\n",
            POOL_NOW.replace('    config["pooling_type"] = "MEAN"\n', "    config.update(EXTRA)\n"),
        ),
        # the name is bound twice: which dict it holds is not known
        (
            "from pkg.hf.config import get_pooling_config\n\n\n"
            "def norm(model: str, other: dict):\n    config = get_pooling_config(model)\n"
            "    config = other\n    return config['normalize']\n",
            POOL_NOW,
        ),
        # the table is filled at upstream by a subscript: its keys are not all in sight
        (
            "from pkg.models.registry import _TEXT_MODELS\n\nENTRY = _TEXT_MODELS['InternLMForCausalLM']\n",
            TABLES_NOW + "\n_TEXT_MODELS['InternLMForCausalLM'] = ('llama', 'LlamaForCausalLM')\n",
        ),
    ],
    ids=["kept key", "built otherwise", "bound twice", "filled by subscript"],
)
def test_returned_and_filled_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str) -> None:
    base = {CFG: POOL} if "get_pooling_config" in body else {REG: TABLES}
    path = CFG if "get_pooling_config" in body else REG
    sides = three_way(git_repo, base, {USE: body}, {path: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


def test_a_key_the_forks_plugin_writes_back_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """A plugin of the fork's registers the entry again; another of its files reads it: the fork's own key."""
    plugin = "from pkg.models.registry import _TEXT_MODELS\n\n_TEXT_MODELS['InternLMForCausalLM'] = ('aeon', 'X')\n"
    body = "from pkg.models.registry import _TEXT_MODELS\n\nENTRY = _TEXT_MODELS['InternLMForCausalLM']\n"
    sides = three_way(git_repo, {REG: TABLES}, {"pkg/aeon_plugin.py": plugin, USE: body}, {REG: TABLES_NOW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


READ = 'from pkg.models.registry import _TEXT_MODELS\n\n\ndef module() -> str:\n    return _TEXT_MODELS["InternLMForCausalLM"][0]\n'
ENTRY = '"InternLMForCausalLM": ("aeon", "X")'


@pytest.mark.parametrize(
    "plugin",
    [
        f"from pkg.models.registry import _TEXT_MODELS\n\n_TEXT_MODELS.update({{{ENTRY}}})\n",
        f"from pkg.models.registry import _TEXT_MODELS\n\n_TEXT_MODELS.update(\n    {{\n        {ENTRY},\n    }}\n)\n",
        'from pkg.models import registry\n\nregistry._TEXT_MODELS.setdefault("InternLMForCausalLM", ("aeon", "X"))\n',
        f"from pkg.models import registry\n\nregistry._TEXT_MODELS |= {{{ENTRY}}}\n",
        f"from pkg.models import registry\n\nregistry._TEXT_MODELS = {{**registry._TEXT_MODELS, {ENTRY}}}\n",
    ],
    ids=["update", "update over lines", "setdefault via module", "|=", "spread rebind"],
)
def test_a_key_the_fork_fills_back_any_way_stays_silent(git_repo: GitRepo, tmp_path: Path, plugin: str) -> None:
    """The fork's plugin puts the entry back through a method, ``|=`` or a rebinding spread: its own key."""
    sides = three_way(git_repo, {REG: TABLES}, {"pkg/aeon_plugin.py": plugin, USE: READ}, {REG: TABLES_NOW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


def test_a_table_upstream_rebinds_under_a_guard_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream gives the key back when an extension imports: not every key of the table is in sight."""
    now = TABLES_NOW + (
        "\ntry:\n    import internlm_ext  # noqa: F401\n"
        '    _TEXT_MODELS = {**_TEXT_MODELS, "InternLMForCausalLM": ("llama", "LlamaForCausalLM")}\n'
        "except ImportError:\n    pass\n"
    )
    sides = three_way(git_repo, {REG: TABLES}, {USE: READ}, {REG: now})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


def test_keys_moved_in_bulk_grep_once_per_table(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thousands of keys move between tables in one change: one grep for the table, not one per key (2,000
    keys took 27.6 s, 8,000 took 173 s when each key started its own git processes)."""
    from aeon_release.domain.audits.drift.sides import ThreeTrees

    keys = [f"Model{i}ForCausalLM" for i in range(40)]
    a = "_A = {\n" + "".join(f'    "{k}": ("m", "{k}"),\n' for k in keys) + '}\n\n_B = {\n    "X": 1,\n}\n'
    b = '_A = {\n    "Y": 1,\n}\n\n_B = {\n    "X": 1,\n' + "".join(f'    "{k}": "0.23.0",\n' for k in keys) + "}\n"
    use = 'from pkg.models.registry import _A\n\nM = _A["Model1ForCausalLM"]\n'
    asked: list[tuple[str, ...]] = []
    grep = ThreeTrees.python_files_with

    def counted(self: ThreeTrees, words: tuple[str, ...]) -> frozenset[str]:
        asked.append(words)
        return grep(self, words)

    monkeypatch.setattr(ThreeTrees, "python_files_with", counted)
    sides = three_way(git_repo, {REG: a}, {USE: use}, {REG: b})
    assert [f[0] for f in found(audit(git_repo, sides, tmp_path), RULE)] == [USE]
    assert len([w for w in asked if any(x.startswith("_A[") for x in w)]) <= 1


def _parsed_by(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """The paths ``module`` parses (its own ``parse_python`` calls), recorded."""
    parsed: list[str] = []
    parse = module.parse_python  # type: ignore[attr-defined]

    def recorded(text: str, path: str) -> object:
        parsed.append(path)
        return parse(text, path)

    monkeypatch.setattr(module, "parse_python", recorded)
    return parsed


@pytest.mark.parametrize(
    ("fork", "reads_upstream"),
    [
        ("X = 1\n", False),  # the fork's lines quote nothing
        ('GREETING = "hello"\n', False),  # ... nothing upstream's removed lines quote
        (READ, True),  # the dropped key itself: upstream's table is parsed, and the read reported
    ],
    ids=["no quote", "another quote", "the key"],
)
def test_upstream_files_are_parsed_only_for_a_key_the_fork_quotes(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fork: str, reads_upstream: bool
) -> None:
    """The gate (``sides.fork_found``): a 2,000-commit release parsed 310 upstream files, 4.3 s, for a fork
    that quoted none of their keys."""
    from aeon_release.domain.audits.drift import dropped_keys

    parsed = _parsed_by(monkeypatch, dropped_keys)
    sides = three_way(git_repo, {REG: TABLES}, {USE: fork}, {REG: TABLES_NOW})
    assert bool(found(audit(git_repo, sides, tmp_path), RULE)) is reads_upstream
    assert (REG in parsed) is reads_upstream
