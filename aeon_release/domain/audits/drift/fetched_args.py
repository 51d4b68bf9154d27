"""Fetched arguments: a value a getter named for a parameter hands a call, read as spelled like it.

The renamed-slot check (symbols.py ``_renamed_slot``) knows an argument is the old kind of value when it is
spelled like the old parameter (``model_config``, ``self.model_config``).  Fork code as often passes what a
getter of that name returns, straight into the slot: #16572 made ``init_app_state(engine_client, model_config:
ModelConfig, state, args)``'s second slot take the whole engine config under a new name, and a fork's
``init_app_state(client, await client.get_model_config(), app.state, args)`` still binds, hands the body a
ModelConfig, and raises AttributeError at start-up where the body reads the engine config's ``.model_config``
off it.  The receiver is seldom typed (an engine client handed around as ``Any``); the getter's name is what
says what the value is.
"""

from __future__ import annotations

import ast

_GETTERS = ("get_",)


def fetched_name(arg: ast.expr) -> str | None:
    """The name the argument is fetched by: ``model_config`` for ``get_model_config()``, ``await
    client.get_model_config()`` or ``getattr(config, "model_config")`` (a default too); None for anything
    else, a getter with arguments beyond ``getattr``'s own included (``get_config(name)`` picks one of many)."""
    if isinstance(arg, ast.Await):
        arg = arg.value
    if not isinstance(arg, ast.Call) or arg.keywords:
        return None
    func = arg.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name == "getattr" and isinstance(func, ast.Name) and len(arg.args) in (2, 3):
        key = arg.args[1]
        return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None
    if arg.args:
        return None
    prefix = next((p for p in _GETTERS if name.startswith(p)), None)
    return name[len(prefix) :] if prefix is not None and len(name) > len(prefix) else None
