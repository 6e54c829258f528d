"""Advancement in the 8-player mahjong playoff with an upper and a lower bracket: who continues,
who is out, who wins a prize (docs/rules.md `mahjong.playoff.*`; discard-league-2026 §2, §4, §6.1).

League owns results, advancement and the seating (which of the eight sit at table A and which at
table B in round 1: ``league.domain.mahjong.progress.round_1_tables``). This module says, stage by stage, who plays (``groups``): the eight
qualifiers in round 1, then the upper and the lower match, round 3 and the final.

* The eight best of the regular stage play; nobody else continues (§1, §2).
* Round 1: two tables of four (places 1, 3, 5, 7 and 2, 4, 6, 8). The first two of each table continue in the
  upper bracket, the last two in the lower; nobody is out.
* Round 2: upper match (the four upper players): the first two go straight to the final, the last
  two continue in the lower bracket. Lower match (the four lower players): the first two go to
  round 3, the last two are out.
* Round 3: only lower-bracket players (the last two of the upper match and the first two of the
  lower match): two go to the final, two are out.
* Final: the two upper finalists and the two from round 3; prizes for 1st and 2nd (§1).
* Advancement depends on places only, never on point margins (§4).
* Technical substitutes never advance (docs/rules.md `mahjong.playoff.substitutes-recounted`): for
  advancement they are removed from the table's result and places are re-counted among the main
  participants (§6.1: a substitute 1st and two advancing -> the main participants placed 2nd and
  3rd advance).
* One result per table, and only for the stage being played (issue 7): a second result for a table,
  or a result for a round not reached yet, is refused naming the field.

A table's result is its finishing order, best first, as decided by the match's scoring (sum of the
hanchans with penalties, then average place within the match, then the organizer: §4). Ties are
resolved before this module is called.

Decisions where the regulation is silent:

* "The first two" / "the last two" become "the first two main participants" / "the remaining main
  participants" after substitutes are removed, so the bracket still works when a table has fewer
  than four main participants.
* A player who leaves the season (§6.1: excluded from the standings, no advancement) is passed in
  ``withdrawn``; he is removed from his table's result like a substitute (whether or not he played)
  and recorded as out. A waiting upper finalist may withdraw during round 3.
* Places 5-8 are not ranked (the regulation awards only the final); ``exits`` records where each
  player went out, and why.
* Players are listed in each group in regular-stage order.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from league.domain import texts
from league.domain.texts import Text
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.validation import Violations

PLAYOFF_PLAYERS = 8
TABLE_SEATS = 4


class PlayoffStage(enum.Enum):
    ROUND_1 = "round 1"
    ROUND_2 = "round 2"
    ROUND_3 = "round 3"
    FINAL = "final"
    FINISHED = "finished"


STAGE_ORDER = (PlayoffStage.ROUND_1, PlayoffStage.ROUND_2, PlayoffStage.ROUND_3, PlayoffStage.FINAL)
ROUND_1_GROUP = "round 1"  # the eight qualifiers, seated at tables A and B
TABLE_A, TABLE_B = "A", "B"
UPPER, LOWER = "upper", "lower"
ROUND_3_TABLE = "round 3"
FINAL_TABLE = "final"
# The tables whose results each stage takes.
STAGE_TABLES = {
    PlayoffStage.ROUND_1: (TABLE_A, TABLE_B),
    PlayoffStage.ROUND_2: (UPPER, LOWER),
    PlayoffStage.ROUND_3: (ROUND_3_TABLE,),
    PlayoffStage.FINAL: (FINAL_TABLE,),
}


@dataclass(frozen=True)
class PlayoffGroup:
    """Who plays together in a stage, in regular-stage order. From round 2 on a group is one table;
    in round 1 the eight qualifiers are one group, seated at two tables."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class TableResult:
    """A played table: finishing order, best first, substitutes included (they are removed with
    :func:`places_without_substitutes`). ``no_shows``: main participants of the table who did not come
    (a technical substitute took the seat, §6.1); they have a place (after everyone who sat) but no seat."""

    table: str
    order: tuple[str, ...]
    substitutes: tuple[str, ...] = ()
    no_shows: tuple[str, ...] = ()

    @classmethod
    def from_places(cls, table: str, places: Mapping[str, int], substitutes: Iterable[str] = ()) -> TableResult:
        """From ``{player: place}`` with places 1..n, each once."""
        return cls(table, _order_from_places(places, "places"), tuple(substitutes))


@dataclass(frozen=True)
class Exit:
    """Where a player left the playoff, and why. ``place`` is the re-counted place at that table
    (None for a withdrawal)."""

    player: str
    stage: PlayoffStage
    table: str
    place: int | None
    withdrawn: bool = False

    @property
    def reason(self) -> Text:
        if self.withdrawn:
            return texts.playoff_left_season(self.stage.value)
        return texts.playoff_placed_out(self.place, self.table, self.stage.value)


@dataclass(frozen=True)
class PlayedTable:
    stage: PlayoffStage
    table: str
    places: tuple[str, ...]  # main participants, best first, after removing substitutes
    substitutes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayoffState:
    """Where the playoff stands: ``groups`` play in ``stage``.

    ``waiting``: the upper finalists while round 3 is played. ``final_order``: set once the final is
    recorded (1st, 2nd, ...). ``notes``: what happened, in words, stage by stage.
    """

    regular_places: tuple[str, ...]
    stage: PlayoffStage
    groups: tuple[PlayoffGroup, ...]
    waiting: tuple[str, ...] = ()
    exits: tuple[Exit, ...] = ()
    played: tuple[PlayedTable, ...] = ()
    final_order: tuple[str, ...] = ()
    notes: tuple[Text, ...] = ()

    @property
    def eliminated(self) -> tuple[str, ...]:
        return tuple(e.player for e in self.exits)

    @property
    def in_play(self) -> tuple[str, ...]:
        return tuple(p for g in self.groups for p in g.players) + self.waiting

    @property
    def table_names(self) -> tuple[str, ...]:
        """The tables whose results this stage takes (none once finished)."""
        return STAGE_TABLES.get(self.stage, ())


def initial_playoff(regular_places: Sequence[str]) -> PlayoffState:
    """Round 1 from the regular-stage places 1..8, best first (§2)."""
    v = Violations()
    if isinstance(regular_places, (str, bytes)) or not isinstance(regular_places, Sequence):
        raise InvalidArgument.single("regular_places", "must be the list of the 8 best players, 1st place first")
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
            v.add(f"regular_places[{i}]", f"'{p}' already holds place {seen[p] + 1}; each player has one place")
        else:
            seen[p] = i
    v.raise_if_any()
    places = tuple(regular_places)
    return PlayoffState(places, PlayoffStage.ROUND_1, (PlayoffGroup(ROUND_1_GROUP, places),), notes=(texts.PLAYOFF_ROUND_1,))


def places_without_substitutes(
    table_result: Sequence[str] | Mapping[str, int], substitutes: Iterable[str] = ()
) -> tuple[str, ...]:
    """Main participants of a table, best first, places re-counted without substitutes (§6.1).

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


def playoff_next_round(state: PlayoffState, results: Iterable[TableResult], *, withdrawn: Iterable[str] = ()) -> PlayoffState:
    """Record the results of every table of ``state.stage`` and move to the next stage (§2).

    ``results``: one :class:`TableResult` per table of the stage. ``withdrawn``: players leaving the
    season now (§6.1); they are removed from the results like substitutes and go out.
    """
    if state.stage is PlayoffStage.FINISHED:
        raise FailedPrecondition.because("PLAYOFF_FINISHED")
    results = list(results)
    withdrawn = tuple(withdrawn)
    v = Violations()
    in_play = set(state.in_play)
    for i, w in enumerate(withdrawn):
        if w not in in_play:
            v.add(f"withdrawn[{i}]", f"'{w}' is not playing in {_in(state.stage)} of the playoff")
    gone = set(withdrawn)
    names = state.table_names
    groups = {g.name: g for g in state.groups}
    by_table: dict[str, list[str]] = {}
    subs_by_table: dict[str, tuple[str, ...]] = {}
    index: dict[str, int] = {}
    for k, r in enumerate(results):
        f = f"results[{k}]"
        if not isinstance(r, TableResult):
            v.add(f, "must be a TableResult")
            continue
        if r.table not in names:
            v.add(f"{f}.table", _unexpected_table(state, r.table))
            continue
        if r.table in by_table:
            v.add(f"{f}.table", f"table '{r.table}' has two results (results[{index[r.table]}] too); give one per table")
            continue
        index[r.table] = k
        if state.stage is PlayoffStage.ROUND_1:
            placed_elsewhere = {p: t for t, order in by_table.items() for p in order}
            by_table[r.table] = _check_round_1_result(v, f, r, groups[ROUND_1_GROUP], gone, placed_elsewhere)
        else:
            by_table[r.table] = _check_table_result(v, f, r, groups[r.table], gone)
        subs_by_table[r.table] = tuple(r.substitutes)
    for name in names:
        if name not in by_table:
            v.add("results", f"no result for table '{name}' of {_in(state.stage)}")
    if state.stage is PlayoffStage.ROUND_1 and set(names) <= set(by_table):
        _check_round_1_complete(v, results, index, by_table, groups[ROUND_1_GROUP], gone)
    v.raise_if_any()

    exits = list(state.exits)
    notes = list(state.notes)
    for w in withdrawn:
        table = next((g.name for g in state.groups if w in g.players), "waiting for the final")
        if state.stage is PlayoffStage.ROUND_1:
            table = next((t for t in names if w in by_table[t]), table)
        exits.append(Exit(w, state.stage, table, None, withdrawn=True))
        notes.append(texts.playoff_withdrawn_out(w, state.stage.value))
    for name in names:
        by_table[name] = [p for p in by_table[name] if p not in gone]
    played = list(state.played)
    for name in names:
        played.append(PlayedTable(state.stage, name, tuple(by_table[name]), subs_by_table[name]))

    def top(name: str) -> tuple[str, ...]:
        return tuple(by_table[name][:2])

    def rest(name: str) -> tuple[str, ...]:
        return tuple(by_table[name][2:])

    def out(name: str) -> None:
        for i, p in enumerate(by_table[name][2:], start=3):
            exits.append(Exit(p, state.stage, name, i))

    order = {p: i for i, p in enumerate(state.regular_places)}

    def group(name: str, players: Iterable[str]) -> PlayoffGroup:
        return PlayoffGroup(name, tuple(sorted(players, key=order.__getitem__)))

    waiting = tuple(p for p in state.waiting if p not in gone)
    for name in names:
        notes.append(_table_note(state.stage, name, by_table[name], subs_by_table[name]))

    if state.stage is PlayoffStage.ROUND_1:
        nxt = PlayoffState(
            state.regular_places,
            PlayoffStage.ROUND_2,
            (group(UPPER, top(TABLE_A) + top(TABLE_B)), group(LOWER, rest(TABLE_A) + rest(TABLE_B))),
            (),
            tuple(exits),
            tuple(played),
        )
    elif state.stage is PlayoffStage.ROUND_2:
        out(LOWER)
        nxt = PlayoffState(
            state.regular_places,
            PlayoffStage.ROUND_3,
            (group(ROUND_3_TABLE, rest(UPPER) + top(LOWER)),),
            top(UPPER),
            tuple(exits),
            tuple(played),
        )
    elif state.stage is PlayoffStage.ROUND_3:
        out(ROUND_3_TABLE)
        nxt = PlayoffState(
            state.regular_places,
            PlayoffStage.FINAL,
            (group(FINAL_TABLE, waiting + top(ROUND_3_TABLE)),),
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
        notes.append(texts.playoff_final_standings(nxt.final_order))
    else:
        notes.append(texts.playoff_next(nxt.stage.value, [(g.name, g.players) for g in nxt.groups], nxt.waiting))
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
    are checked but leave the state at that stage. A second result for a table, or a result for a
    stage not reached yet, is INVALID_ARGUMENT at ``results[k].table``.
    """
    state = initial_playoff(regular_places)
    withdrawn = dict(withdrawn or {})
    v = Violations()
    for p, st in withdrawn.items():
        if p not in state.regular_places:
            v.add(f"withdrawn[{p}]", f"'{p}' is not one of the 8 playoff players")
        elif not isinstance(st, PlayoffStage) or st is PlayoffStage.FINISHED:
            v.add(f"withdrawn[{p}]", "give the stage (round 1, 2, 3 or the final) during which the player left")
    v.raise_if_any()
    pending: list[tuple[int, TableResult]] = []
    for k, r in enumerate(results):
        names = set(state.table_names)
        if not isinstance(r, TableResult):
            raise InvalidArgument.single(f"results[{k}]", "must be a TableResult")
        earlier = next((j for j, p in pending if p.table == r.table), None)
        if earlier is not None:
            raise InvalidArgument.single(
                f"results[{k}].table",
                f"table '{r.table}' of {_in(state.stage)} already has a result (results[{earlier}]); give one per table",
            )
        if r.table not in names:
            raise InvalidArgument.single(f"results[{k}].table", _unexpected_table(state, r.table, pending))
        pending.append((k, r))
        if {p.table for _, p in pending} == names:
            leaving = [p for p, st in withdrawn.items() if st is state.stage]
            try:
                state = playoff_next_round(state, [p for _, p in pending], withdrawn=leaving)
            except InvalidArgument as err:
                raise _renumber(err, [k for k, _ in pending]) from None
            pending = []
    return state


def explain_playoff(state: PlayoffState) -> tuple[Text, ...]:
    """The playoff so far in words (what advanced where and why), then what is next."""
    return state.notes


# ---------------------------------------------------------------------------------------- helpers


def _unexpected_table(state: PlayoffState, table: str, pending: Sequence[tuple[int, TableResult]] = ()) -> str:
    """Why a result names a table this stage does not play: finished, played already, or not reached."""
    if state.stage is PlayoffStage.FINISHED:
        return "the playoff is finished: the final has been recorded; no more results"
    names = state.table_names
    stage_of = {t: st for st, tables in STAGE_TABLES.items() for t in tables}
    current = STAGE_ORDER.index(state.stage)
    if table in stage_of and STAGE_ORDER.index(stage_of[table]) < current:
        return f"table '{table}' belongs to {_in(stage_of[table])}, which already has its results; give one per table"
    if table in stage_of:
        done = {p.table for _, p in pending}
        missing = ", ".join(t for t in names if t not in done)
        return (
            f"table '{table}' plays in {_in(stage_of[table])}, which is not reached yet: {_in(state.stage)} "
            f"is being played (tables: {', '.join(names)}; still without a result: {missing}); give results in stage order"
        )
    return f"no table '{table[:40]}' in {_in(state.stage)} (tables: {', '.join(names)}); give results in stage order"


def _check_round_1_result(
    v: Violations, f: str, r: TableResult, group: PlayoffGroup, gone: set[str], placed: dict[str, str]
) -> list[str]:
    """Round 1: a table's result holds qualifiers (and substitutes) not placed at the other table,
    at most four; returns its main participants, best first, substitutes removed (§6.1)."""
    order = tuple(r.order)
    subs = tuple(r.substitutes)
    _check_unique(v, order, f"{f}.order")
    qualifiers = set(group.players)
    for j, s in enumerate(subs):
        if s in qualifiers:
            v.add(f"{f}.substitutes[{j}]", f"'{s}' is a main participant of the playoff, not a substitute")
        elif s not in order:
            v.add(f"{f}.substitutes[{j}]", f"'{s}' has no place in the result of table {r.table}")
    subs_set = set(subs)
    for j, p in enumerate(order):
        if p not in qualifiers and p not in subs_set:
            v.add(
                f"{f}.order[{j}]",
                f"'{p}' is not a main participant of table {r.table}; list a technical substitute in substitutes too (§6.1)",
            )
        elif p in placed:
            v.add(f"{f}.order[{j}]", f"'{p}' already has a place at table {placed[p]}; each player plays one table")
    absent = set(r.no_shows)
    for j, p in enumerate(r.no_shows):
        if p not in qualifiers or p not in order:
            v.add(f"{f}.no_shows[{j}]", f"'{p}' is no main participant with a place in the result of table {r.table}")
    sat = [p for p in order if p not in absent]
    if len(sat) > TABLE_SEATS:
        v.add(
            f"{f}.order",
            f"table {r.table} seats {TABLE_SEATS}, the result has {len(sat)} players who sat"
            + (f" (and {len(order) - len(sat)} no-show(s))" if len(sat) < len(order) else ""),
        )
    return [p for p in order if p in qualifiers]


def _check_round_1_complete(
    v: Violations, results: list, index: dict[str, int], by_table: dict[str, list[str]], group: PlayoffGroup, gone: set[str]
) -> None:
    """Every qualifier has a place at one of the two tables, unless he left the season."""
    placed = {p for order in by_table.values() for p in order}
    missing = [p for p in group.players if p not in placed and p not in gone]
    if not missing:
        return
    qualifiers = set(group.players)

    def seated(t: str) -> int:  # qualifiers and declared substitutes with a place at table t
        r = results[index[t]]
        return len({p for p in r.order if p in qualifiers or p in set(r.substitutes)})

    short = [t for t in STAGE_TABLES[PlayoffStage.ROUND_1] if seated(t) < TABLE_SEATS]
    text = (
        f"main participant(s) {', '.join(missing)} have no place; give every player's place, or pass a "
        "player who left the season in withdrawn"
    )
    for field in [f"results[{index[t]}].order" for t in short] or ["results"]:
        v.add(field, text)


def _check_table_result(v: Violations, f: str, r: TableResult, table: PlayoffGroup, gone: set[str]) -> list[str]:
    """Check one table's result; return its main participants, best first (substitutes removed,
    §6.1; players who left are removed by the caller)."""
    order = tuple(r.order)
    subs = tuple(r.substitutes)
    _check_unique(v, order, f"{f}.order")
    seated = set(table.players)
    for j, s in enumerate(subs):
        if s in seated:
            v.add(f"{f}.substitutes[{j}]", f"'{s}' is a main participant of table {table.name}, not a substitute")
        elif s not in order:
            v.add(f"{f}.substitutes[{j}]", f"'{s}' has no place in the result of table {table.name}")
    subs_set = set(subs)
    for j, p in enumerate(order):
        if p not in seated and p not in subs_set:
            v.add(
                f"{f}.order[{j}]",
                f"'{p}' is not a main participant of table {table.name}; list a technical substitute in substitutes too (§6.1)",
            )
    missing = [p for p in table.players if p not in order and p not in gone]
    if missing:
        v.add(
            f"{f}.order",
            f"main participant(s) {', '.join(missing)} of table {table.name} have no place; give every "
            "player's place, or pass a player who left the season in withdrawn",
        )
    return [p for p in order if p in seated]


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


def _table_note(stage: PlayoffStage, name: str, order: Sequence[str], subs: Sequence[str]) -> Text:
    dest = {
        (PlayoffStage.ROUND_1, TABLE_A): ("upper bracket (round 2)", "lower bracket (round 2)"),
        (PlayoffStage.ROUND_1, TABLE_B): ("upper bracket (round 2)", "lower bracket (round 2)"),
        (PlayoffStage.ROUND_2, UPPER): ("the final", "round 3"),
        (PlayoffStage.ROUND_2, LOWER): ("round 3", "out"),
        (PlayoffStage.ROUND_3, ROUND_3_TABLE): ("the final", "out"),
    }
    up, down = dest.get((stage, name), ("", ""))
    return texts.playoff_table(stage.value, name, order, subs, up, down)


def _in(stage: PlayoffStage) -> str:
    return "the final" if stage is PlayoffStage.FINAL else stage.value


def _renumber(err: InvalidArgument, indices: list[int]) -> InvalidArgument:
    """Violations of one stage's call re-pointed at the caller's ``results`` indices."""

    def renumbered(field: str) -> str:
        if field.startswith("results["):
            j = int(field[len("results[") : field.index("]")])
            return f"results[{indices[j]}]{field[field.index(']') + 1 :]}"
        return "withdrawn" if field.startswith("withdrawn[") else field

    return err.with_fields(renumbered)
