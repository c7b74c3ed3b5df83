"""Where the shipped data folders are, found as installed packages through ``importlib.resources``.

The repository keeps ``resources/`` and ``corpora_schemas/`` as top-level folders; pyproject.toml
installs them as the packages ``annotator.resources`` and ``annotator.corpora_schemas`` (an editable
install maps them back to the checkout). Both names are real folders: pipelines, grammars and
gazetteer lists name each other by relative paths, so installs from a zip (zipimport) are not
supported.
"""

from importlib.resources import files
from pathlib import Path


def _folder(package: str) -> Path:
    """The folder of an installed data package, as a filesystem path."""
    path = Path(str(files(package)))
    assert path.is_dir(), f"{package} is not installed as a folder (zipped installs are not supported)"
    return path


RESOURCES = _folder("annotator.resources")
SCHEMAS = _folder("annotator.corpora_schemas")
