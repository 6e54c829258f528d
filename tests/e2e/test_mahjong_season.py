"""A 24-player mahjong season through the gateway over real gRPC, on SQLite (`rondo up`) and, as the
suite's one distributed season, on PostgreSQL (one process per service): roster, draw, approval, 4
rounds x 6 tables x 3 hanchans with a chombo, a no-show with a substitute and a correction, the
standings, then the playoff generated stage by stage (AdvanceStage) and recorded to the final;
GetPlayoff shows the final order and the prizes, and the gateway's event log holds stage.created and
stage.completed for every playoff stage.

The two playoff variants (a no-show with a substitute; a correction that changes the top 8, flagged
until the organizer regenerates round 1) play their own season in embedded mode only: both modes run
the same code path (docs/architecture.md), the distributed run of the whole season carries their RPCs
across processes but DecidePlayoff, and tests/integration/test_review_storage.py stores its decisions
on PostgreSQL."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy.pool import NullPool

from gateway.adapters.events import EventLog
from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, identity_pb2, results_pb2, scheduling_pb2, stages_pb2
from rondo_runtime.db import make_engine
from tests import mahjong_season as season

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
PLAYERS = 24
BY = season.BY
CHOMBO_AT = (1, 1, 2)  # round, table, hanchan
NO_SHOW_AT = (2, 1)  # round, table: its last seat did not come


class _Keyed:
    """The gateway stub with every idempotency key prefixed: the deployment is shared by the module's
    tests, and a key the first test used would answer its first request again."""

    def __init__(self, stub, prefix: str):
        self._stub, self._prefix = stub, prefix

    def __getattr__(self, rpc: str):
        call = getattr(self._stub, rpc)

        def keyed(request, **kwargs):
            if getattr(request, "idempotency_key", ""):
                copy = type(request)()
                copy.CopyFrom(request)
                copy.idempotency_key = f"{self._prefix}-{request.idempotency_key}"
                request = copy
            return call(request, **kwargs)

        return keyed


def _setup(stub) -> tuple[str, list[list[list[str]]]]:
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Season 24", ruleset="discard-league-2026"), idempotency_key="season-24"
        ),
        timeout=10,
    )
    ids = [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"P{i:02d}", idempotency_key=f"p{i}"),
            timeout=10,
        ).id
        for i in range(1, PLAYERS + 1)
    ]
    season.stable_names(ids)  # the scores follow registration order, not the random ids
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=11, time_limit_seconds=2, idempotency_key="d"),
        timeout=30,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    return competition.id, [[list(t.player_ids) for t in r.tables] for r in view.draw.rounds]


def _record_regular(stub, cid: str, rounds: list[list[list[str]]]) -> results_pb2.ResultRecord:
    """Every hanchan of the regular stage, a registered technical substitute taking a no-show's seat;
    returns one record to correct later."""
    substitute = stub.RegisterPlayer(
        competitions_pb2.RegisterPlayerRequest(
            competition_id=cid, name=season.SUBSTITUTE, status=competitions_pb2.PLAYER_STATUS_SUBSTITUTE, idempotency_key="sub"
        ),
        timeout=10,
    ).id
    r0, t0 = NO_SHOW_AT
    stub.RecordNoShow(
        results_pb2.RecordNoShowRequest(
            competition_id=cid,
            round=r0,
            table=t0,
            no_show=results_pb2.NoShowEntry(player_id=rounds[r0 - 1][t0 - 1][3], substitute=substitute),
            recorded_by=BY,
            idempotency_key="no-show",
        ),
        timeout=10,
    )
    to_correct = None
    for r, tables in enumerate(rounds, start=1):
        for t, seats in enumerate(tables, start=1):
            sat = [*seats[:3], substitute] if (r, t) == NO_SHOW_AT else seats
            for h in (1, 2, 3):
                hanchan = results_pb2.HanchanResult(number=h, scores=season.scores(sat, 1, r, t, h))
                if (r, t, h) == CHOMBO_AT:
                    hanchan.chombo[sat[0]] = 1
                record = stub.RecordHanchan(
                    results_pb2.RecordHanchanRequest(
                        competition_id=cid, round=r, table=t, hanchan=hanchan, recorded_by=BY, idempotency_key=f"h{r}-{t}-{h}"
                    ),
                    timeout=10,
                )
                if (r, t, h) == (3, 2, 1):
                    to_correct = record
    assert to_correct is not None
    return to_correct


def _advance(stub, cid: str, n: int) -> stages_pb2.Stage:
    return stub.AdvanceStage(
        stages_pb2.AdvanceStageRequest(competition_id=cid, created_by="organizer", idempotency_key=f"s{n}"), timeout=30
    )


def _record_stage(stub, cid: str, stage: stages_pb2.Stage) -> results_pb2.ResultRecord:
    hanchans = 5 if stage.name == "final" else 3
    last = None
    for t, table in enumerate(stage.rounds[0].tables, start=1):
        for h in range(1, hanchans + 1):
            last = stub.RecordHanchan(
                results_pb2.RecordHanchanRequest(
                    competition_id=cid,
                    stage=stage.number,
                    round=1,
                    table=t,
                    hanchan=results_pb2.HanchanResult(
                        number=h, scores=season.scores(list(table.player_ids), stage.number, 1, t, h)
                    ),
                    recorded_by=BY,
                    idempotency_key=f"s{stage.number}-{t}-{h}",
                ),
                timeout=10,
            )
    assert last is not None
    return last


def _schedule_the_final(deployment, cid: str, stage: stages_pb2.Stage) -> None:
    """The final is opened for scheduling as one meeting of five hanchans: a player's proposal of part of
    it is refused, the whole match is proposed (docs/rules.md schedule.meeting.split-or-whole)."""
    stub = deployment.gateway
    assert (stage.games_per_match, stage.one_meeting) == (5, True)
    club = stub.CreateClub(scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Final club")), timeout=10)
    stub.CreateRoom(scheduling_pb2.CreateRoomRequest(club_id=club.id, room=scheduling_pb2.Room(name="Final room")), timeout=10)
    start = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
    window = dict(window_start=_ts(start), window_end=_ts(start + timedelta(days=6)))
    [match] = stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(competition_id=cid, stage=stage.number, round=1, club_id=club.id, **window),
        timeout=10,
    ).matches
    assert match.match_key == f"{cid}/{stage.number}/1/1" and (match.games, match.one_meeting) == (5, True)
    players = list(match.player_ids)
    free = [common_pb2.TimeInterval(start=_ts(start + timedelta(hours=2)), end=_ts(start + timedelta(hours=14)))]
    for p in players:
        deployment.accounts.player(cid, p).SetAvailability(
            scheduling_pb2.SetAvailabilityRequest(match_key=match.match_key, intervals=free), timeout=10
        )
    first = deployment.accounts.player(cid, players[0])
    meeting = dict(match_key=match.match_key, start=_ts(start + timedelta(hours=3)), end=_ts(start + timedelta(hours=8)))
    with pytest.raises(grpc.RpcError) as split:
        first.ProposeMeeting(scheduling_pb2.ProposeMeetingRequest(**meeting, hanchans=[1, 2, 3]), timeout=10)
    assert split.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "one meeting" in (split.value.details() or "")
    whole = first.ProposeMeeting(scheduling_pb2.ProposeMeetingRequest(**meeting), timeout=10)
    assert list(whole.hanchans) == []


def _ts(at: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(at)
    return out


@pytest.mark.rule("schedule.meeting.split-or-whole")
@pytest.mark.rule("mahjong.playoff.generated-from-final-standings")
@pytest.mark.rule("mahjong.playoff.stage-results")
@pytest.mark.rule("mahjong.playoff.round-3-and-final")
@pytest.mark.rule("mahjong.records.correction-recomputes-derived")
@pytest.mark.rule("mahjong.roster.substitute-registered")
@pytest.mark.rule("mahjong.records.finished-stage-takes-no-new-results")
@pytest.mark.rule("mahjong.playoff.explanations-in-both-languages")
@pytest.mark.parametrize("mode", ["embedded", pytest.param("distributed", marks=pytest.mark.postgres)])
def test_a_24_player_season_through_the_gateway_from_the_draw_to_the_prizes(mode, request):
    deployment = request.getfixturevalue(mode)
    stub = deployment.gateway
    cid, rounds = _setup(stub)
    assert len(rounds) == 4 and all(len(tables) == 6 for tables in rounds)

    original = _record_regular(stub, cid, rounds[:3] + [rounds[3][:5]])
    with pytest.raises(grpc.RpcError) as early:  # round 4, table 6 is missing: no playoff yet, nothing stored
        _advance(stub, cid, 0)
    assert early.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "round 4, table 6" in (early.value.details() or "")
    for h in (1, 2, 3):
        seats = rounds[3][5]
        stub.RecordHanchan(
            results_pb2.RecordHanchanRequest(
                competition_id=cid,
                round=4,
                table=6,
                hanchan=results_pb2.HanchanResult(number=h, scores=season.scores(seats, 1, 4, 6, h)),
                recorded_by=BY,
                idempotency_key=f"h4-6-{h}",
            ),
            timeout=10,
        )

    scores = dict(original.hanchan.scores)
    low = sorted(scores, key=scores.__getitem__)
    scores[low[0]], scores[low[1]] = scores[low[0]] + 100, scores[low[1]] - 100
    correction = stub.CorrectRecord(
        results_pb2.CorrectRecordRequest(
            competition_id=cid,
            record_id=original.id,
            reason="100 points misread",
            recorded_by="organizer",
            hanchan=results_pb2.HanchanResult(number=1, scores=scores),
            idempotency_key="correction",
        ),
        timeout=10,
    )
    assert correction.replaces_record_id == original.id and correction.changes

    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    assert len(standings.rows) == PLAYERS and season.SUBSTITUTE not in {r.name for r in standings.rows}
    assert not [t for t in standings.unresolved if int(t.place.split("-")[0]) <= 8]
    top8 = [r.player_id for r in standings.rows[:8]]

    stages = []
    for n in range(1, 5):
        stage = _advance(stub, cid, n)
        assert (stage.number, stage.kind) == (n + 1, "mahjong-playoff")
        if n == 1:
            assert [list(t.player_ids) for t in stage.rounds[0].tables] == [top8[0::2], top8[1::2]]
            with pytest.raises(grpc.RpcError) as finished:  # the regular stage takes no new result now
                stub.RecordPenalty(
                    results_pb2.RecordPenaltyRequest(
                        competition_id=cid,
                        round=1,
                        table=1,
                        penalty=results_pb2.PenaltyEntry(player_id=rounds[0][0][0], points=1000, reason="late"),
                        recorded_by=BY,
                    ),
                    timeout=10,
                )
            assert finished.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        if stage.name == "final":
            _schedule_the_final(deployment, cid, stage)
        last = _record_stage(stub, cid, stage)
        assert last.completed_stage
        stages.append(stage)
    assert [s.name for s in stages] == ["round 1", "round 2", "round 3", "final"]

    with pytest.raises(grpc.RpcError) as over:
        _advance(stub, cid, 5)
    assert over.value.code() == grpc.StatusCode.FAILED_PRECONDITION

    playoff = stub.GetPlayoff(stages_pb2.GetPlayoffRequest(competition_id=cid), timeout=10)
    assert playoff.finished and list(playoff.regular_places) == top8
    final = playoff.stages[-1].tables[0]
    assert (final.name, final.hanchans_played, final.hanchans) == ("final", 5, 5)
    assert list(playoff.progress.final_order) == list(final.order)
    assert [playoff.first_prize_player_id, playoff.second_prize_player_id] == list(final.order)[:2]
    assert sorted(final.order) == sorted(stages[-1].rounds[0].tables[0].player_ids)
    assert len(playoff.progress.exits) == 4 and all(e.reason for e in playoff.progress.exits)
    # and in Russian, players named (docs/rules.md mahjong.playoff.explanations-in-both-languages)
    assert all("дальше проходят только первые двое" in e.reason_ru for e in playoff.progress.exits)
    assert len(playoff.progress.explanation_ru) == len(playoff.progress.explanation)
    assert playoff.progress.explanation_ru[-1].startswith("Итоговые места: 1. P")
    assert playoff.names[playoff.first_prize_player_id].startswith("P")

    events = EventLog(make_engine(deployment.gateway_database_url, poolclass=NullPool)).for_competition(cid)
    created = [subject for kind, subject in events if kind == "stage.created"]
    completed = [subject for kind, subject in events if kind == "stage.completed"]
    assert created == [s.id for s in stages] and completed == ["2", "3", "4", "5"]
    assert sum(1 for kind, _ in events if kind == "standings.changed") == 4 * 6 * 3 + 1 + 1 + 2 * 3 * 2 + 3 + 5


@pytest.mark.rule("mahjong.playoff.no-show-substitute")
def test_a_playoff_with_a_no_show_and_a_registered_substitute_goes_to_the_prizes_through_the_gateway(embedded):
    """Round 1, table A: its second seat does not come and the registered technical substitute plays and
    wins every hanchan; he is removed from the table's order (§6.1), the no-show places last of the
    table, and the playoff goes on stage by stage to the prizes, which the substitute never takes."""
    stub = _Keyed(embedded.gateway, "playoff-no-show")
    cid, rounds = _setup(stub)
    _record_regular(stub, cid, rounds)
    substitute = stub.RegisterPlayer(  # the same request as _record_regular's: the same player
        competitions_pb2.RegisterPlayerRequest(
            competition_id=cid, name=season.SUBSTITUTE, status=competitions_pb2.PLAYER_STATUS_SUBSTITUTE, idempotency_key="sub"
        ),
        timeout=10,
    ).id
    round_1 = _advance(stub, cid, 1)
    a = list(round_1.rounds[0].tables[0].player_ids)
    absent = a[1]
    stub.RecordNoShow(
        results_pb2.RecordNoShowRequest(
            competition_id=cid,
            stage=2,
            round=1,
            table=1,
            no_show=results_pb2.NoShowEntry(player_id=absent, substitute=substitute),
            recorded_by=BY,
            idempotency_key="playoff-no-show",
        ),
        timeout=10,
    )
    sat = [substitute if p == absent else p for p in a]
    for h in (1, 2, 3):
        stub.RecordHanchan(
            results_pb2.RecordHanchanRequest(
                competition_id=cid,
                stage=2,
                round=1,
                table=1,
                hanchan=results_pb2.HanchanResult(
                    number=h, scores=season.ranked_scores(sat, [substitute, a[0], a[2], a[3]], 2, 1, 1, h)
                ),
                recorded_by=BY,
                idempotency_key=f"s2-1-{h}",
            ),
            timeout=10,
        )
    b = round_1.rounds[0].tables[1]
    for h in (1, 2, 3):
        last = stub.RecordHanchan(
            results_pb2.RecordHanchanRequest(
                competition_id=cid,
                stage=2,
                round=1,
                table=2,
                hanchan=results_pb2.HanchanResult(number=h, scores=season.scores(list(b.player_ids), 2, 1, 2, h)),
                recorded_by=BY,
                idempotency_key=f"s2-2-{h}",
            ),
            timeout=10,
        )
    assert last.completed_stage
    playoff = stub.GetPlayoff(stages_pb2.GetPlayoffRequest(competition_id=cid), timeout=10)
    table_a = playoff.stages[0].tables[0]
    assert list(table_a.order) == [substitute, a[0], a[2], a[3], absent] and substitute in table_a.substitute_ids
    assert list(table_a.no_show_ids) == [absent]

    stages = [round_1]
    for n in range(2, 5):  # was: "table A seats 4, the result has 5 places", and no round 2 ever
        stage = _advance(stub, cid, n)
        if n == 2:
            upper, lower = (set(t.player_ids) for t in stage.rounds[0].tables)
            assert {a[0], a[2]} <= upper and {a[3], absent} <= lower and substitute not in upper | lower
        assert _record_stage(stub, cid, stage).completed_stage
        stages.append(stage)
    playoff = stub.GetPlayoff(stages_pb2.GetPlayoffRequest(competition_id=cid), timeout=10)
    assert playoff.finished and [s.name for s in stages] == ["round 1", "round 2", "round 3", "final"]
    prizes = [playoff.first_prize_player_id, playoff.second_prize_player_id]
    assert prizes == list(playoff.stages[-1].tables[0].order)[:2] and substitute not in prizes


@pytest.mark.rule("mahjong.playoff.stale-after-correction")
@pytest.mark.rule("mahjong.standings.explanations-in-both-languages")
def test_a_confirmed_correction_changing_the_top_8_is_flagged_until_the_organizer_regenerates_round_1(embedded):
    """After round 1 was generated, a correction the organizer confirms moves place 9 into the top 8:
    GetStandings names whom the stored round 1 seats and whom the standings qualify until the organizer
    decides (a player may not); REGENERATE is audited, removes the unplayed round 1, and AdvanceStage
    generates it again from the corrected standings."""
    deployment = embedded
    stub = _Keyed(deployment.gateway, "stale-playoff")
    cid, rounds = _setup(stub)
    _record_regular(stub, cid, rounds)
    round_1 = _advance(stub, cid, 1)
    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    assert not standings.HasField("playoff_conflict")
    rows = list(standings.rows)
    top9 = [r.player_id for r in rows[:9]]
    p8, p9 = top9[7], top9[8]
    gap = math.floor(Fraction(rows[7].total) - Fraction(rows[8].total)) + 1
    r, t = next(
        (r, t)
        for r, tables in enumerate(rounds, start=1)
        for t, seats in enumerate(tables, start=1)
        if p9 in seats and p8 not in seats and (r, t) != NO_SHOW_AT and (r, t, 1) != CHOMBO_AT
    )
    (record,) = [
        x
        for x in stub.ListResultRecords(
            results_pb2.ListResultRecordsRequest(competition_id=cid, round=r, table=t), timeout=10
        ).result_records
        if x.hanchan.number == 1
    ]
    scores = dict(record.hanchan.scores)
    q = next(p for p in scores if p not in top9)
    scores[p9] += gap
    scores[q] -= gap
    stub.CorrectRecord(
        results_pb2.CorrectRecordRequest(
            competition_id=cid,
            record_id=record.id,
            reason="scores misread",
            recorded_by="organizer",
            hanchan=results_pb2.HanchanResult(number=1, scores=scores),
            organizer_confirms=True,
            idempotency_key="correction-8-9",
        ),
        timeout=10,
    )
    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    conflict = standings.playoff_conflict
    assert conflict.open and conflict.stage == 2
    assert list(conflict.seated_not_qualified_ids) == [p8] and list(conflict.qualified_not_seated_ids) == [p9]
    assert conflict.explanation in standings.notes and "the organizer decides the playoff" in conflict.explanation
    # and in Russian (docs/rules.md mahjong.standings.explanations-in-both-languages)
    assert conflict.explanation_ru in standings.notes_ru and "организатор решает судьбу плей-офф" in conflict.explanation_ru
    assert len(standings.notes_ru) == len(standings.notes)
    assert all(r.fate_reason_ru and bool(r.separated_from_next_ru) == bool(r.separated_from_next) for r in standings.rows)
    assert {r.player_id: r.fate for r in standings.rows}[p9] == "playoff"

    decide = results_pb2.DecidePlayoffRequest(
        competition_id=cid,
        decision=results_pb2.PLAYOFF_DECISION_KIND_REGENERATE,
        reason="round 1 not played yet",
        idempotency_key="regenerate",
    )
    player = deployment.accounts.player(cid, p8)
    with pytest.raises(grpc.RpcError) as denied:  # the organizer decides, not a player
        player.DecidePlayoff(decide, timeout=10)
    assert denied.value.code() == grpc.StatusCode.PERMISSION_DENIED
    decision = stub.DecidePlayoff(decide, timeout=10)
    assert decision.decision == results_pb2.PLAYOFF_DECISION_KIND_REGENERATE and list(decision.removed_stages) == [2]
    assert decision.decided_by and set(decision.stored_player_ids) == {p for t in round_1.rounds[0].tables for p in t.player_ids}
    assert p8 in decision.stored_player_ids and p9 in decision.qualified_player_ids
    assert stub.DecidePlayoff(decide, timeout=10).id == decision.id  # a retry answers the same decision
    standings = stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
    assert not standings.HasField("playoff_conflict")
    audit = stub.ListAuditLog(identity_pb2.ListAuditLogRequest(), timeout=10).entries
    assert any(e.rpc == "DecidePlayoff" and e.outcome == "OK" and e.reason == "round 1 not played yet" for e in audit)
    again = _advance(stub, cid, 11)
    assert again.number == 2 and p9 in {p for t in again.rounds[0].tables for p in t.player_ids}
    assert p8 not in {p for t in again.rounds[0].tables for p in t.player_ids}
