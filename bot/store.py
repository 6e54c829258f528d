"""The bot's own database (SQLite by default, PostgreSQL works): the event cursor, every message it
set out to send, and the buttons it showed.

Delivery is **at most once** per (key, chat): a message is claimed (a row inserted under a unique
primary key and committed) *before* it is sent, and marked sent afterwards. A key is an event's
("event:<id>") or, for what several events may cause (the standings after a round), the fact's own.
After a crash between the claim and the send the row stays ``sending`` and is never sent again: a
player may miss one message, never gets one twice. Everything else is replayed safely from the
cursor, which moves only after an event's messages were all claimed and tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import BigInteger, Column, String
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import registry
from sqlmodel import Field, Session, SQLModel, select

from rondo_runtime.db import make_engine, run_migrations

SENDING, SENT, FAILED = "sending", "sent", "failed"
CURSOR = "events"
#: The bot's Alembic migrations, and the version table they keep (its own name: the bot's database
#: may be one a service uses too).
MIGRATIONS = str(Path(__file__).parent / "migrations")
VERSION_TABLE = "bot_alembic_version"


class _Table(SQLModel, registry=registry()):
    """The bot's tables only (its own metadata: nothing else is created in its database)."""


#: The bot's tables (what its migrations must equal).
metadata = _Table.metadata


class Cursor(_Table, table=True):
    __tablename__ = "bot_cursor"
    name: str = Field(primary_key=True, max_length=32)
    after: int = Field(default=0, sa_column_kwargs={"nullable": False})


class Delivery(_Table, table=True):
    __tablename__ = "bot_delivery"
    key: str = Field(sa_column=Column(String(200), primary_key=True))
    chat_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    state: str = Field(max_length=16)
    message_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    error: str = Field(default="", max_length=200)
    at: datetime


class Button(_Table, table=True):
    __tablename__ = "bot_button"
    id: int | None = Field(default=None, primary_key=True)
    telegram_user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    chat_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    action: str = Field(max_length=32)
    competition_id: str = Field(max_length=100)
    match_key: str = Field(default="", max_length=200)
    target_id: str = Field(max_length=100)
    player_id: str = Field(max_length=100)
    language: str = Field(default="en", max_length=8)
    message_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    outcome: str = Field(default="", max_length=1000)


@dataclass(frozen=True)
class ButtonSpec:
    """What a button does, for whom: ``action`` is "confirm_meeting", "confirm_result" or "dispute_result"."""

    action: str
    competition_id: str
    target_id: str
    player_id: str
    match_key: str = ""


@dataclass(frozen=True)
class Claim:
    """One message to claim: its key and chat, and the buttons it will carry (for whom, in which language)."""

    key: str
    chat_id: int
    telegram_user_id: int
    language: str
    buttons: tuple[ButtonSpec, ...] = ()


class Store:
    def __init__(self, url: str):
        self.engine = make_engine(url)
        run_migrations(self.engine, MIGRATIONS, VERSION_TABLE)

    def close(self) -> None:
        self.engine.dispose()

    # --- the cursor ---
    def cursor(self) -> int:
        with Session(self.engine) as s:
            row = s.get(Cursor, CURSOR)
            return row.after if row else 0

    def set_cursor(self, after: int) -> None:
        with Session(self.engine) as s:
            row = s.get(Cursor, CURSOR) or Cursor(name=CURSOR)
            row.after = max(row.after, after)
            s.add(row)
            s.commit()

    # --- deliveries ---
    def claim(self, key: str, chat_id: int) -> bool:
        """True when this (key, chat) was never claimed: the caller sends it now. False: sent, tried or
        lost already; never again."""
        with Session(self.engine) as s:
            s.add(Delivery(key=key, chat_id=chat_id, state=SENDING, at=datetime.now(UTC)))
            try:
                s.commit()
            except IntegrityError:
                return False
        return True

    def claim_all(self, claims: list[Claim]) -> list[list[int] | None]:
        """``claim`` for an event's messages in one transaction (one commit, not one per message), their
        buttons stored with them: for each, its button ids when it is claimed now, None when it was
        claimed before. Another process claiming at the same time: one by one instead."""
        if not claims:
            return []
        with Session(self.engine) as s:
            seen = {(c.key, c.chat_id) for c in claims if s.get(Delivery, (c.key, c.chat_id)) is not None}
            made: list[list[Button] | None] = []
            now = datetime.now(UTC)
            for c in claims:
                if (c.key, c.chat_id) in seen:
                    made.append(None)
                    continue
                seen.add((c.key, c.chat_id))
                s.add(Delivery(key=c.key, chat_id=c.chat_id, state=SENDING, at=now))
                buttons = [_button(c.telegram_user_id, c.chat_id, spec, c.language) for spec in c.buttons]
                s.add_all(buttons)
                made.append(buttons)
            try:
                s.commit()
            except IntegrityError:
                s.rollback()
                return [self._claim_one(c) for c in claims]
            return [None if buttons is None else [b.id for b in buttons if b.id is not None] for buttons in made]

    def _claim_one(self, c: Claim) -> list[int] | None:
        if not self.claim(c.key, c.chat_id):
            return None
        return [self.add_button(c.telegram_user_id, c.chat_id, spec, c.language) for spec in c.buttons]

    def finish_all(self, results: list[tuple[str, int, int | None, str]]) -> None:
        """``finish`` for several messages (key, chat, message id, error) in one transaction."""
        if not results:
            return
        with Session(self.engine) as s:
            for key, chat_id, message_id, error in results:
                row = s.get(Delivery, (key, chat_id))
                if row is not None:
                    row.state = FAILED if error else SENT
                    row.message_id = message_id
                    row.error = error[:200]
                    s.add(row)
            s.commit()

    def finish(self, key: str, chat_id: int, message_id: int | None, error: str = "") -> None:
        with Session(self.engine) as s:
            row = s.get(Delivery, (key, chat_id))
            if row is None:
                return
            row.state = FAILED if error else SENT
            row.message_id = message_id
            row.error = error[:200]
            s.add(row)
            s.commit()

    def deliveries(self, key_prefix: str = "") -> list[Delivery]:
        with Session(self.engine) as s:
            query = select(Delivery)
            if key_prefix:
                query = query.where(Delivery.key.startswith(key_prefix))
            return list(s.exec(query))

    # --- buttons ---
    def add_button(self, telegram_user_id: int, chat_id: int, spec: ButtonSpec, language: str) -> int:
        with Session(self.engine) as s:
            row = _button(telegram_user_id, chat_id, spec, language)
            s.add(row)
            s.commit()
            assert row.id is not None
            return row.id

    def button(self, button_id: int) -> Button | None:
        with Session(self.engine) as s:
            return s.get(Button, button_id)

    def finish_button(self, button_id: int, outcome: str) -> None:
        with Session(self.engine) as s:
            row = s.get(Button, button_id)
            if row is not None:
                row.outcome = outcome[:1000]
                s.add(row)
                s.commit()


def _button(telegram_user_id: int, chat_id: int, spec: ButtonSpec, language: str) -> Button:
    return Button(
        telegram_user_id=telegram_user_id,
        chat_id=chat_id,
        action=spec.action,
        competition_id=spec.competition_id,
        match_key=spec.match_key,
        target_id=spec.target_id,
        player_id=spec.player_id,
        language=language,
    )
