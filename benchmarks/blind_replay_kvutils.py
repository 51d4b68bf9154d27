"""A blind replay of the KV-cache utilities and specs a fork sizing its own KV cache carries code against.

7 first-parent commits on ``vllm/v1/core/kv_cache_utils.py`` and ``vllm/v1/kv_cache_interface.py`` -- the
utilities and specs a fork that sizes its KV cache for a unified-memory GPU (an FP8/NVFP4 cache, its own
page-size rounding) imports, calls and compares against: the ``_get_kv_cache_config_deepseek_v4`` alias removed,
``may_override_num_blocks``' ``suppress_log`` parameter removed, ``is_kv_cache_type_uniform`` renamed
``is_kv_cache_spec_uniform`` with ``_get_kv_cache_groups_uniform_type`` kept by name but now taking one
``UniformTypeKVCacheSpecs`` (its ``kv_cache_specs`` dict parameter renamed ``spec``), and ``MambaSpec.type_id``
given a ``mamba_type`` suffix, ``NONE_HASH`` bound only by ``init_none_hash`` (no longer at import) with
``sha256`` no longer imported into the module, ``FullAttentionSpec`` given a required ``use_mla``, and ``hash_block_tokens``' hash taken over the token tuple
and ``extra_keys`` -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding
the commits other replays use (``blind_replay_kvcache``, ``_kvcoord``, ``_kvmgr``, ``_kvevents``, ``_fwdctx``).
Each is replayed under 1-3 fork spellings (an import, a module attribute, a keyword call, a positional call, a
comparison of a property with a literal spelling of its old value), with twins (fork code the commit does not
break: the kept name, a call that still fits, a positional build of the spec).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.  The hard stop left time for 7
commits, not the ~10 the brief asked; they were written in three batches (4 commits, then 2, then 1), each
committed before the engine ran on it.

Blind, on the engine before any widening (main at 475da02a): 12 caught, 0 warned, 3 missed of 15 (twins: 7
quiet, 0 false errors).  Symbol drift caught the removed alias (import, module attribute), the removed
``suppress_log`` (keyword and positional), the renamed function (import, module attribute), the re-typed and
renamed parameter (keyword, and a positional dict now landing on a ``UniformTypeKVCacheSpecs``), the dropped
``sha256`` re-export and the required ``use_mla`` (keyword, positional, and a fork dataclass subclass's build).
The misses: #21715's comparison of ``type_id`` with its old spelling (a property's f-string value grew a
suffix: the comparison is silently always false) and #20511's two (``NONE_HASH`` is now only annotated at
module level, bound later by ``init_none_hash``'s ``global``: a ``from`` import or a module-level attribute read
at the fork's import time raises).
After the killers185 widenings: 14 caught, 0 warned, 1 missed of 15 (twins: 7 quiet, 0 false errors).  Caught
now: #20511's two, a module value upstream now only annotates (``X: T``, bound later by a function declaring it
``global``), imported or read off its module at the fork module's import (``drift/unbound_globals.py``).  Left
missed: #21715's comparison with the old ``type_id`` (a property returning an f-string that grew a component,
compared by the fork with an f-string of the old shape).  ``returned_strings`` judges only returned string
literals; matching f-string shapes (placeholders against ``self.`` fields, the fork's against the spec's) was
not certain enough to widen in the time left.
Third batch (#12603, 2 spellings and 1 twin), written after the widening and committed before the engine ran on
it, blind on the killers185 engine (d9d28cd1): 0 caught, 0 warned, 2 missed of 2 (twin quiet).  Both misses are a
fork recomputing upstream's block hash by the old formula (``hash((parent, *ids))``, now ``hash((parent,
token_tuple, extra_keys))``): compared with ``BlockHashType.hash_value``, or used as a table key read back by it --
a silent mismatch.  ``stale_copies`` judges only a copied call in an override of the base's method; a copy of a
returned expression, renamed to the fork's own names, in a free function, is not matched, and was left for want
of time (a name-normalised match of returned expressions needs its own precision study).  Whole replay on the
final engine: 14 caught, 0 warned, 3 missed of 17 (twins: 8 quiet, 0 false errors).
Regression set at the widenings' head: killer_replay 26 blocked of 26, kind_change_replay 12/12 (5 quiet),
blind_replay_fp8utils 24 caught, 1 warned of 25 (12 quiet; as recorded), review41_twins 5 caught, 2 warned of 7,
0 false errors of 35 (1 warned; as recorded), blind_replay_kvcache 17/17 (10 quiet), blind_replay_kvevents 24/24
(16 quiet).

Mend83 (branch mend83, main at 59fce448): #21715's comparison closed by a new owner, ``drift/grown_formats.py``
(the class: a def whose every ``return`` is one f-string, grown upstream by inserted parts -- the base's parts, in
order, a proper subsequence of upstream's; the fork's spelling: ``==``/``!=`` of a call or property read of the
name with an f-string of the base's shape, a formatted ``self.F`` matching the fork's ``R.F``).  An error when every
field is read off the compared receiver and an inserted part is a non-empty literal (the value is longer on every
path); a warning for fields off another object or only formatted parts inserted.  Two cases added after the blind
run, before the widening: a ``!=`` built off another spec's fields (a spelling) and the new shape (a twin).  Blind on
main 59fce448 for #21715: 0 caught, 0 warned, 2 missed of 2 (twins: 3 quiet).  FINAL, whole replay: 15 caught, 1
warned, 2 missed of 18 (twins: 9 quiet, 0 false errors); left missed: #12603's two (as above).  Unit tests:
``tests/audits/test_grown_formats.py`` 9 (3 errors, 2 warnings, 4 twins).  Regression at the widening's head:
killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_kvcache 17/17 (10 quiet),
blind_replay_kvevents 24/24 (16 quiet), blind_replay_fp8utils 24 caught, 1 warned of 25 (12 quiet),
review41_twins 5 caught, 2 warned of 7, 0 false errors of 35 (1 warned), review114_twins 4 caught, 1 warned of 5,
0 false errors of 30 (6 warned; as on main): each as recorded.  Speed: grown_format_drift under 1 ms on
drift_speed's 150-commit window (its gate, a fork line comparing with an f-string, stops it).

  python benchmarks/blind_replay_kvutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #47969 (7c67da967f): the _get_kv_cache_config_deepseek_v4 alias removed
DA = "7c67da967f"
DAW = "_get_kv_cache_config_deepseek_v4 alias removed"
CASES += [
    (
        "#47969 alias removed",
        "an import of the alias",
        K(
            "#47969",
            DA,
            DAW,
            "vllm/aeon/da1.py",
            "from vllm.v1.core.kv_cache_utils import _get_kv_cache_config_deepseek_v4\n\n\n"
            "def aeon_packed_config(vllm_config, groups, specs, mem):\n"
            "    # AEON: GB10's unified memory packs DSv4's caches per block like the datacenter parts\n"
            "    return _get_kv_cache_config_deepseek_v4(vllm_config, groups, specs, mem)\n",
            "from vllm.v1.core.kv_cache_utils import _get_kv_cache_config_deepseek_v4",
        ),
    ),
    (
        "#47969 alias removed",
        "a module attribute",
        K(
            "#47969",
            DA,
            DAW,
            "vllm/aeon/da2.py",
            "from vllm.v1.core import kv_cache_utils\n\n\n"
            "def aeon_packed_config2(vllm_config, groups, specs, mem):\n"
            "    # AEON: the Spark's NVFP4 DSv4 checkpoint takes the packed layout\n"
            "    fn = kv_cache_utils._get_kv_cache_config_deepseek_v4\n"
            "    return fn(vllm_config, groups, specs, mem)\n",
            "fn = kv_cache_utils._get_kv_cache_config_deepseek_v4",
        ),
    ),
    (
        "#47969 alias removed",
        "twin: the kept function the alias named",
        K(
            "#47969",
            DA,
            DAW,
            "vllm/aeon/da3.py",
            "from vllm.v1.core import kv_cache_utils\n\n\n"
            "def aeon_packed_config3(vllm_config, groups, specs, mem):\n"
            "    # AEON: the packed layout under its own name\n"
            "    fn = kv_cache_utils._get_kv_cache_config_packed\n"
            "    return fn(vllm_config, groups, specs, mem)\n",
            "fn = kv_cache_utils._get_kv_cache_config_packed",
        ),
    ),
]

# --- #41069 (e68fa1b90a): may_override_num_blocks' suppress_log parameter removed
MO = "e68fa1b90a"
MOW = "may_override_num_blocks lost suppress_log"
MI = "from vllm.v1.core.kv_cache_utils import may_override_num_blocks\n\n\n"
CASES += [
    (
        "#41069 parameter removed",
        "a keyword call",
        K(
            "#41069",
            MO,
            MOW,
            "vllm/aeon/mo1.py",
            MI + "def aeon_spark_blocks(vllm_config, num_blocks: int) -> int:\n"
            "    # AEON: the Spark re-sizes its blocks after the unified-memory probe, quietly\n"
            "    return may_override_num_blocks(vllm_config, num_blocks, suppress_log=True)\n",
            "return may_override_num_blocks(vllm_config, num_blocks, suppress_log=True)",
        ),
    ),
    (
        "#41069 parameter removed",
        "a positional call",
        K(
            "#41069",
            MO,
            MOW,
            "vllm/aeon/mo2.py",
            MI + "def aeon_spark_blocks2(vllm_config, num_blocks: int) -> int:\n"
            "    # AEON: second pass of the GB10 sizing, logged once already\n"
            "    return may_override_num_blocks(vllm_config, num_blocks, True)\n",
            "return may_override_num_blocks(vllm_config, num_blocks, True)",
        ),
    ),
    (
        "#41069 parameter removed",
        "twin: a call with the kept parameters",
        K(
            "#41069",
            MO,
            MOW,
            "vllm/aeon/mo3.py",
            MI + "def aeon_spark_blocks3(vllm_config, num_blocks: int) -> int:\n"
            "    # AEON: the GB10 sizing, logged\n"
            "    return may_override_num_blocks(vllm_config, num_blocks=num_blocks)\n",
            "return may_override_num_blocks(vllm_config, num_blocks=num_blocks)",
        ),
    ),
]

# --- #25101 (9607d5eb44): is_kv_cache_type_uniform renamed; _get_kv_cache_groups_uniform_type re-purposed
UT = "9607d5eb44"
UTW = "is_kv_cache_type_uniform renamed, _get_kv_cache_groups_uniform_type takes a UniformTypeKVCacheSpecs"
CASES += [
    (
        "#25101 function renamed",
        "an import of the old name",
        K(
            "#25101",
            UT,
            UTW,
            "vllm/aeon/ut1.py",
            "from vllm.v1.core.kv_cache_utils import is_kv_cache_type_uniform\n\n\n"
            "def aeon_one_group(specs) -> bool:\n"
            "    # AEON: an NVFP4 cache with one group skips the Spark's page-size rounding\n"
            "    return is_kv_cache_type_uniform(specs)\n",
            "from vllm.v1.core.kv_cache_utils import is_kv_cache_type_uniform",
        ),
    ),
    (
        "#25101 function renamed",
        "a module attribute of the old name",
        K(
            "#25101",
            UT,
            UTW,
            "vllm/aeon/ut2.py",
            "from vllm.v1.core import kv_cache_utils as kvu\n\n\n"
            "def aeon_one_group2(specs) -> bool:\n"
            "    # AEON: the uniform test before the GB10 rounding\n"
            "    return kvu.is_kv_cache_type_uniform(specs)\n",
            "return kvu.is_kv_cache_type_uniform(specs)",
        ),
    ),
    (
        "#25101 parameter re-typed and renamed",
        "a keyword call with the old dict parameter",
        K(
            "#25101",
            UT,
            UTW,
            "vllm/aeon/ut3.py",
            "from vllm.v1.core.kv_cache_utils import _get_kv_cache_groups_uniform_type\n\n\n"
            "def aeon_groups(specs):\n"
            "    # AEON: the Spark groups its FP8 layers itself before sizing\n"
            "    return _get_kv_cache_groups_uniform_type(kv_cache_specs=specs)\n",
            "return _get_kv_cache_groups_uniform_type(kv_cache_specs=specs)",
        ),
    ),
    (
        "#25101 parameter re-typed and renamed",
        "a positional call with a dict (now wants one UniformTypeKVCacheSpecs)",
        K(
            "#25101",
            UT,
            UTW,
            "vllm/aeon/ut4.py",
            "from vllm.v1.core.kv_cache_utils import _get_kv_cache_groups_uniform_type\n\n\n"
            "def aeon_groups2(specs: dict):\n"
            "    # AEON: one group for the Spark's single-type NVFP4 cache\n"
            "    return _get_kv_cache_groups_uniform_type(specs)\n",
            "return _get_kv_cache_groups_uniform_type(specs)",
        ),
    ),
    (
        "#25101 function renamed",
        "twin: a kept utility of the same module",
        K(
            "#25101",
            UT,
            UTW,
            "vllm/aeon/ut5.py",
            "from vllm.v1.core.kv_cache_utils import unify_hybrid_kv_cache_specs\n\n\n"
            "def aeon_unify(specs) -> None:\n"
            "    # AEON: the Spark unifies before its own rounding\n"
            "    unify_hybrid_kv_cache_specs(specs)\n",
            "unify_hybrid_kv_cache_specs(specs)",
        ),
    ),
]

# --- #21715 (a6c050286a): MambaSpec.type_id given a mamba_type suffix
MT = "a6c050286a"
MTW = "MambaSpec.type_id now ends in _{mamba_type}"
MS = "from vllm.v1.kv_cache_interface import MambaSpec\n\n\n"
CASES += [
    (
        "#21715 property value changed",
        "a comparison of type_id with its old spelling",
        K(
            "#21715",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            MS + "def aeon_is_plain_mamba(spec: MambaSpec) -> bool:\n"
            "    # AEON: the Spark rounds Mamba pages only for its own state shapes\n"
            '    return spec.type_id == f"mamba_{spec.shapes}_{spec.dtype}"\n',
            'return spec.type_id == f"mamba_{spec.shapes}_{spec.dtype}"',
        ),
    ),
    (
        "#21715 property value changed",
        "twin: a positional build of the spec (the new field has a default, at the end)",
        K(
            "#21715",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            MS + "def aeon_mamba_spec(block_size: int, shapes, dtype) -> MambaSpec:\n"
            "    # AEON: the Spark pads its own Mamba pages\n"
            "    return MambaSpec(block_size, shapes, dtype, None)\n",
            "return MambaSpec(block_size, shapes, dtype, None)",
        ),
    ),
    (
        "#21715 property value changed",
        "twin: type_id used as a key, read and written the same way",
        K(
            "#21715",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            MS + "def aeon_group_by_type(specs: list[MambaSpec]) -> dict:\n"
            "    # AEON: the Spark groups Mamba layers by their spec\n"
            "    out: dict = {}\n"
            "    for spec in specs:\n"
            "        out.setdefault(spec.type_id, []).append(spec)\n"
            "    return out\n",
            "out.setdefault(spec.type_id, []).append(spec)",
        ),
    ),
    (
        "#21715 property value changed",
        "a != of type_id with the old spelling built off another spec's fields (mend83)",
        K(
            "#21715",
            MT,
            MTW,
            "vllm/aeon/mt4.py",
            MS + "def aeon_needs_repack(spec: MambaSpec, ref: MambaSpec) -> bool:\n"
            "    # AEON: the Spark repacks a Mamba cache whose spec left the reference's shape\n"
            '    return spec.type_id != f"mamba_{ref.shapes}_{ref.dtype}"\n',
            'return spec.type_id != f"mamba_{ref.shapes}_{ref.dtype}"',
        ),
    ),
    (
        "#21715 property value changed",
        "twin: a comparison with the new spelling (mend83)",
        K(
            "#21715",
            MT,
            MTW,
            "vllm/aeon/mt5.py",
            MS + "def aeon_is_plain_mamba(spec: MambaSpec) -> bool:\n"
            "    # AEON: the Spark rounds Mamba pages only for its own state shapes\n"
            '    return spec.type_id == f"mamba_{spec.shapes}_{spec.dtype}_{spec.mamba_type}"\n',
            'return spec.type_id == f"mamba_{spec.shapes}_{spec.dtype}_{spec.mamba_type}"',
        ),
    ),
]

# --- #20511 (66f6fbd393): NONE_HASH set only by init_none_hash; sha256 no longer imported into the module
NH = "66f6fbd393"
NHW = "NONE_HASH bound by init_none_hash, not at import; sha256 no longer imported"
CASES += [
    (
        "#20511 module constant now bound late",
        "an import of NONE_HASH",
        K(
            "#20511",
            NH,
            NHW,
            "vllm/aeon/nh1.py",
            "from vllm.v1.core.kv_cache_utils import NONE_HASH\n\n\n"
            "def aeon_first_parent_hash() -> int:\n"
            "    # AEON: the Spark's prefix-cache warm-up seeds its first block like upstream\n"
            "    return NONE_HASH\n",
            "from vllm.v1.core.kv_cache_utils import NONE_HASH",
        ),
    ),
    (
        "#20511 module constant now bound late",
        "a module attribute read at import",
        K(
            "#20511",
            NH,
            NHW,
            "vllm/aeon/nh2.py",
            "from vllm.v1.core import kv_cache_utils\n\n"
            "# AEON: the speculative drafter's block hashes start from the same seed\n"
            "AEON_SEED = kv_cache_utils.NONE_HASH\n",
            "AEON_SEED = kv_cache_utils.NONE_HASH",
        ),
    ),
    (
        "#20511 re-export dropped",
        "an import of sha256 through the module",
        K(
            "#20511",
            NH,
            NHW,
            "vllm/aeon/nh3.py",
            "from vllm.v1.core.kv_cache_utils import sha256\n\n\n"
            "def aeon_hash(x) -> int:\n"
            "    # AEON: the Spark hashes its NVFP4 scale blocks with the prefix cache's hash\n"
            "    return sha256(x)\n",
            "from vllm.v1.core.kv_cache_utils import sha256",
        ),
    ),
    (
        "#20511 module constant now bound late",
        "twin: NONE_HASH read at call time, after the engine initialised it",
        K(
            "#20511",
            NH,
            NHW,
            "vllm/aeon/nh4.py",
            "from vllm.v1.core import kv_cache_utils\n\n\n"
            "def aeon_seed() -> int:\n"
            "    # AEON: the drafter's seed, read when the first request arrives\n"
            "    return kv_cache_utils.NONE_HASH\n",
            "return kv_cache_utils.NONE_HASH",
        ),
    ),
]

# --- #14462 (333681408f): FullAttentionSpec given a required use_mla field
UM = "333681408f"
UMW = "FullAttentionSpec given a required use_mla"
FA = "import torch\n\nfrom vllm.v1.kv_cache_interface import FullAttentionSpec, KVCacheTensor\n\n\n"
CASES += [
    (
        "#14462 required field added",
        "a keyword build without the new field",
        K(
            "#14462",
            UM,
            UMW,
            "vllm/aeon/um1.py",
            FA + "def aeon_fp8_spec(block_size: int, heads: int, head_size: int) -> FullAttentionSpec:\n"
            "    # AEON: the Spark's FP8 cache spec\n"
            "    return FullAttentionSpec(\n"
            "        block_size=block_size, num_kv_heads=heads, head_size=head_size, dtype=torch.float8_e4m3fn\n"
            "    )\n",
            "return FullAttentionSpec(",
        ),
    ),
    (
        "#14462 required field added",
        "a positional build",
        K(
            "#14462",
            UM,
            UMW,
            "vllm/aeon/um2.py",
            FA + "def aeon_fp8_spec2(block_size: int, heads: int, head_size: int) -> FullAttentionSpec:\n"
            "    # AEON: GB10 FP8 cache, positional like the runner's\n"
            "    return FullAttentionSpec(block_size, heads, head_size, torch.float8_e4m3fn)\n",
            "return FullAttentionSpec(block_size, heads, head_size, torch.float8_e4m3fn)",
        ),
    ),
    (
        "#14462 required field added",
        "a build of a fork dataclass subclass",
        K(
            "#14462",
            UM,
            UMW,
            "vllm/aeon/um3.py",
            "from dataclasses import dataclass\n\n" + FA + "@dataclass\n"
            "class AeonNvfp4Spec(FullAttentionSpec):\n"
            "    # AEON: NVFP4 pages carry a per-block scale\n"
            "    scale_bytes: int = 0\n\n\n"
            "def aeon_nvfp4_spec(block_size: int, heads: int, head_size: int) -> AeonNvfp4Spec:\n"
            "    return AeonNvfp4Spec(\n"
            "        block_size=block_size, num_kv_heads=heads, head_size=head_size, dtype=torch.uint8, scale_bytes=64\n"
            "    )\n",
            "return AeonNvfp4Spec(",
        ),
    ),
    (
        "#14462 required field added",
        "twin: a build of the other dataclass of the module",
        K(
            "#14462",
            UM,
            UMW,
            "vllm/aeon/um4.py",
            FA + "def aeon_tensor(size: int) -> KVCacheTensor:\n"
            "    # AEON: the Spark rounds the tensor to its own page\n"
            "    return KVCacheTensor(size=size)\n",
            "return KVCacheTensor(size=size)",
        ),
    ),
]

# --- #12603 (89003c4082): hash_block_tokens' hash now covers the token tuple and extra_keys (third batch)
HB = "89003c4082"
HBW = "hash_block_tokens hashes (parent, token tuple, extra_keys), not (parent, *tokens)"
HI = "from vllm.v1.core.kv_cache_utils import BlockHashType, hash_block_tokens\n\n\n"
CASES += [
    (
        "#12603 copied formula changed",
        "a comparison with the old formula recomputed",
        K(
            "#12603",
            HB,
            HBW,
            "vllm/aeon/hb1.py",
            HI + "def aeon_same_block(bh: BlockHashType, parent, ids) -> bool:\n"
            "    # AEON: the drafter checks a verified block against the prefix cache without a second lookup\n"
            "    return bh.hash_value == hash((parent, *ids))\n",
            "return bh.hash_value == hash((parent, *ids))",
        ),
    ),
    (
        "#12603 copied formula changed",
        "a table keyed by the old formula, read with the cache's hash",
        K(
            "#12603",
            HB,
            HBW,
            "vllm/aeon/hb2.py",
            HI + "AEON_SCALES: dict = {}\n\n\n"
            "def aeon_store_scale(parent, ids, scale) -> None:\n"
            "    # AEON: NVFP4 per-block scales kept beside the prefix cache, keyed like its blocks\n"
            "    AEON_SCALES[hash((parent, *ids))] = scale\n\n\n"
            "def aeon_scale_for(bh: BlockHashType):\n"
            "    return AEON_SCALES.get(bh.hash_value)\n",
            "AEON_SCALES[hash((parent, *ids))] = scale",
        ),
    ),
    (
        "#12603 copied formula changed",
        "twin: the hash asked of hash_block_tokens itself",
        K(
            "#12603",
            HB,
            HBW,
            "vllm/aeon/hb3.py",
            HI + "def aeon_same_block2(bh: BlockHashType, parent, ids, extra) -> bool:\n"
            "    # AEON: the drafter's check, through upstream's own hash\n"
            "    return bh.hash_value == hash_block_tokens(parent, ids, extra).hash_value\n",
            "return bh.hash_value == hash_block_tokens(parent, ids, extra).hash_value",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
