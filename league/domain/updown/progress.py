"""The Up&Down league (updown-league-2007) played through the service: stage 1 is a stored round robin
of every main player, stage 2 the leaders and outsiders groups formed from its standings; the results
are 1-vs-1 game records (``league.domain.records.GameEntry``).

docs/rules.md ``updown.*``:

* ``updown.stage.cut-places-fit-the-field`` — the division's data (cut places...) is stored with stage 1,
  fitted to the field (:func:`fit_to_field`); stage 2 reads it from there.
* ``updown.records.one-game-per-pairing`` — :func:`check_updown_game`.
* ``updown.annul.thrown-match`` — a judge annuls a match by correcting its record to ``annulled``.
* ``updown.stage-two.generated-from-standings`` — :class:`UpdownProgress`.
* ``updown.checkpoints.fifty-seventy-five`` — :func:`checkpoint_removals`.

ONE converter from stored records to the domain's :class:`league.domain.updown.standings.UpdownSeason`
(:func:`stage_seasons`) serves the standings RPC, the progress and the checkpoints. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.domain import texts
from league.domain.lots import latest_decisions
from league.domain.model import PlayerStatus
from league.domain.records import Content, GameEntry
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
from league.domain.stages import Stage, StageRound, StageStatus, Table
from league.domain.texts import ORGANIZER_DECISION
from league.domain.updown.berger import RatedPlayer, group_round_robins, split_into_groups
from league.domain.updown.standings import (
    EXTRA_MATCH,
    SUPER_LEAGUE,
    Game,
    GameResult,
    UpdownRuleset,
    UpdownSeason,
    UpdownStandings,
    updown_standings,
)
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

COMPETITION_RULESET = "updown-league-2007"
ROUND_ROBIN_KIND = "updown-round-robin"  # stage 1: every main player, double round robin
GROUP_KIND = "updown-group"  # stage 2: the leaders and outsiders groups, single round robin each
STAGE_ONE_GROUP = "stage 1"
#: A game record's result when the judge annuls a thrown match (§9.2): a correction, with the reason.
ANNULLED = "annulled"
GONE = (PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED)


# --- the division's data, stored with the stage ----------------------------------------------------


def fit_to_field(division: UpdownRuleset, players: int) -> UpdownRuleset:
    """docs/rules.md ``updown.stage.cut-places-fit-the-field``: the division's cut places as written for
    ``division.field`` players; a smaller field keeps their proportions (each count × players / field,
    rounded down), a field as large or larger keeps them as they are."""
    if players >= division.field:
        return division
    share = Fraction(players, division.field)
    counts = ("leaders", "outsiders", "outsiders_stay", "promoted", "first_checkpoint_keep")
    scaled: dict[str, Any] = {name: int(getattr(division, name) * share) for name in counts}  # int() floors a positive Fraction
    return dataclasses.replace(division, name=f"{division.name} ({players} players)", field=players, **scaled)


def ruleset_data(ruleset: UpdownRuleset) -> dict[str, Any]:
    return dataclasses.asdict(ruleset)


def ruleset_of(stage: Stage) -> UpdownRuleset:
    """The division data stored with the stage (fields a later version added take their defaults)."""
    data = dict(stage.details.get("ruleset") or {})
    return division_from(data) if data else SUPER_LEAGUE


def division_from(data: Mapping[str, Any]) -> UpdownRuleset:
    known = {f.name for f in dataclasses.fields(UpdownRuleset)}
    return UpdownRuleset(**{k: v for k, v in data.items() if k in known})


#: docs/rules.md ``updown.ruleset.division-as-data``: what the schedule of a stored stage 1 depends on
#: (it never changes afterwards), and what the split into the stage-2 groups depends on (it never
#: changes once stage 2 is formed); the rest (who stays, who goes up, the checkpoints) may change later.
SEATED_WITH_STAGE_ONE = ("cycles", "group_size", "field")
SPLIT_WITH_STAGE_TWO = ("leaders", "outsiders", "leaders_long")


def check_division_change(after: UpdownRuleset, stages: Sequence[Stage]) -> None:
    """docs/rules.md ``updown.ruleset.division-as-data``: once stage 1 is seated its cycles and groups do
    not change, once stage 2 is formed neither does the split; FAILED_PRECONDITION naming the field."""
    for names, kind, why in (
        (SEATED_WITH_STAGE_ONE, ROUND_ROBIN_KIND, "stage 1 is seated with it"),
        (SPLIT_WITH_STAGE_TWO, GROUP_KIND, "stage 2 is formed with it"),
    ):
        stage = next((s for s in stages if s.kind == kind), None)
        if stage is None:
            continue
        before = ruleset_of(stage)
        changed = [n for n in names if getattr(before, n) != getattr(after, n)]
        if changed:
            stays = ", ".join(f"{n} = {getattr(before, n)}" for n in changed)
            raise FailedPrecondition(f"{', '.join(changed)} can no longer change: {why} (it stays {stays})")


def pinned_division(state: CompetitionState) -> UpdownRuleset | None:
    """The division the competition's latest pinned ruleset version gives explicitly, None when it
    gives none (then the registered Super League fitted to the field plays)."""
    return division_from(state.ruleset_data) if state.ruleset_data else None


def division_of(state: CompetitionState, stage: Stage) -> UpdownRuleset:
    """The division a stored stage is played by: the data stored with it, with what a later pinned
    version changed where that may still change (not the schedule, not a split already made)."""
    stored = ruleset_of(stage)
    pinned = pinned_division(state)
    if pinned is None:
        return stored
    fixed = SEATED_WITH_STAGE_ONE + (SPLIT_WITH_STAGE_TWO if stage.kind == GROUP_KIND else ())
    later = {f.name: getattr(pinned, f.name) for f in dataclasses.fields(UpdownRuleset) if f.name not in (*fixed, "name")}
    return dataclasses.replace(stored, name=pinned.name, **later)


def groups_of(stage: Stage) -> list[tuple[str, tuple[str, ...]]]:
    return [(name, tuple(players)) for name, players in stage.details.get("groups", [])]


def long_groups_of(stage: Stage) -> set[str]:
    return set(stage.details.get("long_groups", []))


# --- the one converter: stored records -> UpdownSeason --------------------------------------------


def game_of(round_no: int, entry: GameEntry) -> Game:
    """A stored game as the domain scores it: ``annulled`` is a thrown match, 0-0 and final (§9.2)."""
    if entry.result == ANNULLED:
        return Game(round_no, entry.first, entry.second, GameResult.BOTH_TECHNICAL, entry.long, thrown=True)
    return Game(round_no, entry.first, entry.second, GameResult(entry.result), entry.long)


def stage_seasons(state: CompetitionState, stage: Stage) -> list[UpdownSeason]:
    """Each group of the stage as an :class:`UpdownSeason`: its players in the stage's order, the ones
    withdrawn or removed now (the half rule applies to them), the current game records of the stage
    between two of its players, the ruleset and, in stage 2, the points carried."""
    ruleset = division_of(state, stage)
    gone = {p.id for p in state.players if p.status in GONE}
    games = [(r.round, r.content) for r in state.stage_records(stage.number) if isinstance(r.content, GameEntry)]
    carried = carried_points(state, stage)
    seasons = []
    for name, players in groups_of(stage):
        members = set(players)
        seasons.append(
            UpdownSeason(
                ruleset=ruleset,
                players=players,
                games=tuple(game_of(rnd, g) for rnd, g in games if g.first in members and g.second in members),
                withdrawn=tuple(p for p in players if p in gone),
                stage=1 if stage.kind == ROUND_ROBIN_KIND else 2,
                group=None if stage.kind == ROUND_ROBIN_KIND else name,
                carried=dict(carried.get(name, {})),
            )
        )
    return seasons


def carried_points(state: CompetitionState, stage: Stage) -> dict[str, dict[str, int]]:
    """docs/rules.md ``updown.records.correction-recomputes-derived``: the points each stage-2 group
    carries (§4.4), per player of the group as stored, from the CURRENT standings of stage 1, so a
    corrected stage-1 game changes them; stage 1 carries nothing."""
    stored: dict[str, dict[str, int]] = stage.details.get("carried", {})
    first = next((s for s in state.stages if s.kind == ROUND_ROBIN_KIND), None)
    if stage.kind != GROUP_KIND or first is None:
        return stored
    points = {r.player: r.points for _, st in stage_standings(state, first) for r in st.rows}
    return {name: {p: points.get(p, pts) for p, pts in group.items()} for name, group in stored.items()}


def stage_standings(state: CompetitionState, stage: Stage) -> list[tuple[str, UpdownStandings]]:
    """The standings of each group of the stage, from the stored records, with the organizer's
    decisions of the stage's ties (``updown.standings.extra-match-by-decision``)."""
    decided = {
        key: (d.players, d.explained())
        for key, d in latest_decisions(d for d in state.tie_decisions if d.stage == stage.number).items()
    }
    return [(name, updown_standings(season, decided)) for (name, _), season in zip(groups_of(stage), stage_seasons(state, stage))]


# --- results ----------------------------------------------------------------------------------------


def check_updown_game(
    stage: Stage,
    round_no: int,
    table: int,
    seats: Table,
    live: Sequence[Content],
    new: Content,
    context: ResultContext = NEW_RESULT,
) -> None:
    """docs/rules.md ``updown.records.one-game-per-pairing``: one game a pairing, between the table's two
    players in its order, no drawn result, long exactly where the stage plays long matches."""
    if not isinstance(new, GameEntry):
        raise FailedPrecondition(
            f"stage {stage.number} ({stage.name}) of an Up&Down league takes game results only: record a game"
        )
    where = f"round {round_no}, table {table} of stage {stage.number}"
    annulled = [c for c in (context.replaced, *live) if isinstance(c, GameEntry) and c.result == ANNULLED]
    if annulled:  # docs/rules.md updown.records.annulled-and-withdrawn-take-no-results
        raise FailedPrecondition(
            f"{where} was annulled (a thrown match, 0-0: updown-league-2007 §9.2, final); it takes no other result"
        )
    left = [p for p in seats if p in context.left]
    if left and context.replaced is None:
        raise FailedPrecondition(
            f"{where}: {' and '.join(left)} left the league; the games he had not played are settled by the withdrawal "
            "rule (updown-league-2007 §10.4: all his results annulled, or technical losses 0-1), none is recorded"
        )
    if (new.first, new.second) != tuple(seats):
        raise InvalidArgument.single(
            "game.first_player_id",
            f"round {round_no}, table {table} of stage {stage.number} is {seats[0]} (first) against {seats[-1]}; "
            f"got {new.first} against {new.second}",
        )
    if new.number != 1:
        raise InvalidArgument.single("game.number", f"an Up&Down pairing is one game (number 1), got {new.number}")
    if new.result == "=":
        raise InvalidArgument.single(
            "game.result", "an Up&Down match has a winner: there is no drawn result (updown-league-2007 §6.1)"
        )
    group = next((name for name, players in groups_of(stage) if seats[0] in players), "")
    long = group in long_groups_of(stage)
    if new.long != long:
        raise InvalidArgument.single(
            "game.long",
            f"the {group} group of stage {stage.number} plays {'long' if long else 'base'} matches: long must be {str(long).lower()}",
        )
    if any(isinstance(c, GameEntry) for c in live):
        raise FailedPrecondition(
            f"round {round_no}, table {table} of stage {stage.number} already has its game; correct it instead, with the reason"
        )


# --- progress -------------------------------------------------------------------------------------


def _pairings(stage: Stage) -> list[tuple[int, int, Table]]:
    return [(r, t, table) for r, rnd in enumerate(stage.rounds, 1) for t, table in enumerate(rnd, 1) if len(table) == 2]


def missing_games(state: CompetitionState, stage: Stage) -> list[tuple[int, int, Table]]:
    """The pairings of two players still in the league without a current game record (a withdrawn
    player's games are settled by the half rule, §10.4)."""
    gone = {p.id for p in state.players if p.status in GONE}
    done = {(r.round, r.table) for r in state.stage_records(stage.number) if isinstance(r.content, GameEntry)}
    return [(r, t, seats) for r, t, seats in _pairings(stage) if (r, t) not in done and not set(seats) & gone]


@dataclass(frozen=True)
class UpdownProgress:
    """docs/rules.md ``updown.stage-two.generated-from-standings``: stage 1 (every main player, the
    division's cycles), then stage 2 (the leaders and outsiders groups with their points), then done."""

    division: UpdownRuleset = SUPER_LEAGUE

    def next_stage(self, state: CompetitionState) -> StagePlan:
        if not state.stages:
            return self._stage_one(state)
        last = state.stages[-1]
        if last.status is not StageStatus.COMPLETED:
            missing = missing_games(state, last)
            raise FailedPrecondition(
                f"stage {last.number} ({last.name}) is still being played: {len(missing)} of {len(_pairings(last))} games to record"
            )
        if last.kind == ROUND_ROBIN_KIND:
            return self._stage_two(state, last)
        return StagePlan(0, "", "finished", (), finished=True, notes=(texts.UPDOWN_SEASON_OVER,))

    def _stage_one(self, state: CompetitionState) -> StagePlan:
        """docs/rules.md ``updown.stage-one.double-round-robin-of-main-players``: every main player, in
        registration order, in one group, or in groups of at most ``group_size`` (snake-seeded by rating,
        ``league.domain.updown.berger.split_into_groups``: ``updown.groups.snake-or-random``); the division is the competition's pinned
        data, else the registered one fitted to the field (``updown.stage.cut-places-fit-the-field``)."""
        players = sorted((p for p in state.players if p.status is PlayerStatus.MAIN), key=lambda p: p.registration_order)
        if len(players) < 2:
            raise FailedPrecondition(f"an Up&Down round robin needs at least 2 main players, {len(players)} registered")
        ruleset = pinned_division(state) or fit_to_field(self.division, len(players))
        ids = tuple(p.id for p in players)
        groups: tuple[tuple[str, tuple[str, ...]], ...] = ((STAGE_ONE_GROUP, ids),)
        if ruleset.group_size and len(players) > ruleset.group_size:
            count = -(-len(players) // ruleset.group_size)
            split = split_into_groups([RatedPlayer(p.id, p.rating) for p in players], count)
            order = {p.id: p.registration_order for p in players}
            groups = tuple((f"group {g.name}", tuple(sorted(g.ids, key=order.__getitem__))) for g in split)
        smallest = min(len(members) for _, members in groups)
        if ruleset.outsiders and ruleset.leaders + ruleset.outsiders > smallest:  # the two groups would overlap
            raise FailedPrecondition(
                f"{ruleset.name}: {ruleset.leaders} leaders and {ruleset.outsiders} outsiders a group need {ruleset.leaders + ruleset.outsiders} "
                f"players, the smallest group has {smallest}; change the ruleset's leaders, outsiders or group_size"
            )
        return StagePlan(
            number=1,
            kind=ROUND_ROBIN_KIND,
            name="stage 1",
            groups=groups,
            rounds=round_robin_rounds(groups, ruleset.cycles, {p.id: p.rating for p in players}),
            details={"ruleset": ruleset_data(ruleset), "long_groups": [], "ruleset_version": state.ruleset_version},
            basis={"players": list(ids)},
            notes=(
                texts.updown_stage_one_plan(
                    ruleset.name,
                    ruleset.cycles,
                    ruleset.leaders,
                    ruleset.outsiders,
                    len(groups),
                    smallest,
                    max(len(m) for _, m in groups),
                ),
            ),
        )

    def _stage_two(self, state: CompetitionState, first: Stage) -> StagePlan:
        """docs/rules.md ``updown.stage-two.generated-from-standings``: the leaders and outsiders of every
        stage-1 group (the places count in each group), with the points they carry."""
        ruleset = division_of(state, first)
        per_group = stage_standings(state, first)
        for _, standings in per_group:
            at_cut = [t for t in standings.unresolved if t.at_cut]
            if at_cut:
                t = at_cut[0]
                low, _, high = t.place.partition("-")
                a, b = int(low), int(high or low)
                size = len(standings.rows)
                cuts = [c for c in (ruleset.leaders, size - ruleset.outsiders) if a <= c < b]
                place = cuts[0] if cuts else a
                needed = EXTRA_MATCH if t.reason.endswith(EXTRA_MATCH) else ORGANIZER_DECISION
                raise FailedPrecondition(
                    f"{needed} between {' and '.join(t.players)} for place {place} (places {t.place}): {t.reason}"
                )
        # a group's members best first: by their stage-1 place, then by the order of their stage-1 groups
        ranked = sorted(
            ((int(row.place.split("-")[0]), g, row) for g, (_, standings) in enumerate(per_group) for row in standings.rows),
            key=lambda x: (x[0], x[1]),
        )
        groups: dict[str, dict[str, int]] = {}
        for _, _, row in ranked:
            if row.fate in ("leaders", "outsiders"):
                groups.setdefault(row.fate, {})[row.player] = row.points
        groups = {name: groups[name] for name in ("leaders", "outsiders") if name in groups}
        if not groups:
            raise FailedPrecondition("nobody continues to stage 2: the division's cut places leave both groups empty")
        ratings = {p.id: p.rating for p in state.players}
        members = tuple((name, tuple(points)) for name, points in groups.items())
        return StagePlan(
            number=2,
            kind=GROUP_KIND,
            name="stage 2",
            groups=members,
            rounds=round_robin_rounds(members, 1, ratings),
            details={
                "ruleset": ruleset_data(ruleset),
                "carried": {name: dict(points) for name, points in groups.items()},
                "long_groups": ["leaders"] if ruleset.leaders_long and "leaders" in groups else [],
                "ruleset_version": state.ruleset_version,
            },
            basis={"standings": [[r.place, r.player, r.points] for _, standings in per_group for r in standings.rows]},
            notes=tuple(texts.updown_group_carried(name, len(points)) for name, points in groups.items()),
        )

    def stage_complete(self, state: CompetitionState, stage: Stage) -> bool:
        return not missing_games(state, stage)

    def correction_effects(self, before: CompetitionState, after: CompetitionState) -> CorrectionEffects:
        return correction_effects(before, after)


# --- corrections ---------------------------------------------------------------------------------------

#: who rules on a stored stage that a confirmed correction would now generate otherwise
WHO_DECIDES = "the referee decides how it is played out (Rondo never regenerates a stored stage)"


def correction_effects(before: CompetitionState, after: CompetitionState) -> CorrectionEffects:
    """docs/rules.md ``updown.records.correction-recomputes-derived``: what a corrected game (``after``
    holds it, ``before`` not) changes: each group's places and what they mean (the split after stage 1,
    the champion, who stays, is relegated or promoted after stage 2), the points stage 2 carries, and
    whether stage 2, when already generated, would now be formed with other groups (a conflict the
    organizer confirms: the stored stage keeps its groups)."""
    names = {p.id: p.name for p in after.players}
    changes: list[str] = []
    for stage in after.stages:
        old = dict(stage_standings(before, stage))
        for group, standings in stage_standings(after, stage):
            was = old.get(group)
            if was is None:
                continue
            moved = _row_moves(was, standings, names)
            if moved:
                where = f"stage {stage.number}" + (
                    "" if group == STAGE_ONE_GROUP else f", {group}" if group.startswith("group ") else f", {group} group"
                )
                changes.append(f"{where} places: " + ", ".join(moved))
    later, conflicts, to_redo = later_stage_effects(
        before,
        after,
        [s for s in after.stages if s.kind == GROUP_KIND],
        _derived_groups,
        names,
        lambda stage: [name for name, _ in groups_of(stage)],
        "group",
        lambda old, new: _carried_change(old, new, names),
        WHO_DECIDES,
        lambda stage: [players for _, players in groups_of(stage)],
    )
    return effects([*changes, *later], conflicts, to_redo)


def _row_moves(old: UpdownStandings, new: UpdownStandings, names: Mapping[str, str]) -> list[str]:
    """``U05 3 -> 6-7 (leaders -> stop)`` for every row whose place or fate changed."""
    was = {r.player: r for r in old.rows}
    out = []
    for r in new.rows:
        w = was.get(r.player)
        if w is not None and (w.place, w.fate) != (r.place, r.fate):
            fate = f" ({w.fate} -> {r.fate})" if w.fate != r.fate else ""
            out.append(f"{names.get(r.player, r.player)} {w.place} -> {r.place}{fate}")
    return out


def _derived_groups(state: CompetitionState, stage: Stage) -> Derived | str:
    """The groups (in the stored stage's order) and carried points stage 2 would be formed with from
    ``state``'s stage 1, or why it could not be."""
    first = next((s for s in state.stages if s.kind == ROUND_ROBIN_KIND), None)
    if first is None:
        return "stage 1 is not stored"
    try:
        plan = UpdownProgress()._stage_two(state.before_stage(stage.number), first)
    except FailedPrecondition as error:
        return error.message
    groups = dict(plan.groups)
    order = [name for name, _ in groups_of(stage)]
    order += [name for name in groups if name not in order]
    return Derived(tuple(groups.get(name, ()) for name in order), {"carried": plan.details.get("carried", {})})


def _carried_change(old: Mapping[str, Any], new: Mapping[str, Any], names: Mapping[str, str]) -> str:
    was = {p: pts for group in old.get("carried", {}).values() for p, pts in group.items()}
    now = {p: pts for group in new.get("carried", {}).values() for p, pts in group.items()}
    moved = [f"{names.get(p, p)} {was[p]} -> {pts}" for p, pts in now.items() if p in was and was[p] != pts]
    return "the points carried from stage 1 change, and its standings with them: " + ", ".join(moved)


def round_robin_rounds(
    groups: Sequence[tuple[str, Sequence[str]]], cycles: int, ratings: Mapping[str, int | None]
) -> tuple[StageRound, ...]:
    """A stage's rounds (docs/rules.md ``updown.schedule.berger-tables``, ``updown.groups.snake-or-random``):
    every group's round robin from the Berger tables, its players ordered by rating (the higher rating
    takes the lower Berger number, unrated last, equal ratings in the group's order), the groups played
    side by side: round i holds round i of every group that has one; a pairing is a table of two, the
    first player moves first."""
    schedules = [
        [
            r
            for _, schedule in group_round_robins([RatedPlayer(p, ratings.get(p)) for p in players], cycles)
            for r in schedule.rounds
        ]
        for _, players in groups
    ]
    return tuple(
        tuple((pairing.first, pairing.second) for rounds in schedules if i < len(rounds) for pairing in rounds[i].pairings)
        for i in range(max((len(r) for r in schedules), default=0))
    )


# --- §10.3 checkpoints ------------------------------------------------------------------------------


class Checkpoint(enum.StrEnum):
    FIRST = "first"  # about three weeks in
    SECOND = "second"  # ten days before the end of stage 1


@dataclass(frozen=True)
class Removal:
    """One player a checkpoint removes, with the figures that decided it."""

    player: str
    really_played: int
    due: int
    reason: str
    results_annulled: bool  # First League, first checkpoint: his results are annulled outright
    reason_ru: str = ""  # the reason in Russian ("": a removal stored before it was kept)


def _really_played(season: UpdownSeason, player: str, opponents: set[str]) -> int:
    return sum(1 for g in season.games if g.involves(player) and g.opponent(player) in opponents and g.really_played)


def checkpoint_removals(season: UpdownSeason, checkpoint: Checkpoint) -> list[Removal]:
    """docs/rules.md ``updown.checkpoints.fifty-seventy-five`` (updown-league-2007 §10.3), stage 1,
    among the players still in the league, exact fractions:

    * first, Super League (``first_checkpoint_keep`` 0): fewer than 50 % of the stage's games
      (cycles × every other player of the stage) really played → removed (§10.4 then applies);
    * first, First League (``first_checkpoint_keep`` k): fewer points than the player in place k →
      leaves, his results annulled;
    * second: fewer than 75 % of the games against opponents still in the league (the count corrected
      for withdrawals) really played → removed (§10.4 then applies)."""
    if season.stage != 1:
        raise FailedPrecondition("the checkpoints are held during stage 1 (updown-league-2007 §10.3.1)")
    gone = set(season.withdrawn)
    continuing = [p for p in season.players if p not in gone]
    out: list[Removal] = []
    if checkpoint is Checkpoint.FIRST and season.ruleset.first_checkpoint_keep:
        keep = season.ruleset.first_checkpoint_keep
        rows = [r for r in updown_standings(season).rows if not r.withdrawn]
        if len(rows) <= keep:
            return []
        bar = rows[keep - 1].points
        for r in rows:
            if r.points < bar:
                played = _really_played(season, r.player, set(continuing))
                reason = texts.checkpoint_below_place(r.points, bar, keep)
                out.append(Removal(r.player, played, season.cycles * (len(continuing) - 1), reason, True, reason.ru))
        return out
    for p in continuing:
        if checkpoint is Checkpoint.FIRST:
            opponents, share, clause = set(season.players) - {p}, Fraction(1, 2), "§10.3.1.1"
        else:
            opponents, share, clause = set(continuing) - {p}, Fraction(3, 4), "§10.3.1.3"
        due = season.cycles * len(opponents)
        played = _really_played(season, p, opponents)
        if due and Fraction(played, due) < share:
            share_text = f"{share.numerator}/{share.denominator}"
            reason = texts.checkpoint_too_few_games(checkpoint is Checkpoint.FIRST, played, due, share_text, clause)
            out.append(Removal(p, played, due, reason, False, reason.ru))
    return out


def removal_as_dict(r: Removal) -> dict[str, Any]:
    return dataclasses.asdict(r)


def removal_from_dict(d: Mapping[str, Any]) -> Removal:
    return Removal(**d)
