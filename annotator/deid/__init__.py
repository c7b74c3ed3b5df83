"""De-identification: turning annotated PHI into releasable text (surrogates, placeholders,
masks, redaction), as a transformer ``Document -> Document`` that runs after a pipeline."""

#: How PHI is replaced (see :mod:`annotator.deid.pseudonymiser`), and the languages of surrogates.
MODES = ("surrogate", "placeholder", "mask", "redact")
LANGUAGES = ("es", "en", "sv")
