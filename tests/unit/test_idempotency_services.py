"""Idempotency keys in the league and booking use cases, on in-memory fakes (``rondo_runtime.idempotency``):
one key, one request; a key means nothing to another method; a reused key never returns the old result."""

from __future__ import annotations

import pytest

from booking.service import BookingService
from league.domain.certificate import SolveRecord
from league.domain.model import DrawStatistics
from league.domain.records import HanchanEntry
from league.service import League
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.idempotency import REUSED_MESSAGE
from tests.unit.fakes import FakeBookingRepository, FakeLeagueRepository, FakeUnitOfWork

pytestmark = pytest.mark.unit
STATS = DrawStatistics(objective=(1, 0), lower_bound=(1, 0), proven_optimal=True, method="test")


def _reused(error: pytest.ExceptionInfo[InvalidArgument]) -> None:
    assert [v.field for v in error.value.violations] == ["idempotency_key"]
    assert REUSED_MESSAGE in error.value.message


@pytest.fixture
def league_uow() -> FakeUnitOfWork[FakeLeagueRepository]:
    return FakeUnitOfWork(FakeLeagueRepository())


@pytest.fixture
def league(league_uow) -> League:
    return League(league_uow)


def test_a_competition_key_is_bound_to_its_request(league, league_uow):
    first = league.competitions.create("Spring", "", 2, 4, idempotency_key="k")
    assert league.competitions.create("Spring", "", 2, 4, idempotency_key="k").id == first.id
    with pytest.raises(InvalidArgument) as error:
        league.competitions.create("Spring", "", 3, 4, idempotency_key="k")
    _reused(error)
    assert list(league_uow.repository.competitions) == [first.id]
    assert league.competitions.create("Spring", "", 2, 4, idempotency_key="k2").id != first.id


def test_a_player_key_is_bound_to_its_competition_and_name(league, league_uow):
    a = league.competitions.create("A", "", 2, 4)
    b = league.competitions.create("B", "", 2, 4)
    saki = league.roster.register(a.id, "Saki", idempotency_key="k")
    assert league.roster.register(a.id, "Saki", idempotency_key="k").id == saki.id
    for competition_id, name in ((a.id, "Nodoka"), (b.id, "Saki")):
        with pytest.raises(InvalidArgument) as error:
            league.roster.register(competition_id, name, idempotency_key="k")
        _reused(error)
    assert list(league_uow.repository.players_by_id) == [saki.id]


def test_a_draw_key_is_bound_to_its_seats_and_other_methods_keys_mean_nothing(league, league_uow):
    competition = league.competitions.create("L", "", 2, 4, idempotency_key="same")
    ids = [league.roster.register(competition.id, f"P{i}").id for i in range(8)]
    rounds = ((tuple(ids[:4]), tuple(ids[4:])), ((ids[0], ids[1], ids[4], ids[5]), (ids[2], ids[3], ids[6], ids[7])))
    draw = league.draws.save(competition.id, 1, rounds, STATS, idempotency_key="same")  # CreateCompetition's key too
    assert league.draws.save(competition.id, 1, rounds, STATS, idempotency_key="same").id == draw.id
    with pytest.raises(InvalidArgument) as error:
        league.draws.save(competition.id, 1, (rounds[1], rounds[0]), STATS, idempotency_key="same")
    _reused(error)
    assert [d.id for d in league.draws.list(competition.id)] == [draw.id]


def test_a_draw_with_its_solve_record_is_keyed_on_the_question_asked_of_the_solver(league, league_uow):
    """The gateway's retry after a lost answer asks the solver the same question; a differing answer
    (a draw the wall clock cut) gets the draw stored first, a different question is refused."""
    competition = league.competitions.create("L", "", 2, 4)
    ids = [league.roster.register(competition.id, f"P{i}").id for i in range(8)]
    rounds = ((tuple(ids[:4]), tuple(ids[4:])), ((ids[0], ids[1], ids[4], ids[5]), (ids[2], ids[3], ids[6], ids[7])))
    asked = SolveRecord(solver_request=b"draw 8 players, seed 7", work_budget=100, work_used=100, reproducible=False)
    draw = league.draws.save(competition.id, 7, rounds, STATS, idempotency_key="k", solve_record=asked)
    other_answer = league.draws.save(competition.id, 7, (rounds[1], rounds[0]), STATS, idempotency_key="k", solve_record=asked)
    assert other_answer.id == draw.id and other_answer.rounds == rounds
    with pytest.raises(InvalidArgument) as error:
        other_question = SolveRecord(solver_request=b"draw 8 players, seed 8", work_budget=100, work_used=1, reproducible=True)
        league.draws.save(competition.id, 8, rounds, STATS, idempotency_key="k", solve_record=other_question)
    _reused(error)
    assert [d.id for d in league.draws.list(competition.id)] == [draw.id]


@pytest.fixture
def booking_uow() -> FakeUnitOfWork[FakeBookingRepository]:
    return FakeUnitOfWork(FakeBookingRepository())


@pytest.fixture
def booking(booking_uow) -> BookingService:
    return BookingService(booking_uow)


def test_booking_keys_are_bound_to_their_requests(booking, booking_uow):
    club = booking.clubs.create_club("Discard club", "", idempotency_key="k")
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.create_club("Discard club", "Europe/Moscow", idempotency_key="k")
    _reused(error)
    room = booking.clubs.add_room(club.id, "Big room", idempotency_key="k")
    assert booking.clubs.add_room(club.id, "Big room", idempotency_key="k").id == room.id
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.add_room(club.id, "Annex", idempotency_key="k")
    _reused(error)
    assert list(booking_uow.repository.clubs_by_id) == [club.id] and list(booking_uow.repository.rooms_by_id) == [room.id]


def test_a_hanchan_retried_with_its_scores_in_another_order_is_the_same_request(league, league_uow):
    """A hanchan's scores arrive as a protobuf map, whose order differs between processes: the retry of
    a record that reached another league replica (or the same one restarted) is answered the first
    record, not refused as a different request; other scores under the key still are."""
    competition = league.competitions.create("L", "", 2, 4)
    ids = [league.roster.register(competition.id, f"P{i}").id for i in range(8)]
    rounds = ((tuple(ids[:4]), tuple(ids[4:])), ((ids[0], ids[1], ids[4], ids[5]), (ids[2], ids[3], ids[6], ids[7])))
    league.draws.approve(competition.id, league.draws.save(competition.id, 1, rounds, STATS).id)
    scores = tuple(zip(ids[:4], (45_000, 35_000, 25_000, 15_000), strict=True))
    first = league.records.record_hanchan(competition.id, 1, 1, HanchanEntry(1, scores), "judge", "k")
    again = league.records.record_hanchan(competition.id, 1, 1, HanchanEntry(1, tuple(reversed(scores))), "judge", "k")
    assert again.id == first.id
    swapped = tuple(zip(ids[:4], (35_000, 45_000, 25_000, 15_000), strict=True))
    with pytest.raises(InvalidArgument) as error:
        league.records.record_hanchan(competition.id, 1, 1, HanchanEntry(1, swapped), "judge", "k")
    _reused(error)
