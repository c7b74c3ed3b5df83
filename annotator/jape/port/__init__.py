"""``annotator jape port``: a grammar's Java right-hand sides translated into Python actions.

:func:`port` reads a grammar (and every phase file of a MultiPhase one) keeping its Java blocks
(:func:`annotator.jape.loader.read_grammar` with ``keep_java``), translates each block by rules
over its Java source (:mod:`.java` parses it, :mod:`.translate` turns the tree into Python over
:mod:`.gate`; no Java is run), and writes to the output folder:

- the grammar files, paths kept relative to the grammar's folder, each Java block replaced by a
  named action (``{ action: "name" }``, the block's label kept, blank lines in place of the
  block's other lines so that the rules keep their line numbers);
- ``actions.py``: an actions file (module-level ``ACTIONS``, see :mod:`annotator.jape.actions`)
  with one function per block, each with a comment naming the Java's file and line (marked
  ``@keeps_features`` when it changes no feature of an annotation already there); a block it
  cannot translate becomes an action that fails with E541 naming that file and line, so that the
  ported grammar loads (``jape check DIR/main.jape --actions DIR/actions.py``) and shows what is
  left to port by hand;
- ``port-report.json``: ``{"blocks": M, "translated": N, "untranslated": [{"file", "line", "reason"}]}``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from annotator.atomic import write_atomic
from annotator.errors import GrammarError, coded
from annotator.jape.loader import read_grammar
from annotator.jape.parser import JavaBlock
from annotator.jape.port.java import Unsupported
from annotator.jape.port.translate import translate_block

_STATIC_UTILS = re.compile(r"\bimport\s+static\s+gate\s*\.\s*Utils\s*\.\s*\*\s*;")
_STRING_UTILS = re.compile(r"\bimport\s+org\.apache\.commons\.lang3?\.StringUtils\s*;")


@dataclass
class Ported:
    """What :func:`port` did: the blocks, the translated count, the untranslated ones."""

    blocks: int = 0
    translated: int = 0
    untranslated: list[dict] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)

    def report(self) -> dict:
        return {"blocks": self.blocks, "translated": self.translated, "untranslated": self.untranslated}


def _action_name(rel: Path, where: str, taken: set[str]) -> str:
    base = re.sub(r"\W", "_", f"{rel.with_suffix('').as_posix()}_{where or 'block'}")
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}_{n}"
    taken.add(name)
    return name


def _function(name: str, rel: str, block: JavaBlock, imports: str) -> tuple[list[str], bool, str | None]:
    """The source lines of one block's action, whether it uses ``sys``, and the reason it is not
    translated (None when it is)."""
    where = f"{rel}:{block.pos.line}" + (f", rule {block.where}" if block.where else "")
    head = [f"def {name}(ctx: ActionContext) -> None:", f"    # Java of {where}"]
    try:
        body, uses_sys, keeps = translate_block(block.text, block.pos.line, block.label,
                                                bool(_STATIC_UTILS.search(imports)),
                                                bool(_STRING_UTILS.search(imports)))
        return (["@keeps_features"] if keeps else []) + head + body, uses_sys, None
    except Unsupported as exc:
        line = exc.line or block.pos.line
        reason = f"line {line}: {exc.reason}"
        fail = (f"    raise GrammarError(coded('E541', action={name!r}, reason={reason!r}), "
                f"path={rel!r}, line={block.pos.line})")
        return head[:1] + [f"    # Java of {where}: not translated ({reason})", fail], False, reason


def _rewrite(text: str, blocks: list[tuple[JavaBlock, str]]) -> str:
    """``text`` with each block (brace to brace) replaced by its named action, line count kept."""
    out, last = [], 0
    for block, name in sorted(blocks, key=lambda b: b[0].start):
        out.append(text[last:block.start])
        out.append(f'{{ action: "{name}" }}' + "\n" * text.count("\n", block.start, block.end))
        last = block.end
    out.append(text[last:])
    return "".join(out)


def port(grammar: str | Path, out: str | Path) -> Ported:
    """Port ``grammar``'s Java blocks into the folder ``out`` (see the module docstring); raises
    GrammarError E540 when ``out`` would overwrite the grammar's files, E542 when the grammar
    has errors other than its Java blocks."""
    grammar, out = Path(grammar), Path(out)
    report = read_grammar(grammar, keep_java=True)
    if report.errors:
        raise GrammarError(coded("E542", count=len(report.errors), first=report.errors[0]), path=grammar)
    home = grammar.resolve().parent
    target = out.resolve()
    rels = {}
    for path in report.files:
        try:
            rels[path] = path.relative_to(home)
        except ValueError:
            raise GrammarError(coded("E540", out=out, reason=f"phase file {path} is outside the grammar's folder"),
                               path=grammar) from None
    written = {target / rel for rel in rels.values()} | {target / "actions.py", target / "port-report.json"}
    if target == home or written & set(rels):
        raise GrammarError(coded("E540", out=out, reason="it would write over the grammar's own files"),
                           path=grammar)
    by_file: dict[Path, list[JavaBlock]] = {}
    for block in report.java:
        by_file.setdefault(Path(block.pos.path).resolve(), []).append(block)
    done = Ported(files=[rels[p] for p in report.files])
    functions: list[str] = []
    names: list[str] = []
    uses_sys = False
    for path in report.files:
        blocks = by_file.get(path, [])
        imports = "\n".join(b.text for b in blocks if b.kind == "imports")
        replaced = []
        for block in blocks:
            if block.kind != "rhs":
                continue
            rel = rels[path].as_posix()
            name = _action_name(rels[path], block.where, set(names))
            names.append(name)
            lines, sys_used, reason = _function(name, rel, block, imports)
            uses_sys = uses_sys or sys_used
            functions.append("\n".join(lines))
            done.blocks += 1
            if reason is None:
                done.translated += 1
            else:
                done.untranslated.append({"file": rel, "line": block.pos.line, "reason": reason})
            replaced.append((block, name))
        text = path.read_text(encoding="utf-8")
        write_atomic(target / rels[path], _rewrite(text, replaced).encode("utf-8"))
    source = _actions_file(grammar.name, functions, names, uses_sys, bool(done.untranslated))
    write_atomic(target / "actions.py", source.encode("utf-8"))
    write_atomic(target / "port-report.json", (json.dumps(done.report(), indent=2) + "\n").encode("utf-8"))
    return done


def _actions_file(grammar: str, functions: list[str], names: list[str], uses_sys: bool, failing: bool) -> str:
    head = [f'"""Python actions of {grammar}, ported from its Java right-hand sides by ``annotator jape port``.',
            "",
            "Each function says which Java block it replaces; one that raises E541 was not translated:",
            'port it by hand (port-report.json lists them)."""', "", "from __future__ import annotations", ""]
    if uses_sys:
        head.append("import sys")
        head.append("")
    if failing:
        head.append("from annotator.errors import GrammarError, coded")
    keeps = any(f.startswith("@keeps_features") for f in functions)
    head += [f"from annotator.jape.actions import ActionContext{', keeps_features' if keeps else ''}",
             "from annotator.jape.port import gate as J", ""]
    table = ["ACTIONS = {"] + [f"    {n!r}: {n}," for n in names] + ["}"]
    return "\n".join(head) + "\n\n" + "\n\n\n".join(functions) + ("\n\n\n" if functions else "\n") + \
        "\n".join(table) + "\n"
