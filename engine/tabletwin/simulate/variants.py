"""Rule variants: a model with some constants replaced (``--set NAME=VALUE``) and ``sweep``'s grid.

A value is read as a YAML value with the same reader as model files (``50`` is a number,
``[1, 2]`` a list, ``yes`` a boolean as YAML 1.1 has it). Only constants the model declares may be
replaced: a name it does not have is a mistake in the command line, not a new constant.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..errors import YamlError
from ..model import compile_model
from ..modelfile import LoadedYaml, check_is_model, load_yaml


SHOWN_CHARS = 60
"""Characters of a command-line value quoted in a message; longer ones are cut with an ellipsis."""


class VariantError(ValueError):
    """A ``--set`` that cannot be applied; the message is ready for people."""


def shown(text: str) -> str:
    """``text`` quoted for a message, cut at :data:`SHOWN_CHARS`."""
    return repr(text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…")


def parse_value(text: str):
    """A YAML value; :class:`VariantError` when the text is not one."""
    try:
        return load_yaml(text).data
    except YamlError as exc:
        raise VariantError(f"{shown(text)} is not a YAML value: {exc.message}") from None


def split_assignment(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` as its two halves."""
    name, equals, value = text.partition("=")
    name = name.strip()
    if not equals or not name:
        raise VariantError(f"--set {shown(text)}: expected NAME=VALUE")
    return name, value.strip()


def parse_sets(texts: Sequence[str]) -> dict:
    """The overrides of repeated ``--set NAME=VALUE`` (a later one for the same name wins)."""
    overrides = {}
    for text in texts or ():
        name, value = split_assignment(text)
        overrides[name] = parse_value(value)
    return overrides


def split_values(text: str) -> list[str]:
    """``50,75,100`` as ``['50', '75', '100']``; commas inside brackets, braces or quotes stay."""
    parts, depth, quote, current = [], 0, None, []
    for char in text:
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    parts.append("".join(current).strip())
    return parts


def parse_grid(texts: Sequence[str]) -> list[dict]:
    """Every combination of ``--set NAME=V1,V2,...`` (the first name varies slowest), in order."""
    names, choices = [], []
    for text in texts:
        name, values = split_assignment(text)
        texts_of_values = split_values(values)
        if any(value == "" for value in texts_of_values):
            raise VariantError(f"--set {shown(text)}: an empty value in the list")
        parsed = [parse_value(value) for value in texts_of_values]
        if name in names:
            choices[names.index(name)] = parsed
        else:
            names.append(name)
            choices.append(parsed)
    return [dict(zip(names, combination)) for combination in itertools.product(*choices)]


def constant_names(data) -> list[str]:
    constants = data.get("constants") if isinstance(data, dict) else None
    return [str(name) for name in constants] if isinstance(constants, dict) else []


def check_names(data, overrides: dict) -> None:
    """:class:`VariantError` naming the model's constants when an override names another."""
    known = constant_names(data)
    unknown = [name for name in overrides if name not in known]
    if unknown:
        have = ", ".join(known) if known else "none"
        raise VariantError(f"--set {unknown[0]}: the model has no constant {unknown[0]!r} "
                           f"(its constants: {have})")


def with_constants(loaded: LoadedYaml, overrides: dict) -> LoadedYaml:
    """The document with the constants replaced; positions stay those of the file."""
    if not overrides:
        return loaded
    check_names(loaded.data, overrides)
    data = dict(loaded.data)
    data["constants"] = {**data["constants"], **overrides}
    return LoadedYaml(data, loaded.positions, loaded.text)


def load_variant(text: str, filename: str = "-", overrides: dict | None = None):
    """The model of ``text`` with ``overrides`` applied (YamlError/NotAModelError as ``load_model``)."""
    loaded = load_yaml(text)
    check_is_model(loaded)
    return compile_model(with_constants(loaded, overrides or {}), filename)
