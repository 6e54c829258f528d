"""A season for the web tier, made through the organizer's gateway stub: a club in Europe/Berlin with
opening hours and two rooms, a league of 8 players drawn and approved, round 1 open for scheduling,
and a player account (name + password) linked to each league player."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from rondo.gateway.v1 import competitions_pb2, draws_pb2, identity_pb2, scheduling_pb2
from tests.e2e.conftest import Deployment
from tests.web.conftest import make_account
from web.pages.player import timestamp as ts

ZONE = "Europe/Berlin"
DAY0 = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)


@dataclass
class Season:
    competition_id: str
    club_id: str
    rooms: list[str]
    tables: list[list[str]]  # round 1: player ids by table
    names: dict[str, str]  # player id -> league name
    logins: dict[str, tuple[str, str]] = field(default_factory=dict)  # player id -> (account name, password)

    def key(self, table: int = 1, round_: int = 1) -> str:
        return f"{self.competition_id}/1/{round_}/{table}"

    def path(self, table: int = 1, round_: int = 1) -> str:
        return f"/match/{self.competition_id}/1/{round_}/{table}"


def make_season(deployment: Deployment, tag: str) -> Season:
    stub = deployment.gateway
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(
                name=f"Web club {tag}",
                time_zone=ZONE,
                opening_hours=scheduling_pb2.OpeningHours(
                    windows=[scheduling_pb2.OpeningWindow(day=d, opens="12:00", closes="23:00") for d in range(1, 8)]
                ),
            ),
            idempotency_key=f"club-{tag}",
        ),
        timeout=10,
    )
    rooms = [
        stub.CreateRoom(
            scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name=f"Room {i}")), timeout=10
        ).id
        for i in (1, 2)
    ]
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=f"Web league {tag}", ruleset="discard-league-2026"),
            idempotency_key=f"c-{tag}",
        ),
        timeout=10,
    )
    names: dict[str, str] = {}
    for i in range(1, 9):
        player = stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=competition.id, name=f"{tag} P{i}", idempotency_key=f"{tag}-p{i}"
            ),
            timeout=10,
        )
        names[player.id] = player.name
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(
            competition_id=competition.id, seed=5, time_limit_seconds=10, idempotency_key=f"d-{tag}"
        ),
        timeout=60,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=competition.id,
            round=1,
            club_id=club.id,
            window_start=ts(DAY0),
            window_end=ts(DAY0 + timedelta(days=7)),
            min_minutes=90,
            idempotency_key=f"r1-{tag}",
        ),
        timeout=10,
    )
    season = Season(competition.id, club.id, rooms, [list(t.player_ids) for t in view.draw.rounds[0].tables], names)
    for player_id, name in names.items():
        account = f"{name} account"
        account_id, password = make_account(deployment, identity_pb2.ROLE_PLAYER, account)
        stub.LinkPlayer(
            identity_pb2.LinkPlayerRequest(account_id=account_id, competition_id=competition.id, player_id=player_id), timeout=10
        )
        season.logins[player_id] = (account, password)
    return season
