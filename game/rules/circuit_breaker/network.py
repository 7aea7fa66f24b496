"""The network of a house: the cells joined to the breaker box connector to connector (CB-15)."""

from __future__ import annotations

from game.rules.circuit_breaker.tiles import GEO, WALL, edges_meet


def connected_cells(cells: list[int]) -> set[int]:
    """Cell indices reachable from the box through touching connectors that match.

    The edge rule keeps every placed tile on the network, so in a legal house this is every
    filled cell; the UI still asks, to draw the current flowing through the wires.
    """
    start = GEO.box_cell
    seen = {start}
    todo = [start]
    faces = GEO.faces
    while todo:
        c = todo.pop()
        mine = faces[cells[c]]
        for d, nb in enumerate(GEO.neighbours[c]):
            if nb < 0 or nb in seen or cells[nb] < 0:
                continue
            e, f = mine[d], faces[cells[nb]][(d + 2) % 4]
            if e != WALL and f != WALL and edges_meet(e, f):
                seen.add(nb)
                todo.append(nb)
    return seen
