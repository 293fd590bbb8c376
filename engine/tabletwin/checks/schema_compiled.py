"""A JSON Schema compiled once into a tree of small check functions (the fast backend).

jsonschema interprets the schema for every value: each step makes a new validator object and
resolves ``$ref`` through its registry, which made the schema check most of the validator's time
on a 5,000-line model. Here each schema mapping becomes one function, built once per schema,
that checks only the keywords it has, with precomputed tables: the ``properties`` to descend
into, the allowed keys of ``additionalProperties: false``, the texts of an ``enum``, and, for an
``allOf`` of ``if: {properties: {op: {const: set}}}, then: ...`` branches, a lookup from the
value of ``op`` to its branches.

The errors are the ones jsonschema (Draft 2020-12) gives, in the same order: keywords in the
order the schema writes them, instances in their order (``additionalProperties`` with a schema
goes through the extra keys in the order the mapping writes them; jsonschema's order there
depends on string hashing). Each is a :class:`SchemaError` with the attributes of jsonschema's
``ValidationError`` that :mod:`.schema` reads.

Only the keywords the schemas use are compiled. A schema mapping with any other keyword
(``anyOf``, ``patternProperties``, ``format``...) or a ``$ref`` to another document is checked
by the jsonschema validator given to :func:`compile_schema`, so its errors are jsonschema's own;
a schema with a nested ``$id``, anchors or a reference that leads nowhere is not compiled at all.
jsonschema's quirks are kept: a property whose schema is ``false`` is reported at its mapping.

A mapping or list that YAML aliases share is checked against one schema once, at its first
path (the anchor's): a "billion laughs" document is as quick to check as its text is long, and
each error is reported once, where its text is.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from urllib.parse import unquote

from jsonschema import Draft202012Validator

from . import reuse

COMPILED_KEYWORDS = frozenset((
    "type", "enum", "const", "required", "properties", "additionalProperties", "items", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "$ref", "allOf", "if",
))
#: Keywords jsonschema validates with; any other key of a schema mapping is an annotation.
_VALIDATING = frozenset(Draft202012Validator.VALIDATORS)
#: Keys that change how references resolve; a schema that has them below its root is not compiled.
_RESOLUTION = frozenset(("$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor"))

_TYPE_CHECKER = Draft202012Validator.TYPE_CHECKER
_TYPE_NAMES = ("array", "boolean", "integer", "null", "number", "object", "string")
# The JSON types of the Python classes a loaded model is made of; floats depend on their value
# (3.0 is an integer) and other classes ask jsonschema's own type checker.
_TYPES_OF_CLASS = {
    str: frozenset(("string",)),
    bool: frozenset(("boolean",)),
    int: frozenset(("integer", "number")),
    type(None): frozenset(("null",)),
    dict: frozenset(("object",)),
    list: frozenset(("array",)),
}
_FLOAT_TYPES = (frozenset(("number",)), frozenset(("integer", "number")))


def json_types(value) -> frozenset:
    """The JSON Schema types ``value`` is an instance of, as jsonschema's Draft 2020-12 decides."""
    kinds = _TYPES_OF_CLASS.get(type(value))
    if kinds is not None:
        return kinds
    if type(value) is float:
        return _FLOAT_TYPES[value.is_integer()]
    return frozenset(name for name in _TYPE_NAMES if _TYPE_CHECKER.is_type(value, name))


def _is_number(value) -> bool:
    return not isinstance(value, bool) and isinstance(value, numbers.Number)


def equal(one, two) -> bool:
    """JSON equality as jsonschema's ``const`` and ``enum`` decide it: ``true`` is not ``1``, in
    lists and mappings too, and ``1`` is ``1.0``."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(key in two and equal(value, two[key]) for key, value in one.items())
    return _unbool(one) == _unbool(two)


_TRUE, _FALSE = object(), object()


def _unbool(value):
    return _TRUE if value is True else _FALSE if value is False else value


class SchemaError:
    """One error, with the attributes of jsonschema's ``ValidationError`` that findings read."""

    __slots__ = ("validator", "validator_value", "instance", "schema", "absolute_path")
    context = ()

    def __init__(self, validator, validator_value, instance, schema, absolute_path: tuple):
        self.validator = validator
        self.validator_value = validator_value
        self.instance = instance
        self.schema = schema
        self.absolute_path = absolute_path

    def __repr__(self) -> str:
        return f"SchemaError({self.validator!r} at {list(self.absolute_path)!r})"


class _Errors(list):
    """The errors of one :meth:`CompiledSchema.collect`, and the ``(schema node, value)`` pairs
    of mappings and lists already checked (by identity: the values are shared aliases).

    While results are reused (:mod:`.reuse`), ``log`` lists the pairs in the order they were
    first checked and ``refused`` counts the pairs met again, so that the errors of a section or
    entry can be kept with the pairs its check went through (:func:`_descend`).
    """

    __slots__ = ("checked", "log", "refused")

    def __init__(self, log: list | None = None):
        super().__init__()
        self.checked: set[tuple[int, int]] = set()
        self.log = log
        self.refused = 0


def _first_check(child, item, out) -> bool:
    """Whether ``item`` has yet to be checked against ``child`` in this collect (and is now)."""
    if item.__class__ is not dict and item.__class__ is not list:
        return True
    checked = getattr(out, "checked", None)
    if checked is None:
        return True
    key = (id(child), id(item))
    if key in checked:
        out.refused += 1
        return False
    checked.add(key)
    if out.log is not None:
        out.log.append(key)
    return True


#: Sections (one step from the root) and their entries (two) keep their errors between collects.
REUSED_DEPTH = 2


def _descend(child, item, path: tuple, out) -> None:
    """``child.check(item, path, out)``; for a section or entry, its errors of the last collect
    while it is the same object (:mod:`.reuse`).

    Kept only when its check met no pair twice, and reused only when none of the pairs it went
    through has been checked since this collect began: then the check would go exactly the same
    way (each pair checked for the first time), and its errors are the same.
    """
    log = getattr(out, "log", None)
    if log is None or len(path) > REUSED_DEPTH or (item.__class__ is not dict and item.__class__ is not list):
        child.check(item, path, out)
        return
    found = reuse.lookup("schema", path, item, child)
    if found is not None:
        errors, pairs = found[0]
        if out.checked.isdisjoint(pairs):
            out.checked.update(pairs)
            log.extend(pairs)
            out.extend(errors)
            return
    errors_at, log_at, refused = len(out), len(log), out.refused
    child.check(item, path, out)
    if out.refused == refused:
        reuse.keep("schema", path, item, (out[errors_at:], tuple(log[log_at:])), child)


class _Unsupported(Exception):
    """The schema cannot be compiled: jsonschema checks it all."""


def _nothing(instance, path, out) -> None:
    pass


class _Node:
    """A compiled schema: ``check(instance, path, out)`` appends the errors of ``instance`` at ``path``."""

    __slots__ = ("check", "trivial")

    def __init__(self):
        self.check = _nothing
        self.trivial = False  # known to accept everything (so callers may skip it)

    def valid(self, instance) -> bool:
        errors: list = []
        self.check(instance, (), errors)
        return not errors


class CompiledSchema:
    """:meth:`errors` of an instance, as jsonschema's ``iter_errors`` would give them."""

    def __init__(self, root: _Node):
        self._root = root

    def collect(self, instance, out: list) -> None:
        """Append the errors of ``instance`` to ``out`` (those found so far stay if this raises)."""
        found = _Errors([] if reuse.active() else None)
        try:
            self._root.check(instance, (), found)
        finally:
            out.extend(found)

    def errors(self, instance) -> list:
        found: list = []
        self.collect(instance, found)
        return found

    def is_valid(self, instance) -> bool:
        return self._root.valid(instance)


def compile_schema(schema, library) -> CompiledSchema | None:
    """The compiled ``schema``, or ``None`` when it cannot be compiled.

    ``library`` is a jsonschema validator of the same schema; it checks the schema mappings
    that have keywords this module does not compile.
    """
    try:
        return CompiledSchema(_Compiler(schema, library).node(schema))
    except _Unsupported:
        return None


class _Compiler:
    """Compiles the schema mappings of one schema, each once (``$ref`` cycles included)."""

    def __init__(self, root, library):
        self.root = root
        self.library = library
        self.nodes: dict[int, tuple[object, _Node]] = {}  # the schema is kept so its id stays its own

    def node(self, schema) -> _Node:
        known = self.nodes.get(id(schema))
        if known is not None:
            return known[1]
        node = _Node()
        self.nodes[id(schema)] = (schema, node)
        if schema is True:
            node.trivial = True
        elif schema is False:
            node.check = _refuse_all
        elif not isinstance(schema, dict):
            raise _Unsupported(f"a schema that is neither a mapping nor true/false: {schema!r}")
        else:
            if schema is not self.root and not _RESOLUTION.isdisjoint(schema):
                raise _Unsupported("references that resolve against a nested $id or an anchor")
            validating = [key for key in schema if key in _VALIDATING]
            if any(key not in COMPILED_KEYWORDS for key in validating) or not self._simple(schema):
                node.check = self._library(schema)
            else:
                checks = [self._keyword(key, schema) for key in validating]
                checks = [check for check in checks if check is not None]
                node.check = _all(checks)
                node.trivial = not checks
        return node

    @staticmethod
    def _simple(schema: dict) -> bool:
        """Whether the compiled keywords have the shapes compiled here (others go to jsonschema)."""
        types = schema.get("type")
        if types is not None:
            names = [types] if isinstance(types, str) else types
            if not isinstance(names, list) or not all(name in _TYPE_NAMES for name in names):
                return False
        if "required" in schema and not isinstance(schema["required"], list):
            return False
        if "properties" in schema and not isinstance(schema["properties"], dict):
            return False
        if "enum" in schema and not isinstance(schema["enum"], list):
            return False
        if "allOf" in schema and not isinstance(schema["allOf"], list):
            return False
        for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if key in schema and not _is_number(schema[key]):
                return False
        ref = schema.get("$ref")
        return ref is None or (isinstance(ref, str) and ref.startswith("#"))

    def _library(self, schema):
        validator = self.library.evolve(schema=schema)

        def check(instance, path, out):
            for error in validator.iter_errors(instance):
                error.relative_path.extendleft(reversed(path))
                out.append(error)

        return check

    def _keyword(self, key: str, schema: dict):
        """The check of one keyword (``None`` when it accepts everything), by the method named
        after it: ``_type``, ``_ref`` for ``$ref``..."""
        return getattr(self, "_" + key.lstrip("$"))(schema[key], schema)

    def _type(self, value, schema):
        wanted = frozenset([value] if isinstance(value, str) else value)

        def check(instance, path, out):
            if wanted.isdisjoint(json_types(instance)):
                out.append(SchemaError("type", value, instance, schema, path))

        return check

    def _enum(self, value, schema):
        texts = frozenset(item for item in value if isinstance(item, str))

        def check(instance, path, out):
            if isinstance(instance, str):
                if instance in texts:
                    return
            elif any(equal(item, instance) for item in value):
                return
            out.append(SchemaError("enum", value, instance, schema, path))

        return check

    def _const(self, value, schema):
        def check(instance, path, out):
            if not equal(instance, value):
                out.append(SchemaError("const", value, instance, schema, path))

        return check

    def _required(self, value, schema):
        def check(instance, path, out):
            if isinstance(instance, dict):
                for name in value:
                    if name not in instance:
                        out.append(SchemaError("required", value, instance, schema, path))

        return check

    def _properties(self, value, schema):
        # jsonschema reports a property whose schema is ``false`` at the mapping, not at the property.
        children = [(name, self.node(sub), sub is not False) for name, sub in value.items()]

        def check(instance, path, out):
            if isinstance(instance, dict):
                for name, child, step in children:
                    if name in instance and not child.trivial and _first_check(child, instance[name], out):
                        _descend(child, instance[name], path + (name,) if step else path, out)

        return check

    def _additionalProperties(self, value, schema):
        known = schema.get("properties", {})
        if isinstance(value, dict):
            child = self.node(value)

            def check(instance, path, out):
                if isinstance(instance, dict) and not child.trivial:
                    for key, item in instance.items():
                        if key not in known and _first_check(child, item, out):
                            _descend(child, item, path + (key,), out)

            return check
        if value:
            return None

        def refuse_extras(instance, path, out):
            if isinstance(instance, dict):
                for key in instance:
                    if key not in known:
                        out.append(SchemaError("additionalProperties", value, instance, schema, path))
                        return

        return refuse_extras

    def _items(self, value, schema):
        if value is False:
            def refuse_items(instance, path, out):
                if isinstance(instance, list) and instance:
                    out.append(SchemaError("items", value, instance, schema, path))

            return refuse_items
        child = self.node(value)

        def check(instance, path, out):
            if isinstance(instance, list) and not child.trivial:
                for index, item in enumerate(instance):
                    if _first_check(child, item, out):
                        _descend(child, item, path + (index,), out)

        return check

    def _minimum(self, value, schema):
        return _bound("minimum", value, schema, lambda instance: instance < value)

    def _maximum(self, value, schema):
        return _bound("maximum", value, schema, lambda instance: instance > value)

    def _exclusiveMinimum(self, value, schema):
        return _bound("exclusiveMinimum", value, schema, lambda instance: instance <= value)

    def _exclusiveMaximum(self, value, schema):
        return _bound("exclusiveMaximum", value, schema, lambda instance: instance >= value)

    def _ref(self, value, schema):
        target = self.node(self._resolve(value))

        def check(instance, path, out):
            target.check(instance, path, out)

        return check

    def _resolve(self, ref: str):
        """The schema a ``#...`` JSON pointer names, in this schema."""
        found = self.root
        pointer = unquote(ref[1:])
        if pointer and not pointer.startswith("/"):
            raise _Unsupported(f"an anchor reference {ref!r}")
        for part in pointer.split("/")[1:] if pointer else ():
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(found, dict) and part in found:
                found = found[part]
            elif isinstance(found, list) and part.isdigit() and int(part) < len(found):
                found = found[int(part)]
            else:
                raise _Unsupported(f"an unresolvable reference {ref!r}")
        return found

    def _allOf(self, value, schema):
        dispatch = _dispatch(value)
        if dispatch is not None:
            return self._dispatched(*dispatch)
        children = [self.node(sub) for sub in value]

        def check(instance, path, out):
            for child in children:
                child.check(instance, path, out)

        return check

    def _dispatched(self, name: str, branches: list[tuple[str, object]]):
        """An ``allOf`` whose branches are ``if: {properties: {name: {const: text}}}, then: ...``.

        A branch's ``if`` holds for anything but a mapping whose ``name`` is another value, so a
        mapping with a text ``name`` takes the branches of that text, one with another value
        none, and a mapping without ``name`` (or a non-mapping) every branch, in order.
        """
        thens = [(text, self.node(then)) for text, then in branches]
        every = [then for _text, then in thens]
        table: dict[str, list[_Node]] = {}
        for text, then in thens:
            table.setdefault(text, []).append(then)

        def check(instance, path, out):
            if isinstance(instance, dict) and name in instance:
                value = instance[name]
                chosen = table.get(value, ()) if isinstance(value, str) else ()
            else:
                chosen = every
            for then in chosen:
                then.check(instance, path, out)

        return check

    def _if(self, value, schema):
        test = self.node(value)
        then = self.node(schema["then"]) if "then" in schema else None
        otherwise = self.node(schema["else"]) if "else" in schema else None
        if then is None and otherwise is None:
            return None

        def check(instance, path, out):
            if test.valid(instance):
                if then is not None:
                    then.check(instance, path, out)
            elif otherwise is not None:
                otherwise.check(instance, path, out)

        return check


def _dispatch(all_of: list) -> tuple[str, list] | None:
    """``(property, [(text, then schema), ...])`` when every branch is ``if``/``then`` on one
    property's text ``const`` (the ``if`` having nothing else); ``None`` otherwise."""
    name, branches = None, []
    for branch in all_of:
        if not isinstance(branch, dict) or branch.keys() != {"if", "then"}:
            return None
        test = branch["if"]
        if not isinstance(test, dict) or test.keys() != {"properties"} or not isinstance(test["properties"], dict) \
                or len(test["properties"]) != 1:
            return None
        (prop, condition), = test["properties"].items()
        if not isinstance(condition, dict) or condition.keys() != {"const"} or not isinstance(condition["const"], str):
            return None
        if name is not None and prop != name:
            return None
        name = prop
        branches.append((condition["const"], branch["then"]))
    return (name, branches) if name is not None else None


def _bound(keyword: str, value, schema, beyond):
    def check(instance, path, out):
        if _is_number(instance) and beyond(instance):
            out.append(SchemaError(keyword, value, instance, schema, path))

    return check


def _refuse_all(instance, path, out) -> None:
    out.append(SchemaError(None, None, instance, False, path))


def _all(checks: list):
    if not checks:
        return _nothing
    if len(checks) == 1:
        return checks[0]

    def check(instance, path, out):
        for each in checks:
            each(instance, path, out)

    return check


__all__ = ["COMPILED_KEYWORDS", "CompiledSchema", "SchemaError", "compile_schema", "equal", "json_types"]
