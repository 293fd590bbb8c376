"""What many ops share: resolving zone and variable paths, reading fields, inserting into zones."""

from __future__ import annotations

from ...errors import ExprError, NotExecutable
from ...expr import to_text
from ...model.data import is_model_data
from ..frames import ChanceFrame, Then
from ..labels import label
from ..piles import Pile
from ..requests import ALL
from ..stored import stored

POSITIONS = (None, "top", "bottom", "random")


def get(runner, op, name: str, local_names: dict, place: str, default=None, required: bool = False):
    field = op.fields.get(name)
    if field is None:
        if required:
            raise NotExecutable(f"{place}: field '{name}' is missing", path=op.path)
        return default
    return field.get(local_names, runner.scope, place, default, required)


def require_text(op, name: str, place: str) -> str:
    value = op.raw.get(name)
    if value is None:
        raise NotExecutable(f"{place}: field '{name}' is missing", path=op.path)
    return str(value)


def integer(value, what: str, place: str, op) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or int(value) != value:
        raise ExprError(f"{place}: {what} must be a whole number, not {to_text(value)}", path=op.path)
    return int(value)


def zone_at(runner, op, field: str, local_names: dict, place: str) -> Pile:
    """The pile a zone path (``deck``, ``hand[actor]``) names."""
    path = op.paths.get(field)
    if path is None:
        raise NotExecutable(f"{place}: field '{field}' is missing", path=op.path)
    return zone_of_path(runner, path, local_names, op)


def zone_of_path(runner, path, local_names: dict, op) -> Pile:
    name = path.name
    decl = runner.model.zones.get(name)
    if decl is None:
        raise ExprError(f"zone '{name}' not declared", path=op.path)
    zone = runner.state.zones[name]
    if decl.per_player:
        if path.index is None:
            raise ExprError(f"zone '{name}' belongs to a player; write {name}[player]", path=op.path)
        index = path.index(local_names, runner.scope)
        try:
            return zone[int(index)]
        except (IndexError, TypeError, ValueError):
            raise ExprError(f"zone '{name}' has no part {to_text(index)}", path=op.path) from None
    if path.index is not None:
        raise ExprError(f"zone '{name}' is not a player zone; write {name}", path=op.path)
    return zone


def visibility_of(runner, pile: Pile):
    """Who sees what goes into ``pile``: public everyone, owner its owner, hidden nobody."""
    visibility = runner.model.zones[pile.zone].visibility
    if visibility == "owner":
        return [pile.owner] if pile.owner is not None else []
    if visibility == "hidden":
        return []
    return ALL


def visible_to(runner, op, local_names: dict, default):
    code = op.codes.get("visible_to_x")
    if code is None:
        return default
    return runner.players_of(code(local_names, runner.scope))


def position_of(op, place: str):
    position = op.raw.get("position")
    if position not in POSITIONS:
        raise ExprError(f"{place}: position {to_text(position)} is not top, bottom or random", path=op.path)
    return position


def insert(runner, pile: Pile, item, position, place: str):
    """Put ``item`` into ``pile``; ``random`` in a zone without shuffle is a chance node (then
    the frame that asks is returned, else ``None``).

    ``item`` goes in as it is: the caller stores a copy where the value comes from elsewhere."""
    if position == "random" and not pile.shuffled and pile:
        slots = list(range(len(pile) + 1))
        return Then(ChanceFrame(place, slots, labels=[str(i) for i in slots]), _inserted, (pile, item))
    pile.put(item, position)
    return None


def _inserted(runner, index, pile, item):
    pile.insert(index, item)


def find(pile: list, item) -> int:
    """Index of the first element equal to ``item`` (deep equality), or -1."""
    for index, element in enumerate(pile):
        if element == item:
            return index
    return -1


def _data_name(value: dict, written) -> str:
    """Model data in a message: by its label or id, else by what the op wrote to reach it (a dict
    without either would be ``'?'``, which names nothing)."""
    name = label(value)
    return written if name == "?" else f"'{name}'"


def write_attribute(runner, op, local_names: dict, place: str, update) -> None:
    """``of_x`` + ``attr``: change one attribute of an instance."""
    target = get(runner, op, "of", local_names, place, required=True)
    attr = require_text(op, "attr", place)
    if not isinstance(target, dict):
        raise ExprError(f"{place}: {to_text(target)} is not an instance", path=op.path)
    if is_model_data(target):
        written = repr(str(op.raw.get("of_x")))
        raise ExprError(f"{_data_name(target, written)} is model data; make an instance with create first",
                        path=op.path)
    target[attr] = stored(update(target.get(attr)), runner.scope, op.path, place)


def write_variable(runner, op, local_names: dict, place: str, update) -> None:
    """``var``: change a variable or one element of it (``score[actor]``)."""
    path = op.paths.get("var")
    if path is None:
        raise NotExecutable(f"{place}: field 'var' is missing", path=op.path)
    state = runner.state
    name = path.name
    if name not in state.variables:
        raise ExprError(f"variable '{name}' not declared", path=op.path)
    if path.index is None:
        state.set_variable(name, update(state.variables[name]), op.path, place)
        return
    container = state.variables[name]
    key = path.index(local_names, runner.scope)
    if is_model_data(container):
        raise ExprError(f"{_data_name(container, f'variable {name} ({path.text})')} is model data; make an "
                        f"instance with create first", path=op.path)
    try:
        if isinstance(container, dict):
            if not isinstance(key, str):
                raise ExprError(f"{place}: {path.text}: dict keys must be text, not {type(key).__name__}", path=op.path)
            container[key] = stored(update(container.get(key)), runner.scope, op.path, place)
        elif isinstance(container, list):
            index = integer(key, f"the index of {path.text}", place, op)
            container[index] = stored(update(container[index]), runner.scope, op.path, place)
        else:
            raise ExprError(f"{place}: {name} is {to_text(container)}, which has no elements", path=op.path)
    except IndexError:
        raise ExprError(f"{place}: {path.text}: index {to_text(key)} is out of range", path=op.path) from None
