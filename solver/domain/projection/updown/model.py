"""The variables of an Up&Down projection: one literal per side of each game left, every player's final
points as an affine expression over them, and the products (AND literals) that head-to-head,
mini-tables and Sonneborn-Berger need. Everything is an integer: points are whole.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solver.domain.projection.problem import PlayerId
from solver.domain.projection.updown.problem import RemainingGame, UpDownProjectionProblem

# a literal of the model, or the constant 0 / 1
Lit = Any


@dataclass(frozen=True)
class Affine:
    """``const + sum(coef * literal)``: an integer expression over literals, kept open so that a product
    with one more literal stays linear (:meth:`UpDownModel.times`)."""

    const: int = 0
    terms: tuple[tuple[int, Lit], ...] = ()

    def __add__(self, other: Affine) -> Affine:
        return Affine(self.const + other.const, self.terms + other.terms)

    def __sub__(self, other: Affine) -> Affine:
        return total((self, other.scaled(-1)))

    def scaled(self, k: int) -> Affine:
        return Affine(self.const * k, tuple((c * k, lit) for c, lit in self.terms if c * k))

    @property
    def fixed(self) -> bool:
        return not self.terms

    @property
    def low(self) -> int:
        return self.const + sum(c for c, _ in self.terms if c < 0)

    @property
    def high(self) -> int:
        return self.const + sum(c for c, _ in self.terms if c > 0)

    def expr(self) -> Any:
        return self.const + sum(c * lit for c, lit in self.terms)


def total(parts: Iterable[Affine]) -> Affine:
    """The sum, equal literals merged (so a difference of two sums cancels what they share)."""
    const = 0
    coef: dict[int, int] = {}
    lits: dict[int, Lit] = {}
    for a in parts:
        const += a.const
        for c, lit in a.terms:
            coef[lit.index] = coef.get(lit.index, 0) + c
            lits[lit.index] = lit
    return Affine(const, tuple((c, lits[i]) for i, c in coef.items() if c))


@dataclass
class GameVars:
    index: int
    game: RemainingGame
    white_won: Lit
    black_won: Lit

    def won(self, player: PlayerId) -> Lit:
        return self.white_won if player == self.game.white else self.black_won

    def opponent(self, player: PlayerId) -> PlayerId:
        return self.game.black if player == self.game.white else self.game.white


@dataclass
class UpDownModel:
    """The games left as CP-SAT literals and the figures built on them. :meth:`fork` copies it so a
    question can add constraints without touching the original."""

    problem: UpDownProjectionProblem
    cp: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    games: list[GameVars] = field(default_factory=list)
    own: dict[PlayerId, list[GameVars]] = field(default_factory=dict)
    points: dict[PlayerId, Affine] = field(default_factory=dict)
    #: player -> opponent -> the points he scored against him so far
    scored: dict[PlayerId, dict[PlayerId, int]] = field(default_factory=dict)
    sb_base: dict[PlayerId, int] = field(default_factory=dict)  # a player's final result in SB minus his points
    products: dict[tuple[int, int], Lit] = field(default_factory=dict)

    def fork(self) -> UpDownModel:
        out = copy.copy(self)
        out.cp = self.cp.clone()
        out.products = dict(self.products)
        return out

    def both(self, a: Lit, b: Lit) -> Lit:
        """The literal ``a and b`` (made once per pair)."""
        if isinstance(a, int) or isinstance(b, int):
            return b if a == 1 else a if b == 1 else 0
        if a.index == b.index:
            return a
        key = (min(a.index, b.index), max(a.index, b.index))
        if key not in self.products:
            self.products[key] = all_of(self.cp, (a, b))
        return self.products[key]

    def times(self, lit: Lit, value: Affine, exclusive: Sequence[tuple[Lit, Lit]] = ()) -> Affine:
        """``lit * value`` as an affine expression; ``exclusive``: pairs of literals never both true."""
        if isinstance(lit, int):
            return value.scaled(lit)
        never = {frozenset((a.index, b.index)) for a, b in exclusive}
        terms = [(value.const, lit)] if value.const else []
        for c, t in value.terms:
            if isinstance(t, int):
                terms.append((c * t, lit))
            elif frozenset((lit.index, t.index)) not in never:
                terms.append((c, self.both(lit, t)))
        return Affine(0, tuple((c, t) for c, t in terms if c and not (isinstance(t, int) and t == 0)))


def all_of(cp: cp_model.CpModel, items: Iterable[Lit]) -> Lit:
    """A literal true exactly when every item is (constants folded)."""
    lits = []
    for x in items:
        if isinstance(x, int):
            if not x:
                return 0
            continue
        lits.append(x)
    if not lits:
        return 1
    if len(lits) == 1:
        return lits[0]
    b = cp.new_bool_var("")
    for x in lits:
        cp.add_implication(b, x)
    cp.add_bool_or([b, *(x.negated() for x in lits)])
    return b


def any_of(cp: cp_model.CpModel, items: Iterable[Lit]) -> Lit:
    """A literal true exactly when some item is (constants folded)."""
    lits = []
    for x in items:
        if isinstance(x, int):
            if x:
                return 1
            continue
        lits.append(x)
    if not lits:
        return 0
    if len(lits) == 1:
        return lits[0]
    b = cp.new_bool_var("")
    for x in lits:
        cp.add_implication(x, b)
    cp.add_bool_or(lits).only_enforce_if(b)
    return b


def negation(x: Lit) -> Lit:
    return 1 - x if isinstance(x, int) else x.negated()


def sign(cp: cp_model.CpModel, value: Affine) -> tuple[Lit, Lit, Lit]:
    """``(positive, zero, negative)`` literals of ``value`` (constants when it is fixed)."""
    if value.low >= 1:
        return 1, 0, 0
    if value.high <= -1:
        return 0, 0, 1
    if value.fixed or value.low == value.high == 0:
        return 0, 1, 0
    expr = value.expr()
    pos, zero, neg = (cp.new_bool_var("") for _ in range(3))
    cp.add_exactly_one(pos, zero, neg)
    cp.add(expr >= 1).only_enforce_if(pos)
    cp.add(expr == 0).only_enforce_if(zero)
    cp.add(expr <= -1).only_enforce_if(neg)
    return pos, zero, neg
