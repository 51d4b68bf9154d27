"""Device-gate drift through a holder: a capability asked once and kept, read elsewhere.

vLLM keeps many answers: ``self.is_blackwell = current_platform.is_device_capability_family(100)``
in ``__init__`` read as ``if self.is_blackwell:`` in ``forward`` (mamba_mixer2.py), ``IS_TURING =
current_platform.get_device_capability() == (7, 5)`` at module level (prefix_prefill.py), a set of
supported capabilities read as ``cap.to_int() in _SUPPORTED``, a module function of no parameters
that returns the capability.  Upstream changing the reading check, or the set, names no capability
call in its diff; the device still leaves the path.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.model import Severity
from tests.audits.conftest import GitRepo
from tests.audits.test_device_gates import _case, _findings

HEAD = "from vllm.platforms import current_platform\n\n\n"
PATH = "vllm/model_executor/layers/held.py"

MIXER = HEAD + (
    "class Mixer:\n"
    "    def __init__(self):\n"
    "        self.is_sm12x = current_platform.is_device_capability_family(120)\n"
    "        self.n = 1\n\n"
    "    def forward(self, x):\n"
    "        if self.is_sm12x:\n"
    "            return fast(x)\n"
    "        return slow(x)\n"
)
CAP = HEAD + (
    "class Mixer:\n"
    "    def __init__(self):\n"
    "        cap = current_platform.get_device_capability()\n"
    "        self.cap = cap\n\n"
    "    def forward(self, x):\n"
    "        if self.cap.major == 12:\n"
    "            return fast(x)\n"
    "        return slow(x)\n"
)
FLAGS = HEAD + (
    "_IS_SM12X = current_platform.is_device_capability_family(120)\n"
    "_IS_SM100 = current_platform.is_device_capability(100)\n\n\n"
    "def use_fast(x):\n"
    "    return x > 0 and (_IS_SM100 or _IS_SM12X)\n"
)
GETTER = HEAD + (
    "def _cap():\n"
    '    """The device\'s capability."""\n'
    "    return current_platform.get_device_capability()\n\n\n"
    "def use_fast():\n"
    "    cap = _cap()\n"
    "    return cap >= (12, 0)\n"
)
SUPPORTED = HEAD + (
    "_SUPPORTED = frozenset({90, 100, 120, 121})\n\n\n"
    "def supported(x=0):\n"
    "    cap = current_platform.get_device_capability()\n"
    "    return cap.to_int() in _SUPPORTED\n"
)
SUPPORTED_LINES = HEAD + (
    "_SUPPORTED: list[int] = [\n    90,\n    100,\n    120,\n    121,\n]\n\n\n"
    "def supported(x=0):\n"
    "    cap = current_platform.get_device_capability()\n"
    "    return cap.to_int() in _SUPPORTED\n"
)


@pytest.mark.parametrize(
    ("before", "after", "line", "severity"),
    [
        (
            MIXER,
            MIXER.replace("if self.is_sm12x:", "if self.is_sm12x and not current_platform.is_device_capability(121):"),
            10,
            Severity.ERROR,
        ),
        (
            CAP,
            CAP.replace("self.cap.major == 12:", "self.cap.major == 12 and self.cap.minor == 0:"),
            10,
            Severity.ERROR,
        ),
        (FLAGS, FLAGS.replace("(_IS_SM100 or _IS_SM12X)", "_IS_SM100"), 9, Severity.WARNING),
        (GETTER, GETTER.replace("cap >= (12, 0)", "cap == (12, 0)"), 11, Severity.ERROR),
        (SUPPORTED, SUPPORTED.replace("120, 121}", "120}"), 9, Severity.ERROR),
        (SUPPORTED_LINES, SUPPORTED_LINES.replace("    121,\n", ""), 13, Severity.ERROR),
    ],
    ids=["self-flag", "self-capability", "module-flags", "module-getter", "supported-set", "supported-list-lines"],
)
def test_a_check_read_through_a_holder_is_evaluated(
    git_repo: GitRepo, before: str, after: str, line: int, severity: Severity
) -> None:
    sides = _case(git_repo, PATH, before, after, "Narrow the fast path (#7)")
    [finding] = _findings(git_repo, sides)
    assert (finding.path, finding.line, finding.severity) == (PATH, line, severity), finding.message
    assert "for a 12.1 device" in finding.message and "check that it still runs" in finding.message
    assert "#7" in finding.message


def test_a_changed_set_is_named_as_what_the_check_reads(git_repo: GitRepo) -> None:
    sides = _case(git_repo, PATH, SUPPORTED, SUPPORTED.replace("120, 121}", "120}"), "Drop 12.1 (#8)")
    [finding] = _findings(git_repo, sides)
    assert "upstream changed a value that a capability check in supported reads" in finding.message
    assert "`cap.to_int() in _SUPPORTED` is false" in finding.message and "#8" in finding.message


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # the holder is assigned twice: its value is not known
        (
            MIXER + "\n    def reset(self):\n        self.is_sm12x = False\n",
            MIXER.replace("if self.is_sm12x:", "if self.is_sm12x and self.n > 1:")
            + "\n    def reset(self):\n        self.is_sm12x = False\n",
        ),
        # another class's attribute of the same name: not the holder
        (
            MIXER
            + "\n\nclass Other:\n    def go(self):\n        if self.is_sm12x:\n            return 1\n        return 2\n",
            MIXER
            + "\n\nclass Other:\n    def go(self):\n        if self.is_sm12x and current_platform.is_device_capability(121):\n"
            "            return 1\n        return 2\n",
        ),
        # a parameter of the assigning method: not the device's capability
        (
            CAP.replace("cap = current_platform.get_device_capability()", "pass").replace(
                "__init__(self)", "__init__(self, cap)"
            ),
            CAP.replace("cap = current_platform.get_device_capability()", "pass")
            .replace("__init__(self)", "__init__(self, cap)")
            .replace("self.cap.major == 12:", "self.cap.major == 12 and self.cap.minor == 0:"),
        ),
        # a parameter shadows the module's holder
        (
            FLAGS + "\n\ndef other(_IS_SM12X):\n    return _IS_SM12X\n",
            FLAGS + "\n\ndef other(_IS_SM12X):\n    return not _IS_SM12X\n",
        ),
        # the operands reordered: the same value for the device
        (FLAGS, FLAGS.replace("(_IS_SM100 or _IS_SM12X)", "(_IS_SM12X or _IS_SM100)")),
        # a set of numbers that holds no capability changed
        (
            SUPPORTED.replace("in _SUPPORTED", "in _SUPPORTED and x in _SIZES") + "_SIZES = {16, 32}\n",
            SUPPORTED.replace("in _SUPPORTED", "in _SUPPORTED and x in _SIZES") + "_SIZES = {16}\n",
        ),
        # the set changed, the device is still in it
        (SUPPORTED, SUPPORTED.replace("{90, 100, 120, 121}", "{90, 100, 103, 120, 121}")),
    ],
    ids=["assigned-twice", "other-class", "method-parameter", "shadowed", "reordered", "unrelated-set", "still-in"],
)
def test_near_misses_through_holders_are_quiet(git_repo: GitRepo, before: str, after: str) -> None:
    sides = _case(git_repo, PATH, before, after, "Refactor (#9)")
    assert _findings(git_repo, sides) == []


def test_a_holder_the_function_already_called_asks_nothing_new(git_repo: GitRepo) -> None:
    """#24600 (e67a79db03) made ``supports_trtllm_attention()`` a one-line return of a capability check,
    and ``use_trtllm_attention`` read it as ``if not supports_trtllm_attention(): return False``
    where it had unpacked its tuple: the device was turned away before too, nothing new is asked."""
    before = HEAD + (
        "def supports_trtllm_attention():\n"
        "    if not current_platform.is_device_capability(100):\n"
        "        return False, None\n"
        "    return True, None\n\n\n"
        "def use_trtllm_attention(n):\n"
        "    use_trtllm, env_value = supports_trtllm_attention()\n"
        "    if not use_trtllm:\n"
        "        return False\n"
        "    return n > 0\n"
    )
    after = HEAD + (
        "def supports_trtllm_attention():\n"
        "    return current_platform.is_device_capability(100)\n\n\n"
        "def use_trtllm_attention(n):\n"
        "    if not supports_trtllm_attention():\n"
        "        return False\n"
        "    return n > 0\n"
    )
    sides = _case(git_repo, PATH, before, after, "[Bugfix] Refactor TRTLLM attention selection (#24600)")
    assert [f for f in _findings(git_repo, sides) if "use_trtllm_attention" in f.message] == []


def test_a_new_refusal_through_a_holder_the_function_never_read_is_found(git_repo: GitRepo) -> None:
    before = (
        HEAD + "_IS_SM12X = current_platform.is_device_capability_family(120)\n\n\ndef pick(n):\n    return n > 0\n"
    )
    after = before.replace("    return n > 0\n", "    if _IS_SM12X:\n        return False\n    return n > 0\n")
    sides = _case(git_repo, PATH, before, after, "Skip on 12.x (#25)")
    [finding] = _findings(git_repo, sides)
    assert "upstream added a capability check that a 12.1 device meets: `_IS_SM12X` in pick" in finding.message
