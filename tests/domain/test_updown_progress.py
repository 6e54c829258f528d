"""The Up&Down league's stages as the service plays them (league.domain.updown.progress): the plan of
stage 1 and stage 2, the checks of a game record, completeness, the one converter and the §10.3
checkpoints. Pure: stages and records built in memory."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.model import Competition, Player, PlayerStatus
from league.domain.records import GameEntry, HanchanEntry, ResultRecord
from league.domain.rulesets import PROGRESS, RESULT_CHECKS
from league.domain.stage_kinds import CompetitionState, StagePlan, check_fixed_rounds
from league.domain.stages import Stage, StageStatus
from league.domain.updown.berger import round_robin
from league.domain.updown.progress import (
    ANNULLED,
    GROUP_KIND,
    ROUND_ROBIN_KIND,
    Checkpoint,
    UpdownProgress,
    check_updown_game,
    checkpoint_removals,
    fit_to_field,
    round_robin_rounds,
    stage_seasons,
    stage_standings,
)
from league.domain.updown.standings import FIRST_LEAGUE, SUPER_LEAGUE, updown_standings
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

pytestmark = pytest.mark.domain
AT = datetime(2026, 1, 1, tzinfo=UTC)
PROGRESS_OF = UpdownProgress()


def players(n: int, withdrawn: tuple[int, ...] = ()) -> tuple[Player, ...]:
    return tuple(
        Player(f"p{i:02d}", "c", f"P{i:02d}", i, PlayerStatus.WITHDRAWN if i in withdrawn else PlayerStatus.MAIN, 2000 - i)
        for i in range(1, n + 1)
    )


def seat(plan: StagePlan) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """League's own seating of the plan (stored as it is)."""
    return plan.rounds


def assert_each_groups_round_robin(plan: StagePlan, cycles: int) -> None:
    """Every table is two players of one group, nobody plays twice in a round, and each pair of a
    group meets exactly ``cycles`` times."""
    group_of = {p: name for name, players in plan.groups for p in players}
    met: dict[frozenset[str], int] = {}
    for rnd in plan.rounds:
        seated = [p for table in rnd for p in table]
        assert len(seated) == len(set(seated))
        for table in rnd:
            assert len(table) == 2 and group_of[table[0]] == group_of[table[1]]
            met[frozenset(table)] = met.get(frozenset(table), 0) + 1
    for _, players in plan.groups:
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                assert met.get(frozenset((a, b)), 0) == cycles, (a, b)


def stage_from(plan: StagePlan, status: StageStatus = StageStatus.OPEN) -> Stage:
    return Stage(
        f"s{plan.number}",
        "c",
        plan.number,
        plan.kind,
        plan.name,
        seat(plan),
        AT,
        "organizer",
        status,
        details={**plan.details, "groups": [[n, list(p)] for n, p in plan.groups]},
    )


def state(roster, stages=(), records=()) -> CompetitionState:
    competition = Competition("c", "Up&Down", "updown-league-2007", 22, 2, AT)
    return CompetitionState(competition, tuple(roster), (), tuple(stages), tuple(records))


def play(stage: Stage, winner=min, skip=lambda a, b: False, start: int = 1) -> list[ResultRecord]:
    """A game for every pairing: ``winner(first, second)`` wins (by default the lower id), long where the stage plays long."""
    long = set(stage.details.get("long_groups", []))
    group_of = {p: name for name, ps in stage.details["groups"] for p in ps}
    out: list[ResultRecord] = []
    for r, rnd in enumerate(stage.rounds, 1):
        for t, (a, b) in enumerate(rnd, 1):
            if skip(a, b):
                continue
            result = "1-0" if winner(a, b) == a else "0-1"
            entry = GameEntry(1, a, b, result, group_of[a] in long)
            out.append(ResultRecord(f"r{start + len(out)}", "c", start + len(out), r, t, entry, "judge", AT, stage=stage.number))
    return out


@pytest.mark.rule("updown.stage.cut-places-fit-the-field")
def test_the_division_cut_places_keep_their_proportions_in_a_smaller_field():
    twelve = fit_to_field(SUPER_LEAGUE, 12)
    assert (twelve.leaders, twelve.outsiders, twelve.outsiders_stay, twelve.cycles) == (4, 4, 1, 2)
    assert twelve.name == "updown (12 players)"
    assert fit_to_field(SUPER_LEAGUE, 24) is SUPER_LEAGUE and fit_to_field(SUPER_LEAGUE, 30) is SUPER_LEAGUE
    first = fit_to_field(FIRST_LEAGUE, 12)
    assert (first.leaders, first.promoted, first.first_checkpoint_keep) == (3, 3, 6)


@pytest.mark.rule("updown.stage-one.double-round-robin-of-main-players")
def test_stage_one_is_a_double_round_robin_of_the_main_players_in_registration_order():
    roster = players(7, withdrawn=(3,))
    plan = PROGRESS["updown-league-2007"].next_stage(state(roster))
    assert (plan.number, plan.kind, plan.name) == (1, ROUND_ROBIN_KIND, "stage 1")
    assert plan.groups == (("stage 1", ("p01", "p02", "p04", "p05", "p06", "p07")),)
    assert plan.details["ruleset"]["leaders"] == 2
    # the Berger tables of the group by rating (p01 1999 first), double: the second cycle reversed
    berger = round_robin(["p01", "p02", "p04", "p05", "p06", "p07"], 2).rounds
    assert plan.rounds == tuple(tuple((p.first, p.second) for p in r.pairings) for r in berger)
    assert_each_groups_round_robin(plan, 2)
    with pytest.raises(FailedPrecondition, match="at least 2 main players"):
        PROGRESS_OF.next_stage(state(players(1)))


@pytest.mark.rule("updown.records.one-game-per-pairing")
def test_a_game_record_is_the_pairing_in_its_order_one_game_no_draw_long_where_the_stage_plays_long():
    plan = PROGRESS_OF.next_stage(state(players(4)))
    stage = stage_from(plan)
    a, b = stage.rounds[0][0]
    assert RESULT_CHECKS[ROUND_ROBIN_KIND] is check_updown_game is RESULT_CHECKS[GROUP_KIND]
    check_updown_game(stage, 1, 1, (a, b), [], GameEntry(1, a, b, "-/+"))
    bad = {
        "game.first_player_id": GameEntry(1, b, a, "1-0"),
        "game.number": GameEntry(2, a, b, "1-0"),
        "game.result": GameEntry(1, a, b, "="),
        "game.long": GameEntry(1, a, b, "1-0", long=True),
    }
    for field, entry in bad.items():
        with pytest.raises(InvalidArgument) as error:
            check_updown_game(stage, 1, 1, (a, b), [], entry)
        assert error.value.violations[0].field == field
    with pytest.raises(FailedPrecondition, match="correct it instead"):
        check_updown_game(stage, 1, 1, (a, b), [GameEntry(1, a, b, "1-0")], GameEntry(1, a, b, "0-1"))
    with pytest.raises(FailedPrecondition, match="game results only"):
        check_updown_game(stage, 1, 1, (a, b), [], HanchanEntry(1, ((a, 1), (b, 2))))


@pytest.mark.rule("updown.stage-two.generated-from-standings")
def test_stage_two_groups_come_from_the_final_stage_one_standings_with_points_carried_then_the_season_ends():
    roster = players(12)
    one = stage_from(PROGRESS_OF.next_stage(state(roster)))
    records = play(one)
    assert len(one.rounds) == 22 and all(len(r) == 6 for r in one.rounds)
    assert PROGRESS_OF.stage_complete(state(roster, [one], records), one)
    assert not PROGRESS_OF.stage_complete(state(roster, [one], records[:-1]), one)
    with pytest.raises(FailedPrecondition, match="1 of 132 games to record"):
        PROGRESS_OF.next_stage(state(roster, [one], records[:-1]))
    one = dataclasses.replace(one, status=StageStatus.COMPLETED)
    plan = PROGRESS_OF.next_stage(state(roster, [one], records))
    assert (plan.number, plan.kind) == (2, GROUP_KIND)
    assert plan.groups == (("leaders", ("p01", "p02", "p03", "p04")), ("outsiders", ("p09", "p10", "p11", "p12")))
    assert plan.details["carried"]["leaders"] == {"p01": 22, "p02": 20, "p03": 18, "p04": 16}
    assert plan.details["carried"]["outsiders"]["p12"] == 0 and plan.details["long_groups"] == ["leaders"]
    assert_each_groups_round_robin(plan, 1)

    two = stage_from(plan)
    upset = play(two, winner=max, start=len(records) + 1)  # in stage 2 the higher id wins every game
    final = state(roster, [one, two], records + upset)
    assert PROGRESS_OF.stage_complete(final, two)
    (_, leaders), (_, outsiders) = stage_standings(final, two)
    # long matches, 2 points a win: everyone ends on 22 (16+6, 18+4, 20+2, 22+0): the stage-2 mini-table decides
    assert [(r.player, r.points, r.carried) for r in leaders.rows] == [
        ("p04", 22, 16),
        ("p03", 22, 18),
        ("p02", 22, 20),
        ("p01", 22, 22),
    ]
    assert "mini-table 6 > 4" in (leaders.rows[0].separated_from_next or "")
    # SB: three long wins, each times the loser's final result (22, carried points included, §6.1)
    assert leaders.rows[0].fate == "champion" and leaders.rows[0].sonneborn_berger == 2 * 22 + 2 * 22 + 2 * 22
    assert outsiders.players_with_fate("stays") == ("p09",)
    assert set(outsiders.players_with_fate("relegated")) == {"p10", "p11", "p12"}
    finished = PROGRESS_OF.next_stage(
        state(roster, [one, dataclasses.replace(two, status=StageStatus.COMPLETED)], records + upset)
    )
    assert finished.finished and finished.number == 0


@pytest.mark.rule("updown.stage-two.generated-from-standings")
def test_a_tie_at_the_cut_blocks_stage_two_with_the_extra_match_named():
    roster = players(6)  # 6 players: 2 leaders, 2 outsiders
    one = stage_from(PROGRESS_OF.next_stage(state(roster)), StageStatus.COMPLETED)

    def winner(a, b):  # p02 and p03 split their games and beat everyone else; p01 beats everyone
        if {a, b} == {"p02", "p03"}:
            return a
        return min(a, b)

    records = play(one, winner=winner)
    # p01 10 points; p02 and p03 7 each (1 of 2 between them), equal SB: an extra match
    with pytest.raises(FailedPrecondition, match="extra match needed between p02 and p03 for place 2"):
        PROGRESS_OF.next_stage(state(roster, [one], records))


@pytest.mark.rule("updown.stage-two.generated-from-standings")
def test_three_equal_after_mini_table_and_sb_at_the_cut_block_stage_two_naming_the_organizer():
    roster = players(6)
    one = stage_from(PROGRESS_OF.next_stage(state(roster)), StageStatus.COMPLETED)

    def winner(a, b):  # p02, p03, p04 split their games (1 of 2 each) and beat p05, p06; p01 beats everyone
        if {a, b} <= {"p02", "p03", "p04"}:
            return a
        return min(a, b)

    records = play(one, winner=winner)
    with pytest.raises(FailedPrecondition, match="organizer decision required between p02 and p03 and p04 for place 2"):
        PROGRESS_OF.next_stage(state(roster, [one], records))


@pytest.mark.rule("updown.schedule.berger-tables")
def test_a_groups_berger_numbers_follow_rating_and_groups_play_side_by_side():
    ratings = {"a": 1000, "b": None, "c": 2000, "d": 1500, "x": 1, "y": 2, "z": 3}
    rounds = round_robin_rounds((("g1", ("a", "b", "c", "d")), ("g2", ("x", "y", "z"))), 1, ratings)
    g1 = [tuple((p.first, p.second) for p in r.pairings) for r in round_robin(["c", "d", "a", "b"]).rounds]
    g2 = [tuple((p.first, p.second) for p in r.pairings) for r in round_robin(["z", "y", "x"]).rounds]
    assert rounds == tuple(one + two for one, two in zip(g1, g2, strict=True))


@pytest.mark.rule("updown.stage-two.generated-from-standings")
def test_league_seats_each_groups_round_robin_and_refuses_another_seating():
    plan = PROGRESS_OF.next_stage(state(players(4)))
    assert_each_groups_round_robin(plan, 2)
    check_fixed_rounds(plan, plan.rounds)  # league's own seating, sent back unchanged
    with pytest.raises(InvalidArgument, match="seated by league") as error:
        check_fixed_rounds(plan, plan.rounds[:-1])
    assert error.value.violations[0].field == "rounds"


@pytest.mark.rule("updown.withdrawal.half-rule")
def test_the_converter_passes_withdrawals_and_a_withdrawn_players_missing_games_are_not_awaited():
    roster = players(4, withdrawn=(4,))
    one = stage_from(PROGRESS_OF.next_stage(state(players(4))))
    records = play(one, skip=lambda a, b: "p04" in (a, b))
    assert PROGRESS_OF.stage_complete(state(roster, [one], records), one)
    [season] = stage_seasons(state(roster, [one], records), one)
    assert season.withdrawn == ("p04",) and len(season.games) == 6
    row = updown_standings(season).rows[-1]
    assert row.player == "p04" and row.withdrawn and "annulled" in row.notes[0]


@pytest.mark.rule("updown.annul.thrown-match")
def test_an_annulled_record_is_a_thrown_match_zero_zero_and_noted():
    roster = players(4)
    one = stage_from(PROGRESS_OF.next_stage(state(roster)))
    records = play(one)
    first = records[0]
    content = first.content
    assert isinstance(content, GameEntry)
    annul = ResultRecord(
        "x", "c", 99, first.round, first.table, dataclasses.replace(content, result=ANNULLED), "judge", AT, first.id, "thrown", 1
    )
    [season] = stage_seasons(state(roster, [one], records + [annul]), one)
    thrown = [g for g in season.games if g.thrown]
    assert len(thrown) == 1 and not thrown[0].really_played
    rows = {r.player: r for r in updown_standings(season).rows}
    assert any("thrown match annulled" in n for n in rows[content.first].notes)


def _season_with(played: dict[str, int], n: int = 5, ruleset=SUPER_LEAGUE, withdrawn: tuple[int, ...] = ()):
    """Stage 1 of ``n`` players where each listed player has really played his first k scheduled games."""
    roster = players(n, withdrawn)
    one = stage_from(dataclasses.replace(PROGRESS_OF.next_stage(state(players(n))), details={"ruleset": ruleset.__dict__.copy()}))
    count: dict[str, int] = {}

    def skip(a, b):
        if {a, b} & {f"p{i:02d}" for i in withdrawn}:
            return True
        for p in (a, b):
            if p in played and count.get(p, 0) >= played[p]:
                return True
        for p in (a, b):
            count[p] = count.get(p, 0) + 1
        return False

    records = play(one, skip=skip)
    [season] = stage_seasons(state(roster, [one], records), one)
    return season


@pytest.mark.rule("updown.checkpoints.fifty-seventy-five")
def test_first_checkpoint_super_league_removes_fewer_than_half_of_the_games_exactly():
    season = _season_with({"p01": 3, "p02": 4}, n=5)  # 8 games each due: 3 < 4 removed, 4 = half stays
    removed = checkpoint_removals(season, Checkpoint.FIRST)
    assert [(r.player, r.really_played, r.due, r.results_annulled) for r in removed] == [("p01", 3, 8, False)]
    assert "fewer than 1/2" in removed[0].reason and "§10.3.1.1" in removed[0].reason


@pytest.mark.rule("updown.checkpoints.fifty-seventy-five")
def test_second_checkpoint_removes_fewer_than_three_quarters_of_the_games_against_players_still_in():
    # p05 withdrawn: 2 cycles x 3 continuing opponents = 6 due, 75 % = 4.5 games
    season = _season_with({"p01": 4, "p02": 5}, n=5, withdrawn=(5,))
    removed = {r.player: r for r in checkpoint_removals(season, Checkpoint.SECOND)}
    for p in ("p01", "p02", "p03", "p04"):
        played = sum(1 for g in season.games if g.involves(p) and g.really_played)
        assert (p in removed) == (4 * played < 3 * 6)
    assert "p01" in removed and "p02" not in removed and "p05" not in removed
    assert removed["p01"].due == 6 and removed["p01"].really_played == 4 and "§10.3.1.3" in removed["p01"].reason


@pytest.mark.rule("updown.checkpoints.fifty-seventy-five")
def test_first_checkpoint_first_league_below_the_kept_place_leave_with_results_annulled():
    ruleset = dataclasses.replace(FIRST_LEAGUE, first_checkpoint_keep=3)
    season = _season_with({}, n=5, ruleset=ruleset)  # lower id wins: points 8, 6, 4, 2, 0
    removed = checkpoint_removals(season, Checkpoint.FIRST)
    assert [(r.player, r.results_annulled) for r in removed] == [("p04", True), ("p05", True)]
    assert "§10.3.1.2" in removed[0].reason
    assert checkpoint_removals(season, Checkpoint.SECOND) == []  # everyone played every game


# --- corrections (docs/rules.md updown.records.correction-*) and results refused ----------------------


def _two_stages(n: int = 8):
    """Stage 1 played in registration order (p01 wins every game), stage 2 generated from it."""
    roster = players(n)
    one = stage_from(PROGRESS_OF.next_stage(state(roster)), StageStatus.COMPLETED)
    records = play(one)
    two = stage_from(PROGRESS_OF.next_stage(state(roster, (one,), records)))
    return roster, one, two, records


def _corrected(records: list[ResultRecord], a: str, b: str, nth: int = 0) -> list[ResultRecord]:
    """``records`` with the ``nth`` game between ``a`` and ``b`` reversed by a correction record."""
    original = [r for r in records if isinstance(r.content, GameEntry) and {r.content.first, r.content.second} == {a, b}][nth]
    game = original.content
    assert isinstance(game, GameEntry)
    fixed = dataclasses.replace(game, result="0-1" if game.result == "1-0" else "1-0")
    n = len(records) + 1
    return [*records, ResultRecord(f"r{n}", "c", n, original.round, original.table, fixed, "judge", AT, original.id, "wrong", 1)]


@pytest.mark.rule("updown.records.correction-recomputes-derived")
@pytest.mark.rule("updown.records.correction-refused-after-later-stage")
def test_a_correction_says_what_it_changes_and_flags_a_stage_two_it_would_form_otherwise():
    roster, one, two, records = _two_stages()  # 8 players: leaders p01, p02; outsiders p07, p08
    assert [list(p) for _, p in two.details["groups"]] == [["p01", "p02"], ["p07", "p08"]]
    before = state(roster, (one, two), records)
    # p02 v p03 reversed once: 11 points each, 1-1 head-to-head, the tie straddles the leaders cut
    once = state(roster, (one, two), _corrected(records, "p02", "p03"))
    found = PROGRESS_OF.correction_effects(before, once)
    assert (
        "stage 1 places: P02 2 -> 2-3 (leaders -> undecided: leaders or stop), P03 3 -> 2-3 (stop -> undecided: leaders or stop)"
        in (found.changes)
    )
    assert found.later_stage_conflicts[0].startswith("stage 2 (stage 2) could no longer be generated: extra match needed between")
    assert found.to_redo == (
        "stage 2 (stage 2) keeps the players it was generated with; "
        + "the referee decides how it is played out (Rondo never regenerates a stored stage)",
    )
    # both games reversed: p03 is 2nd, stage 2 would take him instead of p02
    twice = state(roster, (one, two), _corrected(_corrected(records, "p02", "p03"), "p02", "p03", 1))
    found = PROGRESS_OF.correction_effects(once, twice)
    assert found.later_stage_conflicts == (
        "this correction changes who plays in stage 2 (stage 2): P03 would play at group leaders; P02 would not play (he played at group leaders)",
    )
    # a correction among the leaders changes the points they carry, not the groups: no conflict
    found = PROGRESS_OF.correction_effects(before, state(roster, (one, two), _corrected(records, "p01", "p02")))
    assert not found.later_stage_conflicts
    assert any(c.startswith("stage 2 (stage 2): same groups (the points carried from stage 1 change") for c in found.changes)
    assert PROGRESS_OF.correction_effects(before, before).changes[0] == "no derived change"


@pytest.mark.rule("updown.records.correction-recomputes-derived")
def test_stage_two_carries_the_current_stage_one_points():
    roster, one, two, records = _two_stages()
    assert two.details["carried"]["leaders"] == {"p01": 14, "p02": 12}
    corrected = state(roster, (one, two), _corrected(records, "p01", "p02"))
    leaders, _ = stage_seasons(corrected, two)
    assert dict(leaders.carried) == {"p01": 13, "p02": 13}


@pytest.mark.rule("updown.records.annulled-and-withdrawn-take-no-results")
def test_an_annulled_match_and_a_withdrawn_player_s_games_take_no_result():
    from league.domain.stage_kinds import ResultContext

    plan = PROGRESS_OF.next_stage(state(players(4)))
    stage = stage_from(plan)
    a, b = stage.rounds[0][0]
    annulled = GameEntry(1, a, b, ANNULLED)
    with pytest.raises(FailedPrecondition, match="was annulled .*§9.2, final"):
        check_updown_game(stage, 1, 1, (a, b), [], GameEntry(1, a, b, "1-0"), ResultContext(replaced=annulled))
    with pytest.raises(FailedPrecondition, match="was annulled"):
        check_updown_game(stage, 1, 1, (a, b), [annulled], GameEntry(1, a, b, "1-0"))
    with pytest.raises(
        FailedPrecondition, match=f"{b} left the league; the games he had not played are settled by the withdrawal rule"
    ):
        check_updown_game(stage, 1, 1, (a, b), [], GameEntry(1, a, b, "1-0"), ResultContext(left=frozenset({b})))
    # a game he played before he left can still be corrected
    check_updown_game(
        stage, 1, 1, (a, b), [], GameEntry(1, a, b, "0-1"), ResultContext(frozenset({b}), GameEntry(1, a, b, "1-0"))
    )


RESULTS = st.sampled_from(["1-0", "0-1", "+/-", "-/+", "-/-"])


@pytest.mark.rule("updown.records.correction-recomputes-derived")
@settings(max_examples=40, deadline=None)
@given(st.lists(RESULTS, min_size=30, max_size=30), st.integers(0, 29), RESULTS)
def test_property_a_correction_followed_by_its_reverse_restores_the_standings_exactly(results, which, other):
    roster = players(6)
    one = stage_from(PROGRESS_OF.next_stage(state(roster)))
    records = [dataclasses.replace(r, content=dataclasses.replace(r.content, result=results[i])) for i, r in enumerate(play(one))]
    original = records[which]
    assert isinstance(original.content, GameEntry)
    n = len(records)
    fix = ResultRecord(
        f"r{n + 1}",
        "c",
        n + 1,
        original.round,
        original.table,
        dataclasses.replace(original.content, result=other),
        "judge",
        AT,
        original.id,
        "misread",
        1,
    )
    back = ResultRecord(
        f"r{n + 2}", "c", n + 2, original.round, original.table, original.content, "judge", AT, fix.id, "reverted", 1
    )
    before = stage_standings(state(roster, (one,), records), one)
    after = stage_standings(state(roster, (one,), [*records, fix, back]), one)
    # the same rows and ties (the games are listed in the order their current records were entered)
    assert [(g, s.rows, s.unresolved) for g, s in after] == [(g, s.rows, s.unresolved) for g, s in before]
    assert sorted(map(repr, after[0][1].games)) == sorted(map(repr, before[0][1].games))
