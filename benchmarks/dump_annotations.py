"""Every annotation of a pipeline's run as sorted lines, so that "identical output" is one ``cmp``.

Runs PIPELINE (a shipped name or an XML file) over CORPUS (any readable format; ``--from`` where
it cannot be sniffed) and writes one line per annotation of every set the run leaves:

    document <TAB> set <TAB> type <TAB> start <TAB> end <TAB> features as sorted JSON

then one line per relation (``document <TAB> set <TAB> @relation <TAB> type <TAB> member
offsets <TAB> features``) and one per document feature. Annotation ids are left out (a faster
path may number them differently and still be right); relation members are written as the
offsets and types of their annotations for the same reason. The lines are sorted, so two runs
agree exactly when their files do:

    python benchmarks/dump_annotations.py meddocan ../shared/corpora/meddocan/dev/brat --from text \
        --out /tmp/a.txt
    (change the code, or set a parameter with -p NAME.param=value)
    python benchmarks/dump_annotations.py meddocan ../shared/corpora/meddocan/dev/brat --from text \
        --out /tmp/b.txt
    cmp /tmp/a.txt /tmp/b.txt

The English material is a corpus once written out: ``python benchmarks/deid_en_material.py
/tmp/en`` (then ``/tmp/en/hipaa/dev`` and the other parts, i2b2-2014 XML).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterator

from annotator import Document, Pipeline
from annotator.corpus import Failure, read_documents
from annotator.errors import AnnotatorError
from annotator.cli.run import parse_override


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


def lines(doc: Document) -> Iterator[str]:
    """The dump lines of one processed document (unsorted)."""
    for name in doc.annset_names():
        annset = doc.annset(name)
        by_id = {}
        for ann in annset:
            by_id[ann.id] = ann
            yield "\t".join((doc.name, name, ann.type, str(ann.start), str(ann.end), _json(ann.features)))
        for rel in annset.relations.values():
            members = [[by_id[m].type, by_id[m].start, by_id[m].end] if m in by_id else m for m in rel.members]
            yield "\t".join((doc.name, name, "@relation", rel.type, _json(members), _json(rel.features)))
    for key, value in doc.features.items():
        yield "\t".join((doc.name, "", "@feature", key, _json(value)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pipeline", help="a shipped pipeline's name or a pipeline XML file")
    parser.add_argument("corpus", help="a file or folder of documents")
    parser.add_argument("--from", dest="fmt", default=None, help="the corpus's format (default: sniffed)")
    parser.add_argument("--out", default="-", help="the dump file (default: standard output)")
    parser.add_argument("-p", dest="params", action="append", default=[], metavar="NAME.param=value",
                        type=parse_override, help="set a PR parameter, as for annotator run")
    args = parser.parse_args(argv)
    dumped: list[str] = []
    try:
        pipeline = Pipeline.load(args.pipeline, dict(args.params))
        for doc in read_documents(args.corpus, args.fmt):
            if isinstance(doc, Failure):
                print(f"{doc}", file=sys.stderr)
                return 1
            dumped.extend(lines(pipeline(doc)))
    except AnnotatorError as error:  # a corpus it cannot read, an unknown pipeline: one line
        print(error, file=sys.stderr)
        return 1
    dumped.sort()
    text = "".join(line + "\n" for line in dumped)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"{len(dumped)} lines to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
