"""KV-connector contracts a fork's connector or offloading manager carries code against (blind_replay_kvconnect).

Two upstream shapes, each with twins that must stay quiet:

* #50297 (437e0b7f8e) added ``KVConnectorBase_V1.requires_kv_delivery``, a read-only property the scheduler
  reads, to the base of a connector the fork subclasses through an alias (``NixlConnector = NixlPullConnector``):
  a fork method of the name hands the read a bound method; a fork ``self.requires_kv_delivery = ...`` raises.
* #46363 (bb61177e49) made the abstract ``OffloadingManager.lookup() -> bool | None`` return ``LookupResult``,
  a plain ``Enum``: a fork override still returning a bool, a caller testing the result against None or for
  its truth, all read what no member is.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

INITS = {p: "" for p in ("vllm/kvc/__init__.py", "vllm/aeon/__init__.py")}
FORK = "vllm/aeon/mine.py"

# -- #50297: a read-only property added to a connector base ------------------------------------------------------
BASE_PY = "vllm/kvc/base.py"
PULL_PY = "vllm/kvc/pull.py"
SCHED_PY = "vllm/kvc/sched.py"
BASE_CLS = "class ConnectorBase:\n    def __init__(self, role):\n        self.role = role\n"
PROPERTY = "\n    @property\n    def requires_kv_delivery(self) -> bool:\n        return self.role == 'producer'\n"
PULL = "from vllm.kvc.base import ConnectorBase\n\n\nclass PullConnector(ConnectorBase):\n    pass\n\n\nConnector = PullConnector\n"
SCHED = "class Scheduler:\n    def __init__(self, connector):\n        self.connector = connector\n"
READ = "        self.drop_stale = self.connector.requires_kv_delivery\n"
PROP_BASE = {**INITS, BASE_PY: BASE_CLS, PULL_PY: PULL, SCHED_PY: SCHED}
PROP_UPSTREAM = {BASE_PY: BASE_CLS + PROPERTY, SCHED_PY: SCHED + READ}
SUB = "from vllm.kvc.pull import Connector\n\n\nclass AeonConnector(Connector):\n"


def _errors(repo: GitRepo, base: dict[str, str], fork: str, upstream: dict[str, str | None]) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, base, {FORK: fork}, [("upstream change (#50297)", upstream)])
    return [
        (f.line, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.path == FORK and f.severity is Severity.ERROR
    ]


@pytest.mark.parametrize(
    ("body", "line", "says"),
    [
        (
            "    def requires_kv_delivery(self, req_id=''):\n        return bool(req_id)\n",
            5,
            "upstream made requires_kv_delivery a property, read as a value",
        ),
        (
            "    def __init__(self, role):\n        super().__init__(role)\n        self.requires_kv_delivery = False\n",
            7,
            "a read-only property, to a base of AeonConnector",
        ),
    ],
)
def test_a_fork_member_clashing_with_a_new_base_property(git_repo: GitRepo, body: str, line: int, says: str) -> None:
    [(at, message)] = _errors(git_repo, PROP_BASE, SUB + body, PROP_UPSTREAM)
    assert at == line and says in message and "ConnectorBase.requires_kv_delivery" in message


def test_an_assignment_through_a_typed_receiver_hits_the_new_property(git_repo: GitRepo) -> None:
    fork = "from vllm.kvc.base import ConnectorBase\n\n\ndef aeon_best_effort(c: ConnectorBase) -> None:\n"
    fork += "    c.requires_kv_delivery = False\n"
    [(at, message)] = _errors(git_repo, PROP_BASE, fork, PROP_UPSTREAM)
    assert at == 5 and "made ConnectorBase.requires_kv_delivery a read-only property" in message


@pytest.mark.parametrize(
    "body",
    [
        # the fork's own property: it answers upstream's read
        "    @property\n    def requires_kv_delivery(self) -> bool:\n        return True\n",
        # the fork's class declares the name itself: the instance write lands on its own attribute
        "    requires_kv_delivery = False\n\n    def __init__(self, role):\n        super().__init__(role)\n"
        "        self.requires_kv_delivery = True\n",
        # another name written on self
        "    def __init__(self, role):\n        super().__init__(role)\n        self.aeon_delivery = False\n",
        # a method of another name
        "    def aeon_requires_delivery(self) -> bool:\n        return True\n",
    ],
)
def test_fork_members_the_new_property_leaves_alone(git_repo: GitRepo, body: str) -> None:
    assert _errors(git_repo, PROP_BASE, SUB + body, PROP_UPSTREAM) == []


def test_a_base_that_already_had_the_name_set_is_not_a_new_property(git_repo: GitRepo) -> None:
    """The base sets ``self.requires_kv_delivery`` itself and upstream only changes the value: no property,
    so the fork's write stays an instance attribute's."""
    base = {**PROP_BASE, BASE_PY: BASE_CLS + "        self.requires_kv_delivery = False\n"}
    upstream = {BASE_PY: BASE_CLS + "        self.requires_kv_delivery = role == 'producer'\n"}
    fork = (
        SUB
        + "    def __init__(self, role):\n        super().__init__(role)\n        self.requires_kv_delivery = True\n"
    )
    assert _errors(git_repo, base, fork, upstream) == []


PULL_HEAD = "from vllm.kvc.base import ConnectorBase\n\n\nclass PullConnector(ConnectorBase):\n    pass\n\n\n"
OTHER = "class FastConnector:\n    def __init__(self, role):\n        self.role = role\n"
WRITE = "    def __init__(self, role):\n        super().__init__(role)\n        self.requires_kv_delivery = False\n"


@pytest.mark.parametrize(
    "alias",
    [
        # fast.py is in the tree: the import binds the alias, the fallback never runs
        "try:\n    from vllm.kvc.fast import FastConnector as Connector\nexcept ImportError:\n    Connector = PullConnector\n",
        # which branch runs the text cannot say (the last one written is no more likely)
        "import os\n\nif os.environ.get('X'):\n    Connector = FastConnector\nelse:\n    Connector = PullConnector\n",
    ],
    ids=["try-import", "if-else"],
)
def test_an_alias_bound_more_than_once_is_not_followed(git_repo: GitRepo, alias: str) -> None:
    """Only an alias bound once, in the module's own top-level body, says which class a fork subclass derives
    from; one bound twice may be the class without the property."""
    base = {**PROP_BASE, PULL_PY: PULL_HEAD + alias, "vllm/kvc/fast.py": OTHER}
    assert _errors(git_repo, base, SUB + WRITE, PROP_UPSTREAM) == []


@pytest.mark.parametrize(
    "body",
    [
        # a nested class's method: its ``self`` is the option object, not the connector
        "    def make(self):\n        class _Opts:\n            def __init__(self):\n"
        "                self.requires_kv_delivery = False\n\n        return _Opts()\n",
        # a nested function taking its own ``self``
        "    def make(self):\n        def fill(self):\n            self.requires_kv_delivery = False\n\n"
        "        return fill\n",
        # a slot of the fork's class: its descriptor takes the write before the base's property
        "    __slots__ = ('requires_kv_delivery',)\n\n" + WRITE,
    ],
    ids=["nested-class", "nested-def-self", "slots"],
)
def test_writes_the_new_property_never_sees(git_repo: GitRepo, body: str) -> None:
    assert _errors(git_repo, PROP_BASE, SUB + body, PROP_UPSTREAM) == []


def test_a_closure_writing_the_methods_self_still_hits_the_property(git_repo: GitRepo) -> None:
    body = (
        "    def __init__(self, role):\n        super().__init__(role)\n\n        def off():\n"
        "            self.requires_kv_delivery = False\n\n        off()\n"
    )
    [(at, message)] = _errors(git_repo, PROP_BASE, SUB + body, PROP_UPSTREAM)
    assert at == 9 and "a read-only property, to a base of AeonConnector" in message


def _severities(repo: GitRepo, fork: str, upstream: dict[str, str | None]) -> list[tuple[int, Severity]]:
    sides = s.merge_case(repo, PROP_BASE, {FORK: fork}, [("upstream change (#50297)", upstream)])
    findings = s.merged_findings(repo, sides, s.Settings())
    return [(f.line, f.severity) for f in findings if f.path == FORK and "requires_kv_delivery" in f.message]


def test_a_write_through_the_forks_own_setattr_is_a_warning(git_repo: GitRepo) -> None:
    """A ``__setattr__`` writing ``self.__dict__`` raises nothing (the value is read past); one handing on to
    ``object.__setattr__`` raises: which, the text does not say."""
    body = "    def __setattr__(self, key, value):\n        self.__dict__[key] = value\n\n" + WRITE
    assert _severities(git_repo, SUB + body, PROP_UPSTREAM) == [(10, Severity.WARNING)]


def test_a_fork_method_named_as_a_property_nothing_upstream_reads_is_a_warning(git_repo: GitRepo) -> None:
    """Upstream adds the base property and no read of it: only the fork calls its method, which still works."""
    body = (
        "    def requires_kv_delivery(self, req_id=''):\n        return bool(req_id)\n\n"
        "    def go(self):\n        return self.requires_kv_delivery('r')\n"
    )
    assert _severities(git_repo, SUB + body, {BASE_PY: BASE_CLS + PROPERTY}) == [(5, Severity.WARNING)]


# -- #46363: an abstract hook's bool | None made a plain enum ---------------------------------------------------
MGR_PY = "vllm/kvc/manager.py"
OFF_PY = "vllm/kvc/offload.py"
MGR = (
    "from abc import ABC, abstractmethod\nfrom enum import Enum, auto\n\n\n{enum}"
    "class Manager(ABC):\n    @abstractmethod\n    def lookup(self, key: int) -> {ret}:\n"
    '        """Whether the block is offloaded."""\n        pass\n'
)
ENUM = "class LookupResult(Enum):\n    MISS = auto()\n    HIT = auto()\n    RETRY = auto()\n\n\n"
OFF = "from vllm.kvc.manager import Manager\n\n\ndef hits(manager: Manager, keys: list[int]) -> int:\n    n = 0\n"
OLD_LOOP = (
    "    for key in keys:\n        if not manager.lookup(key):\n            break\n        n += 1\n    return n\n"
)
NEW_LOOP = (
    "    for key in keys:\n        match manager.lookup(key):\n            case LookupResult.HIT:\n"
    "                n += 1\n            case _:\n                break\n    return n\n"
)
ENUM_BASE = {**INITS, MGR_PY: MGR.format(enum="", ret="bool | None"), OFF_PY: OFF + OLD_LOOP}
ENUM_UPSTREAM: dict[str, str | None] = {
    MGR_PY: MGR.format(enum=ENUM, ret="LookupResult"),
    OFF_PY: OFF.replace("import Manager", "import LookupResult, Manager") + NEW_LOOP,
}
MGR_HEAD = "from vllm.kvc.manager import Manager\n\n\n"


@pytest.mark.parametrize(
    ("fork", "line", "says"),
    [
        (
            MGR_HEAD + "class AeonManager(Manager):\n    def lookup(self, key: int) -> bool | None:\n"
            "        return key in (1, 2)\n",
            6,
            "this return still hands back a bool or None",
        ),
        # a name bound to an answer, not to a call's result: still the old answer
        (
            MGR_HEAD + "class AeonManager(Manager):\n    def lookup(self, key: int) -> bool | None:\n"
            "        hit = key in (1, 2)\n        return hit\n",
            7,
            "this return still hands back a bool or None",
        ),
        (
            MGR_HEAD + "def aeon_retry(manager: Manager, key: int) -> bool:\n    return manager.lookup(key) is None\n",
            5,
            "tests it against None, which a member never is",
        ),
        (
            MGR_HEAD + "def aeon_miss(manager: Manager, key: int) -> bool:\n    return not manager.lookup(key)\n",
            5,
            "tests its truth, and every member is true",
        ),
        (
            MGR_HEAD + "def aeon_hit(manager: Manager, key: int) -> bool:\n    return manager.lookup(key) == True\n",
            5,
            "compares it with True or False, which a member never equals",
        ),
    ],
)
def test_a_bool_answer_made_an_enum(git_repo: GitRepo, fork: str, line: int, says: str) -> None:
    [(at, message)] = _errors(git_repo, ENUM_BASE, fork, ENUM_UPSTREAM)
    assert at == line and says in message and "LookupResult" in message


DELEGATES = (
    "class AeonManager(Manager):\n    def __init__(self, inner: Manager):\n        self.inner = inner\n\n"
    "    def lookup(self, key: int) -> bool | None:\n"
)


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the result handed on, untested
        (MGR_HEAD + "def aeon_lookup(manager: Manager, key: int) -> object:\n    return manager.lookup(key)\n", None),
        # an override handing on the base's answer
        (
            MGR_HEAD + "class AeonManager(Manager):\n    def lookup(self, key: int) -> bool | None:\n"
            "        return super().lookup(key)\n",
            None,
        ),
        # an IntEnum: a member of value 0 is false, and equals its number
        (
            MGR_HEAD + "def aeon_miss(manager: Manager, key: int) -> bool:\n    return not manager.lookup(key)\n",
            {**ENUM_UPSTREAM, MGR_PY: MGR.format(enum=ENUM.replace("(Enum)", "(IntEnum)"), ret="LookupResult")},
        ),
        # only a bool, never None: a None test was never an answer
        (
            MGR_HEAD + "def aeon_retry(manager: Manager, key: int) -> bool:\n    return manager.lookup(key) is None\n",
            "bool",
        ),
        # a delegating override, its annotation still the old one: the inner manager's member handed on
        (MGR_HEAD + DELEGATES + "        found = self.inner.lookup(key)\n        return found\n", None),
        (MGR_HEAD + DELEGATES + "        self.last = self.inner.lookup(key)\n        return self.last\n", None),
    ],
)
def test_uses_the_enum_answer_leaves_alone(git_repo: GitRepo, fork: str, upstream: object) -> None:
    base = ENUM_BASE
    if upstream == "bool":
        base = {**ENUM_BASE, MGR_PY: MGR.format(enum="", ret="bool")}
        upstream = ENUM_UPSTREAM
    upstream = upstream or ENUM_UPSTREAM
    assert isinstance(upstream, dict)
    assert _errors(git_repo, base, fork, upstream) == []
