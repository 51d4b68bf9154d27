"""Results keyed by content, computed once per process by whichever thread asks first.

The merge-aware audit parses the same module texts, diffs and enum pairs from several checks and,
within one process, again for a re-audit (``merge --continue --fix``).  Keys are the content itself,
so a result is right whoever computed it.  (A thread that parsed the sides while git merged was
tried and measured: on two cores it fought the plan for the interpreter lock and the merge got
slower, so nothing runs ahead of the audit now.)
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, ParamSpec, TypeVar

_P = ParamSpec("_P")
_V = TypeVar("_V")
_ALL: weakref.WeakSet[Memo[..., object]] = weakref.WeakSet()


class Memo(Generic[_P, _V]):
    """``fn(*args)`` once per distinct ``args`` across threads, the ``size`` most recent kept (with
    ``weigh``: the most recent whose weights, ``weigh(*args)`` each, add up to at most ``size``; the
    newest is kept whatever it weighs).

    A call that raises is not remembered: the next caller computes again (in its own thread, with
    its own stack), so a failure in the preparing thread never stands in for the audit's result.
    """

    def __init__(self, fn: Callable[_P, _V], size: int = 64, weigh: Callable[_P, int] | None = None) -> None:
        self._fn = fn
        self._size = size
        self._weigh = weigh
        self._lock = threading.Lock()
        self._results: OrderedDict[Hashable, Future[_V]] = OrderedDict()
        self._weights: dict[Hashable, int] = {}
        self._weight = 0
        _ALL.add(self)  # type: ignore[arg-type]

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _V:
        key = (args, tuple(sorted(kwargs.items())))
        with self._lock:
            future = self._results.get(key)
            mine = future is None
            if future is None:
                future = self._results[key] = Future()
                weight = 1 if self._weigh is None else self._weigh(*args, **kwargs)
                self._weights[key] = weight
                self._weight += weight
                while self._weight > self._size and len(self._results) > 1:
                    old, _ = self._results.popitem(last=False)
                    self._weight -= self._weights.pop(old)
            else:
                self._results.move_to_end(key)
        if not mine:
            try:
                return future.result()
            except BaseException as exc:
                if not future.done() or future.exception() is not exc:
                    raise  # raised here while waiting (Ctrl-C, SIGTERM): never taken for the other thread's
                return self._fn(*args, **kwargs)  # the other thread failed: compute here, as if it had never run
        try:
            value = self._fn(*args, **kwargs)
        except BaseException as exc:
            with self._lock:
                if self._results.get(key) is future:
                    del self._results[key]
                    self._weight -= self._weights.pop(key)
            future.set_exception(exc)
            raise
        future.set_result(value)
        return value

    def clear(self) -> None:
        with self._lock:
            self._results.clear()
            self._weights.clear()
            self._weight = 0


def _after_fork() -> None:
    """In a forked child (the sidecar's, domain/audits/sidecar.py): a lock another thread held at the
    fork is never released, and a result another thread was computing never comes; start both anew."""
    for memo in list(_ALL):
        memo._lock = threading.Lock()
        memo._results = OrderedDict((k, f) for k, f in memo._results.items() if f.done())
        memo._weights = {k: memo._weights[k] for k in memo._results}
        memo._weight = sum(memo._weights.values())


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


def clear_all() -> None:
    """Forget every memo's results (the merge-aware checks run again on trees parsed another way)."""
    for memo in list(_ALL):
        memo.clear()
