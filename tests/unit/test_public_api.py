"""The public API's own messages (docs/architecture.md "Contracts"): every RPC has its own request and
only public messages; every RPC is routed or orchestrated, each route checked; no public answer but the
owner's availability carries intervals; the AIP shapes (a Create request holding the resource, an Update
with a field mask, pages with tokens bound to their query) on the fakes. The converters and the routes'
checks themselves: tests/unit/test_converters.py."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from google.protobuf.descriptor import Descriptor
from google.protobuf.field_mask_pb2 import FieldMask

from gateway.app import DESCRIPTOR
from gateway.grpc_api import GatewayServicer
from gateway.routes import ROUTES
from rondo.gateway.v1 import (
    competitions_pb2,
    draws_pb2,
    gateway_pb2_grpc,
    reminders_pb2,
    scheduling_pb2,
)
from rondo_runtime.errors import InvalidArgument
from tests.unit.test_booking_gateway import Gateway
from tests.unit.test_gateway_reminders_mediation import Gateway as RemindersGateway

pytestmark = pytest.mark.unit

PUBLIC_PACKAGE = "rondo.gateway.v1."


# --- the service ----------------------------------------------------------------------------------------


def _messages(descriptor: Descriptor, seen: set[str]) -> Iterator[Descriptor]:
    if descriptor.full_name in seen:
        return
    seen.add(descriptor.full_name)
    yield descriptor
    for field in descriptor.fields:
        if field.message_type is not None:
            yield from _messages(field.message_type, seen)


def test_every_rpc_has_its_own_request_and_every_message_is_the_public_package_s():
    requests = [m.input_type.full_name for m in DESCRIPTOR.methods]
    assert len(requests) == len(set(requests))  # buf's RPC_REQUEST_RESPONSE_UNIQUE, for requests
    seen: set[str] = set()
    for method in DESCRIPTOR.methods:
        assert method.input_type.name == f"{method.name}Request", method.name  # buf's RPC_REQUEST_STANDARD_NAME
        for message in (*_messages(method.input_type, seen), *_messages(method.output_type, seen)):
            assert message.full_name.startswith((PUBLIC_PACKAGE, "google.protobuf.")), (method.name, message.full_name)


def test_every_rpc_is_routed_or_orchestrated():
    base = gateway_pb2_grpc.GatewayServiceServicer
    for method in DESCRIPTOR.methods:
        handler = getattr(GatewayServicer, method.name)
        assert handler is not getattr(base, method.name), f"{method.name} is not implemented"
    assert set(ROUTES) <= {m.name for m in DESCRIPTOR.methods}
    for route in ROUTES.values():
        route.check()  # the downstream RPC exists; the same messages, or a converter where they differ


@pytest.mark.rule("access.privacy.intervals-owner-only")
def test_no_public_answer_but_the_owners_availability_carries_intervals():
    """The type of availability intervals appears in the public API's answers only as the caller's own
    Availability (its RPCs are the owner's alone: access.privacy.intervals-owner-only)."""
    seen: set[str] = set()
    carriers = set()
    for method in DESCRIPTOR.methods:
        for message in _messages(method.output_type, seen):
            for field in message.fields:
                if field.name == "intervals" or (
                    field.is_repeated and field.message_type and field.message_type.name == "TimeInterval"
                ):
                    carriers.add(message.full_name)
    assert carriers == {"rondo.gateway.v1.Availability"}
    readers = {m.name for m in DESCRIPTOR.methods if m.output_type.full_name == "rondo.gateway.v1.Availability"}
    assert readers == {"SetAvailability", "GetAvailability"}


# --- AIP shapes on the fakes -----------------------------------------------------------------------------


@pytest.fixture
def gateway():
    g = Gateway()
    yield g
    g.close()


def _mask(*paths: str) -> FieldMask:
    return FieldMask(paths=list(paths))


def test_create_requests_carry_the_resource_and_its_errors_name_the_resource_s_fields(gateway):
    made = gateway(
        "CreateCompetition",
        competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Spring", rounds=3)),
    )
    assert (made.name, made.rounds, made.ruleset) == ("Spring", 3, "discard-league-2026") and made.id
    assert gateway("GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=made.id)) == made
    with pytest.raises(InvalidArgument) as bad:
        gateway(
            "CreateCompetition",
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name=" ", table_size=99)),
        )
    assert sorted(v.field for v in bad.value.violations) == ["competition.name", "competition.table_size"]
    club = gateway("CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club")))
    with pytest.raises(InvalidArgument) as bad:
        gateway("CreateRoom", scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name="")))
    assert [v.field for v in bad.value.violations] == ["room.name"]
    room = gateway("CreateRoom", scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name="Big")))
    assert (room.club_id, room.name) == (club.id, "Big")


def test_update_club_changes_the_fields_of_its_mask_and_never_the_time_zone(gateway):
    club = gateway(
        "CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club", time_zone="Europe/Berlin"))
    )
    wanted = scheduling_pb2.Club(id=club.id, name="New name", fallback_time="20:00", time_zone="Europe/Berlin")
    renamed = gateway("UpdateClub", scheduling_pb2.UpdateClubRequest(club=wanted, update_mask=_mask("name")))
    assert (renamed.name, renamed.fallback_time) == ("New name", "18:00")
    gateway.downstream.calls.clear()
    implied = gateway("UpdateClub", scheduling_pb2.UpdateClubRequest(club=wanted))  # its own zone: fine
    assert (implied.name, implied.fallback_time) == ("New name", "20:00")
    assert gateway.downstream.called("booking") == ["booking.UpdateClub"]  # booking checks the zone itself
    everything = gateway(
        "UpdateClub", scheduling_pb2.UpdateClubRequest(club=scheduling_pb2.Club(id=club.id, name="Third"), update_mask=_mask("*"))
    )
    assert (everything.name, everything.fallback_time, list(everything.opening_hours.windows)) == ("Third", "18:00", [])
    for mask, field in (
        (_mask("time_zone"), "update_mask"),
        (_mask("name", "colour"), "update_mask"),
        (_mask("*", "name"), "update_mask"),
    ):
        with pytest.raises(InvalidArgument) as bad:
            gateway("UpdateClub", scheduling_pb2.UpdateClubRequest(club=wanted, update_mask=mask))
        assert [v.field for v in bad.value.violations] == [field]
    with pytest.raises(InvalidArgument, match="time zone") as bad:  # without a mask: another zone is refused
        gateway("UpdateClub", scheduling_pb2.UpdateClubRequest(club=scheduling_pb2.Club(id=club.id, time_zone="Asia/Tokyo")))
    assert [v.field for v in bad.value.violations] == ["club.time_zone"]
    with pytest.raises(InvalidArgument) as bad:  # booking's own checks, named as the public request's fields
        gateway(
            "UpdateClub",
            scheduling_pb2.UpdateClubRequest(
                club=scheduling_pb2.Club(id=club.id, fallback_time="25:99"), update_mask=_mask("fallback_time")
            ),
        )
    assert [v.field for v in bad.value.violations] == ["club.fallback_time"]
    with pytest.raises(InvalidArgument) as bad:  # which club: its id, named as the request's path
        gateway("UpdateClub", scheduling_pb2.UpdateClubRequest(club=scheduling_pb2.Club(time_zone="Europe/Berlin")))
    assert [v.field for v in bad.value.violations] == ["club.id"]
    assert gateway("GetClub", scheduling_pb2.GetClubRequest(club_id=club.id)).time_zone == "Europe/Berlin"


def test_update_reminder_schedule_keeps_what_its_mask_leaves():
    gateway = RemindersGateway(datetime(2026, 3, 1, tzinfo=UTC))
    club = gateway("CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club")))
    asked = reminders_pb2.ReminderSchedule(club_id=club.id, weekday=3, local_time="20:30")
    both = gateway("UpdateReminderSchedule", reminders_pb2.UpdateReminderScheduleRequest(reminder_schedule=asked))
    assert (both.weekday, both.local_time) == (3, "20:30")
    later = reminders_pb2.ReminderSchedule(club_id=club.id, weekday=5, local_time="09:00")
    day = gateway(
        "UpdateReminderSchedule",
        reminders_pb2.UpdateReminderScheduleRequest(reminder_schedule=later, update_mask=_mask("weekday")),
    )
    assert (day.weekday, day.local_time) == (5, "20:30")
    back = gateway(  # a field named with its empty value: the default
        "UpdateReminderSchedule",
        reminders_pb2.UpdateReminderScheduleRequest(
            reminder_schedule=reminders_pb2.ReminderSchedule(club_id=club.id), update_mask=_mask("local_time")
        ),
    )
    assert (back.weekday, back.local_time) == (5, "19:00")
    with pytest.raises(InvalidArgument) as bad:
        gateway(
            "UpdateReminderSchedule",
            reminders_pb2.UpdateReminderScheduleRequest(
                reminder_schedule=reminders_pb2.ReminderSchedule(club_id=club.id, weekday=9), update_mask=_mask("weekday")
            ),
        )
    assert [v.field for v in bad.value.violations] == ["reminder_schedule.weekday"]
    assert gateway("GetReminderSchedule", reminders_pb2.GetReminderScheduleRequest(club_id=club.id)) == back
    gateway.close()


def test_lists_are_paged_with_tokens_bound_to_their_query(gateway):
    league = gateway.downstream.league_service
    competition = league.competitions.create("Paged", "discard-league-2026", 2, 4)
    ids = [league.roster.register(competition.id, f"P{i}").id for i in range(8)]
    league.roster.withdraw(competition.id, ids[0], "moved away")
    seen, token, pages = [], "", 0
    while True:
        page = gateway(
            "ListPlayers", competitions_pb2.ListPlayersRequest(competition_id=competition.id, page_size=3, page_token=token)
        )
        seen += [p.id for p in page.players]
        pages, token = pages + 1, page.next_page_token
        if not token:
            break
    assert (seen, pages) == (ids[1:], 3)  # registration order, the withdrawn player left out
    first = gateway("ListPlayers", competitions_pb2.ListPlayersRequest(competition_id=competition.id, page_size=3))
    for request, field in (
        (
            competitions_pb2.ListPlayersRequest(
                competition_id=competition.id, include_inactive=True, page_token=first.next_page_token
            ),
            "page_token",
        ),
        (competitions_pb2.ListPlayersRequest(competition_id=competition.id, page_token="not a token"), "page_token"),
        (competitions_pb2.ListPlayersRequest(competition_id=competition.id, page_size=1001), "page_size"),
    ):
        with pytest.raises(InvalidArgument) as bad:
            gateway("ListPlayers", request)
        assert [v.field for v in bad.value.violations] == [field]
    everyone = gateway("ListPlayers", competitions_pb2.ListPlayersRequest(competition_id=competition.id, include_inactive=True))
    assert [p.id for p in everyone.players] == ids and everyone.next_page_token == ""  # the default page: 100


def test_list_competitions_pages_league_s_competitions_oldest_first(gateway):
    league = gateway.downstream.league_service
    made = [league.competitions.create(f"League {i}", "discard-league-2026", 2, 4).id for i in range(5)]
    first = gateway("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=2))
    second = gateway("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=2, page_token=first.next_page_token))
    last = gateway("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=2, page_token=second.next_page_token))
    listed = [c.id for page in (first, second, last) for c in page.competitions]
    assert sorted(listed) == sorted(made) and len(listed) == 5 and last.next_page_token == ""
    assert [c.name for c in first.competitions] == [league.competitions.get(i).name for i in listed[:2]]


def test_get_draw_and_approve_draw_answer_the_draw_itself(gateway):
    league = gateway.downstream.league_service
    competition = league.competitions.create("Draws", "discard-league-2026", 2, 4)
    for i in range(8):
        league.roster.register(competition.id, f"P{i}")
    proposal = gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id))
    approved = gateway("ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=proposal.draw.id))
    assert approved.status == draws_pb2.DRAW_STATUS_APPROVED and approved.rounds == proposal.draw.rounds
    assert gateway("GetDraw", draws_pb2.GetDrawRequest(competition_id=competition.id)) == approved
    listed = gateway("ListDraws", draws_pb2.ListDrawsRequest(competition_id=competition.id))
    assert [d.id for d in listed.draws] == [approved.id]
    # league answers the public Draw itself: the gateway passes it on
    assert isinstance(approved, draws_pb2.Draw) and isinstance(listed, draws_pb2.ListDrawsResponse)
