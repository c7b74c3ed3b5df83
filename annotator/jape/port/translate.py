"""Translating the tree of one Java block (:mod:`annotator.jape.port.java`) into the body of a
Python action over :class:`~annotator.jape.actions.ActionContext`.

Every expression is translated with its Java type (GATE's classes, String, numbers, booleans, the
collections the blocks use), and each call is looked up by the type of its receiver, so that
``get`` on a binding, a feature map or a list each becomes the right thing. A name, method, type
or operator the tables do not know raises :class:`~annotator.jape.port.java.Unsupported`: the
block is then not translated, never translated by a guess. Calls whose Java meaning a Python
expression would not keep (null, bounds, GATE's set queries) go through
:mod:`annotator.jape.port.gate` (``J``).
"""

from __future__ import annotations

import builtins
import keyword
from dataclasses import dataclass, field

import regex

from annotator.jape.port.java import Node, Unsupported, parse_block

#: Java type names (as written, or fully qualified) -> the translator's type
_TYPES = {
    "AnnotationSet": "Set", "gate.AnnotationSet": "Set",
    "Annotation": "Ann", "gate.Annotation": "Ann",
    "FeatureMap": "FM", "gate.FeatureMap": "FM",
    "String": "String", "java.lang.String": "String",
    "int": "int", "long": "int", "short": "int", "byte": "int",
    "Integer": "Integer", "Long": "Integer", "java.lang.Integer": "Integer", "java.lang.Long": "Integer",
    "boolean": "boolean", "Boolean": "Boolean", "java.lang.Boolean": "Boolean",
    "Object": "Object", "java.lang.Object": "Object",
    "char": "char",
    "Node": "Node", "gate.Node": "Node",
    "Iterator": "Iter", "java.util.Iterator": "Iter",
    "List": "List", "java.util.List": "List", "ArrayList": "List", "java.util.ArrayList": "List",
}
_ANN_TYPE = {"Annotation", "gate.Annotation"}
#: casts checked at run time: the translator's type -> the name gate.cast knows
_CHECKED_CASTS = {"String": "String", "Integer": "Long", "Boolean": "Boolean", "Ann": "Annotation", "FM": "FeatureMap",
                  "Set": "AnnotationSet", "List": "List"}
_NUMERIC = {"int", "Integer", "char"}
_OFFSET = {"int", "Integer"}
_SETS = {"Set", "AS"}
_NULLABLE = {"Set", "AS", "Ann", "FM", "String", "Integer", "Boolean", "Object", "Node", "Iter", "List"}
_CATCH = {"Exception": "Exception", "java.lang.Exception": "Exception", "Throwable": "Exception",
          "RuntimeException": "Exception", "InvalidOffsetException": "J.InvalidOffsetException",
          "gate.util.InvalidOffsetException": "J.InvalidOffsetException",
          "NumberFormatException": "J.NumberFormatException"}
_UTILS_PREFIXES = ("gate.Utils.", "Utils.")
#: what Java's default regular expressions and Python's regex module (with ASCII classes) read alike
_REGEX_UNSAFE = regex.compile(r"\\[pPQEGZzhHvVRXck]|\(\?|&&|\[[^\]]*\[")
_RESERVED = {"ctx", "J", "sys"}


def _pyname(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) or name in _RESERVED or hasattr(builtins, name) else name


def _lit(value: object) -> str:
    return repr(value)


@dataclass
class Scope:
    """The variables in scope: Java name -> (Python name, type)."""

    names: dict[str, tuple[str, str]] = field(default_factory=dict)
    static_utils: bool = False  # the file's Imports: has ``import static gate.Utils.*``
    string_utils: bool = False  # ... and ``import org.apache.commons.lang.StringUtils``

    def child(self) -> "Scope":
        return Scope(dict(self.names), self.static_utils, self.string_utils)


class Translator:
    """One block: :meth:`body` gives its Python lines (indented by four spaces)."""

    def __init__(self, label: str | None, static_utils: bool, string_utils: bool = False) -> None:
        self.label = label
        self.static_utils = static_utils
        self.string_utils = string_utils
        self.uses_sys = False
        self.in_for = 0
        self.fresh: dict[str, bool] = {}  # feature-map variable -> whether every value it is given is a new map
        self.mutated: set[str] = set()  # the code of each feature map the block changes

    @property
    def keeps_features(self) -> bool:
        """Whether the block changes only feature maps it made itself (``Factory.newFeatureMap()``,
        held in local variables): then no annotation that was there before it ran has a feature
        changed (:func:`annotator.jape.actions.keeps_features`)."""
        return all(self.fresh.get(code, False) for code in self.mutated)

    def _given(self, pyname: str, kind: str, code: str) -> None:
        """Note that the local ``pyname`` of ``kind`` is given the value ``code``."""
        if kind == "FM":
            self.fresh[pyname] = self.fresh.get(pyname, True) and code == "{}"

    # ---------------------------------------------------------------- statements
    def body(self, text: str, line: int) -> list[str]:
        statements = parse_block(text, line)
        scope = Scope(static_utils=self.static_utils, string_utils=self.string_utils)
        scope.names.update({"doc": ("ctx.doc", "Doc"), "inputAS": ("ctx.input", "AS"),
                            "outputAS": ("ctx.output", "AS"), "bindings": ("ctx.bindings", "Bindings")})
        lines: list[str] = []
        if self.label is not None:
            var = _pyname(self.label + "Annots")
            scope.names[self.label + "Annots"] = (var, "Set")
            lines += [f"{var} = J.bound(ctx, {self.label!r})", f"if {var} is None:", "    return"]
        lines += self.statements(statements, scope)
        return ["    " + x for x in (lines or ["pass"])]

    def statements(self, nodes: list[Node] | tuple, scope: Scope) -> list[str]:
        out: list[str] = []
        for node in nodes:
            out += self.statement(node, scope)
        return out

    def _suite(self, nodes: list[Node] | tuple, scope: Scope) -> list[str]:
        inner = self.statements(nodes, scope.child())
        return ["    " + x for x in (inner or ["pass"])]

    def statement(self, node: Node, scope: Scope) -> list[str]:
        kind = node.kind
        try:
            if kind == "empty":
                return []
            if kind == "block":
                inner = self.statements(node[0], scope.child())
                return inner
            if kind == "local":
                return self._local(node, scope)
            if kind == "expr":
                return [self._expression_statement(node[0], scope)]
            if kind == "if":
                cond = self.condition(node[0], scope)
                out = [f"if {cond}:"] + self._suite(node[1], scope)
                other = node[2]
                while other is not None:
                    if len(other) == 1 and other[0].kind == "if":
                        nested = other[0]
                        out += [f"elif {self.condition(nested[0], scope)}:"] + self._suite(nested[1], scope)
                        other = nested[2]
                    else:
                        out += ["else:"] + self._suite(other, scope)
                        other = None
                return out
            if kind == "while":
                return [f"while {self.condition(node[0], scope)}:"] + self._suite(node[1], scope)
            if kind == "for":
                return self._for(node, scope)
            if kind == "foreach":
                return self._foreach(node, scope)
            if kind == "return":
                if node[0] is not None:
                    raise Unsupported("a right-hand side returns no value", node.line)
                return ["return"]
            if kind == "break":
                return ["break"]
            if kind == "continue":
                if self.in_for:
                    raise Unsupported("continue in a counting for loop is not translated", node.line)
                return ["continue"]
            if kind == "try":
                return self._try(node, scope)
        except Unsupported as exc:
            if exc.line is None:
                exc.line = node.line
            raise
        raise Unsupported(f"{kind} statements are not translated", node.line)

    def _declared(self, type_node: Node) -> str:
        name, args, dims = type_node.args
        if dims:
            raise Unsupported("arrays are not translated", type_node.line)
        kind = _TYPES.get(name)
        if kind is None:
            raise Unsupported(f"type {name} is not translated", type_node.line)
        if kind == "Iter":
            if args and (len(args) != 1 or args[0][0] not in _ANN_TYPE):
                raise Unsupported(f"an Iterator of {args[0][0]} is not translated", type_node.line)
            return "Iter:Ann" if args else "Iter:Object"
        if kind == "List" and (len(args) != 1 or args[0][0] not in _ANN_TYPE):
            raise Unsupported("only a List of Annotation is translated", type_node.line)
        if args and kind != "List":
            raise Unsupported(f"type arguments of {name} are not translated", type_node.line)
        return kind

    def _local(self, node: Node, scope: Scope) -> list[str]:
        declared = self._declared(node[0])
        out = []
        for name, init in node[1]:
            pyname = _pyname(name)
            kind = declared
            if init is None:
                out.append(f"{pyname} = None")
            else:
                code, got = self.expression(init, scope)
                code = self._assignable(code, got, declared, init.line)
                if declared == "Set" and got == "AS":
                    kind = "AS"
                out.append(f"{pyname} = {code}")
                self._given(pyname, kind, code)
            scope.names[name] = (pyname, kind)
        return out

    def _assignable(self, code: str, got: str, want: str, line: int) -> str:
        """``code`` of type ``got`` as a value of the declared type ``want`` (unboxing checks null)."""
        if got == want or got == "null" and want in _NULLABLE or want == "Object" and got not in ("Doc", "Bindings"):
            return code
        if want == "Set" and got == "AS" or want == "Iter:Object" and got == "Iter:Ann":
            return code
        if want in ("int", "Integer") and got in ("int", "Integer", "Node", "NodeNN"):
            return code if want == "Integer" or got in ("int", "NodeNN") else f"J.nn({code}, 'number')"
        if want in ("boolean", "Boolean") and got in ("boolean", "Boolean"):
            return code if want == "Boolean" or got == "boolean" else f"J.nn({code}, 'boolean')"
        if want == "Node" and got == "NodeNN":
            return code
        raise Unsupported(f"a {got} value where a {want} is declared is not translated", line)

    def _for(self, node: Node, scope: Scope) -> list[str]:
        init, cond, update, body = node.args
        inner = scope.child()
        out = self.statements(init, inner)
        test = "True" if cond is None else self.condition(cond, inner)
        self.in_for += 1
        try:
            loop = self._suite(body, inner)
        finally:
            self.in_for -= 1
        steps = ["    " + self._expression_statement(u[0], inner) for u in update]
        return out + [f"while {test}:"] + loop + steps

    def _foreach(self, node: Node, scope: Scope) -> list[str]:
        type_node, name, iterable, body = node.args
        declared = self._declared(type_node)
        code, got = self.expression(iterable, scope)
        if got not in _SETS | {"List"}:
            raise Unsupported(f"a for loop over a {got} is not translated", node.line)
        if declared not in ("Ann", "Object"):
            raise Unsupported(f"a for loop with a {declared} variable over annotations is not translated", node.line)
        inner = scope.child()
        pyname = _pyname(name)
        inner.names[name] = (pyname, declared)
        saved, self.in_for = self.in_for, 0
        try:
            loop = self._suite(body, inner)
        finally:
            self.in_for = saved
        return [f"for {pyname} in J.items({code}):"] + loop

    def _try(self, node: Node, scope: Scope) -> list[str]:
        body, catches, final = node.args
        out = ["try:"] + self._suite(body, scope)
        for types, name, handler in catches:
            names = []
            for type_node in types:
                caught = _CATCH.get(type_node[0])
                if caught is None:
                    raise Unsupported(f"catch ({type_node[0]}) is not translated", node.line)
                names.append(caught)
            inner = scope.child()
            pyname = _pyname(name)
            inner.names[name] = (pyname, "Exception")
            kinds = names[0] if len(names) == 1 else "(" + ", ".join(dict.fromkeys(names)) + ")"
            out += [f"except {kinds} as {pyname}:"] + self._suite(handler, inner)
        if final is not None:
            out += ["finally:"] + self._suite(final, scope)
        return out

    def _expression_statement(self, expr: Node, scope: Scope) -> str:
        if expr.kind == "assign":
            return self._assignment(expr, scope)
        if expr.kind == "incdec":
            target, kind = self._target(expr[1], scope)
            if kind != "int":
                raise Unsupported(f"{expr[0]} on a {kind} is not translated", expr.line)
            return f"{target} {'+' if expr[0] == '++' else '-'}= 1"
        if expr.kind == "call" and expr[0] is not None and expr[1] == "put" and len(expr[2]) == 2:
            receiver, kind = self.expression(expr[0], scope)
            if kind == "FM":
                key, _ = self.expression(expr[2][0], scope)
                value, _ = self.expression(expr[2][1], scope)
                self.mutated.add(receiver)
                return f"{receiver}[{key}] = {value}"
        if expr.kind not in ("call", "new"):
            raise Unsupported("an expression that is not a call is not a statement", expr.line)
        code, _ = self.expression(expr, scope)
        return code

    def _target(self, node: Node, scope: Scope) -> tuple[str, str]:
        if node.kind != "name" or node[0] not in scope.names:
            raise Unsupported("assignment to something other than a local variable is not translated", node.line)
        pyname, kind = scope.names[node[0]]
        if pyname.startswith("ctx."):
            raise Unsupported(f"assignment to {node[0]} is not translated", node.line)
        return pyname, kind

    def _assignment(self, expr: Node, scope: Scope) -> str:
        op, target_node, value_node = expr.args
        target, kind = self._target(target_node, scope)
        value, got = self.expression(value_node, scope)
        if op == "=":
            value = self._assignable(value, got, kind, expr.line)
            self._given(target, kind, value)
            return f"{target} = {value}"
        if op == "+=" and kind == "String":
            return f"{target} = J.jstr({target}) + {self._as_string(value, got)}"
        if op in ("+=", "-=", "*=") and kind == "int" and got in ("int", "Integer"):
            return f"{target} {op} {self._unboxed(value, got)}"
        raise Unsupported(f"{op} on a {kind} is not translated", expr.line)

    # ---------------------------------------------------------------- expressions
    def condition(self, node: Node, scope: Scope) -> str:
        code, kind = self.expression(node, scope)
        if kind == "boolean":
            return code
        if kind == "Boolean":
            return f"J.nn({code}, 'boolean')"
        raise Unsupported(f"a condition of type {kind} is not translated", node.line)

    def _unboxed(self, code: str, kind: str) -> str:
        return f"J.nn({code}, 'number')" if kind == "Integer" else code

    def _as_string(self, code: str, kind: str) -> str:
        if kind == "String" and code.startswith(("'", '"')):
            return code
        if kind == "char":
            return code
        if kind in ("Doc", "Bindings", "Iter:Ann", "Iter:Object", "Set", "AS", "Ann", "List", "Exception"):
            raise Unsupported(f"the string of a {kind} is not translated")
        return f"J.jstr({code})"

    def expression(self, node: Node, scope: Scope) -> tuple[str, str]:
        try:
            return self._expression(node, scope)
        except Unsupported as exc:
            if exc.line is None:
                exc.line = node.line
            raise

    def _expression(self, node: Node, scope: Scope) -> tuple[str, str]:
        kind = node.kind
        if kind == "literal":
            lit_kind, value = node.args
            if lit_kind == "null":
                return "None", "null"
            if lit_kind == "int":
                return _lit(value), "int"
            if lit_kind == "boolean":
                return ("True" if value else "False"), "boolean"
            return _lit(value), "String" if lit_kind == "string" else "char"
        if kind == "name":
            name = node[0]
            if name not in scope.names:
                raise Unsupported(f"unknown name {name}", node.line)
            return scope.names[name]
        if kind == "cast":
            return self._cast(node, scope)
        if kind == "unary":
            op, operand = node.args
            code, got = self.expression(operand, scope)
            if op == "!":
                return f"(not {self.condition(operand, scope)})", "boolean"
            if op in ("-", "+") and got in ("int", "Integer"):
                return f"({op}{self._unboxed(code, got)})", "int"
            raise Unsupported(f"unary {op} on a {got} is not translated", node.line)
        if kind == "binary":
            return self._binary(node, scope)
        if kind == "cond":
            test = self.condition(node[0], scope)
            then, a = self.expression(node[1], scope)
            other, b = self.expression(node[2], scope)
            if a != b and "null" not in (a, b):
                raise Unsupported(f"a conditional of a {a} and a {b} is not translated", node.line)
            return f"({then} if {test} else {other})", b if a == "null" else a
        if kind == "instanceof":
            code, _ = self.expression(node[0], scope)
            name = node[1][0]
            python = {"String": "str", "java.lang.String": "str", "Boolean": "bool"}.get(name)
            if python is None:
                raise Unsupported(f"instanceof {name} is not translated", node.line)
            return f"isinstance({code}, {python})", "boolean"
        if kind == "call":
            return self._call(node, scope)
        if kind == "new":
            return self._new(node, scope)
        if kind == "field":
            raise Unsupported(f"the field {self._dotted(node) or node[1]} is not translated", node.line)
        if kind in ("assign", "incdec"):
            raise Unsupported("an assignment inside an expression is not translated", node.line)
        raise Unsupported(f"{kind} expressions are not translated", node.line)

    def _cast(self, node: Node, scope: Scope) -> tuple[str, str]:
        type_node, operand = node.args
        code, got = self.expression(operand, scope)
        want = self._declared(type_node)
        if got == want or got == "null" or (want == "Set" and got == "AS"):
            return code, got if want == "Set" else want
        if want == "int" and got in ("int", "Integer", "char"):
            if got == "char":
                return f"ord({code})", "int"
            return self._unboxed(code, got), "int"
        if got == "Object" and want in _CHECKED_CASTS:
            return f"J.cast({code}, {_CHECKED_CASTS[want]!r})", want
        raise Unsupported(f"a cast of a {got} to {type_node[0]} is not translated", node.line)

    def _binary(self, node: Node, scope: Scope) -> tuple[str, str]:
        op, left, right = node.args
        if op in ("&&", "||"):
            a, b = self.condition(left, scope), self.condition(right, scope)
            return f"({a} {'and' if op == '&&' else 'or'} {b})", "boolean"
        a, ka = self.expression(left, scope)
        b, kb = self.expression(right, scope)
        if op in ("==", "!="):
            if "null" in (ka, kb):
                other = kb if ka == "null" else ka
                if other not in _NULLABLE | {"null"}:
                    raise Unsupported(f"comparing a {other} with null", node.line)
                return f"({a} is {'not ' if op == '!=' else ''}None)", "boolean"
            if ka in ("boolean", "Boolean") and kb in ("boolean", "Boolean") and "boolean" in (ka, kb) or (
                    ka in _NUMERIC and kb in _NUMERIC and (ka != "Integer" or kb != "Integer")):
                if "char" in (ka, kb) and ka != kb:
                    raise Unsupported("comparing a char with a number is not translated", node.line)
                return f"({self._unboxed(a, ka)} {op} {self._unboxed(b, kb)})", "boolean"
            raise Unsupported(f"{op} between a {ka} and a {kb} compares identity in Java: not translated", node.line)
        if op in ("<", ">", "<=", ">="):
            if ka in ("int", "Integer") and kb in ("int", "Integer"):
                return f"({self._unboxed(a, ka)} {op} {self._unboxed(b, kb)})", "boolean"
            raise Unsupported(f"{op} between a {ka} and a {kb} is not translated", node.line)
        if op == "+" and ("String" in (ka, kb)):
            return f"({self._as_string(a, ka)} + {self._as_string(b, kb)})", "String"
        if op in ("+", "-", "*", "/", "%") and ka in ("int", "Integer") and kb in ("int", "Integer"):
            a, b = self._unboxed(a, ka), self._unboxed(b, kb)
            if op == "/":
                return f"J.idiv({a}, {b})", "int"
            if op == "%":
                return f"J.irem({a}, {b})", "int"
            return f"({a} {op} {b})", "int"
        raise Unsupported(f"{op} between a {ka} and a {kb} is not translated", node.line)

    def _new(self, node: Node, scope: Scope) -> tuple[str, str]:
        type_node, args = node.args
        name = type_node[0]
        if name in ("SimpleFeatureMapImpl", "gate.util.SimpleFeatureMapImpl") and not args:
            return "{}", "FM"
        if name in ("Long", "Integer", "java.lang.Long", "java.lang.Integer") and len(args) == 1:
            code, kind = self.expression(args[0], scope)
            if kind == "int":
                return code, "Integer"
        raise Unsupported(f"new {name}(...) is not translated", node.line)

    @staticmethod
    def _dotted(node: Node) -> str | None:
        """``a.b.c`` as a string when the node is a chain of names (a class name), else None."""
        if node.kind == "name":
            return node[0]
        if node.kind == "field":
            inner = Translator._dotted(node[0])
            return None if inner is None else inner + "." + node[1]
        return None

    def _args(self, args: tuple, scope: Scope) -> list[tuple[str, str]]:
        return [self.expression(a, scope) for a in args]

    def _call(self, node: Node, scope: Scope) -> tuple[str, str]:
        receiver, name, args = node.args
        if receiver is None:
            return self._static(name, node, scope, unqualified=True)
        dotted = self._dotted(receiver)
        if dotted is not None and dotted.split(".")[0] not in scope.names:
            return self._static(f"{dotted}.{name}", node, scope)
        code, kind = self.expression(receiver, scope)
        values = self._args(args, scope)
        method = getattr(self, "_m_" + kind.split(":")[0], None)
        if method is None:
            raise Unsupported(f"methods of a {kind} are not translated", node.line)
        result = method(code, kind, name, values, node)
        if result is None:
            types = ", ".join(k for _, k in values)
            raise Unsupported(f"{kind}.{name}({types}) is not translated", node.line)
        return result

    # -- static calls
    def _static(self, name: str, node: Node, scope: Scope, unqualified: bool = False) -> tuple[str, str]:
        values = self._args(node[2], scope)
        kinds = [k for _, k in values]
        codes = [c for c, _ in values]
        if unqualified:
            if name in ("ruleName", "phaseName") and not values:
                return ("ctx.rule" if name == "ruleName" else "ctx.phase"), "String"
            if not scope.static_utils:
                raise Unsupported(f"unknown method {name}", node.line)
            name = "gate.Utils." + name
        if name in ("Factory.newFeatureMap", "gate.Factory.newFeatureMap") and not values:
            return "{}", "FM"
        if name.startswith(_UTILS_PREFIXES):
            found = self._utils(name.rsplit(".", 1)[1], codes, kinds)
            if found is not None:
                return found
        if name in ("org.apache.commons.lang.StringUtils.capitalize", "org.apache.commons.lang3.StringUtils.capitalize") \
                or name == "StringUtils.capitalize" and scope.string_utils:
            if kinds == ["String"]:
                return f"J.capitalize({codes[0]})", "String"
        if name in ("String.valueOf", "java.lang.String.valueOf") and len(values) == 1 and kinds[0] != "char":
            return self._as_string(codes[0], kinds[0]), "String"
        if name in ("Integer.parseInt", "Long.parseLong", "Integer.valueOf", "Long.valueOf") and kinds == ["String"]:
            return f"J.parse_int({codes[0]}{', 64' if name.startswith('Long') else ''})", \
                "int" if "parse" in name else "Integer"
        if name in ("System.out.println", "System.err.println") and len(values) <= 1:
            text = self._as_string(codes[0], kinds[0]) if values else "''"
            if name.startswith("System.err"):
                self.uses_sys = True
                return f"print({text}, file=sys.stderr)", "void"
            return f"print({text})", "void"
        raise Unsupported(f"{name}({', '.join(kinds)}) is not translated", node.line)

    def _utils(self, name: str, codes: list[str], kinds: list[str]) -> tuple[str, str] | None:
        spans = {"Ann", "Set", "AS"}
        if name in ("stringFor", "cleanStringFor"):
            helper = "J.string_for" if name == "stringFor" else "J.clean_string_for"
            if len(kinds) == 2 and kinds[0] == "Doc" and kinds[1] in spans:
                return f"{helper}({codes[0]}, {codes[1]})", "String"
            if len(kinds) == 3 and kinds[0] == "Doc" and kinds[1] in _OFFSET and kinds[2] in _OFFSET:
                return f"{helper}({codes[0]}, {codes[1]}, J.nn({codes[2]}, 'end offset'))", "String"
            return None
        if name in ("start", "end", "length") and len(kinds) == 1 and kinds[0] in spans:
            return f"J.{name}({codes[0]})", "Integer"
        if name in ("getContainedAnnotations", "getOverlappingAnnotations", "getCoveringAnnotations") and \
                len(kinds) in (2, 3) and kinds[0] in _SETS and kinds[1] in spans and kinds[2:] in ([], ["String"]):
            helper = {"getContainedAnnotations": "get_contained", "getOverlappingAnnotations": "get_overlapping",
                      "getCoveringAnnotations": "get_covering"}[name]
            type_code = codes[2] if len(codes) == 3 else "None"
            return f"J.{helper}({codes[0]}, {type_code}, J.start({codes[1]}), J.end({codes[1]}))", "Set"
        if name == "inDocumentOrder" and kinds and kinds[0] in _SETS and len(kinds) == 1:
            return f"J.in_document_order({codes[0]})", "List"
        if name == "addAnn" and len(kinds) == 4 and kinds[0] == "AS" and kinds[1] in spans and kinds[2] == "String" \
                and kinds[3] in ("FM", "null"):
            return f"J.add_ann({codes[0]}, {codes[1]}, {codes[2]}, {codes[3]})", "Integer"
        if name == "addAnn" and len(kinds) == 5 and kinds[0] == "AS" and kinds[1] in _OFFSET \
                and kinds[2] in _OFFSET and kinds[3] == "String" and kinds[4] in ("FM", "null"):
            return f"J.add({codes[0]}, {codes[1]}, {codes[2]}, {codes[3]}, {codes[4]})", "Integer"
        return None

    # -- methods by receiver type: (code, kind, method, [(code, kind)], node) -> (code, kind) or None
    def _m_Bindings(self, code, kind, name, values, node):
        if name == "get" and len(values) == 1 and values[0][1] == "String":
            return f"J.bound(ctx, {values[0][0]})", "Set"
        return None

    def _m_Doc(self, code, kind, name, values, node):
        if name == "getFeatures" and not values:
            return f"{code}.features", "FM"
        if name == "getContent" and not values:
            return f"{code}.text", "Content"
        if name == "getName" and not values:
            return f"{code}.name", "String"
        return None

    def _m_Content(self, code, kind, name, values, node):
        if name == "toString" and not values:
            return code, "String"
        if name == "size" and not values:
            return f"len({code})", "Integer"
        if name == "getContent" and len(values) == 2 and all(k in _OFFSET for _, k in values):
            return f"J.substring({code}, J.nn({values[0][0]}, 'start offset'), J.nn({values[1][0]}, 'end offset'))", \
                "Content"
        return None

    def _m_AS(self, code, kind, name, values, node):
        args = [c for c, _ in values]
        kinds = [k for _, k in values]
        if name == "add" and len(kinds) == 4 and kinds[0] in ("Node", "NodeNN", *_OFFSET) and \
                kinds[1] in ("Node", "NodeNN", *_OFFSET) and kinds[2] == "String" and kinds[3] in ("FM", "null"):
            return f"J.add({code}, {args[0]}, {args[1]}, {args[2]}, {args[3]})", "Integer"
        if name == "removeAll" and len(kinds) == 1 and kinds[0] in _SETS | {"List"}:
            return f"J.remove_all({code}, {args[0]})", "boolean"
        if name == "remove" and kinds == ["Ann"]:
            return f"J.remove({code}, {args[0]})", "boolean"
        return self._m_Set(code, kind, name, values, node)

    def _m_Set(self, code, kind, name, values, node):
        args = [c for c, _ in values]
        kinds = [k for _, k in values]
        if name == "iterator" and not values:
            return f"J.Iter({code})", "Iter:Ann"
        if name == "size" and not values:
            return f"J.size({code})", "int"
        if name == "isEmpty" and not values:
            return f"(J.size({code}) == 0)", "boolean"
        if name in ("firstNode", "lastNode") and not values:
            return f"J.{'first' if name == 'firstNode' else 'last'}_node({code})", "Node"
        if name == "contains" and kinds == ["Ann"]:
            return f"({args[0]} in J.items({code}))", "boolean"
        if name == "get":
            if kinds == ["String"]:
                return f"J.get_type({code}, {args[0]})", "Set"
            if kinds in (["String", "FM"], ["String", "null"]):
                return f"J.get_type({code}, {args[0]}, {args[1]})", "Set"
            if len(kinds) == 1 and kinds[0] in _OFFSET:
                return f"J.get_at({code}, {args[0]})", "Set"
            if len(kinds) == 2 and all(k in _OFFSET for k in kinds):
                return f"J.get_overlapping({code}, None, {args[0]}, {args[1]})", "Set"
            if len(kinds) == 3 and kinds[0] == "String" and all(k in _OFFSET for k in kinds[1:]):
                return f"J.get_overlapping({code}, {args[0]}, {args[1]}, {args[2]})", "Set"
        if name == "getContained" and len(kinds) == 2 and all(k in _OFFSET for k in kinds):
            return f"J.get_contained({code}, None, {args[0]}, {args[1]})", "Set"
        if name == "getCovering" and len(kinds) == 3 and kinds[0] in ("String", "null") and \
                all(k in _OFFSET for k in kinds[1:]):
            return f"J.get_covering({code}, {args[0]}, {args[1]}, {args[2]})", "Set"
        return None

    def _m_Ann(self, code, kind, name, values, node):
        if values:
            return None
        simple = {"getFeatures": (f"{code}.features", "FM"), "getType": (f"{code}.type", "String"),
                  "getId": (f"{code}.id", "Integer"), "getStartNode": (f"{code}.start", "NodeNN"),
                  "getEndNode": (f"{code}.end", "NodeNN")}
        return simple.get(name)

    def _m_Node(self, code, kind, name, values, node):
        if name == "getOffset" and not values:
            return f"J.nn({code}, 'node')", "Integer"
        return None

    def _m_NodeNN(self, code, kind, name, values, node):
        if name == "getOffset" and not values:
            return code, "Integer"
        return None

    def _m_FM(self, code, kind, name, values, node):
        args = [c for c, _ in values]
        kinds = [k for _, k in values]
        if name == "get" and len(values) == 1:
            return f"{code}.get({args[0]})", "Object"
        if name == "containsKey" and len(values) == 1:
            return f"({args[0]} in {code})", "boolean"
        if name == "remove" and len(values) == 1:
            self.mutated.add(code)
            return f"{code}.pop({args[0]}, None)", "Object"
        if name == "putAll" and kinds and kinds[0] in ("FM",):
            self.mutated.add(code)
            return f"{code}.update({args[0]})", "void"
        if name == "size" and not values:
            return f"len({code})", "int"
        if name == "isEmpty" and not values:
            return f"(len({code}) == 0)", "boolean"
        return None

    def _m_List(self, code, kind, name, values, node):
        args = [c for c, _ in values]
        kinds = [k for _, k in values]
        if name == "get" and len(kinds) == 1 and kinds[0] in ("int", "Integer"):
            return f"J.at({code}, {self._unboxed(args[0], kinds[0])})", "Ann"
        if name == "size" and not values:
            return f"J.size({code})", "int"
        if name == "isEmpty" and not values:
            return f"(J.size({code}) == 0)", "boolean"
        if name == "iterator" and not values:
            return f"J.Iter({code})", "Iter:Ann"
        return None

    def _m_Iter(self, code, kind, name, values, node):
        if name == "hasNext" and not values:
            return f"{code}.has_next()", "boolean"
        if name == "next" and not values:
            return f"{code}.next()", "Ann" if kind == "Iter:Ann" else "Object"
        return None

    def _m_Exception(self, code, kind, name, values, node):
        if name == "printStackTrace" and not values:
            return f"J.print_stack_trace({code})", "void"
        if name == "getMessage" and not values:
            return f"str({code})", "String"
        return None

    def _m_Object(self, code, kind, name, values, node):
        if name == "equals" and len(values) == 1:
            return f"J.equals({code}, {values[0][0]})", "boolean"
        if name == "toString" and not values:
            return f"J.to_string({code})", "String"
        return None

    def _m_Integer(self, code, kind, name, values, node):
        if name in ("longValue", "intValue") and not values:
            return f"J.nn({code}, 'number')", "int"
        return self._m_Object(code, kind, name, values, node)

    def _m_String(self, code, kind, name, values, node):
        args = [c for c, _ in values]
        kinds = [k for _, k in values]
        text = "String"
        if name == "equals" and len(values) == 1:
            return f"J.equals({code}, {args[0]})", "boolean"
        if name == "equalsIgnoreCase" and len(values) == 1:
            return f"J.equals_ignore_case({code}, {args[0]})", "boolean"
        if name in ("startsWith", "endsWith") and kinds == [text]:
            method = "startswith" if name == "startsWith" else "endswith"
            return f"J.nn({code}, 'string').{method}(J.nn({args[0]}, 'string'))", "boolean"
        if name == "contains" and kinds == [text]:
            return f"(J.nn({args[0]}, 'string') in J.nn({code}, 'string'))", "boolean"
        if name in ("toLowerCase", "toUpperCase") and not values:
            return f"J.nn({code}, 'string').{'lower' if name == 'toLowerCase' else 'upper'}()", text
        if name == "length" and not values:
            return f"len(J.nn({code}, 'string'))", "int"
        if name == "isEmpty" and not values:
            return f"(len(J.nn({code}, 'string')) == 0)", "boolean"
        if name == "trim" and not values:
            return f"J.trim({code})", text
        if name == "substring" and 1 <= len(kinds) <= 2 and all(k in ("int", "Integer") for k in kinds):
            return f"J.substring({code}, {', '.join(self._unboxed(c, k) for c, k in values)})", text
        if name == "indexOf" and kinds[:1] in ([text], ["char"]) and len(kinds) <= 2 and kinds[1:] in ([], ["int"]):
            return f"J.index_of({code}, {', '.join(args)})", "int"
        if name == "lastIndexOf" and kinds in ([text], ["char"]):
            return f"J.last_index_of({code}, {args[0]})", "int"
        if name == "charAt" and kinds == ["int"]:
            return f"J.char_at({code}, {args[0]})", "char"
        if name == "toString" and not values:
            return f"J.nn({code}, 'string')", text
        if name == "matches" and len(values) == 1:
            pattern = node[2][0]
            if pattern.kind != "literal" or pattern[0] != "string":
                raise Unsupported("String.matches with a pattern that is not a literal is not translated", node.line)
            if _REGEX_UNSAFE.search(pattern[1]):
                raise Unsupported(f"the regular expression {pattern[1]!r} may read differently in Python", node.line)
            return f"J.matches({code}, {args[0]})", "boolean"
        return None


def translate_block(text: str, line: int, label: str | None, static_utils: bool = False,
                    string_utils: bool = False) -> tuple[list[str], bool, bool]:
    """The Python lines of the body of the action for one Java block (whose text starts on line
    ``line`` of its file), whether it prints to ``sys.stderr`` and whether it keeps the features
    of the annotations already there (:attr:`Translator.keeps_features`); raises Unsupported.
    ``static_utils`` / ``string_utils``: the file imports ``gate.Utils.*`` statically / Apache
    Commons' ``StringUtils``."""
    translator = Translator(label, static_utils, string_utils)
    lines = translator.body(text, line)
    return lines, translator.uses_sys, translator.keeps_features
