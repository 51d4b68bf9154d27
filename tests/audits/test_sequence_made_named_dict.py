"""Container drift of a sequence made a dict keyed by name (drift/retyped.py ``_keyed_by_text``): upstream
annotated a field as a ``dict[str, X]`` where it was a ``list[X]`` (a tuple, a deque), and a fork line indexes it
by an int literal (#20636: ``OpenAIServingModels.lora_requests: list[LoRARequest]`` became ``dict[str,
LoRARequest]``, keyed by the adapter's name; ``models.lora_requests[0]`` merges cleanly and raises KeyError).
Twins: a key of the dict's kind, a variable index (the fork may hold a key), a dict keyed by ``int`` or a class,
a dict added beside the list (a union), a store, an ``isinstance`` test, an untyped receiver."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
LIB = "pkg/models.py"
USE = "pkg/aeon_models.py"
OLD = (
    "class LoRARequest:\n    lora_name: str = ''\n\n\n"
    "class ServingModels:\n    def __init__(self) -> None:\n"
    "        self.lora_requests: list[LoRARequest] = []\n"
)
NEW = OLD.replace("self.lora_requests: list[LoRARequest] = []", "self.lora_requests: dict[str, LoRARequest] = {}")
HEAD = "from pkg.models import ServingModels\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, body: str, new: str = NEW) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: HEAD + body}, {LIB: new})
    return [row for row in found(audit(git_repo, sides, tmp_path), RULE) if row[2] == "error"]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("def first(models: ServingModels):\n    return models.lora_requests[0]\n", "return models"),
        (
            "def last(models: ServingModels):\n    return models.lora_requests[-1] if models.lora_requests else None\n",
            "return models",
        ),
        (
            "class AeonModels(ServingModels):\n    def first_name(self) -> str:\n"
            "        return self.lora_requests[0].lora_name\n",
            "return self",
        ),
    ],
    ids=["a typed parameter", "a negative index", "a subclass's self."],
)
def test_an_int_index_of_a_sequence_made_a_named_dict_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, body) == [(USE, line_of(HEAD + body, needle), "error")]


@pytest.mark.parametrize(
    ("body", "new"),
    [
        ("def by_name(models: ServingModels, name: str):\n    return models.lora_requests[name]\n", NEW),
        ("def by_key(models: ServingModels, key):\n    return models.lora_requests[key]\n", NEW),
        (
            "def first(models: ServingModels):\n    return models.lora_requests[0]\n",
            NEW.replace("dict[str,", "dict[int,"),
        ),
        (
            "def first(models: ServingModels):\n    return models.lora_requests[0]\n",
            NEW.replace("dict[str,", "dict[LoRARequest,"),
        ),
        (
            "def first(models: ServingModels):\n    return models.lora_requests[0]\n",
            OLD.replace("list[LoRARequest] = []", "list[LoRARequest] | dict[str, LoRARequest] = []"),
        ),
        ("def put(models: ServingModels, lora) -> None:\n    models.lora_requests[0] = lora\n", NEW),
        (
            "def first(models: ServingModels):\n    reqs = models.lora_requests\n"
            "    if isinstance(reqs, dict):\n        return next(iter(reqs.values()))\n    return reqs[0]\n",
            NEW,
        ),
        ("def first(models):\n    return models.lora_requests[0]\n", NEW),
    ],
    ids=["a key", "a variable", "int keys", "class keys", "a union", "a store", "isinstance", "untyped"],
)
def test_index_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str, new: str) -> None:
    assert _rows(git_repo, tmp_path, body, new) == []
