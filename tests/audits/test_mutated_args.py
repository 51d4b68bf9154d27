"""A function upstream now updates a parameter in place, handed a value a fork line reads again after the call.

#15427 (25f560a62c) made ``compute_probs`` divide the caller's logits in place (``logits.div_``); #15478
(35fad35a48) sent ``apply_top_k_top_p``'s top-k-only case to a helper masking them in place.  A fork that reads
its logits after handing them over merges cleanly and reads the updated values.  Killers beyond the replay's: a
keyword call, a module's unchanged helper that hands the parameter on, a method of a class reached through
``super()``, a new helper of the module.  Twins: a copy handed, the name rebound by the call or before the read, a
read of the shape only, a read before the call, a function that updated the parameter at the base already, a
store into a parameter (an out parameter), the fork's own function of the name, a function upstream left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OPS = "vllm/aeon_ops/ops.py"
BASE = """import torch


def scale(logits: torch.Tensor, temp: torch.Tensor) -> torch.Tensor:
    logits = logits / temp
    return logits.softmax(dim=-1)


def mask_top(x: torch.Tensor, k: int) -> torch.Tensor:
    return x.sort(dim=-1).values


def wrap(x: torch.Tensor, k: int) -> torch.Tensor:
    return mask_top(x, k)


class Sampler:
    def run(self, logits: torch.Tensor, k: int) -> torch.Tensor:
        return self.pick(logits, k)

    def pick(self, logits: torch.Tensor, k: int) -> torch.Tensor:
        return logits.topk(k).values


def already(x: torch.Tensor) -> torch.Tensor:
    x.mul_(2)
    return x


def fill(out: list[int], v: int) -> list[int]:
    return out


def kept(x: torch.Tensor) -> torch.Tensor:
    return x * 2


def freeze(m: torch.nn.Module) -> torch.nn.Module:
    return m


def topk(x: torch.Tensor, k: int | None, p: float | None) -> torch.Tensor:
    return x.sort(dim=-1, descending=True).values


def bias(x: torch.Tensor, v: int) -> torch.Tensor:
    x[0] += v
    return x


def topk_wrap(x: torch.Tensor, k: int | None, p: float | None) -> torch.Tensor:
    return topk(x, k, p)


def either(x: torch.Tensor, k: int | None) -> torch.Tensor:
    return x.abs()


def opt(x: torch.Tensor, t: float, inplace: bool = False) -> torch.Tensor:
    return x / t
"""
AFTER = (
    BASE.replace("    logits = logits / temp\n", "    logits.div_(temp)\n")
    .replace(
        "    return x.sort(dim=-1).values\n",
        "    return _mask_only(x, k)\n\n\ndef _mask_only(x: torch.Tensor, k: int) -> torch.Tensor:\n"
        "    x.masked_fill_(x < k, 0.0)\n    return x\n",
    )
    .replace("        return logits.topk(k).values\n", "        logits.clamp_(min=0.0)\n        return logits\n")
    .replace("    return out\n", "    out[0] = v\n    return out\n")
    .replace("    return m\n", "    m.requires_grad_(False)\n    return m\n")
    .replace(
        "    return x.sort(dim=-1, descending=True).values\n\n\ndef bias",
        "    if p is None:\n        if k is None:\n            return x\n        x.masked_fill_(x < k, 0.0)\n"
        "        return x\n    return x.sort(dim=-1, descending=True).values\n\n\ndef bias",
    )
    .replace(
        "    return x.abs()\n",
        "    if k is None:\n        x.abs_()\n    else:\n        x.neg_()\n    return x\n",
    )
    .replace("    x[0] += v\n", "    x.index_put_((torch.tensor([0]),), torch.tensor(v), accumulate=True)\n")
    .replace("    return x / t\n", "    if inplace:\n        x.div_(t)\n        return x\n    return x / t\n")
)
SUBJECT = "[Perf] Update the logits in place (#15427)"
HEAD = "import torch\n\n"

KILLERS = [
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t):\n"
    "    p = scale(logits, t)\n    return p, logits.log_softmax(dim=-1)\n",
    "from vllm.aeon_ops import ops\n\n\ndef f(x, t):\n    p = ops.scale(temp=t, logits=x)\n    return p + x\n",
    "from vllm.aeon_ops.ops import wrap\n\n\ndef f(x):\n    y = wrap(x, 3)\n    return y, x.max()\n",
    "from vllm.aeon_ops.ops import Sampler\n\n\nclass Mine(Sampler):\n    def run(self, logits, k):\n"
    "        r = super().run(logits, k)\n        self.raw = logits.softmax(dim=-1)\n        return r\n",
    "import vllm.aeon_ops.ops as o\n\n\ndef f(x):\n    m = o.mask_top(x, 3)\n    return m, torch.exp(x)\n",
    # revDW: the None tests the update runs under hold for what the call hands (k=3, p=None)
    "from vllm.aeon_ops.ops import topk\n\n\ndef f(x):\n    y = topk(x, k=3, p=None)\n    return y, x.sum()\n",
    # revDW: the call in an ``if`` without an ``else``, the read after it
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(x, t, raw):\n    if not raw:\n        p = scale(x, t)\n"
    "    return x.log_softmax(dim=-1)\n",
    # revDW: an unchanged wrapper handing its k and p on to the gated update; the fork's k=3, p=None pass them
    "from vllm.aeon_ops.ops import topk_wrap\n\n\ndef f(x):\n    y = topk_wrap(x, 3, None)\n    return y, x.sum()\n",
    # revDW: two paths gated apart (k None, k not None): a literal failing one passes the other
    "from vllm.aeon_ops.ops import either\n\n\ndef f(x):\n    y = either(x, 3)\n    return y, x.sum()\n",
    # readH: the call under an ``if``, the read after it; the other arm read on a later pass of a loop
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t, greedy):\n    if greedy:\n"
    "        p = scale(logits, t)\n    else:\n        p = None\n    return p, logits.sum()\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t, steps):\n    for s in steps:\n        if s:\n"
    "            p = scale(logits, t)\n        else:\n            p = logits.sum()\n    return p\n",
]
TWINS = [
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t):\n"
    "    p = scale(logits.clone(), t)\n    return p, logits.log_softmax(dim=-1)\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t):\n"
    "    logits = scale(logits, t)\n    return logits.log_softmax(dim=-1)\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t):\n"
    "    p = scale(logits, t)\n    return p, logits.shape[0], len(logits)\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t, g):\n"
    "    p = scale(logits, t)\n    logits = g()\n    return p, logits.sum()\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t):\n"
    "    raw = logits.log_softmax(dim=-1)\n    return scale(logits, t), raw\n",
    "from vllm.aeon_ops.ops import already, kept\n\n\ndef f(x):\n    y = already(x)\n    z = kept(x)\n"
    "    return y, z, x.sum()\n",
    "from vllm.aeon_ops.ops import fill\n\n\ndef f(out):\n    fill(out, 3)\n    return out[0]\n",
    "def scale(logits, t):\n    return logits / t\n\n\ndef f(logits, t):\n"
    "    p = scale(logits, t)\n    return p, logits.sum()\n",
    "from vllm.aeon_ops.ops import freeze\n\n\ndef f(m, x):\n    freeze(m)\n    return m(x)\n",
    # revDW (review115's #15478 twins): ``k=None`` fails the update's ``if k is None: return x``
    "from vllm.aeon_ops.ops import topk\n\n\ndef f(x, p):\n    y = topk(x, None, p)\n    return y, x.sum()\n",
    "from vllm.aeon_ops.ops import topk\n\n\ndef f(x, q):\n    y = topk(x, k=None, p=q)\n    return y, x.max()\n",
    # revDW (#19041's twin): a store into the parameter at the base (``x[0] += v``), index_put_ upstream
    "from vllm.aeon_ops.ops import bias\n\n\ndef f(x):\n    y = bias(x, 1)\n    return y, x.sum()\n",
    # revDW (#15427's twins): the call in one branch, the read in the other; the call's branch returns
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(x, t, raw):\n    if not raw:\n        out = scale(x, t)\n"
    "    else:\n        out = x.log_softmax(dim=-1)\n    return out\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(x, t, raw):\n    if not raw:\n        return scale(x, t)\n"
    "    return x.log_softmax(dim=-1)\n",
    # revDW: the wrapper's k=None fails the gate read through the hand-on
    "from vllm.aeon_ops.ops import topk_wrap\n\n\ndef f(x, p):\n    y = topk_wrap(x, None, p)\n    return y, x.min()\n",
    # readH: a read the call never runs before (the other arm of its ``if`` or ``match``, past its ``return``)
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t, greedy):\n    if greedy:\n"
    "        p = scale(logits, t)\n    else:\n        p = logits.log_softmax(dim=-1)\n    return p\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t, greedy):\n    if greedy:\n"
    "        p = scale(logits, t)\n        return p\n    return logits.log_softmax(dim=-1)\n",
    "from vllm.aeon_ops.ops import scale\n\n\ndef f(logits, t, mode):\n    match mode:\n"
    '        case "greedy":\n            p = scale(logits, t)\n        case _:\n'
    "            p = logits.log_softmax(dim=-1)\n    return p\n",
    # readH: upstream updates in place only under a flag off by default, which the fork leaves out
    "from vllm.aeon_ops.ops import opt\n\n\ndef f(logits, t):\n    p = opt(logits, t)\n    return p, logits.sum()\n",
]
FORKS = {f"vllm/aeon/row_{n}.py": HEAD + body for n, body in enumerate([*KILLERS, *TWINS])}


def _rows(git_repo: GitRepo, body: str) -> list[tuple[int, str, str]]:
    forks = {**FORKS, "vllm/aeon/__init__.py": "", "vllm/aeon_ops/__init__.py": ""}
    found = s.side_by_side(git_repo, {OPS: BASE}, forks, [(SUBJECT, {OPS: AFTER})], SYMBOL_DRIFT)
    path = next(p for p, text in FORKS.items() if text == HEAD + body)
    return [(f.line, f.severity.value, f.message) for f in found[path]]


@pytest.mark.parametrize(
    "body",
    KILLERS,
    ids=[
        "a call by name",
        "a keyword call off the module",
        "an unchanged helper handing it on",
        "super()",
        "alias",
        "the None tests hold",
        "a read after the call's if",
        "a wrapper, the gates held",
        "two paths gated apart",
        "under an if, read after it",
        "the other arm, in a loop",
    ],
)
def test_a_value_read_after_a_call_now_updating_it_is_an_error(git_repo: GitRepo, body: str) -> None:
    rows = _rows(git_repo, body)
    call = next(n for n, line in enumerate((HEAD + body).splitlines(), 1) if "(" in line and "= " in line)
    assert [(line, severity) for line, severity, _ in rows] == [(call, "error")]
    assert "now updates in place" in rows[0][2] and ".clone()" in rows[0][2]


@pytest.mark.parametrize(
    "body",
    TWINS,
    ids=[
        "a copy handed",
        "rebound by the call",
        "shape and len only",
        "rebound before the read",
        "read before the call",
        "updated at the base already",
        "a store into an out parameter",
        "the fork's own function",
        "a flag, not a value",
        "k=None fails the gate",
        "k=None by keyword",
        "a store at the base",
        "the other branch",
        "the call's branch returns",
        "a wrapper, k=None",
        "the other arm of the if",
        "past the call's return",
        "another case of a match",
        "an update under a flag off by default",
    ],
)
def test_a_value_the_update_leaves_alone_stays_quiet(git_repo: GitRepo, body: str) -> None:
    assert _rows(git_repo, body) == []


@pytest.mark.parametrize(
    ("body", "parses"),
    [
        ("def f(logits, t):\n    p = logits / t\n    return p, logits.log_softmax(dim=-1)\n", False),
        (KILLERS[0], True),
    ],
    ids=["names no def", "calls a def"],
)
def test_a_fork_naming_no_def_of_a_candidate_parses_nothing(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch, body: str, parses: bool
) -> None:
    """perf39's gate: every finding's fork file has an added line holding the name of a function or method both
    versions of the candidate define; a fork whose added lines hold none parses nothing, one calling it still errs."""
    from aeon_release.domain.audits.drift import mutated_args, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[tuple[str, object, object]]:
        for both in sides.parsed_versions(*args):  # type: ignore[arg-type]
            parsed.append(both[0])
            yield both

    monkeypatch.setattr(mutated_args, "parsed_versions", recording)
    fork = "vllm/aeon/only.py"
    forks = {fork: HEAD + body, "vllm/aeon/__init__.py": "", "vllm/aeon_ops/__init__.py": ""}
    found = s.side_by_side(git_repo, {OPS: BASE}, forks, [(SUBJECT, {OPS: AFTER})], SYMBOL_DRIFT)[fork]
    assert [f.severity.value for f in found] == (["error"] if parses else [])
    assert bool(parsed) is parses
