"""Handed literals (killers192): a value a class hands its member's constructor made a literal, and a fork line
reads the member's attribute of the keyword's name.  Rebuilt from #24119 (``DeepseekV2MoE`` building its experts
with ``routed_scaling_factor=1.0`` where it passed ``self.routed_scaling_factor``) as a clean git merge, with
twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

MOE = "vllm/models/moe.py"
BASE = """class Experts:
    def __init__(self, n, scale=1.0, mode="fused"):
        self.n = n
        self.scale = scale
        self.mode = mode


class Moe:
    def __init__(self, config):
        self.scale = config.scale
        self.experts = Experts(
            config.n,
            scale=self.scale,
            mode=config.mode,
        )
"""
AFTER = BASE.replace("            scale=self.scale,\n", "            scale=1.0,\n")
MODE = BASE.replace("            mode=config.mode,\n", '            mode="unfused",\n')
FILES = {"vllm/__init__.py": "", "vllm/models/__init__.py": "", MOE: BASE}
MINE = "vllm/aeon/moe.py"
HEADER = "from vllm.models.moe import Moe\n\n\n"


def handed(repo: GitRepo, no_rules: Path, sides: object) -> list[tuple[int, str, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == MINE and "whose constructor upstream changed" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found if "builds self." in f.message]


@pytest.mark.parametrize(
    ("after", "body", "use"),
    [
        (AFTER, "def aeon_scale(moe: Moe, x):\n    return x * moe.experts.scale\n", "return x"),
        (AFTER, "class AeonMoe(Moe):\n    def aeon_out(self, x):\n        return x * self.experts.scale\n", "return x"),
        (AFTER, "def aeon_built(config, x):\n    moe = Moe(config)\n    return x * moe.experts.scale\n", "return x"),
        (MODE, "def aeon_mode(moe: Moe) -> str:\n    mode = moe.experts.mode\n    return mode\n", "mode = moe"),
        (AFTER, 'def aeon_scale(moe: "Moe", x):\n    return x * moe.experts.scale\n', "return x"),
    ],
    ids=["a typed parameter", "a subclass's self", "a local bound to a build", "a string literal now", "quoted"],
)
def test_a_member_read_of_a_value_now_handed_as_a_literal_warns(
    git_repo: GitRepo, no_rules: Path, after: str, body: str, use: str
) -> None:
    text = HEADER + body
    sides = three_way(git_repo, FILES, {MINE: text}, {MOE: after})
    [(line, level, message)] = handed(git_repo, no_rules, sides)
    assert (line, level) == (line_of(text, use), "warning")  # the member's class is not followed
    assert "=1.0" in message or "unfused" in message


@pytest.mark.parametrize(
    ("after", "body"),
    [
        # the holder's own value, not the member's copy
        (AFTER, "def aeon_scale(moe: Moe, x):\n    return x * moe.scale\n"),
        # another keyword, handed as it was
        (AFTER, "def aeon_mode(moe: Moe):\n    return moe.experts.mode\n"),
        # the fork's class builds its own experts
        (
            AFTER,
            "class AeonMoe(Moe):\n    def __init__(self, config):\n        super().__init__(config)\n"
            "        self.experts = object()\n\n    def aeon_out(self, x):\n        return x * self.experts.scale\n",
        ),
        # asked first
        (
            AFTER,
            "def aeon_scale(moe: Moe, x):\n    if moe.experts.scale != 1.0:\n        return x * moe.experts.scale\n",
        ),
        # an untyped receiver of the same spelling
        (AFTER, "def aeon_scale(moe, x):\n    return x * moe.experts.scale\n"),
        # upstream unchanged
        (BASE, "def aeon_scale(moe: Moe, x):\n    return x * moe.experts.scale\n"),
        # another expression, not a literal
        (
            BASE.replace("scale=self.scale,", "scale=config.scale * 2,"),
            "def f(moe: Moe):\n    return moe.experts.scale\n",
        ),
        # None is the nulled checks'
        (BASE.replace("scale=self.scale,", "scale=None,"), "def f(moe: Moe):\n    return moe.experts.scale\n"),
        # quoted text that is no expression, though dots aside it spells a name: once a SyntaxError (a crash)
        (AFTER, 'def aeon_scale(moe: "Moe.1", x):\n    return x * moe.experts.scale\n'),
        (AFTER, 'def aeon_scale(moe: "lambda", x):\n    return x * moe.experts.scale\n'),
    ],
    ids=[
        "the holder's own",
        "a kept keyword",
        "the fork's own",
        "a test",
        "untyped",
        "unchanged",
        "an expr",
        "None",
        "a dotted number",
        "a keyword",
    ],
)
def test_handed_literal_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, body: str) -> None:
    sides = three_way(git_repo, FILES, {MINE: HEADER + body}, {MOE: after})
    assert handed(git_repo, no_rules, sides) == []


# mend78: #36242 (4e95ec111c) built ``in_proj_ba`` through a factory method with ``output_sizes=[n * 2]`` where it
# passed ``[n] * 2``: a fork index past the list's new end raises IndexError (an error where the member's class
# stores the keyword as handed, a warning where it is not read).
LINEAR = "vllm/layers/linear.py"
LINEAR_TEXT = """class Merged:
    def __init__(self, input_size, output_sizes, bias=True):
        self.output_sizes = output_sizes
        self.bias = bias

    def weight_loader(self, param, loaded_weight, loaded_shard_id=None):
        assert loaded_shard_id < len(self.output_sizes)
        return self.output_sizes[loaded_shard_id]


class Copied:
    def __init__(self, input_size, output_sizes):
        self.output_sizes = list(output_sizes)[:1]
"""
GDN = "vllm/models/gdn.py"
GDN_BASE = """from vllm.layers.linear import Copied, Merged


class Gdn:
    def __init__(self, n):
        self.ba = Merged(input_size=8, output_sizes=[n] * 2, bias=False)
        self.qk = Merged(input_size=8, output_sizes=[n, n, n])
        self.cp = Copied(input_size=8, output_sizes=[n, n])
"""
GDN_AFTER = (
    GDN_BASE.replace(
        "        self.ba = Merged(input_size=8, output_sizes=[n] * 2, bias=False)\n",
        "        self.ba = self.create_ba(n)\n",
    )
    .replace("        self.qk = Merged(input_size=8, output_sizes=[n, n, n])\n",
             "        self.qk = Merged(input_size=8, output_sizes=[n, n * 2])\n")
    .replace("        self.cp = Copied(input_size=8, output_sizes=[n, n])\n",
             "        self.cp = Copied(input_size=8, output_sizes=[n * 2])\n")
    + "\n    def create_ba(self, n):\n        return Merged(input_size=8, output_sizes=[n * 2], bias=False)\n"
)  # fmt: skip
SHARD_FILES = {
    "vllm/__init__.py": "",
    "vllm/layers/__init__.py": "",
    LINEAR: LINEAR_TEXT,
    "vllm/models/__init__.py": "",
}
SHARD_HEADER = "from vllm.models.gdn import Gdn\n\n\n"


def shortened(repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    text = SHARD_HEADER + body
    sides = three_way(repo, {**SHARD_FILES, GDN: GDN_BASE}, {MINE: text}, {GDN: GDN_AFTER})
    report = repo.audit(no_rules, merge=sides)
    found = (f for f in report.findings if f.path == MINE and "past the list's end" in f.message)
    return [(f.line - 3, f.severity.value) for f in found]


@pytest.mark.parametrize(
    ("body", "level"),
    [
        ("class AeonGdn(Gdn):\n    def aeon_a(self):\n        return self.ba.output_sizes[1]\n", "error"),
        ("def aeon_b(layer: Gdn):\n    x = 0\n    return layer.ba.output_sizes[1]\n", "error"),
        ("def aeon_c(layer: Gdn):\n    x = 0\n    return layer.qk.output_sizes[2]\n", "error"),
        ("def aeon_d(layer: Gdn):\n    x = 0\n    return layer.qk.output_sizes[-3]\n", "error"),
        ("def aeon_e(layer: Gdn):\n    x = 0\n    return layer.cp.output_sizes[1]\n", "warning"),
    ],
    ids=["through a factory method", "a typed parameter", "three made two", "from the end", "member rebuilds it"],
)
def test_an_index_past_a_list_upstream_now_hands_shorter(
    git_repo: GitRepo, no_rules: Path, body: str, level: str
) -> None:
    assert shortened(git_repo, no_rules, body) == [(3, level)]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(layer: Gdn):\n    return sum(layer.ba.output_sizes)\n",
        "def aeon_b(layer: Gdn):\n    return layer.ba.output_sizes[0]\n",
        "def aeon_c(layer: Gdn):\n    return layer.qk.output_sizes[1]\n",
        "def aeon_d(layer: Gdn):\n    return layer.ba.output_sizes[-1]\n",
        "def aeon_e(layer: Gdn):\n    if len(layer.ba.output_sizes) > 1:\n        return layer.ba.output_sizes[1]\n    return 0\n",
        "def aeon_f(layer):\n    return layer.ba.output_sizes[1]\n",
    ],
    ids=["the total", "the first", "within the new end", "the last", "length tested", "untyped receiver"],
)
def test_reads_within_the_shorter_list_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert shortened(git_repo, no_rules, body) == []


# review134: a past-end index the fork's code answers itself -- its class overrides the factory upstream builds the
# member through, or the index sits in a ``try`` catching the IndexError
@pytest.mark.parametrize(
    "body",
    [
        "from vllm.layers.linear import Merged\n\n\nclass AeonGdn(Gdn):\n    def create_ba(self, n):\n"
        "        return Merged(input_size=8, output_sizes=[n] * 2, bias=False)\n\n"
        "    def aeon_a(self):\n        return self.ba.output_sizes[1]\n",
        "class AeonBase(Gdn):\n    def create_ba(self, n):\n        return None\n\n\n"
        "class AeonGdn(AeonBase):\n    def aeon_a(self):\n        return self.ba.output_sizes[1]\n",
        "def aeon_b(layer: Gdn):\n    try:\n        return layer.ba.output_sizes[1]\n    except IndexError:\n        return 0\n",
        "def aeon_c(layer: Gdn):\n    try:\n        return layer.ba.output_sizes[1]\n    except (KeyError, LookupError):\n        return 0\n",
        "def aeon_d(layer: Gdn):\n    try:\n        a = layer.ba.output_sizes[1]\n    except Exception:\n        a = 0\n    return a\n",
    ],
    ids=["factory overridden", "factory overridden on a base of the file", "try IndexError", "try LookupError", "try Exception"],
)  # fmt: skip
def test_an_index_the_fork_answers_itself_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert shortened(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "class AeonGdn(Gdn):\n    def create_qk(self, n):\n        return None\n\n"
        "    def aeon_a(self):\n        return self.ba.output_sizes[1]\n",
        "def aeon_b(layer: Gdn):\n    try:\n        return layer.ba.output_sizes[1]\n    except KeyError:\n        return 0\n",
        "def aeon_c(layer: Gdn):\n    try:\n        pass\n    except IndexError:\n        return layer.ba.output_sizes[1]\n",
    ],
    ids=["another method overridden", "try catching KeyError", "the index in the handler"],
)  # fmt: skip
def test_an_index_past_the_end_the_fork_does_not_answer_is_still_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert [level for _, level in shortened(git_repo, no_rules, body)] == ["error"]


@pytest.mark.parametrize(
    "body",
    [
        # perf44: comment and import lines give the gate no pair; a read on an import's line after ``;`` still does
        "import os; x = 1\n\n\ndef aeon_scale(moe: Moe, x):\n    import math; return x * moe.experts.scale\n",
        "def aeon_scale(moe: Moe, x):  # moe.experts.scale, read below\n    return x * moe.experts.scale\n",
    ],
    ids=["after an import on its line", "beside a comment naming it"],
)
def test_a_member_read_beside_an_import_or_a_comment_still_warns(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = "from vllm.models.moe import Moe  # moe.experts.scale\n\n\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {MOE: AFTER})
    [(line, level, _)] = handed(git_repo, no_rules, sides)
    assert (line, level) == (line_of(text, "return x"), "warning")


def test_dotted_imports_and_comments_alone_give_no_pair(git_repo: GitRepo, no_rules: Path) -> None:
    """The twin: the held read's words only in an import's module path and in a comment: nothing to read."""
    text = "from vllm.experts.scale import thing  # moe.experts.scale\n# moe.experts.scale\nimport a.experts.scale\n"
    sides = three_way(git_repo, FILES, {MINE: text}, {MOE: AFTER})
    assert handed(git_repo, no_rules, sides) == []


# mend80: a shard index handed to the member's method that indexes the list (#36242's loader: the layer's
# ``weight_loader`` carried by its parameter, ``param.weight_loader(param, w, 1)``): a warning, the parameter's
# loader tied to the member's method by name
@pytest.mark.parametrize(
    "body",
    [
        "def aeon_l(layer: Gdn, w):\n    param = layer.ba.weight\n    param.weight_loader(param, w, 1)\n",
        "class AeonGdn(Gdn):\n    def aeon_l(self, w):\n        self.ba.weight_loader(self.ba.weight, w, 1)\n",
    ],
    ids=["through the member's parameter", "the member's method itself"],
)
def test_a_shard_index_past_the_end_handed_to_the_members_loader_warns(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert shortened(git_repo, no_rules, body) == [(3, "warning")]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_l(layer: Gdn, w):\n    param = layer.ba.weight\n    param.weight_loader(param, w, 0)\n",
        "def aeon_l(layer: Gdn, w):\n    param = layer.qk.weight\n    param.weight_loader(param, w, 1)\n",
        "def aeon_l(layer: Gdn, w):\n    param = layer.ba.weight\n    param.copy_(w, 1)\n",
        "def aeon_l(layer, w):\n    param = layer.ba.weight\n    param.weight_loader(param, w, 1)\n",
    ],
    ids=["shard 0", "within the new end", "a method that indexes nothing", "untyped receiver"],
)
def test_shards_within_the_list_or_unreached_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert shortened(git_repo, no_rules, body) == []
