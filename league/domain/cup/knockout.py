"""The open cup's progress: series, technical defeats, the third-place match, final places, prizes and
disqualification (docs/rules.md ``cup.progress.*``; open-cup-2023 §1.6, §1.7, §3.3, §3.4.3, §4.3, §6.3,
§6.4).

Pairing is the bracket's (``league.domain.cup.bracket``, from the survivors of a stage in their
original seed order: the next stage's pairs, ``pairings``). Everything else is here: which games were played,
who won each series, who survived, the semi-final losers' match for third place, places 1-4, badges,
prize eligibility and disqualification. :func:`cup_progress` is a pure function of the records, so
the result does not depend on the order they were entered.

* A match is a series of games (§3.3, "до окончания всех серий"): the first player to win
  ``CupRules.series_wins`` games wins it. A drawn game does not count and is replayed with the
  replay start setting (§3.3.2: "4X random"); a regular game uses §3.3.1 ("X in the centre").
* Technical defeat (§4.3): a player absent from a game loses it technically; his opponent wins the
  game. Both absent (§4.3.3): both lose that game technically; neither wins it and the series goes
  on (the arbiter's further decision, a disqualification say, is an action of its own).
* The semi-final winners play the final, the losers the match for third place (§3.4.3); until the cup is
  over nobody has a place, and a semi-final loser is still in the cup (``places-final-when-decided``). Places 1-4
  get medals, the others badges (§1.6.1); each player's exit names the stage he went out in.
* Prize money for places 1-4 (§1.7.1) needs at most one technical defeat in the whole cup (§1.7.2).
* Disqualification (§6.4): the player is never replaced; he keeps his position and every opponent he
  still had to play wins technically. If, when disqualified, he had already secured a place that
  carries a prize (he had reached the semi-final), everyone he beat moves up one level (the "lift");
  his own prizes and titles are withheld (§6.3.1).

Decisions where the regulation is silent:

* The series length is ruleset data (``series_wins``, 2 by default, overridable per stage by name);
  the regulation plays "until the end of the series" without a number.
* Technical defeats are counted per game (§4.3 speaks of "данной партии"): a player absent for a whole
  series collects one per game his opponent needed.
* A double technical defeat (§4.3.3) is one game's result, like any technical defeat (§4.3 speaks of
  "данной партии"): it counts as a technical defeat of both, gives no win to either, is no drawn game
  (the next game is not a replay) and ends no series; the same in every stage, medal matches included.
* "Moves up one level" is read along the disqualified player's path: the player he beat last takes
  his result, the one he beat before that takes that player's former result, and so on; the first
  player he beat leaves his own level empty. Players he did not beat keep their results. A place is
  "secured" once the worst place he could still finish in carries a prize: reaching a stage of at
  most ``prize_places`` positions (the semi-final for four prizes).
* A disqualified player gets no place, medal, badge or prize; his exit reads "disqualified".
* A disqualification is recorded in the stage during which it happened; games of that stage played
  before it stand (if they decided the series, he advanced and his next opponent wins technically).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from league.domain import texts
from league.domain.texts import Text
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.validation import Violations

FINAL = "final"
SEMI_FINAL = "semi-final"
QUARTER_FINAL = "quarter-final"
THIRD_PLACE = "third-place match"
#: ``Game.match`` of the match for third place (in the final stage); pairs are numbered from 1.
THIRD_PLACE_MATCH = 0
MEDAL = "medal"
BADGE = "badge"
MAX_CUP_PLAYERS = 4_096  # Rondo's capacity
MAX_CUP_GAMES = 200_000  # games recorded in one cup (replays included)


def stage_name(positions: int) -> str:
    """The regulation's stage names (§4.1): 2 -> final, 4 -> semi-final, 8 -> quarter-final, 16 -> 1/8 final."""
    return {2: FINAL, 4: SEMI_FINAL, 8: QUARTER_FINAL}.get(positions, f"1/{positions // 2} final")


@dataclass(frozen=True)
class CupRules:
    """The cup's progress rules as data (open-cup-2023 unless a club configures a variant)."""

    name: str = "open-cup"
    series_wins: int = 2  # games to win a series (Rondo default: the regulation gives no number)
    stage_series_wins: tuple[tuple[str, int], ...] = ()  # per stage name, e.g. (("final", 3),)
    start_setting: str = "X in the centre"  # §3.3.1
    replay_setting: str = "4X at random"  # §3.3.2, every replay of a drawn game
    medal_places: int = 4  # §1.6.1
    prize_places: int = 4  # §1.7.1
    max_technical_defeats_for_prize: int = 1  # §1.7.2

    def wins_needed(self, stage: str) -> int:
        return dict(self.stage_series_wins).get(stage, self.series_wins)


OPEN_CUP_2023 = CupRules()
#: The cup rulesets a season file names (``"ruleset": "open-cup"`` or ``{"base": "open-cup", ...}``).
CUP_RULESETS: dict[str, CupRules] = {OPEN_CUP_2023.name: OPEN_CUP_2023}
_VARIABLE = (
    "series_wins",
    "stage_series_wins",
    "start_setting",
    "replay_setting",
    "medal_places",
    "prize_places",
    "max_technical_defeats_for_prize",
)


def cup_variant(base: str, overrides: Mapping[str, object], name: str | None = None) -> CupRules:
    """A registered cup ruleset with some of its data replaced (``stage_series_wins`` as an object
    ``{"final": 3}``); :class:`InvalidArgument` naming ``ruleset.<field>`` on anything wrong."""
    v = Violations()
    if base not in CUP_RULESETS:
        v.add("ruleset.base", f"unknown ruleset {base!r}; known: {', '.join(sorted(CUP_RULESETS))}")
    changes: dict[str, object] = {}
    for key, value in overrides.items():
        if key not in _VARIABLE:
            v.add(f"ruleset.{key}", f"unknown ruleset field; known: {', '.join(_VARIABLE)}")
        elif key == "stage_series_wins":
            if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
                v.add(f"ruleset.{key}", 'an object: stage name -> games to win a series there, e.g. {"final": 3}')
            else:
                changes[key] = tuple(value.items())
        elif key in ("start_setting", "replay_setting"):
            if not isinstance(value, str) or not value.strip() or len(value) > 200:
                v.add(f"ruleset.{key}", "a start setting in words, 1 to 200 characters")
            else:
                changes[key] = value.strip()
        else:
            changes[key] = value
    v.raise_if_any()
    rules = dataclasses.replace(CUP_RULESETS[base], name=name or f"{base} (variant)", **changes)  # type: ignore[arg-type]
    _check_rules(v, rules)
    if v:
        raise InvalidArgument.of([x.renamed(x.field.replace("rules.", "ruleset.", 1)) for x in v.items])
    return rules


@dataclass(frozen=True)
class Game:
    """One game of a series as the arbiter recorded it (§4.2.7).

    ``stage``: 1-based stage number; ``match``: the pair's number in that stage (1-based, as paired),
    or :data:`THIRD_PLACE_MATCH`; ``number``: the game's number in the series, from 1, replays
    included. ``winner`` None and no one ``absent``: a drawn game. ``absent``: who did not show (§4.3).
    """

    stage: int
    match: int
    number: int
    winner: str | None = None
    absent: tuple[str, ...] = ()


@dataclass(frozen=True)
class Disqualification:
    """§6.3.1, §6.4: ``player`` disqualified during stage ``stage`` (1-based) for ``reason``."""

    player: str
    stage: int
    reason: str


@dataclass(frozen=True)
class GameOutcome:
    number: int
    setting: str  # the start setting this game was played from
    replay: bool  # a replay of the drawn game before it (§3.3.2)
    winner: str | None
    technical_losers: tuple[str, ...]
    text: Text


@dataclass(frozen=True)
class MatchProgress:
    """A series: its games, the score, and its outcome in words."""

    stage: int
    stage_name: str
    number: int  # THIRD_PLACE_MATCH for the third-place match
    players: tuple[str, ...]  # one player: he passes (an empty position opposite, §3.4.2)
    games: tuple[GameOutcome, ...]
    wins: tuple[int, ...]
    winner: str | None
    losers: tuple[str, ...]  # both players when both are disqualified (6.4)
    decided: bool
    technical: bool  # decided by a technical result (absence or disqualification)
    explanation: Text

    @property
    def is_pass(self) -> bool:
        return len(self.players) == 1


@dataclass(frozen=True)
class StageProgress:
    number: int
    name: str
    matches: tuple[MatchProgress, ...]
    third_place: MatchProgress | None
    #: A stage paired before a confirmed correction of the one before it (``cup_progress(as_paired=True)``):
    #: who plays in it although the results now say he went out, and who won his way in but is not in it.
    paired_anyway: tuple[str, ...] = ()
    not_paired: tuple[str, ...] = ()

    @property
    def decided(self) -> bool:
        return all(m.decided for m in self.all_matches)

    @property
    def all_matches(self) -> tuple[MatchProgress, ...]:
        return self.matches + ((self.third_place,) if self.third_place else ())


@dataclass(frozen=True)
class PlayerResult:
    """Where a player finished and why."""

    player: str
    seed: int
    place: int | None  # 1-4 once the cup is over; None otherwise
    eliminated_in: str | None  # the stage he went out in (None: still playing, or placed in the final stage)
    award: str | None  # MEDAL, BADGE, or None (still playing, disqualified)
    technical_defeats: int
    prize_place: int | None  # the place whose prize he receives (§1.7.1, §1.7.2)
    disqualified: bool
    why: tuple[Text, ...]


@dataclass(frozen=True)
class CupProgress:
    stages: tuple[StageProgress, ...]
    survivors: tuple[tuple[str, int], ...]  # (player, seed) in seed order: the next stage is paired from them
    finished: bool
    places: tuple[str | None, ...]  # places 1..medal_places after the final; () before
    results: Mapping[str, PlayerResult]
    explanation: tuple[Text, ...] = field(default=())


# ------------------------------------------------------------------------------------------ progress


def cup_progress(
    seeds: Sequence[str],
    pairings: Sequence[Sequence[Sequence[str]]],
    games: Sequence[Game] = (),
    disqualifications: Sequence[Disqualification] = (),
    rules: CupRules = OPEN_CUP_2023,
    as_paired: bool = False,
    third_place: Sequence[str] | None = None,
) -> CupProgress:
    """The cup as far as it went: stages, survivors for the next pairing, places and prizes.

    ``seeds``: the seed list, best first (3.4.1.3). ``pairings[k]``: the pairs of stage k + 1
    (each one or two player ids; one = a pass), made from the survivors of stage k in seed order.
    Raises InvalidArgument naming every bad field.

    ``as_paired`` (the service's stored stages): a stage keeps the players it was paired with even where
    a result of the stage before it was corrected afterwards, with the organizer's confirmation (docs/rules.md
    ``cup.records.correction-recomputes-derived``): who plays in it although he now lost, and who now won
    but is not in it (he goes out before it), are said in the explanation; ``third_place`` is then the
    third-place match as paired.
    """
    for what, count, cap in (("seeds", len(seeds), MAX_CUP_PLAYERS), ("games", len(games), MAX_CUP_GAMES)):
        if count > cap:  # before any work
            raise InvalidArgument.single(what, f"at most {cap} (Rondo's capacity), got {count}")
    v = Violations()
    seed_of = v.unique_ids(
        "seeds", seeds, empty="every seed needs a player id", duplicate="{id!r} is already seeds[{first}]; seed each player once"
    )
    _check_rules(v, rules)
    v.raise_if_any()
    seed_of = {p: i + 1 for p, i in seed_of.items()}
    dqs = _check_disqualifications(v, disqualifications, seed_of, len(pairings))
    by_match = _check_games(v, games, len(pairings))
    v.raise_if_any()

    stages: list[StageProgress] = []
    expected: list[str] = list(seeds)
    previous: StageProgress | None = None
    used_games: set[tuple[int, int]] = set()
    for k, pairs in enumerate(pairings):
        number = k + 1
        f = f"pairings[{k}]"
        if previous is not None and previous.name == FINAL:
            v.add(f, "the cup ended with the final; no stage follows it")
            break
        if previous is not None and not previous.decided and not as_paired:
            open_ = ", ".join(_label(m) for m in previous.all_matches if not m.decided)
            v.add(f, f"stage {number} is not reached: the {previous.name} is not finished ({open_} undecided)")
            break
        checked = _check_pairing(v, f, pairs, expected, seed_of, as_paired)
        if checked is None:
            break
        pairs_t, paired_anyway, not_paired = checked
        name = stage_name(2 * len(pairs_t))
        if name == FINAL and len(pairs_t[0]) == 1 and previous is None:
            v.add(f, "a cup needs at least two players")
            break
        matches = []
        for i, players in enumerate(pairs_t, start=1):
            used_games.add((number, i))
            matches.append(_series(v, number, name, i, players, by_match.get((number, i), []), dqs, rules))
        third = None
        if name == FINAL and previous is not None and previous.name == SEMI_FINAL:
            losers = tuple(sorted((p for m in previous.matches for p in m.losers), key=lambda p: seed_of[p]))
            if as_paired and third_place is not None:
                paired = tuple(sorted(third_place, key=lambda p: seed_of.get(p, 0)))
                paired_anyway += tuple(p for p in paired if p not in losers)
                not_paired += tuple(p for p in losers if p not in paired)
                losers = paired
            if losers:
                used_games.add((number, THIRD_PLACE_MATCH))
                third = _series(
                    v, number, THIRD_PLACE, THIRD_PLACE_MATCH, losers, by_match.get((number, THIRD_PLACE_MATCH), []), dqs, rules
                )
        stage = StageProgress(number, name, tuple(matches), third, paired_anyway, not_paired)
        stages.append(stage)
        previous = stage
        expected = sorted((m.winner for m in matches if m.winner is not None), key=lambda p: seed_of[p])
    for key, items in by_match.items():
        if key not in used_games:
            for i, g in items:
                where = "match" if key[0] <= len(stages) else "stage"
                v.add(f"games[{i}].{where}", _no_such_match(g, stages))
    for player, (i, d) in dqs.items():
        if d.stage <= len(stages) and player not in {p for m in stages[d.stage - 1].all_matches for p in m.players}:
            v.add(f"disqualifications[{i}].stage", f"'{player}' does not play in stage {d.stage}; he was out before it")
    v.raise_if_any()
    return _summarize(stages, list(seeds), seed_of, dqs, rules)


# ------------------------------------------------------------------------------------------- series


def _series(
    v: Violations,
    stage: int,
    name: str,
    number: int,
    players: tuple[str, ...],
    games: list[tuple[int, Game]],
    dqs: Mapping[str, tuple[int, Disqualification]],
    rules: CupRules,
) -> MatchProgress:
    label = f"{'the third-place match' if number == THIRD_PLACE_MATCH else f'pair {number}'} of the {name}"
    if len(players) == 1:
        for i, _ in games:
            v.add(f"games[{i}].match", f"{label} is a pass ('{players[0]}' faces an empty position): no games are played")
        why = texts.cup_passes(players[0])
        if number == THIRD_PLACE_MATCH:
            why = texts.cup_third_without_playing(players[0])
        return MatchProgress(stage, name, number, players, (), (0,), players[0], (), True, False, why)
    target = rules.wins_needed(name)
    a, b = players
    for p in players:
        if p in dqs and dqs[p][1].stage < stage and games:
            for i, _ in games:
                v.add(
                    f"games[{i}].match",
                    f"'{p}' was disqualified in stage {dqs[p][1].stage}: his later opponents win technically (6.4)",
                )
            games = []
    wins = {a: 0, b: 0}
    outcomes: list[GameOutcome] = []
    winner: str | None = None
    losers: tuple[str, ...] = ()
    technical = False
    replay = False
    decided_by = 0
    for expected, (i, g) in enumerate(sorted(games, key=lambda x: x[1].number), start=1):
        f = f"games[{i}]"
        if decided_by:
            v.add(f"{f}.number", f"the series of {label} ({a} v {b}) was already decided by game {decided_by}")
            continue
        if g.number != expected:
            v.add(
                f"{f}.number", f"game {expected} of {label} ({a} v {b}) is missing; games are numbered from 1, replays included"
            )
            break
        bad = [p for p in (g.winner, *g.absent) if p is not None and p not in players]
        if bad:
            which = "winner" if g.winner in bad else "absent"
            v.add(f"{f}.{which}", f"'{bad[0]}' is not in {label} ({a} v {b})")
            break
        if g.winner is not None and g.winner in g.absent:
            v.add(f"{f}.winner", f"'{g.winner}' is listed as absent; an absent player loses the game technically (4.3)")
            break
        if g.winner is not None and g.absent:
            v.add(f"{f}.winner", "leave the winner empty when a player was absent: the other player wins technically (4.3)")
            break
        if len(set(g.absent)) != len(g.absent):
            v.add(f"{f}.absent", "a player is listed twice")
            break
        setting = rules.replay_setting if replay else rules.start_setting
        start = texts.cup_game_start(g.number, replay, setting)
        if len(g.absent) == 2:  # both lose this game technically; the series goes on (4.3.3)
            outcomes.append(
                GameOutcome(
                    g.number,
                    setting,
                    replay,
                    None,
                    (a, b),
                    texts.cup_both_absent(start),
                )
            )
            replay, technical = False, True
            continue
        if g.absent:
            (absentee,) = g.absent
            other = b if absentee == a else a
            wins[other] += 1
            outcomes.append(GameOutcome(g.number, setting, replay, other, (absentee,), texts.cup_absent(start, absentee, other)))
            replay, technical = False, True
            won = other
        elif g.winner is None:
            outcomes.append(
                GameOutcome(
                    g.number,
                    setting,
                    replay,
                    None,
                    (),
                    texts.cup_drawn(start, rules.replay_setting),
                )
            )
            replay = True
            continue
        else:
            won = g.winner
            wins[won] += 1
            outcomes.append(GameOutcome(g.number, setting, replay, won, (), texts.cup_won_game(start, won)))
            replay = False
        if wins[won] == target:
            winner, losers, decided_by = won, (b if won == a else a,), g.number
    score = f"{wins[a]}-{wins[b]}"
    if winner is not None:
        loser = losers[0]
        how = any(o.winner == winner and loser in o.technical_losers for o in outcomes)
        parts = [texts.cup_series_won(winner, loser, how, max(wins.values()), min(wins.values()), target)]
        if any(o.winner is None and not o.technical_losers for o in outcomes):
            parts.append(texts.CUP_DRAWS_REPLAYED)
        both = [str(o.number) for o in outcomes if len(o.technical_losers) == 2]
        if both:
            parts.append(texts.cup_both_absent_in(both))
        why = texts.join(parts)
    else:
        why = texts.cup_undecided(a, b, score, target)
    # §6.4: a disqualified player is never replaced; an undecided series goes to his opponent.
    if not losers:
        gone = [q for q in players if q in dqs and dqs[q][1].stage <= stage]
        if len(gone) == 2:
            if name in (SEMI_FINAL, FINAL, THIRD_PLACE):
                v.add(
                    f"disqualifications[{dqs[gone[1]][0]}].player",
                    f"both players of {label} are disqualified; the arbiter decides (5.2.2 г)",
                )
            losers, technical = (a, b), True
            why = texts.cup_both_disqualified(a, b)
        elif gone:
            (out,) = gone
            other = b if out == a else a
            winner, losers, technical = other, (out,), True
            why = texts.cup_wins_by_disqualification(other, out, dqs[out][1].reason)
    decided = winner is not None or bool(losers)
    return MatchProgress(
        stage, name, number, players, tuple(outcomes), (wins[a], wins[b]), winner, losers, decided, technical, why
    )


# ----------------------------------------------------------------------------------- places, prizes


@dataclass
class _Level:
    """A player's result before the lift: a place in the final stage, or the stage he went out in."""

    place: int | None = None
    eliminated_in: str | None = None
    stage: int = 0
    why: Text = texts.EMPTY


def _summarize(
    stages: list[StageProgress],
    seeds: list[str],
    seed_of: Mapping[str, int],
    dqs: Mapping[str, tuple[int, Disqualification]],
    rules: CupRules,
) -> CupProgress:
    level: dict[str, _Level] = {}
    beaten: dict[str, list[str]] = defaultdict(list)  # whom each player beat, in stage order
    semi_final_losers: dict[str, _Level] = {}  # each as he went out: the match for third place still decides
    advanced: dict[str, Text] = {}  # why each player is still in the cup
    tech: dict[str, int] = defaultdict(int)
    guaranteed: dict[tuple[str, int], int] = {}  # (player, stage) -> the worst place still open to him after it
    lines: list[Text] = []
    for stage in stages:
        positions = 2 * len(stage.matches)
        for p in stage.paired_anyway:  # he plays on: his earlier exit is not his result
            level.pop(p, None)
        for p in stage.not_paired:
            advanced.pop(p, None)
            level[p] = _Level(None, stage.name, stage.number, texts.cup_out_before_paired(stage.name))
        if stage.paired_anyway or stage.not_paired:
            lines.append(texts.cup_kept_pairing(stage.name, stage.paired_anyway, stage.not_paired))
        for m in stage.all_matches:
            for p in m.players:
                worst = 4 if m.number == THIRD_PLACE_MATCH else positions // 2 if m.winner == p else positions
                guaranteed[(p, stage.number)] = worst
            for o in m.games:
                for p in o.technical_losers:
                    tech[p] += 1
            if m.winner is not None:
                beaten[m.winner].extend(m.losers)
                advanced[m.winner] = texts.cup_advanced(stage.name, m.explanation)
            elif not m.decided:
                for p in m.players:
                    advanced[p] = texts.cup_playing(stage.name, m.explanation)
            if stage.name == FINAL:
                continue
            for p in m.losers:
                level[p] = _Level(None, stage.name, stage.number, texts.cup_went_out(stage.name, m.explanation))
                if stage.name == SEMI_FINAL:
                    semi_final_losers[p] = level[p]
    finished = False
    if stages and stages[-1].name == FINAL and stages[-1].decided:
        finished = True
        last = stages[-1]
        for medal_match, first in ((last.matches[0], 1), (last.third_place, 3)):
            if medal_match is None:
                continue
            if medal_match.winner is not None:
                level[medal_match.winner] = _Level(first, None, last.number, _place_why(first, medal_match))
            for p in medal_match.losers:
                level[p] = _Level(first + 1, None, last.number, _place_why(first + 1, medal_match))
    lifted: dict[str, Text] = {}
    for player, (_, d) in sorted(dqs.items(), key=lambda x: seed_of[x[0]]):
        # "secured" when disqualified: the worst place he could still finish in carries a prize
        secured = guaranteed.get((player, d.stage), rules.prize_places + 1) <= rules.prize_places
        own = level.pop(player, None)
        if not secured or own is None:
            lines.append(texts.cup_disqualified_no_prize_place(player, d.stage, d.reason, secured))
            continue
        chain = list(reversed(beaten[player]))  # the player he beat last first
        lines.append(texts.cup_disqualified_lift(player, d.stage, d.reason, chain))
        moving = own
        for victim in chain:
            before = level.get(victim)
            if before is None:
                break
            level[victim] = _Level(moving.place, moving.eliminated_in, moving.stage, moving.why)
            lifted[victim] = texts.cup_lifted(_level_text(before), _level_text(moving), player)
            moving = before
    if not finished:
        # docs/rules.md cup.progress.places-final-when-decided: a semi-final loser still plays the match
        # for third place (3.4.3): his place, award and prize wait for it
        third = stages[-1].third_place if stages and stages[-1].name == FINAL else None
        for p, out in list(level.items()):
            if semi_final_losers.get(p) is out:
                del level[p]
                if third is not None and p in third.players:
                    advanced[p] = texts.cup_playing_third(third.explanation)
                else:
                    advanced[p] = texts.cup_to_play_third(out.why)
    places: list[str | None] = [None] * rules.medal_places if finished else []
    results: dict[str, PlayerResult] = {}
    for player in seeds:
        lv = level.get(player)
        why: list[Text] = []
        dq = dqs.get(player)
        place = lv.place if lv else None
        if finished and place is not None and place <= rules.medal_places:
            places[place - 1] = player
        if dq is not None:
            award = None
            why.append(texts.cup_disqualified_result(dq[1].stage, dq[1].reason))
        elif lv is None:
            award = None
            why.append(texts.cup_still_in(advanced.get(player)))
        else:
            award = MEDAL if place is not None and place <= rules.medal_places else BADGE
            why.append(lv.why)
            if player in lifted:
                why.append(lifted[player])
            why.append(texts.cup_award(award == MEDAL))
        prize = None
        if award == MEDAL and place is not None and place <= rules.prize_places:
            if tech[player] <= rules.max_technical_defeats_for_prize:
                prize = place
                why.append(texts.cup_prize(place, tech[player], rules.max_technical_defeats_for_prize, True))
            else:
                why.append(texts.cup_prize(place, tech[player], rules.max_technical_defeats_for_prize, False))
        results[player] = PlayerResult(
            player,
            seed_of[player],
            place,
            lv.eliminated_in if lv else None,
            award,
            tech[player],
            prize,
            dq is not None,
            tuple(why),
        )
    survivors: tuple[tuple[str, int], ...] = ()
    if stages and stages[-1].decided and stages[-1].name != FINAL:
        alive = sorted((m.winner for m in stages[-1].matches if m.winner is not None), key=lambda p: seed_of[p])
        survivors = tuple((p, seed_of[p]) for p in alive)
        lines.append(texts.cup_next_stage(stages[-1].name, len(survivors), len(stages) + 1))
    return CupProgress(tuple(stages), survivors, finished, tuple(places), results, tuple(lines))


def _place_why(place: int, m: MatchProgress) -> Text:
    return texts.cup_place_from(place, m.number == THIRD_PLACE_MATCH, m.explanation)


def _level_text(lv: _Level) -> Text:
    return texts.cup_level(lv.place, lv.eliminated_in)


# --------------------------------------------------------------------------------------- validation


def _whole(value: object, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _known_stage(name: object) -> bool:
    """A stage name of the regulation (4.1): final, semi-final, quarter-final, 1/8 final, 1/16 final, ...,
    or the third-place match."""
    if name in (FINAL, SEMI_FINAL, QUARTER_FINAL, THIRD_PLACE):
        return True
    if not isinstance(name, str) or not name.startswith("1/") or not name.endswith(" final"):
        return False
    n = name[2:-6]
    return n.isdigit() and int(n) >= 8 and int(n) & (int(n) - 1) == 0


def _check_rules(v: Violations, rules: CupRules) -> None:
    for name, value in (
        ("series_wins", rules.series_wins),
        *((f"stage_series_wins[{s}]", w) for s, w in rules.stage_series_wins),
    ):
        if not _whole(value, 1):
            v.add(f"rules.{name}", f"games to win a series: a whole number from 1, got {value!r}"[:200])
    for stage, _ in rules.stage_series_wins:
        if not _known_stage(stage):
            v.add(
                f"rules.stage_series_wins[{stage}]"[:80],
                "a stage name: final, third-place match, semi-final, quarter-final, 1/8 final, ...",
            )
    if not _whole(rules.medal_places, 0) or rules.medal_places not in (2, 4):
        v.add("rules.medal_places", "medal places are 2 or 4 (the final and the third-place match)")
    elif not _whole(rules.prize_places, 0) or rules.prize_places > rules.medal_places:
        v.add("rules.prize_places", "prize places: a whole number from 0, at most the medal places")
    if not _whole(rules.max_technical_defeats_for_prize, 0):
        v.add("rules.max_technical_defeats_for_prize", "a whole number from 0")


def _check_disqualifications(
    v: Violations, dqs: Sequence[Disqualification], seed_of: Mapping[str, int], stages: int
) -> dict[str, tuple[int, Disqualification]]:
    out: dict[str, tuple[int, Disqualification]] = {}
    for i, d in enumerate(dqs):
        f = f"disqualifications[{i}]"
        if d.player not in seed_of:
            v.add(f"{f}.player", f"'{d.player}' is not in this cup")
        elif d.player in out:
            v.add(f"{f}.player", f"'{d.player}' is already disqualified (disqualifications[{out[d.player][0]}])")
        if not isinstance(d.stage, int) or not 1 <= d.stage <= stages:
            v.add(f"{f}.stage", f"stage {d.stage!r} is not reached; stages 1 to {stages} are paired")
        if not isinstance(d.reason, str) or not d.reason.strip():
            v.add(f"{f}.reason", "a disqualification needs its reason (5.3.3)")
        if d.player in seed_of and d.player not in out:
            out[d.player] = (i, d)
    return out


def _check_games(v: Violations, games: Sequence[Game], stages: int) -> dict[tuple[int, int], list[tuple[int, Game]]]:
    out: dict[tuple[int, int], list[tuple[int, Game]]] = defaultdict(list)
    seen: dict[tuple[int, int, int], int] = {}
    for i, g in enumerate(games):
        f = f"games[{i}]"
        if not isinstance(g.stage, int) or not 1 <= g.stage <= stages:
            v.add(
                f"{f}.stage",
                f"stage {g.stage!r} is not reached yet; results are taken for stages 1 to {stages} (the paired ones)",
            )
            continue
        if not isinstance(g.number, int) or g.number < 1:
            v.add(f"{f}.number", f"a game number is a whole number from 1, got {g.number!r}")
            continue
        if not isinstance(g.match, int) or g.match < 0:
            v.add(f"{f}.match", f"a pair number from 1 (or {THIRD_PLACE_MATCH} for the third-place match), got {g.match!r}")
            continue
        key = (g.stage, g.match, g.number)
        if key in seen:
            v.add(
                f"{f}.number",
                f"game {g.number} of stage {g.stage}, match {g.match} already has a result (games[{seen[key]}]); one result per game",
            )
            continue
        seen[key] = i
        out[(g.stage, g.match)].append((i, g))
    return out


def _check_pairing(
    v: Violations,
    f: str,
    pairs: Sequence[Sequence[str]],
    expected: list[str],
    seed_of: Mapping[str, int],
    as_paired: bool = False,
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...]] | None:
    """The stage's pairs, who plays in them although not a survivor and which survivors they leave out
    (both only ``as_paired``: otherwise an error); None after a violation."""
    out: list[tuple[str, ...]] = []
    where: dict[str, int] = {}
    bad = False
    alive = set(expected)
    anyway: list[str] = []
    if pairs and len(pairs) & (len(pairs) - 1):
        v.add(f, f"a stage has a power of two of positions (3.4.1.2): 1, 2, 4, ... pairs, got {len(pairs)}")
        bad = True
    for j, pair in enumerate(pairs):
        if isinstance(pair, str) or not 1 <= len(pair) <= 2:
            v.add(f"{f}[{j}]", "a pair is one or two player ids (one: he passes)")
            bad = True
            continue
        for p in pair:
            if p not in seed_of:
                v.add(f"{f}[{j}]", f"'{p}' is not in this cup")
                bad = True
            elif p not in alive and not as_paired:
                v.add(f"{f}[{j}]", f"'{p}' is no longer in the cup; pair only the survivors")
                bad = True
            elif p in where:
                v.add(f"{f}[{j}]", f"'{p}' is already in pair {where[p] + 1}")
                bad = True
            else:
                where[p] = j
                if p not in alive:
                    anyway.append(p)
        out.append(tuple(pair))
    missing = [p for p in expected if p not in where]
    if missing and not bad and not as_paired:
        v.add(f, f"the pairing leaves out {', '.join(missing)}; pair every survivor")
        bad = True
    if not pairs:
        v.add(f, "a stage needs at least one pair")
        bad = True
    return None if bad else (tuple(out), tuple(anyway), tuple(missing))


def _label(m: MatchProgress) -> str:
    return "the third-place match" if m.number == THIRD_PLACE_MATCH else f"pair {m.number} ({' v '.join(m.players)})"


def _no_such_match(g: Game, stages: list[StageProgress]) -> str:
    if g.stage > len(stages):
        return f"stage {g.stage} is not reached yet"
    s = stages[g.stage - 1]
    if g.match == THIRD_PLACE_MATCH:
        return f"the {s.name} has no third-place match"
    return f"the {s.name} has pairs 1 to {len(s.matches)}, not {g.match}"


def refield(err: InvalidArgument, prefix: str) -> InvalidArgument:
    """The same violations under ``prefix`` (a service nests these records in its request)."""
    return err.with_fields(lambda field: f"{prefix}.{field}")
