"""What a redraw carries over from the published draw when the roster has changed (RULES.md A,
sections 2 and 6: withdrawals and technical substitutes).

A player who joined since the draw takes the seat of a player who left, both taken in
registration order: the played rounds stay as they were played, and for the rounds still to play the
newcomer starts from the seat of the one replaced, so a redraw moves as few people as possible.
"""
from __future__ import annotations

from dataclasses import dataclass

Round = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class CarryOver:
    played_rounds: int
    fixed_rounds: tuple[Round, ...]  # played rounds in the new roster's ids, for the solver
    previous: tuple[Round, ...] | None  # the published draw in the new roster's ids (None: not comparable)
    replacements: dict[str, str]  # departed id -> newcomer id seated in their place
    notes: tuple[str, ...]

    def rounds_to_solve(self, total_rounds: int) -> int:
        """With the played rounds carried seat for seat the solver sees every round (the played ones
        fixed); otherwise it draws only the rounds still to play."""
        return total_rounds if self.fixed_rounds or not self.played_rounds else total_rounds - self.played_rounds

    @property
    def round_offset(self) -> int:
        """Round r of the competition is round r - offset of what the solver draws."""
        return 0 if self.fixed_rounds else self.played_rounds

    def new_draw(self, published: tuple[Round, ...], solved: tuple[Round, ...]) -> tuple[Round, ...]:
        """The played rounds exactly as they were played (those who left included), then the rounds
        the solver drew."""
        return published[: self.played_rounds] + solved[len(self.fixed_rounds):]


def seat_replacements(draw_players: list[str], roster: list[str]) -> dict[str, str]:
    """Pairs the players who left with those who joined, each in its own order."""
    roster_set, drawn_set = set(roster), set(draw_players)
    departed = [p for p in draw_players if p not in roster_set]
    arrived = [p for p in roster if p not in drawn_set]
    return dict(zip(departed, arrived))


def _rename(rounds: tuple[Round, ...], mapping: dict[str, str]) -> tuple[Round, ...]:
    return tuple(tuple(tuple(mapping.get(p, p) for p in table) for table in rnd) for rnd in rounds)


def carry_over(published: tuple[Round, ...], played_rounds: int, roster: list[str], registered: list[str] | None = None) -> CarryOver:
    """Maps the published draw onto the current roster (``roster``: active players in registration
    order; ``registered``: everyone ever registered, in registration order, withdrawn included)."""
    seated = {p for table in published[0] for p in table} if published else set()
    order = {pid: i for i, pid in enumerate(registered or sorted(seated))}
    draw_players = sorted(seated, key=lambda p: (order.get(p, len(order)), p))
    replacements = seat_replacements(draw_players, roster)
    renamed = _rename(published, replacements)
    renamed_players = {p for table in renamed[0] for p in table} if renamed else set()
    if renamed_players == set(roster):
        return CarryOver(played_rounds, renamed[:played_rounds], renamed, replacements, ())
    notes = (
        f"the roster changed from {len(draw_players)} to {len(roster)} players, so the published tables "
        "cannot be kept seat for seat: the rounds still to play are drawn afresh"
        + (" (meetings in the played rounds are not taken into account)" if played_rounds else ""),
    )
    return CarryOver(played_rounds, (), None, replacements, notes)
