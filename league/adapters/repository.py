"""Loads and stores league domain objects; the only place that knows the league tables."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, func, inspect, update
from sqlalchemy import select as select_columns
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from league.adapters.tables import (
    CompetitionRow,
    DisqualificationRow,
    DrawRow,
    IdempotencyKeyRow,
    PlayerRow,
    PlayoffDecisionRow,
    RecordReviewRow,
    ResultRecordRow,
    RulesetVersionRow,
    SeedCommitmentRow,
    SolveRecordRow,
    StageRow,
    TieDecisionRow,
)
from league.domain.certificate import SolveRecord
from league.domain.commitment import SeedCommitment
from league.domain.disqualification import PlayerDisqualification
from league.domain.lots import TieDecision, TieMethod
from league.domain.mahjong.playoff_basis import PlayoffDecision, PlayoffDecisionKind
from league.domain.mahjong.reviews import Review, Verdict
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
from league.domain.pinning import RulesetVersion
from league.domain.records import Content, GameEntry, HanchanEntry, NoShowEntry, PenaltyEntry, RecordKind, ResultRecord
from league.domain.stages import Stage, StageStatus
from rondo_runtime import paging
from rondo_runtime.confusables import lookalike_key
from rondo_runtime.idempotency import IdempotencyRecords


def _utc(value: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything is stored in UTC."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",")) if text else ()


def _text(values: tuple[int, ...]) -> str:
    return ",".join(str(int(x)) for x in values)


class LeagueRepository(IdempotencyRecords):
    _key_row = IdempotencyKeyRow  # idempotency_record / add_idempotency_record (rondo_runtime.idempotency)

    def __init__(self, session: Session):
        self.session = session

    # --- competitions ---
    def add_competition(self, c: Competition) -> None:
        self.session.add(
            CompetitionRow(
                id=c.id,
                name=c.name,
                ruleset=c.ruleset,
                rounds=c.rounds,
                table_size=c.table_size,
                created_at=c.created_at,
                published_draw_id=c.published_draw_id,
                registration_closed_at=c.registration_closed_at,
            )
        )

    def competition(self, competition_id: str, for_update: bool = False) -> Competition | None:
        """``for_update`` locks the row until commit (PostgreSQL ``FOR UPDATE``; SQLite's
        ``BEGIN IMMEDIATE`` already serializes writers), so numbering within a competition is race-free."""
        query = select(CompetitionRow).where(CompetitionRow.id == competition_id)
        row = self.session.exec(query.with_for_update() if for_update else query).first()
        return self._competition(row) if row else None

    def close_registration(self, competition_id: str, at: datetime) -> None:
        row = self.session.get_one(CompetitionRow, competition_id)
        row.registration_closed_at = at
        self.session.add(row)

    def competition_page(self, after: tuple[datetime, str] | None, limit: int | None) -> list[Competition]:
        """Oldest first (creation time, then id): at most ``limit`` (None: every one) after the key
        ``after`` (a keyset page: ``rondo_runtime/paging.py``)."""
        order = (col(CompetitionRow.created_at), col(CompetitionRow.id))
        query = select(CompetitionRow).where(paging.after(order, after)).order_by(*order).limit(limit)
        return [self._competition(row) for row in self.session.exec(query)]

    def set_published_draw(self, competition_id: str, draw_id: str) -> None:
        row = self.session.get_one(CompetitionRow, competition_id)
        row.published_draw_id = draw_id
        self.session.add(row)

    @staticmethod
    def _competition(row: CompetitionRow) -> Competition:
        return Competition(
            id=row.id,
            name=row.name,
            ruleset=row.ruleset,
            rounds=row.rounds,
            table_size=row.table_size,
            created_at=_utc(row.created_at),
            published_draw_id=row.published_draw_id,
            registration_closed_at=_utc(row.registration_closed_at) if row.registration_closed_at else None,
        )

    # --- players ---
    def add_player(self, p: Player) -> None:
        self.session.add(
            PlayerRow(
                id=p.id,
                competition_id=p.competition_id,
                name=p.name,
                name_key=normalized_name(p.name),
                lookalike_key=lookalike_key(p.name),
                registration_order=p.registration_order,
                status=p.status.value,
                rating=p.rating,
                title=p.title,
            )
        )

    def update_player_status(self, p: Player, reason: str) -> None:
        row = self.session.get_one(PlayerRow, p.id)
        row.status = p.status.value
        row.status_reason = reason
        self.session.add(row)

    def player(self, player_id: str) -> Player | None:
        row = self.session.get(PlayerRow, player_id)
        return self._player(row) if row else None

    def players(self, competition_id: str) -> list[Player]:
        return self.player_page(competition_id, False, None, None)

    def player_page(self, competition_id: str, active_only: bool, after: paging.Key | None, limit: int | None) -> list[Player]:
        """The competition's players in registration order (``active_only``: those who take part in the
        draws, ``Player.active``): at most ``limit`` (None: every one) after the registration order
        ``after`` (a keyset page, ``rondo_runtime/paging.py``; the index of uq_players_competition_order)."""
        # Plain rows, not ORM objects: saving or approving a draw of 10 000 players reads the roster.
        query = select_columns(*_PLAYER_COLUMNS).where(col(PlayerRow.competition_id) == competition_id)
        if active_only:
            query = query.where(col(PlayerRow.status).in_(_ACTIVE_STATUSES))
        rows = self.session.execute(paging.keyset(query, (col(PlayerRow.registration_order),), after, limit)).all()
        return [self._player(r) for r in rows]

    def seated_main(self, competition_id: str, player_ids: Sequence[str]) -> set[str]:
        """Those of ``player_ids`` who are main participants of the competition, not substitutes (a
        table's few seats: the roster is not read)."""
        if not player_ids:
            return set()
        rows = self.session.execute(
            select_columns(col(PlayerRow.id)).where(
                col(PlayerRow.competition_id) == competition_id,
                col(PlayerRow.id).in_(sorted(set(player_ids))),
                col(PlayerRow.status) != PlayerStatus.SUBSTITUTE.value,
            )
        ).all()
        return {r[0] for r in rows}

    def roster_signature(self, competition_id: str) -> tuple[tuple[str, str, str, int], ...]:
        """Every player's id, status, name and registration order, in registration order, as plain
        tuples: what changes when the roster does (a registration, a withdrawal, a disqualification)."""
        rows = self.session.execute(
            select_columns(*_ROSTER_COLUMNS)
            .where(col(PlayerRow.competition_id) == competition_id)
            .order_by(col(PlayerRow.registration_order))
        ).all()
        return tuple((r[0], r[1], r[2], r[3]) for r in rows)

    def main_player_ids(self, competition_id: str) -> list[str]:
        """The ids of every player but the technical substitutes, in registration order (a record's
        check reads only these, not the whole roster)."""
        rows = self.session.execute(
            select_columns(col(PlayerRow.id))
            .where(col(PlayerRow.competition_id) == competition_id, col(PlayerRow.status) != PlayerStatus.SUBSTITUTE.value)
            .order_by(col(PlayerRow.registration_order))
        ).all()
        return [r[0] for r in rows]

    def player_named(self, competition_id: str, name: str) -> Player | None:
        """The player of the competition whose name compares equal to ``name`` (``normalized_name``),
        found by the stored key: registration does not load the whole roster."""
        row = self.session.exec(
            select(PlayerRow).where(PlayerRow.competition_id == competition_id, PlayerRow.name_key == normalized_name(name))
        ).first()
        return self._player(row) if row else None

    def player_looking_like(self, competition_id: str, name: str) -> Player | None:
        """A player of the competition whose name could be mistaken for ``name`` (the same UTS #39
        key, ``rondo_runtime.confusables.lookalike_key``), found by the stored, indexed key."""
        row = self.session.exec(
            select(PlayerRow)
            .where(PlayerRow.competition_id == competition_id, PlayerRow.lookalike_key == lookalike_key(name))
            .order_by(col(PlayerRow.registration_order))
        ).first()
        return self._player(row) if row else None

    def active_player_count(self, competition_id: str) -> int:
        """Players of the competition who take part in its draws (``Player.active``)."""
        return self.session.exec(
            select(func.count())
            .select_from(PlayerRow)
            .where(PlayerRow.competition_id == competition_id, col(PlayerRow.status).in_(_ACTIVE_STATUSES))
        ).one()

    def next_registration_order(self, competition_id: str) -> int:
        top = self.session.exec(
            select(func.max(PlayerRow.registration_order)).where(PlayerRow.competition_id == competition_id)
        ).one()
        return (top or 0) + 1

    @staticmethod
    def _player(row: PlayerRow | Row[Any]) -> Player:
        return Player(
            id=row.id,
            competition_id=row.competition_id,
            name=row.name,
            registration_order=row.registration_order,
            status=_PLAYER_STATUS[row.status],
            rating=row.rating,
            title=row.title,
        )

    # --- draws anyone can verify (league.domain.commitment, league.domain.certificate) ---
    def add_seed_commitment(self, c: SeedCommitment) -> None:
        self.session.add(
            SeedCommitmentRow(
                competition_id=c.competition_id,
                seed=c.seed,
                nonce=c.nonce,
                commitment=c.commitment,
                committed_by=c.committed_by,
                committed_at=c.committed_at,
            )
        )

    def seed_commitment(self, competition_id: str) -> SeedCommitment | None:
        row = self.session.get(SeedCommitmentRow, competition_id)
        if row is None:
            return None
        return SeedCommitment(row.competition_id, row.seed, row.nonce, row.commitment, _utc(row.committed_at), row.committed_by)

    def add_solve_record(self, draw_id: str, record: SolveRecord) -> None:
        self.session.add(
            SolveRecordRow(
                draw_id=draw_id,
                solver_request=record.solver_request,
                work_budget=record.work_budget,
                work_used=record.work_used,
                reproducible=record.reproducible,
                search_work_used=record.search_work_used,
                cpsat_deterministic_seconds_used=record.cpsat_deterministic_s_used,
            )
        )

    def solve_record(self, draw_id: str) -> SolveRecord | None:
        row = self.session.get(SolveRecordRow, draw_id)
        if row is None:
            return None
        return SolveRecord(
            bytes(row.solver_request),
            row.work_budget,
            row.work_used,
            row.reproducible,
            row.search_work_used,
            row.cpsat_deterministic_seconds_used,
        )

    # --- draws ---
    def add_draw(self, d: Draw) -> None:
        """One row with every seat in its ``seating`` column: the write lock is held for one insert,
        not for 100 000 (issue 7, "Faults end in clear answers")."""
        self.session.add(
            DrawRow(
                id=d.id,
                competition_id=d.competition_id,
                version=d.version,
                status=d.status.value,
                seed=d.seed,
                objective=_text(d.statistics.objective),
                lower_bound=_text(d.statistics.lower_bound),
                proven_optimal=d.statistics.proven_optimal,
                method=d.statistics.method,
                replaces_draw_id=d.replaces_draw_id,
                played_rounds=d.played_rounds,
                reason=d.reason,
                players_moved=d.players_moved,
                created_at=d.created_at,
                approved_at=d.approved_at,
                sitting_out=d.sitting_out,
                seating=_seating_text(d.rounds),
            )
        )

    def update_draw_status(self, d: Draw) -> None:
        """Status and approval time only: the seats are never written again."""
        self.session.execute(
            update(DrawRow).where(col(DrawRow.id) == d.id).values(status=d.status.value, approved_at=d.approved_at)
        )

    def next_draw_version(self, competition_id: str) -> int:
        top = self.session.exec(select(func.max(DrawRow.version)).where(DrawRow.competition_id == competition_id)).one()
        return (top or 0) + 1

    def draw(self, draw_id: str) -> Draw | None:
        row = self.session.execute(select_columns(*_DRAW_COLUMNS, col(DrawRow.seating)).where(col(DrawRow.id) == draw_id)).first()
        return self._draw(row) if row else None

    def draws(self, competition_id: str) -> list[Draw]:
        return self.draw_page(competition_id, None, None)

    def draw_page(self, competition_id: str, after: paging.Key | None, limit: int | None) -> list[Draw]:
        """The competition's draws by version: at most ``limit`` (None: every one) after the version
        ``after`` (a keyset page; the index of uq_draws_competition_version)."""
        query = select_columns(*_DRAW_COLUMNS, col(DrawRow.seating)).where(col(DrawRow.competition_id) == competition_id)
        rows = self.session.execute(paging.keyset(query, (col(DrawRow.version),), after, limit)).all()
        return [self._draw(r) for r in rows]

    def draw_headers(self, competition_id: str) -> list[Draw]:
        """The competition's draws without their seats (``rounds`` empty): status, version and figures,
        for the use cases that do not look at the seating (approving supersedes the other proposals)."""
        rows = self.session.execute(
            select_columns(*_DRAW_COLUMNS).where(col(DrawRow.competition_id) == competition_id).order_by(col(DrawRow.version))
        ).all()
        return [self._draw(r) for r in rows]

    # --- result records (league.domain.records): inserted, never updated or deleted ---
    def add_record(self, r: ResultRecord) -> None:
        self.session.add(
            ResultRecordRow(
                id=r.id,
                competition_id=r.competition_id,
                sequence=r.sequence,
                stage=r.stage,
                round=r.round,
                table_number=r.table,
                kind=r.kind.value,
                content=_content_text(r.content),
                recorded_by=r.recorded_by,
                recorded_at=r.recorded_at,
                replaces_record_id=r.replaces_record_id,
                reason=r.reason,
                reported_by_player_id=r.reported_by_player_id,
            )
        )

    def record(self, record_id: str) -> ResultRecord | None:
        row = self.session.get(ResultRecordRow, record_id)
        return self._record(row) if row else None

    def records(
        self, competition_id: str, round_no: int | None = None, table: int | None = None, stage: int | None = None
    ) -> list[ResultRecord]:
        """The competition's records in the order entered; of one stage when ``stage`` is given, of one
        match of it when ``round_no`` and ``table`` are given too (stage 1 when only they are given)."""
        query = select(ResultRecordRow).where(ResultRecordRow.competition_id == competition_id)
        if round_no is not None and table is not None:
            stage = 1 if stage is None else stage
            query = query.where(ResultRecordRow.round == round_no, ResultRecordRow.table_number == table)
        if stage is not None:
            query = query.where(ResultRecordRow.stage == stage)
        return [self._record(row) for row in self.session.exec(query.order_by(col(ResultRecordRow.sequence))).all()]

    def match_record_page(
        self, competition_id: str, stage: int, round_no: int, table: int, after: paging.Key | None, limit: int | None
    ) -> list[tuple[ResultRecord, str]]:
        """One match's records in the order entered, each with the id of the record that replaces it
        ("" if none): at most ``limit`` (None: every one) after the sequence ``after`` (a keyset page;
        the index ix_result_records_match_sequence, the replacement by uq_result_records_replaces)."""
        later = aliased(ResultRecordRow)
        replaced_by = (
            select_columns(col(later.id)).where(col(later.replaces_record_id) == col(ResultRecordRow.id)).scalar_subquery()
        )
        query = select_columns(ResultRecordRow, replaced_by).where(
            col(ResultRecordRow.competition_id) == competition_id,
            col(ResultRecordRow.stage) == stage,
            col(ResultRecordRow.round) == round_no,
            col(ResultRecordRow.table_number) == table,
        )
        rows = self.session.execute(paging.keyset(query, (col(ResultRecordRow.sequence),), after, limit)).all()
        return [(self._record(row[0]), row[1] or "") for row in rows]

    def match_no_shows(self, competition_id: str, stage: int, round_no: int, table: int) -> list[ResultRecord]:
        """The no-show records of one match and every record that replaces one of them, in the order
        entered (what ``league.domain.mahjong.reviews.no_shows`` reads: a few rows found by the indexes
        ix_result_records_match_kind and uq_result_records_replaces, whatever the match's length)."""
        no_shows = select(ResultRecordRow).where(
            ResultRecordRow.competition_id == competition_id,
            ResultRecordRow.stage == stage,
            ResultRecordRow.round == round_no,
            ResultRecordRow.table_number == table,
            ResultRecordRow.kind == RecordKind.NO_SHOW.value,
        )
        found = list(self.session.exec(no_shows).all())
        if found:
            replacing = select(ResultRecordRow).where(col(ResultRecordRow.replaces_record_id).in_([r.id for r in found]))
            found += self.session.exec(replacing).all()
        return sorted((self._record(row) for row in found), key=lambda r: r.sequence)

    def records_entered_between(self, competition_id: str, stage: int, first: int, end: int) -> list[ResultRecord]:
        """The records of one stage of the competition whose sequence is in ``first`` .. ``end`` - 1, in
        the order entered: what was entered between two reads of :meth:`next_record_sequence`."""
        query = select(ResultRecordRow).where(
            ResultRecordRow.competition_id == competition_id,
            ResultRecordRow.stage == stage,
            col(ResultRecordRow.sequence) >= first,
            col(ResultRecordRow.sequence) < end,
        )
        return [self._record(row) for row in self.session.exec(query.order_by(col(ResultRecordRow.sequence))).all()]

    def next_record_sequence(self, competition_id: str) -> int:
        top = self.session.exec(
            select(func.max(ResultRecordRow.sequence)).where(ResultRecordRow.competition_id == competition_id)
        ).one()
        return (top or 0) + 1

    @staticmethod
    def _record(row: ResultRecordRow) -> ResultRecord:
        return ResultRecord(
            id=row.id,
            competition_id=row.competition_id,
            sequence=row.sequence,
            stage=row.stage,
            round=row.round,
            table=row.table_number,
            content=_content(RecordKind(row.kind), row.content),
            recorded_by=row.recorded_by,
            recorded_at=_utc(row.recorded_at),
            replaces_record_id=row.replaces_record_id,
            reason=row.reason,
            reported_by_player_id=row.reported_by_player_id,
        )

    # --- stages (league.domain.stages): written once; only the status changes (open -> completed) ---
    def add_stage(self, st: Stage) -> None:
        self.session.add(
            StageRow(
                id=st.id,
                competition_id=st.competition_id,
                number=st.number,
                kind=st.kind,
                name=st.name,
                status=st.status.value,
                seating=_seating_text(st.rounds),
                details=_json_text(st.details),
                basis=_json_text(st.basis),
                created_by=st.created_by,
                created_at=st.created_at,
                completed_at=st.completed_at,
            )
        )

    def stage(self, competition_id: str, number: int) -> Stage | None:
        row = self.session.exec(
            select(StageRow).where(StageRow.competition_id == competition_id, StageRow.number == number)
        ).first()
        return self._stage(row) if row else None

    def stages(self, competition_id: str) -> list[Stage]:
        """The competition's stages in order."""
        return self.stage_page(competition_id, None, None)

    def stage_page(self, competition_id: str, after: paging.Key | None, limit: int | None) -> list[Stage]:
        """The competition's stages by number: at most ``limit`` (None: every one) after the number
        ``after`` (a keyset page; the index of uq_stages_competition_number)."""
        query = select(StageRow).where(StageRow.competition_id == competition_id)
        rows = self.session.exec(paging.keyset(query, (col(StageRow.number),), after, limit))
        return [self._stage(row) for row in rows.all()]

    def complete_stage(self, stage_id: str, at: datetime) -> None:
        self.session.execute(
            update(StageRow).where(col(StageRow.id) == stage_id).values(status=StageStatus.COMPLETED.value, completed_at=at)
        )

    @staticmethod
    def _stage(row: StageRow) -> Stage:
        return Stage(
            id=row.id,
            competition_id=row.competition_id,
            number=row.number,
            kind=row.kind,
            name=row.name,
            rounds=_seating(row.seating),
            created_at=_utc(row.created_at),
            created_by=row.created_by,
            status=StageStatus(row.status),
            details=json.loads(row.details),
            basis=json.loads(row.basis),
            completed_at=_utc(row.completed_at) if row.completed_at is not None else None,
        )

    # --- reviews of reported records, ruleset versions, tie decisions: inserted, never updated ---
    def add_review(self, r: Review) -> None:
        self.session.add(
            RecordReviewRow(
                id=r.id,
                competition_id=r.competition_id,
                record_id=r.record_id,
                player_id=r.player_id,
                judge=r.judge,
                verdict=r.verdict.value,
                reason=r.reason,
                at=r.at,
                sequence=r.sequence,
            )
        )

    def reviews(self, competition_id: str, record_ids: Sequence[str] | None = None) -> list[Review]:
        """The competition's reviews in the order given (of the records ``record_ids`` only, when given:
        a page of a match's records reads its own reviews, by the index ix_record_reviews_record)."""
        query = select(RecordReviewRow).where(RecordReviewRow.competition_id == competition_id)
        if record_ids is not None:
            query = query.where(col(RecordReviewRow.record_id).in_(sorted(set(record_ids))))
        rows = self.session.exec(query.order_by(col(RecordReviewRow.sequence))).all()
        return [
            Review(
                id=row.id,
                competition_id=row.competition_id,
                record_id=row.record_id,
                verdict=Verdict(row.verdict),
                player_id=row.player_id,
                judge=row.judge,
                reason=row.reason,
                at=_utc(row.at),
                sequence=row.sequence,
            )
            for row in rows
        ]

    def next_review_sequence(self, competition_id: str) -> int:
        top = self.session.exec(
            select(func.max(RecordReviewRow.sequence)).where(RecordReviewRow.competition_id == competition_id)
        ).one()
        return (top or 0) + 1

    def add_ruleset_version(self, v: RulesetVersion) -> None:
        self.session.add(
            RulesetVersionRow(
                competition_id=v.competition_id,
                version=v.version,
                name=v.name,
                data=json.dumps(dict(v.data), separators=(",", ":"), ensure_ascii=False),
                reason=v.reason,
                changed_by=v.changed_by,
                at=v.at,
            )
        )

    def ruleset_versions(self, competition_id: str) -> list[RulesetVersion]:
        """Every version of the competition's ruleset, oldest first (none for a competition created
        before rulesets were pinned)."""
        return self.ruleset_version_page(competition_id, None, None)

    def ruleset_version_page(self, competition_id: str, after: paging.Key | None, limit: int | None) -> list[RulesetVersion]:
        """The versions of the competition's ruleset, oldest first: at most ``limit`` (None: every one)
        after the version ``after`` (a keyset page; the primary key's index)."""
        query = select(RulesetVersionRow).where(RulesetVersionRow.competition_id == competition_id)
        rows = self.session.exec(paging.keyset(query, (col(RulesetVersionRow.version),), after, limit)).all()
        return [
            RulesetVersion(
                row.competition_id, row.version, row.name, json.loads(row.data), row.reason, row.changed_by, _utc(row.at)
            )
            for row in rows
        ]

    def add_tie_decision(self, d: TieDecision) -> None:
        self.session.add(
            TieDecisionRow(
                id=d.id,
                competition_id=d.competition_id,
                sequence=d.sequence,
                players=json.dumps(list(d.players), separators=(",", ":"), ensure_ascii=False),
                method=d.method.value,
                seed=d.seed,
                reason=d.reason,
                decided_by=d.decided_by,
                at=d.at,
                stage=d.stage,
            )
        )

    def tie_decisions(self, competition_id: str) -> list[TieDecision]:
        rows = self.session.exec(
            select(TieDecisionRow).where(TieDecisionRow.competition_id == competition_id).order_by(col(TieDecisionRow.sequence))
        ).all()
        return [self._tie_decision(row) for row in rows]

    def tie_decision(self, decision_id: str) -> TieDecision | None:
        row = self.session.get(TieDecisionRow, decision_id)
        return self._tie_decision(row) if row else None

    @staticmethod
    def _tie_decision(row: TieDecisionRow) -> TieDecision:
        return TieDecision(
            id=row.id,
            competition_id=row.competition_id,
            sequence=row.sequence,
            players=tuple(json.loads(row.players)),
            method=TieMethod(row.method),
            seed=row.seed,
            reason=row.reason,
            decided_by=row.decided_by,
            at=_utc(row.at),
            stage=row.stage,
        )

    def next_tie_decision_sequence(self, competition_id: str) -> int:
        top = self.session.exec(
            select(func.max(TieDecisionRow.sequence)).where(TieDecisionRow.competition_id == competition_id)
        ).one()
        return (top or 0) + 1

    # --- decisions on a stale playoff (league.domain.mahjong.playoff_basis): append-only ---
    def add_playoff_decision(self, d: PlayoffDecision) -> None:
        def dump(x: Any) -> str:
            return json.dumps(x, separators=(",", ":"), ensure_ascii=False)

        self.session.add(
            PlayoffDecisionRow(
                id=d.id,
                competition_id=d.competition_id,
                sequence=d.sequence,
                kind=d.kind.value,
                reason=d.reason,
                decided_by=d.decided_by,
                at=d.at,
                stored=dump(list(d.stored)),
                qualified=dump(list(d.qualified)),
                removed=dump([dict(x) for x in d.removed]),
            )
        )

    def playoff_decisions(self, competition_id: str) -> list[PlayoffDecision]:
        rows = self.session.exec(
            select(PlayoffDecisionRow)
            .where(PlayoffDecisionRow.competition_id == competition_id)
            .order_by(col(PlayoffDecisionRow.sequence))
        ).all()
        return [self._playoff_decision(row) for row in rows]

    def playoff_decision(self, decision_id: str) -> PlayoffDecision | None:
        row = self.session.get(PlayoffDecisionRow, decision_id)
        return self._playoff_decision(row) if row else None

    @staticmethod
    def _playoff_decision(row: PlayoffDecisionRow) -> PlayoffDecision:
        return PlayoffDecision(
            id=row.id,
            competition_id=row.competition_id,
            sequence=row.sequence,
            kind=PlayoffDecisionKind(row.kind),
            reason=row.reason,
            decided_by=row.decided_by,
            at=_utc(row.at),
            stored=tuple(json.loads(row.stored)),
            qualified=tuple(json.loads(row.qualified)),
            removed=tuple(json.loads(row.removed)),
        )

    def next_playoff_decision_sequence(self, competition_id: str) -> int:
        top = self.session.exec(
            select(func.max(PlayoffDecisionRow.sequence)).where(PlayoffDecisionRow.competition_id == competition_id)
        ).one()
        return (top or 0) + 1

    def remove_stage(self, stage_id: str) -> None:
        """A playoff stage without any result, removed by the organizer's REGENERATE decision (which keeps
        its tables); the only deletion of a stage."""
        row = self.session.get(StageRow, stage_id)
        if row is not None:
            self.session.delete(row)
            self.session.flush()

    # --- disqualifications (league.domain.disqualification): written once ---
    def add_disqualification(self, d: PlayerDisqualification) -> None:
        self.session.add(
            DisqualificationRow(
                id=d.id,
                competition_id=d.competition_id,
                player_id=d.player_id,
                stage=d.stage,
                reason=d.reason,
                recorded_by=d.recorded_by,
                recorded_at=d.recorded_at,
            )
        )

    def disqualifications(self, competition_id: str) -> list[PlayerDisqualification]:
        """The competition's disqualifications in the order recorded."""
        rows = self.session.exec(
            select(DisqualificationRow)
            .where(DisqualificationRow.competition_id == competition_id)
            .order_by(col(DisqualificationRow.recorded_at), col(DisqualificationRow.id))
        ).all()
        return [
            PlayerDisqualification(r.id, r.competition_id, r.player_id, r.stage, r.reason, r.recorded_by, _utc(r.recorded_at))
            for r in rows
        ]

    @staticmethod
    def _draw(row: Row[Any]) -> Draw:
        seating = getattr(row, "seating", None)
        return Draw(
            id=row.id,
            competition_id=row.competition_id,
            version=row.version,
            status=DrawStatus(row.status),
            seed=row.seed,
            rounds=_seating(seating) if seating is not None else (),
            statistics=DrawStatistics(
                objective=_ints(row.objective),
                lower_bound=_ints(row.lower_bound),
                proven_optimal=row.proven_optimal,
                method=row.method,
            ),
            created_at=_utc(row.created_at),
            replaces_draw_id=row.replaces_draw_id,
            played_rounds=row.played_rounds,
            reason=row.reason,
            players_moved=row.players_moved,
            approved_at=_utc(row.approved_at) if row.approved_at is not None else None,
            sitting_out=row.sitting_out,
        )


#: A stored status by its value: a dict lookup, not an enum call per player of a 10 000-player roster.
_PLAYER_STATUS = {s.value: s for s in PlayerStatus}
#: The statuses of the players who take part in the draws (``Player.active``).
_ACTIVE_STATUSES = tuple(s.value for s in PlayerStatus if Player("", "", "", 0, s).active)
_ROSTER_COLUMNS = tuple(getattr(PlayerRow, name) for name in ("id", "status", "name", "registration_order"))
_PLAYER_COLUMNS = tuple(
    getattr(PlayerRow, name) for name in ("id", "competition_id", "name", "registration_order", "status", "rating", "title")
)
#: Every column of a draw but its seats (``draw_headers`` reads only these).
_DRAW_COLUMNS = tuple(c for name, c in inspect(DrawRow).columns.items() if name != "seating")


def _seating_text(rounds: tuple[Round, ...]) -> str:
    return json.dumps(rounds, separators=(",", ":"), ensure_ascii=False)


def _seating(text: str) -> tuple[Round, ...]:
    return tuple(tuple(map(tuple, rnd)) for rnd in json.loads(text))


def _json_text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _content_text(c: Content) -> str:
    if isinstance(c, HanchanEntry):
        value: dict[str, Any] = {"number": c.number, "scores": [list(x) for x in c.scores], "chombo": [list(x) for x in c.chombo]}
    elif isinstance(c, PenaltyEntry):
        value = {"player": c.player, "points": c.points, "reason": c.reason}
    elif isinstance(c, GameEntry):
        value = {"number": c.number, "first": c.first, "second": c.second, "result": c.result, "long": c.long}
    else:
        value = {"player": c.player, "substitute": c.substitute}
    return _json_text(value)


def _content(kind: RecordKind, text: str) -> Content:
    value = json.loads(text)
    if kind is RecordKind.HANCHAN:
        return HanchanEntry(value["number"], tuple((p, s) for p, s in value["scores"]), tuple((p, n) for p, n in value["chombo"]))
    if kind is RecordKind.PENALTY:
        return PenaltyEntry(value["player"], value["points"], value["reason"])
    if kind is RecordKind.GAME:
        return GameEntry(value["number"], value["first"], value["second"], value["result"], value["long"])
    return NoShowEntry(value["player"], value["substitute"])
