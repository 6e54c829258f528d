"""The organizer CLI (`rondo login`, `competitions`, `roster`, `draws`, `results`, `standings`, `calendar`)
against `rondo up` as a real process, run in-process with typer's CliRunner: the token `rondo login`
stores (mode 0600) is what later commands send; a whole small league from creation to corrected
standings; every error path an organizer meets at the keyboard; `--json` answers that parse."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from rondo.gateway.v1 import results_pb2
from rondo_app.cli import app
from rondo_app.client.credentials import FILE_NAME
from rondo_app.client.draws import await_with_progress
from rondo_app.verify import load_certificate
from rondo_runtime.process import free_port
from tests import mahjong_season as season
from tests.e2e.conftest import out_json

pytestmark = pytest.mark.e2e

SEASON_FILE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "mahjong-league-season.json"
NAMES = ("Akagi", "Washizu", "Saki", "Nodoka", "Koromo", "Teru", "Hisa", "Mako")


def test_login_stores_the_token_mode_0600_and_later_commands_send_it(rondo, embedded, config_dir):
    path = config_dir / FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    stored = json.loads(path.read_text())
    assert set(stored) == {embedded.address} and stored[embedded.address]["name"] == embedded.accounts.organizer_name
    assert stored[embedded.address]["token"]
    me = out_json(rondo("whoami", "--json"))
    assert me["name"] == embedded.accounts.organizer_name and me["role"] == "ROLE_ORGANIZER"
    shown = rondo("whoami")
    assert shown.exit_code == 0 and "organizer" in shown.stdout and embedded.accounts.organizer_name in shown.stdout


def test_a_small_league_from_creation_to_corrected_standings(rondo, tmp_path):
    created = out_json(rondo("competitions", "create", "CLI league", "--ruleset", "discard-league-2026", "--json"))
    cid = created["id"]
    assert created["ruleset"] == "discard-league-2026" and created["rounds"] >= 1
    for name in NAMES:
        added = rondo("roster", "add", cid, name)
        assert added.exit_code == 0 and name in added.stdout
    roster = out_json(rondo("roster", "list", cid, "--json"))["players"]
    assert [p["name"] for p in roster] == list(NAMES)
    ids = {p["name"]: p["id"] for p in roster}
    closed = rondo("roster", "close", cid)
    assert closed.exit_code == 0 and "8 main participants" in closed.stdout
    assert any(c["id"] == cid for c in out_json(rondo("competitions", "list", "--json"))["competitions"])

    proposal = out_json(rondo("draws", "run", cid, "--seed", "7", "--time-limit", "5", "--json"))
    draw = proposal["draw"]
    assert proposal["status"] in ("SOLVE_STATUS_OPTIMAL", "SOLVE_STATUS_FEASIBLE") and draw["status"] == "DRAW_STATUS_PROPOSED"
    assert set(draw["objective"]) == {
        "soft_violations",
        "max_meetings",
        "sum_repeat_pairs",
        "consecutive_repeats",
        "max_player_repeats",
    }
    assert len(draw["rounds"]) == created["rounds"] and all(len(r["tables"]) == 2 for r in draw["rounds"])
    review = rondo("draws", "show", cid, "--draw", draw["id"])
    assert review.exit_code == 0, review.output
    for text in ("repeat statistics", "repeated meetings, sum of C(m,2)", "lower bound", "proof:", "round 1", "Akagi"):
        assert text in review.stdout
    assert str(draw["objective"]["sum_repeat_pairs"]) in review.stdout
    approved = rondo("draws", "approve", cid, draw["id"])
    assert approved.exit_code == 0 and "approved" in approved.stdout
    listed = out_json(rondo("draws", "list", cid, "--json"))["draws"]
    assert [d["status"] for d in listed] == ["DRAW_STATUS_APPROVED"]
    sub = out_json(rondo("roster", "add", cid, "Spare", "--substitute", "--json"))
    assert sub["status"] == "PLAYER_STATUS_SUBSTITUTE"

    table_one = [p for p in draw["rounds"][0]["tables"][0]["player_ids"]]
    by_id = {v: k for k, v in ids.items()}
    first, second, third, fourth = (by_id[p] for p in table_one)
    recorded = out_json(
        rondo(
            "results", "hanchan", cid, "--round", "1", "--table", "1", "--number", "1",
            "--score", f"{first}=45000", "--score", f"{second}=35000",
            "--score", f"{ids[third]}=25000", "--score", f"{fourth.lower()}=15000", "--json",
        )
    )  # fmt: skip
    assert recorded["hanchan"]["scores"] == {table_one[0]: 45000, table_one[1]: 35000, table_one[2]: 25000, table_one[3]: 15000}
    corrected = rondo(
        "results", "correct", cid, recorded["id"], "--reason", "scores swapped on the sheet", "--number", "1",
        "--score", f"{first}=15000", "--score", f"{second}=35000", "--score", f"{third}=25000", "--score", f"{fourth}=45000",
    )  # fmt: skip
    assert corrected.exit_code == 0, corrected.output
    assert "scores swapped on the sheet" in corrected.stdout and f"{fourth} 45 000" in corrected.stdout
    history = out_json(rondo("results", "list", cid, "--round", "1", "--json"))["result_records"]
    assert [r["status"] for r in history] == ["RECORD_STATUS_REPLACED", "RECORD_STATUS_CONFIRMED"]
    assert history[1]["replaces_record_id"] == recorded["id"]

    standings = out_json(rondo("standings", cid, "--json"))
    assert standings["rows"][0]["player_id"] == ids[fourth]  # the correction counts, not the original
    shown = rondo("standings", cid)
    assert shown.exit_code == 0 and "place" in shown.stdout and fourth in shown.stdout and "provisional" in shown.stdout

    certificate = tmp_path / "certificate.json"
    written = rondo("draws", "certificate", cid, "-o", str(certificate))
    assert written.exit_code == 0 and "rondo draw --verify" in written.stdout
    assert load_certificate(certificate)["draw"]["id"] == draw["id"]
    if proposal["reproducible"]:  # not cut by the wall clock of a loaded machine: anyone re-runs it exactly
        verified = rondo("draw", "--verify", str(certificate))
        assert verified.exit_code == 0 and verified.stdout.startswith("verified: draw 1 of 'CLI league'")


def test_the_progress_bar_shows_seconds_against_the_budget_and_answers_the_result():
    class Future:
        polls = 0

        def done(self) -> bool:
            self.polls += 1
            return self.polls > 3

        def result(self) -> str:
            return "proposal"

    stream = io.StringIO()
    terminal = Console(file=stream, force_terminal=True, width=100)
    assert await_with_progress(Future, 10.0, "drawing every round", terminal) == "proposal"
    assert "drawing every round" in stream.getvalue() and "s of 10 s" in stream.getvalue()


def test_a_club_room_and_a_booking_in_club_time(rondo):
    club = out_json(rondo("calendar", "clubs", "create", "CLI club", "--time-zone", "Europe/Berlin", "--json"))
    room = out_json(rondo("calendar", "rooms", "create", club["id"], "Hall", "--json"))
    booked = out_json(
        rondo("calendar", "book", club["id"], room["id"], "--start", "2028-12-05T18:00", "--end", "2028-12-05T21:00",
              "--title", "D&D evening", "--json")
    )  # fmt: skip
    assert booked["slot"]["start"] == "2028-12-05T17:00:00Z"  # 18:00 in Berlin (UTC+1 in December)
    listed = rondo("calendar", "bookings", club["id"], "--from", "2028-12-01", "--to", "2028-12-31")
    assert listed.exit_code == 0 and "2028-12-05 18:00" in listed.stdout and "D&D evening" in listed.stdout
    rooms = out_json(rondo("calendar", "rooms", "list", club["id"], "--json"))["rooms"]
    assert [r["name"] for r in rooms] == ["Hall"]
    overlap = rondo(
        "calendar", "book", club["id"], room["id"], "--start", "2028-12-05T20:00", "--end", "2028-12-05T22:00", "--title", "Go"
    )
    assert overlap.exit_code == 1 and overlap.stderr.startswith("error: ")


def test_a_round_opened_for_scheduling_the_auto_scheduler_and_the_stages(rondo, embedded):
    """`schedule open` opens a round's tables in a club (match keys, windows in club time); `schedule
        auto` answers every match waiting for its players' answers; `stages next` refuses while regular
        results are open, naming what is missing; `stages list` has no stage after the draw yet; with every
    result in, `stages next` shows the playoff's first stage and `stages advance` stores it."""
    cid = out_json(rondo("competitions", "create", "CLI scheduled league", "--json"))["id"]
    for name in NAMES:
        assert rondo("roster", "add", cid, name).exit_code == 0
    draw = out_json(rondo("draws", "run", cid, "--seed", "3", "--time-limit", "5", "--json"))["draw"]
    assert rondo("draws", "approve", cid, draw["id"]).exit_code == 0
    club = out_json(rondo("calendar", "clubs", "create", "CLI scheduling club", "--time-zone", "Europe/Berlin", "--json"))
    assert rondo("calendar", "rooms", "create", club["id"], "Hall").exit_code == 0

    opened = out_json(
        rondo("schedule", "open", cid, "--round", "1", "--club", club["id"], "--from", "2028-12-01T00:00",
              "--to", "2028-12-08T00:00", "--json")
    )  # fmt: skip
    assert [m["match_key"] for m in opened["matches"]] == [f"{cid}/1/1/1", f"{cid}/1/1/2"]
    assert opened["matches"][0]["window_start"] == "2028-11-30T23:00:00Z"  # midnight in Berlin
    shown = rondo("schedule", "open", cid, "--round", "2", "--club", club["id"], "--from", "2028-12-08", "--to", "2028-12-15")
    assert shown.exit_code == 0 and "stage 1, round 2, table 1" in shown.stdout and "Akagi" in shown.stdout
    assert cid not in shown.stdout  # the match by its place, the players by name

    proposed = out_json(rondo("schedule", "auto", cid, "--round", "1", "--time-limit", "2", "--json"))
    assert [m["state"] for m in proposed["matches"]] == ["PROPOSAL_STATE_WAITING_FOR_ANSWERS"] * 2
    refused = rondo("stages", "next", cid)
    assert refused.exit_code == 1 and "FAILED_PRECONDITION" in refused.stderr and "round 1, table 1" in refused.stderr
    assert out_json(rondo("stages", "list", cid, "--json")).get("stages", []) == []  # only the draw so far
    none_yet = rondo("stages", "list", cid)
    assert none_yet.exit_code == 0 and "no stage after the draw yet" in none_yet.stdout

    ids = [p["id"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]]
    season.stable_names(ids)  # distinct totals: one finishing order
    for r, rnd in enumerate(draw["rounds"], start=1):  # every result, through the gateway directly
        for t, table in enumerate(rnd["tables"], start=1):
            for h in (1, 2, 3):
                hanchan = results_pb2.HanchanResult(number=h, scores=season.scores(table["player_ids"], "cli", r, t, h))
                request = results_pb2.RecordHanchanRequest(competition_id=cid, round=r, table=t, hanchan=hanchan)
                embedded.gateway.RecordHanchan(request, timeout=30)
    plan = rondo("stages", "next", cid)
    assert plan.exit_code == 0 and "next: stage 2" in plan.stdout, plan.output
    advanced = out_json(rondo("stages", "advance", cid, "--idempotency-key", "stage-2", "--json"))
    assert advanced["number"] == 2 and len(advanced["rounds"][0]["tables"]) == 2
    listed = rondo("stages", "list", cid)
    assert listed.exit_code == 0 and "stage 2: round 1" in listed.stdout
    top_two = {ids.index(p) for p in advanced["rounds"][0]["tables"][0]["player_ids"][:2]}
    assert all(NAMES[i] in listed.stdout for i in top_two)  # tables by name


def test_no_token_is_unauthenticated_with_the_login_hint(rondo, tmp_path):
    result = rondo("competitions", "list", extra_env={"RONDO_CONFIG_DIR": str(tmp_path)})
    assert result.exit_code == 1
    assert result.stderr.startswith("error: UNAUTHENTICATED: ") and "run `rondo login" in result.stderr


def test_login_asks_for_the_password_without_echo(rondo, embedded, tmp_path):
    accounts = embedded.accounts
    result = rondo(
        "login", accounts.organizer_name, input=accounts.organizer_password + "\n", extra_env={"RONDO_CONFIG_DIR": str(tmp_path)}
    )
    assert result.exit_code == 0, result.output
    assert accounts.organizer_password not in result.stdout and f"as {accounts.organizer_name!r} (organizer)" in result.stdout
    assert (tmp_path / FILE_NAME).exists()
    out = rondo("logout", extra_env={"RONDO_CONFIG_DIR": str(tmp_path)})
    assert out.exit_code == 0 and "stored token removed" in out.stdout
    assert json.loads((tmp_path / FILE_NAME).read_text()) == {}
    again = rondo("whoami", extra_env={"RONDO_CONFIG_DIR": str(tmp_path)})
    assert again.exit_code == 1 and "UNAUTHENTICATED" in again.stderr


def test_a_wrong_password_stores_nothing(rondo, embedded, tmp_path):
    result = rondo(
        "login", embedded.accounts.organizer_name, "--password", "not the password", extra_env={"RONDO_CONFIG_DIR": str(tmp_path)}
    )
    assert result.exit_code == 1 and result.stderr.startswith("error: UNAUTHENTICATED: wrong name or password")
    assert not (tmp_path / FILE_NAME).exists()


def test_bad_score_syntax_exits_2_before_anything_is_sent(rondo):
    result = rondo(
        "results", "hanchan", "no-such-competition", "--round", "1", "--table", "1", "--number", "1", "--score", "Akagi"
    )
    assert result.exit_code == 2
    assert "--score: 'Akagi' must be PLAYER=VALUE" in result.stderr and "NOT_FOUND" not in result.stderr
    points = rondo("results", "hanchan", "x", "--round", "1", "--table", "1", "--number", "1", "--score", "Akagi=12.5")
    assert points.exit_code == 2 and "not a whole number of points" in points.stderr


def test_a_cup_and_an_up_and_down_league_take_their_rulesets_rounds_and_refuse_contradicting_ones(rondo):
    cup = out_json(rondo("competitions", "create", "Open cup", "--ruleset", "open-cup-2023", "--json"))
    assert (cup["ruleset"], cup["rounds"], cup["table_size"]) == ("open-cup-2023", 6, 2)
    updown = out_json(rondo("competitions", "create", "Up&Down", "--ruleset", "updown-league-2007", "--json"))
    assert (updown["rounds"], updown["table_size"]) == (22, 2)
    refused = rondo("competitions", "create", "Short Up&Down", "--ruleset", "updown-league-2007", "--rounds", "1")
    assert refused.exit_code == 1 and refused.stderr.startswith("error: INVALID_ARGUMENT: ")
    assert "competition.rounds" in refused.stderr and "has 22 rounds, got 1" in refused.stderr


def test_an_unknown_competition_is_not_found(rondo):
    result = rondo("competitions", "show", "no-such-competition")
    assert result.exit_code == 2 and "no competition is named 'no-such-competition'" in result.stderr
    assert "`rondo competitions list` shows them" in result.stderr
    assert out_json(rondo("standings", str(SEASON_FILE), "--json"))["standings"]  # a file is still scored offline


def test_bad_input_names_the_field_and_a_missing_gateway_names_the_address(rondo):
    refused = rondo("competitions", "create", "x" * 101, "--rounds", "-1", "--table-size", "99")
    assert refused.exit_code == 1 and refused.stderr.startswith("error: INVALID_ARGUMENT: ")
    violations = refused.stderr.splitlines()[1:]  # each field violation on its own line
    assert [line.split(":")[0] for line in violations] == [
        "  competition.name",
        "  competition.rounds",
        "  competition.table_size",
    ]
    single = rondo("competitions", "create", "x" * 101)  # one violation: the message says it, once
    assert single.stderr == "error: INVALID_ARGUMENT: competition.name: at most 100 characters, got 101\n"
    nowhere = f"127.0.0.1:{free_port()}"
    down = rondo("competitions", "list", "--address", nowhere)
    assert down.exit_code == 1 and f"the gateway at {nowhere} did not answer" in down.stderr


def test_shell_completion_knows_the_commands_and_the_choices():
    runner = CliRunner()

    def complete(words: str) -> list[str]:
        env = {
            "_RONDO_COMPLETE": "complete_bash",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
        }
        return runner.invoke(app, [], prog_name="rondo", env=env).stdout.split()

    assert complete("rondo dra") == ["draw", "draws"]
    assert set(complete("rondo draws ")) >= {"run", "show", "list", "approve", "redraw", "commit-seed", "certificate"}
    assert complete("rondo roster close ID --resolution ") == ["none", "drop-last-registered", "promote-reserves"]
