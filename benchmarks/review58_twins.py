"""Adversarial twins of mend51's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry the mend51 widenings now read, but correct after
the merge (the merge base is the commit's first parent, upstream the commit):

- a ``functools.partial`` built in one fork function and called in another (``drift/held_partials.py``): #36483
  (a2268617cf, ``OpenAIServingChat.__init__`` given a required keyword ``openai_serving_render``): a partial
  stored on ``self`` in ``__init__`` or returned by a factory, whose later call passes the new keyword, or binds
  it in the partial; an attribute another method rebinds, a local bound twice, a factory with two returns (the
  value unknown);
- a return shape chosen by a keyword (``drift/keyword_shapes.py``): #28319 (67a2da890e,
  ``collective_rpc(..., unique_reply_rank=r)`` answers with the one reply): the reply read whole, the list
  indexed with no keyword or with ``unique_reply_rank=None``, the fork's class answering ``collective_rpc``
  itself, the unpack in a ``try`` falling back on ValueError;
- a static or class method of the fork's class handed by its class as a callback (``drift/param_callbacks.py``,
  ``drift/callbacks.py``): #48287 (21472f32ea, ``fused_marlin_moe``'s ``activation_func`` called with
  ``topk_ids=``/``expert_map=`` too): one taking ``**kwargs`` or the new keywords, one under another decorator.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits: the partial stored on ``self`` and the factory's partial called at once (#36483), the reply list
indexed by position (#28319), the staticmethod and the classmethod handed by their class (#48287).

Base engine (d4f4dc09, before mend51): 0 caught, 5 missed of 5; 0 false errors of 14 twins.  This branch: 5
caught of 5; 0 false errors of 14 twins.  Regression set at this head: killer_replay 26/26, kind_change_replay
12/12 (5 quiet), review15/16/17_twins 0 false (40, 30, 23 twins), review47/48/50/51/52/54/55_twins 0 false (22, 41,
34, 27, 31, 30, 29), review49/53/56_twins 1 false each (of 25, 26, 14: main's own, as documented there),
blind_replay_servechat 39/39 (19 quiet), blind_replay_rayexec 17 caught, 1 warned of 18 (9 quiet),
blind_replay_schedout 18/18 (10 quiet), blind_replay_fmexperts 19 caught, 2 warned of 21 (11 quiet),
blind_replay_kvnixl 23/23 (10 quiet); ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken
overrides, 4 caught).

  PYTHONPATH=.. python review58_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- #36483 (a2268617cf): OpenAIServingChat.__init__ takes a required keyword openai_serving_render
SR = ("#36483", "a2268617cf", "OpenAIServingChat(openai_serving_render=) required")
CC = "import functools\n\nfrom vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat\n\n\n"
STORED = (
    "class AeonSidecar:\n"
    "    def __init__(self, engine_client, models) -> None:\n"
    "        # AEON: the Spark's sidecar builds chat servers per tenant\n"
    "        self.make_chat = functools.partial(OpenAIServingChat, engine_client, models, 'assistant', request_logger=None)\n\n"
)
FACTORY = (
    "def aeon_chat_factory(engine_client, models):\n"
    "    return functools.partial(OpenAIServingChat, engine_client, models, 'assistant', request_logger=None)\n\n\n"
)
CASES += [
    (
        "#36483 required keyword inserted",
        "a partial stored on self in __init__, called in another method",
        K(
            *SR,
            "vllm/aeon/r58c1.py",
            CC + STORED + "    def tenant_chat(self, template):\n"
            "        return self.make_chat(chat_template=template, chat_template_content_format='auto')\n",
            "        return self.make_chat(chat_template=template, chat_template_content_format='auto')",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a factory's partial called at once",
        K(
            *SR,
            "vllm/aeon/r58c2.py",
            CC + FACTORY + "def aeon_build(engine_client, models):\n"
            "    return aeon_chat_factory(engine_client, models)(chat_template=None, chat_template_content_format='auto')\n",
            "    return aeon_chat_factory(engine_client, models)(chat_template=None, chat_template_content_format='auto')",
        ),
    ),
]
TWINS += [
    (
        "#36483 required keyword inserted",
        "a partial stored on self, the later call passing the new keyword",
        K(
            *SR,
            "vllm/aeon/r58t1.py",
            CC + STORED + "    def tenant_chat(self, render, template):\n"
            "        return self.make_chat(openai_serving_render=render, chat_template=template, chat_template_content_format='auto')\n",
            "        return self.make_chat(openai_serving_render=render, chat_template=template, chat_template_content_format='auto')",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a factory's partial, the later call passing the new keyword",
        K(
            *SR,
            "vllm/aeon/r58t2.py",
            CC + FACTORY + "def aeon_build(engine_client, models, render):\n"
            "    make = aeon_chat_factory(engine_client, models)\n"
            "    return make(openai_serving_render=render, chat_template=None, chat_template_content_format='auto')\n",
            "    return make(openai_serving_render=render, chat_template=None, chat_template_content_format='auto')",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a partial stored on self and rebound by another method (its value unknown)",
        K(
            *SR,
            "vllm/aeon/r58t3.py",
            CC + STORED + "    def use_factory(self, factory) -> None:\n"
            "        self.make_chat = factory\n\n"
            "    def tenant_chat(self, template):\n"
            "        return self.make_chat(chat_template=template, chat_template_content_format='auto')\n",
            "        return self.make_chat(chat_template=template, chat_template_content_format='auto')",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a local bound to the factory's partial, then to the caller's own builder",
        K(
            *SR,
            "vllm/aeon/r58t4.py",
            CC + FACTORY + "def aeon_build(engine_client, models, builder=None):\n"
            "    make = aeon_chat_factory(engine_client, models)\n"
            "    if builder is not None:\n"
            "        make = builder\n"
            "    return make(chat_template=None, chat_template_content_format='auto')\n",
            "    return make(chat_template=None, chat_template_content_format='auto')",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "the factory's partial binds the new keyword itself",
        K(
            *SR,
            "vllm/aeon/r58t5.py",
            CC + "def aeon_chat_factory(engine_client, models, render):\n"
            "    return functools.partial(OpenAIServingChat, engine_client, models, 'assistant',\n"
            "                             openai_serving_render=render, request_logger=None)\n\n\n"
            "def aeon_build(engine_client, models, render):\n"
            "    make = aeon_chat_factory(engine_client, models, render)\n"
            "    return make(chat_template=None, chat_template_content_format='auto')\n",
            "    return make(chat_template=None, chat_template_content_format='auto')",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a factory returning the partial on one path and the fork's own builder on another",
        K(
            *SR,
            "vllm/aeon/r58t6.py",
            CC + "def aeon_chat_factory(engine_client, models, builder=None):\n"
            "    if builder is not None:\n"
            "        return builder\n"
            "    return functools.partial(OpenAIServingChat, engine_client, models, 'assistant', request_logger=None)\n\n\n"
            "def aeon_build(engine_client, models, builder):\n"
            "    make = aeon_chat_factory(engine_client, models, builder)\n"
            "    return make(chat_template=None, chat_template_content_format='auto')\n",
            "    return make(chat_template=None, chat_template_content_format='auto')",
        ),
    ),
]

# --- #28319 (67a2da890e): collective_rpc(unique_reply_rank=) returns the one reply, not a one-item list
IO = ("#28319", "67a2da890e", "unique_reply_rank returns one reply")
MPE = "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
CASES += [
    (
        "#28319 return shape changed",
        "the reply list indexed by position",
        K(
            *IO,
            "vllm/aeon/r58c3.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            "        # AEON: the Spark's stats poll asks the output rank alone\n"
            '        return self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)[0]\n',
            '        return self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)[0]',
        ),
    ),
]
TWINS += [
    (
        "#28319 return shape changed",
        "the one reply read whole",
        K(
            *IO,
            "vllm/aeon/r58t7.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            '        return self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)\n',
            '        return self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)',
        ),
    ),
    (
        "#28319 return shape changed",
        "every worker's replies, the first taken (no keyword)",
        K(
            *IO,
            "vllm/aeon/r58t8.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            '        return self.collective_rpc("aeon_stats")[0]\n',
            '        return self.collective_rpc("aeon_stats")[0]',
        ),
    ),
    (
        "#28319 return shape changed",
        "the keyword passed as None, the list unpacked",
        K(
            *IO,
            "vllm/aeon/r58t9.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            '        (stats,) = self.collective_rpc("aeon_stats", unique_reply_rank=None)\n'
            "        return stats\n",
            '        (stats,) = self.collective_rpc("aeon_stats", unique_reply_rank=None)',
        ),
    ),
    (
        "#28319 return shape changed",
        "the fork's class answers collective_rpc itself",
        K(
            *IO,
            "vllm/aeon/r58t10.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def collective_rpc(self, method, timeout=None, args=(), kwargs=None, non_block=False, unique_reply_rank=None):\n"
            "        return [super().collective_rpc(method, timeout, args, kwargs, non_block, unique_reply_rank)]\n\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            '        (stats,) = self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)\n'
            "        return stats\n",
            '        (stats,) = self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)',
        ),
    ),
    (
        "#28319 return shape changed",
        "the unpack in a try that falls back on ValueError",
        K(
            *IO,
            "vllm/aeon/r58t11.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            "        reply = self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)\n"
            "        try:\n"
            "            (stats,) = self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)\n"
            "        except ValueError:\n"
            "            stats = reply\n"
            "        return stats\n",
            "            (stats,) = self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)",
        ),
    ),
]

# --- #48287 (21472f32ea): fused_marlin_moe's activation_func called with topk_ids=, expert_map= as well
AF = ("#48287", "21472f32ea", "Marlin activation_func called with topk_ids/expert_map")
MARLIN = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.experts.marlin_moe import fused_marlin_moe\n\n\n"
RUN = (
    "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
    "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
    "                            topk_ids=topk_ids, activation_func=AeonActs.act, **kwargs)\n"
)
CASES += [
    (
        "#48287 keywords passed to a callback",
        "a staticmethod of the fork's class handed by its class",
        K(
            *AF,
            "vllm/aeon/r58c4.py",
            MARLIN + "class AeonActs:\n"
            "    @staticmethod\n"
            "    def act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n\n" + RUN,
            "    def act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "a classmethod of the fork's class handed by its class",
        K(
            *AF,
            "vllm/aeon/r58c5.py",
            MARLIN + "class AeonActs:\n"
            "    @classmethod\n"
            "    def act(cls, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n\n" + RUN,
            "    def act(cls, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
]
TWINS += [
    (
        "#48287 keywords passed to a callback",
        "a staticmethod taking **kwargs",
        K(
            *AF,
            "vllm/aeon/r58t12.py",
            MARLIN + "class AeonActs:\n"
            "    @staticmethod\n"
            "    def act(activation, output, input, **kwargs):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n\n" + RUN,
            "    def act(activation, output, input, **kwargs):",
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "a classmethod taking the new keywords",
        K(
            *AF,
            "vllm/aeon/r58t13.py",
            MARLIN + "class AeonActs:\n"
            "    @classmethod\n"
            "    def act(cls, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0, topk_ids=None,\n"
            "            expert_map=None):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n\n" + RUN,
            "    def act(cls, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0, topk_ids=None,",
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "a staticmethod under another decorator (its wrapper may take more)",
        K(
            *AF,
            "vllm/aeon/r58t14.py",
            MARLIN + "class AeonActs:\n"
            "    @staticmethod\n"
            "    @torch.no_grad()\n"
            "    def act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "        torch.ops._C.silu_and_mul(output, input)\n\n\n" + RUN,
            "    def act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review58-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
