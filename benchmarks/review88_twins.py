"""Adversarial twins of killers177's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork setting of an environment variable whose value upstream's changed comparison reads the other way
  (``drift/env_values.py``; #22378 ``no_use = (env_value == "0")`` -> ``use = (env_value == "1")``): the value
  both readings take as on (``"1"`` by ``setdefault``), an off the base misread and upstream now honours
  (``"false"``), ``"0"``, the fork's own variable, the variable in a subprocess's environment dict, a docstring
  that spells the old setting, a version test choosing the spelling; #52431 (VLLM_USE_MODELSCOPE widened from
  ``.lower() == "true"`` to ``.strip().lower() in ("1", "true")``: ``"1"`` and ``"True"``); #36823
  (VLLM_ENABLE_PREGRAD_PASSES's default ``"0"`` -> ``"1"`` under the same ``== "1"``: ``"0"`` and ``"true"``);
- a fork subclass's store of an attribute upstream's constructor now copies (``drift/snapshots.py``; #23732
  ``self.sm_scale = self.global_hyperparameters.sm_scale`` ... read by ``build``): the store with the copies
  written too (the new spelling beside the old), a ``setattr`` loop re-taking the copies, a helper of the fork's
  class re-taking them called right after, a ``hasattr`` guard, only the copy stored, the fork's own namesake
  builder, a subclass of the MLA builder (its ``_global_hyperparameters`` still read live); #23147
  (``self.cache_dtype = self.cache_config.cache_dtype``): a field not copied, a ``replace`` of a field not
  copied; #35959 (the V2 runner's ``self.dp_size``/``self.dp_rank`` newly copied from ``self.parallel_config``
  beside ``pp_size``, ``dcp_size`` and ``cp_interleave``, copied at the base already): a write through a field
  the base already copied (the merge changes nothing for it: the runner ignored the write before too, and the
  shared config's other holders still see it), a field not copied.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's four
catches of these widenings (#22378's ``"true"`` and ``setdefault`` ``"yes"``, #23732's replace and write through),
kept to show the reach stays, plus #23732's store in a ``build`` override before delegating, #23147's write of
``cache_dtype`` and #35959's write of ``data_parallel_size`` after construction.

Round 1 (main at 0d066afa), 7 cases and 24 twins as first written: 7 caught of 7; 4 false errors of 24: a
docstring's example of the old setting (the settings were a text scan of the fork's lines), the old spelling in
the ``else`` arm of a probe of upstream's helper whose other arm sets ``"1"`` (a setting in an arm that does not
run after the merge), a ``setattr`` loop re-taking the copies below the replacement (only ``self.copy = ...``
counted as written for both sides), and #35959's write of ``decode_context_parallel_size``, a field the base's
constructor had copied already (every copied field counted, not only those whose reader the change moved); and
one warned twin, a helper re-taking the copies (it reads the attribute: a reader of its own).  None turned out
broken on reflection: each runs as the fork means after the merge.
Round 2 (this branch): a setting must be a statement storing into, or ``setdefault`` on, an ``environ`` (the fork's
file parsed); a setting in one arm of an ``if``/``try`` whose other arm sets the variable to a value upstream's
new reading takes as the fork means is a warning; ``setattr(self, name, ...)`` where the method spells a copy's
name, or a helper of the fork's class the method calls on ``self`` storing a copy, is written for both sides; only
the copied fields the base's methods read through the attribute count.  7 caught of 7; 0 false errors of 24 (1
warned: the probe's arm).  ``blind_replay_flashinfer.py`` as before: 21 caught, 1 warned, 0 missed of 22, 0
false of 11.
Round 3 (written after the mends): #23147's ``self.cache_config = vllm_config.cache_config`` and #35959's
``self.parallel_config = vllm_config.parallel_config`` restated below ``super().__init__()`` (the very object
upstream's constructor stored and copied from): false errors on main and after round 2; quiet now that a store
of the value upstream's ``__init__`` stores on the attribute changes no field.
All rounds, main (0d066afa): 7 caught of 7; 6 false errors of 26 twins.  This branch: 7 caught of 7; 0 false
errors of 26 twins (1 warned).
On the landing's final engine (a395e059, the other branches merged): 7 caught of 7; 1 false error of 26 twins (1
warned).  The false one is "only the copy stored": ``self.window_left = -1`` below ``super().__init__()`` in a
subclass of the builder, which killers178's namesake class (``merge/shadowed-attribute``, ``drift/shadows.py``)
calls an error -- a fork field of the name of one upstream's base now sets and reads.  The twin's fork wrote
upstream's new field ahead of the merge (at the base nothing read it); the class cannot tell that from a fork
field of another meaning under the new name (#26086's ``dp_rank``, ``blind_replay_eagleprop.py``), so it is left
an error and counted here.

  PYTHONPATH=.. python review88_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 9a3835aaa9 (#22378): VLLM_USE_TRTLLM_ATTENTION on only when "1" (was: on unless "0")
EV = ("#22378", "9a3835aaa9", 'use_trtllm_attention reads VLLM_USE_TRTLLM_ATTENTION == "1" (was != "0")')
OS = "import os\n\n\n"
CASES += [
    (
        "#22378 environment value",
        'the replay\'s "true" (on at the base, off now)',
        K(
            *EV,
            "vllm/aeon/r88ev0.py",
            OS + "def aeon_force_trtllm() -> None:\n"
            "    # AEON: the Spark's speculative decode needs the TRT-LLM kernels\n"
            '    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"\n',
            'os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"',
        ),
    ),
    (
        "#22378 environment value",
        'the replay\'s setdefault of "yes"',
        K(
            *EV,
            "vllm/aeon/r88ev1.py",
            "import os\n\n# AEON: the images turn the TRT-LLM attention on unless the operator said otherwise\n"
            'os.environ.setdefault("VLLM_USE_TRTLLM_ATTENTION", "yes")\n',
            'os.environ.setdefault("VLLM_USE_TRTLLM_ATTENTION", "yes")',
        ),
    ),
]
TWINS += [
    (
        "#22378 environment value",
        'twin: a setdefault of "1" (on in both readings)',
        K(
            *EV,
            "vllm/aeon/r88ev2.py",
            'import os\n\n# AEON: the new spelling\nos.environ.setdefault("VLLM_USE_TRTLLM_ATTENTION", "1")\n',
            'os.environ.setdefault("VLLM_USE_TRTLLM_ATTENTION", "1")',
        ),
    ),
    (
        "#22378 environment value",
        'twin: "false" (meant off; the base misread it as on, upstream now honours it)',
        K(
            *EV,
            "vllm/aeon/r88ev3.py",
            OS + "def aeon_no_trtllm() -> None:\n"
            "    # AEON: the fp8 prefill of the draft model is wrong on the TRT-LLM kernels\n"
            '    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "false"\n',
            'os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "false"',
        ),
    ),
    (
        "#22378 environment value",
        'twin: "0" (off in both readings)',
        K(
            *EV,
            "vllm/aeon/r88ev4.py",
            OS + "def aeon_no_trtllm() -> None:\n" + '    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "0"\n',
            'os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "0"',
        ),
    ),
    (
        "#22378 environment value",
        "twin: the fork's own variable set to true",
        K(
            *EV,
            "vllm/aeon/r88ev5.py",
            OS + "def aeon_force_trtllm() -> None:\n"
            "    # AEON: read by the fork's own gate\n"
            '    os.environ["AEON_USE_TRTLLM_ATTENTION"] = "true"\n',
            'os.environ["AEON_USE_TRTLLM_ATTENTION"] = "true"',
        ),
    ),
    (
        "#22378 environment value",
        "twin: the variable in a subprocess's environment dict, set to the new spelling",
        K(
            *EV,
            "vllm/aeon/r88ev6.py",
            "import os\nimport subprocess\n\n\n"
            "def aeon_bench(cmd: list[str]) -> None:\n"
            '    env = {**os.environ, "VLLM_USE_TRTLLM_ATTENTION": "1"}\n'
            "    subprocess.run(cmd, env=env, check=True)\n",
            '    env = {**os.environ, "VLLM_USE_TRTLLM_ATTENTION": "1"}',
        ),
    ),
    (
        "#22378 environment value",
        "twin: a docstring that spells the old setting (not code)",
        K(
            *EV,
            "vllm/aeon/r88ev7.py",
            OS + "def aeon_force_trtllm() -> None:\n"
            '    """Turn the TRT-LLM attention kernels on.\n\n'
            "    Older upstreams took any value but 0, so the images used to say\n"
            '    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"\n'
            '    upstream now takes only "1".\n'
            '    """\n'
            '    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "1"\n',
            '    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"',
        ),
    ),
    (
        "#22378 environment value",
        "twin: a probe of upstream's reading choosing the spelling",
        K(
            *EV,
            "vllm/aeon/r88ev8.py",
            "import inspect\nimport os\n\nfrom vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_force_trtllm() -> None:\n"
            '    # AEON: newer upstreams take only "1"; the older ones any value but "0"\n'
            "    if 'env_value == \"1\"' in inspect.getsource(fi.use_trtllm_attention):\n"
            '        os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "1"\n'
            "    else:\n"
            '        os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"\n',
            '        os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"',
        ),
    ),
]

# --- 5cecfc0137 (#52431): VLLM_USE_MODELSCOPE's == "true" widened to .strip().lower() in ("1", "true")
MS = ("#52431", "5cecfc0137", 'VLLM_USE_MODELSCOPE read as .strip().lower() in ("1", "true") (was .lower() == "true")')
TWINS += [
    (
        "#52431 environment value",
        'twin: "1" (the base misread it as off, upstream now honours it)',
        K(
            *MS,
            "vllm/aeon/r88ms1.py",
            'import os\n\n# AEON: the mirror in the lab\nos.environ.setdefault("VLLM_USE_MODELSCOPE", "1")\n',
            'os.environ.setdefault("VLLM_USE_MODELSCOPE", "1")',
        ),
    ),
    (
        "#52431 environment value",
        'twin: "True" (on in both readings, both lowered)',
        K(
            *MS,
            "vllm/aeon/r88ms2.py",
            OS + "def aeon_use_mirror() -> None:\n" + '    os.environ["VLLM_USE_MODELSCOPE"] = "True"\n',
            'os.environ["VLLM_USE_MODELSCOPE"] = "True"',
        ),
    ),
]

# --- d58c42e19c (#36823): VLLM_ENABLE_PREGRAD_PASSES's default "0" -> "1", read == "1" in both
PG = ("#36823", "d58c42e19c", 'VLLM_ENABLE_PREGRAD_PASSES defaults to "1" (was "0"), read == "1"')
TWINS += [
    (
        "#36823 environment value",
        'twin: "0" (off in both readings; the fork keeps the old default)',
        K(
            *PG,
            "vllm/aeon/r88pg1.py",
            'import os\n\n# AEON: no pregrad passes\nos.environ.setdefault("VLLM_ENABLE_PREGRAD_PASSES", "0")\n',
            'os.environ.setdefault("VLLM_ENABLE_PREGRAD_PASSES", "0")',
        ),
    ),
    (
        "#36823 environment value",
        'twin: "1" (on in both readings)',
        K(
            *PG,
            "vllm/aeon/r88pg2.py",
            OS + "def aeon_pregrad() -> None:\n" + '    os.environ["VLLM_ENABLE_PREGRAD_PASSES"] = "1"\n',
            'os.environ["VLLM_ENABLE_PREGRAD_PASSES"] = "1"',
        ),
    ),
]

# --- 11eddf02f0 (#23732): the FlashInfer builder's hyperparameters snapshotted at construction
HP = (
    "#23732",
    "11eddf02f0",
    "FlashInferMetadataBuilder copies sm_scale/window_left/... in __init__; build reads those",
)
MB = "import dataclasses\n\nfrom vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder\n\n\n"
INIT = (
    "    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):\n"
    "        super().__init__(kv_cache_spec, layer_names, vllm_config, device)\n"
)
REPLACE = "        self.global_hyperparameters = dataclasses.replace(self.global_hyperparameters, window_left=-1)\n"
CASES += [
    (
        "#23732 attribute snapshotted",
        "the replay's replacement after super().__init__()",
        K(
            *HP,
            "vllm/aeon/r88hp0.py",
            MB + "class AeonB0(FlashInferMetadataBuilder):\n" + INIT + REPLACE,
            REPLACE.strip(),
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "the replay's write through after super().__init__()",
        K(
            *HP,
            "vllm/aeon/r88hp1.py",
            MB
            + "class AeonB1(FlashInferMetadataBuilder):\n"
            + INIT
            + "        self.global_hyperparameters.logits_soft_cap = None\n",
            "        self.global_hyperparameters.logits_soft_cap = None",
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "a store in a build override before delegating",
        K(
            *HP,
            "vllm/aeon/r88hp2.py",
            MB + "class AeonB2(FlashInferMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):\n"
            "        # AEON: sm_121a plans decode-only batches without the sliding window\n"
            "        if common_attn_metadata.max_query_len == 1:\n"
            "            self.global_hyperparameters.window_left = -1\n"
            "        return super().build(common_prefix_len, common_attn_metadata, fast_build)\n",
            "            self.global_hyperparameters.window_left = -1",
        ),
    ),
]
TWINS += [
    (
        "#23732 attribute snapshotted",
        "twin: the replacement with the copy stored too (written for both sides)",
        K(
            *HP,
            "vllm/aeon/r88hp3.py",
            MB
            + "class AeonB3(FlashInferMetadataBuilder):\n"
            + INIT
            + REPLACE
            + "        self.window_left = -1  # AEON: upstream's build reads the copy since #23732\n",
            REPLACE.strip(),
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "twin: a setattr loop re-taking the copies after the replacement",
        K(
            *HP,
            "vllm/aeon/r88hp4.py",
            MB
            + "class AeonB4(FlashInferMetadataBuilder):\n"
            + INIT
            + REPLACE
            + "        # AEON: newer upstreams snapshot the hyperparameters; take them again\n"
            "        for name in ('sm_scale', 'window_left', 'logits_soft_cap', 'has_sinks'):\n"
            "            setattr(self, name, getattr(self.global_hyperparameters, name))\n",
            REPLACE.strip(),
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "twin: a helper of the fork's class re-taking the copies, called right after",
        K(
            *HP,
            "vllm/aeon/r88hp5.py",
            MB + "class AeonB5(FlashInferMetadataBuilder):\n" + INIT + REPLACE + "        self._aeon_resnapshot()\n\n"
            "    def _aeon_resnapshot(self) -> None:\n"
            "        hp = self.global_hyperparameters\n"
            "        self.sm_scale, self.window_left = hp.sm_scale, hp.window_left\n"
            "        self.logits_soft_cap, self.has_sinks = hp.logits_soft_cap, hp.has_sinks\n",
            REPLACE.strip(),
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "twin: a hasattr guard choosing the copy or the attribute",
        K(
            *HP,
            "vllm/aeon/r88hp6.py",
            MB + "class AeonB6(FlashInferMetadataBuilder):\n" + INIT + "        if hasattr(self, 'window_left'):\n"
            "            self.window_left = -1\n"
            "        else:\n"
            "    " + REPLACE,
            REPLACE.strip(),
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "twin: only the copy stored (the new spelling)",
        K(
            *HP,
            "vllm/aeon/r88hp7.py",
            MB + "class AeonB7(FlashInferMetadataBuilder):\n" + INIT + "        self.window_left = -1\n",
            "        self.window_left = -1",
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "twin: the fork's own builder of the name",
        K(
            *HP,
            "vllm/aeon/r88hp8.py",
            "import dataclasses\n\n\n"
            "@dataclasses.dataclass\n"
            "class AeonHyper:\n"
            "    window_left: int = -1\n\n\n"
            "class AeonBase:\n"
            "    def __init__(self) -> None:\n"
            "        self.global_hyperparameters = AeonHyper()\n\n"
            "    def plan(self) -> int:\n"
            "        return self.global_hyperparameters.window_left\n\n\n"
            "class FlashInferMetadataBuilder(AeonBase):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n" + REPLACE,
            REPLACE.strip(),
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "twin: a subclass of the MLA builder (its hyperparameters still read live)",
        K(
            *HP,
            "vllm/aeon/r88hp9.py",
            "import dataclasses\n\nfrom vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder\n\n\n"
            "class AeonMLA(MLACommonMetadataBuilder):\n"
            "    def __init__(self, kv_cache_spec, layer_names, vllm_config, device, metadata_cls=None):\n"
            "        super().__init__(kv_cache_spec, layer_names, vllm_config, device, metadata_cls)\n"
            "        if hasattr(self, '_global_hyperparameters'):\n"
            "            self._global_hyperparameters = dataclasses.replace(\n"
            "                self._global_hyperparameters, window_left=-1\n"
            "            )\n",
            "            self._global_hyperparameters = dataclasses.replace(",
        ),
    ),
]

# --- e61bac87ee (#23147): the FlashInfer builder copies cache_dtype (and the spec's sizes) at construction
CD = ("#23147", "e61bac87ee", "FlashInferMetadataBuilder copies cache_config.cache_dtype in __init__; build reads it")
CASES += [
    (
        "#23147 attribute snapshotted",
        "a write of the cache dtype after super().__init__()",
        K(
            *CD,
            "vllm/aeon/r88cd0.py",
            MB + "class AeonC0(FlashInferMetadataBuilder):\n" + INIT + "        # AEON: the Spark's KV cache is fp8\n"
            "        self.cache_config.cache_dtype = 'fp8_e4m3'\n",
            "        self.cache_config.cache_dtype = 'fp8_e4m3'",
        ),
    ),
]
TWINS += [
    (
        "#23147 attribute snapshotted",
        "twin: a write of a field the constructor does not copy",
        K(
            *CD,
            "vllm/aeon/r88cd1.py",
            MB
            + "class AeonC1(FlashInferMetadataBuilder):\n"
            + INIT
            + "        # AEON: read by the fork's own cascade gate\n"
            "        self.cache_config.enable_prefix_caching = False\n",
            "        self.cache_config.enable_prefix_caching = False",
        ),
    ),
    (
        "#23147 attribute snapshotted",
        "twin: a replace of a field the constructor does not copy",
        K(
            *CD,
            "vllm/aeon/r88cd2.py",
            MB
            + "class AeonC2(FlashInferMetadataBuilder):\n"
            + INIT
            + "        self.cache_config = dataclasses.replace(self.cache_config, enable_prefix_caching=False)\n",
            "        self.cache_config = dataclasses.replace(self.cache_config, enable_prefix_caching=False)",
        ),
    ),
    (
        "#23147 attribute snapshotted",
        "twin: the cache dtype written with its copy",
        K(
            *CD,
            "vllm/aeon/r88cd3.py",
            MB
            + "class AeonC3(FlashInferMetadataBuilder):\n"
            + INIT
            + "        self.cache_config.cache_dtype = 'fp8_e4m3'\n"
            "        self.cache_dtype = 'fp8_e4m3'  # AEON: build reads the copy since #23147\n",
            "        self.cache_config.cache_dtype = 'fp8_e4m3'",
        ),
    ),
]

# --- 483463f735 (#35959): the V2 runner copies dp_size/dp_rank beside pp_size, dcp_size, cp_interleave
DP = ("#35959", "483463f735", "the V2 GPUModelRunner copies parallel_config's dp size and rank in __init__")
GR = "from vllm.v1.worker.gpu.model_runner import GPUModelRunner\n\n\n"
GINIT = "    def __init__(self, vllm_config, device):\n        super().__init__(vllm_config, device)\n"
CASES += [
    (
        "#35959 attribute snapshotted",
        "a write of the data-parallel size after super().__init__()",
        K(
            *DP,
            "vllm/aeon/r88dp0.py",
            GR + "class AeonR0(GPUModelRunner):\n" + GINIT + "        # AEON: the Spark pads no DP batches\n"
            "        self.parallel_config.data_parallel_size = 1\n",
            "        self.parallel_config.data_parallel_size = 1",
        ),
    ),
]
TWINS += [
    (
        "#35959 attribute snapshotted",
        "twin: a write through a field the base already copied (nothing changes for it)",
        K(
            *DP,
            "vllm/aeon/r88dp1.py",
            GR
            + "class AeonR1(GPUModelRunner):\n"
            + GINIT
            + "        # AEON: the KV connector reads the shared config; the runner's own dcp_size stays\n"
            "        self.parallel_config.decode_context_parallel_size = 1\n",
            "        self.parallel_config.decode_context_parallel_size = 1",
        ),
    ),
    (
        "#35959 attribute snapshotted",
        "twin: a write of a field the constructor does not copy",
        K(
            *DP,
            "vllm/aeon/r88dp2.py",
            GR
            + "class AeonR2(GPUModelRunner):\n"
            + GINIT
            + "        self.parallel_config.enable_expert_parallel = False\n",
            "        self.parallel_config.enable_expert_parallel = False",
        ),
    ),
    (
        "#35959 attribute snapshotted",
        "twin: the data-parallel size written with its copy",
        K(
            *DP,
            "vllm/aeon/r88dp3.py",
            GR + "class AeonR3(GPUModelRunner):\n" + GINIT + "        self.parallel_config.data_parallel_size = 1\n"
            "        self.dp_size = 1  # AEON: the runner reads the copy since #35959\n",
            "        self.parallel_config.data_parallel_size = 1",
        ),
    ),
]

# round 3 (written after the mends): a store that restates the very value upstream's constructor stored and copied
TWINS += [
    (
        "#23147 attribute snapshotted",
        "twin: the cache config restated after super().__init__() (the same object upstream stored)",
        K(
            *CD,
            "vllm/aeon/r88cd4.py",
            MB
            + "class AeonC4(FlashInferMetadataBuilder):\n"
            + INIT
            + "        # AEON: typed for the fork's own cascade gate\n"
            "        self.cache_config = vllm_config.cache_config\n",
            "        self.cache_config = vllm_config.cache_config",
        ),
    ),
    (
        "#35959 attribute snapshotted",
        "twin: the parallel config restated after super().__init__() (the same object upstream stored)",
        K(
            *DP,
            "vllm/aeon/r88dp4.py",
            GR
            + "class AeonR4(GPUModelRunner):\n"
            + GINIT
            + "        self.parallel_config = vllm_config.parallel_config\n",
            "        self.parallel_config = vllm_config.parallel_config",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review88-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
