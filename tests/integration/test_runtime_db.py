"""rondo_runtime.db: SQLite and PostgreSQL engines, readiness, migrations, test databases."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError, OperationalError

from rondo_runtime.db import database_reachable, make_engine, normalize_url, run_migrations
from tests.databases import create_test_database, drop_database

pytestmark = pytest.mark.integration


# --------------------------------------------------------------------------------------------------
# SQLite


def test_sqlite_engine_creates_its_directory_and_sets_pragmas(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'nested' / 'dir' / 'x.db'}")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
        assert (tmp_path / "nested" / "dir" / "x.db").exists()
    finally:
        engine.dispose()


def test_sqlite_enforces_foreign_keys(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'fk.db'}")
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
            connection.exec_driver_sql(
                "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id))"
            )
        with pytest.raises(IntegrityError, match="FOREIGN KEY"):
            with engine.begin() as connection:
                connection.exec_driver_sql("INSERT INTO child (id, parent_id) VALUES (1, 42)")
    finally:
        engine.dispose()


def _begin_statements(engine) -> list[str]:
    seen: list[str] = []
    sqlalchemy.event.listen(engine, "before_cursor_execute", lambda conn, cursor, statement, *rest: seen.append(statement))
    return seen


def test_sqlite_transactions_begin_immediate_unless_asked_deferred(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'begin.db'}")
    statements = _begin_statements(engine)
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql("SELECT 1")
        with engine.execution_options(rondo_sqlite_begin="DEFERRED").connect() as connection:
            connection.exec_driver_sql("SELECT 1")
        assert [s for s in statements if s.startswith("BEGIN")] == ["BEGIN IMMEDIATE", "BEGIN DEFERRED"]
    finally:
        engine.dispose()


def test_second_sqlite_writer_waits_for_the_lock_then_fails_fast(tmp_path):
    url = f"sqlite:///{tmp_path / 'lock.db'}"
    first, second = make_engine(url), make_engine(url, busy_timeout_ms=200)
    try:
        with first.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE t (n INTEGER)")
        with first.begin() as holder:
            holder.exec_driver_sql("INSERT INTO t VALUES (1)")
            started = time.monotonic()
            with pytest.raises(OperationalError, match="database is locked"):
                with second.begin() as blocked:  # BEGIN IMMEDIATE itself waits for the write lock
                    blocked.exec_driver_sql("SELECT count(*) FROM t")
            waited = time.monotonic() - started
        assert waited >= 0.15  # it waited for the busy timeout instead of failing at once
        # Readers are not blocked by a writer (WAL) when they begin DEFERRED.
        with first.begin() as holder:
            holder.exec_driver_sql("INSERT INTO t VALUES (2)")
            with second.execution_options(rondo_sqlite_begin="DEFERRED").connect() as reader:
                assert reader.exec_driver_sql("SELECT count(*) FROM t").scalar() == 1
    finally:
        first.dispose()
        second.dispose()


def test_concurrent_read_modify_write_is_serialized_not_deadlocked(tmp_path):
    """With deferred transactions two read-then-write transactions deadlock (SQLITE_BUSY on the lock
    upgrade); with BEGIN IMMEDIATE they queue, and no increment is lost."""
    url = f"sqlite:///{tmp_path / 'counter.db'}"
    engine = make_engine(url, busy_timeout_ms=10_000)
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
        connection.exec_driver_sql("INSERT INTO counter VALUES (1, 0)")
    # The interleaving that loses an update cannot start: while one transaction has read the counter
    # (and not yet written it), another cannot even begin to read it (an impatient one is refused).
    impatient = make_engine(url, busy_timeout_ms=0)
    try:
        with engine.begin() as reader:
            assert reader.exec_driver_sql("SELECT n FROM counter WHERE id = 1").scalar_one() == 0
            with pytest.raises(OperationalError, match="database is locked"):
                with impatient.begin() as other:
                    other.exec_driver_sql("SELECT n FROM counter WHERE id = 1")
    finally:
        impatient.dispose()
    errors: list[BaseException] = []

    def bump(times: int) -> None:
        try:
            for _ in range(times):
                with engine.begin() as connection:
                    n = connection.exec_driver_sql("SELECT n FROM counter WHERE id = 1").scalar_one()
                    connection.execute(text("UPDATE counter SET n = :n WHERE id = 1"), {"n": n + 1})
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=bump, args=(15,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    try:
        assert not errors
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT n FROM counter").scalar() == 60
    finally:
        engine.dispose()


def test_database_reachable_never_raises(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'ok.db'}")
    assert database_reachable(engine) is True
    engine.dispose()
    (tmp_path / "file").write_text("")
    broken = sqlalchemy.create_engine(f"sqlite:///{tmp_path / 'file' / 'x.db'}")  # a file is in the way
    assert database_reachable(broken) is False
    unreachable = make_engine("postgresql://nobody@127.0.0.1:1/none", connect_args={"connect_timeout": 1})
    assert database_reachable(unreachable) is False


def test_url_normalization():
    assert normalize_url("postgresql://u:p@h:5432/db").drivername == "postgresql+psycopg"
    assert normalize_url("postgres://u@h/db").drivername == "postgresql+psycopg"
    assert normalize_url("postgresql+psycopg://h/db").drivername == "postgresql+psycopg"
    assert normalize_url("sqlite:///x.db").drivername == "sqlite"
    with pytest.raises(ValueError, match="unsupported database URL"):
        make_engine("mysql://h/db")


# --------------------------------------------------------------------------------------------------
# PostgreSQL


def test_postgres_engine_uses_psycopg_and_pre_ping(pg_url):
    plain = pg_url.replace("postgresql+psycopg://", "postgresql://")
    engine = make_engine(plain)
    try:
        assert engine.dialect.driver == "psycopg"
        assert engine.pool._pre_ping
        assert database_reachable(engine)
        with engine.begin() as connection:
            assert connection.exec_driver_sql("SELECT current_database()").scalar() == normalize_url(pg_url).database
    finally:
        engine.dispose()


def test_create_and_drop_test_database(pg_server_url):
    url = create_test_database(pg_server_url)
    database = normalize_url(url).database
    assert database is not None and database.startswith("rondo_test_")
    engine = make_engine(url)
    connection = engine.connect()  # an open connection must not stop the drop
    connection.exec_driver_sql("SELECT 1")
    drop_database(url)
    connection.invalidate()
    engine.dispose()
    assert not database_reachable(make_engine(url, poolclass=sqlalchemy.pool.NullPool))
    drop_database(url)  # dropping twice is fine


# --------------------------------------------------------------------------------------------------
# Migrations (a throwaway migration directory, as a service's would be)

ENV_PY = """\
from rondo_runtime.db import run_env

run_env()
"""

REV_1 = '''\
"""clubs and rooms"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade():
    op.create_table("club", sa.Column("id", sa.Integer, primary_key=True), sa.Column("name", sa.String(80), nullable=False))
    op.create_table(
        "room",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("club.id", ondelete="CASCADE"), nullable=False),
    )
    op.execute("INSERT INTO club (id, name) VALUES (1, 'Kirov')")
    op.execute("INSERT INTO room (id, club_id) VALUES (1, 1)")
'''

REV_2 = '''\
"""clubs get a time zone (a batch rebuild of the parent table on SQLite)"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade():
    recreate = "always" if op.get_bind().dialect.name == "sqlite" else "auto"
    with op.batch_alter_table("club", recreate=recreate) as batch:
        batch.add_column(sa.Column("time_zone", sa.String(64), nullable=False, server_default="Europe/Kirov"))
'''


@pytest.fixture
def migrations_dir(tmp_path) -> Path:
    root = tmp_path / "migrations"
    (root / "versions").mkdir(parents=True)
    (root / "env.py").write_text(ENV_PY)
    (root / "versions" / "0001_clubs.py").write_text(textwrap.dedent(REV_1))
    (root / "versions" / "0002_time_zone.py").write_text(textwrap.dedent(REV_2))
    return root


def test_run_migrations_to_head_and_again(db_url, migrations_dir):
    run_migrations(db_url, str(migrations_dir))
    run_migrations(db_url, str(migrations_dir))  # already at head: nothing to do
    engine = make_engine(db_url)
    try:
        inspector = inspect(engine)
        assert {"club", "room", "alembic_version"} <= set(inspector.get_table_names())
        assert "time_zone" in {c["name"] for c in inspector.get_columns("club")}
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0002"
            # the batch rebuild of club did not cascade-delete its rooms
            assert connection.exec_driver_sql("SELECT count(*) FROM room").scalar() == 1
            if engine.dialect.name == "sqlite":  # foreign keys are back on for the pooled connection
                assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        engine.dispose()


def test_run_migrations_with_own_version_table_on_a_given_engine(db_url, migrations_dir):
    engine = make_engine(db_url)
    try:
        run_migrations(engine, str(migrations_dir), version_table="booking_alembic_version")
        assert "booking_alembic_version" in inspect(engine).get_table_names()
        assert "alembic_version" not in inspect(engine).get_table_names()
    finally:
        engine.dispose()


def test_concurrent_start_ups_migrate_once(db_url, migrations_dir):
    """Replicas starting together (separate processes) take turns; each sees the others' work."""
    script = "import sys; from rondo_runtime.db import run_migrations; run_migrations(sys.argv[1], sys.argv[2])"
    processes = [
        subprocess.Popen([sys.executable, "-c", script, db_url, str(migrations_dir)], stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    outcomes = [p.communicate(timeout=120) for p in processes]
    failures = [stderr for p, (_, stderr) in zip(processes, outcomes) if p.returncode != 0]
    assert not failures
    engine = make_engine(db_url)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT count(*) FROM club").scalar() == 1
    finally:
        engine.dispose()


def test_migrations_from_threads_of_one_process_take_turns(tmp_path, migrations_dir):
    """Alembic's ``context``/``op`` are module globals, so run_migrations serializes within a process."""
    urls = [f"sqlite:///{tmp_path / f'db{i}.db'}" for i in range(3)]
    errors: list[BaseException] = []

    def start_up(url: str) -> None:
        try:
            run_migrations(url, str(migrations_dir))
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=start_up, args=(url,)) for url in urls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors


def test_failed_migration_leaves_nothing_behind(db_url, migrations_dir):
    (migrations_dir / "versions" / "0003_broken.py").write_text(
        textwrap.dedent("""\
        import sqlalchemy as sa
        from alembic import op

        revision = "0003"
        down_revision = "0002"


        def upgrade():
            op.create_table("half_done", sa.Column("id", sa.Integer, primary_key=True))
            op.execute("INSERT INTO no_such_table VALUES (1)")
    """)
    )
    with pytest.raises(sqlalchemy.exc.DBAPIError, match="no_such_table"):
        run_migrations(db_url, str(migrations_dir))
    engine = make_engine(db_url)
    try:
        assert not {"club", "half_done"} & set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_env_py_also_runs_from_plain_alembic_commands(tmp_path, migrations_dir, capsys):
    """For authoring: ``alembic_config(location, url)`` works without run_migrations, online and --sql."""
    from alembic import command

    from rondo_runtime.db import alembic_config

    url = f"sqlite:///{tmp_path / 'cli.db'}"
    command.upgrade(alembic_config(str(migrations_dir), url), "0001")
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0001"
    finally:
        engine.dispose()
    capsys.readouterr()
    command.upgrade(alembic_config(str(migrations_dir), "postgresql://offline/db"), "head", sql=True)
    assert "CREATE TABLE club" in capsys.readouterr().out
