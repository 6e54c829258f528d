"""The embedded gateway's token signing key in a file only its owner reads (0600), beside the SQLite
databases in the data directory (0700): not in ``gateway.db``, where anyone who could read the database
could forge tokens (docs/architecture.md "Identity and roles")."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from rondo_runtime.db import PRIVATE_FILE_MODE, private_dir

KEY_FILE_NAME = "token-signing.key"


def read_key(path: Path) -> str | None:
    """The key kept in ``path`` (tightened to 0600 if it was readable by others); None when there is none."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    if path.stat().st_mode & 0o077:
        os.chmod(path, PRIVATE_FILE_MODE)
    return text or None


def keep_key(path: Path, secret: str) -> str:
    """Writes ``secret`` to ``path`` (0600) unless a key is there already, and answers the key kept: a
    concurrent twin (another process on the same data directory) writes a whole file and links it in
    place atomically, so one key wins and both read it."""
    private_dir(path.parent)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
    fd = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_FILE_MODE)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(secret + "\n")
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    kept = read_key(path)
    if kept is None:
        raise RuntimeError(f"the token signing key file {path} is empty; remove it to generate a new key")
    return kept
