"""The action of the package."""

from annotator.jape.actions import ActionContext


def shout(ctx: ActionContext) -> None:
    start, end = ctx.span
    ctx.output.add("Loud", start, end, {"from": "package"})
