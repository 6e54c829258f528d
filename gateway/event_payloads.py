"""Typed event payloads (docs/architecture.md "Events for bots"; README "Events for bots").

Every event kind has its message, and ``Event.typed_payload`` a member named after the kind ("." and
"-" as "_"). Producers build the message (``payload_of``'s caller never names a kind: it is the
message's, so no kind can be appended untyped); the log stores it as JSON, the same dict the
deprecated ``Event.payload`` Struct has carried (field names as keys, enums as numbers, times as RFC
3339), and the gateway reads it back into both (``typed``).
"""

from __future__ import annotations

import logging
from typing import Any

from google.protobuf.json_format import MessageToDict, ParseDict, ParseError
from google.protobuf.message import Message

from rondo.gateway.v1 import events_pb2

log = logging.getLogger(__name__)

#: Every kind of event the gateway appends, and its message (the producers' list).
KINDS: dict[str, type[Message]] = {
    "draw.proposed": events_pb2.DrawProposedEvent,
    "draw.published": events_pb2.DrawPublishedEvent,
    "stage.created": events_pb2.StageCreatedEvent,
    "stage.completed": events_pb2.StageCompletedEvent,
    "standings.changed": events_pb2.StandingsChangedEvent,
    "player.disqualified": events_pb2.PlayerDisqualifiedEvent,
    "player.withdrawn": events_pb2.PlayerWithdrawnEvent,
    "schedule.proposed": events_pb2.ScheduleProposedEvent,
    "schedule.booked": events_pb2.ScheduleBookedEvent,
    "schedule.cancelled": events_pb2.ScheduleCancelledEvent,
    "schedule.options-ready": events_pb2.ScheduleOptionsReadyEvent,
    "mediation.requested": events_pb2.MediationRequestedEvent,
    "mediation.scheduled": events_pb2.MediationScheduledEvent,
    "mediation.closed": events_pb2.MediationClosedEvent,
    "mediation.removal-due": events_pb2.MediationRemovalDueEvent,
    "timeout.taken": events_pb2.TimeoutTakenEvent,
    "reminder.due": events_pb2.ReminderDueEvent,
}
_KIND_OF = {message: kind for kind, message in KINDS.items()}


def member(kind: str) -> str:
    """The member of ``Event.typed_payload`` for ``kind``: "mediation.removal-due" -> "mediation_removal_due"."""
    return kind.replace(".", "_").replace("-", "_")


def kind_of(message: Message) -> str:
    """The kind whose payload ``message`` is (TypeError for a message that is no event payload)."""
    try:
        return _KIND_OF[type(message)]
    except KeyError:
        raise TypeError(f"{type(message).__name__} is not an event payload (gateway/event_payloads.py KINDS)") from None


def payload_of(message: Message) -> tuple[str, dict[str, Any]]:
    """The event's kind and the dict the log stores: every field of the message, zero values too,
    enums as numbers, times as RFC 3339 strings; but an ``optional`` field only when set, and in a
    message with ``optional`` fields (each cause of the event sets its own: StandingsChangedEvent) a
    repeated field only when it has items. That is the payload each kind has always carried."""
    kind = kind_of(message)
    stored = MessageToDict(
        message, preserving_proto_field_name=True, use_integers_for_enums=True, always_print_fields_with_no_presence=True
    )
    fields = message.DESCRIPTOR.fields
    if any(f.has_presence and f.type != f.TYPE_MESSAGE for f in fields):
        for f in fields:
            if f.is_repeated and stored.get(f.name) == []:
                del stored[f.name]
    return kind, stored


def parse(kind: str, payload: dict[str, Any]) -> Message:
    """The stored payload of a ``kind`` event as its message; ValueError for a kind that has none or a
    payload its message cannot hold (``EventLog`` refuses to append either: no event is untyped)."""
    message_type = KINDS.get(kind)
    if message_type is None:
        raise ValueError(f"{kind!r} is no event kind with a typed payload (gateway/event_payloads.py KINDS)")
    try:
        return ParseDict(payload, message_type())
    except ParseError as error:
        raise ValueError(f"the payload of {kind!r} does not fit {message_type.__name__}: {error}") from None


def typed(kind: str, payload: dict[str, Any]) -> Message | None:
    """``parse``, or None (logged) for an event the gateway cannot read typed; its untyped ``payload``
    still carries it."""
    try:
        return parse(kind, payload)
    except ValueError as error:
        log.warning("event of kind %s read untyped: %s", kind, error)
        return None


def set_typed(event: events_pb2.Event, payload: dict[str, Any]) -> None:
    """Fills ``event``'s ``typed_payload`` member from the stored payload (nothing when ``typed`` is None)."""
    message = typed(event.kind, payload)
    if message is not None:
        getattr(event, member(event.kind)).CopyFrom(message)
