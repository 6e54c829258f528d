"""The orchestrated flows end to end over real gRPC, each on `rondo up` (SQLite) and on one process per
service (PostgreSQL), each checked up to the events the gateway appended (``ListEvents`` /
``WatchEvents``, what a bot reads).

What other end-to-end tests already cover in both modes is not repeated here:

* ``test_mahjong_season.py``: a 24-player season recorded by a judge, a no-show with a substitute, a
  correction before the playoff, the playoff stage by stage to the prizes, ``stage.*`` events;
* ``test_booking_season.py``: availability, the match card's privacy and options, confirmations booking
  a room, a changed answer cancelling it, the auto-scheduler, no overlapping bookings in the database;
* ``test_slice.py`` / ``test_events.py``: draw, approve, publish (embedded and distributed), the
  stream's cursor across reconnects and restarts.

Covered here:

1. a competition from its ruleset, registration and closing it with 10 players for tables of 4 (the
   refusal naming both options, a resolution short of reserves refused, the last-registered dropped to
   the reserve, a closed registration taking only reserves), the draw seating the 8 main participants;
2. draw -> reviewed while proposed (players do not see it) -> approved -> ``draw.published``; a
   withdrawal and a newcomer, the redraw keeping the played round with its diff, its approval and
   publication (the first draw superseded), every event in order on a live ``WatchEvents`` stream;
3. availability -> card -> confirmations -> the fourth books a room -> ``schedule.booked`` reaching a
   bot's open stream; a changed answer -> ``schedule.cancelled``;
4. player reports confirmed by the table, a dispute replaced by the judge and a judge's own entries
   -> standings (provisional, then final) -> the playoff stage by stage -> the final -> the prizes; a
   late correction after the playoff started is refused unless the organizer confirms it, and with
   confirmation the standings are recomputed while the stage keeps the players it was generated with.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import (
    calendar_pb2,
    common_pb2,
    competitions_pb2,
    draws_pb2,
    events_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)
from tests import mahjong_season as season

pytestmark = pytest.mark.e2e
MODES = ["embedded", pytest.param("distributed", marks=pytest.mark.postgres)]
JUDGE = "judge Anna"


def _events(stub, cid: str) -> list[tuple[str, str]]:
    listed = stub.ListEvents(events_pb2.ListEventsRequest(competition_id=cid, page_size=1000), timeout=10)
    return [(e.kind, e.subject_id) for e in listed.events]


def _competition(stub, name: str, key: str, **fields) -> competitions_pb2.Competition:
    return stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026", **fields), idempotency_key=key
        ),
        timeout=10,
    )


def _register(stub, cid: str, names: list[str], key: str, **fields) -> list[str]:
    return [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=cid, name=n, idempotency_key=f"{key}-{n}", **fields), timeout=10
        ).id
        for n in names
    ]


def _draw(stub, cid: str, key: str) -> draws_pb2.DrawProposal:
    return stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=cid, seed=7, time_limit_seconds=5, idempotency_key=key), timeout=60
    )


def _refused(call, request, code: grpc.StatusCode, *words: str) -> str:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=30)
    message = caught.value.details() or ""
    assert caught.value.code() == code and all(w in message for w in words), (caught.value.code(), message)
    return message


def _ts(at: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(at)
    return out


# --- flow 1 -----------------------------------------------------------------------------------------


@pytest.mark.rule("mahjong.roster.close-registration")
@pytest.mark.parametrize("mode", MODES)
def test_flow_1_a_competition_from_its_ruleset_closes_registration_with_10_players_for_tables_of_4(mode, request):
    deployment = request.getfixturevalue(mode)
    stub = deployment.gateway
    competition = _competition(stub, f"Closing league {mode}", f"closing-{mode}")
    assert (competition.ruleset, competition.rounds, competition.table_size) == ("discard-league-2026", 4, 4)
    versions = stub.ListRulesetVersions(competitions_pb2.ListRulesetVersionsRequest(competition_id=competition.id), timeout=10)
    assert [v.version for v in versions.ruleset_versions] == [1]
    cid = competition.id
    names = [f"F{i:02d}" for i in range(1, 11)]
    ids = dict(zip(names, _register(stub, cid, names, "main"), strict=True))
    [reserve] = _register(stub, cid, ["Reserve R1"], "reserve", status=competitions_pb2.PLAYER_STATUS_RESERVE)

    close = competitions_pb2.CloseRegistrationRequest(competition_id=cid)
    _refused(
        stub.CloseRegistration,
        close,
        grpc.StatusCode.FAILED_PRECONDITION,
        "10 main participants is not a multiple of 4",
        "drop the last-registered 2 (F09, F10)",
        "promote 2 reserves",
    )
    promote = competitions_pb2.CloseRegistrationRequest(
        competition_id=cid, resolution=competitions_pb2.REGISTRATION_RESOLUTION_PROMOTE_RESERVES
    )
    _refused(stub.CloseRegistration, promote, grpc.StatusCode.FAILED_PRECONDITION, "1 more reserves needed")
    drop = competitions_pb2.CloseRegistrationRequest(
        competition_id=cid, resolution=competitions_pb2.REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED, idempotency_key="close"
    )
    closed = stub.CloseRegistration(drop, timeout=10)
    assert closed.main_participants == 8 and closed.competition.HasField("registration_closed_at")
    assert [p.id for p in closed.moved_to_reserve] == [ids["F09"], ids["F10"]] and list(closed.promoted) == []
    again = stub.CloseRegistration(drop, timeout=10)  # the retry answers the first close
    assert again.competition.registration_closed_at == closed.competition.registration_closed_at

    _refused(
        stub.RegisterPlayer,
        competitions_pb2.RegisterPlayerRequest(competition_id=cid, name="Late main"),
        grpc.StatusCode.FAILED_PRECONDITION,
        "is closed",
    )
    [late] = _register(stub, cid, ["Late reserve"], "late", status=competitions_pb2.PLAYER_STATUS_RESERVE)
    roster = stub.ListPlayers(competitions_pb2.ListPlayersRequest(competition_id=cid, include_inactive=True), timeout=10).players
    statuses = {p.id: p.status for p in roster}
    main = [p.id for p in roster if p.status == competitions_pb2.PLAYER_STATUS_MAIN]
    assert main == [ids[n] for n in names[:8]]
    reserves = {ids["F09"], ids["F10"], reserve, late}
    assert {p for p, s in statuses.items() if s == competitions_pb2.PLAYER_STATUS_RESERVE} == reserves

    proposal = _draw(stub, cid, "closing-draw")
    seated = [sorted(p for t in r.tables for p in t.player_ids) for r in proposal.draw.rounds]
    assert len(proposal.draw.rounds) == 4 and all(len(r.tables) == 2 for r in proposal.draw.rounds)
    assert all(s == sorted(main) for s in seated)  # the main participants, every round; no reserve
    assert _events(stub, cid) == [("draw.proposed", proposal.draw.id)]  # closing appends nothing


# --- flow 2 -----------------------------------------------------------------------------------------


def _moved(before: draws_pb2.Draw, after: draws_pb2.Draw) -> dict[int, list[str]]:
    """Per round (from 0) in which anyone moved: the players seated in both draws whose table changed."""
    out = {}
    for r, (old, new) in enumerate(zip(before.rounds, after.rounds, strict=True)):
        table = {p: t for t, tab in enumerate(old.tables) for p in tab.player_ids}
        moved = sorted(p for t, tab in enumerate(new.tables) for p in tab.player_ids if p in table and table[p] != t)
        if moved:
            out[r] = moved
    return out


class Bot:
    """A bot's open ``WatchEvents`` stream of one competition, in a thread, until it has ``count`` events."""

    def __init__(self, stub, cid: str, count: int, after: int = 0, kinds: tuple[str, ...] = ()):
        self.got: list[events_pb2.Event] = []
        self._stream = stub.WatchEvents(events_pb2.WatchEventsRequest(after=after, competition_id=cid, kinds=kinds), timeout=120)
        self._count = count
        self._thread = threading.Thread(target=self._follow, daemon=True)
        self._thread.start()

    def _follow(self) -> None:
        try:
            for event in self._stream:
                self.got.append(event)
                if len(self.got) == self._count:
                    break
        except grpc.RpcError:
            pass
        finally:
            self._stream.cancel()

    def received(self, timeout: float = 60) -> list[tuple[str, str]]:
        self._thread.join(timeout)
        return [(e.kind, e.subject_id) for e in self.got]


@pytest.mark.rule("mahjong.draw.organizer-approves")
@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
@pytest.mark.rule("mahjong.roster.withdrawal-keeps-history")
@pytest.mark.parametrize("mode", MODES)
def test_flow_2_draw_review_approve_publish_then_a_withdrawal_redraw_with_its_diff_approved_and_published(mode, request):
    deployment = request.getfixturevalue(mode)
    stub = deployment.gateway
    cid = _competition(stub, f"Redrawn league {mode}", f"redrawn-{mode}").id
    ids = _register(stub, cid, [f"D{i}" for i in range(1, 9)], "d")
    bot = Bot(stub, cid, count=6)  # a bot following the competition from the start

    first = _draw(stub, cid, "first")
    assert first.draw.status == draws_pb2.DRAW_STATUS_PROPOSED and first.draw.version == 1
    reviewed = stub.GetDraw(draws_pb2.GetDrawRequest(competition_id=cid, draw_id=first.draw.id), timeout=10)
    assert reviewed.rounds == first.draw.rounds and reviewed.status == draws_pb2.DRAW_STATUS_PROPOSED
    player = deployment.accounts.player(cid, ids[0])
    _refused(player.GetSeating, draws_pb2.GetSeatingRequest(competition_id=cid), grpc.StatusCode.FAILED_PRECONDITION)
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=first.draw.id), timeout=10)
    seating = player.GetSeating(draws_pb2.GetSeatingRequest(competition_id=cid), timeout=10)
    assert (seating.draw_id, seating.version) == (first.draw.id, 1)

    gone = ids[2]
    stub.WithdrawPlayer(
        competitions_pb2.WithdrawPlayerRequest(competition_id=cid, player_id=gone, reason="moved away"), timeout=10
    )
    [newcomer] = _register(stub, cid, ["Newcomer"], "new")
    # the newcomer would take the departed seat everywhere; pinned to the other table of round 2, others move
    away = next(t for t, table in enumerate(first.draw.rounds[1].tables) if gone in table.player_ids)
    pin = draws_pb2.Pin(player_id=newcomer, round=1, table=1 - away)
    redraw = stub.Redraw(
        draws_pb2.RedrawRequest(
            competition_id=cid,
            played_rounds=1,
            reason="D3 moved away",
            seed=7,
            time_limit_seconds=5,
            pins=[pin],
            idempotency_key="re",
        ),
        timeout=60,
    )
    second = redraw.draw
    assert (second.version, second.status, second.replaces_draw_id) == (2, draws_pb2.DRAW_STATUS_PROPOSED, first.draw.id)
    assert second.rounds[0] == first.draw.rounds[0]  # the played round as played
    later = [{p for t in r.tables for p in t.player_ids} for r in second.rounds[1:]]
    assert all(newcomer in r and gone not in r for r in later)
    assert newcomer in second.rounds[1].tables[1 - away].player_ids  # the pin
    # the diff (rounds numbered from 0, like pins): per round still to play, who changed table, as a
    # recount of the two draws gives it; players_moved counts them once
    assert redraw.diff and [d.round for d in redraw.diff] == sorted({d.round for d in redraw.diff}) and redraw.diff[0].round >= 1
    assert {d.round: list(d.moved_player_ids) for d in redraw.diff} == _moved(first.draw, second)
    assert second.players_moved == len({p for d in redraw.diff for p in d.moved_player_ids}) >= 1
    assert player.GetSeating(draws_pb2.GetSeatingRequest(competition_id=cid), timeout=10).version == 1  # not yet

    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=second.id), timeout=10)
    assert player.GetSeating(draws_pb2.GetSeatingRequest(competition_id=cid), timeout=10).version == 2
    listed = stub.ListDraws(draws_pb2.ListDrawsRequest(competition_id=cid), timeout=10).draws
    assert [(d.version, d.status) for d in listed] == [(1, draws_pb2.DRAW_STATUS_SUPERSEDED), (2, draws_pb2.DRAW_STATUS_APPROVED)]

    expected = [
        ("draw.proposed", first.draw.id),
        ("draw.published", first.draw.id),
        ("player.withdrawn", gone),
        ("standings.changed", gone),
        ("draw.proposed", second.id),
        ("draw.published", second.id),
    ]
    assert bot.received() == expected and _events(stub, cid) == expected


# --- flow 3 -----------------------------------------------------------------------------------------


@pytest.mark.rule("schedule.confirmation.all-four-book-a-room")
@pytest.mark.rule("schedule.availability.change-voids-confirmations")
@pytest.mark.parametrize("mode", MODES)
def test_flow_3_availability_card_confirmations_book_a_room_and_the_bot_hears_of_it(mode, request):
    deployment = request.getfixturevalue(mode)
    stub = deployment.gateway
    cid = _competition(stub, f"Booked league {mode}", f"booked-{mode}").id
    _register(stub, cid, [f"B{i}" for i in range(1, 9)], "b")
    draw = _draw(stub, cid, "booked-draw").draw
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=10)
    club = stub.CreateClub(scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name=f"Flow club {mode}")), timeout=10)
    room = stub.CreateRoom(scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name="Room A")), timeout=10)
    day = (datetime.now(UTC) + timedelta(days=3)).replace(hour=0, minute=0, second=0, microsecond=0)
    match = stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid, round=1, club_id=club.id, window_start=_ts(day), window_end=_ts(day + timedelta(days=5))
        ),
        timeout=10,
    ).matches[0]
    key, players = match.match_key, list(match.player_ids)
    player = {p: deployment.accounts.player(cid, p) for p in players}

    def card() -> scheduling_pb2.MatchCard:
        return player[players[0]].GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=10)

    evening = [common_pb2.TimeInterval(start=_ts(day + timedelta(hours=15)), end=_ts(day + timedelta(hours=21)))]
    for i, p in enumerate(players):
        assert card().state == scheduling_pb2.CARD_STATE_WAITING_FOR_ANSWERS and len(card().pending_player_ids) == 4 - i
        player[p].SetAvailability(scheduling_pb2.SetAvailabilityRequest(match_key=key, intervals=evening), timeout=10)
    shown = card()
    assert shown.state == scheduling_pb2.CARD_STATE_AGREEING
    assert [(o.slot.start, o.slot.end, list(o.room_ids)) for o in shown.options] == [
        (evening[0].start, evening[0].end, [room.id])
    ]
    meeting = player[players[1]].ProposeMeeting(
        scheduling_pb2.ProposeMeetingRequest(
            match_key=key, start=_ts(day + timedelta(hours=16)), end=_ts(day + timedelta(hours=20)), idempotency_key="meet"
        ),
        timeout=10,
    )
    last_event = stub.ListEvents(events_pb2.ListEventsRequest(competition_id=cid, page_size=1000), timeout=10).events[-1].id
    bot = Bot(deployment.accounts.bot(f"Flow bot {mode}"), cid, count=1, after=last_event, kinds=("schedule.booked",))
    for i, p in enumerate(players):
        confirmed = player[p].ConfirmMeeting(
            scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting.id, idempotency_key=f"confirm-{i}"), timeout=10
        )
        booked = confirmed.status == scheduling_pb2.MEETING_STATUS_BOOKED
        assert booked == (i == 3), (i, confirmed.status)  # the fourth confirmation books the room
    assert confirmed.room_id == room.id and card().state == scheduling_pb2.CARD_STATE_BOOKED
    assert bot.received() == [("schedule.booked", meeting.id)]
    window = {"from": _ts(day), "to": _ts(day + timedelta(days=5))}
    bookings = stub.ListBookings(calendar_pb2.ListBookingsRequest(club_id=club.id, **window), timeout=10).bookings
    assert [(b.id, b.room_id) for b in bookings] == [(confirmed.booking_id, room.id)]
    # a confirmation retried with its key books nothing more and announces nothing more
    player[players[3]].ConfirmMeeting(
        scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting.id, idempotency_key="confirm-3"), timeout=10
    )

    changed = player[players[2]].SetAvailability(
        scheduling_pb2.SetAvailabilityRequest(
            match_key=key,
            intervals=[common_pb2.TimeInterval(start=_ts(day + timedelta(days=1)), end=_ts(day + timedelta(days=2)))],
        ),
        timeout=10,
    )
    assert list(changed.cancelled_meeting_ids) == [meeting.id]
    assert stub.ListBookings(calendar_pb2.ListBookingsRequest(club_id=club.id, **window), timeout=10).bookings == []
    assert _events(stub, cid)[-2:] == [("schedule.booked", meeting.id), ("schedule.cancelled", meeting.id)]
    assert [k for k, _ in _events(stub, cid)].count("schedule.booked") == 1


# --- flow 4 -----------------------------------------------------------------------------------------


def _total(row: results_pb2.StandingRow) -> Fraction:
    return Fraction(row.total.replace(" ", "").replace("\u202f", ""))


def _standings(stub, cid: str) -> results_pb2.Standings:
    return stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)


def _play_stage(judge, cid: str, stage: stages_pb2.Stage) -> results_pb2.ResultRecord:
    hanchans = 5 if stage.name == "final" else 3
    last = None
    for t, table in enumerate(stage.rounds[0].tables, start=1):
        for h in range(1, hanchans + 1):
            last = judge.RecordHanchan(
                results_pb2.RecordHanchanRequest(
                    competition_id=cid,
                    stage=stage.number,
                    round=1,
                    table=t,
                    hanchan=results_pb2.HanchanResult(number=h, scores=season.scores(list(table.player_ids), stage.number, t, h)),
                    idempotency_key=f"s{stage.number}-{t}-{h}",
                ),
                timeout=10,
            )
    assert last is not None and last.completed_stage
    return last


def _late_correction(stub, cid: str, tables: list[list[str]]) -> tuple[results_pb2.CorrectRecordRequest, str, str]:
    """A correction of a regular hanchan that lifts the 9th above the 8th: (request, 8th, 9th). Only the
    9th gains and one other player of the same hanchan loses, so the 9th passes the 8th for sure."""
    rows = _standings(stub, cid).rows
    p8, p9 = rows[7].player_id, rows[8].player_id
    gap = _total(rows[7]) - _total(rows[8])
    lift = (int(gap) // 100 + 1) * 100
    table = next(t for t, seats in enumerate(tables, start=1) if p9 in seats)
    history = stub.ListResultRecords(
        results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=table), timeout=10
    ).result_records
    place = {r.player_id: i for i, r in enumerate(rows)}
    record = next(
        r
        for r in history
        if r.HasField("hanchan")
        and p9 in r.hanchan.scores
        and r.status == results_pb2.RECORD_STATUS_CONFIRMED
        and not r.replaced_by_record_id
    )
    scores = dict(record.hanchan.scores)
    loser = p8 if p8 in scores else max((p for p in scores if p != p9), key=place.__getitem__)
    scores[p9] += lift
    scores[loser] -= lift
    request = results_pb2.CorrectRecordRequest(
        competition_id=cid,
        record_id=record.id,
        reason="the protocol shows a 2 000-point payment the other way",
        hanchan=results_pb2.HanchanResult(number=record.hanchan.number, scores=scores),
        idempotency_key="late-correction",
    )
    return request, p8, p9


@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
@pytest.mark.rule("mahjong.records.dispute-to-judge")
@pytest.mark.rule("mahjong.records.standings-use-confirmed-only")
@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
@pytest.mark.rule("mahjong.playoff.round-3-and-final")
@pytest.mark.rule("mahjong.records.correction-refused-after-later-stage")
@pytest.mark.rule("mahjong.records.correction-recomputes-derived")
@pytest.mark.parametrize("mode", MODES)
def test_flow_4_reports_a_dispute_and_the_judge_into_standings_the_playoff_to_the_prizes_and_a_late_correction(mode, request):
    deployment = request.getfixturevalue(mode)
    stub = deployment.gateway
    judge = deployment.accounts.judge(JUDGE)
    cid = _competition(stub, f"Playoff league {mode}", f"playoff-{mode}", rounds=1).id
    ids = _register(stub, cid, [f"M{i:02d}" for i in range(1, 13)], "m")
    season.stable_names(ids)
    draw = _draw(stub, cid, "playoff-draw").draw
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw.id), timeout=10)
    tables = [list(t.player_ids) for t in draw.rounds[0].tables]
    assert len(tables) == 3
    seats = tables[0]

    def player(p: str):
        return deployment.accounts.player(cid, p)

    def hanchan(t: int, h: int) -> results_pb2.HanchanResult:
        return results_pb2.HanchanResult(number=h, scores=season.scores(tables[t - 1], 1, 1, t, h))

    # table 1: hanchan 1 reported by a player and confirmed by the other three
    reported = player(seats[0]).ReportResult(
        results_pb2.ReportResultRequest(competition_id=cid, round=1, table=1, hanchan=hanchan(1, 1), idempotency_key="r1"),
        timeout=10,
    )
    assert reported.status == results_pb2.RECORD_STATUS_REPORTED
    # hanchan 2 reported, disputed by another player of the table
    disputed = player(seats[1]).ReportResult(
        results_pb2.ReportResultRequest(competition_id=cid, round=1, table=1, hanchan=hanchan(1, 2), idempotency_key="r2"),
        timeout=10,
    )
    player(seats[2]).DisputeResult(
        results_pb2.DisputeResultRequest(competition_id=cid, record_id=disputed.id, reason="east and south swapped"), timeout=10
    )
    # hanchan 3 and the other tables: the judge enters them (confirmed at once)
    for t, h in [(1, 3), *((t, h) for t in (2, 3) for h in (1, 2, 3))]:
        judge.RecordHanchan(
            results_pb2.RecordHanchanRequest(
                competition_id=cid, round=1, table=t, hanchan=hanchan(t, h), idempotency_key=f"j{t}{h}"
            ),
            timeout=10,
        )
    row = next(r for r in _standings(stub, cid).rows if r.player_id == seats[0])
    assert (
        row.provisional
        and any("awaiting confirmation" in n for n in row.notes)
        and any("awaiting a judge" in n for n in row.notes)
    )
    _refused(
        stub.AdvanceStage, stages_pb2.AdvanceStageRequest(competition_id=cid), grpc.StatusCode.FAILED_PRECONDITION, "provisional"
    )

    for p in seats[1:]:
        player(p).ConfirmResult(results_pb2.ConfirmResultRequest(competition_id=cid, record_id=reported.id), timeout=10)
    fixed = dict(disputed.hanchan.scores)
    fixed[seats[0]], fixed[seats[1]] = fixed[seats[1]], fixed[seats[0]]
    replaced = judge.ResolveDispute(
        results_pb2.ResolveDisputeRequest(
            competition_id=cid,
            record_id=disputed.id,
            decision=results_pb2.DISPUTE_DECISION_REPLACE,
            reason="the signed protocol",
            hanchan=results_pb2.HanchanResult(number=2, scores=fixed),
            idempotency_key="resolve",
        ),
        timeout=10,
    )
    assert replaced.status == results_pb2.RECORD_STATUS_CONFIRMED and replaced.recorded_by == JUDGE
    standings = _standings(stub, cid)
    assert len(standings.rows) == 12 and not any(r.provisional for r in standings.rows)
    assert all(r.hanchans == 3 for r in standings.rows) and not standings.unresolved
    regular = [r.player_id for r in standings.rows]
    regular_events = _events(stub, cid)
    # every report, confirmation, dispute and decision changed what the standings are made of
    assert [k for k, _ in regular_events].count("standings.changed") == 1 + 3 + 1 + 1 + 7 + 1

    stages = []
    for n in range(4):
        stage = stub.AdvanceStage(stages_pb2.AdvanceStageRequest(competition_id=cid, idempotency_key=f"advance-{n}"), timeout=60)
        if n == 0:
            assert [list(t.player_ids) for t in stage.rounds[0].tables] == [regular[0:8:2], regular[1:8:2]]
            # the late correction, once the playoff started: refused, nothing stored ...
            correction, p8, p9 = _late_correction(stub, cid, tables)
            _refused(
                stub.CorrectRecord,
                correction,
                grpc.StatusCode.FAILED_PRECONDITION,
                "changes who plays in stage 2",
                "organizer_confirms",
            )
            assert _events(stub, cid) == [*regular_events, ("stage.created", stage.id)]
            assert [r.player_id for r in _standings(stub, cid).rows] == regular
            # ... stored when the organizer confirms it: the standings recomputed, the stage kept
            correction.organizer_confirms = True
            stored = stub.CorrectRecord(correction, timeout=10)
            assert stored.replaces_record_id == correction.record_id
            assert any(c.startswith("confirmed by the organizer: ") and "stage 2" in c for c in stored.changes)
            assert any(c.startswith("to redo: stage 2") for c in stored.changes), stored.changes
            assert stub.CorrectRecord(correction, timeout=10).id == stored.id  # the retry stores nothing more
            now = [r.player_id for r in _standings(stub, cid).rows]
            assert now.index(p9) < now.index(p8) and p9 in now[:8]
            assert _events(stub, cid)[-1] == ("standings.changed", stored.id)
            kept = stub.GetStage(stages_pb2.GetStageRequest(competition_id=cid, number=2), timeout=10)
            assert kept.rounds == stage.rounds  # Rondo never regenerates a stored stage
        _play_stage(judge, cid, stage)
        stages.append(stage)
    assert [s.name for s in stages] == ["round 1", "round 2", "round 3", "final"]

    playoff = stub.GetPlayoff(stages_pb2.GetPlayoffRequest(competition_id=cid), timeout=10)
    assert playoff.finished and list(playoff.regular_places) == regular[:8]  # what round 1 was generated from
    final = playoff.stages[-1].tables[0]
    assert (final.name, final.hanchans_played) == ("final", 5)
    assert [playoff.first_prize_player_id, playoff.second_prize_player_id] == list(final.order)[:2]
    assert sorted(final.order) == sorted(stages[-1].rounds[0].tables[0].player_ids)

    after = _events(stub, cid)[len(regular_events) :]
    assert [s for k, s in after if k == "stage.created"] == [s.id for s in stages]
    assert [s for k, s in after if k == "stage.completed"] == ["2", "3", "4", "5"]
    assert [k for k, _ in after].count("standings.changed") == 1 + 2 * 3 + 2 * 3 + 3 + 5  # the correction + every playoff hanchan
