"""League domain rules, named after the rule (RULES.md A "Roster", "Draw")."""
from __future__ import annotations

from datetime import datetime, timezone

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
NOW = datetime(2026, 11, 29, tzinfo=timezone.utc)


def _player(i, status=PlayerStatus.MAIN, name=None):
    return Player(f"p{i}", "c", name or f"Player {i}", i, status)


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


def test_player_names_are_unique_ignoring_case_and_spacing():
    roster = [_player(1, name="Saki Miyanaga")]
    with pytest.raises(InvalidArgument):
        validate_player_name(" saki   MIYANAGA ", roster)
    assert validate_player_name("Nodoka  Haramura", roster) == "Nodoka Haramura"


def test_withdrawn_name_stays_taken_because_history_is_kept():
    with pytest.raises(InvalidArgument):
        validate_player_name("Player 1", [_player(1, PlayerStatus.WITHDRAWN)])


def test_main_roster_is_active_players_in_registration_order():
    players = [_player(3), _player(1), _player(2, PlayerStatus.WITHDRAWN), _player(4, PlayerStatus.SUBSTITUTE)]
    assert [p.id for p in main_roster(players)] == ["p1", "p3", "p4"]


def test_withdraw_twice_is_a_failed_precondition():
    with pytest.raises(FailedPrecondition):
        withdraw(withdraw(_player(1)))


def _draw(status):
    return Draw("d", "c", 1, status, 1, (), DrawStatistics((), (), False, "x"), NOW)


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
        assert clean == " ".join(name.split()) and 0 < len(clean) <= 200


@given(st.text(max_size=50), st.text(max_size=30), st.integers(-5, 200), st.integers(-5, 20))
def test_competition_validation_never_crashes(name, ruleset, rounds, table_size):
    try:
        validate_new_competition(name, ruleset, rounds, table_size)
    except InvalidArgument as error:
        assert {v.field for v in error.violations} <= {"name", "ruleset", "rounds", "table_size"}
