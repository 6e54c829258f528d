"""The bot tells an Up&Down league's players their statuses, end to end (docs/rules.md
``updown.projection.doors``): `rondo up` (embedded), the bot as its own process and the Bot API's
stand-in, as in tests/e2e/test_bot.py. A double round robin of six with only the last round left
(tests/integration/test_updown_projections_grpc.py ``UpdownGroup``); two players link. A game of the
last round leaves it open: nobody hears anything; a game of round 9 recorded again (a correction, the
round complete) tells each linked player their own decided statuses in their language, once however
many games follow."""

from __future__ import annotations

import pytest

from rondo.gateway.v1 import results_pb2, stages_pb2
from tests.e2e.test_bot import api, bot, last_event, link, message_with, texts, wait_handled  # noqa: F401 - fixtures
from tests.integration.test_updown_projections_grpc import ROUNDS, UpdownGroup

pytestmark = pytest.mark.e2e


def statuses(stub, ladder: UpdownGroup, player: str) -> dict[str, str]:
    """The player's status at each cut, by cut name, as the organizer reads it."""
    answer = stub.GetProjections(
        results_pb2.GetProjectionsRequest(competition_id=ladder.id, player_ids=[player], time_limit_seconds=60), timeout=90
    )
    [row] = answer.players
    return {c.cut: results_pb2.ProjectionStatus.Name(c.status).removeprefix("PROJECTION_STATUS_").lower() for c in row.cuts}


def record_again(stub, ladder: UpdownGroup, round_: int, table: int, key: str) -> None:
    """The game at ``round_``/``table`` corrected with the same result (a judge's second look)."""
    records = stub.ListResultRecords(
        results_pb2.ListResultRecordsRequest(competition_id=ladder.id, stage=1, round=round_, table=table), timeout=10
    )
    game = records.result_records[-1]
    stub.CorrectRecord(
        results_pb2.CorrectRecordRequest(
            competition_id=ladder.id,
            record_id=game.id,
            reason="read again",
            recorded_by="judge",
            game=game.game,
            idempotency_key=key,
        ),
        timeout=10,
    )


@pytest.mark.slow
@pytest.mark.rule("updown.projection.doors")
def test_each_linked_player_hears_their_own_updown_statuses_once_the_round_is_complete(embedded, api, bot):  # noqa: F811
    stub = embedded.gateway
    ladder = UpdownGroup(stub)  # rounds 1-9 of 10 played
    leader, last = ladder.players[0], ladder.players[-1]
    assert statuses(stub, ladder, leader)["leaders"] == "clinched"
    assert statuses(stub, ladder, last)["leaders"] == "eliminated"
    link(embedded, api, ladder.id, leader, 8001, "en")
    link(embedded, api, ladder.id, last, 8002, "ru")
    before = {user: len(texts(api, user)) for user in (8001, 8002)}

    stage = stub.GetStage(stages_pb2.GetStageRequest(competition_id=ladder.id, number=1), timeout=10)
    a, b = stage.rounds[ROUNDS - 1].tables[0].player_ids
    stub.RecordGame(  # round 10 still open after it: nothing to tell
        results_pb2.RecordGameRequest(
            competition_id=ladder.id,
            stage=1,
            round=ROUNDS,
            table=1,
            game=results_pb2.GameResult(number=1, first_player_id=a, second_player_id=b, result="1-0"),
            recorded_by="judge",
            idempotency_key="ladder-last-1",
        ),
        timeout=10,
    )
    wait_handled(bot, last_event(stub))
    assert {user: len(texts(api, user)) for user in (8001, 8002)} == before

    record_again(stub, ladder, ROUNDS - 1, 1, "ladder-again-1")  # round 9 is complete: the statuses are told
    title = stub.GetProjections(
        results_pb2.GetProjectionsRequest(competition_id=ladder.id, player_ids=[leader], time_limit_seconds=60), timeout=90
    ).cuts[0]
    en = message_with(api, 8001, "you have clinched").params["text"]
    assert en == f"“Projected ladder”, with round 9 complete: you have clinched {title.title}, whatever the games left bring."
    ru = message_with(api, 8002, "недостижимо").params["text"]
    assert (
        ru == f"«Projected ladder», по итогам тура 9: {title.title_ru} — теперь недостижимо, как бы ни сложились оставшиеся игры."
    )

    record_again(stub, ladder, ROUNDS - 1, 2, "ladder-again-2")  # the same round again: told once
    wait_handled(bot, last_event(stub))
    assert sum(title.title in t for t in texts(api, 8001)) == 1
    assert sum(title.title_ru in t for t in texts(api, 8002)) == 1
    assert not any(title.title in t for t in texts(api, 8002))  # each their own, in their language
