"""Pinned results: a fork test pins the answer (or the raise) of an upstream function whose decisions upstream changed.

vLLM #49718 gave SM12x the XQA decode kernel in ``supports_trtllm_attention``; a fork's ``assert
fi.supports_trtllm_attention(is_prefill=False) is False`` merges cleanly and pins the old answer.  A warning on the
pinning line (``assert f(..)``, ``assert not f(..)``, ``assert f(..) is/== literal``, ``with pytest.raises(..)``
around the call) when the function is imported from upstream's module and its body changed once its docstring and
log lines are set aside; quiet for a function upstream left alone or changed only in its logging, a non-literal
comparison, the fork's service code, a function of the fork's own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/kern/__init__.py": ""}
UTIL = "vllm/kern/util.py"
BASE = '''import logging

logger = logging.getLogger(__name__)


def supports_fast(cap: int) -> bool:
    """Whether the fast kernel runs."""
    return cap == 90


def check(n: int) -> int:
    if n > 8:
        raise RuntimeError("too many")
    return n


def quiet_change(n: int) -> int:
    logger.info("n=%d", n)
    return n


def same(n: int) -> int:
    return n
'''
THEIRS = (
    BASE.replace("return cap == 90", "return cap in (90, 120)")
    .replace('    if n > 8:\n        raise RuntimeError("too many")\n', "")
    .replace('logger.info("n=%d", n)', 'logger.warning("n is %d", n)')
    .replace('"""Whether the fast kernel runs."""', '"""Whether the fast kernel runs (SM90, SM12x)."""')
)
WARNED = {
    "an assert ... is False off the module": (
        "from vllm.kern import util\n\n\ndef test_a():\n    assert util.supports_fast(121) is False\n",
        "assert util.supports_fast(121) is False",
    ),
    "an assert not of an imported name": (
        "from vllm.kern.util import supports_fast\n\n\ndef test_b():\n    assert not supports_fast(120)\n",
        "assert not supports_fast(120)",
    ),
    "a pytest.raises of a removed raise": (
        "import pytest\n\nfrom vllm.kern.util import check\n\n\ndef test_c():\n"
        "    with pytest.raises(RuntimeError):\n        check(9)\n",
        "with pytest.raises(RuntimeError):",
    ),
    "a literal on the left": (
        "import vllm.kern.util as u\n\n\ndef test_d():\n    assert 9 == u.check(9) or True\n    assert False == u.supports_fast(1)\n",
        "assert False == u.supports_fast(1)",
    ),
    # review126 round 3: a stub of another name, or of the module while the test calls the name imported before
    "a pin beside a stub of another name": (
        "from vllm.kern import util\n\n\ndef test_i(monkeypatch):\n"
        '    monkeypatch.setattr(util, "same", lambda n: 0)\n    assert util.supports_fast(121) is False\n',
        "    assert util.supports_fast(121) is False",
    ),
    "a pin of the imported name while the module is stubbed": (
        "from vllm.kern import util\nfrom vllm.kern.util import supports_fast\n\n\ndef test_j(monkeypatch):\n"
        '    monkeypatch.setattr(util, "supports_fast", lambda cap: True)\n    assert supports_fast(121) is False\n',
        "    assert supports_fast(121) is False",
    ),
}
TWINS = {
    "a function upstream left alone": "from vllm.kern.util import same\n\n\ndef test_e():\n    assert same(1) == 1\n",
    "a function changed only in its logging": "from vllm.kern import util\n\n\ndef test_f():\n"
    "    assert util.quiet_change(2) == 2\n",
    "a comparison with no literal": "from vllm.kern import util\n\n\ndef test_g():\n"
    "    assert util.supports_fast(90) == util.supports_fast(90)\n",
    # review126: the test pins the stub it installed itself (by setattr, patch.object, a dotted patch decorator)
    "a pin of the test's own stub": "from vllm.kern import util\n\n\ndef test_k(monkeypatch):\n"
    '    monkeypatch.setattr(util, "supports_fast", lambda cap: False)\n    assert util.supports_fast(121) is False\n',
    "a pin of a patch.object stub": "from unittest import mock\n\nfrom vllm.kern import util\n\n\ndef test_l():\n"
    '    with mock.patch.object(util, "check", side_effect=RuntimeError):\n'
    "        with pytest.raises(RuntimeError):\n            util.check(1)\n",
    "a pin under a dotted patch decorator": "from unittest import mock\n\nfrom vllm.kern import util\n\n\n"
    '@mock.patch("vllm.kern.util.supports_fast", return_value=False)\ndef test_m(_fast):\n'
    "    assert not util.supports_fast(121)\n",
    "a function of the fork's own": "def supports_fast(cap):\n    return True\n\n\ndef test_h():\n"
    "    assert supports_fast(3) is True\n",
}
SERVICE = "from vllm.kern import util\n\n\ndef pick(cap: int) -> str:\n    assert util.supports_fast(cap) is False\n    return 'x'\n"

_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[int, str]]:
    if not _AUDITED:
        texts = [text for text, _ in WARNED.values()] + list(TWINS.values())
        paths = {text: f"tests/aeon/test_pin_{number}.py" for number, text in enumerate(texts)}
        paths[SERVICE] = "vllm/aeon_pin_service.py"
        sides = three_way(
            git_repo,
            {UTIL: BASE, **PACKAGES},
            {path: text for text, path in paths.items()},
            {UTIL: THEIRS},
        )
        every = found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)
        _AUDITED.update({text: [(line, sev) for at, line, sev in every if at == path] for text, path in paths.items()})
    return _AUDITED[fork]


@pytest.mark.parametrize(("fork", "needle"), list(WARNED.values()), ids=list(WARNED))
def test_a_pinned_answer_of_a_changed_function_is_warned(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert (line_of(fork, needle), "warning") in _rows(git_repo, tmp_path, fork)


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_pin_of_an_unchanged_decision_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_service_code_is_not_read_as_a_test(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _rows(git_repo, tmp_path, SERVICE) == []
