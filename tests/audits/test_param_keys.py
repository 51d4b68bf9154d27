"""Parameter key drift (drift/param_keys.py): #25706 made ``ModelOptFp8Config.from_config`` read the flat format's
excluded layers off ``config["ignore"]`` where it read ``config["exclude_modules"]`` (the nested format still
reads that word, off another dict); a fork's ``from_config({..., "exclude_modules": [...]})`` merges cleanly and
its layers are silently quantized."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UPSTREAM = "vllm/quant/loader.py"
BASE = """class BaseCfg:
    @classmethod
    def from_config(cls, config):
        if "nested" in config:
            inner = config["nested"]
            excluded = inner.get("exclude_modules", [])
        else:
            excluded = config.get("exclude_modules", [])
        return cls(excluded)

    def __init__(self, excluded):
        self.excluded = excluded


class FastCfg(BaseCfg):
    pass


def load(opts, *, strict=False):
    level = opts["level"]
    return level, strict


class Meta:
    def add_new_req(self, request_id, params, write_mode=False):
        self.reqs[request_id] = (params["transfer_id"], params["remote_host"], write_mode)
"""
# #39565's shape: ``add_new_req`` parses the peer's host from the request id and names "remote_host" nowhere
RENAMED = (
    BASE.replace('config.get("exclude_modules", [])', 'config.get("ignore", [])')
    .replace('opts["level"]', 'opts["verbosity"]')
    .replace('params["remote_host"]', 'params.get("remote_peer") or _peer(request_id)')
)
HELPER = (
    BASE.replace('excluded = config.get("exclude_modules", [])', "excluded = _excluded(config)")
    + '\n\ndef _excluded(config):\n    return config.get("exclude_modules") or config.get("ignore", [])\n'
)
KEPT = BASE.replace('excluded = config.get("exclude_modules", [])', "excluded = []").replace(
    "        return cls(excluded)\n", "        made = cls(excluded)\n        made.raw = config\n        return made\n"
)
SUBJECT = 'Use correct key "ignore" for config.json non-quantized layers (#25706)'
FORK = "vllm/aeon/cfg.py"
HEAD = "from vllm.quant.loader import BaseCfg, FastCfg, Meta, load\n\n\n"


def _rows(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = RENAMED, base: str = BASE
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {UPSTREAM: base}, {FORK: HEAD + fork}, [(SUBJECT, {UPSTREAM: upstream})])
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, sev, msg) for path, line, sev, msg in rows if path == FORK and "handed to" in msg]


def test_a_flat_display_handed_to_an_inherited_classmethod_is_an_error_on_the_key(
    git_repo: GitRepo, no_rules: Path
) -> None:
    fork = 'def aeon_cfg(skip):\n    return FastCfg.from_config({\n        "exclude_modules": skip,\n    })\n'
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (6, "error")
    assert "'exclude_modules' handed to BaseCfg.from_config() in config" in message
    assert "it reads 'ignore' off it now" in message


def test_a_classmethod_off_a_module_imported_as_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # symbol drift's older "key nobody reads" followed a call off a module; the join keeps that reach
    fork = 'import vllm.quant.loader as ql\n\n\ndef aeon_cfg(skip):\n    return ql.FastCfg.from_config({"exclude_modules": skip})\n'
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (8, "error")
    assert "'exclude_modules' handed to BaseCfg.from_config() in config" in message


def test_a_setdefault_before_super_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "class AeonCfg(BaseCfg):\n"
        "    @classmethod\n"
        "    def from_config(cls, config):\n"
        '        config.setdefault("exclude_modules", ["mtp"])\n'
        "        return super().from_config(config)\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(7, "error")]


# ``load`` still names "level", off another dict now (#25706's nested format); RENAMED's names it nowhere (the
# shape of symbol drift's older "key nobody reads", #9250's ``get_rope``, now this check's: tests/audits/
# test_held_key_drift.py): one reading for both
STILL_NAMED = BASE.replace('opts["level"]', 'opts["verbosity"] if "verbosity" in opts else _DEFAULTS["level"]')


@pytest.mark.parametrize("upstream", [STILL_NAMED, RENAMED], ids=["still named", "named nowhere"])
def test_a_dict_call_handed_by_keyword_to_a_function_is_an_error(
    git_repo: GitRepo, no_rules: Path, upstream: str
) -> None:
    fork = "def aeon_load():\n    opts = dict(level=3)\n    return load(opts=opts)\n"
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork, upstream)] == [(5, "error")]


def test_an_update_of_a_name_handed_by_position_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = 'def aeon_load(base):\n    opts = dict(base)\n    opts.update({"level": 3})\n    return load(opts)\n'
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork, STILL_NAMED)] == [(6, "error")]


def test_an_update_from_a_mapping_not_known_here_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``opts.update(extra)`` may hold "verbosity", the key read in the dropped one's stead (review14 on #9250)."""
    fork = 'def aeon_load(extra):\n    opts = {"level": 3}\n    opts.update(extra)\n    return load(opts)\n'
    assert _rows(git_repo, no_rules, fork) == []


SUPER_ADD = (
    "class AeonMeta(Meta):\n"
    "    def aeon_add(self, request_id, host):\n"
    "        params = {\n"
    '            "transfer_id": request_id,\n'
    '            "remote_host": host,\n'
    "        }\n"
    "        super().add_new_req(request_id, params)\n"
)


def test_a_super_hand_on_of_a_key_named_nowhere_is_one_error(git_repo: GitRepo, no_rules: Path) -> None:
    # review91's #39565: ``super().add_new_req(request_id, blocks, params)`` with the peer's "remote_host", which
    # ``add_new_req`` now parses from the request id; read by neither check before the join
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: HEAD + SUPER_ADD}, [(SUBJECT, {UPSTREAM: RENAMED})])
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value, f.message) for f in report.findings if f.path == FORK and f.line == 8]
    [(line, severity, message)] = rows  # one finding of the row, of any rule
    assert (line, severity) == (8, "error")
    assert "'remote_host' handed to Meta.add_new_req() in params" in message
    assert "it reads 'remote_peer' off it now" in message


def test_a_call_off_an_instance_annotated_or_built_in_the_function_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # symbol drift's older "key nobody reads" followed ``meta.add_new_req(...)`` off a typed receiver; the join keeps it
    fork = (
        "def aeon_add(meta: Meta, request_id, host):\n"
        '    meta.add_new_req(request_id, {"transfer_id": request_id, "remote_host": host})\n\n\n'
        "def aeon_two(request_id, host):\n"
        "    meta = Meta()\n"
        '    meta.add_new_req(request_id, {"transfer_id": request_id, "remote_host": host})\n\n\n'
        "class AeonMeta(Meta):\n"
        "    def add_new_req(self, request_id, params, write_mode=False):\n"
        '        self.host = params["remote_host"]\n\n\n'
        "def aeon_own(request_id, host):\n"
        "    meta = AeonMeta()\n"
        '    meta.add_new_req(request_id, {"transfer_id": request_id, "remote_host": host})\n'
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(5, "error"), (10, "error")]


def test_a_super_hand_on_also_holding_the_key_read_in_its_stead_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = SUPER_ADD.replace('"remote_host": host,\n', '"remote_host": host,\n            "remote_peer": host,\n')
    assert fork != SUPER_ADD
    assert _rows(git_repo, no_rules, fork) == []


def test_the_new_key_the_nested_format_and_both_spellings_are_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        'def aeon_a(skip):\n    return BaseCfg.from_config({"ignore": skip})\n\n\n'
        'def aeon_b(skip):\n    return BaseCfg.from_config({"nested": {"exclude_modules": skip}})\n\n\n'
        'def aeon_c(skip):\n    return BaseCfg.from_config({"exclude_modules": skip, "ignore": skip})\n'
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_fork_class_with_its_own_method_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's namesake takes the dict: whatever it does with the key, upstream's method does not see it."""
    fork = (
        "class AeonCfg(BaseCfg):\n"
        "    @classmethod\n"
        "    def from_config(cls, config):\n"
        '        return cls(config.get("exclude_modules", []))\n\n\n'
        'def aeon_cfg(skip):\n    return AeonCfg.from_config({"exclude_modules": skip})\n'
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_version_test_and_another_modules_namesake_are_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "import vllm\n\n\n"
        "def aeon_cfg(skip):\n"
        '    if vllm.__version__ < "0.11":\n'
        '        return BaseCfg.from_config({"exclude_modules": skip})\n'
        '    return BaseCfg.from_config({"ignore": skip})\n\n\n'
        "class Other:\n"
        "    @classmethod\n"
        "    def from_config(cls, config):\n"
        "        return config\n\n\n"
        'def aeon_other(skip):\n    return Other.from_config({"exclude_modules": skip})\n'
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_parameter_upstream_now_hands_to_a_new_helper_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``_excluded(config)`` may read the key: upstream's function no longer reads it itself, but it may still
    be read."""
    fork = 'def aeon_cfg(skip):\n    return BaseCfg.from_config({"exclude_modules": skip})\n'
    assert _rows(git_repo, no_rules, fork, HELPER) == []


HANDED = BASE.replace("    return level, strict\n", "    return _apply(opts), level, strict\n") + (
    '\n\ndef _apply(opts):\n    return opts.get("level", 0)\n'
)
HANDED_NOW = HANDED.replace('    level = opts["level"]\n', '    level = opts["verbosity"]\n')


@pytest.mark.parametrize(
    ("upstream", "rows"),
    [(HANDED_NOW, []), (HANDED_NOW.replace('opts.get("level", 0)', "0"), [(5, "error")])],
    ids=["the helper reads the key", "the helper reads it no more"],
)
def test_a_parameter_upstream_still_hands_to_a_helper_reading_the_key_is_quiet(
    git_repo: GitRepo, no_rules: Path, upstream: str, rows: list[tuple[int, str]]
) -> None:
    """``load`` stops reading "level" and names it nowhere, but still hands ``opts`` to ``_apply``, which reads it:
    the key is still read (the older "key nobody reads" was quiet for any hand-on)."""
    assert HANDED_NOW != HANDED != BASE
    fork = 'def aeon_load():\n    return load({"level": 3})\n'
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork, upstream, HANDED)] == rows


def test_a_parameter_upstream_now_keeps_on_an_attribute_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``made.raw = config``: a later method may read the key off the attribute."""
    fork = 'def aeon_cfg(skip):\n    return BaseCfg.from_config({"exclude_modules": skip})\n'
    assert _rows(git_repo, no_rules, fork, KEPT) == []


def test_a_function_upstream_emptied_is_left_to_emptied_drift(git_repo: GitRepo, no_rules: Path) -> None:
    # the key is moot when the whole function stops working: emptied drift reports the call once, and is quiet
    # where the fork's handler takes the new raise (tests/audits/test_emptied_drift.py, #50902's ``send``)
    raised = BASE.replace(
        '    level = opts["level"]\n    return level, strict\n', '    raise NotImplementedError("gone")\n'
    )
    assert raised != BASE
    fork = 'def aeon_load():\n    try:\n        return load({"level": 3})\n    except NotImplementedError:\n        return None\n'
    assert _rows(git_repo, no_rules, fork, upstream=raised) == []


def test_the_flat_dict_rebound_into_the_nested_format_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # review91: the flat keys sit one level down after ``cfg = {"nested": cfg}``, where upstream still reads them
    fork = (
        "def aeon_cfg(skip):\n"
        '    cfg = {"exclude_modules": skip}\n'
        '    cfg = {"nested": cfg}\n'
        "    return FastCfg.from_config(cfg)\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_keys_kept_through_a_copy_or_written_in_a_branch_before_a_rebinding_still_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    fork = (
        "def aeon_cfg(skip):\n"
        '    cfg = {"exclude_modules": skip}\n'
        "    cfg = dict(cfg)\n"
        "    return FastCfg.from_config(cfg)\n\n\n"
        "def aeon_other(skip, flat):\n"
        "    if flat:\n"
        '        cfg = {"exclude_modules": skip}\n'
        "    else:\n"
        '        cfg = {"nested": {}}\n'
        "    return FastCfg.from_config(cfg)\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(5, "error"), (12, "error")]


def test_a_key_read_back_and_applied_after_the_call_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # review91: ``quant.excluded = cfg["exclude_modules"]`` applies the fork's value whichever key upstream reads
    fork = (
        "def aeon_cfg(skip):\n"
        '    cfg = {"exclude_modules": skip}\n'
        "    made = FastCfg.from_config(cfg)\n"
        '    made.excluded = cfg["exclude_modules"]\n'
        "    return made\n"
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (5, "warning")
    assert "reads it back after the call (line 7)" in message


def test_a_key_written_after_the_call_is_quiet_unless_a_loop_brings_it_back(git_repo: GitRepo, no_rules: Path) -> None:
    # review91: ``cfg["exclude_modules"] = quant.exclude_modules`` after ``from_config(cfg)`` records, hands nothing
    fork = (
        "def aeon_cfg():\n"
        '    cfg = {"level": 1}\n'
        "    made = FastCfg.from_config(cfg)\n"
        '    cfg["exclude_modules"] = made.excluded\n'
        "    return made\n\n\n"
        "def aeon_all(skips):\n"
        "    cfg = {}\n"
        "    for skip in skips:\n"
        "        FastCfg.from_config(cfg)\n"
        '        cfg["exclude_modules"] = skip\n'
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(15, "error")]


# review95: twins of mend66's reach (a call off a module or a typed local) that are right after the merge
AEON_META = (
    "class AeonMeta(Meta):\n"
    "    def add_new_req(self, request_id, params, write_mode=False):\n"
    '        self.peers[request_id] = params["remote_host"]\n'
    "        super().add_new_req(request_id, params, write_mode)\n\n\n"
)


def test_a_multi_line_dict_call_off_an_annotated_parameter_is_an_error_on_the_keyword(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # the keyword on a line of its own, no ``dict(`` on it: the prefilter read keywords on ``dict(`` lines only
    fork = (
        "def aeon_add(meta: Meta, rid, host):\n"
        "    meta.add_new_req(rid, dict(transfer_id=rid,\n"
        "                               remote_host=host))\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(6, "error")]


def test_a_parameter_of_the_modules_name_is_the_forks_own_object(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        'from vllm.quant import loader\n\n\ndef aeon_load(loader: AeonTable):\n    return loader.load({"level": 3})\n'
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_module_call_is_still_followed(git_repo: GitRepo, no_rules: Path) -> None:
    fork = 'from vllm.quant import loader\n\n\ndef aeon_load():\n    return loader.load({"level": 3})\n'
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(8, "error")]


@pytest.mark.parametrize(
    "rebinding",
    [
        "def aeon_add(meta: Meta, rid, host):\n    meta = AeonMeta.adopt(meta)\n",
        "def aeon_add(metas: list, rid, host):\n    meta = Meta()\n    for meta in metas:\n    ",
    ],
    ids=["annotated then re-bound", "a for re-binding the local"],
)
def test_a_local_re_bound_to_another_class_is_not_typed(git_repo: GitRepo, no_rules: Path, rebinding: str) -> None:
    fork = AEON_META + rebinding + '    meta.add_new_req(rid, {"transfer_id": rid, "remote_host": host})\n'
    assert _rows(git_repo, no_rules, fork) == []


def test_a_call_in_a_try_catching_key_error_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # review95 on #9250: ``get_rope(..., {"type": ...})`` then ``except KeyError: get_rope(..., {"rope_type": ...})``
    fork = (
        "def aeon_load():\n"
        "    try:\n"
        '        return load({"level": 3})\n'
        "    except KeyError:\n"
        '        return load({"verbosity": 3})\n'
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (6, "warning")
    assert "catches KeyError (line 5)" in message


def test_a_call_in_a_catch_all_try_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # a defensive ``except Exception`` is no fallback for a key read by ``get`` (#25706 raises nothing)
    fork = 'def aeon_load():\n    try:\n        return load({"level": 3})\n    except Exception:\n        return None\n'
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(6, "error")]


HELPERS = "vllm/quant/helpers.py"
ABROAD = (
    BASE.replace("def load(", "from vllm.quant.helpers import apply_opts as _apply\n\n\ndef load(")
    .replace("    return level, strict\n", "    return _apply(opts), level, strict\n")
    .replace('    level = opts["level"]\n', '    level = opts["verbosity"]\n')
)
HELPERS_BASE = 'def apply_opts(opts):\n    return opts.get("level", 0)\n'


@pytest.mark.parametrize(
    ("helper", "rows"),
    [(HELPERS_BASE, []), (HELPERS_BASE.replace('opts.get("level", 0)', "0"), [(5, "error")])],
    ids=["the helper of another module reads the key", "it reads it no more"],
)
def test_a_parameter_still_handed_to_a_helper_of_another_module_reading_the_key_is_quiet(
    git_repo: GitRepo, no_rules: Path, helper: str, rows: list[tuple[int, str]]
) -> None:
    """The base already handed ``opts`` to ``apply_opts`` of another module, which reads "level" at upstream
    too: the read moved there (``load`` reads it no more), the key is still read."""
    base = ABROAD.replace('opts["verbosity"]', 'opts["level"]')
    upstream: dict[str, str | None] = {UPSTREAM: ABROAD, HELPERS: helper}
    fork = {FORK: HEAD + 'def aeon_load():\n    return load({"level": 3})\n'}
    sides = s.merge_case(git_repo, {UPSTREAM: base, HELPERS: HELPERS_BASE}, fork, [(SUBJECT, upstream)])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(line, sev) for path, line, sev, msg in found if path == FORK and "handed to" in msg] == rows
