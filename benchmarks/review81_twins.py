"""Adversarial twins of killers168's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a method one class stopped returning from, resolved through the receiver (``_homed_voided`` in
  ``drift/returns.py``; #18909 ``Eagle3LlamaForCausalLM.load_weights``, #19033
  ``EagleLlamaForCausalLM.load_weights``, and #13244 ``GPUModelRunner._update_states`` -> None while
  ``TPUModelRunner``'s keeps its bool), an operand and a loop as uses, the bound local's first read: the held
  model's ``load_weights`` (still a set), ``super()`` of the fork's own intermediate class, the value rebound
  ``or set()`` or tested ``is None``, a head typed as an unchanged class or the fork's own namesake, the fork's
  own ``AutoWeightsLoader`` (upstream's new spelling), the fork's override called through ``self.``, a
  ``try``/``except TypeError``, a local bound to the fork's subclass, an ``isinstance`` test, a TPU runner;
  #47058 (a body rewritten, its return kept);
- an attribute a method now sets back to None (``_nulled_later`` in ``drift/nulled_attributes.py``; #18488
  ``draft_id_to_target_id``): the fork overriding the nulling method, an ``is None`` test, a constructor's read,
  the typed head's value bound to a local and tested, a ``getattr`` with a default;
- an attribute gated one object further (``_held`` in ``drift/gated_attributes.py``; #17326 ``self.model.
  embed_tokens``): a ``hasattr`` of the held model, its kept ``layers``, the fork's own model built into
  ``self.model``; #19033, which built ``embed_tokens`` unconditionally again;
- a call upstream rewrote in a base body a fork override copied (``drift/stale_copies.py``; #13626
  ``shared_head``): the override applying ``shared_head`` itself before the old call, and making the new call.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings (the three voided ``load_weights`` uses, #18488's operand, #17326's held read, #13626's copy),
kept to show the reach stays, and #13244's operand of ``super()._update_states(...)`` (GPUModelRunner's went
None while TPUModelRunner's kept its bool: only the receiver says which).

Round 1 (main at 187acc85), 7 cases and 29 twins as first written: 4 caught, 3 warned of 7; 3 false errors of
29, all return drift's voided value resolved through the receiver: the bound local tested ``is None`` and
re-read from the parameters, and read only under ``isinstance(result, set)`` (2: an "assigns" use was an error
whatever the function did with the local next), and ``super().load_weights(w) | {...}`` in a ``try`` whose
``except TypeError`` re-reads the names (1: only a read off the value was asked about a ``try``).  None was a
non-twin.  2 warnings on twins: the fork's own ``AutoWeightsLoader(self, skip_prefixes=None)`` in a
``load_weights`` override (stale copies: upstream's call gained ``skip_substrs``; the override does load the
``d2t`` it may lack, so the warning is fair: kept), and an override applying ``mtp_layer.shared_head(...)`` on a
line of its own before #13626's old call (a warning on correct code).
Round 2 (this branch): a voided value's bound local its function readies for None (``is None``/``is not None``,
``isinstance(x, ...)``, ``x = x or ...``) is quiet, a bare ``if x:`` still an error (``_guarded_value``,
``_handles_none`` in ``drift/returns.py``); an operand or a loop over the call in a ``try`` catching TypeError
warns; a stale copy whose override makes every call upstream nested into the rewritten one itself is quiet
(``_makes_added`` in ``drift/stale_copies.py``).  7 of 7 as before (4 caught, 3 warned); 0 false errors of 29
(2 warned: the try'd operand and the fork's own ``AutoWeightsLoader``).
Round 3 (written after the mends, to probe them): #13244's bound local tested truthy (``if changed:``, false
every time now: a case, caught on both engines) and tested ``is None`` then re-read (a twin: main 1 false
error, this branch quiet).
All rounds, main (187acc85): 5 caught, 3 warned of 8; 4 false errors of 30 twins (2 warned).  This branch: 5
caught, 3 warned of 8; 0 false errors of 30 twins (2 warned).  ``blind_replay_mtpmodels.py`` as before: 16
caught, 5 warned, 1 missed of 22, 11 twins quiet.  Regression set after the mends: killer_replay 26/26,
kind_change_replay 12/12 (5 twins quiet), review14_twins 8/8, 0 false errors of 43 (4 warned), review27_twins
8/8, 0 false of 27, widened_return_replay 13/13 overrides, 0/21 twins with a false finding.

  PYTHONPATH=.. python review81_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 1bc86a3da1 (#18909): Eagle3LlamaForCausalLM.load_weights no longer returns the loaded names
LW = ("#18909", "1bc86a3da1", "Eagle3LlamaForCausalLM.load_weights returns None (was loader.load_weights(...)'s set)")
E3H = "from vllm.model_executor.models.llama_eagle3 import Eagle3LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#18909 voided method, resolved through the receiver",
        "a subclass's super().load_weights() result added to",
        K(
            *LW,
            "vllm/aeon/r81lw0.py",
            E3H + "class AeonEagle3Loader(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        loaded = super().load_weights(weights)\n"
            '        loaded.add("model.fc.weight_scale")\n'
            "        return loaded\n",
            '        loaded.add("model.fc.weight_scale")',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "an iteration of a typed head's load_weights()",
        K(
            *LW,
            "vllm/aeon/r81lw1.py",
            E3H + "def aeon_count_draft_weights(head: Eagle3LlamaForCausalLM, weights) -> int:\n"
            "    return sum(1 for _ in head.load_weights(weights))\n",
            "    return sum(1 for _ in head.load_weights(weights))",
        ),
    ),
]
TWINS += [
    (
        "#18909 voided method, resolved through the receiver",
        "twin: the held model's load_weights (LlamaModel still returns its set)",
        K(
            *LW,
            "vllm/aeon/r81lw2.py",
            E3H + "class AeonEagle3Loader2(Eagle3LlamaForCausalLM):\n"
            "    def aeon_load_body(self, weights):\n"
            "        loaded = self.model.load_weights(weights)\n"
            '        loaded.add("model.fc.weight_scale")\n'
            "        return loaded\n",
            '        loaded.add("model.fc.weight_scale")',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: super() of the fork's own intermediate class, whose load_weights returns a set",
        K(
            *LW,
            "vllm/aeon/r81lw3.py",
            E3H + "class AeonEagle3Base(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        super().load_weights(weights)\n"
            "        return {name for name, _ in self.named_parameters()}\n\n\n"
            "class AeonEagle3Child(AeonEagle3Base):\n"
            "    def load_weights(self, weights):\n"
            "        loaded = super().load_weights(weights)\n"
            '        loaded.add("model.fc.weight_scale")\n'
            "        return loaded\n",
            '        loaded.add("model.fc.weight_scale")',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: the value rebound with `or set()` before the read",
        K(
            *LW,
            "vllm/aeon/r81lw4.py",
            E3H + "class AeonEagle3Loader4(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        loaded = super().load_weights(weights)\n"
            "        loaded = loaded or set()  # AEON: newer upstreams return nothing\n"
            '        loaded.add("model.fc.weight_scale")\n'
            "        return loaded\n",
            '        loaded.add("model.fc.weight_scale")',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: the bound value tested for None and re-read from the parameters",
        K(
            *LW,
            "vllm/aeon/r81lw5.py",
            E3H + "class AeonEagle3Loader5(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        loaded = super().load_weights(weights)\n"
            "        if loaded is None:  # AEON: newer upstreams return nothing\n"
            "            loaded = {name for name, _ in self.named_parameters()}\n"
            '        loaded.add("model.fc.weight_scale")\n'
            "        return loaded\n",
            "        loaded = super().load_weights(weights)",
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: `(super().load_weights(w) or set()) | {...}`",
        K(
            *LW,
            "vllm/aeon/r81lw6.py",
            E3H + "class AeonEagle3Loader6(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            '        return (super().load_weights(weights) or set()) | {"model.fc.weight_scale"}\n',
            '        return (super().load_weights(weights) or set()) | {"model.fc.weight_scale"}',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: a head typed as the target model (LlamaForCausalLM keeps its return)",
        K(
            *LW,
            "vllm/aeon/r81lw7.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "def aeon_count_target_weights(head: LlamaForCausalLM, weights) -> int:\n"
            "    return sum(1 for _ in head.load_weights(weights))\n",
            "    return sum(1 for _ in head.load_weights(weights))",
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: a head typed as the fork's own class of the name",
        K(
            *LW,
            "vllm/aeon/r81lw8.py",
            "import torch\n\n\n"
            "class Eagle3LlamaForCausalLM(torch.nn.Module):\n"
            "    def load_weights(self, weights) -> set[str]:\n"
            "        return {name for name, _ in weights}  # AEON: the Spark's own draft head\n\n\n"
            "def aeon_count_draft_weights(head: Eagle3LlamaForCausalLM, weights) -> int:\n"
            "    return sum(1 for _ in head.load_weights(weights))\n",
            "    return sum(1 for _ in head.load_weights(weights))",
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: an override loading through its own AutoWeightsLoader (upstream's new spelling, kept value)",
        K(
            *LW,
            "vllm/aeon/r81lw9.py",
            "from vllm.model_executor.models.utils import AutoWeightsLoader\n"
            + E3H
            + "class AeonEagle3Loader9(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        loader = AutoWeightsLoader(self, skip_prefixes=None)\n"
            "        loaded = loader.load_weights(weights)\n"
            '        loaded.add("model.fc.weight_scale")\n'
            "        return loaded\n",
            '        loaded.add("model.fc.weight_scale")',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: self.load_weights() of the fork's own override, used as an operand",
        K(
            *LW,
            "vllm/aeon/r81lw10.py",
            E3H + "class AeonEagle3Loader10(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        super().load_weights(weights)\n"
            "        return {name for name, _ in self.named_parameters()}\n\n"
            "    def aeon_load_all(self, weights) -> set[str]:\n"
            '        return self.load_weights(weights) | {"lm_head.weight"}\n',
            '        return self.load_weights(weights) | {"lm_head.weight"}',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: the operand in a try, the parameters re-read in except TypeError",
        K(
            *LW,
            "vllm/aeon/r81lw11.py",
            E3H + "class AeonEagle3Loader11(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        try:\n"
            '            return super().load_weights(weights) | {"lm_head.weight"}\n'
            "        except TypeError:  # AEON: newer upstreams return nothing\n"
            "            return {name for name, _ in self.named_parameters()}\n",
            '            return super().load_weights(weights) | {"lm_head.weight"}',
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: a local bound to the fork's own subclass keeping the return, iterated",
        K(
            *LW,
            "vllm/aeon/r81lw12.py",
            E3H + "class AeonEagle3Head12(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        super().load_weights(weights)\n"
            "        return {name for name, _ in self.named_parameters()}\n\n\n"
            "def aeon_load(vllm_config, weights) -> list[str]:\n"
            "    head = AeonEagle3Head12(vllm_config=vllm_config)\n"
            "    return [name for name in head.load_weights(weights)]\n",
            "    return [name for name in head.load_weights(weights)]",
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: the bound value read only under an isinstance test",
        K(
            *LW,
            "vllm/aeon/r81lw13.py",
            E3H + "def aeon_loaded_count(head: Eagle3LlamaForCausalLM, weights) -> int:\n"
            "    result = head.load_weights(weights)\n"
            "    return len(result) if isinstance(result, set) else sum(1 for _ in head.parameters())\n",
            "    result = head.load_weights(weights)",
        ),
    ),
    (
        "#18909 voided method, resolved through the receiver",
        "twin: the statement call, the names read off the parameters",
        K(
            *LW,
            "vllm/aeon/r81lw14.py",
            E3H + "class AeonEagle3Loader14(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        super().load_weights(weights)\n"
            '        return {name for name, _ in self.named_parameters()} | {"lm_head.weight"}\n',
            '        return {name for name, _ in self.named_parameters()} | {"lm_head.weight"}',
        ),
    ),
]

# --- 3465b87ef8 (#19033): EagleLlamaForCausalLM.load_weights no longer returns; llama_eagle's embed_tokens
# built unconditionally again
PP = ("#19033", "3465b87ef8", "EagleLlamaForCausalLM.load_weights returns None; LlamaModel.embed_tokens ungated")
LE = "from vllm.model_executor.models.llama_eagle import EagleLlamaForCausalLM, LlamaModel\n\n\n"
CASES += [
    (
        "#19033 voided method, resolved through the receiver",
        "a subclass returning super().load_weights() united with its own",
        K(
            *PP,
            "vllm/aeon/r81pp0.py",
            LE + "class AeonEagleLoader(EagleLlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            '        return super().load_weights(weights) | {"lm_head.weight"}\n',
            '        return super().load_weights(weights) | {"lm_head.weight"}',
        ),
    ),
]
TWINS += [
    (
        "#19033 voided method, resolved through the receiver",
        "twin: a subclass of the EAGLE model (LlamaModel.load_weights keeps its return)",
        K(
            *PP,
            "vllm/aeon/r81pp1.py",
            LE + "class AeonEagleModel1(LlamaModel):\n"
            "    def load_weights(self, weights):\n"
            '        return super().load_weights(weights) | {"embed_tokens.weight"}\n',
            '        return super().load_weights(weights) | {"embed_tokens.weight"}',
        ),
    ),
    (
        "#19033 held attribute made unconditional",
        "twin: the head's self.model.embed_tokens, built whatever the pipeline now",
        K(
            *PP,
            "vllm/aeon/r81pp2.py",
            LE + "class AeonEagleHead2(EagleLlamaForCausalLM):\n"
            "    def __init__(self, *, vllm_config, start_layer_id: int = 0) -> None:\n"
            "        super().__init__(vllm_config=vllm_config, start_layer_id=start_layer_id)\n"
            "        self.aeon_embed_dim = self.model.embed_tokens.embedding_dim\n",
            "        self.aeon_embed_dim = self.model.embed_tokens.embedding_dim",
        ),
    ),
]

# --- 30172b4947 (#13244): GPUModelRunner._update_states -> bool becomes -> None; TPUModelRunner's keeps bool
US = ("#13244", "30172b4947", "GPUModelRunner._update_states returns None (TPUModelRunner's still a bool)")
GR = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
TR = "from vllm.v1.worker.tpu_model_runner import TPUModelRunner\n\n\n"
CASES += [
    (
        "#13244 voided method, resolved through the receiver",
        "a subclass's super()._update_states() value used as an operand",
        K(
            *US,
            "vllm/aeon/r81us0.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def _update_states(self, scheduler_output) -> bool:\n"
            "        # AEON: the Spark re-pins its unified-memory batch when anything moved\n"
            "        return super()._update_states(scheduler_output) | self.aeon_repinned\n",
            "        return super()._update_states(scheduler_output) | self.aeon_repinned",
        ),
    ),
]
TWINS += [
    (
        "#13244 voided method, resolved through the receiver",
        "twin: the same operand in a TPUModelRunner subclass (its _update_states keeps the bool)",
        K(
            *US,
            "vllm/aeon/r81us1.py",
            TR + "class AeonTpuRunner(TPUModelRunner):\n"
            "    def _update_states(self, scheduler_output) -> bool:\n"
            "        return super()._update_states(scheduler_output) | self.aeon_repinned\n",
            "        return super()._update_states(scheduler_output) | self.aeon_repinned",
        ),
    ),
    (
        "#13244 voided method, resolved through the receiver",
        "twin: the fork's own override returning a bool, called through self. as an operand",
        K(
            *US,
            "vllm/aeon/r81us2.py",
            GR + "class AeonRunner2(GPUModelRunner):\n"
            "    def _update_states(self, scheduler_output) -> bool:\n"
            "        super()._update_states(scheduler_output)\n"
            "        return bool(scheduler_output.finished_req_ids)\n\n"
            "    def aeon_step(self, scheduler_output) -> int:\n"
            "        return self._update_states(scheduler_output) + self.aeon_steps\n",
            "        return self._update_states(scheduler_output) + self.aeon_steps",
        ),
    ),
    (
        "#13244 voided method, resolved through the receiver",
        "twin: a runner typed as TPUModelRunner, the bound value read",
        K(
            *US,
            "vllm/aeon/r81us3.py",
            TR + "def aeon_tpu_step(runner: TPUModelRunner, scheduler_output, force: bool) -> bool:\n"
            "    changed = runner._update_states(scheduler_output)\n"
            "    return changed | force\n",
            "    return changed | force",
        ),
    ),
]

# Round 3 (written after the mends): the bound local tested truthy stays an error; tested for None, quiet
CASES += [
    (
        "#13244 voided method, resolved through the receiver",
        "round 3: the bound local tested truthy (false every time now)",
        K(
            *US,
            "vllm/aeon/r81us4.py",
            GR + "class AeonRunner4(GPUModelRunner):\n"
            "    def _update_states(self, scheduler_output) -> bool:\n"
            "        changed = super()._update_states(scheduler_output)\n"
            "        if changed:\n"
            "            self.aeon_repin()  # AEON: the Spark re-pins its unified-memory batch\n"
            "        return changed\n",
            "        changed = super()._update_states(scheduler_output)",
        ),
    ),
]
TWINS += [
    (
        "#13244 voided method, resolved through the receiver",
        "round 3 twin: the bound local tested for None and re-read from the scheduler's output",
        K(
            *US,
            "vllm/aeon/r81us5.py",
            GR + "class AeonRunner5(GPUModelRunner):\n"
            "    def _update_states(self, scheduler_output) -> bool:\n"
            "        changed = super()._update_states(scheduler_output)\n"
            "        if changed is None:  # AEON: newer upstreams return nothing\n"
            "            changed = bool(scheduler_output.finished_req_ids or scheduler_output.scheduled_new_reqs)\n"
            "        if changed:\n"
            "            self.aeon_repin()\n"
            "        return changed\n",
            "        changed = super()._update_states(scheduler_output)",
        ),
    ),
]

# --- 1ab9522935 (#47058): llama_eagle3.LlamaModel.load_weights rewritten onto AutoWeightsLoader, still a set
RW = ("#47058", "1ab9522935", "llama_eagle3.LlamaModel.load_weights rewritten (still returns the loaded names)")
TWINS += [
    (
        "#47058 method body rewritten, return kept",
        "twin: a subclass's super().load_weights() result added to",
        K(
            *RW,
            "vllm/aeon/r81rw1.py",
            "from vllm.model_executor.models.llama_eagle3 import LlamaModel\n\n\n"
            "class AeonEagle3Model(LlamaModel):\n"
            "    def load_weights(self, weights):\n"
            "        loaded = super().load_weights(weights)\n"
            '        loaded.add("fc.weight_scale")\n'
            "        return loaded\n",
            '        loaded.add("fc.weight_scale")',
        ),
    ),
]

# --- 583507d130 (#18488): draft_id_to_target_id set back to None when the checkpoint has no d2t
DT = ("#18488", "583507d130", "Eagle3LlamaForCausalLM.draft_id_to_target_id = None after load_weights without d2t")
CASES += [
    (
        "#18488 attribute set back to None later",
        "an override of compute_logits adding the mapping",
        K(
            *DT,
            "vllm/aeon/r81dt0.py",
            "import torch\n\n" + E3H + "class AeonEagle3Logits(Eagle3LlamaForCausalLM):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata):\n"
            "        logits = self.logits_processor(self.lm_head, hidden_states, sampling_metadata)\n"
            "        base = torch.arange(self.config.draft_vocab_size, device=logits.device)\n"
            "        targets = base + self.draft_id_to_target_id\n"
            "        return logits, targets\n",
            "        targets = base + self.draft_id_to_target_id",
        ),
    ),
]
TWINS += [
    (
        "#18488 attribute set back to None later",
        "twin: a subclass overriding load_weights (upstream's None never set) adding the mapping",
        K(
            *DT,
            "vllm/aeon/r81dt1.py",
            "import torch\n\n" + E3H + "class AeonEagle3Logits1(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        return {name for name, _ in weights}  # AEON: the Spark's draft ships its d2t always\n\n"
            "    def compute_logits(self, hidden_states, sampling_metadata):\n"
            "        logits = self.logits_processor(self.lm_head, hidden_states, sampling_metadata)\n"
            "        base = torch.arange(self.config.draft_vocab_size, device=logits.device)\n"
            "        return logits, base + self.draft_id_to_target_id\n",
            "        return logits, base + self.draft_id_to_target_id",
        ),
    ),
    (
        "#18488 attribute set back to None later",
        "twin: the mapping tested for None before the operand",
        K(
            *DT,
            "vllm/aeon/r81dt2.py",
            "import torch\n\n" + E3H + "class AeonEagle3Logits2(Eagle3LlamaForCausalLM):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata):\n"
            "        logits = self.logits_processor(self.lm_head, hidden_states, sampling_metadata)\n"
            "        if self.draft_id_to_target_id is None:\n"
            "            return logits, None\n"
            "        base = torch.arange(self.config.draft_vocab_size, device=logits.device)\n"
            "        return logits, base + self.draft_id_to_target_id\n",
            "        return logits, base + self.draft_id_to_target_id",
        ),
    ),
    (
        "#18488 attribute set back to None later",
        "twin: the mapping read in the fork's constructor (before load_weights runs)",
        K(
            *DT,
            "vllm/aeon/r81dt3.py",
            E3H + "class AeonEagle3Logits3(Eagle3LlamaForCausalLM):\n"
            "    def __init__(self, *, vllm_config, prefix: str = '') -> None:\n"
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        self.aeon_map_rows = self.draft_id_to_target_id.shape[0]\n",
            "        self.aeon_map_rows = self.draft_id_to_target_id.shape[0]",
        ),
    ),
    (
        "#18488 attribute set back to None later",
        "twin: a typed head's mapping bound to a local and tested before the call",
        K(
            *DT,
            "vllm/aeon/r81dt4.py",
            E3H + "def aeon_draft_map_on(head: Eagle3LlamaForCausalLM, device):\n"
            "    mapping = head.draft_id_to_target_id\n"
            "    return mapping.to(device, non_blocking=True) if mapping is not None else None\n",
            "    return mapping.to(device, non_blocking=True) if mapping is not None else None",
        ),
    ),
    (
        "#18488 attribute set back to None later",
        "twin: a typed head's mapping read through getattr with a default",
        K(
            *DT,
            "vllm/aeon/r81dt5.py",
            E3H + "def aeon_draft_map_numel(head: Eagle3LlamaForCausalLM) -> int:\n"
            '    mapping = getattr(head, "draft_id_to_target_id", None)\n'
            "    return 0 if mapping is None else mapping.numel()\n",
            "    return 0 if mapping is None else mapping.numel()",
        ),
    ),
]

# --- 418d2f8bfb (#17326): the EAGLE models' embed_tokens built only when pipeline parallel
ET = ("#17326", "418d2f8bfb", "llama_eagle/llama_eagle3 LlamaModel.embed_tokens set only when pp world_size > 1")
CASES += [
    (
        "#17326 attribute gated one object further",
        "a read through self.model in the head's constructor",
        K(
            *ET,
            "vllm/aeon/r81et0.py",
            E3H + "class AeonEagle3Head(Eagle3LlamaForCausalLM):\n"
            "    def __init__(self, *, vllm_config, start_layer_id: int = 0) -> None:\n"
            "        super().__init__(vllm_config=vllm_config, start_layer_id=start_layer_id)\n"
            "        self.aeon_embed_dim = self.model.embed_tokens.embedding_dim\n",
            "        self.aeon_embed_dim = self.model.embed_tokens.embedding_dim",
        ),
    ),
]
TWINS += [
    (
        "#17326 attribute gated one object further",
        "twin: a hasattr of the held model before the read",
        K(
            *ET,
            "vllm/aeon/r81et1.py",
            E3H + "class AeonEagle3Head1(Eagle3LlamaForCausalLM):\n"
            "    def __init__(self, *, vllm_config, start_layer_id: int = 0) -> None:\n"
            "        super().__init__(vllm_config=vllm_config, start_layer_id=start_layer_id)\n"
            '        if hasattr(self.model, "embed_tokens"):\n'
            "            self.aeon_embed_dim = self.model.embed_tokens.embedding_dim\n",
            "            self.aeon_embed_dim = self.model.embed_tokens.embedding_dim",
        ),
    ),
    (
        "#17326 attribute gated one object further",
        "twin: a kept attribute of the held model (its layers)",
        K(
            *ET,
            "vllm/aeon/r81et2.py",
            E3H + "class AeonEagle3Head2(Eagle3LlamaForCausalLM):\n"
            "    def __init__(self, *, vllm_config, start_layer_id: int = 0) -> None:\n"
            "        super().__init__(vllm_config=vllm_config, start_layer_id=start_layer_id)\n"
            "        self.aeon_depth = len(self.model.layers)\n",
            "        self.aeon_depth = len(self.model.layers)",
        ),
    ),
    (
        "#17326 attribute gated one object further",
        "twin: the fork's head building its own model into self.model",
        K(
            *ET,
            "vllm/aeon/r81et3.py",
            "import torch\n\n" + E3H + "class AeonEagle3Model3(torch.nn.Module):\n"
            "    def __init__(self, vocab: int, hidden: int) -> None:\n"
            "        super().__init__()\n"
            "        self.embed_tokens = torch.nn.Embedding(vocab, hidden)\n\n\n"
            "class AeonEagle3Head3(Eagle3LlamaForCausalLM):\n"
            "    def __init__(self, *, vllm_config, start_layer_id: int = 0) -> None:\n"
            "        super().__init__(vllm_config=vllm_config, start_layer_id=start_layer_id)\n"
            "        self.model = AeonEagle3Model3(self.config.vocab_size, self.config.hidden_size)\n"
            "        self.aeon_embed_dim = self.model.embed_tokens.embedding_dim\n",
            "        self.aeon_embed_dim = self.model.embed_tokens.embedding_dim",
        ),
    ),
]

# --- 9804145cac (#13626): the DeepSeek MTP layer's shared_head moved into compute_logits
SH = ("#13626", "9804145cac", "DeepSeekMultiTokenPredictor.compute_logits now applies shared_head")
DP = "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictor\n\n\n"
CASES += [
    (
        "#13626 call rewritten in a copied base body",
        "an override of compute_logits copying the base's old body",
        K(
            *SH,
            "vllm/aeon/r81sh0.py",
            DP + "class AeonMTPPredictor(DeepSeekMultiTokenPredictor):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata, spec_step_idx: int = 0):\n"
            "        mtp_layer = self.layers[str(self.mtp_start_layer_idx + spec_step_idx % self.num_mtp_layers)]\n"
            "        return self.logits_processor(mtp_layer.shared_head.head, hidden_states, sampling_metadata)\n",
            "        return self.logits_processor(mtp_layer.shared_head.head, hidden_states, sampling_metadata)",
        ),
    ),
]
TWINS += [
    (
        "#13626 call rewritten in a copied base body",
        "twin: the override applying shared_head itself before the old call",
        K(
            *SH,
            "vllm/aeon/r81sh1.py",
            DP + "class AeonMTPPredictor1(DeepSeekMultiTokenPredictor):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata, spec_step_idx: int = 0):\n"
            "        mtp_layer = self.layers[str(self.mtp_start_layer_idx + spec_step_idx % self.num_mtp_layers)]\n"
            "        hidden_states = mtp_layer.shared_head(hidden_states)\n"
            "        return self.logits_processor(mtp_layer.shared_head.head, hidden_states, sampling_metadata)\n",
            "        return self.logits_processor(mtp_layer.shared_head.head, hidden_states, sampling_metadata)",
        ),
    ),
    (
        "#13626 call rewritten in a copied base body",
        "twin: the override making upstream's new call (the new spelling)",
        K(
            *SH,
            "vllm/aeon/r81sh2.py",
            DP + "class AeonMTPPredictor2(DeepSeekMultiTokenPredictor):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata, spec_step_idx: int = 0):\n"
            "        mtp_layer = self.layers[str(self.mtp_start_layer_idx + spec_step_idx % self.num_mtp_layers)]\n"
            "        return self.logits_processor(mtp_layer.shared_head.head, mtp_layer.shared_head(hidden_states), sampling_metadata)\n",
            "        return self.logits_processor(mtp_layer.shared_head.head, mtp_layer.shared_head(hidden_states), sampling_metadata)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review81-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
