"""After every complete round the bot asks each linked player's status at each cut (docs/rules.md
``mahjong.projection.status-in-words``; bot/service.py ``_plan_projection``): a decided one ("you have
clinched the playoff (top 8)") is told the round it is proven and never again (its key has no round);
"alive, and what you need" only once the last round is all that is left; in the link's language, asked for
the player alone; nothing for a status not proven in time, a failed call, or a league already over."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from bot import texts
from bot.service import BotService
from rondo.gateway.v1 import common_pb2, competitions_pb2, events_pb2, identity_pb2, results_pb2, stages_pb2

pytestmark = pytest.mark.unit

CUT = results_pb2.ProjectionCut(name="playoff", places=8, title="the playoff (top 8)", title_ru="плей-офф (топ-8)")
STATUSES = {
    "p1": (results_pb2.PROJECTION_STATUS_CLINCHED, "clinched the playoff (top 8)", "плей-офф (топ-8): место обеспечено"),
    "p2": (
        results_pb2.PROJECTION_STATUS_ALIVE,
        "alive for the playoff (top 8) — needs 2nd place or better in the last match",
        "плей-офф (топ-8): шансы есть — нужно 2-е место или выше в последнем матче",
    ),
    "p3": (results_pb2.PROJECTION_STATUS_UNKNOWN, "not proven", "не доказано"),
}


def telegram_links(competition: str, players: tuple[str, ...], russian: str, first_user: int) -> list[identity_pb2.TelegramLink]:
    """One Telegram link per player of ``competition`` (user ``first_user``, then the next ones; its chat
    100 above), in English except ``russian``'s."""
    return [
        identity_pb2.TelegramLink(
            telegram_user_id=first_user + i,
            chat_id=first_user + 100 + i,
            language="ru" if p == russian else "en",
            players=[identity_pb2.PlayerLink(competition_id=competition, player_id=p)],
        )
        for i, p in enumerate(players)
    ]


class League:
    """The gateway of a league of 4 rounds with ``after_round`` complete; GetProjections fails for "p4"."""

    def __init__(self, after_round: int) -> None:
        self.after_round = after_round
        self.asked: list[tuple[tuple[str, ...], int | None, float]] = []

    async def call(self, method, request, for_telegram_user=None):
        if method == "GetStandings":
            rows = [
                results_pb2.StandingRow(player_id=p, place=str(i), total="0") for i, p in enumerate(("p1", "p2", "p3", "p4"), 1)
            ]
            return results_pb2.Standings(rows=rows, rounds=4, after_round=self.after_round)
        if method == "GetCompetition":
            return competitions_pb2.Competition(id="c", name="Autumn league")
        assert method == "GetProjections"
        self.asked.append((tuple(request.player_ids), for_telegram_user, request.time_limit_seconds))
        [player] = request.player_ids
        if player == "p4":
            raise grpc.aio.AioRpcError(grpc.StatusCode.DEADLINE_EXCEEDED, grpc.aio.Metadata(), grpc.aio.Metadata(), "slow")
        status, en, ru = STATUSES[player]
        row = results_pb2.PlayerProjection(
            player_id=player, cuts=[results_pb2.CutStatus(cut="playoff", status=status, text=en, text_ru=ru)]
        )
        return results_pb2.Projections(competition_id="c", cuts=[CUT], players=[row], rounds=4, after_round=self.after_round)

    async def links(self):
        return telegram_links("c", ("p1", "p2", "p3", "p4"), russian="p2", first_user=100)


def planned(after_round: int) -> tuple[dict[str, str], League]:
    gateway = League(after_round)
    bot = BotService(gateway, store=None, sender=None)  # type: ignore[arg-type]
    out = asyncio.run(bot._plan_standings("c"))
    return {o.key: o.text for o in out if o.kind.startswith("projection.")}, gateway


@pytest.mark.rule("mahjong.projection.status-in-words")
def test_before_the_last_round_each_linked_player_hears_their_own_status_in_their_language():
    sent, gateway = planned(after_round=3)
    assert sent == {
        "projection:c:playoff:clinched:p1": "“Autumn league”, with round 3 complete: you have clinched the playoff (top 8), "
        "whatever the games left bring.",
        "projection:c:3:playoff:p2": "«Autumn league», по итогам тура 3: плей-офф (топ-8): шансы есть — нужно 2-е место "
        "или выше в последнем матче.",
    }  # p3: not proven in time, p4: the call failed: nothing, and the event is not held back
    assert sorted(gateway.asked) == [(("p1",), 100, 20.0), (("p2",), 101, 20.0), (("p3",), 102, 20.0), (("p4",), 103, 20.0)]


@pytest.mark.rule("mahjong.projection.status-in-words")
def test_with_more_rounds_left_only_a_decided_status_is_told_and_under_the_same_key_each_round():
    for after_round in (1, 2):
        sent, gateway = planned(after_round)
        assert list(sent) == ["projection:c:playoff:clinched:p1"]  # the bot's store delivers a key once
        assert f"with round {after_round} complete: you have clinched" in sent["projection:c:playoff:clinched:p1"]
        assert len(gateway.asked) == 4  # every linked player is asked after every round


def test_when_the_league_is_over_nobody_is_asked():
    sent, gateway = planned(after_round=4)
    assert sent == {} and gateway.asked == []


def test_an_eliminated_player_is_told_so_plainly():
    said = texts.projection("en", "L", 3, "eliminated", ("the playoff (top 8)", "плей-офф (топ-8)"), ("", ""))
    assert said == "“L”, with round 3 complete: the playoff (top 8) is out of reach now, whatever the games left bring."
    ru = texts.projection("ru", "L", 3, "eliminated", ("the playoff (top 8)", "плей-офф (топ-8)"), ("", ""))
    assert ru == "«L», по итогам тура 3: плей-офф (топ-8) — теперь недостижимо, как бы ни сложились оставшиеся игры."
    # a title of any gender or an infinitive reads the same way: the Russian never agrees with it
    ru = texts.projection("ru", "L", 9, "clinched", ("the leaders group (top 3)", "группа лидеров (топ-3)"), ("", ""))
    assert ru == "«L», по итогам тура 9: группа лидеров (топ-3) — вам обеспечено, как бы ни сложились оставшиеся игры."


# ------------------------------------------------------------------ an Up&Down stage (docs/rules.md updown.projection.doors)

GROUPS = {"A": ("a1", "a2", "a3", "a4"), "B": ("b1", "b2", "b3", "b4")}
LEADERS = results_pb2.ProjectionCut(
    name="leaders", places=2, title="the leaders group (top 2)", title_ru="группа лидеров (топ-2)"
)
UPDOWN = {
    "a1": (
        (results_pb2.PROJECTION_STATUS_CLINCHED, "leaders"),
        (results_pb2.PROJECTION_STATUS_ALIVE, "alive for the title — needs 1 win in the 1 remaining game"),
    ),
    "a2": ((results_pb2.PROJECTION_STATUS_ELIMINATED, "leaders"),),
    "b1": ((results_pb2.PROJECTION_STATUS_ALIVE, "alive for the leaders group (top 2) — needs 1 win"),),
}


class Ladder:
    """An Up&Down stage of two groups of four, 10 rounds; ``complete``: each group's complete rounds."""

    def __init__(self, complete: dict[str, int]) -> None:
        self.complete = complete
        self.asked: list[str] = []

    async def call(self, method, request, for_telegram_user=None):
        if method == "GetStandings":  # the mahjong table: not an Up&Down league's
            raise grpc.aio.AioRpcError(grpc.StatusCode.FAILED_PRECONDITION, grpc.aio.Metadata(), grpc.aio.Metadata(), "no")
        if method == "ListResultRecords":
            return results_pb2.ListResultRecordsResponse()
        if method == "GetCompetition":
            return competitions_pb2.Competition(id="u", name="Ladder")
        if method == "GetStage":
            tables = [common_pb2.Table(player_ids=g[i : i + 2]) for g in GROUPS.values() for i in (0, 2)]
            return stages_pb2.Stage(
                number=1,
                groups=[stages_pb2.StageGroup(name=n, player_ids=g) for n, g in GROUPS.items()],
                rounds=[common_pb2.Round(tables=tables)] * 10,
            )
        assert method == "GetProjections"
        [player] = request.player_ids
        self.asked.append(player)
        group = next(n for n, g in GROUPS.items() if player in g)
        row = results_pb2.PlayerProjection(player_id=player)
        second = results_pb2.ProjectionCut(name="champion", places=1, title="the title", title_ru="звание чемпиона")
        for (status, said), cut in zip(UPDOWN.get(player, ()), ("leaders", "champion")):
            row.cuts.append(results_pb2.CutStatus(cut=cut, status=status, text=said, text_ru=said + " (ru)"))
        return results_pb2.Projections(
            competition_id="u", cuts=[LEADERS, second], players=[row], rounds=10, after_round=self.complete[group]
        )

    async def links(self):
        return telegram_links("u", ("a1", "a2", "b1"), russian="a2", first_user=300)


def game_recorded(complete: dict[str, int], round_: int, table: int = 1) -> tuple[dict[str, str], Ladder]:
    """What the bot plans for a game recorded at ``round_``/``table`` of stage 1 (the event it handles)."""
    gateway = Ladder(complete)
    bot = BotService(gateway, store=None, sender=None)  # type: ignore[arg-type]
    event = events_pb2.Event(
        id=1,
        kind="standings.changed",
        competition_id="u",
        standings_changed=events_pb2.StandingsChangedEvent(stage=1, round=round_, table=table, record_kind="game"),
    )
    out = asyncio.run(bot._plan_standings_changed(event))
    return {o.key: o.text for o in out}, gateway


@pytest.mark.rule("updown.projection.doors")
def test_a_game_completing_an_updown_round_tells_the_groups_linked_players_their_own_statuses():
    sent, gateway = game_recorded({"A": 9, "B": 8}, round_=9)
    assert sent == {
        "projection:u:leaders:clinched:a1": "“Ladder”, with round 9 complete: you have clinched the leaders group (top 2), "
        "whatever the games left bring.",
        "projection:u:9:champion:a1": "“Ladder”, with round 9 complete: alive for the title — needs 1 win in the 1 remaining game.",
        "projection:u:leaders:eliminated:a2": "«Ladder», по итогам тура 9: группа лидеров (топ-2) — теперь недостижимо, "
        "как бы ни сложились оставшиеся игры.",
    }
    assert gateway.asked == ["a1", "a2"]  # the game's group only: b1's group has its own rounds


@pytest.mark.rule("updown.projection.doors")
def test_a_game_leaving_its_round_open_costs_one_projection_and_tells_nobody():
    sent, gateway = game_recorded({"A": 8, "B": 8}, round_=9)
    assert sent == {} and gateway.asked == ["a1"]


@pytest.mark.rule("updown.projection.doors")
def test_with_more_rounds_left_an_updown_player_hears_only_decided_statuses_and_none_once_the_stage_is_over():
    sent, _ = game_recorded({"A": 7, "B": 7}, round_=7)
    assert sorted(sent) == ["projection:u:leaders:clinched:a1", "projection:u:leaders:eliminated:a2"]
    sent, gateway = game_recorded({"A": 10, "B": 10}, round_=10, table=3)
    assert sent == {} and gateway.asked == ["b1"]


# ------------------------------------------------------------------ a cup (docs/rules.md updown.projection.doors)

FINAL = results_pb2.ProjectionCut(name="final", places=2, title="the final", title_ru="финал")


class Cup:
    """A cup of 8 in its semi-finals (stage 2 of 3); ``decided``: the stages decided so far."""

    def __init__(self, decided: int) -> None:
        self.decided = decided
        self.asked: list[str] = []

    async def call(self, method, request, for_telegram_user=None):
        if method == "GetCompetition":
            return competitions_pb2.Competition(id="k", name="Open cup")
        if method == "ListResultRecords":
            return results_pb2.ListResultRecordsResponse()
        if method == "GetStandings":  # the mahjong table: not a cup's
            raise grpc.aio.AioRpcError(grpc.StatusCode.FAILED_PRECONDITION, grpc.aio.Metadata(), grpc.aio.Metadata(), "no")
        if method == "GetStage":
            tables = [common_pb2.Table(player_ids=["c1", "c4"]), common_pb2.Table(player_ids=["c2", "c3"])]
            return stages_pb2.Stage(number=2, kind="cup-knockout", rounds=[common_pb2.Round(tables=tables)])
        assert method == "GetProjections"
        [player] = request.player_ids
        self.asked.append(player)
        status = results_pb2.PROJECTION_STATUS_CLINCHED if player == "c1" else results_pb2.PROJECTION_STATUS_ELIMINATED
        row = results_pb2.PlayerProjection(player_id=player, cuts=[results_pb2.CutStatus(cut="final", status=status)])
        return results_pb2.Projections(competition_id="k", cuts=[FINAL], players=[row], rounds=3, after_round=self.decided)

    async def links(self):
        return telegram_links("k", ("c1", "c4"), russian="c4", first_user=500)


def cup_game(decided: int) -> tuple[dict[str, str], Cup]:
    gateway = Cup(decided)
    bot = BotService(gateway, store=None, sender=None)  # type: ignore[arg-type]
    event = events_pb2.Event(
        id=2,
        kind="standings.changed",
        competition_id="k",
        standings_changed=events_pb2.StandingsChangedEvent(stage=2, round=1, table=1, record_kind="game"),
    )
    out = asyncio.run(bot._plan_standings_changed(event))
    return {o.key: o.text for o in out}, gateway


@pytest.mark.rule("updown.projection.doors")
def test_a_cup_game_deciding_its_stage_tells_the_linked_players_by_stage_not_round():
    sent, _ = cup_game(decided=2)
    assert sent == {
        "projection:k:final:clinched:c1": "“Open cup”, with stage 2 decided: you have clinched the final, "
        "whatever the games left bring.",
        "projection:k:final:eliminated:c4": "«Open cup», по итогам этапа 2: финал — теперь недостижимо, "
        "как бы ни сложились оставшиеся игры.",
    }
    sent, gateway = cup_game(decided=1)  # the semi-finals still going: one projection, nobody told
    assert sent == {} and gateway.asked == ["c1"]
