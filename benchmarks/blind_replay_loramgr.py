"""A blind replay of the LoRA model manager, worker manager, PEFT helper and LoRA utils a fork's adapter loader carries code against.

10 first-parent commits on ``vllm/lora/{models,model_manager,lora_model,worker_manager,peft_helper,utils}.py``
that ``blind_replay_lora.py`` and ``blind_replay_lora2.py`` do not use -- the PEFT helper (``vllm_scaling_factor``
renamed ``vllm_long_context_scaling_factor``; ``__post_init__`` no longer raising ValueError for an unsupported
feature), the adapter model's loaders (``from_lora_tensors``'s ``rank``/``lora_alpha``/``scaling_factor`` folded
into a ``peft_helper``; ``from_local_checkpoint``'s ``max_position_embeddings`` keyword removed and a required
``peft_helper`` inserted; its ``expected_lora_modules`` made a set; ``skip_prefixes`` then ``moe_ep_spec``
passed by upstream's callers to a fork subclass's override), the model manager (``_model_is_3d_moe`` no longer
set), the worker's manager (the not-found error made ``LoRAAdapterNotFoundError``, no ValueError; the target-module
helpers no longer imported into ``vllm.lora.worker_manager``), and the utils (``is_base_embeddding_weights``
renamed; ``_all_lora_classes`` made a tuple) -- picked by scanning those paths' diffs (``git log --first-parent
-p``), avoiding the commits the other replays use.  Commits: #11003 (d05f88679b), #6909 (82c49d3260), #12102
(07934cc237), #29322 (2f5f9acd55), #32265 (f3a5ee705f), #34934 (6a895197fa), #36201 (fe714dd507), #35077
(a250f1bd5f), #40916 (d1a75e303d), #42737 (15f7cd33dc).
Each is replayed under 1-2 fork spellings written the way fork code is written (a read off a receiver typed as the
class, a keyword construction, a classmethod call with keywords, a subclass's override of a loader upstream calls
with a new keyword, a list method on a parameter upstream now passes a set, an ``except`` around a call whose kind
changed, an import of a renamed or no longer imported name, a module attribute, a method of a set on a module
table), with twins (fork code beside the same change that it does not break: the kept field, the shim with
``**kwargs``, the still-raising helper, the new import path).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (the branch's base 194a2911; the replay committed at 1dac6a3c before its
run): 13 caught, 1 warned, 4 missed of 18 (twins: 11 quiet, 0 false errors).  The misses: #12102's ``except
ValueError:`` round ``PEFTHelper(**config)`` (the dataclass's ``__post_init__`` called ``_validate_features``, which
raised ValueError; upstream dropped the call and the raise, so the handler is dead), #29322's two (upstream's worker
now hands ``from_local_checkpoint`` a set where the base annotated and passed a list; a fork override's
``expected_lora_modules.append(...)`` and ``expected_lora_modules + [...]`` raise), and #35077's
``_all_lora_classes |= {...}`` (a module table upstream made a tuple, widened in place with a set: TypeError; the
``.add()`` spelling was caught).  Warned: #36201's ``except ValueError:`` round ``super()._load_adapter(...)``
(return drift's warning: the not-found error is ``LoRAAdapterNotFoundError`` now, and the def still re-raises
what its callees raise).  (The blind record's commit message says 19 spellings; the replay holds 18 and 11
twins, as run.)
After the killers130 widenings: 17 caught, 1 warned, 0 missed of 18 (twins: 11 quiet, 0 false errors).  Caught
now: a caught kind upstream stopped raising with nothing raised in its place, the check moved to another method
of the class (``drift/raised_kinds.py``; a dataclass call reaches its ``__post_init__``; with no such move, a
warning), a parameter upstream annotated as another container kind under a fork override's list method or
operator (``drift/handed_kinds.py``: an error as upstream's caller builds the set), and an operator a module
table's new kind refuses (``drift/module_tables.py`` with ``drift/operand_kinds.py``).  Left warned: #36201
(return drift's warning, by design: ``_load_adapter`` re-raises what ``validate_legal`` raises, ValueError
among it, so the handler is not dead, only blind to the not-found case).
A fourth widening after (df32bbc1): container drift of a field or a return judges operators the same way
(``self.waiting + [g]`` once a deque), and an augmented assignment by the kind's in-place form (a list's or a
deque's ``+=`` extends with any iterable).
Regression set at df32bbc1 (the replay 17 + 1 warned of 18 again): killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false
errors (40, 30, 23 twins; 4 and 2 of review16/17's warned, as recorded), blind_replay_lora 33/33 (16 twins
quiet), blind_replay_lora2 17 caught + 1 warned of 18 (10 quiet, as recorded), blind_replay_compile 12/12 (9
quiet), blind_replay_nvfp4 15 caught + 1 warned of 16 (10 quiet, 1 warned, as recorded), blind_replay_devcomms
20 caught + 1 warned of 21 (12 quiet, as recorded), ``symbol_precision.py --windows 1``: 0 false errors (5
broken overrides, 4 caught, 8 warnings); the touched checks' tests (raised kinds, raised-to-None, absorbed,
escaped, empty-to-raise, module tables, type drift, copied containers, retyped params, handed kinds, optional
params) and the fleet-literal test pass, single-process.

  python benchmarks/blind_replay_loramgr.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #11003 (d05f88679b): LoRAModel.from_lora_tensors's rank/lora_alpha/scaling_factor folded into peft_helper
LT = "d05f88679b"
LTW = "LoRAModel.from_lora_tensors(rank, lora_alpha, ...) -> (tensors, peft_helper, ...)"
MODELS = "from vllm.lora.models import LoRAModel\n\n\n"
CASES += [
    (
        "#11003 parameters folded",
        "a keyword call on the class",
        K(
            "#11003",
            LT,
            LTW,
            "vllm/aeon/lt1.py",
            MODELS + "def aeon_from_merged(tensors: dict, rank: int, alpha: int):\n"
            "    # AEON: adapters merged on the Spark are built from tensors, not a checkpoint\n"
            '    return LoRAModel.from_lora_tensors(lora_model_id=7, rank=rank, lora_alpha=alpha, tensors=tensors, device="cpu")\n',
            'return LoRAModel.from_lora_tensors(lora_model_id=7, rank=rank, lora_alpha=alpha, tensors=tensors, device="cpu")',
        ),
    ),
    (
        "#11003 parameters folded",
        "a subclass's override upstream calls with peft_helper",
        K(
            "#11003",
            LT,
            LTW,
            "vllm/aeon/lt2.py",
            MODELS + "class AeonLoRAModel(LoRAModel):\n"
            "    @classmethod\n"
            "    def from_lora_tensors(cls, lora_model_id, rank, lora_alpha, tensors, **kwargs):\n"
            "        # AEON: GB10 keeps adapters in bf16 whatever the checkpoint says\n"
            '        kwargs["dtype"] = None\n'
            "        return super().from_lora_tensors(lora_model_id, rank, lora_alpha, tensors, **kwargs)\n",
            "def from_lora_tensors(cls, lora_model_id, rank, lora_alpha, tensors, **kwargs):",
        ),
    ),
    (
        "#11003 parameters folded",
        "twin: the constructor kept",
        K(
            "#11003",
            LT,
            LTW,
            "vllm/aeon/lt3.py",
            MODELS + "def aeon_empty(lora_id: int, rank: int) -> LoRAModel:\n    return LoRAModel(lora_id, rank, {})\n",
            "return LoRAModel(lora_id, rank, {})",
        ),
    ),
]

# --- #6909 (82c49d3260): PEFTHelper.vllm_scaling_factor renamed vllm_long_context_scaling_factor
SF = "82c49d3260"
SFW = "PEFTHelper.vllm_scaling_factor renamed"
PEFT = "from vllm.lora.peft_helper import PEFTHelper\n\n\n"
CASES += [
    (
        "#6909 field renamed",
        "a read off a typed receiver",
        K(
            "#6909",
            SF,
            SFW,
            "vllm/aeon/sf1.py",
            PEFT + "def aeon_rope_scale(helper: PEFTHelper) -> float:\n"
            "    # AEON: long-context adapters on the Spark scale the rotary by the helper's factor\n"
            "    return helper.vllm_scaling_factor or 1.0\n",
            "return helper.vllm_scaling_factor or 1.0",
        ),
    ),
    (
        "#6909 field renamed",
        "a keyword construction",
        K(
            "#6909",
            SF,
            SFW,
            "vllm/aeon/sf2.py",
            PEFT + "def aeon_long_helper(targets: list[str]) -> PEFTHelper:\n"
            "    return PEFTHelper(r=8, lora_alpha=16, target_modules=targets, vllm_scaling_factor=4.0)\n",
            "return PEFTHelper(r=8, lora_alpha=16, target_modules=targets, vllm_scaling_factor=4.0)",
        ),
    ),
    (
        "#6909 field renamed",
        "twin: a kept field",
        K(
            "#6909",
            SF,
            SFW,
            "vllm/aeon/sf3.py",
            PEFT + "def aeon_is_long(helper: PEFTHelper) -> bool:\n    return helper.context_length > 0\n",
            "return helper.context_length > 0",
        ),
    ),
]

# --- #12102 (07934cc237): from_local_checkpoint's max_position_embeddings removed, peft_helper required;
# PEFTHelper's __post_init__ no longer validates (no ValueError for DoRA or modules_to_save)
LC = "07934cc237"
LCW = "from_local_checkpoint(max_position_embeddings=) -> (peft_helper); PEFTHelper stops raising"
CASES += [
    (
        "#12102 keyword removed, parameter required",
        "a keyword call of the loader",
        K(
            "#12102",
            LC,
            LCW,
            "vllm/aeon/lc1.py",
            MODELS + "def aeon_load(lora_dir: str, modules: list[str]) -> LoRAModel:\n"
            "    # AEON: the Spark's adapters are loaded ahead of the first request\n"
            '    return LoRAModel.from_local_checkpoint(lora_dir, modules, max_position_embeddings=8192, lora_model_id=7, device="cpu")\n',
            'return LoRAModel.from_local_checkpoint(lora_dir, modules, max_position_embeddings=8192, lora_model_id=7, device="cpu")',
        ),
    ),
    (
        "#12102 raise removed",
        "an except ValueError round a construction",
        K(
            "#12102",
            LC,
            LCW,
            "vllm/aeon/lc2.py",
            PEFT + "def aeon_supported(config: dict) -> bool:\n"
            "    # AEON: the router refuses DoRA adapters before they reach a worker\n"
            "    try:\n"
            "        PEFTHelper(**config)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "except ValueError:",
        ),
    ),
    (
        "#12102 raise removed",
        "twin: from_dict still raises for a missing field",
        K(
            "#12102",
            LC,
            LCW,
            "vllm/aeon/lc3.py",
            PEFT + "def aeon_complete(config: dict) -> bool:\n"
            "    try:\n"
            "        PEFTHelper.from_dict(config)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "except ValueError:",
        ),
    ),
]

# --- #29322 (2f5f9acd55): the worker passes expected_lora_modules as a set, not a list
EM = "2f5f9acd55"
EMW = "from_local_checkpoint's expected_lora_modules list[str] -> set[str]"
OVR = (
    "from vllm.lora.models import LoRAModel\nfrom vllm.lora.peft_helper import PEFTHelper\n\n\n"
    "class AeonLoRAModel(LoRAModel):\n"
    "    @classmethod\n"
    "    def from_local_checkpoint(cls, lora_dir: str, expected_lora_modules: list[str], peft_helper: PEFTHelper, **kwargs):\n"
    "        # AEON: the fork's adapters also train the router gate\n"
)
CASES += [
    (
        "#29322 list made a set",
        "a list method on the override's parameter",
        K(
            "#29322",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            OVR + '        expected_lora_modules.append("gate")\n'
            "        return super().from_local_checkpoint(lora_dir, expected_lora_modules, peft_helper, **kwargs)\n",
            'expected_lora_modules.append("gate")',
        ),
    ),
    (
        "#29322 list made a set",
        "a list concatenation",
        K(
            "#29322",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            OVR + '        modules = expected_lora_modules + ["gate"]\n'
            "        return super().from_local_checkpoint(lora_dir, modules, peft_helper, **kwargs)\n",
            'modules = expected_lora_modules + ["gate"]',
        ),
    ),
    (
        "#29322 list made a set",
        "twin: a membership test and a copy",
        K(
            "#29322",
            EM,
            EMW,
            "vllm/aeon/em3.py",
            OVR
            + '        modules = list(expected_lora_modules) if "gate" in expected_lora_modules else [*expected_lora_modules, "gate"]\n'
            "        return super().from_local_checkpoint(lora_dir, modules, peft_helper, **kwargs)\n",
            'modules = list(expected_lora_modules) if "gate" in expected_lora_modules else [*expected_lora_modules, "gate"]',
        ),
    ),
]

# --- #32265 (f3a5ee705f): from_local_checkpoint calls cls.from_lora_tensors(..., skip_prefixes=...)
SP = "f3a5ee705f"
SPW = "skip_prefixes passed to LoRAModel.from_lora_tensors"
LMOD = "from vllm.lora.lora_model import LoRAModel\n\n\n"
CASES += [
    (
        "#32265 keyword passed to an override",
        "an override without the new keyword",
        K(
            "#32265",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            LMOD + "class AeonLoRAModel(LoRAModel):\n"
            "    @classmethod\n"
            '    def from_lora_tensors(cls, lora_model_id, tensors, peft_helper, device="cuda", dtype=None, model_vocab_size=None, weights_mapper=None):\n'
            "        # AEON: GB10 serves no draft head; its adapter weights are dropped\n"
            '        tensors = {k: v for k, v in tensors.items() if ".draft_head." not in k}\n'
            "        return super().from_lora_tensors(lora_model_id, tensors, peft_helper, device, dtype, model_vocab_size, weights_mapper)\n",
            'def from_lora_tensors(cls, lora_model_id, tensors, peft_helper, device="cuda", dtype=None, model_vocab_size=None, weights_mapper=None):',
        ),
    ),
    (
        "#32265 keyword passed to an override",
        "twin: an override forwarding **kwargs",
        K(
            "#32265",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            LMOD + "class AeonLoRAModel(LoRAModel):\n"
            "    @classmethod\n"
            "    def from_lora_tensors(cls, lora_model_id, tensors, peft_helper, **kwargs):\n"
            '        tensors = {k: v for k, v in tensors.items() if ".draft_head." not in k}\n'
            "        return super().from_lora_tensors(lora_model_id, tensors, peft_helper, **kwargs)\n",
            "def from_lora_tensors(cls, lora_model_id, tensors, peft_helper, **kwargs):",
        ),
    ),
]

# --- #34934 (6a895197fa): vllm.lora.utils.is_base_embeddding_weights renamed is_base_embedding_weights
EW = "6a895197fa"
EWW = "is_base_embeddding_weights renamed"
CASES += [
    (
        "#34934 function renamed",
        "an import of the old name",
        K(
            "#34934",
            EW,
            EWW,
            "vllm/aeon/ew1.py",
            "from vllm.lora.utils import is_base_embeddding_weights\n\n\n"
            "def aeon_adapter_keys(names: list[str]) -> list[str]:\n"
            "    return [n for n in names if not is_base_embeddding_weights(n)]\n",
            "from vllm.lora.utils import is_base_embeddding_weights",
        ),
    ),
    (
        "#34934 function renamed",
        "a module-attribute call",
        K(
            "#34934",
            EW,
            EWW,
            "vllm/aeon/ew2.py",
            "from vllm.lora import utils as lora_utils\n\n\n"
            "def aeon_has_base_embeddings(names: list[str]) -> bool:\n"
            "    # AEON: adapters that ship the base embeddings are refused on the Spark\n"
            "    return any(lora_utils.is_base_embeddding_weights(n) for n in names)\n",
            "return any(lora_utils.is_base_embeddding_weights(n) for n in names)",
        ),
    ),
    (
        "#34934 function renamed",
        "twin: a kept helper",
        K(
            "#34934",
            EW,
            EWW,
            "vllm/aeon/ew3.py",
            "from vllm.lora import utils as lora_utils\n\n\n"
            "def aeon_module(name: str) -> str:\n"
            "    return lora_utils.parse_fine_tuned_lora_name(name)[0]\n",
            "return lora_utils.parse_fine_tuned_lora_name(name)[0]",
        ),
    ),
]

# --- #36201 (fe714dd507): a missing adapter raises LoRAAdapterNotFoundError (no ValueError) out of _load_adapter
NF = "fe714dd507"
NFW = "WorkerLoRAManager._load_adapter: ValueError -> LoRAAdapterNotFoundError"
WMGR = (
    "from vllm.lora.request import LoRARequest\nfrom vllm.lora.worker_manager import WorkerLoRAManager\n\n\n"
    "def aeon_remount(path: str) -> None:\n    pass\n\n\n"
    "class AeonWorkerLoRAManager(WorkerLoRAManager):\n"
    "    def _load_adapter(self, lora_request: LoRARequest):\n"
    "        try:\n"
    "            return super()._load_adapter(lora_request)\n"
)
CASES += [
    (
        "#36201 exception kind changed",
        "an except ValueError round the super() call",
        K(
            "#36201",
            NF,
            NFW,
            "vllm/aeon/nf1.py",
            WMGR + "        except ValueError:\n"
            "            # AEON: the Spark's adapters sit on a network share; remount it and retry once\n"
            "            aeon_remount(lora_request.lora_path)\n"
            "            return super()._load_adapter(lora_request)\n",
            "except ValueError:",
        ),
    ),
    (
        "#36201 exception kind changed",
        "twin: an except Exception",
        K(
            "#36201",
            NF,
            NFW,
            "vllm/aeon/nf2.py",
            WMGR + "        except Exception:\n"
            "            aeon_remount(lora_request.lora_path)\n"
            "            return super()._load_adapter(lora_request)\n",
            "except Exception:",
        ),
    ),
]

# --- #35077 (a250f1bd5f): vllm.lora.utils._all_lora_classes a set -> an ordered tuple
LC2 = "a250f1bd5f"
LC2W = "_all_lora_classes set -> tuple"
LAYER = (
    "from vllm.lora.layers import ColumnParallelLinearWithLoRA\n\n\n"
    "class AeonGateWithLoRA(ColumnParallelLinearWithLoRA):\n    pass\n\n\n"
)
CASES += [
    (
        "#35077 set made a tuple",
        "a set method on the module table",
        K(
            "#35077",
            LC2,
            LC2W,
            "vllm/aeon/ac1.py",
            "from vllm.lora import utils as lora_utils\n"
            + LAYER
            + "# AEON: the router gate takes LoRA on the Spark\nlora_utils._all_lora_classes.add(AeonGateWithLoRA)\n",
            "lora_utils._all_lora_classes.add(AeonGateWithLoRA)",
        ),
    ),
    (
        "#35077 set made a tuple",
        "an in-place union of the imported table",
        K(
            "#35077",
            LC2,
            LC2W,
            "vllm/aeon/ac2.py",
            "from vllm.lora.utils import _all_lora_classes\n" + LAYER + "_all_lora_classes |= {AeonGateWithLoRA}\n",
            "_all_lora_classes |= {AeonGateWithLoRA}",
        ),
    ),
    (
        "#35077 set made a tuple",
        "twin: a rebuilt table",
        K(
            "#35077",
            LC2,
            LC2W,
            "vllm/aeon/ac3.py",
            "from vllm.lora import utils as lora_utils\n"
            + LAYER
            + "lora_utils._all_lora_classes = (AeonGateWithLoRA, *lora_utils._all_lora_classes)\n",
            "lora_utils._all_lora_classes = (AeonGateWithLoRA, *lora_utils._all_lora_classes)",
        ),
    ),
]

# --- #40916 (d1a75e303d): vllm.lora.worker_manager no longer imports is_supported_lora_module/is_in_target_modules
WI = "d1a75e303d"
WIW = "target-module helpers no longer imported into vllm.lora.worker_manager"
CASES += [
    (
        "#40916 import removed",
        "an import off the worker manager",
        K(
            "#40916",
            WI,
            WIW,
            "vllm/aeon/wi1.py",
            "from vllm.lora.worker_manager import WorkerLoRAManager, is_supported_lora_module\n\n\n"
            "def aeon_supported(manager: WorkerLoRAManager, name: str) -> bool:\n"
            "    return is_supported_lora_module(name, list(manager.supported_lora_modules))\n",
            "from vllm.lora.worker_manager import WorkerLoRAManager, is_supported_lora_module",
        ),
    ),
    (
        "#40916 import removed",
        "a module-attribute call",
        K(
            "#40916",
            WI,
            WIW,
            "vllm/aeon/wi2.py",
            "from vllm.lora import worker_manager as wm\n\n\n"
            "def aeon_targeted(name: str, targets: list[str] | None) -> bool:\n"
            "    # AEON: the Spark restricts adapters to attention projections\n"
            "    return wm.is_in_target_modules(name, targets)\n",
            "return wm.is_in_target_modules(name, targets)",
        ),
    ),
    (
        "#40916 import removed",
        "twin: the helper from its own module",
        K(
            "#40916",
            WI,
            WIW,
            "vllm/aeon/wi3.py",
            "from vllm.lora.utils import is_in_target_modules\n\n\n"
            "def aeon_targeted(name: str, targets: list[str] | None) -> bool:\n"
            "    return is_in_target_modules(name, targets)\n",
            "return is_in_target_modules(name, targets)",
        ),
    ),
]

# --- #42737 (15f7cd33dc): LoRAModelManager._model_is_3d_moe no longer set; moe_ep_spec passed to the loader
EP = "15f7cd33dc"
EPW = "_model_is_3d_moe removed; from_local_checkpoint(moe_ep_spec=)"
MGR = "from vllm.lora.model_manager import LoRAModelManager\n\n\n"
LOADER = (
    "from vllm.lora.lora_model import LoRAModel\nfrom vllm.lora.worker_manager import WorkerLoRAManager\n\n\n"
    "class AeonLoRAModel(LoRAModel):\n"
    "    @classmethod\n"
)
LOADER_TAIL = (
    "\n\nclass AeonWorkerLoRAManager(WorkerLoRAManager):\n"
    "    def __init__(self, vllm_config, device, embedding_modules):\n"
    "        super().__init__(vllm_config, device, embedding_modules, lora_model_cls=AeonLoRAModel)\n"
)
CASES += [
    (
        "#42737 attribute no longer set",
        "a subclass's self. read",
        K(
            "#42737",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            MGR + "class AeonLoRAModelManager(LoRAModelManager):\n"
            "    def aeon_fused_3d(self) -> bool:\n"
            "        # AEON: 3D MoE adapters are packed on the host on GB10\n"
            "        return self._model_is_3d_moe\n",
            "return self._model_is_3d_moe",
        ),
    ),
    (
        "#42737 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#42737",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            MGR + "class AeonLoRAModelManager(LoRAModelManager):\n"
            "    def aeon_fused_3d(self) -> bool:\n"
            "        return self._is_3d_moe_model\n",
            "return self._is_3d_moe_model",
        ),
    ),
    (
        "#42737 keyword passed to an override",
        "a loader override the worker's manager is given",
        K(
            "#42737",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            LOADER
            + '    def from_local_checkpoint(cls, lora_dir, expected_lora_modules, peft_helper, *, lora_model_id=None, device="cuda", dtype=None, model_vocab_size=None, weights_mapper=None, tensorizer_config_dict=None, skip_prefixes=None):\n'
            "        # AEON: adapters are staged on the Spark's local NVMe\n"
            '        return super().from_local_checkpoint(lora_dir.replace("/mnt/share", "/nvme"), expected_lora_modules, peft_helper, lora_model_id=lora_model_id, device=device, dtype=dtype, model_vocab_size=model_vocab_size, weights_mapper=weights_mapper, tensorizer_config_dict=tensorizer_config_dict, skip_prefixes=skip_prefixes)\n'
            + LOADER_TAIL,
            'def from_local_checkpoint(cls, lora_dir, expected_lora_modules, peft_helper, *, lora_model_id=None, device="cuda", dtype=None, model_vocab_size=None, weights_mapper=None, tensorizer_config_dict=None, skip_prefixes=None):',
        ),
    ),
    (
        "#42737 keyword passed to an override",
        "twin: a loader override with **kwargs",
        K(
            "#42737",
            EP,
            EPW,
            "vllm/aeon/ep4.py",
            LOADER + "    def from_local_checkpoint(cls, lora_dir, expected_lora_modules, peft_helper, **kwargs):\n"
            '        return super().from_local_checkpoint(lora_dir.replace("/mnt/share", "/nvme"), expected_lora_modules, peft_helper, **kwargs)\n'
            + LOADER_TAIL,
            "def from_local_checkpoint(cls, lora_dir, expected_lora_modules, peft_helper, **kwargs):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-loramgr-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
