"""League storage on SQLite and on PostgreSQL: the schema comes from the migrations, and the use
cases keep their promises (idempotency, unique names, nothing deleted)."""
from __future__ import annotations

import concurrent.futures

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from league.adapters.tables import metadata
from league.domain.model import DrawStatistics, DrawStatus, PlayerStatus
from league.service import MIGRATIONS, LeagueService
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound

pytestmark = pytest.mark.integration

STATS = DrawStatistics(objective=(0, 1, 0, 0, 0), lower_bound=(0, 1, 0, 0, 0), proven_optimal=True, method="test")


@pytest.fixture
def league(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield LeagueService(engine)
    engine.dispose()


def test_migrations_build_exactly_the_model_schema(league):
    with league.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), metadata)
    assert diff == []


def test_migrations_are_idempotent_on_restart(league):
    run_migrations(league.engine, MIGRATIONS)  # a second start-up applies nothing and fails nothing
    assert league.create_competition("Spring league", "", 0, 0).rounds == 4


def test_competition_round_trip_and_ruleset_defaults(league):
    created = league.create_competition("  Spring   league ", "discard-league-2026", 0, 0)
    loaded = league.get_competition(created.id)
    assert loaded == created
    assert (loaded.name, loaded.rounds, loaded.table_size) == ("Spring league", 4, 4)
    assert loaded.created_at.tzinfo is not None


def test_create_competition_with_same_idempotency_key_returns_first(league):
    first = league.create_competition("A", "", 4, 4, idempotency_key="k1")
    again = league.create_competition("A", "", 4, 4, idempotency_key="k1")
    assert again.id == first.id


def test_unknown_competition_is_not_found(league):
    with pytest.raises(NotFound):
        league.get_competition("nope")


def test_players_keep_registration_order_and_unique_names(league):
    c = league.create_competition("L", "", 4, 4)
    ids = [league.register_player(c.id, f"Player {i}").id for i in range(5)]
    assert [p.id for p in league.list_players(c.id)] == ids
    assert [p.registration_order for p in league.list_players(c.id)] == [1, 2, 3, 4, 5]
    with pytest.raises(InvalidArgument) as error:
        league.register_player(c.id, "  player   3 ")
    assert [v.field for v in error.value.violations] == ["name"]


def test_register_player_retry_with_key_registers_once(league):
    c = league.create_competition("L", "", 4, 4)
    a = league.register_player(c.id, "Saki", idempotency_key="x")
    b = league.register_player(c.id, "Saki", idempotency_key="x")
    assert a.id == b.id and len(league.list_players(c.id)) == 1


def test_concurrent_registrations_get_distinct_orders(league):
    c = league.create_competition("L", "", 4, 4)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: league.register_player(c.id, f"P{i}"), range(24)))
    orders = [p.registration_order for p in league.list_players(c.id)]
    assert sorted(orders) == list(range(1, 25))


def test_withdrawn_player_leaves_roster_but_history_is_kept(league):
    c = league.create_competition("L", "", 4, 4)
    p = league.register_player(c.id, "Saki")
    league.withdraw_player(c.id, p.id, "moved away")
    assert league.list_players(c.id) == []
    (kept,) = league.list_players(c.id, include_inactive=True)
    assert kept.status is PlayerStatus.WITHDRAWN
    with pytest.raises(FailedPrecondition):
        league.withdraw_player(c.id, p.id, "again")


def _drawn_competition(league, n=8):
    c = league.create_competition("L", "", 2, 4)
    ids = [league.register_player(c.id, f"P{i}").id for i in range(n)]
    rounds = (
        (tuple(ids[0:4]), tuple(ids[4:8])),
        ((ids[0], ids[1], ids[4], ids[5]), (ids[2], ids[3], ids[6], ids[7])),
    )
    return c, ids, rounds


def test_draw_round_trip_keeps_tables_and_seats(league):
    c, ids, rounds = _drawn_competition(league)
    saved = league.save_draw(c.id, 42, rounds, STATS)
    loaded = league.get_draw(c.id, saved.id)
    assert loaded.rounds == rounds and loaded.seed == 42 and loaded.statistics == STATS
    assert loaded.status is DrawStatus.PROPOSED and loaded.version == 1


def test_draw_must_fit_the_competition(league):
    c, ids, rounds = _drawn_competition(league)
    with pytest.raises(InvalidArgument) as error:
        league.save_draw(c.id, 1, rounds[:1], STATS)
    assert "rounds" in [v.field for v in error.value.violations]
    bad = ((tuple(ids[0:4]), (ids[4], ids[5], ids[6], "stranger")), rounds[1])
    with pytest.raises(InvalidArgument) as error:
        league.save_draw(c.id, 1, bad, STATS)
    assert error.value.violations[0].field == "rounds[0].tables[1].player_ids"


def test_approve_publishes_and_supersedes_without_deleting(league):
    c, ids, rounds = _drawn_competition(league)
    first = league.save_draw(c.id, 1, rounds, STATS)
    with pytest.raises(FailedPrecondition):
        league.get_draw(c.id)  # nothing published yet
    league.approve_draw(c.id, first.id)
    assert league.get_draw(c.id).id == first.id
    second = league.save_draw(c.id, 2, rounds, STATS, replaces_draw_id=first.id, played_rounds=1, reason="withdrawal")
    league.approve_draw(c.id, second.id)
    statuses = {d.id: d.status for d in league.list_draws(c.id)}
    assert statuses == {first.id: DrawStatus.SUPERSEDED, second.id: DrawStatus.APPROVED}
    assert league.get_competition(c.id).published_draw_id == second.id
    with pytest.raises(FailedPrecondition):
        league.approve_draw(c.id, first.id)


def test_save_draw_retry_with_key_stores_once(league):
    c, ids, rounds = _drawn_competition(league)
    a = league.save_draw(c.id, 1, rounds, STATS, idempotency_key="d1")
    b = league.save_draw(c.id, 1, rounds, STATS, idempotency_key="d1")
    assert a.id == b.id and len(league.list_draws(c.id)) == 1
