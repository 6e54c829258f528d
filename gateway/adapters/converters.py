"""The few places where a public message and the internal one it is sent as really differ
(docs/architecture.md "Contracts").

League, booking and the solver declare their RPCs with the public API's own messages wherever the shape
is the same (``rondo.gateway.v1``, imported by their protos), so the gateway passes those on as they
are: the same object, nothing converted. What is left is here, each converter explicit and tested
(``tests/unit/test_converters.py``):

- a Create request carries the resource (AIP-133); the downstream request is flat;
- a List whose owner answers other fields: its request is the public one's fields (page size and
  keyset page token, ``rondo_runtime/paging.py``, included), passed on with the page size resolved;
- league's ``StagePlan`` also carries the rounds it seats (for ``SaveStage``); the public plan does not.
"""

from __future__ import annotations

from typing import TypeVar

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import competitions_pb2, scheduling_pb2, stages_pb2
from rondo.league.v1 import league_pb2
from rondo_runtime.paging import PAGE_FIELDS, page_size

M = TypeVar("M", bound=Message)


# --- a Create request: the resource it carries, flat downstream ---


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
        opening_hours=club.opening_hours if club.HasField("opening_hours") else None,
        fallback_time=club.fallback_time,
        idempotency_key=request.idempotency_key,
    )


def create_room(request: scheduling_pb2.CreateRoomRequest) -> booking_pb2.AddRoomRequest:
    return booking_pb2.AddRoomRequest(club_id=request.club_id, name=request.room.name, idempotency_key=request.idempotency_key)


# --- a List request: the same filters and page, the page size resolved ---


def _same_field(a: FieldDescriptor, b: FieldDescriptor) -> bool:
    return (a.number, a.name, a.type, a.is_repeated, a.has_presence) == (
        b.number,
        b.name,
        b.type,
        b.is_repeated,
        b.has_presence,
    ) and (a.message_type is b.message_type and a.enum_type is b.enum_type)


def paged_problems(public: Descriptor, internal: Descriptor) -> list[str]:
    """Why ``internal`` is not ``public`` field for field, its page included (empty: it is)."""
    found = []
    if [f.name for f in public.fields if f.name in PAGE_FIELDS] != list(PAGE_FIELDS):
        found.append(f"{public.full_name} has no page_size and page_token")
    for field in public.fields:
        theirs = internal.fields_by_name.get(field.name)
        if theirs is None or not _same_field(field, theirs):
            found.append(f"{public.full_name}.{field.name} is not {internal.full_name}.{field.name}")
    found += [
        f"{internal.full_name}.{f.name} is not in {public.full_name}"
        for f in internal.fields
        if f.name not in public.fields_by_name
    ]
    return found


def paged(request: Message, target: type[M]) -> M:
    """The public List ``request`` as the owner's ``target`` (the same fields: ``paged_problems``, checked
    for every route when ``gateway/routes.py`` loads), its page size resolved: the owner reads one page."""
    out = target.FromString(request.SerializeToString())
    out.page_size = page_size(request.page_size)
    return out


# --- league's stage plan: without the seating league keeps for SaveStage ---


def stage_plan(plan: league_pb2.StagePlan) -> stages_pb2.StagePlan:
    return stages_pb2.StagePlan(
        competition_id=plan.competition_id,
        number=plan.number,
        kind=plan.kind,
        name=plan.name,
        groups=plan.groups,
        notes=plan.notes,
        finished=plan.finished,
        notes_ru=plan.notes_ru,
    )
