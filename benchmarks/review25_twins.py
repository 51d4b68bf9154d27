"""Adversarial twins of the sampparams widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- shadowed attributes' fork members (a property with no setter, a method or cached_property of a name
  upstream's base now assigns on the instance while building it; #23060 ``Request.use_structured_output``,
  #26315 ``FlashAttentionImpl.supports_quant_query_input``, #12287 ``Request.output_token_ids``): a property
  the fork gives a setter, one built by ``property(getter, setter)``, one defined under a class-level version
  check, a mixin of the fork's routing every store through its own ``__setattr__``, a fork class that builds
  itself without the base's ``__init__``, the new spelling (the fork sets the attribute after the super call),
  the fork's own class of the member's name, a fork impl of the abstract base that only declares the flag;
- stopped-write drift's stores through the class's own helpers (#26758 ``EngineArgs.create_engine_config``'s
  helper no longer swapping ``scheduler_cls`` to the scheduler upstream now makes the default, #30397 its
  helper no longer filling a ``seed`` of None nor setting ``mm_encoder_tp_mode`` for a removed flag, #34119
  ``LoRAKernelMeta.prepare_tensors``'s reset no longer clearing ``captured_lora_counts``, #25524's new spelling):
  a fork read of the field after the call, which sees the same value as before, or the value it should.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1 (main at 195b74cb; 5 cases, 20 twins): 5 caught of 5; 6 false errors of 20 (1 warned):
shadowed attributes on a property built by ``property(getter, setter)`` (a class value the store lands in) and
on a read-only property beside a fork mixin whose ``__setattr__`` routes the store (2); stopped-write drift on a
read after ``create_engine_config`` of ``scheduler_cls`` (#26758: the default is now the value the removed swap
stored), of ``seed`` (#30397: the removed fill of a None the field no longer takes), of ``mm_encoder_tp_mode``
(#30397: set only for a flag upstream removed), and of ``captured_lora_counts`` after ``prepare_tensors``
(#34119: the reset's clearing was the bug) (4).
Round 2 (other real commits of the kinds: #15778 ``Request.num_encoder_inputs``/``has_encoder_inputs``, #35153
``DefaultMoERunner.use_dp_chunking``, #34510 ``BaseRenderer.tokenizer``): 3 cases caught, 6 twins quiet on main
and here (a protocol of the fork's, a setter and a deleter, a runner off the abstract base, the value set after the
super call, a setter wrapping upstream's tokenizer, a renderer built without the base's ``__init__``).
All rounds, main (195b74cb): 8 caught of 8; 6 false errors of 26 twins.
This branch: 8 caught of 8; 0 false errors of 26 (3 warned: #26758's read, by default drift (the field's default changed);
#34119's, a stopped reset; #25524's fallback read after ``verify``).

  PYTHONPATH=.. python review25_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 6d243efeda (#23060): Request.use_structured_output, a property -> a flag Request.__init__ sets
SO = ("#23060", "6d243efeda", "Request.use_structured_output made an attribute")
RQ = "from vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#23060 member made an attribute",
        "a subclass's read-only property",
        K(
            *SO,
            "vllm/aeon/r25so0.py",
            RQ + "class AeonRequest(Request):\n"
            "    @property\n"
            "    def use_structured_output(self) -> bool:\n"
            '        return self.request_id.startswith("tool-")  # AEON: tool calls always take the grammar\n',
            "    def use_structured_output(self) -> bool:",
        ),
    ),
    (
        "#23060 member made an attribute",
        "a subclass's method of the name",
        K(
            *SO,
            "vllm/aeon/r25so1.py",
            RQ + "class AeonRequest(Request):\n"
            "    def use_structured_output(self) -> bool:  # AEON: asked by the fork's grammar router\n"
            '        return self.request_id.startswith("tool-")\n',
            "    def use_structured_output(self) -> bool:  # AEON: asked by the fork's grammar router",
        ),
    ),
]
TWINS += [
    (
        "#23060 member made an attribute",
        "twin: the fork's property given a setter",
        K(
            *SO,
            "vllm/aeon/r25so2.py",
            RQ + "class AeonRequest(Request):\n"
            "    _aeon_grammar = False\n\n"
            "    @property\n"
            "    def use_structured_output(self) -> bool:\n"
            '        return self._aeon_grammar or self.request_id.startswith("tool-")\n\n'
            "    @use_structured_output.setter\n"
            "    def use_structured_output(self, value: bool) -> None:\n"
            "        self._aeon_grammar = value\n",
            "    def use_structured_output(self) -> bool:",
        ),
    ),
    (
        "#23060 member made an attribute",
        "twin: a property built by property(getter, setter)",
        K(
            *SO,
            "vllm/aeon/r25so3.py",
            RQ + "class AeonRequest(Request):\n"
            "    _aeon_grammar = False\n\n"
            "    def _aeon_get(self) -> bool:\n"
            '        return self._aeon_grammar or self.request_id.startswith("tool-")\n\n'
            "    def _aeon_set(self, value: bool) -> None:\n"
            "        self._aeon_grammar = value\n\n"
            "    use_structured_output = property(_aeon_get, _aeon_set)  # AEON: upstream's store lands in the flag\n",
            "    use_structured_output = property(_aeon_get, _aeon_set)  # AEON: upstream's store lands in the flag",
        ),
    ),
    (
        "#23060 member made an attribute",
        "twin: the property defined only where upstream still has its own (a class-level version check)",
        K(
            *SO,
            "vllm/aeon/r25so4.py",
            RQ + '_FLAG_IS_A_PROPERTY = isinstance(Request.__dict__.get("use_structured_output"), property)\n\n\n'
            "class AeonRequest(Request):\n"
            "    if _FLAG_IS_A_PROPERTY:  # AEON: older upstreams compute the flag\n\n"
            "        @property\n"
            "        def use_structured_output(self) -> bool:\n"
            '            return self.request_id.startswith("tool-")\n',
            "        def use_structured_output(self) -> bool:",
        ),
    ),
    (
        "#23060 member made an attribute",
        "twin: a fork mixin ahead of Request routes every store through its own __setattr__",
        K(
            *SO,
            "vllm/aeon/r25so5.py",
            RQ + "class _AeonRouted:\n"
            "    def __setattr__(self, name: str, value: object) -> None:\n"
            '        if name == "use_structured_output":\n'
            '            name = "_aeon_grammar"  # AEON: the flag lands beside the fork\'s property\n'
            "        object.__setattr__(self, name, value)\n\n\n"
            "class AeonRequest(_AeonRouted, Request):\n"
            "    _aeon_grammar = False\n\n"
            "    @property\n"
            "    def use_structured_output(self) -> bool:\n"
            '        return self._aeon_grammar or self.request_id.startswith("tool-")\n',
            "    def use_structured_output(self) -> bool:",
        ),
    ),
    (
        "#23060 member made an attribute",
        "twin: a fork subclass that builds itself without the base's __init__",
        K(
            *SO,
            "vllm/aeon/r25so6.py",
            RQ + "class AeonReplayRequest(Request):\n"
            "    def __init__(self, request_id: str) -> None:  # AEON: replayed from the journal, fields only\n"
            "        self.request_id = request_id\n\n"
            "    @property\n"
            "    def use_structured_output(self) -> bool:\n"
            "        return False\n",
            "    def use_structured_output(self) -> bool:",
        ),
    ),
    (
        "#23060 member made an attribute",
        "twin: the new spelling, the fork sets the flag after the super call",
        K(
            *SO,
            "vllm/aeon/r25so7.py",
            RQ + "class AeonRequest(Request):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            '        self.use_structured_output = self.use_structured_output or self.request_id.startswith("tool-")\n',
            '        self.use_structured_output = self.use_structured_output or self.request_id.startswith("tool-")',
        ),
    ),
    (
        "#23060 member made an attribute",
        "twin: the fork's own request class with a property of the name",
        K(
            *SO,
            "vllm/aeon/r25so8.py",
            "class AeonBatchRequest:\n"
            "    def __init__(self, request_id: str) -> None:\n"
            "        self.request_id = request_id\n\n"
            "    @property\n"
            "    def use_structured_output(self) -> bool:  # AEON: the batch API's own flag\n"
            '        return self.request_id.startswith("tool-")\n',
            "    def use_structured_output(self) -> bool:  # AEON: the batch API's own flag",
        ),
    ),
    (
        "#23060 member made an attribute",
        "twin: a fork subclass's method reading upstream's new flag",
        K(
            *SO,
            "vllm/aeon/r25so9.py",
            RQ + "class AeonRequest(Request):\n"
            "    def aeon_grammar_key(self) -> str:\n"
            '        return "json" if self.use_structured_output else "none"  # AEON: the grammar cache key\n',
            '        return "json" if self.use_structured_output else "none"  # AEON: the grammar cache key',
        ),
    ),
]

# --- 66e674cdd5 (#26315): FlashAttentionImpl.supports_quant_query_input, a method -> a flag __init__ sets
QQ = ("#26315", "66e674cdd5", "supports_quant_query_input made an attribute")
FA = "from vllm.v1.attention.backends.flash_attn import FlashAttentionImpl\n\n\n"
CASES += [
    (
        "#26315 member made an attribute",
        "a subclass's override of the method",
        K(
            *QQ,
            "vllm/aeon/r25qq0.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def supports_quant_query_input(self) -> bool:  # AEON: the NVFP4 cache takes no fp8 query\n"
            "        return False\n",
            "    def supports_quant_query_input(self) -> bool:  # AEON: the NVFP4 cache takes no fp8 query",
        ),
    ),
]
TWINS += [
    (
        "#26315 member made an attribute",
        "twin: the new spelling, the flag set after the super call",
        K(
            *QQ,
            "vllm/aeon/r25qq1.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.supports_quant_query_input = False  # AEON: the NVFP4 cache takes no fp8 query\n",
            "        self.supports_quant_query_input = False  # AEON: the NVFP4 cache takes no fp8 query",
        ),
    ),
    (
        "#26315 member made an attribute",
        "twin: a fork impl of the abstract base, which only declares the flag",
        K(
            *QQ,
            "vllm/aeon/r25qq2.py",
            "from vllm.attention.backends.abstract import AttentionImpl\n\n\n"
            "class AeonNvfp4Impl(AttentionImpl):\n"
            "    def __init__(self, num_heads: int) -> None:\n"
            "        self.num_heads = num_heads\n\n"
            "    @property\n"
            "    def supports_quant_query_input(self) -> bool:  # AEON: decided per head count\n"
            "        return self.num_heads % 8 == 0\n",
            "    def supports_quant_query_input(self) -> bool:  # AEON: decided per head count",
        ),
    ),
    (
        "#26315 member made an attribute",
        "twin: the fork's property given a setter that keeps upstream's value apart",
        K(
            *QQ,
            "vllm/aeon/r25qq3.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    _upstream_quant_query = False\n\n"
            "    @property\n"
            "    def supports_quant_query_input(self) -> bool:\n"
            '        return self._upstream_quant_query and not getattr(self, "aeon_nvfp4", False)\n\n'
            "    @supports_quant_query_input.setter\n"
            "    def supports_quant_query_input(self, value: bool) -> None:\n"
            "        self._upstream_quant_query = value\n",
            "    def supports_quant_query_input(self) -> bool:",
        ),
    ),
]

# --- aea94362c9 (#12287): Request.output_token_ids / all_token_ids, properties -> views __init__ sets
OT = ("#12287", "aea94362c9", "Request.output_token_ids made an attribute")
CASES += [
    (
        "#12287 member made an attribute",
        "a subclass's read-only property",
        K(
            *OT,
            "vllm/aeon/r25ot0.py",
            RQ + "class AeonRequest(Request):\n"
            "    @property\n"
            "    def output_token_ids(self) -> list[int]:  # AEON: the fork drops the think tokens\n"
            "        return [t for t in self._output_token_ids if t >= 0]\n",
            "    def output_token_ids(self) -> list[int]:  # AEON: the fork drops the think tokens",
        ),
    ),
]
TWINS += [
    (
        "#12287 member made an attribute",
        "twin: a cached view under its own name, read off the new attribute",
        K(
            *OT,
            "vllm/aeon/r25ot1.py",
            "from functools import cached_property\n\n" + RQ + "class AeonRequest(Request):\n"
            "    @cached_property\n"
            "    def aeon_visible_ids(self) -> list[int]:  # AEON: the fork drops the think tokens\n"
            "        return [t for t in self.output_token_ids if t >= 0]\n",
            "    def aeon_visible_ids(self) -> list[int]:  # AEON: the fork drops the think tokens",
        ),
    ),
    (
        "#12287 member made an attribute",
        "twin: the property given a setter storing the view apart",
        K(
            *OT,
            "vllm/aeon/r25ot2.py",
            RQ + "class AeonRequest(Request):\n"
            "    @property\n"
            "    def all_token_ids(self) -> list[int]:\n"
            "        return self._aeon_all_view\n\n"
            "    @all_token_ids.setter\n"
            "    def all_token_ids(self, view: list[int]) -> None:  # AEON: upstream's view, kept as given\n"
            "        self._aeon_all_view = view\n",
            "    def all_token_ids(self) -> list[int]:",
        ),
    ),
]

# --- 481545b397 (#26758): create_engine_config's helper no longer swaps scheduler_cls to the V1 scheduler,
# which upstream made SchedulerConfig.scheduler_cls's default in the same commit
SC = ("#26758", "481545b397", "the V1 scheduler made the default; the swap removed")
EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"
TWINS += [
    (
        "#26758 write stopped through a helper",
        "twin: a read of the scheduler after create_engine_config (the default is the swapped value)",
        K(
            *SC,
            "vllm/aeon/r25sc1.py",
            EA + "def aeon_scheduler_name(engine_args: EngineArgs) -> str:\n"
            "    engine_args.create_engine_config()\n"
            "    return str(engine_args.scheduler_cls)  # AEON: logged beside the Spark's own scheduler\n",
            "    return str(engine_args.scheduler_cls)  # AEON: logged beside the Spark's own scheduler",
        ),
    ),
]

# --- 7e24e5d4d6 (#30397): create_model_config (reached from create_engine_config) no longer fills a seed of
# None (the field no longer takes None) nor sets mm_encoder_tp_mode for the removed DP flag
SD = ("#30397", "7e24e5d4d6", "deprecated seed=None and MM settings removed")
TWINS += [
    (
        "#30397 write stopped through a helper",
        "twin: the seed read after create_engine_config",
        K(
            *SD,
            "vllm/aeon/r25sd1.py",
            EA + "def aeon_seed(engine_args: EngineArgs) -> int:\n"
            "    engine_args.create_engine_config()\n"
            "    return engine_args.seed  # AEON: the Spark's sampler seeds its own generator\n",
            "    return engine_args.seed  # AEON: the Spark's sampler seeds its own generator",
        ),
    ),
    (
        "#30397 write stopped through a helper",
        "twin: the encoder TP mode read after create_engine_config",
        K(
            *SD,
            "vllm/aeon/r25sd2.py",
            EA + "def aeon_encoder_mode(engine_args: EngineArgs) -> str:\n"
            "    config = engine_args.create_engine_config()\n"
            "    mode = engine_args.mm_encoder_tp_mode  # AEON: the vision tower's split\n"
            '    return f"{mode}/{config.parallel_config.tensor_parallel_size}"\n',
            "    mode = engine_args.mm_encoder_tp_mode  # AEON: the vision tower's split",
        ),
    ),
]

# --- ada4f4fadd (#34119): LoRAKernelMeta.prepare_tensors's reset no longer clears captured_lora_counts (the bug)
LK = ("#34119", "ada4f4fadd", "the reset stops clearing the captured counts")
LM = "from vllm.lora.ops.triton_ops.lora_kernel_metadata import LoRAKernelMeta\n\n\n"
TWINS += [
    (
        "#34119 write stopped through a helper",
        "twin: the captured counts read after prepare_tensors",
        K(
            *LK,
            "vllm/aeon/r25lk1.py",
            "import torch\n\n" + LM + "def aeon_padded_loras(meta: LoRAKernelMeta, mapping: torch.Tensor) -> int:\n"
            "    meta.prepare_tensors(mapping)\n"
            "    counts = meta.captured_lora_counts  # AEON: the Spark's graphs are captured per count\n"
            "    return counts[-1] if counts else 0\n",
            "    counts = meta.captured_lora_counts  # AEON: the Spark's graphs are captured per count",
        ),
    ),
]

# --- 4464723f22 (#25524): PoolingParams.verify defaults use_activation through its helper, no longer activation
UA = ("#25524", "4464723f22", "verify() sets use_activation, not activation")
PP = "from vllm.pooling_params import PoolingParams\n\n\n"
CASES += [
    (
        "#25524 write stopped through a helper",
        "a read of activation after the helper that defaulted it",
        K(
            *UA,
            "vllm/aeon/r25ua0.py",
            "from vllm.config import ModelConfig\n"
            + PP
            + "def aeon_sigmoid(params: PoolingParams, model_config: ModelConfig) -> bool:\n"
            "    params._set_default_parameters(model_config)\n"
            "    return params.activation is True  # AEON: the fused classifier applies it itself\n",
            "    return params.activation is True  # AEON: the fused classifier applies it itself",
        ),
    ),
]
TWINS += [
    (
        "#25524 write stopped through a helper",
        "twin: the new spelling read after verify",
        K(
            *UA,
            "vllm/aeon/r25ua1.py",
            PP + "def aeon_sigmoid(params: PoolingParams) -> bool:\n"
            '    params.verify("classify")\n'
            "    return params.use_activation is True  # AEON: the fused classifier applies it itself\n",
            "    return params.use_activation is True  # AEON: the fused classifier applies it itself",
        ),
    ),
    (
        "#25524 write stopped through a helper",
        "twin: activation read after the fork fills it itself",
        K(
            *UA,
            "vllm/aeon/r25ua2.py",
            "from vllm.config import ModelConfig\n"
            + PP
            + "def aeon_sigmoid(params: PoolingParams, model_config: ModelConfig) -> bool:\n"
            "    params._set_default_parameters(model_config)\n"
            "    if params.activation is None:\n"
            "        params.activation = params.use_activation\n"
            "    return params.activation is True  # AEON: the fused classifier applies it itself\n",
            "    return params.activation is True  # AEON: the fused classifier applies it itself",
        ),
    ),
    (
        "#25524 write stopped through a helper",
        "twin: activation read after verify with the new field as its fallback",
        K(
            *UA,
            "vllm/aeon/r25ua3.py",
            PP + "def aeon_sigmoid(params: PoolingParams) -> bool:\n"
            '    params.verify("classify")\n'
            "    chosen = params.activation if params.activation is not None else params.use_activation\n"
            "    return chosen is True  # AEON: the fused classifier applies it itself\n",
            "    chosen = params.activation if params.activation is not None else params.use_activation",
        ),
    ),
]


# --- round 2: other real commits of the kinds
# 9b459eca88 (#15778): Request.has_encoder_inputs / num_encoder_inputs, properties -> values __init__ sets
EI = ("#15778", "9b459eca88", "Request.has_encoder_inputs made an attribute")
CASES += [
    (
        "#15778 member made an attribute",
        "a subclass's cached_property of the name",
        K(
            *EI,
            "vllm/aeon/r25ei0.py",
            "from functools import cached_property\n\n" + RQ + "class AeonRequest(Request):\n"
            "    @cached_property\n"
            "    def num_encoder_inputs(self) -> int:  # AEON: the audio chunks count as one input\n"
            "        return len({id(m) for m in self.mm_inputs})\n",
            "    def num_encoder_inputs(self) -> int:  # AEON: the audio chunks count as one input",
        ),
    ),
]
TWINS += [
    (
        "#15778 member made an attribute",
        "twin: a protocol of the fork's describing the request's flag",
        K(
            *EI,
            "vllm/aeon/r25ei1.py",
            "from typing import Protocol\n\n\n"
            "class AeonEncoderWork(Protocol):\n"
            "    @property\n"
            "    def has_encoder_inputs(self) -> bool:  # AEON: requests and the fork's audio jobs alike\n"
            "        ...\n",
            "    def has_encoder_inputs(self) -> bool:  # AEON: requests and the fork's audio jobs alike",
        ),
    ),
    (
        "#15778 member made an attribute",
        "twin: the property with a setter and a deleter",
        K(
            *EI,
            "vllm/aeon/r25ei2.py",
            RQ + "class AeonRequest(Request):\n"
            "    @property\n"
            "    def has_encoder_inputs(self) -> bool:\n"
            "        return self._aeon_has_inputs\n\n"
            "    @has_encoder_inputs.setter\n"
            "    def has_encoder_inputs(self, value: bool) -> None:  # AEON: upstream's flag, kept\n"
            "        self._aeon_has_inputs = value\n\n"
            "    @has_encoder_inputs.deleter\n"
            "    def has_encoder_inputs(self) -> None:\n"
            "        self._aeon_has_inputs = False\n",
            "    def has_encoder_inputs(self) -> bool:",
        ),
    ),
]

# 7cf56a59a2 (#35153): DefaultMoERunner.use_dp_chunking, a property -> a value __init__ sets
DP = ("#35153", "7cf56a59a2", "DefaultMoERunner.use_dp_chunking made an attribute")
MR = "from vllm.model_executor.layers.fused_moe.runner.default_moe_runner import DefaultMoERunner\n\n\n"
CASES += [
    (
        "#35153 member made an attribute",
        "a subclass's read-only property",
        K(
            *DP,
            "vllm/aeon/r25dp0.py",
            MR + "class AeonMoERunner(DefaultMoERunner):\n"
            "    @property\n"
            "    def use_dp_chunking(self) -> bool:  # AEON: the Spark never chunks, one GPU\n"
            "        return False\n",
            "    def use_dp_chunking(self) -> bool:  # AEON: the Spark never chunks, one GPU",
        ),
    ),
]
TWINS += [
    (
        "#35153 member made an attribute",
        "twin: a runner of the fork's own off the abstract base, which sets nothing",
        K(
            *DP,
            "vllm/aeon/r25dp1.py",
            "from vllm.model_executor.layers.fused_moe.runner.moe_runner import MoERunner\n\n\n"
            "class AeonSingleGpuRunner(MoERunner):\n"
            "    @property\n"
            "    def use_dp_chunking(self) -> bool:  # AEON: one GPU, never chunked\n"
            "        return False\n",
            "    def use_dp_chunking(self) -> bool:  # AEON: one GPU, never chunked",
        ),
    ),
    (
        "#35153 member made an attribute",
        "twin: the subclass overrides the value after the super call",
        K(
            *DP,
            "vllm/aeon/r25dp2.py",
            MR + "class AeonMoERunner(DefaultMoERunner):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.use_dp_chunking = False  # AEON: the Spark never chunks, one GPU\n",
            "        self.use_dp_chunking = False  # AEON: the Spark never chunks, one GPU",
        ),
    ),
]

# 73391a1baa (#34510): BaseRenderer.tokenizer, a property -> a value the new BaseRenderer.__init__ sets
TZ = ("#34510", "73391a1baa", "BaseRenderer.tokenizer made an attribute")
HR = "from vllm.renderers.hf import HfRenderer\n\n\n"
CASES += [
    (
        "#34510 member made an attribute",
        "a subclass's read-only property",
        K(
            *TZ,
            "vllm/aeon/r25tz0.py",
            HR + "class AeonRenderer(HfRenderer):\n"
            "    @property\n"
            "    def tokenizer(self):  # type: ignore[no-untyped-def]  # AEON: the Spark's fast tokenizer\n"
            "        return self._aeon_tokenizer\n",
            "    def tokenizer(self):  # type: ignore[no-untyped-def]  # AEON: the Spark's fast tokenizer",
        ),
    ),
]
TWINS += [
    (
        "#34510 member made an attribute",
        "twin: the tokenizer property given a setter wrapping upstream's tokenizer",
        K(
            *TZ,
            "vllm/aeon/r25tz1.py",
            HR + "class AeonRenderer(HfRenderer):\n"
            "    @property\n"
            "    def tokenizer(self):  # type: ignore[no-untyped-def]\n"
            "        return self._aeon_tokenizer\n\n"
            "    @tokenizer.setter\n"
            "    def tokenizer(self, value) -> None:  # type: ignore[no-untyped-def]  # AEON: wrap upstream's\n"
            "        self._aeon_tokenizer = value\n",
            "    def tokenizer(self):  # type: ignore[no-untyped-def]",
        ),
    ),
    (
        "#34510 member made an attribute",
        "twin: a renderer of the fork's own building itself without the base's __init__",
        K(
            *TZ,
            "vllm/aeon/r25tz2.py",
            HR + "class AeonRenderer(HfRenderer):\n"
            "    def __init__(self, config, tokenizer) -> None:  # type: ignore[no-untyped-def]\n"
            "        self.config = config  # AEON: built without the HF chat template machinery\n"
            "        self._aeon_tokenizer = tokenizer\n\n"
            "    @property\n"
            "    def tokenizer(self):  # type: ignore[no-untyped-def]\n"
            "        return self._aeon_tokenizer\n",
            "    def tokenizer(self):  # type: ignore[no-untyped-def]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review25-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
