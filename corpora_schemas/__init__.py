"""Tag sets, type mappings and the pipeline schema, installed as ``annotator.corpora_schemas`` so
that ``importlib.resources`` finds them (see ``annotator/paths.py``)."""
