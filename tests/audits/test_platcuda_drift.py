"""Symbol drift on the platform classes: the misses of the platcuda blind replay (benchmarks/blind_replay_platcuda.py).

Each class is shaped like a real upstream commit, with fork code written the way a fork's platform plugin is:

- a member upstream removed from a class whose ``__getattr__`` makes names up, whose only mention left in
  upstream's code is a string or a comment (vLLM #44825, fb42e5219e: ``CpuPlatform.mem_get_info`` removed, and a
  pre-commit rule's regex ``r"\\bcurrent_platform\\.mem_get_info\\(\\)\\b"`` added to forbid the spelling): the
  mention is no read, so the fork's ``CpuPlatform.mem_get_info()`` is an error.
- the same member read by a string with no default (``getattr(current_platform, "seed_everything")``, vLLM #33362,
  010ec0c30e: ``Platform.seed_everything`` removed): the ``__getattr__`` hands back what it makes up, not the
  removed def, as a plain read does; and a ``hasattr`` or ``except AttributeError`` guard of an instance's use
  no longer excuses it when that ``__getattr__`` answers every name (it never raises): ``hasattr`` is True,
  no AttributeError comes, the fork calls None.
- the same text mentions asked whether upstream still calls a hook by name elsewhere (vLLM #28763's shape:
  ``FlashAttentionBackend.get_supported_head_sizes`` removed, no caller of it left): a comment or a message
  naming ``backend.get_supported_head_sizes()`` consults no fork override.
- a member read off a module-level conditional alias of two classes (vLLM's ``CudaPlatform =
  NvmlCudaPlatform if nvml_available else NonNvmlCudaPlatform``; #26982, f6027b2855, removed
  ``is_kv_cache_dtype_supported`` from the base both derive from): the fork's
  ``CudaPlatform.is_kv_cache_dtype_supported(...)`` fails whichever class the condition picks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way
from tests.audits.test_symbol_drift import FLASH_28763, HEAD_FORK, hook_case

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"

# --- a member removed under a __getattr__, named upstream only in strings and comments (#44825)
PLATFORM = "vllm/platform.py"
PLATFORM_BASE = (
    "import torch\n\n\n"
    "class Platform:\n    device_type = 'cpu'\n\n"
    "    def __getattr__(self, key: str):\n        return getattr(getattr(torch, self.device_type), key, None)\n\n\n"
    "class CpuPlatform(Platform):\n"
    "    @classmethod\n    def mem_get_info(cls) -> tuple[int, int]:\n        return 1, 2\n\n"
    "    @classmethod\n    def get_device_total_memory(cls) -> int:\n        return 2\n\n\n"
    "current_platform: Platform = CpuPlatform()\n"
)
PLATFORM_THEIRS = PLATFORM_BASE.replace(
    "    @classmethod\n    def mem_get_info(cls) -> tuple[int, int]:\n        return 1, 2\n\n", ""
)
LINT = "tools/check_calls.py"
LINT_BASE = "FORBIDDEN = [\n    r'\\btorch\\.cuda\\.empty_cache\\(\\)',\n]\n"
WORKER = "vllm/worker.py"
WORKER_BASE = "from vllm.platform import current_platform\n\n\ndef free() -> int:\n    return current_platform.mem_get_info()[0]\n"
WORKER_THEIRS = "import torch\n\n\ndef free() -> int:\n    return torch.accelerator.get_memory_info()[0]\n"
MENTIONS = {
    "regex": LINT_BASE.replace("]\n", "    r'\\bcurrent_platform\\.mem_get_info\\(\\)\\b',\n]\n"),
    "message": LINT_BASE + '\nHINT = "call torch.accelerator.get_memory_info(), not current_platform.mem_get_info()"\n',
    "comment": LINT_BASE + "# current_platform.mem_get_info() is gone: use torch.accelerator\n",
    "triple": LINT_BASE + "HINT = '''do not call current_platform.mem_get_info()'''\n",
}
HEAD = "from vllm.platform import CpuPlatform\n\n\n"
ON_THE_CLASS = "def free_ratio() -> float:\n    free, total = CpuPlatform.mem_get_info()\n    return free / total\n"
SUBCLASS = (
    "class Grace(CpuPlatform):\n    @classmethod\n    def free(cls) -> int:\n        return cls.mem_get_info()[0]\n"
)


def _mentioned(mention: str) -> dict[str, str]:
    return {PLATFORM: PLATFORM_THEIRS, WORKER: WORKER_THEIRS, LINT: MENTIONS[mention]}


@pytest.mark.parametrize("mention", list(MENTIONS))
@pytest.mark.parametrize("body", [ON_THE_CLASS, SUBCLASS], ids=["on-the-class", "subclass-cls"])
def test_a_removed_member_named_upstream_only_in_text(
    git_repo: GitRepo, tmp_path: Path, mention: str, body: str
) -> None:
    fork = HEAD + body
    assert _named_in_text_among_rows(git_repo, tmp_path, mention)[body] == [
        (USE, line_of(fork, "mem_get_info"), "error")
    ]


# Both bodies of a mention above are error rows beside the same base and upstream, each pinning the audit's one
# finding: neither module imports the other, so one merge and one audit of both modules side by side answers both
# (eight merges and audits became four per process; suitespeed9), and a finding outside the two modules fails the
# batch, as it failed a row.
_NAMED_AUDITED: dict[str, dict[str, list[tuple[str, int, str]]]] = {}


def _named_in_text_among_rows(git_repo: GitRepo, tmp_path: Path, mention: str) -> dict[str, list[tuple[str, int, str]]]:
    if mention not in _NAMED_AUDITED:
        paths = {body: f"vllm/aeon_use_{number}.py" for number, body in enumerate((ON_THE_CLASS, SUBCLASS))}
        base = {PLATFORM: PLATFORM_BASE, WORKER: WORKER_BASE, LINT: LINT_BASE, **PACKAGES}
        ours = {path: HEAD + body for body, path in paths.items()}
        sides = three_way(git_repo, base, ours, _mentioned(mention))
        every = found(audit(git_repo, sides, tmp_path), RULE)
        assert all(path in ours for path, _, _ in every), every
        _NAMED_AUDITED[mention] = {
            body: [(USE, line, severity) for at, line, severity in every if at == path] for body, path in paths.items()
        }
    return _NAMED_AUDITED[mention]


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # upstream still calls the name off an object in code: __getattr__ may be what answers it
        ({PLATFORM: PLATFORM_THEIRS, LINT: MENTIONS["regex"]}, ON_THE_CLASS),
        # ... inside an f-string's braces: an expression, a read
        (
            {
                PLATFORM: PLATFORM_THEIRS,
                WORKER: WORKER_BASE.replace(
                    "return current_platform.mem_get_info()[0]", 'return f"{current_platform.mem_get_info()[0]}"'
                ),
                LINT: MENTIONS["regex"],
            },
            ON_THE_CLASS,
        ),
        # ... after a closed string on the same line
        (
            {
                PLATFORM: PLATFORM_THEIRS,
                WORKER: WORKER_BASE.replace(
                    "return current_platform.mem_get_info()[0]",
                    'return "x".count("y") + current_platform.mem_get_info()[0]',
                ),
            },
            ON_THE_CLASS,
        ),
        # the twin: a memory helper the class keeps
        (_mentioned("regex"), "def total() -> int:\n    return CpuPlatform.get_device_total_memory()\n"),
    ],
    ids=["still-called", "f-string", "after-a-string", "kept-member"],
)
def test_text_mention_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: dict[str, str], body: str) -> None:
    base = {PLATFORM: PLATFORM_BASE, WORKER: WORKER_BASE, LINT: LINT_BASE, **PACKAGES}
    sides = three_way(git_repo, base, {USE: HEAD + body}, theirs)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


GETATTR_NO_DEFAULT = "def free() -> int:\n    return getattr(CpuPlatform, 'mem_get_info')()[0]\n"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (GETATTR_NO_DEFAULT, [(USE, line_of(HEAD + GETATTR_NO_DEFAULT, "getattr"), "error")]),
        # a default bridges versions: the fork expects the member may be gone
        ("def free():\n    return getattr(CpuPlatform, 'mem_get_info', None)\n", []),
    ],
    ids=["no-default", "twin-default"],
)
def test_a_string_read_of_a_member_a_getattr_answers_for_now(
    git_repo: GitRepo, tmp_path: Path, body: str, expected: list[tuple[str, int, str]]
) -> None:
    base = {PLATFORM: PLATFORM_BASE, WORKER: WORKER_BASE, **PACKAGES}
    sides = three_way(git_repo, base, {USE: HEAD + body}, {PLATFORM: PLATFORM_THEIRS, WORKER: WORKER_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == expected


HASATTR_ON_INSTANCE = (
    "def free(p: CpuPlatform) -> int:\n    if hasattr(p, 'mem_get_info'):\n        return p.mem_get_info()[0]\n"
    "    return 0\n"
)
EXCEPT_ON_INSTANCE = (
    "def free(p: CpuPlatform) -> int:\n    try:\n        return p.mem_get_info()[0]\n"
    "    except AttributeError:\n        return 0\n"
)
RAISING_HOOK = PLATFORM_BASE.replace(
    "        return getattr(getattr(torch, self.device_type), key, None)\n",
    "        if key.startswith('cuda_'):\n            return getattr(torch.cuda, key[5:])\n        raise AttributeError(key)\n",
)


@pytest.mark.parametrize("body", [HASATTR_ON_INSTANCE, EXCEPT_ON_INSTANCE], ids=["hasattr", "except"])
def test_a_guard_a_getattr_answering_every_name_defeats(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + body
    base = {PLATFORM: PLATFORM_BASE, WORKER: WORKER_BASE, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {PLATFORM: PLATFORM_THEIRS, WORKER: WORKER_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "p.mem_get_info()"), "error")]


@pytest.mark.parametrize(
    ("base", "body"),
    [
        # on the class object the instance's __getattr__ is never asked: hasattr is False, AttributeError raised
        (
            PLATFORM_BASE,
            "def free() -> int:\n    if hasattr(CpuPlatform, 'mem_get_info'):\n"
            "        return CpuPlatform.mem_get_info()[0]\n    return 0\n",
        ),
        (
            PLATFORM_BASE,
            "class Grace(CpuPlatform):\n    @classmethod\n    def free(cls) -> int:\n        try:\n"
            "            return cls.mem_get_info()[0]\n        except AttributeError:\n            return 0\n",
        ),
        # a __getattr__ that raises AttributeError for the names it does not serve: the guard works
        (RAISING_HOOK, HASATTR_ON_INSTANCE),
        (RAISING_HOOK, EXCEPT_ON_INSTANCE),
    ],
    ids=["class-hasattr", "classmethod-except", "raising-hook-hasattr", "raising-hook-except"],
)
def test_guards_that_still_guard_stay_silent(git_repo: GitRepo, tmp_path: Path, base: str, body: str) -> None:
    theirs = base.replace(
        "    @classmethod\n    def mem_get_info(cls) -> tuple[int, int]:\n        return 1, 2\n\n", ""
    )
    tree = {PLATFORM: base, WORKER: WORKER_BASE, **PACKAGES}
    sides = three_way(git_repo, tree, {USE: HEAD + body}, {PLATFORM: theirs, WORKER: WORKER_THEIRS})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[2] == "error"] == []


def test_code_only_blanks_strings_and_comments() -> None:
    from aeon_release.domain.audits.drift.quoted import code_only  # new here: the old code fails the import

    line = "x = r'\\ba\\.b\\(' + y.b() + \"q.b\" # z.b"
    code = code_only(line)
    assert len(code) == len(line)
    assert code.split() == ["x", "=", "r", "+", "y.b()", "+"]  # the regex, the string and the comment blanked
    assert code_only('s = f"{p.b()}" + "it\'s"').split() == ["s", "=", 'f"{p.b()}"', "+"]  # an f-string stays
    assert code_only('s = "a\\"b.c" + d.e').split() == ["s", "=", "+", "d.e"]  # an escaped quote does not close
    assert code_only("'''open p.b").split() == []  # a string the line does not close: to its end
    assert code_only("p.b(x)") == "p.b(x)"


# --- a member read off a conditional alias of two classes (#26982)
CUDA = "vllm/cuda.py"
CUDA_BASE = (
    "import torch\n\n\n"
    "class CudaBase:\n"
    "    @classmethod\n    def kv_dtype_ok(cls, kv_cache_dtype: str) -> bool:\n        return True\n\n"
    "    @classmethod\n    def free_memory(cls) -> int:\n        return 0\n\n\n"
    "class NvmlCuda(CudaBase):\n    @classmethod\n    def get_device_name(cls) -> str:\n        return 'nvml'\n\n\n"
    "class PlainCuda(CudaBase):\n    @classmethod\n    def get_device_name(cls) -> str:\n        return 'plain'\n\n\n"
    "CudaPlatform = NvmlCuda if torch.cuda.is_available() else PlainCuda\n"
)
CUDA_REMOVED = CUDA_BASE.replace(
    "    @classmethod\n    def kv_dtype_ok(cls, kv_cache_dtype: str) -> bool:\n        return True\n\n", ""
)
CUDA_REQUIRED = CUDA_BASE.replace(
    "kv_dtype_ok(cls, kv_cache_dtype: str)", "kv_dtype_ok(cls, kv_cache_dtype: str, model)"
)
ALIAS_HEAD = "from vllm.cuda import CudaPlatform\n\n\n"
ALIAS_CALL = "def fp8_ok() -> bool:\n    return CudaPlatform.kv_dtype_ok('fp8')\n"
ALIAS_REF = "def checker():\n    return CudaPlatform.kv_dtype_ok\n"


@pytest.mark.parametrize(
    ("theirs", "body"),
    [(CUDA_REMOVED, ALIAS_CALL), (CUDA_REMOVED, ALIAS_REF), (CUDA_REQUIRED, ALIAS_CALL)],
    ids=["removed-call", "removed-read", "required-parameter"],
)
def test_a_member_off_a_conditional_alias_of_classes(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    fork = ALIAS_HEAD + body
    sides = three_way(git_repo, {CUDA: CUDA_BASE, **PACKAGES}, {USE: fork}, {CUDA: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "kv_dtype_ok"), "error")]


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # the twin: a member the shared base keeps
        (CUDA_REMOVED, "def free() -> int:\n    return CudaPlatform.free_memory()\n"),
        # each aliased class defines its own: which one answers is known at run time only
        (
            CUDA_BASE.replace("return 'plain'", "return 'plain!'").replace(
                "    def get_device_name(cls) -> str:\n        return 'nvml'",
                "    def get_device_name(cls, device_id: int) -> str:\n        return 'nvml'",
            ),
            "def name() -> str:\n    return CudaPlatform.get_device_name()\n",
        ),
        # the removed member moved onto one of the aliased classes: the other may be picked, but it may not
        (
            CUDA_REMOVED.replace(
                "class PlainCuda(CudaBase):\n",
                "class PlainCuda(CudaBase):\n    @classmethod\n    def kv_dtype_ok(cls, kv_cache_dtype: str) -> bool:\n"
                "        return False\n\n",
            ),
            ALIAS_CALL,
        ),
    ],
    ids=["kept-member", "own-defs", "moved-onto-one"],
)
def test_conditional_alias_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {CUDA: CUDA_BASE, **PACKAGES}, {USE: ALIAS_HEAD + body}, {CUDA: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


# --- an override no longer consulted, its name left upstream only in text (#28763's shape)
@pytest.mark.parametrize(
    "more",
    [
        "# backend.get_supported_head_sizes() is gone: ask backend.supports_head_size(size)\nPICK = 1\n",
        "HINT = 'backend.get_supported_head_sizes() is gone: ask backend.supports_head_size(size)'\n",
    ],
    ids=["comment", "string"],
)
def test_an_override_named_upstream_only_in_text_is_unconsulted(git_repo: GitRepo, no_rules: Path, more: str) -> None:
    [(path, line, message)] = hook_case(git_repo, no_rules, FLASH_28763, more=more)
    assert (path, line) == (HEAD_FORK, 6)
    assert "never consulted" in message
