"""Corpora on disk, from Python: reading and writing many documents in any format, and running a
pipeline over a corpus.

``read_documents(src, fmt)`` yields documents (a :class:`Failure` in place of one that cannot be
read), ``write_documents(docs, dest, fmt)`` writes them atomically, :class:`InputFiles` is what a
corpus consists of on disk (:mod:`annotator.corpus_files`). ``run(pipeline, src, dest,
engine="dask", ...)`` runs a pipeline over a corpus on paths, in local processes or on a Dask
cluster: the one corpus loop of every verb that writes (:mod:`annotator.runner`).
"""

from annotator.corpus_files import (Failure, InputFiles, UnitFiles, read_documents, read_units, units,
                                    write_digested, write_documents)
from annotator.runner import run

__all__ = ["Failure", "InputFiles", "UnitFiles", "read_documents", "read_units", "run", "units", "write_digested",
           "write_documents"]
