"""SolverService over gRPC: protobuf <-> domain, nothing else."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from fractions import Fraction

from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import common_pb2, draws_pb2, results_pb2, scheduling_pb2
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_runtime.draw_messages import objective_to_proto, rounds_from_proto, rounds_to_proto
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.validation import Violations
from solver.domain.capacity import MAX_ANSWER_BYTES
from solver.domain.draw.problem import DrawProblem, DrawResult, Pin, Separation, SolveStatus
from solver.domain.projection import problem as projection
from solver.domain.projection.budget import ProjectionJob, ProjectionRun
from solver.domain.projection.cup.problem import CupProjectionProblem, CupStanding
from solver.domain.projection.updown.problem import PairPoints, RemainingGame, UpDownProjectionProblem, UpDownStanding
from solver.domain.schedule import problem as schedule
from solver.service import SolverService, new_seed

STATUS = {
    SolveStatus.OPTIMAL: common_pb2.SOLVE_STATUS_OPTIMAL,
    SolveStatus.FEASIBLE: common_pb2.SOLVE_STATUS_FEASIBLE,
    SolveStatus.INFEASIBLE: common_pb2.SOLVE_STATUS_INFEASIBLE,
    SolveStatus.UNKNOWN: common_pb2.SOLVE_STATUS_UNKNOWN,
}


def problem_from_proto(request: solver_pb2.DrawTablesRequest) -> DrawProblem:
    return DrawProblem(
        players=tuple(p.id for p in request.players),
        rounds=request.rounds,
        table_size=request.table_size,
        separations=tuple(Separation(tuple(s.player_ids), s.weight or None) for s in request.separations),
        pins=tuple(Pin(p.player_id, p.round, p.table) for p in request.pins),
        fixed_rounds=rounds_from_proto(request.fixed_rounds),
        previous=rounds_from_proto(request.previous) or None,
        seat_balance=request.seat_balance,
        seed=request.seed if request.HasField("seed") else new_seed(),
        time_limit_s=request.time_limit_seconds,
        history=rounds_from_proto(request.history),
        work_budget=request.work_budget,
        sit_out=request.sit_out.per_round if request.HasField("sit_out") else None,
        cpsat_seconds_per_unit=request.cpsat_deterministic_seconds_per_unit,
    )


def result_to_proto(result: DrawResult, diff: list[tuple[int, list[str]]]) -> solver_pb2.DrawTablesResponse:
    return solver_pb2.DrawTablesResponse(
        status=STATUS[result.status],
        rounds=rounds_to_proto(result.draw),
        objective=objective_to_proto(result.objective.as_tuple() if result.objective else None),
        lower_bound=objective_to_proto(result.lower_bound.as_tuple()),
        proven_optimal=result.proven_optimal,
        seed=result.seed,
        wall_time_seconds=result.wall_time_s,
        method=result.method,
        players_moved=result.players_moved,
        diff=[draws_pb2.RoundDiff(round=r, moved_player_ids=moved) for r, moved in diff],
        conflicts=list(result.conflicts),
        notes=list(result.notes),
        seat_imbalance=result.seat_imbalance,
        gap=objective_to_proto(optimality_gap(result)),
        work_budget=result.work_budget,
        work_used=result.work_used,
        reproducible=result.reproducible,
        sit_outs=[solver_pb2.SittingOut(player_ids=list(sitting)) for sitting in result.sit_outs],
        cpsat_deterministic_seconds_per_unit=result.cpsat_seconds_per_unit,
        search_work_used=result.search_work_used,
        cpsat_deterministic_seconds_used=result.cpsat_deterministic_s_used,
    )


def optimality_gap(result: DrawResult) -> tuple[int, ...] | None:
    """How far each term may still be from the optimum: objective minus lower bound."""
    if result.objective is None:
        return None
    return tuple(o - b for o, b in zip(result.objective.as_tuple(), result.lower_bound.as_tuple()))


# ---- round auto-scheduler (docs/rules.md schedule.auto.*) ----


def _time(v: Violations, message, name: str, field: str) -> datetime:
    """A Timestamp field as an aware UTC datetime; a violation (and the epoch) when unset or out of range."""
    if not message.HasField(name):
        v.add(field, "is required")
        return datetime.fromtimestamp(0, UTC)
    try:
        return getattr(message, name).ToDatetime(tzinfo=UTC)
    except (ValueError, OverflowError):
        v.add(field, "is not a valid timestamp")
        return datetime.fromtimestamp(0, UTC)


def _optional(message, name: str, default: int) -> int:
    return getattr(message, name) if message.HasField(name) else default


def schedule_problem_from_proto(request: solver_pb2.ProposeRoundScheduleRequest) -> schedule.ScheduleProblem:
    """Timestamps that cannot be read are refused here (INVALID_ARGUMENT naming each); everything else
    is checked by ``solver.domain.schedule.validate``."""
    v = Violations()
    matches = []
    for i, m in enumerate(request.matches):
        candidates = tuple(
            schedule.Candidate(
                _time(v, c, "start", f"matches[{i}].candidates[{j}].start"),
                _time(v, c, "end", f"matches[{i}].candidates[{j}].end"),
                tuple(c.room_ids),
            )
            for j, c in enumerate(m.candidates)
        )
        matches.append(schedule.ScheduleMatch(m.match_id, tuple(m.player_ids), m.length_minutes, candidates))
    reference = _time(v, request, "window_start", "window_start") if request.HasField("window_start") else None
    v.raise_if_any()
    p = request.preference
    return schedule.ScheduleProblem(
        matches=tuple(matches),
        room_ids=tuple(request.room_ids),
        time_zone=request.time_zone or schedule.DEFAULT_TIME_ZONE,
        reference=reference,
        step_minutes=request.start_step_minutes or schedule.DEFAULT_STEP_MINUTES,
        preference=schedule.Preference(
            _optional(p, "evening_start_minute", schedule.DEFAULT_EVENING_START),
            _optional(p, "evening_end_minute", schedule.DEFAULT_EVENING_END),
            _optional(p, "daytime_penalty_minutes", schedule.DEFAULT_DAYTIME_PENALTY),
        ),
        seed=request.seed if request.HasField("seed") else 0,
        time_limit_s=request.time_limit_seconds,
    )


def _ts(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


def schedule_objective_to_proto(o: schedule.ScheduleObjective) -> scheduling_pb2.ScheduleObjective:
    return scheduling_pb2.ScheduleObjective(matches_placed=o.matches_placed, preference_cost=o.preference_cost)


def schedule_result_to_proto(
    problem: schedule.ScheduleProblem, result: schedule.ScheduleResult
) -> solver_pb2.ProposeRoundScheduleResponse:
    placed = {p.match_id: p for p in result.placements}
    reasons = dict(result.unplaced)
    slots = []
    for m in problem.matches:
        p = placed.get(m.id)
        if p is None:
            slots.append(solver_pb2.MatchSlot(match_id=m.id, placed=False, reason=reasons.get(m.id, "")))
        else:
            slots.append(
                solver_pb2.MatchSlot(
                    match_id=m.id, placed=True, start=_ts(p.start), end=_ts(p.end), room_id=p.room_id, cost=p.cost
                )
            )
    return solver_pb2.ProposeRoundScheduleResponse(
        status=STATUS[result.status],
        slots=slots,
        objective=schedule_objective_to_proto(result.objective),
        bound=schedule_objective_to_proto(result.bound),
        wall_time_seconds=result.wall_time_s,
        method=result.method,
        notes=list(result.notes),
        seed=result.seed,
    )


# ---- projections (docs/rules.md *.projection.*) ----

MAX_REMAINING_MATCHES = 20_000  # matches left in one projection (a 2 000-player league, 40 rounds)
PROJECTION_STATUS = {
    projection.ProjectionStatus.CLINCHED: results_pb2.PROJECTION_STATUS_CLINCHED,
    projection.ProjectionStatus.ELIMINATED: results_pb2.PROJECTION_STATUS_ELIMINATED,
    projection.ProjectionStatus.ALIVE: results_pb2.PROJECTION_STATUS_ALIVE,
    projection.ProjectionStatus.ORGANIZER_DECISION: results_pb2.PROJECTION_STATUS_ORGANIZER_DECISION,
    projection.ProjectionStatus.UNKNOWN: results_pb2.PROJECTION_STATUS_UNKNOWN,
}
FATE = {
    projection.Fate.IN: results_pb2.PROJECTION_FATE_IN,
    projection.Fate.OUT: results_pb2.PROJECTION_FATE_OUT,
    projection.Fate.ORGANIZER_DECISION: results_pb2.PROJECTION_FATE_ORGANIZER_DECISION,
}
SEARCH = {
    projection.SearchStatus.FOUND: results_pb2.PROJECTION_SEARCH_FOUND,
    projection.SearchStatus.IMPOSSIBLE: results_pb2.PROJECTION_SEARCH_IMPOSSIBLE,
    projection.SearchStatus.NOT_PROVEN: results_pb2.PROJECTION_SEARCH_NOT_PROVEN,
}
#: the domain's field names -> the request's (the problem's own fields sit under ``mahjong``)
REQUEST_FIELDS = {"cuts": "cuts", "players": "player_ids", "time_limit_s": "time_limit_seconds"}


def exact_number(v: Violations, value: str, field: str) -> Fraction | int:
    """ "12", "-5000" or "10000/3" as an exact number (a violation naming ``field`` otherwise)."""
    try:
        number = Fraction(value) if value and len(value) <= 40 and "." not in value and "e" not in value.lower() else None
    except (ValueError, ZeroDivisionError):
        number = None
    if number is None:
        v.add(field, f"an exact number: an integer or a fraction like 10000/3, got {value[:40]!r}")
        return 0
    return int(number) if number.denominator == 1 else number


def request_field(field: str, ruleset: str = "mahjong") -> str:
    head = field.split("[", 1)[0].split(".", 1)[0]
    if head in ("mahjong", "updown", "cup", "problem", *REQUEST_FIELDS.values()):
        return field  # named as the request names it already
    if head in REQUEST_FIELDS:
        return REQUEST_FIELDS[head] + field[len(head) :]
    return f"{ruleset}.{field}"


def projection_job_from_proto(request: solver_pb2.ProjectStandingsRequest) -> ProjectionJob:
    """The ruleset's problem (INVALID_ARGUMENT naming the request's fields; the domain checks the rest
    with the same names, see :func:`request_field`)."""
    v = Violations()
    if request.WhichOneof("problem") == "updown":
        return ProjectionJob(updown_problem_from_proto(request), request.time_limit_seconds)
    if request.WhichOneof("problem") == "cup":
        return ProjectionJob(cup_problem_from_proto(request), request.time_limit_seconds)
    if request.WhichOneof("problem") != "mahjong":
        v.add("problem", "give the ruleset's problem (mahjong, updown or cup)")
        v.raise_if_any()
    m = request.mahjong
    if len(m.remaining) > MAX_REMAINING_MATCHES:
        v.add("mahjong.remaining", f"at most {MAX_REMAINING_MATCHES} matches left (Rondo's capacity), got {len(m.remaining)}")
        v.raise_if_any()
    standings = tuple(
        projection.Standing(
            s.player_id,
            exact_number(v, s.total, f"mahjong.standings[{i}].total"),
            exact_number(v, s.place_sum or "0", f"mahjong.standings[{i}].place_sum"),
            s.hanchans,
        )
        for i, s in enumerate(m.standings)
    )
    remaining = tuple(
        projection.RemainingMatch(
            r.round,
            r.table,
            tuple(r.player_ids),
            r.hanchans,
            tuple(exact_number(v, c, f"mahjong.remaining[{i}].carried[{j}]") for j, c in enumerate(r.carried)),
            r.played,
        )
        for i, r in enumerate(m.remaining)
    )
    v.raise_if_any()
    outcomes = projection.HanchanOutcomes()
    problem = projection.MahjongProjectionProblem(
        standings=standings,
        remaining=remaining,
        cuts=tuple(projection.Cut(c.name, c.places) for c in request.cuts),
        hanchan_uma=tuple(m.hanchan_uma),
        match_uma=tuple(m.match_uma) or None,
        split_ties=m.split_ties,
        tie_breaks=tuple(m.tie_breaks),
        outcomes=projection.HanchanOutcomes(
            table_total=m.table_total or outcomes.table_total,
            start=m.start_points or outcomes.start,
            score_step=m.score_step or outcomes.score_step,
            min_score=m.min_score if m.min_score else outcomes.min_score,
        ),
        players=tuple(request.player_ids),
    )
    return ProjectionJob(problem, request.time_limit_seconds)


def updown_problem_from_proto(request: solver_pb2.ProjectStandingsRequest) -> UpDownProjectionProblem:
    """The Up&Down group's question (its sizes are checked by the domain, naming the request's fields)."""
    u = request.updown
    if len(u.remaining) > MAX_REMAINING_MATCHES:
        v = Violations()
        v.add("updown.remaining", f"at most {MAX_REMAINING_MATCHES} games left (Rondo's capacity), got {len(u.remaining)}")
        v.raise_if_any()
    return UpDownProjectionProblem(
        standings=tuple(UpDownStanding(s.player_id, s.points, s.carried, not s.withdrawn) for s in u.standings),
        scored=tuple(PairPoints(p.player_id, p.opponent_id, p.points) for p in u.scored),
        remaining=tuple(RemainingGame(g.round, g.table, g.white_player_id, g.black_player_id, g.win or 1) for g in u.remaining),
        cuts=tuple(projection.Cut(c.name, c.places) for c in request.cuts),
        two_tied_sonneborn_berger=u.two_tied_sonneborn_berger,
        sb_counts_carried=u.sb_counts_carried,
        unplayed_possible=u.unplayed_possible,
        players=tuple(request.player_ids),
    )


def cup_problem_from_proto(request: solver_pb2.ProjectStandingsRequest) -> CupProjectionProblem:
    """The cup's question (checked by the domain, naming the request's fields)."""
    c = request.cup
    return CupProjectionProblem(
        standings=tuple(
            CupStanding(s.player_id, s.stage, not s.out, s.third_place, s.place if s.HasField("place") else None)
            for s in c.standings
        ),
        stages=c.stages,
        cuts=tuple(projection.Cut(cut.name, cut.places) for cut in request.cuts),
        third_place_match=c.third_place_match,
        players=tuple(request.player_ids),
    )


def need_to_proto(need: projection.Need) -> results_pb2.ProjectionNeed:
    return results_pb2.ProjectionNeed(place=need.place, proven=need.proven, wins=need.wins)


def projection_to_proto(run: ProjectionRun) -> solver_pb2.ProjectStandingsResponse:
    answer = solver_pb2.ProjectStandingsResponse(
        wall_time_seconds=run.result.wall_time_s, method=run.method, unreached_player_ids=list(run.unreached)
    )
    for p in run.result.projections:
        out = answer.projections.add(player_id=p.player, cut=p.cut.name, status=PROJECTION_STATUS[p.status])
        out.questions.extend(
            results_pb2.ProjectionQuestion(fate=FATE[fate], search=SEARCH[search])
            for fate, search in p.questions
            if search in SEARCH
        )
        for w in p.witnesses:
            witness = out.witnesses.add(fate=FATE[w.fate])
            for match in w.matches:
                played = witness.matches.add(round=match.round, table=match.table)
                for h in match.hanchans:
                    played.hanchans.add(number=h.number, player_ids=[pid for pid, _ in h.scores], scores=[s for _, s in h.scores])
        if p.need is not None:
            out.need.CopyFrom(need_to_proto(p.need))
    return answer


class SolverServicer(solver_pb2_grpc.SolverServiceServicer):
    def __init__(self, service: SolverService):
        self.service = service

    async def DrawTables(self, request, context):
        problem = problem_from_proto(request)
        result = await self.service.draw(problem, context.time_remaining())
        # a large draw takes tens of milliseconds to convert: not on the event loop
        return await asyncio.to_thread(lambda: draw_answer(result, competition_diff(problem, self.service.diff(problem, result))))

    async def ProjectStandings(self, request, context):
        job = await asyncio.to_thread(projection_job_from_proto, request)
        try:
            run = await self.service.project(job, context.time_remaining())
        except InvalidArgument as error:
            ruleset = request.WhichOneof("problem") or "mahjong"
            raise error.with_fields(lambda field: request_field(field, ruleset)) from None
        return await asyncio.to_thread(projection_to_proto, run)

    async def ProposeRoundSchedule(self, request, context):
        problem = await asyncio.to_thread(schedule_problem_from_proto, request)
        result = await self.service.propose_schedule(problem, context.time_remaining())
        return schedule_result_to_proto(problem, result)


def competition_diff(problem: DrawProblem, diff: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """RoundDiff.round in competition numbering: the history's rounds come first."""
    return [(len(problem.history) + r, moved) for r, moved in diff]


def draw_answer(result: DrawResult, diff: list[tuple[int, list[str]]]) -> solver_pb2.DrawTablesResponse:
    """The answer; the capacity check guarantees the draw fits in one gRPC message, a redraw's ``diff``
    (every player of every round, at worst) is left out when it would not."""
    response = result_to_proto(result, diff)
    if diff and response.ByteSize() > MAX_ANSWER_BYTES:
        del response.diff[:]
        response.notes.append("diff left out: too large for one answer (compare the rounds with the previous draw)")
    return response
