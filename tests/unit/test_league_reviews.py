"""Player reports, confirmations, disputes, the judge; ruleset versions; tie decisions: league use cases
on in-memory fakes (docs/rules.md ``mahjong.records.player-report-confirmed-by-table``,
``mahjong.records.dispute-to-judge``, ``mahjong.records.standings-use-confirmed-only``,
``mahjong.ruleset.pinned-with-versions``, ``mahjong.standings.tie-by-organizer-or-lot``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from league.domain import lots
from league.domain.lots import TieMethod
from league.domain.mahjong.reviews import RecordStatus, Verdict
from league.service import League
from league.use_cases.records import Decision
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests import mahjong_results as data
from tests.unit.fakes import FakeLeagueRepository, FakeUnitOfWork
from tests.unit.test_league_services import Clock

pytestmark = pytest.mark.unit


@pytest.fixture
def season():
    uow: Any = FakeUnitOfWork(FakeLeagueRepository())
    league = League(uow, clock=Clock())
    competition, ids, tables = data.approved_league(league)
    return league, uow, competition.id, ids, tables


def _stored(uow) -> tuple:
    r = uow.repository
    return tuple(
        copy.deepcopy(x)
        for x in (r.records_by_id, r.reviews_by_id, r.ruleset_versions_by_key, r.tie_decisions_by_id, r.idempotency_records)
    )


def refused(uow, error: type[Exception], call, *args, **kwargs) -> Exception:
    """The call fails with ``error`` and stores nothing."""
    before = _stored(uow)
    with pytest.raises(error) as raised:
        call(*args, **kwargs)
    assert _stored(uow) == before
    return raised.value


def fields(error) -> list[str]:
    return [v.field for v in error.violations]


def _rows(league, cid):
    return {r.player: r for r in league.standings.get(cid).standings.rows}


@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
@pytest.mark.rule("mahjong.records.standings-use-confirmed-only")
def test_a_report_counts_once_the_other_three_confirm_and_is_provisional_until_then(season):
    league, _, cid, _, tables = season
    seats = tables[0]
    reported = league.records.report(cid, 1, 1, seats[0], data.hanchan(1, data.scores(seats, 1, 1)), "k1")
    assert reported.reported_by_player_id == seats[0] and reported.recorded_by == seats[0]
    assert league.records.report(cid, 1, 1, seats[0], data.hanchan(1, data.scores(seats, 1, 1)), "k1").id == reported.id

    row = _rows(league, cid)[seats[1]]
    assert row.figures.hanchans == 0 and row.figures.provisional  # pending: not scored
    assert "round 1, table 1: hanchan 1 reported by P01, awaiting confirmation by P02, P03, P04; provisional" in row.figures.notes

    league.records.confirm(cid, reported.id, seats[1])
    twice = league.records.confirm(cid, reported.id, seats[1])  # idempotent: nothing new
    assert twice.status is RecordStatus.REPORTED and len(twice.reviews) == 1
    league.records.confirm(cid, reported.id, seats[2])
    assert any("awaiting confirmation by P04" in n for n in _rows(league, cid)[seats[0]].figures.notes)
    done = league.records.confirm(cid, reported.id, seats[3])
    assert done.status is RecordStatus.CONFIRMED
    assert [(r.verdict, r.player_id) for r in done.reviews] == [(Verdict.CONFIRM, p) for p in seats[1:]]
    row = _rows(league, cid)[seats[1]]
    assert row.figures.hanchans == 1 and not any("reported by" in n for n in row.figures.notes)
    err = refused(season[1], FailedPrecondition, league.records.confirm, cid, reported.id, seats[0])
    assert "reported record" in str(err)


@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
def test_who_may_report_and_a_second_report_of_a_hanchan_is_refused_nothing_stored(season):
    league, uow, cid, ids, tables = season
    seats = tables[0]
    h1 = data.hanchan(1, data.scores(seats, 1, 1))
    other = tables[1][0]
    assert "only a player of that table reports" in str(
        refused(uow, FailedPrecondition, league.records.report, cid, 1, 1, other, h1)
    )
    assert fields(refused(uow, InvalidArgument, league.records.report, cid, 1, 1, "", h1)) == ["reported_by_player_id"]
    refused(uow, NotFound, league.records.report, cid, 1, 1, "nobody", h1)
    bad = data.hanchan(1, dict(zip(seats, (30_000, 30_000, 30_000, 29_000), strict=True)))
    assert fields(refused(uow, InvalidArgument, league.records.report, cid, 1, 1, seats[0], bad)) == ["hanchan.scores"]
    # a no-show does not report, nor does his substitute
    league.records.record_no_show(cid, 1, 2, data.NoShowEntry(tables[1][3], data.SUBSTITUTE), data.BY)
    refused(
        uow, FailedPrecondition, league.records.report, cid, 1, 2, tables[1][3], data.hanchan(1, data.scores(tables[1], 2, 1))
    )

    league.records.report(cid, 1, 1, seats[0], h1)
    err = refused(uow, FailedPrecondition, league.records.report, cid, 1, 1, seats[1], h1)
    assert str(err).endswith(
        "hanchan 1 of round 1, table 1 is already recorded/reported; confirm, dispute or ask a judge to correct it"
    )
    refused(uow, InvalidArgument, league.records.record_hanchan, cid, 1, 1, h1, data.BY)  # the organizer corrects instead
    league.records.record_hanchan(cid, 1, 3, data.hanchan(1, data.scores(tables[2], 3, 1)), data.BY)
    err = refused(
        uow, FailedPrecondition, league.records.report, cid, 1, 3, tables[2][0], data.hanchan(1, data.scores(tables[2], 3, 1))
    )
    assert "already recorded/reported" in str(err)


@pytest.mark.rule("mahjong.records.dispute-to-judge")
def test_a_dispute_goes_to_the_judge_reject_frees_the_hanchan_replace_is_a_confirmed_correction(season):
    league, uow, cid, _, tables = season
    seats = tables[0]
    h2 = data.hanchan(2, data.scores(seats, 1, 2))
    first = league.records.report(cid, 1, 1, seats[0], h2)
    assert fields(refused(uow, InvalidArgument, league.records.dispute, cid, first.id, seats[1], " ")) == ["reason"]
    disputed = league.records.dispute(cid, first.id, seats[1], "P01 and P03 swapped")
    assert disputed.status is RecordStatus.DISPUTED
    notes = _rows(league, cid)[seats[2]].figures.notes
    assert "round 1, table 1: hanchan 2 reported by P01, disputed by P02, awaiting a judge; provisional" in notes
    assert "is disputed" in str(refused(uow, FailedPrecondition, league.records.confirm, cid, first.id, seats[2]))
    judge = league.records.resolve_dispute
    assert fields(refused(uow, InvalidArgument, judge, cid, first.id, "judge Anna", Decision.REJECT, "")) == ["reason"]
    assert fields(refused(uow, InvalidArgument, judge, cid, first.id, "judge Anna", None, "x")) == ["decision"]
    assert fields(refused(uow, InvalidArgument, judge, cid, first.id, "judge Anna", Decision.REPLACE, "x")) == ["content"]

    rejected = judge(cid, first.id, "judge Anna", Decision.REJECT, "the protocol shows other scores")
    assert rejected.status is RecordStatus.REJECTED and rejected.reviews[-1].verdict is Verdict.REJECT
    assert "was rejected" in str(refused(uow, FailedPrecondition, judge, cid, first.id, "judge Anna", Decision.UPHOLD, "x"))
    assert _rows(league, cid)[seats[0]].figures.hanchans == 0

    again = league.records.report(cid, 1, 1, seats[2], h2)  # the hanchan may be reported again
    league.records.dispute(cid, again.id, seats[0], "still wrong")
    corrected = data.hanchan(2, dict(zip(seats, data.CORRECTED, strict=True)))
    replaced = judge(cid, again.id, "judge Anna", Decision.REPLACE, "scores from the signed protocol", corrected)
    assert replaced.status is RecordStatus.CONFIRMED and replaced.record.replaces_record_id == again.id
    assert replaced.record.recorded_by == "judge Anna" and replaced.record.reason == "scores from the signed protocol"
    history = {x.record.id: x.status for x in league.records.match_history(cid, 1, 1)}
    assert history == {
        first.id: RecordStatus.REJECTED,
        again.id: RecordStatus.REPLACED,
        replaced.record.id: RecordStatus.CONFIRMED,
    }
    row = _rows(league, cid)[seats[0]]
    assert row.figures.hanchans == 1 and not any("reported by" in n for n in row.figures.notes)

    upheld = league.records.report(cid, 1, 1, seats[0], data.hanchan(3, data.scores(seats, 1, 3)))
    assert judge(cid, upheld.id, "judge Anna", Decision.UPHOLD, "the table agreed orally").status is RecordStatus.CONFIRMED
    assert _rows(league, cid)[seats[0]].figures.hanchans == 2


@pytest.mark.rule("mahjong.ruleset.pinned-with-versions")
def test_a_variant_uma_changes_totals_and_the_standings_name_the_version(season):
    league, uow, cid, ids, tables = season
    seats = tables[0]
    league.records.record_hanchan(cid, 1, 1, data.hanchan(1, data.scores(seats, 1, 1)), data.BY)
    before = {p: r.figures.total for p, r in _rows(league, cid).items()}
    assert league.standings.get(cid).ruleset_version == 1
    assert [v.version for v in league.rulesets.versions(cid)] == [1]

    overrides = '{"hanchan_uma": [20000, 10000, -10000, -20000]}'
    err = refused(uow, InvalidArgument, league.rulesets.change, cid, overrides, "", "organizer")
    assert fields(err) == ["reason"]  # started: the draw is approved
    err = refused(uow, InvalidArgument, league.rulesets.change, cid, '{"hanchan_uma": [1]}', "x", "organizer")
    assert fields(err) == ["overrides_json.hanchan_uma"]
    version = league.rulesets.change(cid, overrides, "the club's uma", "organizer", "uma")
    assert version.version == 2 and version.reason == "the club's uma"
    assert league.rulesets.change(cid, overrides, "the club's uma", "organizer", "uma") == version  # a retry

    result = league.standings.get(cid)
    assert result.ruleset_version == 2 and result.standings.ruleset == "mahjong-league (variant)"
    after = {r.player: r.figures.total for r in result.standings.rows}
    first, last = max(seats, key=before.__getitem__), min(seats, key=before.__getitem__)
    assert after[first] == before[first] + 5_000 and after[last] == before[last] - 5_000


@pytest.mark.rule("mahjong.ruleset.pinned-with-versions")
def test_the_ruleset_is_pinned_at_creation_changed_freely_before_the_start_bad_overrides_store_nothing():
    uow: Any = FakeUnitOfWork(FakeLeagueRepository())
    league = League(uow, clock=Clock())
    err = refused(
        uow, InvalidArgument, league.competitions.create, "L", "discard-league-2026", 4, 4, "", '{"chombo_penalty": -1}'
    )
    assert fields(err) == ["ruleset_overrides.chombo_penalty"] and uow.repository.competitions == {}
    c = league.competitions.create("L", "discard-league-2026", 4, 4, "", '{"playoff_places": 4}')
    [v1] = league.rulesets.versions(c.id)
    assert v1.version == 1 and v1.data["playoff_places"] == 4
    v2 = league.rulesets.change(c.id, '{"playoff_places": 8}', "", "organizer")  # before the start: no reason needed
    assert v2.version == 2 and v2.data["playoff_places"] == 8
    cup = league.competitions.create("Cup", "open-cup-2023", 5, 0)
    assert [(v.name, dict(v.data)) for v in league.rulesets.versions(cup.id)] == [("open-cup-2023", {})]


@pytest.mark.rule("mahjong.standings.tie-by-organizer-or-lot")
@pytest.mark.rule("mahjong.standings.provisional-until-played")
def test_a_tie_is_decided_by_lot_from_the_recorded_seed_and_a_stale_decision_is_reported(season):
    league, uow, cid, ids, tables = season
    decide = league.standings.decide_tie
    assert league.standings.get(cid).standings.unresolved == ()  # nothing played: tied so far, no decision yet
    refused(uow, FailedPrecondition, decide, cid, ids, TieMethod.LOT, 7, "", "organizer")
    last = data.record_even_season(league, cid, ids)
    [tie] = league.standings.get(cid).standings.unresolved  # the season played out: all 16 tied
    assert set(tie.players) == set(ids) and tie.reason.endswith("organizer decision required")
    assert fields(refused(uow, InvalidArgument, decide, cid, ids, TieMethod.LOT, None, "", "organizer")) == ["seed"]
    assert fields(refused(uow, InvalidArgument, decide, cid, ids, TieMethod.ORGANIZER_ORDER, None, "", "organizer")) == ["reason"]
    assert fields(refused(uow, InvalidArgument, decide, cid, ids[:1], None, None, "", "organizer")) == ["player_ids", "method"]
    refused(uow, FailedPrecondition, decide, cid, ids[:2], TieMethod.LOT, 7, "", "organizer")  # not a current tie

    decision = decide(cid, ids, TieMethod.LOT, 12345, "", "organizer", "lot")
    assert decision.players == lots.draw_lots(12345, ids) and decision.seed == 12345
    result = league.standings.get(cid)
    assert tuple(r.player for r in result.standings.rows) == lots.draw_lots(12345, ids)
    assert result.standings.rows[0].separated_from_next == "drawn by lot with seed 12345"
    assert result.standings.unresolved == () and result.notes == ()

    seats = data.draw_rounds(ids)[3][3]
    league.records.correct(cid, last.id, data.hanchan(3, data.scores(list(seats), 4, 3)), "the protocol said otherwise", data.BY)
    result = league.standings.get(cid)
    assert result.notes and "stale tie decision (drawn by lot with seed 12345)" in result.notes[0]
