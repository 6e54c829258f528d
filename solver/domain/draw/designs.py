"""Known repeat-free designs that the algebraic layouts of ``construction.py`` cannot give.

The social golfer instance 8-4-10: 32 players, 10 rounds of 8 tables of 4, no two players at a
table twice. Each player then meets 30 of the 31 others; the 16 pairs that never meet form a perfect
matching (here ``{p, p ^ 1}``), i.e. the design is a resolvable 4-GDD of type 2^16. Such a design
exists (A. Aguado, "A 10 days solution to the social golfer problem", 2004); the algebraic layouts
give only 8 rounds, and local search stalls at about 16 repeated pairs.

How this one was obtained (re-derivable in seconds):

* Players are ``p = 8 * layer + v`` with ``layer`` in 0..3 and ``v`` in GF(2)^3 (the 3 low bits).
* The group H = GF(2)^3 acts by ``p -> p ^ h`` (h = 0..7, translating inside every layer), and
  every round is required to be H-invariant. Then a round is one of a few shapes, each given by
  one or a few *base tables* whose 8 translates ``{q ^ h for q in table}`` (distinct ones only)
  are its tables:
  - transversal: one point per layer, trivial stabilizer -> 8 tables;
  - paired layers: ``{x, x ^ t, y, y ^ t}`` on two layers (stabilizer {0, t}) -> 4 tables,
    twice (the other two layers);
  - cosets: a layer split into the cosets of a 4-element subgroup -> 2 tables per layer.
  (possibly mixed: one paired-layer orbit + two coset layers).
* The ~13,500 H-invariant rounds were enumerated and CP-SAT chose 10 of them with pairwise
  disjoint meeting pairs (an exact packing; about 4 s with 2 workers). Since every candidate is a
  union of H-orbits of pairs, the packing constraint is one "at most one" per pair.

``BASE_TABLES_32_4`` holds the result: for each of the 10 rounds its base tables; the round is
their H-orbit. ``known_design`` expands and returns it (a prefix of the rounds for fewer rounds —
any subset of a repeat-free draw is repeat-free).
"""

from __future__ import annotations

# Rounds of the 8-4-10 design: base tables (0-based player indices), developed by p -> p ^ h, h < 8.
BASE_TABLES_32_4: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((0, 13, 22, 26),),  # transversal rounds: one player of each layer
    ((0, 12, 19, 30),),
    ((0, 8, 21, 29),),
    ((0, 10, 16, 27),),
    ((0, 15, 17, 31),),
    ((0, 14, 23, 24),),
    ((0, 2, 9, 11), (16, 19, 25, 26)),  # paired layers: {x, x^t, y, y^t}
    ((0, 5, 25, 28), (8, 12, 16, 20)),
    ((0, 6, 18, 20), (8, 15, 27, 28)),
    ((0, 3, 4, 7), (8, 11, 13, 14), (16, 18, 21, 23), (24, 26, 28, 30)),  # cosets in each layer
)

_TRANSLATIONS = 8  # |H|, H = GF(2)^3 acting on the 3 low bits


def _develop(base_tables: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """The H-orbit of the base tables: the distinct translates, each sorted, in a fixed order."""
    tables: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    for base in base_tables:
        for h in range(_TRANSLATIONS):
            table = tuple(sorted(p ^ h for p in base))
            if table not in seen:
                seen.add(table)
                tables.append(list(table))
    return tables


def known_design(n_players: int, k: int, rounds: int) -> list[list[list[int]]] | None:
    """Rounds of tables of player indices 0..n-1 with no repeated meeting, from a stored design, or
    None when none is stored for (n_players, k) or it has fewer than ``rounds`` rounds.
    Stored: 32 players, tables of 4, up to 10 rounds (the social golfer 8-4-10)."""
    if (n_players, k) == (32, 4) and 1 <= rounds <= len(BASE_TABLES_32_4):
        return [_develop(base) for base in BASE_TABLES_32_4[:rounds]]
    return None
