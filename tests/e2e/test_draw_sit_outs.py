"""A club night with sit-outs through the gateway over real gRPC (docs/rules.md draw.sit-out.*): 10
players at tables of 4 for 4 rounds, two sit out each round; the draw is stored, approved and
published with its sit-outs, its certificate lists them and `rondo draw --verify` re-runs it and
recounts them; a certificate forged with an unfair sit-out is refused; redrawn after two rounds, the
evening stays fair counting the sit-outs served (draw.sit-out.redraw-counts-the-evening)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import grpc
import pytest

from rondo.gateway.v1 import competitions_pb2, draws_pb2

pytestmark = [pytest.mark.e2e, pytest.mark.rule("draw.sit-out.fair-counts")]


def verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rondo_app.cli", "draw", "--verify", str(path)], capture_output=True, text=True, timeout=300
    )


@pytest.mark.rule("draw.sit-out.redraw-counts-the-evening")
def test_a_club_night_with_sit_outs_is_drawn_published_and_verified(embedded, tmp_path):
    stub = embedded.gateway
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Club night", ruleset="discard-league-2026")
        ),
        timeout=10,
    )
    cid = competition.id
    stub.CommitDrawSeed(
        draws_pb2.CommitDrawSeedRequest(competition_id=cid, committed_by="organizer", idempotency_key="c"), timeout=10
    )
    players = [
        stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=cid, name=f"Guest {i}"), timeout=10).id
        for i in range(10)
    ]

    # without the option, 10 players at tables of 4 are refused as before
    with pytest.raises(grpc.RpcError) as caught:
        stub.DrawCompetition(draws_pb2.DrawCompetitionRequest(competition_id=cid, time_limit_seconds=2), timeout=60)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "multiple of 4" in caught.value.details()
    # a count that leaves no whole tables names the field
    with pytest.raises(grpc.RpcError) as caught:
        stub.DrawCompetition(
            draws_pb2.DrawCompetitionRequest(competition_id=cid, time_limit_seconds=2, sit_out=draws_pb2.SitOut(per_round=1)),
            timeout=60,
        )
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "sit_out.per_round" in caught.value.details() and "leaves 9 playing" in caught.value.details()

    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=cid, time_limit_seconds=2, sit_out=draws_pb2.SitOut()), timeout=60
    )
    draw = view.draw
    assert draw.sitting_out == 2 and len(draw.rounds) == 4
    sit_outs = []
    for rnd in draw.rounds:
        seated = [p for t in rnd.tables for p in t.player_ids]
        assert len(rnd.tables) == 2 and len(seated) == len(set(seated)) == 8
        sit_outs.append([p for p in players if p not in seated])
    counts = Counter(p for s in sit_outs for p in s)
    assert len(counts) == 8 and set(counts.values()) == {1}  # 8 sit-outs over 10 players: nobody twice

    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=10)
    text = stub.GetDrawCertificate(draws_pb2.GetDrawCertificateRequest(competition_id=cid), timeout=10).certificate_json
    cert = json.loads(text)
    assert cert["sitting_out"] == 2 and cert["sit_outs"] == sit_outs
    assert cert["solver_request"]["sitOut"] == {}

    good = tmp_path / "club-night.json"
    good.write_text(text)
    checked = verify(good)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("verified: draw 1")

    # forged: the first to sit out sits out again in round 2, in the seat of one who sat out there
    forged = json.loads(text)
    first, second_round = forged["sit_outs"][0][0], forged["sit_outs"][1][0]
    table = next(t for t in forged["tables"][1] if first in t)
    table[table.index(first)] = second_round
    forged["sit_outs"][1][forged["sit_outs"][1].index(second_round)] = first
    forged["sit_outs"][1].sort(key=players.index)
    bad = tmp_path / "club-night-forged.json"
    bad.write_text(json.dumps(forged))
    checked = verify(bad)
    assert checked.returncode == 1 and "NOT verified" in checked.stdout
    assert "draw.sit-out.everyone-once-before-twice" in checked.stdout

    _redraw_keeps_the_evening_fair(stub, cid, players, draw, sit_outs, tmp_path)


def _redraw_keeps_the_evening_fair(stub, cid, players, draw, sit_outs, tmp_path) -> None:
    """Redrawn after two rounds without naming the sit-outs: the club night keeps its count, the
    played rounds keep their tables and sit-outs, nobody sits out twice over the whole evening (8
    sit-outs, 10 players), and the certificate verifies."""
    view = stub.Redraw(
        draws_pb2.RedrawRequest(competition_id=cid, played_rounds=2, reason="a late table", time_limit_seconds=2), timeout=60
    )
    redrawn = view.draw
    assert redrawn.sitting_out == 2 and redrawn.played_rounds == 2 and list(redrawn.rounds[:2]) == list(draw.rounds[:2])
    evening = []
    for rnd in redrawn.rounds:
        seated = {p for t in rnd.tables for p in t.player_ids}
        evening.append([p for p in players if p not in seated])
    assert evening[:2] == sit_outs[:2]
    counts = Counter(p for s in evening for p in s)
    assert len(counts) == 8 and set(counts.values()) == {1}
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=redrawn.id), timeout=10)
    text = stub.GetDrawCertificate(draws_pb2.GetDrawCertificateRequest(competition_id=cid), timeout=10).certificate_json
    assert json.loads(text)["sit_outs"] == evening[2:]
    redraw_file = tmp_path / "club-night-redraw.json"
    redraw_file.write_text(text)
    checked = verify(redraw_file)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_rondo_draws_run_sit_out_draws_a_club_night(rondo):
    from tests.e2e.conftest import out_json

    cid = out_json(rondo("competitions", "create", "Club night CLI", "--rounds", "3", "--json"))["id"]
    for i in range(9):
        assert rondo("roster", "add", cid, f"Visitor {i}").exit_code == 0
    refused = rondo("draws", "run", cid, "--seed", "3", "--time-limit", "2", "--sit-out", "--sitting-out", "2")
    assert refused.exit_code != 0 and "sit_out.per_round" in refused.output
    draw = out_json(rondo("draws", "run", cid, "--seed", "3", "--time-limit", "2", "--sit-out", "--json"))["draw"]
    assert draw["sitting_out"] == 1 and all(len(r["tables"]) == 2 for r in draw["rounds"])
    shown = rondo("draws", "show", cid, "--draw", "v1")
    assert shown.exit_code == 0 and "sitting out each round" in shown.output
