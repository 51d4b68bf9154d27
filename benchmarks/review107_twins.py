"""Adversarial twins of killers204's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a class variable made a property, read off the class (``drift/class_properties.py``, new; #30761
  ``KVConnectorBase_V1.prefer_cross_layer_blocks`` and ``OffloadingConnector``'s, and #24263 (be0bb568c9)
  ``DeepSeekR1ReasoningParser.start_token``/``end_token``): a live connector asked (the new spelling), a subclass
  overriding the property and reading ``super()``'s, fork subclasses binding the name (directly, through a
  fork base, under ``OffloadingConnector``, the reasoning parser's own tokens), a mixin binding the name first
  in the bases (it wins the lookup), the class's read kept in a local asked ``isinstance(..., property)``, a
  class-or-instance parameter told apart by ``isinstance(x, type)`` first, the fork's own namesake class (in the
  file, and imported from the fork's own module), the read under a version test for the releases before the
  property, an instance's read, the flag stored on a fork subclass past its body, a read in the true branch of
  ``isinstance`` of itself;
- a classmethod's guard on its own class (``drift/refused_args.py``; #22734
  ``KVConnectorBase_V1.get_required_kvcache_layout`` opened with ``if cls is KVConnectorBase_V1: raise
  TypeError``, and #33736 (9433acb8df) a new connector opening its own so): the connector's class asked (the
  new spelling), the base call in a ``try``/``except TypeError``, a call off the fork's own subclass and off
  upstream's subclasses (``NixlConnector``, ``MultiConnector``, the new connector and a fork subclass of it), the
  base's function called with the subclass's ``cls`` (``.__func__(cls, ...)``), an instance method called off
  the base class with the instance, the fork's own namesake base (in the file, and imported from the fork's own
  module), a ``cls is C`` exit before the call, the base call under a version test;
- a placeholder made None (``drift/nulled_attributes.py``, warnings only; #20756
  ``KVConnectorBase_V1._connector_metadata``): a type test admitting both unset shapes (``not in
  (KVConnectorMetadata, type(None))``), ``vars(self.X or KVConnectorMetadata())``, an ``is None`` exit before
  ``vars``, the type compared with the fork's own metadata class, a subclass keeping its own placeholder (set in
  its ``__init__`` and in its ``clear_connector_metadata``).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's six
catches of these widenings (``blind_replay_kvconn2.py``'s spellings, one respelt as a keyword call), kept to show
the reach stays, and two reads off a class the same commits made: ``OffloadingConnector.prefer_cross_layer_blocks``
and ``DeepSeekR1ReasoningParser.end_token``.

Round 1 (main at c1cc2118), 8 cases and 29 twins as first written: 6 caught, 2 warned of 8 (the two #20756
cases: that check only warns); 3 false errors of 29, all class-read properties: the two mixins binding the name
ahead of upstream's class in the bases (``class AeonMixedConnector(AeonCrossLayers, KVConnectorBase_V1)``: the
walk of the bases went on past the mixin's binding to the property) and the class's read kept in a local that the
function asks ``isinstance(flag, property)`` (only a direct ``isinstance(X.name, ...)`` was read as asking after
the descriptor).  The refused-arguments and placeholder twins were quiet (the version test's twin warned).
Round 2 (this branch): a fork class's lookup of the name walks its bases of the file left to right and stops at the
first binding or at upstream's class (``_lookup``); a local bound to the read and asked ``isinstance`` in its
function is the descriptor asked after.  6 caught, 2 warned of 8; 0 false errors of 29 (1 warned).
``blind_replay_kvconn2.py`` as before: 15 caught, 6 warned, 0 missed of 21, 0 false of 11.
Round 3 (written after the mends): five more twins -- the fork's own namesake base imported from its own module
(both checks), the flag stored on a fork subclass past its body (``AeonSparkConnector.prefer_cross_layer_blocks =
True``), a read in the true branch of ``isinstance`` of itself (``X.end_token if isinstance(X.end_token, str) else
"</think>"``), the refused base call under a version test.  On round 2's engine: 2 false errors of 5 (the stored
flag: only the class body's bindings were read; the ``isinstance``-guarded read).  Mended: a ``C.name = v`` or
``setattr(C, "name", v)`` of the file binds the name on ``C``; a read in the true branch of ``isinstance(X.name,
K)``, ``K`` not ``property``, is quiet.  (As first written the ``isinstance`` twin also held an unguarded
module-level read of the class's ``end_token``, rightly caught: a slip of the writing, dropped from the twin.)
All rounds, main (c1cc2118): 6 caught, 2 warned of 8; 5 false errors of 34 twins.  This branch: 6 caught, 2 warned
of 8; 0 false errors of 34 twins (2 warned: the two version tests).
Regression set at round 3's mends (a12a3f5c), each as recorded: blind_replay_kvconn2 15 caught, 6 warned of 21 (11
quiet, 1 warned), killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_kvconnect 16/16 (11
quiet, 1 warned), review31_twins 5 caught, 1 warned of 6, 0 false of 41 (1 warned), review26_twins 9/9, 0 false of 36.

  PYTHONPATH=.. python review107_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

BASE = "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"

# --- b89443b8d9 (#30761): KVConnectorBase_V1.prefer_cross_layer_blocks, a ClassVar[bool], made a property
CL = ("#30761", "b89443b8d9", "KVConnectorBase_V1.prefer_cross_layer_blocks made a property")
OFF = "from vllm.distributed.kv_transfer.kv_connector.v1.offloading_connector import OffloadingConnector\n\n\n"
CASES += [
    (
        "#30761 class variable made a property",
        "a read off a type[...] parameter",
        K(
            *CL,
            "vllm/aeon/r107cl0.py",
            BASE + "def aeon_wants_cross_layers(connector_cls: type[KVConnectorBase_V1]) -> bool:\n"
            "    return bool(connector_cls.prefer_cross_layer_blocks)\n",
            "    return bool(connector_cls.prefer_cross_layer_blocks)",
        ),
    ),
    (
        "#30761 class variable made a property",
        "a getattr with a literal off a type[...] parameter",
        K(
            *CL,
            "vllm/aeon/r107cl1.py",
            BASE + "def aeon_cross_layers(connector_cls: type[KVConnectorBase_V1]) -> bool:\n"
            '    return bool(getattr(connector_cls, "prefer_cross_layer_blocks", False))\n',
            '    return bool(getattr(connector_cls, "prefer_cross_layer_blocks", False))',
        ),
    ),
    (
        "#30761 class variable made a property",
        "a read off OffloadingConnector itself (its ClassVar True made a property too)",
        K(
            *CL,
            "vllm/aeon/r107cl2.py",
            OFF + "def aeon_offload_blocks() -> str:\n"
            "    # AEON: the Spark's CPU tier wants cross-layer blocks when the offloader does\n"
            '    return "cross" if OffloadingConnector.prefer_cross_layer_blocks else "per-layer"\n',
            '    return "cross" if OffloadingConnector.prefer_cross_layer_blocks else "per-layer"',
        ),
    ),
]
TWINS += [
    (
        "#30761 class variable made a property",
        "twin: a live connector asked (the new spelling)",
        K(
            *CL,
            "vllm/aeon/r107cl3.py",
            BASE + "def aeon_cross_layers(connector_cls: type[KVConnectorBase_V1], vllm_config, role) -> bool:\n"
            "    # AEON: the flag is an instance's since #30761: ask one\n"
            "    connector = connector_cls(vllm_config, role)\n"
            "    return connector.prefer_cross_layer_blocks\n",
            "    return connector.prefer_cross_layer_blocks",
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: a subclass overriding the property, reading super()'s",
        K(
            *CL,
            "vllm/aeon/r107cl4.py",
            BASE + "class AeonCrossConnector(KVConnectorBase_V1):\n"
            "    @property\n"
            "    def prefer_cross_layer_blocks(self) -> bool:\n"
            "        # AEON: the Spark-to-Spark link moves whole cross-layer blocks faster\n"
            "        return self.aeon_rdma or super().prefer_cross_layer_blocks\n\n\n"
            "def aeon_probe() -> bool:\n"
            "    return isinstance(AeonCrossConnector.prefer_cross_layer_blocks, property)\n",
            "        return self.aeon_rdma or super().prefer_cross_layer_blocks",
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: a fork subclass binding the name, read off it",
        K(
            *CL,
            "vllm/aeon/r107cl5.py",
            "from typing import ClassVar\n\n" + BASE + "class AeonBlockConnector(KVConnectorBase_V1):\n"
            "    prefer_cross_layer_blocks: ClassVar[bool] = True  # AEON: shadows the base's property\n\n\n"
            "class AeonSparkConnector(AeonBlockConnector):\n"
            '    aeon_link = "rdma"\n\n\n'
            "def aeon_wants() -> bool:\n"
            "    return AeonSparkConnector.prefer_cross_layer_blocks\n",
            "    return AeonSparkConnector.prefer_cross_layer_blocks",
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: a mixin binding the name first in the bases (it wins the lookup)",
        K(
            *CL,
            "vllm/aeon/r107cl6.py",
            BASE + "class AeonCrossLayers:\n"
            "    prefer_cross_layer_blocks = True  # AEON: the Spark link's transfer unit\n\n\n"
            "class AeonMixedConnector(AeonCrossLayers, KVConnectorBase_V1):\n"
            '    aeon_link = "rdma"\n\n\n'
            "def aeon_wants() -> bool:\n"
            "    return AeonMixedConnector.prefer_cross_layer_blocks\n",
            "    return AeonMixedConnector.prefer_cross_layer_blocks",
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: a subclass of OffloadingConnector binding the name, read off it",
        K(
            *CL,
            "vllm/aeon/r107cl7.py",
            OFF + "class AeonOffloader(OffloadingConnector):\n"
            "    prefer_cross_layer_blocks = False  # AEON: the Spark's unified memory wants per-layer blocks\n\n\n"
            "def aeon_offload_blocks() -> str:\n"
            '    return "cross" if AeonOffloader.prefer_cross_layer_blocks else "per-layer"\n',
            '    return "cross" if AeonOffloader.prefer_cross_layer_blocks else "per-layer"',
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: the class's read kept in a local, asked whether it is a property",
        K(
            *CL,
            "vllm/aeon/r107cl8.py",
            BASE + "def aeon_default_cross() -> bool:\n"
            "    flag = KVConnectorBase_V1.prefer_cross_layer_blocks\n"
            "    # AEON: a property since #30761: then the base's default is no instance's answer\n"
            "    return False if isinstance(flag, property) else bool(flag)\n",
            "    flag = KVConnectorBase_V1.prefer_cross_layer_blocks",
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: a class-or-instance parameter, classes told apart first",
        K(
            *CL,
            "vllm/aeon/r107cl9.py",
            BASE + "def aeon_wants(connector: type[KVConnectorBase_V1] | KVConnectorBase_V1) -> bool:\n"
            "    if isinstance(connector, type):\n"
            "        return False  # AEON: only a live connector can say since #30761\n"
            "    return connector.prefer_cross_layer_blocks\n",
            "    return connector.prefer_cross_layer_blocks",
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: the fork's own namesake class",
        K(
            *CL,
            "vllm/aeon/r107cl10.py",
            "class KVConnectorBase_V1:  # noqa: N801  AEON: the Spark's standalone transfer shim\n"
            "    prefer_cross_layer_blocks = True\n\n\n"
            "def aeon_wants() -> bool:\n"
            "    return KVConnectorBase_V1.prefer_cross_layer_blocks\n",
            "    return KVConnectorBase_V1.prefer_cross_layer_blocks",
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: the class's read under a version test for the releases before the property",
        K(
            *CL,
            "vllm/aeon/r107cl11.py",
            "import vllm\nfrom packaging.version import Version\n\n"
            + BASE
            + "def aeon_wants(connector_cls: type[KVConnectorBase_V1]) -> bool:\n"
            '    if Version(vllm.__version__) < Version("0.14.0"):\n'
            "        return connector_cls.prefer_cross_layer_blocks  # AEON: a class variable before #30761\n"
            "    return False\n",
            "        return connector_cls.prefer_cross_layer_blocks  # AEON: a class variable before #30761",
        ),
    ),
]


# --- be0bb568c9 (#24263): DeepSeekR1ReasoningParser.start_token/end_token, class variables, made properties
R1 = ("#24263", "be0bb568c9", "DeepSeekR1ReasoningParser.start_token/end_token made properties")
DS = "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser\n\n\n"
CASES += [
    (
        "#24263 class variable made a property",
        "the end token read off the parser class",
        K(
            *R1,
            "vllm/aeon/r107r10.py",
            DS + "def aeon_answer(text: str) -> str:\n"
            "    # AEON: the Spark's batch tool keeps only the answer after the thinking\n"
            "    return text.split(DeepSeekR1ReasoningParser.end_token)[-1]\n",
            "    return text.split(DeepSeekR1ReasoningParser.end_token)[-1]",
        ),
    ),
]
TWINS += [
    (
        "#24263 class variable made a property",
        "twin: a fork subclass binding its own tokens, read off it",
        K(
            *R1,
            "vllm/aeon/r107r11.py",
            DS + "class AeonSeedParser(DeepSeekR1ReasoningParser):\n"
            '    start_token = "<seed:think>"  # AEON: the Spark-served Seed model\'s tokens\n'
            '    end_token = "</seed:think>"\n\n\n'
            "def aeon_answer(text: str) -> str:\n"
            "    return text.split(AeonSeedParser.end_token)[-1]\n",
            "    return text.split(AeonSeedParser.end_token)[-1]",
        ),
    ),
    (
        "#24263 class variable made a property",
        "twin: a mixin of tokens first in the bases",
        K(
            *R1,
            "vllm/aeon/r107r12.py",
            DS + "class AeonSeedTokens:\n"
            '    start_token = "<seed:think>"\n'
            '    end_token = "</seed:think>"\n\n\n'
            "class AeonSeedParser(AeonSeedTokens, DeepSeekR1ReasoningParser):\n"
            "    pass\n\n\n"
            "def aeon_answer(text: str) -> str:\n"
            "    return text.split(AeonSeedParser.end_token)[-1]\n",
            "    return text.split(AeonSeedParser.end_token)[-1]",
        ),
    ),
    (
        "#24263 class variable made a property",
        "twin: the end token read off a parser instance",
        K(
            *R1,
            "vllm/aeon/r107r13.py",
            DS + "def aeon_answer(parser: DeepSeekR1ReasoningParser, text: str) -> str:\n"
            "    return text.split(parser.end_token)[-1]\n",
            "    return text.split(parser.end_token)[-1]",
        ),
    ),
    (
        "#24263 class variable made a property",
        "twin: the instance's end token, the R1 default without a parser",
        K(
            *R1,
            "vllm/aeon/r107r14.py",
            DS + "def aeon_end_token(parser: DeepSeekR1ReasoningParser | None) -> str:\n"
            "    # AEON: the end token is per instance since #24263; without a parser, the R1 default\n"
            '    return parser.end_token if parser is not None else "</think>"\n',
            '    return parser.end_token if parser is not None else "</think>"',
        ),
    ),
]


# --- 0933f9d518 (#22734): get_required_kvcache_layout raises TypeError when called on the abstract base
RL = ("#22734", "0933f9d518", "KVConnectorBase_V1.get_required_kvcache_layout raises on the base class")
FACTORY = "from vllm.distributed.kv_transfer.kv_connector.factory import KVConnectorFactory\n"
CASES += [
    (
        "#22734 classmethod refuses its own class",
        "a call off the base class",
        K(
            *RL,
            "vllm/aeon/r107rl0.py",
            BASE + "def aeon_spark_layout(vllm_config) -> str:\n"
            "    layout = KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)\n"
            '    return layout or "HND"\n',
            "    layout = KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "a keyword call off a module alias of the base class",
        K(
            *RL,
            "vllm/aeon/r107rl1.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1 import base as kv_base\n\n\n"
            "def aeon_layout_or_none(vllm_config):\n"
            "    return kv_base.KVConnectorBase_V1.get_required_kvcache_layout(vllm_config=vllm_config)\n",
            "    return kv_base.KVConnectorBase_V1.get_required_kvcache_layout(vllm_config=vllm_config)",
        ),
    ),
]
TWINS += [
    (
        "#22734 classmethod refuses its own class",
        "twin: the connector's class asked (the new spelling, as MultiConnector does)",
        K(
            *RL,
            "vllm/aeon/r107rl2.py",
            FACTORY + "\n\n"
            "def aeon_spark_layout(vllm_config) -> str:\n"
            "    connector_cls = KVConnectorFactory.get_connector_class(vllm_config.kv_transfer_config)\n"
            "    layout = connector_cls.get_required_kvcache_layout(vllm_config)\n"
            '    return layout or "HND"\n',
            "    layout = connector_cls.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: the base call in a try, except TypeError",
        K(
            *RL,
            "vllm/aeon/r107rl3.py",
            BASE + "def aeon_spark_layout(vllm_config) -> str:\n"
            "    try:\n"
            "        layout = KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)\n"
            "    except TypeError:  # AEON: newer upstreams refuse the base; it has no layout to ask for\n"
            "        layout = None\n"
            '    return layout or "HND"\n',
            "        layout = KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: a call off the fork's own subclass, no override",
        K(
            *RL,
            "vllm/aeon/r107rl4.py",
            BASE + "class AeonSparkConnector(KVConnectorBase_V1):\n"
            '    aeon_link = "rdma"\n\n\n'
            "def aeon_spark_layout(vllm_config) -> str:\n"
            "    layout = AeonSparkConnector.get_required_kvcache_layout(vllm_config)\n"
            '    return layout or "HND"\n',
            "    layout = AeonSparkConnector.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: a call off an upstream subclass (NixlConnector)",
        K(
            *RL,
            "vllm/aeon/r107rl5.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.nixl_connector import NixlConnector\n\n\n"
            "def aeon_nixl_layout(vllm_config) -> str | None:\n"
            "    return NixlConnector.get_required_kvcache_layout(vllm_config)\n",
            "    return NixlConnector.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: the base's function called with the subclass's cls",
        K(
            *RL,
            "vllm/aeon/r107rl6.py",
            BASE + "class AeonLayoutConnector(KVConnectorBase_V1):\n"
            "    @classmethod\n"
            "    def get_required_kvcache_layout(cls, vllm_config):\n"
            "        layout = KVConnectorBase_V1.get_required_kvcache_layout.__func__(cls, vllm_config)\n"
            '        return layout or "HND"\n',
            "        layout = KVConnectorBase_V1.get_required_kvcache_layout.__func__(cls, vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: an instance method called off the base class with the instance",
        K(
            *RL,
            "vllm/aeon/r107rl7.py",
            BASE + "class AeonFinishConnector(KVConnectorBase_V1):\n"
            "    def get_finished(self, finished_req_ids: set[str]):\n"
            "        # AEON: the decode Spark counts its finished sends\n"
            "        done = KVConnectorBase_V1.get_finished(self, finished_req_ids)\n"
            "        self.aeon_done = len(finished_req_ids)\n"
            "        return done\n",
            "        done = KVConnectorBase_V1.get_finished(self, finished_req_ids)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: MultiConnector's own classmethod called off it",
        K(
            *RL,
            "vllm/aeon/r107rl8.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.multi_connector import MultiConnector\n\n\n"
            "def aeon_multi_layout(vllm_config) -> str | None:\n"
            "    return MultiConnector.get_required_kvcache_layout(vllm_config)\n",
            "    return MultiConnector.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: the fork's own namesake base class",
        K(
            *RL,
            "vllm/aeon/r107rl9.py",
            "class KVConnectorBase_V1:  # noqa: N801  AEON: the Spark's standalone transfer shim\n"
            "    @classmethod\n"
            "    def get_required_kvcache_layout(cls, vllm_config):\n"
            '        return "HND"\n\n\n'
            "def aeon_spark_layout(vllm_config) -> str:\n"
            "    return KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)\n",
            "    return KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: the base call only where the base is not the class asked",
        K(
            *RL,
            "vllm/aeon/r107rl10.py",
            BASE + "def aeon_layout(connector_cls: type[KVConnectorBase_V1], vllm_config) -> str | None:\n"
            "    if connector_cls is KVConnectorBase_V1:\n"
            "        return None  # AEON: the base has no layout to ask for\n"
            "    return connector_cls.get_required_kvcache_layout(vllm_config)\n",
            "    return connector_cls.get_required_kvcache_layout(vllm_config)",
        ),
    ),
]


# --- 9433acb8df (#33736): a new connector opening its get_required_kvcache_layout with ``if cls is KVConnectorBase_V1``
HS = ("#33736", "9433acb8df", "ExampleHiddenStatesConnector added, its layout classmethod refusing the base")
EH = (
    "from vllm.distributed.kv_transfer.kv_connector.v1.example_hidden_states_connector import (\n"
    "    ExampleHiddenStatesConnector,\n"
    ")\n\n\n"
)
TWINS += [
    (
        "#33736 classmethod refuses the base",
        "twin: the new connector's classmethod called off it",
        K(
            *HS,
            "vllm/aeon/r107hs1.py",
            EH + "def aeon_hidden_layout(vllm_config) -> str | None:\n"
            "    return ExampleHiddenStatesConnector.get_required_kvcache_layout(vllm_config)\n",
            "    return ExampleHiddenStatesConnector.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#33736 classmethod refuses the base",
        "twin: a fork subclass of the new connector, called off it",
        K(
            *HS,
            "vllm/aeon/r107hs2.py",
            EH + "class AeonHiddenStates(ExampleHiddenStatesConnector):\n"
            '    aeon_dump_dir = "/scratch/hidden"\n\n\n'
            "def aeon_hidden_layout(vllm_config) -> str | None:\n"
            "    return AeonHiddenStates.get_required_kvcache_layout(vllm_config)\n",
            "    return AeonHiddenStates.get_required_kvcache_layout(vllm_config)",
        ),
    ),
]


# --- 574ad60db9 (#20756): the connector's unset metadata turned from KVConnectorMetadata() into None
MD = ("#20756", "574ad60db9", "KVConnectorBase_V1._connector_metadata is None when unset")
MB = (
    "from vllm.distributed.kv_transfer.kv_connector.v1.base import (\n"
    "    KVConnectorBase_V1,\n"
    "    KVConnectorMetadata,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#20756 placeholder made None",
        "the metadata's type compared with the placeholder's",
        K(
            *MD,
            "vllm/aeon/r107md0.py",
            MB + "class AeonMetaConnector(KVConnectorBase_V1):\n"
            "    def aeon_has_work(self) -> bool:\n"
            "        return type(self._connector_metadata) is not KVConnectorMetadata\n",
            "        return type(self._connector_metadata) is not KVConnectorMetadata",
        ),
    ),
    (
        "#20756 placeholder made None",
        "vars() of the metadata between steps",
        K(
            *MD,
            "vllm/aeon/r107md1.py",
            MB + "class AeonMetaConnector1(KVConnectorBase_V1):\n"
            "    def aeon_pending(self) -> int:\n"
            "        return len(vars(self._connector_metadata))\n",
            "        return len(vars(self._connector_metadata))",
        ),
    ),
]
TWINS += [
    (
        "#20756 placeholder made None",
        "twin: the type test admitting both unset shapes",
        K(
            *MD,
            "vllm/aeon/r107md2.py",
            MB + "class AeonMetaConnector2(KVConnectorBase_V1):\n"
            "    def aeon_has_work(self) -> bool:\n"
            "        # AEON: unset is a bare placeholder on older upstreams, None on newer ones\n"
            "        return type(self._connector_metadata) not in (KVConnectorMetadata, type(None))\n",
            "        return type(self._connector_metadata) not in (KVConnectorMetadata, type(None))",
        ),
    ),
    (
        "#20756 placeholder made None",
        "twin: vars() of the metadata or a fresh placeholder",
        K(
            *MD,
            "vllm/aeon/r107md3.py",
            MB + "class AeonMetaConnector3(KVConnectorBase_V1):\n"
            "    def aeon_pending(self) -> int:\n"
            "        return len(vars(self._connector_metadata or KVConnectorMetadata()))\n",
            "        return len(vars(self._connector_metadata or KVConnectorMetadata()))",
        ),
    ),
    (
        "#20756 placeholder made None",
        "twin: an is-None exit before vars()",
        K(
            *MD,
            "vllm/aeon/r107md4.py",
            MB + "class AeonMetaConnector4(KVConnectorBase_V1):\n"
            "    def aeon_pending(self) -> int:\n"
            "        if self._connector_metadata is None:\n"
            "            return 0\n"
            "        return len(vars(self._connector_metadata))\n",
            "        return len(vars(self._connector_metadata))",
        ),
    ),
    (
        "#20756 placeholder made None",
        "twin: the type compared with the fork's own metadata class",
        K(
            *MD,
            "vllm/aeon/r107md5.py",
            MB + "class AeonSparkMetadata(KVConnectorMetadata):\n"
            "    pass\n\n\n"
            "class AeonMetaConnector5(KVConnectorBase_V1):\n"
            "    def aeon_ours(self) -> bool:\n"
            "        return type(self._connector_metadata) is AeonSparkMetadata\n",
            "        return type(self._connector_metadata) is AeonSparkMetadata",
        ),
    ),
    (
        "#20756 placeholder made None",
        "twin: a subclass keeping its own placeholder, set and cleared",
        K(
            *MD,
            "vllm/aeon/r107md6.py",
            MB + "class AeonMetaConnector6(KVConnectorBase_V1):\n"
            "    def __init__(self, vllm_config, role):\n"
            "        super().__init__(vllm_config, role)\n"
            "        self._connector_metadata = KVConnectorMetadata()  # AEON: never None on the Spark\n\n"
            "    def clear_connector_metadata(self) -> None:\n"
            "        self._connector_metadata = KVConnectorMetadata()\n\n"
            "    def aeon_has_work(self) -> bool:\n"
            "        return type(self._connector_metadata) is not KVConnectorMetadata\n",
            "        return type(self._connector_metadata) is not KVConnectorMetadata",
        ),
    ),
]


# --- round 3 (written after the mends): more shapes on the same commits
SHIM = (
    "class KVConnectorBase_V1:  # noqa: N801  AEON: the Spark's standalone transfer shim\n"
    "    prefer_cross_layer_blocks = True\n\n"
    "    @classmethod\n"
    "    def get_required_kvcache_layout(cls, vllm_config):\n"
    '        return "HND"\n'
)
TWINS += [
    (
        "#30761 class variable made a property",
        "twin: the fork's own namesake imported from its own module",
        Killer(
            *CL,
            (
                Edit("vllm/aeon/r107shim1.py", SHIM),
                Edit(
                    "vllm/aeon/r107cl12.py",
                    "from vllm.aeon.r107shim1 import KVConnectorBase_V1\n\n\n"
                    "def aeon_wants() -> bool:\n"
                    "    return KVConnectorBase_V1.prefer_cross_layer_blocks\n",
                ),
            ),
            (("vllm/aeon/r107cl12.py", "    return KVConnectorBase_V1.prefer_cross_layer_blocks"),),
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: the flag set on a fork subclass after its body",
        K(
            *CL,
            "vllm/aeon/r107cl13.py",
            BASE + "class AeonSparkConnector(KVConnectorBase_V1):\n"
            '    aeon_link = "rdma"\n\n\n'
            "AeonSparkConnector.prefer_cross_layer_blocks = True  # AEON: the Spark link moves whole blocks\n\n\n"
            "def aeon_wants() -> bool:\n"
            "    return AeonSparkConnector.prefer_cross_layer_blocks\n",
            "    return AeonSparkConnector.prefer_cross_layer_blocks",
        ),
    ),
    (
        "#24263 class variable made a property",
        "twin: the class's read in the true branch of an isinstance test of it",
        K(
            *R1,
            "vllm/aeon/r107r15.py",
            DS + "AEON_END = (\n"
            "    DeepSeekR1ReasoningParser.end_token\n"
            "    if isinstance(DeepSeekR1ReasoningParser.end_token, str)\n"
            '    else "</think>"  # AEON: a property since #24263: the R1 default then\n'
            ")\n",
            "    DeepSeekR1ReasoningParser.end_token",
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: the fork's own namesake imported from its own module",
        Killer(
            *RL,
            (
                Edit("vllm/aeon/r107shim2.py", SHIM),
                Edit(
                    "vllm/aeon/r107rl11.py",
                    "from vllm.aeon.r107shim2 import KVConnectorBase_V1\n\n\n"
                    "def aeon_spark_layout(vllm_config) -> str:\n"
                    "    return KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)\n",
                ),
            ),
            (("vllm/aeon/r107rl11.py", "    return KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)"),),
        ),
    ),
    (
        "#22734 classmethod refuses its own class",
        "twin: the base call under a version test for the releases before the refusal",
        K(
            *RL,
            "vllm/aeon/r107rl12.py",
            "import vllm\nfrom packaging.version import Version\n\n" + BASE + FACTORY + "\n\n"
            "def aeon_spark_layout(vllm_config) -> str | None:\n"
            '    if Version(vllm.__version__) < Version("0.10.1"):\n'
            "        return KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)  # AEON: as MultiConnector did\n"
            "    connector_cls = KVConnectorFactory.get_connector_class(vllm_config.kv_transfer_config)\n"
            "    return connector_cls.get_required_kvcache_layout(vllm_config)\n",
            "        return KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)  # AEON: as MultiConnector did",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review107-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
