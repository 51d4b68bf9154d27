"""Adversarial twins of the servechat widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the new checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- scalar-to-object drift (symbol drift, ``drift/retyped_params.py`` ``scalar_retyped``): #33103
  (``get_max_tokens``' ``input_length: int`` made ``prompt: TokensPrompt | EmbedsPrompt``) and #33843
  (``fused_experts``' ``activation: str`` made ``MoEActivation``, the body now passes ``activation.value``):
  the old call under a test of the callee's signature, under a ``hasattr`` of the new enum, under a version
  check, in a ``try`` catching the AttributeError; the fork's own namesake (in the file, imported from a fork
  module, a method of a fork class); an int in a slot that still takes one; a value the fork computes
  itself; a ``*args`` call; a parameter of the prompt's name beside a nested helper's own local;
- an int index of a sequence made a dict keyed by name (container drift, ``drift/retyped.py``
  ``_keyed_by_text``; #20636 ``OpenAIServingModels.lora_requests`` list -> ``dict[str, LoRARequest]``): the
  index under an ``isinstance`` of the container (early return, conditional expression), a ``hasattr`` of
  ``values``, a version check; a fork class of its own holding a ``lora_requests`` list; a list the fork
  builds from the dict; a key by name;
- name drift's ``hasattr`` gate (``drift/names.py`` ``_compatible``; #28631 ``_validate_input`` removed):
  ``if not hasattr(...)`` returning the fork's path first, a ``getattr(..., None)`` then the fork's path.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (13729c4e), round 1 (5 cases, 27 twins): 5 caught of 5; 4 false errors of 27: scalar-to-object
drift on a parameter of the prompt's name passed on, beside a nested helper's own ``prompt = len(ids)`` (the
parameter taken for a local bound once to a length); on the literal under ``if hasattr(fused_moe,
"MoEActivation")`` whose branch calls ``fused_experts`` with the enum, and under a test of
``fused_experts.__annotations__`` whose other path calls it without the keyword (the fork's path per
release); symbol drift's string read on ``validate = getattr(self, "_validate_input", None)`` followed by
``if validate is not None: return validate(...)`` and the fork's own path (the hasattr gate's twin, which
symbol and name drift leave quiet).  4 twins warned: #33103's old call under a test of the callee's signature, in a ``try`` catching the
AttributeError, under a version check; #20636's index under a version check.
This branch, round 2: 5 caught of 5; 0 false errors of 27 (6 warned: the four above, and #33843's literal
under the ``hasattr`` of the new enum and under the test of ``fused_experts.__annotations__``).  The mends: a
parameter is never a local bound once, and a nested scope's store is its own (``scalar_kind``); a call under a
``hasattr`` of a name the callee's file spells on one side only is a warning for scalar-to-object drift too,
and a read of the callee's ``__annotations__``/``__code__``/``__defaults__`` (or ``get_type_hints``) is a test
of its signature engine-wide; ``v = getattr(x, "gone", None)`` whose first test picks the member or a path that
builds the fork's own value is quiet for symbol and name drift (``guarded_reads.held_both_ways``).
Regression set at the mends: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review15/16/17_twins 0
false errors (40, 30, 23 twins), review23_twins (the ``hasattr`` gates) 7/7 and 0 false of 37, review29_twins
(the ``getattr`` defaults) 5/5 and 0 false of 32, blind_replay_servechat 38 caught, 1 missed of 39 (0 false of
19), blind_replay_serving 29 caught, 5 warned of 34, blind_replay_openai 17 caught, 1 warned of 18 (0 false
errors each: the same as main), ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken
overrides, 4 caught).

  PYTHONPATH=.. python review51_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- e0b005d9cf (#33103): get_max_tokens(max_model_len, request, input_length: int, defaults) -> (..., prompt, ...)
GP = ("#33103", "e0b005d9cf", "get_max_tokens(input_length: int) -> (prompt: TokensPrompt | EmbedsPrompt)")
GMT = "from vllm.entrypoints.utils import get_max_tokens\n"
CASES += [
    (
        "#33103 scalar retyped",
        "a parameter annotated int passed on",
        K(
            *GP,
            "vllm/aeon/r51gp0.py",
            GMT + "\n\ndef aeon_budget(max_model_len: int, request, prompt_len: int, defaults: dict) -> int:\n"
            "    return get_max_tokens(max_model_len, request, prompt_len, defaults)\n",
            "    return get_max_tokens(max_model_len, request, prompt_len, defaults)",
        ),
    ),
]
TWINS += [
    (
        "#33103 scalar retyped",
        "twin: the old call under a test of the callee's signature",
        K(
            *GP,
            "vllm/aeon/r51gp1.py",
            "import inspect\n\n"
            + GMT
            + "\n\ndef aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            '    if "input_length" in inspect.signature(get_max_tokens).parameters:  # AEON: older upstreams\n'
            "        return get_max_tokens(max_model_len, request, len(ids), defaults)\n"
            '    return get_max_tokens(max_model_len, request, {"prompt_token_ids": ids}, defaults)\n',
            "        return get_max_tokens(max_model_len, request, len(ids), defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: the old call in a try catching the AttributeError, the new one after",
        K(
            *GP,
            "vllm/aeon/r51gp2.py",
            GMT + "\n\ndef aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            "    try:\n"
            "        return get_max_tokens(max_model_len, request, len(ids), defaults)\n"
            "    except AttributeError:  # AEON: newer upstreams take the prompt itself\n"
            '        return get_max_tokens(max_model_len, request, {"prompt_token_ids": ids}, defaults)\n',
            "        return get_max_tokens(max_model_len, request, len(ids), defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: the old call under a version check",
        K(
            *GP,
            "vllm/aeon/r51gp3.py",
            "from packaging import version\n\nimport vllm\n" + GMT + "\n\n"
            "def aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            '    if version.parse(vllm.__version__) < version.parse("0.16"):\n'
            "        return get_max_tokens(max_model_len, request, len(ids), defaults)\n"
            '    return get_max_tokens(max_model_len, request, {"prompt_token_ids": ids}, defaults)\n',
            "        return get_max_tokens(max_model_len, request, len(ids), defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: the fork's own get_max_tokens in the file",
        K(
            *GP,
            "vllm/aeon/r51gp4.py",
            "def get_max_tokens(max_model_len: int, request, input_length: int, defaults: dict) -> int:\n"
            "    # AEON: the Spark's admission budget, by length\n"
            '    return min(max_model_len - input_length, defaults.get("max_tokens", max_model_len))\n\n\n'
            "def aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            "    return get_max_tokens(max_model_len, request, len(ids), defaults)\n",
            "    return get_max_tokens(max_model_len, request, len(ids), defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: a fork wrapper of the name, the upstream function imported under another",
        K(
            *GP,
            "vllm/aeon/r51gp5.py",
            "from vllm.entrypoints.utils import get_max_tokens as upstream_max_tokens\n\n\n"
            "def get_max_tokens(max_model_len: int, request, input_length: int, defaults: dict) -> int:\n"
            "    # AEON: old callers pass a length; the prompt it stands for\n"
            '    prompt = {"prompt_token_ids": [0] * input_length}\n'
            "    return upstream_max_tokens(max_model_len, request, prompt, defaults)  # type: ignore[arg-type]\n\n\n"
            "def aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            "    return get_max_tokens(max_model_len, request, len(ids), defaults)\n",
            "    return get_max_tokens(max_model_len, request, len(ids), defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: the fork's own get_max_tokens imported from a fork module",
        Killer(
            *GP,
            (
                Edit(
                    "vllm/aeon/r51budget.py",
                    "def get_max_tokens(max_model_len: int, request, input_length: int, defaults: dict) -> int:\n"
                    "    return max_model_len - input_length\n",
                ),
                Edit(
                    "vllm/aeon/r51gp6.py",
                    "from vllm.aeon.r51budget import get_max_tokens\n\n\n"
                    "def aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
                    "    return get_max_tokens(max_model_len, request, len(ids), defaults)\n",
                ),
            ),
            (("vllm/aeon/r51gp6.py", "    return get_max_tokens(max_model_len, request, len(ids), defaults)"),),
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: a fork class's own method of the name",
        K(
            *GP,
            "vllm/aeon/r51gp7.py",
            GMT + "\n\nclass AeonBudget:\n"
            "    def get_max_tokens(self, max_model_len: int, request, input_length: int, defaults: dict) -> int:\n"
            "        return max_model_len - input_length\n\n"
            "    def aeon_budget(self, max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            "        return self.get_max_tokens(max_model_len, request, len(ids), defaults)\n",
            "        return self.get_max_tokens(max_model_len, request, len(ids), defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: a length in the slot that still takes an int",
        K(
            *GP,
            "vllm/aeon/r51gp8.py",
            GMT + "\n\ndef aeon_budget(ids: list[int], request, prompt, defaults: dict) -> int:\n"
            "    # AEON: the Spark caps the context at twice the prompt\n"
            "    return get_max_tokens(2 * len(ids), request, prompt, defaults)\n",
            "    return get_max_tokens(2 * len(ids), request, prompt, defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: a *args call built from the prompt",
        K(
            *GP,
            "vllm/aeon/r51gp9.py",
            GMT + "\n\ndef aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            '    rest = ({"prompt_token_ids": ids}, defaults)\n'
            "    return get_max_tokens(max_model_len, request, *rest)\n",
            "    return get_max_tokens(max_model_len, request, *rest)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: the prompt parameter passed on, a nested helper's own local of its name",
        K(
            *GP,
            "vllm/aeon/r51gp10.py",
            "import logging\n\n" + GMT + "\nlogger = logging.getLogger(__name__)\n\n\n"
            "def aeon_budget(max_model_len: int, request, prompt, defaults: dict) -> int:\n"
            "    def log_length(ids: list[int]) -> None:\n"
            "        prompt = len(ids)  # AEON: the helper's own count\n"
            '        logger.debug("prompt of %d tokens", prompt)\n\n'
            '    log_length(prompt["prompt_token_ids"])\n'
            "    return get_max_tokens(max_model_len, request, prompt, defaults)\n",
            "    return get_max_tokens(max_model_len, request, prompt, defaults)",
        ),
    ),
    (
        "#33103 scalar retyped",
        "twin: a lambda's own parameter of the name, beside the function's count of that name",
        K(
            *GP,
            "vllm/aeon/r51gp11.py",
            GMT + "\n\ndef aeon_budgets(max_model_len: int, request, prompts: list, defaults: dict) -> list[int]:\n"
            "    prompt = len(prompts)  # AEON: the batch's size, for the admission log\n"
            "    print(prompt)\n"
            "    return list(map(lambda prompt: get_max_tokens(max_model_len, request, prompt, defaults), prompts))\n",
            "    return list(map(lambda prompt: get_max_tokens(max_model_len, request, prompt, defaults), prompts))",
        ),
    ),
]

# --- ff1f83b056 (#33843): fused_experts(..., activation: str = "silu") -> (..., activation: MoEActivation = ...)
AC = ("#33843", "ff1f83b056", "fused_experts activation: str -> MoEActivation (the body passes activation.value)")
FE = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.fused_moe import fused_experts\n"
CASES += [
    (
        "#33843 scalar retyped",
        "a literal keyword",
        K(
            *AC,
            "vllm/aeon/r51ac0.py",
            FE
            + "\n\ndef aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor):\n"
            '    return fused_experts(x, w1, w2, tw, ti, activation="silu")\n',
            '    return fused_experts(x, w1, w2, tw, ti, activation="silu")',
        ),
    ),
    (
        "#33843 scalar retyped",
        "a parameter annotated str passed on by keyword",
        K(
            *AC,
            "vllm/aeon/r51ac1.py",
            FE
            + "\n\ndef aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor, act: str):\n"
            "    return fused_experts(x, w1, w2, tw, ti, activation=act)\n",
            "    return fused_experts(x, w1, w2, tw, ti, activation=act)",
        ),
    ),
]
TWINS += [
    (
        "#33843 scalar retyped",
        "twin: the literal under a hasattr of the new enum's module",
        K(
            *AC,
            "vllm/aeon/r51ac2.py",
            "import torch\n\nfrom vllm.model_executor.layers import fused_moe\n"
            "from vllm.model_executor.layers.fused_moe.fused_moe import fused_experts\n\n\n"
            "def aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor):\n"
            '    if hasattr(fused_moe, "MoEActivation"):  # AEON: newer upstreams take the enum\n'
            "        return fused_experts(x, w1, w2, tw, ti, activation=fused_moe.MoEActivation.SILU)\n"
            '    return fused_experts(x, w1, w2, tw, ti, activation="silu")\n',
            '    return fused_experts(x, w1, w2, tw, ti, activation="silu")',
        ),
    ),
    (
        "#33843 scalar retyped",
        "twin: a value the fork computes itself, the enum or the name by what imports",
        K(
            *AC,
            "vllm/aeon/r51ac3.py",
            FE + "\ntry:\n"
            "    from vllm.model_executor.layers.fused_moe.activation import MoEActivation\n\n"
            "    SILU: object = MoEActivation.SILU\n"
            "except ImportError:  # AEON: older upstreams take the name\n"
            '    SILU = "silu"\n\n\n'
            "def aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor):\n"
            "    return fused_experts(x, w1, w2, tw, ti, activation=SILU)\n",
            "    return fused_experts(x, w1, w2, tw, ti, activation=SILU)",
        ),
    ),
    (
        "#33843 scalar retyped",
        "twin: the name made the enum at the call (the new spelling)",
        K(
            *AC,
            "vllm/aeon/r51ac4.py",
            FE + "from vllm.model_executor.layers.fused_moe.activation import MoEActivation\n\n\n"
            "def aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor, act: str):\n"
            "    return fused_experts(x, w1, w2, tw, ti, activation=MoEActivation.from_str(act))\n",
            "    return fused_experts(x, w1, w2, tw, ti, activation=MoEActivation.from_str(act))",
        ),
    ),
    (
        "#33843 scalar retyped",
        "twin: a str in the slot that still takes a bool (inplace) is not the fork's",
        K(
            *AC,
            "vllm/aeon/r51ac5.py",
            FE
            + "\n\ndef aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor):\n"
            "    return fused_experts(x, w1, w2, tw, ti, False)\n",
            "    return fused_experts(x, w1, w2, tw, ti, False)",
        ),
    ),
    (
        "#33843 scalar retyped",
        "twin: the fork's own fused_experts of the old signature in the file",
        K(
            *AC,
            "vllm/aeon/r51ac6.py",
            "import torch\n\n\n"
            "def fused_experts(x, w1, w2, tw, ti, inplace: bool = False, activation: str = 'silu'):  # type: ignore[no-untyped-def]\n"
            "    # AEON: the Spark's reference path\n"
            "    return x if activation == 'silu' else x * 0\n\n\n"
            "def aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor):\n"
            '    return fused_experts(x, w1, w2, tw, ti, activation="silu")\n',
            '    return fused_experts(x, w1, w2, tw, ti, activation="silu")',
        ),
    ),
    (
        "#33843 scalar retyped",
        "twin: the literal under a test of the callee's annotation",
        K(
            *AC,
            "vllm/aeon/r51ac7.py",
            FE
            + "\n\ndef aeon_moe(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, tw: torch.Tensor, ti: torch.Tensor):\n"
            '    if fused_experts.__annotations__.get("activation") in (str, "str"):  # AEON: older upstreams\n'
            '        return fused_experts(x, w1, w2, tw, ti, activation="silu")\n'
            "    return fused_experts(x, w1, w2, tw, ti)\n",
            '        return fused_experts(x, w1, w2, tw, ti, activation="silu")',
        ),
    ),
]

# --- baed180aa0 (#20636): OpenAIServingModels.lora_requests list[LoRARequest] -> dict[str, LoRARequest]
LR = ("#20636", "baed180aa0", "OpenAIServingModels.lora_requests list -> dict[str, LoRARequest]")
SM = "from vllm.entrypoints.openai.serving_models import OpenAIServingModels\n"
CASES += [
    (
        "#20636 sequence made a named dict",
        "the last adapter, a negative index off a subclass's self",
        K(
            *LR,
            "vllm/aeon/r51lr0.py",
            SM + "\n\nclass AeonModels(OpenAIServingModels):\n"
            "    def aeon_latest(self):\n"
            "        return self.lora_requests[-1]\n",
            "        return self.lora_requests[-1]",
        ),
    ),
]
TWINS += [
    (
        "#20636 sequence made a named dict",
        "twin: the index after an isinstance of the dict that returns",
        K(
            *LR,
            "vllm/aeon/r51lr1.py",
            SM + "\n\ndef aeon_first_adapter(models: OpenAIServingModels):\n"
            "    if isinstance(models.lora_requests, dict):  # AEON: newer upstreams key them by name\n"
            "        return next(iter(models.lora_requests.values()), None)\n"
            "    return models.lora_requests[0] if models.lora_requests else None\n",
            "    return models.lora_requests[0] if models.lora_requests else None",
        ),
    ),
    (
        "#20636 sequence made a named dict",
        "twin: the index in a conditional expression on isinstance of a list",
        K(
            *LR,
            "vllm/aeon/r51lr2.py",
            SM + "\n\ndef aeon_first_adapter(models: OpenAIServingModels):\n"
            "    return (\n"
            "        models.lora_requests[0]\n"
            "        if isinstance(models.lora_requests, list)\n"
            "        else next(iter(models.lora_requests.values()))\n"
            "    )\n",
            "        models.lora_requests[0]",
        ),
    ),
    (
        "#20636 sequence made a named dict",
        "twin: the index under a hasattr of values, the else its own path",
        K(
            *LR,
            "vllm/aeon/r51lr3.py",
            SM + "\n\ndef aeon_first_adapter(models: OpenAIServingModels):\n"
            '    if hasattr(models.lora_requests, "values"):\n'
            "        first = next(iter(models.lora_requests.values()))\n"
            "    else:\n"
            "        first = models.lora_requests[0]\n"
            "    return first\n",
            "        first = models.lora_requests[0]",
        ),
    ),
    (
        "#20636 sequence made a named dict",
        "twin: the index under a version check",
        K(
            *LR,
            "vllm/aeon/r51lr4.py",
            "from packaging import version\n\nimport vllm\n" + SM + "\n\n"
            "def aeon_first_adapter(models: OpenAIServingModels):\n"
            '    if version.parse(vllm.__version__) < version.parse("0.9.2"):\n'
            "        return models.lora_requests[0]\n"
            "    return next(iter(models.lora_requests.values()))\n",
            "        return models.lora_requests[0]",
        ),
    ),
    (
        "#20636 sequence made a named dict",
        "twin: a fork class of its own holding a lora_requests list",
        K(
            *LR,
            "vllm/aeon/r51lr5.py",
            "from vllm.lora.request import LoRARequest\n\n\n"
            "class AeonAdapterBook:\n"
            "    def __init__(self) -> None:\n"
            "        self.lora_requests: list[LoRARequest] = []  # AEON: the pinned adapters, in load order\n\n\n"
            "def aeon_first_pinned(book: AeonAdapterBook) -> LoRARequest:\n"
            "    return book.lora_requests[0]\n",
            "    return book.lora_requests[0]",
        ),
    ),
    (
        "#20636 sequence made a named dict",
        "twin: a list the fork builds from the container, indexed",
        K(
            *LR,
            "vllm/aeon/r51lr6.py",
            SM + "\n\ndef aeon_first_adapter(models: OpenAIServingModels):\n"
            "    loaded = sorted(models.lora_requests.values(), key=lambda r: r.lora_int_id)\n"
            "    return loaded[0]\n",
            "    return loaded[0]",
        ),
    ),
    (
        "#20636 sequence made a named dict",
        "twin: a key by the adapter's name (the new spelling)",
        K(
            *LR,
            "vllm/aeon/r51lr7.py",
            SM + "\n\ndef aeon_sql_adapter(models: OpenAIServingModels):\n"
            '    return models.lora_requests["sql-lora"]\n',
            '    return models.lora_requests["sql-lora"]',
        ),
    ),
    (
        "#20636 sequence made a named dict",
        "twin: the index in a subclass that keeps its own list under another name",
        K(
            *LR,
            "vllm/aeon/r51lr8.py",
            SM + "\n\nclass AeonModels(OpenAIServingModels):\n"
            "    def aeon_first(self, pinned: list) -> object:\n"
            "        lora_requests = pinned or list(self.lora_requests.values())\n"
            "        return lora_requests[0]\n",
            "        return lora_requests[0]",
        ),
    ),
]

# --- d9d21eb8e3 (#28631): OpenAIServing._validate_input removed
VI = ("#28631", "d9d21eb8e3", "OpenAIServing._validate_input removed")
ES = "from vllm.entrypoints.openai.engine.serving import OpenAIServing\n"
CASES += [
    (
        "#28631 hook removed",
        "a bound method stored, no fork path",
        K(
            *VI,
            "vllm/aeon/r51vi0.py",
            ES + "\n\nclass AeonCheckingServing(OpenAIServing):\n"
            "    def aeon_tokens_prompt(self, request, ids: list[int], text: str):\n"
            "        check = self._validate_input\n"
            "        return check(request, ids, text)\n",
            "        check = self._validate_input",
        ),
    ),
]
TWINS += [
    (
        "#28631 hook removed",
        "twin: if not hasattr returns the fork's path first",
        K(
            *VI,
            "vllm/aeon/r51vi1.py",
            ES + "\n\nclass AeonGuardedServing(OpenAIServing):\n"
            "    def aeon_tokens_prompt(self, request, ids: list[int], text: str):\n"
            '        if not hasattr(self, "_validate_input"):  # AEON: newer upstreams validate in the IO processor\n'
            '            return {"prompt_token_ids": ids, "prompt": text}\n'
            "        return self._validate_input(request, ids, text)\n",
            '        if not hasattr(self, "_validate_input"):  # AEON: newer upstreams validate in the IO processor',
        ),
    ),
    (
        "#28631 hook removed",
        "twin: getattr with None, then the fork's path",
        K(
            *VI,
            "vllm/aeon/r51vi2.py",
            ES + "\n\nclass AeonGuardedServing(OpenAIServing):\n"
            "    def aeon_tokens_prompt(self, request, ids: list[int], text: str):\n"
            '        validate = getattr(self, "_validate_input", None)\n'
            "        if validate is not None:\n"
            "            return validate(request, ids, text)\n"
            '        return {"prompt_token_ids": ids, "prompt": text}\n',
            '        validate = getattr(self, "_validate_input", None)',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review51-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
