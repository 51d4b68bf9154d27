"""The canary against a real HTTP server serving prometheus_client text with vLLM's metric names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aeon_release.domain import canary, profile
from aeon_release.errors import ConfigError
from tests.canary.conftest import GEMMA, QWEN, FakeServer
from tests.helpers import Result as Run

WINDOW = "0.2"
# Qwen3.6-27B + DFlash, 12 draft tokens: 3 accepted per draft -> MAL 4.0, acceptance 25 %.
QWEN_HEALTHY = [400, 300, 200, 120, 80, 50, 30, 12, 5, 2, 1, 0]
# A mis-wired drafter: 3 tokens accepted over 1000 drafts -> MAL 1.003.
COLLAPSED = [3] + [0] * 11


@pytest.fixture
def config(repo_root: Path) -> str:
    """The fleet's real canary.yaml."""
    return str(repo_root)


def canary_args(server: FakeServer, config: str, *extra: str) -> tuple[str, ...]:
    return ("canary", "--metrics-url", server.metrics_url, "--window", WINDOW, "--config", config, *extra)


def test_healthy_window(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    server = serve()
    server.metrics.add(QWEN, 5000, 12, [x * 10 for x in QWEN_HEALTHY])  # history before the window
    server.metrics.add(GEMMA, 100, 10, COLLAPSED)  # another model on the same endpoint: filtered out
    server.on_scrape[2] = lambda: server.metrics.add(QWEN, 400, 12, QWEN_HEALTHY)

    run = cli(*canary_args(server, config, "--model", QWEN, "--json"))

    assert run.code == 0, run.err
    report = run.json()
    assert report["mal"] == 4.0
    assert report["acceptance_percent"] == 25.0
    assert report["deltas"] == {"drafts": 400.0, "draft_tokens": 4800.0, "accepted_tokens": 1200.0}
    assert report["per_position_acceptance"]["0"] == 1.0
    assert report["per_position_acceptance"]["1"] == 0.75
    assert report["band"]["name"] == "qwen3.6-27b-dflash"
    assert report["verdict"] == "healthy" and report["counter_reset"] is False
    assert 0.2 <= report["window_seconds"] < 5
    assert server.scrapes == 2
    assert "healthy" in run.err and "MAL 4.000" in run.err


def test_collapsed_window_is_an_alarm(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    server = serve()
    server.metrics.add(QWEN, 5000, 12, [x * 10 for x in QWEN_HEALTHY])
    server.on_scrape[2] = lambda: server.metrics.add(QWEN, 1000, 12, COLLAPSED)

    run = cli(*canary_args(server, config, "--json"))  # the only model: picked from the labels

    assert run.code == 1
    assert run.json()["mal"] == pytest.approx(1.003)
    assert run.json()["verdict"] == "below-band"
    assert "MAL 1.003" in run.err and "below the healthy floor" in run.err
    assert "mis-wired drafter" in run.err and "layer-id offset" in run.err


def test_counter_reset_uses_counts_since_restart(
    serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str
) -> None:
    server = serve()
    server.metrics.add(QWEN, 9000, 12, [x * 20 for x in QWEN_HEALTHY])

    def restart_then_serve() -> None:
        server.metrics.restart()
        server.metrics.add(QWEN, 200, 12, [x // 2 for x in QWEN_HEALTHY])

    server.on_scrape[2] = restart_then_serve
    run = cli(*canary_args(server, config, "--model", QWEN, "--json"))

    assert run.code == 0, run.err
    report = run.json()
    assert report["counter_reset"] is True
    assert report["deltas"]["drafts"] == 200.0
    assert report["mal"] == 1 + sum(x // 2 for x in QWEN_HEALTHY) / 200
    assert "server restarted" in run.err


def test_no_drafts_in_window(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    server = serve()
    server.metrics.add(QWEN, 5000, 12, [x * 10 for x in QWEN_HEALTHY])

    run = cli(*canary_args(server, config))

    assert run.code == 2
    assert "no drafts happened" in run.err and "--traffic-url" in run.err
    assert server.scrapes == 2


def test_unreachable_endpoint(cli: Callable[..., Run], dead_url: str, config: str) -> None:
    run = cli("canary", "--metrics-url", dead_url, "--window", WINDOW, "--config", config)

    assert run.code == 2
    assert "unreachable" in run.err and dead_url in run.err
    assert "Traceback" not in run.err


def test_endpoint_without_spec_decode_counters(
    serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str
) -> None:
    server = serve()
    server.body = b'# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{model_name="m"} 1\n'

    run = cli(*canary_args(server, config))

    assert run.code == 2
    assert "no spec-decode counters" in run.err and "speculative decoding enabled" in run.err


def test_not_prometheus_text(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    server = serve()
    server.body = b"<html><body>hello</body></html>\n"

    run = cli(*canary_args(server, config))

    assert run.code == 2
    assert "Traceback" not in run.err
    assert "did not return Prometheus text: invalid metric name" in run.err


def test_not_prometheus_text_with_no_parser_reason(
    serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str
) -> None:
    server = serve()
    server.body = b"# TYPE\n"  # prometheus_client raises a ValueError with an empty message here
    run = cli(*canary_args(server, config))
    assert run.code == 2
    assert "did not return Prometheus text: unparsable line in a body that starts with '# TYPE'" in run.err


def test_traffic_url_sends_bounded_chat_completions(
    serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str
) -> None:
    vllm = serve()
    vllm.metrics.add(QWEN, 5000, 12, [x * 10 for x in QWEN_HEALTHY])
    # The chat server drives the metrics server, as one vLLM does: each completion drafts.
    chat = serve(on_chat=lambda s: vllm.metrics.add(QWEN, 100, 12, QWEN_HEALTHY[:4] + [0] * 8))

    run = cli(*canary_args(vllm, config, "--model", QWEN, "--traffic-url", chat.url, "--json"))

    assert run.code == 0, run.err
    assert len(chat.chats) == len(canary.TRAFFIC_PROMPTS)
    assert all(c["model"] == QWEN and c["max_tokens"] == canary.TRAFFIC_MAX_TOKENS for c in chat.chats)
    assert all(c["messages"][0]["role"] == "user" for c in chat.chats)
    assert run.json()["deltas"]["drafts"] == 100.0 * len(canary.TRAFFIC_PROMPTS)
    assert chat.scrapes == 0  # only the URLs given, each for its purpose


def test_traffic_url_unreachable(
    serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str, dead_url: str
) -> None:
    vllm = serve()
    vllm.metrics.add(QWEN, 5, 12, QWEN_HEALTHY)

    run = cli(*canary_args(vllm, config, "--traffic-url", dead_url.removesuffix("/metrics")))

    assert run.code == 2 and "traffic endpoint" in run.err


def test_min_mal_alarms_without_a_band(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    server = serve()
    server.on_scrape[2] = lambda: server.metrics.add("acme/unbanded-7b", 100, 4, [100, 50, 0, 0])

    alarm = cli(*canary_args(server, config, "--min-mal", "3.0"))  # MAL 2.5
    assert alarm.code == 1 and "--min-mal 3" in alarm.err
    server.scrapes = 0
    assert cli(*canary_args(server, config, "--min-mal", "2.4")).code == 0


def test_min_mal_tightens_a_band(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    server = serve()
    server.on_scrape[2] = lambda: server.metrics.add(QWEN, 400, 12, QWEN_HEALTHY)  # MAL 4.0, in band

    run = cli(*canary_args(server, config, "--min-mal", "4.5"))

    assert run.code == 1 and "--min-mal 4.5" in run.err


def test_no_band_and_no_min_mal_is_not_judged(
    serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str
) -> None:
    server = serve()
    server.on_scrape[2] = lambda: server.metrics.add("acme/unbanded-7b", 100, 4, [100, 50, 0, 0])

    run = cli(*canary_args(server, config))

    assert run.code == 2
    assert "MAL 2.500" in run.out and "no healthy band" in run.err and "--min-mal" in run.err


def test_the_no_band_hint_is_a_band_that_loads(
    serve: Callable[..., FakeServer], cli: Callable[..., Run], repo_root: Path, tmp_path: Path
) -> None:
    """ "add a band to canary.yaml" named no form (no schema command prints one): a stranger with a new
    model had to find this repository's canary.yaml. The hint is a band for the model measured; filled
    in, it judges the next run."""
    config = tmp_path / "ledger"
    config.mkdir()
    (config / "fleet.yaml").write_text((repo_root / "fleet.yaml").read_text())
    server = serve()
    for scrape in (2, 4):
        server.on_scrape[scrape] = lambda: server.metrics.add("acme/unbanded-7b", 100, 4, [100, 50, 0, 0])
    run = cli(*canary_args(server, str(config)))
    assert run.code == 2 and "hint: add one to canary.yaml: `bands: [" in run.err, run.err
    band = run.err.split("`")[1].replace("LOW", "2.0").replace("HIGH", "3.0")
    assert "acme/unbanded-7b" in band
    (config / "canary.yaml").write_text(band + "\n")
    judged = cli(*canary_args(server, str(config)))
    assert judged.code == 0 and "healthy" in judged.out, judged.err


@pytest.mark.parametrize("model", ["1.5", "true", "null", "Acme/Model-7B"])
def test_the_band_hint_loads_for_a_model_yaml_reads_as_another_type(tmp_path: Path, model: str) -> None:
    """The band's name was written bare: a model served as "1.5" or "true" gave a band YAML reads as a
    number or a boolean, and canary.yaml, filled in as hinted, was refused."""
    from aeon_release.commands.canary import _band_hint

    band = _band_hint(model).split("`")[1].replace("LOW", "2.0").replace("HIGH", "3.0")
    (tmp_path / "canary.yaml").write_text(band + "\n")
    found = canary.find_band(canary.load_bands(tmp_path), model)
    assert found is not None and found.name == model.lower()


def test_several_models_need_model(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    server = serve()
    server.metrics.add(QWEN, 1, 12, QWEN_HEALTHY)
    server.metrics.add(GEMMA, 1, 10, COLLAPSED)

    run = cli(*canary_args(server, config))
    assert run.code == 2 and "--model" in run.err and QWEN in run.err

    unknown = cli(*canary_args(server, config, "--model", "nope"))
    assert unknown.code == 2 and "no spec-decode counters for model 'nope'" in unknown.err


# -- bands -----------------------------------------------------------------------------------
def test_fleet_bands_match_by_glob_in_file_order(repo_root: Path) -> None:
    bands = canary.load_bands(repo_root)
    by_model = {m: canary.find_band(bands, m) for m in (QWEN, GEMMA, "qwen3.6-27b-dspark", "acme/other")}
    names = {m: b.name if b else None for m, b in by_model.items()}
    assert names == {
        QWEN: "qwen3.6-27b-dflash",
        GEMMA: "gemma-4-26b-a4b-dflash",
        "qwen3.6-27b-dspark": "dspark",
        "acme/other": None,
    }
    gemma = by_model[GEMMA]
    assert gemma is not None and (gemma.mal.low, gemma.mal.high) == (2.88, 3.38)
    assert gemma.acceptance_percent is not None and gemma.acceptance_percent.low == 18.8


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (
            "bands:\n  - {name: a, match: ['*a*'], mal: {min: 3, max: 2}}\n",
            "canary.yaml: bands[0].mal: min 3.0 is above max 2.0",
        ),
        (
            "bands:\n  - {name: a, match: ['*a*'], mal: {min: 1, max: 2}, colour: red}\n",
            "canary.yaml: bands[0].colour: unknown key",
        ),
        (
            "bands:\n  - {name: a, match: [], mal: {min: 1, max: 2}}\n",
            "canary.yaml: bands[0].match: needs at least one glob",
        ),
        (
            "bands:\n  - {name: a, match: ['*'], mal: {min: one, max: 2}}\n",
            "canary.yaml: bands[0].mal.min: expected a number",
        ),
        (
            "bands:\n  - {name: a, match: ['*'], mal: {min: 1, max: 2}, acceptance_percent: {min: 20, max: 250}}\n",
            "canary.yaml: bands[0].acceptance_percent.max: 250.0 is above 100",
        ),
        (
            "bands:\n  - {name: a, match: ['*x*'], mal: {min: 1, max: 2}}\n"
            "  - {name: a, match: ['*y*'], mal: {min: 2, max: 3}}\n",
            "canary.yaml: bands[1].name: 'a' names an earlier band too",
        ),
    ],
)
def test_bad_bands_name_their_place(tmp_path: Path, text: str, where: str) -> None:
    (tmp_path / "canary.yaml").write_text(text)
    with pytest.raises(ConfigError) as caught:
        canary.load_bands(tmp_path)
    assert caught.value.message.startswith(where)


def test_bad_bands_exit_2(tmp_path: Path, cli: Callable[..., Run], dead_url: str) -> None:
    (tmp_path / "canary.yaml").write_text("bands: {}\n")
    run = cli("canary", "--metrics-url", dead_url, "--config", str(tmp_path))
    assert run.code == 2 and "canary.yaml: bands: expected a list" in run.err


def test_chat_url_forms() -> None:
    for given_url in ("http://h:8000", "http://h:8000/", "http://h:8000/v1", "http://h:8000/v1/chat/completions"):
        assert canary.chat_url(given_url) == "http://h:8000/v1/chat/completions"


# The fleet's counter names (fleet.yaml at the repository root).
METRICS = profile.load(Path(__file__).resolve().parents[2]).metrics()
_SERIES = st.dictionaries(
    st.tuples(st.sampled_from(METRICS.counters[:3]), st.just((("model_name", "m"),))),
    st.integers(min_value=0, max_value=10**9).map(float),
)


@given(start=_SERIES, end=_SERIES)
def test_deltas_are_never_negative(
    start: dict[tuple[str, tuple[tuple[str, str], ...]], float],
    end: dict[tuple[str, tuple[tuple[str, str], ...]], float],
) -> None:
    d = canary.deltas(start, end, METRICS)
    assert min(d.drafts, d.draft_tokens, d.accepted) >= 0
    if d.drafts > 0:
        assert 1 + d.accepted / d.drafts >= 1


def test_counters_without_model_labels(serve: Callable[..., FakeServer], cli: Callable[..., Run], config: str) -> None:
    """A server that does not label by model: --model still picks the band, nothing is filtered out."""
    server = serve()
    server.body = b"# TYPE vllm:spec_decode_num_drafts counter\nvllm:spec_decode_num_drafts_total 10\n"

    def serve_deltas() -> None:
        server.body = (
            b"vllm:spec_decode_num_drafts_total 110\nvllm:spec_decode_num_draft_tokens_total 1000\n"
            b"vllm:spec_decode_num_accepted_tokens_total 230\n"
        )

    server.on_scrape[2] = serve_deltas
    run = cli(*canary_args(server, config, "--model", GEMMA, "--json"))

    assert run.code == 0, run.err
    assert run.json()["mal"] == 3.3 and run.json()["band"]["name"] == "gemma-4-26b-a4b-dflash"


@pytest.mark.parametrize("option", ["--metrics-url", "--traffic-url"])
@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/metrics", "127.0.0.1:8000/metrics"])
def test_only_http_urls(cli: Callable[..., Run], config: str, dead_url: str, option: str, url: str) -> None:
    args = {"--metrics-url": dead_url, option: url}
    run = cli("canary", *[w for pair in args.items() for w in pair], "--config", config)
    assert run.code == 2 and "is not an http(s) URL" in run.err
