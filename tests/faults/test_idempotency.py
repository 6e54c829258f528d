"""Idempotency keys are scoped to the caller and the method and bound to a fingerprint of the request
(issue 7; docs/architecture.md "Idempotency"): another caller's key never returns this caller's
resource, a retry of the same request returns the first answer and makes nothing twice, a retry with a
different request is INVALID_ARGUMENT on ``idempotency_key`` (never the old result), and a key given
to one method means nothing to another.

Through the gateway of a real embedded server on loopback (SQLite), and at the storage level on SQLite
and PostgreSQL (``db_url``).
"""

from __future__ import annotations

import concurrent.futures
from datetime import UTC, datetime, timedelta

import grpc
import pytest
import sqlalchemy as sa
from alembic import command

from booking.app import make_service as make_booking
from booking.service import MIGRATIONS as BOOKING_MIGRATIONS
from gateway.adapters.idempotency import Claim, GatewayKeys
from gateway.service import MIGRATIONS as GATEWAY_MIGRATIONS
from league.app import make_service as make_league
from league.domain.model import DrawStatistics
from league.service import MIGRATIONS as LEAGUE_MIGRATIONS
from rondo.gateway.v1 import competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2
from rondo.league.v1 import league_pb2
from rondo_runtime import idempotency
from rondo_runtime.db import alembic_config, make_engine, run_migrations
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.grpc_errors import field_violations

pytestmark = pytest.mark.faults

_CLUBS: dict[str, tuple[tuple[str, str], ...]] = {}  # two organizers' tokens (the ``gateway`` fixture)
_ACCOUNTS: dict[str, str] = {}  # their account ids


def club(name: str) -> tuple[tuple[str, str], ...]:
    """The metadata of organizer ``club x`` or ``club y``: their own token instead of the fixture's."""
    return _CLUBS[name]


STATS = DrawStatistics(objective=(1, 0), lower_bound=(1, 0), proven_optimal=True, method="test")


def _reused(error: grpc.RpcError) -> None:
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, error.details()
    assert [f for f, _ in field_violations(error)] == ["idempotency_key"]
    assert "already used for a different request" in error.details()


def _reused_here(error: InvalidArgument) -> None:
    assert [v.field for v in error.violations] == ["idempotency_key"]
    assert idempotency.REUSED_MESSAGE in error.message


# ----------------------------------------------------------------------------------- the pure part


def test_fingerprint_ignores_the_key_and_sees_every_other_field():
    a = league_pb2.CreateCompetitionRequest(name="Spring", rounds=4, idempotency_key="k1")
    b = league_pb2.CreateCompetitionRequest(name="Spring", rounds=4, idempotency_key="k2")
    c = league_pb2.CreateCompetitionRequest(name="Spring", rounds=5, idempotency_key="k1")
    assert idempotency.fingerprint(a) == idempotency.fingerprint(b) != idempotency.fingerprint(c)
    assert a.idempotency_key == "k1"  # the caller's message is not changed
    assert idempotency.fingerprint({"rounds": ((("p1", "p2"),),), "idempotency_key": "x"}) == idempotency.fingerprint(
        {"rounds": [[["p1", "p2"]]]}
    )
    assert idempotency.fingerprint({"rating": None}) != idempotency.fingerprint({"rating": 0})


def test_scope_separates_callers_and_methods_and_fits_a_key_column():
    scopes = {
        idempotency.scope("M", "k", "a"),
        idempotency.scope("M", "k", "b"),
        idempotency.scope("N", "k", "a"),
        idempotency.scope("M", "k2", "a"),
        idempotency.scope("M", "", "ak"),
    }
    assert len(scopes) == 5
    assert all(len(s) == idempotency.SCOPE_LENGTH and s.isascii() and s.isalnum() for s in scopes)


def test_the_caller_is_the_authenticated_account_else_anonymous():
    assert idempotency.caller_of("account-1") == "account:account-1" != idempotency.caller_of("account-2")
    assert idempotency.caller_of(None) == idempotency.caller_of("") == idempotency.ANONYMOUS


# ------------------------------------------------------------------------------ through the gateway


@pytest.fixture(scope="module")
def gateway(embedded_server):
    """The gateway as the fixture's organizer; ``club("x")`` / ``club("y")``: two more organizers."""
    for name in ("x", "y"):
        _ACCOUNTS[name], token = embedded_server.accounts.account(identity_pb2.ROLE_ORGANIZER, f"club {name}")
        _CLUBS[name] = (("authorization", f"Bearer {token}"),)
    return gateway_pb2_grpc.GatewayServiceStub(embedded_server.channel)


def _league(gateway, name: str, players: int = 8, rounds: int = 3) -> str:
    c = gateway.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026", rounds=rounds, table_size=4)
        ),
        metadata=club("x"),
        timeout=10,
    )
    for i in range(players):
        gateway.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name=f"Player {i}"), timeout=10)
    return c.id


def _draw_request(competition_id: str, key: str, **fields) -> draws_pb2.DrawCompetitionRequest:
    return draws_pb2.DrawCompetitionRequest(
        competition_id=competition_id, seed=7, time_limit_seconds=2, idempotency_key=key, **fields
    )


def _draws(gateway, competition_id: str) -> list[draws_pb2.Draw]:
    return list(gateway.ListDraws(draws_pb2.ListDrawsRequest(competition_id=competition_id), timeout=10).draws)


def test_two_callers_using_one_key_get_two_competitions(gateway):
    request = competitions_pb2.CreateCompetitionRequest(
        competition=competitions_pb2.Competition(name="Spring 2026"), idempotency_key="spring-2026"
    )
    x = gateway.CreateCompetition(request, metadata=club("x"), timeout=10)
    y = gateway.CreateCompetition(request, metadata=club("y"), timeout=10)
    organizer = gateway.CreateCompetition(request, timeout=10)
    assert len({x.id, y.id, organizer.id}) == 3
    with pytest.raises(grpc.RpcError) as error:  # a made-up token is nobody: refused, nothing made
        gateway.CreateCompetition(request, metadata=(("authorization", "Bearer club-z-token"),), timeout=10)
    assert error.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert gateway.CreateCompetition(request, metadata=club("x"), timeout=10).id == x.id
    assert gateway.CreateCompetition(request, metadata=club("y"), timeout=10).id == y.id


def test_a_retry_with_the_same_request_returns_the_same_competition_and_player(gateway):
    request = competitions_pb2.CreateCompetitionRequest(
        competition=competitions_pb2.Competition(name="Retry league"), idempotency_key="retry-league"
    )
    first = gateway.CreateCompetition(request, metadata=club("x"), timeout=10)
    assert gateway.CreateCompetition(request, metadata=club("x"), timeout=10) == first
    register = competitions_pb2.RegisterPlayerRequest(competition_id=first.id, name="Saki", idempotency_key="saki")
    saki = gateway.RegisterPlayer(register, metadata=club("x"), timeout=10)
    assert gateway.RegisterPlayer(register, metadata=club("x"), timeout=10).id == saki.id
    players = gateway.ListPlayers(competitions_pb2.ListPlayersRequest(competition_id=first.id), timeout=10).players
    assert [p.id for p in players] == [saki.id]  # no duplicate row


def test_a_key_reused_for_a_different_request_is_invalid_argument_never_the_old_result(gateway):
    gateway.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Club X league"), idempotency_key="k-x"
        ),
        metadata=club("x"),
        timeout=10,
    )
    with pytest.raises(grpc.RpcError) as error:
        gateway.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name="Another league"), idempotency_key="k-x"
            ),
            metadata=club("x"),
            timeout=10,
        )
    _reused(error.value)

    a = _league(gateway, "Key league A", players=0)
    b = _league(gateway, "Key league B", players=0)
    gateway.RegisterPlayer(
        competitions_pb2.RegisterPlayerRequest(competition_id=a, name="Saki", idempotency_key="p"), metadata=club("x"), timeout=10
    )
    with pytest.raises(grpc.RpcError) as error:  # one key, one request: not a second player elsewhere
        gateway.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=b, name="Saki", idempotency_key="p"),
            metadata=club("x"),
            timeout=10,
        )
    _reused(error.value)
    assert not gateway.ListPlayers(competitions_pb2.ListPlayersRequest(competition_id=b), timeout=10).players


def test_a_bad_key_is_invalid_argument_at_the_gateway(gateway):
    for bad in ("key\x00", "k" * 129):
        with pytest.raises(grpc.RpcError) as error:
            gateway.CreateCompetition(
                competitions_pb2.CreateCompetitionRequest(
                    competition=competitions_pb2.Competition(name="L"), idempotency_key=bad
                ),
                timeout=10,
            )
        assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "idempotency_key" in [f for f, _ in field_violations(error.value)]


def test_a_draw_retry_returns_the_same_draw_and_stores_one(gateway):
    competition_id = _league(gateway, "Draw retry league")
    first = gateway.DrawCompetition(_draw_request(competition_id, "draw-1"), metadata=club("x"), timeout=60)
    again = gateway.DrawCompetition(_draw_request(competition_id, "draw-1"), metadata=club("x"), timeout=60)
    assert first.draw.id and again.draw.id == first.draw.id
    assert again.draw.rounds == first.draw.rounds and again.status == first.status
    assert [d.id for d in _draws(gateway, competition_id)] == [first.draw.id]
    # club x owns the competition (docs/rules.md access.organizers.scoped): club y co-organizes it once granted
    grant = identity_pb2.GrantAccessRequest(competition_id=competition_id, account_id=_ACCOUNTS["y"])
    gateway.GrantAccess(grant, metadata=club("x"), timeout=10)
    other = gateway.DrawCompetition(_draw_request(competition_id, "draw-1"), metadata=club("y"), timeout=60)
    assert other.draw.id != first.draw.id  # another caller's key is another key


def test_a_draw_retry_that_adds_a_hard_separation_is_invalid_argument(gateway):
    competition_id = _league(gateway, "Separation retry league")
    first = gateway.DrawCompetition(_draw_request(competition_id, "sep"), metadata=club("x"), timeout=60)
    together = list(first.draw.rounds[0].tables[0].player_ids[:2])  # a pair the first draw seats together
    separated = _draw_request(competition_id, "sep", separations=[draws_pb2.Separation(player_ids=together, weight=0)])
    with pytest.raises(grpc.RpcError) as error:
        gateway.DrawCompetition(separated, metadata=club("x"), timeout=60)
    _reused(error.value)
    assert [d.id for d in _draws(gateway, competition_id)] == [first.draw.id]
    fresh = gateway.DrawCompetition(
        _draw_request(competition_id, "sep-2", separations=separated.separations), metadata=club("x"), timeout=60
    )
    for rnd in fresh.draw.rounds:  # with a new key: a new draw that keeps the pair apart
        assert not any(set(together) <= set(t.player_ids) for t in rnd.tables)


def test_redraw_with_a_draw_competition_key_is_a_new_redraw(gateway):
    competition_id = _league(gateway, "Method scope league", rounds=4)
    drawn = gateway.DrawCompetition(_draw_request(competition_id, "same-key"), metadata=club("x"), timeout=60)
    gateway.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition_id, draw_id=drawn.draw.id), timeout=10)
    redraw = draws_pb2.RedrawRequest(
        competition_id=competition_id,
        played_rounds=1,
        reason="a table was late",
        seed=7,
        time_limit_seconds=2,
        idempotency_key="same-key",
    )
    redrawn = gateway.Redraw(redraw, metadata=club("x"), timeout=60)
    assert redrawn.draw.id and redrawn.draw.id != drawn.draw.id
    assert redrawn.draw.replaces_draw_id == drawn.draw.id and redrawn.draw.played_rounds == 1
    assert gateway.Redraw(redraw, metadata=club("x"), timeout=60).draw.id == redrawn.draw.id  # its own retry
    assert len(_draws(gateway, competition_id)) == 2


def test_concurrent_retries_with_one_key_create_one_resource(gateway):
    request = competitions_pb2.CreateCompetitionRequest(
        competition=competitions_pb2.Competition(name="Concurrent league"), idempotency_key="concurrent"
    )
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        ids = set(pool.map(lambda _: gateway.CreateCompetition(request, metadata=club("x"), timeout=30).id, range(8)))
    assert len(ids) == 1

    competition_id = _league(gateway, "Concurrent draw league")
    draw = _draw_request(competition_id, "concurrent-draw")
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        views = list(pool.map(lambda _: gateway.DrawCompetition(draw, metadata=club("x"), timeout=60), range(4)))
    assert len({v.draw.id for v in views}) == 1 and views[0].draw.id
    assert [d.id for d in _draws(gateway, competition_id)] == [views[0].draw.id]


# ------------------------------------------------------------------ storage, SQLite and PostgreSQL


@pytest.fixture
def league(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, LEAGUE_MIGRATIONS)
    yield make_league(engine)
    engine.dispose()


@pytest.fixture
def booking(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, BOOKING_MIGRATIONS)
    yield make_booking(engine)
    engine.dispose()


@pytest.fixture
def gateway_keys(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, GATEWAY_MIGRATIONS)
    yield GatewayKeys(engine, lease_seconds=60)
    engine.dispose()


def _count(engine, table: str) -> int:
    with engine.connect() as connection:
        return connection.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one()


def test_league_keys_are_bound_to_the_request_and_scoped_to_the_method(league):
    first = league.competitions.create("Spring", "", 2, 4, idempotency_key="k")
    assert league.competitions.create("Spring", "", 2, 4, idempotency_key="k").id == first.id
    with pytest.raises(InvalidArgument) as error:
        league.competitions.create("Autumn", "", 2, 4, idempotency_key="k")
    _reused_here(error.value)
    assert _count(league.uow.engine, "competitions") == 1

    ids = [league.roster.register(first.id, f"P{i}", idempotency_key=("k" if i == 0 else "")).id for i in range(8)]
    assert league.roster.register(first.id, "P0", idempotency_key="k").id == ids[0]  # another method's "k"
    rounds = ((tuple(ids[:4]), tuple(ids[4:])), ((ids[0], ids[1], ids[4], ids[5]), (ids[2], ids[3], ids[6], ids[7])))
    draw = league.draws.save(first.id, 1, rounds, STATS, idempotency_key="k")
    assert league.draws.save(first.id, 1, rounds, STATS, idempotency_key="k").id == draw.id
    swapped = (rounds[1], rounds[0])
    with pytest.raises(InvalidArgument) as error:  # the same key with another seating: never the old draw
        league.draws.save(first.id, 1, swapped, STATS, idempotency_key="k")
    _reused_here(error.value)
    assert [d.id for d in league.draws.list(first.id)] == [draw.id]


def test_concurrent_retries_with_one_key_store_one_competition(league):
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        made = list(pool.map(lambda _: league.competitions.create("Race", "", 2, 4, idempotency_key="race"), range(16)))
    assert len({c.id for c in made}) == 1
    assert _count(league.uow.engine, "competitions") == 1 and _count(league.uow.engine, "idempotency_keys") == 1


def test_booking_keys_are_bound_to_the_request(booking):
    club = booking.clubs.create_club("Discard club", "", idempotency_key="c")
    assert booking.clubs.create_club("Discard club", "", idempotency_key="c").id == club.id
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.create_club("Other club", "", idempotency_key="c")
    _reused_here(error.value)
    room = booking.clubs.add_room(club.id, "Big room", idempotency_key="c")  # another method's "c"
    assert booking.clubs.add_room(club.id, "Big room", idempotency_key="c").id == room.id
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.add_room(club.id, "Small room", idempotency_key="c")
    _reused_here(error.value)
    assert [r.name for r in booking.clubs.list_rooms(club.id)] == ["Big room"]


def test_gateway_keys_claim_complete_release_and_take_over_an_abandoned_claim(gateway_keys):
    key = idempotency.RequestKey(idempotency.scope("GatewayService.DrawCompetition", "k", "c"), "f" * 64)
    assert gateway_keys.claim(key) == Claim()
    assert gateway_keys.claim(key).busy  # the first request is still running
    with pytest.raises(InvalidArgument) as error:
        gateway_keys.claim(idempotency.RequestKey(key.scope, "e" * 64))
    _reused_here(error.value)
    gateway_keys.release(key)
    assert gateway_keys.claim(key) == Claim()  # released: free for a retry
    gateway_keys.complete(key, "draw-1", b"answer")
    done = gateway_keys.claim(key).record
    assert (done.resource_id, done.response) == ("draw-1", b"answer")
    gateway_keys.release(key)  # a completed key is never released
    assert gateway_keys.claim(key).record.resource_id == "draw-1"

    other = idempotency.RequestKey(idempotency.scope("GatewayService.Redraw", "k", "c"), "f" * 64)
    start = datetime.now(UTC)
    assert gateway_keys.claim(other, now=start) == Claim()
    assert gateway_keys.claim(other, now=start + timedelta(seconds=30)).busy
    assert gateway_keys.claim(other, now=start + timedelta(seconds=61)) == Claim()  # holder gone


def _migrate(engine, command_, revision: str) -> None:
    """``alembic upgrade/downgrade revision`` the way ``run_migrations`` runs it (SQLite: foreign keys
    off for the batch table rebuilds)."""
    config = alembic_config(LEAGUE_MIGRATIONS)
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            connection.connection.dbapi_connection.execute("PRAGMA foreign_keys = OFF")
        try:
            with connection.begin():
                config.attributes["connection"] = connection
                command_(config, revision)
        finally:
            if engine.dialect.name == "sqlite":
                connection.connection.dbapi_connection.execute("PRAGMA foreign_keys = ON")


def test_migration_moves_past_the_old_key_columns_with_data(db_url):
    """A league database at revision 0002 with keyed rows upgrades to head (and back) keeping its rows."""
    engine = make_engine(db_url)
    try:
        _migrate(engine, command.upgrade, "0002")
        with engine.begin() as connection:
            connection.execute(
                sa.text(
                    "INSERT INTO competitions (id, name, ruleset, rounds, table_size, created_at, idempotency_key) "
                    "VALUES ('c1', 'Old', 'discard-league-2026', 4, 4, :now, 'old-key')"
                ),
                {"now": datetime.now(UTC)},
            )
            connection.execute(
                sa.text(
                    "INSERT INTO players (id, competition_id, name, name_key, registration_order, status, status_reason, "
                    "idempotency_key) VALUES ('p1', 'c1', 'Saki', 'saki', 1, 'main', '', 'old-player-key')"
                )
            )
        run_migrations(engine, LEAGUE_MIGRATIONS)
        service = make_league(engine)
        assert [p.name for p in service.roster.list("c1")] == ["Saki"]
        assert service.competitions.create("New", "", 4, 4, idempotency_key="old-key").id != "c1"
        _migrate(engine, command.downgrade, "0002")
        assert _count(engine, "competitions") == 2 and _count(engine, "players") == 1
    finally:
        engine.dispose()
