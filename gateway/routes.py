"""The public API's RPCs that are one downstream call: which call, how it is made (with the events it
appends), and, only where the shapes differ, how request and answer convert (docs/architecture.md
"Contracts").

Each :class:`Route` names the downstream RPC. League and booking declare their RPCs with the public
messages wherever the shape is the same (``rondo.gateway.v1``, imported by their protos), so by default
a route passes the public request downstream as it is and answers the downstream answer as it is: the
same objects. A route gives an explicit ``request`` or ``answer`` converter
(``gateway/adapters/converters.py``) where the shapes differ (a Create request carrying the resource,
league's stage plan with its seating), and ``page`` where the public answer is a page the owner
read (``rondo_runtime/paging.py``: the request goes with its page, the answer's items are renamed). :meth:`Route.check` runs for
every route when this module loads: the downstream RPC exists, and its request and answer types are the
public RPC's or a converter is given. The orchestrations (draws, stages, scheduling a round, mediated
games, updates with a field mask) are methods of ``gateway/grpc_api.py`` itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, MethodDescriptor
from google.protobuf.message import Message

from gateway.adapters.converters import create_club, create_competition, create_room, paged, paged_problems, stage_plan
from gateway.domain.update_mask import nested_paths
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import gateway_pb2
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
    """The public answer is the owner's page: the downstream answer's repeated field ``items`` as the
    public answer's field ``field``, with its ``next_page_token``; ``keep``: other fields of the
    downstream answer copied onto every page."""

    items: str
    field: str
    keep: tuple[str, ...] = ()


class RouteError(TypeError):
    """A route that cannot work: raised when ``gateway/routes.py`` loads, so the gateway never starts with it."""


@dataclass(frozen=True)
class Route:
    """``service``: "league" or "booking"; ``method``: its RPC; ``via``: how the gateway calls it.
    ``request``: the public request -> the downstream request, ``answer``: the downstream answer -> the
    public answer, only where the types differ (None: passed as they are); ``nested``: the public
    request holds the downstream request's fields ``nested[1]`` under ``nested[0]`` (so its field
    violations are renamed ``<nested[0]>.<field>``)."""

    service: str
    method: str
    via: Via
    request: Callable[[Any], Message] | None = None
    answer: Callable[[Any], Message] | None = None
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
        if self.page is not None:
            return paged(request, message_factory.GetMessageClass(self.downstream.input_type))
        return request

    def public_answer(self, answer) -> Message:
        return answer if self.answer is None else self.answer(answer)

    def renamed(self, error: InvalidArgument) -> InvalidArgument:
        if self.nested is None:
            return error
        prefix, fields = self.nested
        return nested_paths(error, {name: f"{prefix}.{name}" for name in fields})

    def check(self) -> None:
        """The route can work (RouteError saying why not): the public and the downstream RPC exist; the
        public request is the downstream's (for a page: the same fields) unless a ``request``
        converter is given; the downstream answer is the public one unless an ``answer`` converter is
        given; a page's items (and kept fields) are the same messages on both sides."""
        where = f"gateway/routes.py {self.rpc or '?'} -> {self.service}.{self.method}"
        if self.rpc not in GATEWAY.methods_by_name:
            raise RouteError(f"{where}: GatewayService has no RPC {self.rpc!r}")
        if self.service not in DOWNSTREAM or self.method not in DOWNSTREAM[self.service].methods_by_name:
            raise RouteError(f"{where}: no such downstream RPC")
        down, public = self.downstream, self.public
        if self.request is None:
            if self.page is not None:
                problems = paged_problems(public.input_type, down.input_type)
                if problems:
                    raise RouteError(f"{where}: the request is not the downstream's: {'; '.join(problems)}")
            elif down.input_type is not public.input_type:
                raise RouteError(
                    f"{where}: takes {down.input_type.full_name}, not {public.input_type.full_name}: give a request converter"
                )
        if self.page is not None:
            if self.answer is not None:
                raise RouteError(f"{where}: a page and an answer converter")
            if "next_page_token" not in down.output_type.fields_by_name:
                raise RouteError(f"{where}: {down.output_type.full_name} has no next_page_token: the owner does not page")
            for theirs, mine in ((self.page.items, self.page.field), *((n, n) for n in self.page.keep)):
                if _field_type(down.output_type, theirs, where) is not _field_type(public.output_type, mine, where):
                    raise RouteError(
                        f"{where}: {down.output_type.full_name}.{theirs} is not {public.output_type.full_name}.{mine}"
                    )
        elif self.answer is None and down.output_type is not public.output_type:
            raise RouteError(
                f"{where}: answers {down.output_type.full_name}, not {public.output_type.full_name}: give an answer converter"
            )


def _field_type(message: Descriptor, name: str, where: str) -> Descriptor | None:
    found = message.fields_by_name.get(name)
    if found is None or not found.is_repeated:
        raise RouteError(f"{where}: {message.full_name} has no repeated field {name!r}")
    return found.message_type


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
    "ListCompetitions": _league("ListCompetitions"),
    "WithdrawPlayer": _league("WithdrawPlayer", withdraw),
    "CloseRegistration": _league("CloseRegistration", act_league),
    "ListPlayers": _league("ListPlayers"),
    "ChangeRuleset": _league("ChangeRuleset", standings),
    "ListRulesetVersions": _league("ListRulesetVersions", page=Page("versions", "ruleset_versions")),
    "ListRulesets": _league("ListRulesets"),
    # draws
    "ApproveDraw": _league("ApproveDraw", approve),
    "GetDraw": _league("GetDraw"),
    "ListDraws": _league("ListDraws"),
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
    "PrepareStage": _league("PrepareStage", answer=stage_plan),
    "GetStage": _league("GetStage"),
    "ListStages": _league("ListStages"),
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
    "ListRooms": _booking("ListRooms"),
    "SetAvailability": _booking("SetAvailability"),
    "GetAvailability": _booking("GetAvailability"),
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
    "ListBookings": _booking("ListBookings"),
    # reminders
    "GetReminderSchedule": _booking("GetReminderSchedule"),
    "AcknowledgeReminder": _booking("AcknowledgeReminder"),
    "ListReminders": _booking("ListReminders"),
    # mediation and time-outs
    "SetMediationCalendar": _booking("SetMediationCalendar"),
    "RequestMediation": _booking("RequestMediation", via=request_mediation),
    "AnswerMediation": _booking("AnswerMediation", via=set_mediation),
    "DecideMediation": _booking("DecideMediation", via=set_mediation),
    "RequestTimeout": _booking("RequestTimeout", via=request_timeout),
    "ListMediations": _booking("ListMediations", page=Page("mediations", "mediations", keep=("removal_due",))),
    "ListTimeouts": _booking("ListTimeouts"),
}

#: Every routed RPC of ``GatewayService`` by name, each checked when this module loads (Route.check).
ROUTES: dict[str, Route] = {}
for _rpc, _route in _ROUTES.items():
    ROUTES[_rpc] = dataclasses.replace(_route, rpc=_rpc)
    ROUTES[_rpc].check()
