"""Parse an expression and refuse everything outside the language, with the offending position.

The allow-list is explicit: every AST node kind the language has is listed here, and anything
else is a ``<Construct> is not allowed`` error. This is the sandbox's first wall: what passes
has no attributes but the six methods, no names starting with ``_``, no statements.
"""

from __future__ import annotations

import ast
from bisect import bisect_left
import io
import tokenize
import warnings

from .errors import ExprSyntaxError, not_allowed, syntax_error
from .lexical import Scanned, scan

METHODS = frozenset({"get", "items", "keys", "values", "count", "index"})

MAX_SOURCE = 100_000
"""Longest expression text; real ones are a few hundred characters."""

_FORBIDDEN_OPERATORS = {
    ast.BitOr: "BitOr", ast.BitAnd: "BitAnd", ast.BitXor: "BitXor",
    ast.LShift: "LShift", ast.RShift: "RShift", ast.MatMult: "MatMult",
}
_ALLOWED_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_ASSIGNMENT_TOKENS = {"=", "+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^=",
                      ">>=", "<<="}


class Parsed:
    """A checked expression: Python's AST plus the decoded text literals and offset mapping."""

    __slots__ = ("source", "tree", "scanned", "_lead", "_byte_to_char", "_starts")

    def __init__(self, source: str, tree: ast.Expression, scanned: Scanned, lead: int):
        self.source = source
        self.tree = tree
        self.scanned = scanned
        self._lead = lead
        text = scanned.parse_text[lead:]
        self._byte_to_char = None if text.isascii() else _byte_map(text)
        self._starts = [literal.start for literal in scanned.literals]  # ascending: the scan's order

    def offset(self, node: ast.AST) -> int:
        """Character offset of a node in the source."""
        return self._char(node.col_offset)

    def end_offset(self, node: ast.AST) -> int:
        return self._char(node.end_col_offset or node.col_offset + 1)

    def _char(self, byte_offset: int) -> int:
        if self._byte_to_char is None:
            return self._lead + byte_offset
        return self._lead + self._byte_to_char[min(byte_offset, len(self._byte_to_char) - 1)]

    def text_value(self, node: ast.Constant) -> str:
        """The decoded value of a (possibly implicitly joined) text literal node."""
        start, end = self.offset(node), self.end_offset(node)
        # A binary search keeps compiling linear in the number of literals.
        literals = self.scanned.literals
        first, last = bisect_left(self._starts, start), bisect_left(self._starts, end)
        if last - first == 1:
            return literals[first].value
        return "".join(literal.value for literal in literals[first:last])


def _byte_map(text: str) -> list[int]:
    mapping: list[int] = []
    for index, ch in enumerate(text):
        mapping.extend([index] * len(ch.encode("utf-8")))
    mapping.append(len(text))
    return mapping


def parse(source: str) -> Parsed:
    """Check ``source`` completely; raise :class:`ExprSyntaxError` on anything not allowed."""
    if not source.strip():
        raise syntax_error(source, "empty expression", 0)
    if len(source) > MAX_SOURCE:
        raise syntax_error(source[:40] + "...", f"expression longer than {MAX_SOURCE} characters", 0)
    scanned = scan(source)
    # Python reads leading spaces as indentation: parse without them and shift offsets back.
    lead = len(scanned.parse_text) - len(scanned.parse_text.lstrip())
    text = scanned.parse_text[lead:]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise _explain(source, text, lead, exc) from None
    except (RecursionError, MemoryError):
        raise syntax_error(source, "too deeply nested", 0) from None
    parsed = Parsed(source, tree, scanned, lead)
    try:
        _Checker(parsed).visit(tree.body)
    except RecursionError:
        raise syntax_error(source, "too deeply nested", 0) from None
    return parsed


def _explain(source: str, text: str, lead: int, exc: SyntaxError) -> ExprSyntaxError:
    """Turn Python's complaint into ours, naming assignments and statements as constructs.

    ``text`` is the parsed line without its ``lead`` leading spaces; offsets are shifted back.
    Statement offsets are byte offsets, exact for the ASCII statements they point at.
    """
    found = _assignment_token(text)
    if found is not None:
        token, offset = found
        offset += lead
        construct = "NamedExpr" if token == ":=" else "assignment"
        return not_allowed(source, construct, offset, offset + len(token))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module = ast.parse(text, mode="exec")
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        module = None
    if module is not None and module.body:
        statement = module.body[0]
        if not isinstance(statement, ast.Expr):
            name = type(statement).__name__
            return not_allowed(source, name, lead + statement.col_offset, lead + (statement.end_col_offset or 0))
        # Valid as a Python statement but not as an expression (``*L,``): name the construct.
        try:
            _Checker(Parsed(source, ast.Expression(statement.value), Scanned(" " * lead + text, ()), lead)).visit(
                statement.value)
        except ExprSyntaxError as error:
            return error
        except RecursionError:
            pass
    if not exc.offset:
        offset = len(source.rstrip())  # Python gives no column when the text ends too early
    else:
        offset = lead + exc.offset - 1 if (exc.lineno or 1) == 1 else lead
    message = exc.msg or "invalid syntax"
    if message.startswith("(unicode error)"):
        message = "invalid text literal"
    return syntax_error(source, message, min(offset, len(source)))


def _assignment_token(text: str) -> tuple[str, int] | None:
    """The first ``=``, augmented assignment or ``:=`` outside brackets' comparisons."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    depth = 0
    for tok in tokens:
        if tok.type != tokenize.OP:
            continue
        if tok.string in "([{":
            depth += 1
        elif tok.string in ")]}":
            depth -= 1
        elif tok.string == ":=":
            return tok.string, tok.start[1]
        elif tok.string in _ASSIGNMENT_TOKENS and (tok.string != "=" or depth == 0):
            return tok.string, tok.start[1]
    return None


class _Checker(ast.NodeVisitor):
    def __init__(self, parsed: Parsed):
        self.parsed = parsed
        self.source = parsed.source

    def refuse(self, construct: str, node: ast.AST) -> ExprSyntaxError:
        return not_allowed(self.source, construct, self.parsed.offset(node), self.parsed.end_offset(node))

    def generic_visit(self, node: ast.AST) -> None:
        raise self.refuse(type(node).__name__, node)

    def visit_children(self, node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)):
                continue
            self.visit(child)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if value is Ellipsis:
            raise self.refuse("Ellipsis", node)
        if isinstance(value, complex):
            raise syntax_error(self.source, "complex numbers are not allowed", self.parsed.offset(node))
        if isinstance(value, bytes):
            raise syntax_error(self.source, "bytes are not allowed", self.parsed.offset(node))

    def visit_Name(self, node: ast.Name) -> None:
        self.check_name(node.id, node)

    def check_name(self, name: str, node: ast.AST) -> None:
        if name.startswith("_"):
            raise not_allowed(self.source, f"name {name}", self.parsed.offset(node), self.parsed.end_offset(node))

    def visit_BinOp(self, node: ast.BinOp) -> None:
        # Errors are reported in source order: left operand, operator, right operand.
        self.visit(node.left)
        op = type(node.op)
        if op in _FORBIDDEN_OPERATORS:
            raise self.refuse(_FORBIDDEN_OPERATORS[op], node)
        if not isinstance(node.op, _ALLOWED_OPERATORS):
            raise self.refuse(op.__name__, node)
        self.visit(node.right)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Invert):
            raise self.refuse("Invert", node)
        self.visit(node.operand)

    visit_BoolOp = visit_Compare = visit_IfExp = visit_children
    visit_List = visit_Tuple = visit_Set = visit_Dict = visit_children
    visit_Subscript = visit_Slice = visit_children

    def visit_Starred(self, node: ast.Starred) -> None:
        raise self.refuse("Starred", node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.visit(node.value)
        if node.attr not in METHODS:
            start = self.parsed.end_offset(node.value)
            raise ExprSyntaxError(f'attribute .{node.attr} is not allowed in "{self.source}"', self.source,
                                  start, self.parsed.end_offset(node))

    def visit_Call(self, node: ast.Call) -> None:
        self.visit(node.func)
        for arg in node.args:
            self.visit(arg)
        for keyword in node.keywords:
            if keyword.arg is None:
                raise self.refuse("Starred", keyword)
            self.check_name(keyword.arg, keyword)
            if isinstance(node.func, ast.Attribute):
                raise syntax_error(self.source, "methods take no keyword arguments", self.parsed.offset(keyword))
            self.visit(keyword.value)

    def visit_comprehensions(self, node) -> None:
        for generator in node.generators:
            if generator.is_async:
                raise self.refuse("Await", node)
            self.check_target(generator.target)
            self.visit(generator.iter)
            for condition in generator.ifs:
                self.visit(condition)

    def check_target(self, target: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.check_name(target.id, target)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self.check_target(element)
        elif isinstance(target, ast.Starred):
            raise self.refuse("Starred", target)
        else:
            raise syntax_error(self.source, "a loop variable must be a name or a tuple of names",
                               self.parsed.offset(target))

    def visit_ListComp(self, node) -> None:
        self.visit_comprehensions(node)
        self.visit(node.elt)

    visit_SetComp = visit_GeneratorExp = visit_ListComp

    def visit_DictComp(self, node: ast.DictComp) -> None:
        self.visit_comprehensions(node)
        self.visit(node.key)
        self.visit(node.value)

    def visit_Lambda(self, node) -> None:
        raise self.refuse("Lambda", node)

    def visit_Yield(self, node) -> None:
        raise self.refuse("Yield", node)

    visit_YieldFrom = visit_Yield

    def visit_JoinedStr(self, node) -> None:
        raise syntax_error(self.source, "f-strings are not allowed", self.parsed.offset(node))
