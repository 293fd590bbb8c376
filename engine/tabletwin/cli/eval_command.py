"""``tabletwin eval``: the authors' console for expressions.

One expression from the command line, or one per line from standard input; each answer is one
line: the value as the language's ``str()``, or ``error: KIND: message``.
"""

from __future__ import annotations

import sys

from ..errors import EngineError
from ..expr import EvalError, ExprSyntaxError, build_globals, compile_expression, to_text
from . import jsonout
from .loading import UNREADABLE, Unreadable, read_model
from .set_option import USAGE, VariantError, add_set_argument, overrides_of


def register(commands) -> None:
    parser = commands.add_parser("eval", help="evaluate expressions", description=__doc__)
    parser.add_argument("expression", nargs="?", help="the expression; without it, one per line from standard input")
    parser.add_argument("--model", help="evaluate against this model's initial state (its names in scope)")
    parser.add_argument("--json", action="store_true", help="answer each expression with one JSON object")
    add_set_argument(parser)
    parser.set_defaults(run=run)


def evaluate_line(source: str, scope) -> dict:
    """``{"ok": True, "value": text}`` or ``{"ok": False, "kind": ..., "message": ...}``."""
    try:
        value = compile_expression(source).evaluate({}, scope)
        return {"ok": True, "value": to_text(value)}
    except ExprSyntaxError as exc:
        return {"ok": False, "kind": exc.kind, "message": exc.message}
    except EvalError as exc:
        return {"ok": False, "kind": exc.kind, "message": exc.detail}
    except MemoryError:
        return {"ok": False, "kind": "MemoryError", "message": "the result does not fit in memory"}


def render(answer: dict, as_json: bool) -> str:
    if as_json:
        return jsonout.dumps(answer)
    if answer["ok"]:
        return answer["value"]
    return f"error: {answer['kind']}: {answer['message']}"


def model_scope(path: str, overrides: dict | None = None):
    """The global names of the model's initial state: constants, variables, zones, functions, ..."""
    from ..game.runner import Runner

    return Runner(read_model(path, overrides)).scope


def run(args) -> int:
    if args.model is None:
        if args.sets:
            print("tabletwin eval: --set needs --model (it replaces constants of a model)", file=sys.stderr)
            return USAGE
        scope = build_globals()
    else:
        try:
            scope = model_scope(args.model, overrides_of(args))
        except Unreadable as exc:
            print(exc, file=sys.stderr)
            return UNREADABLE
        except VariantError as exc:
            print(f"tabletwin eval: {exc}", file=sys.stderr)
            return USAGE
        except EngineError as exc:
            print(f"{args.model}: error: the initial state cannot be built: {exc}", file=sys.stderr)
            return 1
    if args.expression is not None:
        sources = [args.expression]
    else:
        sources = (line.rstrip("\r\n") for line in sys.stdin)
    failed = False
    for source in sources:
        if args.expression is None and not source.strip():
            continue
        answer = evaluate_line(source, scope)
        failed = failed or not answer["ok"]
        print(render(answer, args.json), flush=args.expression is None)
    return 1 if failed else 0
