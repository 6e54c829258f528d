"""GatewayService over gRPC: hands requests to the use cases or straight through to the owning
service. Thin on purpose: errors are mapped by the runtime's interceptor."""
from __future__ import annotations

from gateway.service import GatewayService
from rondo.gateway.v1 import gateway_pb2_grpc


class GatewayServicer(gateway_pb2_grpc.GatewayServiceServicer):
    def __init__(self, service: GatewayService):
        self.service = service

    # Straight through to league/ (it validates and owns the data).
    async def CreateCompetition(self, request, context):
        return await self.service.league("CreateCompetition", request)

    async def GetCompetition(self, request, context):
        return await self.service.league("GetCompetition", request)

    async def RegisterPlayer(self, request, context):
        return await self.service.league("RegisterPlayer", request)

    async def WithdrawPlayer(self, request, context):
        return await self.service.league("WithdrawPlayer", request)

    async def ListPlayers(self, request, context):
        return await self.service.league("ListPlayers", request)

    async def ListDraws(self, request, context):
        return await self.service.league("ListDraws", request)

    # The organizer's draw workflow.
    async def DrawCompetition(self, request, context):
        return await self.service.draw_competition(request, context.time_remaining())

    async def Redraw(self, request, context):
        return await self.service.redraw(request, context.time_remaining())

    async def ApproveDraw(self, request, context):
        return await self.service.approve_draw(request)

    async def GetDraw(self, request, context):
        return await self.service.get_draw(request)

    async def ListTables(self, request, context):
        return await self.service.list_tables(request)

    # Brackets and pairings: straight through to solver/ (stateless).
    async def BuildKnockout(self, request, context):
        return await self.service.solver("BuildKnockout", request)

    async def BuildRoundRobin(self, request, context):
        return await self.service.solver("BuildRoundRobin", request)

    async def MahjongPlayoff(self, request, context):
        return await self.service.solver("MahjongPlayoff", request)
