"""A small mahjong league with one round left, made through the gateway, for the projections' tests
(docs/rules.md ``mahjong.projection.*``): 8 players, 2 rounds of one hanchan a match, the top 4
continue; round 1 is played with penalties that leave three players out of reach and two more too far
behind the three others to pass them, fighting for the 4th place (or, ``decided``, four far behind the
four others: every status clinched or eliminated); round 2 is left. Small on purpose,
so that every proof is quick, and built again by hand (:meth:`ProjectedSeason.problem`) so that a test
compares the served statuses with ``project_mahjong`` on the same season."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2
from rondo.gateway.v1.gateway_pb2_grpc import GatewayServiceStub
from solver.domain.projection.problem import Cut, MahjongProjectionProblem, RemainingMatch, Standing

TIMEOUT = 120
CUT = 4
HANCHAN_UMA = (15_000, 5_000, -5_000, -15_000)
#: round 1, one hanchan a table: final scores by seat, and the penalty of each seat (points deducted)
SCORES = (60_000, 30_000, 20_000, 10_000)
PENALTIES = {
    **dict.fromkeys([(1, 3), (2, 2), (2, 3)], 2_000_000),  # out of reach
    **dict.fromkeys([(1, 2), (2, 1)], 600_000),  # too far behind the three others to pass them: two for the 4th place
}
#: the top 4 out of everyone else's reach, the other four out of theirs: nobody alive
DECIDED = dict.fromkeys([(1, 3), (2, 1), (2, 2), (2, 3)], 2_000_000)
STATUS = {
    results_pb2.PROJECTION_STATUS_CLINCHED: "clinched",
    results_pb2.PROJECTION_STATUS_ELIMINATED: "eliminated",
    results_pb2.PROJECTION_STATUS_ALIVE: "alive",
    results_pb2.PROJECTION_STATUS_ORGANIZER_DECISION: "organizer_decision",
    results_pb2.PROJECTION_STATUS_UNKNOWN: "unknown",
}


def rated_competition(
    organizer: GatewayServiceStub,
    competition: competitions_pb2.Competition,
    key: str,
    names: Sequence[str],
    top_rating: int = 2000,
    overrides: str = "",
) -> tuple[str, list[str]]:
    """A competition and its players, registered in order with falling ratings (the first the best
    seed, rated ``top_rating - 1``): (its id, the players' ids in that order)."""
    made = organizer.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(competition=competition, ruleset_overrides=overrides, idempotency_key=key),
        timeout=TIMEOUT,
    )
    players = [
        organizer.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=made.id, name=name, rating=top_rating - i, idempotency_key=f"{key}-{name}"
            ),
            timeout=TIMEOUT,
        ).id
        for i, name in enumerate(names, 1)
    ]
    return made.id, players


def record_game(
    organizer: GatewayServiceStub, competition_id: str, round_: int, table: int, first: str, second: str, first_won: bool
) -> None:
    """One Up&Down game of stage 1, won by ``first`` or by ``second`` (recorded by the judge)."""
    organizer.RecordGame(
        results_pb2.RecordGameRequest(
            competition_id=competition_id,
            stage=1,
            round=round_,
            table=table,
            game=results_pb2.GameResult(
                number=1, first_player_id=first, second_player_id=second, result="1-0" if first_won else "0-1"
            ),
            recorded_by="judge",
            idempotency_key=f"{competition_id}-{round_}-{table}",
        ),
        timeout=TIMEOUT,
    )


class ProjectedSeason:
    """The competition, its players and its approved draw, made through the gateway."""

    def __init__(self, organizer: GatewayServiceStub, name: str = "Projected league", decided: bool = False):
        """``decided``: every status is clinched or eliminated (:data:`DECIDED`), each proof quick."""
        self.organizer = organizer
        self.penalties = DECIDED if decided else PENALTIES
        overrides = {"hanchans_per_match": 1, "playoff_places": CUT}
        competition = organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026", rounds=2),
                ruleset_overrides=json.dumps(overrides),
            ),
            timeout=TIMEOUT,
        )
        self.id = competition.id
        self.players = [
            organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(competition_id=self.id, name=f"Q{i}"), timeout=TIMEOUT
            ).id
            for i in range(1, 9)
        ]
        proposal = organizer.DrawCompetition(
            draws_pb2.DrawCompetitionRequest(competition_id=self.id, seed=5, time_limit_seconds=5), timeout=TIMEOUT
        )
        organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=self.id, draw_id=proposal.draw.id), timeout=TIMEOUT)
        seating = organizer.GetSeating(draws_pb2.GetSeatingRequest(competition_id=self.id), timeout=TIMEOUT)
        self.rounds = [[tuple(t.player_ids) for t in r.tables] for r in seating.rounds]
        for table, seats in enumerate(self.rounds[0], start=1):
            organizer.RecordHanchan(
                results_pb2.RecordHanchanRequest(
                    competition_id=self.id,
                    round=1,
                    table=table,
                    hanchan=results_pb2.HanchanResult(number=1, scores=dict(zip(seats, SCORES, strict=True))),
                ),
                timeout=TIMEOUT,
            )
            for seat, player in enumerate(seats):
                if (table, seat) in self.penalties:
                    organizer.RecordPenalty(
                        results_pb2.RecordPenaltyRequest(
                            competition_id=self.id,
                            round=1,
                            table=table,
                            penalty=results_pb2.PenaltyEntry(
                                player_id=player, points=self.penalties[(table, seat)], reason="test"
                            ),
                        ),
                        timeout=TIMEOUT,
                    )

    def problem(self, players: tuple[str, ...]) -> MahjongProjectionProblem:
        """The same season built by hand from the results entered: round 1's totals (hanchan result,
        penalty, match uma: one hanchan, so the match ranks as the hanchan) and places; round 2 left."""
        standings = []
        for table, seats in enumerate(self.rounds[0], start=1):
            for seat, player in enumerate(seats):
                result = SCORES[seat] - 30_000 + HANCHAN_UMA[seat] - self.penalties.get((table, seat), 0)
                standings.append((player, result, seat + 1))
        # the match uma ranks the match sums (penalties included)
        final = []
        for seats in self.rounds[0]:
            sums = sorted(((r, p) for p, r, _ in standings if p in seats), reverse=True)
            uma = {p: HANCHAN_UMA[i] for i, (_, p) in enumerate(sums)}
            final += [Standing(p, r + uma[p], Fraction(place), 1) for p, r, place in standings if p in seats]
        remaining = tuple(RemainingMatch(2, t, seats, 1) for t, seats in enumerate(self.rounds[1], start=1))
        return MahjongProjectionProblem(tuple(final), remaining, (Cut("playoff", CUT),), players=players, time_limit_s=60)

    def totals(self) -> dict[str, int]:
        return {s.player: int(s.total) for s in self.problem(()).standings}

    def chosen(self) -> tuple[str, ...]:
        """The leader, the second of the two fighting for the 4th place, and the last, in the standings' order."""
        totals = self.totals()
        ranked = sorted(totals, key=lambda p: -totals[p])
        return ranked[0], ranked[4], ranked[-1]
