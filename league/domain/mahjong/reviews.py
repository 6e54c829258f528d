"""Results reported by a player, confirmed by the table, disputes decided by a judge.

docs/rules.md ``mahjong.records.player-report-confirmed-by-table``, ``mahjong.records.dispute-to-judge``,
``mahjong.records.standings-use-confirmed-only`` (discard-league-2026 §6.3: results are recorded in the
match protocol). A record entered by the organizer or a judge (``reported_by_player_id`` None) is
confirmed at once. A record reported by a player of the table waits until every other main participant
seated at that table confirms it; a dispute sends it to a judge, who upholds it, rejects it (never
scored) or replaces it with a new confirmed record.

The status of a record is never stored: it is derived from the append-only review rows
(:func:`record_status`), so nothing a user entered is ever updated. The review logic knows only "who
sits at the table": it is the same for every kind of record. Pure: no I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from league.domain import texts
from league.domain.mahjong.standings import Standings
from league.domain.records import HanchanEntry, NoShowEntry, ResultRecord, current
from league.domain.texts import Text
from rondo_runtime.errors import FailedPrecondition


class RecordStatus(enum.StrEnum):
    CONFIRMED = "confirmed"  # scored
    REPORTED = "reported"  # pending: awaiting confirmation by the table
    DISPUTED = "disputed"  # pending: awaiting a judge
    REJECTED = "rejected"  # a judge rejected it: never scored
    REPLACED = "replaced"  # a later record replaces it (a judge's REPLACE or a correction)


PENDING = frozenset({RecordStatus.REPORTED, RecordStatus.DISPUTED})


class Verdict(enum.StrEnum):
    CONFIRM = "confirm"  # a player of the table
    DISPUTE = "dispute"  # a player of the table, with a reason
    UPHOLD = "uphold"  # a judge: confirmed as reported
    REJECT = "reject"  # a judge: never scored
    # A judge's REPLACE is no review: it is a new confirmed record replacing this one (a correction).


JUDGE_VERDICTS = frozenset({Verdict.UPHOLD, Verdict.REJECT})


@dataclass(frozen=True)
class Review:
    """One confirmation, dispute or judge's decision (uphold, reject) on a record: appended, never changed."""

    id: str
    competition_id: str
    record_id: str
    verdict: Verdict
    player_id: str | None  # a player's confirmation or dispute
    judge: str  # a judge's decision ("" for a player's)
    reason: str
    at: datetime
    sequence: int  # 1, 2, ... within the competition

    @property
    def by(self) -> str:
        return self.player_id if self.player_id is not None else self.judge


def record_status(
    record: ResultRecord, seated_main_players: Iterable[str], reviews: Iterable[Review], replaced: bool = False
) -> RecordStatus:
    """The status of ``record`` from its reviews. ``seated_main_players``: the main participants who sat
    at the record's table (not substitutes, not no-shows); ``replaced``: a later record replaces it."""
    mine = sorted((r for r in reviews if r.record_id == record.id), key=lambda r: r.sequence)
    if replaced:
        return RecordStatus.REPLACED
    if record.reported_by_player_id is None:
        return RecordStatus.CONFIRMED
    decisions = [r for r in mine if r.verdict in JUDGE_VERDICTS]
    if decisions:
        return RecordStatus.CONFIRMED if decisions[-1].verdict is Verdict.UPHOLD else RecordStatus.REJECTED
    if any(r.verdict is Verdict.DISPUTE for r in mine):
        return RecordStatus.DISPUTED
    if awaiting(record, seated_main_players, mine):
        return RecordStatus.REPORTED
    return RecordStatus.CONFIRMED


def awaiting(record: ResultRecord, seated_main_players: Iterable[str], reviews: Iterable[Review]) -> list[str]:
    """The players of the table who still have to confirm ``record``, in seat order."""
    confirmed = {r.player_id for r in reviews if r.record_id == record.id and r.verdict is Verdict.CONFIRM}
    return [p for p in seated_main_players if p != record.reported_by_player_id and p not in confirmed]


def _not_pending(record: ResultRecord, status: RecordStatus, action: str) -> FailedPrecondition:
    why = {
        RecordStatus.CONFIRMED: "is already confirmed; a judge or the organizer corrects the record",
        RecordStatus.DISPUTED: "is disputed and waits for a judge to resolve the dispute",
        RecordStatus.REJECTED: "was rejected by a judge; report the hanchan again",
        RecordStatus.REPLACED: "was replaced by a later record; act on the latest version",
        RecordStatus.REPORTED: "is awaiting confirmation by the table",
    }[status]
    return FailedPrecondition(f"cannot {action} record {record.id}: it {why}")


def _check_player_of_table(record: ResultRecord, player: str, seated_main_players: Sequence[str], action: str) -> None:
    if player not in seated_main_players:
        raise FailedPrecondition(
            f"player {player!r} did not sit at round {record.round}, table {record.table} as a main participant; "
            f"only the players of that table {action} its results"
        )
    if player == record.reported_by_player_id:
        raise FailedPrecondition(f"player {player!r} reported record {record.id}; the other players of the table {action} it")


def check_report(reporter: str, drawn_main_players: Sequence[str], round_no: int, table: int) -> None:
    """Only a main participant drawn (and seated) at the table reports its results; not a substitute."""
    if reporter not in drawn_main_players:
        raise FailedPrecondition(
            f"player {reporter!r} is not a main participant seated at round {round_no}, table {table}; "
            "only a player of that table reports its results (the organizer or a judge records them otherwise)"
        )


def check_not_already_there(new: object, live: Iterable[ResultRecord], round_no: int, table: int) -> None:
    """A report for a result that already has a confirmed or pending record is refused."""
    for r in live:
        if isinstance(new, HanchanEntry) and isinstance(r.content, HanchanEntry) and r.content.number == new.number:
            raise FailedPrecondition(
                f"hanchan {new.number} of round {round_no}, table {table} is already recorded/reported; "
                "confirm, dispute or ask a judge to correct it"
            )


def check_confirm(
    record: ResultRecord, status: RecordStatus, player: str, seated_main_players: Sequence[str], reviews: Iterable[Review]
) -> bool:
    """Whether ``player``'s confirmation is new (False: he already confirmed; nothing to store)."""
    _check_player_of_table(record, player, seated_main_players, "confirm")
    if any(r.record_id == record.id and r.verdict is Verdict.CONFIRM and r.player_id == player for r in reviews):
        return False
    if status is not RecordStatus.REPORTED:
        raise _not_pending(record, status, "confirm")
    return True


def check_dispute(
    record: ResultRecord, status: RecordStatus, player: str, seated_main_players: Sequence[str], reviews: Iterable[Review]
) -> bool:
    """Whether ``player``'s dispute is new (False: he already disputed it; nothing to store)."""
    _check_player_of_table(record, player, seated_main_players, "dispute")
    mine = [r for r in reviews if r.record_id == record.id and r.player_id == player]
    if any(r.verdict is Verdict.DISPUTE for r in mine) and status is RecordStatus.DISPUTED:
        return False
    if status not in PENDING:
        raise _not_pending(record, status, "dispute")
    if any(r.verdict is Verdict.CONFIRM for r in mine):
        raise FailedPrecondition(f"player {player!r} already confirmed record {record.id}; ask a judge to correct it")
    return True


def check_resolve(record: ResultRecord, status: RecordStatus) -> None:
    """A judge decides a pending record (disputed, or reported and not yet confirmed)."""
    if status not in PENDING:
        raise _not_pending(record, status, "resolve")


def statuses(
    records: Sequence[ResultRecord], reviews: Iterable[Review], seated_main_by_match: Mapping[tuple[int, int], Sequence[str]]
) -> dict[str, RecordStatus]:
    """The status of every record (``seated_main_by_match``: (round, table) -> seated main participants)."""
    reviews = list(reviews)
    replaced = {r.replaces_record_id for r in records if r.replaces_record_id}
    return {r.id: record_status(r, seated_main_by_match.get((r.round, r.table), ()), reviews, r.id in replaced) for r in records}


def no_shows(in_match: Iterable[ResultRecord]) -> set[str]:
    """The players a match's latest records say did not come."""
    return {r.content.player for r in current(in_match) if isinstance(r.content, NoShowEntry)}


def live(records: Iterable[ResultRecord], status: Mapping[str, RecordStatus]) -> list[ResultRecord]:
    """The latest versions that count or may count: confirmed and pending (rejected ones never do)."""
    return [r for r in current(records) if status.get(r.id, RecordStatus.CONFIRMED) is not RecordStatus.REJECTED]


def confirmed(records: Iterable[ResultRecord], status: Mapping[str, RecordStatus]) -> list[ResultRecord]:
    """What the standings score: the latest versions that are confirmed (docs/rules.md
    ``mahjong.records.standings-use-confirmed-only``)."""
    return [r for r in current(records) if status.get(r.id, RecordStatus.CONFIRMED) is RecordStatus.CONFIRMED]


def _what(record: ResultRecord) -> Text:
    c = record.content
    return texts.recorded_item(record.kind.value.replace("_", "-"), c.number if isinstance(c, HanchanEntry) else None)


def pending_notes(
    records: Sequence[ResultRecord],
    status: Mapping[str, RecordStatus],
    reviews: Iterable[Review],
    seated_main_by_match: Mapping[tuple[int, int], Sequence[str]],
    names: Mapping[str, str],
) -> dict[tuple[int, int], list[Text]]:
    """(round, table) -> what is pending there, e.g. "round 1, table 3: hanchan 2 reported by P01,
    awaiting confirmation by P06, P08" or "... disputed by P06, awaiting a judge"."""
    reviews = list(reviews)
    out: dict[tuple[int, int], list[Text]] = {}
    for r in current(records):
        s = status.get(r.id, RecordStatus.CONFIRMED)
        if s not in PENDING:
            continue
        reporter = names.get(r.reported_by_player_id or "", r.reported_by_player_id or "")
        if s is RecordStatus.REPORTED:
            waiting = awaiting(r, seated_main_by_match.get((r.round, r.table), ()), reviews)
            who = [names.get(p, p) for p in waiting]
            text = texts.result_awaiting_confirmation(r.round, r.table, _what(r), reporter, who)
        else:
            by = sorted({x.by for x in reviews if x.record_id == r.id and x.verdict is Verdict.DISPUTE})
            text = texts.result_disputed(r.round, r.table, _what(r), reporter, [names.get(p, p) for p in by])
        out.setdefault((r.round, r.table), []).append(text)
    return out


def with_pending(
    standings: Standings, notes_by_match: Mapping[tuple[int, int], Sequence[Text]], drawn: Mapping[tuple[int, int], Sequence[str]]
) -> Standings:
    """The standings with every row whose match has pending records marked provisional, naming what is
    pending (``drawn``: (round, table) -> the players drawn there)."""
    extra: dict[str, list[Text]] = {}
    for match, notes in sorted(notes_by_match.items()):
        for player in drawn.get(match, ()):
            extra.setdefault(player, []).extend(notes)
    if not extra:
        return standings
    rows = tuple(
        replace(
            row,
            figures=replace(
                row.figures,
                provisional=True,
                notes=row.figures.notes + tuple(texts.join([n, texts.PROVISIONAL]) for n in extra[row.player]),
            ),
        )
        if row.player in extra
        else row
        for row in standings.rows
    )
    return replace(standings, rows=rows)


@dataclass(frozen=True)
class ReviewedRecord:
    """A record with its derived status and its reviews, oldest first."""

    record: ResultRecord
    status: RecordStatus
    reviews: tuple[Review, ...]
