"""De-identification: turning annotated PHI into releasable text (surrogates, placeholders,
masks, redaction), as a transformer ``Document -> Document`` that runs after a pipeline."""
