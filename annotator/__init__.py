"""annotator: standoff document annotation for clinical text, in the spirit of GATE and UIMA."""

from annotator.document import Annotation, AnnotationSet, AnnotationView, Document, Relation
from annotator.errors import AnnotatorError
from annotator.pipeline import Pipeline

__all__ = ["Annotation", "AnnotationSet", "AnnotationView", "AnnotatorError", "Document", "Pipeline", "Relation"]
__version__ = "0.1.0"
