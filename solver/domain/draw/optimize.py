"""``solve_draw``: the draw engine's entry point (docs/rules.md,
``mahjong.draw.all-rounds-at-once``: made once for all rounds, random, minimizing repeated
meetings; the organizer approves it).

Pipeline:
1. ``validate_problem`` -- bad input raises InvalidArgument (an error, not a result).
2. ``simple_conflicts`` -- hard constraints that obviously admit no draw -> INFEASIBLE + conflicts.
3. Lower bounds (bounds.py). The result reports the lexicographic one: objective == lower_bound
   means proven optimal.
4. Starts: an algebraic repeat-free construction of as many rounds as one gives (no played
   rounds), the rest random; in an over-full season (R(k-1) > N-1) first the longest design with
   whole rounds of it repeated (``construction.repeated_classes_draw``); a seeded random draw
   otherwise. A redraw first starts from the previous draw (fewest moves), then from a fresh
   start if the bound was not reached. Pins are then seated in every start.
5. Tabu search (local_search.py) from each start, stopping at the bound (and, for a redraw, at
   ``players_moved_lower_bound``).
6. Not proven, N <= 64 (and N x R <= 256, and the model quick to build for the work budget:
   ``work.cpsat_model_fits``) and work left: CP-SAT (``solver.domain.draw.cpsat``,
   imported lazily and skipped when absent) with the best draw as hint; its proof, bound or better
   draw is taken.
7. Seat balance when asked (seats.py).

A club night with sit-outs (``problem.sit_out``, docs/rules.md ``draw.sit-out.*``) takes its own
search after step 1: sit_outs.py.

Reproducibility (docs/rules.md ``draw.seed.reproducible``): steps 5 and 6 are bounded by the
problem's deterministic work budget (solver/domain/draw/work.py): the tabu search gets its share in
work units (all of it without CP-SAT, half before CP-SAT, 80 % with history), CP-SAT the rest as
deterministic time on one worker (``problem.cpsat_seconds_per_unit`` per unit: the machine's
calibrated exchange, recorded with the budget). The same problem, seed and work budget give the same
draw on any machine; the time limit is only the wall-clock safety cut, and a draw it cut says so
(``reproducible`` False, and a note).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections import defaultdict
from dataclasses import dataclass

from solver.domain.draw.bounds import lexicographic_lower_bound
from solver.domain.draw.construction import (
    complete_design,
    is_over_full,
    longest_repeat_free_draw,
    repeated_classes_draw,
)
from solver.domain.draw.local_search import (
    SearchConfig,
    improve,
    random_draw,
    score_objective,
    seat_pins,
)
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem, DrawResult, SolveStatus
from solver.domain.draw.redraw import players_moved, players_moved_lower_bound, previous_as_start
from solver.domain.draw.round_order import spread_repeats
from solver.domain.draw.seats import balance_seats, seat_imbalance
from solver.domain.draw.sit_outs import solve_sit_out_draw
from solver.domain.draw.validate import check_draw, validate_problem
from solver.domain.draw.work import (
    WorkMeter,
    cpsat_deterministic_seconds,
    cpsat_model_fits,
    reference_seconds,
    work_for_time_limit,
)

CPSAT_MAX_PLAYERS = 64
# Player-rounds: beyond this the CP-SAT model is too big to help within a club's budget, and the
# local search keeps the whole time (32 players x 10 rounds reaches fewer repeats that way).
CPSAT_MAX_SEATS = 256
LOCAL_SEARCH_SHARE_BEFORE_CPSAT = 0.5  # of the time limit, when CP-SAT may follow
# With history (a redraw after the roster changed) the counting bounds are loose and CP-SAT rarely
# improves within a club's budget; measured on 32 x 8, 4 withdrawals after 3 played rounds (28 x 5
# drawn): 11-12 pairs meeting twice with half the time for the local search, 8-9 with 80%.
LOCAL_SEARCH_SHARE_WITH_HISTORY = 0.8


# A bigger budget buys a longer search before it gives up on improving: the stall budget grows
# with the work budget (500 iterations per reference second of work units), so hard instances use the
# budget they are given, while the stop stays deterministic. It follows the work budget, never the
# time limit: a redraw cut short by a nearer gRPC deadline, or re-run by ``rondo draw --verify``
# with another safety cut, searches exactly as the original did.
STALL_ITERATIONS_PER_SECOND = 500


def default_search_config(problem: DrawProblem) -> SearchConfig:
    seconds_of_work = reference_seconds(work_budget(problem))
    stall = max(SearchConfig.stall_iterations, int(STALL_ITERATIONS_PER_SECOND * seconds_of_work))
    return SearchConfig(stall_iterations=stall, max_iterations=max(SearchConfig.max_iterations, 4 * stall))


def simple_conflicts(problem: DrawProblem) -> tuple[str, ...]:
    """Constraint groups that obviously admit no draw, found without a solver (the rest is left to
    the search / CP-SAT). Names follow the request fields: "separations[i]", "pins[i]", "fixed_rounds".

    - a hard separation of more players than there are tables (two must share one every round; on
      a club night, more than the tables and those sitting out);
    - one player pinned to two tables in one round;
    - more than k players pinned to one table in one round;
    - two players of a hard separation pinned to one table in one round;
    - a pin into a fixed (played) round that the round does not satisfy;
    - a fixed round in which players of a hard separation share a table."""
    t, k = problem.tables_per_round, problem.table_size
    n_fixed = len(problem.fixed_rounds)
    conflicts: list[str] = []

    def add(*names: str) -> None:
        for name in names:
            if name not in conflicts:
                conflicts.append(name)

    hard = [(i, set(s.players)) for i, s in enumerate(problem.separations) if s.weight is None]
    for i, members in hard:
        if len(members) > t + problem.sitting_out:  # a club night: those sitting out share no table
            add(f"separations[{i}]")
    at: dict[tuple[int, str], list[int]] = defaultdict(list)
    on_table: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for i, pin in enumerate(problem.pins):
        at[(pin.round, pin.player)].append(i)
        on_table[(pin.round, pin.table)].setdefault(pin.player, i)
    for pins in at.values():
        if len({problem.pins[i].table for i in pins}) > 1:
            add(*(f"pins[{i}]" for i in pins))
    for seated in on_table.values():
        if len(seated) > k:
            add(*(f"pins[{i}]" for i in seated.values()))
        for j, members in hard:
            together = [i for player, i in seated.items() if player in members]
            if len(together) > 1:
                add(*(f"pins[{i}]" for i in together), f"separations[{j}]")
    for i, pin in enumerate(problem.pins):
        if pin.round < n_fixed:
            tables = problem.fixed_rounds[pin.round]
            if pin.table >= len(tables) or pin.player not in tables[pin.table]:
                add(f"pins[{i}]", "fixed_rounds")
    for round_ in problem.fixed_rounds:
        for table in round_:
            for j, members in hard:
                if len(members.intersection(table)) > 1:
                    add(f"separations[{j}]", "fixed_rounds")
    return tuple(conflicts)


@dataclass(frozen=True)
class _Candidate:
    draw: Draw
    objective: DrawObjective
    moved: int  # 0 when not a redraw
    method: str

    @property
    def key(self) -> tuple:
        return (*self.objective.as_tuple(), self.moved)


def _starts(problem: DrawProblem, rng: random.Random, max_meetings: int) -> list[tuple[Draw, str]]:
    """Starting draws, in the order they are searched from: a redraw starts from the previous draw
    (fewest moves) and then, if that does not reach the bound, from a fresh draw (a rigid previous
    draw can trap the search in repeats a fresh start avoids). An over-full season repeats whole
    rounds of the longest design only while no round is needed more than ``max_meetings`` times
    (the bound on the largest number of meetings): 16 x 13 at tables of 4 takes AG(2, 4)'s 5 rounds
    up to three times, as the bound says it must, but 50 x 13 at tables of 5 would meet pairs three
    times where twice is possible, so it starts from the design and random rounds instead."""
    starts = []
    if problem.previous is not None:
        starts.append((seat_pins(problem, previous_as_start(problem)), "redraw"))
    if not problem.fixed_rounds:
        seed = rng.randrange(2**31)
        built = longest_repeat_free_draw(problem.players, problem.table_size, problem.rounds, seed)
        if len(built) == problem.rounds:
            starts.append((seat_pins(problem, built), "construction"))
            return starts
        if is_over_full(len(problem.players), problem.table_size, problem.rounds) and built:
            repeated = None
            if -(-problem.rounds // len(built)) <= max_meetings:
                repeated = repeated_classes_draw(problem.players, problem.table_size, problem.rounds, seed)
            if repeated is not None:
                starts.append((seat_pins(problem, repeated[0]), f"construction with repeated rounds ({repeated[1]})"))
                if complete_design(len(problem.players), problem.table_size, len(built)):
                    return starts  # every pair already met once: repeating whole rounds is the best there is
                # pairs the design left unmet can take some repeats: the random completion is searched too
        if built:
            rest = random_draw(problem, rng)[len(built) :]
            starts.append((seat_pins(problem, built + rest), f"construction of {len(built)} rounds + random"))
            return starts
    starts.append((random_draw(problem, rng), "random"))
    return starts


def _moved(problem: DrawProblem, draw: Draw) -> int:
    if problem.previous is None:
        return 0
    return players_moved(problem.previous, draw, len(problem.fixed_rounds))


def _try_cpsat(problem: DrawProblem, deadline: float, hint: Draw | None, work: int) -> DrawResult | None:
    """CP-SAT until the ``deadline`` instant (the safety cut) and within ``work`` units as deterministic
    time. The wall clock left is measured after the import: OR-Tools takes about a second to
    import on a loaded machine, which used to come on top of the budget."""
    try:
        from solver.domain.draw.cpsat import solve_cpsat
    except ImportError:
        return None
    seconds = deadline - time.monotonic()
    deterministic_s = cpsat_deterministic_seconds(work, problem.cpsat_seconds_per_unit)
    return solve_cpsat(problem, seconds, hint=hint, use_bounds=True, deterministic_s=deterministic_s)


def finishing_reserve(problem: DrawProblem) -> float:
    """Wall-clock seconds kept at the end of the budget for what follows the searches: the exact
    round reordering (at most 0.1 s at 12 rounds on a loaded machine), seat balance, the final
    check and recount; with seat balance also its edge colouring, about 16 us a seat (0.66 s for
    10 000 players x 4 rounds on a loaded machine). At most half the budget. Only the safety cut
    moves: the work budget, and so the draw, do not."""
    reserve = min(FINISHING_RESERVE_SHARE * problem.time_limit_s, FINISHING_RESERVE_MAX_S)
    if problem.seat_balance:
        reserve += SEAT_BALANCE_SECONDS_PER_SEAT * len(problem.players) * problem.rounds
    return min(reserve, 0.5 * problem.time_limit_s)


FINISHING_RESERVE_SHARE = 0.04
FINISHING_RESERVE_MAX_S = 0.25
SEAT_BALANCE_SECONDS_PER_SEAT = 20e-6


def work_budget(problem: DrawProblem) -> int:
    """The problem's work budget: as given, or its time limit at the default rate (the service, the
    offline ``rondo draw`` and the benchmarks give the machine's calibrated budget)."""
    return problem.work_budget or work_for_time_limit(problem.time_limit_s)


def _solve_club_night(problem: DrawProblem, deadline: float, started: float) -> DrawResult:
    """A club night (docs/rules.md ``draw.sit-out.*``): pins that obviously conflict answer INFEASIBLE
    as in any draw; seat balance orders the seats over the games each player plays."""
    if conflicts := simple_conflicts(problem):
        return DrawResult(
            status=SolveStatus.INFEASIBLE,
            draw=(),
            objective=None,
            lower_bound=DrawObjective(),
            proven_optimal=False,
            seed=problem.seed,
            wall_time_s=time.monotonic() - started,
            method="checks",
            conflicts=conflicts,
            work_budget=work_budget(problem),
            reproducible=True,
        )
    sat_out = solve_sit_out_draw(problem, problem.sitting_out, work_budget(problem), deadline)
    if sat_out.draw and problem.seat_balance:
        balanced = balance_seats(sat_out.draw, problem.table_size)
        sat_out = dataclasses.replace(sat_out, draw=balanced, seat_imbalance=seat_imbalance(balanced, problem.table_size))
    if sat_out.draw and (problems := check_draw(problem, sat_out.draw)):
        raise RuntimeError(f"draw engine produced an invalid draw: {problems[:3]}")
    return dataclasses.replace(sat_out, wall_time_s=time.monotonic() - started)


def solve_draw(problem: DrawProblem, config: SearchConfig | None = None, *, use_cpsat: bool = True) -> DrawResult:
    """The best draw found within ``problem.time_limit_s`` (see the module docstring).

    ``config`` tunes the local search budgets; ``use_cpsat=False`` skips step 6 (the engine alone)."""
    started = time.monotonic()
    validate_problem(problem)
    deadline = started + problem.time_limit_s - finishing_reserve(problem)
    if problem.sitting_out:  # a club night: the whole evening with its sit-outs (sit_outs.py)
        return _solve_club_night(problem, deadline, started)
    bound = lexicographic_lower_bound(problem)
    notes: list[str] = []
    meter = WorkMeter(work_budget(problem))
    spent = {"search": 0, "cpsat_s": 0.0}  # how meter.used splits (the certificate records both)
    wall_cut = False

    def result(
        status: SolveStatus,
        candidate: _Candidate | None,
        proven: bool,
        *,
        lower_bound: DrawObjective | None = None,
        method: str = "checks",
        conflicts: tuple[str, ...] = (),
    ) -> DrawResult:
        if wall_cut:
            notes.append(
                "the time limit (the wall-clock safety cut) stopped the search before its work budget: this draw cannot be re-run"
            )
        draw = candidate.draw if candidate else ()
        imbalance = None
        if candidate and problem.seat_balance:
            draw = balance_seats(draw, problem.table_size, len(problem.fixed_rounds))
            imbalance = seat_imbalance(draw, problem.table_size)
        if draw:
            problems = check_draw(problem, draw)
            if problems:  # a bug, never a user's doing
                raise RuntimeError(f"draw engine produced an invalid draw: {problems[:3]}")
        return DrawResult(
            status=status,
            draw=draw,
            objective=candidate.objective if candidate else None,
            lower_bound=lower_bound or bound,
            proven_optimal=proven,
            seed=problem.seed,
            wall_time_s=time.monotonic() - started,
            method=candidate.method if candidate else method,
            players_moved=candidate.moved if candidate and problem.previous is not None else None,
            seat_imbalance=imbalance,
            conflicts=conflicts,
            notes=tuple(notes),
            work_budget=meter.budget,
            work_used=meter.used,
            reproducible=not wall_cut,
            search_work_used=int(spent["search"]),
            cpsat_deterministic_s_used=spent["cpsat_s"],
            cpsat_seconds_per_unit=problem.cpsat_seconds_per_unit,
        )

    conflicts = simple_conflicts(problem)
    if conflicts:
        notes.append("the hard constraints admit no draw: " + ", ".join(conflicts))
        return result(SolveStatus.INFEASIBLE, None, False, conflicts=conflicts)

    rng = random.Random(problem.seed)
    moved_bound = players_moved_lower_bound(problem)
    starts = _starts(problem, rng, bound.max_meetings)
    cpsat_possible = (
        use_cpsat
        and len(problem.players) <= CPSAT_MAX_PLAYERS
        and len(problem.players) * problem.rounds <= CPSAT_MAX_SEATS
        and cpsat_model_fits(problem, meter.budget)
    )
    search_work = meter.budget
    if cpsat_possible:
        share = LOCAL_SEARCH_SHARE_WITH_HISTORY if problem.history else LOCAL_SEARCH_SHARE_BEFORE_CPSAT
        search_work = int(meter.budget * share)
    base_config = config or default_search_config(problem)
    best: _Candidate | None = None
    for index, (start, origin) in enumerate(starts):
        # Each start gets an equal share of what is left of the search's work (the wall clock only
        # as the safety cut: what is left of the time limit).
        allowance = max(0, search_work - meter.used) // (len(starts) - index)
        outcome = improve(
            problem,
            start,
            target=bound,
            seed=rng.randrange(2**31),
            deadline=deadline,
            config=dataclasses.replace(base_config, max_work=allowance),
            moved_target=moved_bound,
        )
        meter.charge(outcome.work)
        spent["search"] += outcome.work
        wall_cut = wall_cut or outcome.stopped_by == "time"
        method = origin.split(" (")[0] if outcome.iterations == 0 else "local-search"
        notes.append(f"start: {origin}; local search: {outcome.iterations} iterations, stopped by {outcome.stopped_by}")
        if outcome.score[0] == 0:
            objective = evaluate(problem, outcome.draw)
            assert objective == score_objective(outcome.score), "incremental objective disagrees with evaluate()"
            candidate = _Candidate(outcome.draw, objective, _moved(problem, outcome.draw), method)
            if best is None or candidate.key < best.key:
                best = candidate
        if best is not None and best.objective == bound:
            break  # the objective is optimal; the previous-draw start is the one that moves fewest

    def proven(candidate: _Candidate | None, lower: DrawObjective) -> bool:
        """At the bound; for a redraw also at the players-moved bound."""
        return candidate is not None and candidate.objective == lower and candidate.moved <= moved_bound

    if proven(best, bound):
        return result(SolveStatus.OPTIMAL, best, True)

    remaining = deadline - time.monotonic()
    if cpsat_possible and remaining > 0.05 and meter.left > 0:
        cp = _try_cpsat(problem, deadline, best.draw if best else None, meter.left)
        if cp is None:
            notes.append("cp-sat not available")
        else:
            meter.charge(min(cp.work_used, meter.left))
            spent["cpsat_s"] = cp.cpsat_deterministic_s_used
            wall_cut = wall_cut or not cp.reproducible
            notes.extend(f"cp-sat: {note}" for note in cp.notes)
            if cp.status == SolveStatus.INFEASIBLE:
                return result(SolveStatus.INFEASIBLE, None, False, conflicts=cp.conflicts, method="cp-sat")
            bound = max(bound, cp.lower_bound)  # both are lexicographic bounds
            if cp.draw and not check_draw(problem, cp.draw):
                theirs = _Candidate(cp.draw, evaluate(problem, cp.draw), _moved(problem, cp.draw), "cp-sat")
                if best is None or theirs.key < best.key:
                    best = theirs
                if cp.proven_optimal and theirs.key == best.key:
                    return result(SolveStatus.OPTIMAL, best, True, lower_bound=best.objective)
            if proven(best, bound):
                return result(SolveStatus.OPTIMAL, best, True)

    if best is None:
        notes.append("no draw respecting every hard constraint was found in time")
        return result(SolveStatus.UNKNOWN, None, False)
    if best.objective == bound and problem.previous is not None:
        notes.append("the draw objective equals the lower bound; players moved is not proven minimal")
    reordered = spread_repeats(problem, best.draw)
    if reordered != best.draw:
        notes.append("rounds reordered to keep repeated pairs out of consecutive rounds")
        best = _Candidate(reordered, evaluate(problem, reordered), best.moved, best.method)
        if proven(best, bound):
            return result(SolveStatus.OPTIMAL, best, True)
    return result(SolveStatus.FEASIBLE, best, False)
