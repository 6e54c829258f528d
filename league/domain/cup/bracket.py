"""The cup's bracket: seeding and the pairing of a stage (docs/rules.md ``cup.seeding.*``,
``cup.entry.*``, ``cup.bracket.*``, ``cup.colours.*``). League seats every cup stage with it
(``league.domain.cup.progress``); the cup's results, survivors, third-place match and places are
``league.domain.cup.knockout``'s. Pure.

Implements the open cup regulation (open-cup-2023; the numbers below are its clauses):

* 2.3      participants: at most 64, at least 8.
* 3.4.1.1  over the maximum, keep the best by sports title, then SKST rating, then earlier
           application; entrants without a rating are ranked "the same way" (by application).
* 3.4.1.2  pad the list to the next power of two with empty positions **at the bottom**; the padded
           size sets the first stage (64 -> 1/32 final, 32 -> 1/16 final, ...).
* 3.4.1.3  the numbered list: the best entrant is number 1; the list is split into two halves.
* 3.4.2    at every stage the i-th of the first half plays the i-th of the second half; a player
           facing an empty position advances without playing; after each stage the eliminated are
           removed and a new numbered list is built per 3.4.1.3 (survivors keep their original order).
* 4.1.2    blue in the first game of a series goes to the lower-rated player, on equal rating to the
           one with the lower win percentage; that player is listed first in the pair.
* 5.2.2 а  with fewer applications than the minimum the arbiter *may* declare the cup void.

Decisions where the regulation is silent (each is also stated where it is implemented):

* Title order is configuration (``title_order``, highest first). The regulation names the criterion
  ("спортивное звание") but no titles; the default follows the Russian unified sports
  classification ladder as used in mind sports: ГР, МС, КМС, 1-3 разряд. An entrant without a
  title ranks after every titled entrant; a title missing from ``title_order`` is an error.
* Title dominates rating: an unrated entrant with a title ranks above a rated entrant without one;
  among equal titles, rated entrants come first (``cup.seeding.unrated-after-rated``), unrated
  ones by application time.
* A complete tie (title, rating and application time all equal) is an error: the application order
  must be given exactly.
* Too few applications is a *result* (``Seeding.void_possible``), not an error: the arbiter decides
  (5.2.2 а). A bracket is still built when there are at least two entrants.
* Blue when rating and win percentage do not decide (equal, or a percentage unknown): the player
  with the higher seed number (the lower-seeded one) gets blue, in the spirit of 4.1.2 (the weaker
  player gets blue, which in the cup settings of 3.3.1 moves first). An unrated player counts as
  lower-rated than any rated one, as in seeding.
* The literal pairing (``cup.bracket.literal-halves``) is the default: every stage pairs the
  numbered list by halves and re-numbers the survivors in their original order (3.4.1.3, 3.4.2).
* ``byes_to_top_seeds`` (option, off by default; ``cup.bracket.byes-to-top-seeds``): the
  conventional bracket organizers know. A bracket of size 2^m has fixed standard seeding positions
  (:func:`bracket_order`): seed s meets seed 2^m + 1 - s in the first stage and each half of the
  bracket is again a standard bracket, so the top seeds meet as late as possible (1 and 2 only in
  the final). Seed numbers over N are empty positions, so the byes go to the top seeds. Positions
  are fixed for the whole bracket: the winner of a pair takes its place and meets the winner of the
  neighbouring pair in the next stage; nobody is re-seeded between stages.

  Example, 40 entrants in a bracket of 64 (1/32 final), empty positions in brackets::

      1 v (64), 32 v 33, 16 v (49), 17 v (48), 8 v (57), 25 v 40, 9 v (56), 24 v 41, ...

  Seeds 1-24 pass; seeds 25-40 play 25 v 40, 26 v 39, ..., 32 v 33. In the 1/16 final seed 1
  meets the winner of 32 v 33 (whoever won: 33 keeps the position, it is not re-numbered), seed 16
  meets seed 17, seed 8 the winner of 25 v 40, seed 9 meets seed 24, and so on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from rondo_runtime.validation import Violations

#: Highest first. Russian unified sports classification, mind-sport spelling (гроссмейстер России,
#: мастер спорта, кандидат в мастера спорта, спортивные разряды). Override per ruleset.
DEFAULT_TITLE_ORDER: tuple[str, ...] = ("ГР", "МС", "КМС", "1 разряд", "2 разряд", "3 разряд")
DEFAULT_MAX_PARTICIPANTS = 64  # 2.3
DEFAULT_MIN_PARTICIPANTS = 8  # 2.3


@dataclass(frozen=True)
class Entrant:
    """One application (2.4).

    ``applied_at``: when the application arrived, as a timezone-aware ``datetime`` or as an integer
    application order (smaller = earlier); all entrants of one cup use the same kind.
    ``rating``: SKST rating at the close of registration (3.4.1.1); None = no rating.
    ``win_percentage``: exact percentage of wins in [0, 100] (4.1.2); None = unknown.
    """

    id: str
    title: str | None = None
    rating: int | None = None
    applied_at: datetime | int = 0
    win_percentage: Fraction | None = None


@dataclass(frozen=True)
class Seed:
    """An entrant with its number in the seed list (3.4.1.3; 1 = best).

    The number never changes: later stages re-number survivors *in this order* (3.4.2).
    For entrants cut by the maximum the number continues past it (65, 66, ...).
    """

    number: int
    entrant: Entrant

    @property
    def id(self) -> str:
        return self.entrant.id


@dataclass(frozen=True)
class Seeding:
    """The result of seeding (3.4.1.1, 3.4.1.3, 2.3, 5.2.2 а)."""

    seeds: tuple[Seed, ...]
    cut: tuple[Seed, ...]  # over the maximum, best first
    applications: int
    max_participants: int
    min_participants: int
    void_possible: bool  # fewer applications than the minimum: the arbiter may declare the cup void
    void_reason: str | None = None


def first_game_blue(a: Seed, b: Seed) -> tuple[Seed, Seed, str]:
    """Who plays blue in the first game of the series (4.1.2): ``(blue, other, rule)``.

    Blue goes to the lower SKST rating (unrated counts as lower than any rating); on equal rating to
    the lower win percentage (compared only when both are known); otherwise (Rondo decision) to the
    higher seed number, i.e. the lower-seeded player. The blue player is listed first.
    """
    ra, rb = _rating_key(a.entrant), _rating_key(b.entrant)
    if ra != rb:
        return (a, b, "lower rating") if ra < rb else (b, a, "lower rating")
    wa, wb = a.entrant.win_percentage, b.entrant.win_percentage
    if wa is not None and wb is not None and wa != wb:
        return (a, b, "lower win percentage") if wa < wb else (b, a, "lower win percentage")
    return (a, b, "higher seed number") if a.number > b.number else (b, a, "higher seed number")


def _rating_key(e: Entrant) -> tuple[int, int]:
    return (0, 0) if e.rating is None else (1, e.rating)


@dataclass(frozen=True)
class Match:
    """One pair of a stage (3.4.2): ``upper`` is the ``index``-th of the first half of the numbered
    list, ``lower`` the ``index``-th of the second half, None for an empty position (then ``upper``
    advances without playing).

    In the conventional bracket (``byes_to_top_seeds``) pair ``index`` holds bracket positions
    2 * index - 1 (``upper``) and 2 * index (``lower``) of the stage; a player whose opponent's
    position is empty is ``upper`` and passes.
    """

    index: int
    upper: Seed
    lower: Seed | None

    @property
    def is_pass(self) -> bool:
        return self.lower is None

    @property
    def first(self) -> Seed:
        """Listed first; plays blue in the first game (4.1.2). For a pass: the player who passes."""
        return self.upper if self.lower is None else first_game_blue(self.upper, self.lower)[0]

    @property
    def second(self) -> Seed | None:
        return None if self.lower is None else first_game_blue(self.upper, self.lower)[1]

    @property
    def blue_rule(self) -> str | None:
        """Which rule of 4.1.2 (or the Rondo tie rule) chose blue; None for a pass."""
        return None if self.lower is None else first_game_blue(self.upper, self.lower)[2]

    @property
    def players(self) -> tuple[Seed, ...]:
        return (self.upper,) if self.lower is None else (self.upper, self.lower)


FINAL = "final"
SEMI_FINAL = "semi-final"
QUARTER_FINAL = "quarter-final"


def stage_name(positions: int) -> str:
    """The regulation's name of a stage with ``positions`` places in its list (4.1): 64 -> "1/32
    final", 32 -> "1/16 final", 16 -> "1/8 final", 8 -> quarter-final, 4 -> semi-final, 2 -> final."""
    return {2: FINAL, 4: SEMI_FINAL, 8: QUARTER_FINAL}.get(positions, f"1/{positions // 2} final")


@dataclass(frozen=True)
class Stage:
    """One stage: its numbered list (3.4.1.3, empty positions as None) and its pairs (3.4.2).

    With ``byes_to_top_seeds`` ``positions`` are the stage's bracket positions in bracket order
    (:func:`bracket_order` for the first stage); position i of the next stage is the winner of
    pair i.
    """

    name: str
    positions: tuple[Seed | None, ...]
    matches: tuple[Match, ...]
    byes_to_top_seeds: bool = False

    @property
    def players(self) -> tuple[Seed, ...]:
        return tuple(p for p in self.positions if p is not None)


# ---------------------------------------------------------------------------------------- seeding


def seed_list(
    entrants: Sequence[Entrant],
    title_order: Sequence[str] = DEFAULT_TITLE_ORDER,
    max_participants: int = DEFAULT_MAX_PARTICIPANTS,
    min_participants: int = DEFAULT_MIN_PARTICIPANTS,
) -> Seeding:
    """Rank the applications and number the seed list (3.4.1.1, 3.4.1.3).

    Order: title (higher first; no title last), then rating (higher first; unrated after rated),
    then earlier application. The first ``max_participants`` are the seeds; the rest are reported
    in ``cut``. Fewer applications than ``min_participants`` sets ``void_possible`` (5.2.2 а).
    """
    v = Violations()
    _check_limits(v, max_participants, min_participants)
    titles = _check_title_order(v, title_order)
    _check_entrants(v, entrants, titles)
    v.raise_if_any()

    rank = {t: i for i, t in enumerate(titles)}

    def key(e: Entrant):
        title = len(titles) if e.title is None else rank[e.title]
        rated = (0, -e.rating) if e.rating is not None else (1, 0)
        return (title, rated, e.applied_at)

    order = sorted(range(len(entrants)), key=lambda i: key(entrants[i]))
    for prev, cur in zip(order, order[1:]):
        if key(entrants[prev]) == key(entrants[cur]):
            v.add(
                f"entrants[{cur}].applied_at",
                f"'{entrants[cur].id}' ties with '{entrants[prev].id}' on title, rating and "
                "application time; give the exact order in which the applications arrived "
                "(3.4.1.1 prefers the earlier application)",
            )
    v.raise_if_any()

    ranked = tuple(Seed(n, entrants[i]) for n, i in enumerate(order, start=1))
    void = len(entrants) < min_participants
    reason = (
        f"{len(entrants)} applications, fewer than the minimum of {min_participants} (2.3): "
        "the arbiter may declare the cup void (5.2.2 а)"
        if void
        else None
    )
    return Seeding(
        seeds=ranked[:max_participants],
        cut=ranked[max_participants:],
        applications=len(entrants),
        max_participants=max_participants,
        min_participants=min_participants,
        void_possible=void,
        void_reason=reason,
    )


def _check_limits(v: Violations, max_participants: int, min_participants: int) -> None:
    ok = True
    for field, value in (("max_participants", max_participants), ("min_participants", min_participants)):
        if not _is_int(value) or value < 2:
            v.add(field, f"must be a whole number of at least 2 (a cup needs two players), got {value!r}")
            ok = False
    if ok and min_participants > max_participants:
        v.add(
            "min_participants",
            f"the minimum ({min_participants}) is above the maximum ({max_participants}); lower the minimum or raise the maximum",
        )


def _check_title_order(v: Violations, title_order: Sequence[str]) -> tuple[str, ...]:
    if isinstance(title_order, str) or not isinstance(title_order, Sequence):
        v.add("title_order", "must be a list of titles, highest first")
        return ()
    v.unique_ids(
        "title_order",
        title_order,
        empty="a title must be a non-empty name, e.g. 'МС'",
        duplicate="title '{id}' is listed twice; list each title once, highest first",
    )
    return tuple(title_order)


def _check_entrants(v: Violations, entrants: Sequence[Entrant], titles: tuple[str, ...]) -> None:
    if isinstance(entrants, (str, bytes)) or not isinstance(entrants, Sequence):
        v.add("entrants", "must be a list of entrants")
        return
    if len(entrants) < 2:
        v.add("entrants", f"a cup needs at least 2 entrants to pair, got {len(entrants)}")
    seen: dict[str, int] = {}
    first_kind: str | None = None
    for i, e in enumerate(entrants):
        f = f"entrants[{i}]"
        if not isinstance(e, Entrant):
            v.add(f, "must be an Entrant")
            continue
        if not isinstance(e.id, str) or not e.id.strip():
            v.add(f"{f}.id", "every entrant needs a non-empty id")
        elif e.id in seen:
            v.add(f"{f}.id", f"'{e.id}' is already entrants[{seen[e.id]}]; each player applies once")
        else:
            seen[e.id] = i
        if e.title is not None and e.title not in titles:
            known = ", ".join(titles) or "none configured"
            v.add(
                f"{f}.title",
                f"unknown title '{e.title}' (known, highest first: {known}); add it to title_order or leave the title empty",
            )
        if e.rating is not None and not _is_int(e.rating):
            v.add(f"{f}.rating", f"a rating is a whole number or empty (unrated), got {e.rating!r}")
        kind = None
        if isinstance(e.applied_at, datetime):
            kind = "an application time"
            if e.applied_at.tzinfo is None or e.applied_at.utcoffset() is None:
                v.add(f"{f}.applied_at", "give the application time with its time zone (e.g. UTC)")
        elif _is_int(e.applied_at):
            kind = "an application order number"
        else:
            v.add(f"{f}.applied_at", "must be the application time or the application order number")
        if kind is not None:
            if first_kind is None:
                first_kind = kind
            elif kind != first_kind:
                v.add(
                    f"{f}.applied_at",
                    f"is {kind} but earlier entrants give {first_kind}; use one kind for every entrant",
                )
        w = e.win_percentage
        if w is not None:
            if not (_is_int(w) or isinstance(w, Fraction)):
                v.add(f"{f}.win_percentage", "give an exact percentage (whole number or fraction), not a float")
            elif not 0 <= w <= 100:
                v.add(f"{f}.win_percentage", f"a percentage lies between 0 and 100, got {w}")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# ---------------------------------------------------------------------------------------- pairing


def numbered_list(seeds: Sequence[Seed], *, byes_to_top_seeds: bool = False) -> tuple[Seed | None, ...]:
    """The stage's numbered list padded to the next power of two (3.4.1.2).

    Literal (default): the empty positions are at the bottom of the list. Option
    ``byes_to_top_seeds``: the positions of the standard bracket instead (:func:`bracket_positions`).
    """
    if byes_to_top_seeds:
        return bracket_positions(seeds)
    n = len(seeds)
    return tuple(seeds) + (None,) * (_next_power_of_two(n) - n)


def bracket_order(size: int) -> tuple[int, ...]:
    """Seed numbers by position in the standard bracket of ``size`` (a power of two) positions.

    Pairs are consecutive positions; seed s meets seed ``size + 1 - s`` in the first stage, and each
    half is the standard bracket of half the size, so seeds 1 and 2 can meet only in the final,
    1-4 only in the semi-finals, and so on: 8 -> (1, 8, 4, 5, 2, 7, 3, 6); 64 -> (1, 64, 32, 33,
    16, 49, 17, 48, ...).
    """
    if not _is_int(size) or size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power-of-two number of positions, got {size!r}")
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [x for s in order for x in (s, mirror - s)]
    return tuple(order)


def bracket_positions(seeds: Sequence[Seed]) -> tuple[Seed | None, ...]:
    """The conventional first stage (option ``byes_to_top_seeds``): ``seeds`` (best first) on the
    standard bracket of the next power of two; seed numbers over ``len(seeds)`` are empty positions,
    so the top seeds face them and pass."""
    by_rank = {i: s for i, s in enumerate(seeds, start=1)}
    return tuple(by_rank.get(k) for k in bracket_order(_next_power_of_two(len(seeds))))


def _next_power_of_two(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def pair_by_halves(seeds: Sequence[Seed], *, byes_to_top_seeds: bool = False) -> tuple[Match, ...]:
    """Pair a numbered list (3.4.2): pad it (3.4.1.2), then the i-th of the first half plays the
    i-th of the second half; facing an empty position means advancing without playing.

    ``seeds`` is the list in its numbered order (for a later stage: the survivors in their original
    order). With ``byes_to_top_seeds`` the first stage of the conventional
    bracket instead (:func:`bracket_positions`).
    """
    _check_seed_sequence(seeds, "seeds")
    return stage_of(seeds, byes_to_top_seeds=byes_to_top_seeds).matches


def _pairs(positions: tuple[Seed | None, ...]) -> tuple[Match, ...]:
    half = len(positions) // 2
    out = []
    for i in range(half):
        upper, lower = positions[i], positions[half + i]
        assert upper is not None  # more than half the positions are taken, so the first half is full
        out.append(Match(i + 1, upper, lower))
    return tuple(out)


def _bracket_pairs(positions: Sequence[Seed | None]) -> tuple[Match, ...]:
    """Neighbouring bracket positions play each other; a player next to an empty position passes
    (two empty positions: no pair, the next stage's position stays empty)."""
    out = []
    for i in range(len(positions) // 2):
        upper, lower = positions[2 * i], positions[2 * i + 1]
        if upper is None:
            upper, lower = lower, None
        if upper is not None:
            out.append(Match(i + 1, upper, lower))
    return tuple(out)


def _check_seed_sequence(seeds: Sequence[Seed], field: str) -> None:
    v = Violations()
    if len(seeds) < 2:
        v.add(field, f"pairing needs at least 2 players, got {len(seeds)}")
    seen: set[str] = set()
    for i, s in enumerate(seeds):
        if not isinstance(s, Seed):
            v.add(f"{field}[{i}]", "must be a Seed (a numbered entrant); empty positions are added by pairing")
        elif s.id in seen:
            v.add(f"{field}[{i}]", f"'{s.id}' appears twice in the list")
        else:
            seen.add(s.id)
    v.raise_if_any()


def stage_of(seeds: Sequence[Seed], *, byes_to_top_seeds: bool = False) -> Stage:
    """The stage paired from a numbered list (:func:`pair_by_halves`): its name, positions and pairs."""
    if byes_to_top_seeds:
        return _bracket_stage(bracket_positions(seeds))
    positions = numbered_list(seeds)
    return Stage(stage_name(len(positions)), positions, _pairs(positions), False)


def _bracket_stage(positions: Sequence[Seed | None]) -> Stage:
    positions = tuple(positions)
    return Stage(stage_name(len(positions)), positions, _bracket_pairs(positions), True)
