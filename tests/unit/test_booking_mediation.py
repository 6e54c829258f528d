"""Mediation use cases on in-memory fakes: the stage calendar, a request kept once per key, answers,
the referee after the deadline, outcomes and time-outs; a refused request stores nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from booking.domain.mediation import Division, MediationStatus
from booking.mediation_service import MediationService
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests.unit.fakes import FakeMediationRepository, FakeUnitOfWork

pytestmark = pytest.mark.unit

NOW = datetime(2026, 10, 7, 9, 0, tzinfo=UTC)  # Wednesday 12:00 Moscow; next week starts Monday 12 October
DAYS = ["2026-10-12", "2026-10-14", "2026-10-16", "2026-10-18"]


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def world():
    uow: Any = FakeUnitOfWork(FakeMediationRepository())
    clock = Clock()
    service = MediationService(uow, clock)
    service.set_calendar("cup", 1, "super", "2026-09-01", "2026-11-30")
    return service, uow, clock


@pytest.mark.rule("updown.mediation.stage-calendar")
def test_the_stage_calendar_is_validated_field_by_field():
    service = MediationService(FakeUnitOfWork(FakeMediationRepository()))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument) as error:
        service.set_calendar("", 3, "third", "2026-13-01", "2026-11-30")
    assert {v.field for v in error.value.violations} == {"competition_id", "stage", "division", "starts_on"}
    with pytest.raises(InvalidArgument) as error:
        service.set_calendar("cup", 1, "first", "2026-09-01", "2026-11-30")
    assert [v.field for v in error.value.violations] == ["second_round_starts_on"]
    calendar = service.set_calendar("cup", 1, "first", "2026-09-01", "2026-11-30", "2026-09-15")
    assert (calendar.division, calendar.second_round_starts_on) == (Division.FIRST_LEAGUE, date(2026, 9, 15))


@pytest.mark.rule("updown.mediation.answer-deadline")
def test_a_request_answered_in_time_is_set_on_the_earliest_common_day(world):
    service, uow, clock = world
    m = service.request("cup", 1, 3, 2, "a", "b", DAYS, idempotency_key="k1")
    assert service.request("cup", 1, 3, 2, "a", "b", DAYS, idempotency_key="k1").id == m.id  # a retry
    with pytest.raises(InvalidArgument) as error:
        service.request("cup", 1, 3, 2, "a", "b", DAYS[:3], idempotency_key="k1")
    assert error.value.violations[0].field == "idempotency_key"
    clock.now += timedelta(days=2)
    done = service.answer(m.id, "b", ["2026-10-13", "2026-10-14", "2026-10-15", "2026-10-17"])
    assert done.status is MediationStatus.SCHEDULED and done.scheduled_at == datetime(2026, 10, 14, 18, 0, tzinfo=UTC)
    assert service.get(m.id) == done and len(uow.repository.mediations_by_id) == 1


@pytest.mark.rule("updown.mediation.answer-deadline")
def test_no_answer_in_time_the_referee_picks_from_the_requesters_days(world):
    service, _, clock = world
    m = service.request("cup", 1, 3, 2, "a", "b", DAYS)
    clock.now = m.answer_due_at
    with pytest.raises(FailedPrecondition, match="the referee now sets the time"):
        service.answer(m.id, "b", ["2026-10-13", "2026-10-14", "2026-10-15", "2026-10-17"])
    decided = service.decide(m.id, "2026-10-16")
    assert decided.scheduled_at == datetime(2026, 10, 16, 18, 0, tzinfo=UTC) and decided.decided_by is not None


@pytest.mark.rule("updown.mediation.three-no-shows-reported")
def test_outcomes_close_the_request_and_three_absences_are_reported(world):
    service, _, clock = world
    ids = []
    for n, requester in enumerate("cde", start=1):
        m = service.request("cup", 1, n, 1, requester, "x", DAYS)
        service.answer(m.id, "x", DAYS)
        ids.append(m.id)
    clock.now = datetime(2026, 10, 12, 19, 0, tzinfo=UTC)  # after Monday 21:00 Moscow
    first = service.record_outcome(ids[0], ["x"], "referee", first_player_id="c")
    assert (first.technical_result, first.removal_due) == ("+/-", ())
    assert service.record_outcome(ids[0], ["x"], "referee", first_player_id="c") == first  # a retry
    service.record_outcome(ids[1], ["x"], "referee", first_player_id="x")
    third = service.record_outcome(ids[2], ["x"], "referee", first_player_id="x")
    assert third.technical_result == "-/+" and third.removal_due == (("x", ("c", "d", "e")),)
    assert service.list("cup").removal_due == (("x", ("c", "d", "e")),)
    with pytest.raises(InvalidArgument):
        service.record_outcome(ids[1], ["x"], "referee", first_player_id="nobody")


@pytest.mark.rule("updown.timeout.blocks-mediation")
def test_a_time_out_refuses_requests_against_the_player_and_nothing_is_stored(world):
    service, uow, _ = world
    taken = service.request_timeout("cup", 1, "b", "2026-10-08", "2026-11-25", idempotency_key="t")
    assert (taken.ends_on, taken.clipped) == (date(2026, 11, 16), True)
    assert service.request_timeout("cup", 1, "b", "2026-10-08", "2026-11-25", idempotency_key="t") == taken
    with pytest.raises(FailedPrecondition, match="time-out"):
        service.request("cup", 1, 3, 2, "a", "b", DAYS)
    assert uow.repository.mediations_by_id == {}
    log = service.list("cup", player_id="b")
    assert (log.mediations, log.timeouts) == ((), (taken,))
    with pytest.raises(FailedPrecondition, match="no mediation calendar"):
        service.request("cup", 2, 3, 2, "a", "c", DAYS)
