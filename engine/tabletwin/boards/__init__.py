"""Boards with geometry: square or hex cells, names, holes and walls, and the board functions.

>>> from tabletwin.boards import board_functions
>>> functions = board_functions({"b": {"kind": "square", "width": 3, "height": 3}})
>>> functions["neighbours"]("b", "a1")
['a2', 'b1']

:func:`board_errors` lists a model's board problems for the validator; :func:`board_functions`
gives the functions expressions call (``build_globals(boards=...)``), each with the board name
first. The design is in ``board-geometry.md``; the conventions the design leaves open are in
the docstrings of :mod:`.naming`, :mod:`.square`, :mod:`.hex`, :mod:`.paths` and :mod:`.sight`.
"""

from .board import Board
from .fields import MAX_SIZE, board_errors
from .functions import FUNCTION_NAMES, board_functions

__all__ = ["Board", "FUNCTION_NAMES", "MAX_SIZE", "board_errors", "board_functions"]
