"""Class 5: the canary never passes on broken numbers, and no server can hold it (real HTTP on 127.0.0.1)."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from aeon_release.domain import canary
from tests.helpers import LoopbackServer, Result
from tests.hostile.conftest import QuietHandler, redirecting_server

MODEL = "m"


def _text(drafts: str, draft_tokens: str = "1000", accepted: str = "300") -> bytes:
    lines = []
    for name, value in (("drafts", drafts), ("draft_tokens", draft_tokens), ("accepted_tokens", accepted)):
        lines += [
            f"# TYPE vllm:spec_decode_num_{name} counter",
            f'vllm:spec_decode_num_{name}_total{{model_name="{MODEL}"}} {value}',
        ]
    return ("\n".join(lines) + "\n").encode()


@pytest.fixture
def metrics() -> Iterator[Callable[[list[bytes]], str]]:
    """A server answering its n-th scrape with bodies[n] (the last one after that)."""
    with contextlib.ExitStack() as servers:

        def start(bodies: list[bytes]) -> str:
            count = {"n": 0}

            class Handler(QuietHandler):
                def do_GET(self) -> None:  # noqa: N802
                    body = bodies[min(count["n"], len(bodies) - 1)]
                    count["n"] += 1
                    self._send(200, body, {"Content-Type": "text/plain; version=0.0.4"})

            return f"http://127.0.0.1:{servers.enter_context(LoopbackServer(Handler)).port}/metrics"

        yield start


def _canary(cli: Callable[..., Result], url: str, tmp_path: Path, *extra: str) -> Result:
    fleet = tmp_path / "fleet.yaml"  # the metric names come from the fleet profile
    if not fleet.exists():
        fleet.write_text((Path(__file__).resolve().parents[2] / "fleet.yaml").read_text())
    return cli(
        "canary", "--metrics-url", url, "--window", "0.1", "--config", tmp_path, "--min-mal", "1.1", "--json", *extra
    )


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        (_text("100"), _text("NaN"), "NaN"),
        (_text("100"), _text("+Inf"), "inf"),
        (_text("100"), _text("200", accepted="-5"), "-5"),
        (_text("100"), _text("200", draft_tokens="2000", accepted="5000"), "counters disagree"),
        (_text("1e308", "1e308", "1e308"), _text("1.7e308", "1.7e308", "1.7e308"), "not a finite count"),
    ],
    ids=["nan", "inf", "negative", "more-accepted-than-drafted", "huge"],
)
def test_broken_counters_exit_2_with_one_line(
    metrics: Callable[[list[bytes]], str],
    cli: Callable[..., Result],
    tmp_path: Path,
    first: bytes,
    second: bytes,
    words: str,
) -> None:
    run = _canary(cli, metrics([first, second]), tmp_path)
    assert run.code == 2, run.err
    assert run.out == ""  # no report at all, certainly no NaN in JSON
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and words.lower() in lines[0].lower()


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--min-mal", "nan"),
        ("--min-mal", "inf"),
        ("--min-mal", "-1"),
        ("--window", "nan"),
        ("--window", "inf"),
        ("--window", "-1"),
        ("--window", "1e12"),
    ],
)
def test_non_finite_options_are_refused(
    metrics: Callable[[list[bytes]], str], cli: Callable[..., Result], tmp_path: Path, option: str, value: str
) -> None:
    url = metrics([_text("100"), _text("200")])
    args = {"--min-mal": "1.1", "--window": "0.1", option: value}
    run = cli("canary", "--metrics-url", url, "--config", tmp_path, *[x for kv in args.items() for x in kv])
    assert run.code == 2 and option in run.err and "Traceback" not in run.err


def test_odd_position_labels_are_not_counted(
    metrics: Callable[[list[bytes]], str], cli: Callable[..., Result], tmp_path: Path
) -> None:
    extra = "".join(
        f'vllm:spec_decode_num_accepted_tokens_per_pos_total{{model_name="{MODEL}",position="{p}"}} 5\n'
        for p in ("9" * 5000, "\u00b2", "-1", "0")
    )
    head = "# TYPE vllm:spec_decode_num_accepted_tokens_per_pos counter\n"
    run = _canary(
        cli,
        metrics(
            [
                _text("100") + (head + extra.replace(" 5", " 1")).encode(),
                _text("200", accepted="400") + (head + extra).encode(),
            ]
        ),
        tmp_path,
    )
    assert run.code == 0, run.err
    assert run.json()["per_position_acceptance"] == {"0": 0.04}


def test_json_is_strict(metrics: Callable[[list[bytes]], str], cli: Callable[..., Result], tmp_path: Path) -> None:
    run = _canary(cli, metrics([_text("100"), _text("200", accepted="400")]), tmp_path)
    assert run.code == 0, run.err
    json.loads(run.out, parse_constant=lambda name: pytest.fail(f"{name} is not JSON"))


def test_an_oversized_body_is_refused(
    metrics: Callable[[list[bytes]], str], cli: Callable[..., Result], tmp_path: Path
) -> None:
    padding = b"# " + b"x" * 1000 + b"\n"
    run = _canary(cli, metrics([padding * (canary.MAX_BODY // len(padding) + 10)]), tmp_path)
    assert run.code == 2 and "more than" in run.err


@pytest.fixture
def trickle() -> Iterator[str]:
    """A server that answers one byte every 0.3 s: each read succeeds, the answer never ends."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            threading.Thread(target=drip, args=(conn,), daemon=True).start()

    def drip(conn: socket.socket) -> None:
        with conn:
            for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n" + b"X" * 10_000:
                if stop.is_set():
                    return
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    return
                time.sleep(0.3)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/metrics"
    stop.set()
    thread.join()
    listener.close()


def test_a_trickling_server_cannot_hold_the_canary(
    trickle: str, cli: Callable[..., Result], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(canary, "SCRAPE_DEADLINE", 1.5)  # 30 s in production; the point is that it ends
    started = time.monotonic()
    run = _canary(cli, trickle, tmp_path)
    assert run.code == 2 and "no complete answer within 1.5s" in run.err
    assert time.monotonic() - started < 5


def test_a_redirect_to_another_scheme_is_refused_before_any_connection(
    cli: Callable[..., Result], tmp_path: Path
) -> None:
    """urllib's own redirect handler follows ``ftp://``: a metrics server could send the canary to any
    FTP host.  Only http(s) is followed: the FTP listener here is never connected to."""
    ftp = socket.socket()
    ftp.bind(("127.0.0.1", 0))
    ftp.listen(1)
    ftp.settimeout(0.5)
    httpd = redirecting_server(f"ftp://127.0.0.1:{ftp.getsockname()[1]}/metrics")
    try:
        run = _canary(cli, f"http://127.0.0.1:{httpd.server_address[1]}/metrics", tmp_path)
    finally:
        httpd.shutdown()
        httpd.server_close()
    try:
        with pytest.raises(TimeoutError):
            ftp.accept()[0].close()
    finally:
        ftp.close()
    assert run.code == 2 and run.out == "", (run.code, run.err)
    [line] = run.err.strip().splitlines()
    assert "redirected to a ftp:// address, not http(s)" in line and "--metrics-url" in line
