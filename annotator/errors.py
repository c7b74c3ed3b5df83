"""Every error a user can cause, in one place.

Errors carry a code and, where known, the place (file, line, column) they refer to, so the
CLI can print them as one line: ``path:line:col: E101 message``. Message templates live in
:class:`Errors`; :func:`coded` fills one and puts its code in front. Code ranges: E0xx document
model, E1xx formats, E2xx evaluation, E3xx pipelines and parameters, E4xx tokenizer/splitter/
gazetteers, E5xx JAPE, E6xx POS tagger, E7xx de-identification, E8xx learning (E800-E839: features, taggers, models), E9xx
viewing and interop (E900-E929: HTML view, error analysis, plots; E930-E949: spaCy, gatenlp, pandas).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any


class Errors:
    """Message templates, formatted with ``str.format``."""

    # document model
    E001 = "annotation offsets {start}-{end} are outside the text (length {length})"
    E002 = "annotation start {start} is after its end {end}"
    E003 = "annotation type must be a non-empty string, got {type!r}"
    E004 = "annotation id {id} is already used in this document"
    E005 = "feature {name!r} has a value that is not JSON-able: {value!r}"
    E006 = "no annotation with id {id} in set {set!r}"
    E007 = "offsets must be integers, got {start!r}, {end!r}"
    E008 = "relation member {id} is not an annotation of this document"
    E009 = "document text must be a str, got {got}"

    # JAPE (annotator.jape); E500 is every syntax error ("expected ... but found ...")
    E501 = "Java RHS not supported: rewrite as a Python action (see annotator.jape.actions)"
    E502 = "Java block {name}: not supported: rewrite it as a Python action"
    E503 = "unknown macro name {name!r}{hint}"
    E504 = "unknown template {name!r}"
    E505 = "unknown action {name!r} (registered: {known}; a grammar's own actions file: the jape PR's 'actions' parameter, --actions for jape check/explain)"
    E506 = "rule {rule}: action failed: {error}"
    E507 = "bad regular expression {pattern!r}: {reason}"
    E508 = "cannot read grammar: {reason}"
    E509 = "cannot read phase file {path}: {reason}"
    E510 = "phase file {path} includes itself"
    E511 = "no document found"
    E512 = "span {start}:{end} is past the end of the text ({length})"
    E513 = "unknown JAPE strategy {strategy!r} (choose one of {known})"
    E530 = "cannot load actions: {reason}"
    E531 = "actions file failed to load: {error}"
    E532 = "actions file has no ACTIONS mapping of action names to functions"
    E533 = "cannot load action {name!r} from {target}: {error}"
    E540 = "cannot port into {out}: {reason} (choose another --out)"
    E541 = "Java block not translated by 'annotator jape port' ({reason}): port it by hand (action {action} of the ported actions.py)"
    E542 = "the grammar has {count} error(s) besides its Java blocks, the first: {first} (run 'annotator jape check')"

    # surrogate dates, ages and numbers (annotator.deid.surrogates.dates, .numbers): E750-E769
    E750 = "cannot read {surface!r} as a date (no digits, no month name)"
    E760 = "cannot make a surrogate {kind} for {surface!r} (no letter or digit in it)"
    E761 = "no keyed surrogate for {surface!r} differs from it after {tries} draws"

    # POS tagger
    E601 = "CoNLL-U line has {n} tab-separated columns, expected 10"
    E602 = "CoNLL-U token id {id!r} is not a number, a range or a decimal"
    E603 = "cannot read POS model: {reason}"
    E604 = "no tagged words in the training data (column {column})"
    E605 = "lexicon line should be 'word<TAB>tag', got {line!r}"
    E606 = "cannot read {what}: {reason}"
    E607 = "Hepple lexicon line should be 'word TAG TAG...', got {line!r}"
    E608 = "Hepple rule line should be 'FROM TO TEMPLATE ARGS...' with a known template and its arguments, got {line!r}"

    # surrogate names and places (annotator.deid.surrogates.people, places): E730-E749
    E730 = "no surrogate lists for language {language!r} (shipped: {known})"

    # pipelines and parameters
    E301 = "{pr} needs {type!r} in set {set!r}, which no earlier PR produces (add a PR that makes it, or declare it in <pipeline provides=\"...\">)"
    E302 = "not a well-formed pipeline file: {message}"
    E303 = "pipeline file does not match pipeline.xsd: {message}"
    E304 = "DOCTYPE declarations are not allowed in pipeline files"
    E305 = "include cycle: {chain}"
    E306 = "cannot read pipeline file: {message}"
    E307 = "PR name {name!r} is already used by the PR at {place}"
    E308 = "{pr}: unknown parameter {param!r} (known: {known})"
    E310 = "{pr}: parameter {param!r} is given twice"
    E311 = "attribute 'equals' needs 'if-feature' on the same element"
    E312 = "-p {key}: no PR named {name!r} in the pipeline (names: {names})"
    E313 = "-p {text}: expected NAME.param=value"
    E314 = "{pr}: {message}"
    E315 = "PR name {name!r} is used twice"
    E316 = "a worker process stopped unexpectedly (killed, or out of memory?)"
    E317 = "the worker process running this document's batch stopped twice (killed, or out of memory?): not written"
    E318 = "the Dask cluster lost this document's batch ({reason}): not written"
    E319 = "{pr}: the {type} annotation at {start} has confidence {value!r}, not a number"
    # declared output and pipelines by name (annotator.pipeline_xml): E350-E359
    E350 = "output type {type!r} is listed twice"
    E351 = "unknown pipeline {name!r} (shipped: {known}; a pipeline file is given by its path)"
    # parameter declarations (annotator.processing.base): E308 above, E330-E337
    E330 = "{pr}: missing required parameter {param!r} ({description})"
    E331 = "{pr}: parameter {param}: expected {expected}, got {value!r}"
    E332 = "{pr}: parameter {param}: {value!r} is out of range ({range})"
    E333 = "{pr}: parameter {param}: {value!r} is not one of {choices}"
    E334 = "{pr}: parameter {param}: no such file or folder {file}"
    E335 = "unknown processing resource {name!r} (known: {known})"
    E336 = "processing resource {name!r} is registered twice ({first} and {second})"
    E337 = "cannot load processing resource {name!r} from {target}: {error}"

    # formats (E1xx)
    E101 = "not valid UTF-8 ({reason})"
    E102 = "offsets {start}-{end} are outside the text (length {length})"
    E103 = "surface text {surface!r} differs from the text at {start}-{end}: {span!r}"
    E104 = "malformed {what}: {text!r}"
    E105 = "the text file {txt} is missing"
    E106 = "XML is not well-formed: {reason}"
    E107 = "XML document type declarations (DTD, entities) are not accepted: they are never loaded or expanded"
    E108 = "nesting deeper than {limit} levels"
    E109 = "cannot tell the format (give --from; known formats: {known})"
    E110 = "unknown format {name!r} (known formats: {known})"
    E111 = "refusing to overwrite an input file"
    E112 = "the text holds a character XML cannot carry ({char!r}) at offset {offset}"
    E113 = "annotations {a} and {b} overlap: inline i2b2 2006 tags cannot nest or cross"
    E114 = "reference to unknown id {ref!r}"
    E115 = "id {id!r} is used twice"
    E116 = "expected {expected}, found {found}"
    E117 = "{what} {value!r} is not a valid {kind}"
    E118 = "unclosed PHI tag repaired: {tag} read as </PHI> (known defect of the i2b2 2006 training file)"
    E119 = "not valid JSON: {reason}"
    E120 = "cannot write {what} {value!r} as {fmt}"
    E121 = "unknown mapping {name!r} (known: {known})"
    E122 = "document name {name!r} cannot be used as a file name"
    E123 = "two documents are named {name!r}"
    E124 = "XML text attribute {text!r} differs from the text at {start}-{end}: {span!r}"
    E125 = "annotation type {type!r} is not declared in {conf}"
    E126 = "annotation {id} ({type} {start}-{end}) does not line up with tokens; CoNLL keeps {kept_start}-{kept_end}"
    E127 = "annotation {id} ({type} {start}-{end}) overlaps an earlier one; CoNLL keeps one label per token and drops it"
    E128 = "no such file or folder"
    E129 = "the output is the input: writing there would overwrite {file}"
    E130 = "{count} annotation id(s) in set(s) {sets} are missing or taken by another set: given fresh ids"
    E131 = "cannot {action}: {reason}"
    E132 = "refusing to overwrite a companion of the input file {input}"
    E133 = "unknown tag set {name!r} (known: {known})"
    E134 = "cannot load tag set {name!r} from {target}: {error}"
    E135 = "tag set file {file}: {reason}"
    E136 = "cannot load format {name!r} from {target}: {error}"
    E140 = "type {type!r} is not in the {fmt} tag set: written as is{hint}"
    # BioC (formats.bioc): E141-E143
    E141 = "BioC annotation {id!r} of document {doc!r}: location {start}-{end} is outside its passage ({begin}-{stop})"
    E142 = "BioC {what} at offset {offset} of document {doc!r} begins before the end of the previous one ({end})"
    E143 = "not a BioC collection: {reason}"
    # UIMA CAS XMI (formats/uima_xmi.py)
    E150 = 'UIMA XMI needs dkpro-cassis, which is not installed: pip install "annotator[uima]"'
    E151 = "cannot read the UIMA type system: {reason}"
    E152 = "view {view!r} has another text than the initial view: its annotations are skipped"
    E153 = "feature {feature!r} of type {type!r} is {here} here but {there} in {other}: one TypeSystem.xml cannot hold both: this document is left out"
    E154 = "cannot read the XMI with its type system (give --typesystem FILE?): {reason}"
    E155 = "offset {offset} (UTF-16 units) is not at a character of the text: inside a surrogate pair or past its end"
    E156 = "feature {feature!r} of {type!r} is a UIMA reference (document feature 'uima.references') but {value!r} is not {what}"
    E157 = "document feature 'uima.references' is not {{type: {{feature: range}}}} (strings): {value!r}"
    E158 = "{count} feature structure(s) of view {view!r} that are no annotations and that no annotation refers to are not read: {types}"
    E159 = "a cas:View without a sofa (UIMA's view of a CAS with no text) cannot be read: dkpro-cassis does not load it"
    E137 = "cTAKES relation xmi:id {id} ({type}) of view {view!r} is not read: {reason}"
    E138 = "cTAKES relations xmi:id {first} and {second} of view {view!r} share one members list: read for each, written with a list each"
    E160 = "--resume needs per-document input and output formats; {fmt} holds every document in one file"
    # engines: local processes and Dask (annotator.engines, annotator.runner): E161-E169, E317-E318
    E161 = 'the Dask engine needs Dask, which is not installed: pip install "annotator[dask]"'
    E162 = "--workers cannot be given with --scheduler: the cluster's own workers are used"
    E163 = "cannot reach the Dask scheduler {address}: {reason}"
    E164 = "unknown engine {name!r} (known: {known})"
    E165 = "--scheduler runs on Dask: it cannot be used with --engine processes"

    # evaluation
    E201 = "two {side} documents have the key {key!r}"
    E202 = "document {name!r}: gold and system texts differ (first difference at character {offset})"
    E203 = "system documents come from several runs ({runs}); give each run its own folder"
    E204 = "cannot read sentence file: {error}"
    E205 = "document {name!r}: the {type} annotation at {start} has confidence {value!r}, not a number"
    E230 = "gold annotations have {gold} types and system annotations {system} types: the scores compare unlike tags{hint}"
    E231 = "{side} annotation type(s) outside the {metric} tag set: {types}"
    E232 = "gold and system annotations share no type (gold: {gold}; system: {system})"
    # leak metric (annotator.evaluation.leak): E233-E239
    E233 = "document {name!r}: type(s) {types} have no deid feature and no de-identification policy: checked as replaced"
    E234 = "{count} original document(s) have no de-identified document and are not checked: {names}"
    E235 = "{count} de-identified document(s) have no original document and are ignored: {names}"
    E236 = "document {name!r}: gold and system have different tokens; conlleval scores token by token"
    E237 = "cannot load metric {name!r} from {target}: {error}"
    E238 = "unknown metric {name!r} (known: {known})"

    # de-identification (annotator.deid, annotator deidentify): E700-E729
    E700 = "unknown de-identification mode {mode!r} (known: {known})"
    E701 = "unknown de-identification tag set {name!r} (known: {known})"
    E702 = "surrogate mode needs the language of the texts: the pipeline declares none, give --language ({known})"
    E703 = "unsupported language {language!r} (known: {known})"
    E704 = "the key must hold at least 32 bytes, got {length}"
    E705 = "type(s) {types} of set {set!r} have no de-identification policy in {where}: nothing written (fail closed)"
    E706 = "no surrogate generator for kind {kind!r}: {reason}"
    E707 = "the {kind} surrogate generator failed on {type} {start}-{end}: {error}"
    E708 = "{count} annotation(s) of set(s) {sets} crossed a replaced span and were dropped"
    E709 = "de-identification failed: {error}"
    E710 = "key file: cannot {action}: {reason}"
    E711 = "key file holds {length} bytes; at least 32 random bytes are needed"
    E712 = "key file is readable by others (mode {mode}): chmod 600 it"
    E713 = "policy file {file}: {reason}"
    E716 = "{type} {start}-{end} written as its placeholder [{placeholder}]: {reason}"
    E715 = "no annotation set {set!r} in the document (its sets: {sets}): nothing says what to replace, so nothing is written (fail closed; --set names the set)"

    # sentence splitter (E470-E479)
    E471 = "cannot read sentence-splitter list: {reason}"

    # gazetteers (E430-E449)
    E430 = "cannot read {what}: {reason}"
    E431 = "lists.def line must be 'file.lst:majorType[:minorType[:language[:annotationType{extra}]]]', got {text!r}"
    E432 = "list file {name!r} not found"
    E433 = "feature {part!r} is not key=value (gazetteerFeatureSeparator is {sep!r})"
    E434 = "entry is empty"
    E435 = "regular expression timed out after {seconds} s on document {doc!r} (entry {entry!r}); the document fails"
    E436 = "invalid regular expression {entry!r}: {reason}"
    E437 = "unknown munging rule {name!r} (known: {known})"
    E438 = "munging rule file: {reason}"

    # learning (annotator.learning): features, svm-tagger / crf-tagger, model files: E800-E839
    E800 = "cannot read tagger model: {reason}"
    E801 = "not a {expected} model (it is a {found} model)"
    E802 = "model format {found!r} is not one this annotator reads ({expected}): retrain it"
    E803 = "the model was trained with another feature configuration ({model}); this tagger asks for {given}: retrain the model or leave the features parameter out"
    E804 = "unknown feature class {name!r} (known: {known})"
    E805 = "no {type} annotations in set {set!r} of the training corpus (types there: {found}): give --set"
    E806 = "no {type} annotations after the feature pipeline: it must make them (a tokenizer)"
    E807 = "{count} training document(s) could not be read; nothing trained"
    E808 = "cannot write model: {reason}"
    E809 = "the training data has a single label ({label}): nothing to learn"
    E810 = "the {learner} learner needs {package}: pip install 'annotator[learn]'"
    E814 = "cannot read the word clusters {path}: {reason}"
    # stacked hybrid (annotator.learning.stacking, span-precedence): E811-E819
    E811 = "cross-fold stacking needs at least 2 folds and a document per fold, each named once ({folds} folds, {documents} documents, {unique} names)"
    E812 = "document {name!r} is not in the cross-fold corpus (or its text differs): its features were made for the training corpus only"
    E813 = "span-precedence: {reason}"

    # learning experiments (annotator.learning.experiments, annotator experiment): E820-E829
    E820 = "no gold annotations in set {set!r} of the dev corpus (types there: {found}): give --set"
    E821 = "the kernels study compares SVM kernels: give --learner svm"
    E822 = "{option} must be {what}, got {value}"
    E823 = "the ablation needs at least two feature classes, got {classes}: give --features"
    E824 = "cannot write the study's files into {folder}: {reason}"

    # record matcher records files (annotator.processing.record_matcher): E450-E469
    E450 = "cannot read records file: {reason}"
    E451 = "not valid JSON: {reason}"
    E452 = "a record must be a JSON object with a non-empty \"document\" name, got {got}"
    E453 = "field {field!r}: a value must be a string or a list of strings, got {got}"
    E454 = "records CSV header must be 'document,field,value', got {header!r}"
    E455 = "records CSV row has {n} columns, expected 3 (document,field,value)"
    E456 = "records CSV row has an empty {what}"
    E457 = "field {field!r}: {value!r} is not {kind} (strictRecords=true)"
    E458 = "field {field!r}: {value!r} is not {kind}: matched {how} (strictRecords=true makes it an error)"

    # view: HTML pages, error analysis, plots (annotator.view): E900-E929
    E900 = 'plots need matplotlib, which is not installed: pip install "annotator[plots]"'
    E901 = "--html and --plot show per-type scores of the meddocan, i2b2-2014 and diff metrics, not of {metric}"
    E902 = "document {name!r} would have the corpus index's page (index.html): rename it"
    E903 = "--curve plots the phi-values metric against a confidence threshold, not {metric}"

    # interop: spaCy, python-gatenlp, pandas (annotator.interop): E930-E949
    E930 = '{what} needs {package}, which is not installed: pip install "annotator[{extra}]"'
    E931 = "{count} annotation id(s) of {source} in set(s) {sets} are taken by another set: given fresh ids"
    E932 = "expected {expected}, got {got}"
    E933 = "spacy-ner: cannot load the spaCy pipeline {model!r}: {reason}"


def coded(code: str, **fields: Any) -> str:
    """The message ``"E### text"``: the template ``Errors.<code>`` filled with ``fields``, after its code."""
    return f"{code} {getattr(Errors, code).format(**fields)}"


class AnnotatorError(Exception):
    """Base of every error a user can cause; printed by the CLI as one line."""

    def __init__(
        self,
        message: str,
        *,
        path: str | Path | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.column = column

    def where(self) -> str:
        """``path:line:col`` (as much of it as is known), or an empty string."""
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


class DocumentError(AnnotatorError, ValueError):
    """Invalid use of the document model (bad offsets, duplicate ids, ...)."""


class InputError(AnnotatorError):
    """An input file cannot be read: bad format, bad offsets, unsafe XML, bad encoding."""


class PipelineError(AnnotatorError):
    """A pipeline definition or a processing-resource parameter is wrong."""


class ProcessingError(AnnotatorError):
    """A processing resource failed on one document; ``path`` is the document's name and
    ``details`` the traceback text (shown by the CLI with ``--debug``)."""

    details: str = ""


class GrammarError(AnnotatorError):
    """A JAPE grammar has a syntax or semantic error."""


class EvaluationError(AnnotatorError):
    """Gold and system documents cannot be compared."""


class DeidError(AnnotatorError):
    """A document cannot be de-identified (it is then not written: fail closed)."""


class UnreadableValue(DeidError):
    """A surrogate generator cannot read a value of its kind (gold noise such as ``Colombia``
    tagged as a date): the Pseudonymiser writes the type's placeholder there instead (E716)."""


log = logging.getLogger("annotator")


def input_error(code: str, path: str | Path | None, line: int | None = None, **fields: Any) -> InputError:
    """An :class:`InputError` whose message is ``E1xx <template filled with fields>``."""
    return InputError(coded(code, **fields), path=path, line=line)


def pipeline_error(code: str, path: str | Path | None = None, line: int | None = None, **fields: Any) -> PipelineError:
    """A :class:`PipelineError` ``E3xx message`` (template ``Errors.E3xx`` filled with ``fields``) at path:line."""
    return PipelineError(coded(code, **fields), path=path, line=line)


def warn(code: str, path: str | Path | None, line: int | None = None, **fields: Any) -> None:
    """Log one warning line ``path:line: E1xx message`` on the ``annotator`` logger."""
    log.warning("%s", input_error(code, path, line, **fields))


def line_of(data: bytes | str, position: int) -> int:
    """1-based line number of a byte or character position."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    return data.count(newline, 0, position) + 1
