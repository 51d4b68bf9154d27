"""A fork override that now hides a method upstream defined between its class and the one it replaced (#44120).

Shaped like #44120 (ec59c1579f): ``MoeWNA16Method`` gained a ``process_weights_after_loading`` that builds its
kernel, where the name had resolved to ``QuantizeMethodBase``'s no-op; a fork subclass's override without
``super()`` now skips the build.  The spellings beyond the replay's: a ``@staticmethod``-free hook of another
name and shape (``warm_up`` with a body of two statements, old provider ``return None``), a grandchild class
(the new def two classes up), and a warning where the old provider did work as well.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASECFG = "vllm/quant/base_config.py"
METHOD = "vllm/quant/wna16.py"
FORK = "vllm/aeon/wna16_fork.py"
ROOT_STUB = (
    "class QuantizeMethodBase:\n"
    "    def process_weights_after_loading(self, layer) -> None:\n"
    '        """Process the weights after loading."""\n'
    "        return\n\n"
    "    def warm_up(self, layer):\n"
    "        return None\n"
)
ROOT_WORK = ROOT_STUB.replace(
    '        """Process the weights after loading."""\n        return\n', "        layer.ready = True\n"
)
METHOD_OLD = (
    "from vllm.quant.base_config import QuantizeMethodBase\n\n\n"
    "class WNA16Method(QuantizeMethodBase):\n"
    "    def __init__(self) -> None:\n"
    "        self.kernel = None\n\n"
    "    def apply(self, layer, x):\n"
    "        return self.kernel(x)\n"
)
NEW_DEFS = (
    "\n    def process_weights_after_loading(self, layer) -> None:\n"
    "        layer.w13 = layer.w13.contiguous()\n"
    "        self.kernel = make_kernel(layer)\n\n"
    "    def warm_up(self, layer):\n"
    "        self.kernel(layer.dummy)\n"
    "        return layer\n"
)
METHOD_NEW = (
    METHOD_OLD.replace("\n\n\nclass", "\n\n\ndef make_kernel(layer):\n    return layer.forward\n\n\nclass") + NEW_DEFS
)
SUBJECT = "[MoE Refactor] Migrate MoeWNA16Method quantization method over to using the new MK oracle (#44120)"
INITS = {"vllm/quant/__init__.py": ""}
HEAD = "from vllm.quant.wna16 import WNA16Method\n\n\n"


def _found(repo: GitRepo, fork: str, root: str = ROOT_STUB, new: str = METHOD_NEW) -> list[tuple[int, str, str]]:
    base = {BASECFG: root, METHOD: METHOD_OLD, **INITS}
    sides = s.merge_case(repo, base, {FORK: fork}, [(SUBJECT, {METHOD: new})])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        # skipped setups (test_skipped_setups.py) may report the same override from the state's side
        if f.path == FORK and f.rule_id == SYMBOL_DRIFT and "never calls the base's" not in f.message
    ]


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        layer.w2 = layer.w2.contiguous()  # AEON: pinned for offload\n",
            5,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def warm_up(self, layer):\n"
            "        layer.aeon_warm = True\n"
            "        return layer\n",
            5,
        ),
        (
            HEAD + "class AeonMid(WNA16Method):\n    pass\n\n\n"
            "class AeonLeaf(AeonMid):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        layer.aeon_leaf = True\n",
            9,
        ),
    ],
    ids=["the replay's hook", "another hook returning a value", "a grandchild"],
)
def test_an_override_hiding_upstreams_new_def_of_a_stub_is_an_error(git_repo: GitRepo, fork: str, line: int) -> None:
    # the skipped-setup check may flag the same override too (the new def stores what warm_up now reads)
    [(at, severity, message)] = [f for f in _found(git_repo, fork) if "now defines on" in f[2]]
    assert (at, severity) == (line, "error")
    assert "which upstream now defines on WNA16Method" in message and "never calls super()" in message


def test_an_override_of_a_working_def_is_a_warning(git_repo: GitRepo) -> None:
    fork = (
        HEAD
        + "class AeonMethod(WNA16Method):\n    def process_weights_after_loading(self, layer) -> None:\n        layer.ready = True\n"
    )
    # a new def whose work no sibling reads back (so skipped setups, which would make it an error, stays out)
    new = (
        METHOD_OLD
        + "\n    def process_weights_after_loading(self, layer) -> None:\n        layer.w13 = layer.w13.contiguous()\n"
    )
    [(at, severity, message)] = _found(git_repo, fork, root=ROOT_WORK, new=new)
    assert (at, severity) == (5, "warning")
    assert "whose work the override had taken on" in message


def test_an_override_that_replaces_the_reader_too_is_a_warning(git_repo: GitRepo) -> None:
    """revCK: the fork's class overrides ``apply`` and ``warm_up`` too, the methods that read the ``self.kernel``
    upstream's new def stores (#42651's shape: ``process_weights_after_loading`` and ``apply_scaled_mm`` both the
    fork's): a warning; with only ``apply`` overridden, ``warm_up`` still reads it (the error stays)."""
    fork = (
        HEAD + "class AeonMethod(WNA16Method):\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        layer.aeon = True\n\n"
        "    def apply(self, layer, x):\n"
        "        return layer.aeon_forward(x)\n\n"
        "    def warm_up(self, layer):\n"
        "        return layer\n"
    )
    # (the fork's warm_up hides upstream's new warm_up too: its own finding, on its own line)
    found = [f for f in _found(git_repo, fork) if "now defines on" in f[2] and f[0] == 5]
    assert [(at, severity) for at, severity, _ in found] == [(5, "warning")]
    assert "no method it runs reads what the new def keeps on self" in found[0][2]


def test_an_override_that_replaces_one_reader_of_two_stays_an_error(git_repo: GitRepo) -> None:
    """Only ``apply`` overridden: upstream's ``warm_up`` still reads ``self.kernel``, which nothing sets."""
    fork = (
        HEAD + "class AeonMethod(WNA16Method):\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        layer.aeon = True\n\n"
        "    def apply(self, layer, x):\n"
        "        return layer.aeon_forward(x)\n"
    )
    assert [f[1] for f in _found(git_repo, fork) if f[0] == 5 and "now defines on" in f[2]] == ["error"]


@pytest.mark.parametrize(
    ("fork", "new"),
    [
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon = True\n",
            METHOD_NEW,
        ),
        (
            # revCK: a method of the class the override calls on self hands on
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def _upstream(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        self._upstream(layer)\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        WNA16Method.process_weights_after_loading(self, layer)\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            '        hook = getattr(super(), "process_weights_after_loading", None)\n'
            "        if hook is not None:\n"
            "            hook(layer)\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        layer.aeon = True\n",
            METHOD_OLD + "\n    def process_weights_after_loading(self, layer) -> None:\n        return None\n",
        ),
        (
            "class AeonOwn:\n    def process_weights_after_loading(self, layer) -> None:\n        layer.aeon = True\n",
            METHOD_NEW,
        ),
        (
            "import abc\n\n" + HEAD + "class AeonAbstract(WNA16Method, abc.ABC):\n"
            "    @abc.abstractmethod\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        raise NotImplementedError\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        parent = super()\n"
            "        layer.aeon = True\n"
            "        parent.process_weights_after_loading(layer)\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def _aeon_finish(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        layer.aeon = True\n"
            "        self._aeon_finish(layer)\n",
            METHOD_NEW,
        ),
        (
            # mend56: a helper of a fork BASE class between the fork's class and upstream's hands on
            HEAD + "class AeonBase(WNA16Method):\n"
            "    def _hand_on(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n\n\n"
            "class AeonMethod(AeonBase):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        layer.w13 = layer.w13.t()\n"
            "        self._hand_on(layer)\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        layer.aeon = True\n",
            METHOD_OLD + "\n    def process_weights_after_loading(self, layer) -> None:\n"
            "        n = len(layer.experts)\n        logger.debug('loaded %d', n)\n        warnings.warn('slow path')\n",
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        parent: object = super()\n"
            "        parent.process_weights_after_loading(layer)\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        if (parent := super()) is not None:\n"
            "            parent.process_weights_after_loading(layer)\n",
            METHOD_NEW,
        ),
        (
            HEAD + "class AeonMethod(WNA16Method):\n"
            "    def _up(me, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n\n"
            "    def process_weights_after_loading(me, layer) -> None:\n"
            "        me._up(layer)\n",
            METHOD_NEW,
        ),
    ],
    ids=[
        "super()",
        "a helper calls super()",
        "the base by name",
        "getattr(super())",
        "upstream's new def a stub",
        "the fork's namesake",
        "abstract",
        "super() bound to a local (review76)",
        "a helper of the fork's class reaching super() (review76)",
        "a helper of a fork base class reaching super() (mend56)",
        "the new def only logs (mend56)",
        "super() bound by an annotated assignment (mend56)",
        "super() bound by a walrus (mend56)",
        "the instance spelt me (mend56)",
    ],
)
def test_an_override_reaching_the_new_def_or_hiding_nothing_stays_quiet(git_repo: GitRepo, fork: str, new: str) -> None:
    assert [f for f in _found(git_repo, fork, new=new) if f[1] == "error" or "now defines on" in f[2]] == []


def test_a_fork_class_running_no_reader_of_the_new_defs_state_is_a_warning(git_repo: GitRepo) -> None:
    """review76 (#42651's shape): the fork's class replaced ``apply`` and ``warm_up``, the methods reading the
    ``self.kernel`` the new def keeps; the new def's work on the layer is still skipped, so a warning, not quiet."""
    fork = (
        HEAD + "class AeonMethod(WNA16Method):\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        layer.aeon = True\n\n"
        "    def apply(self, layer, x):\n"
        "        return layer.aeon_kernel(x)\n\n"
        "    def warm_up(self, layer):\n"
        "        return layer\n"
    )
    [(at, severity, message)] = [f for f in _found(git_repo, fork) if f[0] == 5]
    assert (at, severity) == (5, "warning")
    assert "no method it runs reads what the new def keeps on self (kernel)" in message


def test_a_reader_the_fork_class_still_runs_keeps_the_error(git_repo: GitRepo) -> None:
    """The fork's own ``apply`` hands on to upstream's, which reads the state only the new def keeps: an error."""
    fork = (
        HEAD + "class AeonMethod(WNA16Method):\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        layer.aeon = True\n\n"
        "    def apply(self, layer, x):\n"
        "        return super().apply(layer, x.contiguous())\n\n"
        "    def warm_up(self, layer):\n"
        "        return layer\n"
    )
    [(at, severity, _)] = [f for f in _found(git_repo, fork) if f[0] == 5]
    assert (at, severity) == (5, "error")


def test_a_hook_moved_up_the_hierarchy_is_not_interposed(git_repo: GitRepo) -> None:
    """The other direction: upstream moved the def from the fork's base up to the root (``_unconsulted``'s)."""
    moved_root = ROOT_STUB.replace(
        '        """Process the weights after loading."""\n        return\n',
        "        layer.w13 = layer.w13.contiguous()\n",
    )
    old = (
        METHOD_OLD
        + "\n    def process_weights_after_loading(self, layer) -> None:\n        layer.w13 = layer.w13.contiguous()\n"
    )
    base = {BASECFG: ROOT_STUB, METHOD: old, **INITS}
    fork = (
        HEAD
        + "class AeonMethod(WNA16Method):\n    def process_weights_after_loading(self, layer) -> None:\n        layer.aeon = True\n"
    )
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, {METHOD: METHOD_OLD, BASECFG: moved_root})])
    found = [f.message for f in s.merged_findings(git_repo, sides, s.Settings()) if f.path == FORK]
    assert not [m for m in found if "now defines on" in m]


_ANSWER = (
    "\n    def warm_up(self, layer):\n        if layer is None:\n            return 0\n        return layer.size * 2\n"
)


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        # upstream's new def only answers (branches and returns, #36519's get_cudagraph_support): the fork's own
        # override answers the same question for itself, and hiding upstream's answer loses nothing it set up
        (METHOD_OLD + _ANSWER, []),
        # the same def calling for effect first is still reported
        (METHOD_OLD + _ANSWER.replace("        if layer", "        layer.prepare()\n        if layer", 1), ["error"]),
    ],
    ids=["pure answer", "a call for effect"],
)
def test_an_override_of_a_new_pure_answer_stays_quiet(git_repo: GitRepo, new: str, expected: list[str]) -> None:
    fork = HEAD + "class AeonMethod(WNA16Method):\n    def warm_up(self, layer):\n        return 1\n"
    assert [row[1] for row in _found(git_repo, fork, new=new)] == expected


def test_an_override_doing_the_new_defs_work_itself_is_a_warning(git_repo: GitRepo) -> None:
    """mend56: the override stores every attribute the new def keeps on self (``self.kernel``): it may do the
    new def's work itself, so a warning, not a certain error."""
    fork = (
        HEAD + "class AeonMethod(WNA16Method):\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        self.kernel = layer.aeon_forward\n"
    )
    found = [f for f in _found(git_repo, fork) if f[0] == 5 and "now defines on" in f[2]]
    assert [severity for _, severity, _ in found] == ["warning"]


def test_a_reader_with_positional_only_parameters_keeps_the_error(git_repo: GitRepo) -> None:
    """mend56: the fork's ``apply`` takes the instance positional-only and reads ``s.kernel``, which only the new
    def sets: still a reader (it was read as none, a warning)."""
    fork = (
        HEAD + "class AeonMethod(WNA16Method):\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        layer.aeon = True\n\n"
        "    def apply(s, layer, x, /):\n"
        "        return s.kernel(x)\n\n"
        "    def warm_up(s, layer, /):\n"
        "        return layer\n"
    )
    found = [f for f in _found(git_repo, fork) if "now defines on" in f[2] and f[0] == 5]
    assert [(at, severity) for at, severity, _ in found] == [(5, "error")]


GRAND = "from vllm.quant.base_config import QuantizeMethodBase\n" + HEAD


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        (
            GRAND + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        QuantizeMethodBase.process_weights_after_loading(self, layer)\n",
            6,
        ),
        (
            "from vllm.quant import base_config\n" + HEAD + "class AeonMethod(WNA16Method):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        if getattr(layer, 'aeon_skip', False):\n"
            "            return\n"
            "        base_config.QuantizeMethodBase.process_weights_after_loading(self, layer)\n",
            6,
        ),
    ],
    ids=["the base by name", "the base off its module"],
)
def test_an_override_calling_the_base_past_the_new_def_by_name_hides_it(
    git_repo: GitRepo, fork: str, line: int
) -> None:
    """killers223, shaped like #29387 (97fa8f6590): a fork ``MambaManager`` subclass's ``cache_blocks`` calling
    ``SingleTypeKVCacheManager.cache_blocks(self, ...)``, the def it used to reach, skips the new
    ``MambaManager.cache_blocks``: as surely as no call at all."""
    [(at, severity, message)] = [f for f in _found(git_repo, fork) if "now defines on" in f[2]]
    assert (at, severity) == (line, "error")
    assert "calls QuantizeMethodBase.process_weights_after_loading(...) by name, past it" in message


def test_twin_a_call_of_the_new_defs_class_by_name_hands_on(git_repo: GitRepo) -> None:
    fork = (
        GRAND + "class AeonMethod(WNA16Method):\n"
        "    def process_weights_after_loading(self, layer) -> None:\n"
        "        WNA16Method.process_weights_after_loading(self, layer)\n"
    )
    assert [f for f in _found(git_repo, fork) if "now defines on" in f[2]] == []


MANAGERS = "vllm/core/managers.py"
MANAGERS_OLD = (
    "class Manager:\n"
    "    def __init__(self) -> None:\n"
    "        self.cached = {}\n\n"
    "    def cache_blocks(self, request, num_tokens: int) -> None:\n"
    "        self.cached[request] = num_tokens\n\n\n"
    "class MambaManager(Manager):\n"
    "    def free(self, request) -> None:\n"
    "        self.cached.pop(request, None)\n"
)
MANAGERS_NEW = MANAGERS_OLD + (
    "\n    def cache_blocks(self, request, num_tokens: int) -> None:\n"
    "        super().cache_blocks(request, num_tokens)\n"
    "        self.this_step = request\n"
)
MANAGERS_HEAD = "from vllm.core.managers import Manager, MambaManager\n\n\n"


def _managers(repo: GitRepo, fork: str) -> list[tuple[int, str, str]]:
    base = {MANAGERS: MANAGERS_OLD, "vllm/core/__init__.py": ""}
    subject = "[BugFix] Avoid prefix cache hit in the same schedule step for mamba layers (#29387)"
    sides = s.merge_case(repo, base, {FORK: fork}, [(subject, {MANAGERS: MANAGERS_NEW})])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.path == FORK and f.rule_id == SYMBOL_DRIFT
    ]


def test_a_grandparent_called_by_name_in_the_same_file_hides_the_new_def(git_repo: GitRepo) -> None:
    """killers223's replay shape: the base and the new def's class in one module upstream changed."""
    fork = (
        MANAGERS_HEAD + "class AeonMamba(MambaManager):\n"
        "    def cache_blocks(self, request, num_tokens: int) -> None:\n"
        "        Manager.cache_blocks(self, request, num_tokens)\n"
    )
    found = [f for f in _managers(git_repo, fork) if "now defines on" in f[2]]
    assert [(at, severity) for at, severity, _ in found] == [(5, "warning")]
    assert "calls Manager.cache_blocks(...) by name, past it" in found[0][2]


def test_twin_super_now_reaching_the_new_def_is_no_removal(git_repo: GitRepo) -> None:
    """killers223: ``super().cache_blocks(...)`` reached ``Manager``'s def before the merge and reaches upstream's
    new ``MambaManager.cache_blocks`` now, ``Manager``'s kept: upstream's chain, no "upstream removed" warning."""
    fork = (
        MANAGERS_HEAD + "class AeonMamba(MambaManager):\n"
        "    def cache_blocks(self, request, num_tokens: int) -> None:\n"
        "        if getattr(request, 'aeon_skip', False):\n"
        "            return\n"
        "        super().cache_blocks(request, num_tokens)\n"
    )
    assert _managers(git_repo, fork) == []
