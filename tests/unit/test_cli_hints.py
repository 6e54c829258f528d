"""Errors that speak CLI (rondo_app/client/hints.py): the players named instead of their ids, an index
into a request's list of players named, and the command that does what the gateway's message asks."""

from __future__ import annotations

from rondo_app.client import hints

AKAGI = "3f2a9c10-0000-4000-8000-000000000001"
TERU = "93769bc1-3204-41e7-84f9-720b92b90001"


class FakeSession:
    """Any object a command's session is: the hints module only keys its memory on it."""


def test_ids_the_command_met_are_shown_by_name_even_when_the_gateway_cut_them_short():
    s = FakeSession()
    hints.remember(s, names={AKAGI: "Akagi", TERU: "Teru"})
    lines = [
        f"error: INVALID_ARGUMENT: hanchan.scores.{AKAGI}: '{AKAGI}' is not at this table (round 2, table 1: Teru, 93769bc1-3204-41…",
        f"  hanchan.scores: no final score for {TERU}",
    ]
    shown = hints.explain(lines, s)
    assert shown == [
        "error: INVALID_ARGUMENT: hanchan.scores.Akagi: 'Akagi' is not at this table (round 2, table 1: Teru, Teru…",
        "  hanchan.scores: no final score for Teru",
    ]
    assert hints.explain([f"unknown {AKAGI}"], FakeSession()) == [f"unknown {AKAGI}"]  # another session knows nothing


def test_a_player_named_by_index_into_the_request_is_named():
    s = FakeSession()
    hints.remember(s, names={AKAGI: "Akagi"}, listed={"player_ids": [TERU, AKAGI]})
    shown = hints.explain(["error: INVALID_ARGUMENT: player_ids[1]: is not tied", "  rounds[1]: not seated"], s)
    assert shown == ["error: INVALID_ARGUMENT: player_ids[1] (Akagi): is not tied", "  rounds[1]: not seated"]


def test_a_message_asking_for_a_correction_gets_the_command_with_the_competition_as_typed(monkeypatch):
    monkeypatch.setenv("RONDO_LANG", "en")
    s = FakeSession()
    hints.remember(s, competition="Winter league")
    shown = hints.explain(
        ["error: INVALID_ARGUMENT: hanchan 1 of round 1, table 1 is already recorded; correct that record instead"], s
    )
    assert shown[-1] == (
        "hint: correct it with `rondo results correct 'Winter league' RECORD --reason ...` "
        "(`rondo results list 'Winter league'` numbers the records)"
    )
    closing = hints.explain(["error: FAILED_PRECONDITION: ... with the resolution drop-last-registered, or ..."])
    assert closing[-1] == (
        "hint: close with `rondo roster close COMPETITION --resolution drop-last-registered` or `--resolution promote-reserves`"
    )
    assert hints.explain(["error: NOT_FOUND: no such thing"]) == ["error: NOT_FOUND: no such thing"]


class RefusedCall:
    """A refused call as grpc raises it: code, details and the google.rpc.Status in trailing metadata."""

    def __init__(self, reason: str, message: str):
        import grpc
        from google.protobuf import any_pb2
        from google.rpc import error_details_pb2, status_pb2

        packed = any_pb2.Any()
        packed.Pack(error_details_pb2.ErrorInfo(reason=reason, domain="rondo"))
        self.message = message
        self.code_value = grpc.StatusCode.PERMISSION_DENIED
        self.status = status_pb2.Status(code=self.code_value.value[0], message=message, details=[packed])

    def code(self):
        return self.code_value

    def details(self) -> str:
        return self.message

    def trailing_metadata(self):
        return (("grpc-status-details-bin", self.status.SerializeToString()),)


def test_the_hint_follows_the_error_reason_in_any_language_and_speaks_the_users(monkeypatch):
    monkeypatch.setenv("RONDO_LANG", "ru")
    refused = RefusedCall("PLAYER_NOT_LINKED", "Ваша учётная запись не связана с игроком")
    shown = hints.explain(["error: PERMISSION_DENIED: Ваша учётная запись не связана с игроком"], FakeSession(), refused)
    assert shown[-1] == "подсказка: организатор связывает её: `rondo accounts link ACCOUNT COMPETITION PLAYER`"
    monkeypatch.setenv("RONDO_LANG", "en")
    assert hints.explain(["error: PERMISSION_DENIED: ..."], FakeSession(), refused)[-1] == (
        "hint: the organizer links it with `rondo accounts link ACCOUNT COMPETITION PLAYER`"
    )
    assert hints.reason_of(object()) == ""  # not a call: no reason, no hint
