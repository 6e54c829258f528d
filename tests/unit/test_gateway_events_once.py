"""Events are appended once per thing they report (on the fakes): league answers a request retried with
its idempotency key with the first answer, and approving a draw again answers the approved draw; the
gateway then appends nothing more (docs/architecture.md "Events for bots"), while every real change
(each confirmation of a report) still appends its own event."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rondo.gateway.v1 import draws_pb2, results_pb2
from tests.unit.test_gateway_services import Gateway

pytestmark = pytest.mark.unit


@pytest.fixture
def gateway() -> Iterator[Gateway]:
    gateway = Gateway()
    yield gateway
    gateway.close()


def test_a_retried_record_and_a_second_approval_append_nothing_more(gateway):
    competition, _, draw_id = gateway.published(players=8, rounds=2)
    cid = competition.id
    gateway("ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=draw_id))
    assert gateway.events.for_competition(cid) == [("draw.proposed", draw_id), ("draw.published", draw_id)]

    seats = list(gateway.league.draws.get(cid).rounds[0][0])
    record = results_pb2.RecordHanchanRequest(
        competition_id=cid,
        round=1,
        table=1,
        hanchan=results_pb2.HanchanResult(number=1, scores=dict(zip(seats, (45_000, 35_000, 25_000, 15_000), strict=True))),
        idempotency_key="h1",
    )
    first, again = gateway("RecordHanchan", record), gateway("RecordHanchan", record)
    assert first.id == again.id
    assert gateway.events.for_competition(cid)[2:] == [("standings.changed", first.id)]


def test_each_confirmation_of_a_report_appends_once_and_confirming_twice_appends_nothing(gateway):
    competition, _, _ = gateway.published(players=8, rounds=2)
    cid = competition.id
    seats = list(gateway.league.draws.get(cid).rounds[0][0])
    reported = gateway(
        "ReportResult",
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            hanchan=results_pb2.HanchanResult(number=1, scores=dict(zip(seats, (45_000, 35_000, 25_000, 15_000), strict=True))),
        ),
        token=gateway.player(cid, seats[0]),
    )
    for p in (seats[1], seats[2], seats[2]):  # the second player confirms twice: nothing changes
        confirm = results_pb2.ConfirmResultRequest(competition_id=cid, record_id=reported.id)
        gateway("ConfirmResult", confirm, token=gateway.player(cid, p))
    changed = [subject for kind, subject in gateway.events.for_competition(cid) if kind == "standings.changed"]
    assert changed == [reported.id] * 3  # the report and two confirmations
