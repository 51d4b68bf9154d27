"""`aeon-release canary`: print the MAL report, then exit 1 on an alarm, 2 when there is nothing to judge."""

from __future__ import annotations

import re
from pathlib import Path

from aeon_release.adapters.console import emit_json, plain, say, show
from aeon_release.domain import canary
from aeon_release.errors import ConfigError, quoted


def run(
    metrics_url: str,
    model: str | None,
    window: float,
    min_mal: float | None,
    traffic_url: str | None,
    config_dir: Path,
    json_out: bool,
) -> None:
    report = canary.run(
        metrics_url,
        model=model,
        window=window,
        min_mal=min_mal,
        traffic_url=traffic_url,
        config_dir=config_dir,
        announce=_sending,
    )
    if json_out:
        emit_json(report.as_dict())
    for line in canary.summary_lines(report):
        show(plain(line), json_out)  # the model name comes from the endpoint's labels
    canary.raise_on_alarm(report)
    if report.verdict is canary.Verdict.NO_BAND:
        raise ConfigError(
            f"no healthy band for model {_model(report.model)} in {config_dir / canary.CANARY_FILE}, "
            "and no --min-mal: nothing to judge MAL against",
            _band_hint(report.model),
        )
    if report.verdict is canary.Verdict.ABOVE:
        say(f"[yellow]MAL {report.mal:.3f} is above the band[/]: fine for speed; check the band is still right")
    show(f"[green]healthy[/]: MAL {report.mal:.3f}", json_out)


def _sending(chat_url: str) -> None:
    say(f"sending {len(canary.TRAFFIC_PROMPTS)} chat completions to {chat_url}")


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,79}")


def _model(model: str | None) -> str:
    """The endpoint's model label for an error line: a plain name as it is, any other quoted and cut (a label of
    5,000 characters was repeated whole, and a look-alike letter read as the name it mimics)."""
    if not model:
        return "(unlabelled)"
    return model if _NAME.fullmatch(model) else quoted(model)


def _band_hint(model: str | None) -> str:
    """The form of a band, for the model measured: "add a band to canary.yaml" sent a stranger looking
    for a format no command prints (the model name is the endpoint's: used only when it is a plain name)."""
    name = model.lower() if model and _NAME.fullmatch(model) else "my-model"
    return (
        f"add one to canary.yaml: `bands: [{{name: '{name}', match: ['*{name}*'], mal: {{min: LOW, max: HIGH}}}}]` "
        "(the MAL a healthy drafter measures; optional acceptance_percent: {min, max}), or pass --min-mal LOW"
    )
