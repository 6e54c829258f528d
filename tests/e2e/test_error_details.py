"""Machine-readable errors through the public gateway (`rondo up` as a real process on loopback): every
refused call carries ``google.rpc.ErrorInfo`` (a stable reason, domain ``rondo``, metadata),
``LocalizedMessage`` in English and Russian, and ``RetryInfo`` where a retry can succeed — also for the
errors the league and booking services raise behind the gateway (docs/errors.md); the CLI prints the
Russian text under RONDO_LANG=ru."""

from __future__ import annotations

import concurrent.futures
import re
from datetime import UTC, datetime, timedelta

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp
from typer.testing import CliRunner

from rondo.gateway.v1 import (
    calendar_pb2,
    competitions_pb2,
    draws_pb2,
    gateway_pb2_grpc,
    identity_pb2,
    results_pb2,
    scheduling_pb2,
)
from rondo_app.cli import app
from rondo_runtime.grpc_errors import ErrorDetails, error_details

pytestmark = pytest.mark.e2e

TIMEOUT = 30
CYRILLIC = re.compile("[а-яА-ЯёЁ]")
DAY0 = (datetime.now(UTC) + timedelta(days=3)).replace(hour=0, minute=0, second=0, microsecond=0)


def ts(hour: int) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(DAY0 + timedelta(hours=hour))
    return out


def refused(call, request, code: grpc.StatusCode) -> tuple[grpc.RpcError, ErrorDetails]:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=TIMEOUT)
    error = caught.value
    assert error.code() == code, (error.code(), error.details())
    return error, error_details(error)


def assert_explained(error: grpc.RpcError, found: ErrorDetails, reason: str) -> None:
    """The reason, the domain, and both texts: English is the status message, Russian is Russian."""
    assert (found.reason, found.domain) == (reason, "rondo"), (found, error.details())
    assert found.texts["en"] == error.details()
    assert CYRILLIC.search(found.texts["ru"]), found.texts
    assert len(found.texts["ru"].encode()) <= 512 and len(found.texts["en"].encode()) <= 512


def test_a_field_error_names_the_field_and_says_so_in_russian(embedded):
    request = competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="  "))
    error, found = refused(embedded.gateway.CreateCompetition, request, grpc.StatusCode.INVALID_ARGUMENT)
    assert_explained(error, found, "FIELD_REQUIRED")
    assert found.metadata["field"] == "competition.name"
    assert found.texts["ru"] == "Поле competition.name обязательно."
    assert found.retry_after_s is None  # the same request fails again: no RetryInfo


def test_an_unknown_competition_is_competition_not_found_from_the_league(embedded):
    request = competitions_pb2.GetCompetitionRequest(competition_id="no-such-competition")
    error, found = refused(embedded.gateway.GetCompetition, request, grpc.StatusCode.NOT_FOUND)
    assert_explained(error, found, "COMPETITION_NOT_FOUND")
    assert found.metadata["competition_id"] == "no-such-competition"
    assert found.texts["ru"] == "Соревнование «no-such-competition» не найдено."


def test_a_room_lost_to_another_booking_is_room_taken_from_booking_with_retry_info(embedded):
    stub = embedded.gateway
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Errors club"), idempotency_key="errors-club"),
        timeout=TIMEOUT,
    )
    room = stub.CreateRoom(
        scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Hall 1"), club_id=club.id, idempotency_key="hall"),
        timeout=TIMEOUT,
    )
    first = calendar_pb2.BookActivityRequest(club_id=club.id, room_id=room.id, title="Go evening", start=ts(18), end=ts(21))
    stub.BookActivity(first, timeout=TIMEOUT)
    second = calendar_pb2.BookActivityRequest(club_id=club.id, room_id=room.id, title="Chess", start=ts(19), end=ts(20))
    error, found = refused(stub.BookActivity, second, grpc.StatusCode.ABORTED)
    assert_explained(error, found, "ROOM_TAKEN_BY_ACTIVITY")
    assert found.metadata["room"] == "Hall 1" and found.metadata["title"] == "Go evening"
    assert found.texts["ru"].startswith("Зал «Hall 1» только что заняли на ")
    assert found.retry_after_s is not None and found.retry_after_s > 0


def test_scores_that_do_not_sum_are_scores_do_not_sum_from_the_league(embedded):
    stub = embedded.gateway
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Errors league", ruleset="discard-league-2026"),
            idempotency_key="errors-league",
        ),
        timeout=TIMEOUT,
    )
    for i in range(1, 17):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"Q{i:02d}", idempotency_key=f"q{i}"),
            timeout=TIMEOUT,
        )
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=3, time_limit_seconds=10, idempotency_key="q"),
        timeout=60,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=TIMEOUT)
    table = list(view.draw.rounds[0].tables[0].player_ids)
    bad = results_pb2.HanchanResult(number=1, scores={p: 30_000 for p in table[:3]} | {table[3]: 29_000})
    request = results_pb2.RecordHanchanRequest(competition_id=competition.id, round=1, table=1, hanchan=bad, recorded_by="x")
    error, found = refused(stub.RecordHanchan, request, grpc.StatusCode.INVALID_ARGUMENT)
    assert_explained(error, found, "SCORES_DO_NOT_SUM")
    assert found.metadata["field"] == "hanchan.scores"
    assert (found.metadata["total"], found.metadata["expected"]) == ("119 000", "120 000")
    assert "119 000" in found.texts["ru"] and "120 000" in found.texts["ru"]
    assert [f for f, _ in found.violations] == ["hanchan.scores"]


@pytest.mark.rule("access.login.failures-throttled")
def test_a_login_lockout_is_login_locked_with_the_remaining_lockout_as_retry_info(embedded):
    stub = gateway_pb2_grpc.GatewayServiceStub(embedded.raw_channel)
    embedded.accounts.organizer.CreateAccount(
        identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Locked out", role=identity_pb2.ROLE_PLAYER)),
        timeout=TIMEOUT,
    )

    def guess(_: int) -> grpc.RpcError:
        with pytest.raises(grpc.RpcError) as wrong:
            stub.Login(identity_pb2.LoginRequest(name="Locked out", password="wrong"), timeout=TIMEOUT)
        return wrong.value

    with concurrent.futures.ThreadPoolExecutor(8) as pool:  # 3 free failures: the other guesses are refused
        answers = list(pool.map(guess, range(8)))
    wrong = [e for e in answers if e.code() == grpc.StatusCode.UNAUTHENTICATED]
    assert wrong and all(error_details(e).reason == "LOGIN_FAILED" for e in wrong)
    locked = [e for e in answers if e.code() == grpc.StatusCode.RESOURCE_EXHAUSTED]
    assert locked, [e.code() for e in answers]
    for error in locked:
        found = error_details(error)
        assert_explained(error, found, "LOGIN_LOCKED")
        seconds = int(found.metadata["seconds"])
        assert found.retry_after_s == seconds >= 1
        assert found.texts["ru"].startswith("Слишком много неудачных попыток входа; повторите после ")
        assert f"(через {seconds} с)" in found.texts["ru"]


def test_the_cli_prints_the_russian_message_under_rondo_lang_ru(embedded, tmp_path):
    accounts = embedded.accounts
    env = {"RONDO_GATEWAY": embedded.address, "RONDO_CONFIG_DIR": str(tmp_path), "RONDO_TOKEN": None, "RONDO_PASSWORD": None}
    runner = CliRunner()
    done = runner.invoke(app, ["login", accounts.organizer_name, "--password", accounts.organizer_password], env=env)
    assert done.exit_code == 0, done.output
    in_russian = runner.invoke(app, ["competitions", "create", "  "], env={**env, "RONDO_LANG": "ru", "LANG": "en_US.UTF-8"})
    assert in_russian.exit_code == 1, in_russian.output
    assert "error: INVALID_ARGUMENT: Поле competition.name обязательно." in in_russian.output
    in_english = runner.invoke(app, ["competitions", "create", "  "], env={**env, "RONDO_LANG": "en", "LANG": "ru_RU.UTF-8"})
    assert in_english.exit_code == 1, in_english.output
    assert "error: INVALID_ARGUMENT: competition.name: give the competition a name" in in_english.output
    assert not CYRILLIC.search(in_english.output)
