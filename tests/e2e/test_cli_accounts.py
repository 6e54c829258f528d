"""`rondo accounts ...` against `rondo up` as a real process (the CLI run in-process with typer's
CliRunner, like tests/e2e/test_cli_client.py): the organizer makes a judge, a player and a bot, the
password is printed once and logs in, the player account is linked to a league player by name,
a reset password replaces the old one, revoked tokens and a disabled account stop working; and
`rondo roster import`: a bad file registers nobody, a re-run registers nobody twice."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import out_json

pytestmark = pytest.mark.e2e


def test_accounts_from_creation_to_disabled(rondo, tmp_path):
    judge = rondo("accounts", "create", "CLI judge", "--role", "judge")
    assert judge.exit_code == 0, judge.output
    assert "password" in judge.stdout and "shown once" in judge.stdout and "judge" in judge.stdout
    made = out_json(rondo("accounts", "create", "CLI player", "--role", "player", "--json"))
    assert made["account"]["role"] == "ROLE_PLAYER" and made["password"]
    bot = out_json(rondo("accounts", "create", "CLI bot", "--role", "bot", "--json"))
    assert bot["service_token"] and not bot["password"]

    other = {"RONDO_CONFIG_DIR": str(tmp_path)}
    logged = rondo("login", "cli player", "--password", made["password"], extra_env=other)
    assert logged.exit_code == 0, logged.output

    cid = out_json(rondo("competitions", "create", "Accounts league", "--ruleset", "discard-league-2026", "--json"))["id"]
    rondo("roster", "add", cid, "Akagi")
    linked = rondo("accounts", "link", "CLI player", cid, "akagi")
    assert linked.exit_code == 0 and "plays as 'Akagi'" in linked.stdout, linked.output
    listed = rondo("accounts", "list")
    assert listed.exit_code == 0, listed.output
    assert "CLI judge" in listed.stdout and "Akagi (Accounts league)" in listed.stdout and cid not in listed.stdout
    rows = out_json(rondo("accounts", "list", "--role", "player", "--json"))["accounts"]
    assert [a["name"] for a in rows] == ["CLI player"] and rows[0]["players"][0]["competition_id"] == cid

    reset = out_json(rondo("accounts", "reset-password", "CLI player", "--reason", "forgotten", "--json"))
    assert reset["password"] and reset["password"] != made["password"]
    assert rondo("login", "CLI player", "--password", made["password"], extra_env=other).exit_code == 1
    assert rondo("login", "CLI player", "--password", reset["password"], extra_env=other).exit_code == 0

    revoked = rondo("accounts", "revoke", "CLI player", "--reason", "lost laptop")
    assert revoked.exit_code == 0 and "revoked" in revoked.stdout, revoked.output
    assert rondo("whoami", extra_env=other).exit_code == 1

    disabled = rondo("accounts", "disable", "CLI judge", "--reason", "left the club")
    assert disabled.exit_code == 0 and "disabled" in disabled.stdout, disabled.output
    assert "CLI judge" not in rondo("accounts", "list").stdout
    assert "CLI judge" in rondo("accounts", "list", "--disabled").stdout


def test_an_unknown_account_or_player_exits_2_naming_the_argument(rondo):
    unknown = rondo("accounts", "disable", "nobody at all", "--reason", "x")
    assert unknown.exit_code == 2 and "ACCOUNT" in unknown.output and "nobody at all" in unknown.output
    rondo("accounts", "create", "Lonely player", "--role", "player")
    cid = out_json(rondo("competitions", "create", "Empty league", "--ruleset", "discard-league-2026", "--json"))["id"]
    missing = rondo("accounts", "link", "Lonely player", cid, "Ghost")
    assert missing.exit_code == 2 and "PLAYER" in missing.output
    bad_role = rondo("accounts", "create", "X", "--role", "organizer")
    assert bad_role.exit_code == 2


def test_roster_import_checks_the_whole_file_first_and_a_rerun_registers_nobody_twice(rondo, tmp_path):
    cid = out_json(rondo("competitions", "create", "Imported league", "--ruleset", "discard-league-2026", "--json"))["id"]
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nAkagi,1500\nWashizu,lots\n,1400\nakagi,1300\n", encoding="utf-8")
    refused = rondo("roster", "import", cid, str(bad))
    assert refused.exit_code == 2 and "nobody registered" in refused.output
    for text in ("line 3: rating:", "line 4: the name is empty", "line 5: 'akagi' is already on line 2"):
        assert text in refused.output
    assert out_json(rondo("roster", "list", cid, "--json"))["players"] == []

    good = tmp_path / "club.csv"
    good.write_text("Name,Rating\nAkagi,1500\nWashizu,\nSaki,1450\n", encoding="utf-8")
    done = rondo("roster", "import", cid, str(good))
    assert done.exit_code == 0 and "3 player(s) registered" in done.stdout and "Washizu" in done.stdout, done.output
    again = out_json(rondo("roster", "import", cid, str(good), "--json"))
    assert [p["name"] for p in again["players"]] == ["Akagi", "Washizu", "Saki"]
    roster = out_json(rondo("roster", "list", cid, "--json"))["players"]
    assert [(p["name"], p.get("rating")) for p in roster] == [("Akagi", 1500), ("Washizu", None), ("Saki", 1450)]

    text = tmp_path / "more.txt"
    text.write_text("# late entries\nNodoka\n\nKoromo\n", encoding="utf-8")
    assert rondo("roster", "import", cid, str(text)).exit_code == 0
    assert len(out_json(rondo("roster", "list", cid, "--json"))["players"]) == 5


def test_results_import_records_a_round_checked_first_and_a_rerun_records_nothing_twice(rondo, tmp_path):
    cid = out_json(rondo("competitions", "create", "Results league", "--ruleset", "discard-league-2026", "--json"))["id"]
    club = tmp_path / "eight.txt"
    club.write_text("\n".join(("Akagi", "Washizu", "Saki", "Nodoka", "Koromo", "Teru", "Hisa", "Mako")) + "\n", encoding="utf-8")
    assert rondo("roster", "import", cid, str(club)).exit_code == 0
    assert rondo("roster", "close", cid).exit_code == 0
    draw = out_json(rondo("draws", "run", cid, "--seed", "7", "--time-limit", "5", "--json"))["draw"]
    assert rondo("draws", "approve", cid, draw["id"]).exit_code == 0
    names = {p["id"]: p["name"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
    tables = [[names[p] for p in t["player_ids"]] for t in draw["rounds"][0]["tables"]]
    header = "table,hanchan,player1,score1,player2,score2,player3,score3,player4,score4"

    def row(number: int, seated: list[str]) -> str:
        return f"{number},1,{seated[0]},45000,{seated[1]},35000,{seated[2]},25000,{seated[3]},15000"

    bad = tmp_path / "bad.csv"
    bad.write_text(
        "\n".join((header, row(1, tables[0]), "2,1,Nobody,45000,Akagi,x,,1,Saki,2", row(2, ["Ghost", *tables[1][1:]]))),
        encoding="utf-8",
    )
    refused = rondo("results", "import", cid, str(bad), "--round", "1")
    assert refused.exit_code == 2 and "line 3: score2:" in refused.output and "player3: empty" in refused.output, refused.output
    unknown = tmp_path / "unknown.csv"
    unknown.write_text("\n".join((header, row(1, tables[0]), row(2, ["Ghost", *tables[1][1:]]))), encoding="utf-8")
    refused = rondo("results", "import", cid, str(unknown), "--round", "1")
    assert refused.exit_code == 2 and "line 3: 'Ghost' is not in the roster" in refused.output, refused.output
    assert out_json(rondo("results", "list", cid, "--round", "1", "--json")).get("result_records", []) == []

    good = tmp_path / "round1.csv"
    good.write_text("\n".join((header, row(1, tables[0]), row(2, [n.lower() for n in tables[1]]))) + "\n", encoding="utf-8")
    done = rondo("results", "import", cid, str(good), "--round", "1")
    assert done.exit_code == 0 and "2 hanchan(s) recorded" in done.stdout and f"{tables[1][0]} 45 000" in done.stdout, done.output
    first = out_json(rondo("results", "list", cid, "--round", "1", "--json"))["result_records"]
    assert len(first) == 2
    assert rondo("results", "import", cid, str(good), "--round", "1").exit_code == 0
    assert out_json(rondo("results", "list", cid, "--round", "1", "--json"))["result_records"] == first


def test_roster_import_failing_midway_says_so_and_the_rerun_of_the_fixed_file_completes_it(rondo, tmp_path):
    cid = out_json(rondo("competitions", "create", "Midway league", "--ruleset", "discard-league-2026", "--json"))["id"]
    assert rondo("roster", "add", cid, "Teru").exit_code == 0
    club = tmp_path / "club.txt"
    club.write_text("Akagi\nWashizu\nTeru\n", encoding="utf-8")
    failed = rondo("roster", "import", cid, str(club))
    assert failed.exit_code == 1 and "error on line 3 ('Teru'): 2 player(s) before it are registered" in failed.output, (
        failed.output
    )
    club.write_text("Akagi\nWashizu\nSaki\n", encoding="utf-8")
    assert rondo("roster", "import", cid, str(club)).exit_code == 0
    roster = out_json(rondo("roster", "list", cid, "--json"))["players"]
    assert [p["name"] for p in roster] == ["Teru", "Akagi", "Washizu", "Saki"]
