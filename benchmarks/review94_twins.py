"""Adversarial twins of killers184's widening: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened check catches, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a literal default made None whose fill picks the old literal on one branch only (``_fill_choices`` in
  ``drift/symbols.py``, default drift; #21720 ``LLM.encode``'s ``pooling_task="encode"`` -> ``None`` filled by
  ``"embed"`` when the model supports it, else ``"encode"``): the task named by keyword (the old value, the new
  one, one the fork computes), the fork's own class's ``encode`` with its own default, a tokenizer's ``encode``,
  the canary's override keeping ``"encode"`` and passing it on to ``super()``, a ``functools.partial`` naming the
  task, ``**kwargs`` naming it, an unchanged method (``embed``) called bare, a local ``encode`` rebound to the
  fork's function, the bare call in the ``else`` of a ``hasattr`` version test;
- the same shape on a dataclass's field filled in ``__post_init__`` (#11061 ``EngineArgs.max_num_seqs``
  ``256`` -> ``None`` filled by ``256 if not VLLM_USE_V1 else 1024``): the field by keyword (named or after a
  positional model), the fork's own dataclass of the field's name, the fork's subclass keeping ``256``, a
  ``**dict``, ``dataclasses.replace`` naming it, a read of the filled field;
- two commits where a literal default became a None filled by a non-literal (#10382
  ``EngineArgs.enable_prefix_caching`` ``False`` -> ``bool(envs.VLLM_USE_V1)``; #36438
  ``KVTransferConfig.kv_buffer_device`` ``"cuda"`` -> the platform's device type): the field by keyword, the fork's
  own class of the field's name, a read of the filled field with a fallback.

Every error on a twin's line is a false one (a warning is counted apart).  The widening only warns (every
default drift is a warning: one branch still gives the old value), so a false error could only come through
the code it shares; the twins measure that, and their warnings show its noise.  The CASES are the replay's two
catches of the widening (``blind_replay_llmentry.py``) and #11061's ``EngineArgs(model=...)`` leaving
``max_num_seqs`` out (on a V1 engine it now gets 1024).

Round 1 (main at 8e495683), 3 cases and 22 twins as first written: 0 caught, 3 warned, 0 missed of 3 (every
default drift of a call is a warning); 0 false errors of 22 twins, 4 warned: the canary's override keeping
``"encode"`` (the override-keeps-the-old-default warning, by design: the fork's callers and upstream's now get
different tasks), two reads of a filled field (``args.max_num_seqs or 256``, ``cfg.kv_buffer_device or
'cuda'``: the field-read default drift of another check, not this widening; left alone), and the bare call in
the ``else`` of ``if hasattr(llm, 'reward'):`` (noise: that path never runs after the merge, since #21720 added
``LLM.reward``).
Round 2 (this branch): a call leaving a changed default out is quiet where it runs only on the release before
the merge (``_old_release_only`` in ``drift/symbols.py``: the false side of a plain ``hasattr`` test of a name
the callee's file gained, the true side of one it lost).  3 warned of 3; 0 false errors of 22 twins (3 warned).
Round 3 (written after the mend): the bare call in the body of ``if hasattr(llm, 'reward'):`` (the new
release's path: a case, still warned) and in the body of ``if not hasattr(llm, 'reward'):`` (the old release's:
a twin).  On main (8e495683): the case warned, the twin warned.  This branch: the case warned, the twin quiet.
All rounds, main (8e495683): 0 caught, 4 warned of 4; 0 false errors of 23 twins (5 warned).  This branch: 0
caught, 4 warned of 4; 0 false errors of 23 twins (3 warned).  ``blind_replay_llmentry.py`` unchanged: 20
caught, 2 warned, 0 missed of 22, 9 twins quiet.

  PYTHONPATH=.. python review94_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 65f311ce59 (#21720): LLM.encode's pooling_task="encode" -> None, filled "embed" if supported else "encode"
PT = ("#21720", "65f311ce59", "LLM.encode(pooling_task) default 'encode' -> None filled by a test")
LLM_IMPORT = "from vllm.entrypoints.llm import LLM\n\n\n"
CANARY = "class AeonCanaryLLM(LLM):\n    # AEON: the Spark's speculative-decoding canary drives the offline engine\n"
CASES += [
    (
        "#21720 chosen default",
        "a call leaving pooling_task out",
        K(
            *PT,
            "vllm/aeon/r94pt0.py",
            LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    return llm.encode(texts, use_tqdm=False)\n",
            "    return llm.encode(texts, use_tqdm=False)",
        ),
    ),
    (
        "#21720 chosen default",
        "a subclass's super() call leaving pooling_task out",
        K(
            *PT,
            "vllm/aeon/r94pt1.py",
            LLM_IMPORT + CANARY + "    def aeon_hidden(self, texts, params=None):\n"
            "        return super().encode(texts, params, use_tqdm=False)\n",
            "        return super().encode(texts, params, use_tqdm=False)",
        ),
    ),
]
TWINS += [
    (
        "#21720 chosen default",
        "twin: the task named by keyword (the old value kept)",
        K(
            *PT,
            "vllm/aeon/r94pt2.py",
            LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    return llm.encode(texts, use_tqdm=False, pooling_task='encode')\n",
            "    return llm.encode(texts, use_tqdm=False, pooling_task='encode')",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: the task named 'embed' (the new choice taken on purpose)",
        K(
            *PT,
            "vllm/aeon/r94pt3.py",
            LLM_IMPORT + "def aeon_embed(llm: LLM, texts: list[str]):\n"
            "    return llm.encode(texts, pooling_task='embed')\n",
            "    return llm.encode(texts, pooling_task='embed')",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: the fork's own class's encode (its own default) on its instance",
        K(
            *PT,
            "vllm/aeon/r94pt4.py",
            "class AeonPooler:\n"
            "    def encode(self, texts: list[str], pooling_task: str = 'encode') -> list[str]:\n"
            "        return [f'{pooling_task}:{t}' for t in texts]  # AEON: the Spark's own pooler\n\n\n"
            "def aeon_pool(pooler: AeonPooler, texts: list[str]) -> list[str]:\n"
            "    return pooler.encode(texts)\n",
            "    return pooler.encode(texts)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: a tokenizer's encode (another class's method of the name)",
        K(
            *PT,
            "vllm/aeon/r94pt5.py",
            "from transformers import PreTrainedTokenizerBase\n\n"
            + LLM_IMPORT
            + "def aeon_ids(llm: LLM, tok: PreTrainedTokenizerBase, text: str) -> list[int]:\n"
            "    return tok.encode(text)\n",
            "    return tok.encode(text)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: the canary's override keeping 'encode' and passing it on to super()",
        K(
            *PT,
            "vllm/aeon/r94pt6.py",
            LLM_IMPORT
            + CANARY
            + "    def encode(self, prompts, pooling_params=None, *, use_tqdm=True, pooling_task='encode'):\n"
            "        return super().encode(prompts, pooling_params, use_tqdm=use_tqdm, pooling_task=pooling_task)\n\n"
            "    def aeon_hidden(self, texts):\n"
            "        return self.encode(texts)\n",
            "        return self.encode(texts)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: a functools.partial naming the task, called without it",
        K(
            *PT,
            "vllm/aeon/r94pt7.py",
            "import functools\n\n" + LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    encode = functools.partial(llm.encode, pooling_task='encode')\n"
            "    return encode(texts, use_tqdm=False)\n",
            "    return encode(texts, use_tqdm=False)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: the task passed through **kwargs",
        K(
            *PT,
            "vllm/aeon/r94pt8.py",
            LLM_IMPORT + "AEON_POOL = {'pooling_task': 'encode', 'use_tqdm': False}\n\n\n"
            "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    return llm.encode(texts, **AEON_POOL)\n",
            "    return llm.encode(texts, **AEON_POOL)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: an unchanged method of the class (embed) called bare",
        K(
            *PT,
            "vllm/aeon/r94pt9.py",
            LLM_IMPORT + "def aeon_embed(llm: LLM, texts: list[str]):\n    return llm.embed(texts, use_tqdm=False)\n",
            "    return llm.embed(texts, use_tqdm=False)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: a local name encode rebound to the fork's own function",
        K(
            *PT,
            "vllm/aeon/r94pt10.py",
            LLM_IMPORT + "def _aeon_encode(texts: list[str], pooling_task: str = 'encode') -> list[str]:\n"
            "    return [pooling_task + t for t in texts]\n\n\n"
            "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    encode = _aeon_encode  # AEON: the Spark's offline stub, no engine\n"
            "    return encode(texts)\n",
            "    return encode(texts)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: a hasattr version test, the new release given the task",
        K(
            *PT,
            "vllm/aeon/r94pt11.py",
            LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    if hasattr(llm, 'reward'):  # AEON: releases with LLM.reward pick the task themselves\n"
            "        return llm.encode(texts, pooling_task='encode')\n"
            "    else:  # AEON: older releases pool 'encode' when it is left out\n"
            "        return llm.encode(texts)\n",
            "        return llm.encode(texts)",
        ),
    ),
    (
        "#21720 chosen default",
        "twin: the task computed by the fork and passed",
        K(
            *PT,
            "vllm/aeon/r94pt12.py",
            LLM_IMPORT + "def aeon_hidden(llm: LLM, texts: list[str], raw: bool):\n"
            "    task = 'encode' if raw else 'embed'\n"
            "    return llm.encode(texts, None, pooling_task=task)\n",
            "    return llm.encode(texts, None, pooling_task=task)",
        ),
    ),
]

# Round 3 (written after the mend): the version test's other paths
CASES += [
    (
        "#21720 chosen default",
        "the bare call in the body of the hasattr test (the new release's path)",
        K(
            *PT,
            "vllm/aeon/r94pt13.py",
            LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    if hasattr(llm, 'reward'):  # AEON: written for the new release, left to its default\n"
            "        return llm.encode(texts)\n"
            "    return llm.encode(texts, pooling_task='encode')\n",
            "        return llm.encode(texts)",
        ),
    ),
]
TWINS += [
    (
        "#21720 chosen default",
        "twin: the bare call under a negated hasattr test (the old release's path)",
        K(
            *PT,
            "vllm/aeon/r94pt14.py",
            LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    if not hasattr(llm, 'reward'):  # AEON: older releases pool 'encode' when it is left out\n"
            "        return llm.encode(texts)\n"
            "    return llm.encode(texts, pooling_task='encode')\n",
            "        return llm.encode(texts)",
        ),
    ),
]

# --- 134810b3d9 (#11061): EngineArgs.max_num_seqs 256 -> None, filled 256 if not V1 else 1024 in __post_init__
MS = ("#11061", "134810b3d9", "EngineArgs.max_num_seqs 256 -> None filled by a test")
EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"
CASES += [
    (
        "#11061 chosen default",
        "EngineArgs built without max_num_seqs",
        K(
            *MS,
            "vllm/aeon/r94ms0.py",
            EA + "def aeon_args(model: str) -> EngineArgs:\n    return EngineArgs(model=model, enforce_eager=True)\n",
            "    return EngineArgs(model=model, enforce_eager=True)",
        ),
    ),
]
TWINS += [
    (
        "#11061 chosen default",
        "twin: max_num_seqs passed by keyword",
        K(
            *MS,
            "vllm/aeon/r94ms1.py",
            EA + "def aeon_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, enforce_eager=True, max_num_seqs=256)\n",
            "    return EngineArgs(model=model, enforce_eager=True, max_num_seqs=256)",
        ),
    ),
    (
        "#11061 chosen default",
        "twin: the fork's own dataclass of the field's name",
        K(
            *MS,
            "vllm/aeon/r94ms2.py",
            "from dataclasses import dataclass\n\n\n@dataclass\nclass AeonServeArgs:\n"
            "    model: str = ''\n    max_num_seqs: int = 256  # AEON: the Spark's own launcher\n\n\n"
            "def aeon_args(model: str) -> AeonServeArgs:\n    return AeonServeArgs(model=model)\n",
            "    return AeonServeArgs(model=model)",
        ),
    ),
    (
        "#11061 chosen default",
        "twin: the fork's subclass keeping the field at 256",
        K(
            *MS,
            "vllm/aeon/r94ms3.py",
            "from dataclasses import dataclass\n\n" + EA + "@dataclass\nclass AeonEngineArgs(EngineArgs):\n"
            "    max_num_seqs: int = 256  # AEON: the Spark's memory fits 256 sequences\n\n\n"
            "def aeon_args(model: str) -> AeonEngineArgs:\n    return AeonEngineArgs(model=model)\n",
            "    return AeonEngineArgs(model=model)",
        ),
    ),
    (
        "#11061 chosen default",
        "twin: built from a dict of the fork's settings",
        K(
            *MS,
            "vllm/aeon/r94ms4.py",
            EA + "AEON_ARGS = {'max_num_seqs': 256, 'enforce_eager': True}\n\n\n"
            "def aeon_args(model: str) -> EngineArgs:\n    return EngineArgs(model=model, **AEON_ARGS)\n",
            "    return EngineArgs(model=model, **AEON_ARGS)",
        ),
    ),
    (
        "#11061 chosen default",
        "twin: dataclasses.replace naming the field",
        K(
            *MS,
            "vllm/aeon/r94ms5.py",
            "import dataclasses\n\n" + EA + "def aeon_args(args: EngineArgs) -> EngineArgs:\n"
            "    return dataclasses.replace(args, max_num_seqs=256)\n",
            "    return dataclasses.replace(args, max_num_seqs=256)",
        ),
    ),
    (
        "#11061 chosen default",
        "twin: a read of the field after construction (the filled value)",
        K(
            *MS,
            "vllm/aeon/r94ms6.py",
            EA + "def aeon_batch(args: EngineArgs) -> int:\n    return args.max_num_seqs or 256\n",
            "    return args.max_num_seqs or 256",
        ),
    ),
    (
        "#11061 chosen default",
        "twin: positional model, the field by keyword",
        K(
            *MS,
            "vllm/aeon/r94ms7.py",
            EA + "def aeon_args(model: str) -> EngineArgs:\n    return EngineArgs(model, max_num_seqs=256)\n",
            "    return EngineArgs(model, max_num_seqs=256)",
        ),
    ),
]

# --- 519e8e4182 (#10382): EngineArgs.enable_prefix_caching False -> None, filled bool(envs.VLLM_USE_V1)
PC = ("#10382", "519e8e4182", "EngineArgs.enable_prefix_caching False -> None filled by the V1 switch")
TWINS += [
    (
        "#10382 filled default",
        "twin: enable_prefix_caching passed by keyword",
        K(
            *PC,
            "vllm/aeon/r94pc1.py",
            EA + "def aeon_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, enable_prefix_caching=False)\n",
            "    return EngineArgs(model=model, enable_prefix_caching=False)",
        ),
    ),
    (
        "#10382 filled default",
        "twin: the fork's own config class's field of the name",
        K(
            *PC,
            "vllm/aeon/r94pc2.py",
            "from dataclasses import dataclass\n\n\n@dataclass\nclass AeonCacheArgs:\n"
            "    enable_prefix_caching: bool = False\n\n\n"
            "def aeon_cache() -> AeonCacheArgs:\n    return AeonCacheArgs()\n",
            "    return AeonCacheArgs()",
        ),
    ),
]

# --- f22d6e0267 (#36438): KVTransferConfig.kv_buffer_device "cuda" -> None, filled by the platform
KB = ("#36438", "f22d6e0267", "KVTransferConfig.kv_buffer_device 'cuda' -> None filled by the platform")
KT = "from vllm.config.kv_transfer import KVTransferConfig\n\n\n"
TWINS += [
    (
        "#36438 filled default",
        "twin: kv_buffer_device passed by keyword",
        K(
            *KB,
            "vllm/aeon/r94kb1.py",
            KT + "def aeon_kv() -> KVTransferConfig:\n"
            "    return KVTransferConfig(kv_connector='NixlConnector', kv_role='kv_both', kv_buffer_device='cuda')\n",
            "    return KVTransferConfig(kv_connector='NixlConnector', kv_role='kv_both', kv_buffer_device='cuda')",
        ),
    ),
    (
        "#36438 filled default",
        "twin: a read of the filled field with a fallback",
        K(
            *KB,
            "vllm/aeon/r94kb2.py",
            KT + "def aeon_device(cfg: KVTransferConfig) -> str:\n    return cfg.kv_buffer_device or 'cuda'\n",
            "    return cfg.kv_buffer_device or 'cuda'",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review94-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
