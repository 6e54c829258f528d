"""An event's payload as the CLI shows it: its typed member (docs/api/events.md), not the
deprecated ``Event.payload`` Struct, whose numbers are doubles (``version=1.0``) and enums numbers
(``status=2.0``). For the event commands (``rondo events``) to print."""

from __future__ import annotations

from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.json_format import MessageToDict

from rondo.gateway.v1 import events_pb2


def payload_fields(event: events_pb2.Event) -> dict[str, Any]:
    """The fields of the event's typed member by name: zero values too (an ``optional`` one only when
    set), ints as ints, enums as the CLI's words (``DRAW_STATUS_APPROVED`` -> ``approved``), times
    as RFC 3339. An event without a typed member (a kind newer than this CLI) falls back to the
    Struct, whole numbers shown as ints."""
    which = event.WhichOneof("typed_payload")
    if which is None:
        return {k: _whole(v) for k, v in MessageToDict(event.payload).items()}
    typed = getattr(event, which)
    fields = MessageToDict(typed, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)
    for field in typed.DESCRIPTOR.fields:
        if field.type == FieldDescriptor.TYPE_ENUM and field.name in fields and not field.is_repeated:
            fields[field.name] = enum_word(field, getattr(typed, field.name))
    return fields


def enum_word(field: FieldDescriptor, number: int) -> str:
    """``DRAW_STATUS_APPROVED`` of enum ``DrawStatus`` -> ``approved``; an unknown number as itself."""
    value = field.enum_type.values_by_number.get(number)
    if value is None:
        return str(number)
    prefix = "".join(f"_{c}" if c.isupper() else c.upper() for c in field.enum_type.name).lstrip("_") + "_"
    return value.name.removeprefix(prefix).lower().replace("_", "-")


def _whole(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_whole(v) for v in value]
    return value
