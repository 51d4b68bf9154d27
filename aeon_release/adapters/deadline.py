"""An overall deadline for a network exchange, not only a per-read timeout.

A per-read timeout lets a server that sends one byte every few seconds keep a read alive forever.
The exchange runs in a daemon thread; when the deadline passes the caller gets a clean error and
the thread is abandoned (its socket still has its per-read timeout, and a daemon thread never holds
the process open).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from aeon_release.errors import ServiceError

T = TypeVar("T")


def within(seconds: float, what: str, call: Callable[[], T], hint: str | None = None) -> T:
    """``call()``, or a ServiceError naming ``what`` when it has not finished after ``seconds``."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as error:  # noqa: BLE001 - handed back to the caller's thread
            outcome["error"] = error

    worker = threading.Thread(target=run, name=f"deadline-{what[:24]}", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise ServiceError(f"{what}: no complete answer within {seconds:g}s", hint or "check the service; retry")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["value"]  # type: ignore[return-value]
