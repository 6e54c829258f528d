"""Algebraic draws with no repeated meeting at all, instantly, for large rosters (docs/rules.md,
``mahjong.draw.all-rounds-at-once``: random, minimizing repeated meetings; here the minimum, zero,
is reached by construction).

Players are laid out as k rows x t columns (t = N / k tables). In round r the player in row c,
column x sits at table ``x - a_c * b_r`` computed in a ring G of size t. Two players (c, x), (c', x')
share a table in round r iff ``x - x' = (a_c - a_c') * b_r``; if they did so in rounds r and s too,
``(a_c - a_c') * (b_r - b_s) = 0``. So the draw is repeat-free when that product never vanishes:

* G = Z_t with a_c = c, b_r = r: when no a * b with 1 <= a <= k-1, 1 <= b <= R-1 is divisible by t
  (e.g. every t > (k-1)(R-1));
* G = GF(t), the finite field, when t is a prime power >= max(k, R): distinct a_c, distinct b_r.

Players of one row never meet, so when t == k one more round "tables = rows" is repeat-free too:
k + 1 rounds, e.g. 16 players x 5 rounds is the affine plane AG(2, 4).

Pairings (k = 2) use the classical circle method instead: N - 1 repeat-free rounds.

When these give fewer rounds than asked, the design catalogue (``design_rounds``) is tried:
the lines of the affine space AG(d, q) for N = q^d players at tables of q (d >= 3; e.g. 27 players,
13 rounds of 3 from AG(3, 3), a Kirkman triple system; 64 players, 21 rounds of 4 from AG(3, 4)),
and the stored designs of ``designs.py`` (Kirkman and nearly Kirkman triple systems, resolvable
(v, 4, 1) designs, a transversal design from four MOLS of order 12, ...).

Over-full seasons (R(k-1) > N-1: repeats cannot be avoided): ``repeated_classes_draw`` takes the
longest repeat-free design and repeats whole rounds of it, never two copies in consecutive rounds.
When the design is complete (every pair meets exactly once, e.g. 25 players from AG(2, 5), 28 from
the resolvable (28, 4, 1) design) and at most as many rounds are repeated as it has, this meets
the counting bound: each extra round costs t C(k, 2) pairs meeting twice, k - 1 repeats a player,
none consecutive (25 x 10, k = 5: (0, 2, 200, 0, 16); 28 x 10, k = 4: (0, 2, 42, 0, 3)).

A seeded random permutation of the players (and of tables, seats and round order) makes the draw
random yet reproducible: the same seed gives the same draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import gcd

from solver.domain.draw.designs import known_design, stored_design
from solver.domain.draw.problem import Draw, PlayerId

MAX_FIELD_ORDER = 1024
MAX_CATALOGUE_ROUNDS = 128  # the catalogue's layouts stop here (rounds x players stay small)
MAX_AFFINE_POINTS = 1024  # AG(d, q) up to this many points (AG(3, 9): 729 points, 91 rounds)


# ---------------------------------------------------------------------------------------------
# Minimal GF(p^n) arithmetic: elements are the integers 0..q-1, read as polynomials over GF(p)
# (base-p digits, lowest degree first), multiplied modulo a monic irreducible polynomial.
# ---------------------------------------------------------------------------------------------


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, n) with q = p^n for a prime p, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    n, rest = 0, q
    while rest % p == 0:
        rest //= p
        n += 1
    return (p, n) if rest == 1 else None


def _poly_mod(a: list[int], m: list[int], p: int) -> list[int]:
    """a mod m over GF(p); m monic; coefficient lists lowest degree first."""
    a = a[:]
    while len(a) >= len(m):
        lead = a[-1]
        if lead:
            shift = len(a) - len(m)
            for i, c in enumerate(m):
                a[shift + i] = (a[shift + i] - lead * c) % p
        a.pop()
    return a


def _is_irreducible(m: list[int], p: int) -> bool:
    """No monic factor of degree 1..deg/2 (brute force; fine for q <= 1024)."""
    degree = len(m) - 1
    for d in range(1, degree // 2 + 1):
        for low in product(range(p), repeat=d):
            if not any(_poly_mod(m, list(low) + [1], p)):
                return False
    return True


def irreducible_polynomial(p: int, n: int) -> list[int]:
    """The first monic irreducible polynomial of degree n over GF(p), in lexicographic search order."""
    for low in product(range(p), repeat=n):
        candidate = list(low) + [1]
        if n == 1 or (candidate[0] != 0 and _is_irreducible(candidate, p)):
            return candidate
    raise ValueError(f"no irreducible polynomial of degree {n} over GF({p})")  # cannot happen


@dataclass(frozen=True)
class GaloisField:
    """GF(p^n) on the integers 0..q-1."""

    p: int
    n: int
    modulus: tuple[int, ...]

    @classmethod
    def of_order(cls, q: int) -> GaloisField:
        pn = prime_power(q)
        if pn is None or q > MAX_FIELD_ORDER:
            raise ValueError(f"GF({q}) not supported: need a prime power <= {MAX_FIELD_ORDER}")
        p, n = pn
        return cls(p, n, tuple(irreducible_polynomial(p, n)))

    @property
    def order(self) -> int:
        return self.p**self.n

    def _digits(self, x: int) -> list[int]:
        digits = []
        for _ in range(self.n):
            x, d = divmod(x, self.p)
            digits.append(d)
        return digits

    def _number(self, digits: list[int]) -> int:
        x = 0
        for d in reversed(digits):
            x = x * self.p + d
        return x

    def add(self, x: int, y: int) -> int:
        return self._number([(a + b) % self.p for a, b in zip(self._digits(x), self._digits(y))])

    def sub(self, x: int, y: int) -> int:
        return self._number([(a - b) % self.p for a, b in zip(self._digits(x), self._digits(y))])

    def mul(self, x: int, y: int) -> int:
        a, b = self._digits(x), self._digits(y)
        prod = [0] * (2 * self.n - 1)
        for i, ai in enumerate(a):
            if ai:
                for j, bj in enumerate(b):
                    prod[i + j] = (prod[i + j] + ai * bj) % self.p
        reduced = _poly_mod(prod, list(self.modulus), self.p)
        return self._number(reduced + [0] * (self.n - len(reduced)))


# ---------------------------------------------------------------------------------------------
# The construction
# ---------------------------------------------------------------------------------------------


def cyclic_is_repeat_free(t: int, k: int, rounds: int) -> bool:
    """Z_t with a_c = c, b_r = r: no product a*b (1 <= a <= k-1, 1 <= b <= R-1) divisible by t."""
    return t >= k and all((a * b) % t for a in range(1, k) for b in range(1, rounds))


@dataclass(frozen=True)
class Layout:
    """How a repeat-free draw is built: the ring, and whether the last round is "tables = rows"."""

    ring: str  # "Z_t" or "GF(t)"
    algebraic_rounds: int
    rows_round: bool


def repeat_free_layout(n_players: int, k: int, rounds: int) -> Layout | None:
    """The construction that gives ``rounds`` repeat-free rounds for N players, or None."""
    if k < 2 or n_players % k or rounds < 1:
        return None
    t = n_players // k
    if t < k:
        return None
    for algebraic, rows in ((rounds, False), (rounds - 1, True)):
        if rows and (t != k or algebraic < 1):
            continue
        if cyclic_is_repeat_free(t, k, algebraic):
            return Layout("Z_t", algebraic, rows)
        if prime_power(t) is not None and t <= MAX_FIELD_ORDER and algebraic <= t:
            return Layout("GF(t)", algebraic, rows)
    return None


def _table_index(layout: Layout, t: int, k: int) -> list[list[list[int]]]:
    """index[r][c][x] = table of (row c, column x) in round r, before any shuffling."""
    if layout.ring == "Z_t":
        index = [[[(x - c * r) % t for x in range(t)] for c in range(k)] for r in range(layout.algebraic_rounds)]
    else:
        field = GaloisField.of_order(t)
        index = []
        for r in range(layout.algebraic_rounds):
            round_index = []
            for c in range(k):
                shift = field.mul(c, r)
                round_index.append([field.sub(x, shift) for x in range(t)])
            index.append(round_index)
    if layout.rows_round:
        index.append([[c] * t for c in range(k)])
    return index


def circle_method_pairs(n: int, rounds: int) -> list[list[list[int]]]:
    """Pairings (k = 2) by the circle method: a round robin, N - 1 repeat-free rounds for even N.
    Position n-1 stays, the others rotate; round r pairs r+i with r-i (mod N-1)."""
    m = n - 1
    draw = []
    for r in range(rounds):
        tables = [[n - 1, r % m]]
        tables += [[(r + i) % m, (r - i) % m] for i in range(1, n // 2)]
        draw.append(tables)
    return draw


def repeat_free_draw(players: Sequence[PlayerId], k: int, rounds: int, seed: int) -> Draw | None:
    """A draw of ``rounds`` rounds in which no two players meet twice, or None when no construction
    here applies (then the local search takes over). Same players + seed -> same draw.
    Pairings (k = 2) use the circle method (any R <= N - 1), then a stored design (designs.py, e.g.
    32 players x 10 rounds of 4) when one applies, other sizes the layouts above."""
    n = len(players)
    rng = random.Random(seed)
    order = list(players)
    if k == 2 and n % 2 == 0 and 1 <= rounds <= n - 1:
        rng.shuffle(order)
        by_index = circle_method_pairs(n, rounds)
        return _shuffled([[[order[i] for i in table] for table in round_] for round_ in by_index], rng)
    design = known_design(n, k, rounds)  # stored designs (designs.py) come before the layouts
    if design is not None:
        rng.shuffle(order)
        return _shuffled([[[order[i] for i in table] for table in round_] for round_ in design], rng)
    layout = repeat_free_layout(n, k, rounds)
    if layout is None:
        catalogued = design_rounds(n, k)
        if catalogued is None or len(catalogued[1]) < rounds:
            return None
        rng.shuffle(order)
        chosen = catalogued[1][:rounds]
        return _shuffled([[[order[i] for i in table] for table in round_] for round_ in chosen], rng)
    t = n // k
    rng.shuffle(order)
    index = _table_index(layout, t, k)
    rounds_tables = []
    for r in range(rounds):
        tables: list[list[PlayerId]] = [[] for _ in range(t)]
        for c in range(k):
            row = index[r][c]
            for x in range(t):
                tables[row[x]].append(order[c * t + x])
        rounds_tables.append(tables)
    return _shuffled(rounds_tables, rng)


def _shuffled(rounds_tables: list[list[list[PlayerId]]], rng: random.Random) -> Draw:
    """Shuffle seats, tables and round order (all keep the draw repeat-free)."""
    draw = []
    for tables in rounds_tables:
        for table in tables:
            rng.shuffle(table)
        rng.shuffle(tables)
        draw.append(tuple(tuple(table) for table in tables))
    rng.shuffle(draw)
    return tuple(draw)


def longest_repeat_free_draw(players: Sequence[PlayerId], k: int, rounds: int, seed: int) -> Draw:
    """The most rounds (at most ``rounds``) a construction here gives repeat-free; () when none.
    A good start for the local search when all rounds cannot be built (e.g. 32 players x 10 rounds:
    8 rounds from GF(8), the rest searched)."""
    for count in range(rounds, 0, -1):
        built = repeat_free_draw(players, k, count, seed)
        if built is not None:
            return built
    return ()


# ---------------------------------------------------------------------------------------------
# The design catalogue: affine spaces and the stored designs
# ---------------------------------------------------------------------------------------------


def affine_space_rounds(q: int, dimension: int) -> list[list[list[int]]]:
    """The lines of the affine space AG(d, q), grouped by direction: (q^d - 1) / (q - 1) rounds of
    q^(d-1) tables of q (R. C. Bose, "On the application of the properties of Galois fields to the
    problem of construction of hyper-Graeco-Latin squares", Sankhya 3, 1938). Point p is the vector
    of its base-q digits, each read as an element of GF(q); a direction is a nonzero vector whose
    first nonzero coordinate is 1; the lines of direction u are the sets {p + s u : s in GF(q)}, a
    partition of the points (a round), and two points lie on exactly one line, so no pair meets
    twice (every pair meets exactly once)."""
    field = GaloisField.of_order(q)
    size = q**dimension

    def vector(p: int) -> list[int]:
        return [(p // q**i) % q for i in range(dimension)]

    def number(v: list[int]) -> int:
        return sum(c * q**i for i, c in enumerate(v))

    directions = [u for u in map(vector, range(1, size)) if next(c for c in u if c) == 1]
    rounds = []
    for u in directions:
        seen: set[int] = set()
        tables = []
        for p in range(size):
            if p in seen:
                continue
            base = vector(p)
            line = sorted(number([field.add(b, field.mul(s, c)) for b, c in zip(base, u)]) for s in range(q))
            seen.update(line)
            tables.append(line)
        rounds.append(tables)
    return rounds


def prime_power_factors(t: int) -> list[int]:
    """t as a product of powers of distinct primes (12 -> [4, 3])."""
    factors, d = [], 2
    while t > 1:
        if t % d == 0:
            q = 1
            while t % d == 0:
                t //= d
                q *= d
            factors.append(q)
        d += 1
    return factors


def macneish_rounds(n_players: int, k: int) -> list[list[list[int]]] | None:
    """t = N / k rounds of t tables of k when every prime-power factor q of t has q > k (H. F.
    MacNeish, "Euler squares", Ann. of Math. 23, 1922): over the product G of the fields GF(q), row i
    (i = 1 .. k) is c -> a_i c with a_i = (i, i, ...) (distinct and nonzero in every field), and
    round x seats (row i, a_i c + x) at table c. Two rows differ by (a_i - a_j) c, a bijection of G,
    so two players meet in at most one round (a resolvable transversal design TD(k, t)). Only
    used when t is not a prime power (then the GF(t) layout already does this): e.g. 60 players
    at tables of 3, t = 20 = 4 x 5, 20 rounds where Z_20 gives 10."""
    if k < 2 or n_players % k:
        return None
    t = n_players // k
    factors = prime_power_factors(t)
    if len(factors) < 2 or min(factors) <= k:
        return None
    fields = [GaloisField.of_order(q) for q in factors]

    def digits(g: int) -> list[int]:
        out = []
        for q in factors:
            g, d = divmod(g, q)
            out.append(d)
        return out

    def number(ds: list[int]) -> int:
        g, scale = 0, 1
        for d, q in zip(ds, factors):
            g += d * scale
            scale *= q
        return g

    def row_value(i: int, c: int, x: int) -> int:
        return number([f.add(f.mul(i, d), e) for f, d, e in zip(fields, digits(c), digits(x))])

    return [[sorted(i * t + row_value(i + 1, c, x) for i in range(k)) for c in range(t)] for x in range(t)]


def affine_dimension(n_players: int, k: int) -> int | None:
    """d >= 2 with N = k^d when k is a prime power (AG(d, k) applies), else None."""
    if prime_power(k) is None or k > MAX_FIELD_ORDER:
        return None
    d, size = 1, k
    while size < n_players:
        size *= k
        d += 1
    return d if size == n_players and d >= 2 else None


@lru_cache(maxsize=128)
def design_rounds(n_players: int, k: int) -> tuple[str, tuple[tuple[tuple[int, ...], ...], ...]] | None:
    """The longest repeat-free design of the catalogue for N players at tables of k: (its name, its
    rounds of tables of player indices 0..N-1), or None. Deterministic (no seed: the caller relabels)."""
    candidates: list[tuple[str, list[list[list[int]]]]] = []
    if k == 2 and n_players % 2 == 0 and 2 <= n_players <= MAX_AFFINE_POINTS:
        candidates.append(("circle method", circle_method_pairs(n_players, n_players - 1)))
    dimension = affine_dimension(n_players, k)
    if dimension is not None and dimension >= 3 and n_players <= MAX_AFFINE_POINTS:
        candidates.append((f"affine space AG({dimension}, {k})", affine_space_rounds(k, dimension)))
    stored = stored_design(n_players, k)
    if stored is not None:
        candidates.append(stored)
    if n_players <= MAX_AFFINE_POINTS:
        product = macneish_rounds(n_players, k)
        if product is not None:
            candidates.append((f"resolvable TD({k}, {n_players // k}) over a product of fields (MacNeish)", product))
    layout_rounds = max_layout_rounds(n_players, k)
    layout = repeat_free_layout(n_players, k, layout_rounds) if layout_rounds else None
    if layout is not None:
        candidates.append((f"{layout.ring} layout", _layout_rounds(layout, n_players, k)))
    if not candidates:
        return None
    name, rounds = max(candidates, key=lambda c: len(c[1]))
    return name, tuple(tuple(tuple(table) for table in round_) for round_ in rounds)


def max_layout_rounds(n_players: int, k: int) -> int:
    """The most rounds the Z_t / GF(t) layouts give, at most ``MAX_CATALOGUE_ROUNDS`` (0: none).
    Z_t: round b >= 1 clashes with row a when t divides a * b, so R - 1 < min over a of t / gcd(a, t)."""
    if k < 2 or n_players % k or n_players // k < k:
        return 0
    t = n_players // k
    cyclic = min(t // gcd(a, t) for a in range(1, k))
    field = 0
    if prime_power(t) is not None and t <= MAX_FIELD_ORDER:
        field = t + 1 if t == k else t
    return min(max(cyclic, field), MAX_CATALOGUE_ROUNDS)


def _layout_rounds(layout: Layout, n_players: int, k: int) -> list[list[list[int]]]:
    t = n_players // k
    index = _table_index(layout, t, k)
    rounds = []
    for r in range(len(index)):
        tables: list[list[int]] = [[] for _ in range(t)]
        for c in range(k):
            for x in range(t):
                tables[index[r][c][x]].append(c * t + x)
        rounds.append(tables)
    return rounds


def complete_design(n_players: int, k: int, rounds: int) -> bool:
    """``rounds`` repeat-free rounds meet every pair exactly once: R (k - 1) = N - 1."""
    return rounds * (k - 1) == n_players - 1


def is_over_full(n_players: int, k: int, rounds: int) -> bool:
    """Each player would meet more others than there are: R (k - 1) > N - 1, repeats unavoidable."""
    return rounds * (k - 1) > n_players - 1


def repeated_classes_draw(players: Sequence[PlayerId], k: int, rounds: int, seed: int) -> tuple[Draw, str] | None:
    """An over-full draw: the longest repeat-free design (at least two rounds, fewer than ``rounds``)
    in a seeded random order, followed by its rounds again in the same order (cycling when more are
    needed), so no round is followed by its own copy; (the draw, how it was built) or None."""
    n = len(players)
    catalogued = design_rounds(n, k)
    if catalogued is None or not 2 <= len(catalogued[1]) < rounds:
        return None
    name, design = catalogued
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    classes = [[[order[i] for i in table] for table in round_] for round_ in design]
    rng.shuffle(classes)
    draw = []
    for r in range(rounds):
        tables = [list(table) for table in classes[r % len(classes)]]
        for table in tables:
            rng.shuffle(table)
        rng.shuffle(tables)
        draw.append(tuple(tuple(table) for table in tables))
    return tuple(draw), f"{name}, {len(design)} rounds + {rounds - len(design)} repeated"
