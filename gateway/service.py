"""Gateway use cases: the organizer's draw workflow, orchestrated over league/ and solver/.

draw -> review (GetDraw / ListTables) -> approve -> (later) redraw -> review -> approve.
Every downstream call carries a deadline; the solver's budget is the smaller of the request's
and what is left of the caller's deadline.
"""
from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from pathlib import Path

from gateway.adapters.downstream import Downstream
from gateway.adapters.events import EventLog
from gateway.domain.roster_change import carry_over
from rondo.gateway.v1 import gateway_pb2
from rondo.league.v1 import league_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime.draw_messages import rounds_from_proto, rounds_to_proto
from rondo_runtime.errors import FieldViolation, InvalidArgument, Violations

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")
DEFAULT_SOLVE_SECONDS = 10.0
MAX_SOLVE_SECONDS = 600.0
SOLVER_MARGIN_SECONDS = 5.0  # time for the solver to answer after its budget runs out


def solve_budget(requested: float, remaining_deadline: float | None, field: str = "time_limit_seconds") -> float:
    """The solver's budget: the request's (or the default), never beyond the caller's deadline."""
    if math.isnan(requested) or requested < 0 or requested > MAX_SOLVE_SECONDS:
        raise InvalidArgument.single(field, f"must be between 0 and {MAX_SOLVE_SECONDS:g} seconds (0 = default {DEFAULT_SOLVE_SECONDS:g})")
    budget = requested or DEFAULT_SOLVE_SECONDS
    if remaining_deadline is not None:
        budget = min(budget, max(0.1, remaining_deadline - 1.0))
    return budget


class GatewayService:
    def __init__(self, downstream: Callable[[], Downstream], events: EventLog):
        self.downstream = downstream
        self.events = events

    async def league(self, method: str, request, timeout_s: float | None = None):
        downstream = self.downstream()
        return await downstream.call("league", getattr(downstream.league, method), request, timeout_s)

    async def solver(self, method: str, request, timeout_s: float | None = None):
        downstream = self.downstream()
        return await downstream.call("solver", getattr(downstream.solver, method), request, timeout_s)

    async def _event(self, kind: str, draw: league_pb2.Draw) -> None:
        await asyncio.to_thread(
            self.events.append, kind, draw.competition_id, draw.id, version=draw.version, status=draw.status
        )

    async def _solve(self, request: solver_pb2.DrawTablesRequest, names: dict[str, str]) -> solver_pb2.DrawTablesResponse:
        try:
            return await self.solver("DrawTables", request, timeout_s=request.time_limit_seconds + SOLVER_MARGIN_SECONDS)
        except InvalidArgument as error:
            raise with_names(error, names) from None

    @staticmethod
    def _roster(players: league_pb2.ListPlayersResponse) -> list[solver_pb2.Player]:
        return [
            solver_pb2.Player(id=p.id, rating=p.rating if p.HasField("rating") else None)
            for p in sorted(players.players, key=lambda p: p.registration_order)
        ]

    async def draw_competition(self, request: gateway_pb2.DrawCompetitionRequest, deadline: float | None) -> gateway_pb2.DrawView:
        budget = solve_budget(request.time_limit_seconds, deadline)
        competition = await self.league("GetCompetition", league_pb2.GetCompetitionRequest(competition_id=request.competition_id))
        players = await self.league("ListPlayers", league_pb2.ListPlayersRequest(competition_id=competition.id))
        solved = await self._solve(
            solver_pb2.DrawTablesRequest(
                players=self._roster(players), rounds=competition.rounds, table_size=competition.table_size,
                separations=request.separations, pins=request.pins, seat_balance=request.seat_balance,
                seed=request.seed if request.HasField("seed") else None, time_limit_seconds=budget,
            ),
            _names(players),
        )
        return await self._store(competition, solved, request.idempotency_key)

    async def redraw(self, request: gateway_pb2.RedrawRequest, deadline: float | None) -> gateway_pb2.DrawView:
        budget = solve_budget(request.time_limit_seconds, deadline)
        competition = await self.league("GetCompetition", league_pb2.GetCompetitionRequest(competition_id=request.competition_id))
        published = await self.league("GetDraw", league_pb2.GetDrawRequest(competition_id=competition.id))
        v = Violations()
        if not 0 <= request.played_rounds < competition.rounds:
            v.add("played_rounds", f"must be between 0 and {competition.rounds - 1}: the rounds already played are kept, at least one is redrawn")
        if not request.reason.strip():
            v.add("reason", "say why the draw is redone (withdrawal, substitution, roster change); it is kept with the draw")
        for i, pin in enumerate(request.pins):
            if 0 <= pin.round < request.played_rounds:
                v.add(f"pins[{i}].round", f"round {pin.round + 1} is already played; pin players only in rounds still to play")
        v.raise_if_any()
        players = await self.league("ListPlayers", league_pb2.ListPlayersRequest(competition_id=competition.id))
        everyone = await self.league(
            "ListPlayers", league_pb2.ListPlayersRequest(competition_id=competition.id, include_inactive=True)
        )
        roster = self._roster(players)
        published_rounds = rounds_from_proto(published.rounds)
        kept = carry_over(
            published_rounds, request.played_rounds, [p.id for p in roster], [p.id for p in self._roster(everyone)]
        )
        solved = await self._solve(
            solver_pb2.DrawTablesRequest(
                players=roster, rounds=kept.rounds_to_solve(competition.rounds), table_size=competition.table_size,
                separations=request.separations,
                pins=[solver_pb2.Pin(player_id=p.player_id, round=p.round - kept.round_offset, table=p.table) for p in request.pins],
                fixed_rounds=rounds_to_proto(kept.fixed_rounds), previous=rounds_to_proto(kept.previous or ()),
                seat_balance=request.seat_balance,
                seed=request.seed if request.HasField("seed") else None, time_limit_seconds=budget,
            ),
            _names(players),
        )
        if solved.rounds:
            drawn = kept.new_draw(published_rounds, rounds_from_proto(solved.rounds))
            solved.ClearField("rounds")
            solved.rounds.extend(rounds_to_proto(drawn))
        solved.notes.extend(kept.notes)
        return await self._store(
            competition, solved, request.idempotency_key,
            replaces=published, played_rounds=request.played_rounds, reason=request.reason,
        )

    async def _store(self, competition, solved: solver_pb2.DrawTablesResponse, idempotency_key: str,
                     replaces: league_pb2.Draw | None = None, played_rounds: int = 0, reason: str = "") -> gateway_pb2.DrawView:
        view = gateway_pb2.DrawView(
            status=solved.status, diff=solved.diff, conflicts=solved.conflicts, notes=solved.notes,
            wall_time_seconds=solved.wall_time_seconds,
        )
        if solved.status not in (solver_pb2.SOLVE_STATUS_OPTIMAL, solver_pb2.SOLVE_STATUS_FEASIBLE):
            return view  # nothing to review: the status and conflicts say why
        draw = await self.league(
            "SaveDraw",
            league_pb2.SaveDrawRequest(
                competition_id=competition.id, seed=solved.seed, rounds=solved.rounds, objective=solved.objective,
                lower_bound=solved.lower_bound, proven_optimal=solved.proven_optimal, method=solved.method,
                replaces_draw_id=replaces.id if replaces else "", played_rounds=played_rounds, reason=reason,
                players_moved=solved.players_moved if solved.HasField("players_moved") else None,
                idempotency_key=idempotency_key,
            ),
        )
        await self._event("draw.proposed", draw)
        view.draw.CopyFrom(draw)
        return view

    async def approve_draw(self, request: league_pb2.ApproveDrawRequest) -> gateway_pb2.DrawView:
        draw = await self.league("ApproveDraw", request)
        await self._event("draw.published", draw)
        return gateway_pb2.DrawView(draw=draw, status=_status(draw))

    async def get_draw(self, request: league_pb2.GetDrawRequest) -> gateway_pb2.DrawView:
        draw = await self.league("GetDraw", request)
        return gateway_pb2.DrawView(draw=draw, status=_status(draw))

    async def list_tables(self, request: gateway_pb2.ListTablesRequest) -> gateway_pb2.ListTablesResponse:
        draw = await self.league("GetDraw", league_pb2.GetDrawRequest(competition_id=request.competition_id))
        players = await self.league(
            "ListPlayers", league_pb2.ListPlayersRequest(competition_id=request.competition_id, include_inactive=True)
        )
        names = {p.id: p.name for p in players.players}
        return gateway_pb2.ListTablesResponse(
            draw_id=draw.id, version=draw.version,
            rounds=[
                gateway_pb2.NamedRound(
                    number=r + 1,
                    tables=[
                        gateway_pb2.NamedTable(
                            number=t + 1, player_ids=list(table.player_ids),
                            player_names=[names.get(pid, pid) for pid in table.player_ids],
                        )
                        for t, table in enumerate(rnd.tables)
                    ],
                )
                for r, rnd in enumerate(draw.rounds)
            ],
        )


def _names(players: league_pb2.ListPlayersResponse) -> dict[str, str]:
    return {p.id: p.name for p in players.players}


def with_names(error: InvalidArgument, names: dict[str, str]) -> InvalidArgument:
    """The solver knows players by id; the organizer knows them by name."""

    def named(text: str) -> str:
        for pid, name in names.items():
            text = text.replace(pid, name)
        return text

    return InvalidArgument(named(error.message), [FieldViolation(v.field, named(v.description)) for v in error.violations])


def _status(draw: league_pb2.Draw) -> int:
    return solver_pb2.SOLVE_STATUS_OPTIMAL if draw.proven_optimal else solver_pb2.SOLVE_STATUS_FEASIBLE
