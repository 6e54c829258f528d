"""Every contract written once (docs/architecture.md "Contracts"; issue 19 §3): no internal message or
enum is a copy of a public one; where the shapes really differ the gateway's converters
(gateway/adapters/converters.py) are explicit and each is tested here; a route checks itself when the
gateway loads (gateway/routes.py ``Route.check``) and refuses what could not work, saying why."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FileDescriptor

from gateway.adapters import converters
from gateway.routes import ROUTES, Page, Route, RouteError, read_league, schedule
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import common_pb2, competitions_pb2, gateway_pb2, results_pb2, scheduling_pb2, stages_pb2
from rondo.league.v1 import league_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.unit

INTERNAL = (league_pb2.DESCRIPTOR, booking_pb2.DESCRIPTOR, solver_pb2.DESCRIPTOR)


def _public_files() -> Iterator[FileDescriptor]:
    seen: set[str] = set()
    todo = [gateway_pb2.DESCRIPTOR]
    while todo:
        file = todo.pop()
        if file.name in seen or not file.package == "rondo.gateway.v1":
            continue
        seen.add(file.name)
        yield file
        todo.extend(file.dependencies)


def _same_enum(a: EnumDescriptor, b: EnumDescriptor) -> bool:
    return [(v.number, v.name) for v in a.values] == [(v.number, v.name) for v in b.values]


def _same_message(a: Descriptor, b: Descriptor) -> bool:
    """The same fields (numbers, names, types, labels, presence; nested types the very same)."""
    mine = sorted((f.number, f.name, f.type, f.is_repeated, f.has_presence) for f in a.fields)
    theirs = sorted((f.number, f.name, f.type, f.is_repeated, f.has_presence) for f in b.fields)
    if mine != theirs:
        return False
    return all(
        f.message_type is b.fields_by_number[f.number].message_type and f.enum_type is b.fields_by_number[f.number].enum_type
        for f in a.fields
    )


def test_no_internal_message_or_enum_copies_a_public_one():
    public_messages = {m.name: m for f in _public_files() for m in f.message_types_by_name.values()}
    public_enums = {e.name: e for f in _public_files() for e in f.enum_types_by_name.values()}
    copies = []
    for file in INTERNAL:
        for message in file.message_types_by_name.values():
            twin = public_messages.get(message.name)
            if twin is not None and _same_message(message, twin):
                copies.append(message.full_name)
        for enum in file.enum_types_by_name.values():
            twin_enum = public_enums.get(enum.name)
            if twin_enum is not None and _same_enum(enum, twin_enum):
                copies.append(enum.full_name)
    assert copies == [], "import the public message instead (proto/rondo/<service>/v1/*.proto)"


def test_the_internal_services_speak_the_public_messages_they_share():
    league = league_pb2.DESCRIPTOR.services_by_name["LeagueService"].methods_by_name
    assert league["GetCompetition"].output_type is competitions_pb2.Competition.DESCRIPTOR
    assert league["RecordHanchan"].input_type is results_pb2.RecordHanchanRequest.DESCRIPTOR
    booking = booking_pb2.DESCRIPTOR.services_by_name["BookingService"].methods_by_name
    assert booking["GetAvailability"].output_type is scheduling_pb2.Availability.DESCRIPTOR
    assert solver_pb2.DrawTablesResponse.DESCRIPTOR.fields_by_name["rounds"].message_type is common_pb2.Round.DESCRIPTOR
    assert solver_pb2.DrawTablesResponse.DESCRIPTOR.fields_by_name["status"].enum_type is common_pb2.SolveStatus.DESCRIPTOR


# --- the converters -----------------------------------------------------------------------------------


def test_a_create_request_s_resource_goes_downstream_flat():
    competition = converters.create_competition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Spring", ruleset="discard-league-2026", rounds=3, table_size=4),
            ruleset_overrides='{"rounds": 3}',
            idempotency_key="k",
        )
    )
    assert competition == league_pb2.CreateCompetitionRequest(
        name="Spring",
        ruleset="discard-league-2026",
        rounds=3,
        table_size=4,
        ruleset_overrides='{"rounds": 3}',
        idempotency_key="k",
    )
    hours = scheduling_pb2.OpeningHours(windows=[scheduling_pb2.OpeningWindow(day=1, opens="18:00", closes="23:00")])
    club = converters.create_club(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(name="Club", time_zone="Europe/Kirov", opening_hours=hours, fallback_time="19:00"),
            idempotency_key="c",
        )
    )
    assert club == booking_pb2.CreateClubRequest(
        name="Club", time_zone="Europe/Kirov", opening_hours=hours, fallback_time="19:00", idempotency_key="c"
    )
    assert not converters.create_club(scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="C"))).HasField(
        "opening_hours"
    )
    room = converters.create_room(
        scheduling_pb2.CreateRoomRequest(club_id="c1", room=scheduling_pb2.Room(name="Big"), idempotency_key="r")
    )
    assert room == booking_pb2.AddRoomRequest(club_id="c1", name="Big", idempotency_key="r")


def test_a_list_request_goes_to_its_owner_with_its_page_and_the_default_size_resolved():
    asked = results_pb2.ListResultRecordsRequest(competition_id="c1", round=2, table=3, stage=1, page_size=5, page_token="t")
    inner = converters.paged(asked, league_pb2.ListMatchHistoryRequest)
    assert inner == league_pb2.ListMatchHistoryRequest(
        competition_id="c1", round=2, table=3, stage=1, page_size=5, page_token="t"
    )
    # 0 is the default page, said to the owner; a size out of bounds is refused before the owner is asked
    assert converters.paged(results_pb2.ListResultRecordsRequest(), league_pb2.ListMatchHistoryRequest).page_size == 100
    with pytest.raises(InvalidArgument) as bad:
        converters.paged(results_pb2.ListResultRecordsRequest(page_size=1001), league_pb2.ListMatchHistoryRequest)
    assert [v.field for v in bad.value.violations] == ["page_size"]
    public, internal = results_pb2.ListResultRecordsRequest.DESCRIPTOR, league_pb2.ListMatchHistoryRequest.DESCRIPTOR
    assert converters.paged_problems(public, internal) == []
    # another filter on either side, or no page at all, is said
    assert converters.paged_problems(competitions_pb2.ListPlayersRequest.DESCRIPTOR, internal)[:2] == [
        "rondo.gateway.v1.ListPlayersRequest.include_inactive is not rondo.league.v1.ListMatchHistoryRequest.include_inactive",
        "rondo.gateway.v1.ListPlayersRequest.page_size is not rondo.league.v1.ListMatchHistoryRequest.page_size",
    ]
    assert converters.paged_problems(competitions_pb2.GetCompetitionRequest.DESCRIPTOR, internal)[0] == (
        "rondo.gateway.v1.GetCompetitionRequest has no page_size and page_token"
    )


def test_league_s_stage_plan_reaches_a_client_without_its_seating_and_with_every_public_field():
    plan = league_pb2.StagePlan(
        competition_id="c1",
        number=2,
        kind="playoff",
        name="round 1",
        groups=[stages_pb2.StageGroup(name="A", player_ids=["a", "b"])],
        notes=["places 1-8"],
        notes_ru=["места 1-8"],
        finished=False,
    )
    plan.rounds.add().tables.add(player_ids=["a", "b"])  # league's seating: not in the public plan
    public = converters.stage_plan(plan)
    assert public == stages_pb2.StagePlan(
        competition_id="c1",
        number=2,
        kind="playoff",
        name="round 1",
        groups=[stages_pb2.StageGroup(name="A", player_ids=["a", "b"])],
        notes=["places 1-8"],
        notes_ru=["места 1-8"],
    )
    # a field added to both plans is a field this converter must copy
    internal = {f.name for f in league_pb2.StagePlan.DESCRIPTOR.fields} - {"rounds"}
    assert {f.name for f in stages_pb2.StagePlan.DESCRIPTOR.fields} == internal


# --- routes check themselves -------------------------------------------------------------------------------


def test_every_route_checks_and_passes_the_same_messages_where_it_names_no_converter():
    for rpc, route in ROUTES.items():
        route.check()
        if route.request is None and route.page is None:
            assert route.downstream.input_type is route.public.input_type, rpc
    passed = ROUTES["GetCompetition"]
    asked = competitions_pb2.GetCompetitionRequest(competition_id="c1")
    assert passed.internal_request(asked) is asked
    answer = competitions_pb2.Competition(id="c1")
    assert passed.public_answer(answer) is answer
    assert ROUTES["PrepareStage"].public_answer(league_pb2.StagePlan(number=2)) == stages_pb2.StagePlan(number=2)


@pytest.mark.parametrize(
    ("route", "said"),
    [
        (Route("league", "GetDraw", read_league, rpc="NoSuchRpc"), "GatewayService has no RPC 'NoSuchRpc'"),
        (Route("league", "NoSuchMethod", read_league, rpc="GetDraw"), "league.NoSuchMethod: no such downstream RPC"),
        (Route("booking", "GetDraw", schedule, rpc="GetDraw"), "booking.GetDraw: no such downstream RPC"),
        (
            Route("league", "CreateCompetition", read_league, rpc="CreateCompetition"),
            "takes rondo.league.v1.CreateCompetitionRequest, not rondo.gateway.v1.CreateCompetitionRequest: give a request converter",
        ),
        (
            Route("league", "PrepareStage", read_league, rpc="PrepareStage"),
            "answers rondo.league.v1.StagePlan, not rondo.gateway.v1.StagePlan: give an answer converter",
        ),
        (
            Route("league", "ListMatchHistory", read_league, page=Page("records", "players"), rpc="ListPlayers"),
            "the request is not the downstream's",
        ),
        (
            Route("league", "GetCompetition", read_league, page=Page("competitions", "competitions"), rpc="ListCompetitions"),
            "the request is not the downstream's",
        ),
        (
            Route("league", "ListMatchHistory", read_league, page=Page("records", "nothing"), rpc="ListResultRecords"),
            "has no repeated field 'nothing'",
        ),
        (
            Route("league", "ListRulesetVersions", read_league, page=Page("versions", "rulesets"), rpc="ListRulesetVersions"),
            "has no repeated field 'rulesets'",
        ),
    ],
)
def test_a_route_that_cannot_work_is_refused_when_the_gateway_loads_saying_why(route: Route, said: str):
    with pytest.raises(RouteError, match="gateway/routes.py") as refused:
        route.check()
    assert said in str(refused.value)
