"""League use cases on in-memory fakes: the service layer alone, no database, no gRPC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from league.adapters.repository import LeagueRepository
from league.domain.model import DrawStatistics, DrawStatus, PlayerStatus
from league.service import League
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests.unit.fakes import FakeLeagueRepository, FakeUnitOfWork, public_methods

pytestmark = pytest.mark.unit
START = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)
STATS = DrawStatistics(objective=(1, 0), lower_bound=(1, 0), proven_optimal=True, method="test")


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeLeagueRepository]:
    return FakeUnitOfWork(FakeLeagueRepository())


@pytest.fixture
def league(uow) -> League:
    return League(uow, clock=Clock())


def _league_of(league: League, players: int, rounds: int = 2):
    competition = league.competitions.create("Spring league", "discard-league-2026", rounds, 4)
    roster = [league.roster.register(competition.id, f"Player {i}") for i in range(players)]
    return competition, roster


def _rounds(ids: list[str], rounds: int):
    """A legal (if repetitive) draw: tables of four in roster order, rotated each round."""
    out = []
    for r in range(rounds):
        turned = ids[r:] + ids[:r]
        out.append(tuple(tuple(turned[i : i + 4]) for i in range(0, len(turned), 4)))
    return tuple(out)


def test_the_fake_repository_has_every_method_of_the_real_one():
    assert public_methods(LeagueRepository) <= public_methods(FakeLeagueRepository)


def test_create_competition_takes_its_time_from_the_injected_clock_and_is_idempotent(league, uow):
    first = league.competitions.create("Spring league", "", 0, 0, idempotency_key="k1")
    again = league.competitions.create("Spring league", "", 0, 0, idempotency_key="k1")
    assert again.id == first.id and len(uow.repository.competitions) == 1
    assert first.created_at == START + timedelta(minutes=1)
    assert league.competitions.get(first.id) == first


def test_bad_competition_request_names_the_fields(league, uow):
    with pytest.raises(InvalidArgument) as error:
        league.competitions.create("", "chess-960", 0, 0)
    assert {v.field for v in error.value.violations} >= {"name", "ruleset"}
    assert uow.repository.competitions == {}


def test_players_are_numbered_in_registration_order_and_names_are_unique(league, uow):
    competition, roster = _league_of(league, 3)
    assert [p.registration_order for p in roster] == [1, 2, 3]
    with pytest.raises(InvalidArgument) as error:
        league.roster.register(competition.id, "player 1")
    assert [v.field for v in error.value.violations] == ["name"]
    assert len(uow.repository.players_by_id) == 3  # the failed registration left nothing behind


def test_register_player_is_idempotent_per_competition(league):
    competition, _ = _league_of(league, 0)
    a = league.roster.register(competition.id, "Akagi", idempotency_key="p1")
    assert league.roster.register(competition.id, "Akagi", idempotency_key="p1").id == a.id
    assert [p.name for p in league.roster.list(competition.id)] == ["Akagi"]


def test_unknown_competition_is_not_found(league):
    with pytest.raises(NotFound):
        league.roster.register("no-such-competition", "Akagi")
    with pytest.raises(NotFound):
        league.draws.list("no-such-competition")


@pytest.mark.rule("mahjong.roster.withdrawal-keeps-history")
def test_withdrawn_player_leaves_the_main_roster_with_the_reason_kept(league, uow):
    competition, roster = _league_of(league, 4)
    withdrawn = league.roster.withdraw(competition.id, roster[1].id, "moved away")
    assert withdrawn.status is PlayerStatus.WITHDRAWN
    assert roster[1].id not in {p.id for p in league.roster.list(competition.id)}
    assert roster[1].id in {p.id for p in league.roster.list(competition.id, include_inactive=True)}
    assert uow.repository.status_reasons[roster[1].id] == "moved away"


def test_no_published_draw_is_failed_precondition(league):
    competition, _ = _league_of(league, 8)
    with pytest.raises(FailedPrecondition):
        league.draws.get(competition.id)


@pytest.mark.rule("draw.history.superseded-never-deleted")
@pytest.mark.rule("mahjong.draw.organizer-approves")
def test_approving_a_draw_publishes_it_and_supersedes_the_other_proposals(league):
    competition, roster = _league_of(league, 8)
    ids = [p.id for p in roster]
    first = league.draws.save(competition.id, 1, _rounds(ids, 2), STATS)
    second = league.draws.save(competition.id, 2, _rounds(ids[::-1], 2), STATS)
    assert (first.version, second.version) == (1, 2) and first.status is DrawStatus.PROPOSED
    approved = league.draws.approve(competition.id, second.id)
    assert approved.status is DrawStatus.APPROVED and approved.approved_at is not None
    assert league.draws.get(competition.id).id == second.id
    assert {d.id: d.status for d in league.draws.list(competition.id)} == {
        first.id: DrawStatus.SUPERSEDED,
        second.id: DrawStatus.APPROVED,
    }
    assert league.draws.approve(competition.id, second.id).id == second.id  # approving twice is harmless


def test_draw_of_another_competition_is_not_found(league):
    competition, roster = _league_of(league, 8)
    other, _ = _league_of(league, 0)
    draw = league.draws.save(competition.id, 1, _rounds([p.id for p in roster], 2), STATS)
    with pytest.raises(NotFound):
        league.draws.approve(other.id, draw.id)


# --- a draw anyone can verify (docs/rules.md draw.trust.seed-commitment) ---


@pytest.mark.rule("draw.trust.seed-commitment")
def test_a_committed_seed_is_the_only_seed_a_draw_can_be_stored_with(league):
    from league.domain.certificate import SolveRecord
    from league.domain.commitment import seed_commitment, seed_for_draw

    competition, roster = _league_of(league, 8)
    assert league.trust.next_draw_seed(competition.id) is None  # no commitment: any seed
    made = league.trust.commit_draw_seed(competition.id, "organizer", idempotency_key="k")
    assert league.trust.commit_draw_seed(competition.id, "organizer", idempotency_key="k") == made
    assert made.commitment == seed_commitment(competition.id, made.seed, made.nonce)
    with pytest.raises(FailedPrecondition, match="already committed"):
        league.trust.commit_draw_seed(competition.id, "organizer")
    seed = league.trust.next_draw_seed(competition.id)
    assert seed == made.seed
    ids = [p.id for p in roster]
    with pytest.raises(FailedPrecondition, match="committed"):
        league.draws.save(competition.id, seed + 1, _rounds(ids, 2), STATS)
    record = SolveRecord(b"request", 100, 90, True)
    draw = league.draws.save(competition.id, seed, _rounds(ids, 2), STATS, solve_record=record)
    assert league.trust.next_draw_seed(competition.id) == seed_for_draw(made.seed, 2)
    with pytest.raises(FailedPrecondition, match="not published yet"):
        league.trust.draw_evidence(competition.id, draw.id)
    league.draws.approve(competition.id, draw.id)
    evidence = league.trust.draw_evidence(competition.id, "")
    assert evidence.draw.id == draw.id and evidence.record == record and evidence.commitment == made


@pytest.mark.rule("draw.trust.seed-commitment")
def test_a_seed_cannot_be_committed_after_the_first_draw(league):
    competition, roster = _league_of(league, 8)
    league.draws.save(competition.id, 3, _rounds([p.id for p in roster], 2), STATS)
    with pytest.raises(FailedPrecondition, match="before the first draw"):
        league.trust.commit_draw_seed(competition.id, "organizer")
    with pytest.raises(FailedPrecondition, match="no draw seed was committed"):
        league.trust.seed_commitment(competition.id)


@pytest.mark.rule("mahjong.roster.close-registration")
def test_closing_registration_drops_the_last_registered_and_then_takes_only_reserves(league, uow):
    from league.domain.mahjong.registration import Resolution

    competition, roster = _league_of(league, 10)
    with pytest.raises(FailedPrecondition, match="not a multiple of 4"):
        league.roster.close_registration(competition.id, Resolution.AS_IS, "Organizer")
    closed, closing = league.roster.close_registration(
        competition.id, Resolution.DROP_LAST_REGISTERED, "Organizer", idempotency_key="k"
    )
    assert closed.registration_closed_at is not None and closing.main_count == 8
    assert [p.id for p in closing.to_reserve] == [roster[8].id, roster[9].id]
    assert uow.repository.player(roster[9].id).status is PlayerStatus.RESERVE  # kept, not deleted
    again, _ = league.roster.close_registration(competition.id, Resolution.DROP_LAST_REGISTERED, "Organizer", idempotency_key="k")
    assert again.registration_closed_at == closed.registration_closed_at  # a retry, not a second close
    with pytest.raises(FailedPrecondition, match="registration closed"):
        league.roster.close_registration(competition.id, Resolution.AS_IS, "Organizer")
    with pytest.raises(FailedPrecondition, match="registration of competition 'Spring league' is closed"):
        league.roster.register(competition.id, "Latecomer")
    assert league.roster.register(competition.id, "Late reserve", status=PlayerStatus.RESERVE).status is PlayerStatus.RESERVE
    with pytest.raises(FailedPrecondition, match="before registration closes"):
        league.trust.commit_draw_seed(competition.id, "Organizer")


@pytest.mark.rule("mahjong.roster.close-registration")
def test_closing_registration_can_promote_reserves_instead(league, uow):
    from league.domain.mahjong.registration import Resolution

    competition, roster = _league_of(league, 7)
    reserve = league.roster.register(competition.id, "Reserve", status=PlayerStatus.RESERVE)
    _, closing = league.roster.close_registration(competition.id, Resolution.PROMOTE_RESERVES, "Organizer")
    assert [p.id for p in closing.promoted] == [reserve.id] and closing.main_count == 8
    assert uow.repository.player(reserve.id).status is PlayerStatus.MAIN


@pytest.mark.rule("mahjong.roster.no-lookalike-names")
def test_a_lookalike_of_a_registered_name_is_refused_naming_the_name_it_collides_with(league, uow):
    competition, _ = _league_of(league, 0)
    league.roster.register(competition.id, "Zed")
    for twin in ("Zеd", "ZЕD", "ᴢed"):  # Cyrillic е, Cyrillic Е upper-cased, small-capital z
        with pytest.raises(InvalidArgument) as error:
            league.roster.register(competition.id, twin)
        [violation] = error.value.violations
        assert violation.field == "name" and "looks like 'Zed'" in violation.description
    league.roster.register(competition.id, "Zoe")  # a different name is welcome
    assert [p.name for p in league.roster.list(competition.id)] == ["Zed", "Zoe"]
    other, _ = _league_of(league, 0)
    assert league.roster.register(other.id, "Zеd").name == "Zеd"  # within a competition only
