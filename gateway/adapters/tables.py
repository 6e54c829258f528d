"""The gateway's own small database: the event log that bots follow (draws proposed and published), the
idempotency keys of the draw workflow, and identity: accounts, their links to league players, revoked
tokens, login attempts, the audit log and the generated token signing key."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Column, DateTime, Index, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class GatewayTable(SQLModel, registry=registry()):
    """Base of the gateway's tables: its own metadata."""


metadata = GatewayTable.metadata


class EventRow(GatewayTable, table=True):
    __tablename__ = "events"
    __table_args__ = (
        Index("ix_events_competition", "competition_id"),
        UniqueConstraint("once_key", name="uq_events_once_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=64)
    competition_id: str = Field(max_length=36)
    subject_id: str = Field(max_length=36)
    payload: str = Field(default="{}", sa_type=Text)
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    # an event appended at most once (``EventLog.append_once``: one `reminder.due` per reminder, whatever
    # restarts or replicas); empty for the others (migration 0003)
    once_key: str | None = Field(default=None, sa_column=Column(String(100), nullable=True))


class IdempotencyKeyRow(GatewayTable, table=True):
    """One idempotency key of a gateway use case (``DrawCompetition``, ``Redraw``): its scope (sha256 of
    caller, method and key; ``rondo_runtime.idempotency``), the first request's fingerprint, and — once
    that request is done — the draw it made and its answer. ``completed_at`` is empty while the first
    request is still running: a concurrent retry waits for it instead of drawing a second time."""

    __tablename__ = "idempotency_keys"

    scope: str = Field(primary_key=True, max_length=64)
    fingerprint: str = Field(max_length=64)
    resource_id: str | None = Field(default=None, max_length=64)
    response: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    completed_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


# ---- identity (gateway/identity_service.py; docs/architecture.md "Identity and roles") ----


class AccountRow(GatewayTable, table=True):
    """An account: organizer, judge, player or bot. Never deleted: disabled instead. ``name_key`` is the
    case-folded name (``rondo_runtime.text.name_key``), unique. ``password_hash`` is an argon2id hash
    (PHC string), empty for a bot. ``token_version`` is in every token issued: bumping it kills them."""

    __tablename__ = "accounts"

    id: str = Field(primary_key=True, max_length=36)
    name: str = Field(max_length=100)
    name_key: str = Field(max_length=200, unique=True)
    role: str = Field(max_length=16)
    password_hash: str | None = Field(default=None, sa_type=Text, nullable=True)
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    created_by: str = Field(max_length=64)
    disabled: bool = Field(default=False)
    disabled_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    token_version: int = Field(default=1)


class PlayerLinkRow(GatewayTable, table=True):
    """A league player an account plays as (one account per player)."""

    __tablename__ = "player_links"
    __table_args__ = (Index("ix_player_links_account", "account_id"),)

    id: int | None = Field(default=None, primary_key=True)
    account_id: str = Field(max_length=36, foreign_key="accounts.id")
    competition_id: str = Field(max_length=64)
    player_id: str = Field(max_length=64, unique=True)
    linked_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    linked_by: str = Field(max_length=64)


class RevokedTokenRow(GatewayTable, table=True):
    """A token revoked by Logout (its ``jti``), refused until it would have expired anyway (``until``)."""

    __tablename__ = "revoked_tokens"
    __table_args__ = (Index("ix_revoked_tokens_account", "account_id"),)

    jti: str = Field(primary_key=True, max_length=64)
    account_id: str = Field(max_length=36)
    until: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    revoked_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


class LoginAttemptRow(GatewayTable, table=True):
    """Every login attempt, by case-folded name and by peer host (what the throttle counts)."""

    __tablename__ = "login_attempts"
    __table_args__ = (Index("ix_login_attempts_name", "name_key", "at"), Index("ix_login_attempts_peer", "peer", "at"))

    id: int | None = Field(default=None, primary_key=True)
    name_key: str = Field(max_length=200)
    peer: str = Field(max_length=64)
    at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    success: bool
    account_id: str | None = Field(default=None, max_length=36)


class AuditRow(GatewayTable, table=True):
    """One organizer or judge action: who (account, name, role), what (the RPC and a bounded summary of
    the request without secrets or intervals), when, why (its reason field) and how it ended."""

    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_account", "account_id"),)

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    account_id: str = Field(max_length=36)
    account_name: str = Field(max_length=100)
    role: str = Field(max_length=16)
    rpc: str = Field(max_length=64)
    summary: str = Field(default="", sa_type=Text)
    reason: str = Field(default="", sa_type=Text)
    outcome: str = Field(max_length=32)
    # the bot account's name when a bot made the call for a linked player (migration 0007); "" otherwise
    via: str = Field(default="", max_length=100)


class SigningKeyRow(GatewayTable, table=True):
    """The token signing key generated when RONDO_TOKEN_SECRET is unset (one row, ``name`` "tokens"):
    shared by every gateway replica on the database, and kept across restarts."""

    __tablename__ = "signing_keys"

    name: str = Field(primary_key=True, max_length=32)
    secret: str = Field(max_length=128)
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


class ResourceAccessRow(GatewayTable, table=True):
    """Who holds a club or a competition (docs/rules.md access.organizers.scoped): its owner, the organizer
    who created it (``owner`` true, one per resource), and the organizers the owner granted access to.
    Nothing is deleted: a revoked grant keeps its row with ``revoked_at`` set; granting again clears it."""

    __tablename__ = "resource_access"
    __table_args__ = (
        UniqueConstraint("kind", "resource_id", "account_id", name="uq_resource_access"),
        Index("ix_resource_access_resource", "kind", "resource_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=16)
    resource_id: str = Field(max_length=64)
    account_id: str = Field(max_length=36)
    owner: bool = Field(default=False)
    granted_by: str = Field(max_length=64)
    granted_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    revoked_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    revoked_by: str | None = Field(default=None, max_length=64)


class LoginThrottleRow(GatewayTable, table=True):
    """Failed logins counted per (account name, address) — key ``account:<name_key> <peer>`` — and per
    address — ``peer:<peer>``: how many in a row, the last, and when the next attempt is allowed. The
    row is locked while an attempt is admitted, so parallel guesses are counted one by one."""

    __tablename__ = "login_throttle"

    key: str = Field(primary_key=True, max_length=300)
    failures: int = Field(default=0)
    last_failure_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    next_allowed_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class TelegramLinkCodeRow(GatewayTable, table=True):
    """An account's current Telegram link code (one per account: a new one replaces it), stored only as
    its SHA-256; ``used_at`` once it linked (docs/rules.md access.telegram.link-one-time-code)."""

    __tablename__ = "telegram_link_codes"

    account_id: str = Field(primary_key=True, max_length=36, foreign_key="accounts.id")
    code_hash: str = Field(max_length=64, unique=True)
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    expires_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    used_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class TelegramLinkRow(GatewayTable, table=True):
    """An account linked to a Telegram user: one Telegram user per account and one account per Telegram
    user (both unique); the chat the bot writes to and the user's language. Unlinking deletes the row
    (the bot forgets the Telegram user)."""

    __tablename__ = "telegram_links"

    id: int | None = Field(default=None, primary_key=True)  # the order links were made in (pages resume after one)
    telegram_user_id: int = Field(sa_column=Column(BigInteger, nullable=False, unique=True))
    account_id: str = Field(max_length=36, foreign_key="accounts.id", unique=True)
    chat_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    language: str = Field(default="", max_length=16)
    linked_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


class MyCalendarTokenRow(GatewayTable, table=True):
    """A player's own iCalendar feed token (``RotateMyCalendarToken``): only its SHA-256, one per account;
    a new one replaces the old (docs/rules.md schedule.calendar.player-feed-own-meetings)."""

    __tablename__ = "my_calendar_tokens"

    account_id: str = Field(primary_key=True, max_length=36, foreign_key="accounts.id")
    token_hash: str = Field(max_length=64, unique=True)
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
