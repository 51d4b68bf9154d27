"""A refusal upstream implemented (killers216): a def's ``raise NotImplementedError`` replaced by an answer, which a
fork ``except NotImplementedError`` around the call (its own path for the case) no longer sees.  Rebuilt from
#29804 (``ModelOptNvFp4FusedMoE.apply``'s "EPLB not supported" raise made a routed kernel's answer).  A warning:
upstream's answer may be what the fork's fallback did.  Quiet: another kind's raise answered (a lookup's default:
the handler may have given the same), a None in the raise's place (raised-to-None drift's), a kind the def never
raised, the fork's own def of the name.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

MOE = "pkg/moe/method.py"
BASE = """class MoEMethod:
    def apply(self, layer, x):
        if layer.enable_eplb:
            raise NotImplementedError("EPLB not supported yet")
        return x * 2

    def lookup(self, name):
        if name not in ("a", "b"):
            raise KeyError(name)
        return name

    def route(self, layer, x):
        if layer.enable_eplb:
            raise NotImplementedError("no routed path")
        return x
"""
AFTER = (
    BASE.replace('raise NotImplementedError("EPLB not supported yet")', "return x * 3")
    .replace("raise KeyError(name)", 'return "a"')
    .replace('raise NotImplementedError("no routed path")', "return None")
)
HEAD = "from pkg.moe.method import MoEMethod\n\n\n"
UPSTREAM = [("[EPLB] Support EPLB w/ NVFP4 (#29804)", {MOE: AFTER})]

FOUND = {
    "a subclass's super()": (
        "class AeonMoE(MoEMethod):\n    def apply(self, layer, x):\n        try:\n"
        "            return super().apply(layer, x)\n        except NotImplementedError:\n"
        "            return self.aeon_eplb(layer, x)\n\n    def aeon_eplb(self, layer, x):\n        return x\n",
        "except NotImplementedError:",
    ),
    "a call off a typed parameter": (
        "def aeon_apply(method: MoEMethod, layer, x):\n    try:\n        out = method.apply(layer, x)\n"
        "    except NotImplementedError:\n        out = x\n    return out\n",
        "except NotImplementedError:",
    ),
}
QUIET = {
    "a lookup's default": "def aeon_lookup(name):\n    try:\n        return MoEMethod().lookup(name)\n"
    "    except KeyError:\n        return 'a'\n",
    "a None in its place": "class AeonMoE(MoEMethod):\n    def route(self, layer, x):\n        try:\n"
    "            return super().route(layer, x)\n        except NotImplementedError:\n            return x\n",
    "a kind never raised": "class AeonMoE(MoEMethod):\n    def apply(self, layer, x):\n        try:\n"
    "            return super().apply(layer, x)\n        except ValueError:\n            return x\n",
    "its own def": "class MoEMethod:\n    def apply(self, layer, x):\n        raise NotImplementedError\n\n\n"
    "def aeon_apply(layer, x):\n    try:\n        return MoEMethod().apply(layer, x)\n"
    "    except NotImplementedError:\n        return x\n",
}


def _path(key: str) -> str:
    return f"pkg/aeon/{key.replace(' ', '_').replace(chr(39), '').replace('()', '')}.py"


FORKS = {
    _path(key): (HEAD if key != "its own def" else "") + body
    for key, body in {**{k: v[0] for k, v in FOUND.items()}, **QUIET}.items()
}


def _rows(repo: GitRepo, key: str) -> list[tuple[int, str]]:
    found = s.side_by_side(repo, {MOE: BASE}, FORKS, UPSTREAM, RETURN_DRIFT)[_path(key)]
    return [(f.line, f.severity.value) for f in found]


@pytest.mark.parametrize("key", sorted(FOUND))
def test_a_handler_of_a_refusal_upstream_implemented_warns(git_repo: GitRepo, key: str) -> None:
    body, use = FOUND[key]
    assert _rows(git_repo, key) == [(line_of(HEAD + body, use), "warning")]


@pytest.mark.parametrize("key", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, key: str) -> None:
    assert _rows(git_repo, key) == []
