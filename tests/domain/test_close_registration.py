"""Closing registration (docs/rules.md mahjong.roster.close-registration; discard-league-2026 §1)."""

from __future__ import annotations

import pytest

from league.domain.mahjong.registration import Resolution, close_registration
from league.domain.model import Player, PlayerStatus
from rondo_runtime.errors import FailedPrecondition

pytestmark = [pytest.mark.domain, pytest.mark.rule("mahjong.roster.close-registration")]


def roster(main: int, reserves: int = 0) -> list[Player]:
    players = [Player(f"m{i}", "c", f"Main {i}", i) for i in range(1, main + 1)]
    players += [Player(f"r{i}", "c", f"Reserve {i}", main + i, PlayerStatus.RESERVE) for i in range(1, reserves + 1)]
    players.append(Player("s", "c", "Substitute", main + reserves + 1, PlayerStatus.SUBSTITUTE))
    return players


def test_a_roster_that_fits_closes_as_it_is():
    closing = close_registration(roster(16), 4, Resolution.AS_IS)
    assert (closing.to_reserve, closing.promoted, closing.main_count) == ((), (), 16)


def test_a_roster_that_does_not_fit_is_refused_with_both_options_by_name():
    with pytest.raises(FailedPrecondition) as refused:
        close_registration(roster(18, reserves=1), 4, Resolution.AS_IS)
    text = refused.value.message
    assert "18 main participants is not a multiple of 4" in text
    assert "drop the last-registered 2 (Main 17, Main 18)" in text and "promote 2 reserves" in text and "Reserve 1" in text


def test_dropping_sends_the_last_registered_to_the_reserve():
    closing = close_registration(roster(18), 4, Resolution.DROP_LAST_REGISTERED)
    assert [p.name for p in closing.to_reserve] == ["Main 17", "Main 18"] and closing.main_count == 16


def test_promoting_takes_the_earliest_reserves_or_says_how_many_are_missing():
    closing = close_registration(roster(18, reserves=3), 4, Resolution.PROMOTE_RESERVES)
    assert [p.name for p in closing.promoted] == ["Reserve 1", "Reserve 2"] and closing.main_count == 20
    with pytest.raises(FailedPrecondition, match="1 more reserves needed"):
        close_registration(roster(18, reserves=1), 4, Resolution.PROMOTE_RESERVES)
