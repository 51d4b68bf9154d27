"""Adversarial twins of init-only fields and the widened Literal spelt as control flow (killers156).

Each twin replays a real upstream commit under a fork carry that is correct after it (the merge base is the
commit's first parent, upstream the commit):

- init-only fields (#28733 ``SchedulerConfig.max_model_len`` made ``InitVar[int] = 8192``): a fork subclass that
  declares the field again, or whose ``__post_init__`` keeps it by ``object.__setattr__``; a parameter or local of
  the class's snake name that holds another object (typed as the fork's own class, imported or defined, a
  ``SimpleNamespace`` a test builds, ``self.scheduler_config`` set to the fork's own object); a ``try`` catching
  AttributeError, the model config's length, the constructor keyword;
- the widened Literal spelt as control flow (#46781 ``RejectionSampleMethod`` + ``"block"``, #29163
  ``PrefixCachingHashAlgo`` + the xxHash pair): the new choice answered by an earlier exiting test (``==`` the new
  choice, ``not in`` the old ones, a prefix test), the dispatch in a ``try`` whose ``except`` answers, the fork's
  own class with a field of the name, a chain over another object's field, an assert of a value the function
  itself stored, a chain naming the new choice, a version check, a default that answers.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches.

Main's engine (1b058a65), round 1 (5 cases, 21 twins): 5 caught of 5; 15 false errors of 21.  init_only (6): a
subclass declaring the field again, a subclass keeping it by ``object.__setattr__``, a parameter of the snake
name typed as the fork's own class (defined, imported), a local of the name bound to a ``SimpleNamespace``,
``self.scheduler_config`` set to the fork's own object.  widened_literals' dispatch (9): an earlier exiting test
answering the new choice (``== "block"``, ``not in`` the old ones, ``startswith("xxhash")`` before a chain and
before an assert), the match and the chain in a ``try`` whose ``except`` answers (2), the fork's own class with a
field of the name, a chain over another object's field, an assert of the value the function stored.  1 warning:
the match after a version check that answers the new releases.
Round 2 (another real commit of the kind: #41680, 504a26ce2b, ``MambaDType`` on
``CacheConfig.mamba_ssm_cache_dtype`` gains ``"bfloat16"``): 2 cases (a chain whose else raises, a fork layer that
copied the field onto ``self`` and asserts the old choices) and 4 twins (bfloat16 answered first, the hf config's
field of the name, the fork's own plan class declaring the field, the match in a ``try``); main: 2 caught, 4
false errors of 4.
All rounds, main (1b058a65): 7 caught of 7; 19 false errors of 25 twins (1 warned).
This branch: 7 caught of 7; 0 false errors of 25 (1 warned: the match after a version check, left: the check
answers the new releases in a branch that never names the field's test, so it stays a warning by design).  Mends:
init_only reads a receiver's type before its name and a file's own field or ``setattr`` as a store; the widened
dispatch stands down where its failure is caught, its subject is another object, the function stored the value,
or an earlier exiting test answers what the old choices do not settle.

  PYTHONPATH=.. python review66_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

SCHED = "from vllm.config import SchedulerConfig\n\n\n"
VLLM = "from vllm.config import VllmConfig\n\n\n"
SPEC = "from vllm.config import SpeculativeConfig\n\n\n"
CACHE = "from vllm.config import CacheConfig\n\n\n"

# --- 638e4196d1 (#28733): SchedulerConfig.max_model_len made an InitVar (a read gets the class default 8192)
ML = ("#28733", "638e4196d1", "SchedulerConfig.max_model_len made init-only")
CASES += [
    (
        "#28733 field made init-only",
        "a fork subclass reading the field it inherits",
        K(
            *ML,
            "vllm/aeon/r66ml1.py",
            SCHED + "class AeonSchedulerConfig(SchedulerConfig):\n"
            "    def aeon_chunk(self) -> int:\n"
            "        return self.max_model_len // 4\n",
            "return self.max_model_len // 4",
        ),
    ),
    (
        "#28733 field made init-only",
        "a config the function builds, read back",
        K(
            *ML,
            "vllm/aeon/r66ml2.py",
            SCHED + "def aeon_limit(n: int) -> int:\n"
            "    scheduler_config = SchedulerConfig(max_model_len=n)\n"
            "    return scheduler_config.max_model_len\n",
            "return scheduler_config.max_model_len",
        ),
    ),
]
TWINS += [
    (
        "#28733 field made init-only",
        "twin: a fork subclass declaring the field again (a stored field once more)",
        K(
            *ML,
            "vllm/aeon/r66mlt1.py",
            "from dataclasses import dataclass\n\n" + SCHED + "@dataclass\n"
            "class AeonSchedulerConfig(SchedulerConfig):\n"
            "    max_model_len: int = 8192  # AEON: the Spark's planner keeps the length\n\n"
            "    def aeon_chunk(self) -> int:\n"
            "        return self.max_model_len // 4\n",
            "return self.max_model_len // 4",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: a parameter of the class's name typed as the fork's own class",
        K(
            *ML,
            "vllm/aeon/r66mlt2.py",
            "from typing import NamedTuple\n\n\n"
            "class AeonLimits(NamedTuple):\n    max_model_len: int\n    max_num_seqs: int\n\n\n"
            "def aeon_chunk(scheduler_config: AeonLimits) -> int:\n"
            "    return scheduler_config.max_model_len // 4\n",
            "return scheduler_config.max_model_len // 4",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: a parameter of the class's name typed as a fork class imported",
        K(
            *ML,
            "vllm/aeon/r66mlt3.py",
            "from vllm.aeon.limits import AeonLimits\n\n\n"
            "def aeon_chunk2(scheduler_config: AeonLimits) -> int:\n"
            "    return scheduler_config.max_model_len // 4\n",
            "return scheduler_config.max_model_len // 4",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: a local of the class's name bound to a namespace the test builds",
        K(
            *ML,
            "tests/aeon/test_r66mlt4.py",
            "from types import SimpleNamespace\n\n\n"
            "def test_aeon_chunk() -> None:\n"
            "    scheduler_config = SimpleNamespace(max_model_len=4096, max_num_seqs=8)\n"
            "    assert scheduler_config.max_model_len // 4 == 1024\n",
            "assert scheduler_config.max_model_len // 4 == 1024",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: self.scheduler_config set to the fork's own object",
        K(
            *ML,
            "vllm/aeon/r66mlt5.py",
            "from vllm.aeon.limits import AeonLimits\n\n\n"
            "class AeonPlanner:\n"
            "    def __init__(self, limit: int) -> None:\n"
            "        self.scheduler_config = AeonLimits(limit, 8)\n\n"
            "    def chunk(self) -> int:\n"
            "        return self.scheduler_config.max_model_len // 4\n",
            "return self.scheduler_config.max_model_len // 4",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: a subclass whose __post_init__ keeps the value by setattr",
        K(
            *ML,
            "vllm/aeon/r66mlt6.py",
            SCHED + "class AeonSchedulerConfig(SchedulerConfig):\n"
            "    def __post_init__(self, max_model_len: int, *args: object) -> None:\n"
            "        super().__post_init__(max_model_len, *args)  # type: ignore[arg-type]\n"
            '        object.__setattr__(self, "max_model_len", max_model_len)  # AEON: the planner reads it\n\n'
            "    def aeon_chunk(self) -> int:\n"
            "        return self.max_model_len // 4\n",
            "return self.max_model_len // 4",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: the read in a try catching AttributeError",
        K(
            *ML,
            "vllm/aeon/r66mlt7.py",
            VLLM + "def aeon_limit(vllm_config: VllmConfig) -> int:\n"
            "    try:\n"
            "        return vllm_config.scheduler_config.max_model_len\n"
            "    except AttributeError:\n"
            "        return vllm_config.model_config.max_model_len\n",
            "return vllm_config.scheduler_config.max_model_len",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: the new spelling, off the model config",
        K(
            *ML,
            "vllm/aeon/r66mlt8.py",
            VLLM + "def aeon_limit2(vllm_config: VllmConfig) -> int:\n"
            "    return vllm_config.model_config.max_model_len // 4\n",
            "return vllm_config.model_config.max_model_len // 4",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: the keyword the constructor still takes",
        K(
            *ML,
            "vllm/aeon/r66mlt9.py",
            SCHED + "def aeon_scheduler(n: int) -> SchedulerConfig:\n"
            "    return SchedulerConfig(max_model_len=n, max_num_seqs=8)\n",
            "return SchedulerConfig(max_model_len=n, max_num_seqs=8)",
        ),
    ),
]

# --- db808b3961 (#46781): RejectionSampleMethod widened with "block"
RB = ("#46781", "db808b3961", "RejectionSampleMethod gains block")
CASES += [
    (
        "#46781 literal widened",
        "a match whose default raises, on a local",
        K(
            *RB,
            "vllm/aeon/r66rb1.py",
            SPEC + "def aeon_buffers(config: SpeculativeConfig) -> int:\n"
            "    method = config.rejection_sample_method\n"
            "    match method:\n"
            '        case "standard" | "synthetic":\n'
            "            return 1\n"
            "        case _:\n"
            "            raise ValueError(method)\n",
            "raise ValueError(method)",
        ),
    ),
]
TWINS += [
    (
        "#46781 literal widened",
        "twin: the new choice returned before the chain",
        K(
            *RB,
            "vllm/aeon/r66rbt1.py",
            SPEC + "def aeon_buffers(config: SpeculativeConfig) -> int:\n"
            "    method = config.rejection_sample_method\n"
            '    if method == "block":\n'
            "        return 2  # AEON: block verification keeps a second buffer\n"
            '    if method == "standard":\n'
            "        return 1\n"
            '    elif method == "synthetic":\n'
            "        return 0\n"
            "    else:\n"
            "        raise ValueError(method)\n",
            "raise ValueError(method)",
        ),
    ),
    (
        "#46781 literal widened",
        "twin: choices the fork does not know turned away before the match",
        K(
            *RB,
            "vllm/aeon/r66rbt2.py",
            SPEC + "def aeon_buffers2(config: SpeculativeConfig) -> int:\n"
            '    if config.rejection_sample_method not in ("standard", "synthetic"):\n'
            "        return 2\n"
            "    match config.rejection_sample_method:\n"
            '        case "standard":\n'
            "            return 1\n"
            '        case "synthetic":\n'
            "            return 0\n"
            "        case _:\n"
            "            raise AssertionError(config.rejection_sample_method)\n",
            "raise AssertionError(config.rejection_sample_method)",
        ),
    ),
    (
        "#46781 literal widened",
        "twin: the match in a try whose except answers",
        K(
            *RB,
            "vllm/aeon/r66rbt3.py",
            SPEC + "def aeon_buffers3(config: SpeculativeConfig) -> int:\n"
            "    try:\n"
            "        match config.rejection_sample_method:\n"
            '            case "standard":\n'
            "                return 1\n"
            '            case "synthetic":\n'
            "                return 0\n"
            "            case _:\n"
            "                raise ValueError(config.rejection_sample_method)\n"
            "    except ValueError:\n"
            "        return 2  # AEON: any newer sampler gets the larger budget\n",
            "raise ValueError(config.rejection_sample_method)",
        ),
    ),
    (
        "#46781 literal widened",
        "twin: the fork's own class with a field of the name and its own choices",
        K(
            *RB,
            "vllm/aeon/r66rbt4.py",
            "from dataclasses import dataclass\nfrom typing import Literal\n\n\n"
            "@dataclass\n"
            "class AeonDraftPlan:\n"
            '    rejection_sample_method: Literal["standard", "synthetic"] = "standard"\n\n'
            "    def buffers(self) -> int:\n"
            '        if self.rejection_sample_method == "standard":\n'
            "            return 1\n"
            '        elif self.rejection_sample_method == "synthetic":\n'
            "            return 0\n"
            "        else:\n"
            "            raise ValueError(self.rejection_sample_method)\n",
            "raise ValueError(self.rejection_sample_method)",
        ),
    ),
    (
        "#46781 literal widened",
        "twin: an assert of the value the function itself stored",
        K(
            *RB,
            "vllm/aeon/r66rbt5.py",
            SPEC + "def aeon_pin(config: SpeculativeConfig, exact: bool) -> None:\n"
            '    config.rejection_sample_method = "standard" if exact else "synthetic"  # AEON: no block on the Spark\n'
            '    assert config.rejection_sample_method in ("standard", "synthetic")\n',
            'assert config.rejection_sample_method in ("standard", "synthetic")',
        ),
    ),
    (
        "#46781 literal widened",
        "twin: the chain names the new choice too",
        K(
            *RB,
            "vllm/aeon/r66rbt6.py",
            SPEC + "def aeon_buffers6(config: SpeculativeConfig) -> int:\n"
            "    method = config.rejection_sample_method\n"
            '    if method in ("standard", "block"):\n'
            "        return 1\n"
            '    elif method == "synthetic":\n'
            "        return 0\n"
            "    else:\n"
            "        raise ValueError(method)\n",
            "raise ValueError(method)",
        ),
    ),
    (
        "#46781 literal widened",
        "twin: the old chain only under a version check, the new one after it",
        K(
            *RB,
            "vllm/aeon/r66rbt7.py",
            "from packaging.version import Version\n\nimport vllm\n"
            + SPEC
            + "def aeon_buffers7(config: SpeculativeConfig) -> int:\n"
            '    if Version(vllm.__version__) >= Version("0.20"):\n'
            '        return 2 if config.rejection_sample_method == "block" else 1\n'
            "    match config.rejection_sample_method:\n"
            '        case "standard":\n'
            "            return 1\n"
            '        case "synthetic":\n'
            "            return 0\n"
            "        case _:\n"
            "            raise ValueError(config.rejection_sample_method)\n",
            "raise ValueError(config.rejection_sample_method)",
        ),
    ),
    (
        "#46781 literal widened",
        "twin: a match whose default answers",
        K(
            *RB,
            "vllm/aeon/r66rbt8.py",
            SPEC + "def aeon_buffers8(config: SpeculativeConfig) -> int:\n"
            "    match config.rejection_sample_method:\n"
            '        case "standard":\n'
            "            return 1\n"
            "        case _:\n"
            "            return 2\n",
            "return 2",
        ),
    ),
]

# --- 9bcf92295a (#29163): PrefixCachingHashAlgo widened with "xxhash" and "xxhash_cbor"
XH = ("#29163", "9bcf92295a", "PrefixCachingHashAlgo gains xxhash, xxhash_cbor")
CASES += [
    (
        "#29163 literal widened",
        "an if/elif chain whose else raises",
        K(
            *XH,
            "vllm/aeon/r66xh1.py",
            CACHE + "def aeon_key_bytes(cache_config: CacheConfig) -> int:\n"
            '    if cache_config.prefix_caching_hash_algo == "sha256":\n'
            "        return 32\n"
            '    elif cache_config.prefix_caching_hash_algo == "sha256_cbor":\n'
            "        return 32\n"
            "    else:\n"
            "        raise ValueError(cache_config.prefix_caching_hash_algo)\n",
            "raise ValueError(cache_config.prefix_caching_hash_algo)",
        ),
    ),
    (
        "#29163 literal widened",
        "an assert of the old choices on a local",
        K(
            *XH,
            "vllm/aeon/r66xh2.py",
            CACHE + "def aeon_check(cache_config: CacheConfig) -> None:\n"
            "    algo = cache_config.prefix_caching_hash_algo\n"
            '    assert algo in ["sha256", "sha256_cbor"], algo\n',
            'assert algo in ["sha256", "sha256_cbor"], algo',
        ),
    ),
]
TWINS += [
    (
        "#29163 literal widened",
        "twin: the new family answered by a prefix test before the chain",
        K(
            *XH,
            "vllm/aeon/r66xht1.py",
            CACHE + "def aeon_key_bytes(cache_config: CacheConfig) -> int:\n"
            "    algo = cache_config.prefix_caching_hash_algo\n"
            '    if algo.startswith("xxhash"):\n'
            "        return 8\n"
            '    if algo == "sha256":\n'
            "        return 32\n"
            '    elif algo == "sha256_cbor":\n'
            "        return 32\n"
            "    else:\n"
            "        raise ValueError(algo)\n",
            "raise ValueError(algo)",
        ),
    ),
    (
        "#29163 literal widened",
        "twin: a chain over another object's field of its own name",
        K(
            *XH,
            "vllm/aeon/r66xht2.py",
            "from vllm.aeon.kvindex import AeonIndexSpec\n\n\n"
            "def aeon_index_bytes(spec: AeonIndexSpec) -> int:\n"
            '    if spec.prefix_caching_hash_algo == "sha256":\n'
            "        return 32\n"
            '    elif spec.prefix_caching_hash_algo == "sha256_cbor":\n'
            "        return 32\n"
            "    else:\n"
            "        raise ValueError(spec.prefix_caching_hash_algo)\n",
            "raise ValueError(spec.prefix_caching_hash_algo)",
        ),
    ),
    (
        "#29163 literal widened",
        "twin: an assert under an if that tests membership first",
        K(
            *XH,
            "vllm/aeon/r66xht3.py",
            CACHE + "def aeon_check(cache_config: CacheConfig) -> bool:\n"
            '    if cache_config.prefix_caching_hash_algo.startswith("xxhash"):\n'
            "        return False\n"
            '    assert cache_config.prefix_caching_hash_algo in ("sha256", "sha256_cbor")\n'
            "    return True\n",
            'assert cache_config.prefix_caching_hash_algo in ("sha256", "sha256_cbor")',
        ),
    ),
    (
        "#29163 literal widened",
        "twin: the chain in a try whose except answers",
        K(
            *XH,
            "vllm/aeon/r66xht4.py",
            CACHE + "def _aeon_bytes(algo: str) -> int:\n    return 32\n\n\n"
            "def aeon_key_bytes4(cache_config: CacheConfig) -> int:\n"
            "    try:\n"
            '        if cache_config.prefix_caching_hash_algo == "sha256":\n'
            "            return 32\n"
            '        elif cache_config.prefix_caching_hash_algo == "sha256_cbor":\n'
            "            return 32\n"
            "        else:\n"
            "            raise NotImplementedError(cache_config.prefix_caching_hash_algo)\n"
            "    except NotImplementedError:\n"
            "        return 8\n",
            "raise NotImplementedError(cache_config.prefix_caching_hash_algo)",
        ),
    ),
]

# --- 504a26ce2b (#41680): MambaDType (CacheConfig.mamba_ssm_cache_dtype) widened with "bfloat16" (round 2)
MB = ("#41680", "504a26ce2b", "MambaDType gains bfloat16")
TORCH = "import torch\n\n" + CACHE
CASES += [
    (
        "#41680 literal widened",
        "an if/elif chain on the ssm cache dtype whose else raises",
        K(
            *MB,
            "vllm/aeon/r66mb1.py",
            TORCH + "def aeon_ssm_dtype(cache_config: CacheConfig, model_dtype: torch.dtype) -> torch.dtype:\n"
            '    if cache_config.mamba_ssm_cache_dtype == "auto":\n'
            "        return model_dtype\n"
            '    elif cache_config.mamba_ssm_cache_dtype in ("float32", "float16"):\n'
            "        return getattr(torch, cache_config.mamba_ssm_cache_dtype)\n"
            "    else:\n"
            "        raise ValueError(cache_config.mamba_ssm_cache_dtype)\n",
            "raise ValueError(cache_config.mamba_ssm_cache_dtype)",
        ),
    ),
    (
        "#41680 literal widened",
        "a fork layer that copied the field onto itself, then asserts the old choices",
        K(
            *MB,
            "vllm/aeon/r66mb2.py",
            CACHE + "class AeonSSMState:\n"
            "    def __init__(self, cache_config: CacheConfig) -> None:\n"
            "        self.mamba_ssm_cache_dtype = cache_config.mamba_ssm_cache_dtype\n\n"
            "    def check(self) -> None:\n"
            '        assert self.mamba_ssm_cache_dtype in ("auto", "float32", "float16")\n',
            'assert self.mamba_ssm_cache_dtype in ("auto", "float32", "float16")',
        ),
    ),
]
TWINS += [
    (
        "#41680 literal widened",
        "twin: bfloat16 answered before the chain",
        K(
            *MB,
            "vllm/aeon/r66mbt1.py",
            TORCH + "def aeon_ssm_dtype(cache_config: CacheConfig, model_dtype: torch.dtype) -> torch.dtype:\n"
            "    dtype = cache_config.mamba_ssm_cache_dtype\n"
            '    if dtype == "bfloat16":\n'
            "        return torch.bfloat16\n"
            '    if dtype == "auto":\n'
            "        return model_dtype\n"
            '    elif dtype in ("float32", "float16"):\n'
            "        return getattr(torch, dtype)\n"
            "    else:\n"
            "        raise ValueError(dtype)\n",
            "raise ValueError(dtype)",
        ),
    ),
    (
        "#41680 literal widened",
        "twin: a field of the name off the model's hf config",
        K(
            *MB,
            "vllm/aeon/r66mbt2.py",
            "from transformers import PretrainedConfig\n\n\n"
            "def aeon_hf_ssm_dtype(hf_config: PretrainedConfig) -> str:\n"
            "    match hf_config.mamba_ssm_cache_dtype:\n"
            '        case "auto" | "float32" | "float16":\n'
            "            return hf_config.mamba_ssm_cache_dtype\n"
            "        case _:\n"
            "            raise ValueError(hf_config.mamba_ssm_cache_dtype)\n",
            "raise ValueError(hf_config.mamba_ssm_cache_dtype)",
        ),
    ),
    (
        "#41680 literal widened",
        "twin: the fork's own layer config declaring the field with its own choices",
        K(
            *MB,
            "vllm/aeon/r66mbt3.py",
            "from dataclasses import dataclass\nfrom typing import Literal\n\n\n"
            "@dataclass\n"
            "class AeonSSMPlan:\n"
            '    mamba_ssm_cache_dtype: Literal["auto", "float32", "float16"] = "auto"\n\n'
            "    def check(self) -> None:\n"
            '        assert self.mamba_ssm_cache_dtype in ("auto", "float32", "float16")\n',
            'assert self.mamba_ssm_cache_dtype in ("auto", "float32", "float16")',
        ),
    ),
    (
        "#41680 literal widened",
        "twin: the chain in a try whose except takes the model dtype",
        K(
            *MB,
            "vllm/aeon/r66mbt4.py",
            TORCH + "def aeon_ssm_dtype4(cache_config: CacheConfig, model_dtype: torch.dtype) -> torch.dtype:\n"
            "    try:\n"
            "        match cache_config.mamba_ssm_cache_dtype:\n"
            '            case "auto":\n'
            "                return model_dtype\n"
            '            case "float32" | "float16":\n'
            "                return getattr(torch, cache_config.mamba_ssm_cache_dtype)\n"
            "            case _:\n"
            "                raise ValueError(cache_config.mamba_ssm_cache_dtype)\n"
            "    except ValueError:\n"
            "        return model_dtype\n",
            "raise ValueError(cache_config.mamba_ssm_cache_dtype)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review66-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
