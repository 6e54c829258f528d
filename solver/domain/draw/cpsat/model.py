"""The CP-SAT model of a multi-round table draw: variables and the shared bookkeeping.

``DrawModel`` owns the CP-SAT model and the decision variables; every constraint or objective term
lives in its own module (CP-SAT Primer layout) as a function ``add(model)`` that reads the problem
and adds to ``model.cp``:

    x[p][r][t]   player p sits at table t in round r (Boolean)

Players are numbered 0..N-1 in roster order (``problem.players``), rounds and tables from 0.
Rounds already played (``problem.fixed_rounds``) have variables too, so that a contradiction
between them and pins or separations can be reported; ``fixed_rounds.add`` sets them.

Meeting literals are created lazily by ``meet(p, q, r)`` ("only as many as needed"): a pair
that is never asked about costs nothing. For a fixed round the meeting is a constant 0/1.

History (``problem.history``: rounds played before the draw, not part of it) has no variables:
``meet(p, q, r)`` with r < 0 is the constant "together in history round h + r"; ``history_counts``
holds each roster pair's meetings there (added to its count by ``pair_meetings``), and
``constants`` what pairs outside the model (a player who left, a hard-separated pair) contribute
to each term, so that every term counts the whole competition as ``objective.evaluate`` does.

Complete hints: every auxiliary variable is registered with ``hint_rule(var, rule)``, a function
of a ``Seating`` (a draw read in the model's numbering) giving the variable's exact value, so a
draw can hint the whole model (CP-SAT does not reliably complete a partial hint of a big model).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from ortools.sat.python import cp_model

from solver.domain.draw.objective import consecutive_repeats, evaluate, meeting_counts
from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem
from solver.domain.draw.redraw import players_moved

Literal = cp_model.IntVar | int

#: The DrawObjective's terms in lexicographic order (soft_violations, max_meetings, ...).
OBJECTIVE_TERMS: tuple[str, ...] = tuple(f.name for f in fields(DrawObjective))


@dataclass
class ObjectiveTerm:
    """One lexicographic term: the solver minimizes ``var``, at least each of ``parts``.

    The term's value is the largest part: one part for a sum (sum_repeat_pairs), one per pair or
    player for a maximum (max_meetings, max_player_repeats).

    ``var`` lives in [0, upper]; ``bounds.add`` raises its floor to the counting lower bound, so
    that a solution reaching the bound is proven optimal at once.
    """

    name: str
    var: cp_model.IntVar
    parts: list[cp_model.LinearExprT]
    upper: int
    floor: int = 0  # a lower bound of the term, valid for every draw the stage may return

    def raise_floor(self, cp: cp_model.CpModel, floor: int) -> None:
        floor = min(floor, self.upper)
        if floor > self.floor:
            self.floor = floor
            cp.add(self.var >= floor)


@dataclass
class HistoryConstants:
    """What the history adds to each term through pairs the model has no count for (a player who
    left the roster, a hard-separated pair): constants, 0 without history."""

    max_meetings: int = 0
    sum_repeat_pairs: int = 0
    consecutive_repeats: int = 0  # between two history rounds, every pair
    player_excess: dict[int, int] = field(default_factory=dict)  # roster player -> sum of (m - 1) over such pairs
    absent_player_repeats: int = 0  # the worst repeats of a player who left


class Seating:
    """A draw read in a model's numbering: table of player p in round r, meetings."""

    def __init__(self, model: DrawModel, draw: Draw):
        self.draw = draw
        self.table: dict[tuple[int, int], int] = {}
        for r, rnd in enumerate(draw[: model.num_rounds]):
            for t, table in enumerate(rnd):
                for pid in table:
                    if pid in model.index:
                        self.table[(model.index[pid], r)] = t
        self.rounds = model.num_rounds
        self._values: dict[str, int] | None = None
        self._model = model

    def together(self, p: int, q: int, r: int) -> int:
        t = self.table.get((p, r))
        return int(t is not None and t == self.table.get((q, r)))

    def meetings(self, p: int, q: int) -> int:
        """Meetings of p and q over the whole competition (history included)."""
        key = (p, q) if p < q else (q, p)
        return self._model.history_counts.get(key, 0) + sum(self.together(p, q, r) for r in range(self.rounds))

    @property
    def values(self) -> dict[str, int]:
        """The draw's term values (evaluated by the draw engine)."""
        if self._values is None:
            self._values = self._model.term_values(self.draw)
        return self._values


class DrawModel:
    def __init__(self, problem: DrawProblem, *, with_assumptions: bool = False):
        self.problem = problem
        self.cp = cp_model.CpModel()
        self.n = len(problem.players)
        self.k = problem.table_size
        self.num_tables = problem.tables_per_round
        self.num_rounds = problem.rounds
        self.num_fixed = len(problem.fixed_rounds)
        self.index: dict[str, int] = {pid: i for i, pid in enumerate(problem.players)}
        self.with_assumptions = with_assumptions
        # group name -> assumption literal (only when with_assumptions)
        self.assumptions: dict[str, cp_model.IntVar] = {}
        # table of player p in fixed round r (rounds already played are data, not decisions)
        self.fixed_table: dict[tuple[int, int], int] = {}
        for r, rnd in enumerate(problem.fixed_rounds):
            for t, table in enumerate(rnd):
                for pid in table:
                    if pid in self.index:
                        self.fixed_table[(self.index[pid], r)] = t
        self.x: list[list[list[cp_model.IntVar]]] = [
            [[self.cp.new_bool_var(f"x[{p},{r},{t}]") for t in range(self.num_tables)] for r in range(self.num_rounds)]
            for p in range(self.n)
        ]
        self._meet: dict[tuple[int, int, int], Literal] = {}
        # pairs (p < q) that a hard separation keeps apart in every round
        self.hard_separated: set[tuple[int, int]] = set()
        for sep in problem.separations:
            if sep.weight is None:
                ids = sorted(self.index[pid] for pid in sep.players if pid in self.index)
                for i, p in enumerate(ids):
                    for q in ids[i + 1 :]:
                        self.hard_separated.add((p, q))
        self.num_history = len(problem.history)
        self._history_table: dict[tuple[int, int], int] = {}  # (p, history round) -> table
        for h, rnd in enumerate(problem.history):
            for t, table in enumerate(rnd):
                for pid in table:
                    if pid in self.index:
                        self._history_table[(self.index[pid], h)] = t
        self.history_counts: dict[tuple[int, int], int] = {}
        self.constants = HistoryConstants()
        self._history_constants(problem)
        # filled by the objective modules, in lexicographic order
        self.terms: dict[str, ObjectiveTerm] = {}
        # pair (p, q), p < q -> number of meetings (linear expression), filled by pair_meetings
        self.meetings: dict[tuple[int, int], cp_model.LinearExprT] = {}
        self.notes: list[str] = []
        self._hint_rules: list[tuple[cp_model.IntVar, Callable[[Seating], int]]] = []

    # -- helpers used by the constraint modules ------------------------------------------------

    def enforcement(self, group: str) -> list[cp_model.IntVar]:
        """The enforcement literals of a named constraint group ("pins[3]", "fixed_rounds").

        With assumptions every group gets its own literal, assumed true, so that an infeasible
        model names the groups that conflict; otherwise the group is unconditional.
        """
        if not self.with_assumptions:
            return []
        lit = self.assumptions.get(group)
        if lit is None:
            lit = self.cp.new_bool_var(f"assume[{group}]")
            self.assumptions[group] = lit
        return [lit]

    def is_fixed_round(self, r: int) -> bool:
        return r < self.num_fixed

    @property
    def total_rounds(self) -> int:
        """History and draw: the most meetings a pair can have."""
        return self.num_history + self.num_rounds

    def _history_constants(self, problem: DrawProblem) -> None:
        """Splits the history's meetings: roster pairs the model counts (``history_counts``) and the
        constant contributions of every other pair (``constants``)."""
        if not problem.history:
            return
        counts = meeting_counts(problem.history)
        c = self.constants
        excess_of: Counter[str] = Counter()
        for (a, b), m in counts.items():
            p, q = self.index.get(a), self.index.get(b)
            if p is not None and q is not None and (min(p, q), max(p, q)) not in self.hard_separated:
                self.history_counts[(min(p, q), max(p, q))] = m
                continue
            c.max_meetings = max(c.max_meetings, m)
            c.sum_repeat_pairs += m * (m - 1) // 2
            for pid in (a, b):
                excess_of[pid] += max(0, m - 1)
        for pid, excess in excess_of.items():
            if pid in self.index:
                c.player_excess[self.index[pid]] = excess
            else:
                c.absent_player_repeats = max(c.absent_player_repeats, excess)
        c.consecutive_repeats = consecutive_repeats(problem.history)

    def meet(self, p: int, q: int, r: int) -> Literal:
        """A literal that is at least "p and q share a table in round r".

        Only the lower side is encoded (``meet >= x[p,r,t] and x[q,r,t]`` for every t): every
        objective term is non-decreasing in meetings, so at an optimum the literal is exact.
        Constants for fixed rounds; 0 for hard-separated pairs.
        """
        if p > q:
            p, q = q, p
        key = (p, q, r)
        lit = self._meet.get(key)
        if lit is not None:
            return lit
        if r < 0:  # history round h + r: a constant
            h = self.num_history + r
            tp = self._history_table.get((p, h))
            lit = int(h >= 0 and tp is not None and tp == self._history_table.get((q, h)))
        elif self.is_fixed_round(r):
            tp = self.fixed_table.get((p, r))
            lit = int(tp is not None and tp == self.fixed_table.get((q, r)))
        elif (p, q) in self.hard_separated:
            lit = 0
        else:
            lit = self.cp.new_bool_var(f"meet[{p},{q},{r}]")
            self.hint_rule(lit, lambda s: s.together(p, q, r))  # p, q, r are not rebound below
            xp, xq = self.x[p][r], self.x[q][r]
            for t in range(self.num_tables):
                self.cp.add_bool_or([xp[t].Not(), xq[t].Not(), lit])
        self._meet[key] = lit
        return lit

    @property
    def num_meet_literals(self) -> int:
        return sum(1 for v in self._meet.values() if not isinstance(v, int))

    def add_term(self, name: str, parts: list[cp_model.LinearExprT], upper: int) -> ObjectiveTerm:
        """Registers a lexicographic term, the maximum of ``parts`` (a sum is a single part);
        terms are minimized in the order they are added."""
        var = self.cp.new_int_var(0, max(upper, 0), name)
        for part in parts:
            self.cp.add(var >= part)
        term = ObjectiveTerm(name, var, list(parts), upper)
        self.hint_rule(var, lambda s: min(max(s.values[name], term.floor), term.upper))
        self.terms[name] = term
        return term

    def term_values(self, draw: Draw) -> dict[str, int]:
        """Every term of ``draw`` evaluated by the draw engine (the model's term variables may be slack)."""
        values = dict(zip(OBJECTIVE_TERMS, evaluate(self.problem, draw).as_tuple()))
        if self.problem.previous is not None:
            values["players_moved"] = players_moved(self.problem.previous, draw, self.num_fixed)
        return values

    # -- hints and solutions ---------------------------------------------------------------------

    def add_draw_hint(self, draw: Draw) -> None:
        """Hint every x variable from a complete draw (players not in the roster are ignored)."""
        seat: dict[tuple[int, int], int] = {}
        for r, rnd in enumerate(draw[: self.num_rounds]):
            for t, table in enumerate(rnd):
                for pid in table:
                    if pid in self.index and t < self.num_tables:
                        seat[(self.index[pid], r)] = t
        for p in range(self.n):
            for r in range(self.num_rounds):
                if (p, r) not in seat:
                    continue
                for t in range(self.num_tables):
                    self.cp.add_hint(self.x[p][r][t], seat[(p, r)] == t)

    def hint_rule(self, var: cp_model.IntVar, rule: Callable[[Seating], int]) -> None:
        """Register how to compute ``var`` from a draw, for complete hints."""
        self._hint_rules.append((var, rule))

    def set_draw_hint(self, draw: Draw) -> None:
        """Replace the hints by ``draw``: its seating and every registered auxiliary variable."""
        self.cp.clear_hints()
        self.add_draw_hint(draw)
        seating = Seating(self, draw)
        for var, rule in self._hint_rules:
            self.cp.add_hint(var, rule(seating))

    def extract_draw(self, solver: cp_model.CpSolver) -> Draw:
        """The solver's solution as a Draw; fixed rounds are returned verbatim (seat order kept)."""
        rounds = []
        players = self.problem.players
        for r in range(self.num_rounds):
            if self.is_fixed_round(r):
                rounds.append(tuple(tuple(tb) for tb in self.problem.fixed_rounds[r]))
                continue
            tables: list[list[str]] = [[] for _ in range(self.num_tables)]
            for p in range(self.n):
                for t in range(self.num_tables):
                    if solver.boolean_value(self.x[p][r][t]):
                        tables[t].append(players[p])
                        break
            rounds.append(tuple(tuple(tb) for tb in tables))
        return tuple(rounds)
