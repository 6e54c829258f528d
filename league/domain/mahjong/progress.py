"""The mahjong league's stages after the regular stage: the 8-player playoff as stored stages
(docs/rules.md ``mahjong.playoff.*``; discard-league-2026 §2, §4, §6.1).

Stage 1 is the approved draw (the regular stage). Stage 2 is playoff round 1, generated from the
final regular standings (the same standings GetStandings answers); stage 3 is round 2 (upper and
lower tables), stage 4 round 3, stage 5 the final. Who plays in each stage comes from
:mod:`league.domain.mahjong.playoff` (one playoff: ``initial_playoff`` and ``playoff_next_round``) applied to
the stored stages and their results; league seats each stage itself (round 1: :func:`round_1_tables`,
later stages: one table per group, in the group's order).

A playoff table is one match at round 1 of its stage: zero start, no match uma, the hanchan uma
applies, 3 hanchans (the final: 5). Its finishing order: the sum of its hanchans with penalties (and a
no-show's penalty), then the average place within that match, then the organizer (a tie left to the
organizer blocks the next stage). Substitutes are removed and places re-counted
(``places_without_substitutes``).

Corrections (``correction_effects``): a stage already stored keeps the players it was generated with;
a correction that would now generate it with other players (or other tables) is a conflict the
organizer must confirm, and every change of what was derived is said in words. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.domain import texts
from league.domain.mahjong import playoff
from league.domain.mahjong.ruleset import MAHJONG_LEAGUE, ORGANIZER_DECISION, Ruleset
from league.domain.mahjong.scoring import Points, exact, match_result, points_text
from league.domain.model import PlayerStatus
from league.domain.records import GameEntry, HanchanEntry, NoShowEntry, check_match, check_new_hanchan_number, substitutes_of
from league.domain.stage_kinds import (
    NEW_RESULT,
    CompetitionState,
    CorrectionEffects,
    Derived,
    MeetingShape,
    ResultContext,
    StagePlan,
    effects,
    later_stage_effects,
    place_moves,
)
from league.domain.stages import REGULAR_STAGE, Stage, Table
from league.domain.texts import Text
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

RULESET = "discard-league-2026"
KIND = "mahjong-playoff"
PLAYOFF_ROUND = 1  # every playoff stage is one round: its tables are its matches
MAX_NAMED_MISSING = 10
SEAT_FILLER = "substitute"  # a short playoff table's empty seats: "substitute 1", "substitute 2", ...

#: A playoff match: zero start (no carried points), no match uma, hanchan uma, 3 hanchans (§2).
PLAYOFF_RULESET = dataclasses.replace(MAHJONG_LEAGUE, name="mahjong-playoff", match_uma=None, rounds=1, playoff_places=0)
#: The final: 5 hanchans in one meeting (§2).
FINAL_RULESET = dataclasses.replace(PLAYOFF_RULESET, name="mahjong-playoff-final", hanchans_per_match=5)


def ruleset_of(stage: Stage) -> Ruleset:
    return FINAL_RULESET if stage.details.get("playoff_stage") == playoff.PlayoffStage.FINAL.value else PLAYOFF_RULESET


# --- results of a playoff table ------------------------------------------------------------------


def check_playoff_result(
    stage: Stage, round_no: int, table: int, seats: Table, live: Sequence[Any], new: Any, context: ResultContext = NEW_RESULT
) -> None:
    """RESULT_CHECKS["mahjong-playoff"]: hanchans, penalties and no-shows of a playoff table, checked
    like the regular stage's with the playoff ruleset (no match uma; 3 hanchans, the final 5)."""
    if isinstance(new, GameEntry):
        raise InvalidArgument.single("game", f"stage {stage.number} ({stage.name}) records hanchans, penalties and no-shows")
    if isinstance(new, HanchanEntry):
        check_new_hanchan_number(new, live, round_no, table)
    check_match(round_no, table, padded(seats), live, ruleset_of(stage), seats, new=new)


def padded(seats: Sequence[str]) -> Table:
    """A playoff table's seats, a short table (a player left the season) filled with technical
    substitutes named ``substitute 1``, ... (the names its scores use); they never advance (§6.1)."""
    return tuple(seats) + tuple(f"{SEAT_FILLER} {k}" for k in range(1, playoff.TABLE_SEATS - len(seats) + 1))


@dataclass(frozen=True)
class TableOutcome:
    """One playoff table: its name, seats, hanchans played, and once complete its finishing order
    (substitutes included) or the tie left to the organizer."""

    stage: Stage
    number: int  # the stage's table number (RecordHanchan.table)
    name: str
    seats: Table
    played: int
    hanchans: int
    order: tuple[str, ...] = ()  # everyone with a place, best first; empty while incomplete or tied
    substitutes: tuple[str, ...] = ()
    no_shows: tuple[str, ...] = ()  # main participants who did not come: a substitute took the seat (§6.1)
    unresolved: str = (
        ""  # a Text (English with .ru): "P03 and P05: equal sum 12 000 and average place 5/2 ...: organizer decision required"
    )

    @property
    def complete(self) -> bool:
        return self.played >= self.hanchans

    @property
    def label(self) -> Text:
        return texts.playoff_table_label(self.stage.number, self.stage.name, self.name)

    def result(self) -> playoff.TableResult:
        return playoff.TableResult(self.name, self.order, self.substitutes, self.no_shows)


def table_names(stage: Stage) -> tuple[str, ...]:
    return tuple(stage.details.get("tables") or (g[0] for g in stage.details.get("groups", [])))


def table_outcomes(state: CompetitionState, stage: Stage, names: Mapping[str, str] | None = None) -> tuple[TableOutcome, ...]:
    """Every table of a playoff stage with its finishing order by the playoff ruleset (§2, §4)."""
    names = names or {}
    ruleset = ruleset_of(stage)
    by_table: dict[int, list[Any]] = {}
    for r in state.stage_records(stage.number):
        by_table.setdefault(r.table, []).append(r.content)
    out = []
    tables = table_names(stage)
    for k, seats in enumerate(stage.rounds[0] if stage.rounds else (), start=1):
        contents = by_table.get(k, [])
        match = check_match(PLAYOFF_ROUND, k, padded(seats), contents, ruleset, seats)
        played = len(match.hanchans)
        outcome = TableOutcome(
            stage, k, tables[k - 1] if k <= len(tables) else str(k), padded(seats), played, ruleset.hanchans_per_match
        )
        if outcome.complete:
            subs = tuple(sorted(substitutes_of(contents) | (set(padded(seats)) - set(seats))))
            order, tie = _finishing_order(match_result(match, ruleset), set(subs), names)
            absent = tuple(sorted({c.player for c in contents if isinstance(c, NoShowEntry)}))
            outcome = dataclasses.replace(
                outcome, order=order if not tie else (), substitutes=subs, no_shows=absent, unresolved=tie
            )
        out.append(outcome)
    return tuple(out)


def _finishing_order(result: Any, subs: set[str], names: Mapping[str, str]) -> tuple[tuple[str, ...], Text]:
    """Sum of the match (hanchans with penalties, no-show penalty), then average place in the match;
    what remains equal between main participants is the organizer's (§2, §4; substitutes are
    removed before advancement, so their ties decide nothing)."""

    def key(line: Any) -> tuple[bool, Points, Fraction]:
        # a no-show did not play the match: he places after everyone who sat (docs/rules.md
        # mahjong.playoff.stage-results), whatever his penalty against their sums
        places = line.places
        avg = sum(places, Fraction(0)) / len(places) if places else Fraction(10**6)
        return (not places, -Fraction(line.total), avg)

    lines = sorted(result.lines, key=key)
    main = [x for x in lines if x.player not in subs]
    ties = []
    for a, b in zip(main, main[1:], strict=False):
        if key(a) == key(b):
            avg = key(a)[2]
            ties.append(
                texts.playoff_table_tie(
                    names.get(a.player, a.player),
                    names.get(b.player, b.player),
                    points_text(exact(a.total)),
                    str(avg) if avg != Fraction(10**6) else None,
                )
            )
    return tuple(x.player for x in lines), texts.join(ties)


# --- the playoff from the stored stages ----------------------------------------------------------


@dataclass(frozen=True)
class PlayoffPlay:
    """The playoff as stored: its stages with their tables, the domain state after the complete ones,
    and what blocks the next stage (a stage still being played, a tie left to the organizer)."""

    stages: tuple[tuple[Stage, tuple[TableOutcome, ...]], ...]
    state: playoff.PlayoffState | None  # None before round 1 is generated
    blocked: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state.stage is playoff.PlayoffStage.FINISHED


def playoff_stages(state: CompetitionState) -> tuple[Stage, ...]:
    return tuple(s for s in state.stages if s.kind == KIND)


def _stage_of(stage: Stage) -> playoff.PlayoffStage:
    return playoff.PlayoffStage(stage.details.get("playoff_stage", playoff.PlayoffStage.ROUND_1.value))


def _as_played(current_state: playoff.PlayoffState, stage: Stage) -> playoff.PlayoffState:
    """The domain state at ``stage`` with the players as stored: a stage keeps who it was generated
    with, even after a correction the organizer confirmed."""
    if _stage_of(stage) is playoff.PlayoffStage.ROUND_1:
        return current_state
    tables = table_names(stage)
    groups = tuple(playoff.PlayoffGroup(name, tuple(seats)) for name, seats in zip(tables, stage.rounds[0], strict=False))
    return dataclasses.replace(current_state, groups=groups)


def _leaving(state: CompetitionState, at: playoff.PlayoffState, later: Sequence[Stage]) -> list[str]:
    """Players who left the season (withdrawn or disqualified) and leave the playoff during the stage
    ``at``: the last stored stage in which they are in play (seated, or waiting for the final)."""
    gone = {p.id for p in state.players if p.status in (PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED)}
    return [p for p in at.in_play if p in gone and not any(p in s.players for s in later)]


def play(state: CompetitionState, upto: int | None = None, names: Mapping[str, str] | None = None) -> PlayoffPlay:
    """The stored playoff stages (those numbered below ``upto``, or all) replayed in order."""
    stored = playoff_stages(state)
    stages = [s for s in stored if upto is None or s.number < upto]
    if not stages:
        return PlayoffPlay((), None)
    places = tuple(stages[0].basis.get("regular_places", ()))
    current_state = playoff.initial_playoff(places)
    seen: list[tuple[Stage, tuple[TableOutcome, ...]]] = []
    blocked: list[Text] = []
    for stage in stages:
        outcomes = table_outcomes(state, stage, names)
        seen.append((stage, outcomes))
        if blocked:
            continue
        missing = [o for o in outcomes if not o.complete]
        if missing:
            blocked.append(
                texts.playoff_stage_being_played(stage.number, stage.name, [(o.name, o.played, o.hanchans) for o in missing])
            )
            continue
        ties = [o for o in outcomes if o.unresolved]
        if ties:
            blocked.extend(texts.join([o.label, o.unresolved], ": ") for o in ties)
            continue
        as_played = _as_played(current_state, stage)
        leaving = _leaving(state, as_played, [s for s in stored if s.number > stage.number])
        try:
            current_state = playoff.playoff_next_round(as_played, [o.result() for o in outcomes], withdrawn=leaving)
        except InvalidArgument as error:  # stored tables no longer fit (cannot happen without a bug)
            blocked.append(texts.playoff_cannot_replay(stage.number, stage.name, error.message))
    return PlayoffPlay(tuple(seen), current_state, tuple(blocked))


# --- the regular stage -------------------------------------------------------------------------


def missing_regular_matches(state: CompetitionState) -> list[str]:
    """Drawn tables without all their hanchans, as ``round 2, table 5 (1 of 3 hanchans)``."""
    per_match = MAHJONG_LEAGUE.hanchans_per_match
    played: dict[tuple[int, int], set[int]] = {}
    for r in state.stage_records(REGULAR_STAGE):
        if isinstance(r.content, HanchanEntry):
            played.setdefault((r.round, r.table), set()).add(r.content.number)
    out = []
    for rnd, tables in enumerate(state.draw_rounds, start=1):
        for t, _ in enumerate(tables, start=1):
            n = len(played.get((rnd, t), set()))
            if n < per_match:
                out.append(f"round {rnd}, table {t} ({n} of {per_match} hanchans)")
    return out


def _named_list(items: Sequence[str]) -> str:
    shown = ", ".join(items[:MAX_NAMED_MISSING])
    return shown + (f" and {len(items) - MAX_NAMED_MISSING} more" if len(items) > MAX_NAMED_MISSING else "")


def qualifiers(state: CompetitionState) -> tuple[str, ...]:
    """Regular places 1..8 from the final standings (GetStandings' own, with the organizer's decisions);
    FAILED_PRECONDITION while the regular stage is incomplete or a tie decides who plays where."""
    if not state.draw_rounds:
        raise FailedPrecondition(
            f"competition {state.competition.name!r} has no approved draw; the playoff follows the regular stage"
        )
    missing = missing_regular_matches(state)
    if missing:
        raise FailedPrecondition(
            f"the regular stage is not complete: {len(missing)} match(es) still missing hanchans: {_named_list(missing)}"
        )
    standings = state.regular_standings()
    # every hanchan is recorded, so a provisional row waits for a reported result to be confirmed (or a
    # disputed one to be decided): it is not in the standings yet (mahjong.records.standings-use-confirmed-only)
    provisional = [row for row in standings.rows if row.figures.provisional]
    if provisional:
        notes = sorted({n for row in provisional for n in row.figures.notes if "round" in n})
        raise FailedPrecondition(
            f"the regular standings are provisional ({len(provisional)} rows): results pending: {_named_list(notes)}"
        )
    cut = playoff.PLAYOFF_PLAYERS
    for tie in standings.unresolved:
        first = int(tie.place.split("-")[0])
        if first <= cut:
            why = "the playoff cut" if tie.at_cut else "the round 1 tables (places 1, 3, 5, 7 / 2, 4, 6, 8)"
            raise FailedPrecondition(f"places {tie.place} tied: {ORGANIZER_DECISION} (it decides {why})")
    subs = {p.id for p in state.players if p.status is PlayerStatus.SUBSTITUTE}
    ranked = tuple(row.player for row in standings.rows if row.player not in subs)
    if len(ranked) < cut:
        raise FailedPrecondition(f"the playoff takes the {cut} best of the regular stage; only {len(ranked)} are ranked")
    return ranked[:cut]


# --- the progress of a discard-league competition --------------------------------------------------


def round_1_tables(places: Sequence[str]) -> tuple[Table, Table]:
    """Table A = regular places 1, 3, 5, 7; table B = places 2, 4, 6, 8 (§2)."""
    return tuple(places[0::2]), tuple(places[1::2])


class MahjongProgress:
    """PROGRESS["discard-league-2026"]: the regular stage (the draw), then the playoff's four stages."""

    def plan(self, state: CompetitionState, number: int | None = None) -> StagePlan:
        """The plan of stage ``number`` (default: the next one) from what is stored before it."""
        stored = playoff_stages(state)
        number = number or (max((s.number for s in stored), default=REGULAR_STAGE) + 1)
        names = {p.id: p.name for p in state.players}
        if number == REGULAR_STAGE + 1:
            places = qualifiers(state)
            listing = ", ".join(f"{i}. {names.get(p, p)}" for i, p in enumerate(places, start=1))
            return StagePlan(
                number=number,
                kind=KIND,
                name=playoff.PlayoffStage.ROUND_1.value,
                groups=((playoff.ROUND_1_GROUP, places),),
                rounds=(round_1_tables(places),),
                details={
                    "playoff_stage": playoff.PlayoffStage.ROUND_1.value,
                    "tables": list(playoff.STAGE_TABLES[playoff.PlayoffStage.ROUND_1]),
                },
                basis={"regular_places": list(places)},
                notes=(texts.playoff_round_1_from(listing),),
            )
        played = play(state, upto=number, names=names)
        if played.blocked:
            raise FailedPrecondition("; ".join(played.blocked))
        current_state = played.state
        assert current_state is not None
        if current_state.stage is playoff.PlayoffStage.FINISHED:
            order = ", ".join(f"{i}. {names.get(p, p)}" for i, p in enumerate(current_state.final_order, start=1))
            return StagePlan(0, KIND, "finished", (), notes=(texts.playoff_finished(order),), finished=True)
        groups = tuple((g.name, g.players) for g in current_state.groups)
        results = [
            [o.name, list(o.order), list(o.substitutes)]
            for stage, outcomes in played.stages
            for o in outcomes
            if stage.number < number
        ]
        return StagePlan(
            number=number,
            kind=KIND,
            name=current_state.stage.value,
            groups=groups,
            rounds=(tuple(players for _, players in groups),),
            details={
                "playoff_stage": current_state.stage.value,
                "tables": [name for name, _ in groups],
                "waiting": list(current_state.waiting),
            },
            basis={"regular_places": list(current_state.regular_places), "results": results},
            notes=tuple(current_state.notes[-len(groups) - 2 :]),
        )

    def next_stage(self, state: CompetitionState) -> StagePlan:
        """Round 1 once the regular stage is complete and its top 8 decided; each later stage once the
        one before it is complete and no tie is left to the organizer; ``finished`` after the final."""
        return self.plan(state)

    def stage_complete(self, state: CompetitionState, stage: Stage) -> bool:
        return all(o.complete for o in table_outcomes(state, stage))

    def correction_effects(self, before: CompetitionState, after: CompetitionState) -> CorrectionEffects:
        return correction_effects(before, after)


# --- corrections ---------------------------------------------------------------------------------

#: who rules on a stored stage that a confirmed correction would now generate otherwise
WHO_DECIDES = (
    "the organizer decides how it is played out (discard-league-2026 §4: what the rules do not settle is his; "
    "a round 1 the standings no longer give is shown by the standings until he decides the playoff)"
)


def _regular_order(state: CompetitionState) -> tuple[str, ...] | None:
    try:
        return tuple(row.player for row in state.regular_standings().rows)
    except FailedPrecondition:
        return None


def correction_effects(before: CompetitionState, after: CompetitionState) -> CorrectionEffects:
    """What a correction changes in what was derived from the results (``after`` holds it, ``before``
    not): regular places, the finishing order of playoff tables, and, for every stage already stored,
    whether it would now be generated with other players or tables (a conflict: who already played
    a later stage would change) or only in another order (a change)."""
    names = {p.id: p.name for p in after.players}
    changes: list[str] = []
    old_order, new_order = _regular_order(before), _regular_order(after)
    if old_order is not None and new_order is not None and (moved := place_moves(old_order, new_order, names)):
        changes.append("regular places: " + ", ".join(moved))
    for stage in playoff_stages(after):
        old_tables = {o.name: o for o in table_outcomes(before, stage, names)}
        for o in table_outcomes(after, stage, names):
            was = old_tables.get(o.name)
            if was is not None and (was.order, was.unresolved) != (o.order, o.unresolved):
                if o.unresolved:
                    changes.append(f"{o.label}: now tied: {o.unresolved}")
                elif was.order and o.order:
                    changes.append(f"{o.label}: " + ", ".join(place_moves(was.order, o.order, names)))
                else:
                    changes.append(f"{o.label}: order now " + ", ".join(names.get(p, p) for p in o.order))
    later, conflicts, to_redo = later_stage_effects(
        before,
        after,
        playoff_stages(after),
        _derived,
        names,
        table_names,
        "table",
        lambda old, new: f"its basis changed: {_basis_change(old, new, names)}",
        WHO_DECIDES,
        lambda stage: stage.rounds[0] if stage.rounds else (),
    )
    return effects([*changes, *later], conflicts, to_redo)


def _derived(state: CompetitionState, stage: Stage) -> Derived | str:
    """The tables and basis stage ``stage`` would be generated with from ``state`` (the stages before
    it as stored), or why it could not be."""
    try:
        plan = MahjongProgress().plan(state, stage.number)
    except FailedPrecondition as error:
        return error.message
    if plan.finished:
        return "the playoff would already be finished"
    if plan.name == playoff.PlayoffStage.ROUND_1.value:
        return Derived(round_1_tables(plan.groups[0][1]), dict(plan.basis))
    return Derived(tuple(players for _, players in plan.groups), dict(plan.basis))


def _basis_change(old: Mapping[str, Any], new: Mapping[str, Any], names: Mapping[str, str]) -> str:
    before, after = old.get("regular_places", []), new.get("regular_places", [])
    if before != after:
        return "regular places " + ", ".join(place_moves(before, after, names))
    return "the results it was generated from"


def playoff_meeting_shape(stage: Stage) -> MeetingShape:
    """A playoff match is 3 hanchans, the final 5 in one meeting (discard-league-2026 §2)."""
    ruleset = ruleset_of(stage)
    return MeetingShape(ruleset.hanchans_per_match, one_meeting=ruleset is FINAL_RULESET)
