"""League storage on SQLite and on PostgreSQL: the schema comes from the migrations, and the use
cases keep their promises (idempotency, unique names, nothing deleted)."""

from __future__ import annotations

import concurrent.futures

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from league.adapters.tables import metadata
from league.app import make_service
from league.domain import model
from league.domain.model import Competition, DrawStatistics, DrawStatus, PlayerStatus
from league.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from rondo_runtime.paging import TIME_KEY, WHOLE_LIST, Page, decode_page_token, query_fingerprint

pytestmark = pytest.mark.integration

STATS = DrawStatistics(objective=(0, 1, 0, 0, 0), lower_bound=(0, 1, 0, 0, 0), proven_optimal=True, method="test")


@pytest.fixture
def league(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield make_service(engine)
    engine.dispose()


def test_migrations_build_exactly_the_model_schema(league):
    with league.uow.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), metadata)
    assert diff == []


def test_migrations_are_idempotent_on_restart(league):
    run_migrations(league.uow.engine, MIGRATIONS)  # a second start-up applies nothing and fails nothing
    assert league.competitions.create("Spring league", "", 0, 0).rounds == 4


def test_competition_round_trip_and_ruleset_defaults(league):
    created = league.competitions.create("  Spring   league ", "discard-league-2026", 0, 0)
    loaded = league.competitions.get(created.id)
    assert loaded == created
    assert (loaded.name, loaded.rounds, loaded.table_size) == ("Spring league", 4, 4)
    assert loaded.created_at.tzinfo is not None


def test_create_competition_with_same_idempotency_key_returns_first(league):
    first = league.competitions.create("A", "", 4, 4, idempotency_key="k1")
    again = league.competitions.create("A", "", 4, 4, idempotency_key="k1")
    assert again.id == first.id


def test_competitions_are_listed_oldest_first_a_keyset_page_at_a_time(league):
    """Page after page by (creation time, id): a competition created between two pages comes at the end,
    nothing is skipped or repeated, and a page reads only its own rows (rondo_runtime/paging.py)."""
    made = [league.competitions.create(f"League {i}", "", 4, 4) for i in range(5)]
    everything, token = league.competitions.list(WHOLE_LIST)
    assert [c.id for c in everything] == [c.id for c in sorted(made, key=lambda c: (c.created_at, c.id))] and token == ""
    query = query_fingerprint("competitions")
    seen, token = [], ""
    late: list[Competition] = []
    while True:
        found, token = league.competitions.list(Page(2, decode_page_token(token, query, TIME_KEY), query))
        seen += found
        if not token:
            break
        late.append(league.competitions.create(f"Late {len(late)}", "", 4, 4))  # between two pages
    assert [c.id for c in seen] == [c.id for c in [*everything, *late]]
    assert len(late) >= 2
    with pytest.raises(InvalidArgument) as bad:
        league.competitions.list(Page(2, ("not a time", "x"), query))
    assert [v.reason for v in bad.value.violations] == ["PAGE_TOKEN_INVALID"]


def test_unknown_competition_is_not_found(league):
    with pytest.raises(NotFound):
        league.competitions.get("nope")


def test_players_keep_registration_order_and_unique_names(league):
    c = league.competitions.create("L", "", 4, 4)
    ids = [league.roster.register(c.id, f"Player {i}").id for i in range(5)]
    assert [p.id for p in league.roster.list(c.id)] == ids
    assert [p.registration_order for p in league.roster.list(c.id)] == [1, 2, 3, 4, 5]
    with pytest.raises(InvalidArgument) as error:
        league.roster.register(c.id, "  player   3 ")
    assert [v.field for v in error.value.violations] == ["name"]


def test_register_player_retry_with_key_registers_once(league):
    c = league.competitions.create("L", "", 4, 4)
    a = league.roster.register(c.id, "Saki", idempotency_key="x")
    b = league.roster.register(c.id, "Saki", idempotency_key="x")
    assert a.id == b.id and len(league.roster.list(c.id)) == 1


def test_concurrent_registrations_get_distinct_orders(league):
    c = league.competitions.create("L", "", 4, 4)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: league.roster.register(c.id, f"P{i}"), range(24)))
    orders = [p.registration_order for p in league.roster.list(c.id)]
    assert sorted(orders) == list(range(1, 25))


@pytest.mark.rule("mahjong.roster.withdrawal-keeps-history")
def test_withdrawn_player_leaves_roster_but_history_is_kept(league):
    c = league.competitions.create("L", "", 4, 4)
    p = league.roster.register(c.id, "Saki")
    league.roster.withdraw(c.id, p.id, "moved away")
    assert league.roster.list(c.id) == []
    (kept,) = league.roster.list(c.id, include_inactive=True)
    assert kept.status is PlayerStatus.WITHDRAWN
    with pytest.raises(FailedPrecondition):
        league.roster.withdraw(c.id, p.id, "again")


@pytest.mark.rule("mahjong.roster.statuses")
def test_the_main_roster_is_read_a_keyset_page_at_a_time_by_the_database_as_main_roster_says(league):
    """ListPlayers' filter is in SQL (``LeagueRepository.player_page``): pages of 2 of the main roster walk
    exactly ``model.main_roster`` of the whole roster, whatever mix of statuses it holds."""
    c = league.competitions.create("L", "", 4, 4)
    statuses = [PlayerStatus.MAIN, PlayerStatus.SUBSTITUTE, PlayerStatus.MAIN, PlayerStatus.MAIN, PlayerStatus.SUBSTITUTE]
    made = [league.roster.register(c.id, f"P{i}", status=statuses[i % len(statuses)]) for i in range(11)]
    for gone in (made[0], made[3], made[7]):
        league.roster.withdraw(c.id, gone.id, "moved away")
    for include_inactive in (False, True):
        walked, after = [], None
        while True:
            found, token = league.roster.page(c.id, include_inactive, Page(2, after, "q"))
            walked += found
            if not token:
                break
            after = decode_page_token(token, "q", (int,))
        everyone = league.roster.list(c.id, include_inactive=True)
        assert walked == (everyone if include_inactive else model.main_roster(everyone))
    assert [p.status for p in league.roster.list(c.id)].count(PlayerStatus.SUBSTITUTE) == 4


@pytest.mark.rule("mahjong.roster.title")
def test_a_players_title_is_stored_bounded_like_a_name_and_listed(league):
    c = league.competitions.create("L", "", 4, 4)
    dan = league.roster.register(c.id, "Saki", title="  1   dan ", idempotency_key="saki")
    plain = league.roster.register(c.id, "Nodoka")
    longest = league.roster.register(c.id, "Koromo", title="т" * 100)  # 100 characters, Cyrillic: 200 bytes
    assert (dan.title, plain.title) == ("1 dan", "")
    listed = {p.name: p.title for p in league.roster.list(c.id)}
    assert listed == {"Saki": "1 dan", "Nodoka": "", "Koromo": "т" * 100}
    assert league.roster.register(c.id, "Saki", title="1 dan", idempotency_key="saki").id == dan.id  # the same request
    before = len(league.roster.list(c.id, include_inactive=True))
    for bad in ("x" * 101, "MCR\nmaster"):
        with pytest.raises(InvalidArgument) as error:
            league.roster.register(c.id, "Hisa", title=bad)
        assert [v.field for v in error.value.violations] == ["title"]
    assert len(league.roster.list(c.id, include_inactive=True)) == before
    assert longest.title == "т" * 100


def _drawn_competition(league, n=8):
    c = league.competitions.create("L", "", 2, 4)
    ids = [league.roster.register(c.id, f"P{i}").id for i in range(n)]
    rounds = (
        (tuple(ids[0:4]), tuple(ids[4:8])),
        ((ids[0], ids[1], ids[4], ids[5]), (ids[2], ids[3], ids[6], ids[7])),
    )
    return c, ids, rounds


@pytest.mark.rule("draw.seed.reproducible")
def test_draw_round_trip_keeps_tables_and_seats(league):
    c, ids, rounds = _drawn_competition(league)
    saved = league.draws.save(c.id, 42, rounds, STATS)
    loaded = league.draws.get(c.id, saved.id)
    assert loaded.rounds == rounds and loaded.seed == 42 and loaded.statistics == STATS
    assert loaded.status is DrawStatus.PROPOSED and loaded.version == 1


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_a_club_night_draw_keeps_its_sit_outs_and_is_approved(league):
    c, ids, rounds = _drawn_competition(league, n=9)  # ids[8] sits out round 1, ids[7] round 2
    club = (rounds[0], ((ids[0], ids[1], ids[4], ids[5]), (ids[2], ids[3], ids[6], ids[8])))
    saved = league.draws.save(c.id, 42, club, STATS, sitting_out=1)
    loaded = league.draws.get(c.id, saved.id)
    assert loaded.sitting_out == 1 and loaded.rounds == club
    assert league.draws.approve(c.id, saved.id).sitting_out == 1  # approval knows who sits out
    unfair = (rounds[0], rounds[1])  # ids[8] sits out both rounds while the others never do
    with pytest.raises(InvalidArgument) as error:
        league.draws.save(c.id, 43, unfair, STATS, sitting_out=1)
    assert error.value.violations[0].reason == "SIT_OUT_UNFAIR"


@pytest.mark.rule("draw.seed.reproducible")
def test_a_draw_keeps_its_work_in_units_for_the_certificate(league):
    """The solve record keeps the work budget and how the work used split (tabu units, CP-SAT
    deterministic seconds); a record stored without the split reads back without it."""
    from league.domain.certificate import SolveRecord, work_record

    c, ids, rounds = _drawn_competition(league)
    split = SolveRecord(b"request", 400_000, 250_000, True, search_work_used=200_000, cpsat_deterministic_s_used=0.3125)
    older = SolveRecord(b"request", 400_000, 400_000, False)
    for record in (split, older):
        saved = league.draws.save(c.id, 42, rounds, STATS, solve_record=record)
        league.draws.approve(c.id, saved.id)
        assert league.trust.draw_evidence(c.id, saved.id).record == record
    assert work_record(split) == {
        "budget": 400_000,
        "used": 250_000,
        "reproducible": True,
        "search_units": 200_000,
        "cpsat_deterministic_seconds": 0.3125,
    }
    assert work_record(older) == {"budget": 400_000, "used": 400_000, "reproducible": False}


def test_draw_must_fit_the_competition(league):
    c, ids, rounds = _drawn_competition(league)
    with pytest.raises(InvalidArgument) as error:
        league.draws.save(c.id, 1, rounds[:1], STATS)
    assert "rounds" in [v.field for v in error.value.violations]
    bad = ((tuple(ids[0:4]), (ids[4], ids[5], ids[6], "stranger")), rounds[1])
    with pytest.raises(InvalidArgument) as error:
        league.draws.save(c.id, 1, bad, STATS)
    assert error.value.violations[0].field == "rounds[0].tables[1].player_ids"


@pytest.mark.rule("draw.history.superseded-never-deleted")
@pytest.mark.rule("mahjong.draw.organizer-approves")
def test_approve_publishes_and_supersedes_without_deleting(league):
    c, ids, rounds = _drawn_competition(league)
    first = league.draws.save(c.id, 1, rounds, STATS)
    with pytest.raises(FailedPrecondition):
        league.draws.get(c.id)  # nothing published yet
    league.draws.approve(c.id, first.id)
    assert league.draws.get(c.id).id == first.id
    second = league.draws.save(c.id, 2, rounds, STATS, replaces_draw_id=first.id, played_rounds=1, reason="withdrawal")
    league.draws.approve(c.id, second.id)
    statuses = {d.id: d.status for d in league.draws.list(c.id)}
    assert statuses == {first.id: DrawStatus.SUPERSEDED, second.id: DrawStatus.APPROVED}
    assert league.competitions.get(c.id).published_draw_id == second.id
    with pytest.raises(FailedPrecondition):
        league.draws.approve(c.id, first.id)


def test_save_draw_retry_with_key_stores_once(league):
    c, ids, rounds = _drawn_competition(league)
    a = league.draws.save(c.id, 1, rounds, STATS, idempotency_key="d1")
    b = league.draws.save(c.id, 1, rounds, STATS, idempotency_key="d1")
    assert a.id == b.id and len(league.draws.list(c.id)) == 1


# ------------------------------------------- SaveDraw stores only what the gateway would ask for (issue 7)


def _sixteen(league, rounds=4):
    c = league.competitions.create("Sixteen", "", rounds, 4)
    ids = [league.roster.register(c.id, f"S{i}").id for i in range(16)]
    return c, ids


def _honest(ids, rounds=4):
    """16 players, 4 tables per round (any seating will do for storage)."""
    return tuple(tuple(tuple(ids[(t * 4 + s + r) % 16] for s in range(4)) for t in range(4)) for r in range(rounds))


def _fields(error) -> list[str]:
    return [v.field for v in error.value.violations]


def test_save_draw_rejects_a_forged_draw_with_most_players_missing(league):
    c, ids = _sixteen(league)
    forged = tuple((tuple(ids[:4]),) for _ in range(4))  # one table per round: 12 of 16 players missing
    proven = DrawStatistics((0, 0, 0, 0, 0), (0, 0, 0, 0, 0), True, "forged")
    with pytest.raises(InvalidArgument) as error:
        league.draws.save(c.id, 1, forged, proven)
    assert _fields(error) == ["rounds[0]", "rounds[1]", "rounds[2]", "rounds[3]"]
    assert "12 active player(s) not seated" in error.value.message
    assert league.draws.list(c.id) == []


def test_save_draw_rejects_a_withdrawn_player(league):
    c, ids = _sixteen(league)
    league.roster.withdraw(c.id, ids[3], "moved away")
    league.roster.register(c.id, "Substitute")
    with pytest.raises(InvalidArgument) as error:
        league.draws.save(c.id, 1, _honest(ids), STATS)
    assert "withdrawn and cannot be seated" in error.value.message
    assert any(f.startswith("rounds[0].tables[") for f in _fields(error))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"statistics": DrawStatistics((0,) * 5, (0,) * 5, False, "m" * 100_000)}, "method"),
        ({"played_rounds": -5}, "played_rounds"),
        ({"statistics": DrawStatistics((0, -1, 0, 0, 0), (0,) * 5, False, "x")}, "objective[1]"),
        ({"players_moved": -2}, "players_moved"),
        ({"reason": "why not"}, "reason"),  # a reason without replaces_draw_id: not a redraw
    ],
)
def test_save_draw_bounds_every_field(league, kwargs, field):
    c, ids = _sixteen(league)
    args = {"statistics": STATS, **kwargs}
    with pytest.raises(InvalidArgument) as error:
        league.draws.save(c.id, 1, _honest(ids), **args)
    assert field in _fields(error)
    assert len(error.value.message) < 1000


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_save_draw_redraw_rules_cannot_be_skipped(league):
    c, ids = _sixteen(league)
    first = league.draws.save(c.id, 1, _honest(ids), STATS)
    league.draws.approve(c.id, first.id)
    for kwargs, field in (
        ({"played_rounds": 4, "reason": "x"}, "played_rounds"),
        ({"played_rounds": 1, "reason": "   "}, "reason"),
    ):
        with pytest.raises(InvalidArgument) as error:
            league.draws.save(c.id, 2, _honest(ids), STATS, replaces_draw_id=first.id, **kwargs)
        assert field in _fields(error)
    rewritten = (_honest(ids)[1],) + _honest(ids)[1:]  # round 1 is not the round played
    with pytest.raises(FailedPrecondition) as refused:
        league.draws.save(c.id, 2, rewritten, STATS, replaces_draw_id=first.id, played_rounds=1, reason="x")
    assert "round 1 is already played" in str(refused.value)


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_prepared_redraw_is_spliced_with_the_played_rounds(league):
    c, ids = _sixteen(league)
    first = league.draws.save(c.id, 1, _honest(ids), STATS)
    league.draws.approve(c.id, first.id)
    league.roster.withdraw(c.id, ids[5], "ill")
    sub = league.roster.register(c.id, "Substitute")
    with pytest.raises(InvalidArgument) as error:
        league.draws.prepare_redraw(c.id, 1, "", ())
    assert _fields(error) == ["reason"]
    prepared = league.draws.prepare_redraw(c.id, 1, "S5 withdrew", ())
    plan, roster = prepared.plan, prepared.roster
    assert plan.replaces_draw_id == first.id and plan.rounds_to_solve == 3
    assert [p.id for p in roster] == ids[:5] + ids[6:] + [sub.id]
    # the played round goes to the solver as played (history), the replaced rounds still to play by id
    assert plan.history == first.rounds[:1] and plan.previous == first.rounds[1:]
    # what the solver answers: the rounds still to play (here the substitute in S5's seat)
    solved = tuple(tuple(tuple(sub.id if p == ids[5] else p for p in t) for t in r) for r in plan.previous)
    redraw = league.draws.save(
        c.id, 2, solved, STATS, replaces_draw_id=plan.replaces_draw_id, played_rounds=1, reason="S5 withdrew", players_moved=0
    )
    assert redraw.rounds[0] == first.rounds[0]  # history: S5 played round 1
    assert redraw.rounds[1:] == solved
    assert league.draws.approve(c.id, redraw.id).status is DrawStatus.APPROVED


def test_approving_a_proposal_made_before_a_withdrawal_is_a_failed_precondition(league):
    c, ids = _sixteen(league)
    proposal = league.draws.save(c.id, 1, _honest(ids), STATS)
    league.roster.withdraw(c.id, ids[7], "moved away")
    with pytest.raises(FailedPrecondition) as error:
        league.draws.approve(c.id, proposal.id)
    assert "S7 no longer plays" in str(error.value) and "Redraw" in str(error.value)
    assert league.draws.get(c.id, proposal.id).status is DrawStatus.PROPOSED
    fresh = league.competitions.create("Late joiner", "", 1, 4)
    four = [league.roster.register(fresh.id, f"L{i}").id for i in range(4)]
    proposal = league.draws.save(fresh.id, 1, ((tuple(four),),), STATS)
    for i in range(4, 8):
        league.roster.register(fresh.id, f"L{i}")
    with pytest.raises(FailedPrecondition) as error:
        league.draws.approve(fresh.id, proposal.id)
    assert "L4, L5, L6, L7 joined or returned and are not seated" in str(error.value)


def test_migration_0002_moves_the_seats_of_existing_draws_into_the_draw_row(db_url):
    # Draws stored one row per seat (0001) read back unchanged after the seats moved into draws.seating.
    from datetime import UTC, datetime

    from alembic import command
    from sqlalchemy import text

    from rondo_runtime.db import alembic_config

    engine = make_engine(db_url)
    config = alembic_config(MIGRATIONS)
    now = datetime(2026, 3, 1, tzinfo=UTC)
    ids = [f"p{i}" for i in range(8)]
    rounds = ((tuple(ids[0:4]), tuple(ids[4:8])), ((ids[0], ids[4], ids[1], ids[5]), (ids[2], ids[6], ids[3], ids[7])))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(
            text(
                "INSERT INTO competitions (id, name, ruleset, rounds, table_size, created_at) "
                "VALUES ('c1', 'Old league', 'discard-league-2026', 2, 4, :now)"
            ),
            {"now": now},
        )
        for i, pid in enumerate(ids):
            connection.execute(
                text(
                    "INSERT INTO players (id, competition_id, name, name_key, registration_order, status, status_reason) "
                    "VALUES (:id, 'c1', :name, :key, :order, 'main', '')"
                ),
                {"id": pid, "name": f"P{i}", "key": f"p{i}", "order": i + 1},
            )
        connection.execute(
            text(
                "INSERT INTO draws (id, competition_id, version, status, seed, objective, lower_bound, proven_optimal, "
                "method, played_rounds, reason, created_at) "
                "VALUES ('d1', 'c1', 1, 'proposed', 5, '0,1,0,0,0', '0,1,0,0,0', true, 'old', 0, '', :now)"
            ),
            {"now": now},
        )
        for r, rnd in enumerate(rounds):
            for t, table in enumerate(rnd):
                for s, pid in reversed(list(enumerate(table))):  # stored out of order: the seat number decides
                    connection.execute(
                        text(
                            "INSERT INTO draw_seats (draw_id, round, player_id, table_number, seat) VALUES ('d1', :r, :p, :t, :s)"
                        ),
                        {"r": r, "p": pid, "t": t, "s": s},
                    )
    run_migrations(engine, MIGRATIONS)
    league = make_service(engine)
    try:
        assert league.draws.get("c1", "d1").rounds == rounds
        assert league.draws.approve("c1", "d1").rounds == rounds
    finally:
        engine.dispose()


@pytest.mark.rule("mahjong.records.corrections-replace")
def test_result_records_and_corrections_are_stored_and_scored_like_the_season_file(league):

    from league.domain.mahjong.standings import standings_as_dict
    from tests import mahjong_results as data

    competition, ids, tables = data.approved_league(league)
    original = data.record_round_one(league, competition.id, tables)
    corrected = dict(zip(data.seated(tables)[3], data.CORRECTED, strict=True))
    correction = league.records.correct(
        competition.id, original.id, data.hanchan(1, corrected), data.CORRECTION_REASON, "organizer"
    )
    with pytest.raises(FailedPrecondition):
        league.records.correct(competition.id, original.id, data.hanchan(1, corrected), "again", "organizer")

    expected = data.expected_standings(ids, tables)
    assert standings_as_dict(league.standings.get(competition.id).standings) == standings_as_dict(expected)
    history = league.records.history(competition.id, 1, 4)
    assert [r.id for r in history] == [original.id, *[r.id for r in history[1:3]], correction.id]
    assert history[0] == original and history[-1].replaces_record_id == original.id
    assert history[-1].reason == data.CORRECTION_REASON and history[0].recorded_at.tzinfo is not None
    no_show = league.records.history(competition.id, 1, 2)[0]
    assert no_show.content == data.NoShowEntry(tables[1][3], data.SUBSTITUTE)


def test_stages_and_game_records_round_trip(league):
    """A stage row keeps its seating, details and basis; a game record keeps its stage and content;
    a stage number is generated once (the database's unique constraint)."""
    from datetime import UTC, datetime

    from league.adapters.repository import LeagueRepository
    from league.domain.records import GameEntry, ResultRecord
    from league.domain.stages import Stage, StageStatus

    competition = league.competitions.create("Cup", "", 0, 0)
    at = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    stage = Stage(
        id="s1",
        competition_id=competition.id,
        number=1,
        kind="cup-knockout",
        name="1/8 final",
        rounds=((("a", "b"), ("c",)),),
        created_at=at,
        created_by="organizer",
        details={"groups": [["survivors", ["a", "b", "c"]]]},
        basis={"survivors": [["a", 1], ["b", 2], ["c", 3]]},
    )
    game = ResultRecord(
        id="r1",
        competition_id=competition.id,
        sequence=1,
        round=1,
        table=1,
        content=GameEntry(2, "b", "a", "=", long=False),
        recorded_by="judge",
        recorded_at=at,
        stage=1,
    )

    def store(repo: LeagueRepository) -> None:
        repo.add_stage(stage)
        repo.add_record(game)

    league.uow.write(store)
    loaded = league.uow.read(lambda repo: (repo.stage(competition.id, 1), repo.records(competition.id, 1, 1, stage=1)))
    assert loaded[0] == stage
    assert loaded[1] == [game]
    league.uow.write(lambda repo: repo.complete_stage("s1", at))
    assert league.uow.read(lambda repo: repo.stages(competition.id))[0].status is StageStatus.COMPLETED
    with pytest.raises(Exception):  # noqa: B017 - the unique (competition, number) constraint, whatever the driver calls it
        league.uow.write(lambda repo: repo.add_stage(Stage(**{**stage.__dict__, "id": "s2"})))


@pytest.mark.rule("mahjong.roster.no-lookalike-names")
def test_a_lookalike_name_is_found_by_its_stored_key_and_refused(db_url):
    from sqlalchemy import text

    from rondo_runtime.confusables import lookalike_key

    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    league = make_service(engine)
    competition = league.competitions.create("Spring league", "", 0, 0)
    league.roster.register(competition.id, "Zed")
    with pytest.raises(InvalidArgument, match="looks like 'Zed'"):
        league.roster.register(competition.id, "Zеd")  # Cyrillic е
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT name, lookalike_key FROM players")).all()
    assert [tuple(row) for row in stored] == [("Zed", lookalike_key("Zed"))]
    engine.dispose()


@pytest.mark.rule("mahjong.roster.no-lookalike-names")
def test_two_lookalikes_registered_at_once_cannot_both_be_stored(db_url):
    """The service's check reads, then writes: the database's unique key is what stops a second look-alike
    whose registration raced the first (written here directly, as the losing transaction would)."""
    from sqlalchemy import text
    from sqlalchemy.exc import IntegrityError

    from rondo_runtime.confusables import lookalike_key

    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    competition = make_service(engine).competitions.create("Spring league", "", 0, 0)
    insert = text(
        "INSERT INTO players (id, competition_id, name, name_key, registration_order, status, status_reason, lookalike_key) "
        "VALUES (:id, :cid, :name, :key, :order, 'main', '', :lookalike)"
    )
    with engine.begin() as connection:
        connection.execute(
            insert, dict(id="p1", cid=competition.id, name="Zed", key="zed", order=1, lookalike=lookalike_key("Zed"))
        )
    with pytest.raises(IntegrityError), engine.begin() as connection:
        connection.execute(
            insert, dict(id="p2", cid=competition.id, name="Zеd", key="zеd", order=2, lookalike=lookalike_key("Zеd"))
        )
    engine.dispose()


def test_migration_0012_gives_existing_players_their_lookalike_key(db_url):
    from alembic import command
    from sqlalchemy import text

    from rondo_runtime.db import alembic_config

    engine = make_engine(db_url)
    config = alembic_config(MIGRATIONS)
    with engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        if engine.dialect.name == "sqlite" and raw is not None:
            raw.execute("PRAGMA foreign_keys = OFF")
        with connection.begin():
            config.attributes["connection"] = connection
            config.attributes["version_table"] = "alembic_version"
            command.upgrade(config, "0011")  # a league of the version before
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO competitions (id, name, ruleset, rounds, table_size, created_at) "
                "VALUES ('c1', 'Old', 'discard-league-2026', 4, 4, CURRENT_TIMESTAMP)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO players (id, competition_id, name, name_key, registration_order, status, status_reason) "
                "VALUES ('p1', 'c1', 'Zed', 'zed', 1, 'main', ''), ('p2', 'c1', 'Zеd', 'zеd', 2, 'main', '')"
            )
        )  # a look-alike registered before the rule: the migration keeps both, the first holds the key
    run_migrations(engine, MIGRATIONS)
    with engine.connect() as connection:
        keys = connection.execute(text("SELECT id, lookalike_key FROM players ORDER BY id")).all()
        assert [tuple(k) for k in keys] == [("p1", "zed"), ("p2", None)]
    with pytest.raises(InvalidArgument, match="looks like 'Zed'"):
        make_service(engine).roster.register("c1", "\u0396ed")  # Greek capital Zeta
    engine.dispose()
