"""A parameter's own inline ``Literal`` lost a value (drift/param_choices.py): #37058 made
``MultiModalDataParser.__init__``'s ``audio_resample_method: Literal["librosa", "scipy"]`` a
``Literal["pyav", "scipy"]`` and ``AudioResampler.__init__``'s ``method`` lost ``"librosa"`` too, while
``"librosa"`` lived on as an extra's name in setup.py (name drift's "gone everywhere" saw only that)."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

FORK = "vllm/aeon/audio.py"
PARSE = "vllm/multimodal/parse.py"
PARSE_BASE = """from typing import Literal


class AudioResampler:
    def __init__(self, target_sr: float | None = None, method: Literal["librosa", "scipy"] = "librosa"):
        self.target_sr = target_sr
        self.method = method

    def resample(self, audio):
        if self.method == "scipy":
            return audio
        raise ValueError(f"Invalid resampling method: {self.method}")


class MultiModalDataParser:
    def __init__(self, *, target_sr: float | None = None, audio_resample_method: Literal["librosa", "scipy"] = "librosa"):
        self.audio_resampler = AudioResampler(target_sr, audio_resample_method)
"""
PARSE_37058 = PARSE_BASE.replace('Literal["librosa", "scipy"] = "librosa"', 'Literal["pyav", "scipy"] = "pyav"')
AUDIO = "vllm/multimodal/audio.py"
AUDIO_BASE = """from typing import Literal

from vllm.multimodal.parse import AudioResampler


def resample_with(audio, how: Literal["librosa", "scipy"]):
    return AudioResampler(16000, how).resample(audio)
"""
AUDIO_37058 = AUDIO_BASE.replace('Literal["librosa", "scipy"]', 'Literal["pyav", "scipy"]')
# a deprecation path: upstream still quotes the value, mapping it onto a new one
PARSE_MAPPED = PARSE_37058.replace(
    "        self.method = method\n", '        self.method = "pyav" if method == "librosa" else method\n'
)
SETUP = {"setup.py": 'extras = {"audio": ["librosa", "soundfile"]}\n'}
SETUP_37058 = {"setup.py": 'extras = {"audio": ["av", "soundfile"]}\n'}
SUBJECT = "[Frontend] Remove librosa from audio dependency (#37058)"
FORK_TEXT = """from vllm.multimodal.audio import resample_with
from vllm.multimodal.parse import AudioResampler, MultiModalDataParser


def aeon_parser() -> MultiModalDataParser:
    return MultiModalDataParser(target_sr=16000, audio_resample_method="librosa")


AEON_RESAMPLER = AudioResampler(16000, "librosa")
AEON_KW = AudioResampler(target_sr=16000, method="librosa")


def aeon_to_16k(audio):
    return resample_with(audio, "librosa")


def aeon_kept() -> MultiModalDataParser:
    return MultiModalDataParser(target_sr=16000, audio_resample_method="scipy")


def aeon_resample(audio, method: str = "librosa"):
    return audio


def aeon_own(audio):
    return aeon_resample(audio, method="librosa")


class AeonParser(MultiModalDataParser):
    def __init__(self) -> None:
        super().__init__(target_sr=16000, audio_resample_method="librosa")


class AeonOther:
    def __init__(self, audio_resample_method: str = "librosa") -> None:
        self.method = audio_resample_method


class AeonOtherChild(AeonOther):
    def __init__(self) -> None:
        super().__init__(audio_resample_method="librosa")
"""


def errors(git_repo: GitRepo, no_rules: Path, upstream: dict[str, str]) -> list[int]:
    base = {PARSE: PARSE_BASE, AUDIO: AUDIO_BASE, **SETUP}
    sides = s.merge_case(git_repo, base, {FORK: FORK_TEXT}, [(SUBJECT, {**upstream, **SETUP_37058})])
    report = git_repo.audit(no_rules, merge=sides)
    return [f.line for f in report.findings if f.rule_id == RULE and f.path == FORK and f.severity.value == "error"]


def test_a_value_a_parameters_literal_lost_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A keyword naming the parameter, a positional argument at its place (a constructor's, past ``self``; a
    function's), and a fork subclass's ``super().__init__`` keyword, are errors; a kept choice, the fork's own
    function of the keyword, and a subclass of the fork's own class of the keyword are not."""
    assert errors(git_repo, no_rules, {PARSE: PARSE_37058, AUDIO: AUDIO_37058}) == [6, 9, 10, 14, 31]


def test_a_value_upstream_still_maps_is_not_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """Where the upstream file still quotes the value (a deprecation path maps it onto a new one), the fork's
    keyword and positional value are no error; the other file's drop still is."""
    assert errors(git_repo, no_rules, {PARSE: PARSE_MAPPED, AUDIO: AUDIO_37058}) == [14]


def test_a_literal_that_kept_the_value_is_not_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's ``Literal`` added a choice and kept the fork's: only the other file's drop is an error."""
    widened = PARSE_BASE.replace('Literal["librosa", "scipy"]', 'Literal["librosa", "pyav", "scipy"]')
    assert errors(git_repo, no_rules, {PARSE: widened, AUDIO: AUDIO_37058}) == [14]


# twins: a call that may reach another function of the name is a warning at most (fixAC)
PAD = "vllm/utils/padding.py"
PAD_BASE = """from typing import Literal


def pad(x, width: int, mode: Literal["reflect", "constant"] = "constant"):
    return x
"""
PAD_NEW = PAD_BASE.replace('Literal["reflect", "constant"]', 'Literal["constant", "edge"]')
LIBRARY_PAD = """import numpy as np
import torch.nn.functional as F


def aeon_pad(x):
    return np.pad(x, 2, mode="reflect"), np.pad(x, 2, "reflect")


def aeon_pad_t(t):
    return F.pad(t, (2, 2), mode="reflect")
"""
RESAMPLE = "vllm/multimodal/resample.py"
RESAMPLE_BASE = """from typing import Literal


class AudioResampler:
    def resample(self, audio, *, res_type: Literal["soxr_hq", "kaiser_best"] = "soxr_hq"):
        return audio
"""
RESAMPLE_NEW = RESAMPLE_BASE.replace('Literal["soxr_hq", "kaiser_best"] = "soxr_hq"', 'Literal["scipy"] = "scipy"')
RECEIVERS = """import librosa

from vllm.multimodal.resample import AudioResampler


def aeon_library(y, sr):
    return librosa.resample(y, orig_sr=sr, target_sr=16000, res_type="soxr_hq")


def aeon_typed(y, r: AudioResampler):
    return r.resample(y, res_type="soxr_hq")
"""
OWN_FUNCTION = {
    "vllm/aeon/util.py": 'def resample_with(audio, how: str = "librosa"):\n    return audio if how == "librosa" else None\n',
    FORK: 'from vllm.aeon.util import resample_with\n\n\ndef aeon_to_16k(audio):\n    return resample_with(audio, "librosa")\n',
}
MIXIN = """from vllm.multimodal.parse import MultiModalDataParser


class LegacyMethods:
    def __init__(self, *, audio_resample_method: str = "pyav", **kwargs) -> None:
        mapped = "pyav" if audio_resample_method == "librosa" else audio_resample_method
        super().__init__(audio_resample_method=mapped, **kwargs)


class AeonParser(LegacyMethods, MultiModalDataParser):
    def __init__(self) -> None:
        super().__init__(target_sr=16000, audio_resample_method="librosa")
"""


def fork_errors(git_repo: GitRepo, no_rules: Path, base: dict, fork: dict, upstream: dict) -> list[tuple[str, int]]:
    sides = s.merge_case(git_repo, base, fork, [(SUBJECT, upstream)])
    report = git_repo.audit(no_rules, merge=sides)
    return [
        (f.path, f.line)
        for f in report.findings
        if f.rule_id == RULE and f.path in fork and f.severity.value == "error"
    ]


def test_another_librarys_function_of_the_name_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    assert fork_errors(git_repo, no_rules, {PAD: PAD_BASE}, {FORK: LIBRARY_PAD}, {PAD: PAD_NEW}) == []


def test_only_a_receiver_typed_as_upstreams_class_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    found = fork_errors(git_repo, no_rules, {RESAMPLE: RESAMPLE_BASE}, {FORK: RECEIVERS}, {RESAMPLE: RESAMPLE_NEW})
    assert found == [(FORK, 11)]


def test_the_forks_own_function_of_another_module_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    base, up = {PARSE: PARSE_BASE, AUDIO: AUDIO_BASE, **SETUP}, {PARSE: PARSE_37058, AUDIO: AUDIO_37058, **SETUP_37058}
    # nor its own ``how == "librosa"``: only setup.py's extra was renamed ``"av"``, a package's name
    assert fork_errors(git_repo, no_rules, base, OWN_FUNCTION, up) == []


def test_a_mixin_that_maps_the_value_first_in_the_mro_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    base, up = {PARSE: PARSE_BASE, AUDIO: AUDIO_BASE, **SETUP}, {PARSE: PARSE_37058, AUDIO: AUDIO_37058, **SETUP_37058}
    assert (FORK, 12) not in fork_errors(git_repo, no_rules, base, {FORK: MIXIN}, up)


# fixAH: a use behind a version test (a module-level flag bound from ``__version__``, an earlier
# ``if flag: return``, a conditional expression) is the fork's path for the old release: a warning
VERSIONED = """import vllm
from vllm.multimodal.parse import MultiModalDataParser

OLD = vllm.__version__ < "0.12"


def aeon_parser():
    if OLD:
        return MultiModalDataParser(target_sr=16000, audio_resample_method="librosa")
    return MultiModalDataParser(target_sr=16000, audio_resample_method="pyav")


def aeon_parser2():
    return MultiModalDataParser(target_sr=16000, audio_resample_method="librosa" if OLD else "pyav")


def aeon_parser3():
    if not OLD:
        return MultiModalDataParser(target_sr=16000, audio_resample_method="pyav")
    return MultiModalDataParser(target_sr=16000, audio_resample_method="librosa")
"""


def test_a_value_behind_a_version_test_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    base, up = {PARSE: PARSE_BASE, AUDIO: AUDIO_BASE, **SETUP}, {PARSE: PARSE_37058, AUDIO: AUDIO_37058, **SETUP_37058}
    sides = s.merge_case(git_repo, base, {FORK: VERSIONED}, [(SUBJECT, up)])
    report = git_repo.audit(no_rules, merge=sides)
    found = sorted((f.line, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK)
    assert found == [(9, "warning"), (20, "warning")]  # line 14's value is no constant: not read
