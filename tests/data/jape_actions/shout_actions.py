"""An actions file (tests/jape/test_actions_file.py): one action, ``tests.shout``."""

from annotator.jape.actions import ActionContext, output_only


@output_only
def shout(ctx: ActionContext) -> None:
    """A Loud annotation over each bound word, saying it came from this file."""
    start, end = ctx.span
    ctx.output.add("Loud", start, end, {"from": "file"})


ACTIONS = {"tests.shout": shout}
