"""GetProjections of an Up&Down league over real gRPC on 127.0.0.1, the whole system in one process
(SQLite and PostgreSQL): league prepares the group's question from its own scoring and the stage's
schedule, the solver proves every status with ``project_updown``, the gateway answers it with names
and words in English and Russian (docs/rules.md ``updown.projection.*``). The statuses equal
``project_updown`` on the same group built here by hand from the results entered."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from rondo_app.cli import app
from solver.domain.projection.problem import Cut
from solver.domain.projection.updown import project_updown
from solver.domain.projection.updown.problem import PairPoints, RemainingGame, UpDownProjectionProblem, UpDownStanding
from tests.integration.test_projections_grpc import whole_system
from tests.projection_season import STATUS, TIMEOUT, rated_competition, record_game

pytestmark = pytest.mark.integration

PLAYERS = 6
ROUNDS = 2 * (PLAYERS - 1)  # a double round robin
LEFT = 1  # the last round is still to play


class UpdownGroup:
    """Six players, stage 1 generated, every game but the last round's recorded: the stronger (the
    earlier registered) wins, except that the 4th beats the 3rd, so places are close at the cuts."""

    def __init__(self, organizer):
        self.organizer = organizer
        self.id, self.players = rated_competition(
            organizer,
            competitions_pb2.Competition(name="Projected ladder", ruleset="updown-league-2007", table_size=2),
            "projected-ladder",
            [f"D{i}" for i in range(1, PLAYERS + 1)],
        )
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
                record_game(organizer, self.id, r, t, a, b, winner == a)

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


class TwoGroups:
    """A first league of ten in two groups of five (snake-seeded by rating), stage 1 generated and every
    game but the last round's recorded, the stronger (the earlier registered) winning."""

    def __init__(self, organizer):
        self.organizer = organizer
        division = '{"division": "updown-first-league", "group_size": 5, "leaders": 3, "promoted": 3, "first_checkpoint_keep": 2}'
        self.id, self.players = rated_competition(
            organizer,
            competitions_pb2.Competition(name="Two-group ladder", ruleset="updown-league-2007", table_size=2),
            "two-group-ladder",
            [f"G{i:02d}" for i in range(1, 11)],
            overrides=division,
        )
        stage = organizer.AdvanceStage(
            stages_pb2.AdvanceStageRequest(competition_id=self.id, created_by="organizer", idempotency_key="two-1"),
            timeout=TIMEOUT,
        )
        self.rounds = len(stage.rounds)
        for r, rnd in enumerate(stage.rounds[:-1], 1):
            for t, table in enumerate(rnd.tables, 1):
                if len(table.player_ids) != 2:
                    continue
                a, b = table.player_ids
                record_game(organizer, self.id, r, t, a, b, self.players.index(a) < self.players.index(b))


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)], scope="module")
def system(request, tmp_path_factory):
    with whole_system(request, tmp_path_factory, "updown-projections") as server:
        assert server.accounts is not None
        yield server


@pytest.fixture(scope="module")
def ladder(system):
    return UpdownGroup(system.accounts.organizer)


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


@pytest.mark.slow
@pytest.mark.rule("updown.projection.every-group")
def test_every_group_of_a_two_group_stage_is_projected_with_its_own_cuts(system, monkeypatch):
    league = TwoGroups(system.accounts.organizer)
    answer = league.organizer.GetProjections(
        results_pb2.GetProjectionsRequest(competition_id=league.id, time_limit_seconds=120), timeout=TIMEOUT
    )
    assert [(c.group, c.name) for c in answer.cuts] == [(1, "group1.leaders"), (2, "group2.leaders")]
    for cut in answer.cuts:
        assert cut.title.startswith(f"Group {cut.group}: the leaders group (top 3)")
        assert cut.title_ru.startswith(f"Группа {cut.group}: группа лидеров (топ-3)")
    assert sorted(p.player_id for p in answer.players) == sorted(league.players) and answer.exact
    assert [sum(1 for p in answer.players if p.group == g) for g in (1, 2)] == [5, 5]
    assert answer.after_round == league.rounds - 1
    statuses = set()
    for row in answer.players:
        assert [s.cut for s in row.cuts] == [f"group{row.group}.leaders"]
        statuses |= {STATUS[s.status] for s in row.cuts}
        assert all(s.text and s.text_ru for s in row.cuts)
    assert {"clinched", "eliminated"} <= statuses
    # the players of one group asked: that group only
    second = [p.player_id for p in answer.players if p.group == 2]
    one = league.organizer.GetProjections(
        results_pb2.GetProjectionsRequest(competition_id=league.id, player_ids=second[:2], time_limit_seconds=120),
        timeout=TIMEOUT,
    )
    assert [c.name for c in one.cuts] == ["group2.leaders"] and [p.player_id for p in one.players] == second[:2]
    assert [[s.status for s in p.cuts] for p in one.players] == [
        [s.status for s in p.cuts] for p in answer.players if p.player_id in second[:2]
    ]
    monkeypatch.setenv("RONDO_LANG", "en")
    args = ["standings", league.id, "--projections", "--time-limit", "120", "--address", system.address]
    shown = CliRunner().invoke(app, [*args, "--token", system.accounts.organizer_token])
    assert shown.exit_code == 0, shown.output
    header = next(line for line in shown.output.splitlines() if "player" in line)
    assert header.split()[1] == "group" and "Group 2: the leaders group (top 3)" in shown.output
