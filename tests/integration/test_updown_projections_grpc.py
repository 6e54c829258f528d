"""GetProjections of an Up&Down league over real gRPC on 127.0.0.1, the whole system in one process
(SQLite and PostgreSQL): league prepares the group's question from its own scoring and the stage's
schedule, the solver proves every status with ``project_updown``, the gateway answers it with names
and words in English and Russian (docs/rules.md ``updown.projection.*``). The statuses equal
``project_updown`` on the same group built here by hand from the results entered."""

from __future__ import annotations

import pytest

from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from solver.domain.projection.problem import Cut
from solver.domain.projection.updown import project_updown
from solver.domain.projection.updown.problem import PairPoints, RemainingGame, UpDownProjectionProblem, UpDownStanding
from tests.integration.test_projections_grpc import whole_system
from tests.projection_season import STATUS, TIMEOUT

pytestmark = pytest.mark.integration

PLAYERS = 6
ROUNDS = 2 * (PLAYERS - 1)  # a double round robin
LEFT = 1  # the last round is still to play


class UpdownGroup:
    """Six players, stage 1 generated, every game but the last round's recorded: the stronger (the
    earlier registered) wins, except that the 4th beats the 3rd, so places are close at the cuts."""

    def __init__(self, organizer):
        self.organizer = organizer
        self.id = organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name="Projected ladder", ruleset="updown-league-2007", table_size=2),
                idempotency_key="projected-ladder",
            ),
            timeout=TIMEOUT,
        ).id
        self.players = [
            organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(
                    competition_id=self.id, name=f"D{i}", rating=2000 - i, idempotency_key=f"d{i}"
                ),
                timeout=TIMEOUT,
            ).id
            for i in range(1, PLAYERS + 1)
        ]
        stage = organizer.AdvanceStage(
            stages_pb2.AdvanceStageRequest(competition_id=self.id, created_by="organizer", idempotency_key="ladder-1"),
            timeout=TIMEOUT,
        )
        assert len(stage.rounds) == ROUNDS
        self.points = dict.fromkeys(self.players, 0)
        self.scored: dict[tuple[str, str], int] = {}
        self.remaining: list[RemainingGame] = []
        for r, rnd in enumerate(stage.rounds, 1):
            for t, table in enumerate(rnd.tables, 1):
                a, b = table.player_ids
                if r > ROUNDS - LEFT:
                    self.remaining.append(RemainingGame(r, t, a, b))
                    continue
                winner = a if self.stronger(a, b) else b
                loser = b if winner == a else a
                self.points[winner] += 1
                self.scored[(winner, loser)] = self.scored.get((winner, loser), 0) + 1
                organizer.RecordGame(
                    results_pb2.RecordGameRequest(
                        competition_id=self.id,
                        stage=1,
                        round=r,
                        table=t,
                        game=results_pb2.GameResult(
                            number=1, first_player_id=a, second_player_id=b, result="1-0" if winner == a else "0-1"
                        ),
                        recorded_by="judge",
                        idempotency_key=f"ladder-{r}-{t}",
                    ),
                    timeout=TIMEOUT,
                )

    def stronger(self, a: str, b: str) -> bool:
        i, j = self.players.index(a), self.players.index(b)
        if {i, j} == {2, 3}:
            return i == 3
        return i < j

    def problem(self, cuts: tuple[Cut, ...]) -> UpDownProjectionProblem:
        return UpDownProjectionProblem(
            standings=tuple(UpDownStanding(p, self.points[p]) for p in self.players),
            scored=tuple(PairPoints(p, q, n) for (p, q), n in self.scored.items()),
            remaining=tuple(self.remaining),
            cuts=cuts,
            two_tied_sonneborn_berger=True,
            time_limit_s=60,
        )


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)], scope="module")
def ladder(request, tmp_path_factory):
    with whole_system(request, tmp_path_factory, "updown-projections") as server:
        assert server.accounts is not None
        yield UpdownGroup(server.accounts.organizer)


@pytest.mark.slow
@pytest.mark.rule("updown.projection.from-league-state")
def test_get_projections_of_an_updown_group_answers_what_project_updown_proves(ladder):
    answer = ladder.organizer.GetProjections(
        results_pb2.GetProjectionsRequest(competition_id=ladder.id, time_limit_seconds=120), timeout=TIMEOUT
    )
    assert [c.name for c in answer.cuts] == ["leaders", "not_outsiders"]
    assert answer.cuts[0].title.startswith("the leaders group") and answer.cuts[0].title_ru.startswith("группа лидеров")
    assert (answer.rounds, answer.after_round, answer.matches_left) == (ROUNDS, ROUNDS - LEFT, len(ladder.remaining))
    assert sorted(p.player_id for p in answer.players) == sorted(ladder.players) and answer.exact
    expected = project_updown(ladder.problem(tuple(Cut(c.name, c.places) for c in answer.cuts)))
    statuses = set()
    for row in answer.players:
        assert row.total == str(ladder.points[row.player_id]) and row.matches_left == LEFT
        for status in row.cuts:
            proven = expected.of(row.player_id, status.cut)
            assert STATUS[status.status] == proven.status.value, (row.name, status.cut)
            statuses.add(proven.status.value)
            assert status.text and status.text_ru and status.text != status.text_ru
            if proven.need is not None:
                assert (status.need.wins, status.need.proven) == (proven.need.wins, proven.need.proven)
                if proven.status.value == "alive" and proven.need.proven and proven.need.wins is not None:
                    assert "win" in status.text and "побед" in status.text_ru or "выиграть" in status.text_ru
    assert {"clinched", "eliminated"} <= statuses  # the group is not one status for everyone
