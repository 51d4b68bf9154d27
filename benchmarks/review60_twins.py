"""Adversarial twins of mend51's classes: fork carries a maintainer writes, correct after the real change.

Each twin replays a real upstream commit under a fork carry that mend51's new or widened classes now read,
but right after the merge (the merge base is the commit's first parent, upstream the commit):

- a ``functools.partial`` built in one fork function and called in another (``drift/held_partials.py``):
  #36483 (a2268617cf, ``OpenAIServingChat``/``OpenAIServingCompletion.__init__`` given a required keyword
  ``openai_serving_render``): the later call forwarding ``**kwargs``, the partial of the fork's own subclass
  that supplies the keyword, a factory under the fork's decorator binding the keyword, the keyword bound from
  the factory's parameters or the method factory's receiver, a name bound at module level whose later call
  passes it, a different receiver of the attribute's name, a factory whose partial's callable the factory
  picks itself, the later call under the fork's signature probe;
- a return shape chosen by a keyword (``drift/keyword_shapes.py``): #28319 (67a2da890e) and its first landing
  #28012 (c9f66da8fd), ``collective_rpc(..., unique_reply_rank=r)`` answering with the one reply: a fork
  mixin ahead of ``MultiprocExecutor`` answering ``collective_rpc`` with a list, the fork's class binding
  ``collective_rpc`` to its own wrapper in the class body, a fork base between (a warning at most), the
  unpack in a ``try`` catching a tuple, the fork's module function of the name, the reply list built by the
  fork's override, the reply tested before it is indexed;
- a static or class method of the fork's class handed by its class as a callback (``drift/param_callbacks.py``):
  #48287 (21472f32ea, ``fused_marlin_moe``'s ``activation_func`` called with ``topk_ids=``/``expert_map=``): a
  classmethod taking ``*args, **kwargs``, the class's name bound by a function around the call, a
  staticmethod of a nested class, the fork's module rebinding the method to its own shim, a class under the
  fork's decorator.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1 (main 44035ae3, mend51 merged; 5 cases, 22 twins): 5 caught of 5; 7 false errors of 22 (2 warned):
the held partial's later call under the fork's try/except TypeError and in the else of its signature probe
(the guard read off the spelled-out call, which sits nowhere in the file: a local partial's call did the
same before mend51, a direct call is a warning; 2), the factory under the fork's decorator (its wrapper
returns what it likes; 1), a fork mixin ahead of MultiprocExecutor answering ``collective_rpc`` (#28319 and
#28012; 2), the fork's class binding ``collective_rpc`` in its body (1), the static method of a class under
the fork's decorator (1).  Warned: a fork base between answering ``collective_rpc``, the fork module's own
``collective_rpc`` called by its plain name.
Round 2 (4 more twins): the held partial's later call in a fork test under ``pytest.raises(TypeError)``,
through a ``**`` display, in the else of a module flag read off the signature (an error on main, a warning
after round 1's mend); the fork's own class of the owner's name imported from its module (an error on main: a
warning now, as off an unknown receiver).  Mended besides, with tests and no real commit to replay (none in
the mirror's history has the shape): a module function of the changed name that the fork's file defines or
imports from another module (keyword shapes), ``Literal[-1]`` read as holding an int (scalar retyped).
All rounds, main (44035ae3): 5 caught of 5; 10 false errors of 26 twins (2 warned).
This branch: 5 caught of 5; 1 false error of 26 (5 warned): the fork test's ``pytest.raises(TypeError)``
around the held partial's later call, which a direct call of ``OpenAIServingChat`` there errs on too (symbol
drift's missing-parameter check reads no ``pytest.raises``; main's own, left: a change to the main call path).
Regression set at this head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review15/16/17_twins 0
false (40, 30, 23 twins), review58_twins 5/5, 0 false of 14, blind_replay_servechat 39/39 (19 quiet),
blind_replay_rayexec 17 caught, 1 warned of 18 (9 quiet), blind_replay_fmexperts 19 caught, 2 warned of 21 (11
quiet); ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5
broken overrides, 4 caught).
Mend82 (the start sweep on main 49aa5f12 found the round-2 twin above still false): symbol drift's
``_guarded`` reads a fork test's expectation for every call misfit (``fallbacks.expects_misfit``: a call, or
the written call a partial's spelled-out one stands for, under ``pytest.raises``/``assertRaises`` of what a
misfit raises), as the renamed-slot and retyped-parameter checks already did: 5 caught of 5; 0 false errors of
26 twins (5 warned).

  PYTHONPATH=.. python review60_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- #36483 (a2268617cf): OpenAIServingChat/OpenAIServingCompletion.__init__ take a required openai_serving_render
SR = ("#36483", "a2268617cf", "OpenAIServingChat(openai_serving_render=) required")
CC = (
    "import functools\nimport inspect\n\n"
    "from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat\n"
    "from vllm.entrypoints.openai.completion.serving import OpenAIServingCompletion\n\n\n"
)
CHAT = "functools.partial(OpenAIServingChat, engine_client, models, 'assistant', request_logger=None)"
LATER = "chat_template=None, chat_template_content_format='auto'"
CASES += [
    (
        "#36483 required keyword inserted",
        "a module name bound once to a factory's partial, called in a function",
        K(
            *SR,
            "vllm/aeon/r60c1.py",
            CC + f"def aeon_chat_factory(engine_client, models):\n    return {CHAT}\n\n\n"
            "AEON_CHAT = aeon_chat_factory(None, None)\n\n\n"
            f"def aeon_tenant():\n    return AEON_CHAT({LATER})\n",
            f"    return AEON_CHAT({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "the completion server's partial stored on self, called in another method",
        K(
            *SR,
            "vllm/aeon/r60c2.py",
            CC + "class AeonCompletions:\n"
            "    def __init__(self, engine_client, models) -> None:\n"
            "        self.make = functools.partial(OpenAIServingCompletion, engine_client, models, request_logger=None)\n\n"
            "    def tenant(self):\n"
            "        return self.make(return_tokens_as_token_ids=True)\n",
            "        return self.make(return_tokens_as_token_ids=True)",
        ),
    ),
]
STORED = (
    "class AeonSidecar:\n"
    "    def __init__(self, engine_client, models, render=None) -> None:\n"
    "        self.render = render\n"
    f"        self.make_chat = {CHAT}\n\n"
)
TWINS += [
    (
        "#36483 required keyword inserted",
        "a partial stored on self, the later call forwarding the caller's **kwargs",
        K(
            *SR,
            "vllm/aeon/r60t1.py",
            CC + STORED + "    def tenant_chat(self, **overrides):\n        return self.make_chat(**overrides)\n",
            "        return self.make_chat(**overrides)",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "the partial of the fork's own subclass, whose __init__ supplies the keyword",
        K(
            *SR,
            "vllm/aeon/r60t2.py",
            CC + "class AeonServingChat(OpenAIServingChat):\n"
            "    def __init__(self, *args, render=None, **kwargs) -> None:\n"
            "        super().__init__(*args, openai_serving_render=render, **kwargs)\n\n\n"
            "class AeonSidecar:\n"
            "    def __init__(self, engine_client, models) -> None:\n"
            "        self.make_chat = functools.partial(AeonServingChat, engine_client, models, 'assistant', request_logger=None)\n\n"
            f"    def tenant_chat(self):\n        return self.make_chat({LATER})\n",
            f"        return self.make_chat({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a factory under the fork's decorator, which binds the keyword into what the factory returns",
        K(
            *SR,
            "vllm/aeon/r60t3.py",
            CC + "def _with_render(factory):\n"
            "    @functools.wraps(factory)\n"
            "    def wrapper(*args, render=None, **kwargs):\n"
            "        return functools.partial(factory(*args, **kwargs), openai_serving_render=render)\n\n"
            "    return wrapper\n\n\n"
            f"@_with_render\ndef aeon_chat_factory(engine_client, models):\n    return {CHAT}\n\n\n"
            "def aeon_build(engine_client, models, render):\n"
            "    make = aeon_chat_factory(engine_client, models, render=render)\n"
            f"    return make({LATER})\n",
            f"    return make({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "the keyword bound from __init__'s parameter in the stored partial",
        K(
            *SR,
            "vllm/aeon/r60t4.py",
            CC + "class AeonCompletions:\n"
            "    def __init__(self, engine_client, models, render) -> None:\n"
            "        self.make = functools.partial(OpenAIServingCompletion, engine_client, models,\n"
            "                                      openai_serving_render=render, request_logger=None)\n\n"
            "    def tenant(self):\n"
            "        return self.make(return_tokens_as_token_ids=True)\n",
            "        return self.make(return_tokens_as_token_ids=True)",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a method factory binding the keyword off its receiver, called at once",
        K(
            *SR,
            "vllm/aeon/r60t5.py",
            CC + STORED + "    def _chat_factory(self):\n"
            "        return functools.partial(OpenAIServingChat, None, None, 'assistant',\n"
            "                                 openai_serving_render=self.render, request_logger=None)\n\n"
            f"    def tenant_chat(self):\n        return self._chat_factory()({LATER})\n",
            f"        return self._chat_factory()({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a module name bound to the factory's partial, the later call passing the keyword",
        K(
            *SR,
            "vllm/aeon/r60t6.py",
            CC + f"def aeon_chat_factory(engine_client, models):\n    return {CHAT}\n\n\n"
            "AEON_CHAT = aeon_chat_factory(None, None)\n\n\n"
            f"def aeon_tenant(render):\n    return AEON_CHAT(openai_serving_render=render, {LATER})\n",
            f"    return AEON_CHAT(openai_serving_render=render, {LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "another object's attribute of the stored name (a different receiver)",
        K(
            *SR,
            "vllm/aeon/r60t7.py",
            CC + STORED + "    def tenant_chat(self, peer):\n"
            "        # AEON: the peer's builder is the fork's own and takes the template alone\n"
            f"        return peer.make_chat({LATER})\n",
            f"        return peer.make_chat({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "a factory whose partial's callable it picks itself",
        K(
            *SR,
            "vllm/aeon/r60t8.py",
            CC + "def aeon_chat_factory(engine_client, models, server_cls):\n"
            "    return functools.partial(server_cls, engine_client, models, 'assistant', request_logger=None)\n\n\n"
            "def aeon_build(engine_client, models, server_cls):\n"
            "    make = aeon_chat_factory(engine_client, models, server_cls)\n"
            f"    return make({LATER})\n",
            f"    return make({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "the later call in the branch the fork's signature probe takes when the keyword is not there",
        K(
            *SR,
            "vllm/aeon/r60t9.py",
            CC + STORED + "    def tenant_chat(self):\n"
            "        if 'openai_serving_render' in inspect.signature(OpenAIServingChat).parameters:\n"
            f"            return self.make_chat(openai_serving_render=self.render, {LATER})\n"
            "        else:\n"
            f"            return self.make_chat({LATER})\n",
            f"            return self.make_chat({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "the later call under try/except TypeError falling back to the new keyword",
        K(
            *SR,
            "vllm/aeon/r60t10.py",
            CC + STORED + "    def tenant_chat(self):\n"
            "        try:\n"
            f"            return self.make_chat({LATER})\n"
            "        except TypeError:\n"
            f"            return self.make_chat(openai_serving_render=self.render, {LATER})\n",
            f"            return self.make_chat({LATER})",
        ),
    ),
]

# round 2: the guards of a held partial's later call, read where the call sits
FACTORY = f"def aeon_chat_factory(engine_client, models):\n    return {CHAT}\n\n\n"
TWINS += [
    (
        "#36483 required keyword inserted",
        "round 2: a fork test expecting the factory's partial to refuse the old call (pytest.raises(TypeError))",
        K(
            *SR,
            "tests/aeon/test_r60t23.py",
            "import pytest\n\n" + CC + FACTORY + "def test_the_render_is_required():\n"
            "    make = aeon_chat_factory(None, None)\n"
            "    with pytest.raises(TypeError):\n"
            f"        make({LATER})\n",
            f"        make({LATER})",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "round 2: the later call passing the keyword through a ** display",
        K(
            *SR,
            "vllm/aeon/r60t24.py",
            CC + STORED + "    def tenant_chat(self):\n"
            "        return self.make_chat(**{'openai_serving_render': self.render, 'chat_template': None,\n"
            "                                 'chat_template_content_format': 'auto'})\n",
            "        return self.make_chat(**{'openai_serving_render': self.render, 'chat_template': None,",
        ),
    ),
    (
        "#36483 required keyword inserted",
        "round 2: the later call in the else of a module flag read off the signature",
        K(
            *SR,
            "vllm/aeon/r60t25.py",
            CC
            + "_TAKES_RENDER = 'openai_serving_render' in inspect.signature(OpenAIServingChat).parameters\n\n\n"
            + FACTORY
            + "def aeon_build(engine_client, models, render):\n"
            "    make = aeon_chat_factory(engine_client, models)\n"
            "    if _TAKES_RENDER:\n"
            f"        return make(openai_serving_render=render, {LATER})\n"
            f"    return make({LATER})\n",
            f"    return make({LATER})",
        ),
    ),
]

# --- #28319 (67a2da890e) and #28012 (c9f66da8fd): collective_rpc(unique_reply_rank=) returns the one reply
IO = ("#28319", "67a2da890e", "unique_reply_rank returns one reply")
IO1 = ("#28012", "c9f66da8fd", "unique_reply_rank returns one reply (first landing)")
MPE = "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
RPC = "(stats,) = self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)"
LISTED = (
    "    def collective_rpc(self, method, timeout=None, args=(), kwargs=None, non_block=False, unique_reply_rank=None):\n"
    "        reply = super().collective_rpc(method, timeout, args, kwargs, non_block, unique_reply_rank)\n"
    "        return [reply] if unique_reply_rank is not None and not isinstance(reply, list) else reply\n\n"
)
CASES += [
    (
        "#28012 return shape changed",
        "the reply unpacked into one name (first landing)",
        K(
            *IO1,
            "vllm/aeon/r60c3.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            f"    def aeon_driver_stats(self) -> dict:\n        {RPC}\n        return stats\n",
            f"        {RPC}",
        ),
    ),
    (
        "#28319 return shape changed",
        "the reply indexed through super() in an override of another method",
        K(
            *IO,
            "vllm/aeon/r60c4.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def check_health(self) -> None:\n"
            "        super().check_health()\n"
            "        assert super().collective_rpc('aeon_ok', unique_reply_rank=self.output_rank)[0]\n",
            "        assert super().collective_rpc('aeon_ok', unique_reply_rank=self.output_rank)[0]",
        ),
    ),
]
TWINS += [
    (
        "#28319 return shape changed",
        "a fork mixin ahead of MultiprocExecutor answering collective_rpc with a list",
        K(
            *IO,
            "vllm/aeon/r60t11.py",
            MPE + "class AeonListedReplies:\n" + LISTED + "\n"
            "class AeonExecutor(AeonListedReplies, MultiprocExecutor):\n"
            f"    def aeon_driver_stats(self) -> dict:\n        {RPC}\n        return stats\n",
            f"        {RPC}",
        ),
    ),
    (
        "#28319 return shape changed",
        "the fork's class binding collective_rpc to its own wrapper in the class body",
        K(
            *IO,
            "vllm/aeon/r60t12.py",
            MPE + "def _listed(rpc):\n"
            "    def wrapper(self, *args, unique_reply_rank=None, **kwargs):\n"
            "        reply = rpc(self, *args, unique_reply_rank=unique_reply_rank, **kwargs)\n"
            "        return [reply] if unique_reply_rank is not None else reply\n\n"
            "    return wrapper\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            "    collective_rpc = _listed(MultiprocExecutor.collective_rpc)\n\n"
            f"    def aeon_driver_stats(self) -> dict:\n        {RPC}\n        return stats\n",
            f"        {RPC}",
        ),
    ),
    (
        "#28319 return shape changed",
        "a fork base between answering collective_rpc with a list",
        K(
            *IO,
            "vllm/aeon/r60t13.py",
            MPE + "class AeonBaseExecutor(MultiprocExecutor):\n" + LISTED + "\n"
            "class AeonExecutor(AeonBaseExecutor):\n"
            f"    def aeon_driver_stats(self) -> dict:\n        {RPC}\n        return stats\n",
            f"        {RPC}",
        ),
    ),
    (
        "#28319 return shape changed",
        "the unpack in a try catching (TypeError, ValueError)",
        K(
            *IO,
            "vllm/aeon/r60t14.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            "        try:\n"
            f"            {RPC}\n"
            "        except (TypeError, ValueError):\n"
            "            stats = self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)\n"
            "        return stats\n",
            f"            {RPC}",
        ),
    ),
    (
        "#28319 return shape changed",
        "the fork module's own function of the name, called by its plain name",
        K(
            *IO,
            "vllm/aeon/r60t15.py",
            MPE + "def collective_rpc(workers, method, unique_reply_rank=None):\n"
            "    replies = [w.call(method) for w in workers]\n"
            "    return replies[unique_reply_rank:unique_reply_rank + 1] if unique_reply_rank is not None else replies\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            "        (stats,) = collective_rpc(self.aeon_workers, 'aeon_stats', unique_reply_rank=self.output_rank)\n"
            "        return stats\n",
            "        (stats,) = collective_rpc(self.aeon_workers, 'aeon_stats', unique_reply_rank=self.output_rank)",
        ),
    ),
    (
        "#28319 return shape changed",
        "the reply tested before it is indexed",
        K(
            *IO,
            "vllm/aeon/r60t16.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            "        reply = self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)\n"
            "        return reply[0] if isinstance(reply, list) else reply\n",
            "        return reply[0] if isinstance(reply, list) else reply",
        ),
    ),
    (
        "#28012 return shape changed",
        "a fork mixin ahead of MultiprocExecutor answering collective_rpc with a list (first landing)",
        K(
            *IO1,
            "vllm/aeon/r60t17.py",
            MPE + "class AeonListedReplies:\n" + LISTED + "\n"
            "class AeonExecutor(AeonListedReplies, MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            "        return self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)[0]\n",
            "        return self.collective_rpc('aeon_stats', unique_reply_rank=self.output_rank)[0]",
        ),
    ),
]

TWINS += [
    (
        "#28319 return shape changed",
        "round 2: the fork's own class of the owner's name, imported from its module",
        K(
            *IO,
            "vllm/aeon/r60t26.py",
            "from vllm.aeon.executors import MultiprocExecutor\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            f"    def aeon_driver_stats(self) -> dict:\n        {RPC}\n        return stats\n",
            f"        {RPC}",
        ),
    ),
]

# --- #48287 (21472f32ea): fused_marlin_moe's activation_func called with topk_ids=, expert_map= as well
AF = ("#48287", "21472f32ea", "Marlin activation_func called with topk_ids/expert_map")
MARLIN = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.experts.marlin_moe import fused_marlin_moe\n\n\n"
OLD_ACT = "    def act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
BODY = "        torch.ops._C.silu_and_mul(output, input)\n\n\n"
RUN = (
    "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
    "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
    "                            topk_ids=topk_ids, activation_func=AeonActs.act, **kwargs)\n"
)
CASES += [
    (
        "#48287 keywords passed to a callback",
        "a staticmethod of the fork's class handed by position in a keyword call beside others",
        K(
            *AF,
            "vllm/aeon/r60c5.py",
            MARLIN
            + "class AeonActs:\n    @staticmethod\n"
            + OLD_ACT
            + BODY
            + "def aeon_marlin(x, w1, w2, tw, ti, **kw):\n"
            "    return fused_marlin_moe(hidden_states=x, w1=w1, w2=w2, topk_weights=tw, topk_ids=ti,\n"
            "                            activation_func=AeonActs.act, **kw)\n",
            OLD_ACT.rstrip("\n"),
        ),
    ),
]
TWINS += [
    (
        "#48287 keywords passed to a callback",
        "a classmethod taking *args and **kwargs after cls",
        K(
            *AF,
            "vllm/aeon/r60t18.py",
            MARLIN + "class AeonActs:\n    @classmethod\n    def act(cls, *args, **kwargs):\n" + BODY + RUN,
            "    def act(cls, *args, **kwargs):",
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "the class's name bound by the function around the call (a parameter)",
        K(
            *AF,
            "vllm/aeon/r60t19.py",
            MARLIN
            + "class AeonActs:\n    @staticmethod\n"
            + OLD_ACT
            + BODY
            + "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, AeonActs, **kwargs):\n"
            "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                            topk_ids=topk_ids, activation_func=AeonActs.act, **kwargs)\n",
            "                            topk_ids=topk_ids, activation_func=AeonActs.act, **kwargs)",
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "the fork's module rebinding the staticmethod to its own shim taking the new keywords",
        K(
            *AF,
            "vllm/aeon/r60t20.py",
            MARLIN + "def _tolerant(act):\n"
            "    def wrapper(activation, output, input, *, topk_ids=None, expert_map=None, **kwargs):\n"
            "        return act(activation, output, input, **kwargs)\n\n"
            "    return wrapper\n\n\n"
            "class AeonActs:\n    @staticmethod\n"
            + OLD_ACT
            + BODY
            + "AeonActs.act = staticmethod(_tolerant(AeonActs.act))\n\n\n"
            + RUN,
            OLD_ACT.rstrip("\n"),
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "a class under the fork's decorator, which wraps its methods to take any keyword",
        K(
            *AF,
            "vllm/aeon/r60t21.py",
            MARLIN + "def _tolerant_methods(cls):\n"
            "    for name, member in list(vars(cls).items()):\n"
            "        if isinstance(member, staticmethod):\n"
            "            inner = member.__func__\n"
            "            setattr(cls, name, staticmethod(lambda *a, _f=inner, **k: _f(*a)))\n"
            "    return cls\n\n\n"
            "@_tolerant_methods\nclass AeonActs:\n    @staticmethod\n" + OLD_ACT + BODY + RUN,
            OLD_ACT.rstrip("\n"),
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "a classmethod whose new keywords are positional parameters with defaults",
        K(
            *AF,
            "vllm/aeon/r60t22.py",
            MARLIN + "class AeonActs:\n    @classmethod\n"
            "    def act(cls, activation, output, input, clamp_limit=None, alpha=1.0, beta=0.0, topk_ids=None, expert_map=None):\n"
            + BODY
            + RUN,
            "    def act(cls, activation, output, input, clamp_limit=None, alpha=1.0, beta=0.0, topk_ids=None, expert_map=None):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review60-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
