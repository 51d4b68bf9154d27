"""Adversarial twins of the killers32 drift reach: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what killers32's checks catch,
but right after the merge:

- a table keyed by a constant's old value and looked up with the constant (#49230 NIXL_CONNECTOR_VERSION
  5 -> 6, #18558 EXECUTE_MODEL_TIMEOUT_S 40 -> 300, MAX_SPEC_LEN 32 -> 128): the entry of the new value
  added by a later subscript write or by a spread table, a parameter of the constant's name, the
  fork's own module's constant;
- an override returning nothing of a base method that now returns a value (#35503
  compile_or_warm_up_model -> float): the fork's own base class of the name, a test's fake worker,
  a value returned from a try/finally;
- a key of a dict handed to a function that stopped reading it (#9250 get_rope reads "rope_type"
  only): the old key popped into the new one, the new key written beside the old, the fork's own
  function of the name, a dict handed to another function;
- a property's returned string compared off a receiver typed as the class that dropped it (#26487
  mamba_type "linear_attention" -> "gdn_attention"): both strings compared, a table keyed by both,
  the fork's subclass that keeps the old string, the fork's own class of the name;
- a positional argument spelled like a renamed, retyped parameter (#34805 handle_preemptions): the
  fork's own tier class, the fork's own factory of the name, an argument that really is the metadata.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (2bc699c): 6 caught of 6; 13 false errors of 27 twins: a keyed table whose new value's
entry is written by a subscript, a spread or update() (4, on #49230 and #18558), a lookup with a
parameter, a local or a parameter's attribute of the constant's name (4); a held key popped, copied or
setdefault'ed into the new key, or the name rebound to a new dict before the call (4); an argument
bound from the metadata under the old parameter's name (1).
Round 2 (37 twins, 10 more shapes): main 19 false errors of 37 (a display holding both keys and a
spread rebuilding the dict with the new key on #9250, a display in the call spreading the new value on
#49230; an abstract method and a test's fake worker on #35503; a returned-string table given the new
string below its display on #26487); this branch before its round-2 fixes: 3 false errors of 37 (the
last three).
Round 3 (42 twins, 8 cases: other real commits of the kinds, #50620 NIXL_CONNECTOR_VERSION 6 -> 7,
#47021 4 -> 5, #25489 get_name() "FLASH_ATTN_VLLM_V1" -> "FLASH_ATTN"): main 4 false errors of the 5
new twins (a subscript write, a parameter of the name, setdefault, a returned-string table given the
new name below), and a parameter of the constant's name compared with its old value (a sixth twin).
All rounds (43 twins, 8 cases): main (2bc699c) 8 caught of 8, 24 false errors of 43 (1 warned); this
branch 8 caught of 8, 0 false errors of 43 (3 warned: a test's fake worker on #35503, and symbol
drift's dropped-key warning on #25489's tables).

  PYTHONPATH=.. python review14_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []


def two(pr: str, sha: str, what: str, files: dict[str, str], line: tuple[str, str]) -> Killer:
    """A carry of several new files (a fork module and its user), judged on one line."""
    return Killer(pr, sha, what, tuple(Edit(p, t) for p, t in files.items()), (line,))


# --- 952694e384 (#49230): NIXL_CONNECTOR_VERSION 5 -> 6
NV = ("#49230", "952694e384", "NIXL_CONNECTOR_VERSION 5 -> 6")
NVM = "from vllm.distributed.kv_transfer.kv_connector.v1.nixl import metadata as nixl_metadata\n\n"
CASES += [
    (
        "#49230 keyed table",
        "table keyed by the old value",
        K(
            *NV,
            "vllm/aeon/r14nv0.py",
            NVM + '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}',
        ),
    ),
]
TWINS += [
    (
        "#49230 keyed table",
        "twin: the new value's entry written by a subscript below",
        K(
            *NV,
            "vllm/aeon/r14nv1.py",
            NVM + '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n'
            '_AEON_HANDSHAKE[6] = "aeon-2026.09"  # AEON: #49230 bumped the handshake\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}',
        ),
    ),
    (
        "#49230 keyed table",
        "twin: the new value's entry in a spread table",
        K(
            *NV,
            "vllm/aeon/r14nv2.py",
            NVM + '_AEON_NEWER = {6: "aeon-2026.09"}\n'
            '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07", **_AEON_NEWER}\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07", **_AEON_NEWER}',
        ),
    ),
    (
        "#49230 keyed table",
        "twin: the new value's entry written by update()",
        K(
            *NV,
            "vllm/aeon/r14nv3.py",
            NVM + '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n'
            '_AEON_HANDSHAKE.update({6: "aeon-2026.09"})\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}',
        ),
    ),
    (
        "#49230 keyed table",
        "twin: a parameter of the constant's name (a peer's version)",
        K(
            *NV,
            "vllm/aeon/r14nv4.py",
            '_AEON_PEER_BUILD = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
            "def aeon_peer_build(NIXL_CONNECTOR_VERSION: int) -> str:  # noqa: N803\n"
            "    return _AEON_PEER_BUILD[NIXL_CONNECTOR_VERSION]\n",
            '_AEON_PEER_BUILD = {4: "aeon-2026.05", 5: "aeon-2026.07"}',
        ),
    ),
    (
        "#49230 keyed table",
        "twin: a local of the constant's name (the peer's version)",
        K(
            *NV,
            "vllm/aeon/r14nv5.py",
            '_AEON_PEER_BUILD = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
            "def aeon_peer_build(peer: dict) -> str:\n"
            '    NIXL_CONNECTOR_VERSION = peer["version"]  # noqa: N806\n'
            "    return _AEON_PEER_BUILD[NIXL_CONNECTOR_VERSION]\n",
            '_AEON_PEER_BUILD = {4: "aeon-2026.05", 5: "aeon-2026.07"}',
        ),
    ),
    (
        "#49230 keyed table",
        "twin: a peer object's attribute of the constant's name",
        K(
            *NV,
            "vllm/aeon/r14nv6.py",
            '_AEON_PEER_BUILD = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
            "def aeon_peer_build(peer_metadata) -> str:\n"
            "    # AEON: the remote prefill node's handshake says which version it speaks\n"
            "    return _AEON_PEER_BUILD[peer_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_PEER_BUILD = {4: "aeon-2026.05", 5: "aeon-2026.07"}',
        ),
    ),
]

# --- 93ecb8139c (#18558): EXECUTE_MODEL_TIMEOUT_S 40 -> 300; e71b8e210d: MAX_SPEC_LEN 32 -> 128
TMO = ("#18558", "93ecb8139c", "EXECUTE_MODEL_TIMEOUT_S 40 -> 300")
MSL = ("e71b8e210d", "e71b8e210d", "MAX_SPEC_LEN 32 -> 128")
CASES += [
    (
        "#18558 keyed table",
        "table keyed by the old value",
        K(
            *TMO,
            "vllm/aeon/r14tm0.py",
            "from vllm.v1.executor import multiproc_executor\n\n"
            '_AEON_WATCHDOG = {40: "short"}\n\n\n'
            "def aeon_watchdog() -> str:\n"
            "    return _AEON_WATCHDOG[multiproc_executor.EXECUTE_MODEL_TIMEOUT_S]\n",
            '_AEON_WATCHDOG = {40: "short"}',
        ),
    ),
]
TWINS += [
    (
        "#18558 keyed table",
        "twin: the new value's entry written by a subscript below",
        K(
            *TMO,
            "vllm/aeon/r14tm1.py",
            "from vllm.v1.executor import multiproc_executor\n\n"
            '_AEON_WATCHDOG = {40: "short"}\n'
            '_AEON_WATCHDOG[300] = "long"  # AEON: #18558\n\n\n'
            "def aeon_watchdog() -> str:\n"
            "    return _AEON_WATCHDOG[multiproc_executor.EXECUTE_MODEL_TIMEOUT_S]\n",
            '_AEON_WATCHDOG = {40: "short"}',
        ),
    ),
    (
        "MAX_SPEC_LEN keyed table",
        "twin: the fork's own module's constant of the name",
        K(
            *MSL,
            "vllm/aeon/r14ms1.py",
            "from vllm.aeon import r14drafts as drafts\n\n"
            '_AEON_DRAFT_KIND = {32: "short drafts"}\n\n\n'
            "def aeon_draft_kind() -> str:\n"
            "    return _AEON_DRAFT_KIND[drafts.MAX_SPEC_LEN]\n",
            '_AEON_DRAFT_KIND = {32: "short drafts"}',
        ),
    ),
    (
        "MAX_SPEC_LEN keyed table",
        "twin: a parameter of the constant's name",
        K(
            *MSL,
            "vllm/aeon/r14ms2.py",
            '_AEON_DRAFT_KIND = {32: "short drafts"}\n\n\n'
            "def aeon_draft_kind(MAX_SPEC_LEN: int) -> str:  # noqa: N803\n"
            "    return _AEON_DRAFT_KIND[MAX_SPEC_LEN]\n",
            '_AEON_DRAFT_KIND = {32: "short drafts"}',
        ),
    ),
]

# --- 7b346ba8ed (#35503): compile_or_warm_up_model() -> None becomes -> float
CW = ("#35503", "7b346ba8ed", "compile_or_warm_up_model -> None becomes -> float")
WK = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#35503 override returns nothing",
        "override returns nothing",
        K(
            *CW,
            "vllm/aeon/r14cw0.py",
            WK + "class AeonSparkWorker(Worker):\n"
            "    def compile_or_warm_up_model(self) -> None:\n"
            "        super().compile_or_warm_up_model()\n"
            "        self.aeon_warm_nvfp4()\n",
            "    def compile_or_warm_up_model(self) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#35503 override returns nothing",
        "twin: the fork's own base class of the name",
        two(
            *CW,
            {
                "vllm/aeon/r14cwbase.py": "class Worker:\n"
                "    # AEON: the fleet's offline calibration worker (no executor drives it)\n"
                "    def compile_or_warm_up_model(self) -> None:\n"
                "        pass\n",
                "vllm/aeon/r14cw1.py": "from vllm.aeon.r14cwbase import Worker\n\n\n"
                "class AeonCalibrationWorker(Worker):\n"
                "    def compile_or_warm_up_model(self) -> None:\n"
                "        self.aeon_calibrate()\n",
            },
            ("vllm/aeon/r14cw1.py", "    def compile_or_warm_up_model(self) -> None:"),
        ),
    ),
    (
        "#35503 override returns nothing",
        "twin: the value returned from a try/finally",
        K(
            *CW,
            "vllm/aeon/r14cw2.py",
            WK + "class AeonTimedWorker(Worker):\n"
            "    def compile_or_warm_up_model(self):\n"
            "        try:\n"
            "            return super().compile_or_warm_up_model()\n"
            "        finally:\n"
            "            self.aeon_after_compile()\n",
            "    def compile_or_warm_up_model(self):",
        ),
    ),
    (
        "#35503 override returns nothing",
        "twin: the value bound, then returned",
        K(
            *CW,
            "vllm/aeon/r14cw3.py",
            WK + "class AeonTimedWorker(Worker):\n"
            "    def compile_or_warm_up_model(self):\n"
            "        compile_time = super().compile_or_warm_up_model()\n"
            "        self.aeon_record(compile_time)\n"
            "        return compile_time\n",
            "    def compile_or_warm_up_model(self):",
        ),
    ),
    (
        "#35503 override returns nothing",
        "twin: the fork's plain class, not a worker",
        K(
            *CW,
            "vllm/aeon/r14cw4.py",
            "class AeonGraphCache:\n"
            "    # AEON: the fork's own graph cache has a warm-up step of the name\n"
            "    def compile_or_warm_up_model(self) -> None:\n"
            "        self.aeon_load_graphs()\n",
            "    def compile_or_warm_up_model(self) -> None:",
        ),
    ),
]

# --- 7e7eae338d (#9250): get_rope reads rope_scaling["rope_type"] only
RT = ("#9250", "7e7eae338d", 'rope_scaling["type"] -> rope_scaling["rope_type"]')
GR = "from vllm.model_executor.layers.rotary_embedding import get_rope\n\n\n"
CASES += [
    (
        "#9250 held key",
        "a literal dict with the old key",
        K(
            *RT,
            "vllm/aeon/r14rt0.py",
            GR + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
]
TWINS += [
    (
        "#9250 held key",
        "twin: the old key popped into the new one",
        K(
            *RT,
            "vllm/aeon/r14rt1.py",
            GR + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            '    scaling["rope_type"] = scaling.pop("type")  # AEON: #9250 reads rope_type only\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
    (
        "#9250 held key",
        "twin: the new key written beside the old",
        K(
            *RT,
            "vllm/aeon/r14rt2.py",
            GR + "def aeon_mtp_rope(head_dim: int, max_pos: int, base: int, rope_scaling: dict):\n"
            "    rope_scaling = dict(rope_scaling)\n"
            '    rope_scaling["type"] = "deepseek_yarn"\n'
            '    rope_scaling["rope_type"] = rope_scaling["type"]\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, False, rope_scaling)\n",
            '    rope_scaling["type"] = "deepseek_yarn"',
        ),
    ),
    (
        "#9250 held key",
        "twin: the dict normalized by setdefault",
        K(
            *RT,
            "vllm/aeon/r14rt3.py",
            GR + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            '    scaling.setdefault("rope_type", scaling["type"])\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
    (
        "#9250 held key",
        "twin: the fork's own function of the name",
        two(
            *RT,
            {
                "vllm/aeon/r14rope.py": "def get_rope(head_dim, rotary_dim, max_pos, base, neox, rope_scaling):\n"
                "    # AEON: the fleet's own rope builder reads the old key\n"
                '    return (head_dim, rope_scaling["type"], rope_scaling["factor"])\n',
                "vllm/aeon/r14rt4.py": "from vllm.aeon.r14rope import get_rope\n\n\n"
                "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
                '    scaling = {"type": "dynamic", "factor": 2.0}\n'
                "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            },
            ("vllm/aeon/r14rt4.py", '    scaling = {"type": "dynamic", "factor": 2.0}'),
        ),
    ),
    (
        "#9250 held key",
        "twin: the dict rebuilt with the new key before the call",
        K(
            *RT,
            "vllm/aeon/r14rt5.py",
            GR + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            '    scaling = {"rope_type": scaling["type"], "factor": scaling["factor"]}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
]

# --- d44e9df7d4 (#26487): Qwen3NextGatedDeltaNet.mamba_type "linear_attention" -> "gdn_attention"
MT = ("#26487", "d44e9df7d4", 'mamba_type "linear_attention" -> "gdn_attention"')
QN = "from vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet\n\n\n"
CASES += [
    (
        "#26487 returned string",
        "typed receiver compared with the old value",
        K(
            *MT,
            "vllm/aeon/r14mt0.py",
            QN + "def aeon_is_gdn(layer: Qwen3NextGatedDeltaNet) -> bool:\n"
            '    return layer.mamba_type == "linear_attention"\n',
            '    return layer.mamba_type == "linear_attention"',
        ),
    ),
]
TWINS += [
    (
        "#26487 returned string",
        "twin: both strings compared",
        K(
            *MT,
            "vllm/aeon/r14mt1.py",
            QN + "def aeon_is_gdn(layer: Qwen3NextGatedDeltaNet) -> bool:\n"
            '    return layer.mamba_type in ("linear_attention", "gdn_attention")\n',
            '    return layer.mamba_type in ("linear_attention", "gdn_attention")',
        ),
    ),
    (
        "#26487 returned string",
        "twin: a table keyed by both strings",
        K(
            *MT,
            "vllm/aeon/r14mt2.py",
            QN + '_AEON_STATE_DTYPE = {"linear_attention": "float32", "gdn_attention": "float32"}\n\n\n'
            "def aeon_state_dtype(layer: Qwen3NextGatedDeltaNet) -> str:\n"
            "    return _AEON_STATE_DTYPE[layer.mamba_type]\n",
            '_AEON_STATE_DTYPE = {"linear_attention": "float32", "gdn_attention": "float32"}',
        ),
    ),
    (
        "#26487 returned string",
        "twin: the fork's subclass keeps the old string",
        K(
            *MT,
            "vllm/aeon/r14mt3.py",
            QN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    @property\n"
            "    def mamba_type(self) -> str:\n"
            "        # AEON: the fleet's FP32-state kernels register under the old name\n"
            '        return "linear_attention"\n\n\n'
            "def aeon_is_fp32_state(layer: AeonGatedDeltaNet) -> bool:\n"
            '    return layer.mamba_type == "linear_attention"\n',
            '    return layer.mamba_type == "linear_attention"',
        ),
    ),
    (
        "#26487 returned string",
        "twin: the fork's own class of the name",
        two(
            *MT,
            {
                "vllm/aeon/r14qn.py": "class Qwen3NextGatedDeltaNet:\n"
                "    # AEON: the fleet's reference layer for offline checks\n"
                "    @property\n"
                "    def mamba_type(self) -> str:\n"
                '        return "linear_attention"\n',
                "vllm/aeon/r14mt4.py": "from vllm.aeon.r14qn import Qwen3NextGatedDeltaNet\n\n\n"
                "def aeon_is_reference(layer: Qwen3NextGatedDeltaNet) -> bool:\n"
                '    return layer.mamba_type == "linear_attention"\n',
            },
            ("vllm/aeon/r14mt4.py", '    return layer.mamba_type == "linear_attention"'),
        ),
    ),
    (
        "#26487 returned string",
        "twin: a local rebound to another layer",
        K(
            *MT,
            "vllm/aeon/r14mt5.py",
            QN + "def aeon_neighbour_is_linear(layer: Qwen3NextGatedDeltaNet, model) -> bool:\n"
            "    layer = model.layers[layer.layer_idx + 1].linear_attn  # AEON: MiniMax's next layer\n"
            '    return layer.mamba_type == "linear_attention"\n',
            '    return layer.mamba_type == "linear_attention"',
        ),
    ),
]

# --- fcf0687b27 (#34805): handle_preemptions(preempted_req_ids: set[str]) -> (kv_connector_metadata)
HP = ("#34805", "fcf0687b27", "handle_preemptions(preempted_req_ids) -> (kv_connector_metadata)")
CASES += [
    (
        "#34805 retyped positional",
        "caller passes the ids through the factory",
        K(
            *HP,
            "vllm/aeon/r14hp0.py",
            "from vllm.distributed.kv_transfer import get_kv_transfer_group\n\n\n"
            "def aeon_flush_preempted(scheduler_output) -> None:\n"
            "    get_kv_transfer_group().handle_preemptions(scheduler_output.preempted_req_ids)\n",
            "    get_kv_transfer_group().handle_preemptions(scheduler_output.preempted_req_ids)",
        ),
    ),
]
TWINS += [
    (
        "#34805 retyped positional",
        "twin: the fork's own tier class of the method",
        K(
            *HP,
            "vllm/aeon/r14hp1.py",
            "class AeonNvmeTier:\n"
            "    def handle_preemptions(self, preempted_req_ids: set[str]) -> None:\n"
            "        for req_id in preempted_req_ids:\n"
            "            self.aeon_flush(req_id)\n\n\n"
            "def aeon_flush_preempted(tier: AeonNvmeTier, scheduler_output) -> None:\n"
            "    tier.handle_preemptions(scheduler_output.preempted_req_ids)\n",
            "    tier.handle_preemptions(scheduler_output.preempted_req_ids)",
        ),
    ),
    (
        "#34805 retyped positional",
        "twin: the fork's own factory of the name",
        two(
            *HP,
            {
                "vllm/aeon/r14tier.py": "class AeonNvmeTier:\n"
                "    def handle_preemptions(self, preempted_req_ids: set[str]) -> None:\n"
                "        self.ids = set(preempted_req_ids)\n\n\n"
                "_TIER = AeonNvmeTier()\n\n\n"
                "def get_kv_transfer_group() -> AeonNvmeTier:\n"
                "    return _TIER\n",
                "vllm/aeon/r14hp2.py": "from vllm.aeon.r14tier import get_kv_transfer_group\n\n\n"
                "def aeon_flush_preempted(scheduler_output) -> None:\n"
                "    get_kv_transfer_group().handle_preemptions(scheduler_output.preempted_req_ids)\n",
            },
            (
                "vllm/aeon/r14hp2.py",
                "    get_kv_transfer_group().handle_preemptions(scheduler_output.preempted_req_ids)",
            ),
        ),
    ),
    (
        "#34805 retyped positional",
        "twin: the fork's own alias of its tier class",
        two(
            *HP,
            {
                "vllm/aeon/r14tier3.py": "class AeonNvmeTier:\n"
                "    def handle_preemptions(self, preempted_req_ids: set[str]) -> None:\n"
                "        self.ids = set(preempted_req_ids)\n\n\n"
                "KVConnectorBaseType = AeonNvmeTier\n",
                "vllm/aeon/r14hp3.py": "from vllm.aeon.r14tier3 import KVConnectorBaseType\n\n\n"
                "def aeon_flush_preempted(tier: KVConnectorBaseType, scheduler_output) -> None:\n"
                "    tier.handle_preemptions(scheduler_output.preempted_req_ids)\n",
            },
            ("vllm/aeon/r14hp3.py", "    tier.handle_preemptions(scheduler_output.preempted_req_ids)"),
        ),
    ),
    (
        "#34805 retyped positional",
        "twin: the argument really is the metadata",
        K(
            *HP,
            "vllm/aeon/r14hp4.py",
            "from vllm.distributed.kv_transfer import get_kv_transfer_group\n\n\n"
            "def aeon_flush_preempted(scheduler_output) -> None:\n"
            "    # AEON: the fork's scheduler output carries the connector metadata under the old name\n"
            "    preempted_req_ids = scheduler_output.kv_connector_metadata\n"
            "    get_kv_transfer_group().handle_preemptions(preempted_req_ids)\n",
            "    get_kv_transfer_group().handle_preemptions(preempted_req_ids)",
        ),
    ),
]


# --- round 2: the same commits, other shapes
TWINS += [
    (
        "#35503 override returns nothing",
        "twin: an abstract method of the fork's worker base",
        K(
            *CW,
            "vllm/aeon/r14cw5.py",
            "from abc import abstractmethod\n\n" + WK + "class AeonWorkerBase(Worker):\n"
            "    @abstractmethod\n"
            "    def compile_or_warm_up_model(self) -> float:\n"
            '        """AEON: every fleet worker reports its compile time."""\n',
            "    def compile_or_warm_up_model(self) -> float:",
        ),
    ),
    (
        "#35503 override returns nothing",
        "twin: a test's fake worker",
        K(
            *CW,
            "tests/aeon/test_r14cw6.py",
            WK + "class FakeWorker(Worker):\n"
            "    def compile_or_warm_up_model(self):\n"
            "        self.compiled = True\n\n\n"
            "def test_fake_worker_compiles():\n"
            "    worker = FakeWorker.__new__(FakeWorker)\n"
            "    worker.compile_or_warm_up_model()\n"
            "    assert worker.compiled\n",
            "    def compile_or_warm_up_model(self):",
        ),
    ),
    (
        "#35503 override returns nothing",
        "twin: returns another worker's value",
        K(
            *CW,
            "vllm/aeon/r14cw7.py",
            WK + "class AeonProxyWorker(Worker):\n"
            "    def compile_or_warm_up_model(self):\n"
            "        # AEON: the proxy compiles on its inner worker\n"
            "        return self.inner.compile_or_warm_up_model()\n",
            "    def compile_or_warm_up_model(self):",
        ),
    ),
    (
        "#26487 returned string",
        "twin: a table keyed by the old string, given the new one below",
        K(
            *MT,
            "vllm/aeon/r14mt6.py",
            QN + '_AEON_STATE_DTYPE = {"linear_attention": "float32", "mamba2": "bfloat16"}\n'
            '_AEON_STATE_DTYPE["gdn_attention"] = "float32"  # AEON: #26487\n\n\n'
            "def aeon_state_dtype(layer: Qwen3NextGatedDeltaNet) -> str:\n"
            "    return _AEON_STATE_DTYPE[layer.mamba_type]\n",
            '_AEON_STATE_DTYPE = {"linear_attention": "float32", "mamba2": "bfloat16"}',
        ),
    ),
    (
        "#26487 returned string",
        "twin: a table looked up off MiniMax's layer",
        K(
            *MT,
            "vllm/aeon/r14mt7.py",
            "from vllm.model_executor.layers.mamba.linear_attn import MiniMaxText01LinearAttention\n\n"
            '_AEON_STATE_DTYPE = {"linear_attention": "float32", "mamba2": "bfloat16"}\n\n\n'
            "def aeon_state_dtype(layer: MiniMaxText01LinearAttention) -> str:\n"
            "    return _AEON_STATE_DTYPE[layer.mamba_type]\n",
            '_AEON_STATE_DTYPE = {"linear_attention": "float32", "mamba2": "bfloat16"}',
        ),
    ),
    (
        "#26487 returned string",
        "twin: a parameter of the string's name compared",
        K(
            *MT,
            "vllm/aeon/r14mt8.py",
            QN + "def aeon_is_linear(layer: Qwen3NextGatedDeltaNet, mamba_type: str) -> bool:\n"
            "    # AEON: the checkpoint's own layer kind, not the layer's property\n"
            '    return mamba_type == "linear_attention"\n',
            '    return mamba_type == "linear_attention"',
        ),
    ),
    (
        "#9250 held key",
        "twin: the dict rebuilt by a spread with the new key",
        K(
            *RT,
            "vllm/aeon/r14rt6.py",
            GR + "def aeon_mtp_rope(head_dim: int, max_pos: int, base: int, rope_scaling: dict):\n"
            '    rope_scaling = {**rope_scaling, "type": "deepseek_yarn"}\n'
            '    rope_scaling = {**rope_scaling, "rope_type": rope_scaling["type"]}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, False, rope_scaling)\n",
            '    rope_scaling = {**rope_scaling, "type": "deepseek_yarn"}',
        ),
    ),
    (
        "#9250 held key",
        "twin: a display holding both keys",
        K(
            *RT,
            "vllm/aeon/r14rt7.py",
            GR + "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "rope_type": "dynamic", "factor": 2.0}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            '    scaling = {"type": "dynamic", "rope_type": "dynamic", "factor": 2.0}',
        ),
    ),
    (
        "#34805 retyped positional",
        "twin: a call on the fork's override that keeps the ids",
        K(
            *HP,
            "vllm/aeon/r14hp5.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"
            "class AeonSparkConnector(KVConnectorBase_V1):\n"
            "    def handle_preemptions(self, preempted_req_ids: set[str], kv_connector_metadata=None):\n"
            "        self.aeon_flush(preempted_req_ids)\n\n"
            "    def aeon_on_preempt(self, preempted_req_ids: set[str]) -> None:\n"
            "        self.handle_preemptions(preempted_req_ids)\n",
            "        self.handle_preemptions(preempted_req_ids)",
        ),
    ),
    (
        "#49230 keyed table",
        "twin: a display in the call, the new value keyed by a spread",
        K(
            *NV,
            "vllm/aeon/r14nv7.py",
            NVM + '_AEON_NEWER = {6: "aeon-2026.09"}\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            '    return {5: "aeon-2026.07", **_AEON_NEWER}[nixl_metadata.NIXL_CONNECTOR_VERSION]\n',
            '    return {5: "aeon-2026.07", **_AEON_NEWER}[nixl_metadata.NIXL_CONNECTOR_VERSION]',
        ),
    ),
]


# --- round 3: other real commits of the same kinds
NV7 = ("#50620", "653cc6faca", "NIXL_CONNECTOR_VERSION 6 -> 7")
NV5 = ("#47021", "7a74a9662b", "NIXL_CONNECTOR_VERSION 4 -> 5")
FA = ("#25489", "3468f17ebe", 'FlashAttentionBackend.get_name() "FLASH_ATTN_VLLM_V1" -> "FLASH_ATTN"')
FAB = "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n"
CASES += [
    (
        "#50620 keyed table",
        "table keyed by the old value",
        K(
            *NV7,
            "vllm/aeon/r14nv70.py",
            NVM + '_AEON_HANDSHAKE = {5: "aeon-2026.07", 6: "aeon-2026.09"}\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {5: "aeon-2026.07", 6: "aeon-2026.09"}',
        ),
    ),
    (
        "#25489 returned string",
        "table keyed by the old name",
        K(
            *FA,
            "vllm/aeon/r14fa0.py",
            FAB + '_AEON_BLOCK = {"FLASH_ATTN_VLLM_V1": 16}\n\n\n'
            "def aeon_block() -> int:\n"
            "    return _AEON_BLOCK[FlashAttentionBackend.get_name()]\n",
            '_AEON_BLOCK = {"FLASH_ATTN_VLLM_V1": 16}',
        ),
    ),
]
TWINS += [
    (
        "#50620 keyed table",
        "twin: the new value's entry written by a subscript below",
        K(
            *NV7,
            "vllm/aeon/r14nv71.py",
            NVM + '_AEON_HANDSHAKE = {5: "aeon-2026.07", 6: "aeon-2026.09"}\n'
            '_AEON_HANDSHAKE[7] = "aeon-2026.10"  # AEON: #50620\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {5: "aeon-2026.07", 6: "aeon-2026.09"}',
        ),
    ),
    (
        "#50620 keyed table",
        "twin: a peer's version parameter of the name",
        K(
            *NV7,
            "vllm/aeon/r14nv72.py",
            '_AEON_PEER_BUILD = {5: "aeon-2026.07", 6: "aeon-2026.09"}\n\n\n'
            "def aeon_peer_build(NIXL_CONNECTOR_VERSION: int) -> str:  # noqa: N803\n"
            "    return _AEON_PEER_BUILD[NIXL_CONNECTOR_VERSION]\n",
            '_AEON_PEER_BUILD = {5: "aeon-2026.07", 6: "aeon-2026.09"}',
        ),
    ),
    (
        "#47021 keyed table",
        "twin: the new value's entry by setdefault",
        K(
            *NV5,
            "vllm/aeon/r14nv51.py",
            NVM + '_AEON_HANDSHAKE = {4: "aeon-2026.05"}\n'
            '_AEON_HANDSHAKE.setdefault(5, "aeon-2026.07")\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {4: "aeon-2026.05"}',
        ),
    ),
    (
        "#25489 returned string",
        "twin: a table given the new name below",
        K(
            *FA,
            "vllm/aeon/r14fa1.py",
            FAB + '_AEON_BLOCK = {"FLASH_ATTN_VLLM_V1": 16}\n'
            '_AEON_BLOCK["FLASH_ATTN"] = 16  # AEON: #25489 dropped the suffix\n\n\n'
            "def aeon_block() -> int:\n"
            "    return _AEON_BLOCK[FlashAttentionBackend.get_name()]\n",
            '_AEON_BLOCK = {"FLASH_ATTN_VLLM_V1": 16}',
        ),
    ),
    (
        "#25489 returned string",
        "twin: a table keyed by both names",
        K(
            *FA,
            "vllm/aeon/r14fa2.py",
            FAB + '_AEON_BLOCK = {"FLASH_ATTN_VLLM_V1": 16, "FLASH_ATTN": 16}\n\n\n'
            "def aeon_block() -> int:\n"
            "    return _AEON_BLOCK[FlashAttentionBackend.get_name()]\n",
            '_AEON_BLOCK = {"FLASH_ATTN_VLLM_V1": 16, "FLASH_ATTN": 16}',
        ),
    ),
]

TWINS += [
    (
        "#50620 constant compared",
        "twin: a parameter of the constant's name compared",
        K(
            *NV7,
            "vllm/aeon/r14nv73.py",
            "def aeon_peer_is_old(NIXL_CONNECTOR_VERSION: int) -> bool:  # noqa: N803\n"
            "    # AEON: the remote node's handshake version, not ours\n"
            "    return NIXL_CONNECTOR_VERSION == 6\n",
            "    return NIXL_CONNECTOR_VERSION == 6",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review14-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
