"""SolverService over gRPC: protobuf <-> domain, nothing else."""
from __future__ import annotations

from fractions import Fraction

from solver.domain import knockout, mahjong_playoff, round_robin
from solver.domain.draw.problem import DrawProblem, DrawResult, Pin, Separation, SolveStatus
from solver.service import SolverService, new_seed
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_runtime.draw_messages import objective_to_proto, rounds_from_proto, rounds_to_proto
from rondo_runtime.errors import InvalidArgument

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
        number=m.index, first_seed=m.first.number, second_seed=second.number if second else 0,
        first_id=m.first.entrant.id, second_id=second.entrant.id if second else "", blue_rule=m.blue_rule or "",
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
    )


def round_robin_to_proto(groups) -> solver_pb2.BuildRoundRobinResponse:
    return solver_pb2.BuildRoundRobinResponse(
        groups=[
            solver_pb2.RoundRobinGroup(
                name=group.name,
                player_ids=list(group.ids),
                rounds=[
                    solver_pb2.RoundRobinRound(
                        number=r.number, cycle=r.cycle, round_in_cycle=r.round_in_cycle, bye_id=r.bye or "",
                        pairings=[solver_pb2.Pairing(first_id=p.first, second_id=p.second) for p in r.pairings],
                    )
                    for r in schedule.rounds
                ],
            )
            for group, schedule in groups
        ]
    )


def playoff_stage(field: str, name: str) -> mahjong_playoff.PlayoffStage:
    try:
        return mahjong_playoff.PlayoffStage(name.strip().lower())
    except ValueError:
        stages = ", ".join(repr(s.value) for s in mahjong_playoff.PlayoffStage if s is not mahjong_playoff.PlayoffStage.FINISHED)
        raise InvalidArgument.single(field, f"unknown stage {name!r}; one of {stages}") from None


def playoff_to_proto(state: mahjong_playoff.PlayoffState) -> solver_pb2.MahjongPlayoffResponse:
    return solver_pb2.MahjongPlayoffResponse(
        stage=state.stage.value,
        tables=[solver_pb2.PlayoffTable(name=t.name, player_ids=list(t.players)) for t in state.tables],
        waiting_ids=list(state.waiting),
        exits=[
            solver_pb2.PlayoffExit(player_id=e.player, stage=e.stage.value, table=e.table, place=e.place or 0, withdrawn=e.withdrawn)
            for e in state.exits
        ],
        final_order=list(state.final_order),
        explanation=list(mahjong_playoff.explain_playoff(state)),
    )


class SolverServicer(solver_pb2_grpc.SolverServiceServicer):
    def __init__(self, service: SolverService):
        self.service = service

    async def DrawTables(self, request, context):
        problem = problem_from_proto(request)
        result = await self.service.draw(problem, context.time_remaining())
        return result_to_proto(result, self.service.diff(problem, result))

    async def BuildKnockout(self, request, context):
        plan = knockout.plan_knockout(
            [entrant_from_proto(e) for e in request.entrants],
            title_order=tuple(request.title_order) or knockout.DEFAULT_TITLE_ORDER,
            max_participants=request.max_participants or knockout.DEFAULT_MAX_PARTICIPANTS,
            min_participants=request.min_participants or knockout.DEFAULT_MIN_PARTICIPANTS,
            byes_to_top_seeds=request.byes_to_top_seeds,
        )
        return knockout_to_proto(plan)

    async def BuildRoundRobin(self, request, context):
        players = [round_robin.RatedPlayer(p.id, p.rating if p.HasField("rating") else None) for p in request.players]
        groups = round_robin.group_round_robins(
            players, request.cycles or 1, request.group_size or None,
            method=request.group_method or "snake", seed=request.seed,
        )
        return round_robin_to_proto(groups)

    async def MahjongPlayoff(self, request, context):
        results = [
            mahjong_playoff.TableResult(r.table, tuple(r.order), tuple(r.substitute_ids)) for r in request.results
        ]
        withdrawn = {p: playoff_stage(f"withdrawn[{p}]", stage) for p, stage in request.withdrawn.items()}
        state = mahjong_playoff.replay_playoff(tuple(request.regular_places), results, withdrawn=withdrawn)
        return playoff_to_proto(state)

