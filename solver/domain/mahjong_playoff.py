"""The 8-player mahjong playoff with an upper and a lower bracket (RULES.md A, "Playoff").

Implements ``discard-league-2026.ru.txt``, section 2 ("Как устроена система из двух этапов") and
section 6.1 (technical substitutes):

* The eight best of the regular stage play; nobody else continues (section 1, 2).
* Round 1: table A = regular places 1, 3, 5, 7; table B = places 2, 4, 6, 8 (tables, not winds).
  The first two of each table continue in the upper bracket, the last two in the lower; nobody is out.
* Round 2: upper match (the four upper players): the first two go straight to the final, the last
  two continue in the lower bracket. Lower match (the four lower players): the first two go to
  round 3, the last two are out.
* Round 3: only lower-bracket players (the last two of the upper match and the first two of the
  lower match): two go to the final, two are out.
* Final: the two upper finalists and the two from round 3; prizes for 1st and 2nd (section 1).
* Advancement depends on places only, never on point margins (section 4).
* Technical substitutes never advance: for advancement they are removed from the table's result and
  places are re-counted among the main participants (6.1: a substitute 1st and two advancing -> the
  main participants placed 2nd and 3rd advance).

A table's result is its finishing order, best first, as decided by the match's scoring (sum of the
hanchans with penalties, then average place within the match, then the organizer: section 4). Ties
are resolved before this module is called.

Decisions where the regulation is silent:

* "The first two" / "the last two" become "the first two main participants" / "the remaining main
  participants" after substitutes are removed, so the bracket still works when a table has fewer
  than four main participants.
* A player who leaves the season (6.1: excluded from the standings, no advancement) is passed in
  ``withdrawn``; he is removed from his table's result like a substitute (whether or not he played)
  and recorded as out. A waiting upper finalist may withdraw during round 3.
* Places 5-8 are not ranked (the regulation awards only the final); ``exits`` records where each
  player went out.
* Players are listed at each table in regular-stage order (seat winds are drawn before every
  hanchan, section 4, so the listing means nothing at the table).
"""
from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from rondo_runtime.errors import FailedPrecondition, FieldViolation, InvalidArgument, Violations

PLAYOFF_PLAYERS = 8


class PlayoffStage(enum.Enum):
    ROUND_1 = "round 1"
    ROUND_2 = "round 2"
    ROUND_3 = "round 3"
    FINAL = "final"
    FINISHED = "finished"


TABLE_A, TABLE_B = "A", "B"
UPPER, LOWER = "upper", "lower"
ROUND_3_TABLE = "round 3"
FINAL_TABLE = "final"


@dataclass(frozen=True)
class PlayoffTable:
    name: str
    players: tuple[str, ...]  # main participants, in regular-stage order


@dataclass(frozen=True)
class TableResult:
    """A played table: finishing order, best first, substitutes included (they are removed with
    :func:`places_without_substitutes`)."""

    table: str
    order: tuple[str, ...]
    substitutes: tuple[str, ...] = ()

    @classmethod
    def from_places(
        cls, table: str, places: Mapping[str, int], substitutes: Iterable[str] = ()
    ) -> "TableResult":
        """From ``{player: place}`` with places 1..n, each once."""
        return cls(table, _order_from_places(places, "places"), tuple(substitutes))


@dataclass(frozen=True)
class Exit:
    """Where a player left the playoff. ``place`` is the re-counted place at that table (None for a
    withdrawal)."""

    player: str
    stage: PlayoffStage
    table: str
    place: int | None
    withdrawn: bool = False


@dataclass(frozen=True)
class PlayedTable:
    stage: PlayoffStage
    table: str
    places: tuple[str, ...]  # main participants, best first, after removing substitutes
    substitutes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayoffState:
    """Where the playoff stands: ``tables`` are the ones to play in ``stage``.

    ``waiting``: the upper finalists while round 3 is played. ``final_order``: set once the final is
    recorded (1st, 2nd, ...). ``notes``: what happened, in words, stage by stage.
    """

    regular_places: tuple[str, ...]
    stage: PlayoffStage
    tables: tuple[PlayoffTable, ...]
    waiting: tuple[str, ...] = ()
    exits: tuple[Exit, ...] = ()
    played: tuple[PlayedTable, ...] = ()
    final_order: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def eliminated(self) -> tuple[str, ...]:
        return tuple(e.player for e in self.exits)

    @property
    def in_play(self) -> tuple[str, ...]:
        return tuple(p for t in self.tables for p in t.players) + self.waiting


def initial_playoff(regular_places: Sequence[str]) -> PlayoffState:
    """Round 1 from the regular-stage places 1..8, best first (section 2)."""
    v = Violations()
    if isinstance(regular_places, (str, bytes)) or not isinstance(regular_places, Sequence):
        raise InvalidArgument.single(
            "regular_places", "must be the list of the 8 best players, 1st place first"
        )
    if len(regular_places) != PLAYOFF_PLAYERS:
        v.add(
            "regular_places",
            f"the playoff takes exactly the {PLAYOFF_PLAYERS} best of the regular stage, got "
            f"{len(regular_places)}; give places 1-8 (withdrawn players already excluded)",
        )
    seen: dict[str, int] = {}
    for i, p in enumerate(regular_places):
        if not isinstance(p, str) or not p.strip():
            v.add(f"regular_places[{i}]", "every place needs a non-empty player id")
        elif p in seen:
            v.add(
                f"regular_places[{i}]", f"'{p}' already holds place {seen[p] + 1}; each player has one place"
            )
        else:
            seen[p] = i
    v.raise_if_any()
    places = tuple(regular_places)
    a = PlayoffTable(TABLE_A, places[0::2])
    b = PlayoffTable(TABLE_B, places[1::2])
    note = "Round 1: table A = regular places 1, 3, 5, 7; table B = places 2, 4, 6, 8 (tables, not winds)."
    return PlayoffState(places, PlayoffStage.ROUND_1, (a, b), notes=(note,))


def places_without_substitutes(
    table_result: Sequence[str] | Mapping[str, int], substitutes: Iterable[str] = ()
) -> tuple[str, ...]:
    """Main participants of a table, best first, places re-counted without substitutes (6.1).

    ``table_result`` is the finishing order (best first) or ``{player: place}`` with places 1..n.
    The main participant at index i of the result has place i+1.
    """
    if isinstance(table_result, Mapping):
        order = _order_from_places(table_result, "table_result")
    else:
        order = tuple(table_result)
        v = Violations()
        _check_unique(v, order, "table_result")
        v.raise_if_any()
    subs = tuple(substitutes)
    v = Violations()
    for j, s in enumerate(subs):
        if s not in order:
            v.add(
                f"substitutes[{j}]",
                f"'{s}' has no place in this table's result; list only substitutes who played",
            )
    v.raise_if_any()
    removed = set(subs)
    return tuple(p for p in order if p not in removed)


def playoff_next_round(
    state: PlayoffState, results: Iterable[TableResult], *, withdrawn: Iterable[str] = ()
) -> PlayoffState:
    """Record the results of every table of ``state.stage`` and move to the next stage (section 2).

    ``results``: one :class:`TableResult` per table of the stage. ``withdrawn``: players leaving the
    season now (6.1); they are removed from the results like substitutes and go out.
    """
    if state.stage is PlayoffStage.FINISHED:
        raise FailedPrecondition("the playoff is finished: the final has been recorded")
    results = list(results)
    withdrawn = tuple(withdrawn)
    v = Violations()
    in_play = set(state.in_play)
    for i, w in enumerate(withdrawn):
        if w not in in_play:
            v.add(f"withdrawn[{i}]", f"'{w}' is not playing in {_in(state.stage)} of the playoff")
    gone = set(withdrawn)
    tables = {t.name: t for t in state.tables}
    by_table: dict[str, list[str]] = {}
    subs_by_table: dict[str, tuple[str, ...]] = {}
    for k, r in enumerate(results):
        f = f"results[{k}]"
        if not isinstance(r, TableResult):
            v.add(f, "must be a TableResult")
            continue
        if r.table not in tables:
            v.add(
                f"{f}.table",
                f"no table '{r.table}' in {_in(state.stage)} (tables: {', '.join(tables)})",
            )
            continue
        if r.table in by_table:
            v.add(f"{f}.table", f"table '{r.table}' has two results; give one per table")
            continue
        by_table[r.table] = _check_table_result(v, f, r, tables[r.table], gone)
        subs_by_table[r.table] = tuple(r.substitutes)
    for name in tables:
        if name not in by_table:
            v.add("results", f"no result for table '{name}' of {_in(state.stage)}")
    v.raise_if_any()

    exits = list(state.exits)
    notes = list(state.notes)
    for w in withdrawn:
        table = next((t.name for t in state.tables if w in t.players), "waiting for the final")
        exits.append(Exit(w, state.stage, table, None, withdrawn=True))
        notes.append(f"{w} left the season during {_in(state.stage)} (6.1) and is out.")
    played = list(state.played)
    for name in tables:
        played.append(PlayedTable(state.stage, name, tuple(by_table[name]), subs_by_table[name]))

    def top(name: str) -> tuple[str, ...]:
        return tuple(by_table[name][:2])

    def rest(name: str) -> tuple[str, ...]:
        return tuple(by_table[name][2:])

    def out(name: str) -> None:
        for i, p in enumerate(by_table[name][2:], start=3):
            exits.append(Exit(p, state.stage, name, i))

    order = {p: i for i, p in enumerate(state.regular_places)}

    def table(name: str, players: Iterable[str]) -> PlayoffTable:
        return PlayoffTable(name, tuple(sorted(players, key=order.__getitem__)))

    waiting = tuple(p for p in state.waiting if p not in gone)
    for name in tables:
        notes.append(_table_note(state.stage, name, by_table[name], subs_by_table[name]))

    if state.stage is PlayoffStage.ROUND_1:
        nxt = PlayoffState(
            state.regular_places,
            PlayoffStage.ROUND_2,
            (table(UPPER, top(TABLE_A) + top(TABLE_B)), table(LOWER, rest(TABLE_A) + rest(TABLE_B))),
            (),
            tuple(exits),
            tuple(played),
        )
    elif state.stage is PlayoffStage.ROUND_2:
        out(LOWER)
        nxt = PlayoffState(
            state.regular_places,
            PlayoffStage.ROUND_3,
            (table(ROUND_3_TABLE, rest(UPPER) + top(LOWER)),),
            top(UPPER),
            tuple(exits),
            tuple(played),
        )
    elif state.stage is PlayoffStage.ROUND_3:
        out(ROUND_3_TABLE)
        nxt = PlayoffState(
            state.regular_places,
            PlayoffStage.FINAL,
            (table(FINAL_TABLE, waiting + top(ROUND_3_TABLE)),),
            (),
            tuple(exits),
            tuple(played),
        )
    else:  # FINAL
        nxt = PlayoffState(
            state.regular_places,
            PlayoffStage.FINISHED,
            (),
            (),
            tuple(exits),
            tuple(played),
            final_order=tuple(by_table[FINAL_TABLE]),
        )
    if nxt.stage is PlayoffStage.FINISHED:
        places = ", ".join(f"{i}. {p}" for i, p in enumerate(nxt.final_order, start=1))
        notes.append(f"Final standings: {places}; prizes for 1st and 2nd (section 1).")
    else:
        listing = "; ".join(f"{t.name}: {', '.join(t.players)}" for t in nxt.tables)
        wait = f"; waiting in the final: {', '.join(nxt.waiting)}" if nxt.waiting else ""
        notes.append(f"Next, {_in(nxt.stage)}: {listing}{wait}.")
    return replace(nxt, notes=tuple(notes))


def replay_playoff(
    regular_places: Sequence[str],
    results: Sequence[TableResult],
    *,
    withdrawn: Mapping[str, PlayoffStage] | None = None,
) -> PlayoffState:
    """Rebuild the playoff from the regular places and every table result so far, in stage order.

    ``withdrawn`` maps a player to the stage during which he left (see :func:`playoff_next_round`).
    A stage is recorded once all its tables have results; trailing results of an incomplete stage
    are checked but leave the state at that stage.
    """
    state = initial_playoff(regular_places)
    withdrawn = dict(withdrawn or {})
    v = Violations()
    for p, st in withdrawn.items():
        if p not in state.regular_places:
            v.add(f"withdrawn[{p}]", f"'{p}' is not one of the 8 playoff players")
        elif not isinstance(st, PlayoffStage) or st is PlayoffStage.FINISHED:
            v.add(
                f"withdrawn[{p}]", "give the stage (round 1, 2, 3 or the final) during which the player left"
            )
    v.raise_if_any()
    pending: list[tuple[int, TableResult]] = []
    for k, r in enumerate(results):
        names = {t.name for t in state.tables}
        if state.stage is PlayoffStage.FINISHED or not isinstance(r, TableResult) or r.table not in names:
            where = "the playoff is finished" if state.stage is PlayoffStage.FINISHED else (
                f"{_in(state.stage)} is being played (tables: {', '.join(sorted(names))})"
            )
            raise InvalidArgument.single(
                f"results[{k}].table", f"unexpected table here: {where}; give results in stage order"
            )
        pending.append((k, r))
        if {p.table for _, p in pending} == names:
            leaving = [p for p, st in withdrawn.items() if st is state.stage]
            try:
                state = playoff_next_round(state, [p for _, p in pending], withdrawn=leaving)
            except InvalidArgument as err:
                raise _renumber(err, [k for k, _ in pending]) from None
            pending = []
    return state


def explain_playoff(state: PlayoffState) -> tuple[str, ...]:
    """The playoff so far in words (what advanced where and why), then what is next."""
    return state.notes


# ---------------------------------------------------------------------------------------- helpers


def _check_table_result(
    v: Violations, f: str, r: TableResult, table: PlayoffTable, gone: set[str]
) -> list[str]:
    """Check one table's result; return its main participants, best first (substitutes and players
    who left removed, 6.1)."""
    order = tuple(r.order)
    subs = tuple(r.substitutes)
    _check_unique(v, order, f"{f}.order")
    seated = set(table.players)
    for j, s in enumerate(subs):
        if s in seated:
            v.add(
                f"{f}.substitutes[{j}]", f"'{s}' is a main participant of table {table.name}, not a substitute"
            )
        elif s not in order:
            v.add(f"{f}.substitutes[{j}]", f"'{s}' has no place in the result of table {table.name}")
    subs_set = set(subs)
    for j, p in enumerate(order):
        if p not in seated and p not in subs_set:
            v.add(
                f"{f}.order[{j}]",
                f"'{p}' is not a main participant of table {table.name}; list a technical substitute "
                "in substitutes too (6.1)",
            )
    missing = [p for p in table.players if p not in order and p not in gone]
    if missing:
        v.add(
            f"{f}.order",
            f"main participant(s) {', '.join(missing)} of table {table.name} have no place; give every "
            "player's place, or pass a player who left the season in withdrawn",
        )
    return [p for p in order if p in seated and p not in gone]


def _check_unique(v: Violations, order: Sequence[str], field: str) -> None:
    v.unique_ids(
        field, order, empty="every place needs a non-empty player id", duplicate="'{id}' has two places; each player has one"
    )


def _order_from_places(places: Mapping[str, int], field: str) -> tuple[str, ...]:
    v = Violations()
    whole = all(isinstance(x, int) and not isinstance(x, bool) for x in places.values())
    if not whole or sorted(places.values()) != list(range(1, len(places) + 1)):
        v.add(
            field,
            f"places must be 1..{len(places)}, each once (ties are decided first: average place in the "
            "match, then the organizer), got " + ", ".join(f"{p}={x}" for p, x in places.items()),
        )
    v.raise_if_any()
    return tuple(sorted(places, key=places.__getitem__))


def _table_note(stage: PlayoffStage, name: str, order: Sequence[str], subs: Sequence[str]) -> str:
    dest = {
        (PlayoffStage.ROUND_1, TABLE_A): ("upper bracket (round 2)", "lower bracket (round 2)"),
        (PlayoffStage.ROUND_1, TABLE_B): ("upper bracket (round 2)", "lower bracket (round 2)"),
        (PlayoffStage.ROUND_2, UPPER): ("the final", "round 3"),
        (PlayoffStage.ROUND_2, LOWER): ("round 3", "out"),
        (PlayoffStage.ROUND_3, ROUND_3_TABLE): ("the final", "out"),
    }
    places = ", ".join(f"{i}. {p}" for i, p in enumerate(order, start=1))
    removed = f" (substitutes {', '.join(subs)} removed, places re-counted, 6.1)" if subs else ""
    if stage is PlayoffStage.FINAL:
        return f"Final: {places}{removed}."
    up, down = dest[(stage, name)]
    first, last = ", ".join(order[:2]), ", ".join(order[2:])
    tail = f"; {last} → {down}" if last else ""
    where = "Round 3" if stage is PlayoffStage.ROUND_3 else f"{stage.value.capitalize()}, table {name}"
    return f"{where}: {places}{removed}. {first} → {up}{tail} (by places only)."


def _in(stage: PlayoffStage) -> str:
    return "the final" if stage is PlayoffStage.FINAL else stage.value


def _renumber(err: InvalidArgument, indices: list[int]) -> InvalidArgument:
    """Violations of one stage's call re-pointed at the caller's ``results`` indices."""
    out = []
    for fv in err.violations:
        field = fv.field
        if field.startswith("results["):
            j = int(field[len("results["):field.index("]")])
            field = f"results[{indices[j]}]{field[field.index(']') + 1:]}"
        elif field.startswith("withdrawn["):
            field = "withdrawn"
        out.append(FieldViolation(field, fv.description))
    return InvalidArgument.of(out)
