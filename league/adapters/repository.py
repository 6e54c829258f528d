"""Loads and stores league domain objects; the only place that knows the league tables."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import func
from sqlmodel import Session, select

from league.adapters.tables import CompetitionRow, DrawRow, DrawSeatRow, PlayerRow
from league.domain.model import (
    Competition,
    Draw,
    DrawStatistics,
    DrawStatus,
    Player,
    PlayerStatus,
    Round,
    normalized_name,
)


def _utc(value: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything is stored in UTC."""
    if value is None:
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",")) if text else ()


def _text(values: tuple[int, ...]) -> str:
    return ",".join(str(int(x)) for x in values)


class LeagueRepository:
    def __init__(self, session: Session):
        self.session = session

    # --- competitions ---
    def add_competition(self, c: Competition, idempotency_key: str | None) -> None:
        self.session.add(
            CompetitionRow(
                id=c.id, name=c.name, ruleset=c.ruleset, rounds=c.rounds, table_size=c.table_size,
                created_at=c.created_at, published_draw_id=c.published_draw_id, idempotency_key=idempotency_key,
            )
        )

    def competition(self, competition_id: str, for_update: bool = False) -> Competition | None:
        """``for_update`` locks the row until commit (PostgreSQL ``FOR UPDATE``; SQLite's
        ``BEGIN IMMEDIATE`` already serializes writers), so numbering within a competition is race-free."""
        query = select(CompetitionRow).where(CompetitionRow.id == competition_id)
        row = self.session.exec(query.with_for_update() if for_update else query).first()
        return self._competition(row) if row else None

    def competition_by_key(self, idempotency_key: str) -> Competition | None:
        row = self.session.exec(select(CompetitionRow).where(CompetitionRow.idempotency_key == idempotency_key)).first()
        return self._competition(row) if row else None

    def set_published_draw(self, competition_id: str, draw_id: str) -> None:
        row = self.session.get(CompetitionRow, competition_id)
        row.published_draw_id = draw_id
        self.session.add(row)

    @staticmethod
    def _competition(row: CompetitionRow) -> Competition:
        return Competition(
            id=row.id, name=row.name, ruleset=row.ruleset, rounds=row.rounds, table_size=row.table_size,
            created_at=_utc(row.created_at), published_draw_id=row.published_draw_id,
        )

    # --- players ---
    def add_player(self, p: Player, idempotency_key: str | None) -> None:
        self.session.add(
            PlayerRow(
                id=p.id, competition_id=p.competition_id, name=p.name, name_key=normalized_name(p.name),
                registration_order=p.registration_order, status=p.status.value, rating=p.rating,
                idempotency_key=idempotency_key,
            )
        )

    def update_player_status(self, p: Player, reason: str) -> None:
        row = self.session.get(PlayerRow, p.id)
        row.status = p.status.value
        row.status_reason = reason
        self.session.add(row)

    def player(self, player_id: str) -> Player | None:
        row = self.session.get(PlayerRow, player_id)
        return self._player(row) if row else None

    def player_by_key(self, competition_id: str, idempotency_key: str) -> Player | None:
        row = self.session.exec(
            select(PlayerRow).where(
                PlayerRow.competition_id == competition_id, PlayerRow.idempotency_key == idempotency_key
            )
        ).first()
        return self._player(row) if row else None

    def players(self, competition_id: str) -> list[Player]:
        rows = self.session.exec(
            select(PlayerRow).where(PlayerRow.competition_id == competition_id).order_by(PlayerRow.registration_order)
        ).all()
        return [self._player(r) for r in rows]

    def next_registration_order(self, competition_id: str) -> int:
        top = self.session.exec(
            select(func.max(PlayerRow.registration_order)).where(PlayerRow.competition_id == competition_id)
        ).one()
        return (top or 0) + 1

    @staticmethod
    def _player(row: PlayerRow) -> Player:
        return Player(
            id=row.id, competition_id=row.competition_id, name=row.name,
            registration_order=row.registration_order, status=PlayerStatus(row.status), rating=row.rating,
        )

    # --- draws ---
    def add_draw(self, d: Draw, idempotency_key: str | None) -> None:
        self.session.add(
            DrawRow(
                id=d.id, competition_id=d.competition_id, version=d.version, status=d.status.value, seed=d.seed,
                objective=_text(d.statistics.objective), lower_bound=_text(d.statistics.lower_bound),
                proven_optimal=d.statistics.proven_optimal, method=d.statistics.method,
                replaces_draw_id=d.replaces_draw_id, played_rounds=d.played_rounds, reason=d.reason,
                players_moved=d.players_moved, created_at=d.created_at, approved_at=d.approved_at,
                idempotency_key=idempotency_key,
            )
        )
        self.session.flush()
        for r, rnd in enumerate(d.rounds):
            for t, table in enumerate(rnd):
                for s, pid in enumerate(table):
                    self.session.add(DrawSeatRow(draw_id=d.id, round=r, player_id=pid, table_number=t, seat=s))

    def update_draw_status(self, d: Draw) -> None:
        row = self.session.get(DrawRow, d.id)
        row.status = d.status.value
        row.approved_at = d.approved_at
        self.session.add(row)

    def next_draw_version(self, competition_id: str) -> int:
        top = self.session.exec(select(func.max(DrawRow.version)).where(DrawRow.competition_id == competition_id)).one()
        return (top or 0) + 1

    def draw(self, draw_id: str) -> Draw | None:
        row = self.session.get(DrawRow, draw_id)
        return self._draw(row) if row else None

    def draw_by_key(self, competition_id: str, idempotency_key: str) -> Draw | None:
        row = self.session.exec(
            select(DrawRow).where(DrawRow.competition_id == competition_id, DrawRow.idempotency_key == idempotency_key)
        ).first()
        return self._draw(row) if row else None

    def draws(self, competition_id: str) -> list[Draw]:
        rows = self.session.exec(
            select(DrawRow).where(DrawRow.competition_id == competition_id).order_by(DrawRow.version)
        ).all()
        return [self._draw(r) for r in rows]

    def _draw(self, row: DrawRow) -> Draw:
        seats = self.session.exec(
            select(DrawSeatRow)
            .where(DrawSeatRow.draw_id == row.id)
            .order_by(DrawSeatRow.round, DrawSeatRow.table_number, DrawSeatRow.seat)
        ).all()
        layout: dict[int, dict[int, list[str]]] = {}
        for seat in seats:
            layout.setdefault(seat.round, {}).setdefault(seat.table_number, []).append(seat.player_id)
        rounds: tuple[Round, ...] = tuple(
            tuple(tuple(layout[r][t]) for t in sorted(layout[r])) for r in sorted(layout)
        )
        return Draw(
            id=row.id, competition_id=row.competition_id, version=row.version, status=DrawStatus(row.status),
            seed=row.seed, rounds=rounds,
            statistics=DrawStatistics(
                objective=_ints(row.objective), lower_bound=_ints(row.lower_bound),
                proven_optimal=row.proven_optimal, method=row.method,
            ),
            created_at=_utc(row.created_at), replaces_draw_id=row.replaces_draw_id,
            played_rounds=row.played_rounds, reason=row.reason, players_moved=row.players_moved,
            approved_at=_utc(row.approved_at),
        )
