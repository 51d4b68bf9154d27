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
