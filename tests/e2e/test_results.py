"""Results through the gateway, `rondo up` as a real process: 16 players, draw, approve, round 1 recorded
(3 hanchans a table, a chombo, a no-show with a substitute, a penalty), one hanchan corrected; the
standings equal the season file's and the history keeps the original and the correction."""

from __future__ import annotations

import grpc
import pytest

from league.domain.mahjong.standings import standings_as_dict
from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2
from rondo_runtime.grpc_errors import field_violations
from tests import mahjong_results as data

pytestmark = pytest.mark.e2e


def _league(stub):
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Results league", ruleset="discard-league-2026"),
            idempotency_key="results",
        ),
        timeout=10,
    )
    ids = [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"P{i:02d}", idempotency_key=f"r{i}"),
            timeout=10,
        ).id
        for i in range(1, 17)
    ]
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=3, time_limit_seconds=10, idempotency_key="results"),
        timeout=30,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    rounds = [[list(t.player_ids) for t in r.tables] for r in view.draw.rounds]
    return competition.id, ids, rounds


def _record_round_one(stub, cid: str, tables: list[list[str]]) -> results_pb2.ResultRecord:
    def key(*parts) -> str:
        return "-".join(str(p) for p in parts)

    stub.RecordNoShow(
        results_pb2.RecordNoShowRequest(
            competition_id=cid,
            round=1,
            table=2,
            no_show=results_pb2.NoShowEntry(player_id=tables[1][3], substitute=data.SUBSTITUTE),
            recorded_by=data.BY,
            idempotency_key="no-show",
        ),
        timeout=10,
    )
    sat = data.seated(tables)
    to_correct = None
    for t, seats in enumerate(sat, start=1):
        for h in (1, 2, 3):
            hanchan = results_pb2.HanchanResult(number=h, scores=data.scores(seats, t, h))
            if (t, h) == (1, 2):
                hanchan.chombo[seats[0]] = 1
            request = results_pb2.RecordHanchanRequest(
                competition_id=cid, round=1, table=t, hanchan=hanchan, recorded_by=data.BY, idempotency_key=key("h", t, h)
            )
            record = stub.RecordHanchan(request, timeout=10)
            assert stub.RecordHanchan(request, timeout=10).id == record.id  # a retry stores nothing new
            if (t, h) == (4, 1):
                to_correct = record
    p = data.PENALTY
    penalty = results_pb2.PenaltyEntry(player_id=sat[2][p["seat"]], points=p["points"], reason=p["reason"])
    stub.RecordPenalty(
        results_pb2.RecordPenaltyRequest(competition_id=cid, round=1, table=p["table"], penalty=penalty, recorded_by=data.BY),
        timeout=10,
    )
    assert to_correct is not None
    return to_correct


@pytest.mark.rule("mahjong.records.corrections-replace")
@pytest.mark.parametrize("mode", ["embedded", "distributed"])
def test_a_round_recorded_and_corrected_through_the_gateway_gives_the_season_file_standings(mode, request):
    deployment = request.getfixturevalue(mode)
    cid, ids, rounds = _league(deployment.gateway)
    stub = deployment.accounts.judge(data.BY)  # the judge records the results (the author is the judge's account)
    tables, later = rounds[0], rounds[1][0]
    original = _record_round_one(stub, cid, tables)

    with pytest.raises(grpc.RpcError) as error:  # a bad result is refused naming the field, nothing stored
        bad = results_pb2.HanchanResult(number=3, scores={p: 30_000 for p in later[:3]} | {later[3]: 29_000})
        stub.RecordHanchan(results_pb2.RecordHanchanRequest(competition_id=cid, round=2, table=1, hanchan=bad, recorded_by="x"))
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert [field for field, _ in field_violations(error.value)] == ["hanchan.scores"]
    assert stub.ListResultRecords(results_pb2.ListResultRecordsRequest(competition_id=cid, round=2, table=1)).result_records == []

    corrected = dict(zip(data.seated(tables)[3], data.CORRECTED, strict=True))
    correction = stub.CorrectRecord(
        results_pb2.CorrectRecordRequest(
            competition_id=cid,
            record_id=original.id,
            reason=data.CORRECTION_REASON,
            recorded_by="organizer",
            hanchan=results_pb2.HanchanResult(number=1, scores=corrected),
            idempotency_key="correction",
        ),
        timeout=10,
    )

    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    expected = standings_as_dict(data.expected_standings(ids, tables))
    got = [
        {
            "place": r.place,
            "player": r.player_id,
            "total": r.total,
            "average_place": r.average_place or None,
            "hanchans": r.hanchans,
            "provisional": r.provisional,
            "separated_from_next": r.separated_from_next or None,
            "notes": list(r.notes),
        }
        for r in standings.rows
    ]
    keys = ("place", "player", "total", "average_place", "hanchans", "provisional", "separated_from_next", "notes")
    assert got == [{k: (str(row[k]) if k == "total" else row[k]) for k in keys} for row in expected["standings"]]
    assert len(standings.rows) == 16 and {r.name for r in standings.rows} == {f"P{i:02d}" for i in range(1, 17)}
    assert [t.place for t in standings.unresolved] == [t["place"] for t in expected["unresolved"]]

    history = stub.ListResultRecords(
        results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=4), timeout=10
    ).result_records
    assert [r.id for r in history][0] == original.id and history[-1].id == correction.id
    assert history[0].replaced_by_record_id == correction.id and history[0].recorded_by == data.BY
    assert (history[-1].replaces_record_id, history[-1].reason) == (original.id, data.CORRECTION_REASON)
    assert dict(history[-1].hanchan.scores) == corrected and dict(history[0].hanchan.scores) != corrected
