"""Learned taggers: features read from annotation layers, BIO labels, the ``svm-tagger`` and
``crf-tagger`` PRs and their model files.

The learners' libraries (scikit-learn, python-crfsuite: the ``[learn]`` extra) are imported only
when a model is trained or loaded, so registering the PRs costs nothing.
"""
