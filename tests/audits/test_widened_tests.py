"""A predicate upstream widened to a value the fork's own later branch was written for.

Shaped like #37332 (6b2b7bd0eb), which added ``or kv_cache_dtype == "nvfp4"`` to ``is_quantized_kv_cache``:
a fork dispatch that tests the predicate before its own "nvfp4" branch never reaches that branch again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/utils/torch_utils.py"
UTILS_BASE = """def is_quantized_kv_cache(kv_cache_dtype: str) -> bool:
    return kv_cache_dtype.startswith("fp8") or kv_cache_dtype.endswith("per_token_head")


def kv_cache_label(kv_cache_dtype: str) -> str:
    return kv_cache_dtype.upper()
"""
UTILS_NVFP4 = UTILS_BASE.replace(
    'or kv_cache_dtype.endswith("per_token_head")',
    'or kv_cache_dtype.endswith("per_token_head") or kv_cache_dtype == "nvfp4"',
)
FORK = "vllm/aeon/cache_writer.py"
IMPORT = "from vllm.utils.torch_utils import is_quantized_kv_cache\n\n\n"
SEQUENTIAL = IMPORT + (
    "def aeon_writer(kv_cache_dtype: str) -> str:\n"
    "    if is_quantized_kv_cache(kv_cache_dtype):\n"
    '        return "fp8_scaled"\n'
    '    if kv_cache_dtype == "nvfp4":\n'
    '        return "aeon_triton_nvfp4"\n'
    '    return "native"\n'
)
CHAINED = IMPORT + (
    "def aeon_writer(kv_cache_dtype: str) -> str:\n"
    "    if is_quantized_kv_cache(kv_cache_dtype):\n"
    '        writer = "fp8_scaled"\n'
    '    elif kv_cache_dtype in ("nvfp4", "mxfp4"):\n'
    '        writer = "aeon_triton_fp4"\n'
    "    else:\n"
    '        writer = "native"\n'
    "    return writer\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE},
        {FORK: fork},
        [("Add nvfp4 support to reshape_and_cache_flash (#37332)", {UTILS: upstream})],
    )
    return [
        (line, sev, msg)
        for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
        if path == FORK
    ]


@pytest.mark.parametrize("fork", [SEQUENTIAL, CHAINED], ids=["an if that returns, then the branch", "an elif chain"])
def test_a_predicate_tested_before_the_forks_branch_for_its_new_value_is_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    [(line, severity, message)] = _rows(git_repo, no_rules, fork, UTILS_NVFP4)
    assert fork.splitlines()[line - 1].strip() == "if is_quantized_kv_cache(kv_cache_dtype):"
    assert severity == "error"
    assert 'tests is_quantized_kv_cache(kv_cache_dtype) before its own branch for "nvfp4"' in message
    assert 'upstream made is_quantized_kv_cache true for "nvfp4"' in message
    assert "#37332" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        (
            IMPORT + "def aeon_writer(kv_cache_dtype: str) -> str:\n"
            '    if kv_cache_dtype == "nvfp4":\n'
            '        return "aeon_triton_nvfp4"\n'
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            '        return "fp8_scaled"\n'
            '    return "native"\n',
            UTILS_NVFP4,
        ),
        (SEQUENTIAL, UTILS_BASE.replace("return kv_cache_dtype.upper()", 'return "nvfp4" if kv_cache_dtype else ""')),
        (SEQUENTIAL.replace('"nvfp4"', '"int4"'), UTILS_NVFP4),
        (
            SEQUENTIAL.replace('return "fp8_scaled"\n', 'writer = "fp8_scaled"\n'),
            UTILS_NVFP4,
        ),
    ],
    ids=["the fork's branch first", "another function widened", "another value", "the if does not leave"],
)
def test_a_branch_upstream_did_not_shadow_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> None:
    assert _rows(git_repo, no_rules, fork, upstream) == []


OWN_PREDICATE = (
    "def is_quantized_kv_cache(kv_cache_dtype: str) -> bool:\n"
    '    return kv_cache_dtype.startswith("fp8")  # AEON: the fleet\'s fp8 caches only\n\n\n'
)


@pytest.mark.parametrize(
    ("fork", "also"),
    [
        (SEQUENTIAL.replace(IMPORT, OWN_PREDICATE), {}),
        (
            SEQUENTIAL.replace(IMPORT, "from vllm.aeon.dtypes import is_quantized_kv_cache\n\n\n"),
            {"vllm/aeon/dtypes.py": OWN_PREDICATE},
        ),
        (
            "class AeonWriters:\n"
            "    def is_quantized_kv_cache(self, kv_cache_dtype: str) -> bool:\n"
            '        return kv_cache_dtype.startswith("fp8")\n\n'
            "    def aeon_writer(self, kv_cache_dtype: str) -> str:\n"
            "        if self.is_quantized_kv_cache(kv_cache_dtype):\n"
            '            return "fp8_scaled"\n'
            '        if kv_cache_dtype == "nvfp4":\n'
            '            return "aeon_triton_nvfp4"\n'
            '        return "native"\n',
            {},
        ),
    ],
    ids=["defined in the fork's file", "imported from a fork module", "the fork class's method"],
)
def test_the_forks_own_predicate_of_the_name_is_not_upstreams(
    git_repo: GitRepo, no_rules: Path, fork: str, also: dict[str, str]
) -> None:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE},
        {FORK: fork, **also},
        [("Add nvfp4 support to reshape_and_cache_flash (#37332)", {UTILS: UTILS_NVFP4})],
    )
    assert s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) == []


@pytest.mark.parametrize(
    "fork",
    [
        SEQUENTIAL.replace('"fp8_scaled"', "True").replace('"aeon_triton_nvfp4"', "True"),
        CHAINED.replace('"aeon_triton_fp4"', '"fp8_scaled"'),
    ],
    ids=["an if that returns, then the branch", "an elif chain"],
)
def test_a_later_branch_doing_what_the_predicates_branch_does_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    assert _rows(git_repo, no_rules, fork, UTILS_NVFP4) == []


def test_a_predicate_branch_handing_the_value_to_a_fork_function_that_branches_on_it_is_quiet(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The value still reaches a branch the fork wrote for it, inside the function the predicate's branch calls."""
    fork = IMPORT + (
        "def aeon_quantized_writer(kv_cache_dtype: str) -> str:\n"
        '    if kv_cache_dtype == "nvfp4":\n'
        '        return "aeon_triton_nvfp4"\n'
        '    return "fp8_scaled"\n\n\n'
        "def aeon_writer(kv_cache_dtype: str) -> str:\n"
        "    if is_quantized_kv_cache(kv_cache_dtype):\n"
        "        return aeon_quantized_writer(kv_cache_dtype)\n"
        '    if kv_cache_dtype == "nvfp4":\n'
        '        return "aeon_triton_nvfp4"\n'
        '    return "native"\n'
    )
    assert _rows(git_repo, no_rules, fork, UTILS_NVFP4) == []
