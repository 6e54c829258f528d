"""Loads and stores identity: accounts, player links, revoked tokens, login attempts, the audit log and
the generated signing key (the gateway's tables in ``gateway/adapters/tables.py``). Nothing is deleted:
an account is disabled, a password hash replaced by a new one, a token revoked by a new row."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import delete, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from gateway.adapters.tables import (
    AccountRow,
    AuditRow,
    LoginAttemptRow,
    LoginThrottleRow,
    MyCalendarTokenRow,
    PlayerLinkRow,
    RevokedTokenRow,
    SigningKeyRow,
    TelegramLinkCodeRow,
    TelegramLinkRow,
)
from gateway.domain.identity import Account, AuditEntry, LoginAttempt, PlayerLink, Role, ThrottleState
from gateway.domain.telegram import LinkCode, TelegramLink


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class IdentityRepository:
    def __init__(self, session: Session):
        self.session = session

    # --- accounts ---
    def _links(self, account_ids: Sequence[str]) -> dict[str, tuple[PlayerLink, ...]]:
        if not account_ids:
            return {}
        rows = self.session.exec(
            select(PlayerLinkRow).where(col(PlayerLinkRow.account_id).in_(list(account_ids))).order_by(col(PlayerLinkRow.id))
        ).all()
        out: dict[str, list[PlayerLink]] = {}
        for row in rows:
            out.setdefault(row.account_id, []).append(PlayerLink(row.competition_id, row.player_id))
        return {k: tuple(v) for k, v in out.items()}

    def _accounts(self, rows: Sequence[AccountRow]) -> list[Account]:
        links = self._links([r.id for r in rows])
        return [
            Account(
                r.id,
                r.name,
                Role(r.role),
                _utc(r.created_at),
                r.created_by,
                r.disabled,
                r.token_version,
                links.get(r.id, ()),
            )
            for r in rows
        ]

    def account(self, account_id: str) -> Account | None:
        row = self.session.get(AccountRow, account_id)
        return None if row is None else self._accounts([row])[0]

    def accounts_with_ids(self, account_ids: Sequence[str]) -> dict[str, Account]:
        """The accounts of ``account_ids`` that exist, by id (one query, their links in another)."""
        if not account_ids:
            return {}
        rows = self.session.exec(select(AccountRow).where(col(AccountRow.id).in_(list(account_ids)))).all()
        return {account.id: account for account in self._accounts(rows)}

    def account_by_name(self, name_key: str) -> tuple[Account, str | None] | None:
        """The account with this case-folded name and its password hash (None for a bot)."""
        row = self.session.exec(select(AccountRow).where(AccountRow.name_key == name_key)).first()
        return None if row is None else (self._accounts([row])[0], row.password_hash)

    def account_names(self) -> list[str]:
        """Every account's name (disabled ones too): what a new name must not look like."""
        return list(self.session.exec(select(AccountRow.name).order_by(col(AccountRow.name_key))).all())

    def name_taken(self, name_key: str) -> bool:
        return self.session.exec(select(AccountRow.id).where(AccountRow.name_key == name_key)).first() is not None

    def add_account(self, account: Account, password_hash: str | None) -> None:
        self.session.add(
            AccountRow(
                id=account.id,
                name=account.name,
                name_key=account.name_key,
                role=account.role.value,
                password_hash=password_hash,
                created_at=account.created_at,
                created_by=account.created_by,
                disabled=account.disabled,
                token_version=account.token_version,
            )
        )

    def set_password_hash(self, account_id: str, password_hash: str | None) -> None:
        row = self.session.get(AccountRow, account_id)
        if row is not None:
            row.password_hash = password_hash
            self.session.add(row)

    def bump_token_version(self, account_id: str) -> int:
        """Every token issued so far for the account stops working; answers the new version."""
        row = self.session.get(AccountRow, account_id)
        if row is None:
            return 0
        row.token_version += 1
        self.session.add(row)
        return row.token_version

    def disable(self, account_id: str, at: datetime) -> None:
        row = self.session.get(AccountRow, account_id)
        if row is not None and not row.disabled:
            row.disabled, row.disabled_at = True, at
            self.session.add(row)

    def accounts(self, role: Role | None, include_disabled: bool, after_name_key: str, limit: int) -> list[Account]:
        """By case-folded name, those after ``after_name_key`` (a page), at most ``limit``."""
        query = select(AccountRow).where(col(AccountRow.name_key) > after_name_key)
        if role is not None:
            query = query.where(AccountRow.role == role.value)
        if not include_disabled:
            query = query.where(col(AccountRow.disabled).is_(False))
        return self._accounts(self.session.exec(query.order_by(col(AccountRow.name_key)).limit(limit)).all())

    # --- player links ---
    def account_of_player(self, player_id: str) -> str | None:
        row = self.session.exec(select(PlayerLinkRow).where(PlayerLinkRow.player_id == player_id)).first()
        return None if row is None else row.account_id

    def add_link(self, account_id: str, link: PlayerLink, at: datetime, by: str) -> None:
        self.session.add(
            PlayerLinkRow(
                account_id=account_id, competition_id=link.competition_id, player_id=link.player_id, linked_at=at, linked_by=by
            )
        )

    # --- tokens ---
    def revoke_token(self, jti: str, account_id: str, until: datetime, at: datetime) -> None:
        if self.session.get(RevokedTokenRow, jti) is None:
            self.session.add(RevokedTokenRow(jti=jti, account_id=account_id, until=until, revoked_at=at))

    def revoked_token_ids(self, account_id: str, now: datetime) -> frozenset[str]:
        """The account's revoked tokens that have not expired yet (older ones die by themselves)."""
        rows = self.session.exec(
            select(RevokedTokenRow.jti).where(RevokedTokenRow.account_id == account_id, col(RevokedTokenRow.until) > now)
        ).all()
        return frozenset(rows)

    def signing_key(self, name: str) -> str | None:
        row = self.session.get(SigningKeyRow, name)
        return None if row is None else row.secret

    def add_signing_key(self, name: str, secret: str, at: datetime) -> None:
        self.session.add(SigningKeyRow(name=name, secret=secret, created_at=at))

    def remove_signing_key(self, name: str) -> None:
        """The key moved out of the database (to the key file of an embedded gateway)."""
        row = self.session.get(SigningKeyRow, name)
        if row is not None:
            self.session.delete(row)

    # --- login attempts ---
    def _attempts(self, column, value: str, since: datetime) -> list[LoginAttempt]:
        rows = self.session.exec(
            select(LoginAttemptRow).where(column == value, col(LoginAttemptRow.at) > since).order_by(col(LoginAttemptRow.id))
        ).all()
        return [LoginAttempt(_utc(r.at), r.success) for r in rows]

    def attempts_by_name(self, name_key: str, since: datetime) -> list[LoginAttempt]:
        return self._attempts(LoginAttemptRow.name_key, name_key, since)

    def attempts_by_peer(self, peer: str, since: datetime) -> list[LoginAttempt]:
        return self._attempts(LoginAttemptRow.peer, peer, since)

    def add_attempt(self, name_key: str, peer: str, at: datetime, success: bool, account_id: str | None) -> None:
        self.session.add(LoginAttemptRow(name_key=name_key, peer=peer, at=at, success=success, account_id=account_id))

    # --- login throttling (counted atomically) ---
    def lock_throttle(self, keys: Sequence[str]) -> dict[str, ThrottleState]:
        """The throttle rows of ``keys``, made when missing and locked until the transaction ends
        (PostgreSQL: SELECT ... FOR UPDATE; SQLite: the write transaction, BEGIN IMMEDIATE, serializes)."""
        dialect = self.session.get_bind().dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        for key in sorted(keys):  # one order: two attempts never wait for each other's rows crosswise
            self.session.execute(insert(LoginThrottleRow).values(key=key, failures=0).on_conflict_do_nothing())
        rows = self.session.exec(
            select(LoginThrottleRow).where(col(LoginThrottleRow.key).in_(list(keys))).with_for_update()
        ).all()
        return {
            r.key: ThrottleState(
                r.failures,
                _utc(r.last_failure_at) if r.last_failure_at else None,
                _utc(r.next_allowed_at) if r.next_allowed_at else None,
            )
            for r in rows
        }

    def save_throttle(self, key: str, state: ThrottleState) -> None:
        row = self.session.get(LoginThrottleRow, key)
        if row is None:
            row = LoginThrottleRow(key=key)
        row.failures, row.last_failure_at, row.next_allowed_at = state.failures, state.last_failure_at, state.next_allowed_at
        self.session.add(row)

    # --- the audit log ---
    def add_audit(self, entry: AuditEntry) -> int:
        row = AuditRow(
            at=entry.at,
            account_id=entry.account_id,
            account_name=entry.account_name,
            role=entry.role.value,
            rpc=entry.rpc,
            summary=entry.summary,
            reason=entry.reason,
            outcome=entry.outcome,
            via=entry.via,
        )
        self.session.add(row)
        self.session.flush()
        assert row.id is not None
        return row.id

    def set_audit_outcome(self, entry_id: int, outcome: str) -> None:
        row = self.session.get(AuditRow, entry_id)
        if row is not None:
            row.outcome = outcome
            self.session.add(row)

    def audit_entries(self, account_id: str, before_id: int, limit: int) -> list[AuditEntry]:
        """Newest first; ``before_id`` > 0: only older entries (a page); ``account_id``: only theirs."""
        query = select(AuditRow)
        if account_id:
            query = query.where(AuditRow.account_id == account_id)
        if before_id > 0:
            query = query.where(col(AuditRow.id) < before_id)
        rows = self.session.exec(query.order_by(col(AuditRow.id).desc()).limit(limit)).all()
        return [
            AuditEntry(
                r.id or 0, _utc(r.at), r.account_id, r.account_name, Role(r.role), r.rpc, r.summary, r.reason, r.outcome, r.via
            )
            for r in rows
        ]

    # --- Telegram links (docs/rules.md access.telegram.link-one-time-code) ---
    def _insert(self):
        return postgresql.insert if self.session.get_bind().dialect.name == "postgresql" else sqlite.insert

    def put_link_code(self, code: LinkCode) -> None:
        """The account's link code, replacing its previous one (used or not)."""
        values = dict(
            account_id=code.account_id,
            code_hash=code.code_hash,
            created_at=code.created_at,
            expires_at=code.expires_at,
            used_at=None,
        )
        statement = self._insert()(TelegramLinkCodeRow).values(**values)
        self.session.execute(
            statement.on_conflict_do_update(
                index_elements=["account_id"],
                set_={k: statement.excluded[k] for k in ("code_hash", "created_at", "expires_at", "used_at")},
            )
        )

    def link_code(self, account_id: str) -> LinkCode | None:
        row = self.session.get(TelegramLinkCodeRow, account_id)
        if row is None:
            return None
        used = _utc(row.used_at) if row.used_at else None
        return LinkCode(row.account_id, row.code_hash, _utc(row.created_at), _utc(row.expires_at), used)

    def use_link_code(self, code_hash: str, now: datetime) -> str | None:
        """Marks the unused, unexpired code used and answers its account; None when there is no such
        code. One conditional UPDATE: of two concurrent uses exactly one changes the row (PostgreSQL
        re-checks the condition after the winner commits; SQLite's write transactions are serial)."""
        account_id = self.session.exec(
            select(TelegramLinkCodeRow.account_id).where(TelegramLinkCodeRow.code_hash == code_hash)
        ).first()
        if account_id is None:
            return None
        done = self.session.execute(
            update(TelegramLinkCodeRow)
            .where(
                col(TelegramLinkCodeRow.code_hash) == code_hash,
                col(TelegramLinkCodeRow.used_at).is_(None),
                col(TelegramLinkCodeRow.expires_at) > now,
            )
            .values(used_at=now)
        )
        return account_id if done.rowcount == 1 else None  # type: ignore[attr-defined]

    def _telegram_link(self, row: TelegramLinkRow) -> TelegramLink:
        return TelegramLink(row.account_id, row.telegram_user_id, row.chat_id, row.language, _utc(row.linked_at))

    def put_telegram_link(self, link: TelegramLink) -> None:
        """The link, replacing the account's older link and the Telegram user's older one."""
        self.session.execute(
            delete(TelegramLinkRow).where(
                (col(TelegramLinkRow.account_id) == link.account_id)
                | (col(TelegramLinkRow.telegram_user_id) == link.telegram_user_id)
            )
        )
        self.session.add(
            TelegramLinkRow(
                telegram_user_id=link.telegram_user_id,
                account_id=link.account_id,
                chat_id=link.chat_id,
                language=link.language,
                linked_at=link.linked_at,
            )
        )
        self.session.flush()

    def telegram_link_of_user(self, telegram_user_id: int) -> TelegramLink | None:
        row = self.session.exec(select(TelegramLinkRow).where(TelegramLinkRow.telegram_user_id == telegram_user_id)).first()
        return None if row is None else self._telegram_link(row)

    def telegram_link_of_account(self, account_id: str) -> TelegramLink | None:
        row = self.session.exec(select(TelegramLinkRow).where(TelegramLinkRow.account_id == account_id)).first()
        return None if row is None else self._telegram_link(row)

    def remove_telegram_link(self, telegram_user_id: int) -> None:
        self.session.execute(delete(TelegramLinkRow).where(col(TelegramLinkRow.telegram_user_id) == telegram_user_id))

    def telegram_links(self, after_id: int, limit: int) -> list[tuple[int, TelegramLink]]:
        """Oldest first (the order they were made in), those after ``after_id`` (a page), of enabled
        accounts only (a disabled account's link stops working), at most ``limit``; each with its id."""
        query = (
            select(TelegramLinkRow)
            .join(AccountRow, col(AccountRow.id) == col(TelegramLinkRow.account_id))
            .where(col(AccountRow.disabled).is_(False), col(TelegramLinkRow.id) > after_id)
        )
        rows = self.session.exec(query.order_by(col(TelegramLinkRow.id)).limit(limit)).all()
        return [(r.id or 0, self._telegram_link(r)) for r in rows]

    # --- a player's own iCalendar feed (docs/rules.md schedule.calendar.player-feed-own-meetings) ---
    def put_my_calendar_token(self, account_id: str, token_hash: str, at: datetime) -> None:
        """The account's feed token, replacing its previous one (which stops working)."""
        statement = self._insert()(MyCalendarTokenRow).values(account_id=account_id, token_hash=token_hash, created_at=at)
        self.session.execute(
            statement.on_conflict_do_update(
                index_elements=["account_id"],
                set_={k: statement.excluded[k] for k in ("token_hash", "created_at")},
            )
        )

    def account_of_calendar_token(self, token_hash: str) -> str | None:
        return self.session.exec(select(MyCalendarTokenRow.account_id).where(MyCalendarTokenRow.token_hash == token_hash)).first()
