"""The open cup through the league service on in-memory fakes: seeding, stages paired from the
survivors, series recorded game by game, the final with the third-place match, disqualification,
the bracket read (docs/rules.md ``cup.stages.*``, ``cup.records.*``, ``cup.disqualification.*``)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from league.adapters.season_file import load_season
from league.domain.cup import knockout as cup
from league.domain.cup.progress import score_cup_season
from league.domain.cup.season import CupSeason
from league.domain.model import PlayerStatus
from league.domain.records import GameEntry, HanchanEntry
from league.grpc_api import plan_to_proto
from league.service import League
from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests.unit.fakes import FakeLeagueRepository, FakeUnitOfWork
from tests.unit.gateway_fakes import gateway_on_fakes

pytestmark = pytest.mark.unit
START = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)
BY = "arbiter"


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeLeagueRepository]:
    return FakeUnitOfWork(FakeLeagueRepository())


@pytest.fixture
def league(uow) -> League:
    return League(uow, clock=Clock())


def _cup(league: League, players: int) -> tuple[str, list[str]]:
    """A cup of ``players``; player i (from 1) has rating 3000 - i, so seed i is player i."""
    competition = league.competitions.create("Open cup", "open-cup-2023", 6, 2)
    ids = [league.roster.register(competition.id, f"P{i:02d}", rating=3000 - i).id for i in range(1, players + 1)]
    return competition.id, ids


def _advance(league: League, cid: str):
    """What the gateway's AdvanceStage does: PrepareStage (seated by league), then SaveStage."""
    plan = league.stages.prepare(cid)
    return league.stages.save(cid, plan.number, (), BY)


def _game(league, cid, stage, table, number, first, second, result, key=""):
    return league.records.record_game(cid, stage, 1, table, GameEntry(number, first, second, result), BY, key)


def _play_stage(league, cid, stage, seed_of, results=None):
    """Every pairing of the stage: the better seed wins 2-0 unless ``results[table]`` says otherwise."""
    results = results or {}
    last = None
    for t, table in enumerate(stage.rounds[0], start=1):
        if len(table) == 1:
            continue
        a, b = table
        better = a if seed_of[a] < seed_of[b] else b
        for n, res in enumerate(results.get(t, ["1-0" if better == a else "0-1"] * 2), start=1):
            last = _game(league, cid, stage.number, t, n, a, b, res)
    return last


@pytest.mark.rule("cup.stages.paired-from-survivors")
@pytest.mark.rule("cup.stages.final-with-third-place")
@pytest.mark.rule("cup.bracket.read")
@pytest.mark.rule("cup.bracket.later-stages")
@pytest.mark.rule("cup.final.third-place-match")
@pytest.mark.rule("cup.final.places-1-to-4")
def test_an_8_player_cup_goes_stage_by_stage_to_its_final_places(league):
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    qf = _advance(league, cid)
    assert (qf.number, qf.kind, qf.name) == (1, "cup-knockout", "quarter-final")
    assert qf.rounds[0] == tuple((ids[i + 4], ids[i]) for i in range(4))  # 1 v 5, 2 v 6, ...: blue to the lower rating (4.1.2)
    assert qf.basis["seeds"] == [[p, i] for i, p in enumerate(ids, start=1)]
    with pytest.raises(FailedPrecondition, match="stage 1 \\(quarter-final\\) is not finished"):
        league.stages.prepare(cid)
    last = _play_stage(league, cid, qf, seed_of)
    assert last.completed_stage
    sf = _advance(league, cid)
    assert sf.name == "semi-final" and sf.basis["survivors"] == [[p, i] for i, p in enumerate(ids[:4], start=1)]
    assert sf.rounds[0] == ((ids[2], ids[0]), (ids[3], ids[1]))
    _play_stage(league, cid, sf, seed_of)
    final = _advance(league, cid)
    assert final.name == "final" and final.rounds == (((ids[1], ids[0]), (ids[3], ids[2])),)
    assert final.details["third_place_table"] == 2
    _play_stage(league, cid, final, seed_of)
    plan = league.stages.prepare(cid)
    assert plan.finished and plan.number == 0
    bracket = league.brackets.get(cid)
    assert bracket.progress is not None and bracket.progress.finished
    assert bracket.progress.places == tuple(ids[:4])
    assert [bracket.progress.results[p].prize_place for p in ids[:4]] == [1, 2, 3, 4]
    with pytest.raises(FailedPrecondition, match="finished"):
        league.stages.save(cid, 4, (), BY)


@pytest.mark.rule("cup.stages.seeded-from-the-roster")
@pytest.mark.rule("cup.progress.explanations-in-both-languages")
def test_fewer_than_8_players_is_refused_and_over_64_keeps_the_best_64(league):
    cid, _ = _cup(league, 7)
    with pytest.raises(FailedPrecondition, match="the cup needs at least 8 players"):
        league.stages.prepare(cid)
    cid, ids = _cup(league, 66)
    plan = league.stages.prepare(cid)
    assert plan.name == "1/32 final" and len(plan.groups[0][1]) == 64 and len(plan.rounds[0]) == 32
    assert any(ids[64] in n and ids[65] in n and "left out" in n for n in plan.notes)
    answer = plan_to_proto(cid, plan)  # and in Russian (docs/rules.md cup.progress.explanations-in-both-languages)
    assert answer.notes_ru[0] == "посев 64 игроков по рейтингу, затем по порядку регистрации (3.4.1.1, 3.4.1.3)"
    assert "не включены" in answer.notes_ru[1] and ids[64] in answer.notes_ru[1]
    assert league.brackets.get(cid).cut == (ids[64], ids[65])


@pytest.mark.rule("cup.stages.paired-from-survivors")
def test_a_seating_other_than_the_literal_pairing_is_refused_and_nothing_stored(league, uow):
    cid, ids = _cup(league, 8)
    with pytest.raises(InvalidArgument) as error:
        league.stages.save(cid, 1, (((ids[0], ids[1]), (ids[2], ids[3]), (ids[4], ids[5]), (ids[6], ids[7])),), BY)
    assert error.value.violations[0].field == "rounds" and "seated by league" in error.value.violations[0].description
    assert uow.repository.stages_by_id == {}
    plan = league.stages.prepare(cid)  # league's own seating: the literal pairing by halves, blue first
    assert plan.rounds == (((ids[4], ids[0]), (ids[5], ids[1]), (ids[6], ids[2]), (ids[7], ids[3])),)


@pytest.mark.rule("cup.records.series-games-in-order")
def test_games_of_a_series_are_checked_and_a_bad_one_stores_nothing(league, uow):
    cid, ids = _cup(league, 8)
    qf = _advance(league, cid)
    blue, other = qf.rounds[0][0]  # seed 5 (blue) v seed 1
    cases = [
        (GameEntry(1, blue, ids[1], "1-0"), InvalidArgument, "game.second_player_id"),
        (GameEntry(2, blue, other, "1-0"), InvalidArgument, "game.number"),
        (GameEntry(1, blue, blue, "1-0"), InvalidArgument, "game.second_player_id"),
    ]
    for entry, kind, field in cases:
        with pytest.raises(kind) as error:
            league.records.record_game(cid, 1, 1, 1, entry, BY)
        assert error.value.violations[0].field == field
    assert uow.repository.records_by_id == {}
    _game(league, cid, 1, 1, 1, blue, other, "=")  # drawn: replayed, does not count
    _game(league, cid, 1, 1, 2, other, blue, "1-0")  # the order may alternate
    with pytest.raises(InvalidArgument, match="game 2 of pairing 1 of the quarter-final is already recorded; correct it"):
        _game(league, cid, 1, 1, 2, blue, other, "1-0")
    _game(league, cid, 1, 1, 3, blue, other, "0-1")
    with pytest.raises(FailedPrecondition, match=f"pairing 1 of the quarter-final is decided: {other} won 2-0"):
        _game(league, cid, 1, 1, 4, blue, other, "1-0")
    assert len(uow.repository.records_by_id) == 3
    with pytest.raises(InvalidArgument) as error:
        league.records.record_hanchan(cid, 1, 1, HanchanEntry(1, ()), BY, stage=1)
    assert error.value.violations[0].field in ("hanchan", "hanchan.scores")


@pytest.mark.rule("cup.records.series-games-in-order")
@pytest.mark.rule("cup.progress.double-technical-defeat")
def test_technical_defeats_end_no_series_a_double_one_is_a_game_neither_wins_and_prizes_need_at_most_one(league):
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    qf = _advance(league, cid)
    s8, s4 = qf.rounds[0][3]
    # seeds 8 and 4 both absent from game 1 (4.3.3): both lose it, the series goes on (it used to end it)
    _game(league, cid, 1, 4, 1, s8, s4, "-/-")
    _game(league, cid, 1, 4, 2, s8, s4, "0-1")
    assert not league.brackets.get(cid).progress.stages[0].matches[3].decided
    # seed 1 loses game 1 technically (absent), then wins 2 games: one technical defeat
    _play_stage(league, cid, qf, seed_of, {1: ["+/-", "0-1", "0-1"], 4: []})
    _game(league, cid, 1, 4, 3, s8, s4, "0-1")  # seed 4 wins 2-0 after the game both missed
    sf = _advance(league, cid)
    assert sf.rounds[0] == ((ids[2], ids[0]), (ids[3], ids[1]))
    _game(league, cid, 2, 2, 1, ids[3], ids[1], "-/-")  # in a medal stage too: a game neither wins
    _play_stage(league, cid, sf, seed_of, {1: ["1-0", "0-1", "0-1"], 2: []})  # seed 1 wins 2-1
    for n in (2, 3):
        last = _game(league, cid, 2, 2, n, ids[3], ids[1], "0-1")
    assert last.completed_stage
    final = _advance(league, cid)
    assert final.rounds == (((ids[1], ids[0]), (ids[3], ids[2])),)
    _play_stage(league, cid, final, seed_of, {1: ["0-1", "0-1"]})
    progress = league.brackets.get(cid).progress
    assert progress is not None and progress.places == (ids[0], ids[1], ids[2], ids[3])
    first, second, fourth = (progress.results[ids[k]] for k in (0, 1, 3))
    assert first.technical_defeats == 1 and first.prize_place == 1
    assert second.technical_defeats == 1 and second.prize_place == 2
    assert fourth.technical_defeats == 2 and fourth.prize_place is None  # two double technical defeats (1.7.2)


@pytest.mark.rule("cup.progress.prize-eligibility")
def test_two_technical_defeats_lose_the_prize_but_keep_the_medal(league):
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    qf = _advance(league, cid)
    _play_stage(league, cid, qf, seed_of, {1: ["+/-", "0-1", "0-1"]})
    sf = _advance(league, cid)
    _play_stage(league, cid, sf, seed_of, {1: ["1-0", "0-1", "0-1"]})  # a lost game, no technical defeat
    final = _advance(league, cid)
    _play_stage(league, cid, final, seed_of, {1: ["+/-", "0-1", "0-1"]})  # seed 1 absent once more
    result = league.brackets.get(cid).progress.results[ids[0]]
    assert result.place == 1 and result.technical_defeats == 2 and result.prize_place is None
    assert any("no prize for place 1" in w for w in result.why)


@pytest.mark.rule("cup.disqualification.through-service")
def test_a_disqualification_gives_his_opponent_the_series_and_completes_the_stage(league, uow):
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    qf = _advance(league, cid)
    _play_stage(league, cid, qf, seed_of, {4: ["0-1"]})  # pairing 4 (seed 8 v seed 4) open after game 1
    with pytest.raises(InvalidArgument) as error:
        league.roster.disqualify(cid, ids[7], " ", BY)
    assert error.value.violations[0].field == "reason"
    assert uow.repository.disqualifications_by_id == {}
    done = league.roster.disqualify(cid, ids[3], "unsporting conduct", BY, "dq-1")
    assert done.player.status is PlayerStatus.DISQUALIFIED and done.disqualification.stage == 1 and done.completed_stage
    assert league.roster.disqualify(cid, ids[3], "unsporting conduct", BY, "dq-1").disqualification == done.disqualification
    with pytest.raises(FailedPrecondition, match="already disqualified"):
        league.roster.disqualify(cid, ids[3], "again", BY)
    pairing = league.brackets.get(cid).progress.stages[0].matches[3]
    assert pairing.winner == ids[7] and pairing.technical and "disqualified" in pairing.explanation
    sf = _advance(league, cid)
    assert ids[7] in {p for t in sf.rounds[0] for p in t}


@pytest.mark.rule("cup.disqualification.through-service")
def test_a_disqualified_semi_final_winner_lifts_everyone_he_beat(league):
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    for _ in range(2):
        _play_stage(league, cid, _advance(league, cid), seed_of)
    final = _advance(league, cid)
    done = league.roster.disqualify(cid, ids[0], "doping", BY)
    assert done.disqualification.stage == 3 and done.completed_stage is False  # the third-place match is still open
    with pytest.raises(FailedPrecondition, match="was disqualified \\(doping\\)"):
        _game(league, cid, 3, 1, 1, ids[1], ids[0], "1-0")
    _play_stage(league, cid, final, seed_of, {1: []})
    progress = league.brackets.get(cid).progress
    assert progress.finished
    # seed 1 beat seed 5 (quarter-final) and seed 3 (semi-final): seed 3 takes his level (place 2), seed 5 seed 3's
    assert progress.results[ids[0]].disqualified and progress.results[ids[0]].place is None
    assert progress.results[ids[1]].place == 1
    assert progress.results[ids[2]].place == 2
    assert progress.results[ids[4]].place == 3
    assert any("moves up one level" in line for line in progress.explanation)


@pytest.mark.rule("cup.bracket.read")
def test_the_bracket_before_the_first_stage_shows_the_seeds_and_a_cup_only(league):
    cid, ids = _cup(league, 9)
    bracket = league.brackets.get(cid)
    assert bracket.seeds == tuple(ids) and bracket.progress is None
    mahjong = league.competitions.create("League", "discard-league-2026", 2, 4)
    with pytest.raises(FailedPrecondition, match="not a cup"):
        league.brackets.get(mahjong.id)
    assert cup.FINAL == "final"


@pytest.mark.rule("cup.disqualification.through-service")
def test_the_gateway_passes_a_disqualification_on_with_a_scoped_key_and_appends_its_events():
    gateway, downstream, events, _ = gateway_on_fakes()
    league = downstream.league_service
    cid, ids = _cup(league, 8)
    qf = _advance(league, cid)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    _play_stage(league, cid, qf, seed_of, {4: []})  # every pairing decided but 8 v 4
    request = stages_pb2.DisqualifyPlayerRequest(
        competition_id=cid, player_id=ids[7], reason="no-show at the hall", recorded_by=BY, idempotency_key="dq"
    )
    done = asyncio.run(gateway.disqualify_player(request, "judge-1"))
    assert done.player.status == competitions_pb2.PLAYER_STATUS_DISQUALIFIED and done.completed_stage and done.stage == 1
    assert events.for_competition(cid)[-2:] == [("player.disqualified", ids[7]), ("stage.completed", "1")]
    [sent] = [c.request for c in downstream.calls if c.method == "DisqualifyPlayer"]
    assert sent.idempotency_key not in ("", "dq")  # scoped to the caller and the method
    bracket = asyncio.run(gateway.league("GetCupBracket", stages_pb2.GetCupBracketRequest(competition_id=cid)))
    assert bracket.stages[0].pairings[3].winner_id == ids[3] and bracket.stages[0].pairings[3].technical


@pytest.mark.rule("cup.disqualification.through-service")
def test_in_a_mahjong_league_a_disqualification_only_sets_the_status(league):
    competition = league.competitions.create("League", "discard-league-2026", 2, 4)
    players = [league.roster.register(competition.id, f"M{i}").id for i in range(8)]
    done = league.roster.disqualify(competition.id, players[0], "cheating", BY)
    assert done.player.status is PlayerStatus.DISQUALIFIED and done.disqualification.stage == 0 and not done.completed_stage
    assert [p.id for p in league.roster.list(competition.id)] == players[1:]


@pytest.mark.rule("cup.stages.paired-from-survivors")
def test_advance_stage_through_the_gateway_pairs_each_stage_and_appends_the_stage_events():
    gateway, downstream, events, _ = gateway_on_fakes()
    league = downstream.league_service
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}

    def advance(n: int) -> stages_pb2.Stage:
        request = stages_pb2.AdvanceStageRequest(competition_id=cid, created_by=BY, idempotency_key=f"s{n}")
        return asyncio.run(gateway.advance_stage(request, "judge"))

    for n, name in enumerate(("quarter-final", "semi-final", "final"), start=1):
        before = len(downstream.calls)
        stage = advance(n)
        assert (stage.number, stage.name) == (n, name)
        # league plans, seats and stores the stage: two league calls, the solver is not asked
        assert [(c.service, c.method) for c in downstream.calls[before:]] == [("league", "PrepareStage"), ("league", "SaveStage")]
        for t, table in enumerate(stage.rounds[0].tables, start=1):
            a, b = table.player_ids
            result = "1-0" if seed_of[a] < seed_of[b] else "0-1"
            for g in (1, 2):
                game = results_pb2.GameResult(number=g, first_player_id=a, second_player_id=b, result=result)
                request = results_pb2.RecordGameRequest(competition_id=cid, stage=n, round=1, table=t, game=game, recorded_by=BY)
                asyncio.run(gateway.record_result("RecordGame", request, "judge"))
    kinds = [k for k, _ in events.for_competition(cid) if k.startswith("stage.")]
    assert kinds == ["stage.created", "stage.completed"] * 3
    assert len(stage.rounds[0].tables) == 2  # the final and the third-place match
    with pytest.raises(FailedPrecondition, match="finished"):
        advance(4)


def _structure(progress: cup.CupProgress, name: dict[str, str]) -> tuple:
    """Everything the cup domain decided, by player name (the explanations carry ids or names)."""
    stages = tuple(
        (
            sp.number,
            sp.name,
            tuple(
                (
                    tuple(name[p] for p in m.players),
                    m.wins,
                    m.winner and name[m.winner],
                    tuple(name[p] for p in m.losers),
                    m.technical,
                )
                for m in sp.all_matches
            ),
        )
        for sp in progress.stages
    )
    results = {
        name[p]: (r.seed, r.place, r.eliminated_in, r.award, r.technical_defeats, r.prize_place, r.disqualified)
        for p, r in progress.results.items()
    }
    return stages, tuple(name[p] if p else None for p in progress.places), results, progress.finished


@pytest.mark.rule("cup.season-file.same-scorer")
def test_the_service_recording_the_example_s_games_gives_the_season_file_s_bracket(league):
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "open-cup-season.json"
    season = load_season(example.read_text(encoding="utf-8"))
    assert isinstance(season, CupSeason)
    offline = score_cup_season(season)
    competition = league.competitions.create("Open cup", "open-cup-2023", 6, 2)
    ids = {e.name: league.roster.register(competition.id, e.name, rating=e.rating).id for e in season.entrants}
    cid = competition.id
    while not (plan := league.stages.prepare(cid)).finished:
        stage = _advance(league, cid)
        for d in season.disqualifications:
            if d.stage == stage.number:
                league.roster.disqualify(cid, ids[d.player], d.reason, BY)
        table_of = {frozenset(t): k for k, t in enumerate(stage.rounds[0], start=1)}
        for s in season.series:
            if s.stage == stage.number:
                first, second = (ids[p] for p in s.players)
                for n, result in enumerate(s.results, start=1):
                    _game(league, cid, stage.number, table_of[frozenset((first, second))], n, first, second, result)
    assert plan.finished
    online = league.brackets.get(cid).progress
    assert online is not None
    names = {pid: n for n, pid in ids.items()}
    assert _structure(online, names) == _structure(offline.progress, {n: n for n in ids})
    assert [s.rounds[0] for s in league.stages.list(cid)] == [
        tuple(tuple(ids[p] for p in t) for t in paired.tables) for paired in offline.stages
    ]


def _series_records(league, cid, stage, table):
    return [r for r in league.records.history(cid, 1, table, stage=stage) if not r.replaces_record_id]


def _corrected(record, result):
    return GameEntry(record.content.number, record.content.first, record.content.second, result)


@pytest.mark.rule("cup.records.correction-refused-after-later-stage")
@pytest.mark.rule("cup.records.correction-recomputes-derived")
def test_a_corrected_series_after_the_next_stage_was_paired_is_refused_then_confirmed_and_the_stored_pairs_stand(league, uow):
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    _play_stage(league, cid, _advance(league, cid), seed_of)  # the better seed wins every series 2-0
    semi = _advance(league, cid)
    assert semi.rounds[0] == ((ids[2], ids[0]), (ids[3], ids[1]))
    g1, g2 = _series_records(league, cid, 1, 1)  # P05 (blue) v P01: "0-1", "0-1"
    stored = len(uow.repository.records(cid))
    with pytest.raises(FailedPrecondition) as error:
        league.records.correct(cid, g2.id, _corrected(g2, "1-0"), "the result sheet says P05 won game 2", BY)
    assert "stage 2 (semi-final) could no longer be generated: stage 1 (quarter-final) is not finished: pairing 1" in (
        error.value.message
    )
    assert "P05 v P01" in error.value.message and len(uow.repository.records(cid)) == stored
    done = league.records.correct(
        cid, g2.id, _corrected(g2, "1-0"), "the result sheet says P05 won game 2", BY, organizer_confirms=True
    )
    assert done.changes[0] == "stage 1 (quarter-final), pairing 1: undecided again (1-1) (was won by P01)"
    assert any(
        c.startswith("to redo: stage 2 (semi-final) keeps the players it was generated with; the arbiter") for c in done.changes
    )
    with pytest.raises(FailedPrecondition) as error:
        league.records.correct(cid, g1.id, _corrected(g1, "1-0"), "game 1 too", BY)
    message = error.value.message
    assert message.startswith("this correction changes who plays in stage 2 (semi-final): ")
    # the survivors P02, P03, P04, P05 would be paired P04 v P02, P05 v P03
    assert "P05 would play at table 2" in message and "P01 would not play (he played at table 1)" in message
    done = league.records.correct(cid, g1.id, _corrected(g1, "1-0"), "game 1 too", BY, organizer_confirms=True)
    assert "stage 1 (quarter-final), pairing 1: won by P05 2-0 (was undecided)" in done.changes
    assert any(c.startswith("confirmed by the organizer: this correction changes who plays in stage 2") for c in done.changes)
    # the semi-final keeps P01, who plays it out; P05 won his way in but is not in it
    bracket = league.brackets.get(cid)
    assert bracket.progress is not None and bracket.stages[1].rounds == semi.rounds
    assert any("keeps the players it was paired with" in line for line in bracket.progress.explanation)
    assert bracket.progress.results[ids[4]].eliminated_in == "semi-final"
    _play_stage(league, cid, semi, seed_of)
    final = _advance(league, cid)
    _play_stage(league, cid, final, seed_of)
    progress = league.brackets.get(cid).progress
    assert progress is not None and progress.finished and progress.places == tuple(ids[:4])


@pytest.mark.rule("cup.records.correction-recomputes-derived")
def test_a_correction_that_keeps_every_series_winner_changes_nothing_derived(league):
    cid, ids = _cup(league, 8)
    seed_of = {p: i for i, p in enumerate(ids, start=1)}
    _play_stage(league, cid, _advance(league, cid), seed_of)
    _advance(league, cid)
    first, _ = _series_records(league, cid, 1, 2)  # P06 (blue) v P02: P02 won game 1 over the board
    done = league.records.correct(cid, first.id, _corrected(first, "-/+"), "P06 did not come to game 1", BY)
    assert done.changes == ("no derived change", "stage 2 (semi-final) tables unchanged")
    assert league.brackets.get(cid).progress.results[ids[5]].technical_defeats == 1


@pytest.mark.rule("cup.entry.closed-once-drawn")
def test_a_drawn_bracket_takes_nobody_more_and_stores_nothing(league, uow):
    cid, ids = _cup(league, 8)
    league.roster.register(cid, "Late but in time", rating=1)  # before the draw: still open
    _advance(league, cid)
    for status in (PlayerStatus.MAIN, PlayerStatus.RESERVE):
        with pytest.raises(FailedPrecondition, match="registration closed: the bracket .* is drawn"):
            league.roster.register(cid, "Too late", rating=2000, status=status)
    assert "Too late" not in {p.name for p in uow.repository.players(cid)}


def test_a_stage_s_round_tables_come_from_league_under_their_match_keys(league):
    """GetRoundTables: a cup's stage 1 is a stored stage (no draw); a later stage not generated yet is
    NOT_FOUND; a round outside the stage names ``round`` with its catalogue reason."""
    cid, _ = _cup(league, 8)
    with pytest.raises(FailedPrecondition):  # stage 1 not generated and no draw: what GetDraw answered
        league.stages.round_tables(cid, 1, 1)
    stage = _advance(league, cid)
    with pytest.raises(NotFound):
        league.stages.round_tables(cid, 2, 1)
    found = league.stages.round_tables(cid, 0, 1)
    assert [players for _, players in found.tables] == [tuple(t) for t in stage.rounds[0]]
    assert [key for key, _ in found.tables] == [f"{cid}/1/1/{t}" for t in range(1, len(stage.rounds[0]) + 1)]
    with pytest.raises(InvalidArgument) as error:
        league.stages.round_tables(cid, 1, 2)
    assert error.value.reason == "STAGE_ROUND_OUT_OF_RANGE" and [v.field for v in error.value.violations] == ["round"]
