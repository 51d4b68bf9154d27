"""Handed needs, review30's twins: fork code that already copes with an attribute the def now reads.

A handing call in a ``try`` catching ``AttributeError`` (or ``contextlib.suppress`` of it), a class that
registers attributes under names it computes, and a factory of the file that stores the attribute on the
object it builds are correct carries after #42749, and so is a read upstream's def makes after rebinding the parameter; a
``try`` that catches something else is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_handed_needs import ATTN, ATTN_BASE, ATTN_UPSTREAM, FORK, HEAD, KV, KV_BASE, SUBJECT, _rows

LAYER = (
    "class AeonCache(nn.Module):\n"
    "    def __init__(self) -> None:\n"
    "        super().__init__()\n"
    "        self.register_buffer('_k_scale', torch.tensor(1.0))\n\n"
)


def test_a_call_shielded_from_attribute_error_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``except AttributeError``, ``except (KeyError, Exception)``, a bare ``except`` and
    ``contextlib.suppress(AttributeError)`` around the handing call: the fork survives the missing
    attribute; ``except ValueError`` does not, an error stays."""
    fork = LAYER + (
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        try:\n"
        "            method.process_weights_after_loading(self)\n"
        "        except AttributeError:\n"
        "            pass\n"
        "        try:\n"
        "            method.process_weights_after_loading(self)\n"
        "        except (KeyError, Exception):\n"
        "            pass\n"
        "        try:\n"
        "            method.process_weights_after_loading(self)\n"
        "        except:  # noqa: E722\n"
        "            pass\n"
        "        import contextlib\n\n"
        "        with contextlib.suppress(AttributeError):\n"
        "            method.process_weights_after_loading(self)\n"
        "        try:\n"
        "            method.process_weights_after_loading(self)\n"  # line 32
        "        except ValueError:\n"
        "            pass\n"
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)] == [(32, "error")]


def test_attributes_registered_under_computed_names_are_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """A class registering buffers under an f-string, a module constant of names or ``setattr`` with a
    loop variable may set any attribute: quiet; a class registering only literal names lacks the rest."""
    fork = (
        "_HOST = ('_k_scale_cpu', '_v_scale_cpu')\n\n\n"
        "class AeonFormatted(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        for side in 'kv':\n"
        "            self.register_buffer(f'_{side}_scale_cpu', torch.tensor(1.0))\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonNamed(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        for name in _HOST:\n"
        "            self.register_buffer(name=name, tensor=torch.tensor(1.0))\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonLiteral(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        self.register_buffer('_k_scale', torch.tensor(1.0))\n"
        "        method.process_weights_after_loading(self)\n"  # line 29
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)] == [(29, "error")]


def test_a_factory_of_the_file_that_stores_the_attribute_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """A function of the file builds the class and stores the attribute on what it built: the objects the
    class's methods hand out have it; a factory storing it on another class's object gives nothing."""
    fork = LAYER + (
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(self)\n\n\n"
        "class AeonOther(nn.Module):\n"
        "    def load(self, method: BaseKVCacheMethod) -> None:\n"
        "        method.process_weights_after_loading(self)\n\n\n"  # line 20
        "def aeon_cache() -> AeonCache:\n"
        "    cache = AeonCache()\n"
        "    cache._k_scale_cpu = cache._v_scale_cpu = torch.tensor(1.0)\n"
        "    return cache\n"
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)] == [(20, "error")]


REBOUND = "        layer = layer.inner\n"
READ = "        layer._k_scale_cpu.fill_(1.0)\n"


@pytest.mark.parametrize(("read", "expected"), [(REBOUND + READ, []), (READ + REBOUND, [(15, "error")])])
def test_a_read_after_the_def_rebinds_its_parameter_is_quiet(
    git_repo: GitRepo, no_rules: Path, read: str, expected: list[tuple[int, str]]
) -> None:
    """Upstream's def rebinds the parameter (``layer = layer.inner``) before the new read: the read is off
    another object than the fork's layer, quiet; the same read before the rebinding stays an error."""
    fork = (
        LAYER
        + "    def load(self, method: BaseKVCacheMethod) -> None:\n        method.process_weights_after_loading(self)\n"
    )
    upstream = KV_BASE.replace(
        "        layer._k_scale.copy_(layer.k_scale)\n", "        layer._k_scale.copy_(layer.k_scale)\n" + read
    )
    base = {KV: KV_BASE, ATTN: ATTN_BASE}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + fork}, [(SUBJECT, {KV: upstream, ATTN: ATTN_UPSTREAM})])
    found = [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert found == expected
