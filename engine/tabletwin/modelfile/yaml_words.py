"""The parser's complaint about text that is not YAML, in our words, at the line that is wrong.

The YAML parser says what it expected where it gave up (``did not find expected key``,
``mapping values are not allowed in this context``), which is often a line after the mistake and
never says how to fix it. :func:`explain` looks at the text around that place for the common
mistakes people make and names them with a hint:

- a line indented more, or less, than the keys it should line up with;
- a tab character in the indentation;
- ``key:value`` without a space after the colon (YAML reads it as one text);
- a quote, ``[`` or ``{`` that is never closed (reported at the opening character);
- a list item (``- x``) where a mapping expects a key, and a key where a list expects an item.

Anything else keeps the parser's own words (they are the best there are), with a short hint.
"""

from __future__ import annotations

import re

from ..errors import Span

_KEY_WITHOUT_SPACE = re.compile(r"^(\s*(?:-\s+)?)([A-Za-z_][\w-]*):([^\s:/\\][^\s]*)\s*$")
_KEY_LINE = re.compile(r"^(\s*)(?:-\s+)?([^\s#'\"{\[][^:#]*?|'[^']*'|\"[^\"]*\"):(?:\s|$)")
_INDENT_PROBLEMS = ("mapping values are not allowed", "did not find expected key",
                    "did not find expected '-' indicator", "expected <block end>")
_COMMENT = re.compile(r"(?:^|\s)#.*$")
_ITEM = re.compile(r"^(\s*-\s+)\S")
_QUOTED = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"")
_BRACKET = re.compile(r"[\[\]{}]")
_BLOCK_SCALAR = re.compile(r":\s*[|>][-+0-9]*\s*(#.*)?$")
_TAB_PROBLEMS = ("found character that cannot start any token", "found a tab character")


def explain(problem: str | None, context: str | None, problem_mark, context_mark, text: str) -> tuple[str, Span]:
    """``(message, span)`` for a parser error (marks with 0-based ``line`` and ``column``)."""
    problem = problem or context or "this is not YAML"
    lines = text.split("\n")
    line = problem_mark.line if problem_mark is not None else 0
    column = problem_mark.column if problem_mark is not None else 0
    at = Span.point(line, column)
    character = _char(lines, line, column)

    if problem.startswith(_TAB_PROBLEMS) and (character == "\t" or "tab" in problem):
        where = _first_tab(lines, line) or (line, column)
        return ("a tab character: YAML indents with spaces only; replace the tab with spaces",
                Span.point(*where))
    if context == "while scanning a quoted scalar" and context_mark is not None:
        quote = _char(lines, context_mark.line, context_mark.column) or '"'
        return (f"this quote is never closed: end the text with {quote} (a quote inside it is written "
                f"{quote * 2 if quote == chr(39) else chr(92) + quote})",
                Span.point(context_mark.line, context_mark.column))
    if context in ("while parsing a flow sequence", "while parsing a flow mapping") and context_mark is not None:
        opening, closing, what = ("[", "]", "list") if "sequence" in context else ("{", "}", "mapping")
        if "but got ':'" in problem:
            return (f"a second ':' inside {opening}...{closing}: a value that holds ':' must be in quotes", at)
        if line == context_mark.line:
            return (f"expected ',' or '{closing}' here: separate the entries of the {what} that starts at column "
                    f"{context_mark.column + 1} with commas, and close it with {closing}", at)
        return (f"this {opening} is not closed where expected (reading stopped at line {line + 1}): close the "
                f"{what} with {closing} and separate its entries with commas",
                Span.point(context_mark.line, context_mark.column))
    if context == "while scanning a simple key" and context_mark is not None:
        word = _indent_span(context_mark.line, context_mark.column, lines[context_mark.line]
                            if context_mark.line < len(lines) else "")
        key = lines[context_mark.line][word.column:word.end_column] if context_mark.line < len(lines) else ""
        return (f"'{key}' has no ':' after it: a key is written '{key}: value' (a text on a line of its own "
                "cannot sit among keys)", word)
    if problem.startswith("did not find expected key") and character in ("]", "}"):
        return f"a closing {character} with nothing open before it: remove it", at
    if problem.startswith("did not find expected key") and _after_closing_quote(lines, line, column):
        return "text after the closing quote: put the whole value inside the quotes", at
    if problem.startswith("did not find expected node content"):
        if (opening := _unclosed(lines)) is not None and not any(text.strip() for text in lines[line + 1:]):
            mark = _char(lines, *opening)
            closing = "]" if mark == "[" else "}"
            return (f"this {mark} is never closed: the text ends before its {closing}", Span.point(*opening))
        return "a value is missing here (two commas in a row, or a comma before the end?)", at
    if problem.startswith("block sequence entries are not allowed"):
        return ("a list item on the same line as its key: start the list on the next line, indented, or write "
                "it in brackets like [a, b]", at)
    if problem.startswith(_INDENT_PROBLEMS):
        if (found := _no_space_after_colon(lines, line)) is not None:
            return found
        if (found := _misindented(lines, line)) is not None:
            return found
        if problem.startswith("did not find expected key") and character == "-":
            return ("a list item where the mapping above expects a key: put the item under a key of its "
                    "own, or write every entry of this block as a list item", at)
        if problem.startswith("did not find expected '-' indicator"):
            return ("a key where the list above expects an item: start the line with '- ', or indent it "
                    "under the item above", at)
        if problem.startswith("mapping values are not allowed"):
            return ("a second ':' on this line: a value that holds ': ' must be in quotes", at)
    if problem.startswith("did not find expected <document start>"):
        return ("more text after the end of the document: a closing bracket too many, or a line indented "
                "less than the first key?", at)
    return f"{problem} (this is not readable YAML)", at


def _after_closing_quote(lines: list[str], line: int, column: int) -> bool:
    """Whether the text before ``column`` on ``line`` ends a quoted value (``key: "x" y``)."""
    before = lines[line][:column].rstrip() if 0 <= line < len(lines) else ""
    return bool(re.search(r":\s+(\"[^\"]*\"|'[^']*')$", before))


def _char(lines: list[str], line: int, column: int) -> str:
    return lines[line][column] if 0 <= line < len(lines) and 0 <= column < len(lines[line]) else ""


def _first_tab(lines: list[str], upto: int) -> tuple[int, int] | None:
    """The first tab in the indentation of a line up to ``upto``."""
    for number, text in enumerate(lines[:upto + 1]):
        indent = len(text) - len(text.lstrip(" \t"))
        if "\t" in text[:indent]:
            return number, text.index("\t")
    return None


def _content(lines: list[str], upto: int):
    """``(number, indent, text)`` of the lines up to ``upto`` that hold YAML (not blank, not comments,
    not inside a block scalar)."""
    block_indent = None  # the indent of the key whose value is a ``|`` or ``>`` block
    for number, text in enumerate(lines[:upto + 1]):
        stripped = text.strip()
        indent = len(text) - len(text.lstrip(" "))
        if block_indent is not None:
            if not stripped or indent > block_indent:
                continue
            block_indent = None
        if not stripped or stripped.startswith("#") or stripped in ("---", "..."):
            continue
        yield number, indent, text
        if ("|" in text or ">" in text) and _BLOCK_SCALAR.search(text):
            block_indent = indent


def _no_space_after_colon(lines: list[str], upto: int) -> tuple[str, Span] | None:
    """A ``key:value`` line just before the failure (it reads as one text, so the next key breaks)."""
    previous = []
    for number in range(min(upto, len(lines) - 1), -1, -1):  # the last two lines that hold YAML
        text = lines[number]
        if text.strip() and not text.strip().startswith("#"):
            previous.append((number, text))
            if len(previous) == 2:
                break
    for number, text in previous:
        match = _KEY_WITHOUT_SPACE.match(text)
        if match:
            key, value = match.group(2), match.group(3)
            start = len(match.group(1))
            return (f"'{key}:{value}' has no space after the colon, so YAML reads it as one text, not a key "
                    f"and its value: write '{key}: {value}'",
                    Span(number, start, number, start + len(key) + 1 + len(value)))
    return None


def _misindented(lines: list[str], upto: int) -> tuple[str, Span] | None:
    """The first line up to ``upto`` whose indentation lines up with no key it could belong to.

    A line may be indented deeper than the line before only when that line opens a block (a key
    with nothing after its colon, or a list item); otherwise it must line up with a key above.
    Lines inside a ``[...]`` or ``{...}`` that spans lines are left alone.
    """
    indents: list[int] = []  # the indents of the entries of the blocks open at this line
    opens = True  # whether the previous line opens a block (the top level is one)
    depth = 0  # open brackets of a flow collection
    for number, indent, text in _content(lines, upto):
        inside, depth = depth > 0, depth + _bracket_change(text)
        if inside:
            continue
        stripped = text.strip()
        if opens and (not indents or indent > indents[-1]):
            indents.append(indent)
        elif indents and indent > indents[-1]:
            if _KEY_LINE.match(text) or stripped.startswith("- "):
                above = _line_of(lines, number, indents[-1])
                return (f"this line is indented more than the key above it (line {above + 1}): keys of one "
                        "mapping must line up", _indent_span(number, indent, text))
            continue  # a text that goes on over several lines
        else:
            deeper = None
            while indents and indents[-1] > indent:
                deeper = indents.pop()
            if indents and indents[-1] != indent:
                return (f"this line lines up with no key above it: indent it by {indents[-1]} or {deeper} spaces, "
                        "as the keys of the mapping it belongs to", _indent_span(number, indent, text))
            if not indents:
                indents.append(indent)
        body = (_COMMENT.sub("", text) if "#" in text else text).rstrip()
        opens = body.endswith(":") or body.endswith("-")
        item = _ITEM.match(text)
        if item and _KEY_LINE.match(text):  # a mapping in a list item: its keys line up after '- '
            indents.append(len(item.group(1)))
    return None


def _unclosed(lines: list[str]) -> tuple[int, int] | None:
    """Where the last ``[`` or ``{`` left open at the end of the text starts, quotes and comments aside."""
    stack: list[tuple[int, int]] = []
    for number, text in enumerate(lines):
        quote = None
        for column, character in enumerate(text):
            if quote:
                quote = None if character == quote else quote
            elif character in "'\"":
                quote = character
            elif character == "#" and (column == 0 or text[column - 1] in " \t"):
                break
            elif character in "[{":
                stack.append((number, column))
            elif character in "]}" and stack:
                stack.pop()
    return stack[-1] if stack else None


def _bracket_change(text: str) -> int:
    """How many ``[``/``{`` the line leaves open (negative: closes), quotes and comments aside."""
    if not _BRACKET.search(text):
        return 0
    text = _QUOTED.sub("", text)
    text = _COMMENT.sub("", text)
    return text.count("[") + text.count("{") - text.count("]") - text.count("}")


def _line_of(lines: list[str], before: int, indent: int) -> int:
    """The last content line before ``before`` with ``indent`` spaces (the key the line should line up with)."""
    for number in range(before - 1, -1, -1):
        text = lines[number]
        if text.strip() and not text.strip().startswith("#") and len(text) - len(text.lstrip(" ")) == indent:
            return number
    return before - 1


def _indent_span(number: int, indent: int, text: str) -> Span:
    """The first word of a line (its key, or its ``-``)."""
    word = re.match(r"[^\s:]*", text[indent:]).group(0) or text[indent:indent + 1]
    return Span(number, indent, number, indent + max(1, len(word)))
