"""The expression language: a safe subset of Python, compiled once and evaluated many times.

>>> from tabletwin.expr import compile_expression, build_globals
>>> compile_expression("sum(x for x in L) / 2").evaluate({"L": [1, 2, 3]}, build_globals())
3
"""

from .codegen import ReadAtUse
from .errors import EvalError, ExprSyntaxError
from .expression import Expression, compile_expression, expression_text
from .functions import MAX_CALL_DEPTH, FunctionDef, FunctionDefinitionError
from .scope import RESERVED_NAMES, Globals, build_globals, derived_provider
from .values import TSet, str_text, to_text

__all__ = [
    "EvalError", "ExprSyntaxError", "Expression", "FunctionDef", "FunctionDefinitionError", "Globals", "MAX_CALL_DEPTH",
    "RESERVED_NAMES", "ReadAtUse", "TSet", "build_globals", "compile_expression",
    "derived_provider", "expression_text", "str_text", "to_text",
]
