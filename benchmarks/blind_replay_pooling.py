"""A blind replay of the pooling and embedding surface a fork's embedding or reranker carry patches.

9 first-parent commits on the pooling surface -- the pooler layers (``pooler.py`` and the ``pooler/`` package
it became: the poolers' heads and their constructors, the activations, ``build_output`` and the module
helpers moved into ``PoolingMetadata``), ``PoolingMetadata``/``PoolingCursor`` (``vllm/v1/pool/metadata.py``),
the adapters (``as_reward_model`` removed, ``use_pad_token`` renamed ``use_sep_token``) and the pooling task
names (the ``score`` task deprecated) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use: #42851 (``PoolerClassify(static_num_labels=)`` renamed
``num_labels=``), #37572 (``PoolingCursor.index`` removed), #39530 (``ClassifierPoolerHead``'s
``logit_bias``/``logit_scale`` renamed ``logit_mean``/``logit_sigma``, keyword and attribute), #37537 (the
score task: ``get_cross_encoder_act_fn`` removed, ``resolve_classifier_act_fn``'s ``act_fn="score"`` string no
longer accepted, ``"score"`` gone from a classifier head's tasks), #30027 (``pooler.get_prompt_token_ids`` /
``get_tasks`` moved into ``PoolingMetadata``), #26686 (``as_reward_model`` removed), #25629 (``build_output``
removed, a pooler returns the tensors, not a ``PoolerOutput``), #32148 (the heads no longer load their
projector and normaliser themselves: ``EmbeddingPoolerHead()`` built on its defaults has neither) and #31784
(``ModelConfig.use_pad_token`` renamed ``use_sep_token``, and the hf config key with it).  Each is replayed
under 1-3 fork spellings written the way fork code is written (a keyword call, a subclass's ``super()``
keyword, an attribute read off a typed receiver or a typed method's result, a subclass reading an inherited
attribute, an import of a removed name, a module attribute, a string argument, a membership test, a
``getattr`` with a literal key), with twins (fork code the commit does not break).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8b3c1af1): 12 caught, 1 warned, 6 missed of 19 (twins: 8
quiet, 1 of them warned, 0 false errors).  The misses: #37572's ``meta.get_pooling_cursor().index[0]`` (a read
off a method's result typed by its return annotation), #37537's ``resolve_classifier_act_fn(model_config,
act_fn='score')`` (a string passed to a parameter whose annotation dropped ``str``; the body's ``act_fn ==
"score"`` went with it) and ``'score' in head.get_supported_tasks()`` (a string the method no longer returns),
#25629's ``pooler(hidden, meta).outputs`` (``forward`` now returns the tensors), #32148's
``self.activation(x)`` in a subclass of a head whose default ``activation`` is None now, and #31784's
``getattr(hf_config, 'use_pad_token', True)`` (a key upstream renamed everywhere).  #32148's
``EmbeddingPoolerHead()`` built on its defaults is warned (default drift).
After the killers70 widenings: 15 caught, 1 warned, 3 missed of 19 (twins: 8 quiet, 1 of them warned, 0 false
errors).  Caught now: a read off the one object a method on a typed receiver returns, by its return annotation
(symbol drift; an instance called too, by its ``__call__`` or a module's ``forward``); a literal of a kind
upstream dropped from a parameter's union whose old body handled that kind and whose new body does not (symbol
drift, ``drift/narrowed.py``); a string taken out of a returned display of strings (return drift).  Left:
#25629's ``pooler(hidden, meta).outputs`` (the call now resolves to ``forward``, but its ``-> PoolerOutput`` now
names a ``Union[torch.Tensor, list[torch.Tensor]]`` alias, no class: a record made a union alias is a class of
its own, not built), #32148's ``self.activation(x)`` (an inherited attribute whose constructor default became
None: a call of None, tied to no removed name), and #31784's ``getattr(hf_config, 'use_pad_token', True)``:
upstream still reads that key as a deprecated fallback (``vllm/config/model.py``), so name drift rightly stays
quiet -- the fork's read loses only the value upstream's adapter used to set.
Regression after killers70: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins
0 false errors (8+1/9, 6/6, 11+1/12), blind_replay_openai 17/1/0 of 18, blind_replay_layers 45/45,
blind_replay_runner 24/2/1 of 27 (unchanged), symbol_precision.py --windows 3: 0 false errors.
After misses1: 16 caught, 1 warned, 2 missed of 19 (twins: 10 quiet, 1 of them warned, 0 false errors; two
#32148 twins added with the widening, a subclass testing the activation for None and one handing it to
``super().__init__``).  Caught now: #32148's ``self.activation(x)`` (an attribute upstream's constructor
stopped building, now a parameter defaulting to None, used unguarded by a fork subclass: type drift,
``drift/nulled_attributes.py``).  Left: #25629 (the typed-receiver machinery of ``symbols.py`` would have to
read a class made a ``Union`` alias as a record of no fields; not done in a shared module) and #31784.
After fixAE: 15 caught, 2 warned, 2 missed of 19 (twins: 10 quiet, 1 of them warned, 0 false errors).  One
killer lost to a warning on purpose: #32148's ``self.activation(x)`` is warned, not caught -- whether the value
arrives is a guess about who builds the class (a mixin, a factory, an alias, ``partial`` ... hand it), and nine
correct spellings were errors on misses1's engine.

  python benchmarks/blind_replay_pooling.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #42851 (1c8e9c0399): PoolerClassify(static_num_labels=) -> PoolerClassify(num_labels=)
NL = "1c8e9c0399"
NLW = "PoolerClassify keyword static_num_labels renamed num_labels"
ACT = "from vllm.model_executor.layers.pooler.activations import PoolerClassify\n\n\n"
CASES += [
    (
        "#42851 keyword renamed",
        "a keyword call",
        K(
            "#42851",
            NL,
            NLW,
            "vllm/aeon/nl1.py",
            ACT + "def aeon_dynamic_classify() -> PoolerClassify:\n"
            "    # AEON: the Spark's reranker swaps label heads at runtime\n"
            "    return PoolerClassify(static_num_labels=False)\n",
            "return PoolerClassify(static_num_labels=False)",
        ),
    ),
    (
        "#42851 keyword renamed",
        "a subclass's super().__init__ keyword",
        K(
            "#42851",
            NL,
            NLW,
            "vllm/aeon/nl2.py",
            ACT + "class AeonClassify(PoolerClassify):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__(static_num_labels=False)\n",
            "super().__init__(static_num_labels=False)",
        ),
    ),
    (
        "#42851 keyword renamed",
        "twin: built on its defaults",
        K(
            "#42851",
            NL,
            NLW,
            "vllm/aeon/nl3.py",
            ACT + "def aeon_classify() -> PoolerClassify:\n    return PoolerClassify()\n",
            "return PoolerClassify()",
        ),
    ),
]

# --- #37572 (2be1a0f74b): PoolingCursor.index removed (dead code)
CI = "2be1a0f74b"
CIW = "PoolingCursor.index removed"
MD = "from vllm.v1.pool.metadata import PoolingCursor, PoolingMetadata\n\n\n"
CASES += [
    (
        "#37572 dataclass field removed",
        "a read off a typed parameter",
        K(
            "#37572",
            CI,
            CIW,
            "vllm/aeon/ci1.py",
            MD + "def aeon_rows(cursor: PoolingCursor) -> list[int]:\n"
            "    # AEON: the embedding cache keys rows by their batch index\n"
            "    return list(cursor.index)\n",
            "return list(cursor.index)",
        ),
    ),
    (
        "#37572 dataclass field removed",
        "a read off a typed method's result",
        K(
            "#37572",
            CI,
            CIW,
            "vllm/aeon/ci2.py",
            MD + "def aeon_first_row(meta: PoolingMetadata) -> int:\n    return meta.get_pooling_cursor().index[0]\n",
            "return meta.get_pooling_cursor().index[0]",
        ),
    ),
    (
        "#37572 dataclass field removed",
        "twin: a kept field",
        K(
            "#37572",
            CI,
            CIW,
            "vllm/aeon/ci3.py",
            MD + "def aeon_firsts(cursor: PoolingCursor):\n    return cursor.first_token_indices_gpu\n",
            "return cursor.first_token_indices_gpu",
        ),
    ),
]

# --- #39530 (fa6ae31177): ClassifierPoolerHead logit_bias/logit_scale -> logit_mean/logit_sigma
LB = "fa6ae31177"
LBW = "ClassifierPoolerHead logit_bias/logit_scale renamed"
HD = "import torch\n\nfrom vllm.model_executor.layers.pooler.seqwise.heads import ClassifierPoolerHead\n\n\n"
CASES += [
    (
        "#39530 keyword and attribute renamed",
        "a keyword to the head's constructor",
        K(
            "#39530",
            LB,
            LBW,
            "vllm/aeon/lb1.py",
            HD + "def aeon_head(score: torch.nn.Module) -> ClassifierPoolerHead:\n"
            "    # AEON: the GB10 reranker's logits are calibrated offline\n"
            "    return ClassifierPoolerHead(classifier=score, logit_bias=0.25)\n",
            "return ClassifierPoolerHead(classifier=score, logit_bias=0.25)",
        ),
    ),
    (
        "#39530 keyword and attribute renamed",
        "a subclass reading the inherited attribute",
        K(
            "#39530",
            LB,
            LBW,
            "vllm/aeon/lb2.py",
            HD + "class AeonClassifierHead(ClassifierPoolerHead):\n"
            "    def aeon_scale(self) -> float:\n"
            "        return 1.0 if self.logit_scale is None else self.logit_scale\n",
            "return 1.0 if self.logit_scale is None else self.logit_scale",
        ),
    ),
    (
        "#39530 keyword and attribute renamed",
        "twin: kept keywords",
        K(
            "#39530",
            LB,
            LBW,
            "vllm/aeon/lb3.py",
            HD + "def aeon_head2(score: torch.nn.Module) -> ClassifierPoolerHead:\n"
            "    return ClassifierPoolerHead(classifier=score, head_dtype=torch.float32)\n",
            "return ClassifierPoolerHead(classifier=score, head_dtype=torch.float32)",
        ),
    ),
]

# --- #37537 (ed359c497a): the score task deprecated: get_cross_encoder_act_fn removed, act_fn="score" gone,
#     "score" no longer a classifier head's task
SC = "ed359c497a"
SCW = "score task deprecated"
CASES += [
    (
        "#37537 function removed",
        "an import of the removed function",
        K(
            "#37537",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            "from vllm.model_executor.layers.pooler.activations import get_cross_encoder_act_fn\n\n\n"
            "def aeon_ce_act(config):\n    return get_cross_encoder_act_fn(config)\n",
            "from vllm.model_executor.layers.pooler.activations import get_cross_encoder_act_fn",
        ),
    ),
    (
        "#37537 accepted string removed",
        "a string act_fn keyword",
        K(
            "#37537",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.layers.pooler.activations import resolve_classifier_act_fn\n\n\n"
            "def aeon_ce_act2(model_config: ModelConfig):\n"
            "    return resolve_classifier_act_fn(model_config, act_fn='score')\n",
            "return resolve_classifier_act_fn(model_config, act_fn='score')",
        ),
    ),
    (
        "#37537 task value removed",
        "a membership test on the head's tasks",
        K(
            "#37537",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            "from vllm.model_executor.layers.pooler.seqwise.heads import ClassifierPoolerHead\n\n\n"
            "def aeon_is_cross_encoder(head: ClassifierPoolerHead) -> bool:\n"
            "    return 'score' in head.get_supported_tasks()\n",
            "return 'score' in head.get_supported_tasks()",
        ),
    ),
    (
        "#37537 function removed",
        "twin: the resolver on its defaults",
        K(
            "#37537",
            SC,
            SCW,
            "vllm/aeon/sc4.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.layers.pooler.activations import resolve_classifier_act_fn\n\n\n"
            "def aeon_act(model_config: ModelConfig):\n"
            "    return resolve_classifier_act_fn(model_config)\n",
            "return resolve_classifier_act_fn(model_config)",
        ),
    ),
]

# --- #30027 (68eb5c8d97): pooler.get_prompt_lens/get_prompt_token_ids/get_pooling_params/get_tasks moved into
#     PoolingMetadata
PM = "68eb5c8d97"
PMW = "pooler module helpers moved into PoolingMetadata"
CASES += [
    (
        "#30027 module function removed",
        "an import of the moved helper",
        K(
            "#30027",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            "from vllm.model_executor.layers.pooler import get_prompt_token_ids\n"
            "from vllm.v1.pool.metadata import PoolingMetadata\n\n\n"
            "def aeon_first_ids(meta: PoolingMetadata):\n    return get_prompt_token_ids(meta)[0]\n",
            "from vllm.model_executor.layers.pooler import get_prompt_token_ids",
        ),
    ),
    (
        "#30027 module function removed",
        "a module attribute",
        K(
            "#30027",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            "from vllm.model_executor.layers import pooler as vpool\n\n\n"
            "def aeon_tasks(meta) -> set[str]:\n    return set(vpool.get_tasks(meta))\n",
            "return set(vpool.get_tasks(meta))",
        ),
    ),
    (
        "#30027 module function removed",
        "twin: a kept name",
        K(
            "#30027",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            "from vllm.model_executor.layers.pooler import PoolingParamsUpdate\n\n\n"
            "def aeon_update() -> PoolingParamsUpdate:\n    return PoolingParamsUpdate(requires_token_ids=True)\n",
            "from vllm.model_executor.layers.pooler import PoolingParamsUpdate",
        ),
    ),
]

# --- #26686 (9e77ffca3f): adapters.as_reward_model removed
RW = "9e77ffca3f"
RWW = "as_reward_model removed"
CASES += [
    (
        "#26686 adapter removed",
        "an import of the removed adapter",
        K(
            "#26686",
            RW,
            RWW,
            "vllm/aeon/rw1.py",
            "from vllm.model_executor.models.adapters import as_reward_model\n"
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n"
            "AeonLlamaReward = as_reward_model(LlamaForCausalLM)\n",
            "from vllm.model_executor.models.adapters import as_reward_model",
        ),
    ),
    (
        "#26686 adapter removed",
        "a module attribute",
        K(
            "#26686",
            RW,
            RWW,
            "vllm/aeon/rw2.py",
            "from vllm.model_executor.models import adapters\n\n\n"
            "def aeon_reward(cls):\n    return adapters.as_reward_model(cls)\n",
            "return adapters.as_reward_model(cls)",
        ),
    ),
    (
        "#26686 adapter removed",
        "twin: a kept adapter",
        K(
            "#26686",
            RW,
            RWW,
            "vllm/aeon/rw3.py",
            "from vllm.model_executor.models import adapters\n\n\n"
            "def aeon_embed(cls):\n    return adapters.as_embedding_model(cls)\n",
            "return adapters.as_embedding_model(cls)",
        ),
    ),
]

# --- #25629 (755ed7b05b): build_output removed; a pooler returns the tensors, not a PoolerOutput
BO = "755ed7b05b"
BOW = "build_output removed, Pooler.forward returns tensors"
CASES += [
    (
        "#25629 function removed",
        "an import of the removed builder",
        K(
            "#25629",
            BO,
            BOW,
            "vllm/aeon/bo1.py",
            "import torch\n\nfrom vllm.model_executor.layers.pooler import build_output\n\n\n"
            "def aeon_wrap(data: torch.Tensor):\n    return build_output(data)\n",
            "from vllm.model_executor.layers.pooler import build_output",
        ),
    ),
    (
        "#25629 return shape changed",
        "a read off the pooler's result",
        K(
            "#25629",
            BO,
            BOW,
            "vllm/aeon/bo2.py",
            "import torch\n\nfrom vllm.model_executor.layers.pooler import Pooler\n\n\n"
            "def aeon_first_vec(pooler: Pooler, hidden: torch.Tensor, meta) -> torch.Tensor:\n"
            "    return pooler(hidden, meta).outputs[0].data\n",
            "return pooler(hidden, meta).outputs[0].data",
        ),
    ),
    (
        "#25629 function removed",
        "twin: a kept class",
        K(
            "#25629",
            BO,
            BOW,
            "vllm/aeon/bo3.py",
            "from vllm.model_executor.layers.pooler import PoolingType\n\n\n"
            "def aeon_is_last(kind: PoolingType) -> bool:\n    return kind == PoolingType.LAST\n",
            "return kind == PoolingType.LAST",
        ),
    ),
]

# --- #32148 (8863c2b25c): the heads take projector/head_dtype/activation, no longer load them themselves
PH = "8863c2b25c"
PHW = "pooler heads no longer self-configure (projector, normaliser)"
EH = "from vllm.model_executor.layers.pooler.seqwise.heads import EmbeddingPoolerHead\n\n\n"
CASES += [
    (
        "#32148 constructor defaults emptied",
        "a head built on its defaults",
        K(
            "#32148",
            PH,
            PHW,
            "vllm/aeon/ph1.py",
            EH + "def aeon_embed_head() -> EmbeddingPoolerHead:\n"
            "    # AEON: the Spark's embedder rebuilds the head after loading the projector\n"
            "    return EmbeddingPoolerHead()\n",
            "return EmbeddingPoolerHead()",
        ),
    ),
    (
        "#32148 constructor defaults emptied",
        "a subclass calling the inherited activation",
        K(
            "#32148",
            PH,
            PHW,
            "vllm/aeon/ph2.py",
            "import torch\n\n" + EH + "class AeonEmbedHead(EmbeddingPoolerHead):\n"
            "    def aeon_normed(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return self.activation(x)\n",
            "return self.activation(x)",
        ),
    ),
    (
        "#32148 constructor defaults emptied",
        "twin: a subclass that tests the activation for None",
        K(
            "#32148",
            PH,
            PHW,
            "vllm/aeon/ph3.py",
            "import torch\n\n" + EH + "class AeonEmbedHead3(EmbeddingPoolerHead):\n"
            "    def aeon_normed(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return x if self.activation is None else self.activation(x)\n",
            "return x if self.activation is None else self.activation(x)",
        ),
    ),
    (
        "#32148 constructor defaults emptied",
        "twin: a subclass that hands the activation to the constructor",
        K(
            "#32148",
            PH,
            PHW,
            "vllm/aeon/ph4.py",
            "import torch\n\n" + EH + "class AeonEmbedHead4(EmbeddingPoolerHead):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__(activation=torch.nn.functional.normalize)\n\n"
            "    def aeon_normed(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return self.activation(x)\n",
            "return self.activation(x)",
        ),
    ),
]

# --- #31784 (96860af655): ModelConfig.use_pad_token -> use_sep_token (the hf config key too)
PT = "96860af655"
PTW = "use_pad_token renamed use_sep_token"
CASES += [
    (
        "#31784 property renamed",
        "a read off a typed ModelConfig",
        K(
            "#31784",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_joins_with_pad(model_config: ModelConfig) -> bool:\n"
            "    return model_config.use_pad_token\n",
            "return model_config.use_pad_token",
        ),
    ),
    (
        "#31784 config key renamed",
        "a getattr with the old key",
        K(
            "#31784",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_pad_joined(model_config: ModelConfig) -> bool:\n"
            "    return getattr(model_config.hf_config, 'use_pad_token', True)\n",
            "return getattr(model_config.hf_config, 'use_pad_token', True)",
        ),
    ),
    (
        "#31784 property renamed",
        "twin: a kept property",
        K(
            "#31784",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_is_pooling(model_config: ModelConfig) -> bool:\n"
            "    return model_config.runner_type == 'pooling'\n",
            "return model_config.runner_type == 'pooling'",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-pooling-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
