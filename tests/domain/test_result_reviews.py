"""Player reports, confirmations, disputes and the judge (docs/rules.md ``mahjong.records.*``), ruleset
versions (``mahjong.ruleset.pinned-with-versions``) and ties decided by the organizer or by lot
(``mahjong.standings.tie-by-organizer-or-lot``): the pure rules."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.adapters.season_file import load_season
from league.domain import lots, pinning, records
from league.domain.mahjong import reviews
from league.domain.mahjong.reviews import RecordStatus, Review, Verdict
from league.domain.mahjong.ruleset import MAHJONG_LEAGUE
from league.domain.mahjong.scoring import Hanchan, Match
from league.domain.mahjong.standings import Season, regular_standings, standings_as_dict
from league.domain.records import HanchanEntry, ResultRecord
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

pytestmark = pytest.mark.domain
T0 = datetime(2026, 3, 1, tzinfo=UTC)
SEATS = ("P1", "P2", "P3", "P4")
SCORES = (45_000, 35_000, 25_000, 15_000)


def report(number: int = 1, by: str | None = "P1", rid: str = "r1", table: int = 1, seats=SEATS, seq: int = 1) -> ResultRecord:
    scores = tuple(zip(seats, SCORES[number % 4 :] + SCORES[: number % 4], strict=True))
    return ResultRecord(rid, "c", seq, 1, table, HanchanEntry(number, scores), by or "judge", T0, reported_by_player_id=by)


def review(verdict: Verdict, by: str, n: int, record: str = "r1", reason: str = "") -> Review:
    judge = verdict in reviews.JUDGE_VERDICTS
    return Review(f"v{n}", "c", record, verdict, None if judge else by, by if judge else "", reason, T0 + timedelta(minutes=n), n)


@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
def test_a_report_is_confirmed_once_every_other_player_of_the_table_confirms():
    r = report()
    assert reviews.record_status(report(by=None), SEATS, []) is RecordStatus.CONFIRMED  # organizer / judge: at once
    assert reviews.record_status(r, SEATS, []) is RecordStatus.REPORTED
    given_ = [review(Verdict.CONFIRM, "P2", 1), review(Verdict.CONFIRM, "P3", 2)]
    assert reviews.record_status(r, SEATS, given_) is RecordStatus.REPORTED
    assert reviews.awaiting(r, SEATS, given_) == ["P4"]
    assert reviews.record_status(r, SEATS, [*given_, review(Verdict.CONFIRM, "P4", 3)]) is RecordStatus.CONFIRMED
    # a no-show's seat (not among the seated main participants) does not confirm
    assert reviews.record_status(r, SEATS[:3], given_) is RecordStatus.CONFIRMED


@pytest.mark.rule("mahjong.records.player-report-confirmed-by-table")
def test_who_may_confirm_and_confirming_twice_stores_nothing():
    r = report()
    with pytest.raises(FailedPrecondition, match="reported record r1"):
        reviews.check_confirm(r, RecordStatus.REPORTED, "P1", SEATS, [])
    with pytest.raises(FailedPrecondition, match="did not sit at round 1, table 1"):
        reviews.check_confirm(r, RecordStatus.REPORTED, "P9", SEATS, [])
    with pytest.raises(FailedPrecondition, match="only a player of that table reports"):
        reviews.check_report("Sub", SEATS, 1, 1)
    assert reviews.check_confirm(r, RecordStatus.REPORTED, "P2", SEATS, []) is True
    assert reviews.check_confirm(r, RecordStatus.REPORTED, "P2", SEATS, [review(Verdict.CONFIRM, "P2", 1)]) is False
    for status in (RecordStatus.DISPUTED, RecordStatus.CONFIRMED, RecordStatus.REPLACED, RecordStatus.REJECTED):
        with pytest.raises(FailedPrecondition, match="cannot confirm record r1: it (is|was) "):
            reviews.check_confirm(r, status, "P3", SEATS, [])
    with pytest.raises(FailedPrecondition, match="hanchan 1 of round 1, table 1 is already recorded/reported"):
        reviews.check_not_already_there(report().content, [r], 1, 1)


@pytest.mark.rule("mahjong.records.dispute-to-judge")
def test_a_dispute_waits_for_the_judge_who_upholds_rejects_or_replaces():
    r = report()
    disputed = [review(Verdict.DISPUTE, "P3", 1, reason="scores swapped")]
    assert reviews.record_status(r, SEATS, disputed) is RecordStatus.DISPUTED
    assert reviews.record_status(r, SEATS, [*disputed, review(Verdict.UPHOLD, "judge Anna", 2)]) is RecordStatus.CONFIRMED
    assert reviews.record_status(r, SEATS, [*disputed, review(Verdict.REJECT, "judge Anna", 2)]) is RecordStatus.REJECTED
    assert reviews.record_status(r, SEATS, disputed, replaced=True) is RecordStatus.REPLACED
    reviews.check_resolve(r, RecordStatus.DISPUTED)
    reviews.check_resolve(r, RecordStatus.REPORTED)  # a report the table never confirms: the judge decides too
    with pytest.raises(FailedPrecondition, match="already confirmed"):
        reviews.check_resolve(r, RecordStatus.CONFIRMED)
    with pytest.raises(FailedPrecondition, match="already confirmed record r1; ask a judge"):
        reviews.check_dispute(r, RecordStatus.REPORTED, "P2", SEATS, [review(Verdict.CONFIRM, "P2", 1)])
    assert reviews.check_dispute(r, RecordStatus.DISPUTED, "P3", SEATS, disputed) is False  # twice: nothing new
    assert reviews.check_dispute(r, RecordStatus.DISPUTED, "P4", SEATS, disputed) is True  # another player agrees


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["confirm", "dispute", "uphold", "reject"]), st.sampled_from(SEATS + ("P9",))), max_size=12
)


@pytest.mark.rule("mahjong.records.dispute-to-judge")
@settings(max_examples=200, deadline=None)
@given(ACTIONS)
def test_any_sequence_of_actions_leaves_a_record_in_exactly_one_status_and_decisions_are_final(actions):
    r = report()
    given_: list[Review] = []
    seen: list[RecordStatus] = []
    for n, (action, player) in enumerate(actions, start=1):
        status = reviews.record_status(r, SEATS, given_)
        try:
            if action == "confirm":
                new = reviews.check_confirm(r, status, player, SEATS, given_)
                verdict = Verdict.CONFIRM
            elif action == "dispute":
                new = reviews.check_dispute(r, status, player, SEATS, given_)
                verdict = Verdict.DISPUTE
            else:
                reviews.check_resolve(r, status)
                new, verdict = True, Verdict.UPHOLD if action == "uphold" else Verdict.REJECT
        except FailedPrecondition:
            continue  # refused: nothing stored
        if new:
            given_.append(review(verdict, "judge" if verdict in reviews.JUDGE_VERDICTS else player, n, reason="why"))
        seen.append(reviews.record_status(r, SEATS, given_))
    statuses = list(seen)
    assert all(isinstance(s, RecordStatus) for s in statuses)
    # once confirmed or rejected, a record stays so (only a correction replaces it)
    for i, s in enumerate(statuses):
        if s in (RecordStatus.CONFIRMED, RecordStatus.REJECTED):
            assert set(statuses[i:]) == {s}
    final = reviews.record_status(r, SEATS, given_)
    confirmers = {x.player_id for x in given_ if x.verdict is Verdict.CONFIRM}
    if final is RecordStatus.CONFIRMED:
        assert confirmers >= {"P2", "P3", "P4"} or any(x.verdict is Verdict.UPHOLD for x in given_)
    if final is RecordStatus.REPORTED:
        assert not any(x.verdict is Verdict.DISPUTE for x in given_)


EIGHT = tuple(f"P{i}" for i in range(1, 9))
TABLES = (EIGHT[:4], EIGHT[4:])


@pytest.mark.rule("mahjong.records.standings-use-confirmed-only")
@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(list(RecordStatus)), min_size=6, max_size=6))
def test_standings_from_confirmed_records_equal_the_season_file_of_those_records_only(chosen):
    stored: list[ResultRecord] = []
    status: dict[str, RecordStatus] = {}
    file_matches: list[dict] = []
    for t, seats in enumerate(TABLES, start=1):
        hanchans: list[dict] = []
        for h in (1, 2, 3):
            r = report(h, by="P1" if t == 1 else "P5", rid=f"t{t}h{h}", table=t, seats=seats, seq=len(stored) + 1)
            stored.append(r)
            status[r.id] = chosen[len(stored) - 1]
            if status[r.id] is RecordStatus.CONFIRMED:
                assert isinstance(r.content, HanchanEntry)
                hanchans.append({"number": h, "scores": dict(r.content.scores)})
        if hanchans:
            file_matches.append({"round": 1, "table": t, "players": list(seats), "hanchans": hanchans})
    rs = MAHJONG_LEAGUE
    season = records.season_of(rs, EIGHT, [], (TABLES,), reviews.confirmed(stored, status))
    from_file = load_season(json.dumps({"ruleset": "mahjong-league", "players": list(EIGHT), "matches": file_matches}))
    assert isinstance(from_file, Season)
    assert standings_as_dict(regular_standings(season)) == standings_as_dict(regular_standings(from_file))


@pytest.mark.rule("mahjong.records.standings-use-confirmed-only")
def test_pending_records_are_named_in_the_notes_and_rejected_ones_never_count():
    r1, r2 = report(1), report(2, rid="r2", seq=2)
    given_ = [review(Verdict.CONFIRM, "P2", 1), review(Verdict.DISPUTE, "P3", 2, record="r2", reason="no")]
    status = reviews.statuses([r1, r2], given_, {(1, 1): list(SEATS)})
    assert status == {"r1": RecordStatus.REPORTED, "r2": RecordStatus.DISPUTED}
    names = {p: f"Name{p[1:]}" for p in SEATS}
    notes = reviews.pending_notes([r1, r2], status, given_, {(1, 1): list(SEATS)}, names)
    assert notes == {
        (1, 1): [
            "round 1, table 1: hanchan 1 reported by Name1, awaiting confirmation by Name3, Name4",
            "round 1, table 1: hanchan 2 reported by Name1, disputed by Name3, awaiting a judge",
        ]
    }
    rejected = {"r1": RecordStatus.REJECTED, "r2": RecordStatus.CONFIRMED}
    assert [r.id for r in reviews.confirmed([r1, r2], rejected)] == ["r2"]
    assert [r.id for r in reviews.live([r1, r2], rejected)] == ["r2"]


# --- ties decided by the organizer or by lot ---------------------------------------------------------


@pytest.mark.rule("mahjong.standings.tie-by-organizer-or-lot")
def test_draw_lots_orders_by_the_sha256_of_seed_and_player_id_one_known_answer():
    # sha256 hex digests: "12345:P3" 19e55ca4..., "12345:P2" 19e94757..., "12345:P1" 2d904ec8... (ascending first)
    digests = {p: hashlib.sha256(f"12345:{p}".encode()).hexdigest() for p in ("P1", "P2", "P3")}
    assert lots.draw_lots(12345, ["P1", "P2", "P3"]) == tuple(sorted(digests, key=digests.__getitem__))
    assert lots.draw_lots(12345, ["P1", "P2", "P3"]) == ("P3", "P2", "P1")  # pinned: anyone can redo it
    assert lots.draw_lots(12345, ["P3", "P2", "P1"]) == lots.draw_lots(12345, ["P1", "P2", "P3"])


def _tied_standings():
    # a one-round season played out with every hanchan 30 000 each: all eight tied, organizer decision
    # required (a tie before the games are over is not one yet: mahjong.standings.provisional-until-played)
    even = tuple(Hanchan(h, tuple((p, 30_000) for p in EIGHT[t * 4 : t * 4 + 4])) for t in range(2) for h in (1, 2, 3))
    matches = tuple(Match(1, t + 1, EIGHT[t * 4 : t * 4 + 4], even[t * 3 : t * 3 + 3]) for t in range(2))
    season = Season(dataclasses.replace(MAHJONG_LEAGUE, rounds=1), EIGHT, matches=matches)
    return regular_standings(season)


def _decision(players, method=lots.TieMethod.ORGANIZER_ORDER, seed=None, seq=1, reason="earlier registration"):
    order = lots.decision_order(method, players, seed)
    return lots.TieDecision(f"d{seq}", "c", seq, order, method, seed, reason, "organizer", T0)


@pytest.mark.rule("mahjong.standings.tie-by-organizer-or-lot")
def test_a_decision_orders_exactly_its_tie_and_explains_it_a_stale_one_is_reported():
    standings = _tied_standings()
    assert [t.players for t in standings.unresolved] == [EIGHT]
    decided, notes = lots.apply_tie_decisions(standings, [_decision(tuple(reversed(EIGHT)))])
    assert [r.player for r in decided.rows] == list(reversed(EIGHT))
    assert [r.place for r in decided.rows] == [str(i) for i in range(1, 9)]
    assert decided.rows[0].separated_from_next == "organizer decision: earlier registration"
    assert decided.unresolved == () and notes == ()

    lot = _decision(EIGHT, lots.TieMethod.LOT, seed=12345, seq=2)
    decided, _ = lots.apply_tie_decisions(standings, [_decision(tuple(reversed(EIGHT))), lot])  # the latest wins
    assert tuple(r.player for r in decided.rows) == lots.draw_lots(12345, EIGHT)
    assert decided.rows[0].separated_from_next == "drawn by lot with seed 12345"

    stale, notes = lots.apply_tie_decisions(standings, [_decision(EIGHT[:2])])
    assert stale.unresolved == standings.unresolved
    assert notes and "stale tie decision" in notes[0] and "not applied" in notes[0]


# --- ruleset versions ------------------------------------------------------------------------------------


@pytest.mark.rule("mahjong.ruleset.pinned-with-versions")
def test_the_ruleset_is_data_with_overrides_checked_and_a_change_after_the_start_needs_a_reason():
    name, data = pinning.pinned_ruleset("discard-league-2026", {}, "ruleset_overrides")
    assert name == "mahjong-league" and pinning.ruleset_from_data(data) == MAHJONG_LEAGUE
    uma = {"hanchan_uma": [20_000, 10_000, -10_000, -20_000]}
    name, data = pinning.pinned_ruleset("discard-league-2026", uma, "ruleset_overrides")
    assert pinning.ruleset_from_data(data).hanchan_uma == (20_000, 10_000, -10_000, -20_000)
    _, later = pinning.pinned_ruleset("discard-league-2026", {"playoff_places": 4}, "overrides_json", data)
    assert later["hanchan_uma"] == uma["hanchan_uma"] and later["playoff_places"] == 4  # on top of the latest
    assert pinning.pinned_ruleset("open-cup-2023", {}, "ruleset_overrides") == ("open-cup-2023", {})
    with pytest.raises(InvalidArgument) as error:
        pinning.pinned_ruleset("discard-league-2026", {"hanchan_uma": [1, 2, 3, 4]}, "ruleset_overrides")
    assert [v.field for v in error.value.violations] == ["ruleset_overrides.hanchan_uma"]
    for text, field in (("[1]", "ruleset_overrides"), ("{", "ruleset_overrides"), ('{"rounds": 5}', "ruleset_overrides.rounds")):
        with pytest.raises(InvalidArgument) as error:
            pinning.parse_overrides(text, "ruleset_overrides")
        assert [v.field for v in error.value.violations] == [field]
    pinning.check_change_reason(False, "")
    with pytest.raises(InvalidArgument) as error:
        pinning.check_change_reason(True, "")
    assert [v.field for v in error.value.violations] == ["reason"]
