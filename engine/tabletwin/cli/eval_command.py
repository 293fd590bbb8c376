"""``tabletwin eval``: the authors' console for expressions.

One expression from the command line, or one per line from standard input; each answer is one
line: the value as the language's ``str()``, or ``error: KIND: message``.
"""

from __future__ import annotations

import json
import sys

from ..expr import EvalError, ExprSyntaxError, build_globals, compile_expression, to_text


def register(commands) -> None:
    parser = commands.add_parser("eval", help="evaluate expressions", description=__doc__)
    parser.add_argument("expression", nargs="?", help="the expression; without it, one per line from standard input")
    parser.add_argument("--json", action="store_true", help="answer each expression with one JSON object")
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
        return json.dumps(answer, ensure_ascii=False)
    if answer["ok"]:
        return answer["value"]
    return f"error: {answer['kind']}: {answer['message']}"


def run(args) -> int:
    scope = build_globals()
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
