"""Player reports through the gateway, `rondo up` as a real process on SQLite: a player reports, two
confirm, another hanchan is disputed and the judge replaces it, the last player confirms; the standings
are provisional (naming what is pending) and then final. The ruleset's versions and a tie decided by
lot go through the gateway too."""

from __future__ import annotations

import grpc
import pytest

from league.domain import lots
from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2
from tests import mahjong_results as data

pytestmark = pytest.mark.e2e


def _league(stub, key: str):
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Reviewed league", ruleset="discard-league-2026"), idempotency_key=key
        ),
        timeout=10,
    )
    ids = [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"P{i:02d}", idempotency_key=f"{key}{i}"),
            timeout=10,
        ).id
        for i in range(1, 17)
    ]
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=5, time_limit_seconds=10, idempotency_key=key),
        timeout=30,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    return competition.id, ids, [list(t.player_ids) for t in view.draw.rounds[0].tables]


def _row(stub, cid: str, player: str) -> results_pb2.StandingRow:
    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    return next(r for r in standings.rows if r.player_id == player)


@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
@pytest.mark.rule("mahjong.records.dispute-to-judge")
@pytest.mark.rule("mahjong.records.standings-use-confirmed-only")
def test_a_report_confirmed_a_dispute_replaced_by_the_judge_standings_provisional_then_final(embedded):
    stub = embedded.gateway
    cid, ids, tables = _league(stub, "reports")
    seats = tables[0]
    names = {p: f"P{i:02d}" for i, p in enumerate(ids, start=1)}

    def player(p: str):  # the gateway as the player account linked to league player p
        return embedded.accounts.player(cid, p)

    reported = player(seats[0]).ReportResult(
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            reported_by_player_id=seats[0],
            hanchan=results_pb2.HanchanResult(number=1, scores=data.scores(seats, 1, 1)),
            idempotency_key="report-1",
        ),
        timeout=10,
    )
    assert reported.status == results_pb2.RECORD_STATUS_REPORTED and reported.reported_by_player_id == seats[0]
    for p in seats[1:3]:
        confirmed = player(p).ConfirmResult(
            results_pb2.ConfirmResultRequest(competition_id=cid, record_id=reported.id, player_id=p)
        )
    assert confirmed.status == results_pb2.RECORD_STATUS_REPORTED and len(confirmed.reviews) == 2
    with pytest.raises(grpc.RpcError) as error:  # the reporter does not confirm his own report
        player(seats[0]).ConfirmResult(results_pb2.ConfirmResultRequest(competition_id=cid, record_id=reported.id))
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION

    second = player(seats[1]).ReportResult(  # reported_by_player_id left empty: the gateway fills it in
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            hanchan=results_pb2.HanchanResult(number=2, scores=data.scores(seats, 1, 2)),
        ),
        timeout=10,
    )
    assert second.reported_by_player_id == seats[1]
    player(seats[2]).DisputeResult(
        results_pb2.DisputeResultRequest(competition_id=cid, record_id=second.id, reason="scores swapped")
    )
    row = _row(stub, cid, seats[0])
    assert row.provisional and row.hanchans == 0
    assert (
        f"round 1, table 1: hanchan 1 reported by {names[seats[0]]}, awaiting confirmation by {names[seats[3]]}; provisional"
        in row.notes
    )
    assert (
        f"round 1, table 1: hanchan 2 reported by {names[seats[1]]}, disputed by {names[seats[2]]}, awaiting a judge; provisional"
        in row.notes
    )

    corrected = dict(zip(seats, data.CORRECTED, strict=True))
    replaced = embedded.accounts.judge("judge Anna").ResolveDispute(
        results_pb2.ResolveDisputeRequest(
            competition_id=cid,
            record_id=second.id,
            decision=results_pb2.DISPUTE_DECISION_REPLACE,
            reason="the signed protocol",
            hanchan=results_pb2.HanchanResult(number=2, scores=corrected),
            idempotency_key="replace",
        ),
        timeout=10,
    )
    assert replaced.status == results_pb2.RECORD_STATUS_CONFIRMED and replaced.replaces_record_id == second.id
    player(seats[3]).ConfirmResult(results_pb2.ConfirmResultRequest(competition_id=cid, record_id=reported.id))

    row = _row(stub, cid, seats[0])
    assert row.hanchans == 2 and not any("reported by" in n for n in row.notes)
    history = stub.ListResultRecords(results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=1)).result_records
    assert [r.status for r in history] == [
        results_pb2.RECORD_STATUS_CONFIRMED,
        results_pb2.RECORD_STATUS_REPLACED,
        results_pb2.RECORD_STATUS_CONFIRMED,
    ]
    assert [(v.verdict, v.player_id) for v in history[1].reviews] == [(results_pb2.REVIEW_VERDICT_DISPUTE, seats[2])]
    assert history[1].reviews[0].reason == "scores swapped" and history[1].replaced_by_record_id == replaced.id
    assert replaced.recorded_by == "judge Anna"  # the judge's account name, not what a client says


@pytest.mark.rule("mahjong.ruleset.pinned-with-versions")
@pytest.mark.rule("mahjong.standings.tie-by-organizer-or-lot")
@pytest.mark.rule("mahjong.standings.provisional-until-played")
def test_ruleset_versions_and_a_tie_by_lot_through_the_gateway(embedded):
    stub = embedded.gateway
    cid, ids, _ = _league(stub, "lots")
    with pytest.raises(grpc.RpcError) as error:
        stub.ChangeRuleset(
            competitions_pb2.ChangeRulesetRequest(competition_id=cid, overrides_json='{"playoff_places": 4}', changed_by="o")
        )
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    version = stub.ChangeRuleset(
        competitions_pb2.ChangeRulesetRequest(
            competition_id=cid, overrides_json='{"playoff_places": 4}', reason="smaller playoff", changed_by="organizer"
        )
    )
    listed = stub.ListRulesetVersions(competitions_pb2.ListRulesetVersionsRequest(competition_id=cid)).ruleset_versions
    assert version.version == 2 and [v.version for v in listed] == [1, 2] and listed[1].reason == "smaller playoff"

    # a tie is the organizer's only once the season is played out: every hanchan of the draw 30 000 each,
    # all 16 tied (mahjong.standings.provisional-until-played)
    with pytest.raises(grpc.RpcError) as error:
        stub.DecideTie(
            results_pb2.DecideTieRequest(
                competition_id=cid, player_ids=ids, method=results_pb2.TIE_METHOD_LOT, seed=12345, decided_by="organizer"
            )
        )
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "only tied so far" in (error.value.details() or "")
    draw = stub.GetDraw(draws_pb2.GetDrawRequest(competition_id=cid), timeout=10)
    for r, round_ in enumerate(draw.rounds, start=1):
        for t, table in enumerate(round_.tables, start=1):
            for h in (1, 2, 3):
                even = results_pb2.HanchanResult(number=h, scores=dict.fromkeys(table.player_ids, 30_000))
                stub.RecordHanchan(
                    results_pb2.RecordHanchanRequest(competition_id=cid, round=r, table=t, hanchan=even, recorded_by="o"),
                    timeout=10,
                )
    played_out = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    assert played_out.final and played_out.progress == "final, after round 4 of 4"
    assert [set(t.player_ids) for t in played_out.unresolved] == [set(ids)]
    decision = stub.DecideTie(
        results_pb2.DecideTieRequest(
            competition_id=cid, player_ids=ids, method=results_pb2.TIE_METHOD_LOT, seed=12345, decided_by="organizer"
        )
    )
    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    assert standings.ruleset_version == 2
    assert [r.player_id for r in standings.rows] == list(decision.player_ids) == list(lots.draw_lots(12345, ids))
    assert standings.rows[0].separated_from_next == "drawn by lot with seed 12345" and not standings.unresolved
