"""The staff pages' forms read into gateway requests (pure): a hanchan's scores, a 1-vs-1 game in the
regulations' notation, a correction, a judge's decision, a tie decision, a forced meeting, a draw (a
club night's sit-outs included), a redraw of the rounds left.

A field that cannot be read is a :class:`FormProblem` naming the field and saying, in a msgid the page
translates, what it expects; nothing is sent then. What the gateway checks itself (a score sum, a
room's calendar) is left to it: its refusal is shown as it says it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import draws_pb2, results_pb2
from rondo_client.notation import game_result, whole_points

INT32_MAX = 2**31 - 1
MAX_REASON = 500
MAX_GAMES = 50  # a hanchan or a cup game's number
MAX_MEETING_MINUTES = 24 * 60
DEFAULT_MEETING_MINUTES = 270  # three hanchans of 90 minutes
MAX_DRAW_SECONDS = 60  # the draw form's time limit (the page waits for the answer)
MAX_SITTING_OUT = 10_000


def N_(message: str) -> str:
    """A msgid translated where it is shown (extracted by Babel)."""
    return message


@dataclass(frozen=True)
class FormProblem(ValueError):
    """``field``: the form field; ``message``: a msgid (with ``%(value)s`` for what was typed)."""

    field: str
    message: str
    value: str = ""


def _number(form: Mapping[str, str], field: str, low: int, high: int, default: int | None = None) -> int:
    typed = form.get(field, "").strip()
    if not typed and default is not None:
        return default
    value = whole_points(typed)
    if value is None or not low <= value <= high:
        raise FormProblem(field, N_("%(value)s is not a whole number in the allowed range"), typed[:40])
    return value


def reason(form: Mapping[str, str], field: str = "reason") -> str:
    typed = form.get(field, "").strip()
    if not typed:
        raise FormProblem(field, N_("Say why: the reason is kept with the decision"))
    return typed[:MAX_REASON]


def hanchan(form: Mapping[str, str], players: Sequence[str]) -> results_pb2.HanchanResult:
    """``number``; ``score-<i>`` and ``chombo-<i>`` (a count, empty: none) for the i-th player of the
    match (from 0, in seat order)."""
    out = results_pb2.HanchanResult(number=_number(form, "number", 1, MAX_GAMES))
    for i, player in enumerate(players):
        out.scores[player] = _number(form, f"score-{i}", -INT32_MAX, INT32_MAX)
        chombo = _number(form, f"chombo-{i}", 0, 99, default=0)
        if chombo:
            out.chombo[player] = chombo
    return out


def game(form: Mapping[str, str], players: Sequence[str], correction: bool = False) -> results_pb2.GameResult:
    """``number`` (default 1), ``result`` in the regulations' notation (``annulled`` only in a
    correction), ``long`` (a checkbox); the players as paired."""
    typed = form.get("result", "")
    notation = game_result(typed, allow_annulled=correction)
    if notation is None:
        raise FormProblem("result", N_("%(value)s is not a game result"), typed[:40])
    if len(players) != 2:
        raise FormProblem("result", N_("This match is not a pairing of two players"))
    return results_pb2.GameResult(
        number=_number(form, "number", 1, MAX_GAMES, default=1),
        first_player_id=players[0],
        second_player_id=players[1],
        result=notation,
        long=form.get("long", "") in ("on", "1", "true"),
    )


DISPUTE_DECISIONS = {
    "uphold": results_pb2.DISPUTE_DECISION_UPHOLD,
    "reject": results_pb2.DISPUTE_DECISION_REJECT,
    "replace": results_pb2.DISPUTE_DECISION_REPLACE,
}


def dispute_decision(form: Mapping[str, str]) -> results_pb2.DisputeDecision:
    typed = form.get("decision", "")
    if typed not in DISPUTE_DECISIONS:
        raise FormProblem("decision", N_("Choose uphold, reject or replace"), typed[:40])
    return DISPUTE_DECISIONS[typed]


def tie_order(form: Mapping[str, str], tied: Sequence[str]) -> list[str]:
    """``place-<player id>``: each tied player's place in the decided order (1 = best), all different."""
    places = {p: _number(form, f"place-{p}", 1, len(tied)) for p in tied}
    if sorted(places.values()) != list(range(1, len(tied) + 1)):
        raise FormProblem("place", N_("Give each tied player a different place"))
    return sorted(tied, key=lambda p: places[p])


def meeting_slot(form: Mapping[str, str], zone: str) -> tuple[Timestamp, Timestamp]:
    """``start`` (``YYYY-MM-DDTHH:MM``, the club's wall-clock time: the browser's datetime-local) and
    ``minutes`` -> the meeting's start and end in UTC."""
    typed = form.get("start", "").strip()
    try:
        local = datetime.fromisoformat(typed)
    except ValueError:
        raise FormProblem("start", N_("%(value)s is not a date and time"), typed[:40]) from None
    if local.tzinfo is None:
        local = local.replace(tzinfo=ZoneInfo(zone))
    minutes = _number(form, "minutes", 1, MAX_MEETING_MINUTES, default=DEFAULT_MEETING_MINUTES)
    start, end = Timestamp(), Timestamp()
    try:
        begin = local.astimezone(UTC)  # real minutes: wall-clock arithmetic would be off across a DST change
        start.FromDatetime(begin)
        end.FromDatetime(begin + timedelta(minutes=minutes))
    except (OverflowError, ValueError):  # the first or the last day of the calendar
        raise FormProblem("start", N_("%(value)s is not a date and time"), typed[:40]) from None
    return start, end


def seed(form: Mapping[str, str]) -> int:
    """A lot's seed: a whole number, recorded so anyone can repeat the lot."""
    return _number(form, "seed", -(2**63) + 1, 2**63 - 1)


def penalty(form: Mapping[str, str], players: Sequence[str]) -> results_pb2.PenaltyEntry:
    """``player`` (one of the match's), ``points`` deducted (positive), ``reason`` (kept in the protocol)."""
    player = form.get("player", "")
    if player not in players:
        raise FormProblem("player", N_("Choose a player of this match"))
    return results_pb2.PenaltyEntry(player_id=player, points=_number(form, "points", 1, INT32_MAX), reason=reason(form))


def no_show(form: Mapping[str, str], players: Sequence[str]) -> results_pb2.NoShowEntry:
    """``player`` (one of the match's, who did not come) and ``substitute``: a registered substitute's
    id, or an unregistered one's name (the gateway checks which)."""
    player = form.get("player", "")
    if player not in players:
        raise FormProblem("player", N_("Choose a player of this match"))
    substitute = form.get("substitute", "").strip()[:100]
    if not substitute:
        raise FormProblem("substitute", N_("Name the substitute who took the seat"))
    return results_pb2.NoShowEntry(player_id=player, substitute=substitute)


def draw(competition_id: str, form: Mapping[str, str]) -> draws_pb2.DrawCompetitionRequest:
    """``time_limit`` (seconds, empty: the server's default), ``sit_out`` (checked: a club night,
    docs/rules.md ``draw.sit-out.*``) with ``sitting_out`` (per round; empty or 0: N mod table size)."""
    request = draws_pb2.DrawCompetitionRequest(
        competition_id=competition_id,
        time_limit_seconds=_number(form, "time_limit", 1, MAX_DRAW_SECONDS, 0),
        idempotency_key=form.get("idempotency_key", "")[:100],
    )
    _sit_out(form, request)
    return request


def redraw(competition_id: str, form: Mapping[str, str], rounds: int) -> draws_pb2.RedrawRequest:
    """``played_rounds`` (the published draw's rounds kept, 0 to ``rounds``), ``reason`` (required, kept
    with the draw), ``time_limit`` and the club night's ``sit_out``/``sitting_out`` as :func:`draw`
    reads them (unchecked: the published draw's count is kept, docs/rules.md
    ``draw.sit-out.redraw-counts-the-evening``)."""
    request = draws_pb2.RedrawRequest(
        competition_id=competition_id,
        played_rounds=_number(form, "played_rounds", 0, rounds),
        reason=reason(form),
        time_limit_seconds=_number(form, "time_limit", 1, MAX_DRAW_SECONDS, 0),
        idempotency_key=form.get("idempotency_key", "")[:100],
    )
    _sit_out(form, request)
    return request


def _sit_out(form: Mapping[str, str], request: draws_pb2.DrawCompetitionRequest | draws_pb2.RedrawRequest) -> None:
    if form.get("sit_out") == "on":
        request.sit_out.per_round = _number(form, "sitting_out", 0, MAX_SITTING_OUT, 0)
