"""Adversarial twins of the two classes the multimodal-media replay landed: fork carries correct after the change.

Each twin replays a real upstream commit under a fork carry shaped like what the classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a key looked up on the registry that lost it (name drift, ``drift/registry_lookups.py``): #44126
  (f8e9c56d15, ``@VIDEO_LOADER_REGISTRY.register("glm4_6v")`` renamed ``"glmga"``) and #22386 (c29fb540ff,
  ``@ReasoningParserManager.register_module("GptOss")`` renamed ``"openai_gptoss"``): the fork's own
  registration of the key (a decorator wrapped over lines as upstream's own, a plain call in another module,
  the registering classmethod's ``module=`` form), the fork's alias written straight into the registry's
  table (``name2class["glm4_6v"] = ...``, ``reasoning_parsers["GptOss"] = ...``), the lookup under a
  membership test of that table, the old key only in the ``except`` of the new key's lookup, a
  ``contextlib.suppress`` of the miss, ``hasattr``/``getattr`` probes of the old class, a version check,
  the old key as a call's second argument, a test expecting the refusal;
- a binary string made another kind (result kind drift, ``drift/result_kinds.py``): #24925 (08369289af,
  ``MultiModalHasher.serialize_item`` ``Union[bytes, memoryview]`` -> ``Iterable[...]``), #23673
  (82dfb12e52, ``vllm.utils.sha256`` ``-> int`` -> ``-> bytes``), #13790 (dd143ef541, ``MsgpackEncoder.encode``
  ``-> bytes`` -> ``-> Sequence[bytestr]``), #19484 (3b523e38d9, ``serialize_item`` ``bytes`` ->
  ``Union[bytes, memoryview]``): the fork's own override or namesake, the chunks joined first, an
  ``isinstance``/``hasattr`` test, a ``try`` catching the failure, a value converted first, a different
  receiver of the method's name, a method both kinds have.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1, main's engine (40c10717; 5 cases, 32 twins): 4 caught, 1 warned of 5 (#22386's lookup: upstream still
has the word ``GptOss`` as another name's, so name drift reads no removed key and warns; its twins stay quiet
whatever the new class does); 6 false errors of 32 twins, all #44126's lookup made an error by the new class
(on the base before it, 340cb80b, each was read as a method's name a ``def load`` dispatches on): the fork's
own registration of the key whose decorator is wrapped over lines as upstream's own (the key on the line after
``register(``), the fork's alias written into the registry's table (``name2class["glm4_6v"] = ...``), the
lookup under a membership test of that table, the old key looked up only in the ``except AssertionError`` of
the new key's lookup, the lookup under ``hasattr(video, "GLM4_6VVideoBackend")`` and under ``getattr(video,
"GLMGAVideoBackend", None) is None``.  6 twins warned (the version check, #22386's five).  Result kind drift's
binary widening: 0 false errors of 14 twins.
Round 2, this branch (a lookup that runs only where the key is there is quiet: the fork's own registration
wrapped over lines or its store into the registry's table, a membership test of the key in the registry, the
``except`` fallback of the new key's lookup, a probe for a name upstream's diff removed or added): 4 caught, 1
warned of 5 (as on main); 0 false errors of 32 twins (7 warned: the version check, a membership guard,
#22386's five).  ``blind_replay_mmmedia.py`` 23 caught of 23, 0 false of 9 twins (as on main).  Left as on main,
name drift's reads on the guards' own lines, which are no twin's line: ``"glm4_6v" in R.name2class`` ("is
always False now"), the table store ``R.name2class["glm4_6v"] = ...`` ("sets a name nothing reads"), and
``getattr(video, "GLM4_6VVideoBackend", None)`` as the default of the new class's ``getattr`` (an error).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_mminputs 19/19 (13 quiet),
blind_replay_multimodal 28 caught, 4 warned of 32 (14 quiet), blind_replay_processor 28 caught, 1 missed of 29
(16 quiet; #22457 as on main), ``symbol_precision.py --windows 1``: 0 false errors.

  PYTHONPATH=.. python review43_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- f8e9c56d15 (#44126): @VIDEO_LOADER_REGISTRY.register("glm4_6v") -> register("glmga", video_processor=...)
GV = ("#44126", "f8e9c56d15", 'video loader key "glm4_6v" -> "glmga"')
VR = "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY\n\n\n"
CASES += [
    (
        "#44126 registry key",
        "a lookup off the module, with the loader's keywords",
        K(
            *GV,
            "vllm/aeon/r43gv0.py",
            "from vllm.multimodal import video\n\n\n"
            "def aeon_glm_loader(fps: int) -> object:\n"
            '    return video.VIDEO_LOADER_REGISTRY.load("glm4_6v", fps=fps)  # AEON: the GLM fleet pins it\n',
            '    return video.VIDEO_LOADER_REGISTRY.load("glm4_6v", fps=fps)  # AEON: the GLM fleet pins it',
        ),
    ),
]
TWINS += [
    (
        "#44126 registry key",
        "twin: the fork registers the key itself, its decorator wrapped as upstream's",
        K(
            *GV,
            "vllm/aeon/r43gv1.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoBackend\n\n\n"
            "@VIDEO_LOADER_REGISTRY.register(\n"
            '    "glm4_6v",  # AEON: the GLM-4.6V deployments pin this key\n'
            ")\n"
            "class AeonGlmLoader(VideoBackend):\n"
            "    pass\n\n\n"
            "def aeon_glm_loader() -> object:\n"
            '    return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n',
            '    return VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the fork's alias written into the registry's table",
        K(
            *GV,
            "vllm/aeon/r43gv2.py",
            "from vllm.multimodal import video\n\n"
            "# AEON: the fleet's configs still say glm4_6v; keep the old key as an alias of whatever loader GLM has\n"
            'if "glm4_6v" not in video.VIDEO_LOADER_REGISTRY.name2class:\n'
            '    video.VIDEO_LOADER_REGISTRY.name2class["glm4_6v"] = getattr(\n'
            '        video, "GLMGAVideoBackend", getattr(video, "GLM4_6VVideoBackend", None)\n'
            "    )\n\n\n"
            "def aeon_glm_loader() -> object:\n"
            '    return video.VIDEO_LOADER_REGISTRY.load("glm4_6v")\n',
            '    return video.VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the lookup under a membership test of the registry's table",
        K(
            *GV,
            "vllm/aeon/r43gv3.py",
            VR + "def aeon_glm_loader() -> object:\n"
            '    if "glm4_6v" in VIDEO_LOADER_REGISTRY.name2class:  # AEON: older upstreams\n'
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n'
            '    return VIDEO_LOADER_REGISTRY.load("glmga")\n',
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the old key only where the new one's lookup fails",
        K(
            *GV,
            "vllm/aeon/r43gv4.py",
            VR + "def aeon_glm_loader() -> object:\n"
            "    try:\n"
            '        return VIDEO_LOADER_REGISTRY.load("glmga")\n'
            "    except AssertionError:  # AEON: an upstream before the rename\n"
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n',
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the miss suppressed",
        K(
            *GV,
            "vllm/aeon/r43gv5.py",
            "import contextlib\n\n" + VR + "def aeon_glm_loader() -> object | None:\n"
            "    with contextlib.suppress(AssertionError):\n"
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n'
            "    return None\n",
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the old key under a hasattr probe of the old class",
        K(
            *GV,
            "vllm/aeon/r43gv6.py",
            "from vllm.multimodal import video\n\n\n"
            "def aeon_glm_loader() -> object:\n"
            '    if hasattr(video, "GLM4_6VVideoBackend"):  # AEON: the loader before its rename\n'
            '        return video.VIDEO_LOADER_REGISTRY.load("glm4_6v")\n'
            '    return video.VIDEO_LOADER_REGISTRY.load("glmga")\n',
            '        return video.VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the key chosen by a getattr probe of the new class",
        K(
            *GV,
            "vllm/aeon/r43gv7.py",
            "from vllm.multimodal import video\n\n\n"
            "def aeon_glm_loader() -> object:\n"
            '    if getattr(video, "GLMGAVideoBackend", None) is None:\n'
            '        return video.VIDEO_LOADER_REGISTRY.load("glm4_6v")\n'
            '    return video.VIDEO_LOADER_REGISTRY.load("glmga")\n',
            '        return video.VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the old key under a version check",
        K(
            *GV,
            "vllm/aeon/r43gv8.py",
            "from packaging.version import Version\n\n"
            "import vllm\n" + VR + "def aeon_glm_loader() -> object:\n"
            '    if Version(vllm.__version__) < Version("0.23"):  # AEON: the GLM loader was renamed in 0.23\n'
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n'
            '    return VIDEO_LOADER_REGISTRY.load("glmga")\n',
            '        return VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 registry key",
        "twin: the fork registers the key in another of its modules by a plain call",
        Killer(
            *GV,
            (
                Edit(
                    "vllm/aeon/r43gv9_loaders.py",
                    "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoBackend\n\n\n"
                    "class AeonGlmLoader(VideoBackend):\n"
                    "    pass\n\n\n"
                    "# AEON: the GLM-4.6V deployments pin this key\n"
                    'VIDEO_LOADER_REGISTRY.register("glm4_6v")(AeonGlmLoader)\n'
                    "AEON_LOADERS_READY = True\n",
                ),
                Edit(
                    "vllm/aeon/r43gv9.py",
                    "from vllm.aeon.r43gv9_loaders import AEON_LOADERS_READY\n"
                    + VR
                    + "def aeon_glm_loader() -> object:\n"
                    "    assert AEON_LOADERS_READY\n"
                    '    return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n',
                ),
            ),
            (("vllm/aeon/r43gv9.py", '    return VIDEO_LOADER_REGISTRY.load("glm4_6v")'),),
        ),
    ),
    (
        "#44126 registry key",
        "twin: the old key as a call's second argument, the new key looked up",
        K(
            *GV,
            "vllm/aeon/r43gv10.py",
            VR + "def aeon_loader_of(key: str) -> object:\n"
            "    return VIDEO_LOADER_REGISTRY.load(key)\n\n\n"
            "def aeon_glm_loader() -> object:\n"
            '    return VIDEO_LOADER_REGISTRY.load("glmga", "glm4_6v")  # AEON: the loader logs its old name\n',
            '    return VIDEO_LOADER_REGISTRY.load("glmga", "glm4_6v")  # AEON: the loader logs its old name',
        ),
    ),
    (
        "#44126 registry key",
        "twin: a fork test expecting the old key refused",
        K(
            *GV,
            "tests/aeon/test_r43gv11.py",
            "import pytest\n\n" + VR + "def test_the_old_glm_key_is_gone() -> None:\n"
            "    with pytest.raises(AssertionError):\n"
            '        VIDEO_LOADER_REGISTRY.load("glm4_6v")\n',
            '        VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
]

# --- c29fb540ff (#22386): @ReasoningParserManager.register_module("GptOss") -> ("openai_gptoss")
GO = ("#22386", "c29fb540ff", 'reasoning parser key "GptOss" -> "openai_gptoss"')
RP = "from vllm.reasoning import ReasoningParserManager\n"
GP = "from vllm.reasoning.gptoss_reasoning_parser import GptOssReasoningParser\n"
CASES += [
    (
        "#22386 registry key",
        "a lookup on the manager",
        K(
            *GO,
            "vllm/aeon/r43go0.py",
            RP + "\n\ndef aeon_harmony_parser() -> type:\n"
            '    return ReasoningParserManager.get_reasoning_parser("GptOss")  # AEON: the harmony endpoints\n',
            '    return ReasoningParserManager.get_reasoning_parser("GptOss")  # AEON: the harmony endpoints',
        ),
    ),
]
TWINS += [
    (
        "#22386 registry key",
        "twin: the fork's alias written into the manager's table",
        K(
            *GO,
            "vllm/aeon/r43go1.py",
            RP + GP + "\n# AEON: deployments still pass --reasoning-parser GptOss\n"
            'ReasoningParserManager.reasoning_parsers["GptOss"] = GptOssReasoningParser\n\n\n'
            "def aeon_harmony_parser() -> type:\n"
            '    return ReasoningParserManager.get_reasoning_parser("GptOss")\n',
            '    return ReasoningParserManager.get_reasoning_parser("GptOss")',
        ),
    ),
    (
        "#22386 registry key",
        "twin: the fork registers the old key by the registering method's module= form",
        K(
            *GO,
            "vllm/aeon/r43go2.py",
            RP + GP + "\nReasoningParserManager.register_module(\n"
            '    "GptOss",  # AEON: the name the fleet\'s launch scripts pass\n'
            "    module=GptOssReasoningParser,\n"
            ")\n\n\n"
            "def aeon_harmony_parser() -> type:\n"
            '    return ReasoningParserManager.get_reasoning_parser("GptOss")\n',
            '    return ReasoningParserManager.get_reasoning_parser("GptOss")',
        ),
    ),
    (
        "#22386 registry key",
        "twin: the lookup under a membership test of the manager's table",
        K(
            *GO,
            "vllm/aeon/r43go3.py",
            RP + "\n\ndef aeon_harmony_parser() -> type:\n"
            '    if "GptOss" in ReasoningParserManager.reasoning_parsers:\n'
            '        return ReasoningParserManager.get_reasoning_parser("GptOss")\n'
            '    return ReasoningParserManager.get_reasoning_parser("openai_gptoss")\n',
            '        return ReasoningParserManager.get_reasoning_parser("GptOss")',
        ),
    ),
    (
        "#22386 registry key",
        "twin: the old key where the new key's lookup raises KeyError",
        K(
            *GO,
            "vllm/aeon/r43go4.py",
            RP + "\n\ndef aeon_harmony_parser() -> type:\n"
            "    try:\n"
            '        return ReasoningParserManager.get_reasoning_parser("openai_gptoss")\n'
            "    except KeyError:\n"
            '        return ReasoningParserManager.get_reasoning_parser("GptOss")\n',
            '        return ReasoningParserManager.get_reasoning_parser("GptOss")',
        ),
    ),
    (
        "#22386 registry key",
        "twin: the lookup in a try whose handler catches the miss with others",
        K(
            *GO,
            "vllm/aeon/r43go5.py",
            RP + "\n\ndef aeon_harmony_parser() -> type | None:\n"
            "    try:\n"
            '        return ReasoningParserManager.get_reasoning_parser("GptOss")\n'
            "    except (ImportError, KeyError):\n"
            "        return None\n",
            '        return ReasoningParserManager.get_reasoning_parser("GptOss")',
        ),
    ),
]

# --- 08369289af (#24925): MultiModalHasher.serialize_item Union[bytes, memoryview] -> Iterable[Union[bytes, memoryview]]
IB = ("#24925", "08369289af", "serialize_item bytes -> an iterable of chunks")
H = "from vllm.multimodal.hasher import MultiModalHasher\n\n\n"
CASES += [
    (
        "#24925 binary made a sequence",
        "a tag joined to the answer",
        K(
            *IB,
            "vllm/aeon/r43ib0.py",
            H + "def aeon_tagged(obj: object) -> bytes:\n"
            '    return b"aeon:" + MultiModalHasher.serialize_item(obj)  # AEON: the router\'s cache key\n',
            '    return b"aeon:" + MultiModalHasher.serialize_item(obj)  # AEON: the router\'s cache key',
        ),
    ),
]
TWINS += [
    (
        "#24925 binary made a sequence",
        "twin: the fork subclass's own serialize_item, called on it",
        K(
            *IB,
            "vllm/aeon/r43ib1.py",
            H + "class AeonHasher(MultiModalHasher):\n"
            "    @classmethod\n"
            "    def serialize_item(cls, obj: object) -> bytes:  # type: ignore[override]\n"
            "        return repr(obj).encode()  # AEON: a stable text form for the router\n\n\n"
            "def aeon_digest(obj: object) -> str:\n"
            "    return AeonHasher.serialize_item(obj).hex()\n",
            "    return AeonHasher.serialize_item(obj).hex()",
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: cls. call of the subclass's own override",
        K(
            *IB,
            "vllm/aeon/r43ib2.py",
            H + "class AeonHasher(MultiModalHasher):\n"
            "    @classmethod\n"
            "    def serialize_item(cls, obj: object) -> bytes:  # type: ignore[override]\n"
            "        return repr(obj).encode()\n\n"
            "    @classmethod\n"
            "    def aeon_digest(cls, obj: object) -> str:\n"
            "        return cls.serialize_item(obj).hex()\n",
            "        return cls.serialize_item(obj).hex()",
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: the chunks joined first",
        K(
            *IB,
            "vllm/aeon/r43ib3.py",
            H + "def aeon_digest(obj: object) -> str:\n"
            '    return b"".join(MultiModalHasher.serialize_item(obj)).hex()\n',
            '    return b"".join(MultiModalHasher.serialize_item(obj)).hex()',
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: the answer tested for a binary kind",
        K(
            *IB,
            "vllm/aeon/r43ib4.py",
            H + "def aeon_digest(obj: object) -> str:\n"
            "    data = MultiModalHasher.serialize_item(obj)\n"
            "    if isinstance(data, (bytes, memoryview)):\n"
            "        return data.hex()\n"
            '    return b"".join(data).hex()\n',
            "        return data.hex()",
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: the answer probed for the method",
        K(
            *IB,
            "vllm/aeon/r43ib5.py",
            H + "def aeon_digest(obj: object) -> str:\n"
            "    data = MultiModalHasher.serialize_item(obj)\n"
            '    if hasattr(data, "hex"):\n'
            "        return data.hex()\n"
            '    return b"".join(data).hex()\n',
            "        return data.hex()",
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: the method's failure caught",
        K(
            *IB,
            "vllm/aeon/r43ib6.py",
            H + "def aeon_digest(obj: object) -> str:\n"
            "    data = MultiModalHasher.serialize_item(obj)\n"
            "    try:\n"
            "        return data.hex()\n"
            "    except AttributeError:  # AEON: chunks since #24925\n"
            '        return b"".join(data).hex()\n',
            "        return data.hex()",
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: the join's TypeError caught",
        K(
            *IB,
            "vllm/aeon/r43ib7.py",
            H + "def aeon_tagged(obj: object) -> bytes:\n"
            "    data = MultiModalHasher.serialize_item(obj)\n"
            "    try:\n"
            '        return b"aeon:" + data\n'
            "    except TypeError:\n"
            '        return b"aeon:" + b"".join(data)\n',
            '        return b"aeon:" + data',
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: the fork's own serialize_item function of the module",
        K(
            *IB,
            "vllm/aeon/r43ib8.py",
            "import pickle\n\n" + H + "def serialize_item(obj: object) -> bytes:\n"
            "    return pickle.dumps(obj)  # AEON: the fleet's wire form\n\n\n"
            "def aeon_digest(obj: object) -> str:\n"
            "    assert MultiModalHasher is not None\n"
            "    return serialize_item(obj).hex()\n",
            "    return serialize_item(obj).hex()",
        ),
    ),
    (
        "#24925 binary made a sequence",
        "twin: the name rebound to the joined chunks",
        K(
            *IB,
            "vllm/aeon/r43ib9.py",
            H + "def aeon_digest(obj: object) -> str:\n"
            "    data = MultiModalHasher.serialize_item(obj)\n"
            '    data = data if isinstance(data, (bytes, memoryview)) else b"".join(data)\n'
            "    return data.hex()\n",
            "    return data.hex()",
        ),
    ),
]

# --- 3b523e38d9 (#19484): serialize_item bytes -> Union[bytes, memoryview] (one binary kind for another)
MB = ("#19484", "3b523e38d9", "serialize_item bytes -> Union[bytes, memoryview]")
TWINS += [
    (
        "#19484 binary kept binary",
        "twin: hex() and a join, which a memoryview answers too",
        K(
            *MB,
            "vllm/aeon/r43mb1.py",
            H + "def aeon_digest(obj: object) -> str:\n"
            '    return (b"aeon:" + MultiModalHasher.serialize_item(obj)).hex()\n',
            '    return (b"aeon:" + MultiModalHasher.serialize_item(obj)).hex()',
        ),
    ),
]

# --- 82dfb12e52 (#23673): vllm.utils.sha256 -> int made -> bytes
SH = ("#23673", "82dfb12e52", "sha256 -> int made -> bytes")
CASES += [
    (
        "#23673 number made binary",
        "the hash reduced modulo a shard count",
        K(
            *SH,
            "vllm/aeon/r43sh0.py",
            "from vllm.utils import sha256\n\n\n"
            "def aeon_shard(prompt: str, shards: int) -> int:\n"
            "    return sha256(prompt) % shards  # AEON: the prefix router's shard\n",
            "    return sha256(prompt) % shards  # AEON: the prefix router's shard",
        ),
    ),
]
TWINS += [
    (
        "#23673 number made binary",
        "twin: the hash converted to a number first",
        K(
            *SH,
            "vllm/aeon/r43sh1.py",
            "from vllm.utils import sha256\n\n\n"
            "def aeon_shard(prompt: str, shards: int) -> int:\n"
            '    return int.from_bytes(sha256(prompt), "big") % shards\n',
            '    return int.from_bytes(sha256(prompt), "big") % shards',
        ),
    ),
    (
        "#23673 number made binary",
        "twin: the hash tested for its kind",
        K(
            *SH,
            "vllm/aeon/r43sh2.py",
            "from vllm.utils import sha256\n\n\n"
            "def aeon_shard(prompt: str, shards: int) -> int:\n"
            "    digest = sha256(prompt)\n"
            "    if isinstance(digest, int):\n"
            "        return digest % shards\n"
            '    return int.from_bytes(digest, "big") % shards\n',
            "        return digest % shards",
        ),
    ),
    (
        "#23673 number made binary",
        "twin: hashlib's sha256, a namesake of another module",
        K(
            *SH,
            "vllm/aeon/r43sh3.py",
            "from hashlib import sha256\n\n\n"
            "def aeon_tag(prompt: bytes) -> bytes:\n"
            '    return b"aeon:" + sha256(prompt).digest()\n\n\n'
            "def aeon_same(prompt: bytes, digest: bytes) -> bool:\n"
            "    return sha256(prompt).digest() == digest\n",
            '    return b"aeon:" + sha256(prompt).digest()',
        ),
    ),
    (
        "#23673 number made binary",
        "twin: the fork's own sha256 of a fork module",
        Killer(
            *SH,
            (
                Edit(
                    "vllm/aeon/r43sh4_hash.py",
                    "import hashlib\n\n\n"
                    "def sha256(text: str) -> int:\n"
                    '    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")  # AEON\n',
                ),
                Edit(
                    "vllm/aeon/r43sh4.py",
                    "from vllm.aeon.r43sh4_hash import sha256\n\n\n"
                    "def aeon_shard(prompt: str, shards: int) -> int:\n"
                    "    return sha256(prompt) % shards\n",
                ),
            ),
            (("vllm/aeon/r43sh4.py", "    return sha256(prompt) % shards"),),
        ),
    ),
]

# --- dd143ef541 (#13790): MsgpackEncoder.encode -> bytes made -> Sequence[bytestr] (zero-copy frames)
MP = ("#13790", "dd143ef541", "MsgpackEncoder.encode bytes -> a sequence of frames")
CASES += [
    (
        "#13790 binary made a sequence",
        "hex() of the encoded message",
        K(
            *MP,
            "vllm/aeon/r43mp0.py",
            "from typing import Any\n\nfrom vllm.v1.serial_utils import MsgpackEncoder\n\n\n"
            "def aeon_trace(obj: Any) -> str:\n"
            "    return MsgpackEncoder().encode(obj).hex()  # AEON: the request tracer logs the wire bytes\n",
            "    return MsgpackEncoder().encode(obj).hex()  # AEON: the request tracer logs the wire bytes",
        ),
    ),
]
TWINS += [
    (
        "#13790 binary made a sequence",
        "twin: msgspec's own encoder on a field of the fork's class",
        K(
            *MP,
            "vllm/aeon/r43mp1.py",
            "from typing import Any\n\nimport msgspec\n\nfrom vllm.v1.serial_utils import MsgpackEncoder\n\n\n"
            "class AeonTracer:\n"
            "    def __init__(self) -> None:\n"
            "        self.engine_encoder = MsgpackEncoder()\n"
            "        self.encoder = msgspec.msgpack.Encoder()  # AEON: the tracer's own plain encoder\n\n"
            "    def trace(self, obj: Any) -> str:\n"
            "        return self.encoder.encode(obj).hex()\n",
            "        return self.encoder.encode(obj).hex()",
        ),
    ),
    (
        "#13790 binary made a sequence",
        "twin: the frames joined before hex()",
        K(
            *MP,
            "vllm/aeon/r43mp2.py",
            "from typing import Any\n\nfrom vllm.v1.serial_utils import MsgpackEncoder\n\n\n"
            "def aeon_trace(obj: Any) -> str:\n"
            "    frames = MsgpackEncoder().encode(obj)\n"
            "    if isinstance(frames, bytes):\n"
            "        return frames.hex()\n"
            '    return b"".join(bytes(f) for f in frames).hex()\n',
            "        return frames.hex()",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review43-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
