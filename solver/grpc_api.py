"""SolverService over gRPC: protobuf <-> domain, nothing else."""
from __future__ import annotations

from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem, DrawResult, Pin, Separation, SolveStatus
from solver.service import SolverService, new_seed
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc

STATUS = {
    SolveStatus.OPTIMAL: solver_pb2.SOLVE_STATUS_OPTIMAL,
    SolveStatus.FEASIBLE: solver_pb2.SOLVE_STATUS_FEASIBLE,
    SolveStatus.INFEASIBLE: solver_pb2.SOLVE_STATUS_INFEASIBLE,
    SolveStatus.UNKNOWN: solver_pb2.SOLVE_STATUS_UNKNOWN,
}


def draw_from_proto(rounds) -> Draw:
    return tuple(tuple(tuple(t.player_ids) for t in r.tables) for r in rounds)


def draw_to_proto(draw: Draw) -> list[solver_pb2.Round]:
    return [solver_pb2.Round(tables=[solver_pb2.Table(player_ids=list(t)) for t in r]) for r in draw]


def objective_to_proto(o: DrawObjective | None) -> solver_pb2.DrawObjective | None:
    if o is None:
        return None
    return solver_pb2.DrawObjective(
        soft_violations=o.soft_violations, max_meetings=o.max_meetings, sum_repeat_pairs=o.sum_repeat_pairs,
        consecutive_repeats=o.consecutive_repeats, max_player_repeats=o.max_player_repeats,
    )


def problem_from_proto(request: solver_pb2.DrawTablesRequest) -> DrawProblem:
    return DrawProblem(
        players=tuple(p.id for p in request.players),
        rounds=request.rounds,
        table_size=request.table_size,
        separations=tuple(Separation(tuple(s.player_ids), s.weight or None) for s in request.separations),
        pins=tuple(Pin(p.player_id, p.round, p.table) for p in request.pins),
        fixed_rounds=draw_from_proto(request.fixed_rounds),
        previous=draw_from_proto(request.previous) or None,
        seat_balance=request.seat_balance,
        seed=request.seed if request.HasField("seed") else new_seed(),
        time_limit_s=request.time_limit_seconds,
    )


def result_to_proto(result: DrawResult, diff: list[tuple[int, list[str]]]) -> solver_pb2.DrawTablesResponse:
    return solver_pb2.DrawTablesResponse(
        status=STATUS[result.status],
        rounds=draw_to_proto(result.draw),
        objective=objective_to_proto(result.objective),
        lower_bound=objective_to_proto(result.lower_bound),
        proven_optimal=result.proven_optimal,
        seed=result.seed,
        wall_time_seconds=result.wall_time_s,
        method=result.method,
        players_moved=result.players_moved,
        diff=[solver_pb2.RoundDiff(round=r, moved_player_ids=moved) for r, moved in diff],
        conflicts=list(result.conflicts),
        notes=list(result.notes),
        seat_imbalance=result.seat_imbalance,
    )


class SolverServicer(solver_pb2_grpc.SolverServiceServicer):
    def __init__(self, service: SolverService):
        self.service = service

    async def DrawTables(self, request, context):
        problem = problem_from_proto(request)
        result = await self.service.draw(problem, context.time_remaining())
        return result_to_proto(result, self.service.diff(problem, result))
