"""``project_mahjong``: every ranked player, every cut, each answer proved (docs/rules.md
``mahjong.projection.*``).

Bounds first (``bounds``): each player's best and worst final figures settle the rivals that are
above, below or tied in every outcome, and counting them against a cut proves fates impossible with
no search (a player whose certain rivals already decide the cut is CLINCHED or ELIMINATED by bounds).
Then witnesses (``witness_search``): a quick local search over a few outcomes of each match, scored
exactly, finds the fates that happen (most ALIVE players need nothing more). With one round left,
the tables apart (``tables_apart``) settle IN and the organizer's decision table by table. Only the
questions left go to CP-SAT: one model per player, holding only the matches of the player and of the rivals that
can still cross them (the others are constants), built once from the games left (``hanchan_scores``,
``hanchan_uma``, ``match_uma``, ``totals``) and the rivals compared under the chain
(``tie_break_chain``); every question (a fate at a cut, ``rank_vs_cut``; "what do I need",
``own_place``) is enforced by its own literal and asked under that assumption, hinted with the local
search's last outcome.

IN and OUT both found: ALIVE, with a witness of each. Otherwise the organizer decision is asked too,
and what was not found is proved impossible (or the time limit says UNKNOWN). For a player who can
still get in and has games left, "what do I need" is the weakest place in their own matches with
which no outcome leaves them out of the cut.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ortools.sat.python import cp_model

from solver.domain.projection.mahjong import (
    hanchan_scores,
    hanchan_uma,
    match_uma,
    own_place,
    rank_vs_cut,
    tie_break_chain,
    totals,
)
from solver.domain.projection.mahjong.bounds import (
    AHEAD,
    TIED,
    FigureRange,
    Relations,
    Table,
    figure_ranges,
    impossible_fates,
    is_certain,
    possible_relations,
    single_match_tables,
    table_counts,
    worst_total_placing,
)
from solver.domain.projection.mahjong.model import LinearExpr, ProjectionModel
from solver.domain.projection.mahjong.outcome import MatchScores, Scorer
from solver.domain.projection.mahjong.tables_apart import (
    TablesApart,
    counts_against,
    final_figures,
    not_in_outcome,
    tables_apart,
)
from solver.domain.projection.mahjong.validate import validate_mahjong_problem
from solver.domain.projection.mahjong.witness_search import Choice, Goal, OutcomeSpace, fate_of, search
from solver.domain.projection.problem import (
    Cut,
    CutProjection,
    Fate,
    HanchanScores,
    MahjongProjectionProblem,
    MatchOutcome,
    Need,
    PlayerId,
    ProjectionResult,
    ProjectionStatus,
    Proof,
    SearchStatus,
    Witness,
)

Rivals = list[tuple[LinearExpr, LinearExpr]]
GOALS = {Fate.IN: Goal.IN, Fate.OUT: Goal.OUT}


def build_outcomes(problem: MahjongProjectionProblem) -> ProjectionModel:
    model = ProjectionModel(problem)
    hanchan_scores.add(model)
    hanchan_uma.add(model)
    match_uma.add(model)
    totals.add(model)
    return model


def solve(model: ProjectionModel) -> tuple[SearchStatus, cp_model.CpSolver]:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = model.problem.time_limit_s
    solver.parameters.num_workers = model.problem.num_workers
    # a question is pure feasibility: the LP relaxation and its cuts only slow the proofs down, and
    # quick restarts keep one table's hard ties from trapping the search (measured: bench/projections.py)
    solver.parameters.linearization_level = 0
    solver.parameters.search_branching = cp_model.PORTFOLIO_WITH_QUICK_RESTART_SEARCH
    status = solver.solve(model.cp)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return SearchStatus.FOUND, solver
    if status == cp_model.INFEASIBLE:
        return SearchStatus.IMPOSSIBLE, solver
    if status == cp_model.UNKNOWN:
        return SearchStatus.NOT_PROVEN, solver
    raise RuntimeError(f"the projection model is invalid ({solver.status_name(status)})")


def witness(problem: MahjongProjectionProblem, fate: Fate, scores: Sequence[MatchScores]) -> Witness:
    matches = []
    for remaining, hanchans in zip(problem.remaining, scores, strict=True):
        matches.append(
            MatchOutcome(
                remaining.round,
                remaining.table,
                tuple(
                    HanchanScores(remaining.played + h + 1, tuple(zip(remaining.players, s, strict=True)))
                    for h, s in enumerate(hanchans)
                ),
            )
        )
    return Witness(fate, tuple(matches))


def status_of(found: dict[Fate, SearchStatus]) -> ProjectionStatus:
    get = found.get
    if get(Fate.IN) is SearchStatus.FOUND and get(Fate.OUT) is SearchStatus.FOUND:
        return ProjectionStatus.ALIVE
    if SearchStatus.NOT_PROVEN in found.values():
        return ProjectionStatus.UNKNOWN
    if get(Fate.ORGANIZER_DECISION) is SearchStatus.FOUND:
        return ProjectionStatus.ORGANIZER_DECISION
    if get(Fate.IN) is SearchStatus.FOUND:
        return ProjectionStatus.CLINCHED
    return ProjectionStatus.ELIMINATED


class PlayerModel:
    """The CP-SAT model of one player's questions: the player's matches and those of the rivals that
    can still cross them; the rivals settled by bounds are constant pairs."""

    def __init__(self, problem: MahjongProjectionProblem, player: PlayerId, relations: dict[PlayerId, Relations]) -> None:
        uncertain = [q for q, r in relations.items() if not is_certain(r)]
        keep = {player, *uncertain}
        self.indices = [i for i, m in enumerate(problem.remaining) if keep.intersection(m.players)]
        reduced = replace(
            problem,
            standings=tuple(s for s in problem.standings if s.player in keep),
            remaining=tuple(problem.remaining[i] for i in self.indices),
            players=(),
        )
        self.model = build_outcomes(reduced)
        self.rivals: Rivals = [tie_break_chain.add(self.model, q, player) for q in uncertain]
        for r in relations.values():
            if is_certain(r):
                self.rivals.append((int(AHEAD in r), int(TIED in r)))
        self.asked = 0

    def ask(self, add: Callable[[cp_model.IntVar], None], hint: Sequence[MatchScores]) -> tuple[SearchStatus, list[MatchScores]]:
        """Solve under the assumption of one question's literal; the scores of every match (those left
        out of the model keep the hint's)."""
        cp = self.model.cp
        self.asked += 1
        question = cp.new_bool_var(f"question{self.asked}")
        add(question)
        cp.clear_assumptions()
        cp.add_assumptions([question])
        cp.clear_hints()
        step = self.model.problem.outcomes.score_step
        for k, i in enumerate(self.indices):
            ordered = sorted(hint[i], key=lambda s: -s[0])  # the model orders a match's hanchans by the first seat
            for hanchan, h in zip(ordered, self.model.matches[k].hanchans, strict=True):
                for value, var in zip(hanchan, h.scores, strict=True):
                    cp.add_hint(var, value // step)
        status, solver = solve(self.model)
        scores = list(hint)
        if status is SearchStatus.FOUND:
            for k, i in enumerate(self.indices):
                scores[i] = tuple(tuple(solver.value(v) * step for v in h.scores) for h in self.model.matches[k].hanchans)
        return status, scores


class PlayerQuestions:
    """Every question about one player: bounds, then witnesses, then CP-SAT (each built when needed)."""

    def __init__(
        self,
        scorer: Scorer,
        ranges: dict[PlayerId, FigureRange],
        tables: Sequence[Table],
        player: PlayerId,
        space: Callable[[], OutcomeSpace],
    ) -> None:
        self.problem = problem = scorer.problem
        self.scorer = scorer
        self.ranges = ranges
        self.tables = tables
        self.player = player
        self.relations = self.relations_to(ranges[player])
        self._space = space
        self._model: PlayerModel | None = None
        self._apart: dict[str, Apart | None] = {}
        self.has_games = any(player in m.players for m in problem.remaining)

    def relations_to(self, mine: FigureRange) -> dict[PlayerId, Relations]:
        chain = self.problem.tie_breaks
        return {q: possible_relations(chain, r, mine) for q, r in self.ranges.items() if q != self.player}

    def impossible(self, relations: dict[PlayerId, Relations], total: tuple[int, int], places: int) -> set[Fate]:
        """The fates bounds rule out: rivals one by one, and the tables without the player as a whole."""
        counts = table_counts(self.scorer, self.tables, self.player, total, relations)
        counted = {q for t in self.tables if self.player not in t.players for q in t.players} if counts else set()
        return impossible_fates([r for q, r in relations.items() if q not in counted], places, counts)

    @property
    def space(self) -> OutcomeSpace:
        return self._space()

    @property
    def model(self) -> PlayerModel:
        if self._model is None:
            self._model = PlayerModel(self.problem, self.player, self.relations)
        return self._model

    def scores(self, choice: Choice) -> list[MatchScores]:
        return [self.space.candidates[m][c] for m, c in enumerate(choice)]

    def project_cut(self, cut: Cut) -> CutProjection:
        impossible = self.impossible(self.relations, self.ranges[self.player].total, cut.places)
        found: dict[Fate, SearchStatus] = {}
        proofs: dict[Fate, Proof] = {}
        witnesses: dict[Fate, Witness] = {}
        seen: dict[Fate, Choice] = {}  # outcomes scored so far, by the fate they give
        hints: dict[Fate, Choice] = {}
        for fate in (Fate.IN, Fate.OUT, Fate.ORGANIZER_DECISION):
            if fate is Fate.ORGANIZER_DECISION and found[Fate.IN] is found[Fate.OUT] is SearchStatus.FOUND:
                break
            if fate in impossible:
                found[fate], proofs[fate] = SearchStatus.IMPOSSIBLE, Proof.BOUNDS
                continue
            if fate in GOALS and fate not in seen:
                choice, _ = search(self.space, self.player, GOALS[fate], cut.places)
                seen.setdefault(fate_of(self.space, choice, self.player, cut.places), choice)
                hints[fate] = choice
            if fate is Fate.ORGANIZER_DECISION and fate not in seen:
                draw = (0,) * len(self.problem.remaining)
                seen.setdefault(fate_of(self.space, draw, self.player, cut.places), draw)
            if fate in seen:
                found[fate], proofs[fate] = SearchStatus.FOUND, Proof.WITNESS
                witnesses[fate] = witness(self.problem, fate, self.scores(seen[fate]))
                continue
            hint = self.scores(hints.get(fate) or next(iter(seen.values())))
            if fate is not Fate.OUT and (apart := self.apart(cut, hint)) is not None:
                settled = apart_settles(apart, fate, cut.places)
                if settled is not None:
                    found[fate], proofs[fate] = settled, Proof.CP_SAT
                    if settled is SearchStatus.FOUND:
                        witnesses[fate] = witness(self.problem, fate, apart.bounds.scores)
                    continue

            def question(lit: cp_model.IntVar, fate: Fate = fate) -> None:
                rank_vs_cut.add(self.model.model, self.model.rivals, cut.places, fate, lit)

            found[fate], scores = self.model.ask(question, hint)
            proofs[fate] = Proof.CP_SAT
            if found[fate] is SearchStatus.FOUND:
                witnesses[fate] = witness(self.problem, fate, scores)
        status = status_of(found)
        need = None
        if status is not ProjectionStatus.CLINCHED and found[Fate.IN] is SearchStatus.FOUND and self.has_games:
            need = self.what_do_i_need(cut)
        return CutProjection(
            self.player, cut, status, tuple(found.items()), tuple(witnesses.values()), need, tuple(proofs.items())
        )

    def apart(self, cut: Cut, start: Sequence[MatchScores]) -> Apart | None:
        """The tables apart at ``cut`` (one round left; ``tables_apart``), computed once a cut, with
        whether their candidate outcome scores IN (scored here, exactly)."""
        if cut.name not in self._apart:
            found = tables_apart(self.scorer, self.ranges, self.player, start, cut.places, self.space)
            if found is None:
                self._apart[cut.name] = None
            else:
                _, not_below = counts_against(self.scorer, final_figures(self.scorer, found.scores), self.player)
                self._apart[cut.name] = Apart(found, not_below < cut.places)
        return self._apart[cut.name]

    def what_do_i_need(self, cut: Cut) -> Need:
        """The largest ``place`` such that no outcome with the player ``place``-th or better in each own
        remaining match leaves them out of the cut or to the organizer (docs/rules.md
        ``mahjong.projection.what-do-i-need``)."""
        mine = self.ranges[self.player]
        for place in range(self.problem.table_size - 1, 0, -1):
            choice, found = search(self.space, self.player, Goal.NOT_IN, cut.places, own_place=place)
            if found:
                continue
            start = self.scores(choice)
            if not_in_outcome(self.scorer, self.ranges, self.player, place, cut.places, start, self.space) is not None:
                continue  # the tables apart found an outcome leaving the player out with this place
            placing = FigureRange(
                (worst_total_placing(self.scorer, self.player, place), mine.total[1]), mine.place_sum, mine.hanchans
            )
            if {Fate.OUT, Fate.ORGANIZER_DECISION} <= self.impossible(self.relations_to(placing), placing.total, cut.places):
                return Need(place, True)  # proved by bounds

            def question(lit: cp_model.IntVar, place: int = place) -> None:
                own_place.add(self.model.model, self.player, place, lit)
                rank_vs_cut.add_not_in(self.model.model, self.model.rivals, cut.places, lit)

            status, _ = self.model.ask(question, self.scores(choice))
            if status is SearchStatus.IMPOSSIBLE:
                return Need(place, True)
            if status is SearchStatus.NOT_PROVEN:
                return Need(None, False)
        return Need(None, True)


@dataclass(frozen=True)
class Apart:
    """The tables apart at a cut, and whether their candidate outcome scored IN."""

    bounds: TablesApart
    reaches_in: bool


def apart_settles(apart: Apart, fate: Fate, places: int) -> SearchStatus | None:
    """What the tables apart settle: IN found (their outcome scored IN) or impossible (even the fewest
    rivals above or level fill the cut), the organizer's decision impossible (even the fewest strictly
    above fill it); ``None``: not settled."""
    if fate is Fate.IN:
        if apart.reaches_in:
            return SearchStatus.FOUND
        return SearchStatus.IMPOSSIBLE if apart.bounds.fewest_not_below >= places else None
    ahead = apart.bounds.fewest_ahead
    if fate is Fate.ORGANIZER_DECISION and ahead is not None and ahead >= places:
        return SearchStatus.IMPOSSIBLE
    return None


def project_mahjong(problem: MahjongProjectionProblem) -> ProjectionResult:
    """Every ranked player (or ``problem.players``) at every cut; bad input raises ``InvalidArgument``."""
    validate_mahjong_problem(problem)
    started = time.perf_counter()
    scorer = Scorer(problem)
    ranges = figure_ranges(scorer)
    tables = single_match_tables(scorer)
    built: list[OutcomeSpace] = []

    def space() -> OutcomeSpace:
        if not built:
            built.append(OutcomeSpace(scorer))
        return built[0]

    projections = []
    for player in problem.players or scorer.ranked:
        questions = PlayerQuestions(scorer, ranges, tables, player, space)
        for cut in problem.cuts:
            projections.append(questions.project_cut(cut))
    return ProjectionResult(tuple(projections), time.perf_counter() - started)
