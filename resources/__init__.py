"""The shipped resources (pipelines, grammars, gazetteers, models, samples), installed as
``annotator.resources`` so that ``importlib.resources`` finds them (see ``annotator/paths.py``)."""
