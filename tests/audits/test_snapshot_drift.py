"""Snapshotted attributes: upstream's constructor now copies an attribute's fields and its methods read the
copies, so a fork subclass's store of the attribute after construction is silently ignored.

The upstream change is shaped like #23732 (11eddf02f0): the FlashInfer metadata builder's ``__init__`` began to copy
``self.global_hyperparameters.sm_scale``/``window_left``/``logits_soft_cap`` into ``self.sm_scale`` ... and its
``build`` read those.  The replay's spellings are a ``dataclasses.replace`` of the attribute and a write through it
below ``super().__init__()``; these add a store in another method, an augmented write through it and a plain
rebinding, with twins: the copy stored (the new spelling), both stored (a ``hasattr`` guard), a field upstream
does not copy, a store above ``super().__init__()``, the fork's own namesake class, a reader of its own (a warning)
and a class upstream still reads live.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BUILDER = "vllm/v1/attention/backends/flashinfer.py"
BASE = """from dataclasses import dataclass


@dataclass
class Hyper:
    sm_scale: float
    window_left: int
    logits_soft_cap: float | None
    same_windows: bool = True


class FlashInferMetadataBuilder:
    def __init__(self, spec, layer_names, vllm_config, device):
        self.global_hyperparameters = Hyper(1.0, -1, None)
        self.page_size = 16

    def build(self, common_prefix_len, common_attn_metadata):
        assert self.global_hyperparameters.same_windows
        return self.plan(
            sm_scale=self.global_hyperparameters.sm_scale,
            window_left=self.global_hyperparameters.window_left,
            logits_soft_cap=self.global_hyperparameters.logits_soft_cap,
        )

    def plan(self, **kwargs):
        return kwargs


class TritonMetadataBuilder:
    def __init__(self, spec, layer_names, vllm_config, device):
        self.global_hyperparameters = Hyper(1.0, -1, None)

    def build(self, common_prefix_len, common_attn_metadata):
        return self.global_hyperparameters.window_left
"""
UPSTREAM = (
    BASE.replace(
        "        self.global_hyperparameters = Hyper(1.0, -1, None)\n        self.page_size = 16\n",
        "        self.global_hyperparameters = Hyper(1.0, -1, None)\n        self.page_size = 16\n"
        "        self.sm_scale = self.global_hyperparameters.sm_scale\n"
        "        self.window_left = self.global_hyperparameters.window_left\n"
        "        self.logits_soft_cap = self.global_hyperparameters.logits_soft_cap\n",
    )
    .replace("        assert self.global_hyperparameters.same_windows\n", "")
    .replace("sm_scale=self.global_hyperparameters.sm_scale", "sm_scale=self.sm_scale")
    .replace("window_left=self.global_hyperparameters.window_left", "window_left=self.window_left")
    .replace("logits_soft_cap=self.global_hyperparameters.logits_soft_cap", "logits_soft_cap=self.logits_soft_cap")
    .replace(
        "        self.global_hyperparameters = Hyper(1.0, -1, None)\n\n    def build(self, common_prefix_len, "
        "common_attn_metadata):\n        return self.global_hyperparameters.window_left\n",
        "        self.global_hyperparameters = Hyper(1.0, -1, None)\n        self.copied = self.global_hyperparameters\n"
        "\n    def build(self, common_prefix_len, common_attn_metadata):\n"
        "        return self.global_hyperparameters.window_left\n",
    )
)
SUBJECT = "[FlashInfer] Cache hyper params in metadata builder (#23732)"

FORK = "vllm/aeon/builders.py"
FORK_TEXT = """import dataclasses

from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder, TritonMetadataBuilder


class AeonScaledBuilder(FlashInferMetadataBuilder):
    # AEON: sm_121a's FP8 KV cache plans with a halved scale and no sliding window
    def aeon_tune(self):
        self.global_hyperparameters.window_left = -1

    def __init__(self, spec, layer_names, vllm_config, device):
        self.global_hyperparameters = None
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters.sm_scale *= 0.5


class AeonRebuiltBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters = aeon_hyper(vllm_config)


class AeonNewSpellingBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.window_left = -1


class AeonBothSidesBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        if hasattr(self, "window_left"):
            self.window_left = -1
        self.global_hyperparameters = dataclasses.replace(self.global_hyperparameters, window_left=-1)


class AeonUncopiedBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters = dataclasses.replace(self.global_hyperparameters, same_windows=True)
        self.page_size = 32


class AeonOwnReaderBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters.logits_soft_cap = 30.0

    def aeon_soft_cap(self):
        return self.global_hyperparameters.logits_soft_cap


class AeonTritonBuilder(TritonMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters.window_left = 128


class AeonOwnBuilder:
    def __init__(self):
        self.global_hyperparameters = aeon_hyper(None)
        self.global_hyperparameters.window_left = -1


def aeon_hyper(vllm_config):
    return None
"""


def found(report: AuditReport) -> dict[int, tuple[Severity, str]]:
    return {
        f.line: (f.severity, f.message)
        for f in report.findings
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK and "upstream's constructor now copies" in f.message
    }


def line_of(repo: GitRepo, text: str, nth: int = 0) -> int:
    lines = (repo.path / FORK).read_text().splitlines()
    return [i for i, line in enumerate(lines, 1) if line.strip() == text][nth]


def report_of(git_repo: GitRepo, no_rules: Path) -> AuditReport:
    sides = s.merge_case(git_repo, {BUILDER: BASE}, {FORK: FORK_TEXT}, [(SUBJECT, {BUILDER: UPSTREAM})])
    return git_repo.audit(no_rules, merge=sides)


def test_stores_of_a_snapshotted_attribute_after_construction_are_errors(git_repo: GitRepo, no_rules: Path) -> None:
    hits = found(report_of(git_repo, no_rules))
    errors = {
        line_of(git_repo, "self.global_hyperparameters.window_left = -1"),
        line_of(git_repo, "self.global_hyperparameters.sm_scale *= 0.5"),
        line_of(git_repo, "self.global_hyperparameters = aeon_hyper(vllm_config)"),
    }
    warned = line_of(git_repo, "self.global_hyperparameters.logits_soft_cap = 30.0")
    assert set(hits) == errors | {warned}, hits
    assert all(hits[line][0] is Severity.ERROR for line in errors)
    assert hits[warned][0] is Severity.WARNING
    assert "self.window_left" in hits[min(errors)][1] and "#23732" in hits[min(errors)][1]


def test_the_copy_both_sides_an_uncopied_field_and_a_live_reader_stay_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Also quiet: the store above super().__init__(), the fork's own namesake class, Triton's builder (upstream
    still reads the attribute there: no snapshot) and a dataclasses.replace of a field upstream does not copy."""
    hits = found(report_of(git_repo, no_rules))
    quiet = {
        line_of(git_repo, "self.global_hyperparameters = None"),
        line_of(git_repo, "self.window_left = -1", 0),
        line_of(git_repo, "self.window_left = -1", 1),
        line_of(
            git_repo, "self.global_hyperparameters = dataclasses.replace(self.global_hyperparameters, window_left=-1)"
        ),
        line_of(
            git_repo,
            "self.global_hyperparameters = dataclasses.replace(self.global_hyperparameters, same_windows=True)",
        ),
        line_of(git_repo, "self.global_hyperparameters.window_left = 128"),
        line_of(git_repo, "self.global_hyperparameters.window_left = -1", 1),
    }
    assert not quiet & set(hits), hits


# review88 (benchmarks/review88_twins.py): copies re-taken by a setattr loop or by a helper the storing method calls
# are written for both sides; a field the base's constructor copied already lost no reader (#35959's pp_size)
RETAKEN = "vllm/aeon/retaken.py"
RETAKEN_TEXT = """from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder, Hyper


class AeonSetattrBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters = aeon_hyper(vllm_config)
        for name in ("sm_scale", "window_left", "logits_soft_cap"):
            setattr(self, name, getattr(self.global_hyperparameters, name))


class AeonHelperBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters = aeon_hyper(vllm_config)
        self._aeon_resnapshot()

    def _aeon_resnapshot(self):
        hp = self.global_hyperparameters
        self.sm_scale, self.window_left = hp.sm_scale, hp.window_left


class AeonOtherSetattrBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters = aeon_hyper(vllm_config)
        setattr(self, "page_size", 32)


class AeonScaleBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters.sm_scale = 2.0
        self.global_hyperparameters.window_left = 64


class AeonRestatedBuilder(FlashInferMetadataBuilder):
    def __init__(self, spec, layer_names, vllm_config, device):
        super().__init__(spec, layer_names, vllm_config, device)
        self.global_hyperparameters = Hyper(1.0, -1, None)


def aeon_hyper(vllm_config):
    return None
"""
# the base copied sm_scale already and its build read the copy: only window_left and logits_soft_cap are new
COPIED_BASE = BASE.replace(
    "        self.page_size = 16\n",
    "        self.page_size = 16\n        self.sm_scale = self.global_hyperparameters.sm_scale\n",
    1,
).replace("sm_scale=self.global_hyperparameters.sm_scale", "sm_scale=self.sm_scale")


def retaken_hits(git_repo: GitRepo, no_rules: Path, base: str) -> dict[int, Severity]:
    sides = s.merge_case(git_repo, {BUILDER: base}, {RETAKEN: RETAKEN_TEXT}, [(SUBJECT, {BUILDER: UPSTREAM})])
    report = git_repo.audit(no_rules, merge=sides)
    return {
        f.line: f.severity
        for f in report.findings
        if f.rule_id == SYMBOL_DRIFT and f.path == RETAKEN and "upstream's constructor now copies" in f.message
    }


def retaken_line(text: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(RETAKEN_TEXT.splitlines(), 1) if line.strip() == text][nth]


def test_copies_retaken_by_setattr_or_a_helper_stay_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    hits = retaken_hits(git_repo, no_rules, BASE)
    replaced = "self.global_hyperparameters = aeon_hyper(vllm_config)"
    assert retaken_line(replaced, 0) not in hits and retaken_line(replaced, 1) not in hits, hits
    assert hits.get(retaken_line(replaced, 2)) is Severity.ERROR, hits  # a setattr of no copy re-takes nothing
    assert hits.get(retaken_line("self.global_hyperparameters.sm_scale = 2.0")) is Severity.ERROR, hits


def test_a_field_the_base_copied_already_lost_no_reader(git_repo: GitRepo, no_rules: Path) -> None:
    hits = retaken_hits(git_repo, no_rules, COPIED_BASE)
    assert retaken_line("self.global_hyperparameters.sm_scale = 2.0") not in hits, hits
    assert hits.get(retaken_line("self.global_hyperparameters.window_left = 64")) is Severity.ERROR, hits


def test_a_store_restating_the_value_upstream_stored_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """review88's round 3: ``self.cache_config = vllm_config.cache_config`` below the super call stores what
    upstream's constructor stored and took its copies from."""
    hits = retaken_hits(git_repo, no_rules, BASE)
    assert retaken_line("self.global_hyperparameters = Hyper(1.0, -1, None)") not in hits, hits


def _hooked(text: str) -> str:
    """The builder's ``__init__`` sets the hyperparameters in a hook it calls before the copies."""
    return text.replace(
        "class FlashInferMetadataBuilder:\n    def __init__(self, spec, layer_names, vllm_config, device):\n"
        "        self.global_hyperparameters = Hyper(1.0, -1, None)\n",
        "class FlashInferMetadataBuilder:\n    def __init__(self, spec, layer_names, vllm_config, device):\n"
        "        self._init_hparams()\n",
    ).replace(
        "    def plan(self, **kwargs):\n",
        "    def _init_hparams(self):\n        self.global_hyperparameters = Hyper(1.0, -1, None)\n\n    def plan(self, **kwargs):\n",
    )


def test_a_hook_upstreams_constructor_calls_before_the_copies_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # readD #13: the fork's override of the hook runs before the copies are taken: they copy its store
    fork = (
        "from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder, Hyper\n\n\n"
        "class AeonBuilder(FlashInferMetadataBuilder):\n    def _init_hparams(self):\n"
        "        self.global_hyperparameters = Hyper(1.0, 128, None)\n\n"
        "    def aeon_later(self):\n        self.global_hyperparameters = Hyper(2.0, 64, None)\n"
    )
    base, upstream = _hooked(BASE), _hooked(UPSTREAM)
    assert "self._init_hparams()" in base and "self._init_hparams()" in upstream
    sides = s.merge_case(git_repo, {BUILDER: base}, {FORK: fork}, [(SUBJECT, {BUILDER: upstream})])
    hits = found(git_repo.audit(no_rules, merge=sides))
    assert set(hits) == {line_of(git_repo, "self.global_hyperparameters = Hyper(2.0, 64, None)")}, hits
