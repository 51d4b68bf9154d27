"""Raised-kind drift: a fork ``except`` catches the exception a function raised before upstream changed it.

Shaped like #49134 (0da6e7f3d6), which turned ``CustomOp.default_on``'s ``assert`` on the ``custom_ops``
base mode into ``raise ValueError(...)``: a fork ``try: CustomOp.default_on()`` / ``except AssertionError:``
merges cleanly, the handler never runs again, and the ValueError escapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OPS = "pkg/custom_op.py"
OPS_BASE = """from pkg.config import get_config


class CustomOp:
    @staticmethod
    def default_on() -> bool:
        ops = get_config().custom_ops
        assert ops.count("none") + ops.count("all") == 1
        return "none" not in ops

    @classmethod
    def lookup(cls, name: str) -> type:
        if name not in REGISTRY:
            raise KeyError(name)
        return REGISTRY[name]

    @classmethod
    def checked(cls) -> bool:
        assert REGISTRY
        return True


class OtherOp:
    def default_on(self) -> bool:
        return True


REGISTRY: dict[str, type] = {}
"""
OPS_NEW = OPS_BASE.replace(
    '        assert ops.count("none") + ops.count("all") == 1\n',
    '        if ops.count("none") + ops.count("all") != 1:\n'
    '            raise ValueError("custom_ops must contain exactly one base mode")\n',
).replace("raise KeyError(name)", "raise ValueError(f'unknown op {name}')")
OPS_NEW = OPS_NEW.replace(
    "        assert REGISTRY\n",
    "        assert REGISTRY\n        if not REGISTRY:\n            raise ValueError('empty')\n",
)
CONFIG = "pkg/config.py"
CONFIG_TEXT = "def get_config():\n    return None\n"
SUBJECT = "[Bugfix] Reject contradictory custom-op directives (#49134)"
FORK = "pkg/aeon_ops.py"


def fork(body: str) -> str:
    return "# AEON: the Spark launcher's custom-op switch\nfrom pkg.custom_op import CustomOp\n\n\n" + body


def found(report: AuditReport) -> list[tuple[int, str, str]]:
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = OPS_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {OPS: OPS_BASE, CONFIG: CONFIG_TEXT, "pkg/__init__.py": ""},
        {FORK: fork(text)},
        [(SUBJECT, {OPS: new})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_catching_the_old_assertion_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    text = "def aeon_on() -> bool:\n    try:\n        return CustomOp.default_on()\n    except AssertionError:\n        return False\n"
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (8, "error")
    assert "catches AssertionError from CustomOp.default_on(), which upstream made raise ValueError" in message
    assert "#49134" in message


def test_a_raise_of_another_kind_is_an_error_too(git_repo: GitRepo, no_rules: Path) -> None:
    text = "def aeon_op(name: str) -> type | None:\n    try:\n        return CustomOp.lookup(name)\n    except LookupError:\n        return None\n"
    [(line, severity, message)] = run(git_repo, no_rules, text)  # KeyError made ValueError: LookupError misses it
    assert (line, severity) == (8, "error") and "catches KeyError from CustomOp.lookup()" in message


@pytest.mark.parametrize(
    "text",
    [
        # the new kind caught too, or instead, or everything
        "def a() -> bool:\n    try:\n        return CustomOp.default_on()\n    except (AssertionError, ValueError):\n        return False\n",
        "def a() -> bool:\n    try:\n        return CustomOp.default_on()\n    except ValueError:\n        return False\n",
        "def a() -> bool:\n    try:\n        return CustomOp.default_on()\n    except AssertionError:\n        return False\n    except Exception:\n        return True\n",
        # the def still asserts beside its new raise: the handler is alive
        "def a() -> bool:\n    try:\n        return CustomOp.checked()\n    except AssertionError:\n        return False\n",
        # something else in the body can still raise what is caught
        "def a(n: int) -> bool:\n    try:\n        assert n > 0\n        return CustomOp.default_on()\n    except AssertionError:\n        return False\n",
        "def a(s: str) -> bool:\n    try:\n        return CustomOp.default_on() and int(s) > 0\n    except AssertionError:\n        return False\n",
        # the body's own syntax raises what is caught: a lookup
        "def a(t: dict) -> bool:\n    try:\n        return t['x'] and CustomOp.lookup('y') is not None\n    except KeyError:\n        return False\n",
        # a nested call may raise it too
        "def a(s: str) -> bool:\n    try:\n        return CustomOp.lookup(str(s)) is not None\n    except KeyError:\n        return False\n",
        # suppress of the new kind
        "import contextlib\n\n\ndef a() -> None:\n    with contextlib.suppress(ValueError):\n        CustomOp.default_on()\n",
        # another class's def of the name, untouched
        "from pkg.custom_op import OtherOp\n\n\ndef a(op: OtherOp) -> bool:\n    try:\n        return OtherOp.default_on(op)\n    except AssertionError:\n        return False\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_project_exception_is_not_judged(git_repo: GitRepo, no_rules: Path) -> None:
    # a project's own class may subclass AssertionError: not known here
    new = OPS_NEW.replace('raise ValueError("custom_ops', 'raise ConfigError("custom_ops')
    text = "def aeon_on() -> bool:\n    try:\n        return CustomOp.default_on()\n    except AssertionError:\n        return False\n"
    assert run(git_repo, no_rules, text, new) == []


def test_a_suppress_of_the_old_kind_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    text = "import contextlib\n\n\ndef aeon_on() -> None:\n    with contextlib.suppress(AssertionError):\n        CustomOp.default_on()\n"
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (9, "error") and "catches AssertionError from CustomOp.default_on()" in message


@pytest.mark.parametrize(
    "text",
    [
        # ``self.lookup()`` where the fork's class defines its own lookup: not upstream's def
        "class AeonOps:\n    def lookup(self, name: str) -> type:\n        raise KeyError(name)\n\n"
        "    def find(self, name: str) -> type | None:\n        try:\n            return self.lookup(name)\n"
        "        except KeyError:\n            return None\n",
        # a parameter annotated with another class: that class's def, untouched
        "from pkg.custom_op import OtherOp\n\n\ndef a(op: OtherOp) -> bool:\n    try:\n        return op.default_on()\n"
        "    except AssertionError:\n        return False\n",
    ],
)
def test_a_receiver_read_as_another_class_is_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_handler_round_a_super_call_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # #42483 (78e7a7b9b0): AWQMarlinMoEMethod.select_gemm_impl raised NotImplementedError without LoRA, then
    # ValueError always; the fork's override round ``super().select_gemm_impl(...)`` lets the ValueError out
    text = (
        "class AeonOp(CustomOp):\n    @classmethod\n    def lookup(cls, name: str) -> type:\n        try:\n"
        "            return super().lookup(name)\n        except KeyError:\n            return object\n"
    )
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (10, "error") and "catches KeyError from CustomOp.lookup()" in message


def test_a_super_call_through_a_class_of_the_file_reaches_upstreams_base(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "class AeonBase(CustomOp):\n    pass\n\n\nclass AeonOp(AeonBase):\n    @classmethod\n"
        "    def lookup(cls, name: str) -> type:\n        try:\n            return super(AeonOp, cls).lookup(name)\n"
        "        except KeyError:\n            return object\n"
    )
    [(line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (14, "error")


@pytest.mark.parametrize(
    "text",
    [
        # a class of the file between them defines the method: super() reaches the fork's own def
        "class AeonBase(CustomOp):\n    @classmethod\n    def lookup(cls, name: str) -> type:\n        raise KeyError(name)\n\n\n"
        "class AeonOp(AeonBase):\n    @classmethod\n    def lookup(cls, name: str) -> type:\n        try:\n"
        "            return super().lookup(name)\n        except KeyError:\n            return object\n",
        # a base upstream did not change (another class's def of the name)
        "from pkg.custom_op import OtherOp\n\n\nclass AeonOther(OtherOp):\n    def default_on(self) -> bool:\n        try:\n"
        "            return super().default_on()\n        except AssertionError:\n            return False\n",
        # the new kind caught beside the old
        "class AeonOp(CustomOp):\n    @classmethod\n    def lookup(cls, name: str) -> type:\n        try:\n"
        "            return super().lookup(name)\n        except (KeyError, ValueError):\n            return object\n",
        # a second call in the body may raise what is caught
        "class AeonOp(CustomOp):\n    @classmethod\n    def lookup(cls, name: str) -> type:\n        try:\n"
        "            return super().lookup(name.strip())\n        except KeyError:\n            return object\n",
    ],
)
def test_super_call_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_super_call_with_several_outside_bases_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # which base answers first is the bases' own business: a guess, not a proof
    text = (
        "from pkg.custom_op import OtherOp\n\n\nclass AeonOp(CustomOp, OtherOp):\n    @classmethod\n"
        "    def lookup(cls, name: str) -> type:\n        try:\n            return super().lookup(name)\n"
        "        except KeyError:\n            return object\n"
    )
    [(line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (13, "warning")


def test_a_class_of_the_file_binding_the_method_by_assignment_answers_super(git_repo: GitRepo, no_rules: Path) -> None:
    # review22: ``lookup = _aeon_lookup`` in a fork base of the file is the fork's own method, as a def is
    text = (
        "def _aeon_lookup(cls, name: str) -> type:\n    raise KeyError(name)\n\n\n"
        "class AeonBase(CustomOp):\n    lookup = classmethod(_aeon_lookup)\n\n\n"
        "class AeonOp(AeonBase):\n    @classmethod\n    def lookup(cls, name: str) -> type:\n        try:\n"
        "            return super().lookup(name)\n        except KeyError:\n            return object\n"
    )
    assert run(git_repo, no_rules, text) == []


# #12102 (07934cc237): PEFTHelper, a dataclass, validated the adapter in __post_init__ through a helper that
# raised ValueError; upstream dropped the call and moved the raise into a new ``validate_legal``
HELPER = "pkg/helper.py"
HELPER_BASE = """from dataclasses import dataclass


@dataclass
class Helper:
    r: int
    use_dora: bool = False

    def _check(self) -> None:
        if self.use_dora:
            raise ValueError("no DoRA")

    def __post_init__(self) -> None:
        self._check()
        self.scale = 1 / self.r

    @classmethod
    def from_dict(cls, config: dict) -> "Helper":
        if "r" not in config:
            raise ValueError("missing r")
        return cls(**config)
"""
HELPER_MOVED = (
    HELPER_BASE.replace('            raise ValueError("no DoRA")\n', '            return ["no DoRA"]\n')
    .replace("        self._check()\n", "")
    .replace(
        "        return cls(**config)\n",
        '        return cls(**config)\n\n    def validate(self) -> None:\n        if self._check():\n            raise ValueError("bad")\n',
    )
)
HELPER_DROPPED = HELPER_BASE.replace('            raise ValueError("no DoRA")\n', "            pass\n")
HELPER_SUBJECT = "[Misc][LoRA] Improve the readability of LoRA error messages (#12102)"


def run_helper(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {HELPER: HELPER_BASE, "pkg/__init__.py": ""},
        {FORK: "# AEON: the router refuses DoRA adapters\nfrom pkg.helper import Helper\n\n\n" + text},
        [(HELPER_SUBJECT, {HELPER: new})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


CONSTRUCTED = "def aeon_ok(config: dict) -> bool:\n    try:\n        Helper(**config)\n    except ValueError:\n        return False\n    return True\n"


def test_a_construction_whose_post_init_check_moved_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run_helper(git_repo, no_rules, CONSTRUCTED, HELPER_MOVED)
    assert (line, severity) == (8, "error")
    assert "catches ValueError from Helper.__post_init__(), which upstream no longer raises" in message
    assert "moved to Helper.validate()" in message and "#12102" in message


def test_a_raise_dropped_with_nothing_in_its_place_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # the case may be accepted now (#6909 dropped "vLLM does not yet support RSLoRA" when it began to)
    [(line, severity, message)] = run_helper(git_repo, no_rules, CONSTRUCTED, HELPER_DROPPED)
    assert (line, severity) == (8, "warning") and "nor anything in its place" in message


@pytest.mark.parametrize(
    "text",
    [
        # from_dict raised ValueError for a missing field all along: the handler lives
        "def a(config: dict) -> bool:\n    try:\n        Helper.from_dict(config)\n    except ValueError:\n        return False\n    return True\n",
        # the moved check called in the try
        "def a(config: dict) -> bool:\n    try:\n        Helper(**config).validate()\n    except ValueError:\n        return False\n    return True\n",
        # a handler of another kind (a zero rank)
        "def a(config: dict) -> bool:\n    try:\n        Helper(**config)\n    except ZeroDivisionError:\n        return False\n    return True\n",
    ],
)
def test_construction_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run_helper(git_repo, no_rules, text, HELPER_MOVED) == []


def test_a_class_writing_its_own_init_does_not_run_post_init(git_repo: GitRepo, no_rules: Path) -> None:
    base = HELPER_BASE.replace("@dataclass\n", "").replace(
        "    r: int\n    use_dora: bool = False\n",
        "    def __init__(self, r: int, use_dora: bool = False) -> None:\n        self.r, self.use_dora = r, use_dora\n",
    )
    moved = HELPER_MOVED.replace("@dataclass\n", "").replace(
        "    r: int\n    use_dora: bool = False\n",
        "    def __init__(self, r: int, use_dora: bool = False) -> None:\n        self.r, self.use_dora = r, use_dora\n",
    )
    sides = s.merge_case(
        git_repo,
        {HELPER: base, "pkg/__init__.py": ""},
        {FORK: "from pkg.helper import Helper\n\n\n" + CONSTRUCTED},
        [(HELPER_SUBJECT, {HELPER: moved})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_a_raise_replaced_by_an_answer_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # the def answers a default where it raised: the fork's handler may have done the same (not this check's)
    new = OPS_BASE.replace("raise KeyError(name)", "return object")
    text = "def aeon_op(name: str) -> type | None:\n    try:\n        return CustomOp.lookup(name)\n    except KeyError:\n        return None\n"
    assert run(git_repo, no_rules, text, new) == []


# -- killers167: a KeyError from a lookup upstream made a ``.get`` (#47516, 4c6e2e4b30: the choose-kernel
# functions' ``possible_kernels[platform]`` and ``_POSSIBLE_KERNELS[platform]`` became ``.get(platform, [])``) --
CHOOSE = "pkg/choose.py"
CHOOSE_BASE = """_POSSIBLE: dict[str, list[type]] = {"cuda": []}
_TABLE = {"cuda": []}


def choose(config, possible: dict[str, list[type]], platform: str) -> type:
    kernels = possible[platform]
    for kernel in kernels:
        return kernel
    raise ValueError("no kernel")


def choose_mp(config, platform: str) -> type:
    kernels = _POSSIBLE[platform]
    for kernel in kernels:
        return kernel
    raise ValueError("no kernel")


def choose_table(platform: str) -> type:
    kernels = _TABLE[platform]
    return kernels[0]


def choose_rebound(platform: str) -> type:
    _POSSIBLE = [int]
    return _POSSIBLE[0]
"""
CHOOSE_NEW = (
    CHOOSE_BASE.replace("possible[platform]", "possible.get(platform, [])")
    .replace("_POSSIBLE[platform]", "_POSSIBLE.get(platform, [])")
    .replace("_TABLE[platform]", "_TABLE.get(platform, [int])")
)
CHOOSE_FORK = "pkg/aeon_choose.py"


def run_choose(git_repo: GitRepo, no_rules: Path, text: str, new: str = CHOOSE_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {CHOOSE: CHOOSE_BASE, "pkg/__init__.py": ""},
        {CHOOSE_FORK: "from pkg.choose import choose, choose_mp, choose_rebound, choose_table\n\n\n" + text},
        [("[XPU][UT]fix _POSSIBLE_KERNELS error on XPU (#47516)", {CHOOSE: new})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


@pytest.mark.parametrize(
    ("text", "called"),
    [
        # a parameter annotated as a dict, a module dict (annotated), a module dict display
        (
            "def a(c, p):\n    try:\n        return choose(c, {}, p)\n    except KeyError:\n        return None\n",
            "choose",
        ),
        (
            "def a(c, p):\n    try:\n        return choose_mp(c, p)\n    except KeyError as e:\n        raise RuntimeError from e\n",
            "choose_mp",
        ),
        (
            "def a(p):\n    try:\n        return choose_table(p)\n    except KeyError:\n        return None\n",
            "choose_table",
        ),
    ],
    ids=["dict parameter", "annotated module dict", "module display"],
)
def test_a_key_error_from_a_lookup_made_a_get(git_repo: GitRepo, no_rules: Path, text: str, called: str) -> None:
    [(line, severity, message)] = run_choose(git_repo, no_rules, text)
    assert (line, severity) == (7, "warning") and f"catches KeyError from {called}()" in message


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # upstream kept the lookup
        (
            "def a(c, p):\n    try:\n        return choose_mp(c, p)\n    except KeyError:\n        return None\n",
            CHOOSE_BASE + "\n",
        ),
        # a local of the module dict's name, rebound to a list: an IndexError's, never a KeyError
        (
            "def a(p):\n    try:\n        return choose_rebound(p)\n    except KeyError:\n        return None\n",
            CHOOSE_NEW.replace("_POSSIBLE = [int]\n    return _POSSIBLE[0]", "return int"),
        ),
    ],
    ids=["kept lookup", "rebound local"],
)
def test_twin_a_lookup_kept_or_never_a_dict(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert run_choose(git_repo, no_rules, text, new) == []


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "import pytest\n\n\ndef test_aeon_on() -> None:\n    with pytest.raises(AssertionError):\n"
            "        CustomOp.default_on()\n",
            9,
        ),
        # the call's arguments built by calls of their own: had those raised, the call was never reached
        (
            "import pytest\n\n\ndef test_aeon_lookup() -> None:\n"
            '    with pytest.raises(KeyError, match="x"):\n        CustomOp.lookup(str(len("x")))\n',
            9,
        ),
        (
            "import unittest\n\n\nclass AeonTest(unittest.TestCase):\n    def test_on(self) -> None:\n"
            "        with self.assertRaises(AssertionError):\n            CustomOp.default_on()\n",
            10,
        ),
        # the call an argument of a builtin's: the builtin raises no AssertionError of its own (review133)
        (
            "import pytest\n\n\ndef test_aeon_on() -> None:\n    with pytest.raises(AssertionError):\n"
            "        bool(CustomOp.default_on())\n",
            9,
        ),
    ],
    ids=["pytest.raises", "argument calls", "assertRaises", "a builtin's argument"],
)
def test_a_test_expecting_the_old_kind_is_an_error(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    """A test's ``pytest.raises(K)`` round the call is a handler of ``K``: the new kind escapes, the test fails."""
    [(at, severity, message)] = run(git_repo, no_rules, text)
    assert (at, severity) == (line, "error")
    assert "fork-side test expects" in message and "the test fails" in message and "expect ValueError" in message


@pytest.mark.parametrize(
    "text",
    [
        # the new kind expected
        "import pytest\n\n\ndef test_aeon_on() -> None:\n    with pytest.raises(ValueError):\n        CustomOp.default_on()\n",
        # a second call at the statement level may raise what is expected
        "import pytest\n\n\ndef test_aeon_on() -> None:\n    with pytest.raises(AssertionError):\n"
        "        CustomOp.default_on()\n        CustomOp.checked()\n",
        # a def whose kind did not change
        "import pytest\n\nfrom pkg.custom_op import OtherOp\n\n\ndef test_aeon_other() -> None:\n    with pytest.raises(AssertionError):\n"
        "        OtherOp().default_on()\n",
        # the call builds an argument of a library's check that raises what is expected (review133)
        "import pytest\nimport torch\n\n\ndef test_aeon_on() -> None:\n    with pytest.raises(AssertionError):\n"
        "        torch.testing.assert_close(CustomOp.default_on(), False)\n",
        # ... or of the fork's own helper asserting on its value
        "import pytest\n\n\ndef aeon_off(value):\n    assert not value\n\n\ndef test_aeon_on() -> None:\n"
        "    with pytest.raises(AssertionError):\n        aeon_off(CustomOp.default_on())\n",
        # the call's method stubbed by the test: it raises what the stub says (pinned_results' stubs)
        "import pytest\nfrom unittest import mock\n\n\ndef test_aeon_on() -> None:\n"
        '    with mock.patch.object(CustomOp, "default_on", side_effect=AssertionError):\n'
        "        with pytest.raises(AssertionError):\n            CustomOp.default_on()\n",
        'import pytest\nfrom unittest import mock\n\n\n@mock.patch("pkg.custom_op.CustomOp.default_on")\n'
        "def test_aeon_on(stub) -> None:\n    stub.side_effect = AssertionError\n"
        "    with pytest.raises(AssertionError):\n        CustomOp.default_on()\n",
    ],
    ids=[
        "new kind",
        "second call",
        "another class",
        "library check's argument",
        "fork helper's argument",
        "stubbed by patch.object",
        "stubbed by a patch decorator",
    ],
)
def test_expectation_twins_are_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert [f for f in run(git_repo, no_rules, text) if f[1] == "error"] == []


@pytest.mark.parametrize(
    "text",
    [
        "import pytest\nimport torch\n\n\ndef test_aeon_on() -> None:\n    with pytest.raises(AssertionError):\n"
        "        torch.testing.assert_close(CustomOp.default_on(), False)\n",
        "import pytest\n\n\ndef aeon_off(value):\n    assert not value\n\n\ndef test_aeon_on() -> None:\n"
        "    with pytest.raises(AssertionError):\n        aeon_off(CustomOp.default_on())\n",
    ],
    ids=["library check's argument", "fork helper's argument"],
)
def test_an_expected_call_building_an_argument_is_a_warning(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    """The outer call may raise what the test expects, or the argument's call did at the base: a warning
    (review133; an error before)."""
    assert [f[1] for f in run(git_repo, no_rules, text)] == ["warning"]


def test_a_test_expecting_the_old_kind_off_an_untyped_receiver_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """Another def of the name still raises the old kind: a ``try`` off a receiver not read stays quiet (its
    handler may be for that def), a test's expectation is a warning (written for the def the model inherits)."""
    third = "\n\nclass ThirdOp:\n    def default_on(self) -> bool:\n        assert REGISTRY\n        return True\n"
    expects = "import pytest\n\n\ndef test_aeon_on(op) -> None:\n    with pytest.raises(AssertionError):\n        op.default_on()\n"
    catches = "def aeon_on(op) -> bool:\n    try:\n        return op.default_on()\n    except AssertionError:\n        return False\n"
    sides = s.merge_case(
        git_repo,
        {OPS: OPS_BASE + third, CONFIG: CONFIG_TEXT, "pkg/__init__.py": ""},
        {FORK: fork(expects), FORK.replace(".py", "_try.py"): fork(catches)},
        [(SUBJECT, {OPS: OPS_NEW + third})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == RULE] == [(FORK, 9, "warning")]
