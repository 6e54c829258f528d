"""The season at a glance for the organizer and the judge: one competition's draws, rounds, missing
results, open disputes, unbooked matches and undecided ties, from the gateway's answers (pure).

What counts as *due*: a round is due once it has a result or is the earliest round not complete; a
match of a later round is not missing anything yet. A match already complete needs no booking.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2, scheduling_pb2
from rondo_client.matches import MatchKind, MatchProgress, MatchRef, first_incomplete_round, match_progress

OBJECTIVE_FIELDS = ("soft_violations", "max_meetings", "sum_repeat_pairs", "consecutive_repeats", "max_player_repeats")


class RoundState(enum.Enum):
    NOT_STARTED = "not-started"
    IN_PROGRESS = "in-progress"
    COMPLETE = "complete"


class BookingState(enum.Enum):
    """Where an unbooked match's scheduling is: not opened for it yet, players still answering, or
    every player answered and a time is being agreed."""

    NOT_OPENED = "not-opened"
    WAITING_FOR_ANSWERS = "waiting-for-answers"
    AGREEING = "agreeing"


@dataclass(frozen=True)
class ObjectiveFigure:
    """One term of the draw's objective against the solver's lower bound (smaller is better)."""

    field: str
    value: int
    bound: int

    @property
    def above_bound(self) -> int:
        return self.value - self.bound


@dataclass(frozen=True)
class DrawGlance:
    id: str
    version: int
    status: str  # "proposed", "approved", "superseded"
    proven_optimal: bool
    method: str
    seed: int
    figures: tuple[ObjectiveFigure, ...]
    played_rounds: int
    reason: str
    players_moved: int | None
    replaces_version: int | None
    rounds: int


@dataclass(frozen=True)
class RoundGlance:
    stage: int
    round: int
    matches: int
    complete: int
    pending: int
    started: int

    @property
    def state(self) -> RoundState:
        if self.complete == self.matches:
            return RoundState.COMPLETE
        return RoundState.IN_PROGRESS if self.started else RoundState.NOT_STARTED


@dataclass(frozen=True)
class OpenDispute:
    """A result waiting for someone: REPORTED (the table's confirmation) or DISPUTED (a judge)."""

    record_id: str
    sequence: int
    match: MatchRef
    status: str  # "reported" or "disputed"
    reported_by_player_id: str
    hanchan: int
    reason: str  # the latest dispute's reason; empty for a report not disputed


@dataclass(frozen=True)
class UnbookedMatch:
    match: MatchRef
    state: BookingState
    pending_player_ids: tuple[str, ...]
    proposed_meetings: int


@dataclass(frozen=True)
class TieGlance:
    group: str  # an Up&Down group's name; empty for a mahjong league
    place: str
    player_ids: tuple[str, ...]
    reason: str
    at_cut: bool


@dataclass(frozen=True)
class SeasonGlance:
    competition_id: str
    name: str
    ruleset: str
    registration_open: bool
    published: DrawGlance | None
    proposed: tuple[DrawGlance, ...]
    rounds: tuple[RoundGlance, ...]
    missing: tuple[MatchProgress, ...]
    disputes: tuple[OpenDispute, ...]
    unbooked: tuple[UnbookedMatch, ...]
    ties: tuple[TieGlance, ...]

    @property
    def rounds_complete(self) -> int:
        """The draw's rounds (stage 1) complete from the first on: what a redraw keeps unless told."""
        done = 0
        for r in sorted((r for r in self.rounds if r.stage == 1), key=lambda r: r.round):
            if r.round != done + 1 or r.state is not RoundState.COMPLETE:
                break
            done += 1
        return done

    @property
    def needs_attention(self) -> bool:
        return bool(self.proposed or self.disputes or self.ties or self.missing or self.unbooked)


_DRAW_STATUS = {
    draws_pb2.DRAW_STATUS_PROPOSED: "proposed",
    draws_pb2.DRAW_STATUS_APPROVED: "approved",
    draws_pb2.DRAW_STATUS_SUPERSEDED: "superseded",
}


def draw_glance(draw: draws_pb2.Draw, versions: Mapping[str, int] | None = None) -> DrawGlance:
    """A draw's figures for review: its objective term by term against the lower bound, the proof."""
    figures = tuple(ObjectiveFigure(f, getattr(draw.objective, f), getattr(draw.lower_bound, f)) for f in OBJECTIVE_FIELDS)
    return DrawGlance(
        id=draw.id,
        version=draw.version,
        status=_DRAW_STATUS.get(draw.status, "unknown"),
        proven_optimal=draw.proven_optimal,
        method=draw.method,
        seed=draw.seed,
        figures=figures,
        played_rounds=draw.played_rounds,
        reason=draw.reason,
        players_moved=draw.players_moved if draw.HasField("players_moved") else None,
        replaces_version=(versions or {}).get(draw.replaces_draw_id) if draw.replaces_draw_id else None,
        rounds=len(draw.rounds),
    )


def draws_glance(draws: Sequence[draws_pb2.Draw]) -> tuple[DrawGlance | None, tuple[DrawGlance, ...]]:
    """The published draw, and the proposals waiting for approval newer than it (an older proposal
    was passed over: approving it would bring back an earlier draw)."""
    versions = {d.id: d.version for d in draws}
    published = next((d for d in draws if d.status == draws_pb2.DRAW_STATUS_APPROVED), None)
    floor = published.version if published else 0
    proposed = sorted(
        (d for d in draws if d.status == draws_pb2.DRAW_STATUS_PROPOSED and d.version > floor), key=lambda d: -d.version
    )
    return (
        draw_glance(published, versions) if published else None,
        tuple(draw_glance(d, versions) for d in proposed),
    )


def rounds_glance(progress: Sequence[MatchProgress]) -> tuple[RoundGlance, ...]:
    by_round: dict[tuple[int, int], list[MatchProgress]] = {}
    for p in progress:
        by_round.setdefault((p.match.stage, p.match.round), []).append(p)
    return tuple(
        RoundGlance(
            stage=stage,
            round=number,
            matches=len(found),
            complete=sum(p.complete for p in found),
            pending=sum(bool(p.pending) for p in found),
            started=sum(p.started for p in found),
        )
        for (stage, number), found in sorted(by_round.items())
    )


def due_rounds(progress: Sequence[MatchProgress]) -> set[tuple[int, int]]:
    """(stage, round) of the rounds whose matches are expected now: every round with a result and the
    earliest round not complete."""
    due = {(p.match.stage, p.match.round) for p in progress if p.started}
    current = first_incomplete_round(progress)
    return due | ({current} if current else set())


def open_disputes(matches: Sequence[MatchRef], records: Iterable[results_pb2.ResultRecord]) -> tuple[OpenDispute, ...]:
    where = {(m.stage, m.round, m.table): m for m in matches}
    found = []
    for r in sorted(records, key=lambda r: r.sequence):
        match = where.get((r.stage or 1, r.round, r.table))
        if match is None or r.status not in (results_pb2.RECORD_STATUS_REPORTED, results_pb2.RECORD_STATUS_DISPUTED):
            continue
        disputes = [v for v in r.reviews if v.verdict == results_pb2.REVIEW_VERDICT_DISPUTE]
        found.append(
            OpenDispute(
                record_id=r.id,
                sequence=r.sequence,
                match=match,
                status="disputed" if r.status == results_pb2.RECORD_STATUS_DISPUTED else "reported",
                reported_by_player_id=r.reported_by_player_id,
                hanchan=r.hanchan.number if r.WhichOneof("content") == "hanchan" else 0,
                reason=disputes[-1].reason if disputes else "",
            )
        )
    return tuple(found)


def booked(card: scheduling_pb2.MatchCard) -> bool:
    """A meeting of the match is booked (the organizer's assigned one as well: the card's state still
    says who has not answered then)."""
    return card.state == scheduling_pb2.CARD_STATE_BOOKED or any(
        m.status == scheduling_pb2.MEETING_STATUS_BOOKED for m in card.meetings
    )


def unbooked_matches(
    progress: Sequence[MatchProgress], cards: Mapping[str, scheduling_pb2.MatchCard | None]
) -> tuple[UnbookedMatch, ...]:
    """Matches not complete and not booked: opened for scheduling and not agreed (whatever the round),
    or not opened yet in a due round. ``cards``: match key -> its card, None (or absent) when the match
    is not opened for scheduling."""
    due = due_rounds(progress)
    found = []
    for p in progress:
        if p.complete:
            continue
        card = cards.get(p.match.key)
        if card is None:
            if (p.match.stage, p.match.round) in due:
                found.append(UnbookedMatch(p.match, BookingState.NOT_OPENED, (), 0))
            continue
        if booked(card):
            continue
        state = BookingState.AGREEING if card.state == scheduling_pb2.CARD_STATE_AGREEING else BookingState.WAITING_FOR_ANSWERS
        proposed = sum(m.status == scheduling_pb2.MEETING_STATUS_PROPOSED for m in card.meetings)
        found.append(UnbookedMatch(p.match, state, tuple(card.pending_player_ids), proposed))
    return tuple(found)


def ties_glance(
    standings: results_pb2.Standings | None, groups: Iterable[tuple[str, Iterable[results_pb2.UnresolvedTie]]] = ()
) -> tuple[TieGlance, ...]:
    """The ties left to the organizer: a mahjong league's standings', or an Up&Down league's groups'."""
    found = [("", t) for t in (standings.unresolved if standings is not None else ())]
    found += [(name, t) for name, ties in groups for t in ties]
    return tuple(TieGlance(g, t.place, tuple(t.player_ids), t.reason, t.at_cut) for g, t in found)


def season_glance(
    competition: competitions_pb2.Competition,
    kind: MatchKind,
    draws: Sequence[draws_pb2.Draw],
    matches: Sequence[tuple[MatchRef, int]],
    records: Iterable[results_pb2.ResultRecord],
    cards: Mapping[str, scheduling_pb2.MatchCard | None],
    ties: Sequence[TieGlance] = (),
) -> SeasonGlance:
    """The glance of one competition. ``matches``: every match with its hanchans (0 for 1-vs-1 games);
    ``records``: the records of those matches (ListResultRecords, any order)."""
    stored = list(records)
    progress = [match_progress(m, stored, kind, games) for m, games in matches]
    due = due_rounds(progress)
    published, proposed = draws_glance(draws)
    return SeasonGlance(
        competition_id=competition.id,
        name=competition.name,
        ruleset=competition.ruleset,
        registration_open=not competition.HasField("registration_closed_at"),
        published=published,
        proposed=proposed,
        rounds=rounds_glance(progress),
        missing=tuple(p for p in progress if not p.complete and (p.match.stage, p.match.round) in due),
        disputes=open_disputes([m for m, _ in matches], stored),
        unbooked=unbooked_matches(progress, cards),
        ties=tuple(ties),
    )
