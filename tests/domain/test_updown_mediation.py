"""Up&Down mediation and time-outs as pure rules (updown-league-2007 §8, §9.1): every rule takes
``now``; days are Moscow dates, the game time Moscow time."""

from __future__ import annotations

import dataclasses
import itertools
from datetime import UTC, date, datetime, time, timedelta

import pytest

from booking.domain.mediation import (
    MEDIATION_ZONE,
    Decision,
    Division,
    Mediation,
    MediationStatus,
    StageCalendar,
    Timeout,
    answer,
    check_request,
    check_timeout,
    new_mediation,
    next_week,
    no_show_opponents,
    record_outcome,
    referee_decision,
    removal_due,
    technical_result,
    validate_days,
)
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, PermissionDenied
from rondo_runtime.validation import Violations

pytestmark = pytest.mark.domain

STAGE_ONE = StageCalendar("cup", 1, Division.SUPER_LEAGUE, date(2026, 9, 1), date(2026, 11, 30))
STAGE_TWO = StageCalendar("cup", 2, Division.SUPER_LEAGUE, date(2026, 12, 1), date(2026, 12, 31))
NOW = datetime(2026, 10, 7, 9, 0, tzinfo=UTC)  # Wednesday 12:00 Moscow
WEEK = date(2026, 10, 12)  # the next Monday
MON, TUE, WED, THU, FRI, SAT, SUN = (WEEK + timedelta(days=i) for i in range(7))


def moscow(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=MEDIATION_ZONE)


def request(
    days=(MON, WED, FRI, SUN), calendar=STAGE_ONE, now=NOW, requester="a", opponent="b", at=None, n=1, table=1
) -> Mediation:
    return new_mediation(f"m{n}", calendar, n, table, requester, opponent, tuple(days), at, now)


def check(calendar=STAGE_ONE, now=NOW, requester="a", opponent="b", mediations=(), timeouts=(), round_number=9, table=1):
    check_request(calendar, now, round_number, table, requester, opponent, mediations, timeouts)


@pytest.mark.rule("updown.mediation.four-days-each")
def test_any_two_sets_of_four_days_of_a_week_share_a_day_and_the_earliest_is_taken():
    assert next_week(NOW) == WEEK and next_week(datetime(2026, 10, 11, 20, 59, tzinfo=UTC)) == WEEK  # Sunday 23:59 Moscow
    days = [WEEK + timedelta(days=i) for i in range(7)]
    for mine in itertools.combinations(days, 4):
        for theirs in itertools.combinations(days, 4):
            done = answer(request(mine), "b", theirs, None, NOW)
            assert done.scheduled_at == moscow(min(set(mine) & set(theirs)), 21)


@pytest.mark.rule("updown.mediation.four-days-each")
def test_each_side_names_exactly_four_different_days_of_the_next_week_inside_the_stage():
    v = Violations()
    assert validate_days(v, "days", ["2026-10-16", "2026-10-12", "2026-10-14", "2026-10-18"], WEEK, STAGE_ONE, time(21), NOW) == (
        MON,
        WED,
        FRI,
        SUN,
    )
    assert not v
    v = Violations()
    validate_days(v, "days", ["2026-10-12", "2026-10-12", "2026-10-19", "12.10.2026"], WEEK, STAGE_ONE, time(21), NOW)
    assert [x.field for x in v.items] == ["days[1]", "days[2]", "days[3]"]
    v = Violations()
    validate_days(v, "days", ["2026-10-12"], WEEK, STAGE_ONE, time(21), NOW)
    assert [x.field for x in v.items] == ["days"]
    short = dataclasses.replace(STAGE_ONE, ends_on=THU)
    v = Violations()
    validate_days(v, "days", [d.isoformat() for d in (MON, TUE, WED, FRI)], WEEK, short, time(21), NOW)
    assert [x.field for x in v.items] == ["days[3]"] and "after the stage ends" in v.items[0].description


@pytest.mark.rule("updown.mediation.default-21-moscow")
def test_the_game_is_at_21_00_moscow_unless_both_named_another_time():
    assert answer(request(), "b", (MON, TUE, THU, SAT), None, NOW).scheduled_at == moscow(MON, 21)
    assert moscow(MON, 21).astimezone(UTC) == datetime(2026, 10, 12, 18, 0, tzinfo=UTC)
    both = answer(request(at=time(19, 30)), "b", (WED, THU, FRI, SAT), time(19, 30), NOW)
    assert both.scheduled_at == moscow(WED, 19, 30) and both.decided_by is Decision.COMMON_DAY
    one = answer(request(at=time(19, 30)), "b", (WED, THU, FRI, SAT), time(18, 0), NOW)
    assert one.scheduled_at == moscow(WED, 21)


@pytest.mark.rule("updown.mediation.answer-deadline")
def test_the_opponent_answers_within_3_days_in_stage_1_and_2_in_stage_2_then_the_referee_picks():
    m = request()
    assert m.answer_due_at == NOW + timedelta(days=3)
    two = request(calendar=STAGE_TWO, now=datetime(2026, 12, 2, 9, tzinfo=UTC))
    assert two.answer_due_at == datetime(2026, 12, 4, 9, tzinfo=UTC)
    with pytest.raises(FailedPrecondition, match="the referee now sets the time"):
        answer(m, "b", (MON, TUE, THU, SAT), None, m.answer_due_at)
    with pytest.raises(FailedPrecondition, match="may answer until"):
        referee_decision(m, None, m.answer_due_at - timedelta(seconds=1))
    picked = referee_decision(m, None, m.answer_due_at)
    assert (picked.scheduled_at, picked.decided_by) == (moscow(MON, 21), Decision.REFEREE)
    assert referee_decision(m, FRI, m.answer_due_at).scheduled_at == moscow(FRI, 21)
    with pytest.raises(InvalidArgument) as error:
        referee_decision(m, TUE, m.answer_due_at)
    assert error.value.violations[0].field == "day"
    late = moscow(WED, 22)  # Monday and Wednesday have passed
    assert referee_decision(m, None, late).scheduled_at == moscow(FRI, 21)
    with pytest.raises(PermissionDenied):
        answer(m, "a", (MON, TUE, THU, SAT), None, NOW)
    with pytest.raises(FailedPrecondition, match="nothing to answer"):
        answer(picked, "b", (MON, TUE, THU, SAT), None, NOW)


@pytest.mark.rule("updown.mediation.per-stage-limits")
def test_at_most_4_opponents_in_stage_1_and_2_in_stage_2():
    played = [
        dataclasses.replace(request(requester="a", opponent=o, n=i), status=MediationStatus.PLAYED)
        for i, o in enumerate("bcde", start=1)
    ]
    with pytest.raises(FailedPrecondition, match="with 4 opponents in stage 1"):
        check(opponent="f", mediations=played)
    check(opponent="b", mediations=played, round_number=30)  # the second cycle's game with b: no new opponent
    check(requester="b", opponent="f", mediations=played)  # b asked for nobody
    now2 = datetime(2026, 12, 2, 9, tzinfo=UTC)
    two = [
        dataclasses.replace(request(calendar=STAGE_TWO, now=now2, opponent=o, n=i), status=MediationStatus.PLAYED)
        for i, o in enumerate("bc", start=1)
    ]
    with pytest.raises(FailedPrecondition, match="at most 2"):
        check(calendar=STAGE_TWO, now=now2, opponent="d", mediations=played + two)


@pytest.mark.rule("updown.mediation.two-open-at-once")
def test_at_most_two_requests_open_a_third_after_one_is_played():
    first, second = request(opponent="b", n=1), request(opponent="c", n=2)
    with pytest.raises(FailedPrecondition, match="already has 2 mediation requests open"):
        check(opponent="d", mediations=[first, answer(second, "c", (MON, TUE, THU, SAT), None, NOW)])
    check(opponent="d", mediations=[first, dataclasses.replace(second, status=MediationStatus.NO_SHOW)])
    with pytest.raises(FailedPrecondition, match="already has a mediation"):
        check(requester="c", opponent="a", mediations=[first], round_number=1, table=1)


@pytest.mark.rule("updown.mediation.first-league-from-round-2")
def test_the_first_league_mediates_only_from_round_2():
    first_league = dataclasses.replace(STAGE_ONE, division=Division.FIRST_LEAGUE, second_round_starts_on=date(2026, 10, 8))
    with pytest.raises(FailedPrecondition, match="First League mediation starts with round 2"):
        check(calendar=first_league, now=moscow(date(2026, 10, 7), 23, 59))
    check(calendar=first_league, now=moscow(date(2026, 10, 8), 0, 0))
    check(calendar=STAGE_ONE, now=moscow(date(2026, 9, 1), 0, 0))  # the Super League from day one


@pytest.mark.rule("updown.mediation.closed-before-stage-end")
def test_no_requests_in_the_last_3_days_of_stage_1_and_2_days_of_stage_2():
    check(now=moscow(date(2026, 11, 27), 23, 59))
    with pytest.raises(FailedPrecondition, match="last 3 days of stage 1"):
        check(now=moscow(date(2026, 11, 28), 0, 0))
    check(calendar=STAGE_TWO, now=moscow(date(2026, 12, 29), 23, 59))
    with pytest.raises(FailedPrecondition, match="last 2 days of stage 2"):
        check(calendar=STAGE_TWO, now=moscow(date(2026, 12, 30), 0, 0))
    with pytest.raises(FailedPrecondition, match="starts on"):
        check(calendar=STAGE_TWO, now=NOW)
    with pytest.raises(FailedPrecondition, match="fixed schedule"):
        check(calendar=dataclasses.replace(STAGE_TWO, fixed_schedule=True), now=moscow(date(2026, 12, 2), 12))


@pytest.mark.rule("updown.mediation.no-show-technical-loss")
def test_a_no_show_is_a_technical_loss_in_the_pairings_order():
    assert technical_result("a", "b", ["b"]) == "+/-"
    assert technical_result("a", "b", ["a"]) == "-/+"
    assert technical_result("a", "b", ["b", "a"]) == "-/-"
    scheduled = answer(request(), "b", (MON, TUE, THU, SAT), None, NOW)
    with pytest.raises(FailedPrecondition, match="a no-show is recorded after it"):
        record_outcome(scheduled, ["b"], "referee", moscow(MON, 20))
    done = record_outcome(scheduled, ["b"], "referee", moscow(MON, 21, 20))
    assert (done.status, done.absent_ids, done.closed_at) == (MediationStatus.NO_SHOW, ("b",), moscow(MON, 21, 20))
    assert (
        record_outcome(scheduled, [], "referee", moscow(MON, 20)).status is MediationStatus.PLAYED
    )  # played early, by agreement
    with pytest.raises(InvalidArgument):
        record_outcome(scheduled, ["z"], "referee", moscow(MON, 22))
    with pytest.raises(FailedPrecondition, match="not a scheduled game"):
        record_outcome(request(), ["b"], "referee", moscow(MON, 22))


@pytest.mark.rule("updown.mediation.three-no-shows-reported")
def test_absent_against_three_different_opponents_is_reported_for_removal():
    def absent(opponent: str, n: int) -> Mediation:
        m = answer(request(requester=opponent, opponent="x", n=n), "x", (MON, TUE, THU, SAT), None, NOW)
        return record_outcome(m, ["x"], "referee", moscow(SUN, 23))

    twice_b = [absent("b", 1), absent("b", 2), absent("c", 3)]
    assert no_show_opponents(twice_b, "x") == ("b", "c") and not removal_due(twice_b, "x")
    three = [*twice_b, absent("d", 4)]
    assert no_show_opponents(three, "x") == ("b", "c", "d") and removal_due(three, "x")
    assert not removal_due(three, "b")


@pytest.mark.rule("updown.timeout.blocks-mediation")
def test_a_time_out_blocks_requests_against_the_player_while_it_lasts():
    away = Timeout("t1", "cup", 1, "b", date(2026, 10, 14), date(2026, 10, 20), NOW)
    with pytest.raises(FailedPrecondition, match="b has a time-out"):
        check(timeouts=[away])
    check(requester="b", opponent="a", timeouts=[away])  # he may still ask for others
    check(timeouts=[dataclasses.replace(away, starts_on=date(2026, 10, 19), ends_on=date(2026, 10, 30))])  # after next week


@pytest.mark.rule("updown.timeout.stage-one")
def test_stage_one_time_outs_any_length_ending_two_weeks_before_the_end_never_with_a_request_open():
    last, clipped = check_timeout(STAGE_ONE, NOW, "b", date(2026, 10, 8), date(2026, 11, 10), [], [])
    assert (last, clipped) == (date(2026, 11, 10), False)
    assert check_timeout(STAGE_ONE, NOW, "b", date(2026, 10, 8), date(2026, 11, 25), [], []) == (date(2026, 11, 16), True)
    with pytest.raises(FailedPrecondition, match="last two weeks of stage 1"):
        check_timeout(STAGE_ONE, moscow(date(2026, 11, 17), 10), "b", date(2026, 11, 17), date(2026, 11, 18), [], [])
    with pytest.raises(FailedPrecondition, match="a mediation request against b is open"):
        check_timeout(STAGE_ONE, NOW, "b", date(2026, 10, 8), date(2026, 10, 9), [request()], [])
    check_timeout(STAGE_ONE, NOW, "a", date(2026, 10, 8), date(2026, 10, 9), [request()], [])  # the requester may
    with pytest.raises(FailedPrecondition, match="has passed"):
        check_timeout(STAGE_ONE, NOW, "b", date(2026, 10, 6), date(2026, 10, 9), [], [])
    held = Timeout("t1", "cup", 1, "b", date(2026, 10, 8), date(2026, 10, 12), NOW)
    with pytest.raises(FailedPrecondition, match="already has a time-out"):
        check_timeout(STAGE_ONE, NOW, "b", date(2026, 10, 10), date(2026, 10, 14), [], [held])


@pytest.mark.rule("updown.timeout.stage-two")
def test_stage_two_time_outs_up_to_three_days_none_in_the_last_three_days():
    now = moscow(date(2026, 12, 2), 12)
    assert check_timeout(STAGE_TWO, now, "b", date(2026, 12, 10), date(2026, 12, 12), [], []) == (date(2026, 12, 12), False)
    with pytest.raises(InvalidArgument) as error:
        check_timeout(STAGE_TWO, now, "b", date(2026, 12, 10), date(2026, 12, 13), [], [])
    assert error.value.violations[0].field == "ends_on"
    assert check_timeout(STAGE_TWO, now, "b", date(2026, 12, 26), date(2026, 12, 28), [], [])[0] == date(2026, 12, 28)
    with pytest.raises(FailedPrecondition, match="last 3 days of stage 2"):
        check_timeout(STAGE_TWO, now, "b", date(2026, 12, 27), date(2026, 12, 29), [], [])
