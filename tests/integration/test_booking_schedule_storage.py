"""Scheduling storage on SQLite and PostgreSQL: answers kept as new rows, a whole match booked, the
database itself refusing two overlapping active bookings of one room, and the match card's reads in one
query giving what the separate reads give."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from booking.adapters.repository import BookingRepository
from booking.app import make_service
from booking.domain.scheduling import CardState, MeetingStatus, match_card
from booking.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import Aborted
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock

pytestmark = pytest.mark.integration


@pytest.fixture
def booking(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield make_service(engine, clock)
    engine.dispose()


@pytest.mark.rule("schedule.confirmation.all-four-book-a-room")
def test_a_match_is_agreed_booked_and_unbooked_in_storage(booking):
    club = booking.clubs.create_club("Discard club", "")
    room = booking.clubs.add_room(club.id, "Room 1")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 18), at(0, 20)), (at(0, 19), at(0, 23))])
    assert [(i.start, i.end) for i in booking.scheduling.get_my_availability("c/1/1/1", "p1").intervals] == [
        (at(0, 18), at(0, 23))
    ]
    meeting = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 23), [])
    for p in PLAYERS:
        done = booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p)
    assert done.status is MeetingStatus.BOOKED and done.room_id == room.id
    [stored] = booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)
    assert (stored.slot.start, stored.slot.end, stored.meeting_id) == (at(0, 19), at(0, 23), meeting.id)
    answer = booking.scheduling.set_availability("c/1/1/1", "p3", [(at(1, 18), at(1, 23))])
    assert answer.cancelled_meeting_ids == (meeting.id,) and answer.availability.version == 2
    assert booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END) == []
    assert booking.scheduling.get_match_card("c/1/1/1", "p2").state is CardState.AGREEING


@pytest.mark.rule("schedule.booking.no-overlap-enforced-by-database")
def test_the_database_refuses_overlapping_active_bookings_of_one_room(booking):
    club = booking.clubs.create_club("Club", "")
    room = booking.clubs.add_room(club.id, "Room 1")
    first = booking.calendar.book_activity(club.id, room.id, "D&D evening", at(0, 18), at(0, 22))
    booking.calendar.book_activity(club.id, room.id, "Right after", at(0, 22), at(0, 23))  # [) ranges: touching is fine
    with pytest.raises(Aborted):
        booking.calendar.book_activity(club.id, room.id, "Poker", at(0, 21), at(0, 23))
    insert = text(
        "INSERT INTO bookings (id, club_id, room_id, starts_at, ends_at, status, title, created_at) "
        "VALUES (:id, :club, :room, :start, :end, :status, 'raw', :start)"
    )
    engine = booking.uow.engine
    for status, start, end in (("active", at(0, 19), at(0, 20)), ("active", at(0, 17), at(0, 23))):
        with pytest.raises(IntegrityError), engine.begin() as connection:  # past the service: the database says no
            connection.execute(
                insert, {"id": str(uuid.uuid4()), "club": club.id, "room": room.id, "start": start, "end": end, "status": status}
            )
    with engine.begin() as connection:  # a cancelled booking may overlap anything
        connection.execute(
            insert,
            {
                "id": str(uuid.uuid4()),
                "club": club.id,
                "room": room.id,
                "start": at(0, 19),
                "end": at(0, 20),
                "status": "cancelled",
            },
        )
        with pytest.raises(IntegrityError), connection.begin_nested():  # re-activating it would overlap
            connection.execute(text("UPDATE bookings SET status = 'active' WHERE title = 'raw'"))
    assert [b.id for b in booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)][0] == first.id


@pytest.mark.rule("schedule.proposal.rate-limited")
def test_the_proposal_rate_limit_is_counted_from_stored_meetings(db_url):
    """The limit holds across service instances (replicas) because it counts the stored proposals."""
    from datetime import timedelta

    from booking.use_cases.scheduling import MAX_PROPOSALS_PER_HOUR
    from rondo_runtime.errors import ResourceExhausted

    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    now = [clock()]
    first, second = make_service(engine, lambda: now[0]), make_service(engine, lambda: now[0])
    club = first.clubs.create_club("Discard club", "")
    first.clubs.add_room(club.id, "Room 1")
    first.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        first.scheduling.set_availability("c/1/1/1", p, [(at(0, 8), at(0, 23))])
    for n in range(MAX_PROPOSALS_PER_HOUR):
        (first if n % 2 else second).scheduling.propose_meeting("c/1/1/1", "p1", at(0, 8, n), at(0, 10, n), [])
    with pytest.raises(ResourceExhausted, match="try again after"):
        second.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 12), at(0, 14), [])
    now[0] += timedelta(hours=1, seconds=1)  # an hour later the budget is back
    assert first.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 12), at(0, 14), []).proposed_by == "p1"
    engine.dispose()


# --- the match card's reads in one query (issue 20 "GetMatchCard cheaper"): ``card_inputs`` gives exactly
# what the separate reads give: the club with its opening hours, its rooms in the database's order of
# names, each room's active bookings overlapping the match's window only (not another club's, not a
# cancelled one, not outside the window), every player's latest answer only (an answer of no interval
# included), the meetings by start with all they carry, their confirmations; and the same card.


def _separate(repo: BookingRepository, match_key: str):
    """The card's inputs as the separate reads give them (the reference)."""
    match = repo.match_by_key(match_key)
    assert match is not None
    busy = repo.busy_times(match.club_id, match.window.start, match.window.end)
    return match, (
        repo.club(match.club_id),
        tuple(r.id for r in repo.rooms(match.club_id)),
        {room: sorted(slots) for room, slots in busy.items()},
        repo.availabilities(match.id),
        sorted(repo.meetings(match.id), key=lambda m: (m.slot.start, m.id)),
        sorted(repo.confirmations(match.id), key=lambda c: (c.meeting_id, c.player_id, c.availability_version)),
    )


def _in_one_query(repo: BookingRepository, match_key: str):
    match = repo.match_by_key(match_key)
    assert match is not None
    got = repo.card_inputs(match)
    return match, (
        got.club,
        got.room_ids,
        {room: sorted(slots) for room, slots in got.busy.items()},
        dict(got.answers),
        sorted(got.meetings, key=lambda m: (m.slot.start, m.id)),
        sorted(got.confirmations, key=lambda c: (c.meeting_id, c.player_id, c.availability_version)),
    )


def _same(booking, match_key: str) -> None:
    def check(repo: BookingRepository) -> None:
        match, reference = _separate(repo, match_key)
        _, found = _in_one_query(repo, match_key)
        assert found == reference
        inputs = repo.card_inputs(match)
        assert [m.slot.start for m in inputs.meetings] == sorted(m.slot.start for m in inputs.meetings)
        club, rooms, busy, answers, meetings, confirmations = reference
        for viewer in ("", *match.player_ids):
            assert match_card(
                match, inputs.answers, inputs.meetings, inputs.confirmations, inputs.room_ids, inputs.busy, viewer
            ) == match_card(match, answers, meetings, confirmations, rooms, busy, viewer)

    booking.scheduling.uow.read(check)


def test_the_card_reads_in_one_query_what_the_separate_reads_give(booking):
    club = booking.clubs.create_club(
        "Card club",
        "Europe/Berlin",
        opening_hours=[(d, "10:00", "22:00") if d == 4 else (d, "00:00", "24:00") for d in range(1, 8)],
        fallback_time="17:00",
    )
    rooms = [booking.clubs.add_room(club.id, name) for name in ("b room", "A room", "a Room 2", "Zen", "_under")]
    other = booking.clubs.create_club("Other club", "")
    elsewhere = booking.clubs.add_room(other.id, "Room 1")
    booking.calendar.book_activity(other.id, elsewhere.id, "Not ours", at(0, 18), at(0, 22))  # another club's
    booking.calendar.book_activity(club.id, rooms[0].id, "Before the window", WINDOW_START - timedelta(hours=5), WINDOW_START)
    booking.calendar.book_activity(club.id, rooms[3].id, "Across the start", WINDOW_START - timedelta(hours=1), at(0, 2))
    booking.calendar.book_activity(club.id, rooms[1].id, "Inside", at(1, 12), at(1, 14))
    booking.calendar.book_activity(
        club.id, rooms[1].id, "Across the end", WINDOW_END - timedelta(hours=1), WINDOW_END + timedelta(hours=1)
    )
    cancelled = booking.calendar.book_activity(club.id, rooms[2].id, "Cancelled", at(0, 12), at(0, 14))
    booking.calendar.cancel_occurrence(club.id, cancelled.id, "no one came")

    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    _same(booking, "c/1/1/1")  # nobody answered yet: no answers, no meetings
    booking.scheduling.set_availability("c/1/1/1", "p1", [(at(0, 12), at(0, 14))])
    booking.scheduling.set_availability("c/1/1/1", "p1", [(at(0, 18), at(0, 23)), (at(2, 10), at(2, 13))])  # version 2
    booking.scheduling.set_availability("c/1/1/1", "p2", [(at(0, 17), at(0, 23)), (at(2, 9), at(2, 14))])
    booking.scheduling.set_availability("c/1/1/1", "p3", [(at(0, 18), at(0, 23)), (at(2, 10), at(2, 13))])
    _same(booking, "c/1/1/1")  # three answers, one pending
    booking.scheduling.set_availability("c/1/1/1", "p4", [(at(0, 18), at(0, 23)), (at(2, 10), at(2, 13))])
    late = booking.scheduling.propose_meeting("c/1/1/1", "p2", at(2, 10), at(2, 13), [])
    early = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 23), [])
    booking.scheduling.confirm_meeting("c/1/1/1", late.id, "p3")
    for player in PLAYERS:
        booking.scheduling.confirm_meeting("c/1/1/1", early.id, player)
    booking.scheduling.cancel_meeting("c/1/1/1", late.id)
    _same(booking, "c/1/1/1")  # a booked meeting with its room and booking, a cancelled one, confirmations
    assert booking.scheduling.get_match_card("c/1/1/1", "p1").state is CardState.BOOKED

    booking.scheduling.open_match(club.id, "c/1/1/2", ["q1", "q2"], WINDOW_START, WINDOW_END, 60)
    booking.scheduling.set_availability("c/1/1/2", "q1", [])  # an answer of no interval still counts
    booking.scheduling.set_availability("c/1/1/2", "q2", [(at(3, 10), at(3, 12))])
    _same(booking, "c/1/1/2")
    assert booking.scheduling.get_match_card("c/1/1/2", "q1").answered == ("q1", "q2")


def test_a_card_whose_club_is_gone_reads_no_club(booking):
    club = booking.clubs.create_club("Card club", "")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)

    def check(repo: BookingRepository) -> None:
        match = repo.match_by_key("c/1/1/1")
        assert match is not None
        assert repo.card_inputs(dataclasses.replace(match, club_id="no-such-club")).club is None

    booking.scheduling.uow.read(check)
