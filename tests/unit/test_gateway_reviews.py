"""The gateway's passthrough of player reports, ruleset changes and tie decisions (on the fakes): the key
is scoped to the caller and the method, every accepted change appends ``standings.changed``, a refused
one nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rondo.gateway.v1 import competitions_pb2, results_pb2
from rondo_runtime.errors import FailedPrecondition
from tests.unit.test_gateway_services import Gateway

pytestmark = pytest.mark.unit


@pytest.fixture
def gateway() -> Iterator[Gateway]:
    gateway = Gateway()
    yield gateway
    gateway.close()


@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
def test_reports_and_confirmations_pass_through_with_scoped_keys_and_standings_changed(gateway):
    competition, _, _ = gateway.published(players=8, rounds=2)
    seats = list(gateway.league.draws.get(competition.id).rounds[0][0])
    scores = dict(zip(seats, (45_000, 35_000, 25_000, 15_000), strict=True))
    record = gateway(
        "ReportResult",
        token=gateway.player(competition.id, seats[0]),
        request=results_pb2.ReportResultRequest(
            competition_id=competition.id,
            round=1,
            table=1,
            reported_by_player_id=seats[0],
            hanchan=results_pb2.HanchanResult(number=1, scores=scores),
            idempotency_key="r-1",
        ),
    )
    assert record.status == results_pb2.RECORD_STATUS_REPORTED
    [sent] = [c.request for c in gateway.downstream.calls if c.method == "ReportResult"]
    assert sent.idempotency_key not in ("", "r-1") and len(sent.idempotency_key) == 64
    assert gateway.events.for_competition(competition.id)[-1] == ("standings.changed", record.id)
    for p in seats[1:]:
        confirmed = gateway(
            "ConfirmResult",
            results_pb2.ConfirmResultRequest(competition_id=competition.id, record_id=record.id, player_id=p),
            token=gateway.player(competition.id, p),
        )
    assert confirmed.status == results_pb2.RECORD_STATUS_CONFIRMED
    events = len(gateway.events.events)
    with pytest.raises(FailedPrecondition):
        gateway(
            "DisputeResult",
            results_pb2.DisputeResultRequest(competition_id=competition.id, record_id=record.id, player_id=seats[1], reason="x"),
            token=gateway.player(competition.id, seats[1]),
        )
    assert len(gateway.events.events) == events

    version = gateway(
        "ChangeRuleset",
        competitions_pb2.ChangeRulesetRequest(
            competition_id=competition.id, overrides_json='{"playoff_places": 4}', reason="r", changed_by="o"
        ),
    )
    assert gateway.events.for_competition(competition.id)[-1] == ("standings.changed", f"ruleset-v{version.version}")
    listed = gateway("ListRulesetVersions", competitions_pb2.ListRulesetVersionsRequest(competition_id=competition.id))
    assert [v.version for v in listed.ruleset_versions] == [1, 2]
