"""Adversarial twins of killers186's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an element read by position off ``self.m(...)``/``super().m(...)`` resolved in the class's one base
  (``_fork_indexed`` in ``drift/returns.py``; #18581 inserted ``attention_cuda_graphs`` at index 1 of
  ``GPUModelRunner._prepare_inputs``' value, #16188 appended ``num_scheduled_tokens_np``, #20059 dropped the flag
  and appended ``max_num_scheduled_tokens``): ``[0]`` off ``super()``, ``[-1]`` (last in both), an index in place
  before an append, ``super()`` called by keyword, the fork's own class's ``_prepare_inputs`` (no runner base), a
  fork mixin ahead in the MRO, the fork's own base class keeping its own order, the index chosen by a ``len`` test
  or an ``isinstance`` test of the inserted flag, an unchanged inherited method (``_get_cumsum_and_arange``), a
  subclass of the TPU runner (whose ``_prepare_inputs`` did not change);
- an unpack laid out a name a line passing the text gate by its closing ``) =`` (``CLOSED_TARGET``,
  ``unpack_line``, in return drift and grown tuples): the new names under a ``len`` test, a head and a star, the
  old names then a star over an append, the old names in a ``try`` with the new in ``except ValueError``, a
  subscript target closing with ``] =`` (one target: the tuple kept whole), an unchanged method's two names, a
  spread tuple built of fields read by name;
- a field the base declares only on the instance taking that annotation (``_instance_annotation`` in
  ``drift/grown_tuples.py``; #28768 dropped ``ExecuteModelState.kv_connector_output``, #29825 appended
  ``cudagraph_stats``): the new eight under a ``len`` test, the fork's own NamedTuple on its own attribute of the
  subclass's instance, a namesake ``ExecuteModelState`` and ``execute_model_state`` of the fork's own class, the old
  nine in a ``try`` with the new eight in ``except ValueError``, five and a star, the nine under a ``hasattr`` of
  the removed field, kept fields read by name, a local of the attribute's name built by the fork, ``[7]`` and
  ``[0]`` in place before an append.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches of
these widenings on the two commits ``blind_replay_gpumr.py`` measures them on (an index landing on the inserted
flag, the old three spread a name a line, also with the value on a line of its own, the old nine spread off the
inherited attribute), kept to show the reach stays, and the same shapes on three other real commits of the same
change: #16188's old four spread and its ``[-1]``, #29825's old eight spread and its ``[-1]`` off the inherited
attribute, and #20059's ``[2]`` and its old six spread.  #20059's twins (added in round 2, with the mend they
test): the new six spread in upstream's own local names, the head and a star, ``[0]``, the index chosen by an
``isinstance`` test of the dropped flag, an unchanged inherited method's ``[1]``.

Round 1 (main at 70c2eef5), 6 cases and 29 twins as first written: 5 caught, 1 missed of 6; 0 false errors of 29
twins (1 warned: #16188's old four in a ``try``/``except ValueError``, return drift's warning for a guarded unpack,
as designed).  No twin needed moving: each was thought through as correct after the merge.  Three more cases and
four more twins written then (the spread value on its own line, the two ``[-1]``, ``[0]`` off the inherited
attribute, an override handing back ``super()``'s value whole, a list target, a star between head and tail): all
caught, all quiet.  The miss was not one of these widenings: #20059 kept ``_prepare_inputs``' length (6 -> 6:
``attention_cuda_graphs`` dropped at 1, ``max_num_scheduled_tokens`` appended), and return drift recorded a
same-length change only when the same names were reordered (``_reordered``), so ``[2]`` (the logits indices, now the
spec-decode metadata) went unseen, on the engine before killers186 too.
Round 2 (this branch): ``_shifted`` replaces ``_reordered`` in return drift: a same-length change that moves a name
returned on both sides is drift (a reorder is one); a name renamed in place moves nothing.  Its own first twin, the
new six spread in upstream's own spelling, was a false error (upstream's runner names two of its locals otherwise
than the returned names, so the unpack was not "the new order" by equality): an unpack is quiet now when, at the
moved places, one or more of its names is the new value's and none the old's (``_follows_new_order``).  Final: 10
caught of 10; 0 false errors of 37 twins (1 warned).  ``tests/audits/test_shifted_returns.py``: the shifted index,
the dropped place, the old order, an old name at a moved place (errors); index 0, the new order, a rename in place
(index and unpack), the new order in the caller's names, the fork's own method (quiet).

  PYTHONPATH=.. python review99_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

R = "import torch\n\nfrom vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
EM = "import torch\n\nfrom vllm.v1.worker.gpu_model_runner import ExecuteModelState, GPUModelRunner\n\n\n"


def spread(names: list[str], value: str, indent: str = "        ") -> str:
    """An unpack laid out a name a line, as a formatter writes a long one."""
    inner = "".join(f"{indent}    {n},\n" for n in names)
    return f"{indent}(\n{inner}{indent}) = {value}\n"


# --- 3597b06a4f (#18581): _prepare_inputs -> (attn_metadata, attention_cuda_graphs, logits_indices, spec_decode_metadata)
PI = ("#18581", "3597b06a4f", "_prepare_inputs' result gained attention_cuda_graphs at index 1")
CASES += [
    (
        "#18581 inherited indexed return",
        "an index of the inherited method's value that now lands on the inserted bool",
        K(
            *PI,
            "vllm/aeon/r99pi0.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        return self._prepare_inputs(scheduler_output)[1]\n",
            "        return self._prepare_inputs(scheduler_output)[1]",
        ),
    ),
    (
        "#18581 spread unpack",
        "the old three names laid out a name a line",
        K(
            *PI,
            "vllm/aeon/r99pi00.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            + spread(
                ["attn_metadata", "logits_indices", "spec_decode_metadata"], "self._prepare_inputs(scheduler_output)"
            )
            + "        return logits_indices\n",
            "        ) = self._prepare_inputs(scheduler_output)",
        ),
    ),
]
TWINS += [
    (
        "#18581 inherited indexed return",
        "twin: [0] off super() (the attention metadata in both)",
        K(
            *PI,
            "vllm/aeon/r99pi1.py",
            R + "class AeonRunner1(GPUModelRunner):\n"
            "    def aeon_attn_metadata(self, scheduler_output) -> dict:\n"
            "        return super()._prepare_inputs(scheduler_output)[0]\n",
            "        return super()._prepare_inputs(scheduler_output)[0]",
        ),
    ),
    (
        "#18581 inherited indexed return",
        "twin: [-1] (the spec-decode metadata, last in both)",
        K(
            *PI,
            "vllm/aeon/r99pi2.py",
            R + "class AeonRunner2(GPUModelRunner):\n"
            "    def aeon_spec_metadata(self, scheduler_output):\n"
            "        return self._prepare_inputs(scheduler_output)[-1]\n",
            "        return self._prepare_inputs(scheduler_output)[-1]",
        ),
    ),
    (
        "#18581 inherited indexed return",
        "twin: [1] of the fork's own class's _prepare_inputs (a namesake, no runner base)",
        K(
            *PI,
            "vllm/aeon/r99pi3.py",
            "import torch\n\n\n"
            "class AeonDrafter:\n"
            "    def _prepare_inputs(self, scheduler_output) -> tuple[dict, torch.Tensor, None]:\n"
            "        return {}, torch.arange(scheduler_output.total_num_scheduled_tokens), None\n\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        return self._prepare_inputs(scheduler_output)[1]\n",
            "        return self._prepare_inputs(scheduler_output)[1]",
        ),
    ),
    (
        "#18581 inherited indexed return",
        "twin: [1] through the fork's mixin ahead in the MRO",
        K(
            *PI,
            "vllm/aeon/r99pi4.py",
            R + "class AeonPrepMixin:\n"
            "    def _prepare_inputs(self, scheduler_output) -> tuple[dict, torch.Tensor, None]:\n"
            "        return {}, torch.arange(scheduler_output.total_num_scheduled_tokens), None\n\n\n"
            "class AeonRunner4(AeonPrepMixin, GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        return self._prepare_inputs(scheduler_output)[1]\n",
            "        return self._prepare_inputs(scheduler_output)[1]",
        ),
    ),
    (
        "#18581 inherited indexed return",
        "twin: the index chosen by the value's length (a shape test)",
        K(
            *PI,
            "vllm/aeon/r99pi5.py",
            R + "class AeonRunner5(GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        prepared = self._prepare_inputs(scheduler_output)\n"
            "        return prepared[2] if len(prepared) == 4 else prepared[1]\n",
            "        return prepared[2] if len(prepared) == 4 else prepared[1]",
        ),
    ),
    (
        "#18581 inherited indexed return",
        "twin: the index chosen by an isinstance test of the inserted flag",
        K(
            *PI,
            "vllm/aeon/r99pi6.py",
            R + "class AeonRunner6(GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        prepared = self._prepare_inputs(scheduler_output)\n"
            "        return prepared[2] if isinstance(prepared[1], bool) else prepared[1]\n",
            "        return prepared[2] if isinstance(prepared[1], bool) else prepared[1]",
        ),
    ),
    (
        "#18581 inherited indexed return",
        "twin: [1] of an unchanged inherited method (_get_cumsum_and_arange)",
        K(
            *PI,
            "vllm/aeon/r99pi7.py",
            R + "class AeonRunner7(GPUModelRunner):\n"
            "    def aeon_arange(self, num_tokens):\n"
            "        return self._get_cumsum_and_arange(num_tokens)[1]\n",
            "        return self._get_cumsum_and_arange(num_tokens)[1]",
        ),
    ),
    (
        "#18581 inherited indexed return",
        "twin: [1] off a subclass of the TPU runner (its _prepare_inputs unchanged)",
        K(
            *PI,
            "vllm/aeon/r99pi8.py",
            "from vllm.v1.worker.tpu_model_runner import TPUModelRunner\n\n\n"
            "class AeonTpuRunner(TPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output):\n"
            "        return self._prepare_inputs(scheduler_output)[1]\n",
            "        return self._prepare_inputs(scheduler_output)[1]",
        ),
    ),
    (
        "#18581 spread unpack",
        "twin: the new four names laid out a name a line, under a length test",
        K(
            *PI,
            "vllm/aeon/r99pi9.py",
            R + "class AeonRunner9(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            "        prepared = self._prepare_inputs(scheduler_output)\n"
            "        if len(prepared) == 4:\n"
            + spread(
                ["attn_metadata", "_cuda_graphs", "logits_indices", "spec_decode_metadata"], "prepared", "            "
            )
            + "        else:\n"
            + spread(["attn_metadata", "logits_indices", "spec_decode_metadata"], "prepared", "            ")
            + "        return logits_indices\n",
            "            ) = prepared",
        ),
    ),
    (
        "#18581 spread unpack",
        "twin: a head and a star laid out a name a line",
        K(
            *PI,
            "vllm/aeon/r99pi10.py",
            R + "class AeonRunner10(GPUModelRunner):\n"
            "    def aeon_attn_metadata(self, scheduler_output):\n"
            + spread(["attn_metadata", "*_rest"], "self._prepare_inputs(scheduler_output)")
            + "        return attn_metadata\n",
            "        ) = self._prepare_inputs(scheduler_output)",
        ),
    ),
    (
        "#18581 spread unpack",
        "twin: a subscript target closing with '] =' (one target, the whole value kept)",
        K(
            *PI,
            "vllm/aeon/r99pi11.py",
            R + "class AeonRunner11(GPUModelRunner):\n"
            "    def aeon_cache(self, scheduler_output, cache: dict):\n"
            "        cache[\n"
            "            scheduler_output.total_num_scheduled_tokens\n"
            "        ] = self._prepare_inputs(scheduler_output)\n"
            "        return cache\n",
            "        ] = self._prepare_inputs(scheduler_output)",
        ),
    ),
    (
        "#18581 spread unpack",
        "twin: two names of an unchanged inherited method laid out a name a line",
        K(
            *PI,
            "vllm/aeon/r99pi12.py",
            R + "class AeonRunner12(GPUModelRunner):\n"
            "    def aeon_arange(self, num_tokens):\n"
            + spread(["cu_num_tokens", "arange"], "self._get_cumsum_and_arange(num_tokens)")
            + "        return arange\n",
            "        ) = self._get_cumsum_and_arange(num_tokens)",
        ),
    ),
]

CASES += [
    (
        "#18581 spread unpack",
        "the old three spread, the value on a line of its own",
        K(
            *PI,
            "vllm/aeon/r99pi01.py",
            R + "class AeonRunner01(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            + spread(["attn_metadata", "logits_indices", "spec_decode_metadata"], "(")
            + "            self._prepare_inputs(scheduler_output)\n"
            "        )\n"
            "        return logits_indices\n",
            "            self._prepare_inputs(scheduler_output)",
        ),
    ),
]
TWINS += [
    (
        "#18581 inherited indexed return",
        "twin: [-1] through the fork's override that hands back super()'s value whole",
        K(
            *PI,
            "vllm/aeon/r99pi13.py",
            R + "class AeonRunner13(GPUModelRunner):\n"
            "    def _prepare_inputs(self, scheduler_output):\n"
            "        with torch.profiler.record_function('aeon_prepare_inputs'):  # AEON: the Spark's trace\n"
            "            return super()._prepare_inputs(scheduler_output)\n\n"
            "    def aeon_spec_metadata(self, scheduler_output):\n"
            "        return self._prepare_inputs(scheduler_output)[-1]\n",
            "        return self._prepare_inputs(scheduler_output)[-1]",
        ),
    ),
    (
        "#18581 spread unpack",
        "twin: a list target of an unchanged method's two names, closing with '] ='",
        K(
            *PI,
            "vllm/aeon/r99pi14.py",
            R + "class AeonRunner14(GPUModelRunner):\n"
            "    def aeon_arange(self, num_tokens):\n"
            "        [\n"
            "            cu_num_tokens,\n"
            "            arange,\n"
            "        ] = self._get_cumsum_and_arange(num_tokens)\n"
            "        return cu_num_tokens, arange\n",
            "        ] = self._get_cumsum_and_arange(num_tokens)",
        ),
    ),
    (
        "#18581 spread unpack",
        "twin: the first and last of four spread around a star (the new flag in the star)",
        K(
            *PI,
            "vllm/aeon/r99pi15.py",
            R + "class AeonRunner15(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            + spread(["attn_metadata", "*_middle", "spec_decode_metadata"], "self._prepare_inputs(scheduler_output)")
            + "        return attn_metadata, spec_decode_metadata\n",
            "        ) = self._prepare_inputs(scheduler_output)",
        ),
    ),
]

# --- 799397ee4f (#16188): _prepare_inputs' four values gained num_scheduled_tokens_np, appended
PA = ("#16188", "799397ee4f", "_prepare_inputs' result gained num_scheduled_tokens_np at the end")
CASES += [
    (
        "#16188 spread unpack",
        "the old four names laid out a name a line",
        K(
            *PA,
            "vllm/aeon/r99pa0.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            + spread(
                ["attn_metadata", "attention_cuda_graphs", "logits_indices", "spec_decode_metadata"],
                "self._prepare_inputs(scheduler_output)",
            )
            + "        return logits_indices\n",
            "        ) = self._prepare_inputs(scheduler_output)",
        ),
    ),
]
CASES += [
    (
        "#16188 inherited indexed return",
        "[-1], the spec-decode metadata, now the appended token counts",
        K(
            *PA,
            "vllm/aeon/r99pa5.py",
            R + "class AeonRunnerA5(GPUModelRunner):\n"
            "    def aeon_spec_metadata(self, scheduler_output):\n"
            "        return self._prepare_inputs(scheduler_output)[-1]\n",
            "        return self._prepare_inputs(scheduler_output)[-1]",
        ),
    ),
]
TWINS += [
    (
        "#16188 inherited indexed return",
        "twin: [2] (the logits indices, in place: the new value is appended)",
        K(
            *PA,
            "vllm/aeon/r99pa1.py",
            R + "class AeonRunnerA1(GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        return self._prepare_inputs(scheduler_output)[2]\n",
            "        return self._prepare_inputs(scheduler_output)[2]",
        ),
    ),
    (
        "#16188 inherited indexed return",
        "twin: [1] off super() by keyword (the cuda-graph flag, in place)",
        K(
            *PA,
            "vllm/aeon/r99pa2.py",
            R + "class AeonRunnerA2(GPUModelRunner):\n"
            "    def aeon_attention_graphs(self, scheduler_output) -> bool:\n"
            "        return super()._prepare_inputs(scheduler_output=scheduler_output)[1]\n",
            "        return super()._prepare_inputs(scheduler_output=scheduler_output)[1]",
        ),
    ),
    (
        "#16188 spread unpack",
        "twin: the first four laid out a name a line, then a star",
        K(
            *PA,
            "vllm/aeon/r99pa3.py",
            R + "class AeonRunnerA3(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            + spread(
                ["attn_metadata", "attention_cuda_graphs", "logits_indices", "spec_decode_metadata", "*_"],
                "self._prepare_inputs(scheduler_output)",
            )
            + "        return logits_indices\n",
            "        ) = self._prepare_inputs(scheduler_output)",
        ),
    ),
    (
        "#16188 spread unpack",
        "twin: the old four in a try, the new five in except ValueError",
        K(
            *PA,
            "vllm/aeon/r99pa4.py",
            R + "class AeonRunnerA4(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            "        prepared = self._prepare_inputs(scheduler_output)\n"
            "        try:\n"
            + spread(["attn_metadata", "_graphs", "logits_indices", "spec_decode_metadata"], "prepared", "            ")
            + "        except ValueError:  # AEON: newer upstreams append the scheduled-token counts\n"
            "            attn_metadata, _graphs, logits_indices, spec_decode_metadata, _counts = prepared\n"
            "        return logits_indices\n",
            "            ) = prepared",
        ),
    ),
]

# --- 74f441f4b5 (#20059): attention_cuda_graphs dropped from index 1, max_num_scheduled_tokens appended (6 -> 6)
PF = ("#20059", "74f441f4b5", "_prepare_inputs dropped attention_cuda_graphs, appended max_num_scheduled_tokens")
CASES += [
    (
        "#20059 inherited indexed return",
        "[2], the logits indices, now the spec-decode metadata",
        K(
            *PF,
            "vllm/aeon/r99pf0.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        return self._prepare_inputs(scheduler_output)[2]\n",
            "        return self._prepare_inputs(scheduler_output)[2]",
        ),
    ),
]
TWINS += [
    (
        "#20059 inherited indexed return",
        "twin: [0] (the attention metadata in both)",
        K(
            *PF,
            "vllm/aeon/r99pf1.py",
            R + "class AeonRunnerF1(GPUModelRunner):\n"
            "    def aeon_attn_metadata(self, scheduler_output) -> dict:\n"
            "        return self._prepare_inputs(scheduler_output)[0]\n",
            "        return self._prepare_inputs(scheduler_output)[0]",
        ),
    ),
    (
        "#20059 inherited indexed return",
        "twin: [2] of the fork's own override, which keeps its own order",
        K(
            *PF,
            "vllm/aeon/r99pf2.py",
            "import torch\n\n\n"
            "class AeonPreparer:\n"
            "    def _prepare_inputs(self, scheduler_output) -> tuple[dict, bool, torch.Tensor]:\n"
            "        return {}, False, torch.arange(scheduler_output.total_num_scheduled_tokens)\n\n\n"
            "class AeonPreparer2(AeonPreparer):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        return self._prepare_inputs(scheduler_output)[2]\n",
            "        return self._prepare_inputs(scheduler_output)[2]",
        ),
    ),
]

OLD6 = [
    "attn_metadata",
    "attention_cuda_graphs",
    "logits_indices",
    "spec_decode_metadata",
    "num_scheduled_tokens_np",
    "spec_decode_common_attn_metadata",
]
NEW6 = [*(n for n in OLD6 if n != "attention_cuda_graphs"), "max_query_len"]
CASES += [
    (
        "#20059 same-length shift",
        "the old six laid out a name a line",
        K(
            *PF,
            "vllm/aeon/r99pf3.py",
            R + "class AeonRunnerF3(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            + spread(OLD6, "self._prepare_inputs(scheduler_output)")
            + "        return logits_indices\n",
            "        ) = self._prepare_inputs(scheduler_output)",
        ),
    ),
]
TWINS += [
    (
        "#20059 same-length shift",
        "twin: the new six laid out a name a line (upstream's own spelling)",
        K(
            *PF,
            "vllm/aeon/r99pf4.py",
            R + "class AeonRunnerF4(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            + spread(NEW6, "self._prepare_inputs(scheduler_output)")
            + "        return logits_indices, max_query_len\n",
            "        ) = self._prepare_inputs(scheduler_output)",
        ),
    ),
    (
        "#20059 same-length shift",
        "twin: the head and a star",
        K(
            *PF,
            "vllm/aeon/r99pf5.py",
            R + "class AeonRunnerF5(GPUModelRunner):\n"
            "    def aeon_attn_metadata(self, scheduler_output):\n"
            "        attn_metadata, *_rest = self._prepare_inputs(scheduler_output)\n"
            "        return attn_metadata\n",
            "        attn_metadata, *_rest = self._prepare_inputs(scheduler_output)",
        ),
    ),
    (
        "#20059 same-length shift",
        "twin: the index chosen by an isinstance test of the dropped flag",
        K(
            *PF,
            "vllm/aeon/r99pf6.py",
            R + "class AeonRunnerF6(GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        prepared = self._prepare_inputs(scheduler_output)\n"
            "        return prepared[2] if isinstance(prepared[1], bool) else prepared[1]\n",
            "        return prepared[2] if isinstance(prepared[1], bool) else prepared[1]",
        ),
    ),
    (
        "#20059 same-length shift",
        "twin: an unchanged inherited method's [1] (_get_cumsum_and_arange)",
        K(
            *PF,
            "vllm/aeon/r99pf7.py",
            R + "class AeonRunnerF7(GPUModelRunner):\n"
            "    def aeon_arange(self, num_tokens):\n"
            "        return self._get_cumsum_and_arange(num_tokens)[1]\n",
            "        return self._get_cumsum_and_arange(num_tokens)[1]",
        ),
    ),
]

# --- 7765e5ba75 (#28768): ExecuteModelState lost kv_connector_output (9 -> 8 fields)
ES = ("#28768", "7765e5ba75", "ExecuteModelState.kv_connector_output removed")
OLD9 = [
    "scheduler_output",
    "logits",
    "spec_decode_metadata",
    "spec_decode_common_attn_metadata",
    "hidden_states",
    "sample_hidden_states",
    "aux_hidden_states",
    "kv_connector_output",
    "ec_connector_output",
]
NEW8 = [n for n in OLD9 if n != "kv_connector_output"]
CASES += [
    (
        "#28768 instance-declared NamedTuple",
        "the old nine laid out a name a line off the inherited attribute",
        K(
            *ES,
            "vllm/aeon/r99es0.py",
            EM + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            + spread(OLD9, "self.execute_model_state")
            + "        return hidden_states, kv_connector_output\n",
            "        ) = self.execute_model_state",
        ),
    ),
]
TWINS += [
    (
        "#28768 instance-declared NamedTuple",
        "twin: the new eight laid out a name a line (under a length test)",
        K(
            *ES,
            "vllm/aeon/r99es1.py",
            EM + "class AeonRunnerE1(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            "        if len(self.execute_model_state) == 8:\n"
            + spread(NEW8, "self.execute_model_state", "            ")
            + "            return hidden_states\n"
            "        return self.execute_model_state.hidden_states\n",
            "            ) = self.execute_model_state",
        ),
    ),
    (
        "#28768 instance-declared NamedTuple",
        "twin: the fork's own state class, annotated on the subclass's instance",
        K(
            *ES,
            "vllm/aeon/r99es2.py",
            "from typing import NamedTuple\n\n"
            + EM
            + "class AeonState(NamedTuple):\n"
            + "".join(f"    {n}: object\n" for n in OLD9)
            + "\n\nclass AeonRunnerE2(GPUModelRunner):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_state: AeonState | None = None\n\n"
            "    def aeon_peek_state(self):\n"
            + spread(OLD9, "self.aeon_state")
            + "        return hidden_states, kv_connector_output\n",
            "        ) = self.aeon_state",
        ),
    ),
    (
        "#28768 instance-declared NamedTuple",
        "twin: a namesake attribute of the fork's own class, typed with its own NamedTuple",
        K(
            *ES,
            "vllm/aeon/r99es3.py",
            "from typing import NamedTuple\n\n\n"
            "class ExecuteModelState(NamedTuple):\n"
            + "".join(f"    {n}: object\n" for n in OLD9)
            + "\n\nclass AeonSideRunner:\n"
            "    def __init__(self) -> None:\n"
            "        self.execute_model_state: ExecuteModelState | None = None\n\n"
            "    def aeon_peek_state(self):\n"
            + spread(OLD9, "self.execute_model_state")
            + "        return hidden_states, kv_connector_output\n",
            "        ) = self.execute_model_state",
        ),
    ),
    (
        "#28768 instance-declared NamedTuple",
        "twin: the old nine in a try, the new eight in except ValueError",
        K(
            *ES,
            "vllm/aeon/r99es4.py",
            EM + "class AeonRunnerE4(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            "        try:\n"
            + spread(OLD9, "self.execute_model_state", "            ")
            + "        except ValueError:  # AEON: newer upstreams keep the KV output on the runner\n"
            + spread(NEW8, "self.execute_model_state", "            ")
            + "            kv_connector_output = self.kv_connector_output\n"
            "        return hidden_states, kv_connector_output\n",
            "            ) = self.execute_model_state",
        ),
    ),
    (
        "#28768 instance-declared NamedTuple",
        "twin: the first five and a star, laid out a name a line",
        K(
            *ES,
            "vllm/aeon/r99es5.py",
            EM + "class AeonRunnerE5(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            + spread([*OLD9[:5], "*_rest"], "self.execute_model_state")
            + "        return hidden_states\n",
            "        ) = self.execute_model_state",
        ),
    ),
    (
        "#28768 instance-declared NamedTuple",
        "twin: the nine under a hasattr of the removed field",
        K(
            *ES,
            "vllm/aeon/r99es6.py",
            EM + "class AeonRunnerE6(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            "        if hasattr(ExecuteModelState, 'kv_connector_output'):\n"
            + spread(OLD9, "self.execute_model_state", "            ")
            + "            return kv_connector_output\n"
            "        return self.kv_connector_output\n",
            "            ) = self.execute_model_state",
        ),
    ),
    (
        "#28768 instance-declared NamedTuple",
        "twin: kept fields read by name off the inherited attribute",
        K(
            *ES,
            "vllm/aeon/r99es7.py",
            EM + "class AeonRunnerE7(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            "        state = self.execute_model_state\n"
            "        return state.hidden_states, state.ec_connector_output\n",
            "        return state.hidden_states, state.ec_connector_output",
        ),
    ),
    (
        "#28768 instance-declared NamedTuple",
        "twin: the attribute rebound by the subclass to its own tuple before the unpack",
        K(
            *ES,
            "vllm/aeon/r99es8.py",
            EM + "class AeonRunnerE8(GPUModelRunner):\n"
            "    def aeon_peek_state(self, state: tuple):\n"
            "        execute_model_state = tuple(state) + (None,) * (9 - len(state))\n"
            + spread(OLD9, "execute_model_state")
            + "        return hidden_states\n",
            "        ) = execute_model_state",
        ),
    ),
]

# --- 69520bc695 (#29825): ExecuteModelState gained cudagraph_stats, appended (8 -> 9)
CG = ("#29825", "69520bc695", "ExecuteModelState gained cudagraph_stats")
OLD8 = NEW8
NEW9 = [*NEW8, "cudagraph_stats"]
CASES += [
    (
        "#29825 instance-declared NamedTuple",
        "the old eight laid out a name a line off the inherited attribute",
        K(
            *CG,
            "vllm/aeon/r99cg0.py",
            EM + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            + spread(OLD8, "self.execute_model_state")
            + "        return hidden_states\n",
            "        ) = self.execute_model_state",
        ),
    ),
]
CASES += [
    (
        "#29825 instance-declared NamedTuple",
        "[-1], the EC output, now the appended cudagraph stats",
        K(
            *CG,
            "vllm/aeon/r99cg4.py",
            EM + "class AeonRunnerC4(GPUModelRunner):\n"
            "    def aeon_ec_output(self):\n"
            "        return self.execute_model_state[-1]\n",
            "        return self.execute_model_state[-1]",
        ),
    ),
]
TWINS += [
    (
        "#29825 instance-declared NamedTuple",
        "twin: [0] off the inherited attribute (the scheduler output in both)",
        K(
            *CG,
            "vllm/aeon/r99cg5.py",
            EM + "class AeonRunnerC5(GPUModelRunner):\n"
            "    def aeon_scheduler_output(self):\n"
            "        return self.execute_model_state[0]\n",
            "        return self.execute_model_state[0]",
        ),
    ),
]
TWINS += [
    (
        "#29825 instance-declared NamedTuple",
        "twin: the old eight and a star for what upstream appends",
        K(
            *CG,
            "vllm/aeon/r99cg1.py",
            EM + "class AeonRunnerC1(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            + spread([*OLD8, "*_appended"], "self.execute_model_state")
            + "        return hidden_states\n",
            "        ) = self.execute_model_state",
        ),
    ),
    (
        "#29825 instance-declared NamedTuple",
        "twin: [7] (the EC output, in place: the new field is appended)",
        K(
            *CG,
            "vllm/aeon/r99cg2.py",
            EM + "class AeonRunnerC2(GPUModelRunner):\n"
            "    def aeon_ec_output(self):\n"
            "        return self.execute_model_state[7]\n",
            "        return self.execute_model_state[7]",
        ),
    ),
    (
        "#29825 instance-declared NamedTuple",
        "twin: the eight picked off by name into a spread tuple",
        K(
            *CG,
            "vllm/aeon/r99cg3.py",
            EM + "class AeonRunnerC3(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            "        state = self.execute_model_state\n"
            "        (\n"
            "            hidden_states,\n"
            "            logits,\n"
            "        ) = state.hidden_states, state.logits\n"
            "        return hidden_states, logits\n",
            "        ) = state.hidden_states, state.logits",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review99-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
