"""Adversarial twins of mend66's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit).  mend66 joined symbol
drift's older "a key nobody reads" into parameter key drift (``drift/param_keys.py``): a key the fork hands an
upstream function that read it off that parameter at the base and reads it there no more, named by upstream
or not; the reach now follows ``super()``, ``dict(k=...)``, calls off a module (``rotary_embedding.get_rope``,
``modelopt.ModelOptFp8Config.from_config``) and off a local typed by its parameter's annotation or its one
constructor (``meta: Meta``, ``meta = Meta()``); a key read "beside" the dropped one counts only in a real
alternative.  The twins:

- #9250 (7e7eae338d, ``get_rope`` reads ``rope_scaling["rope_type"]`` only): off the module, both spellings;
  ``dict(rope_type=...)``; a parameter of the module's name holding the fork's own rope table (a local
  rebinding); the fork's own ``rotary_embedding`` module; the old key in a ``try``, the new in ``except
  KeyError``; a version test; ``setdefault("rope_type", scaling["type"])``; the fork's own ``get_rope``;
- #39565 (ac58e2a170, ``MoRIIOConnectorMetadata.add_new_req`` parses the peer's host from the request id): a
  typed local handed no host (the new spelling); a local built as, or a parameter annotated with, the fork's
  subclass reading the host itself; a parameter annotated with upstream's class re-bound to the fork's
  subclass; a ``for`` re-binding the local to the fork's pinned metadata; a local bound to two classes; the
  fork's own ``MoRIIOConnectorMetadata``; a version test; the host read back for the fork's own record;
- #47764 (1206891822, ``add_new_req`` reads ``get("remote_tp_size") or get("tp_size")``): the old key, still
  read (the new one's fallback), off a typed local; ``dict(remote_tp_size=...)`` off a module's class;
- #25706 (d5ab28511c, ``from_config``'s flat format reads ``"ignore"``): off the module, both spellings; the
  nested format.
- round 3, after the mends: #20343 (1a03dd496b, ``get_rope``'s ``"dynamic"`` reads ``"alpha"`` if present, else
  ``"factor"``): off the module, the factor; ``dict(alpha=...)`` on a line of its own; #28076 (a8c536829c,
  ``ModelOptFp8Config.from_config`` moved up into a new base): off the module, the flat ``"ignore"``; a
  subclass adding its layers to the nested format before ``super().from_config``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
by the join (#9250's old key set before ``get_rope``, #39565's ``super().add_new_req``) and one of each new
reach (a call off a module, a ``dict(k=...)`` by keyword, a local built as or annotated with upstream's class).

Round 1 (main at f7ac44df), 7 cases and 21 twins as first written: 6 caught, 0 warned, 1 missed of 7; 4 false
errors of 21 (1 warned: the host read back): a parameter of the module's name holding the fork's own rope
table (the module was read through a name the calling function binds itself), the old key in a ``try`` whose
``except KeyError`` calls with the new one (no guard but a version test was read), a parameter annotated
with upstream's class re-bound to the fork's subclass (the annotation decided, whatever the body bound), a
``for`` re-binding the local to the fork's pinned metadata (only ``=`` bindings were counted).  The miss:
``meta.add_new_req(rid, blocks, kv_transfer_params=dict(...,`` with ``remote_host=host))`` on a line of its
own (the prefilter read keyword names only on a line holding ``dict(``, so upstream's file was never parsed).
Round 2 (this branch): a name the calling function binds (a parameter, a store) is not the module of that name
(``_Resolver._module``); a local is typed only where every binding of it -- its parameter's annotation, each
``=`` of a call -- names the same class and nothing else (a ``for``, a ``with``, an unpacking) binds it
(``_instance_of``); a call in a ``try`` whose handler names ``KeyError`` (or ``LookupError``; not a catch-all) is
a warning, not an error (``_caught_around``: upstream's function may now raise on the key it reads
instead, and the handler take the new spelling); keyword names are read off every added line of a file where
one builds or updates a dict by keyword (``_change_words``).  7 caught of 7; 0 false errors of 21 (2 warned:
the ``try``, the read-back).  ``blind_replay_modelopt.py`` as before: 21/0/0, 10 twins quiet;
``review91_twins.py`` 8/0/0, 0 false of 28 (2 warned).
Round 3 (other real commits, written after the mends): #20343's two twins and #28076's two: quiet on both
engines (the keys are still read, in an alternative or off the moved-up base); #28076's two warn, alike on
both, by symbol drift's removed-method reading, not this check (``ModelOptFp8Config.from_config`` is gone,
the new base's answers: a warning to check, left as it is).
All rounds, main (f7ac44df): 6 caught, 1 missed of 7; 4 false errors of 25 twins (3 warned).  This branch: 7
caught of 7; 0 false errors of 25 twins (4 warned).

  PYTHONPATH=.. python review95_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 7e7eae338d (#9250): get_rope reads rope_scaling["rope_type"] only (the base read "type" if present)
RT = ("#9250", "7e7eae338d", 'rope_scaling["type"] -> rope_scaling["rope_type"]')
GR = "from vllm.model_executor.layers.rotary_embedding import get_rope\n\n\n"
RM = "from vllm.model_executor.layers import rotary_embedding\n\n\n"
CASES += [
    (
        "#9250 key nobody reads",
        "the MTP head sets the old key (blind_replay_runtime)",
        K(
            *RT,
            "vllm/aeon/r95rt0.py",
            GR + "def aeon_mtp_rope(head_dim: int, max_pos: int, base: int, rope_scaling: dict):\n"
            "    rope_scaling = dict(rope_scaling)\n"
            '    rope_scaling["type"] = "deepseek_yarn"\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, False, rope_scaling)\n",
            'rope_scaling["type"] = "deepseek_yarn"',
        ),
    ),
    (
        "#9250 key nobody reads",
        "get_rope called off its module, the old key in a display",
        K(
            *RT,
            "vllm/aeon/r95rt1.py",
            RM + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            "    scaling = {\n"
            '        "type": "dynamic",\n'
            '        "factor": 2.0,\n'
            "    }\n"
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '        "type": "dynamic",',
        ),
    ),
    (
        "#9250 key nobody reads",
        "a dict(type=...) by keyword off an aliased module",
        K(
            *RT,
            "vllm/aeon/r95rt2.py",
            "from vllm.model_executor.layers import rotary_embedding as rope\n\n\n"
            "def aeon_linear_rope(head_dim: int, max_pos: int, base: int):\n"
            "    return rope.get_rope(head_dim, head_dim, max_pos, base, True,\n"
            '                         rope_scaling=dict(type="linear", factor=4.0))\n',
            '                         rope_scaling=dict(type="linear", factor=4.0))',
        ),
    ),
]
TWINS += [
    (
        "#9250 key nobody reads",
        "twin: off the module, both spellings in the display",
        K(
            *RT,
            "vllm/aeon/r95rt3.py",
            RM + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            "    scaling = {\n"
            '        "type": "dynamic",\n'
            '        "rope_type": "dynamic",\n'
            '        "factor": 2.0,\n'
            "    }\n"
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '        "type": "dynamic",',
        ),
    ),
    (
        "#9250 key nobody reads",
        "twin: off the module, dict(rope_type=...) (the new spelling)",
        K(
            *RT,
            "vllm/aeon/r95rt4.py",
            RM + "def aeon_linear_rope(head_dim: int, max_pos: int, base: int):\n"
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True,\n"
            '                                     rope_scaling=dict(rope_type="linear", factor=4.0))\n',
            '                                     rope_scaling=dict(rope_type="linear", factor=4.0))',
        ),
    ),
    (
        "#9250 key nobody reads",
        "twin: a parameter of the module's name holding the fork's own rope table",
        K(
            *RT,
            "vllm/aeon/r95rt5.py",
            RM + "class AeonRopeTable:\n"
            "    def get_rope(self, head_dim, rotary_dim, max_pos, base, neox, rope_scaling):\n"
            '        return (head_dim, rotary_dim, max_pos, base, neox, rope_scaling["type"])  # AEON: its own key\n\n\n'
            "def aeon_table_rope(rotary_embedding: AeonRopeTable, head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
    (
        "#9250 key nobody reads",
        "twin: the fork's own rotary_embedding module",
        K(
            *RT,
            "vllm/aeon/r95rt6.py",
            "from vllm.aeon import rotary_embedding\n\n\n"
            "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
    (
        "#9250 key nobody reads",
        "twin: the old key in a try, the new one in except KeyError",
        K(
            *RT,
            "vllm/aeon/r95rt7.py",
            RM + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            "    try:\n"
            '        return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, {"type": "dynamic"})\n'
            "    except KeyError:  # AEON: newer upstreams read rope_type only\n"
            "        return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True,\n"
            '                                         {"rope_type": "dynamic", "factor": 1.0})\n',
            '        return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, {"type": "dynamic"})',
        ),
    ),
    (
        "#9250 key nobody reads",
        "twin: a version test picking the key",
        K(
            *RT,
            "vllm/aeon/r95rt8.py",
            "from packaging.version import Version\n\nimport vllm\n"
            + RM
            + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    if Version(vllm.__version__) < Version("0.6.4"):\n'
            "        return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True,\n"
            '                                         {"type": "dynamic", "factor": 2.0})\n'
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True,\n"
            '                                     {"rope_type": "dynamic", "factor": 2.0})\n',
            '                                         {"type": "dynamic", "factor": 2.0})',
        ),
    ),
    (
        "#9250 key nobody reads",
        "twin: the new key set from the old by setdefault before the module call",
        K(
            *RT,
            "vllm/aeon/r95rt9.py",
            RM + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            '    scaling.setdefault("rope_type", scaling["type"])\n'
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
    (
        "#9250 key nobody reads",
        "twin: the fork's own get_rope of the name",
        K(
            *RT,
            "vllm/aeon/r95rt10.py",
            "def get_rope(head_dim, rotary_dim, max_pos, base, neox, rope_scaling):\n"
            '    return (head_dim, max_pos, base, neox, rope_scaling["type"])  # AEON: the Spark\'s own table\n\n\n'
            "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
]

# --- ac58e2a170 (#39565): add_new_req parses the peer's host and ports from the request id
MR = ("#39565", "ac58e2a170", "add_new_req no longer reads remote_host/ports off kv_transfer_params")
MRI = "from vllm.distributed.kv_transfer.kv_connector.v1.moriio.moriio_common import MoRIIOConnectorMetadata\n\n\n"
OWN = (
    "class AeonPinnedMetadata(MoRIIOConnectorMetadata):\n"
    "    def add_new_req(self, request_id, local_block_ids, kv_transfer_params, write_mode=False):\n"
    '        self.aeon_peer[request_id] = kv_transfer_params["remote_host"]  # AEON: the router pins the peer\n'
    "        super().add_new_req(request_id, local_block_ids, kv_transfer_params, write_mode)\n\n\n"
)
PEER = (
    '        "transfer_id": transfer_id,\n'
    '        "remote_block_ids": blocks,\n'
    '        "remote_engine_id": engine,\n'
    '        "remote_host": host,\n'
    "    }\n"
)
CASES += [
    (
        "#39565 key nobody reads",
        "super().add_new_req handed the peer's host (review91)",
        K(
            *MR,
            "vllm/aeon/r95mr0.py",
            MRI + "class AeonMoRIIOMetadata(MoRIIOConnectorMetadata):\n"
            "    def aeon_add(self, request_id: str, blocks: list[int], transfer_id: str, remote: dict) -> None:\n"
            "        params = {\n"
            '            "transfer_id": transfer_id,\n'
            '            "remote_block_ids": remote["blocks"],\n'
            '            "remote_engine_id": remote["engine"],\n'
            '            "remote_host": remote["host"],\n'
            "        }\n"
            "        super().add_new_req(request_id, blocks, params)\n",
            '            "remote_host": remote["host"],',
        ),
    ),
    (
        "#39565 key nobody reads",
        "a local built as upstream's class",
        K(
            *MR,
            "vllm/aeon/r95mr1.py",
            MRI + "def aeon_meta(rid: str, blocks: list[int], transfer_id: str, engine: str, host: str):\n"
            "    meta = MoRIIOConnectorMetadata()\n"
            "    params = {\n" + PEER.replace("        ", "        ") + "    meta.add_new_req(rid, blocks, params)\n"
            "    return meta\n",
            '        "remote_host": host,',
        ),
    ),
    (
        "#39565 key nobody reads",
        "a parameter annotated with upstream's class, dict(k=...) by keyword",
        K(
            *MR,
            "vllm/aeon/r95mr2.py",
            MRI + "def aeon_add(meta: MoRIIOConnectorMetadata, rid: str, blocks: list[int], host: str) -> None:\n"
            "    meta.add_new_req(rid, blocks, kv_transfer_params=dict(transfer_id=rid, remote_block_ids=blocks,\n"
            '                                                          remote_engine_id="0",\n'
            "                                                          remote_host=host))\n",
            "                                                          remote_host=host))",
        ),
    ),
]
TWINS += [
    (
        "#39565 key nobody reads",
        "twin: a local built as upstream's class, no host (the new spelling: the request id carries it)",
        K(
            *MR,
            "vllm/aeon/r95mr3.py",
            MRI + "def aeon_meta(rid: str, blocks: list[int], transfer_id: str, engine: str):\n"
            "    meta = MoRIIOConnectorMetadata()\n"
            '    params = {"transfer_id": transfer_id, "remote_block_ids": blocks, "remote_engine_id": engine}\n'
            "    meta.add_new_req(rid, blocks, params)\n"
            "    return meta\n",
            '    params = {"transfer_id": transfer_id, "remote_block_ids": blocks, "remote_engine_id": engine}',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: a local built as the fork's subclass that reads the host itself",
        K(
            *MR,
            "vllm/aeon/r95mr4.py",
            MRI + OWN + "def aeon_meta(rid: str, blocks: list[int], transfer_id: str, engine: str, host: str):\n"
            "    meta = AeonPinnedMetadata()\n"
            "    params = {\n" + PEER + "    meta.add_new_req(rid, blocks, params)\n"
            "    return meta\n",
            '        "remote_host": host,',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: a parameter annotated with the fork's subclass",
        K(
            *MR,
            "vllm/aeon/r95mr5.py",
            MRI + OWN + "def aeon_add(meta: AeonPinnedMetadata, rid: str, blocks: list[int], host: str) -> None:\n"
            '    meta.add_new_req(rid, blocks, {"transfer_id": rid, "remote_block_ids": blocks,\n'
            '                                   "remote_engine_id": "0", "remote_host": host})\n',
            '                                   "remote_engine_id": "0", "remote_host": host})',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: a parameter annotated with upstream's class, re-bound to the fork's subclass",
        K(
            *MR,
            "vllm/aeon/r95mr6.py",
            MRI
            + OWN.replace(
                "    def add_new_req",
                "    @classmethod\n    def adopt(cls, meta: MoRIIOConnectorMetadata) -> AeonPinnedMetadata:\n"
                "        pinned = cls()\n        pinned.__dict__.update(meta.__dict__)\n        return pinned\n\n"
                "    def add_new_req",
            )
            + "def aeon_add(meta: MoRIIOConnectorMetadata, rid: str, blocks: list[int], host: str):\n"
            "    meta = AeonPinnedMetadata.adopt(meta)\n"
            '    meta.add_new_req(rid, blocks, {"transfer_id": rid, "remote_block_ids": blocks,\n'
            '                                   "remote_engine_id": "0", "remote_host": host})\n'
            "    return meta\n",
            '                                   "remote_engine_id": "0", "remote_host": host})',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: a loop re-binding the local to the fork's pinned metadata",
        K(
            *MR,
            "vllm/aeon/r95mr7.py",
            MRI + OWN + "class AeonScheduler:\n"
            "    aeon_pinned: list[AeonPinnedMetadata]\n\n"
            "    def aeon_build(self, rid: str, blocks: list[int], host: str) -> MoRIIOConnectorMetadata:\n"
            "        meta = MoRIIOConnectorMetadata()\n"
            '        meta.add_new_req(rid, blocks, {"transfer_id": rid, "remote_block_ids": blocks,\n'
            '                                       "remote_engine_id": "0"})\n'
            "        for meta in self.aeon_pinned:\n"
            '            meta.add_new_req(rid, blocks, {"transfer_id": rid, "remote_block_ids": blocks,\n'
            '                                           "remote_engine_id": "0", "remote_host": host})\n'
            "        return meta\n",
            '                                           "remote_engine_id": "0", "remote_host": host})',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: a local bound in two branches to two classes",
        K(
            *MR,
            "vllm/aeon/r95mr8.py",
            MRI + OWN + "def aeon_meta(rid: str, blocks: list[int], transfer_id: str, engine: str, host: str,\n"
            "              pinned: bool):\n"
            "    if pinned:\n"
            "        meta = AeonPinnedMetadata()\n"
            "    else:\n"
            "        meta = MoRIIOConnectorMetadata()\n"
            "    params = {\n" + PEER + "    meta.add_new_req(rid, blocks, params)\n"
            "    return meta\n",
            '        "remote_host": host,',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: the fork's own MoRIIOConnectorMetadata (a backport module)",
        K(
            *MR,
            "vllm/aeon/r95mr9.py",
            "from vllm.aeon.moriio_compat import MoRIIOConnectorMetadata\n\n\n"
            "def aeon_meta(rid: str, blocks: list[int], transfer_id: str, engine: str, host: str):\n"
            "    meta = MoRIIOConnectorMetadata()\n"
            "    params = {\n" + PEER + "    meta.add_new_req(rid, blocks, params)\n"
            "    return meta\n",
            '        "remote_host": host,',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: a typed local's call under a version test",
        K(
            *MR,
            "vllm/aeon/r95mr10.py",
            "from packaging.version import Version\n\nimport vllm\n"
            + MRI
            + "def aeon_add(meta: MoRIIOConnectorMetadata, rid: str, blocks: list[int], host: str) -> None:\n"
            '    params = {"transfer_id": rid, "remote_block_ids": blocks, "remote_engine_id": "0"}\n'
            '    if Version(vllm.__version__) < Version("0.20.0"):\n'
            '        params["remote_host"] = host  # AEON: older upstreams read the peer from the params\n'
            "        meta.add_new_req(rid, blocks, params)\n"
            "    else:\n"
            "        meta.add_new_req(rid, blocks, params)\n",
            '        params["remote_host"] = host  # AEON: older upstreams read the peer from the params',
        ),
    ),
    (
        "#39565 key nobody reads",
        "twin: the host read back off the params for the fork's own record",
        K(
            *MR,
            "vllm/aeon/r95mr11.py",
            MRI + "class AeonRouter:\n"
            "    aeon_peer: dict[str, str]\n\n"
            "    def aeon_add(self, meta: MoRIIOConnectorMetadata, rid: str, blocks: list[int], host: str) -> None:\n"
            "        params = {\n"
            '            "transfer_id": rid,\n'
            '            "remote_block_ids": blocks,\n'
            '            "remote_engine_id": "0",\n'
            '            "remote_host": host,\n'
            "        }\n"
            "        meta.add_new_req(rid, blocks, params)\n"
            '        self.aeon_peer[rid] = params["remote_host"]  # AEON: the router\'s own table of peers\n',
            '            "remote_host": host,',
        ),
    ),
]

# --- 1206891822 (#47764): add_new_req reads "remote_tp_size" or, failing it, "tp_size"
TP = ("#47764", "1206891822", 'add_new_req reads kv_transfer_params.get("remote_tp_size") or .get("tp_size")')
TWINS += [
    (
        "#47764 key read beside a new one",
        "twin: a typed local handed the old tp_size (still read, the new key's fallback)",
        K(
            *TP,
            "vllm/aeon/r95tp0.py",
            MRI + "def aeon_meta(rid: str, blocks: list[int], tp: int):\n"
            "    meta = MoRIIOConnectorMetadata()\n"
            "    params = {\n"
            '        "transfer_id": rid,\n'
            '        "remote_block_ids": blocks,\n'
            '        "remote_engine_id": "0",\n'
            '        "tp_size": tp,\n'
            "    }\n"
            "    meta.add_new_req(rid, blocks, params)\n"
            "    return meta\n",
            '        "tp_size": tp,',
        ),
    ),
    (
        "#47764 key read beside a new one",
        "twin: off the module, dict(remote_tp_size=...) (the new spelling)",
        K(
            *TP,
            "vllm/aeon/r95tp1.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.moriio import moriio_common\n\n\n"
            "def aeon_meta(rid: str, blocks: list[int], tp: int):\n"
            "    meta = moriio_common.MoRIIOConnectorMetadata()\n"
            "    meta.add_new_req(rid, blocks, dict(transfer_id=rid, remote_block_ids=blocks, remote_engine_id='0',\n"
            "                                       remote_tp_size=tp))\n"
            "    return meta\n",
            "                                       remote_tp_size=tp))",
        ),
    ),
]

# --- d5ab28511c (#25706): from_config's flat format reads its excluded layers from "ignore"
IG = ("#25706", "d5ab28511c", 'flat config.json format: "exclude_modules" -> "ignore"')
MO = "vllm.model_executor.layers.quantization.modelopt"
MOM = "from vllm.model_executor.layers.quantization import modelopt\n\n\n"
CASES += [
    (
        "#25706 key read off another dict",
        "modelopt.ModelOptFp8Config.from_config off the module",
        K(
            *IG,
            "vllm/aeon/r95ig0.py",
            MOM + "def aeon_fp8(skip: list[str]):\n"
            "    return modelopt.ModelOptFp8Config.from_config({\n"
            '        "quant_method": "modelopt",\n'
            '        "quant_algo": "FP8",\n'
            '        "exclude_modules": skip,\n'
            "    })\n",
            '        "exclude_modules": skip,',
        ),
    ),
]
TWINS += [
    (
        "#25706 key read off another dict",
        "twin: off the module, both spellings",
        K(
            *IG,
            "vllm/aeon/r95ig1.py",
            MOM + "def aeon_fp8(skip: list[str]):\n"
            "    return modelopt.ModelOptFp8Config.from_config({\n"
            '        "quant_method": "modelopt",\n'
            '        "quant_algo": "FP8",\n'
            '        "exclude_modules": skip,\n'
            '        "ignore": skip,\n'
            "    })\n",
            '        "exclude_modules": skip,',
        ),
    ),
    (
        "#25706 key read off another dict",
        "twin: off the module, the nested format",
        K(
            *IG,
            "vllm/aeon/r95ig2.py",
            MOM + "def aeon_fp8(skip: list[str]):\n"
            "    inner = {\n"
            '        "quant_algo": "FP8",\n'
            '        "exclude_modules": skip,\n'
            "    }\n"
            '    return modelopt.ModelOptFp8Config.from_config({"quantization": inner})\n',
            '        "exclude_modules": skip,',
        ),
    ),
]


# --- round 3, written after the mends: 1a03dd496b (#20343) get_rope's "dynamic" reads "alpha" or, failing it,
# "factor" (each only when present); a8c536829c (#28076) moved ModelOptFp8Config.from_config up into a new base
DY = ("#20343", "1a03dd496b", 'get_rope\'s dynamic scaling reads "alpha" if present, else "factor"')
TWINS += [
    (
        "#20343 key read in an alternative now",
        "twin: off the module, the factor (read when alpha is absent)",
        K(
            *DY,
            "vllm/aeon/r95dy0.py",
            RM + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            "    scaling = {\n"
            '        "rope_type": "dynamic",\n'
            '        "factor": 2.0,\n'
            "    }\n"
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '        "factor": 2.0,',
        ),
    ),
    (
        "#20343 key read in an alternative now",
        "twin: off the module, dict(alpha=...) on its own line",
        K(
            *DY,
            "vllm/aeon/r95dy1.py",
            RM + "def aeon_ntk_rope(head_dim: int, max_pos: int, base: int):\n"
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True,\n"
            '                                     dict(rope_type="dynamic",\n'
            "                                          alpha=1000.0))\n",
            "                                          alpha=1000.0))",
        ),
    ),
]
CF = ("#28076", "a8c536829c", "ModelOptFp8Config.from_config moved up into ModelOptQuantConfigBase")
TWINS += [
    (
        "#28076 method moved up",
        "twin: off the module, the flat format's ignore",
        K(
            *CF,
            "vllm/aeon/r95cf0.py",
            MOM + "def aeon_fp8(skip: list[str]):\n"
            "    return modelopt.ModelOptFp8Config.from_config({\n"
            '        "quant_method": "modelopt",\n'
            '        "quant_algo": "FP8",\n'
            '        "ignore": skip,\n'
            "    })\n",
            '        "ignore": skip,',
        ),
    ),
    (
        "#28076 method moved up",
        "twin: a subclass adding its layers to the nested format before super().from_config",
        K(
            *CF,
            "vllm/aeon/r95cf1.py",
            f"from {MO} import ModelOptFp8Config\n\n\n"
            "class AeonFp8Config(ModelOptFp8Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict):\n"
            '        inner = dict(config["quantization"])\n'
            '        inner["exclude_modules"] = [*inner.get("exclude_modules", []), "mtp.*"]\n'
            '        return super().from_config({**config, "quantization": inner})\n',
            '        inner["exclude_modules"] = [*inner.get("exclude_modules", []), "mtp.*"]',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review95-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
