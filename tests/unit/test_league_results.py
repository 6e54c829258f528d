"""Result records, corrections, match history and standings: league use cases on in-memory fakes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.mahjong.standings import standings_as_dict
from league.domain.model import PlayerStatus
from league.domain.records import HanchanEntry, NoShowEntry, PenaltyEntry
from league.service import League
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests import mahjong_results as data
from tests.unit.fakes import FakeLeagueRepository, FakeUnitOfWork
from tests.unit.test_league_services import Clock

pytestmark = pytest.mark.unit
BY = data.BY


def _approved_league():
    uow: Any = FakeUnitOfWork(FakeLeagueRepository())  # the fake stands in for the SQL unit of work
    league = League(uow, clock=Clock())
    competition, ids, tables = data.approved_league(league)
    return league, uow, competition, ids, tables


def _hanchan(number: int, s: dict[str, int], chombo: dict[str, int] | None = None) -> HanchanEntry:
    return data.hanchan(number, s, chombo)


record_round_one = data.record_round_one


@pytest.fixture
def season():
    return _approved_league()


@pytest.mark.rule("mahjong.records.corrections-replace")
def test_standings_from_records_equal_the_season_file_path_and_history_keeps_the_original(season):
    league, _, competition, ids, tables = season
    original = record_round_one(league, competition.id, tables)
    corrected = dict(zip(data.seated(tables)[3], data.CORRECTED, strict=True))
    correction = league.records.correct(competition.id, original.id, _hanchan(1, corrected), data.CORRECTION_REASON, "organizer")

    result = league.standings.get(competition.id)
    expected = data.expected_standings(ids, tables)
    assert standings_as_dict(result.standings) == standings_as_dict(expected)
    assert data.SUBSTITUTE not in {row.player for row in result.standings.rows}
    assert result.names[ids[0]] == "P01"

    history = league.records.history(competition.id, 1, 4)
    assert [r.id for r in history][0] == original.id and history[-1].id == correction.id
    assert correction.replaces_record_id == original.id and correction.reason == data.CORRECTION_REASON
    assert correction.recorded_by == "organizer" and original.recorded_by == BY


@pytest.mark.rule("mahjong.standings.partial-match")
def test_a_partial_match_is_provisional_and_says_what_is_missing(season):
    league, _, competition, _, tables = season
    league.records.record_hanchan(competition.id, 1, 1, _hanchan(1, data.scores(tables[0], 1, 1)), BY)
    rows = {r.player: r for r in league.standings.get(competition.id).standings.rows}
    row = rows[tables[0][0]]
    assert row.figures.provisional
    assert any("1 of 3 hanchans played (missing 2, 3)" in n for n in row.figures.notes)


def _refused(league, uow, call, *args) -> InvalidArgument:
    before = dict(uow.repository.records_by_id)
    with pytest.raises(InvalidArgument) as error:
        call(*args)
    assert uow.repository.records_by_id == before  # nothing stored
    return error.value


@pytest.mark.rule("mahjong.scoring.sum-120000")
def test_scores_not_summing_to_120000_are_refused_naming_the_field(season):
    league, uow, competition, _, tables = season
    s = data.scores(tables[0], 1, 1)
    s[tables[0][0]] -= 1000
    error = _refused(league, uow, league.records.record_hanchan, competition.id, 1, 1, _hanchan(1, s), BY)
    assert [v.field for v in error.violations] == ["hanchan.scores"]
    assert "sum is 119 000, must be 120 000" in error.violations[0].description


def test_bad_results_name_their_field_and_store_nothing(season):
    league, uow, competition, ids, tables = season
    s = data.scores(tables[0], 1, 1)
    stranger = next(p for p in ids if p not in tables[0])
    wrong = {stranger if p == tables[0][0] else p: x for p, x in s.items()}
    error = _refused(league, uow, league.records.record_hanchan, competition.id, 1, 1, _hanchan(1, wrong), BY)
    assert f"hanchan.scores.{stranger}" in [v.field for v in error.violations]
    error = _refused(league, uow, league.records.record_hanchan, competition.id, 1, 1, _hanchan(4, s), BY)
    assert [v.field for v in error.violations] == ["hanchan.number"]
    error = _refused(league, uow, league.records.record_hanchan, competition.id, 1, 5, _hanchan(1, s), BY)
    assert [v.field for v in error.violations] == ["table"]
    error = _refused(league, uow, league.records.record_hanchan, competition.id, 9, 1, _hanchan(1, s), BY)
    assert [v.field for v in error.violations] == ["round"]
    error = _refused(league, uow, league.records.record_hanchan, competition.id, 1, 1, _hanchan(1, s), "")
    assert [v.field for v in error.violations] == ["recorded_by"]
    error = _refused(league, uow, league.records.record_no_show, competition.id, 1, 1, NoShowEntry(stranger, "Sub"), BY)
    assert "no_show.player" in [v.field for v in error.violations]


@pytest.mark.rule("mahjong.scoring.penalty-reason")
def test_a_penalty_without_a_reason_is_refused(season):
    league, uow, competition, _, tables = season
    error = _refused(league, uow, league.records.record_penalty, competition.id, 1, 1, PenaltyEntry(tables[0][0], 5000, "  "), BY)
    assert [v.field for v in error.violations] == ["penalty.reason"]


def test_corrections_of_unknown_or_already_corrected_records_are_refused(season):
    league, _, competition, _, tables = season
    s = data.scores(tables[0], 1, 1)
    with pytest.raises(NotFound):
        league.records.correct(competition.id, "no-such-record", _hanchan(1, s), "typo", BY)
    first = league.records.record_hanchan(competition.id, 1, 1, _hanchan(1, s), BY)
    with pytest.raises(InvalidArgument) as error:
        league.records.correct(competition.id, first.id, _hanchan(1, s), "", BY)
    assert [v.field for v in error.value.violations] == ["reason"]
    league.records.correct(competition.id, first.id, _hanchan(1, dict(reversed(list(s.items())))), "typo", BY)
    with pytest.raises(FailedPrecondition):
        league.records.correct(competition.id, first.id, _hanchan(1, s), "again", BY)
    with pytest.raises(InvalidArgument) as error:
        league.records.record_hanchan(competition.id, 1, 1, _hanchan(1, s), BY)
    assert [v.field for v in error.value.violations] == ["hanchan.number"]


def test_recording_is_idempotent_per_key(season):
    league, uow, competition, _, tables = season
    h = _hanchan(1, data.scores(tables[0], 1, 1))
    first = league.records.record_hanchan(competition.id, 1, 1, h, BY, idempotency_key="k")
    again = league.records.record_hanchan(competition.id, 1, 1, h, BY, idempotency_key="k")
    assert again == first and len(uow.repository.records_by_id) == 1
    with pytest.raises(InvalidArgument) as error:
        league.records.record_hanchan(competition.id, 1, 2, h, BY, idempotency_key="k")
    assert [v.field for v in error.value.violations] == ["idempotency_key"]


_four_scores = st.lists(st.integers(-20, 80).map(lambda x: x * 1000), min_size=3, max_size=3).map(
    lambda xs: (*xs, 120_000 - sum(xs))
)


@pytest.mark.rule("mahjong.records.corrections-replace")
@settings(max_examples=20, deadline=None)
@given(new=_four_scores, chombo=st.integers(0, 2))
def test_a_correction_followed_by_its_reverse_restores_the_standings_exactly(new, chombo):
    league, _, competition, _, tables = _approved_league()
    original = record_round_one(league, competition.id, tables)
    before = standings_as_dict(league.standings.get(competition.id).standings)
    seats = data.seated(tables)[3]
    changed = _hanchan(1, dict(zip(seats, new, strict=True)), {seats[1]: chombo} if chombo else None)
    correction = league.records.correct(competition.id, original.id, changed, "wrong protocol", BY)
    league.records.correct(competition.id, correction.id, original.content, "the protocol was right", BY)
    assert standings_as_dict(league.standings.get(competition.id).standings) == before
    assert len(league.records.history(competition.id, 1, 4)) == 5  # 3 hanchans, the correction, its reverse


@pytest.mark.rule("mahjong.records.standings-use-confirmed-only")
def test_standings_are_answered_from_the_cache_until_anything_they_depend_on_changes(season):
    league, uow, competition, ids, tables = season
    cid = competition.id
    original = record_round_one(league, cid, tables)
    cache = league.standings.cache

    def read_is(hit: bool) -> None:
        hits = cache.hits
        got = league.standings.get(cid)
        fresh = uow.read(lambda repo: league.standings.standings_in(repo, repo.competition(cid)))
        assert standings_as_dict(got.standings) == standings_as_dict(fresh.standings) and got.notes == fresh.notes
        assert cache.hits == hits + hit

    read_is(False)
    read_is(True)  # nothing changed: the answer is the cached one
    corrected = dict(zip(data.seated(tables)[3], data.CORRECTED, strict=True))
    correction = league.records.correct(cid, original.id, _hanchan(1, corrected), data.CORRECTION_REASON, "organizer")
    read_is(False)
    read_is(True)
    with pytest.raises(InvalidArgument):  # a refused record changes nothing, the cache stays valid
        league.records.record_penalty(cid, 1, 1, PenaltyEntry(tables[0][0], 1000, " "), BY)
    read_is(True)
    seats = tables[0]
    report = league.records.report(
        cid, 2, 1, data.draw_rounds(ids)[1][0][0], _hanchan(1, dict(zip(data.draw_rounds(ids)[1][0], data.SCORES, strict=True)))
    )
    read_is(False)  # a pending report makes a row provisional
    league.records.confirm(cid, report.id, data.draw_rounds(ids)[1][0][1])
    read_is(False)  # a review changes what is confirmed
    league.rulesets.change(cid, '{"chombo_penalty": 20000}', "club decision", "organizer")
    read_is(False)
    league.roster.withdraw(cid, seats[1], "moved away")
    read_is(False)
    league.roster.register(cid, "Late Substitute", status=PlayerStatus.SUBSTITUTE)
    read_is(False)
    read_is(True)
    assert correction.replaces_record_id == original.id
