"""Telegram links: a player's one-time link code, the link between an account and a Telegram user, and
the metadata by which the bot acts for a linked player (docs/rules.md access.telegram.link-one-time-code,
access.bot.acts-for-linked-player; docs/architecture.md "Identity and roles").

Pure Python: no I/O. The identity service (``gateway/identity_service.py``) stores codes and links; the
guard (``gateway/guard.py``) reads the metadata.

* :func:`new_link_code` — ``secrets.token_urlsafe`` of 24 bytes (192 bits, 32 characters), shown once,
  stored only as its SHA-256 (:func:`code_hash`: a code this random needs no slow hash), valid
  ``LINK_CODE_TTL`` and for one use.
* :func:`check_link_request` — LinkTelegram's fields, bounded: the code's length and alphabet, positive
  ids, a short language tag.
* :func:`telegram_user_of` — the ``x-rondo-telegram-user`` metadata: a positive decimal id, or None.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from gateway.domain.identity import Account, Principal, Role
from rondo_runtime.errors import InvalidArgument, PermissionDenied
from rondo_runtime.validation import Violations

LINK_CODE_TTL = timedelta(minutes=10)
LINK_CODE_BYTES = 24  # 192 random bits: 32 URL-safe characters
MIN_CODE_LENGTH, MAX_CODE_LENGTH = 16, 64  # what LinkTelegram accepts (the contract: 16-64 characters)
MAX_LANGUAGE_LENGTH = 16  # an IETF tag as Telegram sends it ("ru", "en", "pt-br")
MAX_TELEGRAM_ID = 2**63 - 1  # an int64, as the contract says
TELEGRAM_USER_HEADER = "x-rondo-telegram-user"
MAX_HEADER_LENGTH = 20  # digits of the largest int64 and a little slack
_CODE = re.compile(r"[A-Za-z0-9_-]+")
_LANGUAGE = re.compile(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*")


@dataclass(frozen=True)
class LinkCode:
    """An account's current link code (at most one), by its hash; ``used_at`` once it linked."""

    account_id: str
    code_hash: str
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None

    def usable(self, now: datetime) -> bool:
        return self.used_at is None and now < self.expires_at


@dataclass(frozen=True)
class TelegramLink:
    """An account linked to a Telegram user (one each way), the chat the bot writes to and the language."""

    account_id: str
    telegram_user_id: int
    chat_id: int
    language: str
    linked_at: datetime


def new_link_code() -> str:
    return secrets.token_urlsafe(LINK_CODE_BYTES)


def code_hash(code: str) -> str:
    """What is stored of a code: its SHA-256, hex (a 192-bit random code cannot be guessed from it)."""
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def link_code(account_id: str, code: str, now: datetime) -> LinkCode:
    return LinkCode(account_id, code_hash(code), now, now + LINK_CODE_TTL)


def deep_link(bot_username: str | None, code: str) -> str:
    """``https://t.me/<bot>?start=<code>``; "" when the gateway does not know the bot's name."""
    return f"https://t.me/{bot_username}?start={code}" if bot_username else ""


def check_link_request(code: object, telegram_user_id: object, chat_id: object, language: object) -> tuple[str, str]:
    """LinkTelegram's fields: the code (``MIN_CODE_LENGTH``-``MAX_CODE_LENGTH`` URL-safe characters),
    positive ids, a short language tag (empty allowed: the bot's default); INVALID_ARGUMENT naming each
    field otherwise. Answers the code and the language, lower-cased."""
    v = Violations()
    text = code.strip() if isinstance(code, str) else ""
    if not text:
        v.add("code", "is required", "FIELD_REQUIRED")
    elif not MIN_CODE_LENGTH <= len(text) <= MAX_CODE_LENGTH or _CODE.fullmatch(text) is None:
        v.add("code", "must be 16-64 URL-safe characters (letters, digits, '-', '_')", "LINK_CODE_MALFORMED")
    for name, value in (("telegram_user_id", telegram_user_id), ("chat_id", chat_id)):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= MAX_TELEGRAM_ID:
            v.add(name, "must be a positive Telegram id", "TELEGRAM_ID_INVALID")
    tag = language.strip() if isinstance(language, str) else ""
    if tag and (len(tag) > MAX_LANGUAGE_LENGTH or _LANGUAGE.fullmatch(tag) is None):
        v.add(
            "language",
            "must be a language tag like 'ru' or 'en' (at most 16 characters)",
            "LANGUAGE_TAG_INVALID",
        )
    v.raise_if_any()
    return text, tag.lower()


def check_telegram_user_id(value: object, field_name: str = "telegram_user_id") -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= MAX_TELEGRAM_ID:
        raise InvalidArgument.at(field_name, "TELEGRAM_ID_INVALID")
    return value


def telegram_user_of(metadata: Iterable[tuple[str, str | bytes]] | None) -> int | None:
    """The Telegram user the bot acts for (the first ``x-rondo-telegram-user`` metadata entry): None
    without one; INVALID_ARGUMENT naming the metadata when it is not a positive decimal int64."""
    for key, value in metadata or ():
        if key.lower() != TELEGRAM_USER_HEADER:
            continue
        text = value.decode("latin-1") if isinstance(value, bytes) else str(value)
        text = text.strip()
        if not text or len(text) > MAX_HEADER_LENGTH or not text.isascii() or not text.isdigit():
            raise InvalidArgument.at(TELEGRAM_USER_HEADER, "TELEGRAM_USER_METADATA_INVALID")
        number = int(text)
        if not 0 < number <= MAX_TELEGRAM_ID:
            raise InvalidArgument.at(TELEGRAM_USER_HEADER, "TELEGRAM_USER_METADATA_INVALID")
        return number
    return None


def acting_for(bot: Principal, account: Account | None) -> Principal:
    """The principal of a call the bot makes for the Telegram user linked to ``account``: the player's,
    with their league players (so their own checks apply exactly as if they called), marked ``via`` the
    bot. PERMISSION_DENIED for a caller that is not a bot, and for an unlinked Telegram user or a
    disabled account (its link stops working)."""
    if bot.role != Role.BOT:
        raise PermissionDenied.because("ONLY_A_BOT_ACTS_FOR_TELEGRAM_USERS")
    if account is None or account.disabled or account.role != Role.PLAYER:
        raise PermissionDenied.because("TELEGRAM_NOT_LINKED")
    return Principal(account.id, account.name, account.role, account.links, bot.token_id, bot.expires_at, via=bot.name)
