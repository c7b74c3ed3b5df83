"""JAPE, GATE's pattern language over annotations, in Python.

``compile_grammar(path)`` reads a grammar (single phase or MultiPhase), compiles it and returns
a callable ``grammar(doc, inset, outset)`` (several threads may call one grammar at once). Right-hand
sides are the simple annotation form or registered Python actions (:mod:`annotator.jape.actions`);
Java blocks are refused with a GrammarError. Modules: ``lexer`` -> ``parser`` (+ ``macros``) ->
``syntax`` tree -> ``compiler`` (automata, dispatch keys; ``constraints`` compiles the tests of
an annotation, ``values`` holds GATE's typed comparisons, ``anchors`` the keys every match passes)
-> ``runtime`` (lattice, control styles); ``rhs`` runs actions; ``loader``
handles files and checking; ``explain`` reports which rules matched where.

Decisions where GATE's sources leave a choice or Python differs (tests in tests/jape):

* default ``control`` is ``brill`` (GATE's SinglePhaseTransducer default); ``negationGrouping``
  defaults to true: the negated constraints on one type inside ``{...}`` exclude an annotation
  meeting all of them (false: each excludes on its own);
* empty (zero-length) annotations are never matched by an element, as in GATE, but
  ``contains``/``within`` see them (an empty annotation at a span's edge is inside it);
  ``contains``/``within`` read the whole input set, not only the ``Input`` types;
* an RHS label bound to nothing (an optional part) makes its action do nothing; in ``first`` and
  ``once`` the first match is found breadth-first over all candidate rules, as GATE's FSM does:
  the path with the fewest elements fires, then the one of the earliest rule, then, between
  paths of one rule, the first in the order the pattern is written (alternatives left to right,
  one more repetition before leaving a group: of ``(({A})*:a | {A})`` over one A, the path
  through the first alternative, which binds ``a``), then the first annotation found. GATE's
  documentation (and ../shared/reference/gate.md, section 3.3) says only that ``first`` fires
  the first, shortest match; the order between tied paths is our decision, the same in the fast
  and the reference matchers;
* a phase's lattice is fixed when the phase starts: annotations it adds are seen by later phases
  only (and only when the output set is the input set, as in GATE);
* option names and keywords are case-insensitive; values such as ``appelt`` too;
* our extension, ``Options: cuts = true`` (GATE reads only the options it knows): the
  runtime tries a rule only at offsets from which a key every match of it needs is reached in
  few elements (:mod:`annotator.jape.anchors`). Same matches; faster in a phase whose rules walk
  runs of common words to a rare head word, slower in most others (the check costs passes over
  the document), hence off by default and set per phase where measured to pay;
* Python actions replace Java (``:label { action: "name", param = value }``, see ``actions``);
  ``Imports:`` blocks are ignored with a warning, other Java blocks are errors.
"""

from annotator.jape.actions import ActionContext, action, get_action
from annotator.jape.loader import Grammar, check, compile_grammar, read_grammar

__all__ = ["ActionContext", "Grammar", "action", "check", "compile_grammar", "get_action", "read_grammar"]
