"""Words of other languages that multilingual code knows (written for this project, Apache-2.0 as
the rest of it): name particles met in names from Catalan, Portuguese, Italian, French, Dutch and
German (annotator.processing.record_matcher.names), the Italian and German ones organisations'
initials skip (annotator.processing.ortho_matcher), and the French word for years after an age
(annotator.deid.surrogates.dates)."""

NAME_PARTICLES = frozenset("i da das do dos di du van von der den ter".split())
INITIALS_SKIPPED = frozenset(("di", "von"))
AGE_UNITS = {"years": ("ans",)}
