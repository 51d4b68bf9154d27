"""Adversarial twins of killers205's widening: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened check catches, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a patched module function whose call upstream kept on its first line while adding an argument on a line of its
  own below it (``drift/patched_functions.py``, ``_argument_changed``; #23745 ``determine_expert_map(`` gained
  ``expert_placement_strategy=...``): a replacement taking the new keyword (positional or keyword-only, any
  default), ``*args``/``**kwargs``, a lambda handing ``**kw`` on, a ``functools.wraps`` wrapper, a patch under a
  probe of upstream's signature, a ``mock.patch.object`` of a ``**kwargs`` fake, a patch of the package's
  attribute of the name (the layer's global untouched), the fork's own namespace object of the name;
- the same shape on #49948 (640a09086d: ``load_audio(`` in ``AudioMediaIO`` and ``load_audio_soundfile(`` in
  ``load_audio`` gained ``max_decode_bytes=...`` below their unchanged first lines): a replacement taking the new
  keyword or ``**kwargs``, a ``monkeypatch.setattr`` of a ``**kwargs`` fake, an old-parameter
  ``load_audio_soundfile`` installed beside the fork's own ``load_audio`` (upstream's caller never runs);
- an argument line re-spelled, its keyword kept: #48012 (5784507da4) ``backend=vllm_config.attention_config.backend``
  -> ``backend=backend`` inside ``_cached_get_attn_backend(`` (a replacement of the same parameters, a lambda).

- a patch of a class's method beside the callee (#49948): an old-parameter ``load_audio`` installed with the
  fork's own ``AudioMediaIO.load_bytes`` and ``load_file`` (``mod.Cls.meth = mine``), upstream's only callers;
- a version test around an old-parameter patch (``Version(vllm.__version__) < ...``, a module flag bound from one).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catch of
this widening (#23745's old-parameter replacement) and #49948's: old-parameter replacements of ``load_audio``,
``load_audio_soundfile`` and the transcription serving's imported ``load_audio`` (new reach of the same
widening: no added line names any of them), and ``load_audio`` beside the fork's ``load_bytes`` only (upstream's
``load_file`` still makes the grown call).  Before the widening (d6d66253) all five were missed (0 caught, 5 missed; 23 twins quiet, none warned).

Round 1 (main at cf62aa92), 5 cases and 23 twins as finally written (16 twins in the first commit, 7 more
in four further passes, none changed after a run): 5 caught of 5; 1 false error of 23: the old-parameter
``load_audio`` beside the fork's own ``AudioMediaIO.load_bytes``/``load_file`` (a grown call's owner was read as
a module-level def only, so a call inside a replaced class method stayed live).  The version-gated patches warn
(the engine cannot run the test), as the signature probe does.
Round 2 (this branch): the owner of a grown call inside a top-level class's method is ``Cls.meth``, and a patch
``mod.Cls.meth = mine`` in the fork's file (not kept by a read of the original) drops it (``_owner``/``_caller``
in ``drift/patched_functions.py``).  5 caught of 5; 0 false errors of 23 twins (3 warned: the signature probe and
the two version tests).  Regression set: blind_replay_fmlayer3 12 caught, 1 warned of 13 (8 quiet, 0 false),
killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review82_twins 11/11 and 0 false of 29 (4 warned),
blind_replay_compbackends 9 caught, 1 warned, 2 missed of 12 (10 quiet) -- all as before.

  PYTHONPATH=.. python review112_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 7ea5c73ad7 (#23745): FusedMoE.__init__'s determine_expert_map( call gains expert_placement_strategy=
DM = ("#23745", "7ea5c73ad7", "FusedMoE.__init__ calls determine_expert_map(..., expert_placement_strategy=...)")
DMC = "#23745 patched function, argument added below the call's first line"
FML = "from vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
BODY = (
    "    # AEON: the Spark pair places experts by NVLink-C2C locality\n"
    "    local = global_num_experts // ep_size\n"
    "    expert_map = torch.full((global_num_experts,), -1, dtype=torch.int32)\n"
    "    expert_map[ep_rank::ep_size] = torch.arange(local, dtype=torch.int32)\n"
    "    return local, expert_map\n\n\n"
)
TFML = "import torch\n\n" + FML
CASES += [
    (
        DMC,
        "a monkeypatched replacement with the old parameters",
        K(
            *DM,
            "vllm/aeon/r112dm0.py",
            TFML
            + "def aeon_determine_expert_map(ep_size: int, ep_rank: int, global_num_experts: int):\n"
            + BODY
            + "fml.determine_expert_map = aeon_determine_expert_map\n",
            "fml.determine_expert_map = aeon_determine_expert_map",
        ),
    ),
]
TWINS += [
    (
        DMC,
        "twin: a replacement taking the new keyword (the new spelling)",
        K(
            *DM,
            "vllm/aeon/r112dm1.py",
            TFML + "def aeon_determine_expert_map(\n"
            "    ep_size: int, ep_rank: int, global_num_experts: int, expert_placement_strategy: str = 'linear'\n"
            "):\n" + BODY + "fml.determine_expert_map = aeon_determine_expert_map\n",
            "fml.determine_expert_map = aeon_determine_expert_map",
        ),
    ),
    (
        DMC,
        "twin: a replacement taking the new keyword keyword-only, no default",
        K(
            *DM,
            "vllm/aeon/r112dm2.py",
            TFML + "def aeon_determine_expert_map(\n"
            "    ep_size: int, ep_rank: int, global_num_experts: int, *, expert_placement_strategy=None\n"
            "):\n" + BODY + "fml.determine_expert_map = aeon_determine_expert_map\n",
            "fml.determine_expert_map = aeon_determine_expert_map",
        ),
    ),
    (
        DMC,
        "twin: a replacement taking *args and **kwargs",
        K(
            *DM,
            "vllm/aeon/r112dm3.py",
            TFML
            + "def aeon_determine_expert_map(ep_size: int, ep_rank: int, global_num_experts: int, *args, **kwargs):\n"
            + BODY
            + "setattr(fml, 'determine_expert_map', aeon_determine_expert_map)\n",
            "setattr(fml, 'determine_expert_map', aeon_determine_expert_map)",
        ),
    ),
    (
        DMC,
        "twin: a lambda handing **kw on to upstream's own",
        K(
            *DM,
            "vllm/aeon/r112dm4.py",
            FML + "_orig = fml.determine_expert_map\n"
            "fml.determine_expert_map = lambda ep_size, ep_rank, global_num_experts, **kw: _orig(\n"
            "    ep_size, ep_rank, global_num_experts, **kw\n"
            ")  # AEON: a hook point for the Spark's placement log\n",
            "fml.determine_expert_map = lambda ep_size, ep_rank, global_num_experts, **kw: _orig(",
        ),
    ),
    (
        DMC,
        "twin: a functools.wraps wrapper taking **kwargs",
        K(
            *DM,
            "vllm/aeon/r112dm5.py",
            "import functools\nimport logging\n\n" + FML + "_orig = fml.determine_expert_map\n"
            "logger = logging.getLogger(__name__)\n\n\n"
            "@functools.wraps(_orig)\n"
            "def aeon_logged_map(ep_size, ep_rank, global_num_experts, **kwargs):\n"
            "    logger.info('AEON: EP placement %s/%s', ep_rank, ep_size)\n"
            "    return _orig(ep_size, ep_rank, global_num_experts, **kwargs)\n\n\n"
            "fml.determine_expert_map = aeon_logged_map\n",
            "fml.determine_expert_map = aeon_logged_map",
        ),
    ),
    (
        DMC,
        "twin: the old-parameter patch only where upstream's def lacks the keyword (a signature probe)",
        K(
            *DM,
            "vllm/aeon/r112dm6.py",
            "import inspect\n\n"
            + TFML
            + "def aeon_determine_expert_map(ep_size: int, ep_rank: int, global_num_experts: int):\n"
            + BODY
            + "if 'expert_placement_strategy' not in inspect.signature(fml.determine_expert_map).parameters:\n"
            "    fml.determine_expert_map = aeon_determine_expert_map\n",
            "    fml.determine_expert_map = aeon_determine_expert_map",
        ),
    ),
    (
        DMC,
        "twin: mock.patch.object with a **kwargs fake in a fork test",
        K(
            *DM,
            "vllm/aeon/r112dm7.py",
            "from unittest import mock\n\nimport torch\n\n"
            + FML
            + "def fake_map(ep_size, ep_rank, global_num_experts, **kwargs):\n"
            "    return global_num_experts // ep_size, torch.arange(global_num_experts)\n\n\n"
            "def aeon_build(make_layer):\n"
            "    with mock.patch.object(fml, 'determine_expert_map', fake_map):\n"
            "        return make_layer()\n",
            "    with mock.patch.object(fml, 'determine_expert_map', fake_map):",
        ),
    ),
    (
        DMC,
        "twin: a patch of the package's attribute of the name (the layer's global untouched)",
        K(
            *DM,
            "vllm/aeon/r112dm8.py",
            "import torch\n\nfrom vllm.model_executor.layers import fused_moe\n\n\n"
            "def aeon_determine_expert_map(ep_size: int, ep_rank: int, global_num_experts: int):\n"
            + BODY
            + "fused_moe.determine_expert_map = aeon_determine_expert_map  # AEON: read by the fork's own planner\n",
            "fused_moe.determine_expert_map = aeon_determine_expert_map  # AEON: read by the fork's own planner",
        ),
    ),
    (
        DMC,
        "twin: the fork's own namespace object of the name",
        K(
            *DM,
            "vllm/aeon/r112dm9.py",
            "import types\n\nimport torch\n\n"
            "aeon_placer = types.SimpleNamespace()\n\n\n"
            "def aeon_determine_expert_map(ep_size: int, ep_rank: int, global_num_experts: int):\n"
            + BODY
            + "aeon_placer.determine_expert_map = aeon_determine_expert_map\n",
            "aeon_placer.determine_expert_map = aeon_determine_expert_map",
        ),
    ),
]

TWINS += [
    (
        DMC,
        "twin: the old-parameter patch only below the release that passes the keyword (a version test)",
        K(
            *DM,
            "vllm/aeon/r112dm10.py",
            "import torch\nfrom packaging.version import Version\n\nimport vllm\n"
            + FML
            + "def aeon_determine_expert_map(ep_size: int, ep_rank: int, global_num_experts: int):\n"
            + BODY
            + "if Version(vllm.__version__) < Version('0.10.2'):  # AEON: newer layers pass the placement strategy\n"
            "    fml.determine_expert_map = aeon_determine_expert_map\n",
            "    fml.determine_expert_map = aeon_determine_expert_map",
        ),
    ),
]

# --- 640a09086d (#49948): load_audio( and load_audio_soundfile( gain max_decode_bytes= below their first lines
AU = (
    "#49948",
    "640a09086d",
    "AudioMediaIO's load_audio( and load_audio's load_audio_soundfile( pass max_decode_bytes=",
)
AUC = "#49948 patched function, argument added below the call's first line"
AUD = "from io import BytesIO\n\nimport numpy as np\n\nfrom vllm.multimodal.media import audio\n\n\n"
DEC = "    # AEON: the Spark's own decoder\n    return np.zeros(16000, dtype=np.float32), 16000\n\n\n"
CASES += [
    (
        AUC,
        "a load_audio replacement with the old parameters",
        K(
            *AU,
            "vllm/aeon/r112au0.py",
            AUD
            + "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None):\n"
            + DEC
            + "audio.load_audio = aeon_load_audio\n",
            "audio.load_audio = aeon_load_audio",
        ),
    ),
    (
        AUC,
        "a load_audio_soundfile replacement with the old parameters",
        K(
            *AU,
            "vllm/aeon/r112au1.py",
            AUD
            + "def aeon_soundfile(path, *, sr=22050, mono=True, max_duration_s=None):\n"
            + DEC
            + "audio.load_audio_soundfile = aeon_soundfile\n",
            "audio.load_audio_soundfile = aeon_soundfile",
        ),
    ),
]
TWINS += [
    (
        AUC,
        "twin: a load_audio replacement taking max_decode_bytes (the new spelling)",
        K(
            *AU,
            "vllm/aeon/r112au2.py",
            AUD
            + "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None, max_decode_bytes=None):\n"
            + DEC
            + "audio.load_audio = aeon_load_audio\n",
            "audio.load_audio = aeon_load_audio",
        ),
    ),
    (
        AUC,
        "twin: a load_audio replacement taking **kwargs",
        K(
            *AU,
            "vllm/aeon/r112au3.py",
            AUD
            + "def aeon_load_audio(path, *, sr=22050, mono=True, **kwargs):\n"
            + DEC
            + "audio.load_audio = aeon_load_audio\n",
            "audio.load_audio = aeon_load_audio",
        ),
    ),
    (
        AUC,
        "twin: monkeypatch.setattr of a **kwargs fake in a fork test",
        K(
            *AU,
            "vllm/aeon/r112au4.py",
            AUD + "def fake_load(path, **kwargs):\n" + DEC + "def test_aeon_audio(monkeypatch):\n"
            "    monkeypatch.setattr(audio, 'load_audio', fake_load)\n"
            "    assert audio.AudioMediaIO().load_bytes(b'RIFF')[1] == 16000\n",
            "    monkeypatch.setattr(audio, 'load_audio', fake_load)",
        ),
    ),
    (
        AUC,
        "twin: an old-parameter load_audio_soundfile beside the fork's own load_audio (upstream's caller never runs)",
        K(
            *AU,
            "vllm/aeon/r112au5.py",
            AUD
            + "def aeon_soundfile(path, *, sr=22050, mono=True, max_duration_s=None):\n"
            + DEC
            + "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None, **kwargs):\n"
            "    return aeon_soundfile(path, sr=sr, mono=mono, max_duration_s=max_duration_s)\n\n\n"
            "audio.load_audio_soundfile = aeon_soundfile\n"
            "audio.load_audio = aeon_load_audio\n",
            "audio.load_audio_soundfile = aeon_soundfile",
        ),
    ),
    (
        AUC,
        "twin: a load_audio_soundfile replacement taking max_decode_bytes keyword-only",
        K(
            *AU,
            "vllm/aeon/r112au6.py",
            AUD
            + "def aeon_soundfile(path: BytesIO, *, sr=22050, mono=True, max_duration_s=None, max_decode_bytes=None):\n"
            + DEC
            + "audio.load_audio_soundfile = aeon_soundfile\n",
            "audio.load_audio_soundfile = aeon_soundfile",
        ),
    ),
]

SRV = "from vllm.entrypoints.speech_to_text.base import serving\n\n\n"
CASES += [
    (
        AUC,
        "the transcription serving's imported load_audio replaced with the old parameters",
        K(
            *AU,
            "vllm/aeon/r112au7.py",
            "import numpy as np\n\n"
            + SRV
            + "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None):\n"
            + DEC
            + "serving.load_audio = aeon_load_audio\n",
            "serving.load_audio = aeon_load_audio",
        ),
    ),
]
TWINS += [
    (
        AUC,
        "twin: the transcription serving's imported load_audio replaced by one taking **kwargs",
        K(
            *AU,
            "vllm/aeon/r112au8.py",
            "import numpy as np\n\n"
            + SRV
            + "def aeon_load_audio(path, *, sr=22050, mono=True, **kwargs):\n"
            + DEC
            + "serving.load_audio = aeon_load_audio\n",
            "serving.load_audio = aeon_load_audio",
        ),
    ),
    (
        AUC,
        "twin: the assets module's imported load_audio replaced (its call upstream left alone)",
        K(
            *AU,
            "vllm/aeon/r112au9.py",
            "import numpy as np\n\nfrom vllm.assets import audio as audio_assets\n\n\n"
            "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None):\n"
            + DEC
            + "audio_assets.load_audio = aeon_load_audio\n",
            "audio_assets.load_audio = aeon_load_audio",
        ),
    ),
]

TWINS += [
    (
        AUC,
        "twin: the old-parameter load_audio installed under a module flag bound from a version",
        K(
            *AU,
            "vllm/aeon/r112au10.py",
            "from packaging import version\n\nimport vllm\n"
            + AUD
            + "_OLD_VLLM = version.parse(vllm.__version__) < version.parse('0.21.0')  # AEON: before max_decode_bytes\n\n\n"
            "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None):\n" + DEC + "if _OLD_VLLM:\n"
            "    audio.load_audio = aeon_load_audio\n",
            "    audio.load_audio = aeon_load_audio",
        ),
    ),
]

CASES += [
    (
        AUC,
        "an old-parameter load_audio beside the fork's own AudioMediaIO.load_bytes only (upstream's load_file still calls)",
        K(
            *AU,
            "vllm/aeon/r112au12.py",
            AUD
            + "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None):\n"
            + DEC
            + "def aeon_load_bytes(self, data: bytes):\n"
            "    return aeon_load_audio(BytesIO(data), sr=None)\n\n\n"
            "audio.AudioMediaIO.load_bytes = aeon_load_bytes\n"
            "audio.load_audio = aeon_load_audio\n",
            "audio.load_audio = aeon_load_audio",
        ),
    ),
]
TWINS += [
    (
        AUC,
        "twin: an old-parameter load_audio beside the fork's own AudioMediaIO.load_bytes/load_file (upstream's callers never run)",
        K(
            *AU,
            "vllm/aeon/r112au11.py",
            AUD
            + "def aeon_load_audio(path, *, sr=22050, mono=True, max_duration_s=None):\n"
            + DEC
            + "def aeon_load_bytes(self, data: bytes):\n"
            "    return aeon_load_audio(BytesIO(data), sr=None)\n\n\n"
            "def aeon_load_file(self, filepath):\n"
            "    return aeon_load_audio(filepath, sr=None)\n\n\n"
            "audio.AudioMediaIO.load_bytes = aeon_load_bytes\n"
            "audio.AudioMediaIO.load_file = aeon_load_file\n"
            "audio.load_audio = aeon_load_audio\n",
            "audio.load_audio = aeon_load_audio",
        ),
    ),
]

# --- 5784507da4 (#48012): _cached_get_attn_backend('s backend= line re-spelled, its keyword kept
AB = ("#48012", "5784507da4", "get_attn_backend passes backend=backend (per-kind) to _cached_get_attn_backend")
ABC = "#48012 patched function, an argument line re-spelled below the call's first line"
SEL = "from vllm.v1.attention import selector\n\n\n"
TWINS += [
    (
        ABC,
        "twin: a replacement of the same parameters (the keyword kept, its value re-spelled)",
        K(
            *AB,
            "vllm/aeon/r112ab1.py",
            SEL + "_orig = selector._cached_get_attn_backend\n\n\n"
            "def aeon_cached_backend(backend, attn_selector_config, num_heads=None):\n"
            "    # AEON: the Spark forces its own backend for head size 256\n"
            "    return _orig(backend, attn_selector_config, num_heads)\n\n\n"
            "selector._cached_get_attn_backend = aeon_cached_backend\n",
            "selector._cached_get_attn_backend = aeon_cached_backend",
        ),
    ),
    (
        ABC,
        "twin: a lambda of the same keywords",
        K(
            *AB,
            "vllm/aeon/r112ab2.py",
            SEL + "_orig = selector._cached_get_attn_backend\n"
            "selector._cached_get_attn_backend = lambda backend, attn_selector_config, num_heads=None: _orig(\n"
            "    backend, attn_selector_config, num_heads\n"
            ")\n",
            "selector._cached_get_attn_backend = lambda backend, attn_selector_config, num_heads=None: _orig(",
        ),
    ),
]

TWINS += [
    (
        ABC,
        "twin: a functools.cache replacement of the same parameters (as upstream's own is cached)",
        K(
            *AB,
            "vllm/aeon/r112ab3.py",
            "import functools\n\n" + SEL + "_orig = selector._cached_get_attn_backend.__wrapped__\n\n\n"
            "@functools.cache\n"
            "def aeon_cached_backend(backend, attn_selector_config, num_heads=None):\n"
            "    return _orig(backend, attn_selector_config, num_heads)  # AEON: a cache of the Spark's own\n\n\n"
            "selector._cached_get_attn_backend = aeon_cached_backend\n",
            "selector._cached_get_attn_backend = aeon_cached_backend",
        ),
    ),
    (
        ABC,
        "twin: the fork's own class put over the selector config whose construction upstream re-spelled",
        K(
            *AB,
            "vllm/aeon/r112ab4.py",
            SEL + "class AeonSelectorConfig(selector.AttentionSelectorConfig):\n"
            "    pass  # AEON: a marker the Spark's platform hook reads\n\n\n"
            "selector.AttentionSelectorConfig = AeonSelectorConfig\n",
            "selector.AttentionSelectorConfig = AeonSelectorConfig",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review112-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
