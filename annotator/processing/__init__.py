"""Processing resources. Importing this package registers the built-in PRs."""

from annotator.processing.base import Param, ProcessingResource, register, resource_class, resource_names
from annotator.processing import tokenizer  # noqa: F401  (registers "tokenizer")
from annotator.processing import sentence_splitter  # noqa: F401  (registers "sentence-splitter")
from annotator.processing import gazetteer  # noqa: F401  (registers "gazetteer")
from annotator.processing import regex_gazetteer  # noqa: F401  (registers "regex-gazetteer")
from annotator.processing import jape  # noqa: F401  (registers "jape")
from annotator.processing import pos_tagger  # noqa: F401  (registers "pos-tagger")
from annotator.processing import record_matcher  # noqa: F401  (registers "record-matcher")
from annotator.learning import tagger  # noqa: F401  (registers "svm-tagger", "crf-tagger")
from annotator.learning import precedence  # noqa: F401  (registers "span-precedence")

__all__ = ["Param", "ProcessingResource", "register", "resource_class", "resource_names"]
