"""Checks that an event read from the gateway is typed: its ``typed_payload`` member is the one named
after its kind, and carries what the deprecated ``payload`` Struct carries, field by field, with the
types of the message (docs/api/events.md; gateway/event_payloads.py).

The comparison does not reuse the gateway's conversion: ints must arrive as ints (the Struct's double
a whole number equal to it), enums as known values of their enum, times as Timestamps equal to the
Struct's RFC 3339 string, a field the Struct lacks unset (an ``optional`` one) or zero."""

from __future__ import annotations

from datetime import datetime

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.json_format import MessageToDict
from google.protobuf.message import Message

from rondo.gateway.v1 import events_pb2

_INTS = (FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_UINT64)


def every_event(stub, competition_id: str = "") -> list[events_pb2.Event]:
    """Every event in the gateway's log (of one competition), through ListEvents pages."""
    found: list[events_pb2.Event] = []
    token = ""
    while True:
        page = stub.ListEvents(
            events_pb2.ListEventsRequest(competition_id=competition_id, page_size=1000, page_token=token), timeout=30
        )
        found.extend(page.events)
        token = page.next_page_token
        if not token:
            return found


def check_typed(event: events_pb2.Event) -> str:
    """Asserts ``event`` arrives typed and equal to its Struct payload; answers its kind."""
    expected = event.kind.replace(".", "_").replace("-", "_")
    which = event.WhichOneof("typed_payload")
    assert which == expected, f"event {event.id} ({event.kind}) arrives with typed_payload {which!r}, not {expected!r}"
    _same(getattr(event, which), MessageToDict(event.payload), f"event {event.id} ({event.kind})")
    return event.kind


def _same(typed: Message, struct: dict, where: str) -> None:
    fields = {f.name: f for f in typed.DESCRIPTOR.fields}
    assert set(struct) <= set(fields), f"{where}: the Struct has {sorted(set(struct) - set(fields))}, the message has not"
    for name, field in fields.items():
        value = getattr(typed, name)
        if name not in struct:
            if field.has_presence:
                assert not typed.HasField(name), f"{where}: {name} is set but not in the Struct"
            else:
                assert not value, f"{where}: {name} is {value!r} but not in the Struct"
            continue
        given = struct[name]
        if field.is_repeated:
            assert isinstance(given, list) and len(given) == len(value), f"{where}: {name} {given!r} != {list(value)!r}"
            for i, (one, theirs) in enumerate(zip(value, given, strict=True)):
                _same_value(field, one, theirs, f"{where}: {name}[{i}]")
        else:
            _same_value(field, value, given, f"{where}: {name}")


def _same_value(field: FieldDescriptor, value, given, where: str) -> None:
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        if field.message_type.full_name == "google.protobuf.Timestamp":
            assert isinstance(given, str), f"{where}: the Struct has {given!r}, not a time"
            assert value.ToDatetime() == datetime.fromisoformat(given.replace("Z", "+00:00")).replace(tzinfo=None), where
        else:
            assert isinstance(given, dict), where
            _same(value, given, where)
    elif field.type == FieldDescriptor.TYPE_ENUM:
        assert type(value) is int and value in field.enum_type.values_by_number, f"{where}: {value!r} is no enum value"
        assert isinstance(given, float) and given == value, f"{where}: the Struct has {given!r}, the message {value!r}"
    elif field.type in _INTS:
        assert type(value) is int, f"{where}: {value!r} is not an int"
        assert isinstance(given, float) and given == value, f"{where}: the Struct has {given!r}, the message {value!r}"
    else:
        assert type(value) is type(given) and value == given, f"{where}: the Struct has {given!r}, the message {value!r}"
