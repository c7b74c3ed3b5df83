"""Python actions of the MEDDOCAN grammar (resources/grammars/meddocan/*.jape), its actions file.

JAPE's simple RHS can only annotate what a pattern bound. Two pieces of the MEDDOCAN logic need
more: a header field's value runs from the cue to the end of the line (or to the next cue on the
same line) and must be trimmed to the MEDDOCAN span conventions (no trailing period, the
"nhc-" prefix left out, "Madrid, Madrid" split in two); and the signature line after
"Remitido por:" / "Responsable clínico:" packs a doctor's name, department, hospital, street, postcode,
town, country, phones and e-mail, which must be cut into typed spans. The modules here do that
over the text of the line, using the Lookup annotations of the gazetteer where a word's class
matters:

- ``fields``: header fields;
- ``address``: signature lines and address runs (which part comes next);
- ``address_parts``: where an organisation, a street or a place ends;
- ``spans``: pieces the others share (trimming, names, phone numbers);
- ``cleanup``: the last phase (cleanup.jape);
- ``confidence``: each PHI span's feature ``confidence`` by the rule that made it;
- ``patterns`` and ``tables``: the word lists and the type tables they all read.

See ../CONVENTIONS.md for the conventions they follow.

The pipeline names this folder in its jape PR's ``actions`` parameter; the grammar names the
actions of ``ACTIONS`` (see annotator.jape.actions for the contract). All three only add to or
remove from the phase's output set (``output_only``).
"""

from __future__ import annotations

from annotator.jape.actions import ActionContext, output_only

from .cleanup import organisation_acronyms, patient_name_mentions, phi_annotations, resolve
from .confidence import rule_confidence
from .fields import annotate_field
from .spans import add
from .tables import MID_LINE_FIELDS


@output_only
def field_action(ctx: ActionContext) -> None:
    """Bound: a cue Lookup (feature ``field``) and its ':'; annotate the value after the ':'.
    Other than MID_LINE_FIELDS, a cue counts only at the start of a line ("Informe Médico:" is no
    "Médico:" field)."""
    bound = ctx.annotations
    value_start = 0
    cue = None
    for a in bound:  # (loops: this runs for every "Cue:" of every header)
        if cue is None and a.type == "Lookup" and a.features.get("majorType") == "cue":
            cue = a
        if a.end > value_start:
            value_start = a.end
    if cue is None or "field" not in cue.features:
        return
    field = cue.features["field"]
    text = ctx.doc.text
    if field not in MID_LINE_FIELDS and text[text.rfind("\n", 0, cue.start) + 1:cue.start].strip(" \t\ufeff"):
        return
    annotate_field(ctx.doc, ctx.input, ctx.output, str(field), value_start)


@output_only
def place_action(ctx: ActionContext) -> None:
    """Bound: a location Lookup; PAIS for a country, TERRITORIO otherwise; a town with its country
    after "de" ("Santiago de Chile") is one TERRITORIO."""
    lookups = [a for a in ctx.annotations if a.type == "Lookup"]
    if len({a.start for a in lookups}) > 1:
        add(ctx.output, "TERRITORIO", min(a.start for a in lookups), max(a.end for a in lookups), f"{ctx.rule}")
        return
    if lookups:
        kind = "PAIS" if lookups[0].features.get("minorType") == "country" else "TERRITORIO"
        add(ctx.output, kind, lookups[0].start, lookups[0].end, f"{ctx.rule}")


@output_only
def resolve_action(ctx: ActionContext) -> None:
    """The patient's name wherever the text repeats it, the acronyms of the organisations it names, then one PHI annotation per span (the first
    added wins: header rules run before context rules) and none nested strictly inside a longer
    PHI annotation, each with the feature ``confidence`` of its rule."""
    patient_name_mentions(ctx.doc.text, ctx.output)
    organisation_acronyms(ctx.doc.text, ctx.output)
    resolve(ctx.output)
    for ann in phi_annotations(ctx.output):
        ann.features["confidence"] = rule_confidence(str(ann.features.get("rule", "")))


ACTIONS = {
    "meddocan.field": field_action,
    "meddocan.place": place_action,
    "meddocan.resolve": resolve_action,
}
