"""A fake vLLM on 127.0.0.1: real HTTP, Prometheus text rendered by prometheus_client."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from prometheus_client import CollectorRegistry, Counter, Gauge, generate_latest

QWEN = "Qwen/Qwen3.6-27B-FP8"
GEMMA = "google/gemma-4-26b-a4b-it"


class VllmMetrics:
    """The four spec-decode counters vLLM exports, labelled like vLLM's (model_name, engine)."""

    def __init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        """A restarted server: a fresh registry, every counter back at zero."""
        self.registry = CollectorRegistry()
        labels = ["model_name", "engine"]
        self.drafts = Counter("vllm:spec_decode_num_drafts", "drafts", labels, registry=self.registry)
        self.draft_tokens = Counter("vllm:spec_decode_num_draft_tokens", "draft tokens", labels, registry=self.registry)
        self.accepted = Counter("vllm:spec_decode_num_accepted_tokens", "accepted", labels, registry=self.registry)
        self.per_pos = Counter(
            "vllm:spec_decode_num_accepted_tokens_per_pos",
            "accepted per position",
            [*labels, "position"],
            registry=self.registry,
        )
        Gauge("vllm:num_requests_running", "running", ["model_name"], registry=self.registry).labels(QWEN).set(1)

    def add(self, model: str, drafts: int, k: int, per_position: list[int], engine: str = "0") -> None:
        """``drafts`` drafts of ``k`` tokens; ``per_position[p]`` accepted at position p."""
        self.drafts.labels(model, engine).inc(drafts)
        self.draft_tokens.labels(model, engine).inc(drafts * k)
        self.accepted.labels(model, engine).inc(sum(per_position))
        for position, accepted in enumerate(per_position):
            self.per_pos.labels(model, engine, str(position)).inc(accepted)

    def text(self) -> bytes:
        return generate_latest(self.registry)


@dataclass
class FakeServer:
    url: str
    metrics: VllmMetrics
    on_scrape: dict[int, Callable[[], None]] = field(default_factory=dict)
    scrapes: int = 0
    chats: list[dict[str, Any]] = field(default_factory=list)
    body: bytes | None = None  # serve this instead of the metrics

    @property
    def metrics_url(self) -> str:
        return f"{self.url}/metrics"


def _handler(server: FakeServer, on_chat: Callable[[FakeServer], None]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            if self.path != "/metrics":
                self.send_error(404)
                return
            server.scrapes += 1
            hook = server.on_scrape.get(server.scrapes)
            if hook is not None:
                hook()
            self._reply(
                200, server.body if server.body is not None else server.metrics.text(), "text/plain; version=0.0.4"
            )

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length", "0"))
            payload = json.loads(self.rfile.read(length) or b"{}")
            if self.path != "/v1/chat/completions":
                self.send_error(404)
                return
            server.chats.append(payload)
            on_chat(server)
            self._reply(
                200, json.dumps({"choices": [{"message": {"content": "1, 2, 3"}}]}).encode(), "application/json"
            )

        def _reply(self, status: int, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
            pass

    return Handler


@pytest.fixture
def serve() -> Iterator[Callable[..., FakeServer]]:
    """Start fake servers on free ports in threads; ``on_chat`` runs for every chat completion."""
    started: list[ThreadingHTTPServer] = []

    def start(on_chat: Callable[[FakeServer], None] = lambda s: None) -> FakeServer:
        fake = FakeServer("", VllmMetrics())
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake, on_chat))
        fake.url = f"http://127.0.0.1:{httpd.server_address[1]}"
        threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        started.append(httpd)
        return fake

    yield start
    for httpd in started:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def dead_url() -> Iterator[str]:
    """A port nothing listens on: bound and never listening, held for the test (a port closed at once could be
    taken meanwhile by another test's server, on this worker or another: a connection where none should be)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/metrics"
