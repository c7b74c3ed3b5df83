"""Processing resources. The shipped PRs are entry points of the group
``annotator.processing_resources`` (pyproject.toml) and their modules imported on first use, so
that a verb that runs no pipeline does not pay for numpy, the taggers or the JAPE compiler."""

from annotator.processing.base import Param, ProcessingResource, register, resource_class, resource_names

__all__ = ["Param", "ProcessingResource", "register", "resource_class", "resource_names"]
