"""The Up&Down league through the league use cases on in-memory fakes: stage 1 into stage 2, game
records checked by the stage, standings, withdrawals, annulments and the §10.3 checkpoints."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from league.domain import rulesets
from league.domain.records import GameEntry
from league.domain.stage_kinds import StagePlan
from league.domain.stages import StageStatus
from league.domain.updown.progress import UpdownProgress
from league.domain.updown.standings import FIRST_LEAGUE
from league.grpc_api import checkpoint_to_proto, plan_to_proto
from league.service import League
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests.unit.fakes import FakeLeagueRepository, FakeUnitOfWork
from tests.unit.test_league_services import Clock

pytestmark = pytest.mark.unit
BY = "judge"


def seat(plan: StagePlan) -> tuple:
    """League's own seating of the plan (each group's Berger tables, side by side)."""
    return plan.rounds


def league_of(n: int):
    uow: Any = FakeUnitOfWork(FakeLeagueRepository())
    league = League(uow, clock=Clock())
    c = league.competitions.create("Up&Down", "updown-league-2007", 22, 2)
    ids = [league.roster.register(c.id, f"P{i:02d}", rating=2000 - i).id for i in range(1, n + 1)]
    return league, uow, c.id, ids


def advance(league: League, cid: str):
    plan = league.stages.prepare(cid)
    notes = plan_to_proto(cid, plan).notes_ru  # what the stage is made from, in Russian too
    assert len(notes) == len(plan.notes) and all("очки" in n or "лидеров" in n for n in notes)
    return league.stages.save(cid, plan.number, seat(plan), "organizer")


def record_all(league, cid, stage, winner=min, skip=lambda a, b: False):
    long = set(stage.details.get("long_groups", []))
    group_of = {p: name for name, ps in stage.details["groups"] for p in ps}
    last = None
    for r, rnd in enumerate(stage.rounds, 1):
        for t, (a, b) in enumerate(rnd, 1):
            if skip(a, b):
                continue
            result = "1-0" if winner(a, b) == a else "0-1"
            last = league.records.record_game(cid, stage.number, r, t, GameEntry(1, a, b, result, group_of[a] in long), BY)
    return last


def rank(ids: list[str]):
    order = {p: i for i, p in enumerate(ids)}
    return lambda a, b: min(a, b, key=order.__getitem__)


@pytest.mark.rule("updown.stage-one.double-round-robin-of-main-players")
@pytest.mark.rule("updown.stage-two.generated-from-standings")
def test_twelve_players_stage_one_completes_stage_two_is_generated_and_finishes_with_lists():
    league, _, cid, ids = league_of(12)
    one = advance(league, cid)
    assert (one.number, one.kind, len(one.rounds)) == (1, "updown-round-robin", 22)
    assert one.details["ruleset"]["leaders"] == 4
    last = record_all(league, cid, one, winner=rank(ids))
    assert last is not None and last.completed_stage
    assert league.stages.get(cid, 1).status is StageStatus.COMPLETED

    standings = league.standings.get_updown(cid, 1)
    [(name, table)] = standings.groups
    assert name == "stage 1" and [r.player for r in table.rows] == ids
    assert [r.fate for r in table.rows] == ["leaders"] * 4 + ["stop"] * 4 + ["outsiders"] * 4
    assert table.rows[0].points == 22 and table.rows[0].really_played == 22

    two = advance(league, cid)
    assert [g for g, _ in two.details["groups"]] == ["leaders", "outsiders"]
    assert two.details["carried"]["leaders"][ids[0]] == 22
    # stage 2 reversed: the last of each group wins every game
    reverse = {p: -i for i, p in enumerate(ids)}
    last = record_all(league, cid, two, winner=lambda a, b: min(a, b, key=reverse.__getitem__))
    assert last is not None and last.completed_stage
    final = league.standings.get_updown(cid)
    assert final.complete and final.stage.number == 2
    assert final.with_fate("champion") == [ids[3]]  # 16 + 3 long wins x 2 = 22, best on the stage-2 mini-table
    # outsiders carry 6, 4, 2, 0 and win 0, 1, 2, 3 games: 6, 5, 4, 3, one stays (12 players: 1 of 4)
    assert final.with_fate("stays") == [ids[8]] and final.with_fate("relegated") == ids[9:12]
    assert league.stages.prepare(cid).finished
    assert list(plan_to_proto(cid, league.stages.prepare(cid)).notes_ru) == ["второй этап завершён: сезон окончен"]
    with pytest.raises(FailedPrecondition, match="finished"):
        league.stages.save(cid, 3, (), "organizer")


@pytest.mark.rule("updown.records.one-game-per-pairing")
def test_bad_game_records_are_refused_by_field_and_nothing_is_stored():
    league, uow, cid, _ = league_of(4)
    one = advance(league, cid)
    a, b = one.rounds[0][0]
    cases = {
        "game.first_player_id": GameEntry(1, b, a, "1-0"),
        "game.result": GameEntry(1, a, b, "="),
        "game.long": GameEntry(1, a, b, "1-0", True),
        "game.number": GameEntry(2, a, b, "1-0"),
    }
    for field, entry in cases.items():
        with pytest.raises(InvalidArgument) as error:
            league.records.record_game(cid, 1, 1, 1, entry, BY)
        assert error.value.violations[0].field == field
    with pytest.raises(InvalidArgument) as error:
        league.records.record_game(cid, 1, 1, 1, GameEntry(1, a, b, "annulled"), BY)
    assert error.value.violations[0].field == "game.result"
    assert uow.repository.records(cid) == []
    first = league.records.record_game(cid, 1, 1, 1, GameEntry(1, a, b, "1-0"), BY)
    with pytest.raises(FailedPrecondition, match="correct it instead"):
        league.records.record_game(cid, 1, 1, 1, GameEntry(1, a, b, "0-1"), BY)
    fixed = league.records.correct(cid, first.id, GameEntry(1, a, b, "0-1"), "entered the wrong way round", BY)
    assert fixed.replaces_record_id == first.id and len(uow.repository.records(cid)) == 2


@pytest.mark.rule("updown.annul.thrown-match")
def test_a_judge_annuls_a_thrown_match_by_correcting_it_the_original_stays():
    league, uow, cid, _ = league_of(4)
    one = advance(league, cid)
    a, b = one.rounds[0][0]
    first = league.records.record_game(cid, 1, 1, 1, GameEntry(1, a, b, "1-0"), BY)
    league.records.correct(cid, first.id, GameEntry(1, a, b, "annulled"), "thrown: lost without playing (§9.2)", "referee")
    [(_, table)] = league.standings.get_updown(cid, 1).groups
    rows = {r.player: r for r in table.rows}
    assert rows[a].points == 0 and rows[a].really_played == 0 and any("thrown" in n for n in rows[a].notes)
    assert [r.content.result for r in uow.repository.records(cid)] == ["1-0", "annulled"]


@pytest.mark.rule("updown.withdrawal.half-rule")
def test_withdrawal_both_branches_show_in_the_standings():
    league, _, cid, ids = league_of(6)
    one = advance(league, cid)
    early, late = ids[4], ids[5]
    played: dict[str, int] = {}

    def skip(a, b):  # `early` plays 2 games, `late` 6 of his 10, before withdrawing
        for p, quota in ((early, 2), (late, 6)):
            if p in (a, b):
                if played.get(p, 0) >= quota:
                    return True
        for p in (a, b):
            played[p] = played.get(p, 0) + 1
        return False

    record_all(league, cid, one, skip=skip)
    assert league.roster.withdraw(cid, early, "moved away").completed_stage == 0  # late's games are still open
    assert league.stages.get(cid, 1).status is StageStatus.OPEN
    # the last open games were a withdrawn player's: they are not awaited, the withdrawal completes stage 1
    assert league.roster.withdraw(cid, late, "moved away").completed_stage == 1
    assert league.stages.get(cid, 1).status is StageStatus.COMPLETED
    [(_, table)] = league.standings.get_updown(cid, 1).groups
    rows = {r.player: r for r in table.rows}
    assert [r.player for r in table.rows][-2:] == [early, late] or [r.player for r in table.rows][-2:] == [late, early]
    assert "annulled" in rows[early].notes[0] and rows[early].games == 0
    assert "technical losses" in rows[late].notes[0]


@pytest.mark.rule("updown.checkpoints.fifty-seventy-five")
@pytest.mark.rule("updown.standings.explanations-in-both-languages")
def test_checkpoints_withdraw_the_players_below_the_share_with_the_reason_and_replay_by_key():
    league, uow, cid, ids = league_of(5)
    one = advance(league, cid)
    played: dict[str, int] = {}
    lazy = ids[0]

    def skip(a, b):
        if lazy in (a, b) and played.get(lazy, 0) >= 3:
            return True
        for p in (a, b):
            played[p] = played.get(p, 0) + 1
        return False

    record_all(league, cid, one, skip=skip)
    for bad, field in (("third", "checkpoint"), ("first", "recorded_by")):
        with pytest.raises(InvalidArgument) as error:
            league.checkpoints.apply(cid, bad, "" if field == "recorded_by" else BY)
        assert error.value.violations[0].field == field
    result = league.checkpoints.apply(cid, "first", BY, idempotency_key="cp1")
    assert [(r.player, r.really_played, r.due) for r in result.removed] == [(lazy, 3, 8)]
    assert uow.repository.player(lazy).status.value == "withdrawn"
    again = league.checkpoints.apply(cid, "first", BY, idempotency_key="cp1")
    assert again.removed == result.removed
    # the reason in Russian too, kept with the answer a retry replays
    (removed,) = checkpoint_to_proto(again).removed
    assert removed.reason_ru == (
        "первая контрольная точка: реально сыграно 3 из 8 партий, меньше 1/2 (updown-league-2007 §10.3.1.1); "
        "снят с турнира, применяется §10.4"
    )
    assert league.stages.get(cid, 1).status is StageStatus.COMPLETED  # his games are no longer awaited
    with pytest.raises(FailedPrecondition, match="has completed it"):
        league.checkpoints.apply(cid, "second", BY)
    [(_, table)] = league.standings.get_updown(cid, 1).groups
    assert table.rows[-1].player == lazy and table.rows[-1].withdrawn


@pytest.mark.rule("updown.checkpoints.fifty-seventy-five")
def test_a_checkpoint_outside_an_open_stage_one_is_refused():
    league, _, cid, _ = league_of(4)
    with pytest.raises(FailedPrecondition, match="has not started it"):
        league.checkpoints.apply(cid, "first", BY)
    other = league.competitions.create("Mahjong", "discard-league-2026", 4, 4)
    with pytest.raises(FailedPrecondition, match="not an Up&Down league"):
        league.standings.get_updown(other.id)


@pytest.mark.rule("updown.checkpoints.fifty-seventy-five")
def test_first_league_first_checkpoint_annuls_the_results_of_those_below_the_kept_place(monkeypatch):
    division = dataclasses.replace(FIRST_LEAGUE, first_checkpoint_keep=3, field=5)
    monkeypatch.setitem(rulesets.PROGRESS, "updown-league-2007", UpdownProgress(division))
    league, uow, cid, ids = league_of(5)
    one = advance(league, cid)
    record_all(league, cid, one, winner=rank(ids))  # points 8, 6, 4, 2, 0: the stage completes
    assert league.stages.get(cid, 1).status is StageStatus.COMPLETED
    with pytest.raises(FailedPrecondition):
        league.checkpoints.apply(cid, "first", BY)

    league, uow, cid, ids = league_of(5)
    one = advance(league, cid)
    record_all(league, cid, one, winner=rank(ids), skip=lambda a, b: {a, b} == {ids[0], ids[1]})
    result = league.checkpoints.apply(cid, "first", BY)
    assert [(r.player, r.results_annulled) for r in result.removed] == [(ids[3], True), (ids[4], True)]
    assert all(r.reason_ru.startswith("первая контрольная точка: ") for r in checkpoint_to_proto(result).removed)
    annulled = [r for r in uow.repository.records(cid) if r.content.result == "annulled"]
    assert len(annulled) == 14 and all(r.replaces_record_id and "§10.3.1.2" in r.reason for r in annulled)
    [(_, table)] = league.standings.get_updown(cid, 1).groups
    rows = {r.player: r for r in table.rows}
    # only the games among those still in count: the first two beat the third twice each
    assert (rows[ids[0]].points, rows[ids[1]].points, rows[ids[2]].points) == (2, 2, 0)
    assert rows[ids[4]].games == 0 and "annulled" in rows[ids[4]].notes[0]


def _game_record(league, cid, stage_no, a, b):
    """The current record of the game between ``a`` and ``b`` of stage ``stage_no`` (first cycle first)."""
    stage = league.stages.get(cid, stage_no)
    for r, rnd in enumerate(stage.rounds, 1):
        for t, pair in enumerate(rnd, 1):
            if set(pair) == {a, b}:
                history = league.records.history(cid, r, t, stage=stage_no)
                return history[-1]
    raise AssertionError("no such game")


def _reversed(record):
    game = record.content
    return dataclasses.replace(game, result="0-1" if game.result == "1-0" else "1-0")


def _season_in_stage_two(n: int = 12):
    league, uow, cid, ids = league_of(n)
    one = advance(league, cid)
    record_all(league, cid, one, winner=rank(ids))  # points 22, 20, ..., 0 in registration order
    two = advance(league, cid)
    return league, uow, cid, ids, two


@pytest.mark.rule("updown.records.correction-refused-after-later-stage")
@pytest.mark.rule("updown.records.correction-recomputes-derived")
def test_a_stage_one_correction_that_changes_the_stage_two_groups_is_refused_then_confirmed_and_says_what_to_redo():
    league, uow, cid, ids, two = _season_in_stage_two()
    assert [list(p) for _, p in two.details["groups"]][0] == ids[:4]
    # P04 (16 points, 4th, leaders) and P05 (14, 5th, stop): their first game reversed makes them 15-15,
    # head-to-head 1-1, a tie at the leaders cut: stage 2 could no longer be generated
    first = _game_record(league, cid, 1, ids[3], ids[4])
    stored = len(uow.repository.records(cid))
    with pytest.raises(FailedPrecondition) as error:
        league.records.correct(cid, first.id, _reversed(first), "entered the wrong way round", BY)
    assert "stage 2 (stage 2) could no longer be generated: extra match needed between" in error.value.message
    assert "organizer_confirms" in error.value.message and len(uow.repository.records(cid)) == stored  # nothing stored
    done = league.records.correct(cid, first.id, _reversed(first), "entered the wrong way round", BY, organizer_confirms=True)
    assert any(c.startswith("stage 1 places: P04 4 -> 4-5 (leaders -> undecided") for c in done.changes)
    assert any(c.startswith("confirmed by the organizer: stage 2 (stage 2) could no longer be generated") for c in done.changes)
    assert any(
        c.startswith("to redo: stage 2 (stage 2) keeps the players it was generated with; the referee decides")
        for c in done.changes
    )
    # the second game reversed too: P05 is now 4th; stage 2 would be formed with him instead of P04
    second = next(
        r
        for r in uow.repository.records(cid)
        if r.stage == 1
        and {r.content.first, r.content.second} == {ids[3], ids[4]}
        and r.id != first.id
        and not r.replaces_record_id
    )
    with pytest.raises(FailedPrecondition) as error:
        league.records.correct(cid, second.id, _reversed(second), "entered the wrong way round", BY)
    message = error.value.message
    assert "this correction changes who plays in stage 2 (stage 2)" in message
    assert "P05 would play at group leaders; P04 would not play (he played at group leaders)" in message
    done = league.records.correct(cid, second.id, _reversed(second), "entered the wrong way round", BY, organizer_confirms=True)
    assert any("stage 1 places:" in c and "P05 4-5 -> 4 (undecided" in c for c in done.changes)
    assert any(c.startswith("to redo: stage 2 (stage 2) keeps the players it was generated with (") for c in done.changes)
    # the stored stage keeps its groups; its standings carry the corrected stage-1 points
    assert [list(p) for _, p in league.stages.get(cid, 2).details["groups"]][0] == ids[:4]
    leaders = dict(league.standings.get_updown(cid, 2).groups)["leaders"]
    assert {r.player: r.carried for r in leaders.rows}[ids[3]] == 14


@pytest.mark.rule("updown.records.correction-recomputes-derived")
def test_a_stage_one_correction_keeping_the_groups_changes_the_points_carried_and_needs_no_confirmation():
    league, _, cid, ids, _ = _season_in_stage_two()
    record = _game_record(league, cid, 1, ids[0], ids[1])
    done = league.records.correct(cid, record.id, _reversed(record), "wrong way round", BY)
    assert "stage 1 places: P01 1 -> 1-2, P02 2 -> 1-2" in done.changes
    assert any(
        c.startswith("stage 2 (stage 2): same groups (the points carried from stage 1 change")
        and "P01 22 -> 21, P02 20 -> 21" in c
        for c in done.changes
    )
    assert not any(c.startswith(("confirmed", "to redo")) for c in done.changes)
    leaders = dict(league.standings.get_updown(cid, 2).groups)["leaders"]
    assert {r.player: r.carried for r in leaders.rows}[ids[0]] == 21


@pytest.mark.rule("updown.records.correction-recomputes-derived")
@pytest.mark.rule("updown.stage.promotion-and-relegation-lists")
def test_a_stage_two_correction_changes_the_champion_and_the_lists_with_their_reasons():
    league, _, cid, ids, two = _season_in_stage_two()
    last = record_all(league, cid, two, winner=rank(ids))  # the stage-1 order again
    assert last is not None and last.completed_stage
    final = league.standings.get_updown(cid)
    assert final.with_fate("champion") == [ids[0]]
    leaders = dict(final.groups)["leaders"]
    assert leaders.rows[0].fate_reason == "place 1 of the leaders group: the champion (updown-league-2007 §4.4.1.1)"
    outsiders = dict(final.groups)["outsiders"]
    assert [r.fate for r in outsiders.rows] == ["stays", "relegated", "relegated", "relegated"]
    assert outsiders.rows[1].fate_reason == (
        "place 2 of the outsiders group: the first 1 of the outsiders group keep their place in the division "
        "(updown-league-2007 §4.4.1.2)"
    )
    # P01 v P02 in stage 2 (long, 2 points) reversed: both 26, P02 first on the head-to-head
    record = _game_record(league, cid, 2, ids[0], ids[1])
    done = league.records.correct(cid, record.id, _reversed(record), "wrong way round", BY)
    assert done.changes[0] == (
        "stage 2, leaders group places: P02 2 -> 1 (prize places -> champion), P01 1 -> 2 (champion -> prize places)"
    )
    assert league.standings.get_updown(cid).with_fate("champion") == [ids[1]]


@pytest.mark.rule("updown.ruleset.division-as-data")
@pytest.mark.rule("updown.stage.promotion-and-relegation-lists")
def test_a_first_league_in_two_groups_plays_by_its_pinned_division_data():
    uow: Any = FakeUnitOfWork(FakeLeagueRepository())
    league = League(uow, clock=Clock())
    for bad, field in (
        ('{"division": "premier"}', "ruleset_overrides.division"),
        ('{"leaders": -1}', "ruleset_overrides.leaders"),
    ):
        with pytest.raises(InvalidArgument) as error:
            league.competitions.create("First League", "updown-league-2007", 22, 2, ruleset_overrides=bad)
        assert [v.field for v in error.value.violations] == [field]
    data = '{"division": "updown-first-league", "group_size": 5, "leaders": 3, "promoted": 3, "first_checkpoint_keep": 2}'
    cid = league.competitions.create("First League", "updown-league-2007", 22, 2, ruleset_overrides=data).id
    ids = [league.roster.register(cid, f"F{i:02d}", rating=2000 - i).id for i in range(1, 11)]
    [v1] = league.rulesets.versions(cid)
    assert v1.data["division"] == "updown-first-league" and v1.data["group_size"] == 5
    plan = league.stages.prepare(cid)
    # snake by rating: 1, 4, 5, 8, 9 and 2, 3, 6, 7, 10 (in registration order inside each group)
    assert plan.groups == (
        ("group 1", (ids[0], ids[3], ids[4], ids[7], ids[8])),
        ("group 2", (ids[1], ids[2], ids[5], ids[6], ids[9])),
    )
    one = league.stages.save(cid, 1, seat(plan), "organizer")
    record_all(league, cid, one, winner=rank(ids))
    groups = dict(league.standings.get_updown(cid, 1).groups)
    assert [r.fate for r in groups["group 1"].rows] == ["leaders"] * 3 + ["stop"] * 2
    assert groups["group 2"].rows[3].fate_reason == "place 4: places 4-5 do not play stage 2 (updown-league-2007 §4.3.2)"
    with pytest.raises(FailedPrecondition, match="group_size can no longer change: stage 1 is seated with it"):
        league.rulesets.change(cid, '{"group_size": 4}', "smaller groups", "organizer")
    with pytest.raises(InvalidArgument) as error:
        league.rulesets.change(cid, '{"promoted": 4}', "", "organizer")
    assert error.value.violations[0].field == "reason"
    two = advance(league, cid)
    # the leaders of both groups, by stage-1 place then group: F01, F02, F04, F03, F05, F06
    assert [g for g, _ in two.details["groups"]] == ["leaders"]
    assert two.details["groups"][0][1] == [ids[0], ids[1], ids[3], ids[2], ids[4], ids[5]]
    with pytest.raises(FailedPrecondition, match="leaders can no longer change: stage 2 is formed with it"):
        league.rulesets.change(cid, '{"leaders": 2}', "fewer", "organizer")
    league.rulesets.change(cid, '{"promoted": 4}', "the Super League has four places free", "organizer")
    record_all(league, cid, two, winner=rank(ids))
    final = league.standings.get_updown(cid)
    assert final.ruleset_version == 2 and final.complete
    assert final.with_fate("promoted") == ids[:4] and final.with_fate("stays") == [ids[4], ids[5]]
    leaders = dict(final.groups)["leaders"]
    assert leaders.rows[4].fate_reason == (
        "place 5 of the leaders group: the first 4 of the leaders group go up to the higher division (updown-league-2007 §4.4.2.1)"
    )


@pytest.mark.rule("updown.standings.extra-match-by-decision")
def test_a_tie_at_the_cut_is_decided_by_the_extra_match_the_organizer_records_and_stage_two_follows():
    from league.domain.lots import TieMethod

    league, uow, cid, ids = league_of(12)
    one = advance(league, cid)
    order = {p: i for i, p in enumerate(ids)}
    # P04 and P05 win one game each against the other: 15 points each, the tie straddles the leaders cut
    flipped: set[int] = set()

    def winner(a, b):
        if {a, b} == {ids[3], ids[4]} and not flipped:
            flipped.add(1)
            return ids[4]
        return min(a, b, key=order.__getitem__)

    record_all(league, cid, one, winner=winner)
    with pytest.raises(FailedPrecondition, match="extra match needed between"):
        league.stages.prepare(cid)
    with pytest.raises(FailedPrecondition, match="not exactly an unresolved tie"):
        league.standings.decide_tie(cid, [ids[3], ids[5]], TieMethod.ORGANIZER_ORDER, None, "no", "organizer")
    decision = league.standings.decide_tie(
        cid, [ids[4], ids[3]], TieMethod.ORGANIZER_ORDER, None, "extra match: P05 won 3-1 (§6.2.2)", "organizer"
    )
    assert decision.stage == 1
    [(_, table)] = league.standings.get_updown(cid, 1).groups
    rows = {r.player: r for r in table.rows}
    assert not table.unresolved and (rows[ids[4]].place, rows[ids[4]].fate) == ("4", "leaders") and rows[ids[3]].fate == "stop"
    assert rows[ids[4]].separated_from_next == "organizer decision: extra match: P05 won 3-1 (§6.2.2)"
    two = advance(league, cid)
    assert two.details["groups"][0][1] == [ids[0], ids[1], ids[2], ids[4]]


@pytest.mark.rule("updown.standings.extra-match-by-decision")
def test_three_equal_after_mini_table_and_sb_at_the_cut_are_decided_by_the_organizer_and_stage_two_follows():
    from league.domain.lots import TieMethod

    league, uow, cid, ids = league_of(6)  # fitted to 6 players: 2 leaders, 2 outsiders
    one = advance(league, cid)
    trio = set(ids[1:4])

    def winner(a, b):  # P02, P03, P04 split their games and beat P05, P06; P01 beats everyone
        return a if {a, b} <= trio else min(a, b, key=ids.index)

    record_all(league, cid, one, winner=winner)
    [(_, table)] = league.standings.get_updown(cid, 1).groups
    (tie,) = table.unresolved
    assert tie.place == "2-4" and set(tie.players) == trio and tie.at_cut
    assert tie.reason == "equal points; equal mini-table; equal Sonneborn-Berger; organizer decision required"
    with pytest.raises(FailedPrecondition, match="organizer decision required between"):
        league.stages.prepare(cid)
    why = "organizer decision (updown-league-2007 §11.3): P03 first"
    league.standings.decide_tie(cid, [ids[2], ids[1], ids[3]], TieMethod.ORGANIZER_ORDER, None, why, "organizer")
    [(_, table)] = league.standings.get_updown(cid, 1).groups
    rows = {r.player: r for r in table.rows}
    assert not table.unresolved
    assert [(rows[p].place, rows[p].fate) for p in (ids[2], ids[1], ids[3])] == [("2", "leaders"), ("3", "stop"), ("4", "stop")]
    two = advance(league, cid)
    assert two.details["groups"][0][1] == [ids[0], ids[2]]
