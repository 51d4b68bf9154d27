"""A blind replay of the v1 structured-output manager, its request state, backend contracts and bitmask helpers.

8 first-parent commits on ``vllm/v1/structured_output/{__init__,request,backend_types,utils}.py`` -- the
surface a fork that patches grammar-constrained decoding carries code against, apart from the per-library
backends (``blind_replay_grammar.py`` has those): a re-export dropped from the package (``XgrammarBackend``
imported lazily, #15171), a manager attribute moved out of ``__init__`` into the delayed init
(``vocab_size``, #14630) or made ``None`` until first use (``_grammar_bitmask``, #14575), the request's
``reasoning_ended`` default flipped from False to None (#18879), the runtime ``object`` stand-ins of
TYPE_CHECKING names dropped (``Request``, ``InputBatch``, #31666; ``AnyTokenizer``, #29693), a module-level
name a fork patches gone (``init_tokenizer_from_configs``, #29793; ``diskcache.Cache`` imported lazily,
#38649) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the
other replays use.  Each is replayed under 1-2 fork spellings written the way fork code is written (an
import, a ``mock.patch`` target, an attribute read off ``self`` in a subclass, an identity test), with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at e652229f): 6 caught, 0 warned, 4 missed of 10 (twins: 6 quiet,
0 false errors).  Two blind spellings were wrong, found on reading the misses: #29793's ``from
vllm.transformers_utils.tokenizer import init_tokenizer_from_configs`` still works (upstream serves it through a
module ``__getattr__`` deprecation shim), so it is a twin now; #14575's override of ``_delayed_init`` overrode a
method #14616 added only after that commit, so it is re-spelt as the constructor override (missed as well): 6
caught, 0 warned, 3 missed of 9 (twins: 7 quiet, 0 false errors).  The misses: #14630's ``self.vocab_size`` read
below ``super().__init__()`` (moved into ``_delayed_init``), #14575's ``self._grammar_bitmask.shape`` below
``super().__init__()`` (now ``None`` until first use), #18879's ``so_request.reasoning_ended is False`` (a
``False`` default made ``None``: truth kept, identity moved).
After the killers110 widenings: 9 caught, 0 warned, 0 missed of 9 (twins: 7 quiet, 0 false errors).  Caught now:
an attribute upstream's ``__init__`` no longer sets, read after ``super().__init__()`` (symbol drift,
``drift/deferred_inits.py``); an attribute a method now sets to ``None``, used after ``super().M()`` (type drift,
``drift/nulled_setups.py``); a false default made ``None`` tested by identity (``is False``, ``== 0``; default
drift, an error).  Regression: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors,
blind_replay_grammar 14/1/0, blind_replay_structured 20/1/1, blind_replay_openai 17/1/0 (all as on main).
After fixAW (21 reviewer-proved false errors of deferred_inits, nulled_setups, untupled and False-made-None
mended): 9 caught, 0 warned, 0 missed of 9 (twins: 7 quiet, 0 false errors); killer_replay 26/26,
kind_change_replay 12/12, blind_replay_cgwarmup 16/0/0, blind_replay_config 16/1/0, blind_replay_cudagraph
15/0/0, review16_twins 0 false of 30, review17_twins 0 false of 23 (all as on main).

  python benchmarks/blind_replay_structout.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

SOM = "from vllm.v1.structured_output import StructuredOutputManager\n"

# --- #15171 (c47aafa37c): XgrammarBackend no longer imported at the top of vllm.v1.structured_output
XB = "c47aafa37c"
XBW = "XgrammarBackend re-export dropped from the package"
CASES += [
    (
        "#15171 re-export dropped",
        "an import of the backend through the package",
        K(
            "#15171",
            XB,
            XBW,
            "vllm/aeon/xb1.py",
            "from vllm.v1.structured_output import XgrammarBackend\n\n\n"
            "class AeonXgrammarBackend(XgrammarBackend):\n"
            "    # AEON: GB10 compiles grammars on fewer threads\n"
            "    max_threads = 4\n",
            "from vllm.v1.structured_output import XgrammarBackend",
        ),
    ),
    (
        "#15171 re-export dropped",
        "twin: the backend imported from its own module",
        K(
            "#15171",
            XB,
            XBW,
            "vllm/aeon/xb2.py",
            "from vllm.v1.structured_output.backend_xgrammar import XgrammarBackend\n\n\n"
            "class AeonXgrammarBackend2(XgrammarBackend):\n"
            "    max_threads = 4\n",
            "from vllm.v1.structured_output.backend_xgrammar import XgrammarBackend",
        ),
    ),
]

# --- #14630 (8a4a2efc6f): StructuredOutputManager.vocab_size set in _delayed_init, no longer in __init__
VS = "8a4a2efc6f"
VSW = "vocab_size moved out of __init__"
CASES += [
    (
        "#14630 attribute moved out of __init__",
        "a read off self in a subclass __init__",
        K(
            "#14630",
            VS,
            VSW,
            "vllm/aeon/vs1.py",
            SOM + "\n\nclass AeonStructuredOutputManager(StructuredOutputManager):\n"
            "    def __init__(self, vllm_config):\n"
            "        super().__init__(vllm_config)\n"
            "        # AEON: the Spark's bitmask pool is sized once, up front\n"
            "        self.aeon_words = (self.vocab_size + 31) // 32\n",
            "self.aeon_words = (self.vocab_size + 31) // 32",
        ),
    ),
    (
        "#14630 attribute moved out of __init__",
        "twin: a read of an attribute __init__ still sets",
        K(
            "#14630",
            VS,
            VSW,
            "vllm/aeon/vs2.py",
            SOM + "\n\nclass AeonStructuredOutputManager2(StructuredOutputManager):\n"
            "    def __init__(self, vllm_config):\n"
            "        super().__init__(vllm_config)\n"
            "        self.aeon_seqs = self.vllm_config.scheduler_config.max_num_seqs\n",
            "self.aeon_seqs = self.vllm_config.scheduler_config.max_num_seqs",
        ),
    ),
]

# --- #14575 (04421dff8a): _grammar_bitmask is None until grammar_bitmask() first runs
GB = "04421dff8a"
GBW = "_grammar_bitmask None until first use"
CASES += [
    (
        "#14575 attribute made None until first use",
        # written blind as an override of _delayed_init, which #14616 added only after this commit (the base has
        # none): an anachronism; re-spelt as the constructor override a fork of that time carried
        "a read of the tensor's shape off self after the constructor",
        K(
            "#14575",
            GB,
            GBW,
            "vllm/aeon/gb1.py",
            SOM + "\n\nclass AeonStructuredOutputManager3(StructuredOutputManager):\n"
            "    def __init__(self, vllm_config):\n"
            "        super().__init__(vllm_config)\n"
            "        # AEON: log the bitmask footprint on the Spark\n"
            "        self.aeon_rows = self._grammar_bitmask.shape[0]\n",
            "self.aeon_rows = self._grammar_bitmask.shape[0]",
        ),
    ),
]

# --- #18879 (ba5111f237): StructuredOutputRequest.reasoning_ended defaults to None, not False
RE = "ba5111f237"
REW = "reasoning_ended default False -> None"
SOR = "from vllm.v1.structured_output.request import StructuredOutputRequest\n\n\n"
CASES += [
    (
        "#18879 default flipped",
        "an identity test against False",
        K(
            "#18879",
            RE,
            REW,
            "vllm/aeon/re1.py",
            SOR + "def aeon_still_thinking(so_request: StructuredOutputRequest) -> bool:\n"
            "    # AEON: the router keeps thinking requests off the grammar lane\n"
            "    return so_request.reasoning_ended is False\n",
            "return so_request.reasoning_ended is False",
        ),
    ),
    (
        "#18879 default flipped",
        "twin: a truthiness test",
        K(
            "#18879",
            RE,
            REW,
            "vllm/aeon/re2.py",
            SOR + "def aeon_still_thinking2(so_request: StructuredOutputRequest) -> bool:\n"
            "    return not so_request.reasoning_ended\n",
            "return not so_request.reasoning_ended",
        ),
    ),
]

# --- #31666 (43e3f8e4a9): the runtime ``X = object`` stand-ins of TYPE_CHECKING names removed
TS = "43e3f8e4a9"
TSW = "Request/InputBatch runtime stand-ins removed"
CASES += [
    (
        "#31666 runtime stand-in removed",
        "an import of Request through the manager's package",
        K(
            "#31666",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            "from vllm.v1.structured_output import Request\n\n\n"
            "def aeon_is_json(request: Request) -> bool:\n"
            "    return request.structured_output_request is not None\n",
            "from vllm.v1.structured_output import Request",
        ),
    ),
    (
        "#31666 runtime stand-in removed",
        "an import of InputBatch through the bitmask helpers",
        K(
            "#31666",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            "from vllm.v1.structured_output.utils import InputBatch, apply_grammar_bitmask\n\n\n"
            "def aeon_mask(scheduler_output, grammar_output, input_batch: InputBatch, logits) -> None:\n"
            "    apply_grammar_bitmask(scheduler_output, grammar_output, input_batch, logits)\n",
            "from vllm.v1.structured_output.utils import InputBatch, apply_grammar_bitmask",
        ),
    ),
    (
        "#31666 runtime stand-in removed",
        "twin: SchedulerOutput, imported for real at runtime",
        K(
            "#31666",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            "from vllm.v1.structured_output.utils import SchedulerOutput, apply_grammar_bitmask\n\n\n"
            "def aeon_mask2(scheduler_output: SchedulerOutput, grammar_output, input_batch, logits) -> None:\n"
            "    apply_grammar_bitmask(scheduler_output, grammar_output, input_batch, logits)\n",
            "from vllm.v1.structured_output.utils import SchedulerOutput, apply_grammar_bitmask",
        ),
    ),
]

# --- #29693 (34a984274e): AnyTokenizer -> TokenizerLike (backend_types' runtime stand-in renamed)
AT = "34a984274e"
ATW = "AnyTokenizer stand-in renamed TokenizerLike"
CASES += [
    (
        "#29693 runtime stand-in renamed",
        "an import of the stand-in off backend_types",
        K(
            "#29693",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            "from vllm.v1.structured_output.backend_types import AnyTokenizer, StructuredOutputBackend\n\n\n"
            "def aeon_backend_tokenizer(backend: StructuredOutputBackend) -> AnyTokenizer:\n"
            "    return backend.tokenizer\n",
            "from vllm.v1.structured_output.backend_types import AnyTokenizer, StructuredOutputBackend",
        ),
    ),
]

# --- #29793 (653591d5e7): init_tokenizer_from_configs -> vllm.tokenizers.init_tokenizer_from_config
IT = "653591d5e7"
ITW = "init_tokenizer_from_configs renamed and moved"
CASES += [
    (
        "#29793 patched name gone",
        "a mock.patch target on the manager's module",
        K(
            "#29793",
            IT,
            ITW,
            "vllm/aeon/it1.py",
            "from unittest import mock\n\n" + SOM + "\n\n"
            "def aeon_manager_without_tokenizer(vllm_config) -> StructuredOutputManager:\n"
            "    # AEON: the Spark's smoke test builds the manager without a hub download\n"
            "    with mock.patch('vllm.v1.structured_output.init_tokenizer_from_configs'):\n"
            "        return StructuredOutputManager(vllm_config)\n",
            "with mock.patch('vllm.v1.structured_output.init_tokenizer_from_configs'):",
        ),
    ),
    (
        "#29793 patched name gone",
        # written as a killer, blind; upstream's vllm/transformers_utils/tokenizer.py serves the old name through a
        # module __getattr__ (a deprecation shim), so the import keeps working: a twin
        "twin: an import of the old helper, still served by a deprecation shim",
        K(
            "#29793",
            IT,
            ITW,
            "vllm/aeon/it2.py",
            "from vllm.transformers_utils.tokenizer import init_tokenizer_from_configs\n\n\n"
            "def aeon_tokenizer(vllm_config):\n"
            "    return init_tokenizer_from_configs(model_config=vllm_config.model_config)\n",
            "from vllm.transformers_utils.tokenizer import init_tokenizer_from_configs",
        ),
    ),
    (
        "#29793 patched name gone",
        "twin: a mock.patch target that stays",
        K(
            "#29793",
            IT,
            ITW,
            "vllm/aeon/it3.py",
            "from unittest import mock\n\n" + SOM + "\n\n"
            "def aeon_manager_quiet(vllm_config) -> StructuredOutputManager:\n"
            "    with mock.patch('vllm.v1.structured_output.ReasoningParserManager'):\n"
            "        return StructuredOutputManager(vllm_config)\n",
            "with mock.patch('vllm.v1.structured_output.ReasoningParserManager'):",
        ),
    ),
]

# --- #38649 (2d725b89c5): diskcache's Cache imported inside get_outlines_cache, no longer a module name
DC = "2d725b89c5"
DCW = "utils.Cache no longer a module-level name"
CASES += [
    (
        "#38649 patched name gone",
        "a mock.patch target on the bitmask helpers' module",
        K(
            "#38649",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from unittest import mock\n\n"
            "from vllm.v1.structured_output.utils import get_outlines_cache\n\n\n"
            "def aeon_memory_cache():\n"
            "    # AEON: the Spark's read-only rootfs has no room for an on-disk cache\n"
            "    with mock.patch('vllm.v1.structured_output.utils.Cache', dict):\n"
            "        return get_outlines_cache()\n",
            "with mock.patch('vllm.v1.structured_output.utils.Cache', dict):",
        ),
    ),
    (
        "#38649 patched name gone",
        "twin: a patch of a function the module keeps",
        K(
            "#38649",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "from unittest import mock\n\n"
            "from vllm.v1.structured_output.utils import get_outlines_cache\n\n\n"
            "def aeon_tmp_cache():\n"
            "    with mock.patch('vllm.v1.structured_output.utils.get_outlines_cache_path', lambda: '/tmp/o'):\n"
            "        return get_outlines_cache()\n",
            "with mock.patch('vllm.v1.structured_output.utils.get_outlines_cache_path', lambda: '/tmp/o'):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-structout-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
