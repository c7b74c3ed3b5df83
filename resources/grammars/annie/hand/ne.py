"""The actions of annie's named-entity grammar (``../NE/main.jape``): the ones ``annotator jape
port`` made from its Java blocks (``../NE/actions.py``, generated) and those written by hand here
(LGPL-3.0, as the grammar: see ``../README.md``).

- ``hand_remove_types``: ANNIE's last phase, ``clean.jape``, removes its working annotations
  (TempPerson, Upper, Title, ... : every type of its Input) one firing per annotation (``control
  = all``, a one-element rule whose Java block removes the bound annotation). The build script
  (``resources/build/build_annie.py``) turns that phase into ``control = once`` with this action,
  which removes every annotation of the types named by its ``types`` parameter at once: the same
  annotations leave the set (every one of those types there is when the phase starts; the phase
  makes none), in one firing instead of one per annotation.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from annotator.jape.actions import ActionContext, keeps_features


def _ported():
    """The generated module ``../NE/actions.py``, imported as a part of this one (this file is
    itself being loaded as an actions file, so not through ``load_actions_file`` again)."""
    spec = importlib.util.spec_from_file_location(f"{__name__}_ported",
                                                  Path(__file__).resolve().parent.parent / "NE" / "actions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PORTED = _ported()


@keeps_features
def remove_types(ctx: ActionContext) -> None:
    """Remove from the output set every annotation of the types in the ``types`` parameter
    (names separated by commas)."""
    names = [name.strip() for name in str(ctx.params["types"]).split(",") if name.strip()]
    ctx.output.remove_all(list(ctx.output.with_type(*names).unordered()))


ACTIONS = {**PORTED.ACTIONS, "hand_remove_types": remove_types}
