"""The memo shared by the merge-aware audit and the thread that prepares it."""

from __future__ import annotations

import signal
import sys
import threading
import time
from concurrent.futures import Future

import pytest

from aeon_release.domain.audits.memo import Memo


def test_two_threads_asking_at_once_share_one_computation() -> None:
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow(key: str) -> object:
        calls.append(key)
        started.set()
        release.wait(5)
        return object()

    memo = Memo(slow)
    results: list[object] = []
    first = threading.Thread(target=lambda: results.append(memo("k")))
    first.start()
    started.wait(5)
    second = threading.Thread(target=lambda: results.append(memo("k")))
    second.start()
    release.set()
    first.join(5)
    second.join(5)
    assert calls == ["k"] and len(results) == 2 and results[0] is results[1]


def test_a_failure_is_not_kept_and_a_waiter_computes_itself() -> None:
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def flaky(key: str) -> str:
        calls.append(threading.current_thread().name)
        if threading.current_thread().name == "preparer":
            started.set()
            release.wait(5)
            raise RecursionError("the preparing thread ran out of stack")
        return key.upper()

    memo = Memo(flaky)
    failed: list[BaseException] = []

    def prepare() -> None:
        try:
            memo("k")
        except RecursionError as exc:
            failed.append(exc)

    preparer = threading.Thread(target=prepare, name="preparer")
    preparer.start()
    started.wait(5)
    waited: list[str] = []
    waiter = threading.Thread(target=lambda: waited.append(memo("k")), name="audit")
    waiter.start()
    release.set()
    preparer.join(5)
    waiter.join(5)
    assert failed and waited == ["K"]
    assert memo("k") == "K" and calls.count("MainThread") == 1  # not remembered: computed again


def test_only_the_most_recent_results_are_kept() -> None:
    calls: list[int] = []
    memo = Memo(lambda n: calls.append(n) or n, size=2)
    for n in (1, 2, 1, 3, 1, 2):
        memo(n)
    assert calls == [1, 2, 3, 2]  # 1 was used again before 3 came, so 2 was the one dropped


def test_an_exception_in_the_caller_thread_propagates() -> None:
    def boom(_: int) -> int:
        raise ValueError("bad")

    memo = Memo(boom)
    with pytest.raises(ValueError, match="bad"):
        memo(1)
    with pytest.raises(ValueError, match="bad"):
        memo(1)


def test_ctrl_c_while_waiting_for_another_thread_stops_the_waiter() -> None:
    """A Ctrl-C that lands while the main thread waits for a result another thread computes is the
    person's, not that thread's failure: it stops the run instead of being taken for a failure and
    answered by computing again (the run then finished as if never interrupted)."""
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow(key: str) -> str:
        calls.append(threading.current_thread().name)
        started.set()
        release.wait(60)
        return key

    memo = Memo(slow)
    preparer = threading.Thread(target=lambda: memo("k"), name="preparer")
    preparer.start()
    started.wait(60)
    main = threading.main_thread().ident
    assert main is not None

    def ctrl_c_once_main_waits() -> None:
        # not a 0.2 s timer: on a loaded machine it fired before the main thread was inside pytest.raises, and
        # the KeyboardInterrupt ended the test session
        deadline = time.monotonic() + 60
        while not _waiting_for_a_future(main) and time.monotonic() < deadline:
            time.sleep(0.01)
        signal.pthread_kill(main, signal.SIGINT)

    threading.Thread(target=ctrl_c_once_main_waits, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            memo("k")
    finally:
        release.set()
        preparer.join(5)
    assert calls == ["preparer"]


def _waiting_for_a_future(thread: int) -> bool:
    """Whether ``thread`` is inside ``Future.result`` (the memo's wait for another thread's result)."""
    frame = sys._current_frames().get(thread)
    while frame is not None and frame.f_code is not Future.result.__code__:
        frame = frame.f_back
    return frame is not None


def test_a_weighed_memo_keeps_the_most_recent_results_up_to_its_weight() -> None:
    calls: list[str] = []

    def upper(text: str) -> str:
        calls.append(text)
        return text.upper()

    memo = Memo(upper, size=10, weigh=len)
    assert [memo("aaaa"), memo("bbbb"), memo("aaaa")] == ["AAAA", "BBBB", "AAAA"]
    assert calls == ["aaaa", "bbbb"]  # 8 of 10: both kept
    memo("cccccc")  # 14: the least recently used ("bbbb") goes, then 10: "aaaa" stays
    memo("aaaa")
    assert calls == ["aaaa", "bbbb", "cccccc"]
    memo("bbbb")
    assert calls[-1] == "bbbb"
    memo("x" * 50)  # heavier than the whole memo: kept alone, the newest
    memo("x" * 50)
    assert calls.count("x" * 50) == 1


def test_the_checks_parse_a_text_once_and_a_cut_parse_is_their_own() -> None:
    from aeon_release.domain.audits import memo as memos
    from aeon_release.domain.audits.source import parse_limits, parse_python

    memos.clear_all()
    text = "x = 1\n\n\ndef f():\n    return [" + "-" * 150 + "1]\n"
    first = parse_python(text, "a.py")
    assert first is not None and parse_python(text, "b.py") is first  # one tree for every check that asks
    cut: dict[str, int] = {}
    with parse_limits(1024 * 1024, cut):
        deep = parse_python(text, "a.py")
    assert deep is not None and deep is not first and cut == {"a.py": 5}  # cut, and noted under its own path
    assert parse_python(text, "a.py") is first  # the whole tree is still the one
