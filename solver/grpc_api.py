"""SolverService over gRPC: protobuf <-> domain, nothing else."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from fractions import Fraction
from typing import cast

from google.protobuf.timestamp_pb2 import Timestamp

from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_runtime.draw_messages import objective_to_proto, rounds_from_proto, rounds_to_proto
from rondo_runtime.validation import Violations
from solver.domain import knockout, mahjong_playoff, round_robin
from solver.domain.capacity import MAX_ANSWER_BYTES, check_playoff_capacity
from solver.domain.draw.problem import DrawProblem, DrawResult, Pin, Separation, SolveStatus
from solver.domain.schedule import problem as schedule
from solver.service import SolverService, new_seed

STATUS = {
    SolveStatus.OPTIMAL: solver_pb2.SOLVE_STATUS_OPTIMAL,
    SolveStatus.FEASIBLE: solver_pb2.SOLVE_STATUS_FEASIBLE,
    SolveStatus.INFEASIBLE: solver_pb2.SOLVE_STATUS_INFEASIBLE,
    SolveStatus.UNKNOWN: solver_pb2.SOLVE_STATUS_UNKNOWN,
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
        diff=[solver_pb2.RoundDiff(round=r, moved_player_ids=moved) for r, moved in diff],
        conflicts=list(result.conflicts),
        notes=list(result.notes),
        seat_imbalance=result.seat_imbalance,
        gap=objective_to_proto(optimality_gap(result)),
        work_budget=result.work_budget,
        work_used=result.work_used,
        reproducible=result.reproducible,
    )


def optimality_gap(result: DrawResult) -> tuple[int, ...] | None:
    """How far each term may still be from the optimum: objective minus lower bound."""
    if result.objective is None:
        return None
    return tuple(o - b for o, b in zip(result.objective.as_tuple(), result.lower_bound.as_tuple()))


def entrant_from_proto(e: solver_pb2.Entrant) -> knockout.Entrant:
    win = Fraction(e.win_numerator, e.win_denominator) if e.win_denominator else None
    rating = e.rating if e.HasField("rating") else None
    return knockout.Entrant(id=e.id, title=e.title or None, rating=rating, applied_at=e.applied_at, win_percentage=win)


def knockout_match_to_proto(m: knockout.Match) -> solver_pb2.KnockoutMatch:
    second = m.second
    return solver_pb2.KnockoutMatch(
        number=m.index,
        first_seed=m.first.number,
        second_seed=second.number if second else 0,
        first_id=m.first.entrant.id,
        second_id=second.entrant.id if second else "",
        blue_rule=m.blue_rule or "",
    )


def knockout_to_proto(plan: knockout.KnockoutPlan) -> solver_pb2.BuildKnockoutResponse:
    return solver_pb2.BuildKnockoutResponse(
        seed_ids=[s.entrant.id for s in plan.seeding.seeds],
        cut_ids=[s.entrant.id for s in plan.seeding.cut],
        void_possible=plan.seeding.void_possible,
        void_reason=plan.seeding.void_reason or "",
        bracket_size=plan.bracket_size,
        stage_name=plan.first_stage.name,
        first_stage=[knockout_match_to_proto(m) for m in plan.first_stage.matches],
        explanation=list(knockout.explain(plan)),
        positions=list(first_stage_positions(plan)),
    )


def first_stage_positions(plan: knockout.KnockoutPlan) -> list[int]:
    """Position (1-based) of each seed in the first stage, in seed order."""
    where = {s.id: i for i, s in enumerate(plan.first_stage.positions, start=1) if s is not None}
    return [where[s.id] for s in plan.seeding.seeds]


def knockout_player_from_proto(p: solver_pb2.KnockoutPlayer) -> knockout.Seed:
    win = Fraction(p.win_numerator, p.win_denominator) if p.win_denominator else None
    rating = p.rating if p.HasField("rating") else None
    return knockout.Seed(p.seed, knockout.Entrant(id=p.id, rating=rating, win_percentage=win))


def knockout_stage_to_proto(stage: knockout.Stage) -> solver_pb2.PairKnockoutStageResponse:
    return solver_pb2.PairKnockoutStageResponse(
        stage_name=stage.name,
        stage_size=len(stage.positions),
        matches=[knockout_match_to_proto(m) for m in stage.matches],
        explanation=list(knockout.explain_stage(stage)),
    )


def round_robin_to_proto(groups) -> solver_pb2.BuildRoundRobinResponse:
    return solver_pb2.BuildRoundRobinResponse(
        groups=[
            solver_pb2.RoundRobinGroup(
                name=group.name,
                player_ids=list(group.ids),
                rounds=[
                    solver_pb2.RoundRobinRound(
                        number=r.number,
                        cycle=r.cycle,
                        round_in_cycle=r.round_in_cycle,
                        bye_id=r.bye or "",
                        pairings=[solver_pb2.Pairing(first_id=p.first, second_id=p.second) for p in r.pairings],
                    )
                    for r in schedule.rounds
                ],
            )
            for group, schedule in groups
        ]
    )


def playoff_seating_to_proto(stage: str, tables) -> solver_pb2.SeatPlayoffRoundResponse:
    return solver_pb2.SeatPlayoffRoundResponse(
        tables=[solver_pb2.PlayoffTable(name=t.name, player_ids=list(t.players)) for t in tables],
        explanation=list(mahjong_playoff.explain_seating(stage, tables)),
    )


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


def schedule_objective_to_proto(o: schedule.ScheduleObjective) -> solver_pb2.ScheduleObjective:
    return solver_pb2.ScheduleObjective(matches_placed=o.matches_placed, preference_cost=o.preference_cost)


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


class SolverServicer(solver_pb2_grpc.SolverServiceServicer):
    def __init__(self, service: SolverService):
        self.service = service

    async def DrawTables(self, request, context):
        problem = problem_from_proto(request)
        result = await self.service.draw(problem, context.time_remaining())
        # a large draw takes tens of milliseconds to convert: not on the event loop
        return await asyncio.to_thread(lambda: draw_answer(result, competition_diff(problem, self.service.diff(problem, result))))

    # Brackets, round robins and playoff seating are bounded by Rondo's capacity (solver/domain/capacity.py)
    # and run in the solver's own thread (SolverService.off_loop), never on the event loop.

    async def BuildKnockout(self, request, context):
        return await self.service.off_loop(build_knockout, request)

    async def PairKnockoutStage(self, request, context):
        return await self.service.off_loop(pair_knockout_stage, request)

    async def BuildRoundRobin(self, request, context):
        return await self.service.off_loop(build_round_robin, request)

    async def SeatPlayoffRound(self, request, context):
        return await self.service.off_loop(seat_playoff_round, request)

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


def build_knockout(request: solver_pb2.BuildKnockoutRequest) -> solver_pb2.BuildKnockoutResponse:
    plan = knockout.plan_knockout(
        [entrant_from_proto(e) for e in request.entrants],
        title_order=tuple(request.title_order) or knockout.DEFAULT_TITLE_ORDER,
        max_participants=request.max_participants or knockout.DEFAULT_MAX_PARTICIPANTS,
        min_participants=request.min_participants or knockout.DEFAULT_MIN_PARTICIPANTS,
        byes_to_top_seeds=request.byes_to_top_seeds,
    )
    return knockout_to_proto(plan)


def pair_knockout_stage(request: solver_pb2.PairKnockoutStageRequest) -> solver_pb2.PairKnockoutStageResponse:
    stage = knockout.pair_stage(
        [knockout_player_from_proto(p) for p in request.players],
        byes_to_top_seeds=request.byes_to_top_seeds,
        positions=[p.position for p in request.players],
        bracket_size=request.bracket_size,
        stage_size=request.stage_size,
    )
    return knockout_stage_to_proto(stage)


def build_round_robin(request: solver_pb2.BuildRoundRobinRequest) -> solver_pb2.BuildRoundRobinResponse:
    players = [round_robin.RatedPlayer(p.id, p.rating if p.HasField("rating") else None) for p in request.players]
    groups = round_robin.group_round_robins(
        players,
        request.cycles or 1,
        request.group_size or None,
        # Any string may come in; the domain refuses unknown methods (INVALID_ARGUMENT on "method").
        method=cast(round_robin.GroupMethod, request.group_method or "snake"),
        seed=request.seed,
    )
    return round_robin_to_proto(groups)


def seat_playoff_round(request: solver_pb2.SeatPlayoffRoundRequest) -> solver_pb2.SeatPlayoffRoundResponse:
    check_playoff_capacity([tuple(g.player_ids) for g in request.groups])
    groups = [mahjong_playoff.RankedGroup(g.name, tuple(g.player_ids)) for g in request.groups]
    tables = mahjong_playoff.seat_playoff_round(request.stage, groups)
    return playoff_seating_to_proto(request.stage, tables)
