"""The question a projection asks about a cup, from league's own bracket (docs/rules.md
``cup.projection.from-league-state``).

League owns every rule; the solver only reads the bracket. So the question is prepared here from the
cup domain's progress (``cup_progress`` as GetCupBracket answers it): the stage each player plays in
now or went out in, a semi-final loser still to play for third place, a place a decided final or
third-place match gave, the bracket's stages, and the cuts that decide something in a cup: the title,
the final, the podium and the medals (places 1-4, which also carry the prizes, open-cup-2023 §1.6.1,
§1.7.1). Disqualified players get no place and are not listed; a finished cup's places and exits are
the progress' own (a lift after a disqualification included, §6.4).

Pure: no I/O, no protobuf.
"""

from __future__ import annotations

from dataclasses import dataclass

from league.domain.cup.knockout import FINAL, SEMI_FINAL, THIRD_PLACE, CupProgress, stage_name
from league.domain.mahjong.projection import CutOfStandings
from league.domain.texts import Text


@dataclass(frozen=True)
class CupStandingNow:
    """Where a player of the cup stands: ``stage`` (1-based) he plays in now or went out in; ``in_cup``
    False: he lost there; ``third_place``: a semi-final loser still to play for third place;
    ``place``: the place a decided final or third-place match gave him."""

    player: str
    seed: int
    stage: int
    in_cup: bool = True
    third_place: bool = False
    place: int | None = None


@dataclass(frozen=True)
class CupProjectionQuestion:
    """What the solver is asked about the cup, and what the answer shows beside it. ``standings`` in
    the order shown: by the worst place still open, then by seed."""

    standings: tuple[CupStandingNow, ...]
    stages: int
    third_place_match: bool
    cuts: tuple[CutOfStandings, ...]
    notes: tuple[Text, ...]

    @property
    def positions(self) -> int:
        return 2**self.stages

    def of(self, player: str) -> CupStandingNow:
        return next(s for s in self.standings if s.player == player)

    def matches_left(self, player: str) -> int:
        """The series the player may still play (at most: he plays on while he wins)."""
        s = self.of(player)
        if s.place is not None or (not s.in_cup and not s.third_place):
            return 0
        return 1 if s.third_place else self.stages - s.stage + 1

    def series_left(self) -> int:
        """The series still to play in the whole cup: one fewer than the players still in it, and the
        match for third place while it is undecided."""
        in_cup = sum(1 for s in self.standings if s.in_cup and s.place is None)
        third = self.third_place_match and self.stages >= 2 and not any(s.place in (3, 4) for s in self.standings)
        return max(in_cup - 1, 0) + int(third)

    def places(self, s: CupStandingNow) -> str:
        """The places open to him as the standings say them: "1", "3-4", "5-8"; "" while he is in the cup."""
        if s.place is not None:
            return str(s.place)
        if s.third_place:
            return "3-4"
        if s.in_cup:
            return ""
        positions = 2 ** (self.stages - s.stage + 1)
        return f"{positions // 2 + 1}-{positions}"

    def where(self, s: CupStandingNow) -> str:
        """The stage he plays in or went out in, by the regulation's name ("quarter-final")."""
        if s.third_place:
            return THIRD_PLACE
        return stage_name(2 ** (self.stages - s.stage + 1))


ASSUMPTIONS = (
    Text(
        "each series left is won by either player; the semi-final losers play for 3rd place",
        "каждую оставшуюся серию выигрывает один из игроков; проигравшие в полуфинале играют за 3-е место",
    ),
    Text(
        "places 1-4 carry medals and prizes; a prize also needs at most one technical defeat (§1.7.2), "
        "which the projection does not look at",
        "места 1-4 дают медали и призы; для приза нужно не больше одного технического поражения (§1.7.2), "
        "прогноз этого не учитывает",
    ),
)

CUTS = (
    CutOfStandings("champion", 1, Text("the cup (1st place)", "победа в кубке (1-е место)")),
    CutOfStandings("final", 2, Text("the final (top 2)", "выход в финал (топ-2)")),
    CutOfStandings("podium", 3, Text("the podium (top 3)", "пьедестал (топ-3)")),
    CutOfStandings("medals", 4, Text("a medal and prize place (places 1-4)", "медаль и призовое место (места 1-4)")),
)


def cup_standings(progress: CupProgress, stages: int) -> tuple[CupStandingNow, ...]:
    """Each player not disqualified, where the bracket's matches leave him (module docstring)."""
    seed = {p: r.seed for p, r in progress.results.items()}
    where: dict[str, CupStandingNow] = {}
    for st in progress.stages:
        for m in st.matches:
            for p in m.players:
                if not m.decided:
                    where[p] = CupStandingNow(p, seed[p], st.number)
                elif p == m.winner and st.name == FINAL:
                    where[p] = CupStandingNow(p, seed[p], st.number, False, place=1)
                elif p == m.winner:  # he plays the next stage (paired or not yet)
                    where[p] = CupStandingNow(p, seed[p], min(st.number + 1, stages))
                elif st.name == FINAL:
                    where[p] = CupStandingNow(p, seed[p], st.number, False, place=2)
                else:
                    where[p] = CupStandingNow(p, seed[p], st.number, False, third_place=st.name == SEMI_FINAL)
        if st.third_place is not None:
            m = st.third_place
            for p in m.players:
                if not m.decided:
                    where[p] = CupStandingNow(p, seed[p], st.number - 1, False, third_place=True)
                else:
                    where[p] = CupStandingNow(p, seed[p], st.number, False, place=3 if p == m.winner else 4)
    numbers = {st.name: st.number for st in progress.stages}
    out = []
    for p, r in progress.results.items():
        if r.disqualified or p not in where:
            continue
        if progress.finished and r.place is not None:
            out.append(CupStandingNow(p, r.seed, stages, False, place=r.place))
        elif r.eliminated_in is not None and r.eliminated_in in numbers:  # his exit as the progress says it (a lift)
            out.append(CupStandingNow(p, r.seed, numbers[r.eliminated_in], False))
        else:
            out.append(where[p])
    return tuple(out)


def cup_question(progress: CupProgress) -> CupProjectionQuestion:
    """The cup's question from its progress (at least one stage stored): its standings, stages and the
    cuts below the bracket's size."""
    positions = 2 * len(progress.stages[0].matches)
    stages = max(positions.bit_length() - 1, 1)

    def worst(s: CupStandingNow) -> int:
        if s.place is not None:
            return s.place
        if s.third_place:
            return 4
        return 2 ** (stages - s.stage + 1)

    ordered = sorted(cup_standings(progress, stages), key=lambda s: (worst(s), not s.in_cup, s.seed))
    cuts = tuple(c for c in CUTS if c.places < 2**stages)
    return CupProjectionQuestion(tuple(ordered), stages, stages >= 2, cuts, ASSUMPTIONS)
