"""GatewayService over gRPC: hands requests to the use cases or straight through to the owning
service. Thin on purpose: errors are mapped by the runtime's interceptor."""

from __future__ import annotations

from gateway.service import GatewayService
from rondo.gateway.v1 import gateway_pb2_grpc
from rondo_runtime.idempotency import caller_from_metadata


def caller(context) -> str:
    """Who is calling, for scoping idempotency keys (``rondo_runtime.idempotency.caller_from_metadata``:
    the bearer token hashed, else ``x-rondo-caller``, else anonymous) until user identity arrives."""
    return caller_from_metadata(context.invocation_metadata())


class GatewayServicer(gateway_pb2_grpc.GatewayServiceServicer):
    def __init__(self, service: GatewayService):
        self.service = service

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
        return await self.service.league("RegisterPlayer", request, context.time_remaining())

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
