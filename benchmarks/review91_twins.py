"""Adversarial twins of killers182's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a key the fork writes into a dict it hands an upstream function that no longer reads it off that parameter
  (``drift/param_keys.py``; #25706 ``from_config``'s flat format ``"exclude_modules"`` -> ``"ignore"``, #35047
  ``"kv_cache_quant_algo"`` -> a ``"kv_cache_scheme"`` dict, and #39565 ``MoRIIOConnectorMetadata.add_new_req``
  no longer reading ``"remote_host"``/``"remote_*_port"`` off ``kv_transfer_params``): both spellings written,
  the new spelling alone, the nested format (its inner dict filled by a subscript, or the flat dict re-bound
  into it: a local rebinding), the fork's own subclass's ``from_config`` reading the key itself, the fork's own
  top-level ``from_config``, a version test, the value re-read off the dict and applied after the call,
  ``override_quantization_method`` now handing the dict to a new helper that reads the keys, the fork's own
  ``add_new_req`` override;
- a callable a fork subclass stores in an attribute its upstream base calls (``drift/stored_callables.py``;
  #34575 ``self.moe_mk(x, w13, w2, ...)`` -> ``self.moe_mk(hidden_states=x, w1=..., ...)``): a wrapper taking
  ``*args, **kwargs``, a ``__call__`` and a module function naming the new keywords, every keyword of the new
  call spelt out, the fork overriding ``apply`` (in the class, or in a fork class between), a lambda passing
  everything on, the store under a version test, the same store on the fork's own class not deriving from
  upstream's, and on a subclass of an upstream class whose methods never call the attribute.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's six
catches of these widenings (``blind_replay_modelopt.py``), kept to show the reach stays, and two more of the
same shapes on other classes: #35047 on ``ModelOptMxFp8Config`` (the shared ``from_config`` of their base) and
#39565's ``super().add_new_req(...)``.

Round 1 (main at 0b85bf64), 8 cases and 24 twins as first written: 8 caught of 8; 2 false errors of 24, both
parameter key drift: the flat dict re-bound into the nested format before the call (``cfg = {...,
"exclude_modules": skip}`` then ``cfg = {"quant_method": "modelopt", "quantization": cfg}``: every key ever
written into the name in the scope was counted, also those of the dict the name no longer holds at the
call), and the value read back off the dict and applied after ``from_config`` (``quant.exclude_modules =
cfg["exclude_modules"]``: the fork applies its own list whichever key upstream reads).  The positional
``moe_mk`` wrapper stored under a version test warned (the guard's demotion), as it should.
Round 2 (this branch): keys written before a re-binding of the name to another dict (not a copy --
``dict(cfg)``, ``cfg.copy()``, ``{**cfg}``, ``cfg | {...}`` -- nor a call handed it), where the re-binding
sits in a block that runs it between the write and the call, are not handed (``_held_keys``/``_replaced``);
a key the calling scope reads back off the same dict after the call is a warning (``_read_back``): the fork
may apply the value itself.  8 caught of 8; 0 false errors of 24 twins (2 warned: the read-back, the
version-tested store).  ``blind_replay_modelopt.py`` as before: 21/0/0, 10 twins quiet.
Round 3 (another real commit, written after the mends): #13111 (183dad7a85) made ``MLACommonImpl`` call
``self.flash_attn_varlen_func(q=, k=, v=, return_softmax_lse=, softmax_scale=, **kwargs)`` from a new
``_flash_attn_varlen_diff_headdims`` where it called it with every keyword spelt out: three twins (a method
naming each keyword without ``**kwargs``, a wrapper object taking ``q, k, v, **kwargs``, a module function
forwarding to the kernel): quiet (the call's ``**kwargs`` may fill what the callable names; stored callable
drift is unchanged by the mends, so main reads them alike).  And one more of #25706: the key written into
the dict after ``from_config`` (``cfg["exclude_modules"] = quant.exclude_modules``, the fork's manifest):
first written with ``"ignore"`` in the dict too (quiet for writing both spellings: not the shape meant),
then without: a false error on round 2's engine (every write of the scope was counted, also those after
the call).  Mended: a write after the call is not handed unless a loop of the scope holds the call
(``_looped``).  Quiet now.
All rounds, main (0b85bf64): 8 caught of 8; 3 false errors of 28 twins.  This branch: 8 caught of 8; 0 false
errors of 28 twins (2 warned).

On the landing's final engine: 7 caught, 0 warned, 1 missed of 8; twins 28 quiet (2 warned), 0 false errors.  The
miss is #39565's ``super().add_new_req(...)``: the lead narrowed param key drift to keys upstream's function still
quotes (read off another dict now, #25706's nested format) after the fresh-clone CI found it doubling, and
erring on the twins of, symbol drift's older "key nobody reads" (``tests/audits/test_held_key_drift.py``), which
owns a key the function no longer names; that older check does not follow a ``super()`` call.
mend66 joined the two: param key drift reads the key named or not, with the older check's rules (a key read in
its stead, a function no longer reading any key) and its reach (a call off a module or a typed local): 8 caught,
0 warned, 0 missed of 8; twins 28 quiet (2 warned), 0 false errors.

  PYTHONPATH=.. python review91_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MO = "vllm.model_executor.layers.quantization.modelopt"

# --- d5ab28511c (#25706): from_config's flat format reads its excluded layers from "ignore"
IG = ("#25706", "d5ab28511c", 'flat config.json format: "exclude_modules" -> "ignore"')
CASES += [
    (
        "#25706 dict key read changed",
        "a flat dict literal handed to from_config",
        K(
            *IG,
            "vllm/aeon/r91ig0.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            "    cfg = {\n"
            '        "quant_method": "modelopt",\n'
            '        "quant_algo": "NVFP4",\n'
            '        "group_size": 16,\n'
            '        "exclude_modules": excluded,\n'
            "    }\n"
            "    return ModelOptNvFp4Config.from_config(cfg)\n",
            '"exclude_modules": excluded,',
        ),
    ),
    (
        "#25706 dict key read changed",
        "a key written into the config before super().from_config",
        K(
            *IG,
            "vllm/aeon/r91ig1.py",
            f"from {MO} import ModelOptFp8Config\n\n\n"
            "class AeonFp8Config(ModelOptFp8Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptFp8Config:\n"
            "        config = dict(config)\n"
            '        config["exclude_modules"] = [*config.get("exclude_modules", []), "mtp.*"]\n'
            "        return super().from_config(config)\n",
            'config["exclude_modules"] = [*config.get("exclude_modules", []), "mtp.*"]',
        ),
    ),
]
NV4 = f"from {MO} import ModelOptNvFp4Config\n\n\n"
TWINS += [
    (
        "#25706 dict key read changed",
        "twin: both spellings written (the old key for older upstreams)",
        K(
            *IG,
            "vllm/aeon/r91ig2.py",
            NV4 + "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            "    cfg = {\n"
            '        "quant_method": "modelopt",\n'
            '        "quant_algo": "NVFP4",\n'
            '        "exclude_modules": excluded,\n'
            '        "ignore": excluded,\n'
            "    }\n"
            "    return ModelOptNvFp4Config.from_config(cfg)\n",
            '"exclude_modules": excluded,',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: the flat dict re-bound into the nested format before the call",
        K(
            *IG,
            "vllm/aeon/r91ig3.py",
            NV4 + "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            '    cfg = {"quant_algo": "NVFP4", "group_size": 16, "kv_cache_quant_algo": None,\n'
            '           "exclude_modules": excluded}\n'
            '    cfg = {"quant_method": "modelopt", "quantization": cfg}  # AEON: hf_quant_config.json shape\n'
            "    return ModelOptNvFp4Config.from_config(cfg)\n",
            '"exclude_modules": excluded}',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: the nested format's inner dict filled by a subscript before super().from_config",
        K(
            *IG,
            "vllm/aeon/r91ig4.py",
            NV4 + "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptNvFp4Config:\n"
            '        if "quantization" in config:\n'
            '            config["quantization"]["exclude_modules"] = [\n'
            '                *config["quantization"].get("exclude_modules", []), "mtp.*"]\n'
            "        return super().from_config(config)\n",
            '            config["quantization"]["exclude_modules"] = [',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: the fork's own subclass's from_config reads exclude_modules itself",
        K(
            *IG,
            "vllm/aeon/r91ig5.py",
            NV4 + "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptNvFp4Config:\n"
            "        config = dict(config)\n"
            '        skip = config.pop("exclude_modules", [])\n'
            "        built = super().from_config(config)\n"
            "        built.exclude_modules = [*built.exclude_modules, *skip]\n"
            "        return built\n\n\n"
            "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            '    return AeonFp4Config.from_config({"quant_method": "modelopt", "quant_algo": "NVFP4",\n'
            '                                      "exclude_modules": excluded})\n',
            '                                      "exclude_modules": excluded})',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: the fork's own top-level from_config of the name",
        K(
            *IG,
            "vllm/aeon/r91ig6.py",
            NV4 + "def from_config(config: dict) -> ModelOptNvFp4Config:\n"
            "    # AEON: the Spark's loader translates its own manifest\n"
            '    return ModelOptNvFp4Config(True, None, config.get("exclude_modules", []), 16)\n\n\n'
            "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            '    return from_config({"quant_algo": "NVFP4", "exclude_modules": excluded})\n',
            '    return from_config({"quant_algo": "NVFP4", "exclude_modules": excluded})',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: the old key only under a version test",
        K(
            *IG,
            "vllm/aeon/r91ig7.py",
            "from packaging.version import Version\n\nfrom vllm import __version__ as VLLM_VERSION\n"
            + NV4
            + "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            '    cfg = {"quant_method": "modelopt", "quant_algo": "NVFP4"}\n'
            '    if Version(VLLM_VERSION) < Version("0.11.0"):\n'
            '        cfg["exclude_modules"] = excluded\n'
            "    else:\n"
            '        cfg["ignore"] = excluded\n'
            "    return ModelOptNvFp4Config.from_config(cfg)\n",
            '        cfg["exclude_modules"] = excluded',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: the value re-read off the dict and applied after from_config",
        K(
            *IG,
            "vllm/aeon/r91ig8.py",
            NV4 + "def aeon_fp4_config(manifest: dict) -> ModelOptNvFp4Config:\n"
            '    cfg = {"quant_method": "modelopt", "quant_algo": "NVFP4"}\n'
            '    cfg["exclude_modules"] = manifest.get("keep_bf16", [])\n'
            "    quant = ModelOptNvFp4Config.from_config(cfg)\n"
            "    # AEON: whichever key this upstream reads, the Spark's list is the one applied\n"
            '    quant.exclude_modules = cfg["exclude_modules"]\n'
            "    return quant\n",
            '    cfg["exclude_modules"] = manifest.get("keep_bf16", [])',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: dict(...) by keyword with the new key (the new spelling)",
        K(
            *IG,
            "vllm/aeon/r91ig9.py",
            NV4 + "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            "    return ModelOptNvFp4Config.from_config(\n"
            '        dict(quant_method="modelopt", quant_algo="NVFP4", group_size=16, ignore=excluded)\n'
            "    )\n",
            '        dict(quant_method="modelopt", quant_algo="NVFP4", group_size=16, ignore=excluded)',
        ),
    ),
]

# --- d0105b84f0 (#35047): the flat format's KV cache read from a "kv_cache_scheme" dict
KV = ("#35047", "d0105b84f0", 'flat config.json format: "kv_cache_quant_algo" -> "kv_cache_scheme" dict')
CASES += [
    (
        "#35047 dict key read changed",
        "a flat dict literal handed to from_config",
        K(
            *KV,
            "vllm/aeon/r91kv0.py",
            NV4 + "def aeon_fp4_fp8kv() -> ModelOptNvFp4Config:\n"
            "    return ModelOptNvFp4Config.from_config(\n"
            '        {"quant_method": "modelopt", "quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "ignore": []}\n'
            "    )\n",
            '{"quant_method": "modelopt", "quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "ignore": []}',
        ),
    ),
    (
        "#35047 dict key read changed",
        "a key written into the config before super().from_config",
        K(
            *KV,
            "vllm/aeon/r91kv1.py",
            NV4 + "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptNvFp4Config:\n"
            '        if "quantization" not in config:\n'
            "            config = dict(config)\n"
            '            config["kv_cache_quant_algo"] = "FP8"\n'
            "        return super().from_config(config)\n",
            'config["kv_cache_quant_algo"] = "FP8"',
        ),
    ),
    (
        "#35047 dict key read changed",
        "setdefault on a dict handed to the MXFP8 config (the base class's shared from_config)",
        K(
            *KV,
            "vllm/aeon/r91kv2.py",
            f"from {MO} import ModelOptMxFp8Config\n\n\n"
            "def aeon_mxfp8(raw: dict) -> ModelOptMxFp8Config:\n"
            "    cfg = dict(raw)\n"
            '    cfg.setdefault("kv_cache_quant_algo", "FP8")  # AEON: GB10 always runs an FP8 KV cache\n'
            "    return ModelOptMxFp8Config.from_config(cfg)\n",
            '    cfg.setdefault("kv_cache_quant_algo", "FP8")  # AEON: GB10 always runs an FP8 KV cache',
        ),
    ),
]
TWINS += [
    (
        "#35047 dict key read changed",
        "twin: kv_cache_scheme written beside kv_cache_quant_algo",
        K(
            *KV,
            "vllm/aeon/r91kv3.py",
            NV4 + "def aeon_fp4_fp8kv() -> ModelOptNvFp4Config:\n"
            '    cfg = {"quant_method": "modelopt", "quant_algo": "NVFP4", "ignore": []}\n'
            '    cfg["kv_cache_quant_algo"] = "FP8"\n'
            '    cfg["kv_cache_scheme"] = {"type": "float", "num_bits": 8}\n'
            "    return ModelOptNvFp4Config.from_config(cfg)\n",
            '    cfg["kv_cache_quant_algo"] = "FP8"',
        ),
    ),
    (
        "#35047 dict key read changed",
        "twin: override_quantization_method (a new helper reads the keys)",
        K(
            *KV,
            "vllm/aeon/r91kv4.py",
            NV4 + "def aeon_is_fp4() -> bool:\n"
            "    return (\n"
            '        ModelOptNvFp4Config.override_quantization_method({"quant_method": "modelopt", "quant_algo": "NVFP4"}, None)\n'
            "        is not None\n"
            "    )\n",
            '        ModelOptNvFp4Config.override_quantization_method({"quant_method": "modelopt", "quant_algo": "NVFP4"}, None)',
        ),
    ),
    (
        "#35047 dict key read changed",
        "twin: the old key translated into the new one before super().from_config",
        K(
            *KV,
            "vllm/aeon/r91kv5.py",
            NV4 + "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptNvFp4Config:\n"
            "        config = dict(config)\n"
            '        if config.pop("kv_cache_quant_algo", None) == "FP8":\n'
            '            config["kv_cache_scheme"] = {"type": "float", "num_bits": 8}\n'
            "        return super().from_config(config)\n",
            '        if config.pop("kv_cache_quant_algo", None) == "FP8":',
        ),
    ),
    (
        "#35047 dict key read changed",
        "twin: the nested format's key set on the inner dict through a local",
        K(
            *KV,
            "vllm/aeon/r91kv6.py",
            NV4 + "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptNvFp4Config:\n"
            '        quant = config.get("quantization")\n'
            "        if isinstance(quant, dict):\n"
            '            quant["kv_cache_quant_algo"] = "FP8"\n'
            "        return super().from_config(config)\n",
            '            quant["kv_cache_quant_algo"] = "FP8"',
        ),
    ),
    (
        "#35047 dict key read changed",
        "twin: the key handed on in the nested format by dict(quantization=...)",
        K(
            *KV,
            "vllm/aeon/r91kv7.py",
            NV4 + "def aeon_fp4_fp8kv(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            '    quant = dict(quant_algo="NVFP4", kv_cache_quant_algo="FP8", group_size=16, exclude_modules=excluded)\n'
            '    return ModelOptNvFp4Config.from_config(dict(quant_method="modelopt", quantization=quant))\n',
            '    quant = dict(quant_algo="NVFP4", kv_cache_quant_algo="FP8", group_size=16, exclude_modules=excluded)',
        ),
    ),
]

# --- ac58e2a170 (#39565): add_new_req parses the peer's host and ports from the request id
MR = ("#39565", "ac58e2a170", "add_new_req no longer reads remote_host/ports off kv_transfer_params")
MRI = "from vllm.distributed.kv_transfer.kv_connector.v1.moriio.moriio_common import MoRIIOConnectorMetadata\n\n\n"
CASES += [
    (
        "#39565 dict key read changed",
        "super().add_new_req handed the peer's host and ports",
        K(
            *MR,
            "vllm/aeon/r91mr0.py",
            MRI + "class AeonMoRIIOMetadata(MoRIIOConnectorMetadata):\n"
            "    def aeon_add(self, request_id: str, blocks: list[int], transfer_id: str, remote: dict) -> None:\n"
            "        # AEON: the Spark's router pins the decode peer itself\n"
            "        params = {\n"
            '            "transfer_id": transfer_id,\n'
            '            "remote_block_ids": remote["blocks"],\n'
            '            "remote_engine_id": remote["engine"],\n'
            '            "remote_host": remote["host"],\n'
            '            "remote_port": remote["port"],\n'
            '            "remote_handshake_port": remote["port"],\n'
            '            "remote_notify_port": remote["notify"],\n'
            "        }\n"
            "        super().add_new_req(request_id, blocks, params)\n",
            '            "remote_host": remote["host"],',
        ),
    ),
]
TWINS += [
    (
        "#39565 dict key read changed",
        "twin: the fork's own add_new_req override reads the host itself",
        K(
            *MR,
            "vllm/aeon/r91mr1.py",
            MRI + "class AeonMoRIIOMetadata(MoRIIOConnectorMetadata):\n"
            "    def add_new_req(self, request_id, local_block_ids, kv_transfer_params, write_mode=False):\n"
            '        self.aeon_hosts[request_id] = kv_transfer_params.get("remote_host")\n'
            "        super().add_new_req(request_id, local_block_ids, kv_transfer_params, write_mode)\n\n"
            "    def aeon_add(self, request_id: str, blocks: list[int], transfer_id: str, host: str) -> None:\n"
            '        self.add_new_req(request_id, blocks, {"transfer_id": transfer_id, "remote_host": host,\n'
            '                                              "remote_block_ids": [], "remote_engine_id": "0"})\n',
            '        self.add_new_req(request_id, blocks, {"transfer_id": transfer_id, "remote_host": host,',
        ),
    ),
]

# --- ec7d9e6745 (#34575): the MoE methods now call self.moe_mk by keyword (hidden_states=, w1=, w2=, ...)
MK = ("#34575", "ec7d9e6745", "moe_mk called by keyword")
NF = f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
PW = (
    "    def process_weights_after_loading(self, layer) -> None:\n"
    "        super().process_weights_after_loading(layer)\n"
    "        self.aeon_inner = self.moe_mk\n"
)
CASES += [
    (
        "#34575 call turned keyword",
        "a bound method with other parameter names stored in the slot",
        K(
            *MK,
            "vllm/aeon/r91mk0.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n" + PW + "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, x, w13, w2, weights, ids, **kwargs):\n"
            "        return self.aeon_inner(x, w13, w2, weights, ids, **kwargs)\n",
            "        self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "a wrapper object with other __call__ parameter names stored in the slot",
        K(
            *MK,
            "vllm/aeon/r91mk1.py",
            f"from {MO} import ModelOptFp8MoEMethod\n\n\n"
            "class AeonTimedKernel:\n"
            "    def __init__(self, inner) -> None:\n"
            "        self.inner = inner\n\n"
            "    def __call__(self, x, w13, w2, topk_weights, topk_ids, **kwargs):\n"
            "        return self.inner(x, w13, w2, topk_weights, topk_ids, **kwargs)\n\n\n"
            "class AeonFp8MoE(ModelOptFp8MoEMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        self.moe_mk = AeonTimedKernel(self.moe_mk)\n",
            "        self.moe_mk = AeonTimedKernel(self.moe_mk)",
        ),
    ),
]
TWINS += [
    (
        "#34575 call turned keyword",
        "twin: a wrapper method taking *args, **kwargs",
        K(
            *MK,
            "vllm/aeon/r91mk2.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n" + PW + "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, *args, **kwargs):\n"
            "        return self.aeon_inner(*args, **kwargs)\n",
            "        self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: a wrapper object whose __call__ names the new keywords",
        K(
            *MK,
            "vllm/aeon/r91mk3.py",
            NF + "class AeonTimedKernel:\n"
            "    def __init__(self, inner) -> None:\n"
            "        self.inner = inner\n\n"
            "    def __call__(self, hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "        return self.inner(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                          topk_ids=topk_ids, **kwargs)\n\n\n"
            "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        self.moe_mk = AeonTimedKernel(self.moe_mk)\n",
            "        self.moe_mk = AeonTimedKernel(self.moe_mk)",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: every keyword of the new call spelt out",
        K(
            *MK,
            "vllm/aeon/r91mk4.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n" + PW + "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, hidden_states, w1, w2, topk_weights, topk_ids, activation,\n"
            "                     global_num_experts, expert_map, apply_router_weight_on_input,\n"
            "                     shared_experts_input=None):\n"
            "        return self.aeon_inner(hidden_states, w1, w2, topk_weights, topk_ids, activation=activation,\n"
            "                               global_num_experts=global_num_experts, expert_map=expert_map,\n"
            "                               apply_router_weight_on_input=apply_router_weight_on_input,\n"
            "                               shared_experts_input=shared_experts_input)\n",
            "        self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: the fork overrides apply and calls its stored callable positionally",
        K(
            *MK,
            "vllm/aeon/r91mk5.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n" + PW + "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, x, w13, w2, weights, ids, **kwargs):\n"
            "        return self.aeon_inner(x, w13, w2, weights, ids, **kwargs)\n\n"
            "    def apply(self, layer, x, topk_weights, topk_ids, shared_experts_input):\n"
            "        return self.moe_mk(x, layer.w13_weight, layer.w2_weight, topk_weights, topk_ids,\n"
            "                           activation=layer.activation)\n",
            "        self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: apply overridden by a fork class between",
        K(
            *MK,
            "vllm/aeon/r91mk6.py",
            NF + "class AeonFp4MoEBase(ModelOptNvFp4FusedMoE):\n"
            "    def apply(self, layer, x, topk_weights, topk_ids, shared_experts_input):\n"
            "        return self.moe_mk(x, layer.w13_weight, layer.w2_weight, topk_weights, topk_ids)\n\n\n"
            "class AeonFp4MoE(AeonFp4MoEBase):\n" + PW + "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, x, w13, w2, weights, ids, **kwargs):\n"
            "        return self.aeon_inner(x, w13, w2, weights, ids, **kwargs)\n",
            "        self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: a lambda passing everything on",
        K(
            *MK,
            "vllm/aeon/r91mk7.py",
            NF
            + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            + PW
            + "        self.moe_mk = lambda *args, **kwargs: self.aeon_inner(*args, **kwargs)\n",
            "        self.moe_mk = lambda *args, **kwargs: self.aeon_inner(*args, **kwargs)",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: a module function naming the new keywords",
        K(
            *MK,
            "vllm/aeon/r91mk8.py",
            NF + "def aeon_experts(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "    raise NotImplementedError('AEON: the Spark kernel is bound at load time')\n\n\n"
            "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_use_stub(self) -> None:\n"
            "        self.moe_mk = aeon_experts\n",
            "        self.moe_mk = aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: the positional wrapper stored only under a version test",
        K(
            *MK,
            "vllm/aeon/r91mk9.py",
            "from packaging.version import Version\n\nfrom vllm import __version__ as VLLM_VERSION\n"
            + NF
            + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            + PW
            + '        if Version(VLLM_VERSION) < Version("0.16.0"):\n'
            "            self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, x, w13, w2, weights, ids, **kwargs):\n"
            "        return self.aeon_inner(x, w13, w2, weights, ids, **kwargs)\n",
            "            self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: the fork's own kernel holder, not deriving from upstream's class",
        K(
            *MK,
            "vllm/aeon/r91mk10.py",
            NF + "class AeonKernelHolder:\n"
            "    def __init__(self, inner) -> None:\n"
            "        self.aeon_inner = inner\n"
            "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, x, w13, w2, weights, ids, **kwargs):\n"
            "        return self.aeon_inner(x, w13, w2, weights, ids, **kwargs)\n\n"
            "    def run(self, layer, x, weights, ids):\n"
            "        return self.moe_mk(x, layer.w13_weight, layer.w2_weight, weights, ids)\n",
            "        self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: the same store on a linear method, whose upstream methods never call moe_mk",
        K(
            *MK,
            "vllm/aeon/r91mk11.py",
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonFp4Linear(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, x, w13, w2, weights, ids, **kwargs):\n"
            "        return x\n",
            "        self.moe_mk = self.aeon_experts",
        ),
    ),
]


# --- 183dad7a85 (#13111): MLACommonImpl now calls self.flash_attn_varlen_func(q=, k=, v=, ..., **kwargs) from a
# new _flash_attn_varlen_diff_headdims (round 3, written after the mends)
FA = ("#13111", "183dad7a85", "flash_attn_varlen_func now called through _flash_attn_varlen_diff_headdims")
MLA = "from vllm.v1.attention.backends.mla.common import MLACommonImpl\n\n\n"
FA_INIT = (
    "    def __init__(self, *args, **kwargs) -> None:\n"
    "        super().__init__(*args, **kwargs)\n"
    "        self.aeon_fa = self.flash_attn_varlen_func\n"
)
TWINS += [
    (
        "#13111 stored callable called through a new helper",
        "twin: a method naming each flash-attention keyword, no **kwargs (the helper's **kwargs fills them)",
        K(
            *FA,
            "vllm/aeon/r91fa0.py",
            MLA
            + "class AeonMLAImpl(MLACommonImpl):\n"
            + FA_INIT
            + "        self.flash_attn_varlen_func = self.aeon_varlen\n\n"
            "    def aeon_varlen(self, q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,\n"
            "                    softmax_scale=None, causal=False, return_softmax_lse=False):\n"
            "        # AEON: GB10 runs the Spark's own varlen kernel for MLA prefill\n"
            "        return self.aeon_fa(q=q, k=k, v=v, cu_seqlens_q=cu_seqlens_q, cu_seqlens_k=cu_seqlens_k,\n"
            "                            max_seqlen_q=max_seqlen_q, max_seqlen_k=max_seqlen_k,\n"
            "                            softmax_scale=softmax_scale, causal=causal,\n"
            "                            return_softmax_lse=return_softmax_lse)\n",
            "        self.flash_attn_varlen_func = self.aeon_varlen",
        ),
    ),
    (
        "#13111 stored callable called through a new helper",
        "twin: a wrapper object taking q, k, v and **kwargs",
        K(
            *FA,
            "vllm/aeon/r91fa1.py",
            MLA + "class AeonTimedVarlen:\n"
            "    def __init__(self, inner) -> None:\n"
            "        self.inner = inner\n\n"
            "    def __call__(self, q, k, v, **kwargs):\n"
            "        return self.inner(q=q, k=k, v=v, **kwargs)\n\n\n"
            "class AeonMLAImpl(MLACommonImpl):\n"
            + FA_INIT
            + "        self.flash_attn_varlen_func = AeonTimedVarlen(self.aeon_fa)\n",
            "        self.flash_attn_varlen_func = AeonTimedVarlen(self.aeon_fa)",
        ),
    ),
    (
        "#13111 stored callable called through a new helper",
        "twin: a module function with the keywords, softmax_scale and return_softmax_lse defaulted",
        K(
            *FA,
            "vllm/aeon/r91fa2.py",
            "from vllm.vllm_flash_attn import flash_attn_varlen_func\n"
            + MLA
            + "def aeon_varlen(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,\n"
            "                softmax_scale=None, causal=False, return_softmax_lse=False):\n"
            "    # AEON: the Spark pins FA2 for MLA prefill\n"
            "    return flash_attn_varlen_func(q=q, k=k, v=v, cu_seqlens_q=cu_seqlens_q, cu_seqlens_k=cu_seqlens_k,\n"
            "                                  max_seqlen_q=max_seqlen_q, max_seqlen_k=max_seqlen_k,\n"
            "                                  softmax_scale=softmax_scale, causal=causal,\n"
            "                                  return_softmax_lse=return_softmax_lse, fa_version=2)\n\n\n"
            "class AeonMLAImpl(MLACommonImpl):\n" + FA_INIT + "        self.flash_attn_varlen_func = aeon_varlen\n",
            "        self.flash_attn_varlen_func = aeon_varlen",
        ),
    ),
]


TWINS += [
    (
        "#25706 dict key read changed",
        "twin: the key written into the dict after from_config, for the fork's manifest (round 3)",
        K(
            *IG,
            "vllm/aeon/r91ig10.py",
            "import json\n\n" + NV4 + "def aeon_fp4_config(path: str) -> ModelOptNvFp4Config:\n"
            '    cfg = {"quant_method": "modelopt", "quant_algo": "NVFP4"}\n'
            "    quant = ModelOptNvFp4Config.from_config(cfg)\n"
            "    # AEON: the Spark's manifest records the layers left in bf16 under the legacy key\n"
            '    cfg["exclude_modules"] = quant.exclude_modules\n'
            '    with open(path, "w") as out:\n'
            "        json.dump(cfg, out)\n"
            "    return quant\n",
            '    cfg["exclude_modules"] = quant.exclude_modules',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review91-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
