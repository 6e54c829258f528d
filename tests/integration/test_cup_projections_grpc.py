"""GetProjections of a cup over real gRPC on 127.0.0.1, the whole system in one process (SQLite and
PostgreSQL): league prepares the bracket's question from the same cup progress GetCupBracket reads,
the solver answers it with ``project_cup``, the gateway says every status in English and Russian
(docs/rules.md ``cup.projection.*``); ``rondo standings CUP --projections`` prints it."""

from __future__ import annotations

import json

import grpc
import pytest
from typer.testing import CliRunner

from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from rondo_app.cli import app
from rondo_runtime.grpc_errors import error_details
from tests.integration.test_projections_grpc import whole_system
from tests.projection_season import STATUS, TIMEOUT, rated_competition

pytestmark = pytest.mark.integration
BY = "arbiter"


class SmallCup:
    """Eight players (C1 the best seed); the better seed wins every series 2-0 except that C8 beats C4
    in the quarter-final (pairs by halves: C1-C5, C2-C6, C3-C7, C4-C8)."""

    def __init__(self, organizer):
        self.organizer = organizer
        self.id, self.players = rated_competition(
            organizer,
            competitions_pb2.Competition(name="Projected cup", ruleset="open-cup-2023", rounds=3),
            "projected-cup",
            [f"C{i}" for i in range(1, 9)],
            top_rating=2500,
        )
        self.name = {p: f"C{i}" for i, p in enumerate(self.players, 1)}

    def better(self, a: str, b: str) -> str:
        if {self.name[a], self.name[b]} == {"C4", "C8"}:
            return a if self.name[a] == "C8" else b
        return a if self.players.index(a) < self.players.index(b) else b

    def advance(self, n: int) -> stages_pb2.Stage:
        return self.organizer.AdvanceStage(
            stages_pb2.AdvanceStageRequest(competition_id=self.id, created_by=BY, idempotency_key=f"cup-stage-{n}"),
            timeout=TIMEOUT,
        )

    def play(self, stage: stages_pb2.Stage, tables: tuple[int, ...] | None = None) -> None:
        for t, table in enumerate(stage.rounds[0].tables, start=1):
            if len(table.player_ids) != 2 or (tables is not None and t not in tables):
                continue
            a, b = table.player_ids
            result = "1-0" if self.better(a, b) == a else "0-1"
            for number in (1, 2):
                self.organizer.RecordGame(
                    results_pb2.RecordGameRequest(
                        competition_id=self.id,
                        stage=stage.number,
                        round=1,
                        table=t,
                        game=results_pb2.GameResult(number=number, first_player_id=a, second_player_id=b, result=result),
                        recorded_by=BY,
                        idempotency_key=f"cup-{stage.number}-{t}-{number}",
                    ),
                    timeout=TIMEOUT,
                )

    def projections(self) -> results_pb2.Projections:
        return self.organizer.GetProjections(results_pb2.GetProjectionsRequest(competition_id=self.id), timeout=TIMEOUT)


def statuses(answer: results_pb2.Projections) -> dict[tuple[str, str], str]:
    return {(row.name, s.cut): STATUS[s.status] for row in answer.players for s in row.cuts}


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)], scope="module")
def system(request, tmp_path_factory):
    with whole_system(request, tmp_path_factory, "cup-projections") as server:
        assert server.accounts is not None
        yield server


@pytest.mark.slow
@pytest.mark.rule("cup.projection.from-league-state")
@pytest.mark.rule("cup.projection.served")
def test_a_cup_s_projections_follow_its_bracket_stage_by_stage(system, monkeypatch):
    cup = SmallCup(system.accounts.organizer)
    with pytest.raises(grpc.RpcError) as refused:  # nothing to project before the first stage
        cup.projections()
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    details = error_details(refused.value)
    assert details.reason == "NO_STAGE_YET" and details.texts["ru"] != details.texts["en"]

    quarter = cup.advance(1)
    cup.play(quarter, tables=(1, 2))  # two quarter-finals decided, two still to play
    answer = cup.projections()
    assert [(c.name, c.places) for c in answer.cuts] == [("champion", 1), ("final", 2), ("podium", 3), ("medals", 4)]
    assert answer.cuts[1].title == "the final (top 2)" and answer.cuts[1].title_ru == "выход в финал (топ-2)"
    assert (answer.rounds, answer.after_round, answer.matches_left) == (3, 0, 6) and answer.exact
    found = statuses(answer)
    winner = next(row for row in answer.players if row.name == "C1")
    assert (winner.place, winner.total, winner.matches_left) == ("", "semi-final", 2)
    assert found[("C1", "medals")] == "clinched" and found[("C1", "champion")] == "alive"
    need = next(s for s in winner.cuts if s.cut == "champion")
    assert need.text == "alive for the cup (1st place) — needs to win the next 2 series"
    assert need.text_ru == "победа в кубке (1-е место): шансы есть — нужно выиграть серий подряд: 2"
    loser = next(row for row in answer.players if row.name in ("C5", "C6", "C7", "C8") and row.place)
    assert loser.place == "5-8" and {found[(loser.name, c.name)] for c in answer.cuts} == {"eliminated"}
    assert found[("C4", "medals")] == "alive"  # his quarter-final is still to play

    cup.play(quarter, tables=(3, 4))
    cup.play(cup.advance(2))
    final = cup.advance(3)
    cup.play(final, tables=(1,))  # the final decided, the match for third place still to play
    answer = cup.projections()
    found = statuses(answer)
    assert [row.name for row in answer.players[:2]] == ["C1", "C2"] and answer.after_round == 2
    assert found[("C2", "final")] == "clinched" and found[("C2", "champion")] == "eliminated"
    assert found[("C1", "champion")] == "clinched"
    assert found[("C4", "champion")] == "eliminated" and found[("C4", "medals")] == "eliminated"  # out in the quarter-final
    assert found[("C3", "medals")] == "clinched" and found[("C3", "podium")] == "alive"
    assert next(r for r in answer.players if r.name == "C3").place == "3-4"

    monkeypatch.setenv("RONDO_LANG", "en")
    args = ["standings", cup.id, "--projections", "--address", system.address, "--token", system.accounts.organizer_token]
    runner = CliRunner()
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    for text in (
        "stage",
        "C2",
        "clinched the final (top 2)",
        "eliminated: the cup (1st place) is out of reach",
        "third-place match",
    ):
        assert text in shown.output, text
    monkeypatch.setenv("RONDO_LANG", "ru")
    russian = runner.invoke(app, args)
    assert russian.exit_code == 0 and "выход в финал (топ-2): место обеспечено" in russian.output
    assert "матч за третье место" in russian.output
    as_json = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert [c["name"] for c in as_json["cuts"]] == ["champion", "final", "podium", "medals"]
