"""The season at a glance (web/views/season.py, rondo_client/matches.py) from real gateway messages:
which rounds are done, which matches still miss results, which results wait for the table or a judge,
which matches are not booked, the draws waiting for approval with their figures, the open ties."""

from __future__ import annotations

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, results_pb2, scheduling_pb2, stages_pb2
from rondo_client.matches import (
    DEFAULT_HANCHANS_PER_MATCH,
    MatchKind,
    MatchRef,
    hanchans_per_match,
    match_kind,
    match_progress,
    seating_matches,
    stage_matches,
)
from web.views.season import BookingState, RoundGlance, RoundState, SeasonGlance, draws_glance, season_glance, ties_glance

pytestmark = pytest.mark.domain

CID = "c1"
SCORES = {"a": 40000, "b": 35000, "c": 25000, "d": 20000}


def seating(rounds: int = 2) -> draws_pb2.Seating:
    """Two rounds of two tables of four: a, b, c, d and e, f, g, h."""
    out = draws_pb2.Seating(draw_id="d1", version=1)
    for r in range(1, rounds + 1):
        out.rounds.add(
            number=r,
            tables=[
                draws_pb2.NamedTable(number=1, player_ids=["a", "b", "c", "d"]),
                draws_pb2.NamedTable(number=2, player_ids=["e", "f", "g", "h"]),
            ],
        )
    return out


_sequence = iter(range(1, 10_000))


def hanchan(
    round_: int,
    table: int,
    number: int,
    status: results_pb2.RecordStatus = results_pb2.RECORD_STATUS_CONFIRMED,
    **extra,
) -> results_pb2.ResultRecord:
    sequence = next(_sequence)
    return results_pb2.ResultRecord(
        id=f"r{sequence}",
        competition_id=CID,
        sequence=sequence,
        stage=1,
        round=round_,
        table=table,
        hanchan=results_pb2.HanchanResult(number=number, scores=SCORES),
        status=status,
        **extra,
    )


def game(stage: int, round_: int, table: int, number: int, result: str) -> results_pb2.ResultRecord:
    sequence = next(_sequence)
    return results_pb2.ResultRecord(
        id=f"g{sequence}",
        competition_id=CID,
        sequence=sequence,
        stage=stage,
        round=round_,
        table=table,
        game=results_pb2.GameResult(number=number, first_player_id="a", second_player_id="b", result=result),
        status=results_pb2.RECORD_STATUS_CONFIRMED,
    )


def competition(closed: bool = True) -> competitions_pb2.Competition:
    out = competitions_pb2.Competition(id=CID, name="Winter league", ruleset="discard-league-2026")
    if closed:
        out.registration_closed_at.CopyFrom(Timestamp(seconds=1_800_000_000))
    return out


def glance(records, cards=None, ties=()):
    matches = [(m, 3) for m in seating_matches(CID, seating())]
    return season_glance(competition(), MatchKind.HANCHANS, [], matches, records, cards or {}, ties)


def test_a_match_is_complete_with_every_hanchan_scored_and_pending_reports_do_not_count() -> None:
    match = seating_matches(CID, seating())[0]
    records = [hanchan(1, 1, 1), hanchan(1, 1, 2), hanchan(1, 1, 3, results_pb2.RECORD_STATUS_REPORTED)]
    progress = match_progress(match, records, MatchKind.HANCHANS, 3)
    assert (progress.played, progress.missing, progress.pending) == ((1, 2), (3,), (records[2].id,))
    assert not progress.complete and progress.started
    records.append(hanchan(1, 1, 3))
    assert match_progress(match, records, MatchKind.HANCHANS, 3).complete


def test_a_replaced_or_rejected_record_is_not_scored() -> None:
    match = seating_matches(CID, seating())[0]
    replaced = hanchan(1, 1, 1, results_pb2.RECORD_STATUS_REPLACED, replaced_by_record_id="x")
    rejected = hanchan(1, 1, 2, results_pb2.RECORD_STATUS_REJECTED)
    progress = match_progress(match, [replaced, rejected], MatchKind.HANCHANS, 3)
    assert progress.played == () and progress.missing == (1, 2, 3) and not progress.started


def test_rounds_are_complete_in_progress_or_not_started() -> None:
    records = [hanchan(1, t, n) for t in (1, 2) for n in (1, 2, 3)] + [hanchan(2, 1, 1)]
    shown = glance(records)
    assert [(r.round, r.state, r.complete, r.matches) for r in shown.rounds] == [
        (1, RoundState.COMPLETE, 2, 2),
        (2, RoundState.IN_PROGRESS, 0, 2),
    ]
    assert [(p.match.round, p.match.table, p.missing) for p in shown.missing] == [(2, 1, (2, 3)), (2, 2, (1, 2, 3))]


def test_only_due_rounds_miss_results() -> None:
    """Nothing played yet: round 1 is due, round 2 is not missing anything yet."""
    shown = glance([])
    assert {p.match.round for p in shown.missing} == {1}
    assert [r.state for r in shown.rounds] == [RoundState.NOT_STARTED, RoundState.NOT_STARTED]


def test_open_disputes_are_reported_and_disputed_records_with_the_disputes_reason() -> None:
    reported = hanchan(1, 1, 1, results_pb2.RECORD_STATUS_REPORTED, reported_by_player_id="a")
    disputed = hanchan(
        1,
        2,
        1,
        results_pb2.RECORD_STATUS_DISPUTED,
        reported_by_player_id="e",
        reviews=[results_pb2.RecordReview(verdict=results_pb2.REVIEW_VERDICT_DISPUTE, player_id="f", reason="wrong scores")],
    )
    shown = glance([hanchan(1, 1, 2), disputed, reported])
    assert [(d.record_id, d.status, d.reason, d.match.table) for d in shown.disputes] == [
        (reported.id, "reported", "", 1),
        (disputed.id, "disputed", "wrong scores", 2),
    ]  # in the order entered
    assert shown.needs_attention


def test_unbooked_matches_come_from_the_cards_of_matches_not_complete() -> None:
    keys = [m.key for m in seating_matches(CID, seating())]
    cards = {
        keys[0]: scheduling_pb2.MatchCard(match_key=keys[0], state=scheduling_pb2.CARD_STATE_BOOKED),
        keys[1]: scheduling_pb2.MatchCard(
            match_key=keys[1], state=scheduling_pb2.CARD_STATE_WAITING_FOR_ANSWERS, pending_player_ids=["g", "h"]
        ),
        keys[2]: scheduling_pb2.MatchCard(
            match_key=keys[2],
            state=scheduling_pb2.CARD_STATE_AGREEING,
            meetings=[scheduling_pb2.Meeting(id="m", status=scheduling_pb2.MEETING_STATUS_PROPOSED)],
        ),
        keys[3]: scheduling_pb2.MatchCard(  # the organizer assigned it: booked, though nobody answered
            match_key=keys[3],
            state=scheduling_pb2.CARD_STATE_WAITING_FOR_ANSWERS,
            pending_player_ids=["e"],
            meetings=[scheduling_pb2.Meeting(id="n", status=scheduling_pb2.MEETING_STATUS_BOOKED)],
        ),
    }
    shown = glance([], cards)
    assert [(u.match.key, u.state, u.pending_player_ids, u.proposed_meetings) for u in shown.unbooked] == [
        (keys[1], BookingState.WAITING_FOR_ANSWERS, ("g", "h"), 0),
        (keys[2], BookingState.AGREEING, (), 1),
    ]
    assert keys[1] == f"{CID}/1/1/2"


def test_a_due_match_not_opened_for_scheduling_is_unbooked_and_a_complete_one_is_not() -> None:
    records = [hanchan(1, 1, n) for n in (1, 2, 3)]
    shown = glance(records)
    assert [(u.match.round, u.match.table, u.state) for u in shown.unbooked] == [(1, 2, BookingState.NOT_OPENED)]


def draw(version: int, status: draws_pb2.DrawStatus, **extra) -> draws_pb2.Draw:
    return draws_pb2.Draw(
        id=f"d{version}",
        competition_id=CID,
        version=version,
        status=status,
        objective=draws_pb2.DrawObjective(max_meetings=2, sum_repeat_pairs=3),
        lower_bound=draws_pb2.DrawObjective(max_meetings=2, sum_repeat_pairs=1),
        rounds=[common_pb2.Round(tables=[common_pb2.Table(player_ids=["a", "b", "c", "d"])])],
        **extra,
    )


def test_draws_waiting_for_approval_newer_than_the_published_one_with_their_figures() -> None:
    draws = [
        draw(1, draws_pb2.DRAW_STATUS_PROPOSED),
        draw(2, draws_pb2.DRAW_STATUS_APPROVED),
        draw(3, draws_pb2.DRAW_STATUS_PROPOSED, replaces_draw_id="d2", played_rounds=1, reason="withdrawal", players_moved=2),
    ]
    published, proposed = draws_glance(draws)
    assert published is not None and published.version == 2
    assert [d.version for d in proposed] == [3]
    figures = {f.field: (f.value, f.bound, f.above_bound) for f in proposed[0].figures}
    assert figures["max_meetings"] == (2, 2, 0) and figures["sum_repeat_pairs"] == (3, 1, 2)
    assert (proposed[0].replaces_version, proposed[0].players_moved, proposed[0].reason) == (2, 2, "withdrawal")
    assert draws_glance([draw(1, draws_pb2.DRAW_STATUS_PROPOSED)])[0] is None


def test_ties_of_the_standings_and_of_updown_groups() -> None:
    tie = results_pb2.UnresolvedTie(place="8-9", player_ids=["a", "b"], reason="organizer decision required", at_cut=True)
    standings = results_pb2.Standings(competition_id=CID, unresolved=[tie])
    ties = ties_glance(standings, [("leaders", [tie])])
    assert [(t.group, t.place, t.player_ids, t.at_cut) for t in ties] == [
        ("", "8-9", ("a", "b"), True),
        ("leaders", "8-9", ("a", "b"), True),
    ]
    shown = glance([hanchan(1, 1, 1)], ties=ties)
    assert shown.ties == ties and shown.registration_open is False


def test_a_pairing_is_done_with_its_first_decisive_game_and_a_pass_is_no_match() -> None:
    stage = stages_pb2.Stage(
        number=2,
        rounds=[common_pb2.Round(tables=[common_pb2.Table(player_ids=["a", "b"]), common_pb2.Table(player_ids=["c"])])],
    )
    matches = stage_matches(CID, stage)
    assert [(m.stage, m.round, m.table, m.player_ids) for m in matches] == [(2, 1, 1, ("a", "b"))]
    drawn = match_progress(matches[0], [game(2, 1, 1, 1, "=")], MatchKind.GAMES, 0)
    assert drawn.missing == (2,) and not drawn.complete
    decided = match_progress(matches[0], [game(2, 1, 1, 1, "="), game(2, 1, 1, 2, "0-1")], MatchKind.GAMES, 0)
    assert decided.complete and decided.played == (1, 2)
    assert match_progress(matches[0], [game(2, 1, 1, 1, "-/-")], MatchKind.GAMES, 0).complete


def test_match_kind_and_hanchans_per_match_from_the_ruleset() -> None:
    assert match_kind(competitions_pb2.RULESET_KIND_CUP) is MatchKind.GAMES
    assert match_kind(competitions_pb2.RULESET_KIND_UPDOWN) is MatchKind.GAMES
    assert match_kind(competitions_pb2.RULESET_KIND_MAHJONG_LEAGUE) is MatchKind.HANCHANS
    assert hanchans_per_match('{"hanchans_per_match": 4}') == 4
    for odd in ("", "{}", "not json", "[]", '{"hanchans_per_match": true}', '{"hanchans_per_match": -1}'):
        assert hanchans_per_match(odd) == DEFAULT_HANCHANS_PER_MATCH


def test_a_match_key_is_the_scheduling_key() -> None:
    assert MatchRef(CID, 2, 3, 4, ("a",)).key == "c1/2/3/4"


def test_the_redraw_keeps_the_draws_rounds_complete_from_the_first_on() -> None:
    """The redraw form's default: stage 1's rounds complete without a gap from round 1 (a later stage's
    rounds, or a complete round after an open one, are not the draw's played rounds)."""

    def glance(*rounds: tuple[int, int, int]) -> SeasonGlance:
        made = tuple(RoundGlance(stage, number, 2, complete, 0, complete) for stage, number, complete in rounds)
        return SeasonGlance("c", "C", "r", False, None, (), made, (), (), (), ())

    assert glance().rounds_complete == 0
    assert glance((1, 1, 2), (1, 2, 2), (1, 3, 1)).rounds_complete == 2
    assert glance((1, 1, 2), (1, 2, 0), (1, 3, 2)).rounds_complete == 1
    assert glance((1, 2, 2), (1, 1, 2), (2, 1, 2)).rounds_complete == 2
