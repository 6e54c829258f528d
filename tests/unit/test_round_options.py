"""Booking's side of the round auto-scheduler on in-memory fakes: the round's options (common options per
match of a round, pending players, booked matches), PrepareRoundSchedule (the solver's problem built
from them) and ProposeMeetings (PROPOSED meetings by the
organizer's auto-scheduler, all or none, the suggested room booked first)."""

from __future__ import annotations

from datetime import UTC

import pytest

from booking.domain.round_options import AUTO_SCHEDULER
from booking.domain.scheduling import MeetingStatus
from booking.grpc_api import round_schedule_to_proto
from booking.use_cases.auto_schedule import Proposal
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import scheduling_pb2
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at

pytestmark = pytest.mark.unit


@pytest.fixture
def club(booking):
    club = booking.clubs.create_club("Discard club", "")
    booking.clubs.add_room(club.id, "Room A")
    booking.clubs.add_room(club.id, "Room B")
    return club


def open_match(booking, club, key, players=PLAYERS):
    return booking.scheduling.open_match(club.id, key, players, WINDOW_START, WINDOW_END, 120)


def answer(booking, key, players, *slots):
    for p in players:
        booking.scheduling.set_availability(key, p, list(slots))


@pytest.mark.rule("schedule.auto.options-from-booking")
def test_round_options_only_for_matches_everyone_answered_and_nobody_booked(booking, club):
    open_match(booking, club, "c/1/1/1")
    open_match(booking, club, "c/1/1/2", ["q1", "q2", "q3", "q4"])
    open_match(booking, club, "c/1/1/3", ["r1", "r2", "r3", "r4"])
    answer(booking, "c/1/1/1", PLAYERS, (at(0, 18), at(0, 23)))
    answer(booking, "c/1/1/2", ["q1", "q2", "q3"], (at(1, 18), at(1, 23)))
    answer(booking, "c/1/1/3", ["r1", "r2", "r3", "r4"], (at(2, 18), at(2, 23)))
    booking.scheduling.assign_meeting("c/1/1/3", at(2, 18), at(2, 22), [])
    found = booking.auto_schedule.round_options(["c/1/1/1", "c/1/1/2", "c/1/1/3"])
    rooms = [r.id for r in found.rooms]
    assert [r.name for r in found.rooms] == ["Room A", "Room B"]
    first, second, third = found.matches
    assert [(o.slot.start, o.slot.end, o.room_ids) for o in first.options] == [(at(0, 18), at(0, 23), tuple(rooms))]
    assert (first.pending, first.booked) == ((), False)
    assert (second.pending, second.options) == (("q4",), ())  # not everyone answered: no options
    assert (third.booked, third.options) == (True, ())
    # the booked meeting of match 3 takes Room A on day 2 18-22: match 2 answering day 2 gets Room B only
    answer(booking, "c/1/1/2", ["q1", "q2", "q3", "q4"], (at(2, 18), at(2, 23)))
    [option] = booking.auto_schedule.round_options(["c/1/1/2"]).matches[0].options
    assert (option.slot.start, option.slot.end, option.room_ids) == (at(2, 18), at(2, 23), (rooms[1],))


@pytest.mark.rule("schedule.auto.options-from-booking")
def test_prepare_round_schedule_asks_the_solver_to_place_only_the_matches_everyone_answered(booking, club):
    open_match(booking, club, "c/1/1/1")
    open_match(booking, club, "c/1/1/2", ["q1", "q2", "q3", "q4"])
    answer(booking, "c/1/1/1", PLAYERS, (at(0, 18), at(0, 23)))
    answer(booking, "c/1/1/2", ["q1", "q2", "q3"], (at(1, 18), at(1, 23)))
    asked = booking_pb2.PrepareRoundScheduleRequest(
        match_keys=["c/1/1/1", "c/1/1/2"],
        start_step_minutes=15,
        preference=scheduling_pb2.SchedulePreference(evening_start_minute=19 * 60),
        time_limit_seconds=5,
        seed=3,
    )
    prepared = booking.auto_schedule.prepare_round_schedule(list(asked.match_keys), 240)
    sent = round_schedule_to_proto(prepared, asked)
    problem = sent.problem
    assert [m.match_id for m in problem.matches] == ["c/1/1/1"]  # c/1/1/2 waits for q4
    [match] = problem.matches
    assert (list(match.player_ids), match.length_minutes) == (list(PLAYERS), 240)
    [candidate] = match.candidates
    assert (candidate.start.ToDatetime(UTC), candidate.end.ToDatetime(UTC)) == (at(0, 18), at(0, 23))
    assert list(problem.room_ids) == [r.id for r in prepared.options.rooms] == list(candidate.room_ids)
    assert problem.window_start.ToDatetime(UTC) == WINDOW_START and problem.time_zone == club.time_zone
    assert (problem.start_step_minutes, problem.time_limit_seconds, problem.seed) == (15, 5, 3)
    assert problem.preference == asked.preference
    assert [(m.match.match_key, list(m.pending_player_ids), m.booked) for m in sent.matches] == [
        ("c/1/1/1", [], False),
        ("c/1/1/2", ["q4"], False),
    ]
    without = booking.auto_schedule.prepare_round_schedule(["c/1/1/1"]).problem
    assert [m.length_minutes for m in without.matches] == [120]  # 0: the match's own minimum


@pytest.mark.rule("schedule.auto.no-double-booking")
def test_a_player_booked_in_another_match_of_the_round_is_not_offered_that_time(booking, club):
    # a 1-vs-1 round: "a" plays two matches; one is booked Monday 18-20
    open_match(booking, club, "u/1/1/1", ["a", "b"])
    open_match(booking, club, "u/1/1/2", ["a", "c"])
    answer(booking, "u/1/1/1", ["a", "b"], (at(0, 18), at(0, 23)))
    answer(booking, "u/1/1/2", ["a", "c"], (at(0, 18), at(0, 23)))
    booking.scheduling.assign_meeting("u/1/1/1", at(0, 18), at(0, 20), [])
    [_, other] = booking.auto_schedule.round_options(["u/1/1/1", "u/1/1/2"]).matches
    assert [(o.slot.start, o.slot.end) for o in other.options] == [(at(0, 20), at(0, 23))]


def test_round_options_refuse_unknown_matches_and_mixed_clubs(booking, club):
    open_match(booking, club, "c/1/1/1")
    with pytest.raises(NotFound, match="c/1/1/9"):
        booking.auto_schedule.round_options(["c/1/1/1", "c/1/1/9"])
    other = booking.clubs.create_club("Other club", "")
    booking.scheduling.open_match(other.id, "o/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 120)
    with pytest.raises(FailedPrecondition, match="different clubs"):
        booking.auto_schedule.round_options(["c/1/1/1", "o/1/1/1"])
    with pytest.raises(InvalidArgument) as error:
        booking.auto_schedule.round_options(["c/1/1/1", "c/1/1/1", ""])
    assert {v.field for v in error.value.violations} == {"match_keys[1]", "match_keys[2]"}


@pytest.mark.rule("schedule.auto.proposals-need-confirmations")
def test_proposals_are_proposed_meetings_that_book_their_suggested_room_when_everyone_confirms(booking, club, uow):
    open_match(booking, club, "c/1/1/1")
    answer(booking, "c/1/1/1", PLAYERS, (at(0, 18), at(0, 23)))
    room_b = [r for r in booking.clubs.list_rooms(club.id) if r.name == "Room B"][0]
    [meeting] = booking.auto_schedule.propose_meetings(
        [Proposal("c/1/1/1", at(0, 18), at(0, 22), room_b.id)], AUTO_SCHEDULER, "k"
    )
    assert (meeting.status, meeting.proposed_by, meeting.room_id) == (MeetingStatus.PROPOSED, AUTO_SCHEDULER, room_b.id)
    assert uow.repository.bookings_by_id == {}  # nothing booked before the confirmations
    # the same key answers the same meeting; the same slot proposed again is the same meeting
    assert [
        m.id
        for m in booking.auto_schedule.propose_meetings(
            [Proposal("c/1/1/1", at(0, 18), at(0, 22), room_b.id)], AUTO_SCHEDULER, "k"
        )
    ] == [meeting.id]
    assert [
        m.id for m in booking.auto_schedule.propose_meetings([Proposal("c/1/1/1", at(0, 18), at(0, 22))], AUTO_SCHEDULER)
    ] == [meeting.id]
    assert len(uow.repository.meetings_by_id) == 1
    for p in PLAYERS:
        done = booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p)
    assert done.status is MeetingStatus.BOOKED and done.room_id == room_b.id  # Room B, though Room A comes first by name


@pytest.mark.rule("schedule.auto.proposals-need-confirmations")
def test_proposals_are_all_or_none_and_each_inside_a_common_option(booking, club, uow):
    open_match(booking, club, "c/1/1/1")
    open_match(booking, club, "c/1/1/2", ["q1", "q2", "q3", "q4"])
    answer(booking, "c/1/1/1", PLAYERS, (at(0, 18), at(0, 23)))
    answer(booking, "c/1/1/2", ["q1", "q2", "q3", "q4"], (at(1, 18), at(1, 23)))
    good = Proposal("c/1/1/1", at(0, 18), at(0, 22))
    with pytest.raises(FailedPrecondition, match="not inside a common option"):
        booking.auto_schedule.propose_meetings([good, Proposal("c/1/1/2", at(0, 18), at(0, 22))], AUTO_SCHEDULER)
    with pytest.raises(FailedPrecondition, match="in the past"):
        booking.auto_schedule.propose_meetings([good, Proposal("c/1/1/2", at(-3, 18), at(-3, 22))], AUTO_SCHEDULER)
    with pytest.raises(NotFound):
        booking.auto_schedule.propose_meetings([good, Proposal("c/1/1/2", at(1, 18), at(1, 22), "no-such-room")], AUTO_SCHEDULER)
    with pytest.raises(InvalidArgument) as error:
        booking.auto_schedule.propose_meetings([good, Proposal("c/1/1/2", at(1, 22), at(1, 18))], "organizer auto")
    assert {v.field for v in error.value.violations} == {"proposed_by", "proposals[1].end"}
    assert uow.repository.meetings_by_id == {}
    booking.scheduling.assign_meeting("c/1/1/2", at(1, 18), at(1, 22), [])
    with pytest.raises(FailedPrecondition, match="booked meanwhile"):
        booking.auto_schedule.propose_meetings([good, Proposal("c/1/1/2", at(1, 18), at(1, 22))], AUTO_SCHEDULER)
    assert [m.proposed_by for m in uow.repository.meetings_by_id.values()] == [""]  # only the organizer's assignment
