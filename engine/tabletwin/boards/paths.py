"""Shortest paths and reachable cells: Dijkstra over the neighbour links, with a heap.

A path enters cells; each entered cell costs ``enter(cell)`` (1 by default), and the start
costs nothing. ``enter`` returns ``None`` for a cell that cannot be entered (blocked, or a cost
of ``None`` or infinity). The start may itself be blocked (a piece stands on it); a blocked goal
is unreachable, except that the path from a cell to itself is that cell alone.

Ties are broken so the result is deterministic: the cheapest path, then the one with fewest
steps, then at each step the first direction in ``directions`` order. To get that, the search
runs backwards from the goal, giving every cell its best ``(cost, steps)`` to the goal, and the
path is then walked forwards from the start, taking at each cell the first neighbour (in
direction order) that lies on a best path. Counting steps after cost also keeps that walk from
circling through cells that cost 0.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Callable

from .board import Board

Enter = Callable[[int], "int | float | None"]


def shortest_path(board: Board, start: int, goal: int, enter: Enter) -> tuple[list[int], int | float] | None:
    """The best path from ``start`` to ``goal`` (both included) and its cost, or ``None``."""
    if start == goal:
        return [start], 0
    if enter(goal) is None:
        return None
    neighbours = board.neighbours
    best: dict[int, tuple] = {goal: (0, 0)}
    done: set[int] = set()
    heap = [(0, 0, goal)]
    while heap:
        cost, steps, here = heappop(heap)
        if here in done:
            continue
        done.add(here)
        if here == start:
            break
        reach = (cost + enter(here), steps + 1)  # from any neighbour into here
        for there in neighbours(here):
            if there in done or (there != start and enter(there) is None):
                continue
            known = best.get(there)
            if known is None or reach < known:
                best[there] = reach
                heappush(heap, (reach[0], reach[1], there))
    else:
        return None
    path = [start]
    here = start
    while here != goal:
        wanted = best[here]
        for there in neighbours(here):
            if there in done and there != start:
                cost, steps = best[there]
                if (cost + enter(there), steps + 1) == wanted:
                    break
        else:  # pragma: no cover - the search guarantees a next cell
            raise AssertionError("no next cell on a shortest path")
        here = there
        path.append(here)
    return path, best[start][0]


def reachable(board: Board, start: int, limit: int | float, enter: Enter) -> list[int]:
    """The cells a path from ``start`` reaches with total cost at most ``limit``, in index order."""
    neighbours = board.neighbours
    best: dict[int, int | float] = {start: 0}
    done: set[int] = set()
    heap = [(0, start)]
    while heap:
        cost, here = heappop(heap)
        if here in done:
            continue
        done.add(here)
        for there in neighbours(here):
            if there in done:
                continue
            step = enter(there)
            if step is None:
                continue
            total = cost + step
            if total <= limit:
                known = best.get(there)
                if known is None or total < known:
                    best[there] = total
                    heappush(heap, (total, there))
    del best[start]
    return sorted(best)
