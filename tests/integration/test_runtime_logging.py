"""rondo_runtime.logging: one JSON object per line on stderr."""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

import pytest

from rondo_runtime.logging import configure_logging

pytestmark = pytest.mark.integration


@pytest.fixture
def restore_root_logger():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def _lines(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().err.splitlines() if line.strip()]


def test_json_line_shape(capsys, restore_root_logger):
    configure_logging("INFO")
    logging.getLogger("rondo.test").info("listening on %s", "127.0.0.1:1", extra={"port": 1, "services": ["solver"]})
    [entry] = _lines(capsys)
    assert entry["level"] == "INFO"
    assert entry["logger"] == "rondo.test"
    assert entry["message"] == "listening on 127.0.0.1:1"
    assert entry["port"] == 1 and entry["services"] == ["solver"]
    assert entry["timestamp"].endswith("Z")
    assert datetime.fromisoformat(entry["timestamp"].replace("Z", "+00:00")).utcoffset() == timedelta(0)


def test_exceptions_carry_their_traceback(capsys, restore_root_logger):
    configure_logging("INFO")
    try:
        raise KeyError("missing")
    except KeyError:
        logging.getLogger("rondo.test").exception("failed")
    [entry] = _lines(capsys)
    assert entry["level"] == "ERROR"
    assert "Traceback" in entry["exception"] and "KeyError" in entry["exception"]


def test_idempotent_and_level_changes(capsys, restore_root_logger):
    configure_logging("INFO")
    configure_logging("WARNING")
    log = logging.getLogger("rondo.test")
    log.info("hidden")
    log.warning("shown", extra={"unserializable": object()})
    [entry] = _lines(capsys)  # one handler, not two
    assert entry["message"] == "shown"
    assert entry["unserializable"].startswith("<object object")
    with pytest.raises(ValueError):
        configure_logging("LOUD")
