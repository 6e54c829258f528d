"""GatewayService over gRPC: hands requests to the use cases or straight through to the owning
service. Thin on purpose: errors are mapped by the runtime's interceptor, and every RPC has passed the
guard (``gateway/guard.py``: token, role, self fields) before it gets here."""

from __future__ import annotations

import asyncio

from google.protobuf.struct_pb2 import Struct

from gateway.adapters.events import Event
from gateway.domain.events import event_query
from gateway.event_service import EventService
from gateway.guard import current_principal
from gateway.identity_api import IdentityRpcs
from gateway.identity_service import IdentityService
from gateway.mediation import MediationFlow
from gateway.reminders import ReminderPublisher
from gateway.service import GatewayService
from rondo.gateway.v1 import gateway_pb2, gateway_pb2_grpc
from rondo_runtime.idempotency import caller_of

LINK_ACCOUNT_HEADER = "x-rondo-link-account"  # RegisterPlayer: the player account to link the new player to


def caller(context) -> str:
    """Who is calling, for scoping idempotency keys: the authenticated account the guard handed over
    (``rondo_runtime.idempotency.caller_of``)."""
    principal = current_principal()
    return caller_of(principal.caller if principal is not None else None)


def link_account(context) -> str:
    """RegisterPlayer's ``x-rondo-link-account`` metadata (an account id), "" when not sent."""
    for key, value in context.invocation_metadata() or ():
        if key.lower() == LINK_ACCOUNT_HEADER:
            return (value.decode("latin-1") if isinstance(value, bytes) else str(value)).strip()
    return ""


class GatewayServicer(IdentityRpcs, gateway_pb2_grpc.GatewayServiceServicer):
    def __init__(self, service: GatewayService, events: EventService | None = None, identity: IdentityService | None = None):
        """``identity``: the accounts and tokens (``gateway/identity_service.py``); the guard in front of
        this servicer (``gateway/guard.py``) uses the same one."""
        self.service = service
        self.event_service = events or EventService(service.events)
        self.reminders = ReminderPublisher(service)
        self.mediation = MediationFlow(service)
        self._identity = identity

    # Straight through to league/ (it validates and owns the data).
    # Every downstream call gets what is left of the incoming deadline (None: the configured timeout).
    async def CreateCompetition(self, request, context):
        request = self.service.scoped(request, "CreateCompetition", caller(context))
        return await self.service.league("CreateCompetition", request, context.time_remaining())

    # Results: league records them, the gateway appends `standings.changed` (gateway/service.py).
    async def RecordHanchan(self, request, context):
        return await self.service.record_result("RecordHanchan", request, caller(context), context.time_remaining())

    async def RecordPenalty(self, request, context):
        return await self.service.record_result("RecordPenalty", request, caller(context), context.time_remaining())

    async def RecordNoShow(self, request, context):
        return await self.service.record_result("RecordNoShow", request, caller(context), context.time_remaining())

    async def RecordGame(self, request, context):
        return await self.service.record_result("RecordGame", request, caller(context), context.time_remaining())

    async def CorrectRecord(self, request, context):
        return await self.service.record_result("CorrectRecord", request, caller(context), context.time_remaining())

    # Player reports, ruleset versions, tie decisions: league decides and stores, the gateway appends
    # `standings.changed` (gateway/service.py).
    async def ReportResult(self, request, context):
        return await self.service.record_result("ReportResult", request, caller(context), context.time_remaining())

    async def ConfirmResult(self, request, context):
        return await self.service.record_result("ConfirmResult", request, caller(context), context.time_remaining())

    async def DisputeResult(self, request, context):
        return await self.service.record_result("DisputeResult", request, caller(context), context.time_remaining())

    async def ResolveDispute(self, request, context):
        return await self.service.record_result("ResolveDispute", request, caller(context), context.time_remaining())

    async def ChangeRuleset(self, request, context):
        return await self.service.standings_change("ChangeRuleset", request, caller(context), context.time_remaining())

    async def ListRulesetVersions(self, request, context):
        return await self.service.league("ListRulesetVersions", request, context.time_remaining())

    async def DecideTie(self, request, context):
        return await self.service.standings_change("DecideTie", request, caller(context), context.time_remaining())

    async def ListMatchHistory(self, request, context):
        return await self.service.league("ListMatchHistory", request, context.time_remaining())

    async def GetStandings(self, request, context):
        return await self.service.league("GetStandings", request, context.time_remaining())

    # Stages after the draw: planned by league, seated by the solver, stored by league (gateway/service.py).
    async def AdvanceStage(self, request, context):
        return await self.service.advance_stage(request, caller(context), context.time_remaining())

    async def PrepareStage(self, request, context):
        return await self.service.league("PrepareStage", request, context.time_remaining())

    async def GetStage(self, request, context):
        return await self.service.league("GetStage", request, context.time_remaining())

    async def ListStages(self, request, context):
        return await self.service.league("ListStages", request, context.time_remaining())

    # The Up&Down league: standings straight through; a checkpoint appends `standings.changed` (gateway/service.py).
    async def GetUpdownStandings(self, request, context):
        return await self.service.league("GetUpdownStandings", request, context.time_remaining())

    async def ApplyCheckpoint(self, request, context):
        return await self.service.apply_checkpoint(request, caller(context), context.time_remaining())

    # The open cup: league disqualifies and reads the bracket (gateway/service.py appends the events).
    async def DisqualifyPlayer(self, request, context):
        return await self.service.disqualify_player(request, caller(context), context.time_remaining())

    async def GetCupBracket(self, request, context):
        return await self.service.league("GetCupBracket", request, context.time_remaining())

    # The mahjong playoff as stored stages (league's GetPlayoff).
    async def GetPlayoff(self, request, context):
        return await self.service.league("GetPlayoff", request, context.time_remaining())

    async def GetCompetition(self, request, context):
        return await self.service.league("GetCompetition", request, context.time_remaining())

    async def RegisterPlayer(self, request, context):
        request = self.service.scoped(request, "RegisterPlayer", caller(context))
        account_id = link_account(context)
        if account_id:  # checked first: a refused link registers nobody
            await asyncio.to_thread(self.identity.linkable, account_id, LINK_ACCOUNT_HEADER)
        player = await self.service.league("RegisterPlayer", request, context.time_remaining())
        if account_id:
            await asyncio.to_thread(self.identity.link_player, current_principal(), account_id, player.competition_id, player.id)
        return player

    async def WithdrawPlayer(self, request, context):
        return await self.service.withdraw_player(request, caller(context), context.time_remaining())

    async def ListPlayers(self, request, context):
        return await self.service.league("ListPlayers", request, context.time_remaining())

    async def ListDraws(self, request, context):
        return await self.service.league("ListDraws", request, context.time_remaining())

    # The organizer's draw workflow.
    async def DrawCompetition(self, request, context):
        return await self.service.once(
            "DrawCompetition", caller(context), request, context.time_remaining(), self.service.draw_competition
        )

    async def Redraw(self, request, context):
        return await self.service.once("Redraw", caller(context), request, context.time_remaining(), self.service.redraw)

    async def ApproveDraw(self, request, context):
        return await self.service.approve_draw(request, context.time_remaining())

    async def GetDraw(self, request, context):
        return await self.service.get_draw(request, context.time_remaining())

    async def ListTables(self, request, context):
        return await self.service.list_tables(request, context.time_remaining())

    # Brackets and pairings: straight through to solver/ (stateless).
    async def BuildKnockout(self, request, context):
        return await self.service.solver("BuildKnockout", request)

    async def PairKnockoutStage(self, request, context):
        return await self.service.solver("PairKnockoutStage", request, context.time_remaining())

    async def BuildRoundRobin(self, request, context):
        return await self.service.solver("BuildRoundRobin", request, context.time_remaining())

    # The mahjong playoff: league decides who advances, the solver seats the next stage.
    async def MahjongPlayoff(self, request, context):
        return await self.service.mahjong_playoff(request, context.time_remaining())

    # Scheduling: straight through to booking/ (gateway/service.py ``schedule``: scoped keys, events).
    async def CreateClub(self, request, context):
        return await self.service.schedule("CreateClub", request, caller(context), context.time_remaining())

    async def AddRoom(self, request, context):
        return await self.service.schedule("AddRoom", request, caller(context), context.time_remaining())

    async def ListRooms(self, request, context):
        return await self.service.schedule("ListRooms", request, caller(context), context.time_remaining())

    async def OpenRoundScheduling(self, request, context):
        return await self.service.open_round_scheduling(request, caller(context), context.time_remaining())

    async def ProposeRoundSchedule(self, request, context):
        return await self.service.propose_round_schedule(request, caller(context), context.time_remaining())

    async def SetAvailability(self, request, context):
        return await self.service.schedule("SetAvailability", request, caller(context), context.time_remaining())

    async def GetMyAvailability(self, request, context):
        return await self.service.schedule("GetMyAvailability", request, caller(context), context.time_remaining())

    async def GetMatchCard(self, request, context):
        return await self.service.schedule("GetMatchCard", request, caller(context), context.time_remaining())

    async def ProposeMeeting(self, request, context):
        return await self.service.schedule("ProposeMeeting", request, caller(context), context.time_remaining())

    async def ConfirmMeeting(self, request, context):
        return await self.service.schedule("ConfirmMeeting", request, caller(context), context.time_remaining())

    async def CancelMeeting(self, request, context):
        return await self.service.schedule("CancelMeeting", request, caller(context), context.time_remaining())

    async def AssignMeeting(self, request, context):
        return await self.service.schedule("AssignMeeting", request, caller(context), context.time_remaining())

    async def BookActivity(self, request, context):
        return await self.service.schedule("BookActivity", request, caller(context), context.time_remaining())

    async def ListBookings(self, request, context):
        return await self.service.schedule("ListBookings", request, caller(context), context.time_remaining())

    # The club calendar: straight through to booking/ (gateway/service.py ``schedule``).
    async def UpdateClub(self, request, context):
        return await self.service.schedule("UpdateClub", request, caller(context), context.time_remaining())

    async def BookRecurringActivity(self, request, context):
        return await self.service.schedule("BookRecurringActivity", request, caller(context), context.time_remaining())

    async def GetSeries(self, request, context):
        return await self.service.schedule("GetSeries", request, caller(context), context.time_remaining())

    async def CancelOccurrence(self, request, context):
        return await self.service.schedule("CancelOccurrence", request, caller(context), context.time_remaining())

    async def MoveOccurrence(self, request, context):
        return await self.service.schedule("MoveOccurrence", request, caller(context), context.time_remaining())

    async def CancelSeries(self, request, context):
        return await self.service.schedule("CancelSeries", request, caller(context), context.time_remaining())

    async def ApplyFallback(self, request, context):
        return await self.service.schedule("ApplyFallback", request, caller(context), context.time_remaining())

    async def MoveMatchWindow(self, request, context):
        return await self.service.schedule("MoveMatchWindow", request, caller(context), context.time_remaining())

    async def RotateCalendarToken(self, request, context):
        return await self.service.schedule("RotateCalendarToken", request, caller(context), context.time_remaining())

    async def ExportCalendar(self, request, context):
        return await self.service.schedule("ExportCalendar", request, caller(context), context.time_remaining())

    # A draw anyone can verify: league commits, keeps and reveals the seed.
    async def CommitDrawSeed(self, request, context):
        request = self.service.scoped(request, "CommitDrawSeed", caller(context))
        return await self.service.league("CommitDrawSeed", request, context.time_remaining())

    async def GetSeedCommitment(self, request, context):
        return await self.service.league("GetSeedCommitment", request, context.time_remaining())

    async def GetDrawCertificate(self, request, context):
        return await self.service.league("GetDrawCertificate", request, context.time_remaining())

    # Events for bots (gateway/event_service.py).
    async def WatchEvents(self, request, context):
        query = event_query(request.after, list(request.kinds), request.competition_id)
        async for event in self.event_service.watch(query, gone=context.done):
            yield event_to_proto(event)

    async def ListEvents(self, request, context):
        query = event_query(request.after, list(request.kinds), request.competition_id)
        events, token = await asyncio.to_thread(self.event_service.list, query, request.page_size, request.page_token)
        return gateway_pb2.ListEventsResponse(events=[event_to_proto(e) for e in events], next_page_token=token)

    # Reminders (gateway/reminders.py): the periodic task publishes `reminder.due`; PublishDueReminders
    # runs it once now. The rest straight through to booking/.
    async def SetReminderSchedule(self, request, context):
        return await self.service.schedule("SetReminderSchedule", request, caller(context), context.time_remaining())

    async def GetReminderSchedule(self, request, context):
        return await self.service.schedule("GetReminderSchedule", request, caller(context), context.time_remaining())

    async def PublishDueReminders(self, request, context):
        return await self.reminders.publish_due(context.time_remaining())

    async def AcknowledgeReminder(self, request, context):
        return await self.service.schedule("AcknowledgeReminder", request, caller(context), context.time_remaining())

    async def ListReminders(self, request, context):
        return await self.service.schedule("ListReminders", request, caller(context), context.time_remaining())

    # Up&Down mediation (gateway/mediation.py): checked against league's stage, no-shows recorded in league.
    async def SetMediationCalendar(self, request, context):
        return await self.service.schedule("SetMediationCalendar", request, caller(context), context.time_remaining())

    async def RequestMediation(self, request, context):
        return await self.mediation.request(request, caller(context), context.time_remaining())

    async def AnswerMediation(self, request, context):
        return await self.mediation.answer_or_decide("AnswerMediation", request, context.time_remaining())

    async def DecideMediation(self, request, context):
        return await self.mediation.answer_or_decide("DecideMediation", request, context.time_remaining())

    async def RecordMediatedGame(self, request, context):
        return await self.mediation.record_game(request, caller(context), context.time_remaining())

    async def RequestTimeout(self, request, context):
        return await self.mediation.request_timeout(request, caller(context), context.time_remaining())

    async def ListMediations(self, request, context):
        return await self.service.schedule("ListMediations", request, caller(context), context.time_remaining())


def event_to_proto(event: Event) -> gateway_pb2.Event:
    payload = Struct()
    payload.update(event.payload)
    answer = gateway_pb2.Event(
        id=event.id, kind=event.kind, competition_id=event.competition_id, subject_id=event.subject_id, payload=payload
    )
    answer.created_at.FromDatetime(event.created_at)
    return answer
