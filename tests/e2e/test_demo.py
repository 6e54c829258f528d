"""`rondo demo` as a newcomer runs it (README and docs/index.md "Two commands"): a whole season in a fresh process on a
data directory of its own, exit 0; what it printed, what it left in the databases, and that `rondo up`
serves that database again to the organizer of demo.json."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import grpc
import pytest

from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2, results_pb2, stages_pb2
from rondo_app.demo import rondo_process
from rondo_runtime.bearer import with_bearer
from rondo_runtime.process import free_port
from tests.booking_scheduling import OVERLAPPING_ACTIVE_BOOKINGS

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> tuple[Path, str]:
    data = tmp_path_factory.mktemp("demo") / "demo-data"
    data.mkdir()
    (data / "booking.db").write_text("left by an earlier demo")  # wiped: only what a demo leaves is there
    done = subprocess.run(
        [sys.executable, "-m", "rondo_app.cli", "demo", "--data-dir", str(data), "--seed", "7"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return data, done.stdout


def _sql(path: Path, query: str) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute(query).fetchall()


def test_the_demo_prints_the_whole_season(demo):
    _, out = demo
    for fact in (
        f"wiping and recreating the demo's data directory {demo[0]}",
        "sha256",
        "registered 24 players",
        "proven optimal: yes",
        "verified: draw 1",
        "round 4: week of",
        "zero overlaps",
        "chombo (RecordHanchan",
        "no-show (RecordNoShow): round 2, table 3",
        "correction (CorrectRecord",
        "above the next because",
        "stage 5: final",
        "1st prize",
        "2nd prize",
        "rondo login 'Demo organizer'",
        "RONDO_DATA_DIR=",
    ):
        assert fact in out, fact


def test_the_demo_leaves_a_season_in_its_databases(demo):
    data, _ = demo
    league, booking = data / "league.db", data / "booking.db"
    assert _sql(league, "SELECT status, count(*) FROM players GROUP BY status ORDER BY status") == [
        ("main", 24),
        ("substitute", 1),
    ]
    kinds = dict(_sql(league, "SELECT kind, count(*) FROM result_records GROUP BY kind"))
    # 4 rounds x 6 tables x 3 hanchans, the correction, the playoff (2 + 2 + 1 tables of 3, the final of 5)
    assert kinds == {"hanchan": 72 + 1 + 15 + 5, "no_show": 1}
    assert _sql(league, "SELECT count(*) FROM result_records WHERE replaces_record_id IS NOT NULL AND reason != ''") == [(1,)]
    assert _sql(
        league, """SELECT count(*) FROM result_records WHERE kind = 'hanchan' AND content NOT LIKE '%"chombo":[]%'"""
    ) == [(1,)]
    assert _sql(league, "SELECT count(*) FROM stages") == [(4,)]
    with sqlite3.connect(booking) as db:
        overlapping = db.execute(str(OVERLAPPING_ACTIVE_BOOKINGS)).fetchone()[0]
        matches = db.execute(
            "SELECT count(*) FROM bookings WHERE status = 'active' AND match_id IS NOT NULL AND match_id != ''"
        ).fetchone()[0]
        total = db.execute("SELECT count(*) FROM bookings WHERE status = 'active'").fetchone()[0]
    assert overlapping == 0
    # every match: 4 rounds x 6 tables, the playoff's 2 + 2 + 1 tables and the final; and the D&D evenings
    assert matches == 24 + 6 and total > matches


def test_rondo_up_serves_the_demo_s_database_to_its_organizer(demo):
    data, _ = demo
    facts = json.loads((data / "demo.json").read_text())
    port = free_port()
    env = {"RONDO_PORT": str(port), "RONDO_METRICS_PORT": "-1", "RONDO_CALENDAR_PORT": "-1", "RONDO_DATA_DIR": str(data)}
    with rondo_process(["up"], env, f"127.0.0.1:{port}"), grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        token = (
            gateway_pb2_grpc.GatewayServiceStub(channel)
            .Login(identity_pb2.LoginRequest(name=facts["organizer"], password=facts["password"]), timeout=30)
            .token
        )
        stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))
        cid = facts["competition_id"]
        standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=30)
        assert len(standings.rows) == 24 and not any(r.provisional for r in standings.rows)
        playoff = stub.GetPlayoff(stages_pb2.GetPlayoffRequest(competition_id=cid), timeout=30)
        assert playoff.finished and playoff.first_prize_player_id and playoff.second_prize_player_id


def _run_demo(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rondo_app.cli", "demo", "--data-dir", str(data), "--seed", "7", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_cup_demo_plays_an_open_cup_to_places_1_4(tmp_path):
    data = tmp_path / "demo-data"
    done = _run_demo(data, "--ruleset", "cup")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    for fact in ("open-cup-2023", "registered 16 players", "open cup: 16 seeds", "final places", "(tech.)", "16 players, "):
        assert fact in out, fact
    assert "drawn games replayed" in out  # stage 1, table 1: a drawn game, replayed
    facts = json.loads((data / "demo.json").read_text())
    assert facts["ruleset"] == "cup" and facts["players"] == 16
    places = _sql(data / "league.db", "SELECT count(*) FROM stages")[0][0]
    assert places == 4  # 1/8 final, quarter-final, semi-final, the final with the match for third place
    again = _run_demo(data, "--ruleset", "updown", "--players", "9")
    assert again.returncode == 2 and "--players: an even number from 8 to 24" in again.stdout


def test_the_updown_demo_plays_through_the_split_to_the_champion_and_relegation(tmp_path):
    data = tmp_path / "demo-data"
    # an earlier demo's files (the databases, demo.json, the gateway's token signing key) are wiped
    assert _run_demo(data, "--ruleset", "cup", "--players", "8").returncode == 0
    done = _run_demo(data, "--ruleset", "updown")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    for fact in ("updown-league-2007", "registered 12 players", "stage 1 (updown-round-robin)", "leaders", "outsiders"):
        assert fact in out, fact
    assert "champion: " in out and "relegated: " in out
    facts = json.loads((data / "demo.json").read_text())
    assert facts["ruleset"] == "updown" and facts["players"] == 12
    kinds = dict(_sql(data / "league.db", "SELECT kind, count(*) FROM result_records GROUP BY kind"))
    assert kinds == {"game": 132 + 12}  # stage 1: 22 rounds of 6 games; stage 2: two groups of 4, 3 rounds of 2
