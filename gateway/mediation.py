"""Up&Down mediation through the gateway (updown-league-2007 §8, §9.1; docs/rules.md
updown.mediation.*, updown.timeout.*): booking owns the mediation and its time, league the results.

* RequestMediation: league's stage says who plays the game (round, table); the requester and the
  opponent must be those two; then booking checks every rule and stores the request.
* RecordMediatedGame: booking closes the mediation (played, or a no-show with its technical result in
  the pairing's order), then league records the game through ``RecordGame`` like any Up&Down game
  (``+/-``, ``-/+`` or ``-/-`` for a no-show), with the caller-scoped key. A player absent against 3
  different opponents is reported (``mediation.removal-due``); removing him is the organizer's
  WithdrawPlayer.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from google.protobuf.timestamp_pb2 import Timestamp

from gateway.domain.deadline import Deadline
from gateway.event_payloads import payload_of
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import events_pb2, mediation_pb2, results_pb2
from rondo.league.v1 import league_pb2
from rondo_runtime.errors import InvalidArgument

if TYPE_CHECKING:
    from gateway.service import GatewayService

MediationPayload = (
    events_pb2.MediationRequestedEvent
    | events_pb2.MediationScheduledEvent
    | events_pb2.MediationClosedEvent
    | events_pb2.MediationRemovalDueEvent
)

PLAYED_RESULTS = ("1-0", "0-1")


class MediationFlow:
    def __init__(self, gateway: GatewayService):
        self.gateway = gateway

    async def _pairing(self, competition_id: str, stage: int, round_number: int, table: int, clock: Deadline) -> tuple[str, str]:
        """The game's two players in league's order (first, second): league checks the round, the table
        and that it is a game of two."""
        game = await self.gateway.league(
            "GetStageGame",
            league_pb2.GetStageGameRequest(competition_id=competition_id, stage=stage, round=round_number, table=table),
            clock.timeout(),
        )
        return game.first_player_id, game.second_player_id

    async def _event(self, payload_type: type[MediationPayload], m: mediation_pb2.Mediation, **fields) -> None:
        """Once per kind and mediation: a retried call appends nothing more. ``fields``: the kind's own,
        besides the game's (stage, round, table, requester, opponent)."""
        payload = payload_type(
            stage=m.stage, round=m.round, table=m.table, requester_id=m.requester_id, opponent_id=m.opponent_id, **fields
        )
        kind, stored = payload_of(payload)
        await asyncio.to_thread(self.gateway.events.append_once, kind, m.competition_id, m.id, f"{kind}:{m.id}", **stored)

    async def request(
        self, request: mediation_pb2.RequestMediationRequest, caller: str, deadline: float | None = None
    ) -> mediation_pb2.Mediation:
        clock = Deadline(deadline)
        first, second = await self._pairing(request.competition_id, request.stage, request.round, request.table, clock)
        game = f"round {request.round}, table {request.table} is {first} - {second}"
        if request.requester_id not in (first, second):
            raise InvalidArgument.single("requester_id", f"{game}: the requester plays it")
        if request.opponent_id not in (first, second) or request.opponent_id == request.requester_id:
            raise InvalidArgument.single("opponent_id", f"{game}: the opponent is the other player")
        made = await self.gateway.booking(
            "RequestMediation", self.gateway.scoped(request, "RequestMediation", caller), clock.timeout()
        )
        await self._event(
            events_pb2.MediationRequestedEvent, made, days=list(made.requester_days), answer_due_at=_when(made.answer_due_at)
        )
        return made

    async def answer_or_decide(self, method: str, request, deadline: float | None = None) -> mediation_pb2.Mediation:
        """AnswerMediation (the opponent's days) or DecideMediation (the referee): the game is set."""
        done = await self.gateway.booking(method, request, Deadline(deadline).timeout())
        await self._event(
            events_pb2.MediationScheduledEvent, done, scheduled_at=_when(done.scheduled_at), decided_by=done.decided_by
        )
        return done

    async def record_game(
        self, request: mediation_pb2.RecordMediatedGameRequest, caller: str, deadline: float | None = None
    ) -> mediation_pb2.RecordMediatedGameResponse:
        clock = Deadline(deadline)
        absent = list(request.absent_player_ids)
        if bool(request.result) == bool(absent):
            raise InvalidArgument.single("result", "give the result of a game played, or the absent player(s) of a no-show")
        if request.result and request.result not in PLAYED_RESULTS:
            raise InvalidArgument.single("result", f"a game played is {' or '.join(PLAYED_RESULTS)} (the pairing's order)")
        scoped = self.gateway.scoped(request, "RecordMediatedGame", caller).idempotency_key
        m = await self.gateway.booking(
            "GetMediation", booking_pb2.GetMediationRequest(mediation_id=request.mediation_id), clock.timeout()
        )
        first, second = await self._pairing(m.competition_id, m.stage, m.round, m.table, clock)
        outcome = await self.gateway.booking(
            "RecordMediationOutcome",
            booking_pb2.RecordMediationOutcomeRequest(
                mediation_id=m.id, absent_player_ids=absent, recorded_by=request.recorded_by, first_player_id=first
            ),
            clock.timeout(),
        )
        record = await self.gateway.record_result(
            "RecordGame",
            results_pb2.RecordGameRequest(
                competition_id=m.competition_id,
                stage=m.stage,
                round=m.round,
                table=m.table,
                game=results_pb2.GameResult(
                    number=1,
                    first_player_id=first,
                    second_player_id=second,
                    result=request.result or outcome.technical_result,
                    long=request.long,
                ),
                recorded_by=request.recorded_by,
                idempotency_key=scoped,
            ),
            caller,
            clock.timeout(),
        )
        await self._event(events_pb2.MediationClosedEvent, outcome.mediation, result=record.game.result, absent_player_ids=absent)
        for due in outcome.removal_due:
            await self._event(
                events_pb2.MediationRemovalDueEvent,
                outcome.mediation,
                player_id=due.player_id,
                no_show_opponent_ids=list(due.opponent_ids),
            )
        return mediation_pb2.RecordMediatedGameResponse(
            mediation=outcome.mediation,
            record=record,
            removal_due=outcome.removal_due,
        )

    async def request_timeout(
        self, request: mediation_pb2.RequestTimeoutRequest, caller: str, deadline: float | None = None
    ) -> mediation_pb2.Timeout:
        taken = await self.gateway.booking(
            "RequestTimeout", self.gateway.scoped(request, "RequestTimeout", caller), Deadline(deadline).timeout()
        )
        kind, stored = payload_of(
            events_pb2.TimeoutTakenEvent(
                stage=taken.stage,
                player_id=taken.player_id,
                starts_on=taken.starts_on,
                ends_on=taken.ends_on,
                clipped=taken.clipped,
            )
        )
        await asyncio.to_thread(
            self.gateway.events.append_once, kind, taken.competition_id, taken.id, f"{kind}:{taken.id}", **stored
        )
        return taken


def _when(ts: Timestamp) -> Timestamp | None:
    """The time, or None (the event's field left unset) when booking has none."""
    return ts if ts.seconds or ts.nanos else None
