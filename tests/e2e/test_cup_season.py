"""A 40-player open cup to its final places, all through the gateway over real gRPC (`rondo up` on
SQLite; the one distributed season is the mahjong one, tests/e2e/test_mahjong_season.py): AdvanceStage stage by stage (the literal pairing:
seeds 1-8 play seeds 33-40, the others pass), RecordGame for every series (a drawn game replayed, a
single technical defeat, a double one, a disqualification), GetCupBracket for places 1-4 and prizes."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest

from league.adapters.season_file import load_season
from league.domain.cup.progress import score_cup_season
from league.domain.cup.season import CupSeason
from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from rondo_runtime.grpc_errors import field_violations

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
BY = "arbiter"


def _cup(stub) -> tuple[str, list[str]]:
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Open cup 2026", ruleset="open-cup-2023", rounds=6),
            idempotency_key="cup",
        ),
        timeout=10,
    )
    ids = [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=competition.id, name=f"P{i:02d}", rating=3000 - i, idempotency_key=f"cup-{i}"
            ),
            timeout=10,
        ).id
        for i in range(1, 41)
    ]
    return competition.id, ids


def _advance(stub, cid: str, n: int) -> stages_pb2.Stage:
    return stub.AdvanceStage(
        stages_pb2.AdvanceStageRequest(competition_id=cid, created_by=BY, idempotency_key=f"stage-{n}"), timeout=30
    )


def _game(stub, cid, stage, table, number, first, second, result) -> results_pb2.ResultRecord:
    return stub.RecordGame(
        results_pb2.RecordGameRequest(
            competition_id=cid,
            stage=stage,
            round=1,
            table=table,
            game=results_pb2.GameResult(number=number, first_player_id=first, second_player_id=second, result=result),
            recorded_by=BY,
            idempotency_key=f"g-{stage}-{table}-{number}",
        ),
        timeout=10,
    )


@pytest.mark.rule("cup.stages.paired-from-survivors")
@pytest.mark.rule("cup.records.series-games-in-order")
@pytest.mark.rule("cup.disqualification.through-service")
@pytest.mark.rule("cup.bracket.read")
@pytest.mark.rule("cup.season-file.same-scorer")
@pytest.mark.rule("cup.records.correction-refused-after-later-stage")
@pytest.mark.rule("cup.progress.explanations-in-both-languages")
def test_a_40_player_cup_to_its_final_places_through_the_gateway(embedded):
    stub = embedded.gateway
    cid, ids = _cup(stub)
    seed = {p: i for i, p in enumerate(ids, start=1)}
    by_seed = {i: p for p, i in seed.items()}

    first = _advance(stub, cid, 1)
    assert (first.number, first.kind, first.name) == (1, "cup-knockout", "1/32 final")
    tables = [list(t.player_ids) for t in first.rounds[0].tables]
    assert len(tables) == 32
    assert [sorted(seed[p] for p in t) for t in tables[:8]] == [[i, 32 + i] for i in range(1, 9)]
    assert all(len(t) == 1 for t in tables[8:]) and [seed[t[0]] for t in tables[8:]] == list(range(9, 33))

    # Who wins what, by seed: the better seed wins 2-0 unless a scenario says otherwise.
    scenarios: dict[tuple[int, int], list[str]] = {}  # (stage, better seed) -> results from the better seed's side
    scenarios[(1, 1)] = ["=", "W", "W"]  # a drawn game, replayed
    scenarios[(1, 2)] = ["A", "W", "W"]  # seed 2 absent once: a single technical defeat
    scenarios[(1, 8)] = ["-/-", "L", "L"]  # seeds 8 and 40 both absent from game 1: the series goes on (4.3.3), 40 wins
    scenarios[(3, 1)] = ["A", "W", "W"]  # seed 1 absent once in the 1/8 final ...
    scenarios[(4, 1)] = ["W", "A", "W"]  # ... and once in the quarter-final: no prize for him (1.7.2)
    disqualify = {2: 5}  # in stage 2, seed 5 is disqualified before his series
    events: list[results_pb2.ResultRecord] = []
    stage = first
    while True:
        if stage.number in disqualify:
            gone = by_seed[disqualify[stage.number]]
            done = stub.DisqualifyPlayer(
                stages_pb2.DisqualifyPlayerRequest(
                    competition_id=cid, player_id=gone, reason="unsporting conduct", recorded_by=BY, idempotency_key="dq"
                ),
                timeout=10,
            )
            assert done.player.status == competitions_pb2.PLAYER_STATUS_DISQUALIFIED and done.stage == stage.number
        for t, table in enumerate(stage.rounds[0].tables, start=1):
            players = list(table.player_ids)
            if len(players) == 1 or any(seed[p] == disqualify.get(stage.number) for p in players):
                continue
            a, b = players
            better = a if seed[a] < seed[b] else b
            third = stage.name == "final" and t == 2
            plan = scenarios.get((stage.number, seed[better]), ["W", "W"]) if not third else ["W", "W"]
            for n, r in enumerate(plan, start=1):
                result = {"W": "1-0" if better == a else "0-1", "L": "0-1" if better == a else "1-0"}.get(r, r)
                result = {"A": "-/+" if better == a else "+/-"}.get(result, result)
                events.append(_game(stub, cid, stage.number, t, n, a, b, result))
        assert stub.GetStage(stages_pb2.GetStageRequest(competition_id=cid, number=stage.number)).status == (
            stages_pb2.STAGE_STATUS_COMPLETED
        )
        plan = stub.PrepareStage(stages_pb2.PrepareStageRequest(competition_id=cid), timeout=10)
        if plan.finished:
            break
        stage = _advance(stub, cid, stage.number + 1)
        if stage.number == 2:  # a stage-1 series corrected after stage 2 was paired: refused, nothing stored
            game = next(e for e in events if e.stage == 1 and e.table == 3 and e.game.number == 2)
            with pytest.raises(grpc.RpcError) as refused:
                stub.CorrectRecord(
                    results_pb2.CorrectRecordRequest(
                        competition_id=cid,
                        record_id=game.id,
                        reason="the arbiter misread game 2",
                        recorded_by=BY,
                        game=results_pb2.GameResult(
                            number=2,
                            first_player_id=game.game.first_player_id,
                            second_player_id=game.game.second_player_id,
                            result="1-0",
                        ),
                    ),
                    timeout=10,
                )
            assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
            assert "stage 2 (1/16 final) could no longer be generated" in (refused.value.details() or "")
    assert [s.name for s in stub.ListStages(stages_pb2.ListStagesRequest(competition_id=cid)).stages] == [
        "1/32 final",
        "1/16 final",
        "1/8 final",
        "quarter-final",
        "semi-final",
        "final",
    ]
    assert sum(e.completed_stage for e in events) == 6
    with pytest.raises(grpc.RpcError) as error:
        _advance(stub, cid, 7)
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "finished" in (error.value.details() or "")

    # A game after the series is decided is refused, nothing stored.
    with pytest.raises(grpc.RpcError) as error:
        _game(stub, cid, 6, 1, 3, by_seed[2], by_seed[1], "1-0")
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION

    bracket = stub.GetCupBracket(stages_pb2.GetCupBracketRequest(competition_id=cid), timeout=10)
    assert [s.seed for s in bracket.seeds] == list(range(1, 41)) and [s.player_id for s in bracket.seeds] == ids
    assert bracket.finished
    assert [(p.place, p.name) for p in bracket.places] == [(1, "P01"), (2, "P02"), (3, "P03"), (4, "P04")]
    assert [p.prize_eligible for p in bracket.places] == [False, True, True, True]
    assert "2 technical defeats" in bracket.places[0].reason
    one = bracket.stages[0]
    replayed = next(p for p in one.pairings if by_seed[1] in p.player_ids)
    assert [g.replay for g in replayed.games] == [False, True, False] and replayed.winner_id == by_seed[1]
    double = next(p for p in one.pairings if by_seed[8] in p.player_ids)
    assert double.decided and double.winner_id == by_seed[40] and list(double.loser_ids) == [by_seed[8]]
    assert set(double.games[0].technical_loser_ids) == {by_seed[8], by_seed[40]} and len(double.games) == 3
    assert sum(p.is_pass for p in one.pairings) == 24
    dq = next(p for p in bracket.stages[1].pairings if by_seed[5] in p.player_ids)
    assert dq.technical and "disqualified" in dq.explanation
    # every explanation in Russian too (docs/rules.md cup.progress.explanations-in-both-languages)
    assert "дисквалифицирован" in dq.explanation_ru and "технических поражений: 2" in bracket.places[0].reason_ru
    assert len(bracket.explanation_ru) == len(bracket.explanation) and all(bracket.explanation_ru)
    assert all(len(r.why_ru) == len(r.why) and all(r.why_ru) for r in bracket.results)
    assert all(p.explanation_ru and all(g.text_ru for g in p.games) for st in bracket.stages for p in st.pairings)
    results = {r.player_id: r for r in bracket.results}
    assert results[by_seed[5]].disqualified and results[by_seed[2]].technical_defeats == 1
    assert bracket.stages[-1].pairings[1].third_place

    with pytest.raises(grpc.RpcError) as error:
        stub.DisqualifyPlayer(stages_pb2.DisqualifyPlayerRequest(competition_id=cid, player_id=ids[0], recorded_by=BY))
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in field_violations(error.value)] == ["reason"]

    # the season file of the same cup (docs/examples/open-cup-season.json) scores to the same bracket
    season = load_season((Path(__file__).resolve().parents[2] / "docs" / "examples" / "open-cup-season.json").read_bytes())
    assert isinstance(season, CupSeason)
    offline = score_cup_season(season).progress
    name = {p.player_id: p.name for p in bracket.seeds}
    assert [name[p.player_id] for p in bracket.places] == list(offline.places)
    assert [p.prize_eligible for p in bracket.places] == [offline.results[p].prize_place is not None for p in offline.places if p]
    assert {name[r.player_id]: (r.eliminated_in, r.technical_defeats, r.disqualified) for r in bracket.results} == {
        p: (r.eliminated_in or "", r.technical_defeats, r.disqualified) for p, r in offline.results.items()
    }
