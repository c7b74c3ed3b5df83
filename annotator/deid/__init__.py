"""De-identification: the Python actions of the MEDDOCAN grammar."""
