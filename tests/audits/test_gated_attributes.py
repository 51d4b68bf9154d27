"""Gated attributes (killers111): a constructor that always set an attribute now sets it only under an
``if``, and a fork subclass uses the inherited attribute.  Rebuilt from #24245 (``PrometheusStatLogger``'s
``self.gauge_gpu_cache_usage = ...`` moved under ``if self.show_hidden_metrics:``) as a clean git merge, with
twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

LOGGERS = "vllm/metrics/loggers.py"
BASE = """def make(name):
    return {0: name}


class PromLogger:
    def __init__(self, show_hidden: bool = False):
        self.show_hidden_metrics = show_hidden
        self.gauge_kv_usage = make("kv")
        self.gauge_gpu_usage = make("gpu")

    def record(self, usage):
        self.gauge_kv_usage[0] = usage
"""
SET = '        self.gauge_gpu_usage = make("gpu")\n'
AFTER = BASE.replace(SET, "        if self.show_hidden_metrics:\n    " + SET)
BOTH = BASE.replace(
    SET, "        if self.show_hidden_metrics:\n    " + SET + "        else:\n            self.gauge_gpu_usage = {}\n"
)
DEFAULT = AFTER.replace("class PromLogger:\n", "class PromLogger:\n    gauge_gpu_usage: dict = {}\n\n")
LATER = AFTER + "\n    def enable(self):\n        self.gauge_gpu_usage = make('gpu')\n"
FILES = {"vllm/__init__.py": "", "vllm/metrics/__init__.py": "", LOGGERS: BASE}
MINE = "vllm/aeon/prom.py"
HEADER = "from vllm.metrics.loggers import PromLogger\n\n\n"
USE = "    def aeon_set(self, usage):\n        self.gauge_gpu_usage[0] = usage\n"


def gated(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "only under an if" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("header", "body", "use"),
    [
        (HEADER, USE, "self.gauge_gpu_usage[0] = usage"),
        (HEADER, "    def aeon_keys(self):\n        return list(self.gauge_gpu_usage.keys())\n", "return list(self"),
        (
            "from vllm.metrics import loggers\n\n\n",
            "    def aeon_get(self):\n        x = 0\n        return self.gauge_gpu_usage[x]\n",
            "return self.gauge_gpu_usage[x]",
        ),
        # killers170 (#20365's ``len(self.tokenizer)``): a bare read raises too
        (HEADER, "    def aeon_size(self):\n        return len(self.gauge_gpu_usage)\n", "return len(self"),
        (HEADER, "    def aeon_pick(self):\n        g = self.gauge_gpu_usage\n        return g\n", "g = self"),
        (HEADER, "    def aeon_pass(self, f):\n        return f(usage=self.gauge_gpu_usage)\n", "return f(usage"),
    ],
    ids=["indexed", "a method read off it", "through a module alias", "len of it", "bound to a name", "a keyword"],
)
def test_an_inherited_attribute_now_gated(git_repo: GitRepo, no_rules: Path, header: str, body: str, use: str) -> None:
    base = "loggers.PromLogger" if "import loggers" in header else "PromLogger"
    text = header + f"class AeonLogger({base}):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {LOGGERS: AFTER})
    [(line, level, message)] = gated(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")  # the condition is the fleet's configuration
    assert "inherited from PromLogger" in message and "AttributeError" in message


@pytest.mark.parametrize(
    ("after", "body"),
    [
        (
            AFTER,
            "    def aeon_set(self, usage):\n        if self.show_hidden_metrics:\n            self.gauge_gpu_usage[0] = usage\n",
        ),
        (
            AFTER,
            "    def aeon_set(self, usage):\n        if hasattr(self, 'gauge_gpu_usage'):\n            self.gauge_gpu_usage[0] = usage\n",
        ),
        (
            AFTER,
            "    def aeon_set(self, usage):\n        try:\n            self.gauge_gpu_usage[0] = usage\n        except AttributeError:\n            pass\n",
        ),
        (AFTER, "    def __init__(self):\n        super().__init__()\n        self.gauge_gpu_usage = {}\n\n" + USE),
        (AFTER, "    def aeon_set2(self, usage):\n        self.gauge_kv_usage[0] = usage\n"),
        (BOTH, USE),
        (DEFAULT, USE),
        (LATER, USE),
        (BASE, USE),
        # killers170: bare reads guarded as the calls are
        (AFTER, "    def aeon_size(self):\n        return len(getattr(self, 'gauge_gpu_usage', {}))\n"),
        (
            AFTER,
            "    def aeon_size(self):\n        if self.show_hidden_metrics:\n            return len(self.gauge_gpu_usage)\n        return 0\n",
        ),
        (DEFAULT, "    def aeon_size(self):\n        return len(self.gauge_gpu_usage)\n"),
    ],
    ids=[
        "upstream's condition asked",
        "hasattr",
        "try/except AttributeError",
        "set by the fork's class",
        "another attribute, still set",
        "an else sets it too",
        "a class-level default",
        "another method sets it",
        "upstream unchanged",
        "getattr with a default",
        "a bare read under upstream's condition",
        "a bare read of a class-level default",
    ],
)
def test_gated_attribute_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, body: str) -> None:
    text = HEADER + "class AeonLogger(PromLogger):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {LOGGERS: after})
    assert gated(git_repo, no_rules, sides, MINE) == []


def test_a_same_named_attribute_of_an_unrelated_class_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = "class AeonOwn:\n    def __init__(self):\n        self.gauge_gpu_usage = {}\n\n" + USE
    sides = three_way(git_repo, FILES, {MINE: text}, {LOGGERS: AFTER})
    assert gated(git_repo, no_rules, sides, MINE) == []


# -- one object further (killers168): a class of the same file holds the gated class as self.A ------------
HOLDER = """

class PromHub:
    def __init__(self, show_hidden: bool = False):
        self.logger = PromLogger(show_hidden)
        self.name = "hub"
"""
HUB = "from vllm.metrics.loggers import PromHub\n\n\n"


@pytest.mark.parametrize(
    ("body", "use"),
    [
        ("    def aeon_set(self, usage):\n        self.logger.gauge_gpu_usage[0] = usage\n", "self.logger.gauge"),
        (
            "    def __init__(self):\n        super().__init__()\n        self.aeon_keys = self.logger.gauge_gpu_usage.keys()\n",
            "self.aeon_keys",
        ),
    ],
    ids=["indexed off the held object", "read in the subclass's constructor"],
)
def test_an_attribute_gated_on_a_held_object_warns(git_repo: GitRepo, no_rules: Path, body: str, use: str) -> None:
    """#17326 gated the EAGLE models' ``embed_tokens``; ``Eagle3LlamaForCausalLM`` holds its model as
    ``self.model``, and a fork head's ``self.model.embed_tokens`` meets the gate one object further."""
    text = HUB + "class AeonHub(PromHub):\n" + body
    sides = three_way(git_repo, {**FILES, LOGGERS: BASE + HOLDER}, {MINE: text}, {LOGGERS: AFTER + HOLDER})
    [(line, level, message)] = gated(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")
    assert "self.logger.gauge_gpu_usage, inherited from PromHub" in message and "holds as logger" in message


@pytest.mark.parametrize(
    "body",
    [
        # the kept attribute of the held object
        "    def aeon_kv(self, usage):\n        self.logger.gauge_kv_usage[0] = usage\n",
        # a hasattr guard on the held object
        "    def aeon_set(self, usage):\n        if hasattr(self.logger, 'gauge_gpu_usage'):\n"
        "            self.logger.gauge_gpu_usage[0] = usage\n",
        # upstream's own condition asked first
        "    def aeon_set(self, usage):\n        if self.logger.show_hidden_metrics:\n"
        "            self.logger.gauge_gpu_usage[0] = usage\n",
        # the fork's class holds its own logger
        "    def __init__(self):\n        super().__init__()\n        self.logger = {}\n\n"
        "    def aeon_set(self, usage):\n        self.logger.gauge_gpu_usage[0] = usage\n",
    ],
)
def test_held_gated_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = HUB + "class AeonHub(PromHub):\n" + body
    sides = three_way(git_repo, {**FILES, LOGGERS: BASE + HOLDER}, {MINE: text}, {LOGGERS: AFTER + HOLDER})
    assert gated(git_repo, no_rules, sides, MINE) == []
