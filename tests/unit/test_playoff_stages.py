"""The mahjong playoff as stored stages, and corrections that recompute what was derived: league use
cases on in-memory fakes (docs/rules.md mahjong.playoff.*, mahjong.records.correction-*)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from league.domain.mahjong import progress as mahjong_progress
from league.domain.mahjong.playoff_basis import PlayoffDecisionKind
from league.domain.model import PlayerStatus
from league.domain.records import GameEntry, HanchanEntry, NoShowEntry, PenaltyEntry
from league.domain.stage_kinds import StagePlan
from league.domain.stages import StageStatus
from league.grpc_api import playoff_report_to_proto
from league.service import League
from rondo.gateway.v1 import stages_pb2
from rondo_app.client.standings import render_playoff
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests import mahjong_results
from tests import mahjong_season as season
from tests.unit.fakes import FakeLeagueRepository, FakeUnitOfWork
from tests.unit.test_league_services import Clock

pytestmark = pytest.mark.unit
BY = season.BY


def _hanchan(number: int, scores: dict[str, int]) -> HanchanEntry:
    return HanchanEntry(number, tuple(scores.items()))


def _league(record_regular: bool = True) -> tuple[League, Any, str, list[str]]:
    uow: Any = FakeUnitOfWork(FakeLeagueRepository())
    league = League(uow, clock=Clock())
    competition, ids, _ = mahjong_results.approved_league(league)
    season.stable_names(ids)
    if record_regular:
        _record_regular(league, competition.id, ids)
    return league, uow, competition.id, ids


def _record_regular(league: League, cid: str, ids: list[str], skip: int = 0) -> None:
    rounds = mahjong_results.draw_rounds(ids)
    matches = [(r, t, list(seats)) for r, tables in enumerate(rounds, start=1) for t, seats in enumerate(tables, start=1)]
    for r, t, seats in matches[: len(matches) - skip]:
        for h in (1, 2, 3):
            league.records.record_hanchan(cid, r, t, _hanchan(h, season.scores(seats, 1, r, t, h)), BY)


def _seat(plan: StagePlan) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The seating league gives every playoff stage: round 1 at tables A (places 1, 3, 5, 7) and B
    (2, 4, 6, 8), every later stage one table per group, in the group's order."""
    wanted: tuple[tuple[tuple[str, ...], ...], ...]
    if plan.name == "round 1":
        places = plan.groups[0][1]
        wanted = ((tuple(places[0::2]), tuple(places[1::2])),)
    else:
        wanted = (tuple(players for _, players in plan.groups),)
    assert plan.rounds == wanted
    return plan.rounds


def _advance(league: League, cid: str):
    plan = league.stages.prepare(cid)
    return league.stages.save(cid, plan.number, _seat(plan), "organizer")


def _play_stage(league: League, cid: str, number: int, orders: dict[int, list[str]] | None = None):
    """Every hanchan of every table of stage ``number``; ``orders``: table -> the places of every hanchan."""
    stage = league.stages.get(cid, number)
    hanchans = 5 if stage.name == "final" else 3
    last = None
    for t, table in enumerate(stage.rounds[0], start=1):
        seats = mahjong_progress.padded(table)  # a short table's empty seat: a technical substitute
        for h in range(1, hanchans + 1):
            if orders and t in orders:
                scores = season.ranked_scores(seats, orders[t], number, t, h)
            else:
                scores = season.scores(seats, number, 1, t, h)
            last = league.records.record_hanchan(cid, 1, t, _hanchan(h, scores), BY, stage=number)
    return last


@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
def test_round_1_waits_for_every_regular_match_and_names_what_is_missing():
    league, _, cid, ids = _league(record_regular=False)
    _record_regular(league, cid, ids, skip=12)
    with pytest.raises(FailedPrecondition) as error:
        league.stages.prepare(cid)
    assert "12 match(es) still missing hanchans" in error.value.message
    assert "round 2, table 1 (0 of 3 hanchans)" in error.value.message and "and 2 more" in error.value.message
    assert league.stages.list(cid) == []


@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
@pytest.mark.rule("mahjong.records.standings-use-confirmed-only")
def test_round_1_waits_for_a_reported_result_to_be_confirmed():
    league, _, cid, ids = _league(record_regular=False)
    _record_regular(league, cid, ids, skip=1)
    rounds = mahjong_results.draw_rounds(ids)
    seats = list(rounds[-1][-1])
    r, t = len(rounds), len(rounds[-1])
    for h in (1, 2):
        league.records.record_hanchan(cid, r, t, _hanchan(h, season.scores(seats, 1, r, t, h)), BY)
    report = league.records.report(cid, r, t, seats[0], _hanchan(3, season.scores(seats, 1, r, t, 3)))
    with pytest.raises(FailedPrecondition) as error:  # every hanchan is in, but one waits for the table
        league.stages.prepare(cid)
    assert "the regular standings are provisional" in error.value.message and "awaiting confirmation" in error.value.message
    for p in seats[1:]:
        league.records.confirm(cid, report.id, p)
    assert league.stages.prepare(cid).number == 2


@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
@pytest.mark.rule("mahjong.playoff.round-1-tables")
def test_round_1_is_the_top_8_of_get_standings_seated_1357_2468():
    league, _, cid, _ = _league()
    top = [row.player for row in league.standings.get(cid).standings.rows][:8]
    plan = league.stages.prepare(cid)
    assert (plan.number, plan.kind, plan.name) == (2, mahjong_progress.KIND, "round 1")
    assert plan.groups == (("round 1", tuple(top)),) and plan.basis == {"regular_places": top}
    with pytest.raises(InvalidArgument) as error:  # a seating that breaks §2 is refused, nothing stored
        league.stages.save(cid, 2, ((tuple(top[:4]), tuple(top[4:])),), "organizer")
    assert [v.field for v in error.value.violations] == ["rounds"]
    assert league.stages.list(cid) == []
    stage = league.stages.save(cid, 2, _seat(plan), "organizer")
    assert stage.rounds == ((tuple(top[0::2]), tuple(top[1::2])),) and stage.basis == {"regular_places": top}
    assert stage.details["tables"] == ["A", "B"]


@pytest.mark.rule("mahjong.playoff.brackets")
@pytest.mark.rule("mahjong.playoff.round-3-and-final")
@pytest.mark.rule("mahjong.playoff.stage-results")
def test_the_playoff_progresses_stage_by_stage_to_the_final_order_and_prizes():
    league, _, cid, _ = _league()
    round_1 = _advance(league, cid)
    a, b = round_1.rounds[0]
    with pytest.raises(FailedPrecondition) as error:
        league.stages.prepare(cid)
    assert "stage 2 (round 1) is still being played" in error.value.message
    # round 1: A finishes in seat order, B in reverse
    last = _play_stage(league, cid, 2, {1: list(a), 2: list(reversed(b))})
    assert last is not None and last.completed_stage and league.stages.get(cid, 2).status is StageStatus.COMPLETED
    with pytest.raises(FailedPrecondition):  # a completed stage takes no new result
        league.records.record_penalty(cid, 1, 1, PenaltyEntry(a[0], 1000, "late"), BY, stage=2)

    round_2 = _advance(league, cid)
    upper, lower = round_2.rounds[0]
    assert (round_2.number, round_2.name, round_2.details["tables"]) == (3, "round 2", ["upper", "lower"])
    assert sorted(upper) == sorted([a[0], a[1], b[3], b[2]]) and sorted(lower) == sorted([a[2], a[3], b[1], b[0]])
    with pytest.raises(InvalidArgument) as bad:  # a 1-vs-1 game is not a playoff result
        league.records.record_game(cid, 3, 1, 1, GameEntry(1, upper[0], upper[1], "1-0"), BY)
    assert [v.field for v in bad.value.violations] == ["game"]
    with pytest.raises(InvalidArgument) as fourth:  # 3 hanchans outside the final
        league.records.record_hanchan(cid, 1, 1, _hanchan(4, season.scores(upper, 3, 1, 1, 4)), BY, stage=3)
    assert fourth.value.violations[0].field.startswith("hanchan")
    _play_stage(league, cid, 3, {1: list(upper), 2: list(lower)})

    round_3 = _advance(league, cid)
    (table,) = round_3.rounds[0]
    assert round_3.name == "round 3" and sorted(table) == sorted([upper[2], upper[3], lower[0], lower[1]])
    _play_stage(league, cid, 4, {1: list(table)})

    final = _advance(league, cid)
    (finalists,) = final.rounds[0]
    assert final.name == "final" and sorted(finalists) == sorted([upper[0], upper[1], table[0], table[1]])
    last = _play_stage(league, cid, 5, {1: list(reversed(finalists))})  # 5 hanchans in the final
    assert last is not None and isinstance(last.content, HanchanEntry) and last.content.number == 5 and last.completed_stage
    assert league.stages.get(cid, 5).status is StageStatus.COMPLETED

    report = league.playoffs.get(cid)
    assert report.play.finished and report.play.state is not None
    assert report.play.state.final_order == tuple(reversed(finalists))
    assert report.prizes == tuple(reversed(finalists))[:2]
    assert {e.player for e in report.play.state.exits} == set(lower[2:]) | set(table[2:])
    assert league.stages.prepare(cid).finished
    with pytest.raises(FailedPrecondition):
        league.stages.save(cid, 6, (), "organizer")


@pytest.mark.rule("mahjong.playoff.tie-blocks-next-stage")
@pytest.mark.rule("mahjong.playoff.explanations-in-both-languages")
def test_a_playoff_tie_left_to_the_organizer_is_reported_and_blocks_the_next_stage():
    league, _, cid, _ = _league()
    stage = _advance(league, cid)
    a, b = stage.rounds[0]
    x, y, z, w = a
    tied = [{x: 45_000, y: 35_000, z: 25_000, w: 15_000}, {y: 45_000, x: 35_000, z: 25_000, w: 15_000}]
    tied.append({x: 30_000, y: 30_000, z: 40_000, w: 20_000})
    for h, scores in enumerate(tied, start=1):
        league.records.record_hanchan(cid, 1, 1, _hanchan(h, scores), BY, stage=2)
    for h in (1, 2, 3):
        league.records.record_hanchan(cid, 1, 2, _hanchan(h, season.scores(b, 2, 1, 2, h)), BY, stage=2)
    with pytest.raises(FailedPrecondition) as error:
        league.stages.prepare(cid)
    assert "organizer decision required" in error.value.message and "table A" in error.value.message
    report = league.playoffs.get(cid)
    table_a = report.play.stages[0][1][0]
    assert table_a.unresolved and table_a.order == () and report.play.blocked
    # in Russian too, players named (docs/rules.md mahjong.playoff.explanations-in-both-languages)
    answer = playoff_report_to_proto(cid, report)
    view = answer.stages[0].tables[0]
    assert view.unresolved_ru.endswith("в матче: требуется решение организатора") and " и " in view.unresolved_ru
    assert len(answer.blocked_ru) == len(answer.blocked) == 1
    assert answer.blocked_ru[0].startswith("этап 2 (1-й круг), стол A: ")
    shown = io.StringIO()  # the CLI for a Russian user
    render_playoff(Console(file=shown, width=300), stages_pb2.Playoff.FromString(answer.SerializeToString()), "c", "ru")
    text = shown.getvalue()
    assert "не даёт продолжить: этап 2 (1-й круг), стол A: " in text and "этап 2: 1-й круг" in text
    assert "blocked" not in text and "organizer decision required" not in text


def _regular_hanchans(league: League, cid: str):
    return [
        r
        for rnd in range(1, 5)
        for t in range(1, 5)
        for r in league.records.history(cid, rnd, t)
        if isinstance(r.content, HanchanEntry) and not r.replaces_record_id
    ]


@pytest.mark.rule("mahjong.records.correction-refused-after-later-stage")
@pytest.mark.rule("mahjong.records.correction-recomputes-derived")
def test_a_regular_correction_swapping_places_8_and_9_after_round_1_is_refused_then_confirmed():
    league, _, cid, _ = _league()
    _advance(league, cid)
    rows = league.standings.get(cid).standings.rows
    totals = {row.player: row.figures.total for row in rows}
    top9 = [row.player for row in rows[:9]]
    p8, p9 = top9[7], top9[8]
    gap = int(totals[p8] - totals[p9]) + 1
    record, q = next(
        (r, q)
        for r in _regular_hanchans(league, cid)
        if p9 in dict(r.content.scores) and p8 not in dict(r.content.scores)
        for q in dict(r.content.scores)
        if q not in top9
    )
    scores = dict(record.content.scores)
    scores[p9] += gap
    scores[q] -= gap
    corrected = _hanchan(record.content.number, scores)
    names = league.standings.get(cid).names

    with pytest.raises(FailedPrecondition) as error:
        league.records.correct(cid, record.id, corrected, "scores misread", "organizer")
    assert "this correction changes who plays in stage 2 (round 1)" in error.value.message
    assert f"{names[p9]} would play at table" in error.value.message and "organizer_confirms" in error.value.message
    assert not [r for r in league.records.history(cid, record.round, record.table) if r.replaces_record_id]  # nothing stored

    stored = league.records.correct(cid, record.id, corrected, "scores misread", "organizer", organizer_confirms=True)
    assert stored.replaces_record_id == record.id
    assert any(c.startswith("regular places: ") and names[p9] in c for c in stored.changes)
    assert any(c.startswith("confirmed by the organizer: this correction changes who plays in stage 2") for c in stored.changes)
    assert any(
        c.startswith("to redo: stage 2 (round 1)") and "decides the playoff" in c and "DecidePlayoff" not in c
        for c in stored.changes
    )
    new_top = [row.player for row in league.standings.get(cid).standings.rows][:8]
    assert p9 in new_top and p8 not in new_top
    # the stage keeps who it was generated with, and the playoff goes on from it
    assert league.stages.get(cid, 2).basis == {"regular_places": top9[:8]}
    assert league.playoffs.get(cid).play.state is not None


@pytest.mark.rule("mahjong.records.correction-recomputes-derived")
def test_a_correction_that_changes_nothing_derived_is_stored_and_says_so():
    league, _, cid, _ = _league()
    _advance(league, cid)
    _play_stage(league, cid, 2)
    _advance(league, cid)
    record = league.records.history(cid, 1, 1, stage=2)[0]
    assert isinstance(record.content, HanchanEntry)
    scores = dict(record.content.scores)
    third, fourth = sorted(scores, key=scores.__getitem__)[1], sorted(scores, key=scores.__getitem__)[0]
    scores[third] -= 100
    scores[fourth] += 100
    stored = league.records.correct(cid, record.id, _hanchan(record.content.number, scores), "100 points misread", "organizer")
    assert stored.changes[0] == "no derived change"
    assert "stage 2 (round 1) tables unchanged" in stored.changes and "stage 3 (round 2) tables unchanged" in stored.changes


@pytest.mark.rule("mahjong.records.correction-refused-after-later-stage")
@pytest.mark.rule("mahjong.records.correction-recomputes-derived")
def test_a_round_1_correction_moving_a_player_to_the_lower_table_needs_the_organizer():
    league, _, cid, _ = _league()
    round_1 = _advance(league, cid)
    a, _ = round_1.rounds[0]
    _play_stage(league, cid, 2, {1: list(a)})
    _advance(league, cid)
    names = league.standings.get(cid).names
    # table A's first hanchan: its 2nd and 3rd swap, and every hanchan of it must turn: swap in all three
    history = league.records.history(cid, 1, 1, stage=2)

    def swapped(r):
        s = dict(r.content.scores)
        s[a[1]], s[a[2]] = s[a[2]], s[a[1]]
        return _hanchan(r.content.number, s)

    # two hanchans corrected in order (each alone keeps the order): the second one moves a[1] down
    first = league.records.correct(cid, history[0].id, swapped(history[0]), "seats swapped", "organizer")
    assert "tables unchanged" in " ".join(first.changes) or first.changes
    with pytest.raises(FailedPrecondition) as error:
        league.records.correct(cid, history[1].id, swapped(history[1]), "seats swapped", "organizer")
    message = error.value.message
    assert "this correction changes who plays in stage 3 (round 2)" in message
    assert f"{names[a[1]]} would move from table upper to table lower" in message
    stored = league.records.correct(
        cid, history[1].id, swapped(history[1]), "seats swapped", "organizer", organizer_confirms=True
    )
    assert any("stage 2 (round 1), table A" in c for c in stored.changes)


@pytest.mark.rule("mahjong.playoff.withdrawals")
def test_a_player_who_leaves_the_season_after_round_1_is_out_and_the_next_of_his_table_moves_up():
    league, _, cid, _ = _league()
    a, b = _advance(league, cid).rounds[0]
    _play_stage(league, cid, 2, {1: list(a), 2: list(b)})
    league.roster.withdraw(cid, a[0], "moved abroad")
    round_2 = _advance(league, cid)
    upper, lower = round_2.rounds[0]
    assert sorted(upper) == sorted([a[1], a[2], b[0], b[1]]) and sorted(lower) == sorted([a[3], b[2], b[3]])
    report = league.playoffs.get(cid)
    assert report.play.state is not None
    (exit_,) = report.play.state.exits
    assert (exit_.player, exit_.withdrawn) == (a[0], True) and "left the season" in exit_.reason
    # the lower table is short: a technical substitute fills the seat, never advances
    assert report.play.stages[1][1][1].seats == (*lower, "substitute 1")
    _play_stage(league, cid, 3, {1: list(upper), 2: ["substitute 1", *lower]})
    round_3 = _advance(league, cid)
    assert sorted(round_3.rounds[0][0]) == sorted([*upper[2:], *lower[:2]])


@pytest.mark.rule("mahjong.playoff.no-show-substitute")
def test_a_no_show_at_a_playoff_table_is_replaced_by_a_substitute_and_the_playoff_goes_on_to_the_prizes():
    league, _, cid, _ = _league()
    a, b = _advance(league, cid).rounds[0]
    sub = league.roster.register(cid, "Sub Oleg", status=PlayerStatus.SUBSTITUTE)
    absent = a[1]
    league.records.record_no_show(cid, 1, 1, NoShowEntry(absent, sub.id), BY, stage=2)
    sat = [sub.id if p == absent else p for p in a]
    for h in (1, 2, 3):  # the substitute wins every hanchan of table A
        league.records.record_hanchan(
            cid, 1, 1, _hanchan(h, season.ranked_scores(sat, [sub.id, a[0], a[2], a[3]], 2, 1, 1, h)), BY, stage=2
        )
    for h in (1, 2, 3):
        league.records.record_hanchan(cid, 1, 2, _hanchan(h, season.ranked_scores(b, list(b), 2, 2, h)), BY, stage=2)
    assert league.stages.get(cid, 2).status is StageStatus.COMPLETED
    ((table_a, _),) = [o for _, o in league.playoffs.get(cid).play.stages]
    assert table_a.order == (sub.id, a[0], a[2], a[3], absent) and sub.id in table_a.substitutes
    round_2 = _advance(league, cid)  # was: "table A seats 4, the result has 5 places"
    upper, lower = round_2.rounds[0]
    # the substitute is removed and places re-counted (§6.1): a[0] and a[2] go up, a[3] and the no-show down
    assert sorted(upper) == sorted([a[0], a[2], b[0], b[1]]) and sorted(lower) == sorted([a[3], absent, b[2], b[3]])
    _play_stage(league, cid, 3, {1: list(upper), 2: list(lower)})
    (table,) = _advance(league, cid).rounds[0]
    _play_stage(league, cid, 4, {1: list(table)})
    (finalists,) = _advance(league, cid).rounds[0]
    _play_stage(league, cid, 5, {1: list(finalists)})
    report = league.playoffs.get(cid)
    assert report.play.finished and report.prizes == tuple(finalists[:2]) and sub.id not in report.prizes


def _confirmed_correction_swapping_places_8_and_9(league: League, cid: str) -> tuple[str, str]:
    """A regular correction the organizer confirms after round 1 was generated: place 9 moves into the top 8."""
    rows = league.standings.get(cid).standings.rows
    totals = {row.player: row.figures.total for row in rows}
    top9 = [row.player for row in rows[:9]]
    p8, p9 = top9[7], top9[8]
    gap = int(totals[p8] - totals[p9]) + 1
    record, q = next(
        (r, q)
        for r in _regular_hanchans(league, cid)
        if p9 in dict(r.content.scores) and p8 not in dict(r.content.scores)
        for q in dict(r.content.scores)
        if q not in top9
    )
    scores = dict(record.content.scores)
    scores[p9] += gap
    scores[q] -= gap
    league.records.correct(
        cid, record.id, _hanchan(record.content.number, scores), "scores misread", "organizer", organizer_confirms=True
    )
    return p8, p9


@pytest.mark.rule("mahjong.playoff.stale-after-correction")
def test_a_confirmed_correction_changing_the_top_8_is_shown_until_the_organizer_regenerates_round_1():
    league, _, cid, _ = _league()
    _advance(league, cid)
    assert league.standings.get(cid).playoff_conflict is None
    p8, p9 = _confirmed_correction_swapping_places_8_and_9(league, cid)
    standings = league.standings.get(cid)
    names = standings.names
    conflict = standings.playoff_conflict
    assert conflict is not None and conflict.open
    assert (conflict.seated_not_qualified, conflict.qualified_not_seated) == ((p8,), (p9,))
    assert f"seats {names[p8]}, whom the corrected standings no longer qualify; they qualify {names[p9]} instead" in (
        conflict.explanation
    )
    assert conflict.explanation in standings.notes and "the organizer decides the playoff" in conflict.explanation
    with pytest.raises(InvalidArgument) as error:  # a decision needs its reason
        league.playoffs.decide(cid, PlayoffDecisionKind.REGENERATE, " ", "organizer")
    assert [v.field for v in error.value.violations] == ["reason"]
    decision = league.playoffs.decide(cid, PlayoffDecisionKind.REGENERATE, "round 1 not played yet", "organizer", "k1")
    assert league.playoffs.decide(cid, PlayoffDecisionKind.REGENERATE, "round 1 not played yet", "organizer", "k1") == decision
    assert decision.stored[7] == p8 and p9 in decision.qualified and decision.removed[0]["number"] == 2
    assert league.stages.list(cid) == [] and league.standings.get(cid).playoff_conflict is None
    with pytest.raises(FailedPrecondition, match="nothing to decide"):
        league.playoffs.decide(cid, PlayoffDecisionKind.KEEP, "again", "organizer")
    round_1 = _advance(league, cid)  # from the corrected standings
    assert p9 in round_1.basis["regular_places"] and p8 not in round_1.basis["regular_places"]


@pytest.mark.rule("mahjong.playoff.stale-after-correction")
def test_a_played_round_1_is_kept_with_the_organizer_s_reason_and_the_conflict_becomes_a_note():
    league, _, cid, _ = _league()
    _advance(league, cid)
    _play_stage(league, cid, 2)
    p8, p9 = _confirmed_correction_swapping_places_8_and_9(league, cid)
    with pytest.raises(FailedPrecondition, match="already has results"):
        league.playoffs.decide(cid, PlayoffDecisionKind.REGENERATE, "start over", "organizer")
    league.playoffs.decide(cid, PlayoffDecisionKind.KEEP, "round 1 was played in good faith", "organizer")
    standings = league.standings.get(cid)
    conflict = standings.playoff_conflict
    assert conflict is not None and not conflict.open and conflict.kept is not None
    assert "kept as stored by the organizer (organizer): round 1 was played in good faith" in conflict.explanation
    assert conflict.explanation in standings.notes
    assert [s.number for s in league.stages.list(cid)] == [2]
    with pytest.raises(FailedPrecondition, match="already decided"):
        league.playoffs.decide(cid, PlayoffDecisionKind.KEEP, "twice", "organizer")
