"""Typed event payloads (gateway/event_payloads.py; docs/api/events.md): every kind the gateway
appends has its member of ``Event.typed_payload``, producers never name a kind (it is their message's),
and what the log stores reads back typed and equal to the deprecated Struct ``payload``."""

from __future__ import annotations

import io
import json
import re
import tokenize
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.struct_pb2 import Struct

from gateway.adapters.events import Event
from gateway.event_payloads import KINDS, kind_of, member, parse, payload_of, typed
from gateway.grpc_api import event_to_proto
from rondo.gateway.v1 import draws_pb2, events_pb2
from rondo_app.client.event_payload import payload_fields
from tests.typed_events import check_typed

GATEWAY = Path(__file__).resolve().parents[2] / "gateway"
ONEOF = events_pb2.Event.DESCRIPTOR.oneofs_by_name["typed_payload"]


def test_every_kind_the_gateway_appends_has_its_member_of_typed_payload():
    members = {f.name: f.message_type for f in ONEOF.fields}
    for kind, message in KINDS.items():
        assert member(kind) in members, f"{kind} has no member of Event.typed_payload"
        assert members[member(kind)] is message.DESCRIPTOR, f"Event.{member(kind)} is not a {message.__name__}"
    assert set(members) == {member(kind) for kind in KINDS}, "a member of typed_payload that no kind fills"
    assert len(KINDS) == len({m.DESCRIPTOR for m in KINDS.values()}), "two kinds share a message"


def test_no_producer_names_a_kind_its_message_does():
    """A kind is spelled once, in KINDS: producers append a message, whose kind it is (an event kind
    written as a string literal elsewhere in the gateway could be appended without its message)."""
    kind_like = re.compile(r"[a-z]+\.[a-z][a-z-]*")
    found = []
    for path in sorted(GATEWAY.rglob("*.py")):
        if path.name == "event_payloads.py":
            continue
        for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if token.type == tokenize.STRING and token.string[:1] in "\"'":
                value = token.string.strip("\"'")
                if kind_like.fullmatch(value) and value.split(".")[0] in {k.split(".")[0] for k in KINDS}:
                    found.append(f"{path.relative_to(GATEWAY.parent)}:{token.start[0]} {value}")
    assert found == []


def _sample(message: Message, seed: int = 1) -> Message:
    """Every field of ``message`` set to something other than its zero value."""
    for field in message.DESCRIPTOR.fields:
        values: list = []
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.message_type.full_name == "google.protobuf.Timestamp":
                getattr(message, field.name).FromDatetime(datetime(2026, 12, 5, 18, 30 + seed, tzinfo=UTC))
                continue
            if field.is_repeated:
                for i in range(2):
                    _sample(getattr(message, field.name).add(), seed + i)
            else:
                _sample(getattr(message, field.name), seed)
            continue
        if field.type == FieldDescriptor.TYPE_ENUM:
            values = [field.enum_type.values[-1].number]
        elif field.type == FieldDescriptor.TYPE_BOOL:
            values = [True]
        elif field.type == FieldDescriptor.TYPE_STRING:
            values = [f"{field.name}-{seed}", f"{field.name}-{seed + 1}"]
        else:
            values = [seed + 6, seed + 7]
        if field.is_repeated:
            getattr(message, field.name).extend(values)
        else:
            setattr(message, field.name, values[0])
    return message


def _through_the_log(payload: Message) -> events_pb2.Event:
    """What a bot reads of an event appended with ``payload``: stored as JSON, answered by the gateway."""
    kind, stored = payload_of(payload)
    event = Event(7, kind, "c", "s", json.loads(json.dumps(stored, sort_keys=True)), datetime(2026, 12, 5, tzinfo=UTC))
    return event_to_proto(event)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_reads_back_typed_and_equal_to_its_struct_payload(kind):
    full = _sample(KINDS[kind]())
    empty = KINDS[kind]()
    for payload in (full, empty):
        answer = _through_the_log(payload)
        assert answer.kind == kind and answer.WhichOneof("typed_payload") == member(kind)
        assert getattr(answer, member(kind)) == payload
        assert check_typed(answer) == kind


def test_enums_arrive_as_enums_and_ints_as_ints_where_the_struct_has_doubles():
    answer = _through_the_log(events_pb2.DrawPublishedEvent(version=3, status=draws_pb2.DRAW_STATUS_APPROVED))
    assert answer.payload["status"] == 2.0 and answer.payload["version"] == 3.0  # the deprecated Struct: doubles
    assert answer.draw_published.status == draws_pb2.DRAW_STATUS_APPROVED and type(answer.draw_published.version) is int


def test_the_struct_payload_is_what_each_kind_always_carried():
    """Zero values stay in the Struct (a new record's ``replaces_record_id: ""``); the fields of a
    standings change's other causes, and an unset ``by_organizer``, stay out, as before typing."""
    _, record = payload_of(events_pb2.StandingsChangedEvent(stage=1, round=1, table=2, record_kind="game", replaces_record_id=""))
    assert record == {"stage": 1, "round": 1, "table": 2, "record_kind": "game", "replaces_record_id": ""}
    _, ruleset = payload_of(events_pb2.StandingsChangedEvent(change="ChangeRuleset"))
    assert ruleset == {"change": "ChangeRuleset"}
    _, checkpoint = payload_of(events_pb2.StandingsChangedEvent(checkpoint=1, removed_ids=["p1"]))
    assert checkpoint == {"checkpoint": 1, "removed_ids": ["p1"]}
    _, cancelled = payload_of(events_pb2.ScheduleCancelledEvent(match_key="c/1/1/1"))
    assert cancelled == {"match_key": "c/1/1/1"}
    _, timeout = payload_of(events_pb2.TimeoutTakenEvent(player_id="p"))
    assert timeout == {"stage": 0, "player_id": "p", "starts_on": "", "ends_on": "", "clipped": False}


def test_payloads_stored_before_typing_read_back_typed():
    """The log's rows from before this release: the same dicts (times from ``isoformat() + "Z"``)."""
    old: dict[str, dict[str, Any]] = {
        "draw.published": {"version": 2, "status": 2},
        "reminder.due": {
            "match_key": "c/1/1/1",
            "club_id": "club",
            "due_at": "2026-12-05T17:00:00Z",
            "window_start": "2026-12-07T00:00:00Z",
            "window_end": "2026-12-14T00:00:00Z",
            "reason": "no_proposal",
            "players": [{"id": "p1", "name": "Akagi"}],
        },
        "standings.changed": {"stage": 1, "round": 1, "table": 1, "record_kind": "hanchan", "replaces_record_id": ""},
    }
    for kind, stored in old.items():
        answer = event_to_proto(Event(1, kind, "c", "s", stored, datetime(2026, 12, 5, tzinfo=UTC)))
        assert check_typed(answer) == kind
    reminder = parse("reminder.due", old["reminder.due"])
    assert isinstance(reminder, events_pb2.ReminderDueEvent) and reminder.players[0].name == "Akagi"


def test_an_event_the_gateway_cannot_type_keeps_its_struct_and_no_member():
    answer = event_to_proto(Event(1, "draw.reviewed", "c", "s", {"version": 1}, datetime(2026, 12, 5, tzinfo=UTC)))
    assert answer.WhichOneof("typed_payload") is None and answer.payload["version"] == 1
    assert typed("draw.published", {"version": "one"}) is None
    with pytest.raises(ValueError, match="no event kind"):
        parse("draw.reviewed", {})
    with pytest.raises(TypeError, match="not an event payload"):
        kind_of(draws_pb2.Draw())


def test_the_check_fails_an_untyped_or_different_event():
    """tests/typed_events.py is what the end-to-end fixtures run on every event: it must fail."""
    untyped = events_pb2.Event(id=1, kind="draw.published", payload=Struct())
    with pytest.raises(AssertionError, match="typed_payload None"):
        check_typed(untyped)
    different = _through_the_log(events_pb2.DrawPublishedEvent(version=3, status=draws_pb2.DRAW_STATUS_APPROVED))
    different.draw_published.version = 4
    with pytest.raises(AssertionError, match="version"):
        check_typed(different)
    extra = _through_the_log(events_pb2.ScheduleCancelledEvent(match_key="c/1/1/1"))
    extra.schedule_cancelled.by_organizer = False  # set, but absent from the Struct
    with pytest.raises(AssertionError, match="by_organizer"):
        check_typed(extra)
    wrong_member = _through_the_log(events_pb2.DrawProposedEvent(version=1))
    wrong_member.kind = "draw.published"
    with pytest.raises(AssertionError, match="draw_proposed"):
        check_typed(wrong_member)


def test_the_docs_list_every_kind_with_its_typed_member():
    section = (GATEWAY.parent / "docs" / "api" / "events.md").read_text(encoding="utf-8")
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 4:
            rows[cells[0].strip("`")] = cells[1]
    assert set(rows) == set(KINDS), "docs/api/events.md lists other kinds than gateway/event_payloads.py"
    for kind, message in KINDS.items():
        assert rows[kind] == f"`{member(kind)}` (`{message.__name__}`)", kind


def test_the_cli_shows_the_typed_payload_in_its_own_words():
    """rondo_app/client/event_payload.py: ints as ints and enums as words, not the Struct's doubles."""
    answer = _through_the_log(events_pb2.DrawPublishedEvent(version=3, status=draws_pb2.DRAW_STATUS_APPROVED))
    assert payload_fields(answer) == {"version": 3, "status": "approved"}
    cancelled = _through_the_log(events_pb2.ScheduleCancelledEvent(match_key="c/1/1/1", by_organizer=True))
    assert payload_fields(cancelled) == {"match_key": "c/1/1/1", "by_organizer": True}
    newer = events_pb2.Event(id=1, kind="draw.reviewed")
    newer.payload.update({"version": 2, "ids": [1, 2], "note": "x"})
    assert payload_fields(newer) == {"version": 2, "ids": [1, 2], "note": "x"}
