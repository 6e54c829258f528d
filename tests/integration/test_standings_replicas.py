"""Two league replicas on one database (SQLite and PostgreSQL): after a write through one, the other
answers the new standings, fed the records entered since its cached version, and equal to the
standings from scratch (docs/rules.md ``mahjong.standings.incremental-equals-from-scratch``)."""

from __future__ import annotations

import pytest

from league.app import make_service
from league.domain.mahjong.standings import standings_as_dict
from league.domain.records import PenaltyEntry
from league.service import MIGRATIONS, League
from league.use_cases.common import find_competition
from rondo_runtime.db import make_engine, run_migrations
from tests import mahjong_results as data

pytestmark = pytest.mark.integration


@pytest.fixture
def replicas(db_url):
    """Two League services, each with its own engine and standings cache, on one migrated database."""
    engines = [make_engine(db_url) for _ in range(2)]
    run_migrations(engines[0], MIGRATIONS)
    yield make_service(engines[0]), make_service(engines[1])
    for engine in engines:
        engine.dispose()


def from_scratch(league: League, competition_id: str) -> dict:
    found = league.uow.read(lambda repo: league.standings.standings_in(repo, find_competition(repo, competition_id)))
    return {"standings": standings_as_dict(found.standings), "names": found.names, "notes": [(n, n.ru) for n in found.notes]}


def answered(league: League, competition_id: str) -> dict:
    found = league.standings.get(competition_id)
    return {"standings": standings_as_dict(found.standings), "names": found.names, "notes": [(n, n.ru) for n in found.notes]}


@pytest.mark.rule("mahjong.standings.incremental-equals-from-scratch")
def test_a_replica_answers_the_records_another_replica_entered(replicas):
    writer, reader = replicas
    competition, ids, tables = data.approved_league(writer)
    cid = competition.id
    assert answered(reader, cid) == from_scratch(reader, cid)  # cold: from scratch, cached
    to_correct = data.record_round_one(writer, cid, tables)  # 14 records through the other replica
    updates = reader.standings.cache.updates
    assert answered(reader, cid) == from_scratch(reader, cid)
    assert reader.standings.cache.updates == updates + 1  # fed the new records, not recomputed

    seats = data.seated(tables)[3]
    writer.records.correct(cid, to_correct.id, data.hanchan(1, dict(zip(seats, data.CORRECTED, strict=True))), "swapped", "judge")
    corrected = answered(reader, cid)
    assert corrected == from_scratch(reader, cid)
    assert standings_as_dict(reader.standings.get(cid).standings) == standings_as_dict(data.expected_standings(ids, tables))
    assert reader.standings.cache.updates == updates + 2

    reader.records.record_penalty(cid, 1, 1, PenaltyEntry(tables[0][0], 20_000, "phone at the table"), "judge")
    assert answered(writer, cid) == from_scratch(writer, cid) != corrected  # and the other way round


@pytest.mark.rule("mahjong.standings.incremental-equals-from-scratch")
def test_a_withdrawal_through_another_replica_is_answered_from_scratch(replicas):
    writer, reader = replicas
    competition, _, tables = data.approved_league(writer)
    cid = competition.id
    data.record_round_one(writer, cid, tables)
    before = answered(reader, cid)
    updates = reader.standings.cache.updates
    writer.roster.withdraw(cid, tables[0][0], "moved away")
    after = answered(reader, cid)
    assert after == from_scratch(reader, cid) != before
    assert tables[0][0] not in [row["player"] for row in after["standings"]["standings"]]
    assert reader.standings.cache.updates == updates  # the roster changed: not fed, computed again
    hits = reader.standings.cache.hits
    assert answered(reader, cid) == after  # unchanged since: the cached answer, no record read
    assert reader.standings.cache.hits == hits + 1
