"""Shared-task scorers (MEDDOCAN, i2b2 2014) and a GATE-style annotation diff, on Documents."""

from annotator.evaluation.diff import DiffResult, evaluate_diff
from annotator.evaluation.i2b2_2014 import I2b2Result, evaluate_i2b2
from annotator.evaluation.meddocan import MeddocanResult, evaluate_meddocan
from annotator.evaluation.tag_sets import tag_set_warnings

__all__ = [
    "DiffResult", "I2b2Result", "MeddocanResult", "evaluate_diff", "evaluate_i2b2", "evaluate_meddocan", "tag_set_warnings",
]
