"""GetProjections over real gRPC on 127.0.0.1, the whole system in one process (SQLite and PostgreSQL):
league prepares the question from its own standings and approved draw, the solver proves every status,
the gateway answers it with names and words in English and Russian (docs/rules.md
``mahjong.projection.*``). The statuses equal ``project_mahjong`` on the same season built by hand
from the results entered; a stranger is refused; the request's bounds name their field.

The season is small so that the proofs are quick (tests/projection_season.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc
import pytest
from typer.testing import CliRunner

from rondo.gateway.v1 import competitions_pb2, identity_pb2, results_pb2
from rondo_app.cli import app
from rondo_app.registry import SERVICES
from rondo_runtime.grpc_errors import error_details, field_violations
from solver.domain.projection.mahjong import project_mahjong
from tests.databases import create_test_database, drop_database
from tests.faults.conftest import InProcessServer
from tests.projection_season import CUT, STATUS, TIMEOUT, ProjectedSeason

pytestmark = pytest.mark.integration


class Season(ProjectedSeason):
    """The season on an in-process server, with its accounts and address."""

    def __init__(self, server: InProcessServer, name: str = "Projected league", decided: bool = False):
        assert server.accounts is not None
        self.server = server
        self.address = server.address
        self.accounts = server.accounts
        super().__init__(self.accounts.organizer, name, decided)


def servers(tmp_path, database: str):
    """The whole system in one process; on PostgreSQL each service's own database."""
    if database == "sqlite":
        return InProcessServer([s.name for s in SERVICES], tmp_path), []
    urls = {s.name: create_test_database(database) for s in SERVICES if s.database}
    return InProcessServer([s.name for s in SERVICES], tmp_path, database_urls=urls), list(urls.values())


@contextmanager
def whole_system(request, tmp_path_factory, label: str) -> Iterator[InProcessServer]:
    """The system on the fixture's database (``request.param``: sqlite or postgresql), closed and its
    databases dropped after the module."""
    database = "sqlite" if request.param == "sqlite" else request.getfixturevalue("pg_server_url")
    server, urls = servers(tmp_path_factory.mktemp(f"{label}-{request.param}"), database)
    try:
        yield server
    finally:
        server.close()
        for url in urls:
            drop_database(url)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)], scope="module")
def season(request, tmp_path_factory):
    with whole_system(request, tmp_path_factory, "projections") as server:
        yield Season(server)


@pytest.mark.slow
@pytest.mark.rule("mahjong.projection.from-league-state")
@pytest.mark.rule("mahjong.projection.status-in-words")
def test_get_projections_answers_what_project_mahjong_proves_on_the_same_season(season):
    asked = season.chosen()
    answer = season.organizer.GetProjections(
        results_pb2.GetProjectionsRequest(competition_id=season.id, player_ids=list(asked), time_limit_seconds=120),
        timeout=TIMEOUT,
    )
    assert [c.name for c in answer.cuts] == ["playoff"] and answer.cuts[0].places == CUT
    assert answer.cuts[0].title == "the playoff (top 4)" and answer.cuts[0].title_ru == "плей-офф (топ-4)"
    assert (answer.rounds, answer.after_round, answer.matches_left) == (2, 1, 2)
    assert [p.player_id for p in answer.players] == list(asked) and answer.exact
    assert [p.name for p in answer.players] == [f"Q{season.players.index(p) + 1}" for p in asked]
    expected = project_mahjong(season.problem(asked))
    totals = season.totals()
    for row in answer.players:
        assert row.total == str(totals[row.player_id]) and row.matches_left == 1
        [status] = row.cuts
        proven = expected.of(row.player_id, "playoff")
        assert STATUS[status.status] == proven.status.value
        assert status.text and status.text_ru and status.text != status.text_ru
        if proven.need is not None:
            assert status.HasField("need") and status.need.proven == proven.need.proven
            assert (status.need.place if status.need.HasField("place") else None) == proven.need.place
        fates = {w.fate for w in status.witnesses}
        assert len(fates) == len(proven.witnesses)
    statuses = [STATUS[row.cuts[0].status] for row in answer.players]
    assert statuses[0] == "clinched" and statuses[-1] == "eliminated"
    assert answer.players[0].cuts[0].text == "clinched the playoff (top 4)"
    assert answer.players[-1].cuts[0].text_ru == "плей-офф (топ-4): уже недостижимо"


@pytest.mark.rule("mahjong.projection.from-league-state")
def test_a_player_reads_the_projections_of_their_competition_and_a_stranger_is_refused(season):
    leader = season.chosen()[0]
    own = season.accounts.player(season.id, leader)
    answer = own.GetProjections(results_pb2.GetProjectionsRequest(competition_id=season.id, player_ids=[leader]), timeout=TIMEOUT)
    assert [STATUS[p.cuts[0].status] for p in answer.players] == ["clinched"]
    _, token = season.accounts.account(identity_pb2.ROLE_PLAYER, "stranger")
    stranger = season.accounts.stub(token)
    with pytest.raises(grpc.RpcError) as refused:
        stranger.GetProjections(results_pb2.GetProjectionsRequest(competition_id=season.id), timeout=TIMEOUT)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(grpc.RpcError) as bot:
        season.accounts.bot("projection bot").GetProjections(
            results_pb2.GetProjectionsRequest(competition_id=season.id), timeout=TIMEOUT
        )
    assert bot.value.code() == grpc.StatusCode.PERMISSION_DENIED


@pytest.mark.rule("mahjong.projection.within-budget")
def test_the_request_s_bounds_name_their_field_in_english_and_russian(season):
    cases: list[tuple[dict[str, Any], str, str]] = [
        (dict(player_ids=["x"] * 2_001), "player_ids", "PROJECTION_TOO_MANY_PLAYERS"),
        (dict(time_limit_seconds=601), "time_limit_seconds", "PROJECTION_TIME_LIMIT_INVALID"),
        (dict(time_limit_seconds=-1), "time_limit_seconds", "PROJECTION_TIME_LIMIT_INVALID"),
        (dict(player_ids=["nobody"]), "player_ids[0]", "PROJECTION_PLAYER_NOT_RANKED"),
    ]
    for fields, field, reason in cases:
        with pytest.raises(grpc.RpcError) as refused:
            season.organizer.GetProjections(
                results_pb2.GetProjectionsRequest(competition_id=season.id, **fields), timeout=TIMEOUT
            )
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert [f for f, _ in field_violations(refused.value)] == [field]
        details = error_details(refused.value)
        assert details.reason == reason and details.texts["en"] and details.texts["ru"] != details.texts["en"]


@pytest.mark.slow
@pytest.mark.rule("mahjong.projection.status-in-words")
def test_rondo_standings_projections_prints_player_cut_and_status(season, monkeypatch):
    decided = Season(season.server, "Decided league", decided=True)  # every status quick to prove
    runner = CliRunner()
    monkeypatch.setenv("RONDO_LANG", "en")
    args = ["standings", decided.id, "--projections", "--time-limit", "120", "--address", season.address]
    args += ["--token", season.accounts.organizer_token]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "projections, 1/2: exact: every status proven" in result.output
    for text in ("Q1", "the playoff (top 4)", "clinched the playoff (top 4)", "eliminated: the playoff (top 4) is out of reach"):
        assert text in result.output, text
    assert result.output.count("clinched the playoff (top 4)") == 4 and result.output.count("is out of reach") == 4
    as_json = runner.invoke(app, [*args, "--json"])
    assert as_json.exit_code == 0, as_json.output
    shown = json.loads(as_json.output)
    assert [p["cuts"][0]["status"] for p in shown["players"]] == ["PROJECTION_STATUS_CLINCHED"] * 4 + [
        "PROJECTION_STATUS_ELIMINATED"
    ] * 4
    monkeypatch.setenv("RONDO_LANG", "ru")
    russian = runner.invoke(app, args)
    assert russian.exit_code == 0 and "плей-офф (топ-4): место обеспечено" in russian.output and "граница" in russian.output
    leader = season.chosen()[0]
    name = f"Q{season.players.index(leader) + 1}"
    one = runner.invoke(
        app,
        ["standings", season.id, "--projections", "--player", name, "--time-limit", "100", "--json", "--address", season.address]
        + ["--token", season.accounts.organizer_token],
    )
    assert one.exit_code == 0, one.output
    assert [(p["name"], p["cuts"][0]["status"]) for p in json.loads(one.output)["players"]] == [
        (name, "PROJECTION_STATUS_CLINCHED")
    ]
    offline = runner.invoke(app, ["standings", "season.json", "--projections"])
    assert offline.exit_code == 2 and "--projections" in offline.output


@pytest.mark.rule("mahjong.projection.cuts-from-ruleset")
def test_nothing_to_project_is_refused_saying_why(season):
    organizer = season.organizer
    undrawn = organizer.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Undrawn league", ruleset="discard-league-2026")
        ),
        timeout=TIMEOUT,
    )
    cup = organizer.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Cup", ruleset="open-cup-2023")),
        timeout=TIMEOUT,
    )
    for competition, reason in (
        (undrawn.id, "PROJECTION_NEEDS_APPROVED_DRAW"),
        (cup.id, "NO_STAGE_YET"),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            organizer.GetProjections(results_pb2.GetProjectionsRequest(competition_id=competition), timeout=TIMEOUT)
        assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        details = error_details(refused.value)
        assert details.reason == reason and details.texts["ru"] and details.texts["ru"] != details.texts["en"]
