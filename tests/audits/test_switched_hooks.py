"""``switched_hooks.asks``: whether a sibling upstream's caller switched to still asks the fork's override.

killers180, shaped like #17882 (71ea614d4a): the ``all_gather`` custom op called ``group.all_gather(...)`` and now
calls ``group._all_gather_out_place(...)``, whose body hands on to ``self.device_communicator.all_gather(...)`` -- a
held communicator's method of the same name, never the group's own ``all_gather`` a fork subclass overrides.  A
name read off an object the instance holds is not the instance's hook; one read off the instance (or a local that
may be it, or ``super()``) still is.
"""

from __future__ import annotations

import ast

import pytest

from aeon_release.domain.audits.drift import switched_hooks


def _asks(body: str, name: str = "all_gather") -> bool:
    method = ast.parse("def sibling(self, x, dim):\n" + body).body[0]
    return switched_hooks.asks(method, name, lambda _m: None)


@pytest.mark.parametrize(
    "body",
    [
        "    return self.device_communicator.all_gather(x, dim)\n",
        "    comm = self.state.comm\n    return self.state.comm.all_gather(x, dim)\n",
        "    if self.pynccl is not None:\n        return self.pynccl.all_gather(x)\n    return x\n",
    ],
    ids=["a held communicator", "two levels down", "under a test"],
)
def test_a_held_objects_namesake_does_not_ask_the_override(body: str) -> None:
    assert not _asks(body)


@pytest.mark.parametrize(
    "body",
    [
        "    return self.all_gather(x, dim)\n",  # the instance's own hook
        "    fn = self.all_gather\n    return fn(x, dim)\n",  # read, then called
        "    me = self\n    return me.all_gather(x, dim)\n",  # a local that may be the instance
        "    return super().all_gather(x, dim)\n",  # handed on past the class
        "    return getattr(self, 'all_gather')(x, dim)\n",  # spelt as a string
        "    return type(self).all_gather(self, x, dim)\n",  # through the class: a call, read as asking
    ],
    ids=["self call", "self read", "local alias", "super", "getattr", "type(self)"],
)
def test_twin_the_instances_own_hook_still_asks(body: str) -> None:
    assert _asks(body)


# killers223, shaped like #45357 (d467a2a7f2): ``MambaManager.pop_blocks_for_free`` hands on through
# ``super().pop_blocks_for_free(...)`` to the base's, which never calls ``free``: the fork's ``free`` override is
# bypassed.  With ``above`` (what ``super().m`` reaches along the fork class's MRO) the chain is read.
_BASE_BODIES = {
    "quiet": "def pop_blocks_for_free(self, rid):\n    return self.req_to_blocks.pop(rid, [])\n",
    "asking": "def pop_blocks_for_free(self, rid):\n    self.free(rid)\n    return []\n",
    "deeper": "def pop_blocks_for_free(self, rid):\n    return self._drop(rid)\n",
}
_HELPERS = {"_drop": "def _drop(self, rid):\n    return self.free(rid)\n"}


def _asks_through_super(body: str, base: str | None) -> bool:
    method = ast.parse("def sibling(self, rid):\n" + body).body[0]
    found = ast.parse(_BASE_BODIES[base]).body[0] if base is not None else None
    helpers = {k: ast.parse(v).body[0] for k, v in _HELPERS.items()}
    return switched_hooks.asks(method, "free", helpers.get, above=lambda _m, _a: found)


@pytest.mark.parametrize(
    "body",
    [
        "    self.last.pop(rid, None)\n    return super().pop_blocks_for_free(rid)\n",
        "    blocks = super(Mamba, self).pop_blocks_for_free(rid)\n    return blocks\n",
    ],
    ids=["super()", "super(Cls, self)"],
)
def test_a_super_call_reaching_a_base_that_never_asks_does_not_ask(body: str) -> None:
    assert not _asks_through_super(body, "quiet")


@pytest.mark.parametrize(
    ("body", "base"),
    [
        ("    return super().pop_blocks_for_free(rid)\n", "asking"),
        ("    return super().pop_blocks_for_free(rid)\n", "deeper"),
        ("    return super().pop_blocks_for_free(rid)\n", None),  # past the readable MRO: it may ask
        ("    return super().free(rid)\n", "quiet"),  # the name itself off super(): asks
    ],
    ids=["the base asks", "the base's helper asks", "unreadable", "super().name"],
)
def test_twin_a_super_call_reaching_an_asking_base_asks(body: str, base: str | None) -> None:
    assert _asks_through_super(body, base)


def test_without_above_a_super_call_still_asks() -> None:
    method = ast.parse("def sibling(self, rid):\n    return super().pop_blocks_for_free(rid)\n").body[0]
    assert switched_hooks.asks(method, "free", lambda _m: None)
