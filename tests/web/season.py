"""A season for the web tier: the page benchmark's (bench/web_pages.py ``set_up_round``: a club in
Europe/Berlin open 12:00-23:00 with two rooms, a league of 8 players drawn and approved, round 1 open for
scheduling over a week, a player account linked to each league player), made through the
deployment's organizer stub."""

from __future__ import annotations

from bench.web_pages import ZONE, RoundSetup, set_up_round
from tests.e2e.conftest import Deployment
from web.pages.player import timestamp as ts

Season = RoundSetup

__all__ = ["ZONE", "Season", "make_season", "ts"]


def make_season(deployment: Deployment, tag: str) -> Season:
    return set_up_round(deployment.gateway, players=8, rooms=2, tag=tag)
