"""An actions package (tests/jape/test_actions_file.py): the same action name as shout_actions.py,
its function in a module of the package (a relative import)."""

from .loud import shout

ACTIONS = {"tests.shout": shout}
