"""The authorization matrix (gateway/domain/access.py): complete for the service descriptor, its fields
real, its decisions as documented; self fields, author fields and audit summaries. Pure: no server."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gateway.domain import access
from gateway.domain.access import MATRIX, audit_reason, audit_summary, authorize, own_fields
from gateway.domain.identity import PlayerLink, Principal, Role
from rondo.gateway.v1 import gateway_pb2
from rondo_runtime.errors import InvalidArgument, PermissionDenied, Unauthenticated

pytestmark = pytest.mark.domain

SERVICE = gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"]
NOW = datetime(2026, 3, 1, tzinfo=UTC)


def principal(role: Role, *links: tuple[str, str], account_id: str = "a1", name: str = "Saki") -> Principal:
    return Principal(account_id, name, role, tuple(PlayerLink(c, p) for c, p in links), "jti", NOW)


@pytest.mark.rule("access.roles.one-matrix")
def test_every_rpc_of_the_service_has_exactly_one_entry_and_no_entry_is_stale():
    rpcs = [m.name for m in SERVICE.methods]
    missing = [r for r in rpcs if r not in MATRIX]
    assert missing == [], f"RPCs without a decision in gateway/domain/access.py: {missing}"
    assert sorted(set(MATRIX) - set(rpcs)) == []
    with pytest.raises(PermissionDenied, match="no entry"):  # deny by default
        authorize("NoSuchRpc", principal(Role.ORGANIZER))


@pytest.mark.rule("access.roles.one-matrix")
def test_every_field_the_matrix_names_is_a_string_field_of_the_rpcs_request():
    for method in SERVICE.methods:
        entry = MATRIX[method.name]
        fields = {f.name: f for f in method.input_type.fields}
        for name in (*entry.own_player, *entry.own_account, *entry.author):
            assert name in fields, f"{method.name}: {name} is not a field of {method.input_type.name}"
            assert fields[name].type == fields[name].TYPE_STRING and not fields[name].is_repeated, (method.name, name)


@pytest.mark.rule("access.roles.one-matrix")
def test_no_token_is_unauthenticated_and_the_wrong_role_is_denied_naming_role_and_rpc():
    with pytest.raises(Unauthenticated, match="authorization: Bearer"):
        authorize("GetStandings", None)
    assert authorize("Login", None).open
    with pytest.raises(PermissionDenied) as denied:
        authorize("ApproveDraw", principal(Role.JUDGE))
    assert "judge" in denied.value.message and "ApproveDraw" in denied.value.message and "organizer" in denied.value.message
    for role in Role:
        authorize("GetStandings", principal(role))  # anyone authenticated reads the standings


@pytest.mark.rule("access.roles.one-matrix")
def test_the_policy_organizers_organize_judges_decide_games_players_act_for_themselves():
    def roles(rpc: str) -> set[str]:
        return {r.value for r in MATRIX[rpc].roles}

    organizational = ["CreateCompetition", "RegisterPlayer", "WithdrawPlayer", "DrawCompetition", "Redraw", "ApproveDraw"]
    organizational += ["AdvanceStage", "ChangeRuleset", "DecideTie", "CreateClub", "CreateRoom", "OpenRoundScheduling"]
    organizational += ["AssignMeeting", "CancelMeeting", "BookActivity", "CreateAccount", "ResetPassword", "DisableAccount"]
    organizational += ["ListAccounts", "LinkPlayer", "ListAuditLog", "UpdateClub", "BookRecurringActivity", "MoveMatchWindow"]
    organizational += ["ApplyFallback", "CommitDrawSeed", "PublishDueReminders", "RotateCalendarToken"]
    for rpc in organizational:
        assert roles(rpc) == {"organizer"}, rpc
    for rpc in ("RecordHanchan", "RecordPenalty", "RecordNoShow", "RecordGame", "CorrectRecord", "ResolveDispute"):
        assert roles(rpc) == {"organizer", "judge"}, rpc
    for rpc in ("ReportResult", "ConfirmResult", "DisputeResult", "SetAvailability", "ProposeMeeting", "ConfirmMeeting"):
        assert roles(rpc) == {"player"} and MATRIX[rpc].own_player, rpc
    for rpc in ("DecideMediation", "RecordMediatedGame", "SetMediationCalendar"):
        assert roles(rpc) == {"organizer", "judge"}, rpc
    for rpc in ("GetStandings", "ListResultRecords", "GetCupBracket", "GetPlayoff", "GetSeating", "GetMatchCard"):
        assert roles(rpc) == {"organizer", "judge", "player", "bot"}, rpc
    for rpc in ("GetSeedCommitment", "GetDrawCertificate"):  # a draw anyone can verify
        assert roles(rpc) == {"organizer", "judge", "player", "bot"}, rpc
    assert roles("WatchEvents") == roles("ListEvents") == {"organizer", "judge", "bot"}
    bot_acts = {rpc for rpc, e in MATRIX.items() if Role.BOT in e.roles and e.action}
    # its own tokens, what it delivered, and the Telegram links it makes and ends when a user asks
    assert bot_acts == {"Logout", "RevokeToken", "AcknowledgeReminder", "LinkTelegram", "UnlinkTelegram"}


@pytest.mark.rule("access.privacy.intervals-owner-only")
def test_availability_is_read_and_written_by_its_owner_only_not_even_an_organizer():
    for rpc in ("SetAvailability", "GetAvailability"):
        assert MATRIX[rpc].roles == {Role.PLAYER} and MATRIX[rpc].own_player == ("player_id",)
        for role in (Role.ORGANIZER, Role.JUDGE, Role.BOT):
            with pytest.raises(PermissionDenied):
                authorize(rpc, principal(role))
    saki = principal(Role.PLAYER, ("c1", "p1"))
    with pytest.raises(PermissionDenied, match="another player"):
        own_fields(MATRIX["GetAvailability"], saki, {"player_id": "p2", "match_key": "c1/1/1/1"})


@pytest.mark.rule("access.players.act-for-themselves")
def test_a_players_empty_field_is_filled_in_and_another_players_refused():
    saki = principal(Role.PLAYER, ("c1", "p1"), ("c2", "p9"))
    entry = MATRIX["ConfirmMeeting"]
    assert own_fields(entry, saki, {"player_id": "", "match_key": "c2/1/3/2"}) == {"player_id": "p9"}
    assert own_fields(entry, saki, {"player_id": "p1", "match_key": "c1/1/1/1"}) == {}
    with pytest.raises(PermissionDenied, match="another player"):
        own_fields(entry, saki, {"player_id": "p2", "match_key": "c1/1/1/1"})
    report = MATRIX["ReportResult"]
    assert own_fields(report, saki, {"reported_by_player_id": "", "competition_id": "c1"}) == {"reported_by_player_id": "p1"}
    with pytest.raises(InvalidArgument) as ambiguous:  # two competitions and none named
        own_fields(report, saki, {"reported_by_player_id": ""})
    assert [v.field for v in ambiguous.value.violations] == ["reported_by_player_id"]
    with pytest.raises(PermissionDenied, match="not linked"):
        own_fields(report, saki, {"reported_by_player_id": "", "competition_id": "c3"})
    # a malformed key or competition is the request's own error, named, never "not linked" (issue 16)
    for hint in ("match_key", "competition_id"):
        with pytest.raises(InvalidArgument) as malformed:
            own_fields(entry, saki, {"player_id": "", hint: "c1/" + "x" * 10_000})
        assert [v.field for v in malformed.value.violations] == [hint]
    # other roles allowed on the RPC may name any player (an organizer reading a card)
    assert own_fields(MATRIX["GetMatchCard"], principal(Role.ORGANIZER), {"viewer_player_id": "p2"}) == {}


@pytest.mark.rule("access.players.act-for-themselves")
def test_an_account_field_is_the_callers_own_unless_an_organizer_names_another():
    entry = MATRIX["RevokeToken"]
    assert own_fields(entry, principal(Role.BOT, account_id="bot-1"), {"account_id": ""}) == {"account_id": "bot-1"}
    with pytest.raises(PermissionDenied, match="another account"):
        own_fields(entry, principal(Role.JUDGE, account_id="j1"), {"account_id": "a2"})
    assert own_fields(entry, principal(Role.ORGANIZER), {"account_id": "a2"}) == {}


@pytest.mark.rule("access.audit.organizer-and-judge-actions")
def test_authors_are_the_account_name_and_actions_of_staff_are_audited():
    judge = principal(Role.JUDGE, name="judge Anna")
    assert access.author_fields(MATRIX["ResolveDispute"], judge) == {"judge": "judge Anna"}
    assert access.author_fields(MATRIX["RecordHanchan"], judge) == {"recorded_by": "judge Anna"}
    assert access.audited(MATRIX["RecordHanchan"], judge)
    assert not access.audited(MATRIX["GetStandings"], judge)  # a read is not an action
    assert not access.audited(MATRIX["ConfirmResult"], principal(Role.PLAYER))  # a player's own act
    assert not access.audited(MATRIX["Login"], None)


@pytest.mark.rule("access.audit.organizer-and-judge-actions")
def test_an_audit_summary_is_bounded_and_never_holds_a_secret_an_interval_or_a_key():
    fields = {
        "name": "Saki",
        "password": "hunter2-hunter2",
        "service_token": "eyJ...",
        "idempotency_key": "k-1",
        "intervals": [{"start": "2026-03-01T18:00:00Z"}],
        "reason": "x" * 2000,
        "pins": [{"player_id": f"p{i}"} for i in range(100)],
    }
    summary = audit_summary(fields)
    assert len(summary) <= access.MAX_SUMMARY_LENGTH
    for secret in ("hunter2", "eyJ", "k-1", "2026-03-01T18", "intervals", "password"):
        assert secret not in summary
    assert '"name":"Saki"' in summary and "and 80 more" in summary
    assert len(audit_reason(fields)) <= 500 and audit_reason({"reason": "late table"}) == "late table"
    assert audit_reason({}) == ""


def matrix_table() -> list[str]:
    """docs/operating/security.md's matrix table as the matrix gives it (one row per RPC of the descriptor)."""
    rows = []
    for method in SERVICE.methods:
        entry = MATRIX[method.name]
        if entry.open:
            who = "anyone, no token"
        elif entry.roles == frozenset(Role):
            who = "anyone authenticated"
        else:
            who = ", ".join(r.value for r in Role if r in entry.roles)
        if entry.for_player_via_bot:
            who += " (a bot for its linked player)"
        fields = [f"`{f}` (a player's own)" for f in entry.own_player]
        fields += [f"`{f}` (own unless organizer)" for f in entry.own_account]
        fields += [f"`{f}` = caller" for f in entry.author]
        rows.append(f"| `{method.name}` | {who} | {', '.join(fields) or '—'} | {'yes' if entry.action else '—'} |")
    return rows


@pytest.mark.rule("access.roles.one-matrix")
def test_the_docs_show_the_matrix_as_it_is():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "operating" / "security.md").read_text(encoding="utf-8").splitlines()
    shown = [line for line in page if line.startswith("| `") and line.count("|") == 5 and line.split("`")[1] in MATRIX]
    assert shown == matrix_table(), "docs/operating/security.md's table differs from gateway/domain/access.py: regenerate it"
