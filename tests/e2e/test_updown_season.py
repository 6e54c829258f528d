"""A 12-player Up&Down season through the GATEWAY over real gRPC, on SQLite (`rondo up`; the one
distributed season is the mahjong one, tests/e2e/test_mahjong_season.py): AdvanceStage -> stage 1 (double round robin, 22 rounds of 6
games), every game recorded (a technical result, one withdrawal), the standings, AdvanceStage -> the
stage-2 groups with their points, every game recorded, the final standings with the champion, who
stays and who is relegated; the gateway's event log has `stage.created` and `stage.completed`."""

from __future__ import annotations

import grpc
import pytest

from gateway.adapters.events import EventLog
from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from rondo_runtime.db import make_engine

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
BY = "judge"


def _record_stage(
    stub, cid: str, stage, result_of, skip=lambda a, b: False, after=lambda record: None
) -> list[results_pb2.ResultRecord]:
    long = set()
    if stage.number == 2:
        long = {p for g in stage.groups if g.name == "leaders" for p in g.player_ids}
    records = []
    for r, rnd in enumerate(stage.rounds, 1):
        for t, table in enumerate(rnd.tables, 1):
            a, b = table.player_ids
            if skip(a, b):
                continue
            game = results_pb2.GameResult(number=1, first_player_id=a, second_player_id=b, result=result_of(a, b), long=a in long)
            records.append(
                stub.RecordGame(
                    results_pb2.RecordGameRequest(
                        competition_id=cid,
                        stage=stage.number,
                        round=r,
                        table=t,
                        game=game,
                        recorded_by=BY,
                        idempotency_key=f"g{stage.number}-{r}-{t}",
                    ),
                    timeout=10,
                )
            )
            after(records[-1])
    return records


@pytest.mark.rule("updown.stage-two.generated-from-standings")
@pytest.mark.rule("updown.records.correction-refused-after-later-stage")
@pytest.mark.rule("updown.standings.explanations-in-both-languages")
def test_a_twelve_player_updown_season_through_the_gateway(embedded):
    deployment = embedded
    stub = deployment.gateway
    cid = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Up&Down 2026", ruleset="updown-league-2007", rounds=22, table_size=2),
            idempotency_key="ud",
        ),
        timeout=10,
    ).id
    ids = [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=cid, name=f"U{i:02d}", rating=2000 - i, idempotency_key=f"u{i}"
            ),
            timeout=10,
        ).id
        for i in range(1, 13)
    ]
    strength = {p: i for i, p in enumerate(ids)}  # registration order: the stronger first

    one = stub.AdvanceStage(
        stages_pb2.AdvanceStageRequest(competition_id=cid, created_by="organizer", idempotency_key="s1"), timeout=30
    )
    assert (one.number, one.kind, len(one.rounds)) == (1, "updown-round-robin", 22)
    assert all(len(r.tables) == 6 for r in one.rounds)
    with pytest.raises(grpc.RpcError) as error:
        stub.AdvanceStage(stages_pb2.AdvanceStageRequest(competition_id=cid, created_by="organizer"), timeout=30)
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "132 games to record" in error.value.details()

    quitter = ids[6]  # withdraws after half of his games: the rest are technical losses (§10.4)
    played: dict[str, int] = {}

    def skip(a, b):
        if quitter in (a, b) and played.get(quitter, 0) >= 11:
            return True
        played[quitter] = played.get(quitter, 0) + (quitter in (a, b))
        return False

    def stage_one(a, b):
        if {a, b} == {ids[0], ids[11]}:
            return "+/-" if a == ids[0] else "-/+"  # a technical result: the win, not a game really played
        return "1-0" if strength[a] < strength[b] else "0-1"

    def withdraw_after_half(record):
        if played.get(quitter, 0) == 11 and quitter in (record.game.first_player_id, record.game.second_player_id):
            stub.WithdrawPlayer(
                competitions_pb2.WithdrawPlayerRequest(competition_id=cid, player_id=quitter, reason="moved away"), timeout=10
            )

    records = _record_stage(stub, cid, one, stage_one, skip, withdraw_after_half)
    assert records[-1].completed_stage and not any(r.completed_stage for r in records[:-1])
    standings = stub.GetUpdownStandings(stages_pb2.GetUpdownStandingsRequest(competition_id=cid, stage=1), timeout=10)
    [group] = standings.groups
    rows = {r.player_id: r for r in group.rows}
    assert standings.ruleset == "updown (12 players)" and group.name == "stage 1" and standings.complete
    assert rows[ids[0]].points == 22 and rows[ids[0]].really_played <= 20  # two technical wins over U12
    assert rows[quitter].withdrawn and "technical losses" in rows[quitter].notes[0] and group.rows[-1].player_id == quitter
    assert "техническими поражениями 0-1" in rows[quitter].notes_ru[0]  # updown.standings.explanations-in-both-languages
    assert all(r.fate_reason_ru.startswith("место") and r.separated_from_next_ru for r in group.rows[:-1])
    assert [r.fate for r in group.rows] == ["leaders"] * 4 + ["stop"] * 4 + ["outsiders"] * 4

    two = stub.AdvanceStage(
        stages_pb2.AdvanceStageRequest(competition_id=cid, created_by="organizer", idempotency_key="s2"), timeout=30
    )
    groups = {g.name: list(g.player_ids) for g in two.groups}
    # a stage-1 correction that would form stage 2 otherwise (U04, 4th, loses both games to U05) is refused
    games_4_5 = [r for r in records if {r.game.first_player_id, r.game.second_player_id} == {ids[3], ids[4]}]

    def reversed_(record, confirms=False):
        g = record.game
        return stub.CorrectRecord(
            results_pb2.CorrectRecordRequest(
                competition_id=cid,
                record_id=record.id,
                reason="score sheet read the wrong way round",
                recorded_by=BY,
                game=results_pb2.GameResult(
                    number=1,
                    first_player_id=g.first_player_id,
                    second_player_id=g.second_player_id,
                    result="0-1" if g.result == "1-0" else "1-0",
                ),
                organizer_confirms=confirms,
            ),
            timeout=10,
        )

    with pytest.raises(grpc.RpcError) as refused:
        reversed_(games_4_5[0])
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "stage 2 (stage 2) could no longer be generated: extra match needed between U04 and U05" in (
        refused.value.details() or ""
    )
    # one between two leaders keeps the groups and only changes the points carried: stored at once, and undone
    games_1_2 = [r for r in records if {r.game.first_player_id, r.game.second_player_id} == {ids[0], ids[1]}]
    fixed = reversed_(games_1_2[0])
    assert any("same groups (the points carried from stage 1 change" in c for c in fixed.changes)
    assert not any(c.startswith("confirmed by the organizer") for c in fixed.changes)
    undone = reversed_(fixed)
    assert any("U01 21 -> 22" in c for c in undone.changes)
    assert two.kind == "updown-group" and groups["leaders"] == ids[:4]
    # the quitter's place is taken by the next ones; withdrawn players go to the outsiders (§4.3.1)
    assert groups["outsiders"] == [ids[9], ids[10], ids[11], quitter]
    assert len(two.rounds) == 3

    reverse = lambda a, b: "1-0" if strength[a] > strength[b] else "0-1"  # noqa: E731  stage 2: the weaker win
    stage_two = _record_stage(stub, cid, two, reverse, skip=lambda a, b: quitter in (a, b))
    assert stage_two[-1].completed_stage
    final = stub.GetUpdownStandings(stages_pb2.GetUpdownStandingsRequest(competition_id=cid), timeout=10)
    assert final.stage == 2 and final.complete
    leaders = next(g for g in final.groups if g.name == "leaders")
    assert [r.carried for r in leaders.rows] and all(r.sonneborn_berger >= 0 for r in leaders.rows)
    assert final.champion_id == leaders.rows[0].player_id
    assert list(final.relegated_ids) and quitter in final.relegated_ids and not final.promoted_ids
    finished = stub.PrepareStage(stages_pb2.PrepareStageRequest(competition_id=cid), timeout=10)
    assert finished.finished

    engine = make_engine(deployment.databases["gateway"])
    try:
        kinds = [kind for kind, _ in EventLog(engine).for_competition(cid)]
    finally:
        engine.dispose()
    assert kinds.count("stage.created") == 2 and kinds.count("stage.completed") == 2
    # every game, the two stored corrections and the withdrawal
    assert kinds.count("standings.changed") == len(records) + len(stage_two) + 2 + 1
    assert kinds.count("player.withdrawn") == 1
