"""A draw anyone can verify, through the gateway over real gRPC (docs/rules.md
draw.trust.seed-commitment): the organizer commits to the seed before registration closes, the draw
uses it, and after publication anyone re-runs the draw from its certificate with `rondo draw
--verify` in a fresh process, bit for bit; a tampered certificate is caught."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import grpc
import pytest

from rondo.gateway.v1 import competitions_pb2, draws_pb2

pytestmark = [pytest.mark.e2e, pytest.mark.rule("draw.trust.seed-commitment")]


def verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rondo_app.cli", "draw", "--verify", str(path)], capture_output=True, text=True, timeout=300
    )


def refused(call, request, code) -> str:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=30)
    assert caught.value.code() == code, caught.value.details()
    return caught.value.details()


def _trusted_season(stub, name: str) -> tuple[str, draws_pb2.SeedCommitment]:
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026")
        ),
        timeout=10,
    )
    for i in range(6):  # registration is open: the commitment comes before the final roster
        stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"{name} {i}"), timeout=10)
    commitment = stub.CommitDrawSeed(
        draws_pb2.CommitDrawSeedRequest(competition_id=competition.id, committed_by="organizer", idempotency_key="c"), timeout=10
    )
    for i in range(6, 12):
        stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"{name} {i}"), timeout=10)
    return competition.id, commitment


def _check_trust(stub, tmp_path: Path, name: str) -> None:
    cid, commitment = _trusted_season(stub, name)
    assert len(commitment.commitment) == 64 and "seed" not in str(commitment)
    assert stub.GetSeedCommitment(draws_pb2.GetSeedCommitmentRequest(competition_id=cid), timeout=10) == commitment
    again = stub.CommitDrawSeed(
        draws_pb2.CommitDrawSeedRequest(competition_id=cid, committed_by="organizer", idempotency_key="c"), timeout=10
    )
    assert again.commitment == commitment.commitment  # a retry, not a second seed
    refused(
        stub.CommitDrawSeed,
        draws_pb2.CommitDrawSeedRequest(competition_id=cid, committed_by="organizer"),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
    # the organizer cannot choose the seed any more
    refused(
        stub.DrawCompetition,
        draws_pb2.DrawCompetitionRequest(competition_id=cid, seed=5, time_limit_seconds=2),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
    view = stub.DrawCompetition(draws_pb2.DrawCompetitionRequest(competition_id=cid, time_limit_seconds=2), timeout=60)
    assert view.reproducible and view.work_budget > 0
    # the seed stays secret until the draw is published
    refused(
        stub.GetDrawCertificate,
        draws_pb2.GetDrawCertificateRequest(competition_id=cid, draw_id=view.draw.id),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=view.draw.id), timeout=10)
    text = stub.GetDrawCertificate(draws_pb2.GetDrawCertificateRequest(competition_id=cid), timeout=10).certificate_json
    cert = json.loads(text)
    assert cert["seed"]["commitment"] == commitment.commitment
    assert cert["tables"] == [[list(t.player_ids) for t in r.tables] for r in view.draw.rounds]
    assert [p["registration_order"] for p in cert["players"]] == list(range(1, 13))
    # the proposal the organizer reviewed carries the certificate's work split, in units and CP-SAT seconds
    assert view.search_work_used == cert["work"]["search_units"]
    assert view.cpsat_deterministic_seconds_used == cert["work"]["cpsat_deterministic_seconds"]
    assert view.search_work_used <= view.work_used

    good = tmp_path / f"{name}.json"
    good.write_text(text)
    checked = verify(good)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("verified: draw 1")

    swapped = json.loads(text)
    t = swapped["tables"][1]
    t[0][0], t[1][0] = t[1][0], t[0][0]
    bad = tmp_path / f"{name}-swapped.json"
    bad.write_text(json.dumps(swapped))
    checked = verify(bad)
    assert checked.returncode == 1 and "round 2 table 1: published" in checked.stdout

    lied = json.loads(text)
    lied["seed"]["nonce"] = "00" * 16
    forged = tmp_path / f"{name}-nonce.json"
    forged.write_text(json.dumps(lied))
    checked = verify(forged)
    assert checked.returncode == 1 and "do not match the published commitment" in checked.stdout

    (tmp_path / "junk.json").write_text("{}")
    assert verify(tmp_path / "junk.json").returncode == 2


def test_a_committed_draw_is_verified_offline_embedded(embedded, tmp_path):
    _check_trust(embedded.gateway, tmp_path, "Trust A")


@pytest.mark.postgres
def test_a_committed_draw_is_verified_offline_distributed(distributed, tmp_path):
    _check_trust(distributed.gateway, tmp_path, "Trust B")
