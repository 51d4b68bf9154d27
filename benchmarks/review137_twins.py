"""Adversarial twins of killers230's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a test of a raised message's words read from a ``pytest.raises(K, match=...)`` / ``assertRaisesRegex``
  pattern, words spanning a formatted value, a raise moved into another module's helper (``drift/message_tests.py``,
  widened by killers230, an error; #46236 (00ebf19cca) moved ``verify_marlin_supports_shape``'s group-size raise
  into ``vllm.distributed.utils.verify_group_size_divides_partition`` as ``f"{input_size_per_partition=}"``-style
  text, and #35568 (06d020bb6e) reworded "SM89 or SM120" to "SM89 or SM12x"): patterns that still match
  upstream's words -- ``?``-optional spaces, ``\\s*`` around ``=``, ``.{0,3}`` and an escaped dot, ``\\W+``,
  a character class, ``\\w``, ``\\d+\\w*``, escaped parentheses, ``.?``, a ``*`` in an assertRaisesRegex --,
  advice both texts give, an ``in str(e)`` accepting either spelling through ``or``, a call reaching a kept raise;
- a fork test's double on a member the upstream function it steers reads less (``drift/stale_doubles.py``, new in
  killers230, a warning; #35568's ``is_device_capability(120)`` -> ``is_device_capability_family(120)`` and
  another real commit of the shape, #37755 (88f1b374f5), ``enable_allreduce_rms_fusion``'s
  ``is_device_capability(100)`` -> ``is_device_capability_family(100)`` beside a kept ``(90)``): a double on the
  new member, doubles on both members (a ``with`` of both, a decorator pair), a double on the fork's own platform
  class of the member's name, the fork's own function of the name, a test whose config never reaches the gate.

Every error on a twin's line is a false one (a warning is counted apart; stale doubles only ever warns, so its
twins are judged by their warnings too).

Round 1 (the engine at dd96c166, killers230's head, the file as first written: 4 cases, 20 twins): 2 caught,
2 warned of 4 (the two stale-double cases: warnings by design); 4 false errors of 20 twins, all message tests on
#46236: three ``match=`` patterns that still match upstream's words (``r"input_size_per_partition ?= ?384 is not
divisible by group_size ?= ?256"``, the same with ``\\s*``, ``r"is not divisible by group_size.{0,3}256\\. "``)
-- their literal runs ("384 is not divisible by group_size") are held by the moved helper's message, but the
helper's module was opened only when its raw text held the words' longest run between digits, and its message
is split over implicitly joined f-strings (``f"... is not divisible by "`` ``f"{group_size=}. ..."``); and
``"... group_size =" in str(e) or "... group_size=" in str(e)``, read as two tests, the old spelling's an error.
Stale doubles: 3 twins warned by it (doubles on both members, twice; the fork's own class's member).
The #35568 message-test twins (6) held: the literal-run reading with ``?``/``*``/classes/escapes was right there.
Round 2 (this branch): ``message_tests`` opens the moved helper's module on the words' longest word (no space, no
digit) and reads its parsed strings; an ``in str(e)`` joined by ``or`` to other tests of the same text (``not
in``s by ``and``) is one test either spelling passes -- an error only where upstream says none.  ``stale_doubles``
stays quiet where the same test function doubles every member read in the old one's place too, and for a double
on an object the fork's file defines (its class, its def, a name bound to an instance of its class).  Unit tests
that failed before: test_message_tests ``either-spelling``, ``neither-spelling-absent``,
``moved-split-over-lines-kept``; test_stale_doubles ``the-new-member-doubled-too``, ``the-fork-own-class``.
Then, for the killer author's note that an optional quantifier cuts the literal run short: a ``?`` after a
literal character keeps the run going with the character optional, the run read each way (at most 4 such
characters), the words said when any way is (an ``or`` of spellings is likewise one test now, its first
compare's line).  ``r"only support SM89 or SM120? device"`` was read as "SM89 or SM12", which #35568's "SM89 or
SM12x device" holds: missed (warned by the pinned-result warning only) at dd96c166 and at the first mend
(58a71c04), caught now (test_message_tests ``optional-character-inside-the-run``, failing before).
Round 3 (written after the mends, cases they must not swallow): an ``or`` whose other words upstream never says,
an ``and`` needing the old words beside kept ones, an assertRaisesRegex of old words the split helper message no
longer holds, a ``?`` making the old digit optional with the words after it kept (caught); the old member
doubled beside an unrelated one, the new member doubled only in another test of the file, a module-level alias
of ``current_platform`` doubled (warned by stale doubles).
Round 1 over the whole file at dd96c166 (``AEON_SRC``): 5 caught, 6 warned of 11; 4 false errors of 20 twins
(13 of the quiet warned, 3 of them by stale doubles).  This branch: 6 caught, 5 warned of 11 (the five warnings:
stale doubles' cases, by design); 0 false errors of 20 twins (16 warned, none by stale doubles: return
drift's pinned-result and raised-kind warnings).
Regression set at this branch (2f668dfd): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_marlinfp4 (killers230's replay) 16 caught, 4 warned, 0 missed of 20 (10 quiet, 1 warned),
blind_replay_pstate2 (message tests') 6 caught, 4 warned, 2 missed of 12 (10 quiet, 1 warned), review125_twins
(message tests' twins) 10 caught of 10, 0 false errors of 37 (0 warned); and at 4552aa27 (the stale-doubles mend,
unchanged since) the replays with doubles in their spellings: blind_replay_pstate 21 caught, 1 warned of 22 (11
quiet, 1 warned), blind_replay_specdec2 24 caught, 1 warned of 25 (15 quiet), blind_replay_compcfg 13 caught,
5 warned of 18 (9 quiet), blind_replay_fiutils 10 caught, 6 warned, 2 missed of 18 (9 quiet, 1 warned): each as
recorded, 0 false errors.  Unit tests: test_message_tests 31 (23 before: +8), test_stale_doubles 15 (11: +4).
Speed (drift_speed's 150-commit window, its CHECKS set to the two, 3 audits, the machine shared): this branch
message_test_drift 0.110 ms, stale_double_drift 0.046 ms; dd96c166 0.100 ms and 0.046 ms (the window's carry
spells no double and tests no text: the gates stop both; audit 17.5 s).

  PYTHONPATH=.. python review137_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MU = "vllm.model_executor.layers.quantization.utils.marlin_utils"

# --- #46236 (00ebf19cca): verify_marlin_supports_shape's group-size raise moved into
# vllm.distributed.utils.verify_group_size_divides_partition, reworded to f"{input_size_per_partition=}" style
# (drift/message_tests.py, widened: a match= / assertRaisesRegex pattern, words across a formatted value, a raise
# moved into another module's helper)
MS = ("#46236", "00ebf19cca", "'input_size_per_partition = N ... group_size = G' -> 'input_size_per_partition=N ...'")
MSH = f"import unittest\n\nimport pytest\n\nfrom {MU} import verify_marlin_supports_shape\n\n\n"


def _ms(name: str, body: str, line: str) -> Killer:
    return K(*MS, f"tests/aeon/test_r137{name}.py", MSH + body, line)


def _raises(name: str, pattern: str, call: str = "verify_marlin_supports_shape(256, 384, 768, 256)") -> Killer:
    line = f"with pytest.raises(ValueError, match={pattern}):"
    return _ms(name, f"def test_aeon_{name}():\n    {line}\n        {call}\n", line)


CASES += [
    (
        "#46236 message tests",
        "assertRaisesRegex with \\d+ for the values, the old spacing",
        _ms(
            "ms0",
            "class AeonShape(unittest.TestCase):\n"
            "    def test_split(self):\n"
            '        with self.assertRaisesRegex(ValueError, r"input_size_per_partition = \\d+ is not divisible by '
            'group_size = \\d+"):\n'
            "            verify_marlin_supports_shape(256, 384, 768, 256)\n",
            'with self.assertRaisesRegex(ValueError, r"input_size_per_partition = \\d+ is not divisible by '
            'group_size = \\d+"):',
        ),
    ),
]
TWINS += [
    (
        "#46236 message tests",
        "twin: optional spaces around = (both texts match)",
        _raises("ms1", 'r"input_size_per_partition ?= ?384 is not divisible by group_size ?= ?256"'),
    ),
    (
        "#46236 message tests",
        "twin: \\s* around =",
        _raises("ms2", 'r"input_size_per_partition\\s*=\\s*384 is not divisible by group_size\\s*=\\s*256"'),
    ),
    (
        "#46236 message tests",
        "twin: .{0,3} for the = and an escaped dot",
        _raises("ms3", 'r"is not divisible by group_size.{0,3}256\\. "'),
    ),
    (
        "#46236 message tests",
        "twin: assertRaisesRegex of the advice both texts give",
        _ms(
            "ms4",
            "class AeonShape4(unittest.TestCase):\n"
            "    def test_split(self):\n"
            '        with self.assertRaisesRegex(ValueError, r"Consider reducing tensor_parallel_size"):\n'
            "            verify_marlin_supports_shape(256, 384, 768, 256)\n",
            'with self.assertRaisesRegex(ValueError, r"Consider reducing tensor_parallel_size"):',
        ),
    ),
    (
        "#46236 message tests",
        "twin: a non-word run between the name and the value",
        _raises("ms5", 'r"input_size_per_partition\\W+384"'),
    ),
    (
        "#46236 message tests",
        "twin: an `in str(e)` accepting either spelling (`or`)",
        _ms(
            "ms6",
            "def aeon_shape_ok(n: int, k_part: int, k: int, g: int) -> bool:\n"
            "    try:\n"
            "        verify_marlin_supports_shape(n, k_part, k, g)\n"
            "    except ValueError as e:\n"
            '        if "is not divisible by group_size =" in str(e) or "is not divisible by group_size=" in str(e):\n'
            "            return False\n"
            "        raise\n"
            "    return True\n",
            'if "is not divisible by group_size =" in str(e) or "is not divisible by group_size=" in str(e):',
        ),
    ),
    (
        "#46236 message tests",
        "twin: a path the reworded raise never reaches (min_thread_n's kept text)",
        _raises("ms7", '"is not divisible by  min_thread_n = 64"', "verify_marlin_supports_shape(100, 384, 768, 128)"),
    ),
]

# --- #35568 (06d020bb6e): get_marlin_input_dtype's message 'SM89 or SM120' -> 'SM89 or SM12x', and its SM120
# gate is_device_capability(120) -> is_device_capability_family(120) (message tests and drift/stale_doubles.py)
FF = ("#35568", "06d020bb6e", "is_device_capability(120) -> is_device_capability_family(120); 'SM120' -> 'SM12x'")
FFH = (
    "import unittest\nfrom unittest import mock\n\nimport pytest\nimport torch\n\n"
    f"from vllm.platforms import current_platform\nfrom {MU} import get_marlin_input_dtype\n\n\n"
)


def _ff(name: str, body: str, line: str) -> Killer:
    return K(*FF, f"tests/aeon/test_r137{name}.py", FFH + body, line)


def _fraises(name: str, pattern: str) -> Killer:
    line = f"with pytest.raises(ValueError, match={pattern}):"
    body = (
        f"def test_aeon_{name}(monkeypatch):\n"
        '    monkeypatch.setenv("VLLM_MARLIN_INPUT_DTYPE", "fp8")\n'
        f"    {line}\n        get_marlin_input_dtype()\n"
    )
    return _ff(name, body, line)


CASES += [
    (
        "#35568 message tests",
        "a match= of the old words spelt with a word boundary",
        _fraises("mf0", 'r"only support SM89 or SM120\\b"'),
    ),
]
TWINS += [
    (
        "#35568 message tests",
        "twin: a character class for the last digit",
        _fraises("mf1", 'r"SM89 or SM12[0x]"'),
    ),
    (
        "#35568 message tests",
        "twin: \\w for the last character",
        _fraises("mf2", 'r"only support SM89 or SM12\\w device"'),
    ),
    (
        "#35568 message tests",
        "twin: \\d+\\w* after SM1",
        _fraises("mf3", 'r"W4A8-FP8 only support SM89 or SM1\\d+\\w* device"'),
    ),
    (
        "#35568 message tests",
        "twin: escaped parentheses of a kept sentence",
        _fraises("mf4", 'r"\\(It is slower than Marlin W4A16 on other devices\\)\\."'),
    ),
    (
        "#35568 message tests",
        "twin: .? for the last character",
        _fraises("mf5", '"SM89 or SM12.? device"'),
    ),
    (
        "#35568 message tests",
        "twin: an assertRaisesRegex with a * quantifier",
        _ff(
            "mf6",
            "class AeonDtype(unittest.TestCase):\n"
            "    def test_fp8(self):\n"
            '        with mock.patch.dict("os.environ", {"VLLM_MARLIN_INPUT_DTYPE": "fp8"}):\n'
            '            with self.assertRaisesRegex(ValueError, r"SM89 or SM12\\w* device \\(It is slower"):\n'
            "                get_marlin_input_dtype()\n",
            'with self.assertRaisesRegex(ValueError, r"SM89 or SM12\\w* device \\(It is slower"):',
        ),
    ),
]

# stale doubles (#35568): a double on is_device_capability around get_marlin_input_dtype
FFS = '    monkeypatch.setenv("VLLM_MARLIN_INPUT_DTYPE", "fp8")\n'
CASES += [
    (
        "#35568 stale doubles",
        "a dotted mock.patch target as a decorator (a warning by design)",
        _ff(
            "sd0",
            '@mock.patch("vllm.platforms.current_platform.is_device_capability", side_effect=lambda c: c == 120)\n'
            "def test_aeon_sm120_fp8(_cap, monkeypatch):\n"
            + FFS
            + "    assert get_marlin_input_dtype() == torch.float8_e4m3fn\n",
            '@mock.patch("vllm.platforms.current_platform.is_device_capability", side_effect=lambda c: c == 120)',
        ),
    ),
]
TWINS += [
    (
        "#35568 stale doubles",
        "twin: a double on the new member",
        _ff(
            "sd1",
            "def test_aeon_sm12x_fp8(monkeypatch):\n" + FFS + "    monkeypatch.setattr(current_platform, "
            '"is_device_capability_family", lambda c: c == 120)\n'
            "    assert get_marlin_input_dtype() == torch.float8_e4m3fn\n",
            'monkeypatch.setattr(current_platform, "is_device_capability_family", lambda c: c == 120)',
        ),
    ),
    (
        "#35568 stale doubles",
        "twin: doubles on both the old and the new member",
        _ff(
            "sd2",
            "def test_aeon_sm12x_both(monkeypatch):\n" + FFS + "    with (\n"
            '        mock.patch.object(current_platform, "is_device_capability", return_value=False),\n'
            '        mock.patch.object(current_platform, "is_device_capability_family", return_value=True),\n'
            "    ):\n"
            "        assert get_marlin_input_dtype() == torch.float8_e4m3fn\n",
            'mock.patch.object(current_platform, "is_device_capability", return_value=False),',
        ),
    ),
    (
        "#35568 stale doubles",
        "twin: a double on the fork's own platform class of the member's name",
        _ff(
            "sd3",
            "class AeonPlatform:\n    def is_device_capability(self, c: int) -> bool:\n        return c == 121\n\n\n"
            "def test_aeon_own_platform(monkeypatch):\n"
            + FFS
            + '    with mock.patch.object(AeonPlatform, "is_device_capability", return_value=True):\n'
            "        assert AeonPlatform().is_device_capability(0)\n"
            "        assert get_marlin_input_dtype() is not None\n",
            'with mock.patch.object(AeonPlatform, "is_device_capability", return_value=True):',
        ),
    ),
    (
        "#35568 stale doubles",
        "twin: the fork's own function of the name",
        K(
            *FF,
            "tests/aeon/test_r137sd4.py",
            "from unittest import mock\n\nfrom vllm.platforms import current_platform\n\n\n"
            "def get_marlin_input_dtype() -> bool:\n    return current_platform.is_device_capability(120)\n\n\n"
            "def test_aeon_own():\n"
            '    with mock.patch.object(current_platform, "is_device_capability", return_value=True):\n'
            "        assert get_marlin_input_dtype()\n",
            'with mock.patch.object(current_platform, "is_device_capability", return_value=True):',
        ),
    ),
]

# --- #37755 (88f1b374f5): enable_allreduce_rms_fusion asks is_device_capability_family(100) for
# is_device_capability(100), still is_device_capability(90) (drift/stale_doubles.py: another real commit)
AR = (
    "#37755",
    "88f1b374f5",
    "enable_allreduce_rms_fusion: is_device_capability(100) -> is_device_capability_family(100)",
)
ARH = (
    "from types import SimpleNamespace\nfrom unittest import mock\n\n"
    "from vllm.config.vllm import enable_allreduce_rms_fusion\nfrom vllm.platforms import current_platform\n\n\n"
    "def _cfg(tp: int = 2) -> SimpleNamespace:\n"
    "    return SimpleNamespace(parallel_config=SimpleNamespace(tensor_parallel_size=tp, data_parallel_size=1,"
    " pipeline_parallel_size=1))\n\n\n"
)


def _ar(name: str, body: str, line: str) -> Killer:
    return K(*AR, f"tests/aeon/test_r137{name}.py", ARH + body, line)


CASES += [
    (
        "#37755 stale doubles",
        "a with-patch.object of the SM100 answer (a warning by design)",
        _ar(
            "ar0",
            "def test_aeon_blackwell_fuses():\n"
            '    with mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 100):\n'
            "        assert enable_allreduce_rms_fusion(_cfg())\n",
            'with mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 100):',
        ),
    ),
]
TWINS += [
    (
        "#37755 stale doubles",
        "twin: a double on the new member",
        _ar(
            "ar1",
            "def test_aeon_blackwell_fuses1():\n"
            '    with mock.patch.object(current_platform, "is_device_capability_family", return_value=True):\n'
            "        assert enable_allreduce_rms_fusion(_cfg())\n",
            'with mock.patch.object(current_platform, "is_device_capability_family", return_value=True):',
        ),
    ),
    (
        "#37755 stale doubles",
        "twin: both members doubled (a decorator pair)",
        _ar(
            "ar2",
            '@mock.patch.object(current_platform, "is_device_capability_family", return_value=False)\n'
            '@mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 90)\n'
            "def test_aeon_hopper_fuses(_cap, _family):\n"
            "    assert enable_allreduce_rms_fusion(_cfg())\n",
            '@mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 90)',
        ),
    ),
    (
        "#37755 stale doubles",
        "twin: a single-tp config, the gate never reached",
        _ar(
            "ar3",
            "def test_aeon_tp1_never_fuses(monkeypatch):\n"
            '    monkeypatch.setattr(current_platform, "is_cuda", lambda: True)\n'
            "    assert not enable_allreduce_rms_fusion(_cfg(1))\n",
            '    monkeypatch.setattr(current_platform, "is_cuda", lambda: True)',
        ),
    ),
]


# Round 3: cases the mends must not swallow
CASES += [
    (
        "#46236 message tests",
        "round 3: an `or` whose other words upstream never says either",
        _ms(
            "ms8",
            "def aeon_shape_ok8(n: int, k_part: int, k: int, g: int) -> bool:\n"
            "    try:\n"
            "        verify_marlin_supports_shape(n, k_part, k, g)\n"
            "    except ValueError as e:\n"
            '        if "is not divisible by group_size =" in str(e) or "group_size must divide" in str(e):\n'
            "            return False\n"
            "        raise\n"
            "    return True\n",
            'if "is not divisible by group_size =" in str(e) or "group_size must divide" in str(e):',
        ),
    ),
    (
        "#46236 message tests",
        "round 3: an `and` needing the old words beside kept ones",
        _ms(
            "ms9",
            "def aeon_shape_ok9(n: int, k_part: int, k: int, g: int) -> bool:\n"
            "    try:\n"
            "        verify_marlin_supports_shape(n, k_part, k, g)\n"
            "    except ValueError as e:\n"
            '        if "is not divisible by group_size =" in str(e) and "Consider reducing" in str(e):\n'
            "            return False\n"
            "        raise\n"
            "    return True\n",
            'if "is not divisible by group_size =" in str(e) and "Consider reducing" in str(e):',
        ),
    ),
    (
        "#46236 message tests",
        "round 3: assertRaisesRegex of the old words the split helper message no longer says",
        _ms(
            "ms10",
            "class AeonShape10(unittest.TestCase):\n"
            "    def test_split(self):\n"
            '        with self.assertRaisesRegex(ValueError, r"by group_size = 256\\. Consider"):\n'
            "            verify_marlin_supports_shape(256, 384, 768, 256)\n",
            'with self.assertRaisesRegex(ValueError, r"by group_size = 256\\. Consider"):',
        ),
    ),
    (
        "#35568 message tests",
        "round 3: a `?` making the old digit optional, the words after it kept",
        _fraises("mf7", 'r"only support SM89 or SM120? device"'),
    ),
    (
        "#35568 stale doubles",
        "round 3: the old member doubled beside an unrelated one (a warning)",
        _ff(
            "sd5",
            "def test_aeon_sm120_cuda(monkeypatch):\n" + FFS + "    with (\n"
            '        mock.patch.object(current_platform, "is_cuda", return_value=True),\n'
            '        mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 120),\n'
            "    ):\n"
            "        assert get_marlin_input_dtype() == torch.float8_e4m3fn\n",
            'mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 120),',
        ),
    ),
    (
        "#35568 stale doubles",
        "round 3: the new member doubled only in another test of the file (a warning)",
        _ff(
            "sd6",
            "def test_aeon_family(monkeypatch):\n"
            + FFS
            + '    monkeypatch.setattr(current_platform, "is_device_capability_family", lambda c: c == 120)\n'
            "    assert get_marlin_input_dtype() == torch.float8_e4m3fn\n\n\n"
            "def test_aeon_sm120_old(monkeypatch):\n"
            + FFS
            + '    monkeypatch.setattr(current_platform, "is_device_capability", lambda c: c == 120)\n'
            "    assert get_marlin_input_dtype() == torch.float8_e4m3fn\n",
            'monkeypatch.setattr(current_platform, "is_device_capability", lambda c: c == 120)',
        ),
    ),
    (
        "#37755 stale doubles",
        "round 3: a module-level alias of current_platform doubled (a warning)",
        _ar(
            "ar4",
            "PLATFORM = current_platform\n\n\n"
            "def test_aeon_blackwell_alias():\n"
            '    with mock.patch.object(PLATFORM, "is_device_capability", side_effect=lambda c: c == 100):\n'
            "        assert enable_allreduce_rms_fusion(_cfg())\n",
            'with mock.patch.object(PLATFORM, "is_device_capability", side_effect=lambda c: c == 100):',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review137-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
