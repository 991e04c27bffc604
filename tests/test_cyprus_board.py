"""The Cyprus board checked against the rulebook (1.3, the Example of Play's
moves). The volume itself is not built yet (docs/cyprus.md)."""

import numpy as np

from britishway_env.volumes.boards import cyprus as B


def _neighbours(name):
    adj = B.adjacency_matrix()
    i = B.space_index(name)
    return {B.SPACE_NAMES[j] for j in np.flatnonzero(adj[i])}


def test_1_3_spaces_kinds_and_sabotage_values():
    kinds = {name: B.KIND_NAMES[kind] for name, kind, _ in B.SPACES}
    assert [n for n, k in kinds.items() if k == "Town"] == ["Paphos", "Limassol", "Nicosia", "Larnaca", "Famagusta",
                                                             "Karpas"]
    assert [n for n, k in kinds.items() if k == "Mountain"] == ["Troodos", "Kyrenia"]
    assert [n for n, k in kinds.items() if k == "British Base"] == ["Akrotiri", "Dhekelia"]
    value = dict(zip(B.SPACE_NAMES, B.SABOTAGE_VALUE))
    assert value["Nicosia"] == 2 and value["Akrotiri"] == value["Dhekelia"] == 2          # 1.3.2, 1.3.4, 6.1.2
    assert all(value[t] == 1 for t in ("Paphos", "Limassol", "Larnaca", "Famagusta", "Karpas"))
    assert value["Troodos"] == value["Kyrenia"] == 0                                      # 1.3.3


def test_1_3_5_famagustas_neighbours_are_exactly_the_examples_list():
    assert _neighbours("Famagusta") == {"Karpas", "Nicosia", "Larnaca", "Kyrenia", "Troodos", "Dhekelia"}


def test_8_0_example_of_play_edges_are_on_the_board_and_proven():
    proven = {frozenset((a, b)) for a, b, level, _ in B.EDGES if level == B.PROVEN}
    for a, b in (("Troodos", "Nicosia"), ("Troodos", "Paphos"), ("Troodos", "Limassol"), ("Troodos", "Larnaca"),
                 ("Akrotiri", "Limassol"), ("Dhekelia", "Famagusta")):
        assert frozenset((a, b)) in proven


def test_adjacency_is_symmetric_connected_and_each_edge_has_a_source():
    adj = B.adjacency_matrix()
    assert (adj == adj.T).all() and not adj.diagonal().any()
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in np.flatnonzero(adj[i]):
            if j not in seen:
                seen.add(int(j))
                todo.append(int(j))
    assert len(seen) == B.N_SPACES
    pairs = [frozenset((a, b)) for a, b, _, _ in B.EDGES]
    assert len(pairs) == len(set(pairs))
    assert all(level in (B.PROVEN, B.INFERRED) and source for _, _, level, source in B.EDGES)
