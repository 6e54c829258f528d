"""The organizer's and the judge's pages (web/pages/staff.py) in front of a real gateway: the season at a
glance, a draw approved from its figures, a result recorded and corrected, a reported result decided by
the judge, a meeting force-assigned, a tie decided — each change then read back through the gateway, each
page in English and in Russian. A player is refused every staff page; a form without the CSRF token is
refused and changes nothing."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from league.domain import lots
from rondo.gateway.v1 import competitions_pb2, draws_pb2, identity_pb2, results_pb2, scheduling_pb2, stages_pb2
from tests.web.conftest import WebApp, csrf_of, make_account
from web import i18n

pytestmark = pytest.mark.web
TIMEOUT = 30


def league(web: WebApp, name: str, rounds: int, approve: bool = True) -> tuple[str, str, list[str], dict[str, str]]:
    """A mahjong league of 8 players (two tables a round): (competition id, draw id, player ids, names)."""
    stub = web.deployment.gateway
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026", rounds=rounds, table_size=4),
            idempotency_key=name,
        ),
        timeout=TIMEOUT,
    )
    names = {}
    for i in range(1, 9):
        player = stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=competition.id, name=f"{name} P{i}", idempotency_key=f"{name}{i}"
            ),
            timeout=TIMEOUT,
        )
        names[player.id] = player.name
    proposal = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=7, time_limit_seconds=10, idempotency_key=name),
        timeout=60,
    )
    if approve:
        stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=proposal.draw.id), timeout=TIMEOUT)
    return competition.id, proposal.draw.id, list(names), names


def table_of(web: WebApp, cid: str, round_: int = 1, table: int = 1) -> list[str]:
    seating = web.deployment.gateway.GetSeating(draws_pb2.GetSeatingRequest(competition_id=cid), timeout=TIMEOUT)
    return list(seating.rounds[round_ - 1].tables[table - 1].player_ids)


def records(web: WebApp, cid: str, round_: int = 1, table: int = 1) -> list[results_pb2.ResultRecord]:
    request = results_pb2.ListResultRecordsRequest(competition_id=cid, round=round_, table=table)
    return list(web.deployment.gateway.ListResultRecords(request, timeout=TIMEOUT).result_records)


@pytest.fixture(scope="module")
def organizer(web: WebApp):
    """A browser logged in as the gateway's organizer."""
    return web.login(web.deployment.accounts.organizer_name, web.deployment.accounts.organizer_password)


@pytest.mark.rule("access.web.staff-pages")
def test_a_player_is_refused_every_staff_page_and_form(web: WebApp) -> None:
    cid, did, _, _ = league(web, "Refused league", rounds=1, approve=False)
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "Staff-page player")
    player = web.login("Staff-page player", password)
    token = csrf_of(player.get("/password").text)
    for page in ("/staff", f"/staff/c/{cid}", f"/staff/c/{cid}/draws/{did}", f"/staff/c/{cid}/m/1/1/1"):
        answer = player.get(page)
        assert answer.status_code == 403, page
        assert "Refused" in answer.text
    staff = web.login(web.deployment.accounts.organizer_name, web.deployment.accounts.organizer_password)
    for odd in ("/staff/c/a%20b", "/staff/c/%0d%0aX", f"/staff/c/{'x' * 65}"):  # not an id: 404, nothing asked
        assert staff.get(odd).status_code == 404, odd
    approve = player.post(f"/staff/c/{cid}/draws/{did}/approve", data={"csrf_token": token})
    assert approve.status_code == 403
    draw = web.deployment.gateway.GetDraw(draws_pb2.GetDrawRequest(competition_id=cid, draw_id=did), timeout=TIMEOUT)
    assert draw.status == draws_pb2.DRAW_STATUS_PROPOSED


@pytest.mark.rule("access.web.staff-pages")
def test_the_organizer_approves_a_draw_from_its_figures_and_a_form_without_csrf_is_refused(web: WebApp, organizer) -> None:
    cid, did, _, names = league(web, "Approved league", rounds=2, approve=False)
    index = organizer.get("/staff")
    assert index.status_code == 200 and f'href="/staff/c/{cid}"' in index.text and "Approved league" in index.text
    season = organizer.get(f"/staff/c/{cid}")
    assert season.status_code == 200 and "Draws awaiting approval" in season.text and f"/staff/c/{cid}/draws/{did}" in season.text
    page = organizer.get(f"/staff/c/{cid}/draws/{did}")
    assert page.status_code == 200 and 'id="draw-figures"' in page.text and "most meetings of one pair" in page.text
    assert all(name in page.text for name in names.values())

    refused = organizer.post(f"/staff/c/{cid}/draws/{did}/approve", data={})
    assert refused.status_code == 403
    competition = web.deployment.gateway.GetCompetition(
        competitions_pb2.GetCompetitionRequest(competition_id=cid), timeout=TIMEOUT
    )
    assert competition.published_draw_id == ""

    approved = organizer.post(f"/staff/c/{cid}/draws/{did}/approve", data={"csrf_token": csrf_of(page.text)})
    assert approved.status_code == 303 and approved.headers["location"] == f"/staff/c/{cid}"
    competition = web.deployment.gateway.GetCompetition(
        competitions_pb2.GetCompetitionRequest(competition_id=cid), timeout=TIMEOUT
    )
    assert competition.published_draw_id == did
    season = organizer.get(f"/staff/c/{cid}")
    assert "The draw is approved and published." in season.text
    assert 'id="round-1-1"' in season.text and 'id="round-1-2"' in season.text


def _hanchan_form(token: str, key: str, number: int, scores: list[int]) -> dict[str, str]:
    form = {"csrf_token": token, "idempotency_key": key, "number": str(number)}
    form.update({f"score-{i}": str(s) for i, s in enumerate(scores)})
    return form


def test_a_result_recorded_and_corrected_from_the_match_page(web: WebApp, organizer) -> None:
    cid, _, _, names = league(web, "Recorded league", rounds=2)
    base = f"/staff/c/{cid}/m/1/1/1"
    page = organizer.get(base)
    assert page.status_code == 200 and 'id="record-form"' in page.text and 'id="no-records"' in page.text
    seats = table_of(web, cid)
    form = _hanchan_form(csrf_of(page.text), "rec-1", 1, [40_000, 35_000, 25_000, 20_000])
    assert organizer.post(base + "/record", data=form).status_code == 303
    assert organizer.post(base + "/record", data=form).status_code == 303  # sent twice: recorded once
    stored = records(web, cid)
    assert len(stored) == 1 and dict(stored[0].hanchan.scores) == dict(zip(seats, [40_000, 35_000, 25_000, 20_000], strict=True))

    season = organizer.get(f"/staff/c/{cid}")
    assert "hanchans missing: 2, 3" in season.text and "in progress" in season.text
    # the glance asks for each match's records and each incomplete match's card, plus a fixed few reads
    matches = 4
    assert int(season.headers["x-gateway-calls"]) <= 8 + 2 * matches

    bad = _hanchan_form(csrf_of(page.text), "rec-bad", 2, [40_000, 35_000, 25_000, 25_000])  # sums to 125 000
    organizer.post(base + "/record", data=bad)
    shown = organizer.get(base)
    assert 'class="flash flash-error"' in shown.text and len(records(web, cid)) == 1

    correction = _hanchan_form(csrf_of(shown.text), "cor-1", 1, [20_000, 25_000, 35_000, 40_000])
    correction.update({"record_id": stored[0].id, "reason": "scores swapped on the sheet"})
    assert organizer.post(base + "/correct", data=correction).status_code == 303
    after = records(web, cid)
    assert [r.status for r in after] == [results_pb2.RECORD_STATUS_REPLACED, results_pb2.RECORD_STATUS_CONFIRMED]
    assert after[1].replaces_record_id == stored[0].id and after[1].reason == "scores swapped on the sheet"
    shown = organizer.get(base)
    assert "scores swapped on the sheet" in shown.text and names[seats[3]] in shown.text

    missing_reason = dict(correction, idempotency_key="cor-2", record_id=after[1].id, reason="", csrf_token=csrf_of(shown.text))
    organizer.post(base + "/correct", data=missing_reason)
    assert "Say why" in organizer.get(base).text and len(records(web, cid)) == 2


def test_the_judge_decides_a_reported_result_seen_among_the_open_disputes(web: WebApp) -> None:
    cid, _, _, names = league(web, "Disputed league", rounds=1)
    seats = table_of(web, cid)
    reporter = web.deployment.accounts.player(cid, seats[0])
    reported = reporter.ReportResult(
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            hanchan=results_pb2.HanchanResult(number=1, scores=dict(zip(seats, [40_000, 35_000, 25_000, 20_000], strict=True))),
            idempotency_key="report",
        ),
        timeout=TIMEOUT,
    )
    _, password = make_account(web.deployment, identity_pb2.ROLE_JUDGE, "Staff-page judge")
    judge = web.login("Staff-page judge", password)
    season = judge.get(f"/staff/c/{cid}")
    assert (
        season.status_code == 200
        and f'id="dispute-{reported.sequence}"' in season.text
        and "awaiting confirmation" in season.text
    )
    page = judge.get(f"/staff/c/{cid}/m/1/1/1")
    assert f'id="resolve-form-{reported.sequence}"' in page.text
    assert f"<td>{names[seats[0]]}</td>" in page.text  # the reporter by name, never an account id
    answer = judge.post(
        f"/staff/c/{cid}/m/1/1/1/resolve",
        data={
            "csrf_token": csrf_of(page.text),
            "idempotency_key": "resolve",
            "record_id": reported.id,
            "decision": "uphold",
            "reason": "the sheet agrees",
        },
    )
    assert answer.status_code == 303
    assert [r.status for r in records(web, cid)] == [results_pb2.RECORD_STATUS_CONFIRMED]
    assert f'id="dispute-{reported.sequence}"' not in judge.get(f"/staff/c/{cid}").text

    second = reporter.ReportResult(
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            hanchan=results_pb2.HanchanResult(number=2, scores=dict(zip(seats, [50_000, 30_000, 25_000, 15_000], strict=True))),
            idempotency_key="report-2",
        ),
        timeout=TIMEOUT,
    )
    page = judge.get(f"/staff/c/{cid}/m/1/1/1")
    replace = _hanchan_form(csrf_of(page.text), "replace", 2, [45_000, 35_000, 25_000, 15_000])
    replace.update({"record_id": second.id, "decision": "replace", "reason": "the judge recounted"})
    assert judge.post(f"/staff/c/{cid}/m/1/1/1/resolve", data=replace).status_code == 303
    after = records(web, cid)
    assert [r.status for r in after[1:]] == [results_pb2.RECORD_STATUS_REPLACED, results_pb2.RECORD_STATUS_CONFIRMED]
    assert dict(after[2].hanchan.scores) == dict(zip(seats, [45_000, 35_000, 25_000, 15_000], strict=True))


def _stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def test_the_organizer_force_assigns_a_meeting_for_an_unbooked_match(web: WebApp, organizer) -> None:
    cid, _, _, _ = league(web, "Scheduled league", rounds=1)
    stub = web.deployment.gateway
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(name="Staff club", time_zone="Europe/Kirov"), idempotency_key="club"
        ),
        timeout=TIMEOUT,
    )
    room = stub.CreateRoom(
        scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name="Blue")), timeout=TIMEOUT
    )
    start = (datetime.now(UTC) + timedelta(days=2)).replace(minute=0, second=0, microsecond=0)
    stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid,
            round=1,
            club_id=club.id,
            window_start=_stamp(start),
            window_end=_stamp(start + timedelta(days=7)),
            idempotency_key="open",
        ),
        timeout=TIMEOUT,
    )
    season = organizer.get(f"/staff/c/{cid}")
    assert "Unbooked matches" in season.text and season.text.count("waiting for answers") == 2
    page = organizer.get(f"/staff/c/{cid}/m/1/1/1")
    assert 'id="assign-form"' in page.text and "Blue" in page.text
    local = (start + timedelta(days=1)).astimezone(ZoneInfo("Europe/Kirov"))
    answer = organizer.post(
        f"/staff/c/{cid}/m/1/1/1/assign",
        data={
            "csrf_token": csrf_of(page.text),
            "idempotency_key": "assign",
            "room": f"{club.id}:{room.id}",
            "start": local.strftime("%Y-%m-%dT%H:%M"),
            "minutes": "270",
        },
    )
    assert answer.status_code == 303
    seats = table_of(web, cid)
    card = stub.GetMatchCard(
        scheduling_pb2.GetMatchCardRequest(match_key=f"{cid}/1/1/1", viewer_player_id=seats[0]), timeout=TIMEOUT
    )
    booked = [m for m in card.meetings if m.status == scheduling_pb2.MEETING_STATUS_BOOKED]
    assert len(booked) == 1 and booked[0].room_id == room.id
    assert booked[0].slot.start.ToDatetime(tzinfo=UTC) == start + timedelta(days=1)
    assert organizer.get(f"/staff/c/{cid}").text.count("waiting for answers") == 1
    shown = organizer.get(f"/staff/c/{cid}/m/1/1/1")  # the meeting at the club's wall-clock time
    wall_clock = i18n.format_time(start + timedelta(days=1), "Europe/Kirov", locale="en")  # "1:00 PM", as shown
    assert 'id="meetings"' in shown.text and wall_clock in shown.text and "Blue" in shown.text


def tied_league(web: WebApp, name: str) -> tuple[str, list[str]]:
    """A league of one round played out at 30 000 each: all 8 players tied, the organizer's to decide."""
    cid, _, ids, _ = league(web, name, rounds=1)
    for t in (1, 2):
        seats = table_of(web, cid, 1, t)
        for h in (1, 2, 3):
            even = results_pb2.HanchanResult(number=h, scores=dict.fromkeys(seats, 30_000))
            web.deployment.gateway.RecordHanchan(
                results_pb2.RecordHanchanRequest(competition_id=cid, round=1, table=t, hanchan=even), timeout=TIMEOUT
            )
    return cid, ids


def test_the_organizer_decides_a_tie_by_lot_anyone_can_repeat(web: WebApp, organizer) -> None:
    cid, ids = tied_league(web, "Lot league")
    season = organizer.get(f"/staff/c/{cid}")
    form = {
        "csrf_token": csrf_of(season.text),
        "idempotency_key": "lot",
        "players": ",".join(ids),
        "method": "lot",
        "seed": "12345",
    }
    assert organizer.post(f"/staff/c/{cid}/ties", data=form).status_code == 303
    standings = web.deployment.gateway.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=TIMEOUT)
    assert not standings.unresolved and [r.player_id for r in standings.rows] == list(lots.draw_lots(12345, ids))


def test_the_organizer_decides_a_tie_in_his_order(web: WebApp, organizer) -> None:
    cid, ids = tied_league(web, "Tied league")
    stub = web.deployment.gateway
    season = organizer.get(f"/staff/c/{cid}")
    assert 'id="tie-form-1"' in season.text
    order = list(reversed(ids))
    form = {
        "csrf_token": csrf_of(season.text),
        "idempotency_key": "tie",
        "players": ",".join(ids),
        "method": "order",
        "reason": "extra game",
    }
    form.update({f"place-{p}": str(order.index(p) + 1) for p in ids})
    assert organizer.post(f"/staff/c/{cid}/ties", data=form).status_code == 303
    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=TIMEOUT)
    assert not standings.unresolved and [r.player_id for r in standings.rows] == order
    assert 'id="tie-form-1"' not in organizer.get(f"/staff/c/{cid}").text


def test_every_staff_page_renders_in_russian_and_english(web: WebApp) -> None:
    cid, did, _, _ = league(web, "Bilingual league", rounds=1, approve=False)
    accounts = web.deployment.accounts
    expected = {
        "/staff": ("Season at a glance", "Сезон одним взглядом"),
        f"/staff/c/{cid}": ("Draws awaiting approval", "Жеребьёвки на утверждении"),
        f"/staff/c/{cid}/draws/{did}": ("Repeat statistics", "Статистика повторов"),
    }
    for locale, column in (("en", 0), ("ru", 1)):
        browser = web.login(accounts.organizer_name, accounts.organizer_password, locale=locale)
        for page, texts in expected.items():
            answer = browser.get(page)
            assert answer.status_code == 200 and texts[column] in answer.text, (locale, page)
            assert f'lang="{locale}"' in answer.text
    competition = web.deployment.gateway.GetCompetition(
        competitions_pb2.GetCompetitionRequest(competition_id=cid), timeout=TIMEOUT
    )
    web.deployment.gateway.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=did), timeout=TIMEOUT)
    assert competition.id == cid
    for locale, text in (("en", "Record a result"), ("ru", "Записать результат")):
        browser = web.login(accounts.organizer_name, accounts.organizer_password, locale=locale)
        assert text in browser.get(f"/staff/c/{cid}/m/1/1/1").text


@pytest.mark.rule("access.web.staff-pages")
def test_a_judge_sees_the_gateways_refusal_of_an_organizers_action(web: WebApp) -> None:
    cid, did, _, _ = league(web, "Judged league", rounds=1, approve=False)
    _, password = make_account(web.deployment, identity_pb2.ROLE_JUDGE, "Draw-page judge")
    judge = web.login("Draw-page judge", password)
    page = judge.get(f"/staff/c/{cid}/draws/{did}")
    assert page.status_code == 200 and 'id="approve-form"' in page.text
    answer = judge.post(f"/staff/c/{cid}/draws/{did}/approve", data={"csrf_token": csrf_of(page.text)})
    assert answer.status_code == 303 and answer.headers["location"] == f"/staff/c/{cid}/draws/{did}"
    shown = judge.get(answer.headers["location"])
    assert 'class="flash flash-error"' in shown.text and "ApproveDraw" in shown.text  # the matrix names the RPC
    draw = web.deployment.gateway.GetDraw(draws_pb2.GetDrawRequest(competition_id=cid, draw_id=did), timeout=TIMEOUT)
    assert draw.status == draws_pb2.DRAW_STATUS_PROPOSED


def test_a_cup_game_is_recorded_in_the_regulations_notation_and_a_drawn_game_decides_nothing(web: WebApp, organizer) -> None:
    stub = web.deployment.gateway
    cid = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Staff cup", ruleset="open-cup-2023"), idempotency_key="staff cup"
        ),
        timeout=TIMEOUT,
    ).id
    for i in range(1, 9):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=cid, name=f"Cup P{i}", rating=2000 - i, idempotency_key=f"cup{i}"
            ),
            timeout=TIMEOUT,
        )
    stage = stub.AdvanceStage(stages_pb2.AdvanceStageRequest(competition_id=cid, idempotency_key="cup-s1"), timeout=60)
    first = next(t for t in stage.rounds[0].tables if len(t.player_ids) == 2)
    table = list(stage.rounds[0].tables).index(first) + 1
    base = f"/staff/c/{cid}/m/{stage.number}/1/{table}"
    season = organizer.get(f"/staff/c/{cid}")  # the cup's stage 1: its pairings, none decided yet
    assert f'id="round-{stage.number}-1"' in season.text and "no decisive game yet" in season.text
    assert html.escape(stage.name) in season.text
    page = organizer.get(base)
    assert page.status_code == 200 and 'id="record-form"' in page.text and "no decisive game yet" in page.text
    token = csrf_of(page.text)
    organizer.post(base + "/record", data={"csrf_token": token, "idempotency_key": "g1", "number": "1", "result": "="})
    assert "no decisive game yet" in organizer.get(base).text
    organizer.post(base + "/record", data={"csrf_token": token, "idempotency_key": "g2", "number": "2", "result": "1:0"})
    request = results_pb2.ListResultRecordsRequest(competition_id=cid, stage=stage.number, round=1, table=table)
    games = [r.game for r in stub.ListResultRecords(request, timeout=TIMEOUT).result_records]
    assert [(g.number, g.result, g.first_player_id) for g in games] == [
        (1, "=", first.player_ids[0]),
        (2, "1-0", first.player_ids[0]),
    ]
    assert 'class="badge ok"' in organizer.get(base).text
    organizer.post(base + "/record", data={"csrf_token": token, "idempotency_key": "g3", "number": "3", "result": "2-0"})
    assert (
        "is not a game result" in organizer.get(base).text
        and len(stub.ListResultRecords(request, timeout=TIMEOUT).result_records) == 2
    )


def test_a_penalty_and_a_no_show_recorded_from_the_match_page(web: WebApp, organizer) -> None:
    cid, _, _, _ = league(web, "Penalized league", rounds=1)
    seats = table_of(web, cid)
    base = f"/staff/c/{cid}/m/1/1/1"
    page = organizer.get(base)
    assert 'id="penalty-form"' in page.text and 'id="no-show-form"' in page.text
    token = csrf_of(page.text)
    penalty = {"csrf_token": token, "idempotency_key": "pen", "player": seats[1], "points": "2000", "reason": "slow play"}
    assert organizer.post(base + "/penalty", data=penalty).status_code == 303
    no_show = {"csrf_token": token, "idempotency_key": "ns", "player": seats[2], "substitute": "Walk-in Guest"}
    assert organizer.post(base + "/no-show", data=no_show).status_code == 303
    stored = records(web, cid)
    assert [r.WhichOneof("content") for r in stored] == ["penalty", "no_show"]
    assert (stored[0].penalty.player_id, stored[0].penalty.points, stored[0].penalty.reason) == (seats[1], 2000, "slow play")
    assert (stored[1].no_show.player_id, stored[1].no_show.substitute) == (seats[2], "Walk-in Guest")
    foreign = dict(penalty, idempotency_key="pen-2", player="not-a-player-of-this-match")
    organizer.post(base + "/penalty", data=foreign)
    shown = organizer.get(base)
    assert "Choose a player of this match" in shown.text and len(records(web, cid)) == 2
    assert "slow play" in shown.text and "Walk-in Guest" in shown.text


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_the_organizer_draws_a_club_night_with_sit_outs_from_the_season_page(web: WebApp, organizer) -> None:
    """10 players at tables of 4: the draw form's club-night option sits two out each round, fairly;
    a count that leaves no whole tables is the gateway's refusal, shown; the form reads in Russian too."""
    stub = web.deployment.gateway
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(
                name="Web club night", ruleset="discard-league-2026", rounds=4, table_size=4
            ),
            idempotency_key="web club night",
        ),
        timeout=TIMEOUT,
    )
    cid = competition.id
    names = [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=cid, name=f"Guest {i}", idempotency_key=f"guest {i}"),
            timeout=TIMEOUT,
        ).name
        for i in range(10)
    ]
    season = organizer.get(f"/staff/c/{cid}")
    assert season.status_code == 200 and 'id="draw-form"' in season.text and 'id="draw-sit-out"' in season.text
    key = re.search(r'name="idempotency_key" value="(\w+)"', season.text)
    assert key is not None
    form = {"csrf_token": csrf_of(season.text), "idempotency_key": key.group(1), "time_limit": "2", "sit_out": "on"}

    refused = organizer.post(f"/staff/c/{cid}/draws", data={**form, "sitting_out": "1", "idempotency_key": "odd"})
    assert refused.status_code == 303 and refused.headers["location"] == f"/staff/c/{cid}"
    shown = html.unescape(organizer.get(f"/staff/c/{cid}").text)
    assert "sit_out.per_round" in shown and "leaves 9 playing" in shown

    drawn = organizer.post(f"/staff/c/{cid}/draws", data={**form, "sitting_out": "0"})
    assert drawn.status_code == 303 and drawn.headers["location"].startswith(f"/staff/c/{cid}/draws/")
    page = html.unescape(organizer.get(drawn.headers["location"]).text)
    assert "A draw is proposed: review it and approve it." in page
    assert 'id="draw-sitting-out">2<' in page
    sat_out: list[str] = []
    for number in range(1, 5):
        line = re.search(rf'id="sitting-out-{number}">Sitting out: ([^<]*)<', page)
        assert line is not None
        sat_out += line.group(1).split(", ")
    assert len(sat_out) == len(set(sat_out)) == 8 and set(sat_out) <= set(names)  # nobody twice
    (draw,) = stub.ListDraws(draws_pb2.ListDrawsRequest(competition_id=cid), timeout=TIMEOUT).draws
    assert draw.sitting_out == 2 and draw.status == draws_pb2.DRAW_STATUS_PROPOSED

    russian = web.login(web.deployment.accounts.organizer_name, web.deployment.accounts.organizer_password, locale="ru")
    assert "Пропускают каждый тур" in russian.get(drawn.headers["location"]).text
    assert "Клубный вечер" in russian.get(f"/staff/c/{cid}").text


@pytest.mark.rule("access.web.staff-pages")
def test_the_organizer_redraws_the_rounds_left_from_the_season_page(web: WebApp, organizer) -> None:
    """Once a draw is published the season page offers a redraw instead of a draw: the played rounds
    (those complete, by default) are kept, a reason is required, a number out of range is refused
    naming the field, and the proposal replaces the published version once approved; before any
    draw is published there is nothing to redraw; in Russian too."""
    waiting, _, _, _ = league(web, "Not yet redrawn league", rounds=2, approve=False)
    season = organizer.get(f"/staff/c/{waiting}")
    assert 'id="draw-form"' in season.text and 'id="redraw-form"' not in season.text
    early = organizer.post(f"/staff/c/{waiting}/redraws", data={"csrf_token": csrf_of(season.text), "reason": "x"})
    assert early.status_code == 303
    assert "Nothing to redraw: no draw is published yet." in html.unescape(organizer.get(f"/staff/c/{waiting}").text)

    cid, did, _, _ = league(web, "Redrawn league", rounds=3)
    season = organizer.get(f"/staff/c/{cid}")
    assert 'id="redraw-form"' in season.text and 'id="draw-form"' not in season.text
    assert re.search(r'name="played_rounds" id="redraw-played" value="0"', season.text)
    form = {"csrf_token": csrf_of(season.text), "played_rounds": "1", "time_limit": "2"}

    no_reason = organizer.post(f"/staff/c/{cid}/redraws", data={**form, "idempotency_key": "r0"})
    assert no_reason.status_code == 303
    assert "reason: Say why: the reason is kept with the decision" in html.unescape(organizer.get(f"/staff/c/{cid}").text)
    too_many = organizer.post(
        f"/staff/c/{cid}/redraws", data={**form, "played_rounds": "4", "reason": "P3 withdrew", "idempotency_key": "r1"}
    )
    assert too_many.status_code == 303
    assert "played_rounds: 4 is not a whole number in the allowed range" in html.unescape(organizer.get(f"/staff/c/{cid}").text)
    assert len(web.deployment.gateway.ListDraws(draws_pb2.ListDrawsRequest(competition_id=cid), timeout=TIMEOUT).draws) == 1

    redrawn = organizer.post(f"/staff/c/{cid}/redraws", data={**form, "reason": "P3 withdrew", "idempotency_key": "r2"})
    assert redrawn.status_code == 303 and redrawn.headers["location"].startswith(f"/staff/c/{cid}/draws/")
    page = html.unescape(organizer.get(redrawn.headers["location"]).text)
    assert "A draw is proposed: review it and approve it." in page and "P3 withdrew" in page and "version 1" in page
    new_id = redrawn.headers["location"].rsplit("/", 1)[1]
    draw = web.deployment.gateway.GetDraw(draws_pb2.GetDrawRequest(competition_id=cid, draw_id=new_id), timeout=TIMEOUT)
    assert draw.status == draws_pb2.DRAW_STATUS_PROPOSED and draw.played_rounds == 1 and draw.replaces_draw_id == did
    assert draw.reason == "P3 withdrew"

    russian = web.login(web.deployment.accounts.organizer_name, web.deployment.accounts.organizer_password, locale="ru")
    shown = russian.get(f"/staff/c/{cid}").text
    assert "Новая жеребьёвка оставшихся туров" in shown and "Сыгранные туры (остаются без изменений)" in shown
