"""Adversarial twins of killers221's error-raising widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what killers221's two error-raising
widenings catch, but right after the merge (the merge base is the commit's first parent, upstream the commit):

- a use only an array has of a result upstream made a mapping of arrays (``drift/result_kinds.py``
  ``_made_a_mapping``; #33046 ``prepare_inputs_to_capture() -> tuple[dict[str, Any], torch.Tensor]`` made
  ``-> tuple[dict[str, Any], dict[str, torch.Tensor]]``): the dict indexed by a layer name (a loop's name, a
  literal, an f-string, a lambda's, a comprehension's, one in a ``with``, a kv-cache group's first layer name),
  merged with ``|``, its dict members, a tensor use under ``isinstance``/``hasattr``/a ``try``, converted back to
  a tensor first (rebound, or into another name), a duck-typed helper of its own, a helper taking either, the
  fork's own namesake, the tuple kept whole, its length compared;
- a chained call with several defs of its name none of which the call fits any more (``drift/symbols.py``
  ``chained_calls`` ``_misfit_everywhere``; #36626 ``ModelState.prepare_attn`` gained ``cudagraph_mode`` second):
  the new arity (positional, by keywords, in a lambda, a splatted tuple), ``*args``/``**kwargs`` forwarded,
  the old arity in a ``try`` catching TypeError (either way round) or under an ``inspect.signature`` probe, the
  runner's own one-argument ``prepare_attn``, the fork's own class of the name (its own file, the runner's
  module, a subclass of it, one taking ``*args, **kwargs``, a property handing out a callable, a class local to
  a function), an object of a class from outside the tree, a module-level fork function of the name reached
  through a module held on ``self``; and a second real commit of the shape, #46535 (84c62e1cbd)
  ``get_mm_embeddings`` gaining a required ``req_states`` in all four defs of the name (found with ``git log
  --first-parent`` over ``model_states/interface.py``): the new arity (positional, keywords), ``*args,
  **kwargs`` forwarded, the fork's own encoder class of the name in the runner's module, a module-level fork
  function of the name.  No second real commit of the array-made-a-mapping shape was found in the time
  (``-G`` over returns annotated a tensor or an array made ``dict[...]``/``Mapping[...]`` since 2024-06, and
  ``-S slot_mappings_by_layer``: only #33046 itself, the others type-hint renames or new defs).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the widenings' catches
(blind_replay_cgutils's two, and more spellings of the same shapes), kept to show the reach stays.

Round 1 (main at e18e6339, the engine as killers221 left it), 5 cases and 41 twins: 5 caught of 5; 9 false
errors of 41 (3 twins warned).  Seven are #33046's index rule: ``_made_a_mapping`` errs on every index into the
dict keyed by strings whatever the index is, so a layer-name lookup -- the new dict's own use -- is read as the
old tensor's index (``slot_mappings[name]`` in a loop, a lambda, a comprehension, a ``with``;
``slot_mappings["model.layers.0.self_attn.attn"]``, an f-string key, ``slot_mappings[group.layer_names[0]]``).
Two are #36626's several-defs rule: a def of the name the engine does not read as a method (a module-level fork
function reached through a module held on ``self``, a method of a class local to a function) was taken for one
the call never fit, and the call erred against the model states' defs.  The warned twins are #36626's old arity
in a ``try`` catching TypeError (both ways round) and under a signature probe: warnings, as before.

#46535's 2 cases and 5 twins (written after the first mend, run on e18e6339's engine through ``AEON_SRC``): 2
caught of 2; 1 false error of 5, the same shape (a module-level fork function ``get_mm_embeddings`` in the
runner's module).  Round 1 over the whole file at e18e6339 (round-3 cases aside): 7 caught of 7; 10 false
errors of 46 twins.
Round 2 (this branch): ``drift/result_kinds.py`` judges an index into an array made a mapping keyed by strings
by the index's own text (``index_key``, carried on ``Use.key``): an error only for an index that is no string
whatever runs (a number, ``-1``, a slice, a tuple, ``...``, None, arithmetic with a number, ``len``/``int``); a
string key (a literal, an f-string, a string joined or formatted, ``str(...)``) is the dict's own lookup: quiet;
a key of unknown kind (a name, an attribute, a subscript) a warning.  ``drift/symbols.py``
``_misfit_everywhere`` stays quiet when a def of the name is not read as a method (``_method_at`` finds no
class member on its line -- a module-level function, a class local to a function -- or its parameters are not
read): the call may reach it and fit it.  Unit tests that failed before: test_mapping_results ``literal_key``,
``fstring_key``, ``joined_key`` (quiet) and ``index_unknown`` (a warning, was an error); test_misfit_everywhere
``module_function`` and ``local_class``.  All twins: 0 false errors of 46 (8 warned: the 5 layer-name
lookups of unknown kind, and #36626's old arity in a ``try`` catching TypeError both ways round and under a
signature probe, as in round 1).
Round 3 (written after the mend): cases the mends must not swallow -- ``slot_mappings[num_reqs + 1]``,
``slot_mappings[-1]``, ``slot_mappings[..., :n]`` in a comprehension, #36626's old arity beside a fork class of
the name in the runner's module that the call does not fit (a def read as a method), #46535's old call by
keywords: all caught (unit tests ``index_past``, ``index_negative``, and
``a_read_method_of_the_fork_that_does_not_fit_leaves_the_error``).  All rounds, this branch: 12 caught of 12,
0 warned; 0 false errors of 46 twins.
Regression set at the mends' head (33d4355b): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_cgutils 15 caught, 4 warned, 1 missed of 20 (9 quiet, 1 warned), review92_twins 7/7 (25 quiet),
blind_replay_eagleprop 19 caught, 2 warned of 21 (12 quiet), blind_replay_mrv2 33/33 (18 quiet): each as on
main, 0 false errors.  Unit tests: test_mapping_results 18, test_misfit_everywhere 8, and with test_chained_calls,
test_result_kinds (+ _bytes, _int_enum), test_result_flavours, test_unmapped_results, test_kinds,
test_lazy_patterns, test_fleet_profile, test_array_elements_listed, test_super_results, test_widened_kinds,
test_long_chain_cost, test_symbol_drift_cost: 297 passed.
Speed (drift_speed's 150-commit window, one run of 5 audits, this machine shared by eight helpers, at
ded46e30): name_drift 1.202 s (the symbol walk both mends sit in; killers221 recorded 1.52-1.86 s on
15c9aeb7 and at its head), return_drift 0.586 s, raised_kind_drift 0.139 s; audit 27.05 s.  The index's kind is
read only for a subscript of a call's result, and the several-defs rule's new test is a lookup it already made.

  PYTHONPATH=.. python review129_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

CG = "vllm.v1.worker.gpu.cudagraph_utils"
AU = "vllm.v1.worker.gpu.attn_utils"
MRN = "vllm.v1.worker.gpu.model_runner"
MRP = "vllm/v1/worker/gpu/model_runner.py"

# --- edf927bc9f (#33046): prepare_inputs_to_capture's second result made dict[str, Tensor] (was a tensor)
SM = ("#33046", "edf927bc9f", "prepare_inputs_to_capture -> tuple[dict[str, Any], dict[str, torch.Tensor]]")
PIC = (
    "import torch\n\n"
    f"from {CG} import prepare_inputs_to_capture\n\n\n"
    "def aeon_capture_inputs(runner, num_reqs: int, num_tokens: int):\n"
    "    # AEON: the Spark captures extra decode sizes with its own inputs\n"
    "    attn_metadata, slot_mappings = prepare_inputs_to_capture(\n"
    "        num_reqs, num_tokens, runner.input_buffers, runner.block_tables,\n"
    "        runner.attn_metadata_builders, runner.max_model_len, runner.kv_cache_config,\n"
    "    )\n"
)


def _sm(name: str, body: str, line: str, head: str = PIC) -> Killer:
    return K(*SM, f"vllm/aeon/r129{name}.py", head + body, line)


CASES += [
    (
        "#33046 array made a mapping",
        "a 2-D slice of the returned mappings (the replay's)",
        _sm(
            "sm0",
            "    return attn_metadata, slot_mappings[:, :num_tokens].contiguous()\n",
            "return attn_metadata, slot_mappings[:, :num_tokens].contiguous()",
        ),
    ),
    (
        "#33046 array made a mapping",
        "a tensor member read (.shape)",
        _sm(
            "sm00", "    return attn_metadata, slot_mappings.shape[1]\n", "return attn_metadata, slot_mappings.shape[1]"
        ),
    ),
    (
        "#33046 array made a mapping",
        "an integer index of the kv-cache group",
        _sm(
            "sm01",
            "    first_group = slot_mappings[0]\n    return attn_metadata, first_group\n",
            "first_group = slot_mappings[0]",
        ),
    ),
]
TWINS += [
    (
        "#33046 array made a mapping",
        "twin: indexed by a layer name",
        _sm(
            "sm1",
            "    kept = {}\n"
            "    for name in runner.aeon_layer_names:\n"
            "        kept[name] = slot_mappings[name]\n"
            "    return attn_metadata, kept\n",
            "        kept[name] = slot_mappings[name]",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: indexed by a literal layer name",
        _sm(
            "sm2",
            '    first = slot_mappings["model.layers.0.self_attn.attn"]\n    return attn_metadata, first\n',
            '    first = slot_mappings["model.layers.0.self_attn.attn"]',
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: indexed by an f-string layer name, then a tensor member of the element",
        _sm(
            "sm3",
            '    first = slot_mappings[f"model.layers.{runner.aeon_first}.self_attn.attn"].contiguous()\n'
            "    return attn_metadata, first\n",
            '    first = slot_mappings[f"model.layers.{runner.aeon_first}.self_attn.attn"].contiguous()',
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: merged with the fork's own mappings by |",
        _sm(
            "sm4",
            "    extra: dict[str, torch.Tensor] = runner.aeon_draft_slot_mappings\n"
            "    return attn_metadata, slot_mappings | extra\n",
            "    return attn_metadata, slot_mappings | extra",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: dict members (.items/.get/.copy/.update)",
        _sm(
            "sm5",
            "    merged = slot_mappings.copy()\n"
            "    merged.update(runner.aeon_draft_slot_mappings)\n"
            '    first = slot_mappings.get("model.layers.0.self_attn.attn")\n'
            "    return attn_metadata, {k: v[:num_tokens] for k, v in slot_mappings.items()}, merged, first\n",
            "    merged = slot_mappings.copy()",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a tensor use under isinstance(..., torch.Tensor)",
        _sm(
            "sm6",
            "    if isinstance(slot_mappings, torch.Tensor):\n"
            "        slot_mappings = slot_mappings[:, :num_tokens].contiguous()\n"
            "    return attn_metadata, slot_mappings\n",
            "        slot_mappings = slot_mappings[:, :num_tokens].contiguous()",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a tensor use in the else of isinstance(..., dict)",
        _sm(
            "sm7",
            "    if isinstance(slot_mappings, dict):\n"
            "        return attn_metadata, slot_mappings\n"
            "    else:\n"
            "        return attn_metadata, slot_mappings[0]\n",
            "        return attn_metadata, slot_mappings[0]",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a tensor member under hasattr",
        _sm(
            "sm8",
            '    if hasattr(slot_mappings, "contiguous"):\n'
            "        slot_mappings = slot_mappings.contiguous()\n"
            "    return attn_metadata, slot_mappings\n",
            "        slot_mappings = slot_mappings.contiguous()",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a tensor member in a try catching AttributeError",
        _sm(
            "sm9",
            "    try:\n"
            "        slot_mappings = slot_mappings.contiguous()\n"
            "    except AttributeError:\n"
            "        pass\n"
            "    return attn_metadata, slot_mappings\n",
            "        slot_mappings = slot_mappings.contiguous()",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: converted back to one tensor first (rebound), then sliced",
        _sm(
            "sm10",
            "    slot_mappings = torch.stack(list(slot_mappings.values()))\n"
            "    return attn_metadata, slot_mappings[:, :num_tokens].contiguous()\n",
            "    return attn_metadata, slot_mappings[:, :num_tokens].contiguous()",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: converted into another name first, then sliced",
        _sm(
            "sm11",
            "    stacked = torch.stack(list(slot_mappings.values()))\n"
            "    return attn_metadata, stacked[:, :num_tokens].contiguous()\n",
            "    return attn_metadata, stacked[:, :num_tokens].contiguous()",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: the first layer's mapping taken (rebound), then indexed by a number",
        _sm(
            "sm12",
            "    slot_mappings = next(iter(slot_mappings.values()))\n    return attn_metadata, slot_mappings[0]\n",
            "    return attn_metadata, slot_mappings[0]",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a lambda indexing it by a layer name",
        _sm(
            "sm13",
            "    pick = lambda name: slot_mappings[name]  # noqa: E731\n"
            "    return attn_metadata, [pick(n) for n in runner.aeon_layer_names]\n",
            "    pick = lambda name: slot_mappings[name]  # noqa: E731",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a comprehension of the layer names",
        _sm(
            "sm14",
            "    return attn_metadata, [slot_mappings[n].contiguous() for n in runner.aeon_layer_names]\n",
            "    return attn_metadata, [slot_mappings[n].contiguous() for n in runner.aeon_layer_names]",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: inside a with, indexed by a layer name",
        _sm(
            "sm15",
            "    with torch.cuda.stream(runner.aeon_stream):\n"
            "        first = slot_mappings[runner.aeon_first_layer]\n"
            "    return attn_metadata, first\n",
            "        first = slot_mappings[runner.aeon_first_layer]",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a duck-typed helper of its own (untyped parameter)",
        _sm(
            "sm16",
            "    return attn_metadata, aeon_pin(slot_mappings)\n\n\n"
            "def aeon_pin(x):\n"
            "    if isinstance(x, dict):\n"
            "        return {k: v.pin_memory() for k, v in x.items()}\n"
            "    return x.pin_memory()\n",
            "    return attn_metadata, aeon_pin(slot_mappings)",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: a helper taking a tensor or a mapping",
        _sm(
            "sm17",
            "    return attn_metadata, aeon_pin2(slot_mappings)\n\n\n"
            "def aeon_pin2(x: torch.Tensor | dict[str, torch.Tensor]) -> torch.Tensor | dict[str, torch.Tensor]:\n"
            "    if isinstance(x, dict):\n"
            "        return {k: v.pin_memory() for k, v in x.items()}\n"
            "    return x.pin_memory()\n",
            "    return attn_metadata, aeon_pin2(slot_mappings)",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: the fork's own namesake returning a tensor",
        _sm(
            "sm18",
            "    return attn_metadata, slot_mappings[:, :num_tokens].contiguous()\n\n\n"
            "def prepare_inputs_to_capture(*args) -> tuple[dict, torch.Tensor]:\n"
            "    return {}, torch.zeros(1, 1)\n",
            "    return attn_metadata, slot_mappings[:, :num_tokens].contiguous()",
            head=PIC.replace(
                f"from {CG} import prepare_inputs_to_capture\n",
                f"from {CG} import prepare_inputs_to_capture as _pic  # noqa: F401\n",
            ),
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: the whole tuple kept, its first element indexed by a string",
        _sm(
            "sm19",
            "    out = prepare_inputs_to_capture(num_reqs, num_tokens, runner.input_buffers, runner.block_tables,\n"
            "                                    runner.attn_metadata_builders, runner.max_model_len, runner.kv_cache_config)\n"
            '    return out[0]["layer"], out[1]["model.layers.0.self_attn.attn"]\n',
            '    return out[0]["layer"], out[1]["model.layers.0.self_attn.attn"]',
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: its length compared with a number",
        _sm(
            "sm20",
            "    assert len(slot_mappings) > 0\n    return attn_metadata, slot_mappings\n",
            "    assert len(slot_mappings) > 0",
        ),
    ),
    (
        "#33046 array made a mapping",
        "twin: indexed by the keys of the kv-cache config's groups",
        _sm(
            "sm21",
            "    by_group = []\n"
            "    for group in runner.kv_cache_config.kv_cache_groups:\n"
            "        by_group.append(slot_mappings[group.layer_names[0]])\n"
            "    return attn_metadata, by_group\n",
            "        by_group.append(slot_mappings[group.layer_names[0]])",
        ),
    ),
]

# --- f088a831dd (#36626): ModelState.prepare_attn gains cudagraph_mode as its second positional parameter
PA = ("#36626", "f088a831dd", "ModelState.prepare_attn(input_batch, cudagraph_mode, block_tables, ...)")
RN = f"import inspect\n\nfrom {MRN} import GPUModelRunner\n\n\n"
OLD = "input_batch, block_tables, slot_mappings, self.attn_groups, self.kv_cache_config"
NEW = "input_batch, cudagraph_mode, block_tables, slot_mappings, self.attn_groups, self.kv_cache_config"


def _pa(name: str, body: str, line: str, head: str = RN) -> Killer:
    return K(*PA, f"vllm/aeon/r129{name}.py", head + f"class AeonRunner{name}(GPUModelRunner):\n" + body, line)


def _pa_in_runner(name: str, text: str, line: str) -> Killer:
    """A fork carry inserted into the runner's module (a file upstream changed) before ``ExecuteModelState``."""
    return Killer(*PA, (Edit(MRP, text, anchor="class ExecuteModelState(NamedTuple):"),), ((MRP, line),))


CASES += [
    (
        "#36626 several defs, none fits",
        "a positional call with the old arity (the replay's)",
        _pa(
            "pa0",
            "    def aeon_rebuild_attn(self, input_batch, block_tables, slot_mappings):\n"
            "        # AEON: GB10 rebuilds metadata after a block-table compaction\n"
            f"        return self.model_state.prepare_attn({OLD})\n",
            f"        return self.model_state.prepare_attn({OLD})",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "keywords for all but the inserted parameter",
        _pa(
            "pa00",
            "    def aeon_rebuild_attn(self, input_batch, block_tables, slot_mappings):\n"
            "        return self.model_state.prepare_attn(\n"
            "            input_batch, block_tables=block_tables, slot_mappings=slot_mappings,\n"
            "            attn_groups=self.attn_groups, kv_cache_config=self.kv_cache_config,\n"
            "        )\n",
            "        return self.model_state.prepare_attn(",
        ),
    ),
]
TWINS += [
    (
        "#36626 several defs, none fits",
        "twin: the new arity",
        _pa(
            "pa1",
            "    def aeon_rebuild_attn(self, input_batch, cudagraph_mode, block_tables, slot_mappings):\n"
            f"        return self.model_state.prepare_attn({NEW})\n",
            f"        return self.model_state.prepare_attn({NEW})",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: *args forwarded",
        _pa(
            "pa2",
            "    def aeon_rebuild_attn(self, *args):\n        return self.model_state.prepare_attn(*args)\n",
            "        return self.model_state.prepare_attn(*args)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the batch then *args forwarded",
        _pa(
            "pa3",
            "    def aeon_rebuild_attn(self, input_batch, *rest):\n"
            "        return self.model_state.prepare_attn(input_batch, *rest)\n",
            "        return self.model_state.prepare_attn(input_batch, *rest)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: **kwargs forwarded",
        _pa(
            "pa4",
            "    def aeon_rebuild_attn(self, input_batch, **kwargs):\n"
            "        return self.model_state.prepare_attn(input_batch, **kwargs)\n",
            "        return self.model_state.prepare_attn(input_batch, **kwargs)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: *args and **kwargs forwarded after the old first four",
        _pa(
            "pa5",
            "    def aeon_rebuild_attn(self, input_batch, block_tables, *args, **kwargs):\n"
            "        return self.model_state.prepare_attn(input_batch, block_tables, *args, **kwargs)\n",
            "        return self.model_state.prepare_attn(input_batch, block_tables, *args, **kwargs)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the old arity as the fallback of a try catching TypeError",
        _pa(
            "pa6",
            "    def aeon_rebuild_attn(self, input_batch, cudagraph_mode, block_tables, slot_mappings):\n"
            "        try:\n"
            f"            return self.model_state.prepare_attn({NEW})\n"
            "        except TypeError:  # AEON: an older vLLM without cudagraph_mode\n"
            f"            return self.model_state.prepare_attn({OLD})\n",
            f"            return self.model_state.prepare_attn({OLD})",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the old arity tried first in a try catching TypeError",
        _pa(
            "pa7",
            "    def aeon_rebuild_attn(self, input_batch, cudagraph_mode, block_tables, slot_mappings):\n"
            "        try:\n"
            f"            return self.model_state.prepare_attn({OLD})\n"
            "        except TypeError:  # AEON: vLLM >= #36626 takes cudagraph_mode\n"
            f"            return self.model_state.prepare_attn({NEW})\n",
            f"            return self.model_state.prepare_attn({OLD})",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the old arity under a signature probe",
        _pa(
            "pa8",
            "    def aeon_rebuild_attn(self, input_batch, cudagraph_mode, block_tables, slot_mappings):\n"
            '        if "cudagraph_mode" in inspect.signature(self.model_state.prepare_attn).parameters:\n'
            f"            return self.model_state.prepare_attn({NEW})\n"
            f"        return self.model_state.prepare_attn({OLD})\n",
            f"        return self.model_state.prepare_attn({OLD})",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the runner's own one-argument prepare_attn",
        _pa(
            "pa9",
            "    def aeon_rebuild_attn(self, input_batch):\n        return self.aeon_runner.prepare_attn(input_batch)\n",
            "        return self.aeon_runner.prepare_attn(input_batch)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the fork's own class of the name (its own file), the old arity",
        _pa(
            "pa10",
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_state = AeonAttnState()\n\n"
            "    def aeon_rebuild_attn(self, input_batch, block_tables, slot_mappings):\n"
            f"        return self.aeon_state.prepare_attn({OLD})\n\n\n"
            "class AeonAttnState:\n"
            "    def prepare_attn(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return {}\n",
            f"        return self.aeon_state.prepare_attn({OLD})",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the fork's own class of the name added to the runner's module, the old arity",
        _pa_in_runner(
            "pa11",
            "class AeonAttnState:\n"
            "    # AEON: the Spark's own attention state for its NVFP4 cache\n"
            "    def prepare_attn(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return {}\n\n\n"
            "class AeonStateHolder:\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_state = AeonAttnState()\n\n"
            "    def aeon_rebuild_attn(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return self.aeon_state.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)\n\n\n",
            "        return self.aeon_state.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: a subclass of the fork's own class in the runner's module, the old arity",
        _pa_in_runner(
            "pa12",
            "class AeonAttnBase:\n"
            "    def prepare_attn(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return {}\n\n\n"
            "class AeonAttnSub(AeonAttnBase):\n"
            "    aeon_groups = 1  # AEON: one attention group on the Spark\n\n\n"
            "class AeonSubHolder:\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_sub = AeonAttnSub()\n\n"
            "    def aeon_rebuild(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return self.aeon_sub.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)\n\n\n",
            "        return self.aeon_sub.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the fork's own class in the runner's module taking *args, **kwargs",
        _pa_in_runner(
            "pa13",
            "class AeonAttnProxy:\n"
            "    def prepare_attn(self, *args, **kwargs):\n"
            "        return {}\n\n\n"
            "class AeonProxyHolder:\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_proxy = AeonAttnProxy()\n\n"
            "    def aeon_rebuild(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return self.aeon_proxy.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)\n\n\n",
            "        return self.aeon_proxy.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: an object of a class from outside the tree (assigned in __init__), the old arity",
        _pa(
            "pa14",
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_ext = AeonExternalAttn()  # AEON: the Spark's out-of-tree NVFP4 attention\n\n"
            "    def aeon_rebuild_attn(self, input_batch, block_tables, slot_mappings):\n"
            f"        return self.aeon_ext.prepare_attn({OLD})\n",
            f"        return self.aeon_ext.prepare_attn({OLD})",
            head=RN + "from aeon_spark_kernels import AeonExternalAttn\n\n\n",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: a lambda with the new arity",
        _pa(
            "pa15",
            "    def aeon_rebuilder(self, cudagraph_mode, block_tables, slot_mappings):\n"
            "        return lambda input_batch: self.model_state.prepare_attn(\n"
            "            input_batch, cudagraph_mode, block_tables, slot_mappings, self.attn_groups, self.kv_cache_config\n"
            "        )\n",
            "        return lambda input_batch: self.model_state.prepare_attn(",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the new arity by keywords",
        _pa(
            "pa16",
            "    def aeon_rebuild_attn(self, input_batch, cudagraph_mode, block_tables, slot_mappings):\n"
            "        return self.model_state.prepare_attn(\n"
            "            input_batch, cudagraph_mode=cudagraph_mode, block_tables=block_tables, slot_mappings=slot_mappings,\n"
            "            attn_groups=self.attn_groups, kv_cache_config=self.kv_cache_config,\n"
            "        )\n",
            "        return self.model_state.prepare_attn(",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: a prepared argument tuple splatted",
        _pa(
            "pa17",
            "    def aeon_rebuild_attn(self, input_batch, cudagraph_mode, block_tables, slot_mappings):\n"
            "        args = (input_batch, cudagraph_mode, block_tables, slot_mappings)\n"
            "        return self.model_state.prepare_attn(*args, self.attn_groups, self.kv_cache_config)\n",
            "        return self.model_state.prepare_attn(*args, self.attn_groups, self.kv_cache_config)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: the fork's own class in the runner's module whose prepare_attn is a property handing out a callable",
        _pa_in_runner(
            "pa18",
            "class AeonAttnByProperty:\n"
            "    @property\n"
            "    def prepare_attn(self):\n"
            "        # AEON: the Spark picks its attention builder per capture size\n"
            "        return lambda input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config: {}\n\n\n"
            "class AeonPropertyHolder:\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_prop = AeonAttnByProperty()\n\n"
            "    def aeon_rebuild(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return self.aeon_prop.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)\n\n\n",
            "        return self.aeon_prop.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: a class local to a fork function in the runner's module, the old arity",
        _pa_in_runner(
            "pa19",
            "def aeon_make_attn_holder():\n"
            "    class AeonLocalAttn:\n"
            "        def prepare_attn(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "            return {}\n\n"
            "    class AeonLocalHolder:\n"
            "        def __init__(self) -> None:\n"
            "            self.aeon_local = AeonLocalAttn()\n\n"
            "        def aeon_rebuild(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "            return self.aeon_local.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)\n\n"
            "    return AeonLocalHolder()\n\n\n",
            "            return self.aeon_local.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "twin: a module-level fork function of the name, reached through a module held on self",
        _pa_in_runner(
            "pa20",
            "def prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "    # AEON: the Spark's module-level attention builder, swapped in by a plugin module\n"
            "    return {}\n\n\n"
            "class AeonModuleHolder:\n"
            "    def __init__(self, ops) -> None:\n"
            "        self.aeon_ops = ops\n\n"
            "    def aeon_rebuild(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return self.aeon_ops.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)\n\n\n",
            "        return self.aeon_ops.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)",
        ),
    ),
]


CASES += [
    (
        "#33046 array made a mapping",
        "an index one past a number (round 3)",
        _sm(
            "sm30",
            "    nxt = slot_mappings[num_reqs + 1]\n    return attn_metadata, nxt\n",
            "    nxt = slot_mappings[num_reqs + 1]",
        ),
    ),
    (
        "#33046 array made a mapping",
        "the last group by -1 (round 3)",
        _sm("sm31", "    last = slot_mappings[-1]\n    return attn_metadata, last\n", "    last = slot_mappings[-1]"),
    ),
    (
        "#33046 array made a mapping",
        "an ellipsis slice in a comprehension (round 3)",
        _sm(
            "sm32",
            "    return attn_metadata, [slot_mappings[..., :n] for n in (num_tokens, 2 * num_tokens)]\n",
            "    return attn_metadata, [slot_mappings[..., :n] for n in (num_tokens, 2 * num_tokens)]",
        ),
    ),
    (
        "#36626 several defs, none fits",
        "the old arity beside a fork class of the name in the runner's module it does not fit (round 3)",
        _pa_in_runner(
            "pa30",
            "class AeonOneArgAttn:\n"
            "    def prepare_attn(self, input_batch):\n"
            "        return {}\n\n\n"
            "class AeonOldArityHolder:\n"
            "    def __init__(self, state) -> None:\n"
            "        self.aeon_state = state\n\n"
            "    def aeon_rebuild(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        return self.aeon_state.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)\n\n\n",
            "        return self.aeon_state.prepare_attn(input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config)",
        ),
    ),
]


# --- 84c62e1cbd (#46535): get_mm_embeddings gains a required req_states in all four defs of the name (the interface,
# the default and encoder-decoder model states, DiffusionGemma's): found with ``git log --first-parent`` over the
# model states' interface, a second commit of the several-defs shape
MM = ("#46535", "84c62e1cbd", "ModelState.get_mm_embeddings(scheduled_encoder_inputs, input_batch, req_states)")
MMH = f"from {MRN} import GPUModelRunner\n\n\n"


def _mm(name: str, body: str, line: str, head: str = MMH) -> Killer:
    return K(*MM, f"vllm/aeon/r129{name}.py", head + f"class AeonMmRunner{name}(GPUModelRunner):\n" + body, line)


def _mm_in_runner(name: str, text: str, line: str) -> Killer:
    return Killer(*MM, (Edit(MRP, text, anchor="class ExecuteModelState(NamedTuple):"),), ((MRP, line),))


CASES += [
    (
        "#46535 several defs, none fits",
        "the old two-argument call through self.model_state",
        _mm(
            "mm0",
            "    def aeon_embed(self, scheduler_output, input_batch):\n"
            "        # AEON: the Spark embeds images before the draft pass\n"
            "        return self.model_state.get_mm_embeddings(scheduler_output.scheduled_encoder_inputs, input_batch)\n",
            "        return self.model_state.get_mm_embeddings(scheduler_output.scheduled_encoder_inputs, input_batch)",
        ),
    ),
    (
        "#46535 several defs, none fits",
        "the old call by keywords (round 3)",
        _mm(
            "mm00",
            "    def aeon_embed(self, scheduler_output, input_batch):\n"
            "        return self.model_state.get_mm_embeddings(\n"
            "            scheduled_encoder_inputs=scheduler_output.scheduled_encoder_inputs, input_batch=input_batch\n"
            "        )\n",
            "        return self.model_state.get_mm_embeddings(",
        ),
    ),
]
TWINS += [
    (
        "#46535 several defs, none fits",
        "twin: the new arity",
        _mm(
            "mm1",
            "    def aeon_embed(self, scheduler_output, input_batch):\n"
            "        return self.model_state.get_mm_embeddings(\n"
            "            scheduler_output.scheduled_encoder_inputs, input_batch, self.req_states\n"
            "        )\n",
            "            scheduler_output.scheduled_encoder_inputs, input_batch, self.req_states",
        ),
    ),
    (
        "#46535 several defs, none fits",
        "twin: *args and **kwargs forwarded",
        _mm(
            "mm2",
            "    def aeon_embed(self, *args, **kwargs):\n"
            "        return self.model_state.get_mm_embeddings(*args, **kwargs)\n",
            "        return self.model_state.get_mm_embeddings(*args, **kwargs)",
        ),
    ),
    (
        "#46535 several defs, none fits",
        "twin: the fork's own encoder class of the name in the runner's module, the old arity",
        _mm_in_runner(
            "mm3",
            "class AeonSigLipEncoder:\n"
            "    # AEON: the Spark's own vision encoder path\n"
            "    def get_mm_embeddings(self, scheduled_encoder_inputs, input_batch):\n"
            "        return None\n\n\n"
            "class AeonEncoderHolder:\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_encoder = AeonSigLipEncoder()\n\n"
            "    def aeon_embed(self, scheduled_encoder_inputs, input_batch):\n"
            "        return self.aeon_encoder.get_mm_embeddings(scheduled_encoder_inputs, input_batch)\n\n\n",
            "        return self.aeon_encoder.get_mm_embeddings(scheduled_encoder_inputs, input_batch)",
        ),
    ),
    (
        "#46535 several defs, none fits",
        "twin: a module-level fork function of the name, reached through a module held on self",
        _mm_in_runner(
            "mm4",
            "def get_mm_embeddings(scheduled_encoder_inputs, input_batch):\n"
            "    # AEON: a plugin module's embedder\n"
            "    return None\n\n\n"
            "class AeonPluginHolder:\n"
            "    def __init__(self, plugin) -> None:\n"
            "        self.aeon_plugin = plugin\n\n"
            "    def aeon_embed(self, scheduled_encoder_inputs, input_batch):\n"
            "        return self.aeon_plugin.get_mm_embeddings(scheduled_encoder_inputs, input_batch)\n\n\n",
            "        return self.aeon_plugin.get_mm_embeddings(scheduled_encoder_inputs, input_batch)",
        ),
    ),
    (
        "#46535 several defs, none fits",
        "twin: the new arity by keywords",
        _mm(
            "mm5",
            "    def aeon_embed(self, scheduler_output, input_batch):\n"
            "        return self.model_state.get_mm_embeddings(\n"
            "            scheduler_output.scheduled_encoder_inputs, input_batch=input_batch, req_states=self.req_states\n"
            "        )\n",
            "        return self.model_state.get_mm_embeddings(",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review129-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
