"""The league-side organizer and judge commands against `rondo up`, in-process with typer's CliRunner like
tests/e2e/test_cli_cup.py: `rondo rulesets` (and ListRulesets over gRPC), `rondo decisions` (a tie decided
changes the standings' order; a cup disqualification; an Up&Down checkpoint), `rondo disputes`, `rondo
mediation`, `rondo reminders`, `rondo audit` and `rondo events`. Each group asserts the effect of its
command, and a bad choice word exits 2 naming the choices."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import grpc
import pytest

from rondo.gateway.v1 import competitions_pb2, results_pb2
from tests.e2e.conftest import out_json

pytestmark = pytest.mark.e2e

MOSCOW = ZoneInfo("Europe/Moscow")
FOUR = ("Akagi", "Washizu", "Saki", "Nodoka")


def ok(result) -> str:
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def a_drawn_table(rondo, name: str) -> tuple[str, list[str]]:
    """A 4-player mahjong league of one round, drawn and approved: (its id, the table's names in seat order)."""
    cid = out_json(rondo("competitions", "create", name, "--rounds", "1", "--json"))["id"]
    for player in FOUR:
        ok(rondo("roster", "add", cid, player))
    ok(rondo("roster", "close", cid))
    draw = out_json(rondo("draws", "run", cid, "--seed", "7", "--time-limit", "5", "--json"))["draw"]
    ok(rondo("draws", "approve", cid, draw["id"]))
    by_id = {p["id"]: p["name"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
    return cid, [by_id[p] for p in draw["rounds"][0]["tables"][0]["player_ids"]]


def test_list_rulesets_over_grpc_answers_every_ruleset_with_its_defaults_to_anyone_logged_in(embedded):
    organizer = embedded.gateway.ListRulesets(competitions_pb2.ListRulesetsRequest(), timeout=10)
    by_name = {r.name: r for r in organizer.rulesets}
    assert sorted(by_name) == ["discard-league-2026", "open-cup-2023", "updown-league-2007"]
    assert [(by_name[n].default_rounds, by_name[n].default_table_size) for n in sorted(by_name)] == [(4, 4), (6, 2), (22, 2)]
    assert by_name["discard-league-2026"].default and not by_name["open-cup-2023"].default
    assert by_name["open-cup-2023"].kind == competitions_pb2.RULESET_KIND_CUP
    assert by_name["updown-league-2007"].kind == competitions_pb2.RULESET_KIND_UPDOWN
    for r in organizer.rulesets:
        assert r.description and r.description_ru and r.version and r.stages and len(r.stages) == len(r.stages_ru)
    judge = embedded.accounts.judge("Rulesets judge").ListRulesets(competitions_pb2.ListRulesetsRequest(), timeout=10)
    assert [r.name for r in judge.rulesets] == [r.name for r in organizer.rulesets]
    paged = embedded.gateway.ListRulesets(competitions_pb2.ListRulesetsRequest(page_size=2), timeout=10)
    assert len(paged.rulesets) == 2 and paged.next_page_token
    with pytest.raises(grpc.RpcError) as refused:
        embedded.accounts.stub(None).ListRulesets(competitions_pb2.ListRulesetsRequest(), timeout=10)
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_rondo_rulesets_lists_them_and_a_competition_s_ruleset_changes_by_version(rondo):
    shown = ok(rondo("rulesets"))
    for text in ("discard-league-2026 (default)", "open-cup-2023", "updown-league-2007", "mahjong league", "cup", "updown"):
        assert text in shown
    assert "Лига" in ok(rondo("rulesets", "list", "--ru"))
    listed = out_json(rondo("rulesets", "--json"))["rulesets"]
    assert {r["name"]: r["default_rounds"] for r in listed} == {
        "discard-league-2026": 4,
        "open-cup-2023": 6,
        "updown-league-2007": 22,
    }

    cid = out_json(rondo("competitions", "create", "CLI ruleset league", "--json"))["id"]
    changed = rondo("rulesets", "change", "CLI ruleset league", "--set", "playoff_places=4", "--reason", "a small club")
    assert "playoff_places" in ok(changed) and "a small club" in changed.stdout
    versions = out_json(rondo("rulesets", "versions", cid[:8], "--json"))["ruleset_versions"]
    assert [v["version"] for v in versions] == [1, 2] and json.loads(versions[1]["data_json"])["playoff_places"] == 4
    assert "a small club" in ok(rondo("rulesets", "versions", "CLI ruleset league"))
    bad = rondo("rulesets", "change", cid, "--overrides", "[1, 2]")
    assert bad.exit_code == 2 and "--overrides" in bad.output


def test_a_tie_decided_from_the_cli_orders_the_standings_and_the_audit_log_lists_it(rondo):
    cid, seats = a_drawn_table(rondo, "CLI tie league")
    for number in (1, 2, 3):  # four equal scores every hanchan: one tie of all four
        scores = [arg for name in seats for arg in ("--score", f"{name}=30000")]
        ok(rondo("results", "hanchan", cid, "--round", "1", "--table", "1", "--number", str(number), *scores))
    ties = out_json(rondo("decisions", "ties", "CLI tie league", "--json"))["ties"]
    assert len(ties) == 1 and len(ties[0]["player_ids"]) == 4
    listed = ok(rondo("decisions", "ties", "CLI tie league"))
    assert all(name in listed for name in FOUR)

    wrong = rondo("decisions", "tie", cid, *FOUR, "--method", "coin")
    assert wrong.exit_code == 2 and "organizer-order" in wrong.output and "lot" in wrong.output
    no_reason = rondo("decisions", "tie", cid, *FOUR, "--method", "organizer-order")
    assert no_reason.exit_code == 2 and "--reason" in no_reason.output

    order = ["Saki", "Akagi", "Nodoka", "Washizu"]
    decided = rondo("decisions", "tie", cid, *order, "--method", "organizer-order", "--reason", "extra hanchan won by Saki")
    assert "Saki > Akagi > Nodoka > Washizu" in ok(decided)
    standings = out_json(rondo("standings", cid, "--json"))
    assert [r["name"] for r in standings["rows"]] == order
    assert out_json(rondo("decisions", "ties", cid, "--json"))["ties"] == []

    audit = out_json(rondo("audit", "--action", "DecideTie", "--json"))["entries"]
    assert audit and audit[0]["rpc"] == "DecideTie" and audit[0]["reason"] == "extra hanchan won by Saki"
    assert audit[0]["outcome"] == "OK"
    shown = ok(rondo("audit", "--limit", "5"))
    assert "DecideTie" in shown and "extra hanchan won by Saki" in shown

    refused = rondo("decisions", "playoff", cid, "--decision", "keep", "--reason", "nothing is stale")
    assert refused.exit_code == 1 and "error:" in refused.output
    assert rondo("decisions", "playoff", cid, "--decision", "later", "--reason", "x").exit_code == 2

    events = out_json(rondo("events", "list", "--competition", "CLI tie league", "--kind", "standings.changed", "--json"))
    assert events["events"] and all(e["kind"] == "standings.changed" and e["competition_id"] == cid for e in events["events"])
    watched = rondo("events", "watch", "--competition", cid, "--kind", "standings.changed", "--limit", "2", "--json")
    lines = [json.loads(line) for line in ok(watched).splitlines()]
    assert [e["id"] for e in lines] == [e["id"] for e in events["events"][:2]]
    table = ok(rondo("events", "list", "--competition", cid, "--limit", "3"))
    assert "standings.changed" in table and "CLI tie league" in table and cid not in table, table
    watched = ok(rondo("events", "watch", "--competition", cid, "--kind", "standings.changed", "--limit", "1"))
    assert watched.startswith(f"#{events['events'][0]['id']} ") and "standings.changed [CLI tie league]" in watched, watched


def test_a_disputed_report_is_listed_and_resolved_from_the_cli(rondo, embedded):
    cid, seats = a_drawn_table(rondo, "CLI dispute league")
    ids = {p["name"]: p["id"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
    scores = dict(zip(seats, (40000, 35000, 25000, 20000), strict=True))
    reported = embedded.accounts.player(cid, ids[seats[0]]).ReportResult(
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            hanchan=results_pb2.HanchanResult(number=1, scores={ids[n]: v for n, v in scores.items()}),
        ),
        timeout=10,
    )
    embedded.accounts.player(cid, ids[seats[1]]).DisputeResult(
        results_pb2.DisputeResultRequest(competition_id=cid, record_id=reported.id, reason="I had 35 000, not 25 000"),
        timeout=10,
    )
    listed = out_json(rondo("disputes", "list", "CLI dispute league", "--json"))["result_records"]
    assert [r["id"] for r in listed] == [reported.id] and listed[0]["status"] == "RECORD_STATUS_DISPUTED"
    assert seats[0] in ok(rondo("disputes", "list", cid))

    bad = rondo("disputes", "resolve", cid, str(reported.sequence), "--decision", "maybe", "--reason", "x")
    assert bad.exit_code == 2 and "uphold" in bad.output and "replace" in bad.output
    resolved = out_json(
        rondo("disputes", "resolve", cid, str(reported.sequence), "--decision", "uphold", "--reason", "sheet checked", "--json")
    )
    assert resolved["status"] == "RECORD_STATUS_CONFIRMED"
    assert out_json(rondo("disputes", "list", cid, "--reported", "--json"))["result_records"] == []
    standings = out_json(rondo("standings", cid, "--json"))
    assert standings["rows"][0]["name"] == seats[0]

    second = embedded.accounts.player(cid, ids[seats[0]]).ReportResult(
        results_pb2.ReportResultRequest(
            competition_id=cid,
            round=1,
            table=1,
            hanchan=results_pb2.HanchanResult(number=2, scores={ids[n]: v for n, v in scores.items()}),
        ),
        timeout=10,
    )
    embedded.accounts.player(cid, ids[seats[3]]).DisputeResult(
        results_pb2.DisputeResultRequest(competition_id=cid, record_id=second.id, reason="the scores are reversed"),
        timeout=10,
    )
    judge_scores = [arg for n, v in zip(seats, (20000, 25000, 35000, 40000), strict=True) for arg in ("--score", f"{n}={v}")]
    replaced = out_json(rondo(
        "disputes", "resolve", cid, second.id[:8], "--decision", "replace", "--reason", "the sheet was reversed",
        "--number", "2", *judge_scores, "--json",
    ))  # fmt: skip
    assert replaced["status"] == "RECORD_STATUS_CONFIRMED" and replaced["hanchan"]["scores"][ids[seats[3]]] == 40000
    history = out_json(rondo("results", "list", cid, "--round", "1", "--table", "1", "--json"))["result_records"]
    assert [r["status"] for r in history if r["hanchan"]["number"] == 2] == ["RECORD_STATUS_REPLACED", "RECORD_STATUS_CONFIRMED"]


def test_a_cup_player_is_disqualified_from_the_cli(rondo):
    cid = out_json(rondo("competitions", "create", "CLI dq cup", "--ruleset", "open-cup-2023", "--json"))["id"]
    for i, name in enumerate((*FOUR, "Koromo", "Teru", "Hisa", "Mako")):
        ok(rondo("roster", "add", cid, name, "--rating", str(3000 - i)))
    ok(rondo("stages", "advance", cid))
    done = rondo("decisions", "disqualify", "CLI dq cup", "Washizu", "--reason", "insulted the arbiter (5.3.3)")
    assert "Washizu" in ok(done) and "insulted the arbiter" in done.stdout
    roster = {p["name"]: p["status"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
    assert roster["Washizu"] == "PLAYER_STATUS_DISQUALIFIED"
    missing = rondo("decisions", "disqualify", cid, "Nobody", "--reason", "x")
    assert missing.exit_code == 2 and "rondo roster list" in missing.output


def test_updown_mediation_time_outs_and_a_checkpoint_from_the_cli(rondo):
    name = "CLI mediated Up&Down"
    cid = out_json(rondo("competitions", "create", name, "--ruleset", "updown-league-2007", "--json"))["id"]
    for i in range(1, 13):
        ok(rondo("roster", "add", cid, f"M{i:02d}", "--rating", str(2000 - i)))
    stage = out_json(rondo("stages", "advance", cid, "--json"))
    by_id = {p["id"]: p["name"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
    first, second = (by_id[p] for p in stage["rounds"][0]["tables"][0]["player_ids"])
    today = datetime.now(UTC).astimezone(MOSCOW).date()
    bad = rondo(
        "mediation", "calendar", name, "--stage", "1", "--division", "third", "--from", "2026-01-01", "--to", "2026-02-01"
    )
    assert bad.exit_code == 2 and "super" in bad.output and "first" in bad.output
    calendar = rondo(
        "mediation", "calendar", name, "--stage", "1", "--division", "super",
        "--from", (today - timedelta(days=10)).isoformat(), "--to", (today + timedelta(days=60)).isoformat(),
    )  # fmt: skip
    assert "super" in ok(calendar)
    monday = today + timedelta(days=7 - today.weekday())
    days = [arg for d in (0, 2, 4, 6) for arg in ("--day", (monday + timedelta(days=d)).isoformat())]
    asked = out_json(rondo(
        "mediation", "request", name, "--stage", "1", "--round", "1", "--table", "1",
        "--requester", second, "--opponent", first, *days, "--json",
    ))  # fmt: skip
    assert asked["status"] == "MEDIATION_STATUS_AWAITING_ANSWER"
    answer = [arg for d in (1, 2, 3, 5) for arg in ("--day", (monday + timedelta(days=d)).isoformat())]
    answered = out_json(rondo("mediation", "answer", name, asked["id"][:8], "--player", first, *answer, "--json"))
    assert answered["status"] == "MEDIATION_STATUS_SCHEDULED"
    recorded = rondo("mediation", "record", name, asked["id"][:8], "--result", "1-0")
    assert "played" in ok(recorded) and f"{first} 1-0 {second}" in recorded.stdout
    shown = ok(rondo("mediation", "list", name))
    assert f"{second} vs {first}" in shown and "played" in shown
    assert not any(player_id in shown for player_id in by_id)  # names, never ids

    off = rondo(
        "mediation", "timeout", name, "--stage", "1", "--player", "M05",
        "--from", (today + timedelta(days=3)).isoformat(), "--to", (today + timedelta(days=9)).isoformat(),
    )  # fmt: skip
    assert "M05" in ok(off)
    timeouts = out_json(rondo("mediation", "timeouts", name, "--json"))["timeouts"]
    assert [by_id[t["player_id"]] for t in timeouts] == ["M05"]

    wrong = rondo("decisions", "checkpoint", name, "--checkpoint", "third")
    assert wrong.exit_code == 2 and "first" in wrong.output and "second" in wrong.output
    checked = rondo("decisions", "checkpoint", name, "--checkpoint", "first")
    # nobody has played half of the 22 games yet: everyone is removed, each with the reason (§10.3.1.1)
    removed = ok(checked)
    assert "first checkpoint: removed" in removed and "M05" in removed and "10.3.1.1" in removed
    roster = {p["name"]: p["status"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
    assert roster["M05"] != "PLAYER_STATUS_MAIN"


def test_a_club_s_reminder_schedule_and_delivery_log_from_the_cli(rondo):
    club = out_json(rondo("calendar", "clubs", "create", "CLI reminder club", "--time-zone", "Europe/Moscow", "--json"))["id"]
    assert "sunday" in ok(rondo("reminders", "schedule", club))
    bad = rondo("reminders", "set-schedule", club, "--weekday", "someday")
    assert bad.exit_code == 2 and "monday" in bad.output
    changed = out_json(rondo("reminders", "set-schedule", club, "--weekday", "monday", "--time", "10:30", "--json"))
    assert (changed["weekday"], changed["local_time"]) == (1, "10:30")
    shown = ok(rondo("reminders", "schedule", club))
    assert "monday" in shown and "10:30" in shown
    kept = out_json(rondo("reminders", "set-schedule", club, "--time", "11:00", "--json"))
    assert (kept["weekday"], kept["local_time"]) == (1, "11:00")
    ok(rondo("reminders", "publish"))
    assert out_json(rondo("reminders", "list", club, "--json"))["reminders"] == []
    assert "none" in ok(rondo("reminders", "list", club))
