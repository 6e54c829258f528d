"""Redraws: what a redraw keeps from the draw it replaces, and the checks every redraw passes
(docs/rules.md `mahjong.draw.redraw-keeps-played-rounds`; discard-league-2026 §2 and §6: withdrawals
and technical substitutes).

* The rounds already played are kept exactly as they were played: at least one round is still to
  play (``0 <= played_rounds < rounds``), a redraw says why (``reason``), and nobody is pinned into a
  round that is over.
* The solver draws only the rounds still to play; the played rounds go to it as *history*, exactly
  as played (those who left included), so that every figure it reports -- the objective, its bound,
  players moved -- counts the whole competition and equals a recount of the stored draw, whatever
  happened to the roster (:func:`plan_redraw`). The draw it replaces goes with it (rounds still to
  play, by player id): among equally good draws the one moving fewest players wins, and a player who
  joined since starts from the seat of one who left (docs/rules.md
  ``mahjong.draw.newcomer-takes-departed-seat``; the solver's ``previous_as_start``).
* The stored redraw is the played rounds as played (those who left included: that is history)
  followed by the rounds the solver drew (:func:`splice_redraw`).

Pure Python: the league service loads the draw and roster, calls these, and stores the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rondo_runtime.errors import FailedPrecondition
from rondo_runtime.validation import Violations

Round = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RedrawPin:
    """A player pinned to a table (0-based) in a round (0-based, competition numbering)."""

    player_id: str
    round: int
    table: int


# ------------------------------------------------------------------------------------ the checks


def check_redraw_request(total_rounds: int, played_rounds: int, reason: str, pins: Sequence[RedrawPin] = ()) -> None:
    """INVALID_ARGUMENT naming ``played_rounds``, ``reason`` and ``pins[i].round``: a redraw keeps the
    played rounds, redraws at least one, says why, and pins players only in rounds still to play.
    ``reason`` is the cleaned text (empty = missing)."""
    v = Violations()
    played_ok = _check_played_rounds(v, total_rounds, played_rounds)
    if not reason.strip():
        v.add("reason", "say why the draw is redone (withdrawal, substitution, roster change); it is kept with the draw")
    for i, pin in enumerate(pins):
        if played_ok and 0 <= pin.round < played_rounds:
            v.add(f"pins[{i}].round", f"round {pin.round + 1} is already played; pin players only in rounds still to play")
        elif not 0 <= pin.round < total_rounds:
            v.add(f"pins[{i}].round", f"must be between 0 and {total_rounds - 1} (rounds are numbered from 0), got {pin.round}")
    v.raise_if_any()


def _check_played_rounds(v: Violations, total_rounds: int, played_rounds: int) -> bool:
    if not 0 <= played_rounds < total_rounds:
        v.add(
            "played_rounds",
            f"must be between 0 and {total_rounds - 1}: the rounds already played are kept, at least one is redrawn; "
            f"got {played_rounds}",
        )
        return False
    return True


@dataclass(frozen=True)
class RedrawPlan:
    """What the solver needs to redraw: the roster (active players, registration order), how many
    rounds it draws (those still to play), the played rounds as played (``history``: counted in the
    objective, not redrawn), the rounds still to play of the draw it replaces (``previous``, by player
    id: fewest players moved from it), and the pins in its own round numbering."""

    replaces_draw_id: str
    played_rounds: int
    roster: tuple[str, ...]
    rounds_to_solve: int
    history: tuple[Round, ...]
    previous: tuple[Round, ...]
    pins: tuple[RedrawPin, ...]
    notes: tuple[str, ...]


def plan_redraw(
    replaces_draw_id: str,
    replaced: tuple[Round, ...],
    total_rounds: int,
    played_rounds: int,
    reason: str,
    pins: Sequence[RedrawPin],
    roster: list[str],
    registered: list[str],
) -> RedrawPlan:
    """Checks the request and splits the replaced draw: the played rounds become the solver's history
    (as played), the rounds still to play its ``previous`` (by player id); pins move to the solver's
    round numbering (round ``played_rounds`` of the competition is the solver's round 0)."""
    check_redraw_request(total_rounds, played_rounds, reason, pins)
    seated = {p for table in replaced[0] for p in table} if replaced else set()
    notes: tuple[str, ...] = ()
    if len(seated) != len(roster):
        notes = (
            f"the roster changed from {len(seated)} to {len(roster)} players, so the tables of the rounds still "
            "to play are drawn afresh; the played rounds count in the objective as they were played",
        )
    return RedrawPlan(
        replaces_draw_id=replaces_draw_id,
        played_rounds=played_rounds,
        roster=tuple(roster),
        rounds_to_solve=total_rounds - played_rounds,
        history=tuple(replaced[:played_rounds]),
        previous=tuple(replaced[played_rounds:total_rounds]),
        pins=tuple(RedrawPin(p.player_id, p.round - played_rounds, p.table) for p in pins),
        notes=notes,
    )


def splice_redraw(
    replaced: tuple[Round, ...], rounds: tuple[Round, ...], total_rounds: int, played_rounds: int
) -> tuple[Round, ...]:
    """The redraw to store: the played rounds exactly as played, then the rounds still to play.

    ``rounds`` is what the solver drew: either only the rounds still to play, or every round with the
    played ones first, exactly as played. Anything else in the played rounds is refused: a redraw never
    rewrites what was played (FAILED_PRECONDITION: prepare the redraw again)."""
    if played_rounds == 0:
        return rounds
    to_play = total_rounds - played_rounds
    if len(rounds) == to_play:
        return replaced[:played_rounds] + rounds
    if len(rounds) != total_rounds:
        return rounds  # the shape check answers with the number of rounds
    head, played = rounds[:played_rounds], replaced[:played_rounds]
    if head == played:
        return rounds
    differing = next(r for r in range(played_rounds) if r >= len(played) or head[r] != played[r])
    raise FailedPrecondition(
        f"round {differing + 1} is already played and must stay as played in the redraw; the draw sent "
        "changes it: prepare the redraw again"
    )
