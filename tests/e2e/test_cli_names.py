"""Names, not UUIDs (issue 17), against `rondo up` with typer's CliRunner: a competition, a player, a
draw and a record are addressed by name, by number or by an unambiguous id prefix; an ambiguous name
or prefix exits 2 listing the candidates; the tables of the main commands carry no UUID (``--json``
keeps them); a refused call names the players and says which command does what it asks."""

from __future__ import annotations

import re

import pytest

from rondo.gateway.v1 import competitions_pb2
from rondo_app.client.names import MIN_PREFIX
from tests.e2e.conftest import out_json

pytestmark = pytest.mark.e2e

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
NAMES = ("Akagi", "Washizu", "Saki", "Nodoka", "Koromo", "Teru", "Hisa", "Mako")
LEAGUE = "Names league"
#: Players registered at most while looking for two ids sharing a prefix of MIN_PREFIX hex digits:
#: some pair does among n random ids with probability 1 - exp(-n^2 / 2^17), 1 - 1e-13 at 2 000.
MAX_PLAYERS_FOR_A_SHARED_PREFIX = 2_000


def shown(result) -> str:
    """A table command's stdout, checked to name no UUID."""
    assert result.exit_code == 0, result.output
    assert not UUID.search(result.stdout), result.stdout
    return result.stdout


@pytest.fixture(scope="module")
def league(rondo):
    """A drawn and approved league of eight, everything addressed by name: (competition id, name -> id, draw)."""
    cid = out_json(rondo("competitions", "create", LEAGUE, "--json"))["id"]
    for name in NAMES:
        assert rondo("roster", "add", LEAGUE.lower(), name).exit_code == 0
    assert rondo("roster", "close", LEAGUE).exit_code == 0
    draw = out_json(rondo("draws", "run", LEAGUE, "--seed", "7", "--time-limit", "5", "--json"))["draw"]
    approved = rondo("draws", "approve", LEAGUE, "v1")
    assert approved.exit_code == 0 and "draw v1 approved" in approved.stdout, approved.output
    ids = {p["name"]: p["id"] for p in out_json(rondo("roster", "list", cid[:8], "--json"))["players"]}
    return cid, ids, draw


def test_a_competition_a_player_and_a_record_by_name_and_by_id_prefix(rondo, league):
    cid, ids, draw = league
    by_id = {v: k for k, v in ids.items()}
    seats = [by_id[p] for p in draw["rounds"][0]["tables"][0]["player_ids"]]
    assert out_json(rondo("competitions", "show", cid[:MIN_PREFIX], "--json"))["id"] == cid
    assert out_json(rondo("competitions", "show", LEAGUE.upper(), "--json"))["id"] == cid
    recorded = out_json(
        rondo(
            "results", "hanchan", cid[:6], "--round", "1", "--table", "1", "--number", "1",
            "--score", f"{seats[0]}=45000", "--score", f"{ids[seats[1]][:8]}=35000",
            "--score", f"{seats[2].lower()}=25000", "--score", f"{ids[seats[3]]}=15000", "--json",
        )
    )  # fmt: skip
    assert recorded["hanchan"]["scores"] == {
        ids[seats[0]]: 45000,
        ids[seats[1]]: 35000,
        ids[seats[2]]: 25000,
        ids[seats[3]]: 15000,
    }
    number = recorded["sequence"]

    corrected = rondo(
        "results", "correct", LEAGUE, f"#{number}", "--reason", "scores swapped on the sheet", "--number", "1",
        "--score", f"{seats[0]}=15000", "--score", f"{seats[1]}=35000", "--score", f"{seats[2]}=25000", "--score", f"{seats[3]}=45000",
    )  # fmt: skip
    text = shown(corrected)
    assert f"replaces #{number}: scores swapped on the sheet" in text and f"{seats[3]} 45 000" in text
    history = out_json(rondo("results", "list", LEAGUE, "--round", "1", "--table", "1", "--json"))["result_records"]
    assert [r["id"] for r in history][0] == recorded["id"] and history[1]["replaces_record_id"] == recorded["id"]
    again = rondo(
        "results", "correct", LEAGUE, history[1]["id"][:8], "--reason", "the sheet was right", "--number", "1",
        "--score", f"{seats[0]}=45000", "--score", f"{seats[1]}=35000", "--score", f"{seats[2]}=25000", "--score", f"{seats[3]}=15000",
    )  # fmt: skip
    assert f"replaces #{history[1]['sequence']}: the sheet was right" in shown(again)

    penalty = rondo(
        "results", "penalty", LEAGUE, "--round", "1", "--table", "1", "--player", ids[seats[0]][:MIN_PREFIX + 2],
        "--points", "1000", "--reason", "late",
    )  # fmt: skip
    assert f"penalty {seats[0]} -1 000: late" in shown(penalty)
    assert seats[3] in shown(rondo("standings", cid[:5]))


def test_an_ambiguous_name_or_id_prefix_exits_2_listing_the_candidates(rondo, embedded):
    twins = [out_json(rondo("competitions", "create", "Twin cup", "--json"))["id"] for _ in range(2)]
    refused = rondo("competitions", "show", "twin CUP")
    assert refused.exit_code == 2
    assert "could be 2 competitions: " in refused.stderr and all(f"Twin cup ({t[:8]})" in refused.stderr for t in twins)
    assert "type more of the id" in refused.stderr
    unknown = rondo("roster", "list", "Winter league")
    assert unknown.exit_code == 2 and "no competition is named 'Winter league'" in unknown.stderr

    cid = twins[0]
    seen: dict[str, str] = {}
    shared = ""
    for n in range(MAX_PLAYERS_FOR_A_SHARED_PREFIX):  # until two ids share their first MIN_PREFIX digits
        request = competitions_pb2.RegisterPlayerRequest(competition_id=cid, name=f"P{n:04d}")
        player = embedded.gateway.RegisterPlayer(request, timeout=30)
        prefix = player.id[:MIN_PREFIX]
        if prefix in seen:
            shared = prefix
            pair = (seen[prefix], player.name)
            break
        seen[prefix] = player.name
    assert shared, "no two ids shared a prefix"
    ambiguous = rondo("roster", "withdraw", cid, shared, "--reason", "moved away")
    assert ambiguous.exit_code == 2, ambiguous.output
    assert f"PLAYER: {shared!r} could be 2 players: " in ambiguous.stderr
    assert all(name in ambiguous.stderr for name in pair) and "type more of the id" in ambiguous.stderr
    assert "withdrawn" not in out_json(rondo("roster", "list", cid, "--json"))["players"][0]["status"].lower()


def test_the_tables_of_the_main_commands_show_no_uuid(rondo, league):
    cid, ids, draw = league
    for args in (
        ("competitions", "list"),
        ("competitions", "show", LEAGUE),
        ("roster", "list", LEAGUE),
        ("draws", "list", LEAGUE),
        ("draws", "show", LEAGUE),
        ("draws", "show", LEAGUE, "--draw", "1"),
        ("draws", "commitment", LEAGUE),
        ("results", "list", LEAGUE),
        ("standings", LEAGUE),
        ("stages", "list", LEAGUE),
    ):
        result = rondo(*args)
        if args[1] == "commitment" and result.exit_code == 1:  # no seed committed: nothing to show
            continue
        text = shown(result)
        assert text.strip(), args
    assert "Akagi" in shown(rondo("roster", "list", LEAGUE)) and cid in rondo("roster", "list", LEAGUE, "--json").stdout
    club = out_json(rondo("calendar", "clubs", "create", "Names club", "--time-zone", "Europe/Berlin", "--json"))["id"]
    assert rondo("calendar", "rooms", "create", club, "Hall").exit_code == 0
    assert "Hall" in shown(rondo("calendar", "rooms", "list", club))
    booked = rondo("calendar", "book", club, "hall", "--start", "2027-01-05T18:00", "--end", "2027-01-05T21:00", "--title", "Go")
    assert "Hall" in shown(booked)
    assert "Hall" in shown(rondo("calendar", "bookings", club, "--from", "2027-01-01", "--to", "2027-01-31"))
    opened = rondo(
        "schedule", "open", LEAGUE, "--round", "2", "--club", "names club", "--from", "2027-01-08", "--to", "2027-01-15"
    )
    assert "stage 1, round 2, table 1" in shown(opened)
    viewer = next(name for name, pid in ids.items() if pid == draw["rounds"][1]["tables"][0]["player_ids"][0])
    card = rondo("calendar", "card", f"{LEAGUE}/1/2/1", "--viewer", viewer.lower())  # the competition and the player by name
    assert "match: stage 1, round 2, table 1" in shown(card) and viewer in card.stdout


def test_a_wrongly_seated_table_names_the_players_and_a_second_record_points_to_the_correction(rondo, league):
    cid, ids, draw = league
    by_id = {v: k for k, v in ids.items()}
    table_one = [by_id[p] for p in draw["rounds"][1]["tables"][0]["player_ids"]]
    table_two = [by_id[p] for p in draw["rounds"][1]["tables"][1]["player_ids"]]
    refused = rondo(
        "results", "hanchan", LEAGUE, "--round", "2", "--table", "1", "--number", "1",
        *(f"--score={name}={points}" for name, points in zip(table_two, (45000, 35000, 25000, 15000), strict=True)),
    )  # fmt: skip
    assert refused.exit_code == 1, refused.output
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]", refused.stderr), refused.stderr  # no id, not even one cut short
    assert all(f"hanchan.scores.{name}: {name!r} is not at this table" in refused.stderr for name in table_two)
    assert "is not at this table (round 2, table 1: " + ", ".join(table_one) + ")" in refused.stderr

    scores = [f"--score={name}={points}" for name, points in zip(table_one, (45000, 35000, 25000, 15000), strict=True)]
    first = rondo("results", "hanchan", LEAGUE, "--round", "2", "--table", "1", "--number", "1", *scores)
    assert first.exit_code == 0, first.output
    twice = rondo("results", "hanchan", LEAGUE, "--round", "2", "--table", "1", "--number", "1", *scores)
    assert twice.exit_code == 1, twice.output
    assert "(CorrectRecord)" not in twice.stderr and "correct that record instead" in twice.stderr
    assert f"hint: correct it with `rondo results correct '{LEAGUE}' RECORD" in twice.stderr
