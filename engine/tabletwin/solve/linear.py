"""Expected values over a graph with cycles: components in order, each one's equations solved.

The value of a node is the probability-weighted sum of its children's values, so the values
solve ``v = P v + b``. Strongly connected components (Tarjan's algorithm, without recursion)
come out sinks first; a component without a cycle is one weighted sum, and a component with
cycles is solved by eliminating its nodes one at a time (Gaussian elimination on the sparse
rows, in exact fractions when the numbers are fractions). A component the game can never leave
means the game may go on forever: that is an error, not a value.
"""

from __future__ import annotations

from .errors import SolveError


def components(edges: list[list]) -> list[list[int]]:
    """Strongly connected components of the graph, each after every component it leads to."""
    count = len(edges)
    index = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    stack: list[int] = []
    result: list[list[int]] = []
    counter = 0
    for start in range(count):
        if index[start] != -1:
            continue
        work = [(start, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = True
            children = edges[node]
            while position < len(children):
                child = children[position][0]
                position += 1
                if index[child] == -1:
                    work.append((node, position))
                    work.append((child, 0))
                    break
                if on_stack[child]:
                    low[node] = min(low[node], index[child])
            else:
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack[member] = False
                        component.append(member)
                        if member == node:
                            break
                    result.append(component)
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return result


def has_cycle(component: list[int], edges: list[list]) -> bool:
    if len(component) > 1:
        return True
    node = component[0]
    return any(child == node for child, _ in edges[node])


def expected_values(edges: list[list], parts: list[list[int]], leaves: dict, width: int, zero, one,
                    where=str) -> list:
    """Each node's expected vector of ``width`` numbers; ``leaves`` maps end nodes to their vectors.

    ``parts`` are the graph's :func:`components`; ``zero`` and ``one`` the number type's constants
    (``Fraction(0)`` or ``0.0``); ``where`` names a node in the error about a game that cannot end.
    """
    values: list = [None] * len(edges)
    for component in parts:
        if not has_cycle(component, edges):
            node = component[0]
            if node in leaves:
                values[node] = list(leaves[node])
                continue
            total = [zero] * width
            for child, probability in edges[node]:
                child_value = values[child]
                for k in range(width):
                    total[k] += probability * child_value[k]
            values[node] = total
            continue
        _solve_cycle(component, edges, values, width, zero, one, where)
    return values


def _solve_cycle(component, edges, values, width, zero, one, where) -> None:
    members = set(component)
    rows: dict[int, dict] = {}
    constants: dict[int, list] = {}
    users: dict[int, set] = {node: set() for node in component}
    for node in component:
        row: dict = {}
        constant = [zero] * width
        for child, probability in edges[node]:
            if child in members:
                row[child] = row.get(child, zero) + probability
                users[child].add(node)
            else:
                child_value = values[child]
                for k in range(width):
                    constant[k] += probability * child_value[k]
        rows[node], constants[node] = row, constant
    order = component  # Tarjan's order: members found last tend to lead out, which keeps rows short
    eliminated: list[int] = []
    for node in order:
        row, constant = rows[node], constants[node]
        stay = row.pop(node, zero)
        if stay:
            leave = one - stay
            if leave <= 0 or (isinstance(leave, float) and leave < 1e-15):
                raise SolveError(f"the game can stay at {where(node)} forever: it has no way out of a cycle there")
            for child in row:
                row[child] /= leave
            for k in range(width):
                constant[k] /= leave
        users[node].discard(node)
        for user in users[node]:
            user_row = rows[user]
            weight = user_row.pop(node, None)
            if weight is None:
                continue
            for child, probability in row.items():
                user_row[child] = user_row.get(child, zero) + weight * probability
                users[child].add(user)
            user_constant = constants[user]
            for k in range(width):
                user_constant[k] += weight * constant[k]
        for child in row:
            users[child].discard(node)
        eliminated.append(node)
    for node in reversed(eliminated):
        value = list(constants[node])
        for child, probability in rows[node].items():
            child_value = values[child]
            for k in range(width):
                value[k] += probability * child_value[k]
        values[node] = value
