"""The MAL canary: is the speculative decoder still accepting drafts after a release?

A mis-wired drafter (a layer-id offset applied twice by a clean merge) keeps the output correct
while acceptance collapses; the one number that catches it in production is the mean acceptance
length (MAL).  The canary scrapes the server's Prometheus counters at the start and at the end of a
window and computes, from the deltas:

* MAL = 1 + accepted / drafts
* acceptance rate = accepted / draft_tokens
* per-position acceptance = accepted_per_pos[p] / drafts

Counters are summed over every series of a metric (engines, ...) after filtering by the
``model_name`` label.  A counter that went down between the scrapes means the server restarted in
the window: then the end values (everything counted since the restart) are used as the deltas, for
every counter, so the ratios stay consistent.

Healthy bands are data, in ``canary.yaml`` at the top of the config folder::

    bands:
      - name: qwen3.6-27b-dflash
        match: ["*qwen3.6-27b*"]          # shell globs, case-insensitive, on the model name
        mal: {min: 3.40, max: 4.82}
        acceptance_percent: {min: 20.0, max: 31.8}   # optional

Matching rule: the model name (``--model``, else the single ``model_name`` the endpoint reports)
is lower-cased and compared with each band's ``match`` globs in file order; the first band with a
matching glob wins, so put the more specific bands first.

This is the only module that imports ``prometheus_client``.  It only ever talks to the URLs it is
given.
"""

from __future__ import annotations

import base64
import enum
import fnmatch
import http.client
import json
import math
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from aeon_release.adapters.deadline import within
from aeon_release.adapters.yamlio import Where, as_float, items, load_yaml, mapping, sequence, string, type_name
from aeon_release.domain import profile
from aeon_release.domain.ledger import no_folder
from aeon_release.domain.profile import CanaryMetrics
from aeon_release.errors import (
    ConfigError,
    NeedsHuman,
    ServiceError,
    UsageError,
    credentials_in_url,
    quoted,
    register_secret,
)

CANARY_FILE = "canary.yaml"

SCRAPE_TIMEOUT = 10.0  # per read
SCRAPE_DEADLINE = 30.0  # the whole scrape: a server that trickles bytes cannot hold the canary
TRAFFIC_TIMEOUT = 20.0
TRAFFIC_DEADLINE = 60.0
MAX_BODY = 16 * 1024 * 1024  # a serving engine's /metrics is well under 1 MB
# prometheus_client's parser takes time quadratic in a line's labels (it slices the rest of the line at each
# one): one line of 1.5 million labels, inside MAX_BODY, held the canary for about half an hour.  A real line
# (a histogram bucket's labels, a model's path) is a few hundred characters.
MAX_LINE = 64 * 1024
MAX_WINDOW = 24 * 3600.0
TRAFFIC_PROMPTS = (
    "Count from 1 to 30, separated by commas.",
    "Write the English alphabet in order, separated by spaces.",
    "List the first twenty even numbers.",
    "Repeat the sentence 'the quick brown fox jumps over the lazy dog' three times.",
)
TRAFFIC_MAX_TOKENS = 96

_DRAFTER_HINT = (
    "likely a mis-wired drafter: the output stays correct while acceptance collapses; "
    "check the drafter layer-id offset audit on this release"
)
_TRAFFIC_HINT = (
    "send traffic to the server during the window, or pass --traffic-url to send a few chat completions first"
)


# -- bands -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Range:
    low: float
    high: float

    def as_dict(self) -> dict[str, float]:
        return {"min": self.low, "max": self.high}


@dataclass(frozen=True)
class Band:
    """A healthy range for a model + drafter, as kept in canary.yaml."""

    name: str
    match: tuple[str, ...]
    mal: Range
    acceptance_percent: Range | None = None

    def matches(self, model: str) -> bool:
        return any(fnmatch.fnmatchcase(model.lower(), glob.lower()) for glob in self.match)

    def as_dict(self) -> dict[str, Any]:
        accept = self.acceptance_percent.as_dict() if self.acceptance_percent else None
        return {"name": self.name, "match": list(self.match), "mal": self.mal.as_dict(), "acceptance_percent": accept}


def _number(node: Any, where: Where) -> float:
    if isinstance(node, bool) or not isinstance(node, (int, float)):
        raise where.fail(f"expected a number, got {type_name(node)}")
    value = as_float(node, where)
    if not math.isfinite(value) or value < 0:
        raise where.fail(f"expected a finite, non-negative number, got {node}")
    return value


def _range(node: Any, where: Where, ceiling: float = math.inf) -> Range:
    data = mapping(node, where, required=("min", "max"))
    low, high = _number(data["min"], where.key("min")), _number(data["max"], where.key("max"))
    if low > high:
        raise where.fail(f"min {low} is above max {high}")
    if high > ceiling:
        raise where.key("max").fail(f"{high} is above {ceiling:g}", "a percentage is at most 100")
    return Range(low, high)


def _band(node: Any, where: Where) -> Band:
    data = mapping(node, where, required=("name", "match", "mal"), optional=("acceptance_percent", "notes"))
    globs = items(data, "match", where, "list the model names the band is for, e.g. match: ['*qwen3*']")
    if not globs:
        raise where.key("match").fail("needs at least one glob", "e.g. match: ['*qwen3.6-27b*']")
    return Band(
        name=string(data["name"], where.key("name")),
        match=tuple(string(g, where.key("match").index(i)) for i, g in enumerate(globs)),
        mal=_range(data["mal"], where.key("mal")),
        acceptance_percent=_range(data["acceptance_percent"], where.key("acceptance_percent"), ceiling=100.0)
        if "acceptance_percent" in data
        else None,
    )


def parse_bands(data: Any, label: str = CANARY_FILE) -> tuple[Band, ...]:
    if data is None:
        return ()
    root = Where(label, guide="a band is name, match: [globs], mal: {min, max} and optionally acceptance_percent")
    top = mapping(data, root, required=(), optional=("bands",))
    if top.get("bands") is None:  # `{}` or `bands:` left empty says no more than an empty file
        raise root.key("bands").fail("names no bands (left empty)", _NO_BANDS)
    bands = tuple(
        _band(b, root.key("bands").index(i)) for i, b in enumerate(sequence(top.get("bands"), root.key("bands")))
    )
    seen: set[str] = set()
    for i, band in enumerate(bands):
        if band.name in seen:  # the report names the band that judged: two of one name cannot be told apart
            raise root.key("bands").index(i).key("name").fail(f"{quoted(band.name)} names an earlier band too")
        seen.add(band.name)
    return bands


def load_bands(config_dir: Path) -> tuple[Band, ...]:
    """The healthy bands in ``<config_dir>/canary.yaml``; none when the file is absent."""
    if not config_dir.is_dir():
        raise ConfigError(f"{config_dir}: {no_folder(config_dir)}", "pass --config the folder holding canary.yaml")
    return parse_bands(load_yaml(config_dir / CANARY_FILE, empty=_NO_BANDS))


_NO_BANDS = "write the healthy bands (`bands: [...]`), or delete canary.yaml to judge by --min-mal alone"


def find_band(bands: Iterable[Band], model: str | None) -> Band | None:
    if model is None:
        return None
    return next((band for band in bands if band.matches(model)), None)


# -- scraping --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scrape:
    """The spec-decode counters of one scrape, per series: (metric, labels) -> value."""

    series: dict[tuple[str, tuple[tuple[str, str], ...]], float]
    models: frozenset[str]

    def select(self, model: str | None) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        if model is None:
            return dict(self.series)
        return {key: v for key, v in self.series.items() if dict(key[1]).get("model_name") == model}


def http_url(url: str, option: str) -> str:
    """Only http(s) (urllib would also open file:// and ftp:// URLs), no whitespace or control
    characters (a header could be smuggled into the request line), a host and a port that parse.
    A password in the URL is registered as a secret: no message or file ever shows it."""
    example = f"e.g. {option} http://127.0.0.1:8000/metrics"
    if any(ch.isspace() or not ch.isprintable() for ch in url):
        raise UsageError(f"{option} {quoted(url)} has whitespace or control characters", example)
    try:
        parsed = urllib.parse.urlsplit(url)
        parsed.port  # noqa: B018 - a port that is not a number, or out of range, raises here
    except ValueError as exc:
        raise UsageError(f"{option} {quoted(url)} is not a URL: {exc}", example) from None
    register_secret(parsed.password)
    if not parsed.password:  # ``http://TOKEN@host/``: the user part alone is the credential sent (Basic TOKEN:)
        register_secret(parsed.username)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise UsageError(f"{option} {quoted(url)} is not an http(s) URL", example)
    # urllib percent-decodes the host before it connects: ``http://%00/`` reached http.client as a NUL
    host = urllib.parse.unquote(parsed.hostname)
    if any(ch.isspace() or not ch.isprintable() for ch in host):
        raise UsageError(
            f"{option} {quoted(url)} has a host of whitespace or control characters (percent-encoded)", example
        )
    return url


def _request(url: str, headers: dict[str, str], **options: Any) -> urllib.request.Request:
    """A request for ``url``; credentials in it (``http://user:pass@host/``) become a Basic
    Authorization header, which urllib would otherwise take for part of the host name.  The header
    is not redirected: a redirect to another host never carries it."""
    parsed = urllib.parse.urlsplit(url)
    if parsed.username is None and parsed.password is None:
        return urllib.request.Request(url, headers=headers, **options)
    host = parsed.hostname or ""
    netloc = f"[{host}]" if ":" in host else host
    netloc += f":{parsed.port}" if parsed.port is not None else ""
    user = urllib.parse.unquote(parsed.username or "")
    password = urllib.parse.unquote(parsed.password or "")
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    request = urllib.request.Request(
        urllib.parse.urlunsplit(parsed._replace(netloc=netloc)), headers=headers, **options
    )
    request.add_unredirected_header("Authorization", f"Basic {token}")
    return request


class _HttpOnly(urllib.request.HTTPRedirectHandler):
    """Redirects followed to http(s) only: urllib's own handler follows one to ``ftp://`` too, so a
    server could send the canary to any FTP host (the URLs a person gives are checked the same way)."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        scheme = urllib.parse.urlsplit(newurl).scheme
        if scheme.lower() not in ("http", "https"):
            fp.close()  # the redirect's own answer: urllib closes it only when it follows
            raise _Redirected(f"redirected to a {scheme or 'schemeless'}:// address, not http(s)")
        if credentials_in_url(newurl):  # its password was printed, its ``token@host`` looked up as a host name
            fp.close()
            raise _Redirected("redirected to an address with credentials in it (user:password@host), not followed")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class _Redirected(urllib.error.URLError):
    """A redirect the canary does not follow."""


_OPENER = urllib.request.build_opener(_HttpOnly)


# http.client's own errors (HTTPException) are no OSError: a server answering bytes that are not HTTP (a
# status line of another protocol, a header line past 64 KiB, more than 100 headers, a broken chunk) or a
# redirect to a host of control characters was a traceback
_UNREACHABLE = (urllib.error.URLError, OSError, ValueError, http.client.HTTPException)


def _failed(exc: BaseException) -> str:
    """What went wrong with an exchange, for the line after the endpoint's URL."""
    if isinstance(exc, http.client.InvalidURL):  # the URL given was checked: this one came in a redirect
        return f"redirected to no address http can open ({str(exc)[:120]})"
    if isinstance(exc, http.client.HTTPException) and not isinstance(exc, OSError):
        said = str(exc).strip() or "no status line"
        return f"did not answer HTTP ({type(exc).__name__}: {said[:120]})"
    return f"is unreachable: {getattr(exc, 'reason', exc)}"


def fetch_text(url: str, timeout: float = SCRAPE_TIMEOUT, deadline: float | None = None) -> str:
    """The body at ``url``: at most MAX_BODY bytes, within ``deadline`` seconds overall (SCRAPE_DEADLINE)."""
    return within(
        SCRAPE_DEADLINE if deadline is None else deadline,
        f"metrics endpoint {url}",
        lambda: _fetch_text(url, timeout),
        "is the server up and answering? check --metrics-url",
    )


def _fetch_text(url: str, timeout: float) -> str:
    request = _request(url, {"Accept": "text/plain"})
    try:
        with _OPENER.open(request, timeout=timeout) as response:
            body = response.read(MAX_BODY + 1)
            if len(body) > MAX_BODY:
                raise ServiceError(
                    f"metrics endpoint {url} sent more than {MAX_BODY} bytes",
                    "pass --metrics-url the server's /metrics URL",
                )
            return str(body.decode("utf-8", errors="replace"))
    except urllib.error.HTTPError as exc:
        raise ServiceError(
            f"metrics endpoint {url} answered HTTP {exc.code}", "pass --metrics-url the server's /metrics URL"
        ) from None
    except _Redirected as exc:
        raise ServiceError(
            f"metrics endpoint {url} {exc.reason}", "pass --metrics-url the server's own http(s) /metrics URL"
        ) from None
    except _UNREACHABLE as exc:
        raise ServiceError(f"metrics endpoint {url} {_failed(exc)}", "is the server up? check --metrics-url") from None


def parse_scrape(text: str, url: str, metrics: CanaryMetrics) -> Scrape:
    try:
        from prometheus_client.parser import text_string_to_metric_families
    except ImportError:
        raise UsageError(
            "the canary needs the prometheus_client package",
            "pip install prometheus_client into aeon-release's environment",
        ) from None
    _check_lines(text, url)
    wanted = {name: name for name in metrics.counters} | {f"{name}_total": name for name in metrics.counters}
    series: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    try:
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name in wanted:
                    key = (wanted[sample.name], tuple(sorted(sample.labels.items())))
                    series[key] = _counter(float(sample.value), sample.name, url)
    except (ValueError, RecursionError) as exc:
        # the parser's message can be empty: then say what the text looked like instead
        reason = str(exc).strip() or f"unparsable line in a body that starts with {text.strip()[:60]!r}"
        raise ServiceError(
            f"{url} did not return Prometheus text: {reason}", "pass --metrics-url the server's /metrics URL"
        ) from None
    models = frozenset(dict(labels).get("model_name", "") for _, labels in series) - {""}
    return Scrape(series, models)


def _check_lines(text: str, url: str) -> None:
    """ServiceError naming the first line longer than MAX_LINE, before the parser's quadratic walk of it."""
    if len(text) <= MAX_LINE:
        return
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE:
            raise ServiceError(
                f"{url} did not return Prometheus text: line {number} is {len(line)} characters long, "
                f"past the {MAX_LINE} any real metrics line stays under",
                "pass --metrics-url the server's /metrics URL",
            )


_MAX_COUNT = float(2**53)  # beyond this a float no longer holds an exact count


def _counter(value: float, name: str, url: str) -> float:
    """A counter's value; NaN, infinity or a negative count is a broken endpoint, never a number to judge."""
    if not math.isfinite(value) or value < 0 or value > _MAX_COUNT:
        raise ServiceError(
            f"{url}: counter {name} is {value}, not a finite count",
            "the endpoint's spec-decode counters are broken; nothing was judged",
        )
    return value


def scrape(url: str, metrics: CanaryMetrics) -> Scrape:
    return parse_scrape(fetch_text(url), url, metrics)


# -- the numbers -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Deltas:
    drafts: float
    draft_tokens: float
    accepted: float
    per_position: dict[int, float]
    reset: bool  # a counter went down: the server restarted in the window


def _sum(series: Mapping[tuple[str, tuple[tuple[str, str], ...]], float], metric: str) -> float:
    return sum(value for (name, _), value in series.items() if name == metric)


def _per_position(series: Mapping[tuple[str, tuple[tuple[str, str], ...]], float], metric: str) -> dict[int, float]:
    out: dict[int, float] = {}
    for (name, labels), value in series.items():
        position = dict(labels).get("position")
        # A position is a small index: int() of a 5,000-digit label would raise, not count.
        if name == metric and position and position.isascii() and position.isdigit() and len(position) <= 6:
            out[int(position)] = out.get(int(position), 0.0) + value
    return dict(sorted(out.items()))


def deltas(
    start: Mapping[tuple[str, tuple[tuple[str, str], ...]], float],
    end: Mapping[tuple[str, tuple[tuple[str, str], ...]], float],
    metrics: CanaryMetrics,
) -> Deltas:
    """End minus start; after a restart (any series went down or vanished) the end values."""
    reset = any(key not in end or end[key] < value for key, value in start.items())
    base: Mapping[tuple[str, tuple[tuple[str, str], ...]], float] = {} if reset else start
    diff = {key: value - base.get(key, 0.0) for key, value in end.items()}
    return Deltas(
        _sum(diff, metrics.drafts),
        _sum(diff, metrics.draft_tokens),
        _sum(diff, metrics.accepted),
        _per_position(diff, metrics.accepted_per_pos),
        reset,
    )


def check_deltas(d: Deltas) -> None:
    """Deltas a healthy server can produce: finite, non-negative, no more accepted than drafted."""
    named = {
        "drafts": d.drafts,
        "draft tokens": d.draft_tokens,
        "accepted tokens": d.accepted,
        **{f"accepted at position {p}": v for p, v in d.per_position.items()},
    }
    for name, value in named.items():
        if not math.isfinite(value) or value < 0:
            raise ServiceError(
                f"the {name} delta is {value}: the counters are not usable counts",
                "the endpoint's spec-decode counters are broken; nothing was judged",
            )
    if d.draft_tokens > 0 and d.accepted > d.draft_tokens:
        raise ServiceError(
            f"{d.accepted:g} accepted tokens out of {d.draft_tokens:g} drafted: the counters disagree",
            "the endpoint's spec-decode counters are broken; nothing was judged",
        )


class Verdict(enum.Enum):
    HEALTHY = "healthy"
    BELOW = "below-band"
    ABOVE = "above-band"
    NO_BAND = "no-band"


@dataclass(frozen=True)
class CanaryReport:
    metrics_url: str
    model: str | None
    window_seconds: float
    deltas: Deltas
    band: Band | None
    min_mal: float | None
    verdict: Verdict
    notes: tuple[str, ...] = field(default=())

    @property
    def mal(self) -> float:
        return 1.0 + self.deltas.accepted / self.deltas.drafts

    @property
    def acceptance_percent(self) -> float | None:
        if self.deltas.draft_tokens <= 0:
            return None
        return 100.0 * (self.deltas.accepted / self.deltas.draft_tokens)

    @property
    def per_position(self) -> dict[int, float]:
        return {p: v / self.deltas.drafts for p, v in self.deltas.per_position.items()}

    def as_dict(self) -> dict[str, Any]:
        d = self.deltas
        return {
            "metrics_url": self.metrics_url,
            "model": self.model,
            "window_seconds": round(self.window_seconds, 3),
            "mal": round(self.mal, 4),
            "acceptance_percent": _round(self.acceptance_percent),
            "per_position_acceptance": {str(p): round(v, 4) for p, v in self.per_position.items()},
            "deltas": {"drafts": d.drafts, "draft_tokens": d.draft_tokens, "accepted_tokens": d.accepted},
            "counter_reset": d.reset,
            "band": self.band.as_dict() if self.band else None,
            "min_mal": self.min_mal,
            "verdict": self.verdict.value,
            "notes": list(self.notes),
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def judge(mal: float, band: Band | None, min_mal: float | None) -> Verdict:
    if (band is not None and mal < band.mal.low) or (min_mal is not None and mal < min_mal):
        return Verdict.BELOW
    if band is None:
        return Verdict.HEALTHY if min_mal is not None else Verdict.NO_BAND
    return Verdict.ABOVE if mal > band.mal.high else Verdict.HEALTHY


def _notes(report_deltas: Deltas, band: Band | None, acceptance: float | None, model: str | None) -> tuple[str, ...]:
    notes = []
    if report_deltas.reset:
        notes.append(
            "counters went down between the scrapes: the server restarted in the window; "
            "using the counts since the restart"
        )
    if (
        band is not None
        and band.acceptance_percent is not None
        and acceptance is not None
        and acceptance < band.acceptance_percent.low
    ):
        notes.append(f"acceptance {acceptance:.1f} % is below the band's {band.acceptance_percent.low:g} %")
    if band is None:
        notes.append(f"no healthy band in {CANARY_FILE} matches model {model or '(unknown)'}")
    return tuple(notes)


# -- traffic ---------------------------------------------------------------------------------
def chat_url(traffic_url: str) -> str:
    """``http://h:8000``, ``.../v1`` or ``.../v1/chat/completions`` -> the chat completions URL."""
    base = traffic_url.rstrip("/")
    if base.endswith("/chat/completions"):
        return base
    return f"{base}/chat/completions" if base.endswith("/v1") else f"{base}/v1/chat/completions"


def send_traffic(traffic_url: str, model: str | None, prompts: Iterable[str] = TRAFFIC_PROMPTS) -> int:
    """POST a few short, bounded chat completions; return how many succeeded."""
    url = chat_url(traffic_url)
    sent = 0
    for prompt in prompts:
        body: dict[str, Any] = {
            "messages": [{"role": "user", "content": prompt}],
            "max_tokens": TRAFFIC_MAX_TOKENS,
            "temperature": 0,
        }
        if model:
            body["model"] = model
        _post(url, body)
        sent += 1
    return sent


def _post(url: str, body: Mapping[str, Any]) -> None:
    within(TRAFFIC_DEADLINE, f"traffic endpoint {url}", lambda: _post_once(url, body), "check --traffic-url")


def _post_once(url: str, body: Mapping[str, Any]) -> None:
    request = _request(url, {"Content-Type": "application/json"}, data=json.dumps(body).encode(), method="POST")
    try:
        with _OPENER.open(request, timeout=TRAFFIC_TIMEOUT) as response:
            response.read(MAX_BODY)
    except urllib.error.HTTPError as exc:
        raise ServiceError(
            f"traffic endpoint {url} answered HTTP {exc.code}",
            "pass --traffic-url the OpenAI-compatible server, and --model its served model name",
        ) from None
    except _Redirected as exc:
        raise ServiceError(
            f"traffic endpoint {url} {exc.reason}", "pass --traffic-url the server's own http(s) URL"
        ) from None
    except _UNREACHABLE as exc:
        raise ServiceError(f"traffic endpoint {url} {_failed(exc)}", "check --traffic-url") from None


# -- the run ---------------------------------------------------------------------------------
def _pick_model(first: Scrape, second: Scrape, model: str | None, url: str) -> tuple[str | None, str | None]:
    """(the model name for the band, the model_name label to filter by; None: no filter)."""
    seen = first.models | second.models
    if model is not None:
        if seen and model not in seen:
            raise ServiceError(
                f"{url} has no spec-decode counters for model {quoted(model)}",
                f"models with counters there: {', '.join(sorted(seen))}",
            )
        return model, (model if seen else None)  # counters without model_name labels: take them all
    if len(seen) > 1:
        raise UsageError(f"{url} serves several models: {', '.join(sorted(seen))}", "pass --model NAME")
    name = next(iter(seen), None)
    return name, name


def _check_counters(start: Scrape, end: Scrape, url: str, metrics: CanaryMetrics) -> None:
    if not any(name == metrics.drafts for name, _ in (*start.series, *end.series)):
        raise ServiceError(
            f"{url} returns no spec-decode counters ({metrics.drafts}_total)",
            "is speculative decoding enabled on this server, and is this its /metrics?",
        )


def check_window(window: float) -> None:
    if not math.isfinite(window) or window < 0 or window > MAX_WINDOW:
        raise UsageError(
            f"--window {window} is not a number of seconds from 0 to {MAX_WINDOW:g}",
            "give the window in seconds, e.g. --window 60",
        )


def check_min_mal(min_mal: float | None) -> None:
    if min_mal is not None and (not math.isfinite(min_mal) or min_mal < 0):
        raise UsageError(f"--min-mal {min_mal} is not a finite, non-negative MAL", "e.g. --min-mal 3.0")


def measure(
    metrics_url: str,
    window: float,
    metrics: CanaryMetrics,
    traffic: Callable[[], object] | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[Scrape, Scrape, float]:
    """Scrape, send traffic (if any), wait out the window, scrape again."""
    check_window(window)
    started = time.monotonic()
    first = scrape(metrics_url, metrics)
    if traffic is not None:
        traffic()
    remaining = window - (time.monotonic() - started)
    if remaining > 0:
        sleep(remaining)
    second = scrape(metrics_url, metrics)
    return first, second, time.monotonic() - started


def _announced(traffic_url: str, model: str | None, announce: Callable[[str], None] | None) -> int:
    if announce is not None:
        announce(chat_url(traffic_url))
    return send_traffic(traffic_url, model)


def run(
    metrics_url: str,
    *,
    model: str | None = None,
    window: float = 60.0,
    min_mal: float | None = None,
    traffic_url: str | None = None,
    config_dir: Path = Path("."),
    announce: Callable[[str], None] | None = None,
) -> CanaryReport:
    """Measure MAL over the window and judge it against the model's band (exceptions: exit 2).
    ``announce`` is told the chat URL just before the traffic goes: once every option and file checked
    and the first scrape read, so that a refusal is the run's one line."""
    http_url(metrics_url, "--metrics-url")
    check_window(window)
    check_min_mal(min_mal)
    if traffic_url:
        http_url(traffic_url, "--traffic-url")
    bands = load_bands(config_dir)
    metrics = profile.load(config_dir).metrics()  # the drafter's counter names are the fleet's
    traffic = (lambda: _announced(traffic_url, model, announce)) if traffic_url else None
    first, second, elapsed = measure(metrics_url, window, metrics, traffic)
    _check_counters(first, second, metrics_url, metrics)
    name, label = _pick_model(first, second, model, metrics_url)
    d = deltas(first.select(label), second.select(label), metrics)
    check_deltas(d)
    if d.drafts <= 0:
        raise ServiceError(
            f"no drafts happened at {metrics_url} in the {elapsed:.1f} s window"
            + (f" for model {name}" if name else ""),
            _TRAFFIC_HINT,
        )
    band = find_band(bands, name)
    mal = 1.0 + d.accepted / d.drafts
    acceptance = 100.0 * (d.accepted / d.draft_tokens) if d.draft_tokens > 0 else None
    return CanaryReport(
        metrics_url, name, elapsed, d, band, min_mal, judge(mal, band, min_mal), _notes(d, band, acceptance, name)
    )


def summary_lines(report: CanaryReport) -> list[str]:
    """What a human reads on stderr."""
    accept = report.acceptance_percent
    lines = [
        f"model {report.model or '(unlabelled)'}: MAL {report.mal:.3f}, acceptance "
        f"{'n/a' if accept is None else f'{accept:.1f} %'} over {report.window_seconds:.1f} s "
        f"({report.deltas.drafts:g} drafts)"
    ]
    if report.per_position:
        lines.append("per position: " + ", ".join(f"{p}: {v:.3f}" for p, v in report.per_position.items()))
    if report.band is not None:
        b = report.band
        lines.append(f"band {b.name}: MAL {b.mal.low:g}-{b.mal.high:g}")
    lines.extend(f"note: {n}" for n in report.notes)
    return lines


def raise_on_alarm(report: CanaryReport) -> None:
    """Exit 1 (NeedsHuman) when MAL is below the band or below --min-mal."""
    if report.verdict is not Verdict.BELOW:
        return
    floors = [f"band {report.band.name} starts at {report.band.mal.low:g}"] if report.band else []
    floors += [f"--min-mal {report.min_mal:g}"] if report.min_mal is not None else []
    raise NeedsHuman(
        f"MAL {report.mal:.3f} for {report.model or 'the served model'} is below the healthy floor "
        f"({'; '.join(floors)})",
        _DRAFTER_HINT,
    )
