"""Handed kinds (killers130): upstream annotated a method's parameter as another kind of container and a fork
override still uses it as the old kind.  Rebuilt from #29322 (``LoRAModel.from_local_checkpoint``'s
``expected_lora_modules: list[str]`` made ``set[str]``, the worker's manager building the set it hands over) as
a clean git merge, with twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

MODELS = "vllm/lora/models.py"
BASE = """class LoRAModel:
    @classmethod
    def from_local_checkpoint(cls, lora_dir: str, expected_lora_modules: list[str], *, device: str = "cuda"):
        for name in expected_lora_modules:
            print(lora_dir, name)
        return cls()
"""
AFTER = BASE.replace("expected_lora_modules: list[str]", "expected_lora_modules: set[str]")
WORKER = "vllm/lora/worker_manager.py"
WORKER_BASE = """from vllm.lora.models import LoRAModel


def load(path: str, names: list[str]):
    expected_lora_modules = list(set(names))
    return LoRAModel.from_local_checkpoint(path, expected_lora_modules)
"""
WORKER_AFTER = WORKER_BASE.replace("expected_lora_modules = list(set(names))", "expected_lora_modules = set(names)")
FILES = {"vllm/__init__.py": "", "vllm/lora/__init__.py": "", MODELS: BASE, WORKER: WORKER_BASE}
MINE = "vllm/aeon/loader.py"
HEADER = "from vllm.lora.models import LoRAModel\n\n\nclass AeonLoRAModel(LoRAModel):\n    @classmethod\n"
SIG = "    def from_local_checkpoint(cls, lora_dir, expected_lora_modules, **kwargs):\n"
TAIL = "        return super().from_local_checkpoint(lora_dir, expected_lora_modules, **kwargs)\n"


def handed(repo: GitRepo, no_rules: Path, body: str, theirs: dict[str, str]) -> list[tuple[int, str, str]]:
    text = HEADER + body
    sides = three_way(repo, FILES, {MINE: text}, theirs)
    report = repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.path == MINE]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        (SIG + '        expected_lora_modules.append("gate")\n' + TAIL, ".append("),
        (SIG + '        modules = expected_lora_modules + ["gate"]\n' + TAIL, "+ ["),
        (SIG + "        first = expected_lora_modules[0]\n        print(first)\n" + TAIL, "[0]"),
        (SIG + "        head = expected_lora_modules[:2]\n        print(head)\n" + TAIL, "[:2]"),
        (
            "    def from_local_checkpoint(cls, path, modules, **kwargs):\n        modules.extend(['gate'])\n"
            "        return super().from_local_checkpoint(path, modules, **kwargs)\n",
            ".extend(",
        ),
    ],
    ids=["list method", "concatenation", "index", "slice", "renamed, by position"],
)
def test_an_override_using_a_parameter_handed_as_a_set(git_repo: GitRepo, no_rules: Path, body: str, use: str) -> None:
    [(line, level, message)] = handed(git_repo, no_rules, body, {MODELS: AFTER, WORKER: WORKER_AFTER})
    assert (line, level) == (line_of(HEADER + body, use), "error")
    assert "LoRAModel.from_local_checkpoint" in message and "set[str] (was list[str])" in message


def test_an_annotation_alone_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # upstream's caller still builds a list: the annotation says a set may come, not that one does
    body = SIG + '        expected_lora_modules.append("gate")\n' + TAIL
    [(_, level, _)] = handed(git_repo, no_rules, body, {MODELS: AFTER})
    assert level == "warning"


@pytest.mark.parametrize(
    "body",
    [
        SIG + '        if "gate" not in expected_lora_modules:\n            print("no gate")\n' + TAIL,
        SIG + '        modules = [*expected_lora_modules, "gate"]\n'
        "        return super().from_local_checkpoint(lora_dir, modules, **kwargs)\n",
        SIG + '        modules = set(expected_lora_modules) | {"gate"}\n'
        "        return super().from_local_checkpoint(lora_dir, modules, **kwargs)\n",
        SIG + "        expected_lora_modules = list(expected_lora_modules)\n"
        '        expected_lora_modules.append("gate")\n' + TAIL,
        SIG + "        if isinstance(expected_lora_modules, list):\n"
        '            expected_lora_modules.append("gate")\n' + TAIL,
        SIG + "        try:\n            expected_lora_modules.append('gate')\n        except AttributeError:\n"
        "            expected_lora_modules.add('gate')\n" + TAIL,
        "    def from_local_checkpoint(cls, lora_dir, expected_lora_modules: set[str], **kwargs):\n"
        "        expected_lora_modules.add('gate')\n" + TAIL,
        SIG + "        print(len(expected_lora_modules))\n" + TAIL,
        # a method of the same name in a class not deriving from upstream's
        "    def load(cls, lora_dir, expected_lora_modules):\n        expected_lora_modules.append('gate')\n",
        # review33: the override asks what the value offers before it calls the list method
        SIG + "        if hasattr(expected_lora_modules, 'append'):\n"
        "            expected_lora_modules.append('gate')\n"
        "        else:\n            expected_lora_modules.add('gate')\n" + TAIL,
        # review33: a helper nested in the override reads its own parameter of the name
        SIG + "        def with_gate(expected_lora_modules: list[str]) -> list[str]:\n"
        "            expected_lora_modules.append('gate')\n            return expected_lora_modules\n\n"
        "        modules = with_gate(sorted(expected_lora_modules))\n"
        "        return super().from_local_checkpoint(lora_dir, modules, **kwargs)\n",
    ],
    ids=[
        "membership",
        "starred copy",
        "copied to a set",
        "rebound",
        "isinstance-guarded",
        "try AttributeError",
        "annotated as the new kind",
        "len",
        "another method",
        "hasattr-guarded",
        "a nested helper's own parameter",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert handed(git_repo, no_rules, body, {MODELS: AFTER, WORKER: WORKER_AFTER}) == []


def test_a_kind_upstream_kept_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    kept = BASE.replace('device: str = "cuda"', 'device: str = "cpu"')
    body = SIG + '        expected_lora_modules.append("gate")\n' + TAIL
    assert handed(git_repo, no_rules, body, {MODELS: kept}) == []


def test_a_class_not_deriving_from_upstreams_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "class AeonLoader:\n    @classmethod\n"
        + SIG
        + '        expected_lora_modules.append("gate")\n        return expected_lora_modules\n'
    )
    sides = three_way(git_repo, FILES, {MINE: text}, {MODELS: AFTER, WORKER: WORKER_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.path == MINE] == []


def test_a_nested_helper_leaves_the_overrides_own_use_caught(git_repo: GitRepo, no_rules: Path) -> None:
    # the helper's parameter shadows the name only inside the helper
    body = (
        SIG + "        def sized(expected_lora_modules: list[str]) -> int:\n"
        "            return len(expected_lora_modules)\n\n"
        "        expected_lora_modules.append('gate')\n        print(sized(['x']))\n" + TAIL
    )
    [(line, level, _)] = handed(git_repo, no_rules, body, {MODELS: AFTER, WORKER: WORKER_AFTER})
    assert (line, level) == (line_of(HEADER + body, "        expected_lora_modules.append"), "error")
