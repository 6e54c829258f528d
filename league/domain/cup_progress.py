"""The open cup through the service, stage by stage (docs/rules.md ``cup.stages.*``, ``cup.records.*``,
``cup.disqualification.*``; open-cup-2023 3.4.1.1-3.4.3, 4.3, 6.4).

League keeps the cup's state; the solver pairs each stage. This module is the competition ruleset
"open-cup-2023" in the stages framework (``league.domain.stage_kinds``):

* :func:`cup_seeding`: the seed list from the registered players, by the solver's own ordering
  (``solver.domain.knockout.seed_list``, one implementation; Rondo stores no sports titles yet, so
  rating then registration order decide); 8 to 64 players, the rest are left out and named.
* :func:`cup_input`: THE converter from stored stages, game records and disqualifications to the cup
  domain's input (``league.domain.cup.cup_progress``); the progress and the bracket read both use it.
* :class:`CupProgressRules`: the next stage from the survivors in their original seed order (the
  solver pairs it by halves), the final and the third-place match together as one stage (league
  seats it: two tables, the final first), when a stage is complete.
* :func:`check_cup_game`: a game recorded in a pairing of a cup stage.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from solver.domain import knockout

from . import cup
from .model import Player, PlayerStatus
from .records import KIND_OF, Content, GameEntry, RecordKind
from .stage_kinds import (
    PROGRESS,
    RESULT_CHECKS,
    CompetitionState,
    KnockoutEntrant,
    KnockoutSeating,
    Seating,
    StagePlan,
    check_fixed_rounds,
)
from .stages import Stage, StageRound, Table

RULESET = "open-cup-2023"
KIND = "cup-knockout"
MIN_PLAYERS = 8  # open-cup-2023 2.3
MAX_PLAYERS = 64  # open-cup-2023 2.3, 3.4.1.1
#: the final stage's table of the third-place match (table 1 is the final)
THIRD_PLACE_TABLE = 2
#: per competition ruleset: the conventional bracket (cup.bracket.byes-to-top-seeds) or the literal one
BYES_TO_TOP_SEEDS = {RULESET: False}


# ------------------------------------------------------------------------------------------ seeding


def cup_seeding(players: Sequence[Player]) -> knockout.Seeding:
    """The seed list of a cup from its registered players (3.4.1.1, 3.4.1.3): the solver's ordering
    (title, rating, application order) with no titles stored, so rating (unrated after rated), then
    registration order. Withdrawn and disqualified players do not enter. FAILED_PRECONDITION under 8."""
    entrants = [
        knockout.Entrant(p.id, None, p.rating, p.registration_order)
        for p in sorted(players, key=lambda p: p.registration_order)
        if p.status is PlayerStatus.MAIN
    ]
    if len(entrants) < MIN_PLAYERS:
        raise FailedPrecondition(f"the cup needs at least {MIN_PLAYERS} players (open-cup-2023 2.3); {len(entrants)} registered")
    return knockout.seed_list(entrants, max_participants=MAX_PLAYERS, min_participants=MIN_PLAYERS)


# ---------------------------------------------------------------------------------------- converter


@dataclass(frozen=True)
class CupInput:
    """The cup domain's input, as stored: the seed list of stage 1, each stage's pairs, every current
    game and every disqualification; ``tables[(stage, match)]`` is the stored table of a match."""

    seeds: tuple[str, ...]
    cut: tuple[str, ...]
    pairings: tuple[tuple[Table, ...], ...]
    games: tuple[cup.Game, ...]
    disqualifications: tuple[cup.Disqualification, ...]
    tables: dict[tuple[int, int], int]


def cup_stages(state: CompetitionState) -> list[Stage]:
    return [s for s in state.stages if s.kind == KIND]


def game_of(entry: GameEntry, stage: int, match: int) -> cup.Game:
    """A stored game in the cup domain's terms: "1-0"/"0-1" a win, "=" drawn (replayed), "+/-" and
    "-/+" a technical defeat of the absent player (4.3), "-/-" both absent (4.3.3)."""
    first, second = entry.first, entry.second
    winner = {"1-0": first, "0-1": second}.get(entry.result)
    absent = {"+/-": (second,), "-/+": (first,), "-/-": (first, second)}.get(entry.result, ())
    return cup.Game(stage, match, entry.number, winner, absent)


def match_of(stage: Stage, table: int) -> int:
    """The cup domain's match number of a table: the pair's number, or the third-place match."""
    return cup.THIRD_PLACE_MATCH if stage.details.get("third_place_table") == table else table


def cup_input(state: CompetitionState) -> CupInput:
    stages = cup_stages(state)
    if not stages:
        return CupInput((), (), (), (), (), {})
    first = stages[0].basis
    seeds = tuple(str(p) for p, _ in first.get("seeds", []))
    cut = tuple(str(p) for p in first.get("cut", []))
    pairings = []
    tables: dict[tuple[int, int], int] = {}
    for st in stages:
        third = st.details.get("third_place_table")
        pairs = []
        for t, table in enumerate(st.rounds[0] if st.rounds else (), start=1):
            tables[(st.number, match_of(st, t))] = t
            if t != third:
                pairs.append(tuple(table))
        pairings.append(tuple(pairs))
    by_number = {st.number: st for st in stages}
    games = tuple(
        game_of(r.content, r.stage, match_of(by_number[r.stage], r.table))
        for n in by_number
        for r in state.stage_records(n)
        if r.kind is RecordKind.GAME and isinstance(r.content, GameEntry)
    )
    dqs = tuple(
        cup.Disqualification(d.player_id, d.stage, d.reason)
        for d in state.disqualifications
        if d.stage >= 1 and d.player_id in seeds
    )
    return CupInput(seeds, cut, tuple(pairings), games, dqs, tables)


def cup_state(state: CompetitionState) -> tuple[CupInput, cup.CupProgress]:
    """The cup as far as it went; stored data the cup domain refuses is FAILED_PRECONDITION with why."""
    data = cup_input(state)
    try:
        progress = cup.cup_progress(data.seeds, data.pairings, data.games, data.disqualifications)
    except InvalidArgument as error:
        raise FailedPrecondition(
            "the cup's stored results do not add up: " + "; ".join(f"{v.field}: {v.description}" for v in error.violations)
        ) from None
    return data, progress


# ------------------------------------------------------------------------------------------ progress


def _next_power_of_two(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def _seed(player: str, number: int, rating: int | None) -> knockout.Seed:
    return knockout.Seed(number, knockout.Entrant(player, None, rating, 0, Fraction(0)))


def _blue_first(pair: Sequence[tuple[str, int]], ratings: dict[str, int | None]) -> Table:
    """A pair in the order it plays: blue first (4.1.2, the solver's ``first_game_blue``)."""
    if len(pair) == 1:
        return (pair[0][0],)
    blue, other, _ = knockout.first_game_blue(*(_seed(p, n, ratings.get(p)) for p, n in pair))
    return (blue.id, other.id)


def _disqualified(state: CompetitionState) -> list[str]:
    return [d.player_id for d in state.disqualifications]


class CupProgressRules:
    """``PROGRESS["open-cup-2023"]``: stage k from the survivors of stage k - 1 (cup.stages.paired-from-survivors)."""

    def next_stage(self, state: CompetitionState) -> StagePlan:
        ratings = {p.id: p.rating for p in state.players}
        byes = BYES_TO_TOP_SEEDS.get(state.competition.ruleset, False)
        stages = cup_stages(state)
        if not stages:
            seeding = cup_seeding(state.players)
            size = _next_power_of_two(len(seeding.seeds))
            notes = [f"{len(seeding.seeds)} players seeded by rating, then registration order (3.4.1.1, 3.4.1.3)"]
            if seeding.cut:
                notes.append(
                    f"over the maximum of {MAX_PLAYERS} (2.3): left out, best first: {', '.join(s.id for s in seeding.cut)}"
                )
            if byes:
                raise FailedPrecondition("the conventional bracket (byes to top seeds) is not offered through stages yet")
            survivors = tuple((s.id, s.number) for s in seeding.seeds)
            basis = {"seeds": [list(x) for x in survivors], "cut": [s.id for s in seeding.cut]}
            return self._knockout(1, survivors, ratings, size, basis, tuple(notes))
        data, progress = cup_state(state)
        last = progress.stages[-1]
        if not last.decided:
            open_ = ", ".join(_label(m, data, last.number) for m in last.all_matches if not m.decided)
            raise FailedPrecondition(f"stage {last.number} ({last.name}) is not finished: {open_} undecided")
        if progress.finished:
            places = ", ".join(f"{i}. {p}" for i, p in enumerate(progress.places, start=1) if p)
            return StagePlan(0, KIND, "", (), Seating.FIXED, notes=(f"the cup is over: {places}",), finished=True)
        survivors = progress.survivors
        if not survivors:
            raise FailedPrecondition(f"nobody survived stage {last.number} ({last.name}); the arbiter decides (5.2.2)")
        number = last.number + 1
        size = _next_power_of_two(len(survivors))
        basis = {"survivors": [list(x) for x in survivors]}
        if cup.stage_name(max(size, 2)) != cup.FINAL:
            return self._knockout(number, survivors, ratings, 2 * len(data.pairings[0]), basis, progress.explanation)
        # The final and the third-place match: one stage, one round, the final at table 1 and the
        # semi-final losers at table 2 (3.4.3); both pairs are fixed, so league seats them itself
        # with the solver's rule for blue (cup.stages.final-with-third-place).
        tables: list[Table] = [_blue_first(survivors, ratings)]
        details: dict = {"disqualified": [p for p in _disqualified(state) if p in {s for s, _ in survivors}]}
        if last.name == cup.SEMI_FINAL:
            seed_of = dict(zip(data.seeds, range(1, len(data.seeds) + 1)))
            losers = sorted((p for m in last.matches for p in m.losers), key=lambda p: seed_of[p])
            if losers:
                tables.append(_blue_first([(p, seed_of[p]) for p in losers], ratings))
                details["third_place_table"] = THIRD_PLACE_TABLE
                details["disqualified"] += [p for p in _disqualified(state) if p in losers]
                basis["semi_final_losers"] = losers
        return StagePlan(
            number=number,
            kind=KIND,
            name=cup.FINAL,
            groups=tuple((name, table) for name, table in zip(("final", cup.THIRD_PLACE), tables, strict=False)),
            seating=Seating.FIXED,
            rounds=(tuple(tables),),
            details=details,
            basis=basis,
            notes=progress.explanation,
        )

    def _knockout(
        self,
        number: int,
        survivors: tuple[tuple[str, int], ...],
        ratings: dict[str, int | None],
        bracket_size: int,
        basis: dict,
        notes: tuple[str, ...],
    ) -> StagePlan:
        size = _next_power_of_two(len(survivors))
        entrants = tuple(KnockoutEntrant(p, seed, rating=ratings.get(p)) for p, seed in survivors)
        return StagePlan(
            number=number,
            kind=KIND,
            name=cup.stage_name(size),
            groups=(("survivors", tuple(p for p, _ in survivors)),),
            seating=Seating.KNOCKOUT_PAIRS,
            knockout=KnockoutSeating(entrants, False, bracket_size, size),
            details={},
            basis=basis,
            notes=notes,
        )

    def check_rounds(self, plan: StagePlan, rounds: tuple[StageRound, ...]) -> None:
        """A knockout stage is exactly the literal pairing by halves of its survivors (3.4.2), blue first;
        the final stage (the final and the third-place match) is league's own."""
        if plan.seating is Seating.FIXED or plan.knockout is None:
            check_fixed_rounds(plan, rounds)
            return
        seeds = [_seed(e.id, e.seed, e.rating) for e in plan.knockout.entrants]
        wanted = tuple((m.first.id,) if m.second is None else (m.first.id, m.second.id) for m in knockout.pair_by_halves(seeds))
        got = tuple(tuple(t) for t in rounds[0]) if len(rounds) == 1 else None
        if got != wanted:
            text = "; ".join(" v ".join(t) if len(t) == 2 else f"{t[0]} passes" for t in wanted)
            raise InvalidArgument.single(
                "rounds",
                f"stage {plan.number} ({plan.name}) is one round: the survivors paired by halves in their "
                f"original seed order, blue first (3.4.1.3, 3.4.2): {text}"[:900],
            )

    def stage_complete(self, state: CompetitionState, stage: Stage) -> bool:
        """Every pairing of the stage is decided. Called after each record: a new game of a player
        disqualified before it was entered is refused here (his opponent already won, 6.4)."""
        gone = {d.player_id: d for d in state.disqualifications}
        for r in state.stage_records(stage.number):
            if isinstance(r.content, GameEntry) and r.replaces_record_id is None:
                for p in (r.content.first, r.content.second):
                    d = gone.get(p)
                    if d is not None and r.recorded_at > d.recorded_at:
                        raise FailedPrecondition(
                            f"{p} was disqualified ({d.reason}): his opponent wins his pairing technically (6.4); "
                            "it takes no more games"
                        )
        _, progress = cup_state(state)
        return len(progress.stages) >= stage.number and progress.stages[stage.number - 1].decided


def _label(m: cup.MatchProgress, data: CupInput, stage: int) -> str:
    table = data.tables.get((stage, m.number), m.number)
    what = "the third-place match" if m.number == cup.THIRD_PLACE_MATCH else f"pairing {m.number}"
    return f"{what} (table {table}: {' v '.join(m.players)})"


# ------------------------------------------------------------------------------------------ records


def check_cup_game(stage: Stage, round_no: int, table: int, seats: Table, live: Sequence[Content], new: Content) -> None:
    """A game of a pairing of a cup stage (cup.records.series-games-in-order): the pairing's two
    players (either order), numbered 1, 2, ... without gaps or repeats, none after the series is
    decided, a pass takes none, no double technical defeat in a medal match."""
    if not isinstance(new, GameEntry):
        raise InvalidArgument.single(
            KIND_OF[type(new)].value,
            f"stage {stage.number} ({stage.name}) is a cup stage: record its games (RecordGame) only",
        )
    third = stage.details.get("third_place_table") == table
    name = cup.THIRD_PLACE if third else stage.name
    what = "the third-place match" if third else f"pairing {table} of the {stage.name}"
    if len(seats) == 1:
        raise FailedPrecondition(f"{what} is a pass: {seats[0]} advances without playing (3.4.2); it takes no games")
    for f, p in (("game.first_player_id", new.first), ("game.second_player_id", new.second)):
        if p not in seats:
            raise InvalidArgument.single(f, f"{p!r} does not play in {what} ({seats[0]} v {seats[1]})")
    if new.first == new.second:
        raise InvalidArgument.single(
            "game.second_player_id", f"the two players of a game differ; {what} is {seats[0]} v {seats[1]}"
        )
    gone = [p for p in seats if p in stage.details.get("disqualified", [])]
    if gone:
        raise FailedPrecondition(f"{gone[0]} was disqualified before this stage: his opponent wins {what} technically (6.4)")
    games = [c for c in live if isinstance(c, GameEntry)]
    numbers = {g.number for g in games}
    if new.number in numbers:
        raise InvalidArgument.single(
            "game.number", f"game {new.number} of {what} is already recorded; correct it (CorrectRecord) instead"
        )
    if new.number > len(games) + 1:
        raise InvalidArgument.single(
            "game.number",
            f"the next game of {what} is game {len(games) + 1}, not {new.number}: games are numbered 1, 2, ... (replays included)",
        )
    if new.result == "-/-" and name in (cup.SEMI_FINAL, cup.FINAL, cup.THIRD_PLACE):
        raise InvalidArgument.single(
            "game.result",
            f"a double technical defeat in the {name} leaves a medal match without a player; the regulation gives "
            "no rule (5.2.2 г): record the arbiter's winner",
        )
    target = cup.OPEN_CUP_2023.wins_needed(name)
    wins = dict.fromkeys(seats, 0)
    for g in sorted([*games, new], key=lambda g: g.number):
        decided = max(wins.values()) >= target
        if decided:
            won = max(wins, key=lambda p: wins[p])
            lost = next(p for p in seats if p != won)
            text = f"{what} is decided: {won} won {wins[won]}-{wins[lost]}"
            if g is new:
                raise FailedPrecondition(text + "; it takes no more games")
            raise InvalidArgument.single("game.result", text + f" after this correction; game {g.number} would follow it")
        cg = game_of(g, stage.number, table)
        if len(cg.absent) == 2:
            if g is new:
                return
            raise InvalidArgument.single("game.number", f"{what} ended with game {g.number} (both absent, 4.3.3)")
        winner = cg.winner if cg.winner else next((p for p in seats if p not in cg.absent), None) if cg.absent else None
        if winner is not None:
            wins[winner] += 1


PROGRESS[RULESET] = CupProgressRules()
RESULT_CHECKS[KIND] = check_cup_game
