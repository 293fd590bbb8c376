"""Boards the tests share, and a shortcut to their functions."""

from tabletwin.boards import board_functions

BOARDS = {
    # a4 b4 c4 d4|e4     wall d3|d4 below d4 (drawn as | for lack of room)
    # a3 b3 c3 d3 e3
    # a2 b2 ## d2 e2     c2 is a hole
    # a1|b1 c1 d1 e1     wall a1|b1
    "sq4": {"kind": "square", "width": 5, "height": 4, "names": "letters", "neighbours": 4,
            "holes": ["c2"], "walls": [["a1", "b1"], ["d3", "d4"]]},
    "sq8": {"kind": "square", "width": 5, "height": 4, "neighbours": 8,
            "holes": ["c2"], "walls": [["a1", "b2"], ["d3", "d4"]]},
    "xy": {"kind": "square", "width": 3, "height": 2, "names": "coords"},
    "open": {"kind": "square", "width": 6, "height": 6},
    "wide": {"kind": "square", "width": 30, "height": 2},
    # Pointy: rows, odd rows shifted right.      Flat: columns, odd columns shifted up.
    "pointy": {"kind": "hex", "width": 4, "height": 6, "holes": ["d3"], "walls": [["b1", "c1"]]},
    "flat": {"kind": "hex", "width": 4, "height": 3, "layout": "flat", "walls": [["b1", "c2"]]},
}

FUNCTIONS = board_functions(BOARDS)


def call(function: str, *args, **kwargs):
    return FUNCTIONS[function](*args, **kwargs)
