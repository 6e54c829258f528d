"""GetProjections (docs/rules.md ``mahjong.projection.*``): prepared by league, proven by the solver,
answered here with the players' names and every status in words.

league.PrepareProjections (the question from league's own standings, approved draw and ruleset; the
names, places, totals and cut titles shown beside it) -> solver.ProjectStandings (every status proven)
-> the public ``Projections``. The gateway decides nothing: it puts the two answers side by side and
says each status in English and Russian (``gateway/domain/projection_texts.py``).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from gateway.domain.deadline import Deadline
from gateway.domain.projection_texts import Need, status_words
from rondo.gateway.v1 import results_pb2
from rondo.league.v1 import league_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime import errors

if TYPE_CHECKING:
    from gateway.service import GatewayService

#: groups of a stage asked of the solver at once: the workers of the smallest solver deployment
#: (deploy/k8s: RONDO_SOLVER_WORKERS=2); more groups take turns, each with its share of the budget
GROUPS_AT_ONCE = 2
#: a group's solve refused for want of capacity or time: that group is UNKNOWN, the others answer
BUSY = (errors.ResourceExhausted, errors.Unavailable)

STATUS_NAMES = {
    results_pb2.PROJECTION_STATUS_CLINCHED: "clinched",
    results_pb2.PROJECTION_STATUS_ELIMINATED: "eliminated",
    results_pb2.PROJECTION_STATUS_ALIVE: "alive",
    results_pb2.PROJECTION_STATUS_ORGANIZER_DECISION: "organizer_decision",
    results_pb2.PROJECTION_STATUS_UNKNOWN: "unknown",
}


def cut_status(
    found: solver_pb2.CutProjection, cut: results_pb2.ProjectionCut, matches_left: int, series: bool = False
) -> results_pb2.CutStatus:
    need = Need(
        found.HasField("need"),
        found.need.place if found.need.HasField("place") else None,
        found.need.proven,
        found.need.wins if found.need.HasField("wins") else None,
        series,
    )
    en, ru = status_words(STATUS_NAMES.get(found.status, "unknown"), (cut.title, cut.title_ru), need, matches_left)
    out = results_pb2.CutStatus(
        cut=found.cut, status=found.status, text=en, text_ru=ru, witnesses=found.witnesses, questions=found.questions
    )
    if found.HasField("need"):
        out.need.CopyFrom(found.need)
    return out


def projections_answer(
    competition_id: str, plan: league_pb2.PrepareProjectionsResponse, solved: solver_pb2.ProjectStandingsResponse
) -> results_pb2.Projections:
    """League's players in the standings' order, each with the solver's status at every cut."""
    found = {(p.player_id, p.cut): p for p in solved.projections}
    answer = results_pb2.Projections(
        competition_id=competition_id,
        cuts=plan.cuts,
        rounds=plan.rounds,
        after_round=plan.after_round,
        matches_left=plan.matches_left,
        wall_time_seconds=solved.wall_time_seconds,
        notes=plan.notes,
        notes_ru=plan.notes_ru,
    )
    exact = True
    series = plan.request.WhichOneof("problem") == "cup"  # a cup's need counts series won
    for player in plan.players:
        row = answer.players.add()
        row.CopyFrom(player)
        for cut in (c for c in plan.cuts if c.group == player.group):  # a group's player: his group's cuts
            projected = found.get((player.player_id, cut.name))
            if projected is None:  # the solver answers every player asked: a missing one is not proven
                projected = solver_pb2.CutProjection(
                    player_id=player.player_id, cut=cut.name, status=results_pb2.PROJECTION_STATUS_UNKNOWN
                )
            exact = exact and projected.status != results_pb2.PROJECTION_STATUS_UNKNOWN
            row.cuts.append(cut_status(projected, cut, player.matches_left, series))
    answer.exact = exact
    return answer


async def get_projections(
    gateway: GatewayService, request: results_pb2.GetProjectionsRequest, deadline: float | None
) -> results_pb2.Projections:
    clock = Deadline(deadline)
    plan = await gateway.league(
        "PrepareProjections",
        league_pb2.PrepareProjectionsRequest(
            competition_id=request.competition_id,
            player_ids=request.player_ids,
            time_limit_seconds=request.time_limit_seconds,
        ),
        clock.timeout(),
    )
    if not plan.group_requests:
        timeout = gateway.solver_timeout(plan.request.time_limit_seconds, clock)
        solved = await gateway.solver("ProjectStandings", plan.request, timeout_s=timeout)
        return projections_answer(request.competition_id, plan, solved)
    solved, unanswered = await solve_groups(gateway, plan.group_requests, clock)
    answer = projections_answer(request.competition_id, plan, solved)
    for group in unanswered:
        answer.notes.append(f"Group {group}: not projected this time (the solver was busy); ask again.")
        answer.notes_ru.append(f"Группа {group}: прогноз не получен (решатель занят); запросите ещё раз.")
    return answer


class SolverCalls(Protocol):
    """What asking the solver takes of the gateway (``GatewayService``)."""

    def solver_timeout(self, budget_s: float, deadline: Deadline) -> float | None: ...

    async def solver(self, method: str, request: Any, timeout_s: float | None = None) -> Any: ...


async def solve_groups(
    gateway: SolverCalls, asked: Sequence[solver_pb2.ProjectStandingsRequest], clock: Deadline
) -> tuple[solver_pb2.ProjectStandingsResponse, list[int]]:
    """docs/rules.md ``updown.projection.every-group``: a stage of several groups is one question a
    group, :data:`GROUPS_AT_ONCE` at a time, each with its share of the budget (the whole projection
    keeps the time asked); a group the solver is too busy for is answered UNKNOWN (and named: the
    second list), the others still answer; when none is answered, the solver's refusal is the answer."""
    turns = math.ceil(len(asked) / GROUPS_AT_ONCE)
    gate = asyncio.Semaphore(GROUPS_AT_ONCE)

    async def one(request: solver_pb2.ProjectStandingsRequest) -> solver_pb2.ProjectStandingsResponse:
        share = solver_pb2.ProjectStandingsRequest()
        share.CopyFrom(request)
        share.time_limit_seconds = request.time_limit_seconds / turns
        async with gate:
            timeout = gateway.solver_timeout(share.time_limit_seconds, clock)
            return await gateway.solver("ProjectStandings", share, timeout_s=timeout)

    answers = await asyncio.gather(*(one(r) for r in asked), return_exceptions=True)
    for a in answers:
        if isinstance(a, BaseException) and not isinstance(a, BUSY):
            raise a
    solved = [a for a in answers if not isinstance(a, BaseException)]
    if not solved:
        raise next(a for a in answers if isinstance(a, BaseException))
    busy = [group_of(r, i) for i, (r, a) in enumerate(zip(asked, answers, strict=True), 1) if isinstance(a, BaseException)]
    return merged(solved), busy


def group_of(request: solver_pb2.ProjectStandingsRequest, index: int) -> int:
    """The group a request asks about (its cuts say it; else its place among the requests)."""
    return request.cuts[0].group if request.cuts and request.cuts[0].group else index


def merged(answers: Sequence[solver_pb2.ProjectStandingsResponse]) -> solver_pb2.ProjectStandingsResponse:
    """The groups' answers as one (their cut names differ; the wall time is the slowest group's)."""
    if len(answers) == 1:
        return answers[0]
    out = solver_pb2.ProjectStandingsResponse(
        wall_time_seconds=max(a.wall_time_seconds for a in answers), method=answers[0].method
    )
    for a in answers:
        out.projections.extend(a.projections)
        out.unreached_player_ids.extend(a.unreached_player_ids)
    return out
