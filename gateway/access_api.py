"""GrantAccess and RevokeAccess over gRPC (docs/rules.md access.organizers.scoped): protobuf <->
``gateway/scope_service.py``. The guard has already checked that the caller owns the club or the
competition; the handler checks that it exists (league or booking answers NOT_FOUND) before granting."""

from __future__ import annotations

import asyncio

from gateway.domain.scopes import AccessGrant, Kind
from gateway.identity_api import _ts, caller
from gateway.scope_service import ScopeService
from gateway.service import GatewayService
from rondo.gateway.v1 import competitions_pb2, identity_pb2, scheduling_pb2


def grant_to_proto(grant: AccessGrant) -> identity_pb2.AccessGrant:
    return identity_pb2.AccessGrant(
        club_id=grant.resource_id if grant.kind == Kind.CLUB.value else "",
        competition_id=grant.resource_id if grant.kind == Kind.COMPETITION.value else "",
        account_id=grant.account_id,
        owner=grant.owner,
        granted_by=grant.granted_by,
        granted_at=_ts(grant.granted_at),
        revoked=grant.revoked_at is not None,
    )


class AccessRpcs:
    """The access half of ``GatewayServicer`` (mixed in; ``self._scopes`` and ``self.service`` set)."""

    _scopes: ScopeService | None
    service: GatewayService

    @property
    def scopes(self) -> ScopeService:
        if self._scopes is None:  # a servicer built without scopes (some service-layer tests)
            raise RuntimeError("this gateway servicer was built without a scope service")
        return self._scopes

    async def GrantAccess(self, request, context):
        if request.club_id and not request.competition_id:
            await self.service.booking(
                "GetClub", scheduling_pb2.GetClubRequest(club_id=request.club_id), context.time_remaining()
            )
        elif request.competition_id and not request.club_id:
            await self.service.league(
                "GetCompetition",
                competitions_pb2.GetCompetitionRequest(competition_id=request.competition_id),
                context.time_remaining(),
            )
        grant = await asyncio.to_thread(self.scopes.grant, caller(), request.club_id, request.competition_id, request.account_id)
        return grant_to_proto(grant)

    async def RevokeAccess(self, request, context):
        grant = await asyncio.to_thread(self.scopes.revoke, caller(), request.club_id, request.competition_id, request.account_id)
        return grant_to_proto(grant)
