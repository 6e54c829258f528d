"""The question a projection asks about one group of an Up&Down stage, from league's own scoring
(docs/rules.md ``updown.projection.from-league-state``).

League owns every rule; the solver only searches. So the question is prepared here from the group's
counted games (``effective_games``: technical results included, annulled and late games as league
scores them): each player's points so far (carried plus this stage), what he carried, the points each
scored against each opponent, the stage's pairings still without a record (the games left, a long
match worth 2), the chain's variant (Sonneborn-Berger breaks a tie of two in stage 1 only) and the
cuts, which are the places ``place_fate`` reads (``updown.stage.split-and-carry``): stage 1 the
leaders and staying out of the outsiders; stage 2 the outsiders who stay, the promoted, or the
champion.

Pure: no I/O, no protobuf.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.domain.mahjong.projection import CutOfStandings
from league.domain.texts import Text, ru_of
from league.domain.updown.standings import UpdownSeason, effective_games, split_fits, stage_points, win_points
from rondo_runtime.errors import FailedPrecondition


@dataclass(frozen=True)
class UpdownStandingNow:
    player: str
    points: int
    carried: int
    ranked: bool


@dataclass(frozen=True)
class GameLeft:
    round: int
    table: int
    white: str
    black: str
    win: int


@dataclass(frozen=True)
class UpdownProjectionQuestion:
    """What the solver is asked about one group, and what the answer shows beside it."""

    group: str | None
    standings: tuple[UpdownStandingNow, ...]
    scored: tuple[tuple[str, str, int], ...]  # (player, opponent, points scored against him so far)
    remaining: tuple[GameLeft, ...]
    cuts: tuple[CutOfStandings, ...]
    two_tied_sonneborn_berger: bool
    sb_counts_carried: bool
    notes: tuple[Text, ...]

    def matches_left(self, player: str) -> int:
        return sum(1 for g in self.remaining if player in (g.white, g.black))


ASSUMPTIONS = (
    Text(
        "each game left is won by either player or stays unplayed by the deadline (0-0); results played "
        "after the deadline do not count",
        "каждая оставшаяся партия выиграна одним из игроков или не сыграна к сроку (0:0); партии, сыгранные после срока, не учитываются",
    ),
    Text(
        "a tie the chain cannot separate is an extra match or the organizer's decision, never guessed",
        "ничья, которую цепочка показателей не разделяет, решается дополнительной партией или организатором, без догадок",
    ),
)


def updown_cuts(season: UpdownSeason) -> tuple[CutOfStandings, ...]:
    """The places that decide something in this group, as ``place_fate`` reads them."""
    rs = season.ruleset
    size = len(season.players)
    if season.stage == 1:
        if not split_fits(rs, size):
            return ()
        cuts = [
            CutOfStandings(
                "leaders", rs.leaders, Text(f"the leaders group (top {rs.leaders})", f"группа лидеров (топ-{rs.leaders})")
            )
        ]
        if rs.outsiders:
            cuts.append(
                CutOfStandings(
                    "not_outsiders",
                    size - rs.outsiders,
                    Text(
                        f"staying out of the outsiders (top {size - rs.outsiders})",
                        f"не попасть в аутсайдеры (топ-{size - rs.outsiders})",
                    ),
                )
            )
        return tuple(c for c in cuts if 0 < c.places < size)
    if season.group == "outsiders":
        stay = rs.outsiders_stay
        cut = CutOfStandings(
            "stays", stay, Text(f"keeping the division (top {stay})", f"сохранить место в дивизионе (топ-{stay})")
        )
    elif rs.promoted:
        cut = CutOfStandings("promoted", rs.promoted, Text(f"promotion (top {rs.promoted})", f"повышение (топ-{rs.promoted})"))
    else:
        cut = CutOfStandings("champion", 1, Text("the title (1st place)", "звание чемпиона (1-е место)"))
    return (cut,) if 0 < cut.places < size else ()


def group_title(number: int, name: str) -> Text:
    """How a group of a stage of several is named in its cuts' titles: "Group 2", "Leaders group"."""
    if name in ("leaders", "outsiders"):
        return Text(f"{name.capitalize()} group", "Группа лидеров" if name == "leaders" else "Группа аутсайдеров")
    return Text(f"Group {number}", f"Группа {number}")


def titled_cuts(cuts: Sequence[CutOfStandings], number: int, title: Text) -> tuple[CutOfStandings, ...]:
    """docs/rules.md ``updown.projection.every-group``: a group's cuts named apart from the other
    groups' ("group2.leaders") and titled with the group ("Group 2: the leaders group (top 3)")."""
    return tuple(
        CutOfStandings(f"group{number}.{c.name}", c.places, Text(f"{title}: {c.title}", f"{title.ru}: {ru_of(c.title)}"))
        for c in cuts
    )


def group_figures(season: UpdownSeason) -> tuple[tuple[UpdownStandingNow, ...], tuple[tuple[str, str, int], ...]]:
    """Each player's points so far with what he carried, and the points each scored against each
    opponent, from league's counted games (``effective_games``)."""
    games, _ = effective_games(season)
    stage = stage_points(season.players, games)
    scored: dict[tuple[str, str], int] = {}
    for sg in games:
        for p in (sg.game.white, sg.game.black):
            if p in stage:
                key = (p, sg.game.opponent(p))
                scored[key] = scored.get(key, 0) + sg.points_of(p)
    standings = tuple(
        UpdownStandingNow(p, season.carried.get(p, 0) + stage.get(p, 0), season.carried.get(p, 0), p not in season.withdrawn)
        for p in season.players
    )
    return standings, tuple((p, q, pts) for (p, q), pts in scored.items())


def updown_question(season: UpdownSeason, left: Sequence[tuple[int, int, Sequence[str]]]) -> UpdownProjectionQuestion:
    """The group's question from its season (league's counted games) and the pairings left (round,
    table, white and black); FAILED_PRECONDITION when no place of the group decides anything."""
    cuts = updown_cuts(season)
    if not cuts:
        raise FailedPrecondition.because("PROJECTION_WITHOUT_CUT")
    standings, scored = group_figures(season)
    win = win_points(season.long_matches)
    members = set(season.players)
    return UpdownProjectionQuestion(
        group=season.group,
        standings=standings,
        scored=scored,
        remaining=tuple(
            GameLeft(r, t, seats[0], seats[1], win) for r, t, seats in left if len(seats) == 2 and set(seats) <= members
        ),
        cuts=cuts,
        two_tied_sonneborn_berger=season.stage == 1,
        sb_counts_carried=season.ruleset.sb_counts_carried,
        notes=ASSUMPTIONS,
    )
