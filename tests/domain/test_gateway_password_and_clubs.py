"""The pure rules behind ChangePassword (what a new password must be) and ListClubs (which clubs a caller
sees): docs/rules.md access.password.changed-by-its-owner, access.organizers.scoped."""

from __future__ import annotations

import pytest

from gateway.domain.identity import MAX_PASSWORD_LENGTH, check_new_password
from gateway.domain.scopes import ClubListing, clubs_listed
from rondo_runtime.errors import InvalidArgument


@pytest.mark.rule("access.password.changed-by-its-owner")
@pytest.mark.parametrize(
    ("old", "new", "field", "says"),
    [
        ("", "a new secret 1", "old_password", "is required"),
        ("x" * (MAX_PASSWORD_LENGTH + 1), "a new secret 1", "old_password", "at most"),
        ("old password", "", "new_password", "is required"),
        ("old password", "short", "new_password", "10-256 characters, got 5"),
        ("old password", "y" * (MAX_PASSWORD_LENGTH + 1), "new_password", "10-256 characters"),
        ("old password", "with a\ttab in it", "new_password", "control characters"),
        ("old password", "old password", "new_password", "is the current password"),
    ],
)
def test_a_new_password_is_long_enough_printable_and_not_the_old_one(old, new, field, says):
    with pytest.raises(InvalidArgument) as caught:
        check_new_password(old, new)
    assert [v.field for v in caught.value.violations] == [field] and says in caught.value.violations[0].description


@pytest.mark.rule("access.password.changed-by-its-owner")
def test_a_good_new_password_passes():
    check_new_password("k7mq3-xrt2a-aaaaa-bbbbb", "correct horse battery")


@pytest.mark.rule("access.organizers.scoped")
def test_an_organizer_lists_what_he_holds_and_the_gateway_owner_everything():
    held = frozenset({"c1", "c2"})
    assert clubs_listed("alice", "boss", held) == ClubListing(every=False, ids=held)
    assert clubs_listed("alice", "boss", frozenset()) == ClubListing(every=False, ids=frozenset())
    assert clubs_listed("boss", "boss", held) == ClubListing(every=True)
    assert clubs_listed("", "boss", frozenset()) == ClubListing(every=True)  # a judge of the gateway's owner
