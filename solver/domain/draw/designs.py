"""Known repeat-free designs that the algebraic layouts of ``construction.py`` cannot give.

Each design here is a list of rounds (parallel classes) of tables of player indices in which no two
players share a table twice; ``tests/domain/test_draw_design_catalogue.py`` checks every one of them
with its own counting (pairs meet at most once, each round a partition into tables of k), sharing
no code with this module.

1. The social golfer instance 8-4-10 (``BASE_TABLES_32_4``, below).
2. *Developed designs* (``DEVELOPED_DESIGNS``): resolvable designs with a cyclic automorphism, the
   classical "difference" method (R. C. Bose, "On the construction of balanced incomplete block
   designs", Ann. Eugenics 9, 1939; for resolvable ones, D. K. Ray-Chaudhuri and R. M. Wilson,
   "Solution of Kirkman's schoolgirl problem", Proc. Symp. Pure Math. 19, 1971, and the
   1-rotational constructions in the Handbook of Combinatorial Designs, 2nd ed., VI.6 and II.7).
   N = orbits * m + fixed players: player ``i * m + a`` is the point (i, a) of orbit i (a in Z_m),
   players ``orbits * m + j`` are fixed points (the "infinite" points). A *base round* is a
   partition into tables of k; translating every orbit point by x (``(i, a) -> (i, a + x)``, fixed
   points stay) gives round x, so each base round gives m rounds. The rounds repeat no pair exactly
   when every pair orbit (mixed difference (i, j, b - a), pure difference (i, +-d) with d != m/2,
   (orbit, fixed point)) is used at most once by the base rounds' tables, and no table holds two
   fixed points. The base rounds were found once by CP-SAT (one worker, seed 0, OR-Tools 9.15) and
   are re-derived by ``python -m bench.solver.find_designs --players N --table-size k --modulus m
   --orbits o --fixed f --classes c`` with the parameters stored next to them. Stored:
   - Kirkman triple systems KTS(15) (7 rounds) and KTS(21) (10 rounds: m = 5, two base rounds);
     KTS(v), v = 3 (mod 6), exists for every such v (Ray-Chaudhuri and Wilson 1971);
   - nearly Kirkman triple systems NKTS(18), NKTS(24), NKTS(30), NKTS(36) ((v - 2) / 2 rounds:
     resolvable 3-GDDs of type 2^(v/2), every player misses exactly one other); they exist for
     every v = 0 (mod 6), v >= 18 (A. E. Brouwer, "Two new nearly Kirkman triple systems",
     Utilitas Math. 13, 1978; R. Rees and D. R. Stinson, "On resolvable group-divisible designs
     with block size 3", Ars Combin. 23, 1987);
   - 13 rounds of triples for 33, 42 and 54 players (the most the benchmark sweeps; KTS(33) and
     NKTS(42), NKTS(54) have more);
   - resolvable (v, 4, 1) designs for v = 28 and 40 (every pair meets exactly once; they exist for
     every v = 4 (mod 12): H. Hanani, D. K. Ray-Chaudhuri and R. M. Wilson, "On resolvable
     designs", Discrete Math. 3, 1972), a resolvable 4-GDD of type 3^8 (24 players, 7 rounds: the
     counting bound, every player misses two), and 13 rounds of tables of 4 for 48 and 56 players.
   The search space is cut by invariance under a multiplier where the stored parameters say so
   (``multiplier``: (i, a) -> (i, w a)); the (40, 4, 1) design needs it to be found in seconds.
3. A resolvable transversal design TD(5, 12) from a difference matrix over Z_2 x Z_6
   (``DIFFERENCE_MATRIX_Z2_Z6``): 60 players, 12 rounds of 12 tables of 5, i.e. four mutually
   orthogonal Latin squares of order 12, which exist (Johnson, Dulmage and Mendelsohn, "Orthomorphisms
   of groups and orthogonal Latin squares", Canad. J. Math. 13, 1961). 12 is not a prime power, so
   the GF(q) layouts cannot give it, and no cyclic group of order 12 has such a matrix. Its first
   3 or 4 rows give TD(3, 12) and TD(4, 12): 36 players in threes and 48 in fours, 12 rounds.

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

from dataclasses import dataclass

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


# ---------------------------------------------------------------------------------------------
# Developed designs: base rounds translated by Z_m (module docstring, 2.)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DevelopedDesign:
    """Base rounds developed by Z_m: ``players = orbits * modulus + fixed``; see the module docstring."""

    name: str
    players: int
    table_size: int
    modulus: int
    orbits: int
    base_rounds: tuple[tuple[tuple[int, ...], ...], ...]
    multiplier: int = 1  # the search also asked for invariance under (i, a) -> (i, w a)
    invariant_tables: int = 0

    @property
    def fixed(self) -> int:
        return self.players - self.orbits * self.modulus

    @property
    def finder_arguments(self) -> str:
        """The ``bench.solver.find_designs`` arguments that re-derive ``base_rounds``."""
        return (
            f"--players {self.players} --table-size {self.table_size} --modulus {self.modulus} "
            f"--orbits {self.orbits} --fixed {self.fixed} --classes {len(self.base_rounds)}"
            + (f" --multiplier {self.multiplier} --invariant-tables {self.invariant_tables}" if self.multiplier != 1 else "")
        )

    def rounds(self) -> list[list[list[int]]]:
        """Every base round translated by x = 0 .. m-1 (base round after base round)."""
        m, finite = self.modulus, self.orbits * self.modulus

        def moved(p: int, x: int) -> int:
            return p if p >= finite else p - p % m + (p % m + x) % m

        return [[sorted(moved(p, x) for p in table) for table in base] for base in self.base_rounds for x in range(m)]


DEVELOPED_DESIGNS: tuple[DevelopedDesign, ...] = (
    DevelopedDesign(
        "Kirkman triple system KTS(15)", 15, 3, 7, 2, (((0, 1, 3), (2, 10, 13), (4, 9, 11), (5, 7, 8), (6, 12, 14)),)
    ),
    DevelopedDesign(
        "nearly Kirkman triple system NKTS(18)",
        18,
        3,
        4,
        4,
        (
            ((0, 4, 15), (1, 6, 14), (2, 5, 8), (3, 10, 16), (7, 9, 17), (11, 12, 13)),
            ((0, 1, 9), (2, 4, 14), (3, 13, 17), (5, 6, 10), (7, 12, 16), (8, 11, 15)),
        ),
    ),
    DevelopedDesign(
        "Kirkman triple system KTS(21)",
        21,
        3,
        5,
        4,
        (
            ((0, 14, 19), (1, 5, 7), (2, 12, 20), (3, 8, 16), (4, 6, 15), (9, 11, 13), (10, 17, 18)),
            ((0, 8, 11), (1, 4, 16), (2, 3, 10), (5, 6, 17), (7, 12, 13), (9, 19, 20), (14, 15, 18)),
        ),
    ),
    DevelopedDesign(
        "nearly Kirkman triple system NKTS(24)",
        24,
        3,
        11,
        2,
        (((0, 1, 5), (2, 16, 21), (3, 6, 18), (4, 13, 23), (7, 9, 20), (8, 14, 22), (10, 15, 17), (11, 12, 19)),),
    ),
    DevelopedDesign(
        "nearly Kirkman triple system NKTS(30)",
        30,
        3,
        14,
        2,
        (
            (
                (0, 1, 5),
                (2, 13, 18),
                (3, 11, 26),
                (4, 17, 25),
                (6, 20, 23),
                (7, 9, 27),
                (8, 16, 29),
                (10, 21, 28),
                (12, 22, 24),
                (14, 15, 19),
            ),
        ),
    ),
    DevelopedDesign(
        "13 rounds of a resolvable packing of tables of 3 on 33 players",
        33,
        3,
        13,
        2,
        (
            (
                (0, 22, 26),
                (1, 20, 27),
                (2, 17, 31),
                (3, 6, 10),
                (4, 18, 28),
                (5, 15, 21),
                (7, 24, 29),
                (8, 19, 30),
                (9, 11, 16),
                (12, 25, 32),
                (13, 14, 23),
            ),
        ),
    ),
    DevelopedDesign(
        "nearly Kirkman triple system NKTS(36)",
        36,
        3,
        17,
        2,
        (
            (
                (0, 1, 29),
                (2, 13, 32),
                (3, 28, 34),
                (4, 27, 35),
                (5, 10, 26),
                (6, 8, 23),
                (7, 15, 33),
                (9, 12, 16),
                (11, 25, 31),
                (14, 19, 24),
                (17, 18, 21),
                (20, 22, 30),
            ),
        ),
    ),
    DevelopedDesign(
        "13 rounds of a resolvable packing of tables of 3 on 42 players",
        42,
        3,
        13,
        3,
        (
            (
                (0, 24, 33),
                (1, 7, 15),
                (2, 12, 21),
                (3, 4, 8),
                (5, 18, 35),
                (6, 27, 40),
                (9, 11, 36),
                (10, 17, 29),
                (13, 20, 34),
                (14, 22, 23),
                (16, 26, 39),
                (19, 38, 41),
                (25, 28, 30),
                (31, 32, 37),
            ),
        ),
    ),
    DevelopedDesign(
        "13 rounds of a resolvable packing of tables of 3 on 54 players",
        54,
        3,
        13,
        4,
        (
            (
                (0, 26, 52),
                (1, 24, 46),
                (2, 31, 49),
                (3, 23, 38),
                (4, 19, 28),
                (5, 22, 47),
                (6, 33, 43),
                (7, 32, 48),
                (8, 17, 44),
                (9, 20, 37),
                (10, 16, 27),
                (11, 34, 42),
                (12, 15, 45),
                (13, 39, 53),
                (14, 30, 50),
                (18, 36, 51),
                (21, 29, 40),
                (25, 35, 41),
            ),
        ),
        multiplier=12,
        invariant_tables=2,
    ),
    DevelopedDesign(
        "resolvable 4-GDD of type 3^8",
        24,
        4,
        7,
        3,
        (((0, 1, 5, 14), (2, 7, 19, 22), (3, 12, 18, 21), (4, 8, 10, 11), (6, 9, 17, 23), (13, 15, 16, 20)),),
    ),
    DevelopedDesign(
        "resolvable (28, 4, 1) design",
        28,
        4,
        9,
        3,
        (((0, 1, 3, 21), (2, 15, 17, 26), (4, 8, 11, 18), (5, 10, 13, 14), (6, 16, 19, 27), (7, 9, 23, 24), (12, 20, 22, 25)),),
    ),
    DevelopedDesign(
        "resolvable (40, 4, 1) design",
        40,
        4,
        13,
        3,
        (
            (
                (0, 13, 26, 39),
                (1, 7, 16, 18),
                (2, 12, 32, 34),
                (3, 8, 15, 22),
                (4, 5, 28, 33),
                (6, 10, 31, 37),
                (9, 11, 14, 19),
                (17, 20, 29, 38),
                (21, 25, 35, 36),
                (23, 24, 27, 30),
            ),
        ),
        multiplier=3,
        invariant_tables=1,
    ),
    DevelopedDesign(
        "13 rounds of a resolvable packing of tables of 4 on 48 players",
        48,
        4,
        13,
        3,
        (
            (
                (0, 13, 29, 46),
                (1, 5, 7, 26),
                (2, 24, 28, 43),
                (3, 23, 30, 44),
                (4, 16, 19, 21),
                (6, 25, 37, 39),
                (8, 22, 36, 41),
                (9, 20, 31, 42),
                (10, 18, 27, 45),
                (11, 14, 35, 40),
                (12, 17, 32, 47),
                (15, 33, 34, 38),
            ),
        ),
    ),
    DevelopedDesign(
        "13 rounds of a resolvable packing of tables of 4 on 56 players",
        56,
        4,
        13,
        4,
        (
            (
                (0, 15, 23, 38),
                (1, 40, 48, 49),
                (2, 14, 51, 55),
                (3, 11, 24, 41),
                (4, 6, 10, 30),
                (5, 19, 28, 53),
                (7, 8, 25, 39),
                (9, 27, 37, 46),
                (12, 21, 26, 52),
                (13, 17, 20, 45),
                (16, 33, 35, 50),
                (18, 29, 47, 54),
                (22, 34, 42, 44),
                (31, 32, 36, 43),
            ),
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# A resolvable transversal design TD(5, 12) from a difference matrix over Z_2 x Z_6 (module
# docstring, 3.). Element code 6a + b is (a, b). Row 0 is the identity, column 0 zero; every row
# and every difference of two rows is a permutation of the group, so with an implicit zero row it
# is a (12, 6, 1) difference matrix. Re-derive: ``python -m bench.solver.find_designs
# --difference-matrix 6 --rows 5`` (CP-SAT, one worker, seed 0).
# ---------------------------------------------------------------------------------------------

DIFFERENCE_MATRIX_Z2_Z6: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
    (0, 9, 8, 4, 2, 6, 5, 10, 7, 11, 1, 3),
    (0, 7, 11, 8, 3, 2, 1, 5, 4, 10, 6, 9),
    (0, 11, 5, 10, 7, 1, 2, 8, 6, 3, 9, 4),
    (0, 10, 6, 1, 11, 4, 7, 9, 2, 5, 3, 8),
)


def z2_z6_add(u: int, v: int) -> int:
    """(a, b) + (c, d) in Z_2 x Z_6, elements coded 6a + b."""
    return 6 * ((u // 6 + v // 6) % 2) + (u % 6 + v % 6) % 6


def transversal_design_rounds(matrix: tuple[tuple[int, ...], ...], add) -> list[list[list[int]]]:
    """The resolvable transversal design of a difference matrix with k rows over a group of order n
    (plus the implicit zero row): player ``i * n + g`` is (row i, g); round x has the tables
    {(i, D[i][c] + x) : i < k}, one per column c. Two players (i, g), (j, h) meet in the round x and
    column c with D[i][c] - D[j][c] = g - h (one column: the row difference is a permutation) and
    x = g - D[i][c]: at most once. n rounds of n tables of k."""
    k, n = len(matrix), len(matrix[0])
    return [[sorted(i * n + add(matrix[i][c], x) for i in range(k)) for c in range(n)] for x in range(n)]


def stored_design(n_players: int, k: int) -> tuple[str, list[list[list[int]]]] | None:
    """The longest stored design for (n_players, k): (its name, all its rounds), or None."""
    best: tuple[str, list[list[list[int]]]] | None = None
    if (n_players, k) == (32, 4):
        best = ("social golfer 8-4-10 design", [_develop(base) for base in BASE_TABLES_32_4])
    if n_players == 12 * k and 3 <= k <= len(DIFFERENCE_MATRIX_Z2_Z6):
        # any k rows of the matrix (with the implicit zero row) are a (12, k + 1, 1) difference matrix
        rounds = transversal_design_rounds(DIFFERENCE_MATRIX_Z2_Z6[:k], z2_z6_add)
        best = (f"resolvable TD({k}, 12) from a difference matrix over Z_2 x Z_6", rounds)
    for design in DEVELOPED_DESIGNS:
        if (design.players, design.table_size) == (n_players, k):
            rounds = design.rounds()
            if best is None or len(rounds) > len(best[1]):
                best = (design.name, rounds)
    return best
