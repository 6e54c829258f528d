"""Issue 8's organizer actions through the gateway's servicer (on the fakes): a technical substitute
registered and seated for a no-show, withdrawals with their events, and corrections of Up&Down and cup
results refused while they would change a stage already generated, stored once the organizer confirms."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from league.domain.records import GameEntry
from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2, stages_pb2
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests import mahjong_season as season
from tests.unit.test_gateway_services import Gateway

pytestmark = pytest.mark.unit
BY = "organizer"


@pytest.fixture
def gateway() -> Iterator[Gateway]:
    gateway = Gateway()
    yield gateway
    gateway.close()


def _advance(gateway: Gateway, cid: str):
    """AdvanceStage's two steps: league plans and seats the stage, then stores it."""
    league = gateway.league
    plan = league.stages.prepare(cid)
    return league.stages.save(cid, plan.number, (), BY)


def _records(gateway: Gateway, cid: str) -> list:
    return gateway.league.uow.repository.records(cid)  # type: ignore[attr-defined]  # the fake repository


def _correct(gateway: Gateway, cid: str, record_id: str, game: GameEntry, confirms: bool = False, key: str = ""):
    return gateway(
        "CorrectRecord",
        results_pb2.CorrectRecordRequest(
            competition_id=cid,
            record_id=record_id,
            reason="the score sheet says otherwise",
            recorded_by=BY,
            game=results_pb2.GameResult(
                number=game.number, first_player_id=game.first, second_player_id=game.second, result=game.result
            ),
            organizer_confirms=confirms,
            idempotency_key=key,
        ),
    )


@pytest.mark.rule("mahjong.roster.substitute-registered")
def test_a_substitute_registered_before_the_first_draw_is_not_drawn_and_a_redraw_seats_him(gateway):
    """Registering the technical substitute early must not make him a main participant: the first draw
    seats the 8 main players (it would refuse 9 players); a redraw after a withdrawal seats him."""
    competition, roster = gateway.competition(players=8, rounds=2)
    cid = competition.id
    sub = gateway(
        "RegisterPlayer",
        competitions_pb2.RegisterPlayerRequest(
            competition_id=cid, name="Early sub", status=competitions_pb2.PLAYER_STATUS_SUBSTITUTE
        ),
    )
    view = gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=cid))
    seated = {pid for rnd in view.draw.rounds for table in rnd.tables for pid in table.player_ids}
    assert seated == {p.id for p in roster}
    gateway("ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=view.draw.id))
    gateway.league.roster.withdraw(cid, roster[0].id, "moved away")
    redrawn = gateway("Redraw", draws_pb2.RedrawRequest(competition_id=cid, played_rounds=1, reason="a player left"))
    last = {pid for table in redrawn.draw.rounds[1].tables for pid in table.player_ids}
    assert sub.id in last and roster[0].id not in last


@pytest.mark.rule("mahjong.roster.substitute-registered")
def test_a_technical_substitute_is_registered_and_takes_a_no_show_s_seat_by_his_id(gateway):
    competition, _, _ = gateway.published(players=8, rounds=2)
    cid = competition.id
    sub = gateway(
        "RegisterPlayer",
        competitions_pb2.RegisterPlayerRequest(
            competition_id=cid, name="Sub Ivan", status=competitions_pb2.PLAYER_STATUS_SUBSTITUTE
        ),
    )
    assert sub.status == competitions_pb2.PLAYER_STATUS_SUBSTITUTE
    with pytest.raises(InvalidArgument) as error:
        gateway(
            "RegisterPlayer",
            competitions_pb2.RegisterPlayerRequest(
                competition_id=cid, name="Gone", status=competitions_pb2.PLAYER_STATUS_WITHDRAWN
            ),
        )
    assert [v.field for v in error.value.violations] == ["status"]
    tables = gateway.league.draws.get(cid).rounds[0]
    absent = tables[1][3]

    def no_show(table: int, player: str, substitute: str):
        return gateway(
            "RecordNoShow",
            results_pb2.RecordNoShowRequest(
                competition_id=cid,
                round=1,
                table=table,
                no_show=results_pb2.NoShowEntry(player_id=player, substitute=substitute),
                recorded_by=BY,
            ),
        )

    records = len(gateway.league.records.history(cid, 1, 2))
    for substitute, says in (
        (tables[0][0], "is registered as main"),  # a main participant is no substitute
        ("sub ivan", "name a registered technical substitute by his player id"),  # his name, not his id
    ):
        with pytest.raises(InvalidArgument) as error:
            no_show(2, absent, substitute)
        assert error.value.violations[0].field == "no_show.substitute" and says in error.value.violations[0].description
    assert len(gateway.league.records.history(cid, 1, 2)) == records  # nothing stored
    no_show(2, absent, sub.id)
    with pytest.raises(InvalidArgument) as error:  # one match a round
        no_show(1, tables[0][3], sub.id)
    assert "already takes a seat in round 1 at table 2" in error.value.violations[0].description
    seated = [sub.id if p == absent else p for p in tables[1]]
    for h in (1, 2, 3):
        gateway(
            "RecordHanchan",
            results_pb2.RecordHanchanRequest(
                competition_id=cid,
                round=1,
                table=2,
                hanchan=results_pb2.HanchanResult(number=h, scores=season.scores(seated, 1, 1, 2, h)),
                recorded_by=BY,
            ),
        )
    standings = gateway("GetStandings", results_pb2.GetStandingsRequest(competition_id=cid))
    assert sub.id not in {r.player_id for r in standings.rows}  # never ranked
    assert any("no-show -80 000" in n for r in standings.rows if r.player_id == absent for n in r.notes)
    history = gateway("ListResultRecords", results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=2))
    assert history.result_records[0].no_show.substitute == sub.id


@pytest.mark.rule("mahjong.roster.withdrawal-keeps-history")
def test_a_withdrawal_through_the_gateway_is_keyed_and_appends_its_events(gateway):
    competition, roster = gateway.competition(players=8)
    request = competitions_pb2.WithdrawPlayerRequest(
        competition_id=competition.id, player_id=roster[2].id, reason="moved away", idempotency_key="w-1"
    )
    player = gateway("WithdrawPlayer", request)
    assert player.status == competitions_pb2.PLAYER_STATUS_WITHDRAWN and player.completed_stage == 0
    assert gateway("WithdrawPlayer", request).id == player.id  # a retry answers the first answer
    [sent, _] = [c.request for c in gateway.downstream.calls if c.method == "WithdrawPlayer"]
    assert sent.idempotency_key not in ("", "w-1")  # scoped to the caller and the method
    assert gateway.events.for_competition(competition.id)[-2:] == [
        ("player.withdrawn", player.id),
        ("standings.changed", player.id),
    ]
    events = len(gateway.events.events)
    with pytest.raises(FailedPrecondition, match="already withdrawn"):
        gateway("WithdrawPlayer", competitions_pb2.WithdrawPlayerRequest(competition_id=competition.id, player_id=roster[2].id))
    assert len(gateway.events.events) == events


@pytest.mark.rule("updown.withdrawal.half-rule")
def test_a_withdrawal_that_settles_the_last_games_of_an_updown_stage_completes_it_with_its_event(gateway):
    league = gateway.league
    cid = league.competitions.create("Up&Down", "updown-league-2007", 22, 2).id
    ids = [league.roster.register(cid, f"U{i}", rating=2000 - i).id for i in range(4)]
    one = _advance(gateway, cid)
    quitter = ids[3]
    for r, rnd in enumerate(one.rounds, 1):
        for t, (a, b) in enumerate(rnd, 1):
            if quitter not in (a, b):
                league.records.record_game(cid, 1, r, t, GameEntry(1, a, b, "1-0"), BY)
    player = gateway(
        "WithdrawPlayer", competitions_pb2.WithdrawPlayerRequest(competition_id=cid, player_id=quitter, reason="ill")
    )
    assert player.completed_stage == 1
    assert gateway.events.for_competition(cid)[-1] == ("stage.completed", "1")
    with pytest.raises(FailedPrecondition) as error:  # his game is settled by the half rule, none is recorded
        r, t = next((r, t) for r, rnd in enumerate(one.rounds, 1) for t, pair in enumerate(rnd, 1) if quitter in pair)
        a, b = one.rounds[r - 1][t - 1]
        gateway(
            "RecordGame",
            results_pb2.RecordGameRequest(
                competition_id=cid,
                stage=1,
                round=r,
                table=t,
                game=results_pb2.GameResult(number=1, first_player_id=a, second_player_id=b, result="1-0"),
                recorded_by=BY,
            ),
        )
    assert "completed" in error.value.message or "left the league" in error.value.message


@pytest.mark.rule("updown.records.correction-refused-after-later-stage")
def test_an_updown_correction_changing_stage_two_is_refused_through_the_gateway_then_confirmed(gateway):
    league = gateway.league
    cid = league.competitions.create("Up&Down", "updown-league-2007", 22, 2).id
    ids = [league.roster.register(cid, f"P{i:02d}", rating=2000 - i).id for i in range(1, 13)]
    order = {p: i for i, p in enumerate(ids)}
    one = _advance(gateway, cid)
    for r, rnd in enumerate(one.rounds, 1):
        for t, (a, b) in enumerate(rnd, 1):
            league.records.record_game(cid, 1, r, t, GameEntry(1, a, b, "1-0" if order[a] < order[b] else "0-1"), BY)
    _advance(gateway, cid)
    first = next(r for r in _records(gateway, cid) if r.stage == 1 and {r.content.first, r.content.second} == {ids[3], ids[4]})
    reversed_ = GameEntry(1, first.content.first, first.content.second, "0-1" if first.content.result == "1-0" else "1-0")
    events = len(gateway.events.events)
    with pytest.raises(FailedPrecondition, match="stage 2 \\(stage 2\\) could no longer be generated"):
        _correct(gateway, cid, first.id, reversed_)
    assert len(gateway.events.events) == events  # refused: no event
    done = _correct(gateway, cid, first.id, reversed_, confirms=True, key="c-1")
    assert any(c.startswith("to redo: stage 2 (stage 2) keeps the players") for c in done.changes)
    assert gateway.events.for_competition(cid)[-1] == ("standings.changed", done.id)


@pytest.mark.rule("cup.records.correction-refused-after-later-stage")
def test_a_cup_correction_changing_a_paired_stage_is_refused_through_the_gateway_then_confirmed(gateway):
    league = gateway.league
    cid = league.competitions.create("Open cup", "open-cup-2023", 6, 2).id
    ids = [league.roster.register(cid, f"P{i:02d}", rating=3000 - i).id for i in range(1, 9)]
    seed = {p: i for i, p in enumerate(ids)}
    qf = _advance(gateway, cid)
    for t, (a, b) in enumerate(qf.rounds[0], 1):
        for n in (1, 2):
            league.records.record_game(cid, 1, 1, t, GameEntry(n, a, b, "1-0" if seed[a] < seed[b] else "0-1"), BY)
    _advance(gateway, cid)
    game = next(r for r in _records(gateway, cid) if r.stage == 1 and r.table == 1 and r.content.number == 2)
    flipped = GameEntry(2, game.content.first, game.content.second, "1-0")
    with pytest.raises(FailedPrecondition, match="stage 2 \\(semi-final\\) could no longer be generated"):
        _correct(gateway, cid, game.id, flipped)
    done = _correct(gateway, cid, game.id, flipped, confirms=True)
    assert done.changes[0] == "stage 1 (quarter-final), pairing 1: undecided again (1-1) (was won by P01)"
    bracket = gateway("GetCupBracket", stages_pb2.GetCupBracketRequest(competition_id=cid))
    assert [list(t.player_ids) for t in bracket.stages[1].pairings[:1]] == [[ids[2], ids[0]]]  # the stored pairs stand


@pytest.mark.rule("mahjong.roster.close-registration")
def test_the_organizer_closes_registration_through_the_gateway_dropping_the_last_registered(gateway):
    competition = gateway.league.competitions.create("Winter league", "discard-league-2026", 4, 4)
    players = [gateway.league.roster.register(competition.id, f"Q{i:02d}") for i in range(1, 11)]
    with pytest.raises(FailedPrecondition, match="drop the last-registered 2 \\(Q09, Q10\\)"):
        gateway("CloseRegistration", competitions_pb2.CloseRegistrationRequest(competition_id=competition.id))
    closed = gateway(
        "CloseRegistration",
        competitions_pb2.CloseRegistrationRequest(
            competition_id=competition.id,
            resolution=competitions_pb2.REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED,
            idempotency_key="close",
        ),
    )
    assert closed.main_participants == 8 and closed.competition.HasField("registration_closed_at")
    assert [p.id for p in closed.moved_to_reserve] == [players[8].id, players[9].id]
    assert all(p.status == competitions_pb2.PLAYER_STATUS_RESERVE for p in closed.moved_to_reserve)
    with pytest.raises(FailedPrecondition, match="is closed"):
        gateway("RegisterPlayer", competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name="Late"))
