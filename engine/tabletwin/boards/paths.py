"""Shortest paths and reachable cells over the neighbour links.

A path enters cells; each entered cell costs ``enter(cell)``, and the start costs nothing.
``enter`` returns ``None`` for a cell that cannot be entered (blocked, or a cost of ``None`` or
infinity). Without ``enter`` every cell not in ``blocked`` costs 1, and a breadth-first search
does the work of Dijkstra's (a heap otherwise). The start may itself be blocked (a piece stands
on it); a blocked goal is unreachable, except that the path from a cell to itself is that cell.

Ties are broken so the result is deterministic: the cheapest path, then the one with fewest
steps, then at each step the first direction in ``directions`` order. To get that, the search
runs backwards from the goal, giving cells their best ``(cost, steps)`` to the goal until it
reaches the start, and the path is then walked forwards from the start, taking at each cell the
first neighbour (in direction order) that lies on a best path. Counting steps after cost also
keeps that walk from circling through cells that cost 0.
"""

from __future__ import annotations

from collections import deque
from heapq import heappop, heappush
from typing import Callable, Collection

from .board import Board

Enter = Callable[[int], "int | float | None"]


def shortest_path(board: Board, start: int, goal: int, blocked: Collection[int],
                  enter: Enter | None = None) -> tuple[list[int], int | float] | None:
    """The best path from ``start`` to ``goal`` (both included) and its cost, or ``None``."""
    if start == goal:
        return [start], 0
    if goal in blocked or (enter is not None and enter(goal) is None):
        return None
    neighbours = board.neighbours
    if enter is None:
        steps = _steps_to(board, start, goal, blocked)
        if steps is None:
            return None
        path = [start]
        here = start
        while here != goal:
            wanted = steps[here] - 1
            here = next(there for there in neighbours(here) if steps.get(there) == wanted)
            path.append(here)
        return path, steps[start]
    best = _costs_to(board, start, goal, enter)
    if best is None:
        return None
    path = [start]
    here = start
    while here != goal:
        wanted = best[here]
        for there in neighbours(here):
            known = best.get(there)
            if known is not None and there != start and (known[0] + enter(there), known[1] + 1) == wanted:
                break
        else:  # pragma: no cover - the search guarantees a next cell
            raise AssertionError("no next cell on a shortest path")
        here = there
        path.append(here)
    return path, best[start][0]


def _steps_to(board: Board, start: int, goal: int, blocked: Collection[int]) -> dict[int, int] | None:
    """Steps to ``goal`` of every cell nearer than ``start`` (a breadth-first search)."""
    neighbours = board.neighbours
    steps = {goal: 0}
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        count = steps[here] + 1
        for there in neighbours(here):
            if there not in steps and (there == start or there not in blocked):
                steps[there] = count
                if there == start:
                    return steps
                queue.append(there)
    return None


def _costs_to(board: Board, start: int, goal: int, enter: Enter) -> dict[int, tuple] | None:
    """Best ``(cost, steps)`` to ``goal`` of every cell settled before ``start`` (Dijkstra)."""
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
            return {cell: best[cell] for cell in done}
        reach = (cost + enter(here), steps + 1)  # from any neighbour into here
        for there in neighbours(here):
            if there in done or (there != start and enter(there) is None):
                continue
            known = best.get(there)
            if known is None or reach < known:
                best[there] = reach
                heappush(heap, (reach[0], reach[1], there))
    return None


def reachable(board: Board, start: int, limit: int | float, blocked: Collection[int],
              enter: Enter | None = None) -> list[int]:
    """The cells a path from ``start`` reaches with total cost at most ``limit``, in index order."""
    if limit < 0:
        return []
    neighbours = board.neighbours
    if enter is None:
        steps = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            count = steps[here] + 1
            if count > limit:
                break
            for there in neighbours(here):
                if there not in steps and there not in blocked:
                    steps[there] = count
                    queue.append(there)
        del steps[start]
        return sorted(steps)
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
