"""The match card as a player reads it: names instead of ids, who answered and who is pending, the
common options (each with the starts a proposal may take), the meetings with their confirmations and
what I may do about each. A card never carries anyone's intervals, so neither does this."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

MAX_STARTS_PER_OPTION = 48


@dataclass(frozen=True)
class OptionView:
    start: datetime
    end: datetime
    rooms: int
    starts: tuple[datetime, ...]  # proposal starts every step while a meeting of min_minutes fits


@dataclass(frozen=True)
class MeetingView:
    id: str
    start: datetime
    end: datetime
    status: str  # "proposed", "booked", "cancelled"
    confirmed: tuple[str, ...]  # names
    waiting: tuple[str, ...]  # names of players not yet confirmed
    i_confirmed: bool
    can_confirm: bool
    room_id: str = ""


@dataclass(frozen=True)
class CardView:
    state: str  # "waiting", "agreeing", "booked"
    answered: tuple[str, ...]
    pending: tuple[str, ...]
    i_answered: bool
    options: tuple[OptionView, ...]
    meetings: tuple[MeetingView, ...]
    min_minutes: int
    window_start: datetime | None
    window_end: datetime | None


_STATES = {1: "waiting", 2: "agreeing", 3: "booked"}
_MEETING_STATES = {1: "proposed", 2: "booked", 3: "cancelled"}


def _when(timestamp) -> datetime:
    return timestamp.ToDatetime(tzinfo=UTC)


def proposal_starts(start: datetime, end: datetime, minutes: int, step_minutes: int = 30) -> tuple[datetime, ...]:
    length = timedelta(minutes=max(minutes, 1))
    step = timedelta(minutes=step_minutes)
    starts: list[datetime] = []
    moment = start
    while moment + length <= end and len(starts) < MAX_STARTS_PER_OPTION:
        starts.append(moment)
        moment += step
    return tuple(starts)


def card_view(card, me: str, names: Mapping[str, str]) -> CardView:
    """``card``: a MatchCard; ``me``: my player id at this table; ``names``: player id -> name."""

    def name(player_id: str) -> str:
        return names.get(player_id, player_id)

    players = [*card.answered_player_ids, *card.pending_player_ids]
    options = tuple(
        OptionView(
            _when(o.slot.start),
            _when(o.slot.end),
            len(o.room_ids),
            proposal_starts(_when(o.slot.start), _when(o.slot.end), card.min_minutes),
        )
        for o in card.options
    )
    meetings = []
    for m in card.meetings:
        status = _MEETING_STATES.get(m.status, "proposed")
        confirmed = set(m.confirmed_by)
        meetings.append(
            MeetingView(
                id=m.id,
                start=_when(m.slot.start),
                end=_when(m.slot.end),
                status=status,
                confirmed=tuple(name(p) for p in players if p in confirmed),
                waiting=tuple(name(p) for p in players if p not in confirmed),
                i_confirmed=me in confirmed,
                can_confirm=status == "proposed" and me not in confirmed,
                room_id=m.room_id,
            )
        )
    window = card.window if card.HasField("window") else None
    return CardView(
        state=_STATES.get(card.state, "waiting"),
        answered=tuple(name(p) for p in card.answered_player_ids),
        pending=tuple(name(p) for p in card.pending_player_ids),
        i_answered=me in card.answered_player_ids,
        options=options,
        meetings=tuple(meetings),
        min_minutes=card.min_minutes,
        window_start=_when(window.start) if window is not None else None,
        window_end=_when(window.end) if window is not None else None,
    )
