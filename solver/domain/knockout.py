"""Single-elimination cup: seeding, pairing by halves, stages, places 1-4 (docs/rules.md, ``cup.*``).

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
* 3.4.3    semi-final winners play the final, losers the match for third place.
* 1.6.1    places 1-4 get medals (and prize money, 1.7.1).
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
* A series both players lost (both absent, 4.3.3) removes both; the next stage is padded again per
  3.4.1.2. Not allowed in the semi-final and final, where the regulation gives no way to fill the
  final or third-place match (5.2.2 г: the arbiter decides; record a winner).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.validation import Violations
from solver.domain.capacity import MAX_KNOCKOUT_ENTRANTS, check_knockout_capacity

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
    pair i. The final stage also holds the match for third place between the semi-final losers
    (3.4.3).
    """

    name: str
    positions: tuple[Seed | None, ...]
    matches: tuple[Match, ...]
    third_place: Match | None = None
    byes_to_top_seeds: bool = False

    @property
    def is_final(self) -> bool:
        return self.name == FINAL

    @property
    def players(self) -> tuple[Seed, ...]:
        return tuple(p for p in self.positions if p is not None)


@dataclass(frozen=True)
class KnockoutPlan:
    seeding: Seeding
    first_stage: Stage
    byes_to_top_seeds: bool = False

    @property
    def bracket_size(self) -> int:
        return len(self.first_stage.positions)


@dataclass(frozen=True)
class FinalPlaces:
    """Places 1-4 (1.6.1, 1.7.1). Only absent when nobody could take them (tiny brackets)."""

    first: Seed
    second: Seed | None
    third: Seed | None
    fourth: Seed | None

    def as_tuple(self) -> tuple[Seed | None, ...]:
        return (self.first, self.second, self.third, self.fourth)


@dataclass(frozen=True)
class BracketRun:
    """Every stage built so far (the last one is the next to play unless ``places`` is set)."""

    stages: tuple[Stage, ...]
    places: FinalPlaces | None


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
    if isinstance(entrants, Sequence) and isinstance(title_order, Sequence):
        check_knockout_capacity(entrants, title_order, max_participants)  # before any work
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
    order, see :func:`next_stage`). With ``byes_to_top_seeds`` the first stage of the conventional
    bracket instead (:func:`bracket_positions`).
    """
    _check_seed_sequence(seeds, "seeds")
    return _stage(seeds, byes_to_top_seeds).matches


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


def _stage(seeds: Sequence[Seed], byes_to_top_seeds: bool) -> Stage:
    if byes_to_top_seeds:
        return _bracket_stage(bracket_positions(seeds))
    positions = numbered_list(seeds)
    return Stage(stage_name(len(positions)), positions, _pairs(positions), None, False)


def _bracket_stage(positions: Sequence[Seed | None]) -> Stage:
    positions = tuple(positions)
    return Stage(stage_name(len(positions)), positions, _bracket_pairs(positions), None, True)


def plan_knockout(
    entrants: Sequence[Entrant],
    *,
    title_order: Sequence[str] = DEFAULT_TITLE_ORDER,
    max_participants: int = DEFAULT_MAX_PARTICIPANTS,
    min_participants: int = DEFAULT_MIN_PARTICIPANTS,
    byes_to_top_seeds: bool = False,
) -> KnockoutPlan:
    """Seed the cup and pair its first stage (3.4.1, 3.4.2). See :func:`explain`."""
    seeding = seed_list(entrants, title_order, max_participants, min_participants)
    return KnockoutPlan(seeding, _stage(seeding.seeds, byes_to_top_seeds), byes_to_top_seeds)


# ----------------------------------------------------------------------------------------- stages


def survivors_in_original_order(
    stage: Stage, winners: Iterable[str], both_lost: Iterable[Sequence[str]] = ()
) -> tuple[Seed, ...]:
    """Remove the eliminated and keep the rest in their original seed order (3.4.2, 3.4.1.3)."""
    advancing = _advancing(stage, winners, both_lost)
    return tuple(sorted((s for s in stage.players if s.id in advancing), key=lambda s: s.number))


def _advancing(stage: Stage, winners: Iterable[str], both_lost: Iterable[Sequence[str]]) -> set[str]:
    v = Violations()
    winners = list(winners)
    both_lost = [tuple(p) for p in both_lost]
    match_of = {s.id: m for m in stage.matches for s in m.players}
    won: dict[int, str] = {}
    for j, w in enumerate(winners):
        m = match_of.get(w)
        if m is None:
            v.add(f"winners[{j}]", f"'{w}' does not play in the {stage.name}; give winners of this stage only")
        elif m.index in won and won[m.index] == w:
            v.add(f"winners[{j}]", f"'{w}' is listed twice")
        elif m.index in won:
            v.add(
                f"winners[{j}]",
                f"'{w}' and '{won[m.index]}' play each other in pair {m.index}; only one of them can win",
            )
        else:
            won[m.index] = w
    lost_both: set[int] = set()
    for k, pair in enumerate(both_lost):
        f = f"both_lost[{k}]"
        ms = {match_of[p].index if p in match_of else None for p in pair}
        if len(pair) != 2 or None in ms or len(ms) != 1 or match_of[pair[0]].is_pass:
            v.add(f, f"must name the two players of one pair of the {stage.name}")
            continue
        idx = match_of[pair[0]].index
        if stage.name in (SEMI_FINAL, FINAL):
            lost_both.add(idx)  # reported here; not again as a missing winner
            v.add(
                f,
                f"a double technical defeat in the {stage.name} leaves no one for the final or the "
                "third-place match and the regulation gives no rule (5.2.2 г: the arbiter decides); "
                "record the arbiter's winner",
            )
            continue
        if idx in won:
            v.add(
                f,
                f"'{won[idx]}' is also listed as the winner of pair {idx}; a pair either has a winner or both lost",
            )
        lost_both.add(idx)
    for m in stage.matches:
        if m.lower is not None and m.index not in won and m.index not in lost_both:
            v.add(
                "winners",
                f"no winner given for pair {m.index} of the {stage.name} ({m.upper.id} v {m.lower.id}); "
                "give the winner, or list the pair in both_lost if both lost (4.3.3)",
            )
    v.raise_if_any()
    advancing = set(won.values())
    advancing.update(m.upper.id for m in stage.matches if m.is_pass)
    return advancing


def next_stage(current: Stage, winners: Iterable[str], *, both_lost: Iterable[Sequence[str]] = ()) -> Stage:
    """The next stage from the winners of ``current`` (3.4.2, 3.4.3).

    The eliminated are removed, the survivors keep their original order and are paired by halves
    again (padded per 3.4.1.2 if a double defeat left a gap). A player who passed advances whether
    or not listed. After the semi-final: the final between its winners plus the match for third
    place between its losers (3.4.3).
    """
    if current.is_final:
        raise FailedPrecondition("the final is the last stage; record its results with final_places")
    if current.byes_to_top_seeds:
        return _next_bracket_stage(current, winners, both_lost)
    survivors = survivors_in_original_order(current, winners, both_lost)
    if current.name == SEMI_FINAL:
        advancing = {s.id for s in survivors}
        played = (s for m in current.matches if not m.is_pass for s in m.players)
        losers = tuple(sorted((s for s in played if s.id not in advancing), key=lambda s: s.number))
        final = Match(1, survivors[0], survivors[1] if len(survivors) > 1 else None)
        third = Match(1, losers[0], losers[1] if len(losers) > 1 else None) if losers else None
        return Stage(FINAL, survivors, (final,), third, current.byes_to_top_seeds)
    if len(survivors) < 2:
        raise InvalidArgument.single("both_lost", f"after the {current.name} fewer than two players remain; the cup cannot go on")
    return _stage(survivors, current.byes_to_top_seeds)


def _next_bracket_stage(current: Stage, winners: Iterable[str], both_lost: Iterable[Sequence[str]]) -> Stage:
    """The conventional bracket's next stage: the winner of pair i takes position i (no
    re-seeding); a pair both players lost leaves its position empty, so the neighbour passes."""
    advancing = _advancing(current, winners, both_lost)
    pos = current.positions
    slots = tuple(
        next((s for s in (pos[2 * i], pos[2 * i + 1]) if s is not None and s.id in advancing), None) for i in range(len(pos) // 2)
    )
    if current.name == SEMI_FINAL:
        played = (s for m in current.matches if not m.is_pass for s in m.players)
        losers = tuple(s for s in played if s.id not in advancing)  # in bracket order
        final = _bracket_pairs(slots)[0]
        third = Match(1, losers[0], losers[1] if len(losers) > 1 else None) if losers else None
        return Stage(FINAL, slots, (final,), third, True)
    if sum(s is not None for s in slots) < 2:
        raise InvalidArgument.single("both_lost", f"after the {current.name} fewer than two players remain; the cup cannot go on")
    return _bracket_stage(slots)


def pair_stage(
    players: Sequence[Seed],
    *,
    byes_to_top_seeds: bool = False,
    positions: Sequence[int] = (),
    bracket_size: int = 0,
    stage_size: int = 0,
) -> Stage:
    """Pair any stage from the survivors the caller gives (``cup.bracket.later-stages``).

    The cup's state (results, who survived) is kept by its owner; this only pairs, the same way as
    :func:`next_stage` would:

    * literal (default): ``players`` are the survivors in their original seed order (3.4.1.3); the
      list is padded to the next power of two and paired by halves (3.4.1.2, 3.4.2);
    * ``byes_to_top_seeds``: ``positions[i]`` is the bracket position (1-based, fixed for the
      whole cup) ``players[i]`` had in the first stage of a bracket of ``bracket_size`` positions;
      ``stage_size`` is the number of positions of the stage to pair (0 = ``bracket_size``, the
      first stage). In a stage of size T a player stands at position ceil(p * T / bracket_size);
      neighbouring positions play, a player next to an empty position passes.

    No third-place match here: pair the semi-final losers as a stage of their own.
    """
    v = Violations()
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidArgument.single("players", "must be a list of players (seeds)")
    if len(players) > MAX_KNOCKOUT_ENTRANTS:  # before any work
        raise InvalidArgument.single("players", f"at most {MAX_KNOCKOUT_ENTRANTS} players (Rondo's capacity), got {len(players)}")
    if len(players) < 2:
        v.add("players", f"a stage needs at least 2 players to pair, got {len(players)}")
    seen: dict[str, int] = {}
    numbers: dict[int, int] = {}
    for i, p in enumerate(players):
        if not isinstance(p, Seed):
            v.add(f"players[{i}]", "must be a Seed (an entrant with its seed number)")
            continue
        if not isinstance(p.id, str) or not p.id.strip():
            v.add(f"players[{i}].id", "every player needs a non-empty id")
        elif p.id in seen:
            v.add(f"players[{i}].id", f"'{p.id}' is already players[{seen[p.id]}]; list each survivor once")
        else:
            seen[p.id] = i
        w = p.entrant.win_percentage
        if w is not None and (not isinstance(w, (int, Fraction)) or not 0 <= w <= 100):
            v.add(f"players[{i}].win_percentage", f"an exact percentage between 0 and 100, got {w}")
        if not _is_int(p.number) or p.number < 1:
            v.add(f"players[{i}].seed", f"a seed number is a whole number from 1 (the best), got {p.number!r}")
        elif p.number in numbers:
            v.add(f"players[{i}].seed", f"seed {p.number} is already players[{numbers[p.number]}]")
        else:
            if not byes_to_top_seeds and numbers and p.number < max(numbers):
                v.add(
                    f"players[{i}].seed",
                    f"seed {p.number} comes after seed {max(numbers)}: give the survivors in their original seed order (3.4.1.3)",
                )
            numbers[p.number] = i
    if not byes_to_top_seeds or any(not isinstance(p, Seed) for p in players):
        v.raise_if_any()
    if not byes_to_top_seeds:
        return _stage(players, False)
    slots = _check_bracket(v, players, positions, bracket_size, stage_size)
    v.raise_if_any()
    return _bracket_stage(slots)


def _check_bracket(
    v: Violations, players: Sequence[Seed], positions: Sequence[int], bracket_size: int, stage_size: int
) -> list[Seed | None]:
    """Validate the bracket fields of :func:`pair_stage`; the stage's positions (empty when invalid)."""
    ok = True
    largest = _next_power_of_two(MAX_KNOCKOUT_ENTRANTS)
    if not _is_int(bracket_size) or bracket_size < 2 or bracket_size & (bracket_size - 1):
        v.add("bracket_size", f"the first stage's positions: a power of two from 2 (e.g. 64), got {bracket_size!r}")
        ok = False
    elif bracket_size > largest:
        v.add("bracket_size", f"at most {largest} positions (Rondo's capacity), got {bracket_size}")
        ok = False
    if stage_size == 0:
        stage_size = bracket_size  # the first stage
    elif not _is_int(stage_size) or stage_size < 2 or stage_size & (stage_size - 1):
        v.add("stage_size", f"the stage's positions: a power of two from 2 (64, 32, ..., 2), got {stage_size!r}")
        ok = False
    elif ok and stage_size > bracket_size:
        v.add("stage_size", f"a stage of {stage_size} positions does not fit a bracket of {bracket_size}")
        ok = False
    if isinstance(positions, (str, bytes)) or not isinstance(positions, Sequence) or len(positions) != len(players):
        v.add(
            "positions",
            "give each player's bracket position in the first stage, one per player in the same order (option byes_to_top_seeds)",
        )
        return []
    if not ok:
        return []
    per_slot = bracket_size // stage_size
    slots: list[Seed | None] = [None] * stage_size
    taken: dict[int, int] = {}
    for i, (p, pos) in enumerate(zip(players, positions)):
        field = f"players[{i}].position"
        if not _is_int(pos) or not 1 <= pos <= bracket_size:
            v.add(field, f"a bracket position lies between 1 and {bracket_size}, got {pos!r}")
            continue
        slot = (pos - 1) // per_slot
        if slot in taken:
            j = taken[slot]
            lo, hi = slot * per_slot + 1, (slot + 1) * per_slot
            where = f"position {pos}" if per_slot == 1 else f"the same part of the bracket (positions {_span(lo, hi)})"
            v.add(
                field,
                f"'{p.id}' and '{players[j].id}' (players[{j}]) both come from {where}; only one of them "
                f"can reach position {slot + 1} of the {stage_name(stage_size)}",
            )
            continue
        taken[slot] = i
        slots[slot] = p
    return slots


def final_places(final_stage: Stage, final_winner: str, third_place_winner: str | None = None) -> FinalPlaces:
    """Places 1-4 from the final and the match for third place (3.4.3, 1.6.1).

    A player who passes (no opponent) takes the better place without playing.
    """
    if not final_stage.is_final:
        raise FailedPrecondition(f"places come from the final; this is the {final_stage.name}")
    v = Violations()
    final = final_stage.matches[0]
    ids = [s.id for s in final.players]
    if final_winner not in ids:
        v.add("final_winner", f"'{final_winner}' is not in the final ({' v '.join(ids)})")
    third = final_stage.third_place
    if third is not None and not third.is_pass:
        tids = [s.id for s in third.players]
        if third_place_winner is None:
            v.add("third_place_winner", f"give the winner of the third-place match ({' v '.join(tids)})")
        elif third_place_winner not in tids:
            v.add(
                "third_place_winner",
                f"'{third_place_winner}' is not in the third-place match ({' v '.join(tids)})",
            )
    elif third_place_winner is not None and (third is None or third_place_winner != third.upper.id):
        v.add("third_place_winner", "there is no third-place match to win in this bracket")
    v.raise_if_any()

    def split(m: Match | None, winner: str | None) -> tuple[Seed | None, Seed | None]:
        if m is None:
            return None, None
        if m.is_pass:
            return m.upper, None
        a, b = m.players
        return (a, b) if a.id == winner else (b, a)

    first, second = split(final, final_winner)
    third_p, fourth = split(third, third_place_winner)
    assert first is not None
    return FinalPlaces(first, second, third_p, fourth)


def simulate_bracket(start: KnockoutPlan | Stage, results: Sequence[Iterable[str]]) -> BracketRun:
    """Play the bracket forward: ``results[k]`` lists the winners of the k-th stage from ``start``.

    For the final stage ``results[k]`` holds the final's winner and the third-place winner (either
    order). Stops when results run out; ``places`` is set once the final is recorded.
    """
    stage = start.first_stage if isinstance(start, KnockoutPlan) else start
    stages = [stage]
    for k, winners in enumerate(results):
        winners = list(winners)
        if stage.is_final:
            if k != len(results) - 1:
                raise InvalidArgument.single(f"results[{k + 1}]", "the cup is over after the final; remove the extra results")
            final_ids = {s.id for s in stage.matches[0].players}
            fw = [w for w in winners if w in final_ids]
            tw = [w for w in winners if w not in final_ids]
            if len(fw) != 1 or len(tw) > 1:
                raise InvalidArgument.single(
                    f"results[{k}]",
                    "for the final stage give exactly the final's winner and the third-place winner",
                )
            try:
                places = final_places(stage, fw[0], tw[0] if tw else None)
            except InvalidArgument as err:
                here = f"results[{k}]"
                raise _refield(err, {"final_winner": here, "third_place_winner": here}) from None
            return BracketRun(tuple(stages), places)
        try:
            stage = next_stage(stage, winners)
        except InvalidArgument as err:
            raise _refield(err, {"winners": f"results[{k}]"}) from None
        stages.append(stage)
    return BracketRun(tuple(stages), None)


def _refield(err: InvalidArgument, prefixes: dict[str, str]) -> InvalidArgument:
    """The same violations with request paths re-rooted (``winners[2]`` -> ``results[3][2]``)."""
    out = []
    for fv in err.violations:
        field = fv.field
        for old, new in prefixes.items():
            if field == old or field.startswith(old + "["):
                field = new + field[len(old) :]
                break
        out.append(fv.renamed(field))
    return InvalidArgument.of(out)


# ----------------------------------------------------------------------------------------- explain


def explain(plan: KnockoutPlan) -> tuple[str, ...]:
    """Human-readable account of the seeding and the first stage: who plays, who passes, and what
    the other pairing would have done (docs/rules.md, ``cup.bracket.literal-halves``, "Decision")."""
    s = plan.seeding
    stage = plan.first_stage
    lines = [
        f"{s.applications} applications; {len(s.seeds)} seeds ordered by title, then rating "
        "(unrated after rated), then earlier application (3.4.1.1, 3.4.1.3)."
    ]
    if s.cut:
        lines.append(
            f"Over the maximum of {s.max_participants} (2.3, 3.4.1.1): {len(s.cut)} cut, ranked "
            f"{_span(s.cut[0].number, s.cut[-1].number)}: {', '.join(c.id for c in s.cut)}."
        )
    if s.void_reason:
        lines.append(f"{s.void_reason[0].upper()}{s.void_reason[1:]}; the bracket below applies if the cup goes ahead.")
    n, size = len(stage.players), len(stage.positions)
    if plan.byes_to_top_seeds:
        lines.append(
            f"Standard bracket of {size} positions (option byes_to_top_seeds): seed s meets seed "
            f"{size + 1} − s in the first stage and the top seeds meet as late as possible; the "
            "positions stay fixed for the whole cup (no re-seeding between stages)."
        )
    lines.extend(explain_stage(stage))
    if size > n:
        other = _stage(s.seeds, not plan.byes_to_top_seeds)
        play, passing = _summaries(other)
        if plan.byes_to_top_seeds:
            lines.append(
                f"Literal regulation instead (empty positions at the bottom, 3.4.1.2): {play}{'; ' + passing if passing else ''}."
            )
        else:
            lines.append(f"With the conventional option byes_to_top_seeds instead: {play}{'; ' + passing if passing else ''}.")
    lines.append(
        "In each pair the player listed first plays blue in the first game: lower rating, then lower "
        "win percentage (4.1.2); if still equal, the higher seed number (Rondo decision)."
    )
    return tuple(lines)


def explain_stage(stage: Stage) -> tuple[str, ...]:
    """Who plays whom (by original seed numbers) and who passes in one stage."""
    n, size = len(stage.players), len(stage.positions)
    lines = []
    if stage.byes_to_top_seeds:
        empty = _count(size - n, "empty position") if size > n else "no empty positions"
        lines.append(
            f"{n} players on the {size} positions of the standard bracket, {empty} (option "
            f"byes_to_top_seeds: fixed positions, no re-seeding); stage: {stage.name}."
        )
    elif size > n:
        lines.append(
            f"{n} players padded to {size} positions with {_count(size - n, 'empty position')} at the bottom of "
            f"the list (3.4.1.2); stage: {stage.name}."
        )
    else:
        lines.append(f"{n} players, no empty positions; stage: {stage.name}.")
    play, passing = _summaries(stage)
    how = "by bracket position (option byes_to_top_seeds)" if stage.byes_to_top_seeds else "by halves (3.4.2)"
    lines.append(f"Pairing {how}: {play}.")
    if passing:
        lines.append(f"{passing[0].upper()}{passing[1:]}.")
    if stage.third_place is not None:
        t = stage.third_place
        if t.second is not None:
            lines.append(f"Third-place match (3.4.3): seed {t.first.number} v seed {t.second.number}.")
        else:
            lines.append(f"Third-place match (3.4.3): seed {t.upper.number} takes third without playing.")
    return tuple(lines)


def _summaries(stage: Stage) -> tuple[str, str]:
    """(who plays whom, who passes) by seed numbers; runs of pairs whose seeds step by one are
    shortened: "seeds 1–8 play seeds 33–40 (1 v 33, 2 v 34, …, 8 v 40)"."""
    played = sorted(
        (tuple(sorted((s.number for s in m.players))) for m in stage.matches if not m.is_pass),
        key=lambda pair: pair[0],
    )
    runs: list[list[tuple[int, int]]] = []
    for a, b in played:
        run = runs[-1] if runs else None
        if (
            run
            and a == run[-1][0] + 1
            and b - run[-1][1] in (-1, 1)
            and (len(run) == 1 or b - run[-1][1] == run[-1][1] - run[-2][1])
        ):
            run.append((a, b))
        else:
            runs.append([(a, b)])
    parts = []
    for r in runs:
        if len(r) == 1:
            parts.append(f"seed {r[0][0]} plays seed {r[0][1]}")
        else:
            shown = [f"{a} v {b}" for a, b in r]
            if len(shown) > 3:
                shown = [shown[0], shown[1], "…", shown[-1]]
            lows = [b for _, b in r]
            parts.append(f"seeds {_span(r[0][0], r[-1][0])} play seeds {_span(min(lows), max(lows))} ({', '.join(shown)})")
    play = "; ".join(parts) if parts else "nobody plays"
    passes = sorted(m.upper.number for m in stage.matches if m.is_pass)
    passing = ""
    if passes:
        groups = _ranges(passes)
        one = len(passes) == 1
        label, verb = ("seed", "passes") if one else ("seeds", "pass")
        nxt = stage_name(len(stage.positions) // 2) if len(stage.positions) > 2 else "the title"
        why = "faces an empty position" if one else "they face empty positions"
        why = f"{why}, 3.4.2" if not stage.byes_to_top_seeds else why
        passing = f"{label} {', '.join(groups)} {verb} to the {nxt} without playing ({why})"
    return play, passing


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _span(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}–{b}"


def _ranges(numbers: list[int]) -> list[str]:
    out: list[str] = []
    start = prev = numbers[0]
    for x in numbers[1:]:
        if x != prev + 1:
            out.append(_span(start, prev))
            start = x
        prev = x
    out.append(_span(start, prev))
    return out
