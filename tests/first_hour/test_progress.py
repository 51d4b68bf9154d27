"""Long steps show progress: a push counts its layers as the engine reports them."""

from __future__ import annotations

from aeon_release.adapters import docker as engine


def test_push_progress_counts_layers_as_the_engine_reports_them() -> None:
    # The engine's push stream, in the shape dockerd 20.10 sends it (the real push tests run it).
    stream = [
        {"status": "The push refers to repository [127.0.0.1:5000/aeon/app]"},
        {"status": "Preparing", "progressDetail": {}, "id": "a1"},
        {"status": "Preparing", "progressDetail": {}, "id": "b2"},
        {"status": "Pushing", "progressDetail": {"current": 512, "total": 2048}, "id": "a1"},
        {"status": "Layer already exists", "progressDetail": {}, "id": "b2"},
        {"status": "Pushed", "progressDetail": {}, "id": "a1"},
        {"status": "v1: digest: sha256:" + "0" * 64 + " size: 739"},
        {"progressDetail": {}, "aux": {"Tag": "v1", "Digest": "sha256:" + "0" * 64, "Size": 739}},
    ]
    seen: list[tuple[int, int]] = []
    layers: dict[str, engine.PushEvent] = {}

    def progress(event: engine.PushEvent) -> None:
        layers[event.layer] = event
        seen.append((sum(1 for e in layers.values() if e.done), len(layers)))

    assert engine._digest_from_stream(iter(stream), "127.0.0.1:5000/aeon/app:v1", progress) == "sha256:" + "0" * 64
    assert seen == [(0, 1), (0, 2), (0, 2), (1, 2), (2, 2)]
