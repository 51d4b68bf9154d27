"""A blind replay of the structured-output manager, its grammar backends and the tokenizers package.

7 first-parent commits on ``vllm/v1/structured_output/`` and ``vllm/tokenizers/`` -- the surface a Spark fork
with speculative decoding carries code against (its own grammar subclasses driving the bitmask and rollback
calls, its own tokenizer registered with the registry, its own manager subclass): ``MistralTokenizer``'s
``decode``/``convert_ids_to_tokens`` defaults flipped from skipping special tokens to keeping them and its
``__call__``'s ``add_special_tokens`` default flipped to ``True`` (#29730), ``TokenizerRegistry.get_tokenizer``'s
first parameter renamed ``tokenizer_mode`` and ``REGISTRY``'s values widened from ``(module, class)`` tuples to
classes registered in-tree (#29767), ``StructuredOutputRequest`` given a ``reasoning_end_token_index`` field
before ``reasoning_parser_kwargs`` (#44297), ``XgrammarGrammar.is_terminated`` answered from an
``_is_terminated`` flag that only the base's ``accept_tokens``/``rollback`` keep (#21862), ``GuidanceGrammar``'s
``rollback`` made to settle a ``rollback_lag`` and reset ``terminated`` (#25905), the outlines disk cache
turned from ``diskcache.Cache`` into a small SQLite class without ``close``/``volume``/``memoize`` (#44549), and
the manager's ``executor``/``tokenizer`` set only when the tokenizer is initialised (#20365) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits other replays use
(``blind_replay_structout``, ``_structured``, ``_grammar``, ``_tokenizer`` cover parts of this surface).  Each
is replayed under 1-3 fork spellings written the way fork code is written (a call on a receiver typed as the
class relying on a default, a keyword call, an unpacking of a registry's values, a positional build of a
dataclass, a subclass override that bypasses the base, a method of a returned object, a subclass's ``self.``
read), with twins (fork code the commit does not break: an explicit keyword, a default whose effect did not
change, a positional call, a keyword build, an override calling ``super()``, a method the new class keeps, a
guarded read).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error
on their line.

Blind, on the engine before any widening (main at 187acc85): 2 caught, 5 warned, 10 missed of 17 (twins: 8
quiet, 1 of them warned, 0 false errors).  Symbol drift caught #29767's keyword call with the renamed
``tokenizer_name`` and #44297's positional four-field build of ``StructuredOutputRequest``; default drift warned
#29730's three flipped defaults (and the encode twin, whose ``None`` read as ``True`` before -- a warning, not an
error); the stale-copy check warned #25905's rollback override, type drift #20365's ``self.executor`` read.  The
misses: #29767's unpacking of ``REGISTRY``'s values (now classes for the in-tree tokenizers, registered by a
decorator at import: "cannot unpack non-iterable type"); #44297's subclass ``super().__init__`` of five positional
fields (the dataclass's generated constructor, the inserted field now takes the reasoning kwargs and the reasoner
lands on them); #21862's three (an ``accept_tokens`` and a ``rollback`` override bypassing the base, which now
keeps ``_is_terminated`` for ``is_terminated``; a fork function driving ``grammar.matcher`` directly, then asking
``is_terminated``: a stale ``False``, the grammar never ends); #25905's ``accept_tokens`` override that never
sets the new ``rollback_lag`` (``rollback`` then rolls back one token too many after EOS); #44549's three
(``close``, ``volume`` and ``del`` on ``get_outlines_cache()``'s value, now an ``OutlinesDiskCache`` without them:
AttributeError/TypeError on the enabled cache); #20365's ``self.tokenizer`` read (set only when the tokenizer is
initialised; the ``self.executor`` twin of it was warned).  No label was wrong.
After the killers170 widenings: 6 caught, 6 warned, 5 missed of 17 (twins: 8 quiet, 1 of them warned, 0 false
errors).  Caught now: #21862's two overrides and #25905's ``accept_tokens`` override -- an override skipping a
setup upstream added, where the new state is kept by several of the base's methods (a new keeper storing a
constant or the setter's value, a reader reading before it stores; ``drift/skipped_setups.py``); #44297's
subclass ``super().__init__`` of five positional fields -- a field inserted mid-order into a base that was a
dataclass already, read as a positional build is (``drift/symbols.py`` ``_generated_super_init``).  Warned now:
#20365's ``len(self.tokenizer)`` -- any read of an attribute a constructor now sets only under an ``if``, not
only a call, read or index off it (``drift/gated_attributes.py``).  Left missed for time: #29767's unpacking of
``REGISTRY``'s widened values (a class-level container whose value annotation gained a non-tuple member), the
matcher driven past #21862's cache, #44549's three methods of the returned cache (they need the unannotated
function's return class, ``diskcache.Cache`` then ``OutlinesDiskCache``).
Regression set at the widenings' head (438072dd): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 twins
quiet), blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned, as before; skipped setups),
blind_replay_grammar 14/1/0 of 15 (8 quiet; the generated super init), blind_replay_compwrap 22/22 (12 quiet),
blind_replay_structout 9/9 (7 quiet), blind_replay_mtpmodels 16/5/1 of 22 (11 quiet) and blind_replay_telemetry
12/2/0 of 14 (7 quiet; gated attributes), review48_twins 7/7, 41 twins quiet (10 warned), 0 false errors -- all
unchanged.

  python benchmarks/blind_replay_soutmgr.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #29730 (2afcec4dec): MistralTokenizer's decode/convert_ids_to_tokens/__call__ defaults flipped
MD = "2afcec4dec"
MDW = "MistralTokenizer.decode/convert_ids_to_tokens skip_special_tokens True->False; __call__ add_special_tokens False->True"
MT = "from vllm.tokenizers.mistral import MistralTokenizer\n\n\n"
CASES += [
    (
        "#29730 default flipped",
        "a decode on a typed receiver relying on the default",
        K(
            "#29730",
            MD,
            MDW,
            "vllm/aeon/md1.py",
            MT + "def aeon_draft_text(tok: MistralTokenizer, ids: list[int]) -> str:\n"
            "    # AEON: the Spark's spec-decode trace logs the drafted text without control tokens\n"
            "    text = tok.decode(ids)\n"
            "    return text.strip()\n",
            "text = tok.decode(ids)",
        ),
    ),
    (
        "#29730 default flipped",
        "a convert_ids_to_tokens on self.tokenizer relying on the default",
        K(
            "#29730",
            MD,
            MDW,
            "vllm/aeon/md2.py",
            MT + "class AeonDraftPrinter:\n"
            "    def __init__(self, tokenizer: MistralTokenizer) -> None:\n"
            "        self.tokenizer = tokenizer\n\n"
            "    def pieces(self, ids: list[int]) -> list[str]:\n"
            "        # AEON: the acceptance report prints drafted pieces, special tokens dropped\n"
            "        return self.tokenizer.convert_ids_to_tokens(ids)\n",
            "return self.tokenizer.convert_ids_to_tokens(ids)",
        ),
    ),
    (
        "#29730 default flipped",
        "a __call__ on a typed receiver relying on the default",
        K(
            "#29730",
            MD,
            MDW,
            "vllm/aeon/md3.py",
            MT + "def aeon_suffix_ids(tok: MistralTokenizer, suffix: str) -> list[int]:\n"
            "    # AEON: the draft head is primed with a bare suffix, no BOS in front\n"
            "    enc = tok(suffix)\n"
            '    return list(enc["input_ids"])\n',
            "enc = tok(suffix)",
        ),
    ),
    (
        "#29730 default flipped",
        "twin: the decode with its keyword spelled out",
        K(
            "#29730",
            MD,
            MDW,
            "vllm/aeon/md4.py",
            MT + "def aeon_draft_text2(tok: MistralTokenizer, ids: list[int]) -> str:\n"
            "    return tok.decode(ids, skip_special_tokens=True)\n",
            "return tok.decode(ids, skip_special_tokens=True)",
        ),
    ),
    (
        "#29730 default flipped",
        "twin: encode's default (None read as True before, True now: the same BOS)",
        K(
            "#29730",
            MD,
            MDW,
            "vllm/aeon/md5.py",
            MT + "def aeon_prompt_ids(tok: MistralTokenizer, prompt: str) -> list[int]:\n"
            "    return tok.encode(prompt)\n",
            "return tok.encode(prompt)",
        ),
    ),
]

# --- #29767 (f0a28bf661): TokenizerRegistry keyed by tokenizer_mode; REGISTRY values may be classes
TR = "f0a28bf661"
TRW = "TokenizerRegistry.get_tokenizer(tokenizer_name) renamed tokenizer_mode; REGISTRY values now classes or tuples"
RG = "from vllm.tokenizers.registry import TokenizerRegistry\n\n\n"
CASES += [
    (
        "#29767 parameter renamed",
        "a keyword call with the old name",
        K(
            "#29767",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            RG + 'TokenizerRegistry.register("aeon_spark", "vllm.aeon.tok", "AeonSparkTokenizer")\n\n\n'
            "def aeon_load_tokenizer(path: str):\n"
            "    # AEON: the Spark's NVFP4 checkpoints ship a tokenizer with the draft head's extra tokens\n"
            '    return TokenizerRegistry.get_tokenizer(tokenizer_name="aeon_spark", path=path)\n',
            'return TokenizerRegistry.get_tokenizer(tokenizer_name="aeon_spark", path=path)',
        ),
    ),
    (
        "#29767 container values widened",
        "an unpacking of the registry's values",
        K(
            "#29767",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            RG + "def aeon_tokenizer_modules() -> list[str]:\n"
            "    # AEON: the Spark image pre-imports every registered tokenizer module\n"
            "    mods = []\n"
            "    for _name, (module, _cls) in TokenizerRegistry.REGISTRY.items():\n"
            "        mods.append(module)\n"
            "    return mods\n",
            "for _name, (module, _cls) in TokenizerRegistry.REGISTRY.items():",
        ),
    ),
    (
        "#29767 parameter renamed",
        "twin: the positional call and the three-argument register",
        K(
            "#29767",
            TR,
            TRW,
            "vllm/aeon/tr3.py",
            RG + 'TokenizerRegistry.register("aeon_spark2", "vllm.aeon.tok", "AeonSparkTokenizer")\n\n\n'
            "def aeon_load_tokenizer2(path: str):\n"
            '    return TokenizerRegistry.get_tokenizer("aeon_spark2", path)\n',
            'return TokenizerRegistry.get_tokenizer("aeon_spark2", path)',
        ),
    ),
]

# --- #44297 (e7c9df9449): StructuredOutputRequest.reasoning_end_token_index inserted before reasoning_parser_kwargs
RE = "e7c9df9449"
REW = "StructuredOutputRequest field reasoning_end_token_index inserted before reasoning_parser_kwargs"
SR = "from vllm.v1.structured_output.request import StructuredOutputRequest\n\n\n"
CASES += [
    (
        "#44297 dataclass field inserted",
        "a positional build of four fields",
        K(
            "#44297",
            RE,
            REW,
            "vllm/aeon/re1.py",
            SR + "def aeon_so_request(params, parser_kwargs: dict):\n"
            "    # AEON: the Spark's MTP drafter builds its own request with the reasoning parser's kwargs\n"
            "    return StructuredOutputRequest(params, None, None, parser_kwargs)\n",
            "return StructuredOutputRequest(params, None, None, parser_kwargs)",
        ),
    ),
    (
        "#44297 dataclass field inserted",
        "a subclass's positional super().__init__() of five fields",
        K(
            "#44297",
            RE,
            REW,
            "vllm/aeon/re2.py",
            SR + "class AeonSoRequest(StructuredOutputRequest):\n"
            "    def __init__(self, params, parser_kwargs, reasoner) -> None:\n"
            "        # AEON: the drafter shares one reasoner per request across its heads\n"
            "        super().__init__(params, None, None, parser_kwargs, reasoner)\n",
            "super().__init__(params, None, None, parser_kwargs, reasoner)",
        ),
    ),
    (
        "#44297 dataclass field inserted",
        "twin: a keyword build",
        K(
            "#44297",
            RE,
            REW,
            "vllm/aeon/re3.py",
            SR + "def aeon_so_request2(params, parser_kwargs: dict):\n"
            "    return StructuredOutputRequest(params, reasoning_parser_kwargs=parser_kwargs)\n",
            "return StructuredOutputRequest(params, reasoning_parser_kwargs=parser_kwargs)",
        ),
    ),
]

# --- #21862 (7e6544c797): XgrammarGrammar.is_terminated answered from _is_terminated, kept by the base's methods
XT = "7e6544c797"
XTW = "XgrammarGrammar.is_terminated now returns self._is_terminated, set only by the base's accept_tokens/rollback"
XG = "from vllm.v1.structured_output.backend_xgrammar import XgrammarGrammar\n\n\n"
CASES += [
    (
        "#21862 base state now cached",
        "an accept_tokens override that bypasses the base",
        K(
            "#21862",
            XT,
            XTW,
            "vllm/aeon/xt1.py",
            XG + "class AeonXgrammarGrammar(XgrammarGrammar):\n"
            "    def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:\n"
            "        # AEON: spec decode on the Spark accepts the verified prefix, no per-token log\n"
            "        for token in tokens:\n"
            "            if not self.matcher.accept_token(token):\n"
            "                return False\n"
            "            self.num_processed_tokens += 1\n"
            "        return True\n",
            "def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:",
        ),
    ),
    (
        "#21862 base state now cached",
        "a rollback override that bypasses the base",
        K(
            "#21862",
            XT,
            XTW,
            "vllm/aeon/xt2.py",
            XG + "class AeonRollbackGrammar(XgrammarGrammar):\n"
            "    def rollback(self, num_tokens: int) -> None:\n"
            "        # AEON: rejected drafts on the Spark roll back in one call, clamped\n"
            "        n = min(num_tokens, self.num_processed_tokens)\n"
            "        self.matcher.rollback(n)\n"
            "        self.num_processed_tokens -= n\n",
            "def rollback(self, num_tokens: int) -> None:",
        ),
    ),
    (
        "#21862 base state now cached",
        "a fork function that drives the matcher directly, then asks is_terminated",
        K(
            "#21862",
            XT,
            XTW,
            "vllm/aeon/xt4.py",
            XG + "def aeon_force_accept(grammar: XgrammarGrammar, tokens: list[int]) -> bool:\n"
            "    # AEON: the Spark's MTP verifier feeds accepted drafts straight to the matcher\n"
            "    for tok in tokens:\n"
            "        grammar.matcher.accept_token(tok)\n"
            "    return grammar.is_terminated()\n",
            "grammar.matcher.accept_token(tok)",
        ),
    ),
    (
        "#21862 base state now cached",
        "twin: an override calling super()",
        K(
            "#21862",
            XT,
            XTW,
            "vllm/aeon/xt3.py",
            XG + "class AeonCountingGrammar(XgrammarGrammar):\n"
            "    def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:\n"
            "        ok = super().accept_tokens(request_id, tokens)\n"
            "        return ok\n",
            "def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:",
        ),
    ),
]

# --- #25905 (6d54336ae5): GuidanceGrammar.rollback settles rollback_lag and resets terminated
GR = "6d54336ae5"
GRW = "GuidanceGrammar.rollback now subtracts rollback_lag and resets terminated; accept_tokens sets the lag"
GG = "from vllm.v1.structured_output.backend_guidance import GuidanceGrammar\n\n\n"
CASES += [
    (
        "#25905 base state now kept by the base's method",
        "a rollback override that bypasses the base",
        K(
            "#25905",
            GR,
            GRW,
            "vllm/aeon/gr1.py",
            GG + "class AeonGuidanceGrammar(GuidanceGrammar):\n"
            "    def rollback(self, num_tokens: int) -> None:\n"
            "        # AEON: the Spark's rejection sampler rolls back zero often: skip the call\n"
            "        if num_tokens:\n"
            "            self.ll_matcher.rollback(num_tokens)\n"
            "            self.check_error()\n",
            "def rollback(self, num_tokens: int) -> None:",
        ),
    ),
    (
        "#25905 base state now kept by the base's method",
        "an accept_tokens override that bypasses the base",
        K(
            "#25905",
            GR,
            GRW,
            "vllm/aeon/gr3.py",
            GG + "class AeonGuidanceGrammar3(GuidanceGrammar):\n"
            "    def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:\n"
            "        # AEON: the Spark's verifier stops at EOS without consulting the matcher\n"
            "        if self.ll_tokenizer.eos_token in tokens:\n"
            "            self.terminated = True\n"
            "            return True\n"
            "        r = self.ll_matcher.consume_tokens(tokens)\n"
            "        self.check_error()\n"
            "        return r\n",
            "def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:",
        ),
    ),
    (
        "#25905 base state now kept by the base's method",
        "twin: a rollback override calling super()",
        K(
            "#25905",
            GR,
            GRW,
            "vllm/aeon/gr2.py",
            GG + "class AeonGuidanceGrammar2(GuidanceGrammar):\n"
            "    def rollback(self, num_tokens: int) -> None:\n"
            "        if num_tokens:\n"
            "            super().rollback(num_tokens)\n",
            "def rollback(self, num_tokens: int) -> None:",
        ),
    ),
]

# --- #44549 (96d2ceda4b): get_outlines_cache returns OutlinesDiskCache instead of diskcache.Cache
OC = "96d2ceda4b"
OCW = "get_outlines_cache's disk cache now OutlinesDiskCache (no close/volume/memoize)"
OU = "import vllm.envs as envs\nfrom vllm.v1.structured_output.utils import get_outlines_cache\n\n\n"
CASES += [
    (
        "#44549 returned class replaced",
        "a method of the returned cache the new class lacks (close)",
        K(
            "#44549",
            OC,
            OCW,
            "vllm/aeon/oc1.py",
            OU + "def aeon_close_cache() -> None:\n"
            "    # AEON: the Spark's shutdown hook closes the outlines disk cache\n"
            "    if envs.VLLM_V1_USE_OUTLINES_CACHE:\n"
            "        cache = get_outlines_cache()\n"
            "        cache.close()\n",
            "cache.close()",
        ),
    ),
    (
        "#44549 returned class replaced",
        "a method of the returned cache the new class lacks (volume)",
        K(
            "#44549",
            OC,
            OCW,
            "vllm/aeon/oc2.py",
            OU + "def aeon_cache_bytes() -> int:\n"
            "    # AEON: the Spark's unified memory budget counts the cache's disk use\n"
            "    if not envs.VLLM_V1_USE_OUTLINES_CACHE:\n"
            "        return 0\n"
            "    return get_outlines_cache().volume()\n",
            "return get_outlines_cache().volume()",
        ),
    ),
    (
        "#44549 returned class replaced",
        "a del of a key (the new class has no __delitem__)",
        K(
            "#44549",
            OC,
            OCW,
            "vllm/aeon/oc4.py",
            OU + "def aeon_forget(key: str) -> None:\n"
            "    # AEON: a grammar that failed on the Spark is dropped from the disk cache\n"
            "    if envs.VLLM_V1_USE_OUTLINES_CACHE:\n"
            "        cache = get_outlines_cache()\n"
            "        if key in cache:\n"
            "            del cache[key]\n",
            "del cache[key]",
        ),
    ),
    (
        "#44549 returned class replaced",
        "twin: the methods the new class keeps",
        K(
            "#44549",
            OC,
            OCW,
            "vllm/aeon/oc3.py",
            OU + "def aeon_cache_version() -> str | None:\n"
            "    cache = get_outlines_cache()\n"
            '    return cache.get("__version__", None)\n',
            'return cache.get("__version__", None)',
        ),
    ),
]

# --- #20365 (4a98edff1f): the manager's executor/tokenizer set only when the tokenizer is initialised
SK = "4a98edff1f"
SKW = "StructuredOutputManager.executor/tokenizer now set only when not skip_tokenizer_init"
SM = "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
CASES += [
    (
        "#20365 attribute made conditional",
        "a subclass's unconditional self. read",
        K(
            "#20365",
            SK,
            SKW,
            "vllm/aeon/sk1.py",
            SM + "class AeonStructuredOutputManager(StructuredOutputManager):\n"
            "    def aeon_shutdown(self) -> None:\n"
            "        # AEON: the Spark's engine drains grammar compiles before a graph recapture\n"
            "        self.executor.shutdown(wait=True)\n",
            "self.executor.shutdown(wait=True)",
        ),
    ),
    (
        "#20365 attribute made conditional",
        "a subclass's unconditional self.tokenizer read",
        K(
            "#20365",
            SK,
            SKW,
            "vllm/aeon/sk3.py",
            SM + "class AeonStructuredOutputManager3(StructuredOutputManager):\n"
            "    def aeon_vocab(self) -> int:\n"
            "        # AEON: the drafter's bitmask width follows the manager's tokenizer\n"
            "        return len(self.tokenizer)\n",
            "return len(self.tokenizer)",
        ),
    ),
    (
        "#20365 attribute made conditional",
        "twin: the unconditional backend read",
        K(
            "#20365",
            SK,
            SKW,
            "vllm/aeon/sk2.py",
            SM + "class AeonStructuredOutputManager2(StructuredOutputManager):\n"
            "    def aeon_has_backend(self) -> bool:\n"
            "        return self.backend is not None\n",
            "return self.backend is not None",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-soutmgr-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
