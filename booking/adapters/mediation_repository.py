"""Loads and stores Up&Down mediation (docs/rules.md updown.mediation.*, updown.timeout.*): stage
calendars, mediations (one per game: a unique constraint) and time-outs."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, datetime, time
from typing import Any, TypeVar

from sqlalchemy import or_
from sqlmodel import Session, col, select

from booking.adapters.repository import _utc
from booking.adapters.tables import IdempotencyKeyRow, MediationCalendarRow, MediationRow, MediationTimeoutRow
from booking.domain.mediation import Decision, Division, Mediation, MediationStatus, StageCalendar, Timeout
from rondo_runtime import paging
from rondo_runtime.idempotency import IdempotencyRecords


class MediationRepository(IdempotencyRecords):
    _key_row = IdempotencyKeyRow

    def __init__(self, session: Session):
        self.session = session

    # --- stage calendars ---
    def calendar(self, competition_id: str, stage: int) -> StageCalendar | None:
        row = self.session.get(MediationCalendarRow, (competition_id, stage))
        if row is None:
            return None
        return StageCalendar(
            competition_id=row.competition_id,
            stage=row.stage,
            division=Division(row.division),
            starts_on=row.starts_on,
            ends_on=row.ends_on,
            second_round_starts_on=row.second_round_starts_on,
            fixed_schedule=row.fixed_schedule,
        )

    def set_calendar(self, calendar: StageCalendar, at: datetime) -> None:
        values: dict[str, Any] = {
            "competition_id": calendar.competition_id,
            "stage": calendar.stage,
            "division": calendar.division.value,
            "starts_on": calendar.starts_on,
            "ends_on": calendar.ends_on,
            "second_round_starts_on": calendar.second_round_starts_on,
            "fixed_schedule": calendar.fixed_schedule,
            "updated_at": _utc(at),
        }
        row = self.session.get(MediationCalendarRow, (calendar.competition_id, calendar.stage))
        self.session.add(_assign(row, values) if row else MediationCalendarRow(**values))

    # --- mediations ---
    def add_mediation(self, m: Mediation) -> None:
        self.session.add(MediationRow(id=m.id, **self._values(m)))
        self.session.flush()  # the unique game constraint answers now, inside the use case

    def update_mediation(self, m: Mediation) -> None:
        row = self.session.get(MediationRow, m.id)
        assert row is not None
        self.session.add(_assign(row, self._values(m)))
        self.session.flush()

    def mediation(self, mediation_id: str, for_update: bool = False) -> Mediation | None:
        row = self.session.get(MediationRow, mediation_id, with_for_update=for_update)
        return None if row is None else self._mediation(row)

    def mediations(self, competition_id: str) -> list[Mediation]:
        """Every mediation of the competition, in the order requested."""
        return self.mediation_page(competition_id, 0, "", None, None)

    def mediation_page(
        self, competition_id: str, stage: int, player_id: str, after: Sequence[Any] | None, limit: int | None
    ) -> list[Mediation]:
        """The competition's mediations (of one ``stage`` unless 0, of one player's games unless ""), by
        request time, then id: at most ``limit`` (None: every one) after the key ``after`` (a keyset page,
        ``rondo_runtime/paging.py``; the index ix_mediations_competition_requested_id)."""
        query = select(MediationRow).where(MediationRow.competition_id == competition_id)
        if stage:
            query = query.where(MediationRow.stage == stage)
        if player_id:
            query = query.where(or_(col(MediationRow.requester_id) == player_id, col(MediationRow.opponent_id) == player_id))
        order = (col(MediationRow.requested_at), col(MediationRow.id))
        return [self._mediation(r) for r in self.session.exec(paging.keyset(query, order, after, limit)).all()]

    def no_show_mediations(self, competition_id: str) -> list[Mediation]:
        """The competition's mediations a player did not come to, in the order requested (what the
        removals due read: ``booking.domain.mediation.removal_due``)."""
        query = select(MediationRow).where(
            MediationRow.competition_id == competition_id, MediationRow.status == MediationStatus.NO_SHOW.value
        )
        rows = self.session.exec(query.order_by(col(MediationRow.requested_at), col(MediationRow.id))).all()
        return [self._mediation(r) for r in rows]

    @staticmethod
    def _values(m: Mediation) -> dict[str, Any]:
        return {
            "competition_id": m.competition_id,
            "stage": m.stage,
            "round": m.round,
            "table_number": m.table,
            "requester_id": m.requester_id,
            "opponent_id": m.opponent_id,
            "requested_at": _utc(m.requested_at),
            "week_starts_on": m.week_starts_on,
            "requester_days": _days(m.requester_days),
            "requester_time": _time(m.requester_time),
            "answer_due_at": _utc(m.answer_due_at),
            "opponent_days": _days(m.opponent_days),
            "opponent_time": _time(m.opponent_time),
            "status": m.status.value,
            "scheduled_at": _utc(m.scheduled_at) if m.scheduled_at else None,
            "decided_by": m.decided_by.value if m.decided_by else None,
            "absent_ids": json.dumps(list(m.absent_ids)),
            "closed_at": _utc(m.closed_at) if m.closed_at else None,
            "recorded_by": m.recorded_by,
        }

    @staticmethod
    def _mediation(row: MediationRow) -> Mediation:
        return Mediation(
            id=row.id,
            competition_id=row.competition_id,
            stage=row.stage,
            round=row.round,
            table=row.table_number,
            requester_id=row.requester_id,
            opponent_id=row.opponent_id,
            requested_at=_utc(row.requested_at),
            week_starts_on=row.week_starts_on,
            requester_days=_parse_days(row.requester_days),
            requester_time=_parse_time(row.requester_time),
            answer_due_at=_utc(row.answer_due_at),
            opponent_days=_parse_days(row.opponent_days),
            opponent_time=_parse_time(row.opponent_time),
            status=MediationStatus(row.status),
            scheduled_at=_utc(row.scheduled_at) if row.scheduled_at else None,
            decided_by=Decision(row.decided_by) if row.decided_by else None,
            absent_ids=tuple(json.loads(row.absent_ids)),
            closed_at=_utc(row.closed_at) if row.closed_at else None,
            recorded_by=row.recorded_by,
        )

    # --- time-outs ---
    def add_timeout(self, t: Timeout) -> None:
        self.session.add(
            MediationTimeoutRow(
                id=t.id,
                competition_id=t.competition_id,
                stage=t.stage,
                player_id=t.player_id,
                starts_on=t.starts_on,
                ends_on=t.ends_on,
                clipped=t.clipped,
                requested_at=_utc(t.requested_at),
            )
        )

    def timeout(self, timeout_id: str) -> Timeout | None:
        row = self.session.get(MediationTimeoutRow, timeout_id)
        return None if row is None else self._timeout(row)

    def timeouts(self, competition_id: str) -> list[Timeout]:
        return self.timeout_page(competition_id, 0, "", None, None)

    def timeout_page(
        self, competition_id: str, stage: int, player_id: str, after: Sequence[Any] | None, limit: int | None
    ) -> list[Timeout]:
        """The competition's time-outs (of one ``stage`` unless 0, of one player unless ""), by first day,
        then id: at most ``limit`` (None: every one) after the key ``after`` (a keyset page; the index
        ix_mediation_timeouts_competition_starts_id)."""
        query = select(MediationTimeoutRow).where(MediationTimeoutRow.competition_id == competition_id)
        if stage:
            query = query.where(MediationTimeoutRow.stage == stage)
        if player_id:
            query = query.where(MediationTimeoutRow.player_id == player_id)
        order = (col(MediationTimeoutRow.starts_on), col(MediationTimeoutRow.id))
        return [self._timeout(r) for r in self.session.exec(paging.keyset(query, order, after, limit)).all()]

    @staticmethod
    def _timeout(row: MediationTimeoutRow) -> Timeout:
        return Timeout(
            id=row.id,
            competition_id=row.competition_id,
            stage=row.stage,
            player_id=row.player_id,
            starts_on=row.starts_on,
            ends_on=row.ends_on,
            requested_at=_utc(row.requested_at),
            clipped=row.clipped,
        )


Row = TypeVar("Row")


def _assign(row: Row, values: dict[str, Any]) -> Row:
    for name, value in values.items():
        setattr(row, name, value)
    return row


def _days(days: tuple[date, ...]) -> str:
    return ",".join(d.isoformat() for d in days)


def _parse_days(value: str) -> tuple[date, ...]:
    return tuple(date.fromisoformat(d) for d in value.split(",") if d)


def _time(value: time | None) -> str | None:
    return None if value is None else f"{value:%H:%M}"


def _parse_time(value: str | None) -> time | None:
    return None if not value else time(int(value[:2]), int(value[3:]))
