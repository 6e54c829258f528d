"""The Up&Down round-robin league, one against one (updown-league-2007 §4-§6, §9.2, §10.4): points,
Sonneborn-Berger, the tie-break chains, withdrawals, thrown matches and the split after stage 1.

docs/rules.md ``updown.*``:

* ``scoring.points`` — a match win is 1 point, a loss or a technical loss 0 (§6.1); ``+/-`` / ``-/+``
  are technical results (the winner scores as for a win).
* ``scoring.long-match`` — a long match (first to 5) is worth 2 points to its winner (§4.4.1.1, §6.1).
* ``scoring.unplayed-and-late`` — unplayed by the stage deadline is ``-/-``, 0-0 (§7.8); a game marked
  ``after_deadline`` is removed from the table.
* ``standings.sonneborn-berger`` — SB is the sum over the stage's own games of the points scored against
  the opponent × that opponent's final result, his carried points included unless the ruleset's
  ``sb_counts_carried`` says otherwise (§6.1).
* ``standings.two-tied`` / ``several-tied`` / ``shared-places`` — the chains of §6.2-§6.5: several tied
  are ordered by the mini-table of all of them, then SB; only two still equal after both go to the
  two-player rule; three or more still equal need the organizer.
* ``standings.provisional-until-played`` — while a group has games still to play, every row's place
  and fate are provisional and a tie is "tied so far, order not final", not an extra match or an
  organizer decision yet.
* ``withdrawal.half-rule`` — §10.4; ``annul.thrown-match`` — §9.2;
  ``stage.split-and-carry`` — §4.3, §4.4.

Pure and exact: integer points, nothing rounded, no I/O. The standings never order a tie silently:
what the chain cannot separate shares a place range (``"11-12"``) and, unless every tied player stops
after stage 1 (§6.5), is listed in ``unresolved`` ("extra match needed", or "organizer decision
required" where the text gives no further step).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from league.domain import texts
from league.domain.mahjong.standings import TIED_SO_FAR, UnresolvedTie, place_range, runs_of_equal
from league.domain.texts import EXTRA_MATCH, ORGANIZER_DECISION, Text
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.validation import Violations

SHARED = texts.SHARED_PLACE


class GameResult(enum.StrEnum):
    """A game's result as the season file writes it (white first)."""

    WHITE_WON = "1-0"
    BLACK_WON = "0-1"
    WHITE_TECHNICAL_WIN = "+/-"  # black loses technically
    BLACK_TECHNICAL_WIN = "-/+"
    BOTH_TECHNICAL = "-/-"  # both technical losses, or unplayed by the stage deadline: 0-0


TECHNICAL = frozenset({GameResult.WHITE_TECHNICAL_WIN, GameResult.BLACK_TECHNICAL_WIN, GameResult.BOTH_TECHNICAL})


@dataclass(frozen=True)
class Game:
    """One match between two players. ``thrown``: the referee annulled it (§9.2, 0-0, final);
    ``after_deadline``: played after the stage deadline, removed (§7.8)."""

    round: int
    white: str
    black: str
    result: GameResult
    long: bool = False
    after_deadline: bool = False
    thrown: bool = False

    def involves(self, player: str) -> bool:
        return player in (self.white, self.black)

    def opponent(self, player: str) -> str:
        return self.black if player == self.white else self.white

    @property
    def really_played(self) -> bool:
        """Played over the board: no technical result, not annulled, not removed (§10.4)."""
        return self.result not in TECHNICAL and not self.thrown and not self.after_deadline


@dataclass(frozen=True)
class UpdownRuleset:
    """One division's round robin as data (updown-league-2007 §4.3, §4.4): the cut places are
    configuration. ``leaders``: places 1..leaders form the leaders group; ``outsiders``: the last
    ``outsiders`` places (withdrawn players included) form the outsiders group; the rest stop."""

    name: str
    cycles: int = 2  # stage 1: double round robin
    leaders: int = 8
    outsiders: int = 8
    leaders_long: bool = True  # stage 2 leaders play long matches (2 points a win)
    outsiders_stay: int = 2  # stage 2 outsiders: the first ones keep their division
    promoted: int = 0  # stage 2 leaders: the first ones go up (First League)
    field: int = 24  # how many players the cut places are written for (§4.3: the Super League has 24)
    first_checkpoint_keep: int = 0  # §10.3.1: 0 = the 50 % rule (Super League); k = below place k leave (First League)
    #: §4.3 (the First League plays stage 1 in groups "of xxx"): the largest stage-1 group; 0 = one group
    #: of everyone. With several groups the cut places count in each group.
    group_size: int = 0
    #: §6.1 "SB: over each game, the points scored × the opponent's final result": in stage 2 the
    #: opponent's final result keeps the points he carried from stage 1 (True, the text's reading), or
    #: counts his stage-2 points only (False). docs/rules.md ``updown.standings.sonneborn-berger``.
    sb_counts_carried: bool = True

    def __post_init__(self) -> None:
        v = Violations()
        for name in (
            "cycles",
            "leaders",
            "outsiders",
            "outsiders_stay",
            "promoted",
            "field",
            "first_checkpoint_keep",
            "group_size",
        ):
            value = getattr(self, name)
            low = 1 if name in ("cycles", "field") else 0
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 1000:
                v.add(f"ruleset.{name}", f"an integer from {low} to 1000, got {value!r}"[:200])
        if self.group_size == 1:
            v.add("ruleset.group_size", "a group plays a round robin: at least 2 players, or 0 for one group of everyone")
        for name in ("leaders_long", "sb_counts_carried"):
            if not isinstance(getattr(self, name), bool):
                v.add(f"ruleset.{name}", f"true or false, got {getattr(self, name)!r}"[:200])
        v.raise_if_any()


SUPER_LEAGUE = UpdownRuleset("updown")
FIRST_LEAGUE = UpdownRuleset(
    "updown-first-league", leaders=6, outsiders=0, leaders_long=False, outsiders_stay=0, promoted=6, first_checkpoint_keep=12
)
UPDOWN_RULESETS: dict[str, UpdownRuleset] = {r.name: r for r in (SUPER_LEAGUE, FIRST_LEAGUE)}
_VARIABLE = {f.name for f in dataclasses.fields(UpdownRuleset)} - {"name"}


def updown_variant(base: str, overrides: Mapping[str, Any], name: str | None = None) -> UpdownRuleset:
    """A registered Up&Down ruleset with some of its data replaced; errors name ``ruleset.<field>``."""
    v = Violations()
    if base not in UPDOWN_RULESETS:
        v.add("ruleset.base", f"unknown ruleset {base!r}; known: {', '.join(sorted(UPDOWN_RULESETS))}")
    for key in overrides:
        if key not in _VARIABLE:
            v.add(f"ruleset.{key}", f"unknown ruleset field; known: {', '.join(sorted(_VARIABLE))}")
    v.raise_if_any()
    return dataclasses.replace(UPDOWN_RULESETS[base], name=name or f"{base} (variant)", **dict(overrides))


@dataclass(frozen=True)
class UpdownSeason:
    """One stage of one group: players in registration order, withdrawn ones (still listed), the
    games, and for stage 2 the group and the points carried from stage 1."""

    ruleset: UpdownRuleset
    players: tuple[str, ...]
    games: tuple[Game, ...] = ()
    withdrawn: tuple[str, ...] = ()
    stage: int = 1
    group: str | None = None  # stage 2: "leaders" or "outsiders"
    carried: Mapping[str, int] = dataclasses.field(default_factory=dict)

    @property
    def cycles(self) -> int:
        return self.ruleset.cycles if self.stage == 1 else 1

    @property
    def long_matches(self) -> bool:
        return self.stage == 2 and self.group == "leaders" and self.ruleset.leaders_long


# --- points ----------------------------------------------------------------------------------------


def win_points(long: bool) -> int:
    """docs/rules.md ``updown.scoring.points``, ``updown.scoring.long-match``."""
    return 2 if long else 1


def game_points(game: Game, long_default: bool = False) -> tuple[int, int] | None:
    """(white, black) points of one game; None when it is removed (played after the deadline).
    A thrown match is a double technical loss 0-0 whatever was entered (§9.2)."""
    if game.after_deadline:
        return None
    if game.thrown:
        return (0, 0)
    win = win_points(game.long or long_default)
    return {
        GameResult.WHITE_WON: (win, 0),
        GameResult.WHITE_TECHNICAL_WIN: (win, 0),
        GameResult.BLACK_WON: (0, win),
        GameResult.BLACK_TECHNICAL_WIN: (0, win),
        GameResult.BOTH_TECHNICAL: (0, 0),
    }[game.result]


@dataclass(frozen=True)
class ScoredGame:
    game: Game
    white_points: int
    black_points: int

    def points_of(self, player: str) -> int:
        return self.white_points if player == self.game.white else self.black_points


# --- withdrawals (§10.4) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Withdrawal:
    player: str
    really_played: int  # games against opponents still in the league, technical results excluded
    scheduled: int  # games against opponents still in the league
    annulled: bool  # fewer than half really played: every result of his is removed
    technical_losses: int  # otherwise: his remaining games, technical losses 0-1

    @property
    def note(self) -> Text:
        return texts.withdrawal_note(self.really_played, self.scheduled, self.annulled, self.technical_losses)


def withdrawal_decision(player: str, games: Sequence[Game], continuing: Iterable[str], cycles: int) -> Withdrawal:
    """docs/rules.md ``updown.withdrawal.half-rule``: fewer than half of the games against opponents
    still in the league REALLY played → annul all; otherwise the remaining ones are technical losses."""
    rest = [p for p in continuing if p != player]
    scheduled = cycles * len(rest)
    mine = [g for g in games if g.involves(player) and g.opponent(player) in rest and not g.after_deadline]
    really = sum(1 for g in mine if g.really_played)
    annulled = 2 * really < scheduled
    remaining = 0 if annulled else max(0, scheduled - len(mine))
    return Withdrawal(player, really, scheduled, annulled, remaining)


def effective_games(season: UpdownSeason) -> tuple[tuple[ScoredGame, ...], dict[str, Withdrawal]]:
    """The games the table counts: late games removed, thrown ones 0-0, withdrawals applied."""
    withdrawn = set(season.withdrawn)
    continuing = [p for p in season.players if p not in withdrawn]
    decisions = {w: withdrawal_decision(w, season.games, continuing, season.cycles) for w in season.withdrawn}
    annulled = {w for w, d in decisions.items() if d.annulled}
    out: list[ScoredGame] = []
    for g in season.games:
        if g.white in annulled or g.black in annulled:
            continue
        pts = game_points(g, season.long_matches)
        if pts is not None:
            out.append(ScoredGame(g, *pts))
    win = win_points(season.long_matches)
    for w, d in decisions.items():
        if d.annulled:
            continue
        for o in continuing:
            met = sum(1 for g in season.games if g.involves(w) and g.opponent(w) == o and not g.after_deadline)
            for _ in range(season.cycles - met):  # his remaining games: technical losses 0-1
                out.append(ScoredGame(Game(0, o, w, GameResult.WHITE_TECHNICAL_WIN), win, 0))
    return tuple(out), decisions


def stage_points(players: Iterable[str], games: Iterable[ScoredGame]) -> dict[str, int]:
    """Each player's points from this stage's games only (carried points not included)."""
    pts = {p: 0 for p in players}
    for sg in games:
        for p in (sg.game.white, sg.game.black):
            if p in pts:
                pts[p] += sg.points_of(p)
    return pts


def sonneborn_berger(
    players: Iterable[str], games: Sequence[ScoredGame], carried: Mapping[str, int] | None = None
) -> dict[str, int]:
    """docs/rules.md ``updown.standings.sonneborn-berger``: the sum over this stage's games of the points
    scored against the opponent × that opponent's final result (§6.1): his points from this stage's
    games plus what he ``carried`` from stage 1 (none given: this stage's points only)."""
    players = list(players)
    final = stage_points(players, games)
    for p, pts in (carried or {}).items():
        if p in final:
            final[p] += pts
    sb = {p: 0 for p in players}
    for sg in games:
        for p in (sg.game.white, sg.game.black):
            if p in sb:
                sb[p] += sg.points_of(p) * final.get(sg.game.opponent(p), 0)
    return sb


def mini_table(players: Iterable[str], games: Iterable[ScoredGame]) -> dict[str, int]:
    """Points each scored in the games among these players only (§6.2.3; head-to-head for two)."""
    among = set(players)
    return stage_points(among, (sg for sg in games if sg.game.white in among and sg.game.black in among))


# --- the tie-break chains (§6.2-§6.5) ---------------------------------------------------------------


@dataclass(frozen=True)
class TieGroup:
    players: tuple[str, ...]
    reason: Text | None  # why they are still tied (None: one player)


def rank_updown(
    order: Sequence[str],
    points: Mapping[str, int],
    sb: Mapping[str, int],
    games: Sequence[ScoredGame],
    stage: int = 1,
) -> tuple[list[TieGroup], list[Text]]:
    """docs/rules.md ``updown.standings.two-tied``, ``updown.standings.several-tied``: groups best first
    and the step that separated each pair of consecutive groups.

    Points first. Two tied (§6.2.2): head-to-head, then SB, then an extra match; in stage 2 (§6.3.2,
    §6.4.2) head-to-head only. Three or more tied (§6.2.3, §6.3.3, §6.4.3): the mini-table among all of
    them, then SB; two still equal after both go to the two-player rule (§6.2.4, §6.3.4, §6.4.4: SB
    is already known equal); three or more still equal have no further step in the text: organizer
    decision. A group of more than one is unresolved (its reason says why)."""

    Ranked = tuple[list[TieGroup], list[Text]]

    def split(players: list[str], value: Callable[[str], int], label: str, prefix: list[Text], then: Callable) -> Ranked | None:
        values = {p: value(p) for p in players}
        if len(set(values.values())) == 1:
            return None
        ordered = sorted(players, key=lambda p: -values[p])  # stable: registration order within a tie
        groups: list[TieGroup] = []
        bounds: list[Text] = []
        for above, below, tied in runs_of_equal(ordered, values):
            if above is not None:
                bounds.append(texts.join(prefix + [texts.criterion_greater(label, above, below)]))
            sub_groups, sub_bounds = then(tied, prefix + [texts.criterion_equal(label)])
            groups.extend(sub_groups)
            bounds.extend(sub_bounds)
        return groups, bounds

    def unresolved(players: list[str], steps: list[Text]) -> Ranked:
        return [TieGroup(tuple(players), texts.join(steps))], []

    def tied_on_points(players: list[str], prefix: list[Text]) -> Ranked:
        if len(players) == 1:
            return [TieGroup(tuple(players), None)], []
        return two(players, prefix, sb_known_equal=False) if len(players) == 2 else several(players, prefix)

    def two(players: list[str], prefix: list[Text], sb_known_equal: bool) -> Ranked:
        """§6.2.2 (stage 1): head-to-head, SB, extra match; §6.3.2, §6.4.2 (stage 2): head-to-head."""
        done = split(players, mini_table(players, games).__getitem__, "head-to-head", prefix, tied_on_points)
        if done is not None:
            return done
        prefix = prefix + [texts.criterion_equal("head-to-head")]
        if stage == 2:
            return unresolved(players, prefix + [ORGANIZER_DECISION])
        if not sb_known_equal:
            done = split(players, sb.__getitem__, "Sonneborn-Berger", prefix, tied_on_points)
            if done is not None:
                return done
            prefix = prefix + [texts.criterion_equal("Sonneborn-Berger")]
        return unresolved(players, prefix + [EXTRA_MATCH])

    def several(players: list[str], prefix: list[Text]) -> Ranked:
        """§6.2.3: the mini-table among all of them, then SB; what is left goes to ``left``."""
        table = mini_table(players, games)

        def by_sb(tied: list[str], prefix: list[Text]) -> Ranked:
            if len(tied) == 1:
                return [TieGroup(tuple(tied), None)], []
            return split(tied, sb.__getitem__, "Sonneborn-Berger", prefix, left) or left(
                tied, prefix + [texts.criterion_equal("Sonneborn-Berger")]
            )

        def left(tied: list[str], prefix: list[Text]) -> Ranked:
            if len(tied) == 1:
                return [TieGroup(tuple(tied), None)], []
            if len(tied) == 2:
                return two(tied, prefix, sb_known_equal=True)  # §6.2.4
            return unresolved(tied, prefix + [ORGANIZER_DECISION])

        return split(players, table.__getitem__, "mini-table", prefix, by_sb) or by_sb(
            players, prefix + [texts.criterion_equal("mini-table")]
        )

    return split(list(order), points.__getitem__, "points", [], tied_on_points) or tied_on_points(
        list(order), [texts.criterion_equal("points")]
    )


# --- the standings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UpdownRow:
    place: str  # "3", or a shared range "11-12"
    player: str
    points: int  # carried + this stage
    carried: int
    sonneborn_berger: int
    games: int  # games counted in the table
    really_played: int
    fate: str  # what the place means: the stage-2 group, stop, stays, relegated, promoted...
    withdrawn: bool
    #: the texts are :class:`~league.domain.texts.Text` (English with the Russian twin) when the domain
    #: makes them; the CLI renders the gateway's texts of one language with the same rows
    separated_from_next: str | None
    notes: tuple[str, ...]
    fate_reason: str = ""  # why the place means ``fate``, with the clause
    provisional: bool = False  # the group still has games to play: the place and fate may change


@dataclass(frozen=True)
class UpdownStandings:
    ruleset: str
    stage: int
    group: str | None
    rows: tuple[UpdownRow, ...]
    unresolved: tuple[UnresolvedTie, ...]
    games: tuple[ScoredGame, ...]  # the games the table counts
    to_play: int = 0  # games between players still in the league not recorded yet

    @property
    def final(self) -> bool:
        return not self.to_play

    def progress(self) -> tuple[str, str]:
        """docs/rules.md ``updown.standings.provisional-until-played``: where the group is, in English
        and Russian."""
        return stage_progress(len(self.games), self.to_play)

    def players_with_fate(self, fate: str) -> tuple[str, ...]:
        return tuple(r.player for r in self.rows if r.fate == fate)


def games_to_play(season: UpdownSeason) -> int:
    """docs/rules.md ``updown.standings.provisional-until-played``: the games of the stage's round robin
    (``cycles`` a pairing) between two players still in the league that have no result yet; a withdrawn
    player's games are settled by the half rule (§10.4), not awaited."""
    withdrawn = set(season.withdrawn)
    active = [p for p in season.players if p not in withdrawn]
    played: dict[frozenset[str], int] = {}
    for g in season.games:
        key = frozenset((g.white, g.black))
        played[key] = played.get(key, 0) + 1
    return sum(max(0, season.cycles - played.get(frozenset((a, b)), 0)) for i, a in enumerate(active) for b in active[i + 1 :])


def stage_progress(counted: int, to_play: int) -> tuple[str, str]:
    """``("3 games still to play: places and fates are provisional", "...")``, or final."""
    if not to_play:
        return f"final: every game played ({counted} counted)", f"итог: все партии сыграны (учтено {counted})"
    return (
        f"{texts.games_left(to_play)}: places and fates are provisional",
        f"осталось сыграть партий: {to_play}; места и итоги предварительные",
    )


#: A stage-1 place of a group too small for the ruleset's split (docs/rules.md ``updown.stage.split-and-carry``).
NO_SPLIT = "no split"


def split_fits(ruleset: UpdownRuleset, size: int) -> bool:
    """Whether a stage-1 group of ``size`` players holds the ruleset's leaders and outsiders groups."""
    return ruleset.leaders + ruleset.outsiders <= size


def place_fate(season: UpdownSeason, place: int, size: int) -> str:
    """docs/rules.md ``updown.stage.split-and-carry``: what a place means, from the ruleset's cut places;
    :data:`NO_SPLIT` in a stage-1 group too small for them."""
    rs = season.ruleset
    if season.stage == 1:
        if not split_fits(rs, size):
            return NO_SPLIT
        if place <= rs.leaders:
            return "leaders"
        if rs.outsiders and place > size - rs.outsiders:
            return "outsiders"
        return "stop"
    if season.group == "outsiders":
        return "stays" if place <= rs.outsiders_stay else "relegated"
    if rs.promoted:
        return "promoted" if place <= rs.promoted else "stays"
    return "champion" if place == 1 else "prize places"


def fate_reason(season: UpdownSeason, place: int, size: int, shown: str = "") -> Text:
    """docs/rules.md ``updown.stage.promotion-and-relegation-lists``: why place ``place`` means what
    :func:`place_fate` says, from the ruleset's cut places, with the clause; ``shown``: the place as the
    table shows it when shared ("3-4")."""
    rs = season.ruleset
    fate = place_fate(season, place, size)
    shown = shown or str(place)
    if season.stage == 1:
        clause = "updown-league-2007 §4.3.2" if rs.promoted else "updown-league-2007 §4.3.1"
        if fate == NO_SPLIT:
            return texts.updown_no_split(size, rs.name, rs.leaders, rs.outsiders, clause)
        if fate == "leaders":
            return texts.updown_leaders(shown, rs.leaders, clause)
        if fate == "outsiders":
            return texts.updown_outsiders(shown, size - rs.outsiders + 1, size, clause)
        return texts.updown_stop(shown, rs.leaders + 1, size - rs.outsiders, clause)
    if season.group == "outsiders":
        return texts.updown_outsiders_stay(shown, rs.outsiders_stay)
    if rs.promoted:
        return texts.updown_promoted(shown, rs.promoted)
    if fate == "champion":
        return texts.updown_champion(shown)
    return texts.updown_prize_places(shown)


#: Ties the organizer decided (docs/rules.md ``updown.standings.extra-match-by-decision``): the exact set
#: of tied players -> (their order, best first; why, e.g. "organizer decision: extra match won 3-1").
Decided = Mapping[frozenset[str], tuple[tuple[str, ...], Text]]


def _apply_decisions(groups: list[TieGroup], bounds: list[Text], decided: Decided) -> tuple[list[TieGroup], list[Text]]:
    """Each unresolved group that a decision names exactly, split in the decided order."""
    out_groups: list[TieGroup] = []
    out_bounds: list[Text] = []
    for i, group in enumerate(groups):
        found = decided.get(frozenset(group.players)) if group.reason is not None else None
        if found is not None and set(found[0]) == set(group.players):
            order, why = found
            for k, player in enumerate(order):
                out_groups.append(TieGroup((player,), None))
                if k + 1 < len(order):
                    out_bounds.append(why)
        else:
            out_groups.append(group)
        if i < len(bounds):
            out_bounds.append(bounds[i])
    return out_groups, out_bounds


def updown_standings(season: UpdownSeason, decided: Decided | None = None) -> UpdownStandings:
    """The stage's standings: points (carried + this stage), the tie-break chains, shared places for
    those who stop, withdrawn players after everyone still in the league (they go to the outsiders).
    ``decided``: ties the organizer decided (the extra match), applied where the tie is exactly theirs."""
    games, decisions = effective_games(season)
    withdrawn = set(season.withdrawn)
    stage = stage_points(season.players, games)
    sb = sonneborn_berger(season.players, games, season.carried if season.ruleset.sb_counts_carried else None)
    points = {p: season.carried.get(p, 0) + stage[p] for p in season.players}
    groups: list[TieGroup] = []
    bounds: list[Text] = []
    for part in ([p for p in season.players if p not in withdrawn], [p for p in season.players if p in withdrawn]):
        if not part:
            continue
        g, b = rank_updown(part, points, sb, games, season.stage)
        if decided:
            g, b = _apply_decisions(g, b, decided)
        if groups:
            bounds.append(texts.WITHDRAWN_AFTER)
        groups.extend(g)
        bounds.extend(b)
    size = len(season.players)
    to_play = games_to_play(season)
    rows: list[UpdownRow] = []
    unresolved: list[UnresolvedTie] = []
    first = 1
    for gi, group in enumerate(groups):
        n = len(group.players)
        place = place_range(first, n)
        fates = {place_fate(season, k, size) for k in range(first, first + n)}
        reason = group.reason
        if reason is not None and to_play:  # the games still to play may break it: not a decision yet
            reason = reason.replace(EXTRA_MATCH, TIED_SO_FAR).replace(ORGANIZER_DECISION, TIED_SO_FAR)
        elif reason is not None:
            if season.stage == 1 and fates == {"stop"}:
                reason = reason.replace(EXTRA_MATCH, SHARED).replace(ORGANIZER_DECISION, SHARED)
            else:
                unresolved.append(UnresolvedTie(place, group.players, reason, len(fates) > 1))
        fate = next(iter(fates)) if len(fates) == 1 else "undecided: " + " or ".join(sorted(fates))
        if len(fates) == 1:
            why = fate_reason(season, first, size, place)
        else:
            why = texts.updown_straddle(place, reason or "")
        if to_play:
            why = texts.updown_provisional(to_play, why)
        for k, player in enumerate(group.players):
            step = reason if k + 1 < n else (bounds[gi] if gi + 1 < len(groups) else None)
            notes: list[Text] = []
            if player in decisions:
                notes.append(decisions[player].note)
            for sg in games:
                if sg.game.involves(player) and sg.game.thrown:
                    notes.append(texts.thrown_match(sg.game.round, sg.game.opponent(player)))
            for late in season.games:
                if late.involves(player) and late.after_deadline:
                    notes.append(texts.played_after_deadline(late.round, late.opponent(player)))
            mine = [sg for sg in games if sg.game.involves(player)]
            rows.append(
                UpdownRow(
                    place,
                    player,
                    points[player],
                    season.carried.get(player, 0),
                    sb[player],
                    len(mine),
                    sum(1 for sg in mine if sg.game.really_played),
                    fate,
                    player in withdrawn,
                    step,
                    tuple(notes),
                    why,
                    bool(to_play),
                )
            )
        first += n
    return UpdownStandings(season.ruleset.name, season.stage, season.group, tuple(rows), tuple(unresolved), games, to_play)


def stage_two_groups(standings: UpdownStandings) -> dict[str, dict[str, int]]:
    """docs/rules.md ``updown.stage.split-and-carry``: after stage 1, each stage-2 group's players in
    standings order with the points they carry. Raises :class:`InvalidArgument` while a tie across a
    cut is unresolved (an extra match decides it first)."""
    if standings.stage != 1:
        raise InvalidArgument.single("stage", "groups are formed from the standings of stage 1")
    if standings.rows and standings.rows[0].fate == NO_SPLIT:
        raise InvalidArgument.single("ruleset", standings.rows[0].fate_reason)
    at_cut = [t for t in standings.unresolved if t.at_cut]
    if at_cut:
        t = at_cut[0]
        raise InvalidArgument.single("standings", f"places {t.place} ({', '.join(t.players)}) straddle a cut: {t.reason}")
    out: dict[str, dict[str, int]] = {}
    for row in standings.rows:
        if row.fate in ("leaders", "outsiders"):
            out.setdefault(row.fate, {})[row.player] = row.points
    return out


def updown_standings_as_dict(standings: UpdownStandings) -> dict:
    """``{"standings": [{"place": "1", "player": "A", "points": 5, "sonneborn_berger": 25, ...}],
    "unresolved": [...]}`` in standings order."""
    progress, progress_ru = standings.progress()
    return {
        "final": standings.final,
        "to_play": standings.to_play,
        "progress": progress,
        "progress_ru": progress_ru,
        "standings": [
            {
                "place": r.place,
                "player": r.player,
                "points": r.points,
                "carried": r.carried,
                "sonneborn_berger": r.sonneborn_berger,
                "games": r.games,
                "really_played": r.really_played,
                "fate": r.fate,
                "withdrawn": r.withdrawn,
                "separated_from_next": r.separated_from_next,
                "separated_from_next_ru": None if r.separated_from_next is None else texts.ru_of(r.separated_from_next),
                "notes": list(r.notes),
                "notes_ru": [texts.ru_of(n) for n in r.notes],
                "fate_reason": r.fate_reason,
                "fate_reason_ru": texts.ru_of(r.fate_reason),
                "provisional": r.provisional,
            }
            for r in standings.rows
        ],
        "unresolved": [
            {"place": t.place, "players": list(t.players), "reason": t.reason, "at_cut": t.at_cut} for t in standings.unresolved
        ],
    }
