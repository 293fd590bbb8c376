"""How fast :func:`tabletwin.modelfile.load_yaml` reads a realistic 5,000-line model.

The editor reloads the model on every keystroke, so this is the number that matters for it.
The reference is ruamel.yaml's default round-trip loader on the same text, timed in the same
run; the script prints both medians and their ratio. Run it as
``.venv/bin/python benchmarks/bench_yaml_load.py [--lines N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from ruamel.yaml import YAML  # noqa: E402

from tabletwin.modelfile import load_yaml  # noqa: E402

OPS = (
    '{{op: add, var: "score[actor]", amount: {n}}}',
    '{{op: set, var: phase, value: combat}}',
    '{{op: draw, from: "deck[actor]", to: "hand[actor]", n: {n}}}',
    '{{op: roll, die: [1, 2, 3, 4, 5, 6], bind: r{n}}}',
    '{{op: add, var: "gold[actor]", amount_x: "r{n} * 2"}}',
    '{{op: move, what_x: "card", from: "hand[actor]", to: discard}}',
)


def _flow(lines: list[str], steps: int) -> None:
    lines += [
        "flow:",
        "  id: game",
        "  kind: loop",
        "  over_x: players",
        "  as: current",
        "  until_x: \"max(score) >= 30\"",
        "  children:",
    ]
    for i in range(steps):
        lines += [
            f"    - id: step_{i}",
            "      kind: step",
            "      actor_x: current",
            f"      do: [action_{i}, action_{(i + 1) % 200}, pass]",
            f"      note: Step {i} lets the current player act once.",
        ]


def _actions(lines: list[str], count: int) -> None:
    lines += [
        "actions:",
        "  base: &base_action",
        "    label: Base action",
        "    pre_x: \"True\"",
        "    effect:",
        "      - {op: set, var: phase, value: main}",
    ]
    for i in range(count):
        lines += [
            f"  action_{i}:",
            "    <<: *base_action",
            f"    label: Action number {i}",
            f"    pre: the player has at least {i % 7} gold",
            f"    pre_x: \"gold[actor] >= {i % 7}\"",
            "    effect:",
        ]
        for j in range(6):
            lines.append("      - " + OPS[(i + j) % len(OPS)].format(n=(i + j) % 5 + 1))
        lines.append(
            f"      - {{op: if, cond_x: \"gold[actor] > {i % 9}\","
            " then: [{op: add, var: pot, amount: -1}]}"
        )


def _content(lines: list[str], target: int) -> None:
    """Cards until the model has about ``target`` lines."""
    lines += [
        "content:",
        "  defaults:",
        "    card: &card",
        "      status: verified",
        "      keywords: [Sentinel, Ranged]",
        "      cost: 1",
        "  cards:",
    ]
    i = 0
    while len(lines) < target:
        lines += [
            f"    card_{i}:",
            "      <<: *card",
            f"      id: card_{i}",
            f"      label: 'Card {i}: the {['red', 'blue', 'green'][i % 3]} one'",
            f"      cost: {i % 5}",
            f"      text: \"Deal {i % 4 + 1} damage to a unit; draw a card.\"",
            f"      effect: [{{op: add, var: \"hp[1 - actor]\", amount: -{i % 4 + 1}}}]",
            "      flags: {rare: no, foil: off, promo: yes}",
            "      stats:",
            f"        power: {i % 10}",
            f"        toughness: {i % 10 + 1}.5",
        ]
        i += 1


def make_model(target_lines: int = 5000) -> str:
    """A model of about ``target_lines`` lines shaped like real ones."""
    lines = [
        "game: benchmark",
        "label: Benchmark game",
        "num_players: 2",
        "state:",
        "  vars:",
        "    score: {per_player: true, init: 0}",
        "    gold: {per_player: true, init: 3}",
        "    pot: {init: 0}",
        "    phase: {init: setup}",
    ]
    _flow(lines, 100)
    _actions(lines, 200)
    end = [
        "end:",
        "  - id: win",
        "    kind: win",
        "    if_x: \"max(score) >= 30\"",
        "    who_x: \"score.index(max(score))\"",
    ]
    _content(lines, target_lines - len(end))
    return "\n".join(lines + end) + "\n"


def median_seconds(fn, text: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ruamel_round_trip(text: str) -> object:
    """The reference: ruamel.yaml's default loader (round trip, pure Python)."""
    return YAML().load(io.StringIO(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=11)
    args = parser.parse_args()
    text = make_model(args.lines)
    ours = median_seconds(load_yaml, text, args.repeat)
    theirs = median_seconds(ruamel_round_trip, text, max(3, args.repeat // 2))
    print(f"lines: {text.count(chr(10))}")
    print(f"tabletwin load_yaml: {ours * 1000:.1f} ms (median of {args.repeat})")
    print(f"ruamel YAML() round trip: {theirs * 1000:.1f} ms")
    print(f"ratio: {theirs / ours:.1f}x faster")


if __name__ == "__main__":
    main()
