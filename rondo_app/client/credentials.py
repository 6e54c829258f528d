"""Where ``rondo login`` keeps its tokens: ``credentials.json`` in the user's config directory
(``typer.get_app_dir("rondo")``, or ``RONDO_CONFIG_DIR``), one entry per gateway address, so an
organizer logged in to a test gateway and the club's real one keeps both.

The token is a bearer secret: the file is created with mode 0600 (its directory 0700) and replaced
atomically, never written in place where another user could read a half-written copy.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import typer

FILE_NAME = "credentials.json"


def config_dir() -> Path:
    override = os.environ.get("RONDO_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(typer.get_app_dir("rondo"))


def credentials_path() -> Path:
    return config_dir() / FILE_NAME


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}  # a damaged file is as good as none: the next login rewrites it
    return data if isinstance(data, dict) else {}


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".credentials-", dir=path.parent)  # mkstemp: mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2, sort_keys=True)
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def stored_token(address: str) -> str | None:
    entry = _read(credentials_path()).get(address)
    return str(entry["token"]) if isinstance(entry, dict) and entry.get("token") else None


def store_token(address: str, token: str, name: str, expires_at: str) -> Path:
    path = credentials_path()
    data = _read(path)
    data[address] = {"token": token, "name": name, "expires_at": expires_at}
    _write(path, data)
    return path


def forget_token(address: str) -> bool:
    """Drops the address's token; False when there was none."""
    path = credentials_path()
    data = _read(path)
    if address not in data:
        return False
    del data[address]
    _write(path, data)
    return True
