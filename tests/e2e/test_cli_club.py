"""The club's calendar and access from the CLI (`rondo clubs`, `activities`, `meetings`, `calendar token|
export`, `access`, `password`) against `rondo up` as a real process, run in-process with typer's
CliRunner (as tests/e2e/test_cli_client.py): clubs, rooms and series typed by name; a granted organizer
then sees and acts on the club and the competition, and no longer once revoked; a cancelled occurrence
is cancelled in the series and the iCalendar feed, a moved one moved; a moved window shows in the match
card and a force-assigned meeting is booked; `rondo password` changes the password and keeps the new token."""

from __future__ import annotations

import json
from pathlib import Path

import icalendar
import pytest

from rondo.gateway.v1 import identity_pb2
from rondo_app.client.credentials import FILE_NAME
from tests.e2e.conftest import out_json

pytestmark = pytest.mark.e2e


def organizer(embedded, name: str, config: Path) -> dict[str, str | None]:
    """A new organizer made by the gateway's owner (organizers are made by the owner alone, not by the
    CLI's `accounts create`): the environment that makes ``rondo`` act as them."""
    _, token = embedded.accounts.account(identity_pb2.ROLE_ORGANIZER, name)
    return {"RONDO_CONFIG_DIR": str(config), "RONDO_TOKEN": token}


@pytest.mark.rule("access.organizers.scoped")
def test_a_grant_lets_another_organizer_see_and_act_on_a_club_and_a_competition(rondo, embedded, tmp_path):
    anna = organizer(embedded, "Anna Club", tmp_path / "anna")
    boris = organizer(embedded, "Boris Club", tmp_path / "boris")
    assert rondo("clubs", "create", "Anna's club", "--time-zone", "Europe/Moscow", extra_env=anna).exit_code == 0
    assert rondo("clubs", "create", "Boris's club", extra_env=boris).exit_code == 0
    created = rondo("calendar", "rooms", "create", "anna's CLUB", "Hall", extra_env=anna)  # by name, case-folded
    assert created.exit_code == 0 and "room 'Hall' created" in created.stdout, created.output
    cid = out_json(rondo("competitions", "create", "Anna's league", "--json", extra_env=anna))["id"]

    listed = rondo("clubs", "list", extra_env=anna)
    assert listed.exit_code == 0 and "Anna's club" in listed.stdout and "Boris's club" not in listed.stdout
    assert "Europe/Moscow" in listed.stdout
    theirs = out_json(rondo("clubs", "list", "--json", extra_env=boris))["clubs"]
    assert [c["name"] for c in theirs] == ["Boris's club"]
    everything = [c["name"] for c in out_json(rondo("clubs", "list", "--json"))["clubs"]]
    assert {"Anna's club", "Boris's club"} <= set(everything)  # the gateway's owner sees every club

    unseen = rondo("calendar", "rooms", "create", "Anna's club", "Boris's room", extra_env=boris)
    assert unseen.exit_code == 2 and 'no club is named "Anna\'s club"' in unseen.stderr, unseen.output
    refused = rondo("roster", "add", cid, "Akagi", extra_env=boris)
    assert refused.exit_code == 1 and "PERMISSION_DENIED" in refused.stderr

    granted = rondo("access", "grant", "boris club", "--club", "Anna's club", extra_env=anna)
    assert granted.exit_code == 0 and "Boris Club may now act on club" in granted.stdout, granted.output
    assert rondo("access", "grant", "Boris Club", "--competition", "Anna's league", extra_env=anna).exit_code == 0
    theirs = out_json(rondo("clubs", "list", "--json", extra_env=boris))["clubs"]
    assert [c["name"] for c in theirs] == ["Anna's club", "Boris's club"]
    assert rondo("calendar", "rooms", "create", "Anna's club", "Boris's room", extra_env=boris).exit_code == 0
    rooms = out_json(rondo("calendar", "rooms", "list", "Anna's club", "--json", extra_env=anna))["rooms"]
    assert [r["name"] for r in rooms] == ["Boris's room", "Hall"]
    added = rondo("roster", "add", cid, "Akagi", extra_env=boris)
    assert added.exit_code == 0, added.output
    # a grantee cannot grant further
    onward = rondo("access", "grant", "Anna Club", "--club", "Anna's club", extra_env=boris)
    assert onward.exit_code == 1 and "PERMISSION_DENIED" in onward.stderr

    revoked = rondo("access", "revoke", "Boris Club", "--club", "Anna's club", extra_env=anna)
    assert revoked.exit_code == 0 and "no longer acts on club" in revoked.stdout, revoked.output
    assert [c["name"] for c in out_json(rondo("clubs", "list", "--json", extra_env=boris))["clubs"]] == ["Boris's club"]
    both = rondo("access", "grant", "Boris Club", "--club", "Anna's club", "--competition", cid, extra_env=anna)
    assert both.exit_code == 2 and "exactly one of --competition and --club" in both.stderr


def test_the_club_updated_and_a_recurring_activity_cancelled_moved_and_in_the_feed(rondo, tmp_path):
    assert rondo("clubs", "create", "Feed club", "--time-zone", "Europe/Berlin").exit_code == 0
    updated = rondo("clubs", "update", "feed club", "--hours", "mon-fri=17:00-23:00", "--hours", "sat=10:00-23:00",
                    "--fallback-time", "17:30")  # fmt: skip
    assert updated.exit_code == 0, updated.output
    club = out_json(rondo("clubs", "show", "Feed club", "--json"))
    assert club["fallback_time"] == "17:30" and len(club["opening_hours"]["windows"]) == 6
    assert rondo("calendar", "rooms", "create", "Feed club", "Hall").exit_code == 0
    assert rondo("calendar", "rooms", "create", "Feed club", "Annex").exit_code == 0

    booked = rondo("activities", "book", "Feed club", "hall", "--start", "2027-01-07T19:00", "--end", "2027-01-07T22:00",
                   "--rrule", "FREQ=WEEKLY;COUNT=4", "--title", "Go club")  # fmt: skip
    assert booked.exit_code == 0, booked.output
    assert "2027-01-28 19:00" in booked.stdout and "Hall" in booked.stdout
    series = out_json(rondo("activities", "show", "Feed club", "go club", "--json"))
    assert len(series["occurrences"]) == 4
    by_start = {o["slot"]["start"]: o["id"] for o in series["occurrences"]}
    second, third = by_start["2027-01-14T18:00:00Z"], by_start["2027-01-21T18:00:00Z"]

    cancelled = rondo("activities", "cancel", "Feed club", "Go club", "2", "--reason", "holiday")
    assert cancelled.exit_code == 0 and "2027-01-14 19:00 cancelled" in cancelled.stdout, cancelled.output
    moved = rondo("activities", "move", "Feed club", "Go club", "2027-01-21", "--start", "2027-01-22T18:00",
                  "--end", "2027-01-22T21:00", "--room", "annex")  # fmt: skip
    assert moved.exit_code == 0 and "moved to 2027-01-22 18:00" in moved.stdout, moved.output
    after = {o["id"]: o for o in out_json(rondo("activities", "show", "Feed club", "Go club", "--json"))["occurrences"]}
    assert after[second]["status"] == "BOOKING_STATUS_CANCELLED" and after[second]["cancel_reason"] == "holiday"
    assert after[third]["slot"]["start"] == "2027-01-22T17:00:00Z" and after[third]["status"] == "BOOKING_STATUS_ACTIVE"
    shown = rondo("activities", "show", "Feed club", "Go club")
    assert shown.exit_code == 0 and "Annex" in shown.stdout and "cancelled" in shown.stdout.lower()
    assert series["id"] not in shown.stdout and second not in shown.stdout  # names, not ids

    token = out_json(rondo("calendar", "token", "Feed club", "--json"))["token"]
    feed_file = tmp_path / "club.ics"
    exported = rondo("calendar", "export", "--calendar-token", token, "--out", str(feed_file))
    assert exported.exit_code == 0 and "events written" in exported.stdout, exported.output
    events = {str(e["UID"]).split("@")[0]: e for e in icalendar.Calendar.from_ical(feed_file.read_bytes()).walk("VEVENT")}
    assert str(events[second]["STATUS"]) == "CANCELLED"
    assert events[third].decoded("DTSTART").strftime("%Y-%m-%d %H:%M") == "2027-01-22 18:00"
    assert str(events[third]["LOCATION"]) == "Annex"

    rest = rondo("activities", "cancel-series", "Feed club", "Go club", "--from", "2027-01-25", "--reason", "club closed")
    assert rest.exit_code == 0, rest.output
    final = out_json(rondo("activities", "show", "Feed club", "Go club", "--json"))["occurrences"]
    assert [o["status"] for o in final] == [
        "BOOKING_STATUS_ACTIVE",
        "BOOKING_STATUS_CANCELLED",
        "BOOKING_STATUS_ACTIVE",
        "BOOKING_STATUS_CANCELLED",
    ]
    hall_only = rondo("calendar", "export", "--calendar-token", token, "--club", "Feed club", "--room", "Hall", "--out", "-")
    assert hall_only.exit_code == 0 and "Go club" in hall_only.stdout and "Annex" not in hall_only.stdout
    wrong = rondo("activities", "cancel", "Feed club", "Go club", "tomorrow")
    assert wrong.exit_code == 2 and "neither an occurrence number" in wrong.stderr


def test_a_moved_window_shows_in_the_card_and_an_assigned_meeting_is_booked(rondo):
    cid = out_json(rondo("competitions", "create", "Window league", "--json"))["id"]
    for name in ("Akagi", "Washizu", "Saki", "Nodoka", "Koromo", "Teru", "Hisa", "Mako"):
        assert rondo("roster", "add", cid, name).exit_code == 0
    draw = out_json(rondo("draws", "run", cid, "--seed", "3", "--time-limit", "5", "--json"))["draw"]
    assert rondo("draws", "approve", cid, draw["id"]).exit_code == 0
    assert rondo("clubs", "create", "Window club", "--time-zone", "Europe/Berlin").exit_code == 0
    assert rondo("calendar", "rooms", "create", "Window club", "Hall").exit_code == 0
    opened = rondo("schedule", "open", cid, "--round", "1", "--club", out_json(rondo("clubs", "show", "Window club", "--json"))["id"],
                   "--from", "2027-02-01", "--to", "2027-02-08")  # fmt: skip
    assert opened.exit_code == 0, opened.output

    moved = rondo("meetings", "move-window", "Window league/1/1/1", "--club", "Window club", "--from", "2027-02-08",
                  "--to", "2027-02-15", "--reason", "Akagi is away")  # fmt: skip
    assert moved.exit_code == 0 and "window 2027-02-08 00:00 - 2027-02-15 00:00" in moved.stdout, moved.output
    card = out_json(rondo("calendar", "card", "Window league/1/1/1", "--json"))
    assert card["window"]["start"] == "2027-02-07T23:00:00Z" and card["window"]["end"] == "2027-02-14T23:00:00Z"
    late = rondo("meetings", "move-window", f"{cid}/1/1/1", "--club", "Window club", "--from", "2027-02-08",
                 "--to", "2027-02-15")  # fmt: skip
    assert late.exit_code == 2  # --reason is required

    assigned = rondo("meetings", "assign", "window league/1/1/1", "--club", "Window club", "--start", "2027-02-10T18:00",
                     "--end", "2027-02-10T23:00", "--room", "hall")  # fmt: skip
    assert assigned.exit_code == 0 and "2027-02-10 18:00" in assigned.stdout and "room Hall" in assigned.stdout, assigned.output
    card = out_json(rondo("calendar", "card", "Window league/1/1/1", "--json"))
    assert [(m["slot"]["start"], m["status"]) for m in card["meetings"]] == [("2027-02-10T17:00:00Z", "MEETING_STATUS_BOOKED")]
    shown = rondo("calendar", "card", "Window league/1/1/1").stdout
    assert "Hall" in shown and card["meetings"][0]["room_id"][:8] not in shown  # the room by its name
    cancelled = rondo("meetings", "cancel", "Window league/1/1/1", "2027-02-10 18:00", "--club", "Window club")
    assert cancelled.exit_code == 0 and "cancelled" in cancelled.stdout.lower(), cancelled.output

    fallback = out_json(rondo("meetings", "fallback", "Window league/1/1/2", "--json"))
    assert fallback["status"] == "MEETING_STATUS_BOOKED"
    assert fallback["slot"]["start"] == "2027-02-07T17:00:00Z"  # the window's last Sunday, 18:00 Berlin
    unknown = rondo("meetings", "fallback", "No such league/1/1/2")
    assert unknown.exit_code == 2 and "no competition is named" in unknown.stderr


@pytest.mark.rule("access.password.changed-by-its-owner")
def test_rondo_password_changes_the_password_and_keeps_the_new_token(rondo, tmp_path):
    made = out_json(rondo("accounts", "create", "Password judge", "--role", "judge", "--json"))
    env: dict[str, str | None] = {"RONDO_CONFIG_DIR": str(tmp_path / "judge")}
    assert rondo("login", "Password judge", "--password", made["password"], extra_env=env).exit_code == 0
    before = json.loads((tmp_path / "judge" / FILE_NAME).read_text())

    mismatch = rondo("password", input=f"{made['password']}\nnew judge secret\nanother secret\n", extra_env=env)
    assert mismatch.exit_code != 0 and "do not match" in mismatch.output.lower()
    wrong = rondo("password", "--password-stdin", input="not it\nnew judge secret\n", extra_env=env)
    assert wrong.exit_code == 1 and "old_password" in wrong.stderr, wrong.output

    changed = rondo("password", input=f"{made['password']}\nnew judge secret\nnew judge secret\n", extra_env=env)
    assert changed.exit_code == 0 and "password of 'Password judge' changed" in changed.stdout, changed.output
    assert made["password"] not in changed.stdout and "new judge secret" not in changed.stdout
    after = json.loads((tmp_path / "judge" / FILE_NAME).read_text())
    assert list(after.values())[0]["token"] != list(before.values())[0]["token"]
    assert rondo("whoami", extra_env=env).exit_code == 0  # the stored token is the new one
    old_token = list(before.values())[0]["token"]
    assert rondo("whoami", extra_env={**env, "RONDO_TOKEN": old_token}).exit_code == 1  # older tokens stop
    other = {"RONDO_CONFIG_DIR": str(tmp_path / "other")}
    assert rondo("login", "Password judge", "--password", made["password"], extra_env=other).exit_code == 1
    assert rondo("login", "Password judge", "--password", "new judge secret", extra_env=other).exit_code == 0
