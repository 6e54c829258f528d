"""The public API's RPCs that are one downstream call: which call, how it is made (with the events it
appends), and how request and answer convert (docs/architecture.md "Contracts").

Each :class:`Route` names the downstream RPC; the four message types are read from the two service
descriptors (the gateway's and the downstream's). By default both directions convert by wire bytes
(``gateway/adapters/public_api.py``: the pair must be listed there, checked when this module loads);
a route gives an explicit ``request`` converter where the shapes differ (a Create request carrying the
resource), and ``page`` where the public answer is a page of the downstream's whole list. The
orchestrations (draws, stages, scheduling a round, mediated games, updates with a field mask) are
methods of ``gateway/grpc_api.py`` itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from google.protobuf import message_factory
from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.message import Message

from gateway.adapters.public_api import convert, pair_of
from gateway.domain.update_mask import nested_paths
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import competitions_pb2, gateway_pb2, scheduling_pb2
from rondo.league.v1 import league_pb2
from rondo_runtime.errors import InvalidArgument

if TYPE_CHECKING:
    from gateway.grpc_api import GatewayServicer

GATEWAY = gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"]
DOWNSTREAM = {
    "league": league_pb2.DESCRIPTOR.services_by_name["LeagueService"],
    "booking": booking_pb2.DESCRIPTOR.services_by_name["BookingService"],
}

#: How a route's downstream call is made: (servicer, gateway RPC, downstream RPC, request, caller,
#: remaining deadline) -> the downstream's answer.
Via = Callable[["GatewayServicer", str, str, Any, str, "float | None"], Awaitable[Any]]


async def read_league(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    return await servicer.service.league(method, request, deadline)


async def act_league(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    """League stores it; the idempotency key is scoped to the caller and the gateway's RPC."""
    return await servicer.service.league(method, servicer.service.scoped(request, rpc, caller), deadline)


async def record(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    """A result record: appends ``standings.changed`` (and ``stage.completed``)."""
    return await servicer.service.record_result(method, request, caller, deadline)


async def standings(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    """A ruleset version, a tie decision or a decision on a stale playoff: appends ``standings.changed``."""
    return await servicer.service.standings_change(method, request, caller, deadline)


async def withdraw(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    return await servicer.service.withdraw_player(request, caller, deadline)


async def disqualify(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    return await servicer.service.disqualify_player(request, caller, deadline)


async def checkpoint(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    return await servicer.service.apply_checkpoint(request, caller, deadline)


async def approve(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    """Appends ``draw.published``."""
    return await servicer.service.approve_draw(request, deadline)


async def schedule(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    """Booking: the key scoped to the caller and the RPC; meetings booked or undone append events."""
    return await servicer.service.schedule(method, request, caller, deadline, rpc=rpc)


async def request_mediation(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    return await servicer.mediation.request(request, caller, deadline)


async def set_mediation(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    """AnswerMediation, DecideMediation: the game is set (appends ``mediation.scheduled``)."""
    return await servicer.mediation.answer_or_decide(method, request, deadline)


async def request_timeout(servicer: GatewayServicer, rpc: str, method: str, request, caller: str, deadline: float | None):
    return await servicer.mediation.request_timeout(request, caller, deadline)


@dataclass(frozen=True)
class Page:
    """The public answer is a page of the downstream answer's repeated field ``items`` as the public
    answer's field ``field``; ``keep``: other fields of the downstream answer copied onto every page."""

    items: str
    field: str
    keep: tuple[str, ...] = ()


@dataclass(frozen=True)
class Route:
    """``service``: "league" or "booking"; ``method``: its RPC; ``via``: how the gateway calls it.
    ``request``: the public request -> the downstream request (None: by wire bytes); ``nested``: the
    public request holds the downstream request's fields ``nested[1]`` under ``nested[0]`` (so its field
    violations are renamed ``<nested[0]>.<field>``)."""

    service: str
    method: str
    via: Via
    request: Callable[[Any], Message] | None = None
    nested: tuple[str, tuple[str, ...]] | None = None
    page: Page | None = None
    rpc: str = field(default="", compare=False)

    @property
    def downstream(self) -> MethodDescriptor:
        return DOWNSTREAM[self.service].methods_by_name[self.method]

    @property
    def public(self) -> MethodDescriptor:
        return GATEWAY.methods_by_name[self.rpc]

    def internal_request(self, request) -> Message:
        if self.request is not None:
            return self.request(request)
        return convert(request, message_factory.GetMessageClass(self.downstream.input_type))

    def renamed(self, error: InvalidArgument) -> InvalidArgument:
        if self.nested is None:
            return error
        prefix, fields = self.nested
        return nested_paths(error, {name: f"{prefix}.{name}" for name in fields})

    def check(self) -> None:
        """Every wire conversion the route makes is a listed pair (UnregisteredPair otherwise)."""
        internal_in = message_factory.GetMessageClass(self.downstream.input_type)
        public_in = message_factory.GetMessageClass(self.public.input_type)
        internal_out = message_factory.GetMessageClass(self.downstream.output_type)
        public_out = message_factory.GetMessageClass(self.public.output_type)
        if self.request is None:
            pair_of(public_in, internal_in)
        if self.page is None:
            pair_of(internal_out, public_out)
        else:
            item = public_out.DESCRIPTOR.fields_by_name[self.page.field].message_type
            source = internal_out.DESCRIPTOR.fields_by_name[self.page.items].message_type
            pair_of(message_factory.GetMessageClass(source), message_factory.GetMessageClass(item))
            for name in self.page.keep:
                pair_of(
                    message_factory.GetMessageClass(internal_out.DESCRIPTOR.fields_by_name[name].message_type),
                    message_factory.GetMessageClass(public_out.DESCRIPTOR.fields_by_name[name].message_type),
                )


# --- explicit request converters: the resource of a Create request, flat downstream ---


def create_competition(request: competitions_pb2.CreateCompetitionRequest) -> league_pb2.CreateCompetitionRequest:
    c = request.competition
    return league_pb2.CreateCompetitionRequest(
        name=c.name,
        ruleset=c.ruleset,
        rounds=c.rounds,
        table_size=c.table_size,
        ruleset_overrides=request.ruleset_overrides,
        idempotency_key=request.idempotency_key,
    )


def create_club(request: scheduling_pb2.CreateClubRequest) -> booking_pb2.CreateClubRequest:
    club = request.club
    return booking_pb2.CreateClubRequest(
        name=club.name,
        time_zone=club.time_zone,
        opening_hours=convert(club.opening_hours, booking_pb2.OpeningHours) if club.HasField("opening_hours") else None,
        fallback_time=club.fallback_time,
        idempotency_key=request.idempotency_key,
    )


def create_room(request: scheduling_pb2.CreateRoomRequest) -> booking_pb2.AddRoomRequest:
    return booking_pb2.AddRoomRequest(club_id=request.club_id, name=request.room.name, idempotency_key=request.idempotency_key)


def _league(method: str, via: Via = read_league, **options: Any) -> Route:
    return Route("league", method, via, **options)


def _booking(method: str, **options: Any) -> Route:
    return Route("booking", method, options.pop("via", schedule), **options)


_ROUTES: dict[str, Route] = {
    # competitions and rosters
    "CreateCompetition": _league(
        "CreateCompetition",
        act_league,
        request=create_competition,
        nested=("competition", ("name", "ruleset", "rounds", "table_size")),
    ),
    "GetCompetition": _league("GetCompetition"),
    "WithdrawPlayer": _league("WithdrawPlayer", withdraw),
    "CloseRegistration": _league("CloseRegistration", act_league),
    "ListPlayers": _league("ListPlayers", page=Page("players", "players")),
    "ChangeRuleset": _league("ChangeRuleset", standings),
    "ListRulesetVersions": _league("ListRulesetVersions", page=Page("versions", "ruleset_versions")),
    "ListRulesets": _league("ListRulesets", page=Page("rulesets", "rulesets")),
    # draws
    "ApproveDraw": _league("ApproveDraw", approve),
    "GetDraw": _league("GetDraw"),
    "ListDraws": _league("ListDraws", page=Page("draws", "draws")),
    "CommitDrawSeed": _league("CommitDrawSeed", act_league),
    "GetSeedCommitment": _league("GetSeedCommitment"),
    "GetDrawCertificate": _league("GetDrawCertificate"),
    # results and standings
    **{rpc: _league(rpc, record) for rpc in ("RecordHanchan", "RecordPenalty", "RecordNoShow", "RecordGame", "CorrectRecord")},
    **{rpc: _league(rpc, record) for rpc in ("ReportResult", "ConfirmResult", "DisputeResult", "ResolveDispute")},
    "ListResultRecords": _league("ListMatchHistory", page=Page("records", "result_records")),
    "GetStandings": _league("GetStandings"),
    "DecideTie": _league("DecideTie", standings),
    "DecidePlayoff": _league("DecidePlayoff", standings),
    # stages
    "PrepareStage": _league("PrepareStage"),
    "GetStage": _league("GetStage"),
    "ListStages": _league("ListStages", page=Page("stages", "stages")),
    "GetUpdownStandings": _league("GetUpdownStandings"),
    "ApplyCheckpoint": _league("ApplyCheckpoint", checkpoint),
    "DisqualifyPlayer": _league("DisqualifyPlayer", disqualify),
    "GetCupBracket": _league("GetCupBracket"),
    "GetPlayoff": _league("GetPlayoff"),
    # clubs, rooms, scheduling
    "CreateClub": _booking(
        "CreateClub", request=create_club, nested=("club", ("name", "time_zone", "opening_hours", "fallback_time"))
    ),
    "GetClub": _booking("GetClub"),
    "CreateRoom": _booking("AddRoom", request=create_room, nested=("room", ("name",))),
    "ListRooms": _booking("ListRooms", page=Page("rooms", "rooms")),
    "SetAvailability": _booking("SetAvailability"),
    "GetAvailability": _booking("GetMyAvailability"),
    **{
        rpc: _booking(rpc)
        for rpc in (
            "GetMatchCard",
            "ProposeMeeting",
            "ConfirmMeeting",
            "CancelMeeting",
            "AssignMeeting",
            "ApplyFallback",
            "MoveMatchWindow",
        )
    },
    # the club calendar
    **{
        rpc: _booking(rpc)
        for rpc in (
            "BookActivity",
            "BookRecurringActivity",
            "GetSeries",
            "CancelOccurrence",
            "MoveOccurrence",
            "CancelSeries",
            "RotateCalendarToken",
            "ExportCalendar",
        )
    },
    "ListBookings": _booking("ListBookings", page=Page("bookings", "bookings")),
    # reminders
    "GetReminderSchedule": _booking("GetReminderSchedule"),
    "AcknowledgeReminder": _booking("AcknowledgeReminder"),
    "ListReminders": _booking("ListReminders", page=Page("reminders", "reminders")),
    # mediation and time-outs
    "SetMediationCalendar": _booking("SetMediationCalendar"),
    "RequestMediation": _booking("RequestMediation", via=request_mediation),
    "AnswerMediation": _booking("AnswerMediation", via=set_mediation),
    "DecideMediation": _booking("DecideMediation", via=set_mediation),
    "RequestTimeout": _booking("RequestTimeout", via=request_timeout),
    "ListMediations": _booking("ListMediations", page=Page("mediations", "mediations", keep=("removal_due",))),
    "ListTimeouts": _booking("ListMediations", page=Page("timeouts", "timeouts")),
}

#: Every routed RPC of ``GatewayService`` by name, its conversions checked when this module loads.
ROUTES: dict[str, Route] = {}
for _rpc, _route in _ROUTES.items():
    ROUTES[_rpc] = dataclasses.replace(_route, rpc=_rpc)
    ROUTES[_rpc].check()
