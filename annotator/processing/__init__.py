"""Processing resources. Importing this package registers the built-in PRs."""

from annotator.processing.base import Param, ProcessingResource, register, resource_class, resource_names

__all__ = ["Param", "ProcessingResource", "register", "resource_class", "resource_names"]
