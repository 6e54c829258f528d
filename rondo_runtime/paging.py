"""Keyset paging, the one page-token scheme of every List (docs/architecture.md "Contracts").

A list is read in the order of a unique sort key (an id, or a compound key such as (name, id) or
(start, id)); a page is the items whose key comes after the last key of the previous page, at most the
page size of them. The owner of a list (league, booking, the gateway's own accounts and events) reads one
page with ``WHERE key > :after ORDER BY key LIMIT n + 1`` (:func:`after`), so page 500 costs what page 1
costs, and an item added or changed between two pages never makes a later page skip or repeat one.

A page token is opaque to clients: the last key of the page, bound to the query it belongs to (a
fingerprint of the request's filters), base64url of compact JSON, at most :data:`MAX_TOKEN_LENGTH`
characters. A malformed token, one made for another query and an over-long one are refused with
INVALID_ARGUMENT naming ``page_token`` (PAGE_TOKEN_INVALID, PAGE_TOKEN_OTHER_QUERY, PAGE_TOKEN_TOO_LONG).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from google.protobuf.message import Message
from sqlalchemy import true, tuple_

from rondo_runtime.errors import InvalidArgument

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 1000
#: Characters. A key is at most a 200-character name (4 UTF-8 bytes each at worst) and an id, plus the
#: query's fingerprint: about 1 150 characters of base64; a longer token is refused unread.
MAX_TOKEN_LENGTH = 1200
PAGE_FIELDS = ("page_size", "page_token")

T = TypeVar("T")
KeyPart = str | int
Key = tuple[KeyPart, ...]
#: The shapes of the keys lists are ordered by (their parts' types, checked when a token is read).
TIME_KEY = (str, str)  # (a time as ISO 8601 text, an id): ``time_key``
NAME_KEY = (str,)  # a unique name
NAME_ID_KEY = (str, str)  # (a name that may repeat, an id)
NUMBER_KEY = (int,)  # a unique number: an ordinal, a version, a sequence


def page_size(requested: int, field: str = "page_size") -> int:
    """A public List's page size: 0 means the default; negative or above the maximum is refused."""
    if requested < 0 or requested > MAX_PAGE_SIZE:
        raise InvalidArgument.single(
            field, f"must be between 0 (the default, {DEFAULT_PAGE_SIZE}) and {MAX_PAGE_SIZE}, got {requested}"
        )
    return requested or DEFAULT_PAGE_SIZE


def query_fingerprint(*filters: object) -> str:
    """What a token is bound to: the filters of its query (any JSON-able values)."""
    return hashlib.sha256(json.dumps(filters, sort_keys=True, default=str).encode()).hexdigest()[:16]


def request_query(request: Message) -> str:
    """The fingerprint of a List request: its type and every field but the page."""
    filters = type(request)()
    filters.CopyFrom(request)
    for name in PAGE_FIELDS:
        filters.ClearField(name)
    return query_fingerprint(request.DESCRIPTOR.full_name, filters.SerializeToString(deterministic=True).hex())


def encode_page_token(key: Key, query: str) -> str:
    raw = json.dumps([list(key), query], separators=(",", ":"), ensure_ascii=False).encode()
    token = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    if len(token) > MAX_TOKEN_LENGTH:  # keys come from bounded columns: a longer one is a bug here
        raise ValueError(f"a page token of {len(token)} characters: the key {key!r} is longer than keys may be")
    return token


def decode_page_token(token: str, query: str, shape: tuple[type, ...], field: str = "page_token") -> Key | None:
    """The key a token resumes after (None for an empty token); INVALID_ARGUMENT for a token that is
    too long, malformed (not ours, or a key not of ``shape``: its parts' types) or made for another query."""
    if not token:
        return None
    if len(token) > MAX_TOKEN_LENGTH:
        raise InvalidArgument.at(field, "PAGE_TOKEN_TOO_LONG")
    try:
        data = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    except (ValueError, TypeError, binascii.Error):
        raise InvalidArgument.at(field, "PAGE_TOKEN_INVALID") from None
    if not isinstance(data, list) or len(data) != 2:
        raise InvalidArgument.at(field, "PAGE_TOKEN_INVALID")
    key, made_for = data
    if made_for != query:
        raise InvalidArgument.at(field, "PAGE_TOKEN_OTHER_QUERY")
    if not isinstance(key, list) or len(key) != len(shape) or any(type(k) is not t for k, t in zip(key, shape, strict=True)):
        raise InvalidArgument.at(field, "PAGE_TOKEN_INVALID")
    return tuple(key)


@dataclass(frozen=True)
class Page:
    """One page asked of a list's owner: ``size`` items (0: the whole list, ``WHOLE_LIST``: a use case's
    own callers in the service, never a public List),
    after ``after`` (None: from the start); ``query`` is what its tokens are bound to."""

    size: int
    after: Key | None
    query: str

    @property
    def limit(self) -> int | None:
        """How many to read: one more than the page tells whether there is a next one."""
        return self.size + 1 if self.size else None

    def answer(self, found: Sequence[T], key: Callable[[T], Key]) -> tuple[list[T], str]:
        """The page of ``found`` (at most ``limit`` items in key order, after ``after``) and the next
        page's token (empty on the last page)."""
        if not self.size or len(found) <= self.size:
            return list(found), ""
        chunk = list(found[: self.size])
        return chunk, encode_page_token(key(chunk[-1]), self.query)

    def of(self, items: Iterable[T], key: Callable[[T], Key]) -> tuple[list[T], str]:
        """The page of a list held in the code, not stored (the ruleset catalogue: a few items): sorted by
        ``key``, those after ``after``. A stored list is paged by its owner's database (:func:`keyset`)."""
        ordered = sorted(items, key=key)
        if self.after is not None:
            after = self.after
            ordered = [item for item in ordered if key(item) > after]
        return self.answer(ordered[: self.limit] if self.limit else ordered, key)


#: The whole list at once (a use case's own callers in the service: no page size, no token).
WHOLE_LIST = Page(0, None, "")


def page_request(request: Message, shape: tuple[type, ...]) -> Page:
    """The page a List request asks for (its ``page_size``, 0 the default, and ``page_token``), its key
    of ``shape``. Every caller pages, the gateway's own calls too (``gateway/service.py::every_page``)."""
    query = request_query(request)
    return Page(page_size(request.page_size), decode_page_token(request.page_token, query, shape), query)


def time_key(at: datetime, item_id: str) -> Key:
    """The key of a list ordered by a time, then id (bookings by start, competitions by creation)."""
    return (at.astimezone(UTC).isoformat(timespec="microseconds"), item_id)  # fixed width: text order is time order


def after_time(page: Page, field: str = "page_token") -> tuple[Any, ...] | None:
    """A page's ``after`` whose first part is a :func:`time_key` time, as (the UTC time, then the key's
    other parts: an id, or a match key and an id); PAGE_TOKEN_INVALID if the time is none."""
    if page.after is None:
        return None
    at, *rest = page.after
    try:
        when = datetime.fromisoformat(str(at))
    except ValueError:
        raise InvalidArgument.at(field, "PAGE_TOKEN_INVALID") from None
    if when.tzinfo is None:
        raise InvalidArgument.at(field, "PAGE_TOKEN_INVALID")
    return (when.astimezone(UTC), *rest)


def after_date(page: Page, field: str = "page_token") -> tuple[Any, ...] | None:
    """A page's ``after`` whose first part is a day (ISO 8601 text), as (the date, then the key's other
    parts); PAGE_TOKEN_INVALID if it is no day."""
    if page.after is None:
        return None
    day, *rest = page.after
    try:
        return (date.fromisoformat(str(day)), *rest)
    except ValueError:
        raise InvalidArgument.at(field, "PAGE_TOKEN_INVALID") from None


Q = TypeVar("Q")


def keyset(query: Q, columns: Sequence[Any], key: Sequence[Any] | None, limit: int | None) -> Q:
    """``query`` narrowed to one keyset page: the rows after ``key`` (:func:`after`) in the order of
    ``columns``, at most ``limit`` of them (None: every one). With an index on the query's filters then
    ``columns``, the database finds page 500 as fast as page 1."""
    q: Any = query
    return q.where(after(columns, key)).order_by(*columns).limit(limit)


def after(columns: Sequence[Any], key: Sequence[Any] | None) -> Any:
    """The SQL condition ``(columns) > (key)`` (true without a key) of a query ordered by ``columns``:
    the keyset page after ``key`` (its parts as the columns' types: a time as a datetime)."""
    if key is None:
        return true()
    return tuple_(*columns) > tuple_(*key)
