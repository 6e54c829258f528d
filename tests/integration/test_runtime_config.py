"""rondo_runtime.config: Settings from RONDO_* environment variables."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rondo_runtime.config import Settings

pytestmark = pytest.mark.integration


def test_defaults_without_any_variable():
    settings = Settings.from_env({})
    assert settings.host == "127.0.0.1"
    assert settings.port == 50051
    assert settings.metrics_port == 9464
    assert settings.data_dir == Path("data")
    assert settings.log_level == "INFO"
    assert settings.grace_seconds == 10.0
    assert settings.downstream_timeout_seconds == 30.0
    assert settings.database_url("booking") == f"sqlite:///{Path('data').resolve() / 'booking.db'}"
    assert settings.service_addr("league") is None


def test_every_variable_is_read():
    settings = Settings.from_env(
        {
            "RONDO_HOST": "0.0.0.0",
            "RONDO_PORT": "0",
            "RONDO_METRICS_PORT": "-1",
            "RONDO_DATA_DIR": "/var/lib/rondo",
            "RONDO_LOG_LEVEL": "debug",
            "RONDO_GRACE_SECONDS": "2.5",
            "RONDO_DOWNSTREAM_TIMEOUT_SECONDS": "7",
            "RONDO_BOOKING_DATABASE_URL": "postgresql://rondo@db/booking",
            "RONDO_LEAGUE_ADDR": "league:50051",
            "RONDO_SOLVER_ADDR": "",
        }
    )
    assert settings.host == "0.0.0.0"
    assert settings.port == 0
    assert settings.metrics_port is None  # -1 = disabled
    assert settings.log_level == "DEBUG"
    assert settings.grace_seconds == 2.5
    assert settings.downstream_timeout_seconds == 7.0
    assert settings.database_url("booking") == "postgresql://rondo@db/booking"
    assert settings.database_url("league") == "sqlite:////var/lib/rondo/league.db"
    assert settings.service_addr("league") == "league:50051"
    assert settings.service_addr("solver") is None  # empty = in-process


def test_solver_pool_settings_are_read_with_defaults():
    defaults = Settings.from_env({})
    assert (defaults.solver_workers, defaults.solver_queue, defaults.solver_worker_memory_mb) == (0, 8, 2048)
    settings = Settings.from_env(
        {
            "RONDO_SOLVER_WORKERS": "3",
            "RONDO_SOLVER_QUEUE": "0",
            "RONDO_SOLVER_WORKER_MEMORY_MB": "512",
        }
    )
    assert (settings.solver_workers, settings.solver_queue, settings.solver_worker_memory_mb) == (3, 0, 512)
    for variable, value in (
        ("RONDO_SOLVER_WORKERS", "-1"),
        ("RONDO_SOLVER_QUEUE", "many"),
        ("RONDO_SOLVER_WORKER_MEMORY_MB", "-5"),
    ):
        with pytest.raises(ValueError, match=variable):
            Settings.from_env({variable: value})


def test_identity_settings_are_read_with_defaults_and_the_signing_key_is_never_shown():
    defaults = Settings.from_env({})
    assert defaults.token_secret is None  # the gateway generates one and keeps it in its database
    assert (defaults.token_ttl_seconds, defaults.service_token_ttl_seconds, defaults.auth_cache_seconds) == (
        43200.0,
        365 * 24 * 3600.0,
        5.0,
    )
    key = "k" * 32
    settings = Settings.from_env(
        {
            "RONDO_TOKEN_SECRET": key,
            "RONDO_TOKEN_TTL_SECONDS": "3600",
            "RONDO_SERVICE_TOKEN_TTL_SECONDS": "86400",
            "RONDO_AUTH_CACHE_SECONDS": "0",
        }
    )
    assert (settings.token_secret, settings.token_ttl_seconds, settings.service_token_ttl_seconds) == (key, 3600.0, 86400.0)
    assert settings.auth_cache_seconds == 0.0 and key not in repr(settings)
    for variable, value, complaint in (
        ("RONDO_TOKEN_SECRET", "k" * 31, "at least 32 characters"),
        ("RONDO_TOKEN_SECRET", "with a space and long enough to pass 32", "printable ASCII"),
        ("RONDO_TOKEN_TTL_SECONDS", "0", "greater than 0"),
        ("RONDO_AUTH_CACHE_SECONDS", "-1", "at least 0"),
    ):
        with pytest.raises(ValueError, match=complaint) as error:
            Settings.from_env({variable: value})
        assert value not in str(error.value) or variable != "RONDO_TOKEN_SECRET"


def test_connection_age_is_read_with_defaults_and_zero_turns_it_off():
    from rondo_runtime.server import connection_age_options

    defaults = Settings.from_env({})
    assert (defaults.max_connection_age_seconds, defaults.max_connection_age_grace_seconds) == (300.0, 60.0)
    assert connection_age_options(defaults) == [
        ("grpc.max_connection_age_ms", 300_000),
        ("grpc.max_connection_age_grace_ms", 60_000),
    ]
    settings = Settings.from_env({"RONDO_MAX_CONNECTION_AGE_SECONDS": "0.25", "RONDO_MAX_CONNECTION_AGE_GRACE_SECONDS": "2"})
    assert connection_age_options(settings) == [("grpc.max_connection_age_ms", 250), ("grpc.max_connection_age_grace_ms", 2000)]
    assert connection_age_options(Settings.from_env({"RONDO_MAX_CONNECTION_AGE_SECONDS": "0"})) == []


def test_metrics_port_zero_means_pick_a_free_port():
    assert Settings.from_env({"RONDO_METRICS_PORT": "0"}).metrics_port == 0


def test_calendar_port_defaults_to_8080_and_minus_one_disables_it():
    assert Settings.from_env({}).calendar_port == 8080
    assert Settings.from_env({"RONDO_CALENDAR_PORT": "0"}).calendar_port == 0
    assert Settings.from_env({"RONDO_CALENDAR_PORT": "-1"}).calendar_port is None
    with pytest.raises(ValueError, match="RONDO_CALENDAR_PORT must be between -1 and 65535"):
        Settings.from_env({"RONDO_CALENDAR_PORT": "99999"})


@pytest.mark.parametrize(
    ("variable", "value", "complaint"),
    [
        ("RONDO_PORT", "fifty", "RONDO_PORT must be an integer"),
        ("RONDO_PORT", "70000", "RONDO_PORT must be between 0 and 65535"),
        ("RONDO_METRICS_PORT", "-2", "RONDO_METRICS_PORT must be between -1 and 65535"),
        ("RONDO_GRACE_SECONDS", "soon", "RONDO_GRACE_SECONDS must be a number"),
        ("RONDO_GRACE_SECONDS", "-1", "RONDO_GRACE_SECONDS must be at least 0"),
        ("RONDO_DOWNSTREAM_TIMEOUT_SECONDS", "0", "RONDO_DOWNSTREAM_TIMEOUT_SECONDS must be greater than 0"),
        ("RONDO_DOWNSTREAM_TIMEOUT_SECONDS", "nan", "RONDO_DOWNSTREAM_TIMEOUT_SECONDS"),
        ("RONDO_LOG_LEVEL", "loud", "RONDO_LOG_LEVEL must be one of"),
        ("RONDO_MAX_CONNECTION_AGE_SECONDS", "-1", "RONDO_MAX_CONNECTION_AGE_SECONDS must be at least 0"),
        ("RONDO_MAX_CONNECTION_AGE_GRACE_SECONDS", "later", "RONDO_MAX_CONNECTION_AGE_GRACE_SECONDS must be a number"),
    ],
)
def test_bad_values_name_the_variable(variable, value, complaint):
    with pytest.raises(ValueError, match=complaint):
        Settings.from_env({variable: value})


def test_settings_are_frozen_and_constructible_in_tests(tmp_path):
    settings = Settings(port=0, metrics_port=-1, data_dir=tmp_path, database_urls={"League": "sqlite:///x.db"})
    assert settings.metrics_port is None
    assert settings.database_url("league") == "sqlite:///x.db"
    assert settings.database_url("gateway") == f"sqlite:///{tmp_path.resolve() / 'gateway.db'}"
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.port = 1  # type: ignore[misc]
    assert dataclasses.replace(settings, port=5).port == 5
