"""The open cup through the service, stage by stage (docs/rules.md ``cup.stages.*``, ``cup.records.*``,
``cup.disqualification.*``; open-cup-2023 3.4.1.1-3.4.3, 4.3, 6.4).

League keeps the cup's state and seats every stage. This module is the competition ruleset
"open-cup-2023" in the stages framework (``league.domain.stage_kinds``):

* :func:`cup_seeding`: the seed list from the registered players, by the bracket's ordering
  (``league.domain.cup.bracket.seed_list``, one implementation; Rondo stores no sports titles yet, so
  rating then registration order decide); 8 to 64 players, the rest are left out and named.
* :func:`cup_input`: THE converter from stored stages, game records and disqualifications to the cup
  domain's input (``league.domain.cup.knockout.cup_progress``); the progress and the bracket read both use it.
* :class:`CupProgressRules`: the next stage from the survivors in their original seed order, paired
  by halves (:func:`literal_pairs`), the final and the third-place match together as one stage (two
  tables, the final first), when a stage is complete.
* :func:`check_cup_game`: a game recorded in a pairing of a cup stage.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.domain import texts
from league.domain.cup import bracket as cup_bracket
from league.domain.cup import knockout as cup
from league.domain.cup.season import CupSeason, CupSeries
from league.domain.model import Player, PlayerStatus
from league.domain.records import KIND_OF, Content, GameEntry, RecordKind
from league.domain.stage_kinds import (
    NEW_RESULT,
    CompetitionState,
    CorrectionEffects,
    Derived,
    ResultContext,
    StagePlan,
    effects,
    later_stage_effects,
)
from league.domain.stages import Stage, Table
from rondo_runtime.errors import FailedPrecondition, FieldViolation, InvalidArgument
from rondo_runtime.validation import Violations

RULESET = "open-cup-2023"
KIND = "cup-knockout"
MIN_PLAYERS = 8  # open-cup-2023 2.3
MAX_PLAYERS = 64  # open-cup-2023 2.3, 3.4.1.1
#: the final stage's table of the third-place match (table 1 is the final)
THIRD_PLACE_TABLE = 2
#: per competition ruleset: the conventional bracket (cup.bracket.byes-to-top-seeds) or the literal one
BYES_TO_TOP_SEEDS = {RULESET: False}


# ------------------------------------------------------------------------------------------ seeding


def cup_seeding(players: Sequence[Player]) -> cup_bracket.Seeding:
    """The seed list of a cup from its registered players (3.4.1.1, 3.4.1.3): the bracket's ordering
    (title, rating, application order) with no titles stored, so rating (unrated after rated), then
    registration order. Withdrawn and disqualified players do not enter. FAILED_PRECONDITION under 8."""
    entrants = [
        cup_bracket.Entrant(p.id, None, p.rating, p.registration_order)
        for p in sorted(players, key=lambda p: p.registration_order)
        if p.status is PlayerStatus.MAIN
    ]
    if len(entrants) < MIN_PLAYERS:
        raise FailedPrecondition.because("CUP_TOO_FEW_PLAYERS", minimum=MIN_PLAYERS, registered=len(entrants))
    return seeding_of(entrants)


def seeding_of(entrants: Sequence[cup_bracket.Entrant]) -> cup_bracket.Seeding:
    """The seed list of the service and of the season file alike: the bracket's ordering
    (``league.domain.cup.bracket.seed_list``), 8 to 64 entrants, the rest left out (2.3, 3.4.1.1)."""
    return cup_bracket.seed_list(entrants, max_participants=MAX_PLAYERS, min_participants=MIN_PLAYERS)


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
    third_place: tuple[str, ...] | None = None  # the third-place match as stored


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
    third_place: tuple[str, ...] | None = None
    for st in stages:
        third = st.details.get("third_place_table")
        pairs = []
        for t, table in enumerate(st.rounds[0] if st.rounds else (), start=1):
            tables[(st.number, match_of(st, t))] = t
            if t != third:
                pairs.append(tuple(table))
            else:
                third_place = tuple(table)
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
    return CupInput(seeds, cut, tuple(pairings), games, dqs, tables, third_place)


def cup_state(state: CompetitionState) -> tuple[CupInput, cup.CupProgress]:
    """The cup as far as it went, each stage with the players it was stored with (a correction the
    organizer confirmed after a stage was paired does not re-pair it); stored data the cup domain
    refuses is FAILED_PRECONDITION with why."""
    data = cup_input(state)
    try:
        progress = cup.cup_progress(
            data.seeds, data.pairings, data.games, data.disqualifications, as_paired=True, third_place=data.third_place
        )
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


def _seed(player: str, number: int, rating: int | None) -> cup_bracket.Seed:
    return cup_bracket.Seed(number, cup_bracket.Entrant(player, None, rating, 0, Fraction(0)))


def _blue_first(pair: Sequence[tuple[str, int]], ratings: Mapping[str, int | None]) -> Table:
    """A pair in the order it plays: blue first (4.1.2, the bracket's ``first_game_blue``)."""
    if len(pair) == 1:
        return (pair[0][0],)
    blue, other, _ = cup_bracket.first_game_blue(*(_seed(p, n, ratings.get(p)) for p, n in pair))
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
            if byes:
                raise FailedPrecondition("the conventional bracket (byes to top seeds) is not offered through stages yet")
            return first_stage(cup_seeding(state.players), ratings)
        data, progress = cup_state(state)
        return stage_after(progress, data.seeds, ratings, _disqualified(state), data.tables)

    def correction_effects(self, before: CompetitionState, after: CompetitionState) -> CorrectionEffects:
        return correction_effects(before, after)

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


def first_stage(seeding: cup_bracket.Seeding, ratings: Mapping[str, int | None]) -> StagePlan:
    """Stage 1 of a cup from its seed list, paired by halves (3.4.1.2-3.4.2)."""
    notes = [texts.cup_seeded(len(seeding.seeds))]
    if seeding.cut:
        notes.append(texts.cup_left_out(MAX_PLAYERS, [s.id for s in seeding.cut]))
    survivors = tuple((s.id, s.number) for s in seeding.seeds)
    basis = {"seeds": [list(x) for x in survivors], "cut": [s.id for s in seeding.cut]}
    return _knockout(1, survivors, ratings, basis, tuple(notes))


def stage_after(
    progress: cup.CupProgress,
    seeds: Sequence[str],
    ratings: Mapping[str, int | None],
    disqualified: Sequence[str] = (),
    tables: Mapping[tuple[int, int], int] | None = None,
) -> StagePlan:
    """The stage after the last one of ``progress`` (the cup as far as it went), for the service and the
    season file alike: the survivors in their original seed order, paired by halves
    (:func:`literal_pairs`), or the final stage (the final at table 1, the semi-final losers at
    table 2); ``finished`` after the final. FAILED_PRECONDITION while the last stage is
    undecided, or when nobody survived it."""
    last = progress.stages[-1]
    if not last.decided:
        open_ = ", ".join(_label(m, tables or {}, last.number) for m in last.all_matches if not m.decided)
        raise FailedPrecondition.because("STAGE_NOT_FINISHED", stage=last.number, name=last.name, open=open_)
    if progress.finished:
        return StagePlan(0, KIND, "", (), notes=(texts.cup_over(progress.places),), finished=True)
    survivors = progress.survivors
    if not survivors:
        raise FailedPrecondition(f"nobody survived stage {last.number} ({last.name}); the arbiter decides (5.2.2)")
    number = last.number + 1
    size = _next_power_of_two(len(survivors))
    basis: dict = {"survivors": [list(x) for x in survivors]}
    if cup.stage_name(max(size, 2)) != cup.FINAL:
        return _knockout(number, survivors, ratings, basis, progress.explanation)
    # The final and the third-place match: one stage, one round, the final at table 1 and the
    # semi-final losers at table 2 (3.4.3), blue by the bracket's rule (cup.stages.final-with-third-place).
    finalists = {s for s, _ in survivors}
    tables_: list[Table] = [_blue_first(survivors, ratings)]
    details: dict = {"disqualified": [p for p in disqualified if p in finalists]}
    if last.name == cup.SEMI_FINAL:
        seed_of = dict(zip(seeds, range(1, len(seeds) + 1)))
        losers = sorted((p for m in last.matches for p in m.losers), key=lambda p: seed_of[p])
        if losers:
            tables_.append(_blue_first([(p, seed_of[p]) for p in losers], ratings))
            details["third_place_table"] = THIRD_PLACE_TABLE
            details["disqualified"] += [p for p in disqualified if p in losers]
            basis["semi_final_losers"] = losers
    return StagePlan(
        number=number,
        kind=KIND,
        name=cup.FINAL,
        groups=tuple((name, table) for name, table in zip(("final", cup.THIRD_PLACE), tables_, strict=False)),
        rounds=(tuple(tables_),),
        details=details,
        basis=basis,
        notes=progress.explanation,
    )


def literal_pairs(survivors: Sequence[tuple[str, int]], ratings: Mapping[str, int | None]) -> tuple[Table, ...]:
    """The pairs of a knockout stage as the regulation makes them: the survivors (player, original
    seed) in their original seed order paired by halves, blue first (3.4.1.3, 3.4.2, 4.1.2); a pass is
    a table of one."""
    seeds = [_seed(p, seed, ratings.get(p)) for p, seed in survivors]
    return tuple((m.first.id,) if m.second is None else (m.first.id, m.second.id) for m in cup_bracket.pair_by_halves(seeds))


def planned_tables(plan: StagePlan) -> tuple[Table, ...]:
    """The tables a planned stage is stored with (its one round)."""
    return plan.rounds[0] if plan.rounds else ()


def _knockout(
    number: int,
    survivors: tuple[tuple[str, int], ...],
    ratings: Mapping[str, int | None],
    basis: dict,
    notes: tuple[str, ...],
) -> StagePlan:
    return StagePlan(
        number=number,
        kind=KIND,
        name=cup.stage_name(_next_power_of_two(len(survivors))),
        groups=(("survivors", tuple(p for p, _ in survivors)),),
        rounds=(literal_pairs(survivors, ratings),),
        details={},
        basis=basis,
        notes=notes,
    )


def _label(m: cup.MatchProgress, tables: Mapping[tuple[int, int], int], stage: int) -> str:
    table = tables.get((stage, m.number), m.number)
    what = "the third-place match" if m.number == cup.THIRD_PLACE_MATCH else f"pairing {m.number}"
    return f"{what} (table {table}: {' v '.join(m.players)})"


# -------------------------------------------------------------------------------------- corrections

#: who rules on a stored stage that a confirmed correction would now pair otherwise
WHO_DECIDES = "the arbiter decides how it is played out (open-cup-2023 5.2.2 г; Rondo never re-pairs a stored stage)"


def correction_effects(before: CompetitionState, after: CompetitionState) -> CorrectionEffects:
    """docs/rules.md ``cup.records.correction-recomputes-derived``: what a corrected game (``after`` holds
    it, ``before`` not) changes: who won each series, places 1-4 and the prizes, and whether a stage
    already paired would now be paired with other players (a conflict the organizer confirms: the stored
    stage keeps its pairs)."""
    names = {p.id: p.name for p in after.players}

    def name(p: str | None) -> str:
        return names.get(p, p) if p else "nobody"

    try:
        _, old = cup_state(before)
        _, new = cup_state(after)
    except FailedPrecondition as error:
        return effects([f"the cup cannot be read: {error.message}"], [], [])
    changes: list[str] = []
    for was, now in zip(old.stages, new.stages, strict=False):
        old_matches = {m.number: m for m in was.all_matches}
        for m in now.all_matches:
            o = old_matches.get(m.number)
            if o is None or (o.winner, o.losers, o.decided, o.wins) == (m.winner, m.losers, m.decided, m.wins):
                continue
            what = "the third-place match" if m.number == cup.THIRD_PLACE_MATCH else f"pairing {m.number}"
            if not m.decided:
                outcome = f"undecided again ({'-'.join(map(str, m.wins))})"
            elif m.winner is None:
                outcome = "both lose technically"
            else:
                outcome = f"won by {name(m.winner)} {max(m.wins)}-{min(m.wins)}"
            before_text = f"won by {name(o.winner)}" if o.winner else ("undecided" if not o.decided else "nobody won")
            changes.append(f"stage {now.number} ({now.name}), {what}: {outcome} (was {before_text})")
    if old.places != new.places:
        changes.append("final places: " + ", ".join(f"{i}. {name(p)}" for i, p in enumerate(new.places, start=1)))
    prizes = [
        f"{name(p)} {'now receives the prize for place ' + str(r.prize_place) if r.prize_place else 'no longer receives a prize'}"
        for p, r in new.results.items()
        if p in old.results and old.results[p].prize_place != r.prize_place
    ]
    if prizes:
        changes.append("prizes: " + ", ".join(prizes))
    later, conflicts, to_redo = later_stage_effects(
        before,
        after,
        cup_stages(after)[1:],
        _derived_pairs,
        names,
        lambda stage: [str(t) for t in range(1, len(stage.rounds[0]) + 1)] if stage.rounds else [],
        "table",
        lambda old_basis, new_basis: "the survivors it is paired from are listed otherwise",
        WHO_DECIDES,
        lambda stage: stage.rounds[0] if stage.rounds else (),
    )
    return effects([*changes, *later], conflicts, to_redo)


def _derived_pairs(state: CompetitionState, stage: Stage) -> Derived | str:
    """The tables stage ``stage`` would be paired with from the stages before it as stored, or why it
    could not be."""
    try:
        plan = CupProgressRules().next_stage(state.before_stage(stage.number))
    except FailedPrecondition as error:
        return error.message
    if plan.finished:
        return "the cup would already be over"
    return Derived(planned_tables(plan), dict(plan.basis))


# ------------------------------------------------------------------------------------------ records


def check_cup_game(
    stage: Stage,
    round_no: int,
    table: int,
    seats: Table,
    live: Sequence[Content],
    new: Content,
    context: ResultContext = NEW_RESULT,
) -> None:
    """A game of a pairing of a cup stage (cup.records.series-games-in-order): the pairing's two
    players (either order), numbered 1, 2, ... without gaps or repeats, none after the series is
    decided, a pass takes none; a double technical defeat (4.3.3) is a game neither wins."""
    if not isinstance(new, GameEntry):
        raise InvalidArgument.single(
            KIND_OF[type(new)].value,
            f"stage {stage.number} ({stage.name}) is a cup stage: record its games only",
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
        raise InvalidArgument.single("game.number", f"game {new.number} of {what} is already recorded; correct it instead")
    if new.number > len(games) + 1:
        raise InvalidArgument.single(
            "game.number",
            f"the next game of {what} is game {len(games) + 1}, not {new.number}: games are numbered 1, 2, ... (replays included)",
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
        winner = cg.winner if cg.winner else next((p for p in seats if p not in cg.absent), None) if cg.absent else None
        if winner is not None:
            wins[winner] += 1


# ------------------------------------------------------------------------------------ the season file


@dataclass(frozen=True)
class PairedStage:
    """One stage of a cup as it is paired: its tables (a pass is a table of one) and which table is the
    third-place match (the final stage only)."""

    number: int
    name: str
    tables: tuple[Table, ...]
    third_place_table: int | None = None


@dataclass(frozen=True)
class CupSeasonScore:
    """A cup season file scored: the seed list, each stage as paired, the cup domain's progress
    (pairings with games, winners and why, places, prizes, the lift) and what comes next."""

    rules: cup.CupRules
    seeding: cup_bracket.Seeding
    stages: tuple[PairedStage, ...]
    progress: cup.CupProgress
    next_stage: str


def score_cup_season(season: CupSeason) -> CupSeasonScore:
    """docs/rules.md ``cup.season-file.same-scorer``: a cup season file scored by the service's own
    code. The entrants are seeded by :func:`seeding_of`; stage 1 is :func:`first_stage`, every later
    stage :func:`stage_after` of the cup so far, each paired by :func:`planned_tables` (what the service
    stores); each series' results become games by :func:`game_of` (the
    converter of the stored records) and :func:`league.domain.cup.knockout.cup_progress` scores them.
    :class:`InvalidArgument` names ``series[i]``, ``series[i].games[j]``, ``disqualifications[i]`` or
    ``entrants``."""
    if len(season.entrants) < MIN_PLAYERS:
        raise InvalidArgument.single(
            "entrants", f"the cup needs at least {MIN_PLAYERS} entrants (open-cup-2023 2.3), got {len(season.entrants)}"
        )
    entrants = [cup_bracket.Entrant(e.name, e.title, e.rating, i) for i, e in enumerate(season.entrants, start=1)]
    seeding = seeding_of(entrants)
    seeds = tuple(s.id for s in seeding.seeds)
    ratings = {e.name: e.rating for e in season.entrants}
    v = Violations()
    for i, d in enumerate(season.disqualifications):
        if d.player not in seeds:
            v.add(f"disqualifications[{i}].player", f"{d.player!r} was left out of the cup (over the maximum of {MAX_PLAYERS})")
    by_stage: dict[int, list[tuple[int, CupSeries]]] = {}
    for i, series in enumerate(season.series):
        for k, p in enumerate(series.players):
            if p not in seeds:
                v.add(f"series[{i}].players[{k}]", f"{p!r} was left out of the cup (over the maximum of {MAX_PLAYERS})")
        by_stage.setdefault(series.stage, []).append((i, series))
    v.raise_if_any()
    plan = first_stage(seeding, ratings)
    stages: list[PairedStage] = []
    pairings: list[tuple[Table, ...]] = []
    games: list[cup.Game] = []
    origin: list[str] = []  # the file's field of each game
    while True:
        stage = PairedStage(plan.number, plan.name, planned_tables(plan), plan.details.get("third_place_table"))
        stages.append(stage)
        games_of_stage(stage, by_stage.get(stage.number, []), games, origin)
        pairings.append(tuple(t for k, t in enumerate(stage.tables, start=1) if k != stage.third_place_table))
        progress = _scored(seeds, pairings, games, origin, season, stage.number)
        later = [(f"series[{i}].stage", n) for n, items in by_stage.items() if n > stage.number for i, _ in items]
        later += [
            (f"disqualifications[{i}].stage", d.stage) for i, d in enumerate(season.disqualifications) if d.stage > stage.number
        ]
        try:
            plan = stage_after(progress, seeds, ratings, [d.player for d in season.disqualifications])
        except FailedPrecondition as error:
            if later:
                raise InvalidArgument.of([_not_reached(f, n, error.message) for f, n in later]) from None
            return CupSeasonScore(season.rules, seeding, tuple(stages), progress, error.message)
        if plan.finished or not later:
            following = (
                plan.notes[0]
                if plan.finished
                else texts.cup_next_pairs(plan.number, plan.name, texts.cup_pairs(planned_tables(plan)))
            )
            if later:
                raise InvalidArgument.of(
                    [FieldViolation(f, "the cup ended with the final; no stage follows it") for f, _ in later]
                )
            return CupSeasonScore(season.rules, seeding, tuple(stages), progress, following)


def games_of_stage(stage: PairedStage, items: Sequence[tuple[int, CupSeries]], games: list[cup.Game], origin: list[str]) -> None:
    """The games of the file's series of one stage, each matched to its table by its two players."""
    v = Violations()
    table_of = {frozenset(t): k for k, t in enumerate(stage.tables, start=1)}
    for i, series in items:
        k = table_of.get(frozenset(series.players))
        if k is None:
            v.add(
                f"series[{i}].players",
                f"{' and '.join(series.players)} do not play each other in stage {stage.number} ({stage.name}); "
                f"its pairs: {_pairs_text(stage.tables)}"[:900],
            )
            continue
        match = cup.THIRD_PLACE_MATCH if k == stage.third_place_table else k
        first, second = series.players
        for n, result in enumerate(series.results, start=1):
            games.append(game_of(GameEntry(n, first, second, result), stage.number, match))
            origin.append(f"series[{i}].games[{n - 1}]")
    v.raise_if_any()


def _scored(
    seeds: Sequence[str],
    pairings: Sequence[tuple[Table, ...]],
    games: Sequence[cup.Game],
    origin: Sequence[str],
    season: CupSeason,
    reached: int,
) -> cup.CupProgress:
    """The cup domain's progress of the stages paired so far; its errors renamed to the file's fields."""
    dqs = [(i, d) for i, d in enumerate(season.disqualifications) if d.stage <= reached]
    try:
        return cup.cup_progress(
            seeds, pairings, games, [cup.Disqualification(d.player, d.stage, d.reason) for _, d in dqs], season.rules
        )
    except InvalidArgument as error:

        def renamed(field: str) -> str:
            head, _, _ = field.partition("]")
            if head.startswith("games["):
                return origin[int(head[6:])]
            if head.startswith("disqualifications["):
                return f"disqualifications[{dqs[int(head[18:])][0]}]" + field[len(head) + 1 :]
            return field

        raise error.with_fields(renamed) from None


def _not_reached(field: str, stage: int, why: str) -> FieldViolation:
    return FieldViolation(field, f"stage {stage} is not reached: {why}"[:900])


def _pairs_text(tables: Sequence[Table]) -> str:
    return str(texts.cup_pairs(tables))


def cup_score_as_dict(score: CupSeasonScore) -> dict[str, Any]:
    """``rondo standings CUP.json --json``: the seed list, every stage's pairings with their games and
    why, places 1-4 with prize eligibility, every player's result, what comes next."""
    progress = score.progress
    stages = []
    for paired, sp in zip(score.stages, progress.stages, strict=False):
        by_match = {m.number: m for m in sp.all_matches}
        pairings = []
        for k, _ in enumerate(paired.tables, start=1):
            m = by_match[cup.THIRD_PLACE_MATCH if k == paired.third_place_table else k]
            pairings.append(
                {
                    "table": k,
                    "players": list(m.players),  # as ``wins`` counts them (blue first, but by seed in the third-place match)
                    "third_place": m.number == cup.THIRD_PLACE_MATCH,
                    "pass": m.is_pass,
                    "games": [
                        {
                            "number": g.number,
                            "setting": g.setting,
                            "replay": g.replay,
                            "winner": g.winner,
                            "technical_losers": list(g.technical_losers),
                            "text": g.text,
                            "text_ru": texts.ru_of(g.text),
                        }
                        for g in m.games
                    ],
                    "wins": list(m.wins),
                    "winner": m.winner,
                    "losers": list(m.losers),
                    "decided": m.decided,
                    "technical": m.technical,
                    "explanation": m.explanation,
                    "explanation_ru": texts.ru_of(m.explanation),
                }
            )
        stages.append({"number": paired.number, "name": paired.name, "pairings": pairings})
    results = progress.results
    return {
        "ruleset": score.rules.name,
        "seeds": [{"seed": s.number, "player": s.id, "rating": s.entrant.rating} for s in score.seeding.seeds],
        "left_out": [s.id for s in score.seeding.cut],
        "stages": stages,
        "finished": progress.finished,
        "places": [
            {
                "place": place,
                "player": player,
                "prize": results[player].prize_place is not None,
                "technical_defeats": results[player].technical_defeats,
                "reason": next((w for w in reversed(results[player].why) if "prize" in w), ""),
                "reason_ru": texts.ru_of(next((w for w in reversed(results[player].why) if "prize" in w), "")),
            }
            for place, player in enumerate(progress.places, start=1)
            if player is not None
        ],
        "results": [
            {
                "player": r.player,
                "seed": r.seed,
                "place": r.place,
                "eliminated_in": r.eliminated_in,
                "award": r.award,
                "technical_defeats": r.technical_defeats,
                "prize_place": r.prize_place,
                "disqualified": r.disqualified,
                "why": list(r.why),
                "why_ru": [texts.ru_of(w) for w in r.why],
            }
            for r in sorted(results.values(), key=lambda r: r.seed)
        ],
        "explanation": list(progress.explanation),
        "explanation_ru": [texts.ru_of(line) for line in progress.explanation],
        "next": score.next_stage,
        "next_ru": texts.ru_of(score.next_stage),
    }
