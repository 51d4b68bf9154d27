"""Adversarial twins of the two classes killers135 landed: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a return made another kind under a rewrapped signature (#28798 ``rot_pos_emb`` -> ``(cos, sin)``, the
  signature rewrapped over three lines): the subclass's ``isinstance(freqs, tuple)`` test, a ``hasattr``
  test of the method, a try/except around the call, the pair indexed, the subclass's own override
  returning one tensor, a different receiver of the fork's own class, a fork function of the name, the pair
  rebound through ``torch.cat`` before the method, the call in a test file;
- an attribute made opt-in by a new falsy parameter (#32299 ``SiglipVisionTransformer.head`` built only
  when ``use_head``): the subclass testing the flag (``self.use_head``), ``getattr(self, "head", None)``,
  a try/except, the subclass handing ``use_head=True`` through ``**kwargs`` or by keyword, a fork
  factory building the tower with ``use_head=True``, a class property of its own.

Every error on a twin's line is a false one (a warning is counted apart; the opt-in class only warns).
The CASES are true catches of the same commits, kept to show the reach stays.

Round 1, main's engine (cff96254; 3 cases, 16 twins): 2 caught, 1 missed of 3; 0 false errors of 16 twins,
1 false warning: #32299's ``self.head(hidden)`` under ``if self.use_head:`` (the flag attribute the
upstream's conditional reads is a guard as good as a test of the attribute).  The miss: a subclass whose own
``__init__`` hands ``super().__init__`` positional arguments only -- the flag is keyword-only, yet any
positional argument counts as maybe handing it.
Round 2 (more real commits and spellings): #47006 (a02984ed47, Qwen3NextSparseMoeBlock.forward's signature
rewrapped with its tensor return kept, while a new helper of the diff returns a pair on an unnamed line: two
twins), #32299's early return when the flag is off, a fork ``functools.partial`` handing the flag, an assert
the head was built; a case of the head called under a test of another attribute (a warning).  Main (cff96254),
all rounds: 2 caught, 1 warned, 1 missed of 4; 0 false errors of 21 twins, 2 false warnings (the flag tested:
``if self.use_head:`` and ``if not self.use_head: return``).
This branch: 2 caught, 2 warned, 0 missed of 4; 0 false errors of 21 twins, 0 warned (a test of the flag
attribute the conditional reads guards the use; a keyword-only flag is not handed by positional arguments).

  PYTHONPATH=.. python review37_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- b9489f51e1 (#28798): Qwen2VisionTransformer.rot_pos_emb returns a (cos, sin) pair, signature rewrapped
RO = ("#28798", "b9489f51e1", "rot_pos_emb -> tuple[Tensor, Tensor] under a rewrapped signature")
Q2 = "import torch\n\nfrom vllm.model_executor.models.qwen2_vl import Qwen2VisionTransformer\n\n\n"


def _ro(name: str, body: str, line: str, head: str = Q2, path: str = "") -> Killer:
    return K(*RO, path or f"vllm/aeon/r37{name}.py", head + body, line)


CASES += [
    (
        "#28798 return made a pair",
        "freqs.sin() on the returned value",
        _ro(
            "ro0",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_sin(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs.sin()\n",
            "        return freqs.sin()",
        ),
    ),
    (
        "#28798 return made a pair",
        "freqs.size(0) on the returned value",
        _ro(
            "ro1",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_len(self, grid_thw: list[list[int]]) -> int:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs.size(0)\n",
            "        return freqs.size(0)",
        ),
    ),
]
TWINS += [
    (
        "#28798 return made a pair",
        "twin: isinstance(freqs, tuple) handles both returns",
        _ro(
            "rt0",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        if isinstance(freqs, tuple):\n"
            "            return freqs[0]\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: hasattr(freqs, 'cos') guard",
        _ro(
            "rt1",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        if hasattr(freqs, 'cos'):\n"
            "            return freqs.cos()\n"
            "        return freqs[0]\n",
            "            return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: try/except AttributeError around the method",
        _ro(
            "rt2",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        try:\n"
            "            return freqs.cos()\n"
            "        except AttributeError:  # AEON: newer upstreams hand (cos, sin)\n"
            "            return freqs[0]\n",
            "            return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the pair indexed before the method",
        _ro(
            "rt3",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs[0].float()\n",
            "        return freqs[0].float()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the subclass's own override returning one tensor",
        _ro(
            "rt4",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def rot_pos_emb(self, grid_thw: list[list[int]]) -> torch.Tensor:  # type: ignore[override]\n"
            "        cos, sin = super().rot_pos_emb(grid_thw)\n"
            "        return torch.cat((cos, sin), dim=-1)\n\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: a receiver of the fork's own class with a method of the name",
        _ro(
            "rt5",
            "class AeonRotary:\n"
            "    def rot_pos_emb(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        return torch.zeros(len(grid_thw))\n\n\n"
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    aeon_rotary: AeonRotary\n\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.aeon_rotary.rot_pos_emb(grid_thw)\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: a fork function of the name",
        _ro(
            "rt6",
            "def rot_pos_emb(grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "    return torch.zeros(len(grid_thw))\n\n\n"
            "def aeon_cos(grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "    freqs = rot_pos_emb(grid_thw)\n"
            "    return freqs.cos()\n",
            "    return freqs.cos()",
            head="import torch\n\n\n",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the pair rebound through torch.cat before the method",
        _ro(
            "rt7",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        freqs = torch.cat(freqs, dim=-1)\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the new spelling, both halves' methods",
        _ro(
            "rt8",
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_len(self, grid_thw: list[list[int]]) -> int:\n"
            "        cos, sin = self.rot_pos_emb(grid_thw)\n"
            "        return cos.size(0) + sin.size(0)\n",
            "        return cos.size(0) + sin.size(0)",
        ),
    ),
]

# --- a02984ed47 (#47006): Qwen3NextSparseMoeBlock.forward's signature rewrapped (a new parameter), its return
# kept one tensor, while a new function of the same diff returns a pair on an unnamed ``) -> tuple[...]:`` line
RS = ("#47006", "a02984ed47", "Qwen3NextSparseMoeBlock.forward rewrapped, return kept; a tuple-returning helper added")
QN = "import torch\n\nfrom vllm.model_executor.models.qwen3_next import Qwen3NextSparseMoeBlock\n\n\n"
TWINS += [
    (
        "#47006 signature rewrapped, kind kept",
        "twin: the subclass's tensor method on super().forward()",
        K(
            *RS,
            "vllm/aeon/r37rs0.py",
            QN + "class AeonMoeBlock(Qwen3NextSparseMoeBlock):\n"
            "    def forward(self, hidden_states: torch.Tensor, already_sequence_parallel: bool = False) -> torch.Tensor:\n"
            "        out = super().forward(hidden_states, already_sequence_parallel)\n"
            "        return out.clamp(-65504.0, 65504.0)  # AEON: fp16 overflow on the Spark\n",
            "        return out.clamp(-65504.0, 65504.0)  # AEON: fp16 overflow on the Spark",
        ),
    ),
    (
        "#47006 signature rewrapped, kind kept",
        "twin: the block's output's size off self.forward",
        K(
            *RS,
            "vllm/aeon/r37rs1.py",
            QN + "class AeonMoeBlock(Qwen3NextSparseMoeBlock):\n"
            "    def aeon_tokens(self, hidden_states: torch.Tensor) -> int:\n"
            "        out = self.forward(hidden_states)\n"
            "        return out.size(0)\n",
            "        return out.size(0)",
        ),
    ),
]

# --- 27b81e010d (#32299): SiglipVisionTransformer.head built only when the new use_head (default False) asks
SH = ("#32299", "27b81e010d", "SiglipVisionTransformer use_head=False: head None unless asked")
SIG = "import torch\n\nfrom vllm.model_executor.models.siglip import SiglipVisionTransformer\n\n\n"


def _sh(name: str, body: str, line: str, head: str = SIG) -> Killer:
    return K(*SH, f"vllm/aeon/r37{name}.py", head + body, line)


CASES += [
    (
        "#32299 attribute made opt-in",
        "a subclass's self.head call after a flag-free super().__init__",
        _sh(
            "sh0",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def __init__(self, config, quant_config=None, prefix: str = '') -> None:\n"
            "        super().__init__(config, quant_config, prefix=prefix)\n\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        return self.head(hidden)\n",
            "        return self.head(hidden)",
        ),
    ),
]
TWINS += [
    (
        "#32299 attribute made opt-in",
        "twin: the use under a test of the flag attribute",
        _sh(
            "st0",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        if self.use_head:\n"
            "            return self.head(hidden)\n"
            "        return hidden\n",
            "            return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: getattr(self, 'head', None) guard",
        _sh(
            "st1",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        head = getattr(self, 'head', None)\n"
            "        return hidden if head is None else head(hidden)\n",
            "        return hidden if head is None else head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: try/except TypeError around the call",
        _sh(
            "st2",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        try:\n"
            "            return self.head(hidden)\n"
            "        except TypeError:  # AEON: no head built\n"
            "            return hidden\n",
            "            return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: the subclass hands use_head=True by keyword",
        _sh(
            "st3",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def __init__(self, config, quant_config=None, prefix: str = '') -> None:\n"
            "        super().__init__(config, quant_config, prefix=prefix, use_head=True)\n\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        return self.head(hidden)\n",
            "        return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: the subclass sets the flag in kwargs it hands on",
        _sh(
            "st4",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def __init__(self, config, **kwargs) -> None:\n"
            "        kwargs['use_head'] = True  # AEON: the embedding endpoint pools\n"
            "        super().__init__(config, **kwargs)\n\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        return self.head(hidden)\n",
            "        return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: the subclass hands a dict with the flag",
        _sh(
            "st5",
            "AEON_TOWER = {'use_head': True}\n\n\n"
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def __init__(self, config, prefix: str = '') -> None:\n"
            "        super().__init__(config, prefix=prefix, **AEON_TOWER)\n\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        return self.head(hidden)\n",
            "        return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: the subclass tests hasattr and None",
        _sh(
            "st6",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        if not getattr(self, 'use_head', False):\n"
            "            return hidden\n"
            "        return self.head(hidden)\n",
            "        return self.head(hidden)",
        ),
    ),
]

TWINS += [
    (
        "#32299 attribute made opt-in",
        "twin: an early return when the flag is off",
        _sh(
            "st7",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        if not self.use_head:\n"
            "            return hidden.mean(dim=1)  # AEON: mean-pool when upstream built no head\n"
            "        return self.head(hidden)\n",
            "        return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: a fork factory building the subclass with the flag",
        _sh(
            "st8",
            "import functools\n\n\n"
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        return self.head(hidden)\n\n\n"
            "AEON_TOWER = functools.partial(AeonTower, use_head=True)\n",
            "        return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made opt-in",
        "twin: an assert the head was built",
        _sh(
            "st9",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        assert self.head is not None, 'AEON: build the tower with use_head=True'\n"
            "        return self.head(hidden)\n",
            "        return self.head(hidden)",
        ),
    ),
]
CASES += [
    (
        "#32299 attribute made opt-in",
        "a subclass's self.head call under a test of another attribute",
        _sh(
            "sh1",
            "class AeonTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        if self.training:\n"
            "            return self.head(hidden)\n"
            "        return hidden\n",
            "            return self.head(hidden)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review37-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
