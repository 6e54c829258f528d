"""League domain rules, named after the rule (docs/rules.md `mahjong.roster.*`, `mahjong.draw.*`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.domain.model import (
    Competition,
    Draw,
    DrawStatistics,
    DrawStatus,
    Player,
    PlayerStatus,
    approve,
    main_roster,
    validate_draw_shape,
    validate_new_competition,
    validate_player_name,
    withdraw,
)
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

pytestmark = pytest.mark.domain
NOW = datetime(2026, 11, 29, tzinfo=UTC)


def _player(i, status=PlayerStatus.MAIN, name=None):
    return Player(f"p{i}", "c", name or f"Player {i}", i, status)


@pytest.mark.rule("mahjong.draw.all-rounds-at-once")
def test_discard_league_defaults_to_four_rounds_of_four():
    assert validate_new_competition("League", "", 0, 0) == ("League", "discard-league-2026", 4, 4)


@pytest.mark.parametrize(
    "args, field",
    [(("", "", 4, 4), "name"), (("x", "chess", 4, 4), "ruleset"), (("x", "", -1, 4), "rounds"), (("x", "", 4, 1), "table_size")],
)
def test_competition_validation_names_the_field(args, field):
    with pytest.raises(InvalidArgument) as error:
        validate_new_competition(*args)
    assert [v.field for v in error.value.violations] == [field]


@pytest.mark.rule("draw.competition.ruleset-defaults")
@pytest.mark.parametrize(
    "ruleset, expected",
    [("open-cup-2023", ("Open cup", "open-cup-2023", 6, 2)), ("updown-league-2007", ("Open cup", "updown-league-2007", 22, 2))],
)
def test_zero_rounds_and_table_size_take_the_rulesets_defaults(ruleset, expected):
    assert validate_new_competition("Open cup", ruleset, 0, 0) == expected


@pytest.mark.rule("draw.competition.ruleset-defaults")
@pytest.mark.parametrize(
    "ruleset, rounds, table_size, field, says",
    [
        ("updown-league-2007", 1, 2, "rounds", "has 22 rounds, got 1"),
        ("updown-league-2007", 0, 4, "table_size", "plays tables of 2, got 4"),
        ("open-cup-2023", 7, 0, "rounds", "at most 6 rounds"),
        ("open-cup-2023", 0, 3, "table_size", "plays tables of 2, got 3"),
    ],
)
def test_values_contradicting_the_ruleset_are_refused_naming_the_field_and_the_rulesets_value(
    ruleset, rounds, table_size, field, says
):
    with pytest.raises(InvalidArgument) as error:
        validate_new_competition("Cup", ruleset, rounds, table_size)
    assert [v.field for v in error.value.violations] == [field]
    assert says in error.value.violations[0].description


def test_player_names_are_unique_ignoring_case_and_spacing():
    roster = [_player(1, name="Saki Miyanaga")]
    with pytest.raises(InvalidArgument):
        validate_player_name(" saki   MIYANAGA ", roster)
    assert validate_player_name("Nodoka  Haramura", roster) == "Nodoka Haramura"


@pytest.mark.rule("mahjong.roster.withdrawal-keeps-history")
def test_withdrawn_name_stays_taken_because_history_is_kept():
    with pytest.raises(InvalidArgument):
        validate_player_name("Player 1", [_player(1, PlayerStatus.WITHDRAWN)])


@pytest.mark.rule("mahjong.roster.statuses")
def test_main_roster_is_active_players_in_registration_order():
    players = [_player(3), _player(1), _player(2, PlayerStatus.WITHDRAWN), _player(4, PlayerStatus.SUBSTITUTE)]
    assert [p.id for p in main_roster(players)] == ["p1", "p3", "p4"]


@pytest.mark.rule("mahjong.roster.withdrawal-keeps-history")
def test_withdraw_twice_is_a_failed_precondition():
    with pytest.raises(FailedPrecondition):
        withdraw(withdraw(_player(1)))


def _draw(status):
    return Draw("d", "c", 1, status, 1, (), DrawStatistics((), (), False, "x"), NOW)


@pytest.mark.rule("mahjong.draw.organizer-approves")
def test_only_a_proposed_draw_can_be_approved():
    assert approve(_draw(DrawStatus.PROPOSED), NOW).status is DrawStatus.APPROVED
    with pytest.raises(FailedPrecondition):
        approve(_draw(DrawStatus.SUPERSEDED), NOW)


def test_draw_shape_seats_every_player_once_per_round():
    c = Competition("c", "L", "discard-league-2026", 1, 4, NOW)
    ids = {f"p{i}" for i in range(8)}
    validate_draw_shape(c, ((("p0", "p1", "p2", "p3"), ("p4", "p5", "p6", "p7")),), ids)
    with pytest.raises(InvalidArgument) as error:
        validate_draw_shape(c, ((("p0", "p1", "p2", "p3"), ("p4", "p5", "p6", "p0")),), ids)
    assert "seated twice" in error.value.violations[0].description


@given(st.text(max_size=300))
def test_player_name_validation_never_crashes_and_cleans(name):
    try:
        clean = validate_player_name(name, [])
    except InvalidArgument as error:
        assert error.violations and error.violations[0].field == "name"
    else:
        from rondo_runtime.text import MAX_NAME_LENGTH, clean_name

        assert clean == clean_name(name, "name") and 0 < len(clean) <= MAX_NAME_LENGTH  # the one edge rule


@given(st.text(max_size=50), st.text(max_size=30), st.integers(-5, 200), st.integers(-5, 20))
def test_competition_validation_never_crashes(name, ruleset, rounds, table_size):
    try:
        validate_new_competition(name, ruleset, rounds, table_size)
    except InvalidArgument as error:
        assert {v.field for v in error.violations} <= {"name", "ruleset", "rounds", "table_size"}


# --------------------------------------------------------------- what league stores and approves


def _league_draw(rounds, played_rounds=0):
    return Draw(
        "d",
        "c",
        1,
        DrawStatus.PROPOSED,
        1,
        rounds,
        DrawStatistics((0,) * 5, (0,) * 5, True, "x"),
        NOW,
        played_rounds=played_rounds,
    )


EIGHT = [_player(i) for i in range(8)]
ONE_ROUND = ((("p0", "p1", "p2", "p3"), ("p4", "p5", "p6", "p7")),)


def test_stored_draw_seats_every_active_player_once_per_round_to_play():
    from league.domain.model import validate_draw_to_store

    c = Competition("c", "L", "discard-league-2026", 1, 4, NOW)
    validate_draw_to_store(c, ONE_ROUND, EIGHT)
    forged = ((("p0", "p1", "p2", "p3"),),)  # one table, half the roster missing
    with pytest.raises(InvalidArgument) as error:
        validate_draw_to_store(c, forged, EIGHT)
    assert [v.field for v in error.value.violations] == ["rounds[0]"]
    assert "4 active player(s) not seated" in error.value.message
    roster = EIGHT[:7] + [_player(7, PlayerStatus.WITHDRAWN)]
    with pytest.raises(InvalidArgument) as error:
        validate_draw_to_store(c, ONE_ROUND, roster)
    assert "withdrawn and cannot be seated" in error.value.message


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_played_rounds_of_a_redraw_keep_the_withdrawn_player():
    from league.domain.model import validate_draw_to_store

    c = Competition("c", "L", "discard-league-2026", 2, 4, NOW)
    roster = EIGHT[:7] + [_player(7, PlayerStatus.WITHDRAWN), _player(8)]
    later = (("p0", "p1", "p2", "p3"), ("p4", "p5", "p6", "p8"))
    validate_draw_to_store(c, ONE_ROUND + (later,), roster, played_rounds=1)
    with pytest.raises(InvalidArgument):
        validate_draw_to_store(c, ONE_ROUND + ONE_ROUND, roster, played_rounds=1)


def test_statistics_are_non_negative_and_method_bounded():
    from league.domain.model import validate_draw_statistics

    ok = DrawStatistics((0, 1, 0, 0, 0), (0, 1, 0, 0, 0), True, "cp-sat")
    assert validate_draw_statistics(ok, 3, 8) == ok
    for stats, moved, field in (
        (DrawStatistics((0, -1, 0, 0, 0), (0,) * 5, False, "x"), None, "objective[1]"),
        (DrawStatistics((0,) * 5, (-5, 0, 0, 0, 0), False, "x"), None, "lower_bound[0]"),
        (DrawStatistics((0,) * 5, (0,) * 5, False, "x" * 100_000), None, "method"),
        (ok, -1, "players_moved"),
        (ok, 9, "players_moved"),
    ):
        with pytest.raises(InvalidArgument) as error:
            validate_draw_statistics(stats, moved, 8)
        assert [v.field for v in error.value.violations] == [field]
        assert len(error.value.message) < 300


def test_a_proposal_that_no_longer_matches_the_roster_cannot_be_approved():
    from league.domain.model import check_draw_matches_roster

    check_draw_matches_roster(_league_draw(ONE_ROUND), EIGHT)
    withdrew = EIGHT[:5] + [_player(5, PlayerStatus.WITHDRAWN)] + EIGHT[6:] + [_player(8)]
    with pytest.raises(FailedPrecondition) as error:
        check_draw_matches_roster(_league_draw(ONE_ROUND), withdrew)
    assert "Player 5 no longer plays" in str(error.value) and "Player 8 joined" in str(error.value)
    check_draw_matches_roster(_league_draw(ONE_ROUND, played_rounds=1), withdrew)  # only played rounds: history
