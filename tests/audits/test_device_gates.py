"""Device-gate drift: upstream changed a capability check, and the fork's device (settings: device) takes another path.

Shaped like real upstream commits (files written here):
- #39825 (65b9808960) turned ``or p.is_device_capability_family(120)`` into ``or
  p.is_device_capability(120)`` in FlashInfer's CUTLASS MoE support check: a 12.1 device lost the
  path a 12.0 device keeps;
- #47164 (9a08a5118e) added ``and not current_platform.is_device_capability_family(120)`` to the
  cooperative top-K condition: every 12.x device lost it (a warning: the family, deliberately);
- #35568 (06d020bb6e) turned ``is_device_capability(120)`` into ``is_device_capability_family(120)``
  in a check that raises: the device is no longer refused (a warning).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from aeon_release.domain.audits.config import build_rules
from aeon_release.domain.audits.merge_rules import DEVICE_GATE, merge_rule_infos
from aeon_release.domain.audits.model import DeviceGates, Finding, MergeSides, Settings, Severity
from aeon_release.errors import ConfigError
from tests.audits.conftest import GitRepo
from tests.audits.drift_shapes import merge_case, merged_findings
from tests.helpers import cpu_seconds

GB10 = DeviceGates(
    (12, 1),
    at_least=("has_device_capability",),
    equals=("is_device_capability",),
    family=("is_device_capability_family",),
    getters=("get_device_capability",),
)
FORK = {"vllm/aeon_note.py": "NOTE = 'a carry'\n"}
MOE = "vllm/model_executor/layers/fused_moe/flashinfer_cutlass_moe.py"
MOE_BASE = """from vllm.platforms import current_platform


class FlashInferExperts:
    @staticmethod
    def _supports_current_device() -> bool:
        p = current_platform
        return (
            p.is_cuda()
            and (
                p.is_device_capability(90)
                or p.is_device_capability_family(100)
                or p.is_device_capability_family(120)
            )
            and has_flashinfer_cutlass_fused_moe()
        )
"""
MOE_AFTER = MOE_BASE.replace("or p.is_device_capability_family(120)", "or p.is_device_capability(120)")
INDEXER = "vllm/model_executor/layers/sparse_attn_indexer.py"
INDEXER_BASE = """from vllm.platforms import current_platform


def sparse_attn_indexer(logits, num_rows, topk_tokens):
    use_cooperative_topk = (
        current_platform.is_cuda()
        and num_rows <= 32
        and current_platform.has_device_capability(90)
    )
    return use_cooperative_topk
"""
INDEXER_AFTER = INDEXER_BASE.replace(
    "and current_platform.has_device_capability(90)\n",
    "and current_platform.has_device_capability(90)\n        and not current_platform.is_device_capability_family(120)\n",
)
MARLIN = "vllm/model_executor/layers/quantization/utils/marlin_utils.py"
MARLIN_BASE = """from vllm.platforms import current_platform


def get_marlin_input_dtype():
    if not current_platform.is_device_capability(89) and not current_platform.is_device_capability(120):
        raise ValueError("Marlin W4A8-FP8 only supports SM89 or SM120")
    return "fp8"
"""
MARLIN_AFTER = MARLIN_BASE.replace("is_device_capability(120)", "is_device_capability_family(120)")


def _findings(repo: GitRepo, sides: MergeSides, device: DeviceGates | None = GB10) -> list[Finding]:
    return [f for f in merged_findings(repo, sides, Settings(device=device)) if f.rule_id == DEVICE_GATE]


def _case(repo: GitRepo, path: str, before: str, after: str, subject: str) -> MergeSides:
    return merge_case(repo, {path: before}, FORK, [(subject, {path: after})])


def test_a_check_that_drops_the_device_but_not_its_sibling_is_an_error(git_repo: GitRepo) -> None:
    sides = _case(git_repo, MOE, MOE_BASE, MOE_AFTER, "[Bugfix] Disable FlashInfer CUTLASS MoE on SM121 (#39825)")
    [finding] = _findings(git_repo, sides)
    assert finding.severity is Severity.ERROR
    assert (finding.path, finding.line) == (MOE, 9)
    assert "FlashInferExperts._supports_current_device" in finding.message
    assert "for a 12.1 device" in finding.message and "is false" in finding.message
    assert "undecided by the device" in finding.message  # has_flashinfer_cutlass_fused_moe() decides it before
    assert "#39825" in finding.message and "unlike a 12.0 device" in finding.message


def test_a_check_that_drops_the_whole_family_is_a_warning(git_repo: GitRepo) -> None:
    sides = _case(git_repo, INDEXER, INDEXER_BASE, INDEXER_AFTER, "fix: skip cooperative top-K on SM120 (#47164)")
    [finding] = _findings(git_repo, sides)
    assert finding.severity is Severity.WARNING
    assert "as for a 12.0 device" in finding.message and "#47164" in finding.message


def test_a_refusal_the_device_no_longer_meets_is_a_warning(git_repo: GitRepo) -> None:
    sides = _case(git_repo, MARLIN, MARLIN_BASE, MARLIN_AFTER, "[Bugfix] Fix SM121 exclusion from Marlin (#35568)")
    [finding] = _findings(git_repo, sides)
    assert finding.severity is Severity.WARNING
    assert "now takes this path" in finding.message and "was true" in finding.message


def test_a_new_refusal_of_the_device_alone_is_an_error(git_repo: GitRepo) -> None:
    before = "def supported(p):\n    return p.has_device_capability(100) and has_kernel()\n"
    after = (
        "def supported(p):\n    if p.is_device_capability(121):\n        return False\n"
        "    return p.has_device_capability(100) and has_kernel()\n"
    )
    sides = _case(git_repo, "vllm/sel.py", before, after, "Disable the kernel on 12.1 (#1)")
    [finding] = _findings(git_repo, sides)
    assert (finding.severity, finding.line) == (Severity.ERROR, 2)
    assert "upstream added a capability check that a 12.1 device meets" in finding.message


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            "cap = torch.cuda.get_device_capability()\n    return cap >= (12, 0)",
            "cap = torch.cuda.get_device_capability()\n    return cap == (12, 0)",
        ),
        (
            "cc = p.get_device_capability().to_int()\n    return cc in (120, 121)",
            "cc = p.get_device_capability().to_int()\n    return cc in (120,)",
        ),
        (
            "major, minor = p.get_device_capability()\n    return major == 12",
            "major, minor = p.get_device_capability()\n    return major == 12 and minor == 0",
        ),
        ("return p.get_device_capability()[0] >= 12", "return p.get_device_capability() == (12, 0)"),
        (
            "return p.get_device_capability() in [(12, 0), (12, 1)]",
            "return p.get_device_capability() in [(12, 0)]",
        ),
    ],
    ids=["tuple-compare", "to-int-in", "unpacked", "indexed", "in-pairs"],
)
def test_a_capability_compared_through_a_getter_is_evaluated(git_repo: GitRepo, before: str, after: str) -> None:
    sides = _case(
        git_repo,
        "vllm/pick.py",
        f"import torch\n\n\ndef pick(p):\n    {before}\n",
        f"import torch\n\n\ndef pick(p):\n    {after}\n",
        "Narrow the check (#2)",
    )
    [finding] = _findings(git_repo, sides)
    assert finding.severity is Severity.ERROR, finding.message
    assert "#2" in finding.message  # the commit is found though its diff names no capability call


@pytest.mark.parametrize(
    ("before", "after", "line"),
    [
        # a module's own check: both versions parsed whole
        (
            "USE_B12X = current_platform.is_device_capability_family(120)\n",
            "USE_B12X = current_platform.is_device_capability(120)\n",
            3,
        ),
        # a function on one line
        (
            "def ok(p): return p.is_device_capability_family(120)\n",
            "def ok(p): return p.is_device_capability(120)\n",
            3,
        ),
        # a method of a nested class, below another method whose signature spans lines
        (
            "class A:\n    class B:\n        def f(\n            self,\n        ) -> int:\n            return 1\n\n"
            "        def g(self, p):\n            return p.is_device_capability_family(120)\n",
            "class A:\n    class B:\n        def f(\n            self,\n        ) -> int:\n            return 1\n\n"
            "        def g(self, p):\n            return p.is_device_capability(120)\n",
            11,
        ),
    ],
    ids=["module-level", "one-line-def", "nested-method"],
)
def test_checks_outside_a_plain_function_are_found(git_repo: GitRepo, before: str, after: str, line: int) -> None:
    head = "from vllm.platforms import current_platform\n\n"
    sides = _case(git_repo, "vllm/where.py", head + before, head + after, "Only 12.0 (#4)")
    [finding] = _findings(git_repo, sides)
    assert (finding.severity, finding.line) == (Severity.ERROR, line), finding.message


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # a change to the part the device does not decide
        ("return p.is_device_capability_family(120) and x > 3", "return p.is_device_capability_family(120) and x > 4"),
        # a change that does not concern the device
        (
            "return p.is_device_capability(100) or p.is_device_capability(103)",
            "return p.is_device_capability_family(100)",
        ),
        # a new check for another device before the device's own: the device's is the same check
        (
            "if p.is_device_capability_family(120):\n        return 'b12x'\n    return 'a'",
            "if p.is_device_capability_family(100):\n        return 'cutlass'\n    if p.is_device_capability_family(120):\n        return 'b12x'\n    return 'a'",
        ),
        # the same check rewritten, the same value for the device
        ("return p.has_device_capability(120)", "return p.is_device_capability_family(120)"),
        # a check moved into an early return that asks what the function asked before
        (
            "return flag and p.is_device_capability(100)",
            "if not (flag and p.is_device_capability(100)):\n        return False\n    return True",
        ),
        # an elif the device never reaches: the if before it is true for the device (#24793)
        (
            "if p.has_device_capability(80):\n        return 'a'\n    elif not p.has_device_capability(80)"
            " and p.has_device_capability(60):\n        return 'b'\n    return 'c'",
            "if p.has_device_capability(80):\n        return 'a'\n    elif p.has_device_capability(60):\n"
            "        return 'b'\n    return 'c'",
        ),
        # the same, the elif made an if after the if that returns for the device (#24793 itself)
        (
            "if p.has_device_capability(80):\n        return 'a'\n    elif not p.has_device_capability(80)"
            " and p.has_device_capability(60):\n        return 'b'\n    return 'c'",
            "if p.has_device_capability(80):\n        return 'a'\n    if p.has_device_capability(60):\n"
            "        return 'b'\n    return 'c'",
        ),
    ],
    ids=[
        "undecided-part",
        "other-device",
        "inserted-other",
        "same-value",
        "restructured",
        "unreached-elif",
        "elif-to-if",
    ],
)
def test_near_misses_are_quiet(git_repo: GitRepo, before: str, after: str) -> None:
    sides = _case(
        git_repo,
        "vllm/near.py",
        f"def f(p, x, flag):\n    {before}\n",
        f"def f(p, x, flag):\n    {after}\n",
        "Refactor (#3)",
    )
    assert _findings(git_repo, sides) == []


def test_checks_added_to_an_empty_module_are_read(git_repo: GitRepo) -> None:
    """Upstream's hunk starts before the first line (``@@ -0,0 +1,2 @@``) of a file the fork has empty."""
    after = "from vllm.platforms import current_platform\nUSE = current_platform.is_device_capability(120)\n"
    sides = _case(git_repo, "vllm/empty.py", "", after, "Fill it (#5)")
    assert _findings(git_repo, sides) == []


def test_without_a_device_nothing_is_evaluated(git_repo: GitRepo) -> None:
    sides = _case(git_repo, MOE, MOE_BASE, MOE_AFTER, "Disable on SM121 (#39825)")
    assert _findings(git_repo, sides, device=None) == []


def test_the_audit_config_sets_the_device(tmp_path: Path) -> None:
    text = {
        "settings": {
            "device": {
                "capability": "12.1",
                "equals": ["is_device_capability"],
                "family": ["is_device_capability_family"],
                "severity": "warning",
            }
        },
        "rules": [],
    }
    other = {"settings": {"near_miss_lines": 5}, "rules": []}
    settings = build_rules([("audits/device.yaml", text), ("audits/tree.yaml", other)]).settings
    assert settings.device is not None and settings.device.capability == (12, 1)
    assert settings.device.severity is Severity.WARNING and settings.device.at_least == ()
    assert settings.near_miss_lines == 5, "a later file's settings change only what it names"
    rebuilt = Settings.of(json.loads(json.dumps(dataclasses.asdict(settings))))  # the sidecar's copy
    assert rebuilt == settings


@pytest.mark.parametrize(
    ("device", "said"),
    [
        ({"capability": "sm_121a", "equals": ["f"]}, "settings.device.capability"),
        ({"capability": "12.1"}, "names no call"),
        ({"capability": "12.1", "equals": ["os.system"]}, "not a function name"),
        ({"capability": "12.1", "equals": ["f"], "severity": "fatal"}, "settings.device.severity"),
        ({"capability": "12.1", "equals": ["f"], "gpu": 1}, "gpu"),
        ({"capability": "12.1", "equals": [f"f{i}" for i in range(51)]}, "over 50"),
    ],
)
def test_a_bad_device_names_its_field(device: dict[str, object], said: str) -> None:
    with pytest.raises(ConfigError) as caught:
        build_rules([("audits/device.yaml", {"settings": {"device": device}, "rules": []})])
    assert said in str(caught.value) or said in str(caught.value.hint or "")


def test_the_rule_is_listed_and_runs_in_an_audit(git_repo: GitRepo, tmp_path: Path) -> None:
    assert DEVICE_GATE in {info.id for info in merge_rule_infos()}
    sides = _case(git_repo, MOE, MOE_BASE, MOE_AFTER, "Disable on SM121 (#39825)")
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "device.yaml").write_text(
        'settings:\n  device:\n    capability: "12.1"\n    equals: [is_device_capability]\n'
        "    family: [is_device_capability_family]\nrules: []\n"
    )
    report = git_repo.audit(config, merge=sides)
    assert [(f.rule_id, f.path) for f in report.findings if f.rule_id == DEVICE_GATE] == [(DEVICE_GATE, MOE)]


def test_the_merge_sidecar_is_sent_the_device_and_finds_the_same(git_repo: GitRepo) -> None:
    """The merge's sidecar process gets its settings as JSON: the device must survive the trip."""
    from aeon_release.domain.audits import sidecar

    sides = _case(git_repo, MOE, MOE_BASE, MOE_AFTER, "Disable on SM121 (#39825)")
    merged = git_repo.git("rev-parse", "HEAD")
    sidecar.start(sides)
    try:
        answer = sidecar.ask(sides, merged, Settings(device=GB10))
        assert answer is not None
        got = answer()
    finally:
        sidecar.close_all()
    assert got is not None, "the sidecar answered"
    assert [f for f in got.findings if f.rule_id == DEVICE_GATE] == _findings(git_repo, sides)
    assert _findings(git_repo, sides), "an error to compare"


def test_a_long_condition_rewritten_is_paired_without_hanging(git_repo: GitRepo) -> None:
    """A condition of 600 operands gains ``.ok`` on each: difflib's character ratio took 5 s on 200
    and grows with the cube of the length (~2 min here).  Pairing counts tokens instead: the guard
    is for a hang, not a speed claim (benchmarks/ holds those)."""
    was = " or ".join(f"x{i % 3}" for i in range(600))
    now = " or ".join(f"x{i % 3}.ok" for i in range(600))
    before = f"def f(p, x0, x1, x2):\n    return p.is_device_capability_family(120) and ({was})\n"
    after = f"def f(p, x0, x1, x2):\n    return p.is_device_capability(120) and ({now})\n"
    sides = _case(git_repo, "vllm/long.py", before, after, "Only 12.0 (#6)")
    started = cpu_seconds()
    [finding] = _findings(git_repo, sides)
    assert cpu_seconds() - started < 60
    assert finding.severity is Severity.ERROR and "was undecided by the device" in finding.message


def test_a_long_condition_unlike_the_old_one_is_a_new_check(git_repo: GitRepo) -> None:
    """The near miss: most tokens differ, so the merged check is a new one (it returns no refusal: quiet)."""
    before = "def f(p, a, b):\n    return p.is_device_capability_family(120) and a.ready and b.ready\n"
    after = "def f(p, a, b):\n    return p.is_device_capability(120) or has_kernel(a.dtype, b.dtype, 'fp8', 'nvfp4')\n"
    sides = _case(git_repo, "vllm/long.py", before, after, "Another check (#7)")
    assert _findings(git_repo, sides) == []


@pytest.mark.parametrize("hops", [3, 600], ids=["three-locals", "600-locals"])
def test_locals_read_through_one_another(git_repo: GitRepo, hops: int) -> None:
    """A chain of 600 ``a1 = a0`` ran out of stack and turned every merge-aware check off: past a
    depth the value is undecided, and a short chain is still read through."""
    chain = "".join(f"    c{i} = c{i - 1}\n" for i in range(1, hops))
    last = f"c{hops - 1}"
    head = f"import torch\n\n\ndef pick():\n    c0 = torch.cuda.get_device_capability()\n{chain}"
    sides = _case(
        git_repo,
        "vllm/chain.py",
        f"{head}    return {last} >= (12, 0) and torch.cuda.is_available()\n",
        f"{head}    return {last} == (12, 0) and torch.cuda.is_available()\n",
        "Narrow it (#8)",
    )
    found = merged_findings(git_repo, sides, Settings(device=GB10))
    assert "audit/not-audited" not in {f.rule_id for f in found}
    gates = [f for f in found if f.rule_id == DEVICE_GATE]
    assert [f.severity for f in gates] == ([Severity.ERROR] if hops == 3 else [])


def test_class_level_lines_below_many_methods_are_not_placed_one_by_one(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Changed class-level lines below many methods (each line's function, found line by line, once read
    every method above it: 9 s for 1,900 lines below 9,000 methods): the functions to compare are found
    from the few lines that name the device, so the work does not grow with the changed lines; the
    method's check below them is still found.  Counted, not timed: the lines placed in a function, which
    the line-by-line search makes one a changed line (380 here), so a tenth of that module's size tells
    the two apart as well (0.7 CPU-seconds less)."""
    from aeon_release.domain.audits.drift import device_gates

    methods = "".join(f"    def m{i}(self):\n        return {i}\n" for i in range(900))
    check = "    def g(self, p):\n        return p.is_device_capability{}(120)\n"

    def module(step: int, family: str) -> str:
        return "class A:\n" + methods + "".join(f"    X{i} = {i + step}\n" for i in range(190)) + check.format(family)

    placed: list[int] = []
    innermost = device_gates._Outline.innermost

    def counted(self: device_gates._Outline, index: int) -> int | None:
        placed.append(index)
        return innermost(self, index)

    monkeypatch.setattr(device_gates._Outline, "innermost", counted)
    sides = _case(git_repo, "vllm/big.py", module(0, "_family"), module(1, ""), "Only 12.0 (#9)")
    [finding] = _findings(git_repo, sides)
    assert (finding.severity, finding.line) == (Severity.ERROR, 1_993) and "A.g" in finding.message
    assert 0 < len(placed) < 20  # the lines naming the device and the changed lines of their functions


def test_a_long_function_is_walked_only_where_it_may_ask_about_the_device(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A touched function of 3,000 lines asks about the device on three (``c0 = ...get_device_capability()``,
    ``c1 = c0`` and the check that reads ``c1``): only the statements on lines naming a device call or a
    holder that may be read from it are walked for checks (every comparison of the function was, on
    both sides: half of the check's work on a 2,000-commit merge).  Counted, not timed: the expressions
    asked whether they ask about the device."""
    from aeon_release.domain.audits.drift import device_gates

    filler = "".join(f"    if n == {i}:\n        n += {i}\n" for i in range(1500))

    def module(check: str) -> str:
        head = "import torch\n\n\ndef pick(n):\n    c0 = torch.cuda.get_device_capability()\n    c1 = c0\n"
        return head + filler + f"    if {check} and torch.cuda.is_available():\n        return n\n    return -n\n"

    asked: list[object] = []
    mentions = device_gates._mentions

    def counted(node: object, device: DeviceGates, env: object) -> bool:
        asked.append(node)
        return mentions(node, device, env)  # type: ignore[arg-type]

    monkeypatch.setattr(device_gates, "_mentions", counted)
    sides = _case(git_repo, "vllm/pick.py", module("c1 >= (12, 0)"), module("c1 == (12, 0)"), "Only 12.0 (#9)")
    [finding] = _findings(git_repo, sides)
    assert (finding.severity, finding.line) == (Severity.ERROR, 3007) and "pick" in finding.message
    assert 0 < len(asked) < 40  # the check on that line and the holders read through, not 1,500 comparisons


RESHAPED = "def f(p, x, run):\n"


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # inverted into an early return: the device (not 12.0) still never runs it (was an error)
        (
            "    if p.is_device_capability(120):\n        return run(x)\n    return None\n",
            "    if not p.is_device_capability(120):\n        return None\n    return run(x)\n",
        ),
        # inverted, the branches swapped
        (
            "    if p.is_device_capability_family(120):\n        return 'fast'\n    return 'slow'\n",
            "    if not p.is_device_capability_family(120):\n        return 'slow'\n    return 'fast'\n",
        ),
        (
            "    return 'a' if p.is_device_capability_family(120) else 'b'\n",
            "    return 'b' if not p.is_device_capability_family(120) else 'a'\n",
        ),
        # an ``and`` split into two ifs
        (
            "    if p.is_device_capability_family(120) and x:\n        return 'fast'\n    return 'slow'\n",
            "    if p.is_device_capability_family(120):\n        if x:\n            return 'fast'\n    return 'slow'\n",
        ),
        # its other operand moved into an early return
        (
            "    if x and p.is_device_capability_family(120):\n        return 'fast'\n    return 'slow'\n",
            "    if not x:\n        return 'slow'\n    if p.is_device_capability_family(120):\n        return 'fast'\n    return 'slow'\n",
        ),
    ],
    ids=["early-return", "branches-swapped", "ternary-swapped", "and-split", "operand-to-early-return"],
)
def test_a_check_reshaped_with_the_same_decision_is_quiet(git_repo: GitRepo, before: str, after: str) -> None:
    sides = _case(git_repo, "vllm/shape.py", RESHAPED + before, RESHAPED + after, "Refactor (#10)")
    assert _findings(git_repo, sides) == []


@pytest.mark.parametrize(
    ("before", "after", "severity", "said"),
    [
        # inverted and narrowed: read with the old polarity, the device lost the fast path
        (
            "    if p.is_device_capability_family(120):\n        return 'fast'\n    return 'slow'\n",
            "    if not p.is_device_capability(120):\n        return 'slow'\n    return 'fast'\n",
            Severity.ERROR,
            "`p.is_device_capability(120)` is false",
        ),
        # split and narrowed
        (
            "    if p.is_device_capability_family(120) and x:\n        return 'fast'\n    return 'slow'\n",
            "    if p.is_device_capability(120):\n        if x:\n            return 'fast'\n    return 'slow'\n",
            Severity.ERROR,
            "was undecided by the device",
        ),
        # a value (not a branch) negated: the value for the device changed
        (
            "    return p.is_device_capability_family(120)\n",
            "    return not p.is_device_capability_family(120)\n",
            Severity.WARNING,
            "`not p.is_device_capability_family(120)` is false",
        ),
    ],
    ids=["inverted-narrowed", "split-narrowed", "value-negated"],
)
def test_a_reshaped_check_that_changes_the_decision_is_found(
    git_repo: GitRepo, before: str, after: str, severity: Severity, said: str
) -> None:
    sides = _case(git_repo, "vllm/shape.py", RESHAPED + before, RESHAPED + after, "Narrow (#11)")
    [finding] = _findings(git_repo, sides)
    assert finding.severity is severity and said in finding.message, finding.message


# -- a capability passed in: an attention backend's ``supports_compute_capability(cls, capability)`` -------
BACKEND = "vllm/v1/attention/backends/flash_attn.py"
BACKEND_BASE = """from vllm.platforms.interface import DeviceCapability


class FlashAttentionBackend:
    @classmethod
    def supports_compute_capability(cls, capability: DeviceCapability) -> bool:
        return capability >= DeviceCapability(8, 0)

    @classmethod
    def supports_head_size(cls, head_size: int) -> bool:
        return head_size >= 64
"""
PASSED = dataclasses.replace(GB10, capability_types=("DeviceCapability",))


@pytest.mark.parametrize(
    ("after", "severity", "says"),
    [
        # 12.1 singled out of its family: an error
        (
            "return capability >= DeviceCapability(8, 0) and capability != DeviceCapability(12, 1)",
            "error",
            "unlike a 12.0 device",
        ),
        # rewritten to a list of majors without 12: the family goes with it, a warning
        ("return capability.major in (8, 9, 10)", "warning", "as for a 12.0 device"),
        ("return capability >= DeviceCapability(9, 0)", None, None),  # still true for 12.1
        ("return capability.to_int() >= 80", None, None),  # the same check, another spelling
    ],
    ids=["the device alone", "the family", "still passes", "respelt"],
)
def test_a_capability_passed_as_a_parameter_is_the_device_s(
    git_repo: GitRepo, after: str, severity: str | None, says: str | None
) -> None:
    """The platform asks each backend ``supports_compute_capability(capability)`` with the device's
    capability: a parameter annotated with a capability type (``settings: device: capability_types``)
    holds it, and ``DeviceCapability(8, 0)`` is (8, 0).  Without the setting nothing is evaluated."""
    merged = BACKEND_BASE.replace("return capability >= DeviceCapability(8, 0)", after)
    sides = _case(
        git_repo, BACKEND, BACKEND_BASE, merged, "[Attention] Restrict FlashAttention to tested devices (#40004)"
    )
    found = _findings(git_repo, sides, PASSED)
    assert _findings(git_repo, sides) == []  # no capability_types: a parameter is nobody's capability
    if severity is None:
        assert found == []
        return
    [finding] = found
    assert (finding.path, finding.line, finding.severity.value) == (BACKEND, 7, severity)
    assert (
        "FlashAttentionBackend.supports_compute_capability" in finding.message
        and "for a 12.1 device" in finding.message
    )
    assert says in finding.message and "#40004" in finding.message


def test_capability_types_are_read_from_the_config(tmp_path: Path) -> None:
    data = {
        "settings": {
            "device": {
                "capability": "12.1",
                "getters": ["get_device_capability"],
                "capability_types": ["DeviceCapability"],
            }
        },
        "rules": [],
    }
    ruleset = build_rules([("audits/device.yaml", data)])
    assert ruleset.settings.device is not None and ruleset.settings.device.capability_types == ("DeviceCapability",)
    again = Settings.of(json.loads(json.dumps(dataclasses.asdict(ruleset.settings))))
    assert again.device == ruleset.settings.device  # the merge's sidecar gets them too


OPS = "vllm/_custom_ops.py"
OPS_BASE = """import torch


def cutlass_group_gemm_supported(cuda_device_capability: int) -> bool:
    return torch.ops._C.cutlass_group_gemm_supported(cuda_device_capability)
"""
NUMBERED = dataclasses.replace(GB10, capability_numbers=("cuda_device_capability",))


@pytest.mark.parametrize(
    ("guard", "found"),
    [
        ("    if cuda_device_capability < 90 or cuda_device_capability >= 110:\n        return False\n", True),
        ("    if cuda_device_capability < 90:\n        return False\n", False),  # 121 passes it
    ],
    ids=["12.x turned away", "only older devices"],
)
def test_a_capability_passed_as_a_number(git_repo: GitRepo, guard: str, found: bool) -> None:
    """#33285 gave ``cutlass_group_gemm_supported(cuda_device_capability: int)`` (asked with
    ``to_int()``) a new ``if cuda_device_capability < 90 or cuda_device_capability >= 110: return
    False``: 121 is past 110, and the GB10 lost CUTLASS grouped GEMM.  The parameter's name is in
    ``settings: device: capability_numbers``; before its first check the signature names it already,
    and the check is still a question the function did not ask."""
    after = OPS_BASE.replace("-> bool:\n", "-> bool:\n" + guard)
    sides = _case(
        git_repo,
        OPS,
        OPS_BASE,
        after,
        "[Bugfix] Register fp8 cutlass_group_gemm as supported for only SM90+SM100 (#33285)",
    )
    got = _findings(git_repo, sides, NUMBERED)
    assert _findings(git_repo, sides) == []  # not named: an int parameter is nobody's capability
    if not found:
        assert got == []
        return
    [finding] = got
    assert (finding.path, finding.line, finding.severity) == (OPS, 5, Severity.WARNING)  # 12.0 goes with it
    assert (
        "upstream added a capability check that a 12.1 device meets" in finding.message and "#33285" in finding.message
    )
