"""GatewayService over gRPC: the public API's messages (``rondo.gateway.v1``) in and out, the internal
services' messages downstream. Thin on purpose: an RPC that is one downstream call is a row of
``gateway/routes.py`` (the same messages passed on, or explicit converters where shapes differ); the orchestrations are methods here
that hand their request to a use case (``gateway/service.py``). Errors are mapped by the runtime's
interceptor, and every RPC has passed the guard (``gateway/guard.py``: token, role, self fields) before
it gets here."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from google.protobuf import message_factory
from google.protobuf.struct_pb2 import Struct

from gateway.access_api import AccessRpcs
from gateway.adapters.events import Event
from gateway.domain.events import event_query
from gateway.domain.update_mask import fields_to_update, nested_paths
from gateway.event_payloads import set_typed
from gateway.event_service import EventService
from gateway.guard import current_principal
from gateway.identity_api import IdentityRpcs
from gateway.identity_service import IdentityService
from gateway.mediation import MediationFlow
from gateway.projections import get_projections
from gateway.reminders import ReminderPublisher
from gateway.routes import ROUTES, Route
from gateway.scope_service import ScopeService
from gateway.service import GatewayService
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import (
    events_pb2,
    gateway_pb2_grpc,
    reminders_pb2,
)
from rondo_runtime import paging
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.idempotency import caller_of
from rondo_runtime.text import CLUB_TIME_ZONE_FIXED

LINK_ACCOUNT_HEADER = "x-rondo-link-account"  # RegisterPlayer: the player account to link the new player to
CLUB_FIELDS = ("name", "opening_hours", "fallback_time")  # what UpdateClub changes
SCHEDULE_FIELDS = ("weekday", "local_time")  # what UpdateReminderSchedule changes


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


class GatewayServicer(IdentityRpcs, AccessRpcs, gateway_pb2_grpc.GatewayServiceServicer):
    def __init__(
        self,
        service: GatewayService,
        events: EventService | None = None,
        identity: IdentityService | None = None,
        scopes: ScopeService | None = None,
    ):
        """``identity``: the accounts and tokens (``gateway/identity_service.py``); ``scopes``: who holds
        which club and competition (``gateway/scope_service.py``); the guard in front of this servicer
        (``gateway/guard.py``) uses the same ones."""
        self.service = service
        self.event_service = events or EventService(service.events)
        self.reminders = ReminderPublisher(service)
        self.mediation = MediationFlow(service)
        self._identity = identity
        self._scopes = scopes

    async def route(self, route: Route, request, context):
        """One downstream call: the request passed on (converted where the route says), the call made
        ``via`` the route (with what remains of the incoming deadline), the answer passed back (converted,
        or the owner's page with its token)."""
        internal = route.internal_request(request)
        try:
            answer = await route.via(self, route.rpc, route.method, internal, caller(context), context.time_remaining())
        except InvalidArgument as error:
            raise route.renamed(error) from None
        public = message_factory.GetMessageClass(route.public.output_type)
        if route.page is None:
            return route.public_answer(answer)
        out = public(next_page_token=answer.next_page_token)
        getattr(out, route.page.field).extend(getattr(answer, route.page.items))
        for name in route.page.keep:
            getattr(out, name).extend(getattr(answer, name))
        return out

    # --- competitions and rosters ---
    async def RegisterPlayer(self, request, context):
        inner = self.service.scoped(request, "RegisterPlayer", caller(context))
        account_id = link_account(context)
        if account_id:  # checked first: a refused link registers nobody
            await asyncio.to_thread(self.identity.linkable, account_id, LINK_ACCOUNT_HEADER)
        player = await self.service.league("RegisterPlayer", inner, context.time_remaining())
        if account_id:
            await asyncio.to_thread(self.identity.link_player, current_principal(), account_id, player.competition_id, player.id)
        return player

    # --- the organizer's draw workflow ---
    async def DrawCompetition(self, request, context):
        return await self.service.once(
            "DrawCompetition", caller(context), request, context.time_remaining(), self.service.draw_competition
        )

    async def Redraw(self, request, context):
        return await self.service.once("Redraw", caller(context), request, context.time_remaining(), self.service.redraw)

    async def GetSeating(self, request, context):
        return await self.service.seating(request, context.time_remaining())

    # --- projections: prepared by league, proven by the solver (gateway/projections.py) ---
    async def GetProjections(self, request, context):
        return await get_projections(self.service, request, context.time_remaining())

    # --- stages after the draw: planned by league, seated by the solver, stored by league ---
    async def AdvanceStage(self, request, context):
        return await self.service.advance_stage(request, caller(context), context.time_remaining())

    # --- scheduling a round (gateway/service.py) ---
    async def OpenRoundScheduling(self, request, context):
        return await self.service.open_round_scheduling(request, caller(context), context.time_remaining())

    async def ProposeRoundSchedule(self, request, context):
        return await self.service.propose_round_schedule(request, caller(context), context.time_remaining())

    async def ListClubs(self, request, context):
        """The clubs the caller holds (``ScopeService.club_listing``): booking reads the page."""
        principal = current_principal()
        if principal is None or self._scopes is None:
            raise RuntimeError("ListClubs needs the guard's principal and the scope service")
        listing = await asyncio.to_thread(self._scopes.club_listing, principal)
        inner = booking_pb2.ListClubsRequest(
            all=listing.every,
            club_ids=sorted(listing.ids),
            page_size=paging.page_size(request.page_size),
            page_token=request.page_token,
        )
        return await self.service.booking("ListClubs", inner, context.time_remaining())

    async def UpdateClub(self, request, context):
        """AIP-134: the fields in ``update_mask`` (or, without one, those ``club`` sets) change; the time
        zone never does (booking refuses any but the club's own; a mask naming it is refused here)."""
        club = request.club
        given = {n for n in CLUB_FIELDS if (club.HasField(n) if n == "opening_hours" else getattr(club, n))}
        changed = fields_to_update(request.update_mask.paths, CLUB_FIELDS, given, {"time_zone": CLUB_TIME_ZONE_FIXED})
        inner = booking_pb2.UpdateClubRequest(club_id=club.id)
        if "name" in changed:
            inner.name = club.name
        if "opening_hours" in changed:
            inner.opening_hours.CopyFrom(club.opening_hours)
        if "fallback_time" in changed:
            inner.fallback_time = club.fallback_time
        if club.time_zone and not request.update_mask.paths:  # the whole club sent back: its own zone is fine
            inner.time_zone = club.time_zone
        try:
            answer = await self.service.booking("UpdateClub", inner, context.time_remaining())
        except InvalidArgument as error:
            raise nested_paths(error, {"club_id": "club.id", **{n: f"club.{n}" for n in (*CLUB_FIELDS, "time_zone")}}) from None
        return answer

    # --- events for bots (gateway/event_service.py) ---
    async def WatchEvents(self, request, context):
        query = event_query(request.after, list(request.kinds), request.competition_id)
        principal = current_principal()
        with self.event_service.stream_slot(principal.account_id if principal is not None else ""):
            await context.send_initial_metadata(())  # the stream is open: the client may tell before any event
            async for event in self.event_service.watch(query, gone=context.done):
                yield event_to_proto(event)

    async def ListEvents(self, request, context):
        query = event_query(request.after, list(request.kinds), request.competition_id)
        events, token = await asyncio.to_thread(self.event_service.list, query, request.page_size, request.page_token)
        return events_pb2.ListEventsResponse(events=[event_to_proto(e) for e in events], next_page_token=token)

    # --- reminders (gateway/reminders.py): the periodic task publishes `reminder.due` ---
    async def UpdateReminderSchedule(self, request, context):
        """AIP-134 over booking's SetReminderSchedule: the current schedule with the fields in
        ``update_mask`` (or, without one, those ``reminder_schedule`` sets) replaced."""
        wanted = request.reminder_schedule
        given = {n for n in SCHEDULE_FIELDS if getattr(wanted, n)}
        changed = fields_to_update(request.update_mask.paths, SCHEDULE_FIELDS, given)
        try:
            current = reminders_pb2.ReminderSchedule()
            if len(changed) < len(SCHEDULE_FIELDS):  # what the mask leaves stays as it is
                current = await self.service.booking(
                    "GetReminderSchedule",
                    reminders_pb2.GetReminderScheduleRequest(club_id=wanted.club_id),
                    context.time_remaining(),
                )
            merged = booking_pb2.SetReminderScheduleRequest(
                club_id=wanted.club_id,
                weekday=wanted.weekday if "weekday" in changed else current.weekday,
                local_time=wanted.local_time if "local_time" in changed else current.local_time,
            )
            answer = await self.service.booking("SetReminderSchedule", merged, context.time_remaining())
        except InvalidArgument as error:
            raise nested_paths(error, {n: f"reminder_schedule.{n}" for n in ("club_id", *SCHEDULE_FIELDS)}) from None
        return answer

    async def PublishDueReminders(self, request, context):
        published = await self.reminders.publish_due(context.time_remaining())
        return reminders_pb2.PublishDueRemindersResponse(reminders=published.reminders)

    # --- Up&Down mediation (gateway/mediation.py): a game recorded in league and booking ---
    async def RecordMediatedGame(self, request, context):
        return await self.mediation.record_game(request, caller(context), context.time_remaining())


def _routed(route: Route) -> Callable:
    async def handler(self: GatewayServicer, request, context):
        return await self.route(route, request, context)

    handler.__name__ = handler.__qualname__ = route.rpc
    handler.__doc__ = f"{route.service}.{route.method} ({route.via.__name__}; gateway/routes.py)"
    return handler


for _rpc, _route in ROUTES.items():
    if _rpc in vars(GatewayServicer):
        raise TypeError(f"{_rpc} is both a route and a method of GatewayServicer")
    setattr(GatewayServicer, _rpc, _routed(_route))


def event_to_proto(event: Event) -> events_pb2.Event:
    payload = Struct()
    payload.update(event.payload)
    answer = events_pb2.Event(
        id=event.id, kind=event.kind, competition_id=event.competition_id, subject_id=event.subject_id, payload=payload
    )
    answer.created_at.FromDatetime(event.created_at)
    set_typed(answer, event.payload)  # the kind's typed member; ``payload`` stays filled for one release
    return answer
