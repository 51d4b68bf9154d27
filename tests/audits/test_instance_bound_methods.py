"""A method upstream removed from a class whose constructor still binds the name on its instances (killers192):
a call off an instance reaches the instance's value, before the merge as after, not the base's body that now
answers the class.  Rebuilt from #21903 (``DeepseekV2ForCausalLM.make_empty_intermediate_tensors`` removed, its
constructor's ``self.make_empty_intermediate_tensors = self.model.make_empty_intermediate_tensors`` kept), with
the spellings that still break: an unbound call through the class, a ``super()`` call."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

IFACE = "vllm/models/iface.py"
MODEL = "vllm/models/big.py"
IFACE_TEXT = "class SupportsPP:\n    def make_empty(self, n, dtype):\n        return None\n"
RAISING = "class SupportsPP:\n    def make_empty(self, n, dtype):\n        raise NotImplementedError\n"
BASE = """from vllm.models.iface import SupportsPP


class Inner:
    def make_empty(self, n, dtype):
        return [dtype] * n


class Big(SupportsPP):
    def __init__(self):
        self.inner = Inner()
        self.make_empty = self.inner.make_empty

    def make_empty(self, n, dtype):
        return [dtype] * n
"""
METHOD = "\n    def make_empty(self, n, dtype):\n        return [dtype] * n\n"
AFTER = BASE[: BASE.rindex(METHOD)] + "\n"
UNBOUND_BASE = BASE.replace("        self.make_empty = self.inner.make_empty\n", "")
UNBOUND_AFTER = AFTER.replace("        self.make_empty = self.inner.make_empty\n", "")
FILES = {"vllm/__init__.py": "", "vllm/models/__init__.py": "", IFACE: IFACE_TEXT, MODEL: BASE}
MINE = "vllm/aeon/big.py"
HEADER = "from vllm.models.big import Big\n\n\n"


def rows(repo: GitRepo, no_rules: Path, sides: object) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = [f for f in report.findings if f.path == MINE and "make_empty" in f.message]
    return [(f.line, f.severity.value) for f in found]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_empty(model: Big, n):\n    return model.make_empty(n, 'bf16')\n",
        "class AeonBig(Big):\n    def aeon_empty(self, n):\n        return self.make_empty(n, 'bf16')\n",
        "def aeon_empty(n):\n    model = Big()\n    return model.make_empty(n, 'bf16')\n",
    ],
    ids=["a typed parameter", "a subclass's self", "a local bound to a build"],
)
@pytest.mark.parametrize("iface", [IFACE_TEXT, RAISING], ids=["another body", "a raising stub"])
def test_an_instance_call_the_constructor_still_binds_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, iface: str
) -> None:
    sides = three_way(git_repo, {**FILES, IFACE: iface}, {MINE: HEADER + body}, {MODEL: AFTER})
    assert rows(git_repo, no_rules, sides) == []


@pytest.mark.parametrize(
    ("body", "use"),
    [
        ("def aeon_empty(model, n):\n    return Big.make_empty(model, n, 'bf16')\n", "return Big"),
        (
            "class AeonBig(Big):\n    def aeon_empty(self, n):\n        return super().make_empty(n, 'bf16')\n",
            "return super()",
        ),
    ],
    ids=["an unbound call through the class", "a super() call"],
)
def test_calls_that_skip_the_instance_still_flag(git_repo: GitRepo, no_rules: Path, body: str, use: str) -> None:
    text = HEADER + body
    sides = three_way(git_repo, FILES, {MINE: text}, {MODEL: AFTER})
    found = rows(git_repo, no_rules, sides)
    assert found and {line for line, _ in found} == {line_of(text, use)}


@pytest.mark.parametrize(
    ("iface", "level"), [(IFACE_TEXT, "warning"), (RAISING, "error")], ids=["another body", "a raising stub"]
)
def test_an_instance_call_the_constructor_never_bound_still_flags(
    git_repo: GitRepo, no_rules: Path, iface: str, level: str
) -> None:
    """No instance value: the base's body answers the call now (#28763's warning, #22243's error)."""
    text = HEADER + "def aeon_empty(model: Big, n):\n    return model.make_empty(n, 'bf16')\n"
    files = {**FILES, IFACE: iface, MODEL: UNBOUND_BASE}
    sides = three_way(git_repo, files, {MINE: text}, {MODEL: UNBOUND_AFTER})
    assert rows(git_repo, no_rules, sides) == [(line_of(text, "return model"), level)]


SLIM = (
    "class AeonBig(Big):\n"
    "    def __init__(self):\n"
    "        object.__init__(self)  # the fork's slimmer build: Big's constructor never runs\n\n"
    "    def aeon_empty(self, n):\n"
    "        return self.make_empty(n, 'bf16')\n"
)


@pytest.mark.parametrize(
    ("iface", "level"), [(IFACE_TEXT, "warning"), (RAISING, "error")], ids=["another body", "a raising stub"]
)
def test_a_self_call_in_a_subclass_never_running_the_base_init_still_flags(
    git_repo: GitRepo, no_rules: Path, iface: str, level: str
) -> None:
    """review101: the fork's ``__init__`` never runs upstream's, so no instance value binds the name there."""
    text = HEADER + SLIM
    sides = three_way(git_repo, {**FILES, IFACE: iface}, {MINE: text}, {MODEL: AFTER})
    assert rows(git_repo, no_rules, sides) == [(line_of(text, "return self"), level)]


@pytest.mark.parametrize(
    "init",
    [
        "        super().__init__()\n",
        "        Big.__init__(self)\n",
        "        object.__init__(self)\n        self.make_empty = Big().make_empty\n",
    ],
    ids=["super().__init__()", "the base's __init__ by name", "the fork's constructor binds the name itself"],
)
@pytest.mark.parametrize("iface", [IFACE_TEXT, RAISING], ids=["another body", "a raising stub"])
def test_a_self_call_in_a_subclass_whose_init_binds_the_name_stays_quiet(
    git_repo: GitRepo, no_rules: Path, init: str, iface: str
) -> None:
    """review101's twins of #21903: the base's constructor run (by ``super()`` or by name), or the name bound."""
    body = "class AeonBig(Big):\n    def __init__(self):\n" + init
    body += "\n    def aeon_empty(self, n):\n        return self.make_empty(n, 'bf16')\n"
    sides = three_way(git_repo, {**FILES, IFACE: iface}, {MINE: HEADER + body}, {MODEL: AFTER})
    assert rows(git_repo, no_rules, sides) == []


# #31869: ``Glm4MoeModel.make_empty_intermediate_tensors`` removed, no base of the tree defining the name, the
# constructor's ``self.make_empty_intermediate_tensors = ...`` kept: read through the class, the name is gone
ALONE_BASE = BASE.replace("class Big(SupportsPP):", "class Big(nn.Module):").replace(
    "from vllm.models.iface import SupportsPP\n", "from torch import nn\n"
)
ALONE_AFTER = ALONE_BASE[: ALONE_BASE.rindex(METHOD)] + "\n"
# upstream's def made a class-body assignment of the same behaviour: the class still holds the name
ASSIGNED = ALONE_BASE.replace(METHOD, "\n    make_empty = Inner.make_empty\n")


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_empty(model, n):\n    return Big.make_empty(model, n, 'bf16')\n",
        "def aeon_empty(model, n):\n    fn = Big.make_empty\n    return Big.make_empty(model, n, 'bf16')\n",
    ],
    ids=["an unbound call through the class", "beside a plain read of it"],
)
def test_a_read_through_the_class_of_a_name_only_instances_bind_flags(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    """An instance attribute is no class member: ``Big.make_empty`` raises AttributeError after the merge."""
    text = HEADER + body
    sides = three_way(git_repo, {**FILES, MODEL: ALONE_BASE}, {MINE: text}, {MODEL: ALONE_AFTER})
    assert rows(git_repo, no_rules, sides) == [(line_of(text, "return "), "error")]


@pytest.mark.parametrize(
    ("after", "body"),
    [
        (ALONE_AFTER, "def aeon_empty(model: Big, n):\n    return model.make_empty(n, 'bf16')\n"),
        (ALONE_AFTER, "def aeon_empty(n):\n    return Big().make_empty(n, 'bf16')\n"),
        (
            ALONE_AFTER.replace("        self.make_empty", "        type(self).make_empty").replace(
                "    def __init__(self):",
                "    @classmethod\n    def setup(cls):\n        cls.make_empty = print\n\n    def __init__(self):",
            ),
            "def aeon_empty(model, n):\n    return Big.make_empty(model, n, 'bf16')\n",
        ),
        (ASSIGNED, "def aeon_empty(model, n):\n    return Big.make_empty(model, n, 'bf16')\n"),
        (ALONE_AFTER, "def aeon_install():\n    Big.make_empty = property(lambda self: self.inner.make_empty)\n"),
    ],
    ids=[
        "an instance read",
        "a build's read",
        "a classmethod's store on the class",
        "a class-body assignment kept",
        "a patch stored through the class (review79)",
    ],
)
def test_a_read_the_instance_or_the_class_still_answers_stays_quiet(
    git_repo: GitRepo, no_rules: Path, after: str, body: str
) -> None:
    """review101's twins of #31869: an instance may read what its constructor bound; the class what it holds."""
    sides = three_way(git_repo, {**FILES, MODEL: ALONE_BASE}, {MINE: HEADER + body}, {MODEL: after})
    assert rows(git_repo, no_rules, sides) == []
