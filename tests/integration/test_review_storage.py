"""Player reports, reviews, ruleset versions and tie decisions stored on SQLite and PostgreSQL: what
the use cases promise on fakes holds on the real repository (append-only rows, derived statuses)."""

from __future__ import annotations

import pytest

from league.app import make_service
from league.domain import lots
from league.domain.lots import TieMethod
from league.domain.mahjong.reviews import RecordStatus, Verdict
from league.service import MIGRATIONS
from league.use_cases.records import Decision
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests import mahjong_results as data

pytestmark = pytest.mark.integration


@pytest.fixture
def league(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield make_service(engine)
    engine.dispose()


@pytest.mark.rule("mahjong.records.dispute-to-judge")
@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
def test_reports_reviews_and_the_judges_replace_are_stored_and_read_back(league):
    competition, ids, tables = data.approved_league(league)
    cid, seats = competition.id, tables[0]
    h1 = league.records.report(cid, 1, 1, seats[0], data.hanchan(1, data.scores(seats, 1, 1)), "report-1")
    for p in seats[1:]:
        league.records.confirm(cid, h1.id, p)
    h2 = league.records.report(cid, 1, 1, seats[0], data.hanchan(2, data.scores(seats, 1, 2)))
    league.records.dispute(cid, h2.id, seats[3], "scores swapped")
    with pytest.raises(FailedPrecondition):
        league.records.confirm(cid, h2.id, seats[1])
    corrected = data.hanchan(2, dict(zip(seats, data.CORRECTED, strict=True)))
    new = league.records.resolve_dispute(cid, h2.id, "judge Anna", Decision.REPLACE, "signed protocol", corrected, "replace")

    history = league.records.match_history(cid, 1, 1)
    assert [(x.record.id, x.status) for x in history] == [
        (h1.id, RecordStatus.CONFIRMED),
        (h2.id, RecordStatus.REPLACED),
        (new.record.id, RecordStatus.CONFIRMED),
    ]
    assert history[0].record.reported_by_player_id == seats[0] and history[2].record.reported_by_player_id is None
    assert [(r.verdict, r.player_id) for r in history[0].reviews] == [(Verdict.CONFIRM, p) for p in seats[1:]]
    assert (history[1].reviews[0].verdict, history[1].reviews[0].reason) == (Verdict.DISPUTE, "scores swapped")
    assert history[1].reviews[0].at.tzinfo is not None
    rows = {r.player: r for r in league.standings.get(cid).standings.rows}
    assert rows[seats[0]].figures.hanchans == 2


@pytest.mark.rule("mahjong.ruleset.pinned-with-versions")
@pytest.mark.rule("mahjong.standings.tie-by-organizer-or-lot")
def test_ruleset_versions_and_tie_decisions_are_stored_and_applied(league):
    competition, ids, _ = data.approved_league(league)
    cid = competition.id
    with pytest.raises(InvalidArgument):
        league.rulesets.change(cid, '{"playoff_places": 4}', "", "organizer")
    league.rulesets.change(cid, '{"playoff_places": 4}', "a smaller playoff", "organizer")
    versions = league.rulesets.versions(cid)
    assert [(v.version, v.data["playoff_places"], v.reason) for v in versions] == [(1, 8, ""), (2, 4, "a smaller playoff")]
    data.record_even_season(league, cid, ids)  # played out, all 16 tied: the organizer's to decide
    decision = league.standings.decide_tie(cid, ids, TieMethod.LOT, -(2**63), "", "organizer", "lot")
    assert league.standings.decide_tie(cid, ids, TieMethod.LOT, -(2**63), "", "organizer", "lot") == decision
    result = league.standings.get(cid)
    assert result.ruleset_version == 2
    assert tuple(r.player for r in result.standings.rows) == lots.draw_lots(-(2**63), ids)


@pytest.mark.rule("mahjong.playoff.stale-after-correction")
def test_decisions_on_a_stale_playoff_are_stored_and_regenerate_removes_the_unplayed_round_1(league):
    from league.domain.mahjong.playoff_basis import PlayoffDecisionKind
    from tests import mahjong_season as season
    from tests.unit import test_playoff_stages as playoff_flow

    competition, ids, _ = data.approved_league(league)
    season.stable_names(ids)
    cid = competition.id
    playoff_flow._record_regular(league, cid, ids)
    playoff_flow._advance(league, cid)
    p8, p9 = playoff_flow._confirmed_correction_swapping_places_8_and_9(league, cid)
    conflict = league.standings.get(cid).playoff_conflict
    assert conflict is not None and conflict.open and conflict.seated_not_qualified == (p8,)
    decision = league.playoffs.decide(cid, PlayoffDecisionKind.REGENERATE, "round 1 not played yet", "organizer", "k")
    assert league.playoffs.decide(cid, PlayoffDecisionKind.REGENERATE, "round 1 not played yet", "organizer", "k") == decision
    assert decision.removed[0]["number"] == 2 and decision.removed[0]["basis"]["regular_places"][7] == p8
    assert league.stages.list(cid) == [] and league.standings.get(cid).playoff_conflict is None
    round_1 = playoff_flow._advance(league, cid)
    assert round_1.number == 2 and p9 in round_1.basis["regular_places"]
    playoff_flow._play_stage(league, cid, 2)
    assert league.standings.get(cid).playoff_conflict is None
