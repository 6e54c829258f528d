"""Page tokens for the public API's List methods (docs/architecture.md "Contracts").

A page token is opaque to clients: the position to resume from, bound to the query it belongs to
(a fingerprint of the filters), so a token reused with other filters is refused instead of quietly
answering the wrong page. Pure: no I/O.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from typing import TypeVar

from rondo_runtime.errors import InvalidArgument

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 1000
MAX_TOKEN_LENGTH = 200
T = TypeVar("T")


def page_size(requested: int, field: str = "page_size") -> int:
    """The page size to use: 0 means the default; negative or above the maximum is refused."""
    if requested < 0 or requested > MAX_PAGE_SIZE:
        raise InvalidArgument.single(
            field, f"must be between 0 (the default, {DEFAULT_PAGE_SIZE}) and {MAX_PAGE_SIZE}, got {requested}"
        )
    return requested or DEFAULT_PAGE_SIZE


def query_fingerprint(*filters: object) -> str:
    return hashlib.sha256(json.dumps(filters, sort_keys=True, default=str).encode()).hexdigest()[:16]


def encode_page_token(position: int, query: str) -> str:
    raw = json.dumps({"p": position, "q": query}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_page_token(token: str, query: str, field: str = "page_token") -> int | None:
    """The position a token resumes from (None for an empty token); INVALID_ARGUMENT for a token that
    is malformed or was made for another query."""
    if not token:
        return None
    if len(token) > MAX_TOKEN_LENGTH:
        raise InvalidArgument.at(field, "PAGE_TOKEN_TOO_LONG")
    try:
        data = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
        position, made_for = data["p"], data["q"]
    except (ValueError, TypeError, KeyError):
        raise InvalidArgument.at(field, "PAGE_TOKEN_INVALID") from None
    if made_for != query or not isinstance(position, int) or position < 0:
        raise InvalidArgument.at(field, "PAGE_TOKEN_OTHER_QUERY")
    return position


def page_of(items: Sequence[T], requested_size: int, token: str, query: str) -> tuple[list[T], str]:
    """One page of a whole list a downstream service answered (in its own stable order): the items from
    the token's position (the start without one), at most the page size, and the next page's token
    (empty on the last page). Nothing is deleted in Rondo: a list in the order things were made only
    grows at its end, so its pages never skip or repeat; in a list ordered otherwise (rooms by name,
    bookings by start) an item added before the position between two pages shifts the rest by one."""
    size = page_size(requested_size)
    start = decode_page_token(token, query) or 0
    chunk = list(items[start : start + size])
    end = start + len(chunk)
    return chunk, encode_page_token(end, query) if end < len(items) else ""
