"""annotator: standoff document annotation for clinical text, in the spirit of GATE and UIMA."""

from annotator.document import Annotation, AnnotationSet, AnnotationView, Document, Relation
from annotator.errors import AnnotatorError

__all__ = ["Annotation", "AnnotationSet", "AnnotationView", "AnnotatorError", "Document", "Relation"]
__version__ = "0.1.0"
