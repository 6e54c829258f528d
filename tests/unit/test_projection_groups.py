"""A stage of several Up&Down groups is one solver question a group (docs/rules.md
``updown.projection.every-group``; gateway/projections.py ``solve_groups``): at most GROUPS_AT_ONCE are
asked at once, each with its share of the budget, so the whole projection keeps the time asked; a
group the solver is too busy for is named and left UNKNOWN while the others answer; when none answers,
the solver's refusal is the answer; any other failure is not hidden."""

from __future__ import annotations

import asyncio

import pytest

from gateway import projections
from gateway.domain.deadline import Deadline
from rondo.gateway.v1 import results_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime import errors

pytestmark = pytest.mark.unit


class FakeSolver:
    """The gateway's two solver calls; a group in ``busy`` is refused SOLVER_BUSY, one in ``broken``
    fails otherwise; records the budgets asked and how many groups were in the solver at once."""

    def __init__(self, busy: frozenset[int] = frozenset(), broken: frozenset[int] = frozenset()):
        self.busy, self.broken = busy, broken
        self.budgets: dict[int, float] = {}
        self.running = self.most = 0

    def solver_timeout(self, budget_s: float, deadline: Deadline) -> float | None:
        return deadline.timeout(budget_s + 5)

    async def solver(self, method: str, request: solver_pb2.ProjectStandingsRequest, timeout_s: float | None = None):
        group = request.cuts[0].group
        self.budgets[group] = request.time_limit_seconds
        self.running += 1
        self.most = max(self.most, self.running)
        try:
            await asyncio.sleep(0.01)
            if group in self.busy:
                raise errors.ResourceExhausted.because("SOLVER_BUSY", jobs=3, running=2, waiting=1)
            if group in self.broken:
                raise errors.InvalidArgument.at("cuts", "PROJECTION_CUT_INVALID")
            return solver_pb2.ProjectStandingsResponse(
                projections=[
                    solver_pb2.CutProjection(
                        player_id=f"p{group}", cut=f"group{group}.leaders", status=results_pb2.PROJECTION_STATUS_ALIVE
                    )
                ]
            )
        finally:
            self.running -= 1


def group_requests(groups: int, budget: float = 12.0) -> list[solver_pb2.ProjectStandingsRequest]:
    return [
        solver_pb2.ProjectStandingsRequest(
            cuts=[results_pb2.ProjectionCut(name=f"group{g}.leaders", places=3, group=g)],
            player_ids=[f"p{g}"],
            time_limit_seconds=budget,
        )
        for g in range(1, groups + 1)
    ]


@pytest.mark.rule("updown.projection.every-group")
@pytest.mark.parametrize("groups", [2, 3, 5])
def test_the_groups_take_turns_sharing_the_budget(groups: int) -> None:
    solver = FakeSolver()
    solved, busy = asyncio.run(projections.solve_groups(solver, group_requests(groups), Deadline(None)))
    turns = -(-groups // projections.GROUPS_AT_ONCE)
    assert busy == [] and solver.most == min(groups, projections.GROUPS_AT_ONCE)
    assert solver.budgets == {g: 12.0 / turns for g in range(1, groups + 1)}  # in all, the time asked
    assert sorted(p.player_id for p in solved.projections) == sorted(f"p{g}" for g in range(1, groups + 1))


@pytest.mark.rule("updown.projection.every-group")
def test_a_group_the_solver_is_too_busy_for_is_named_and_the_others_answer() -> None:
    solved, busy = asyncio.run(projections.solve_groups(FakeSolver(busy=frozenset({2})), group_requests(3), Deadline(None)))
    assert busy == [2] and sorted(p.player_id for p in solved.projections) == ["p1", "p3"]
    with pytest.raises(errors.ResourceExhausted):  # none answered: the solver's own refusal, retryable
        asyncio.run(projections.solve_groups(FakeSolver(busy=frozenset({1, 2})), group_requests(2), Deadline(None)))
    with pytest.raises(errors.InvalidArgument):  # a fault is never turned into UNKNOWN
        asyncio.run(projections.solve_groups(FakeSolver(broken=frozenset({2})), group_requests(3), Deadline(None)))
