"""Adversarial twins of killers176's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a one-value use of a call upstream made return a tuple, upstream's callers unpacking it across a line break,
  and the first misreading read of the local bound to it (``drift/returns.py``; #12003
  ``KVCacheManager.get_computed_blocks`` -> ``(blocks, num_computed_tokens)``, its scheduler's unpack ending
  ``= \\``; #16188 ``GPUModelRunner._dummy_run`` -> ``(hidden_states, last_hidden_states)``, the worker's unpack
  ending ``= \\``; #14770 ``MLACommonImpl._q_proj_and_k_up_proj`` -> ``(ql_nope, q_pe)``, round 3): the new
  unpack, ``[0]`` of the call, the local unpacked or indexed later, an ``isinstance`` test of the local (in a
  conditional, rebinding it, guarding the ``len()``), the local handed to the module's helper that sorts the
  kinds, the fork's own class's namesake, a subclass override that still returns the pair, a ``len()`` of the
  first element;
- a builtin container field rebuilt, unannotated, as a shapeless class's instance (``drift/objectified.py``;
  #13973 ``KVCacheManager.block_pool``, a ``List[KVCacheBlock]`` made a ``BlockPool``): the new spelling
  (``block_pool.blocks``), a ``getattr(..., 'blocks', ...)`` probe, an ``isinstance`` test of the old kind, a
  ``try``/``except TypeError``, the fork's own class's list field of the name, a parameter annotated with the
  fork's own manager, an unchanged dict field iterated; and #24830 ``BlockPool.cached_block_hash_to_block`` made
  a ``BlockHashToBlockMap`` (annotated, with ``__len__``): its ``len()``;
- a ``defaultdict`` attribute made a plain dict (``drift/undefaulted.py``, new; #14073
  ``KVCacheManager.num_cached_block``; #52372 ``KVCacheStoreSendingThread.stored_requests``, a
  ``defaultdict(int)`` made ``{}`` of sets): a membership test above the index, ``setdefault``, a ``try`` catching
  KeyError, ``contextlib.suppress(KeyError)``, a key drawn from the dict itself (a loop, a comprehension, over its
  keys or a copy of them), an ``isinstance(..., defaultdict)`` test, the fork's own ledger class of the attribute,
  a subclass rebuilding the attribute a ``defaultdict``, a store before the augmented assignment.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's five
catches of these widenings, kept to show the reach stays, and one of each other real commit: #52372's fresh
``+= 1`` (caught, by the value-type check: the values became sets) and #16188's local bound to ``_dummy_run`` then
read as one tensor (missed on both engines: upstream's worker unpacks it across a backslash, yet the wider
return is not claimed; four modules define a ``_dummy_run``, which may be why -- not looked into, left for the
lead).

Round 1 (main at 2a1797e5), 7 cases and 33 twins as first written: 6 caught, 1 missed of 7; 5 false errors of
33, all in ``drift/undefaulted.py``: a key drawn from the dict's own keys (a loop over it, a comprehension over
``list(...)`` of it, a loop over ``.keys()`` adding into each, #52372's ``.copy()`` walked in a comprehension whose
test reads each value: 4; the index is of a key the dict holds), and an index under ``isinstance(R.A,
defaultdict)`` (1; the fork reads both upstreams).  Three twins of #12003 written after the first run (an
``isinstance(list)`` test guarding the ``len()``, the local handed whole to the module's helper that tells a tuple
from the blocks, ``[0]`` of the call iterated): 1 false error on main's engine (the handed-on local: the binding
line is reported as a one-value use although the only read sorts the kinds; a false error the ``_BROKEN``
widening newly reaches, #12003 being missed before it).  So round 1 on the final set: 6 caught of 7; 6 false
errors of 36 twins.
Round 2 (this branch): ``drift/undefaulted.py`` leaves an index quiet whose key a ``for`` or comprehension around
it draws from the attribute's own keys (``R.A``, ``.keys()``, ``.items()``'s first name, ``list``/``sorted``/
``tuple``/``set``/``iter``/``reversed`` of them, ``.copy()``; not a generator's own walk, not another container's
keys, not ``.values()``), and an index where ``isinstance(R.A, defaultdict | Counter)`` or ``hasattr(R.A,
"default_factory")`` holds; ``drift/returns.py`` (``_handed_to_sorter``) leaves quiet a local, bound once, read only
as a positional argument of the module's own functions that ask ``isinstance`` of that parameter.  6 caught of 7;
0 false errors of 36 twins (none warned).
Round 3 (another real commit, written after the mends): #14770 (9532c49836) made
``MLACommonImpl._q_proj_and_k_up_proj`` return ``(ql_nope, q_pe)``, its callers unpacking across a backslash: a case
(a subclass's local bound to the projection, then viewed) and six twins (the new unpack, ``[0]`` of the call, an
override still returning the pair, the fork's own absorber's namesake, the local handed to the module's
kind-sorting helper, an ``isinstance`` test rebinding the local).  On main (2a1797e5): 1 caught, 1 false error of
6 (the handed-on local, #12003's shape again).  This branch: 1 caught, 0 false.  On the engine before killers176
(387be72d) #12003's and #14770's cases are all missed and their 17 twins quiet: the widening reached both the
catches and the handed-on local's false error.
All rounds, main (2a1797e5): 7 caught, 1 missed of 8; 7 false errors of 42 twins.  This branch: 7 caught, 1 missed
of 8; 0 false errors of 42 twins (none warned).
Regression set at this branch's mends: blind_replay_kvmgr 24 caught, 1 missed of 25 (12 twins quiet, 1 warned),
killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), blind_replay_kvcache 17/17 (10 quiet),
blind_replay_compwrap 22/22 (12 quiet), review81_twins 5 caught, 3 warned of 8, 0 false errors of 30 (2 warned):
all as before.
Mend61 (from eb141937) closed #16188's miss: four modules define a ``_dummy_run`` (the v1 GPU and TPU runners,
the v0 runner and the v0 TPU runner), the v1 TPU runner's ``-> None``, and return drift's one-value-made-a-tuple
rule resolved the name by name only (every def one value at the base, one tuple shape now), so the widening
was never claimed.  A fork subclass's ``self.method(...)`` of a method it does not define is now resolved in the
class it imports as its one base (``returns.py``'s ``_self_home``, beside ``_fielded_widened``'s
``self.field.method``): 8 caught of 8; 0 false errors of 42 twins (none warned); #16188's three twins (the new
unpack, ``[1]`` of the local, the fork's own runner's namesake) quiet.

  PYTHONPATH=.. python review83_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []


def T(pr: str, sha: str, what: str, path: str, text: str, *lines: str) -> Killer:  # noqa: N802
    """A twin judged on several lines (the binding and the read a local-read widening would name)."""
    return Killer(pr, sha, what, (Edit(path, text),), tuple((path, line) for line in lines))


MGR = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"

# --- 994fc655b7 (#12003): get_computed_blocks returns (blocks, num_computed_tokens)
GC = ("#12003", "994fc655b7", "KVCacheManager.get_computed_blocks returns a (blocks, num_computed_tokens) tuple")
GCC = "#12003 one value made a pair"
CASES += [
    (
        GCC,
        "a len() of the returned blocks",
        K(
            *GC,
            "vllm/aeon/r83gc0.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    computed = mgr.get_computed_blocks(request)\n"
            "    return len(computed) * mgr.block_size\n",
            "    return len(computed) * mgr.block_size",
        ),
    ),
    (
        GCC,
        "a subclass's iteration of the returned blocks",
        K(
            *GC,
            "vllm/aeon/r83gc1.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_hit_ids(self, request: Request) -> list[int]:\n"
            "        return [blk.block_id for blk in self.get_computed_blocks(request)]\n",
            "        return [blk.block_id for blk in self.get_computed_blocks(request)]",
        ),
    ),
]
TWINS += [
    (
        GCC,
        "twin: the new unpack, then a len() of the blocks",
        T(
            *GC,
            "vllm/aeon/r83gc2.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    computed, num_tokens = mgr.get_computed_blocks(request)\n"
            "    return len(computed) * mgr.block_size\n",
            "    computed, num_tokens = mgr.get_computed_blocks(request)",
            "    return len(computed) * mgr.block_size",
        ),
    ),
    (
        GCC,
        "twin: [0] of the call bound, then a len()",
        T(
            *GC,
            "vllm/aeon/r83gc3.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    computed = mgr.get_computed_blocks(request)[0]\n"
            "    return len(computed) * mgr.block_size\n",
            "    computed = mgr.get_computed_blocks(request)[0]",
            "    return len(computed) * mgr.block_size",
        ),
    ),
    (
        GCC,
        "twin: the local unpacked a line later",
        T(
            *GC,
            "vllm/aeon/r83gc4.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    hit = mgr.get_computed_blocks(request)\n"
            "    blocks, num_tokens = hit\n"
            "    return num_tokens\n",
            "    hit = mgr.get_computed_blocks(request)",
            "    blocks, num_tokens = hit",
        ),
    ),
    (
        GCC,
        "twin: the local's elements read by position",
        T(
            *GC,
            "vllm/aeon/r83gc5.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    hit = mgr.get_computed_blocks(request)\n"
            "    return len(hit[0]) * mgr.block_size + 0 * hit[1]\n",
            "    hit = mgr.get_computed_blocks(request)",
            "    return len(hit[0]) * mgr.block_size + 0 * hit[1]",
        ),
    ),
    (
        GCC,
        "twin: an isinstance test of the local in a conditional",
        T(
            *GC,
            "vllm/aeon/r83gc6.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    hit = mgr.get_computed_blocks(request)\n"
            "    blocks = hit[0] if isinstance(hit, tuple) else hit  # AEON: both upstreams\n"
            "    return len(blocks) * mgr.block_size\n",
            "    hit = mgr.get_computed_blocks(request)",
            "    blocks = hit[0] if isinstance(hit, tuple) else hit  # AEON: both upstreams",
            "    return len(blocks) * mgr.block_size",
        ),
    ),
    (
        GCC,
        "twin: an isinstance test rebinding the local",
        T(
            *GC,
            "vllm/aeon/r83gc7.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    computed = mgr.get_computed_blocks(request)\n"
            "    if isinstance(computed, tuple):  # AEON: newer upstreams return the token count too\n"
            "        computed = computed[0]\n"
            "    return len(computed) * mgr.block_size\n",
            "    computed = mgr.get_computed_blocks(request)",
            "    return len(computed) * mgr.block_size",
        ),
    ),
    (
        GCC,
        "twin: the fork's own prefix index's get_computed_blocks",
        T(
            *GC,
            "vllm/aeon/r83gc8.py",
            MGR + "class AeonPrefixIndex:\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_hits: dict[str, list[int]] = {}\n\n"
            "    def get_computed_blocks(self, request: Request) -> list[int]:\n"
            "        return self.aeon_hits.get(request.request_id, [])\n\n\n"
            "def aeon_cached_tokens(index: AeonPrefixIndex, request: Request, block_size: int) -> int:\n"
            "    computed = index.get_computed_blocks(request)\n"
            "    return len(computed) * block_size\n",
            "    computed = index.get_computed_blocks(request)",
            "    return len(computed) * block_size",
        ),
    ),
    (
        GCC,
        "twin: a subclass override still returning the pair, its blocks counted",
        T(
            *GC,
            "vllm/aeon/r83gc9.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    aeon_bypass = False\n\n"
            "    def get_computed_blocks(self, request: Request):\n"
            "        # AEON: the Spark's admission policy bypasses the prefix cache for probes\n"
            "        if self.aeon_bypass:\n"
            "            return [], 0\n"
            "        return super().get_computed_blocks(request)\n\n"
            "    def aeon_hits(self, request: Request) -> int:\n"
            "        return len(self.get_computed_blocks(request)[0])\n",
            "            return [], 0",
            "        return len(self.get_computed_blocks(request)[0])",
        ),
    ),
]

TWINS += [
    (
        GCC,
        "twin: an isinstance(list) test guarding the len(), the pair read by position after it",
        T(
            *GC,
            "vllm/aeon/r83gc10.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    computed = mgr.get_computed_blocks(request)\n"
            "    if isinstance(computed, list):  # AEON: older upstreams return the blocks alone\n"
            "        return len(computed) * mgr.block_size\n"
            "    return computed[1]\n",
            "    computed = mgr.get_computed_blocks(request)",
            "        return len(computed) * mgr.block_size",
            "    return computed[1]",
        ),
    ),
    (
        GCC,
        "twin: the local handed whole to the fork's reader of both shapes",
        T(
            *GC,
            "vllm/aeon/r83gc11.py",
            MGR + "def _aeon_blocks(hit) -> list:\n"
            "    return hit[0] if isinstance(hit, tuple) else hit\n\n\n"
            "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    computed = mgr.get_computed_blocks(request)\n"
            "    return len(_aeon_blocks(computed)) * mgr.block_size\n",
            "    computed = mgr.get_computed_blocks(request)",
            "    return len(_aeon_blocks(computed)) * mgr.block_size",
        ),
    ),
    (
        GCC,
        "twin: a subclass's iteration of [0] of the call",
        K(
            *GC,
            "vllm/aeon/r83gc12.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_hit_ids(self, request: Request) -> list[int]:\n"
            "        return [blk.block_id for blk in self.get_computed_blocks(request)[0]]\n",
            "        return [blk.block_id for blk in self.get_computed_blocks(request)[0]]",
        ),
    ),
]

# --- 799397ee4f (#16188): GPUModelRunner._dummy_run returns (hidden_states, last_hidden_states)
DR = ("#16188", "799397ee4f", "GPUModelRunner._dummy_run returns (hidden_states, last_hidden_states)")
DRC = "#16188 one value made a pair"
RUN = "import torch\n\nfrom vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
CASES += [
    (
        DRC,
        "a subclass's local bound to _dummy_run, its shape read",
        K(
            *DR,
            "vllm/aeon/r83dr0.py",
            RUN + "class AeonModelRunner(GPUModelRunner):\n"
            "    def aeon_warm(self, num_tokens: int) -> int:\n"
            "        hidden_states = self._dummy_run(num_tokens)\n"
            "        return hidden_states.shape[-1]\n",
            "        hidden_states = self._dummy_run(num_tokens)",
        ),
    ),
]
TWINS += [
    (
        DRC,
        "twin: the new unpack",
        T(
            *DR,
            "vllm/aeon/r83dr1.py",
            RUN + "class AeonModelRunner(GPUModelRunner):\n"
            "    def aeon_warm(self, num_tokens: int) -> int:\n"
            "        hidden_states, _ = self._dummy_run(num_tokens)\n"
            "        return hidden_states.shape[-1]\n",
            "        hidden_states, _ = self._dummy_run(num_tokens)",
            "        return hidden_states.shape[-1]",
        ),
    ),
    (
        DRC,
        "twin: the local's last hidden states read at [1]",
        T(
            *DR,
            "vllm/aeon/r83dr2.py",
            RUN + "class AeonModelRunner(GPUModelRunner):\n"
            "    def aeon_warm(self, num_tokens: int) -> torch.Tensor:\n"
            "        out = self._dummy_run(num_tokens)\n"
            "        return out[1]\n",
            "        out = self._dummy_run(num_tokens)",
            "        return out[1]",
        ),
    ),
    (
        DRC,
        "twin: the fork's own warm-up runner's _dummy_run",
        T(
            *DR,
            "vllm/aeon/r83dr3.py",
            RUN + "class AeonWarmup:\n"
            "    def _dummy_run(self, num_tokens: int) -> torch.Tensor:\n"
            "        return torch.zeros(num_tokens, 8)\n\n"
            "    def aeon_warm(self, num_tokens: int) -> int:\n"
            "        hidden_states = self._dummy_run(num_tokens)\n"
            "        return hidden_states.shape[-1]\n",
            "        hidden_states = self._dummy_run(num_tokens)",
            "        return hidden_states.shape[-1]",
        ),
    ),
]

# --- 9532c49836 (#14770): MLACommonImpl._q_proj_and_k_up_proj returns (ql_nope, q_pe)  (round 3)
QP = ("#14770", "9532c49836", "MLACommonImpl._q_proj_and_k_up_proj returns (ql_nope, q_pe)")
QPC = "#14770 one value made a pair"
MLA = "import torch\n\nfrom vllm.v1.attention.backends.mla.common import MLACommonImpl\n\n\n"
CASES += [
    (
        QPC,
        "a subclass's local bound to the projection, viewed",
        K(
            *QP,
            "vllm/aeon/r83qp0.py",
            MLA + "class AeonMLAImpl(MLACommonImpl):\n"
            "    def aeon_decode_q(self, hs: torch.Tensor) -> torch.Tensor:\n"
            "        q_nope = self._q_proj_and_k_up_proj(hs)\n"
            "        return q_nope.flatten(1)\n",
            "        q_nope = self._q_proj_and_k_up_proj(hs)",
        ),
    ),
]
TWINS += [
    (
        QPC,
        "twin: the new unpack",
        T(
            *QP,
            "vllm/aeon/r83qp1.py",
            MLA + "class AeonMLAImpl(MLACommonImpl):\n"
            "    def aeon_decode_q(self, hs: torch.Tensor) -> torch.Tensor:\n"
            "        ql_nope, q_pe = self._q_proj_and_k_up_proj(hs)\n"
            "        return ql_nope.flatten(1)\n",
            "        ql_nope, q_pe = self._q_proj_and_k_up_proj(hs)",
            "        return ql_nope.flatten(1)",
        ),
    ),
    (
        QPC,
        "twin: [0] of the call",
        K(
            *QP,
            "vllm/aeon/r83qp2.py",
            MLA + "class AeonMLAImpl(MLACommonImpl):\n"
            "    def aeon_decode_q(self, hs: torch.Tensor) -> torch.Tensor:\n"
            "        return self._q_proj_and_k_up_proj(hs)[0].flatten(1)\n",
            "        return self._q_proj_and_k_up_proj(hs)[0].flatten(1)",
        ),
    ),
    (
        QPC,
        "twin: an override still returning the pair",
        T(
            *QP,
            "vllm/aeon/r83qp3.py",
            MLA + "class AeonMLAImpl(MLACommonImpl):\n"
            "    def _q_proj_and_k_up_proj(self, x):\n"
            "        # AEON: the Spark's decode kernel wants the absorbed q contiguous\n"
            "        ql_nope, q_pe = super()._q_proj_and_k_up_proj(x)\n"
            "        return ql_nope.contiguous(), q_pe\n",
            "        ql_nope, q_pe = super()._q_proj_and_k_up_proj(x)",
            "        return ql_nope.contiguous(), q_pe",
        ),
    ),
    (
        QPC,
        "twin: the fork's own absorber's namesake",
        T(
            *QP,
            "vllm/aeon/r83qp4.py",
            MLA + "class AeonAbsorber:\n"
            "    def __init__(self, w: torch.Tensor) -> None:\n"
            "        self.w = w\n\n"
            "    def _q_proj_and_k_up_proj(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return torch.matmul(x, self.w)\n\n"
            "    def aeon_decode_q(self, hs: torch.Tensor) -> torch.Tensor:\n"
            "        q_nope = self._q_proj_and_k_up_proj(hs)\n"
            "        return q_nope.flatten(1)\n",
            "        q_nope = self._q_proj_and_k_up_proj(hs)",
            "        return q_nope.flatten(1)",
        ),
    ),
    (
        QPC,
        "twin: the local handed to the module's kind-sorting helper",
        T(
            *QP,
            "vllm/aeon/r83qp5.py",
            MLA + "def _aeon_nope(q) -> torch.Tensor:\n"
            "    return q[0] if isinstance(q, tuple) else q  # AEON: both upstreams\n\n\n"
            "class AeonMLAImpl(MLACommonImpl):\n"
            "    def aeon_decode_q(self, hs: torch.Tensor) -> torch.Tensor:\n"
            "        q = self._q_proj_and_k_up_proj(hs)\n"
            "        return _aeon_nope(q).flatten(1)\n",
            "        q = self._q_proj_and_k_up_proj(hs)",
            "        return _aeon_nope(q).flatten(1)",
        ),
    ),
    (
        QPC,
        "twin: an isinstance test rebinding the local",
        T(
            *QP,
            "vllm/aeon/r83qp6.py",
            MLA + "class AeonMLAImpl(MLACommonImpl):\n"
            "    def aeon_decode_q(self, hs: torch.Tensor) -> torch.Tensor:\n"
            "        q_nope = self._q_proj_and_k_up_proj(hs)\n"
            "        if isinstance(q_nope, tuple):  # AEON: newer upstreams return the rope part too\n"
            "            q_nope = q_nope[0]\n"
            "        return q_nope.flatten(1)\n",
            "        q_nope = self._q_proj_and_k_up_proj(hs)",
            "        return q_nope.flatten(1)",
        ),
    ),
]

# --- 28943d36ce (#13973): KVCacheManager.block_pool a BlockPool, not a List[KVCacheBlock]
BP = ("#13973", "28943d36ce", "KVCacheManager.block_pool: List[KVCacheBlock] -> BlockPool(...)")
BPC = "#13973 container made an object"
MG = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
CASES += [
    (
        BPC,
        "an iteration of the block list",
        K(
            *BP,
            "vllm/aeon/r83bp0.py",
            MG + "def aeon_hashed_block_ids(mgr: KVCacheManager) -> list[int]:\n"
            "    return [blk.block_id for blk in mgr.block_pool if blk.block_hash is not None]\n",
            "    return [blk.block_id for blk in mgr.block_pool if blk.block_hash is not None]",
        ),
    ),
]
TWINS += [
    (
        BPC,
        "twin: the new spelling, block_pool.blocks",
        K(
            *BP,
            "vllm/aeon/r83bp1.py",
            MG + "def aeon_hashed_block_ids(mgr: KVCacheManager) -> list[int]:\n"
            "    return [blk.block_id for blk in mgr.block_pool.blocks if blk.block_hash is not None]\n",
            "    return [blk.block_id for blk in mgr.block_pool.blocks if blk.block_hash is not None]",
        ),
    ),
    (
        BPC,
        "twin: a getattr probe of the pool's blocks",
        K(
            *BP,
            "vllm/aeon/r83bp2.py",
            MG + "def aeon_hashed_block_ids(mgr: KVCacheManager) -> list[int]:\n"
            "    blocks = getattr(mgr.block_pool, 'blocks', mgr.block_pool)  # AEON: a pool object upstream\n"
            "    return [blk.block_id for blk in blocks if blk.block_hash is not None]\n",
            "    blocks = getattr(mgr.block_pool, 'blocks', mgr.block_pool)  # AEON: a pool object upstream",
        ),
    ),
    (
        BPC,
        "twin: an isinstance test of the old kind",
        K(
            *BP,
            "vllm/aeon/r83bp3.py",
            MG + "def aeon_hashed_block_ids(mgr: KVCacheManager) -> list[int]:\n"
            "    pool = mgr.block_pool\n"
            "    blocks = pool if isinstance(pool, list) else pool.blocks\n"
            "    return [blk.block_id for blk in blocks if blk.block_hash is not None]\n",
            "    pool = mgr.block_pool",
        ),
    ),
    (
        BPC,
        "twin: the iteration in a try, the new spelling in except TypeError",
        K(
            *BP,
            "vllm/aeon/r83bp4.py",
            MG + "def aeon_hashed_block_ids(mgr: KVCacheManager) -> list[int]:\n"
            "    try:\n"
            "        blocks = list(mgr.block_pool)\n"
            "    except TypeError:  # AEON: newer upstreams keep the blocks in a BlockPool\n"
            "        blocks = mgr.block_pool.blocks\n"
            "    return [blk.block_id for blk in blocks if blk.block_hash is not None]\n",
            "        blocks = list(mgr.block_pool)",
        ),
    ),
    (
        BPC,
        "twin: the fork's own manager's block list, a parameter annotated with it",
        K(
            *BP,
            "vllm/aeon/r83bp5.py",
            MG + "class AeonHostCache:\n"
            "    def __init__(self, num_blocks: int) -> None:\n"
            "        # AEON: the Spark's host-memory overflow cache keeps its own block list\n"
            "        self.block_pool: list[KVCacheBlock] = [KVCacheBlock(i) for i in range(num_blocks)]\n\n\n"
            "def aeon_host_block_ids(mgr: AeonHostCache) -> list[int]:\n"
            "    return [blk.block_id for blk in mgr.block_pool if blk.block_hash is not None]\n",
            "    return [blk.block_id for blk in mgr.block_pool if blk.block_hash is not None]",
        ),
    ),
    (
        BPC,
        "twin: the fork's own class's list field of the name, read through self",
        K(
            *BP,
            "vllm/aeon/r83bp6.py",
            MG + "class AeonHostCache:\n"
            "    def __init__(self, num_blocks: int) -> None:\n"
            "        self.block_pool: list[KVCacheBlock] = [KVCacheBlock(i) for i in range(num_blocks)]\n\n"
            "    def aeon_free(self) -> int:\n"
            "        return len(self.block_pool)\n",
            "        return len(self.block_pool)",
        ),
    ),
    (
        BPC,
        "twin: an unchanged dict field iterated",
        K(
            *BP,
            "vllm/aeon/r83bp7.py",
            MG + "def aeon_live_requests(mgr: KVCacheManager) -> list[str]:\n"
            "    return [rid for rid in mgr.req_to_blocks if mgr.req_to_blocks[rid]]\n",
            "    return [rid for rid in mgr.req_to_blocks if mgr.req_to_blocks[rid]]",
        ),
    ),
    (
        BPC,
        "twin: a subclass's len() of the pool's block list",
        K(
            *BP,
            "vllm/aeon/r83bp8.py",
            MG + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_total(self) -> int:\n"
            "        return len(self.block_pool.blocks)\n",
            "        return len(self.block_pool.blocks)",
        ),
    ),
]

# --- 4f8c4b890a (#24830): BlockPool.cached_block_hash_to_block a BlockHashToBlockMap (with __len__), not a dict
HM = ("#24830", "4f8c4b890a", "BlockPool.cached_block_hash_to_block: dict -> BlockHashToBlockMap")
TWINS += [
    (
        "#24830 container made an object",
        "twin: a subclass's len() of the map (the new class has __len__)",
        K(
            *HM,
            "vllm/aeon/r83hm1.py",
            "from vllm.v1.core.block_pool import BlockPool\n\n\n"
            "class AeonBlockPool(BlockPool):\n"
            "    def aeon_cached(self) -> int:\n"
            "        # AEON: the Spark's cache report counts the cached hashes\n"
            "        return len(self.cached_block_hash_to_block)\n",
            "        return len(self.cached_block_hash_to_block)",
        ),
    ),
]

# --- b9f1d4294e (#14073): KVCacheManager.num_cached_block a plain dict, no longer a defaultdict(int)
NC = ("#14073", "b9f1d4294e", "KVCacheManager.num_cached_block: defaultdict(int) -> dict")
NCC = "#14073 defaultdict made dict"
CASES += [
    (
        NCC,
        "a subclass's index for a request not yet cached",
        K(
            *NC,
            "vllm/aeon/r83nc0.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_cached_prefix(self, request: Request) -> int:\n"
            "        return self.num_cached_block[request.request_id] * self.block_size\n",
            "        return self.num_cached_block[request.request_id] * self.block_size",
        ),
    ),
    (
        NCC,
        "an augmented assignment of a fresh key",
        K(
            *NC,
            "vllm/aeon/r83nc1.py",
            MGR + "def aeon_mark_cached(mgr: KVCacheManager, request_id: str) -> None:\n"
            "    mgr.num_cached_block[request_id] += 1\n",
            "    mgr.num_cached_block[request_id] += 1",
        ),
    ),
]
TWINS += [
    (
        NCC,
        "twin: a membership test exiting above the index",
        K(
            *NC,
            "vllm/aeon/r83nc2.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_cached_prefix(self, request: Request) -> int:\n"
            "        if request.request_id not in self.num_cached_block:\n"
            "            return 0\n"
            "        return self.num_cached_block[request.request_id] * self.block_size\n",
            "        return self.num_cached_block[request.request_id] * self.block_size",
        ),
    ),
    (
        NCC,
        "twin: setdefault before the augmented assignment",
        K(
            *NC,
            "vllm/aeon/r83nc3.py",
            MGR + "def aeon_mark_cached(mgr: KVCacheManager, request_id: str) -> None:\n"
            "    mgr.num_cached_block.setdefault(request_id, 0)\n"
            "    mgr.num_cached_block[request_id] += 1\n",
            "    mgr.num_cached_block[request_id] += 1",
        ),
    ),
    (
        NCC,
        "twin: the index in a try catching KeyError",
        K(
            *NC,
            "vllm/aeon/r83nc4.py",
            MGR + "def aeon_cached_prefix(mgr: KVCacheManager, request: Request) -> int:\n"
            "    try:\n"
            "        return mgr.num_cached_block[request.request_id] * mgr.block_size\n"
            "    except KeyError:  # AEON: a request not cached yet\n"
            "        return 0\n",
            "        return mgr.num_cached_block[request.request_id] * mgr.block_size",
        ),
    ),
    (
        NCC,
        "twin: the index under contextlib.suppress(KeyError)",
        K(
            *NC,
            "vllm/aeon/r83nc5.py",
            "import contextlib\n\n" + MGR + "def aeon_cached_prefix(mgr: KVCacheManager, request: Request) -> int:\n"
            "    cached = 0\n"
            "    with contextlib.suppress(KeyError):  # AEON: a request not cached yet counts 0\n"
            "        cached = mgr.num_cached_block[request.request_id]\n"
            "    return cached * mgr.block_size\n",
            "        cached = mgr.num_cached_block[request.request_id]",
        ),
    ),
    (
        NCC,
        "twin: a loop over the dict's own keys",
        K(
            *NC,
            "vllm/aeon/r83nc6.py",
            MGR + "def aeon_cached_total(mgr: KVCacheManager) -> int:\n"
            "    total = 0\n"
            "    for request_id in mgr.num_cached_block:\n"
            "        total += mgr.num_cached_block[request_id]\n"
            "    return total\n",
            "        total += mgr.num_cached_block[request_id]",
        ),
    ),
    (
        NCC,
        "twin: a comprehension over a copy of the keys, each added into",
        K(
            *NC,
            "vllm/aeon/r83nc7.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_cached_report(self) -> dict[str, int]:\n"
            "        return {rid: self.num_cached_block[rid] * self.block_size for rid in list(self.num_cached_block)}\n",
            "        return {rid: self.num_cached_block[rid] * self.block_size for rid in list(self.num_cached_block)}",
        ),
    ),
    (
        NCC,
        "twin: a loop over the dict's keys adding into each",
        K(
            *NC,
            "vllm/aeon/r83nc8.py",
            MGR + "def aeon_shift(mgr: KVCacheManager) -> None:\n"
            "    for request_id in list(mgr.num_cached_block.keys()):\n"
            "        mgr.num_cached_block[request_id] -= 1  # AEON: the Spark recomputes each last block\n",
            "        mgr.num_cached_block[request_id] -= 1  # AEON: the Spark recomputes each last block",
        ),
    ),
    (
        NCC,
        "twin: an isinstance test of the old defaultdict",
        K(
            *NC,
            "vllm/aeon/r83nc9.py",
            "from collections import defaultdict\n\n"
            + MGR
            + "def aeon_cached_prefix(mgr: KVCacheManager, request: Request) -> int:\n"
            "    if isinstance(mgr.num_cached_block, defaultdict):\n"
            "        return mgr.num_cached_block[request.request_id]\n"
            "    return mgr.num_cached_block.get(request.request_id, 0)\n",
            "        return mgr.num_cached_block[request.request_id]",
        ),
    ),
    (
        NCC,
        "twin: the fork's own ledger's defaultdict of the name",
        K(
            *NC,
            "vllm/aeon/r83nc10.py",
            "from collections import defaultdict\n\n" + MGR + "class AeonLedger:\n"
            "    def __init__(self) -> None:\n"
            "        # AEON: the Spark's restore path counts the blocks it re-caches itself\n"
            "        self.num_cached_block: dict[str, int] = defaultdict(int)\n\n\n"
            "def aeon_mark_cached(ledger: AeonLedger, request_id: str) -> None:\n"
            "    ledger.num_cached_block[request_id] += 1\n",
            "    ledger.num_cached_block[request_id] += 1",
        ),
    ),
    (
        NCC,
        "twin: a subclass rebuilding the attribute a defaultdict",
        K(
            *NC,
            "vllm/aeon/r83nc11.py",
            "from collections import defaultdict\n\n" + MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.num_cached_block = defaultdict(int)  # AEON: the Spark's accounting adds into it\n\n"
            "    def aeon_mark_cached(self, request_id: str) -> None:\n"
            "        self.num_cached_block[request_id] += 1\n",
            "        self.num_cached_block[request_id] += 1",
        ),
    ),
    (
        NCC,
        "twin: a store before the augmented assignment",
        K(
            *NC,
            "vllm/aeon/r83nc12.py",
            MGR + "def aeon_mark_cached(mgr: KVCacheManager, request_id: str) -> None:\n"
            "    mgr.num_cached_block[request_id] = mgr.num_cached_block.get(request_id, 0)\n"
            "    mgr.num_cached_block[request_id] += 1\n",
            "    mgr.num_cached_block[request_id] += 1",
        ),
    ),
]

# --- dc9ae4b8ac (#52372): KVCacheStoreSendingThread.stored_requests a plain dict of sets, not a defaultdict(int)
SR = ("#52372", "dc9ae4b8ac", "KVCacheStoreSendingThread.stored_requests: defaultdict(int) -> {} of sets")
SRC = "#52372 defaultdict made dict"
ST = "from vllm.distributed.kv_transfer.kv_connector.v1.mooncake.store.worker import KVCacheStoreSendingThread\n\n\n"
CASES += [
    (
        SRC,
        "a subclass adding into a fresh request's count",
        K(
            *SR,
            "vllm/aeon/r83sr0.py",
            ST + "class AeonSendingThread(KVCacheStoreSendingThread):\n"
            "    def aeon_mark(self, req_id: str) -> None:\n"
            "        # AEON: the Spark's restore path stores a request's blocks itself\n"
            "        self.stored_requests[req_id] += 1\n",
            "        self.stored_requests[req_id] += 1",
        ),
    ),
]
TWINS += [
    (
        SRC,
        "twin: a loop over the ledger's keys testing each (0 and an empty set both false)",
        K(
            *SR,
            "vllm/aeon/r83sr1.py",
            ST + "class AeonSendingThread(KVCacheStoreSendingThread):\n"
            "    def aeon_idle(self) -> list[str]:\n"
            "        # AEON: the Spark's drain waits on requests with no store in flight\n"
            "        return [req_id for req_id in self.stored_requests.copy() if not self.stored_requests[req_id]]\n",
            "        return [req_id for req_id in self.stored_requests.copy() if not self.stored_requests[req_id]]",
        ),
    ),
    (
        SRC,
        "twin: a membership test and-ed before the index",
        K(
            *SR,
            "vllm/aeon/r83sr2.py",
            ST + "def aeon_busy(thread: KVCacheStoreSendingThread, req_id: str) -> bool:\n"
            "    return req_id in thread.stored_requests and bool(thread.stored_requests[req_id])\n",
            "    return req_id in thread.stored_requests and bool(thread.stored_requests[req_id])",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review83-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
