"""Layout drift: a fork subclass still indexes or splits a value the way its upstream class stopped doing.

Shaped like #44455 (51878e5b6e), which packed K and V into the KV cache's content dim: FlashAttentionImpl
splits its ``kv_cache`` with ``transpose(1, 2).split(...)`` where it had ``kv_cache.unbind(1)``; and like
#37487 (c59a132f96), which made the attention layer's ``self.kv_cache`` one tensor, not a list of one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

IMPL = "vllm/v1/attention/backends/flash_attn.py"
IMPL_BASE = """import torch


class FlashAttentionImpl:
    def __init__(self, head_size: int) -> None:
        self.head_size = head_size

    def forward(self, query: torch.Tensor, kv_cache: torch.Tensor) -> torch.Tensor:
        key_cache, value_cache = kv_cache.unbind(1)
        return query @ key_cache.flatten(1).T @ value_cache.flatten(1)

    def do_kv_cache_update(self, key: torch.Tensor, kv_cache: torch.Tensor, slots: torch.Tensor) -> None:
        key_cache = kv_cache.unbind(1)[0]
        key_cache.view(-1, self.head_size)[slots] = key
"""
IMPL_PACKED = IMPL_BASE.replace(
    "kv_cache.unbind(1)[0]", "kv_cache.transpose(1, 2).split(self.head_size, dim=-1)[0]"
).replace("kv_cache.unbind(1)", "kv_cache.transpose(1, 2).split(self.head_size, dim=-1)")
LAYER = "vllm/model_executor/layers/attention/attention.py"
LAYER_BASE = """import torch


class Attention(torch.nn.Module):
    def __init__(self, pipeline_parallel_size: int) -> None:
        super().__init__()
        self.kv_cache = [torch.tensor([]) for _ in range(pipeline_parallel_size)]

    def forward(self, query: torch.Tensor) -> torch.Tensor:
        return query
"""
LAYER_ONE = LAYER_BASE.replace(
    "self.kv_cache = [torch.tensor([]) for _ in range(pipeline_parallel_size)]", "self.kv_cache = torch.tensor([])"
)
FORK = "vllm/aeon/nvfp4_attn.py"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str | None]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {IMPL: IMPL_BASE, LAYER: LAYER_BASE},
        {FORK: fork},
        [("[KV-Cache Layout Refactor] Pack K/V into the content dim (#44455)", upstream)],
    )
    return [
        (line, severity, message)
        for path, line, severity, message in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
        if path == FORK
    ]


IMPL_FORK = (
    "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionImpl\n\n\n"
    "class AeonImpl(FlashAttentionImpl):\n"
    "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
    "        # AEON: the NVFP4 writer quantizes K and V apart\n"
    "        {read}\n"
    "        return key_cache, value_cache\n"
)


def test_a_split_its_upstream_class_retired_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = IMPL_FORK.format(read="key_cache, value_cache = kv_cache.unbind(1)")
    [(line, severity, message)] = _rows(git_repo, no_rules, fork, {IMPL: IMPL_PACKED})
    assert fork.splitlines()[line - 1].strip() == "key_cache, value_cache = kv_cache.unbind(1)"
    assert severity == "error"
    assert "AeonImpl reads kv_cache.unbind(1)" in message
    assert "FlashAttentionImpl's methods no longer read kv_cache.unbind(1)" in message
    assert "kv_cache.transpose(1, 2).split(self.head_size, dim=-1)" in message
    assert "#44455" in message


@pytest.mark.parametrize(
    ("read", "upstream"),
    [
        ("key_cache, value_cache = kv_cache.transpose(1, 2).split(128, dim=-1)", {IMPL: IMPL_PACKED}),
        (
            "key_cache, value_cache = kv_cache.unbind(1)",
            {IMPL: IMPL_BASE.replace("return query @", "return 2 * query @")},
        ),
        ("key_cache, value_cache = kv_cache.unbind(0)", {IMPL: IMPL_PACKED}),
        (
            "key_cache, value_cache = kv_cache.unbind(1)",
            {IMPL: IMPL_BASE.replace("kv_cache.unbind(1)", "split_kv_cache(kv_cache)")},
        ),
    ],
    ids=["the new split", "upstream kept its split", "another dim upstream never used", "a helper took it over"],
)
def test_a_split_upstream_did_not_retire_is_quiet(
    git_repo: GitRepo, no_rules: Path, read: str, upstream: dict[str, str | None]
) -> None:
    assert _rows(git_repo, no_rules, IMPL_FORK.format(read=read), upstream) == []


def test_a_split_in_a_class_of_the_forks_own_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Only a subclass of the class that retired the split inherits its layout."""
    fork = IMPL_FORK.format(read="key_cache, value_cache = kv_cache.unbind(1)").replace(
        "class AeonImpl(FlashAttentionImpl):", "class AeonImpl:"
    )
    assert _rows(git_repo, no_rules, fork, {IMPL: IMPL_PACKED}) == []


LAYER_FORK = (
    "import torch\n\nfrom vllm.model_executor.layers.attention.attention import Attention\n\n\n"
    "class AeonAttention(Attention):\n"
    "    def aeon_cache(self) -> torch.Tensor:\n"
    "        # AEON: the context-slot mask reads the layer's cache\n"
    "        return {read}\n"
)


def test_an_index_of_a_field_made_one_value_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = LAYER_FORK.format(read="self.kv_cache[0]")
    [(line, severity, message)] = _rows(git_repo, no_rules, fork, {LAYER: LAYER_ONE})
    assert fork.splitlines()[line - 1].strip() == "return self.kv_cache[0]"
    assert severity == "error"
    assert "AeonAttention reads self.kv_cache[0]" in message
    assert "Attention no longer holds a list there (self.kv_cache = torch.tensor([]))" in message
    assert "[0] now indexes the value itself" in message


@pytest.mark.parametrize(
    ("read", "upstream"),
    [
        ("self.kv_cache", {LAYER: LAYER_ONE}),
        ("self.kv_cache[0]", {LAYER: LAYER_BASE.replace("return query", "return query * 2")}),
        (
            "self.kv_cache[0]",
            {LAYER: LAYER_BASE.replace("for _ in range(pipeline_parallel_size)]", "for _ in range(2)]")},
        ),
        (
            "self.kv_cache[0]",
            {
                LAYER: LAYER_BASE.replace(
                    "[torch.tensor([]) for _ in range(pipeline_parallel_size)]",
                    "torch.nn.ParameterList([torch.tensor([]) for _ in range(pipeline_parallel_size)])",
                )
            },
        ),
    ],
    ids=["the value itself", "still a list", "another list", "a module list"],
)
def test_a_field_still_a_list_or_read_whole_is_quiet(
    git_repo: GitRepo, no_rules: Path, read: str, upstream: dict[str, str | None]
) -> None:
    assert _rows(git_repo, no_rules, LAYER_FORK.format(read=read), upstream) == []


UNTYPED = (
    "import torch\n\nfrom vllm.forward_context import get_forward_context\n\n\n"
    "def aeon_layer_cache(layer_name: str) -> torch.Tensor:\n"
    "    layer = get_forward_context().no_compile_layers[layer_name]\n"
    "    return {read}\n"
)


def test_an_index_of_the_field_off_an_untyped_object_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The line does not show the object's class: another class may hold a list of that name."""
    fork = UNTYPED.format(read="layer.kv_cache[0]")
    [(line, severity, message)] = _rows(git_repo, no_rules, fork, {LAYER: LAYER_ONE})
    assert fork.splitlines()[line - 1].strip() == "return layer.kv_cache[0]"
    assert severity == "warning"
    assert "reads layer.kv_cache[0], but upstream's Attention no longer hold a list in kv_cache" in message
    assert "if the object is one of them, [0] now indexes the value itself" in message


@pytest.mark.parametrize(
    ("read", "upstream"),
    [("layer.kv_cache", {LAYER: LAYER_ONE}), ("layer.kv_cache[0]", {LAYER: LAYER_BASE.replace("query", "q")})],
    ids=["the value itself", "still a list"],
)
def test_the_field_off_an_untyped_object_read_whole_or_still_a_list_is_quiet(
    git_repo: GitRepo, no_rules: Path, read: str, upstream: dict[str, str | None]
) -> None:
    assert _rows(git_repo, no_rules, UNTYPED.format(read=read), upstream) == []


OWN_VALUE_FORK = (
    "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionImpl\n\n\n"
    "class AeonImpl(FlashAttentionImpl):\n"
    "    def aeon_planes(self, key: torch.Tensor, value: torch.Tensor, kv_cache: torch.Tensor) -> object:\n"
    "{body}"
)


@pytest.mark.parametrize(
    "body",
    [
        "        if kv_cache.dim() == 5:  # AEON: the planes-apart layout of older upstreams\n"
        "            return kv_cache.unbind(1)\n"
        "        return kv_cache.transpose(1, 2).split(self.head_size, dim=-1)\n",
        "        return kv_cache.unbind(1) if kv_cache.ndim == 5 else kv_cache.transpose(1, 2).split(64, dim=-1)\n",
        "        if kv_cache.shape[1] != 2:\n"
        "            return kv_cache.transpose(1, 2).split(self.head_size, dim=-1)\n"
        "        else:\n"
        "            return kv_cache.unbind(1)\n",
        "        kv_cache = torch.stack((key, value), dim=1)  # AEON: the fp4 packer's planes-apart scratch\n"
        "        return kv_cache.unbind(1)\n",
    ],
    ids=[
        "under an if on its rank",
        "in a conditional expression on its rank",
        "in the else of a shape test",
        "rebound",
    ],
)
def test_a_split_of_a_value_the_forks_method_made_its_own_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    """The fork handles both layouts (it tests the value's rank or shape first), or splits its own value."""
    assert _rows(git_repo, no_rules, OWN_VALUE_FORK.format(body=body), {IMPL: IMPL_PACKED}) == []


@pytest.mark.parametrize(
    "fork",
    [
        LAYER_FORK.format(read="self.kv_cache[0] if isinstance(self.kv_cache, list) else self.kv_cache"),
        UNTYPED.format(read="layer.kv_cache[0] if isinstance(layer.kv_cache, (list, tuple)) else layer.kv_cache"),
        UNTYPED.format(read="layer.kv_cache if torch.is_tensor(layer.kv_cache) else layer.kv_cache[0]"),
    ],
    ids=["self's, under isinstance", "an untyped object's, under isinstance", "else of a test of its kind"],
)
def test_an_index_of_the_field_under_a_test_of_its_kind_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _rows(git_repo, no_rules, fork, {LAYER: LAYER_ONE}) == []


@pytest.mark.parametrize(
    "upstream",
    [
        IMPL_BASE.replace("kv_cache.unbind(1)[0]", "kv_cache[:, 0]").replace(
            "kv_cache.unbind(1)", "kv_cache[:, 0], kv_cache[:, 1]"
        ),
        IMPL_BASE.replace("kv_cache.unbind(1)[0]", "kv_cache.select(1, 0)").replace(
            "kv_cache.unbind(1)", "torch.unbind(kv_cache, dim=1)\n        assert kv_cache[0].numel()"
        ),
    ],
    ids=["indexes along the dim", "select and torch.unbind(x, dim=...)"],
)
def test_a_split_upstream_rewrote_along_the_same_dim_is_quiet(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    """An equivalent rewrite keeps the layout: the fork's split is as right as it was."""
    fork = IMPL_FORK.format(read="key_cache, value_cache = kv_cache.unbind(1)")
    assert _rows(git_repo, no_rules, fork, {IMPL: upstream}) == []


BACKEND = """

class FlashAttentionBackend:
    @staticmethod
    def get_kv_cache_shape(num_blocks: int, block_size: int, heads: int, head_size: int) -> tuple[int, ...]:
        return (num_blocks, 2, block_size, heads, head_size)
"""
BACKEND_PACKED = BACKEND.replace(
    "(num_blocks, 2, block_size, heads, head_size)", "(num_blocks, heads, block_size, 2 * head_size)"
)
OWN_LAYOUT = (
    "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionBackend, FlashAttentionImpl\n\n\n"
    "class AeonBackend(FlashAttentionBackend):\n"
    "    @staticmethod\n"
    "    def get_kv_cache_shape(num_blocks: int, block_size: int, heads: int, head_size: int) -> tuple[int, ...]:\n"
    "        return (num_blocks, 2, block_size, heads, head_size)  # AEON: the NVFP4 planes stay apart\n\n\n"
    "class AeonImpl(FlashAttentionImpl):\n"
    "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
    "        return kv_cache.unbind(1)\n"
)


def test_a_split_beside_the_forks_own_override_of_what_upstream_changed_is_a_warning(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The fork's backend keeps its own cache shape: its implementation's split may well hold."""
    sides = s.merge_case(
        git_repo,
        {IMPL: IMPL_BASE + BACKEND},
        {FORK: OWN_LAYOUT},
        [("[KV-Cache Layout Refactor] Pack K/V into the content dim (#44455)", {IMPL: IMPL_PACKED + BACKEND_PACKED})],
    )
    [(path, line, severity, message)] = s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
    assert (path, OWN_LAYOUT.splitlines()[line - 1].strip(), severity) == (FORK, "return kv_cache.unbind(1)", "warning")
    assert "the fork's AeonBackend.get_kv_cache_shape overrides what upstream changed beside it" in message


OWN_SLOTS = (
    "import torch\n\n\n"
    "class AeonOffloadSlots:\n"
    "    def __init__(self) -> None:\n"
    "        self.kv_cache = [torch.tensor([]), torch.tensor([])]  # AEON: host and device copies\n\n\n"
)


@pytest.mark.parametrize(
    "read",
    [
        "def aeon_host(slots: AeonOffloadSlots) -> torch.Tensor:\n    return slots.kv_cache[0]\n",
        "def aeon_host() -> torch.Tensor:\n    slots = AeonOffloadSlots()\n    return slots.kv_cache[0]\n",
    ],
    ids=["a parameter annotated with it", "a name bound to a new one"],
)
def test_the_field_off_an_object_of_the_forks_own_unrelated_class_is_quiet(
    git_repo: GitRepo, no_rules: Path, read: str
) -> None:
    """The function shows the object's class: the fork's own, no kin of the classes that made the field one value."""
    assert _rows(git_repo, no_rules, OWN_SLOTS + read, {LAYER: LAYER_ONE}) == []


HELPER = IMPL_BASE.replace(
    "        key_cache, value_cache = kv_cache.unbind(1)\n",
    "        key_cache, value_cache = self._split(kv_cache)\n        assert kv_cache[0].numel()\n",
).replace("kv_cache.unbind(1)[0]", "self._split(kv_cache)[0]\n        assert kv_cache[0].numel()") + (
    "\n    def _split(self, cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n        return cache.unbind(1)\n"
)


@pytest.mark.parametrize(
    "upstream",
    [HELPER, HELPER.replace("self._split(", "split_kv(").replace("def _split(self, cache", "def split_kv(cache")],
    ids=["a method of the class", "a function of the file"],
)
def test_a_split_upstream_moved_into_a_helper_of_its_file_doing_the_same_is_quiet(
    git_repo: GitRepo, no_rules: Path, upstream: str
) -> None:
    """The helper applies the same split to the parameter the cache lands in: the layout is unchanged."""
    fork = IMPL_FORK.format(read="key_cache, value_cache = kv_cache.unbind(1)")
    assert _rows(git_repo, no_rules, fork, {IMPL: upstream}) == []


@pytest.mark.parametrize(
    "body",
    [
        "        if kv_cache.shape[0] > 0:  # blocks allotted\n            return kv_cache.unbind(1)\n        return ()\n",
        "        kv_cache = self.aeon_cache_for(key)  # upstream's cache, looked up\n        return kv_cache.unbind(1)\n",
    ],
    ids=["under a size test, not a layout test", "rebound to a value looked up, not built"],
)
def test_a_split_of_a_value_the_method_did_not_make_its_own_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    fork = OWN_VALUE_FORK.format(body=body)
    [(line, severity, _)] = _rows(git_repo, no_rules, fork, {IMPL: IMPL_PACKED})
    assert (fork.splitlines()[line - 1].strip(), severity) == ("return kv_cache.unbind(1)", "error")


def test_a_split_beside_the_forks_override_of_a_method_upstream_changed_but_no_shape_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """Only a method returning a shape (a tuple display) produces the layout: another override keeps nothing."""
    name = '\n    @staticmethod\n    def get_name() -> str:\n        return "FLASH_ATTN"\n'
    fork = OWN_LAYOUT.replace(
        "    def get_kv_cache_shape(num_blocks: int, block_size: int, heads: int, head_size: int) -> tuple[int, ...]:\n"
        "        return (num_blocks, 2, block_size, heads, head_size)  # AEON: the NVFP4 planes stay apart\n",
        '    def get_name() -> str:\n        return "AEON_FLASH_ATTN"\n',
    )
    sides = s.merge_case(
        git_repo,
        {IMPL: IMPL_BASE + BACKEND + name},
        {FORK: fork},
        [
            (
                "[KV-Cache Layout Refactor] Pack K/V into the content dim (#44455)",
                {IMPL: IMPL_PACKED + BACKEND + name.replace('"FLASH_ATTN"', '"FLASH_ATTN_V2"')},
            )
        ],
    )
    [(path, line, severity, _)] = s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
    assert (path, fork.splitlines()[line - 1].strip(), severity) == (FORK, "return kv_cache.unbind(1)", "error")


_UPSTREAM_DIFF = """diff --git a/vllm/a.py b/vllm/a.py
index 1111111..2222222 100644
--- a/vllm/a.py
+++ b/vllm/a.py
@@ -3 +3 @@
-        key_cache, value_cache = kv_cache.unbind(1)
+        key_cache, value_cache = kv_cache.transpose(1, 2).split(8, dim=-1)
diff --git a/vllm/b.py b/vllm/b.py
index 3333333..4444444 100644
--- a/vllm/b.py
+++ b/vllm/b.py
@@ -1,2 +1 @@
-plain = line_of(code)
-w.split(-1)
diff --git a/vllm/c.py b/vllm/c.py
index 5555555..6666666 100644
--- a/vllm/c.py
+++ b/vllm/c.py
@@ -1 +1 @@
-x = kv[:, 0]
+x = kv_cache_now
diff --git a/docs/d.md b/docs/d.md
index 7777777..8888888 100644
--- a/docs/d.md
+++ b/docs/d.md
@@ -1 +1 @@
-kv_cache.unbind(1)
+kv_cache
"""


def test_upstreams_files_are_read_only_when_the_fork_accesses_a_name() -> None:
    """Upstream's diff is most of a large merge's: its Python files are parsed and matched only when the
    fork's lines access a name along a literal dim, and then all of them, as before."""
    from types import SimpleNamespace

    from aeon_release.domain.audits.drift.layouts import _upstream_holding
    from aeon_release.domain.audits.drift.sides import Changes

    trees: Any = SimpleNamespace(upstream=Changes(_UPSTREAM_DIFF))  # _upstream_holding reads only this
    assert _upstream_holding(trees, set()) == []
    assert _upstream_holding(trees, {"other"}) == ["vllm/a.py", "vllm/b.py", "vllm/c.py"]


# mend47: the test of the field's kind written as the fork's own one-line helper (drift/helper_guards.py)
IS_LIST = "\n\ndef _is_list(x) -> bool:\n    return isinstance(x, (list, tuple))\n"
NOT_KIND = "\n\ndef _is_list(x) -> bool:\n    return bool(x)\n"


def test_an_index_of_the_field_under_a_helper_testing_its_kind_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = LAYER_FORK.format(read="self.kv_cache[0] if _is_list(self.kv_cache) else self.kv_cache") + IS_LIST
    assert _rows(git_repo, no_rules, fork, {LAYER: LAYER_ONE}) == []


def test_an_index_under_a_helper_reading_no_kind_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = LAYER_FORK.format(read="self.kv_cache[0] if _is_list(self.kv_cache) else self.kv_cache") + NOT_KIND
    assert [severity for _, severity, _ in _rows(git_repo, no_rules, fork, {LAYER: LAYER_ONE})] == ["error"]


# mend78: #25403 (273690a50a) kept ``lora_b`` as stored ([out, rank]), so ``ColumnParallelLinearWithLoRA.slice_lora_b``
# slices rows (``lora_b[s:e, :]``) where it sliced columns (``lora_b[:, s:e]``): a bounded slice along one dim.
LORA = "vllm/lora/layers/column.py"
LORA_BASE = """import torch


class ColumnWithLoRA:
    def __init__(self, output_size: int) -> None:
        self.output_size = output_size

    def slice_lora_b(self, lora_b: torch.Tensor, rank: int) -> torch.Tensor:
        start = rank * self.output_size
        return lora_b[:, start : start + self.output_size]

    def slice_bias(self, bias: torch.Tensor, rank: int) -> torch.Tensor:
        return bias[rank * self.output_size : (rank + 1) * self.output_size]
"""
LORA_ROWS = LORA_BASE.replace(
    "        return lora_b[:, start : start + self.output_size]\n",
    "        return lora_b[start : start + self.output_size, :]\n",
)
LORA_FORK = "vllm/aeon/nvfp4_lora.py"
LORA_HEAD = "from vllm.lora.layers.column import ColumnWithLoRA\n\n\nclass AeonColumn(ColumnWithLoRA):\n"


def _lora_rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = LORA_ROWS) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {LORA: LORA_BASE},
        {LORA_FORK: LORA_HEAD + body},
        [("[Core] Optimize LoRA weight loading (#25403)", {LORA: upstream})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
    return [(line - 4, severity) for path, line, severity, _ in rows if path == LORA_FORK]


@pytest.mark.parametrize(
    "body",
    [
        "    def slice_lora_b(self, lora_b, rank):\n        n = self.output_size\n        return lora_b[:, rank * n : (rank + 1) * n]\n",
        "    def slice_lora_b(self, lora_b, rank):\n        n = self.output_size\n        return lora_b[:, : (rank + 1) * n]\n",
        "    def aeon_pad(self, lora_b, rank):\n        n = self.output_size\n        return lora_b[:, n:].sum()\n",
    ],
    ids=["an override slicing the old dim", "an open lower bound", "another method of the subclass"],
)  # fmt: skip
def test_a_slice_along_the_dim_upstream_left_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _lora_rows(git_repo, no_rules, body) == [(3, "error")]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        ("    def slice_lora_b(self, lora_b, rank):\n        n = self.output_size\n        return lora_b[rank * n :, :]\n", LORA_ROWS),
        ("    def slice_bias(self, bias, rank):\n        n = self.output_size\n        return bias[:, rank * n :]\n", LORA_ROWS),
        ("    def slice_lora_b(self, lora_b, rank):\n        n = self.output_size\n        return lora_b[:, rank * n :]\n", LORA_BASE.replace("self.output_size]\n", "self.output_size + 1]\n", 1)),
        ("    def slice_lora_b(self, lora_b, rank):\n        n = self.output_size\n        return lora_b[:, ::2]\n", LORA_ROWS),
    ],
    ids=["the new dim", "a parameter upstream did not re-slice", "slice kept on its dim", "a stepped slice"],
)  # fmt: skip
def test_slices_the_move_leaves_alone_are_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert _lora_rows(git_repo, no_rules, body, upstream) == []


def test_a_slice_in_a_class_deriving_none_of_upstreams_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "    pass\n\n\nclass AeonOwn:\n    def slice_lora_b(self, lora_b, rank):\n        return lora_b[:, rank:]\n"
    assert _lora_rows(git_repo, no_rules, body) == []


# review134: the fork's own orientation -- the name rebound to a transposed view, or a test of its two sizes
@pytest.mark.parametrize(
    "body",
    [
        "    def slice_lora_b(self, lora_b, rank):\n        lora_b = lora_b.t()\n        return lora_b[:, rank:].t()\n",
        "    def slice_lora_b(self, lora_b, rank):\n        lora_b = torch.transpose(lora_b, 0, 1)\n        return lora_b[:, rank:]\n",
        "    def slice_lora_b(self, lora_b, rank):\n        lora_b = lora_b.permute(1, 0)\n        return lora_b[:, rank:]\n",
        "    def slice_lora_b(self, lora_b, rank):\n        if lora_b.shape[0] < lora_b.shape[1]:\n            return lora_b[:, rank:]\n        return lora_b[rank:, :]\n",
        "    def slice_lora_b(self, lora_b, rank):\n        return lora_b[:, rank:] if lora_b.size(1) > lora_b.size(0) else lora_b[rank:, :]\n",
    ],
    ids=["rebound to .t()", "rebound to torch.transpose", "rebound to .permute", "under an orientation test", "orientation in an if-expression"],
)  # fmt: skip
def test_a_slice_of_the_forks_own_orientation_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _lora_rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "    def slice_lora_b(self, lora_b, rank):\n        lora_b = lora_b.contiguous()\n        return lora_b[:, rank:]\n",
        "    def slice_lora_b(self, lora_b, rank):\n        if lora_b.shape[0] < self.output_size:\n            return lora_b[:, rank:]\n        return lora_b\n",
        "    def slice_lora_b(self, lora_b, rank):\n        other = lora_b.t()\n        return lora_b[:, rank:]\n",
        "    def slice_lora_b(self, lora_b, rank):\n        x = lora_b.new_empty(3, 4)\n        if x.shape[0] < x.shape[1]:\n            return lora_b[:, rank:]\n        return x\n",
    ],
    ids=["rebound keeping the layout", "a size compared with another value", "another name transposed", "another value's orientation"],
)  # fmt: skip
def test_a_slice_past_a_rebind_keeping_the_layout_is_still_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert [severity for _, severity in _lora_rows(git_repo, no_rules, body)] == ["error"]


# review134: an item of a list parameter (``lora_b_i := lora_b[i]``) slices as the parameter's entries do
LORA_MERGED = (
    LORA_BASE
    + """
    def slice_each(self, lora_b: list, rank: int) -> list:
        out = [None] * len(lora_b)
        for i in range(len(lora_b)):
            if (lora_b_i := lora_b[i]) is not None:
                out[i] = lora_b_i[:, rank * self.output_size : (rank + 1) * self.output_size]
        return out
"""
)


def test_a_slice_of_an_item_of_a_list_parameter_along_the_dim_upstream_left(git_repo: GitRepo, no_rules: Path) -> None:
    new = LORA_MERGED.replace(
        "                out[i] = lora_b_i[:, rank * self.output_size : (rank + 1) * self.output_size]\n",
        "                out[i] = lora_b_i[rank * self.output_size : (rank + 1) * self.output_size, :]\n",
    )
    body = (
        "    def slice_each(self, lora_b, rank):\n        out = []\n        for i in range(len(lora_b)):\n"
        "            lora_b_i = lora_b[i]\n            out.append(lora_b_i[:, rank:])\n        return out\n"
    )
    sides = s.merge_case(
        git_repo,
        {LORA: LORA_MERGED},
        {LORA_FORK: LORA_HEAD + body},
        [("[Core] Optimize LoRA weight loading (#25403)", {LORA: new})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
    assert [(line - 4, severity) for path, line, severity, _ in rows if path == LORA_FORK] == [(5, "error")]


def test_a_slice_of_a_local_not_read_from_a_parameter_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "    def slice_each(self, lora_b, rank):\n        lora_b_i = self.stacked[0]\n        return lora_b_i[:, rank:]\n"
    new = LORA_MERGED.replace(
        "                out[i] = lora_b_i[:, rank * self.output_size : (rank + 1) * self.output_size]\n",
        "                out[i] = lora_b_i[rank * self.output_size : (rank + 1) * self.output_size, :]\n",
    )
    sides = s.merge_case(
        git_repo,
        {LORA: LORA_MERGED},
        {LORA_FORK: LORA_HEAD + body},
        [("[Core] Optimize LoRA weight loading (#25403)", {LORA: new})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
    assert [r for r in rows if r[0] == LORA_FORK] == []


def test_a_slice_upstream_broke_over_two_lines_is_read(git_repo: GitRepo, no_rules: Path) -> None:
    base = LORA_MERGED.replace(
        "                out[i] = lora_b_i[:, rank * self.output_size : (rank + 1) * self.output_size]\n",
        "                out[i] = lora_b_i[:,\n                                  rank * self.output_size : (rank + 1) * self.output_size]\n",
    )
    new = LORA_MERGED.replace(
        "                out[i] = lora_b_i[:, rank * self.output_size : (rank + 1) * self.output_size]\n",
        "                out[i] = lora_b_i[rank * self.output_size : (rank + 1) * self.output_size, :]\n",
    )
    body = (
        "    def slice_each(self, lora_b, rank):\n        lora_b_i = lora_b[0]\n        return [lora_b_i[:, rank:]]\n"
    )
    sides = s.merge_case(
        git_repo,
        {LORA: base},
        {LORA_FORK: LORA_HEAD + body},
        [("[Core] Optimize LoRA weight loading (#25403)", {LORA: new})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
    assert [(line - 4, severity) for path, line, severity, _ in rows if path == LORA_FORK] == [(3, "error")]
