"""YAML 1.1 meaning of scalars: which text is a boolean, a number or null.

Plain (unquoted, untagged) scalars resolve like ruamel.yaml's YAML 1.1 implicit resolvers,
with the spec's three differences: only ``yes no on off true false`` (lower, Title or UPPER
case) are booleans, so ``y`` and ``n`` stay text; timestamps such as ``2024-01-01`` stay text;
``=`` stays text. Quoted and block scalars are always text. The patterns below are copied
from ``ruamel.yaml.resolver.implicit_resolvers`` (the ``(1, 1)`` entries) and the conversions
follow ruamel's ``SafeConstructor`` for YAML 1.1.

Models have one number type, as in the spec's engine: a float that is integral and within
±2**53 becomes an int (``2.0`` is 2, ``1e3`` is 1000), an int beyond ±2**53 becomes a float.
Like ruamel, a pattern is only tried on scalars that start with one of its first characters,
so ``_1`` is text. A scalar whose digits are all underscores (``0x_``, ``+_``, ``._``) matches a
number pattern but has no value (ruamel's constructor fails on it); it stays text.

Explicit tags: ``!!str !!int !!float !!bool !!null`` are honoured on scalars (``!!str 010`` is
``'010'``; ``!!float`` also takes a decimal integer), as is the non-specific tag ``!`` (text).
Any other tag is an error: nothing is ever constructed as a Python object.
"""

from __future__ import annotations

import math
import re

from ..errors import YamlError

Scalar = str | int | float | bool | None

#: Numbers beyond this magnitude are floats, as in the spec's engine (JavaScript's safe integers).
MAX_SAFE_INTEGER = 2**53

_YAML_TAG = "tag:yaml.org,2002:"
STR_TAG = _YAML_TAG + "str"
INT_TAG = _YAML_TAG + "int"
FLOAT_TAG = _YAML_TAG + "float"
BOOL_TAG = _YAML_TAG + "bool"
NULL_TAG = _YAML_TAG + "null"
MAP_TAG = _YAML_TAG + "map"
SEQ_TAG = _YAML_TAG + "seq"
NON_SPECIFIC_TAG = "!"
#: The tags a model may write; every other tag is an error.
SUPPORTED_TAGS = frozenset((STR_TAG, INT_TAG, FLOAT_TAG, BOOL_TAG, NULL_TAG, MAP_TAG, SEQ_TAG))

_BOOLEANS = {
    spelling: value
    for word, value in (("yes", True), ("no", False), ("on", True), ("off", False),
                        ("true", True), ("false", False))
    for spelling in (word, word.title(), word.upper())
}
_NULLS = frozenset(("~", "null", "Null", "NULL", ""))

_FLOAT = re.compile(
    r"""[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
    |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
    |\.[0-9_]+(?:[eE][-+][0-9]+)?
    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN)""",
    re.X,
)
_INT = re.compile(
    r"""[-+]?0b[0-1_]+
    |[-+]?0?[0-7_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+
    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+""",
    re.X,
)
_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")
# The base-60 alternatives of _FLOAT and _INT, the only ones that allow a ':'. A long text with
# colons is matched against one of them only (each costs a pass over the text).
_SEXAGESIMAL_FLOAT = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*")
_SEXAGESIMAL_INT = re.compile(r"[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+")

# First characters of every plain scalar that is not text.
_SPECIAL_FIRST = frozenset("yYnNtTfFoO-+0123456789.~")
_NUMBER_FIRST = frozenset("-+0123456789.")

# Python refuses to turn longer digit strings into an int (sys.int_info.str_digits_check_threshold);
# such numbers are far beyond 2**53 and become floats anyway.
_MAX_INT_DIGITS = 4000

#: Parts of a base-60 integer (``1:30:00``) computed exactly. Each part multiplies the value by
#: 60, so more parts than this give a number beyond the largest float, whose
#: value is infinite (60**174 > 1.8e308): computing it exactly would take time quadratic in the
#: length of the text.
MAX_SEXAGESIMAL_PARTS = 175


def resolve_plain(text: str) -> Scalar:
    """The value of a plain, untagged scalar."""
    if not text:
        return None
    first = text[0]
    if first not in _SPECIAL_FIRST:
        return text
    if first in _NUMBER_FIRST:
        if ":" in text:
            if "." in text and _SEXAGESIMAL_FLOAT.fullmatch(text) is not None:
                value = _float(text)
            elif _SEXAGESIMAL_INT.fullmatch(text) is not None:
                value = _int(text)
            else:
                return text
        elif _FLOAT.fullmatch(text) is not None:
            value = _float(text)
        elif _INT.fullmatch(text) is not None:
            value = _int(text)
        else:
            return text
        return text if value is None else value
    boolean = _BOOLEANS.get(text)
    if boolean is not None:
        return boolean
    if text in _NULLS:
        return None
    return text


def resolve_tagged(tag: str, text: str) -> Scalar:
    """The value of a scalar with an explicit tag; :class:`YamlError` (without span) if invalid."""
    if tag == STR_TAG or tag == NON_SPECIFIC_TAG:
        return text
    if tag == INT_TAG:
        value = _int(text) if _INT.fullmatch(text) is not None else None
    elif tag == FLOAT_TAG:
        if _FLOAT.fullmatch(text) is not None:
            value = _float(text)
        elif _DECIMAL.fullmatch(text) is not None:
            value = one_number(_decimal(text.replace("_", "")))
        else:
            value = None
    elif tag == BOOL_TAG:
        value = _BOOLEANS.get(text)
    elif tag == NULL_TAG:
        if text in _NULLS:
            return None
        value = None
    elif tag == MAP_TAG or tag == SEQ_TAG:
        raise YamlError(f"tag {short_tag(tag)} cannot be used on a scalar")
    else:
        raise YamlError(f"unsupported tag {short_tag(tag)}")
    if value is None:
        raise YamlError(f"{text!r} is not a valid {short_tag(tag)}")
    return value


def short_tag(tag: str) -> str:
    """A tag as people write it: ``!!int`` rather than ``tag:yaml.org,2002:int``."""
    if tag.startswith(_YAML_TAG):
        return "!!" + tag[len(_YAML_TAG):]
    return tag


def one_number(value: int | float) -> int | float:
    """The model's one number type: integral floats within ±2**53 are ints, larger ints floats."""
    if value.__class__ is float:
        if value.is_integer() and -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            return int(value)
        return value
    if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        return value
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _int(text: str) -> int | float | None:
    """ruamel's YAML 1.1 ``construct_yaml_int``; ``None`` when no digits are left."""
    digits = text.replace("_", "")
    sign = -1 if digits[:1] == "-" else 1
    if digits[:1] in ("-", "+"):
        digits = digits[1:]
    if digits.startswith("0b"):
        base, digits = 2, digits[2:]
    elif digits.startswith("0x"):
        base, digits = 16, digits[2:]
    elif digits[:1] == "0" and len(digits) > 1:
        base = 8
    elif ":" in digits:
        parts = digits.split(":")
        if len(parts) > MAX_SEXAGESIMAL_PARTS:
            return sign * math.inf
        value = 0
        for part in parts:
            value = value * 60 + _decimal(part)
        return one_number(sign * value)
    else:
        base = 10
    if not digits:
        return None
    return one_number(sign * (_decimal(digits) if base == 10 else int(digits, base)))


def _decimal(digits: str) -> int | float:
    if len(digits) > _MAX_INT_DIGITS:
        return float(digits)
    return int(digits)


def _float(text: str) -> int | float | None:
    """ruamel's YAML 1.1 ``construct_yaml_float``; ``None`` when no digits are left."""
    digits = text.replace("_", "").lower()
    sign = -1 if digits[:1] == "-" else 1
    if digits[:1] in ("-", "+"):
        digits = digits[1:]
    if digits == ".inf":
        return sign * math.inf
    if digits == ".nan":
        return math.nan
    if ":" in digits:
        value = 0.0
        for part in digits.split(":"):
            value = value * 60 + float(part)
        return one_number(sign * value)
    if digits == "." or digits.startswith(".e"):
        return None
    return one_number(sign * float(digits))
