"""Adversarial twins of the fallback-import quieting and the gone star import: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the two changes of the
blind_replay_mmproc landing (3f4a52ce) reach, but right after the merge (the merge base is the commit's
first parent, upstream the commit):

- a star import of a module upstream moved or removed, an error on its line (drift/symbols.py): the old
  home tried first with the new as the fallback, under ``contextlib.suppress(ImportError)``, under
  ``except (ImportError, AttributeError)``, under a test of the release's version, under a
  ``find_spec`` test of the new home, under ``if TYPE_CHECKING:``, a module upstream made a package
  (#20269 ``vllm/utils.py``, #22524 ``vllm/config.py``), a fork module of the name in the fork's own
  package, a shim the fork adds whose star fallback the fork's modules import;
- the old path kept as the fallback of the new one (drift/fallback_imports.py): a ``try`` that also sets
  a flag saying which home answered, a fallback through ``importlib.import_module``, a fallback that
  binds a helper name only the handler reads, a ``find_spec`` test choosing the home, a test of the
  release's version, a fallback nested in a second ``try``, a parenthesised fallback of two names, a
  module import of a moved package, a ``try`` with an ``else:``, a handler that warns first.

Commits: #47750 (60915c972c, ``multimodal/evs.py`` into ``video_prune/``, the replay's), #48500
(626c90b2d5, ``model_executor/layers/fla`` into ``third_party/flash_linear_attention``), #42946
(301d986473, ``vllm/beam_search.py`` into ``entrypoints/generate/beam_search/utils.py``), #44479
(d01d0b4646, ``entrypoints/logger.py`` into ``serve/utils/request_logger.py``), #42334 (6427603ae8,
``fused_moe/fused_batched_moe.py`` into ``fused_moe/experts/``), #20269 (e81fbefe8a, ``vllm/utils.py``
made a package), #22524 (e3edc0a7a8, ``vllm/config.py`` made a package).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (4f1360cf), round 1 (7 cases, 24 twins): 7 caught of 7; 7 false errors of 24: the fallback
kept for a ``try`` that also sets a flag saying which home answered (at module level, and lazily in a
function: 2), the fallback through ``importlib.import_module("vllm.multimodal.evs")`` (the string's
module gone: 1), a fallback binding a private helper module only the handler reads (1), a ``find_spec``
test of the new home choosing the branch (a named import, a star import, and a module flag bound from
the test: 3).  3 warnings: the two tests of the release's version and ``if TYPE_CHECKING:``.
Round 2 (this branch, drift/fallback_imports.py widened, drift/spec_probes.py new): 7 caught of 7; 0 false
errors of 24.  Round 3 (five more twins written after round 2's mend: a ``try`` that also sets
``__all__``, ``import_module`` of the home a conditional expression's ``find_spec`` test picks, a
``find_spec`` test and-ed with a setting, a ``find_spec`` test of the moved package's new home, a fork
subclass of the class a fallback imports): 3 false errors of 5 on round 2's engine (the first three), mended
(a display of constants binds nothing that imports; an ``and``/``or`` the probe alone decides; the arm of a
conditional expression the probe never takes).
All rounds, main (4f1360cf): 7 caught of 7; 10 false errors of 29 twins (3 warned).
This branch: 7 caught of 7; 0 false errors of 29 (3 warned: the two tests of the release's version and
``if TYPE_CHECKING:``, warnings by design).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins; 8 caught 1 warned, 6/6, 11 caught 1 warned as
before), blind_replay_mmproc 19 caught, 1 missed of 20 (14 twins quiet, as landed), blind_replay_multimodal 28
caught, 4 warned of 32 (14 quiet), blind_replay_rayexec 17 caught, 1 warned of 18 (9 quiet), the twins
replays with ``except ImportError`` fallbacks or ``find_spec`` (review12, 21, 24, 32, 36, 41, 43, 45, 50, 51)
0 false errors and their catches as recorded, ``symbol_precision.py --windows 1``: 0 false errors (5 broken
overrides, 4 caught).

  PYTHONPATH=.. python review62_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

EV = ("#47750", "60915c972c", "vllm.multimodal.evs moved into video_prune/")
FLA = ("#48500", "626c90b2d5", "model_executor/layers/fla moved to third_party/flash_linear_attention")
BS = ("#42946", "301d986473", "vllm/beam_search.py moved into entrypoints/generate/beam_search/utils.py")
RL = ("#44479", "d01d0b4646", "entrypoints/logger.py moved to entrypoints/serve/utils/request_logger.py")
BM = ("#42334", "6427603ae8", "fused_moe/fused_batched_moe.py moved into fused_moe/experts/")
UT = ("#20269", "e81fbefe8a", "vllm/utils.py made the package vllm/utils/")
CF = ("#22524", "e3edc0a7a8", "vllm/config.py made the package vllm/config/")

OLD_EVS = "from vllm.multimodal.evs import *  # noqa: F403"
NEW_EVS = "from vllm.multimodal.video_prune.evs import *  # noqa: F403"
OLD_FLA = "from vllm.model_executor.layers.fla.ops import *  # noqa: F403"
NEW_FLA = "from vllm.third_party.flash_linear_attention.ops import *  # noqa: F403"
KEPT = "\n\n\ndef aeon_kept(tokens_per_frame: int, num_frames: int, rate: float) -> int:\n"
KEPT += "    return compute_retained_tokens_count(tokens_per_frame, num_frames, q=rate)\n"

# --- the gone star import: true catches
CASES += [
    (
        "star import gone",
        "a star import of the moved evs re-exported by a fork package",
        K(*EV, "vllm/aeon/r62/__init__.py", f"# AEON: the Spark's pruning helpers in one place\n{OLD_EVS}\n", OLD_EVS),
    ),
    (
        "star import gone",
        "a star import of the moved fla ops",
        K(*FLA, "vllm/aeon/r62fla0.py", f"{OLD_FLA}\n\nAEON_GDN = chunk_gated_delta_rule  # noqa: F405\n", OLD_FLA),
    ),
    (
        "star import gone",
        "a star import of the moved beam search helpers",
        K(
            *BS,
            "vllm/aeon/r62bs0.py",
            "from vllm.beam_search import *  # noqa: F403\n",
            "from vllm.beam_search import *  # noqa: F403",
        ),
    ),
]

# --- the old path as a fallback: true catches
CASES += [
    (
        "fallback import",
        "a fallback binding a name the try does not, read after it",
        K(
            *BS,
            "vllm/aeon/r62bs1.py",
            "try:\n    from vllm.entrypoints.generate.beam_search.utils import BeamSearchSequence\n"
            "except ImportError:\n    from vllm.beam_search import BeamSearchSequence, get_beam_search_score\n\n\n"
            "def aeon_score(seq: BeamSearchSequence, eos: int) -> float:\n"
            "    return get_beam_search_score(seq.tokens, seq.cum_logprob, eos)\n",
            "    from vllm.beam_search import BeamSearchSequence, get_beam_search_score",
        ),
    ),
    (
        "fallback import",
        "a fallback under a try whose own path is gone too",
        K(
            *RL,
            "vllm/aeon/r62rl0.py",
            "try:\n    from vllm.entrypoints.openai.logger import RequestLogger\n"
            "except ImportError:\n    from vllm.entrypoints.logger import RequestLogger\n\n\n"
            "def aeon_logger() -> RequestLogger:\n    return RequestLogger(max_log_len=64)\n",
            "    from vllm.entrypoints.logger import RequestLogger",
        ),
    ),
]

# --- a find_spec test: true catches (the branch that runs on the merged tree, or a probe that raises there)
CASES += [
    (
        "find_spec probe",
        "the old path under the test that the new home exists",
        K(
            *EV,
            "vllm/aeon/r62ev9.py",
            "import importlib.util\n\n"
            'if importlib.util.find_spec("vllm.multimodal.video_prune") is not None:\n'
            "    from vllm.multimodal.evs import compute_retained_tokens_count\n" + KEPT,
            "    from vllm.multimodal.evs import compute_retained_tokens_count",
        ),
    ),
    (
        "find_spec probe",
        "a star import under a find_spec of a module whose package is gone (find_spec raises)",
        K(
            *FLA,
            "vllm/aeon/r62fla5.py",
            "import importlib.util\n\n"
            'if importlib.util.find_spec("vllm.model_executor.layers.fla.ops") is not None:\n'
            f"    {OLD_FLA}\n",
            f"    {OLD_FLA}",
        ),
    ),
]

# --- the gone star import: twins
TWINS += [
    (
        "star import gone",
        "twin: the old home tried first, the new one as the fallback",
        K(*EV, "vllm/aeon/r62ev1.py", f"try:\n    {OLD_EVS}\nexcept ImportError:\n    {NEW_EVS}\n", f"    {OLD_EVS}"),
    ),
    (
        "star import gone",
        "twin: under contextlib.suppress(ImportError)",
        K(
            *EV,
            "vllm/aeon/r62ev2.py",
            f"import contextlib\n\nwith contextlib.suppress(ImportError):\n    {OLD_EVS}\n",
            f"    {OLD_EVS}",
        ),
    ),
    (
        "star import gone",
        "twin: under except (ImportError, AttributeError) with the new home",
        K(
            *FLA,
            "vllm/aeon/r62fla1.py",
            f"try:\n    {OLD_FLA}\nexcept (ImportError, AttributeError):\n    {NEW_FLA}\n",
            f"    {OLD_FLA}",
        ),
    ),
    (
        "star import gone",
        "twin: under a test of the release's version",
        K(
            *EV,
            "vllm/aeon/r62ev3.py",
            "from packaging.version import Version\n\nimport vllm\n\n"
            f'if Version(vllm.__version__) < Version("0.21"):\n    {OLD_EVS}\nelse:\n    {NEW_EVS}\n',
            f"    {OLD_EVS}",
        ),
    ),
    (
        "star import gone",
        "twin: under a find_spec test of the new home",
        K(
            *EV,
            "vllm/aeon/r62ev4.py",
            "import importlib.util\n\n"
            f'if importlib.util.find_spec("vllm.multimodal.video_prune") is None:\n    {OLD_EVS}\nelse:\n    {NEW_EVS}\n',
            f"    {OLD_EVS}",
        ),
    ),
    (
        "star import gone",
        "twin: under if TYPE_CHECKING",
        K(
            *FLA,
            "vllm/aeon/r62fla2.py",
            f"from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    {OLD_FLA}\n",
            f"    {OLD_FLA}",
        ),
    ),
    (
        "star import gone",
        "twin: a module upstream made a package (vllm/utils.py)",
        K(
            *UT,
            "vllm/aeon/r62ut.py",
            "from vllm.utils import *  # noqa: F403\n",
            "from vllm.utils import *  # noqa: F403",
        ),
    ),
    (
        "star import gone",
        "twin: a module upstream made a package (vllm/config.py)",
        K(
            *CF,
            "vllm/aeon/r62cf.py",
            "from vllm.config import *  # noqa: F403\n",
            "from vllm.config import *  # noqa: F403",
        ),
    ),
    (
        "star import gone",
        "twin: a relative star import of the fork's own module of the name",
        Killer(
            EV[0],
            EV[1],
            EV[2],
            (
                Edit("vllm/aeon/r62mm/evs.py", "def aeon_rate() -> float:\n    return 0.25\n"),
                Edit("vllm/aeon/r62mm/__init__.py", "from .evs import *  # noqa: F403\n"),
            ),
            (("vllm/aeon/r62mm/__init__.py", "from .evs import *  # noqa: F403"),),
        ),
    ),
    (
        "star import gone",
        "twin: a shim the fork adds, star-imported by the fork's modules",
        Killer(
            BM[0],
            BM[1],
            BM[2],
            (
                Edit(
                    "vllm/aeon/r62compat/batched.py",
                    "try:\n    from vllm.model_executor.layers.fused_moe.experts.fused_batched_moe import *  # noqa: F403\n"
                    "except ImportError:\n"
                    "    from vllm.model_executor.layers.fused_moe.fused_batched_moe import *  # noqa: F403\n",
                ),
                Edit("vllm/aeon/r62compat/__init__.py", ""),
                Edit("vllm/aeon/r62bm0.py", "from vllm.aeon.r62compat.batched import *  # noqa: F403\n"),
            ),
            (
                (
                    "vllm/aeon/r62compat/batched.py",
                    "    from vllm.model_executor.layers.fused_moe.fused_batched_moe import *  # noqa: F403",
                ),
                ("vllm/aeon/r62bm0.py", "from vllm.aeon.r62compat.batched import *  # noqa: F403"),
            ),
        ),
    ),
]

# --- the old path as a fallback: twins
TWINS += [
    (
        "fallback import",
        "twin: a try that also sets a flag saying which home answered",
        K(
            *EV,
            "vllm/aeon/r62ev5.py",
            "try:\n    from vllm.multimodal.video_prune.evs import compute_retained_tokens_count\n"
            "    AEON_VIDEO_PRUNE = True\n"
            "except ImportError:\n    from vllm.multimodal.evs import compute_retained_tokens_count\n"
            "    AEON_VIDEO_PRUNE = False\n" + KEPT,
            "    from vllm.multimodal.evs import compute_retained_tokens_count",
        ),
    ),
    (
        "fallback import",
        "twin: the fallback through importlib.import_module",
        K(
            *EV,
            "vllm/aeon/r62ev6.py",
            "import importlib\n\ntry:\n    from vllm.multimodal.video_prune import evs\n"
            'except ImportError:\n    evs = importlib.import_module("vllm.multimodal.evs")\n\n\n'
            "def aeon_kept(tokens_per_frame: int, num_frames: int, rate: float) -> int:\n"
            "    return evs.compute_retained_tokens_count(tokens_per_frame, num_frames, q=rate)\n",
            '    evs = importlib.import_module("vllm.multimodal.evs")',
        ),
    ),
    (
        "fallback import",
        "twin: a fallback binding a helper module only the handler reads",
        K(
            *EV,
            "vllm/aeon/r62ev7.py",
            "try:\n    from vllm.multimodal.video_prune.evs import compute_retained_tokens_count\n"
            "except ImportError:\n    from vllm.multimodal import evs as _old_evs\n\n"
            "    compute_retained_tokens_count = _old_evs.compute_retained_tokens_count\n" + KEPT,
            "    from vllm.multimodal import evs as _old_evs",
        ),
    ),
    (
        "fallback import",
        "twin: a find_spec test choosing the home",
        K(
            *EV,
            "vllm/aeon/r62ev8.py",
            "import importlib.util\n\n"
            'if importlib.util.find_spec("vllm.multimodal.video_prune") is not None:\n'
            "    from vllm.multimodal.video_prune.evs import compute_retained_tokens_count\n"
            "else:\n    from vllm.multimodal.evs import compute_retained_tokens_count\n" + KEPT,
            "    from vllm.multimodal.evs import compute_retained_tokens_count",
        ),
    ),
    (
        "fallback import",
        "twin: a test of the release's version choosing the home",
        K(
            *RL,
            "vllm/aeon/r62rl1.py",
            "from packaging.version import Version\n\nfrom vllm import __version__ as VLLM_VERSION\n\n"
            'if Version(VLLM_VERSION) >= Version("0.21"):\n'
            "    from vllm.entrypoints.serve.utils.request_logger import RequestLogger\n"
            "else:\n    from vllm.entrypoints.logger import RequestLogger\n",
            "    from vllm.entrypoints.logger import RequestLogger",
        ),
    ),
    (
        "fallback import",
        "twin: the fallback nested in a second try",
        K(
            *RL,
            "vllm/aeon/r62rl2.py",
            "try:\n    from vllm.entrypoints.serve.utils.request_logger import RequestLogger\n"
            "except ImportError:\n    try:\n        from vllm.entrypoints.logger import RequestLogger\n"
            "    except ImportError:\n        from vllm.entrypoints.openai.serving_engine import RequestLogger\n",
            "        from vllm.entrypoints.logger import RequestLogger",
        ),
    ),
    (
        "fallback import",
        "twin: a parenthesised fallback of two names",
        K(
            *BM,
            "vllm/aeon/r62bm1.py",
            "try:\n    from vllm.model_executor.layers.fused_moe.experts.fused_batched_moe import (\n"
            "        BatchedTritonExperts,\n        NaiveBatchedExperts,\n    )\n"
            "except ImportError:\n    from vllm.model_executor.layers.fused_moe.fused_batched_moe import (\n"
            "        BatchedTritonExperts,\n        NaiveBatchedExperts,\n    )\n\n"
            "AEON_BATCHED = (BatchedTritonExperts, NaiveBatchedExperts)\n",
            "        BatchedTritonExperts,",
        ),
    ),
    (
        "fallback import",
        "twin: a module import of the moved package",
        K(
            *FLA,
            "vllm/aeon/r62fla3.py",
            "try:\n    import vllm.third_party.flash_linear_attention.ops as fla_ops\n"
            "except ImportError:\n    import vllm.model_executor.layers.fla.ops as fla_ops  # type: ignore[no-redef]\n\n"
            "AEON_GDN = fla_ops.chunk_gated_delta_rule\n",
            "    import vllm.model_executor.layers.fla.ops as fla_ops  # type: ignore[no-redef]",
        ),
    ),
    (
        "fallback import",
        "twin: a try with an else that marks the new home",
        K(
            *BS,
            "vllm/aeon/r62bs2.py",
            "try:\n    from vllm.entrypoints.generate.beam_search.utils import BeamSearchSequence\n"
            "except ImportError:\n    from vllm.beam_search import BeamSearchSequence\n"
            "    AEON_NEW_BEAM = False\nelse:\n    AEON_NEW_BEAM = True\n\n\n"
            "def aeon_len(seq: BeamSearchSequence) -> int:\n    return len(seq.tokens)\n",
            "    from vllm.beam_search import BeamSearchSequence",
        ),
    ),
    (
        "fallback import",
        "twin: a handler that warns first",
        K(
            *BS,
            "vllm/aeon/r62bs3.py",
            "import warnings\n\ntry:\n    from vllm.entrypoints.generate.beam_search.utils import BeamSearchSequence\n"
            "except ImportError:\n"
            '    warnings.warn("AEON: an upstream before the beam search move", stacklevel=1)\n'
            "    from vllm.beam_search import BeamSearchSequence\n",
            "    from vllm.beam_search import BeamSearchSequence",
        ),
    ),
    (
        "fallback import",
        "twin: a lazy fallback in a function with a flag",
        K(
            *BM,
            "vllm/aeon/r62bm2.py",
            "def aeon_experts() -> type:\n"
            "    try:\n        from vllm.model_executor.layers.fused_moe.experts.fused_batched_moe import BatchedTritonExperts\n"
            "        moved = True\n"
            "    except ImportError:\n        from vllm.model_executor.layers.fused_moe.fused_batched_moe import BatchedTritonExperts\n"
            "        moved = False\n"
            "    del moved\n    return BatchedTritonExperts\n",
            "        from vllm.model_executor.layers.fused_moe.fused_batched_moe import BatchedTritonExperts",
        ),
    ),
    (
        "fallback import",
        "twin: a star fallback under a star try",
        K(*FLA, "vllm/aeon/r62fla4.py", f"try:\n    {NEW_FLA}\nexcept ImportError:\n    {OLD_FLA}\n", f"    {OLD_FLA}"),
    ),
    (
        "star import gone",
        "twin: a star import of the outside package of the moved one's name",
        K(*FLA, "vllm/aeon/r62fla6.py", "from fla.ops import *  # noqa: F403\n", "from fla.ops import *  # noqa: F403"),
    ),
    (
        "fallback import",
        "twin: a module flag bound from a find_spec test choosing the home",
        K(
            *EV,
            "vllm/aeon/r62ev10.py",
            "from importlib.util import find_spec\n\n"
            '_HAS_VIDEO_PRUNE = find_spec("vllm.multimodal.video_prune.evs") is not None\n\n'
            "if _HAS_VIDEO_PRUNE:\n    from vllm.multimodal.video_prune.evs import compute_retained_tokens_count\n"
            "else:\n    from vllm.multimodal.evs import compute_retained_tokens_count\n" + KEPT,
            "    from vllm.multimodal.evs import compute_retained_tokens_count",
        ),
    ),
]

# --- round 3: more spellings of the same fallbacks (written after round 2's mend)
TWINS += [
    (
        "fallback import",
        "twin: a try that also sets the module's __all__",
        K(
            *EV,
            "vllm/aeon/r62ev11.py",
            "try:\n    from vllm.multimodal.video_prune.evs import compute_retained_tokens_count\n"
            '    __all__ = ["compute_retained_tokens_count"]\n'
            "except ImportError:\n    from vllm.multimodal.evs import compute_retained_tokens_count\n"
            '    __all__ = ["compute_retained_tokens_count"]\n',
            "    from vllm.multimodal.evs import compute_retained_tokens_count",
        ),
    ),
    (
        "find_spec probe",
        "twin: import_module of the home a find_spec test picks",
        K(
            *EV,
            "vllm/aeon/r62ev12.py",
            "import importlib\nimport importlib.util\n\n"
            "evs = importlib.import_module(\n"
            '    "vllm.multimodal.video_prune.evs"\n'
            '    if importlib.util.find_spec("vllm.multimodal.video_prune") is not None\n'
            '    else "vllm.multimodal.evs"\n)\n',
            '    else "vllm.multimodal.evs"',
        ),
    ),
    (
        "find_spec probe",
        "twin: a find_spec test and-ed with a setting",
        K(
            *EV,
            "vllm/aeon/r62ev13.py",
            "import importlib.util\nimport os\n\n"
            'if importlib.util.find_spec("vllm.multimodal.video_prune") is None and not os.environ.get("AEON_NO_EVS"):\n'
            "    from vllm.multimodal.evs import compute_retained_tokens_count\n"
            "else:\n    from vllm.multimodal.video_prune.evs import compute_retained_tokens_count\n" + KEPT,
            "    from vllm.multimodal.evs import compute_retained_tokens_count",
        ),
    ),
    (
        "find_spec probe",
        "twin: a find_spec test of the moved package's new home",
        K(
            *FLA,
            "vllm/aeon/r62fla7.py",
            "from importlib import util\n\n"
            'if util.find_spec("vllm.third_party.flash_linear_attention") is not None:\n'
            "    from vllm.third_party.flash_linear_attention.ops import chunk_gated_delta_rule\n"
            "else:\n    from vllm.model_executor.layers.fla.ops import chunk_gated_delta_rule\n\n"
            "AEON_GDN = chunk_gated_delta_rule\n",
            "    from vllm.model_executor.layers.fla.ops import chunk_gated_delta_rule",
        ),
    ),
    (
        "fallback import",
        "twin: a fork subclass of the class the fallback imports",
        Killer(
            BM[0],
            BM[1],
            BM[2],
            (
                Edit(
                    "vllm/aeon/r62bm3.py",
                    "try:\n    from vllm.model_executor.layers.fused_moe.experts.fused_batched_moe import BatchedTritonExperts\n"
                    "except ImportError:\n"
                    "    from vllm.model_executor.layers.fused_moe.fused_batched_moe import BatchedTritonExperts\n\n\n"
                    "class AeonBatchedExperts(BatchedTritonExperts):\n"
                    "    # AEON: the Spark's batched experts keep the triton path\n"
                    "    pass\n",
                ),
            ),
            (
                (
                    "vllm/aeon/r62bm3.py",
                    "    from vllm.model_executor.layers.fused_moe.fused_batched_moe import BatchedTritonExperts",
                ),
                ("vllm/aeon/r62bm3.py", "class AeonBatchedExperts(BatchedTritonExperts):"),
            ),
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review62-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
