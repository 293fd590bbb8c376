"""The ``--players`` of every command: which specs exist, and one way of saying a spec is wrong.

``play``, ``simulate`` and ``compare`` all report a bad line-up the same way: a message naming the
spec and what is allowed, on standard error, and exit status 2 (a usage error, as argparse's).
"""

from __future__ import annotations

from ..errors import TabletwinError
from ..players import PlayerSpecError, make_players


class LineupError(Exception):
    """A line-up that cannot play; the message is ready to print after ``tabletwin COMMAND:``."""


def allowed(human: bool) -> str:
    kinds = ["random", "first"] + (["human"] if human else []) + ["agent:NAME", "a tactic file (.yaml or .yml)"]
    return ", ".join(kinds[:-1]) + " or " + kinds[-1]


def specs_of(text: str) -> list[str]:
    """The comma-separated specs of an option, empty entries dropped."""
    return [spec.strip() for spec in text.split(",") if spec.strip()]


def check_spec(spec: str, human: bool) -> None:
    """A :class:`LineupError` unless ``spec`` names a kind of player this command allows."""
    if spec in ("random", "first") or spec.endswith((".yaml", ".yml")):
        return
    if spec == "human":
        if human:
            return
        raise LineupError(f"a human player cannot play many games; use {allowed(False)}")
    if spec.startswith("agent:") and spec[len("agent:"):].strip():
        return
    raise LineupError(f"unknown player {spec!r}: use {allowed(human)}")


def lineup(specs: list[str], model, seed: int, human: bool) -> list:
    """The players of ``specs`` for ``model``, or a :class:`LineupError` saying which spec fails."""
    for spec in specs:
        check_spec(spec, human)
    try:
        return make_players(specs, model, seed)
    except PlayerSpecError as exc:
        raise LineupError(str(exc)) from None
    except TabletwinError as exc:  # an agent the model lacks, a tactic that cannot be read
        raise LineupError(exc.message) from None
