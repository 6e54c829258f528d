"""The seed commitment and the draw certificate (docs/rules.md draw.trust.seed-commitment)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

import pytest

from league.domain.certificate import commitment_problems, table_differences
from league.domain.commitment import SeedCommitment, check_can_commit, check_draw_seed, seed_commitment, seed_for_draw
from rondo_runtime.errors import FailedPrecondition

pytestmark = [pytest.mark.domain, pytest.mark.rule("draw.trust.seed-commitment")]


def test_the_commitment_is_the_sha256_of_competition_seed_and_nonce():
    expected = hashlib.sha256(b"rondo-draw-seed/1:c1:42:00ff").hexdigest()
    assert seed_commitment("c1", 42, "00ff") == expected
    assert seed_commitment("c1", 43, "00ff") != expected != seed_commitment("c2", 42, "00ff")


def test_a_redraw_uses_a_seed_derived_from_the_committed_one_and_its_version():
    assert seed_for_draw(7, 1) == 7
    derived = [seed_for_draw(7, v) for v in range(2, 6)]
    assert len(set(derived)) == 4 and all(0 <= s < 2**63 for s in derived)
    assert derived == [seed_for_draw(7, v) for v in range(2, 6)]  # anyone can derive them again


def _commitment(seed: int = 7) -> SeedCommitment:
    return SeedCommitment("c1", seed, "ab" * 16, seed_commitment("c1", seed, "ab" * 16), datetime(2026, 1, 1, tzinfo=UTC), "org")


def test_a_draw_under_a_commitment_must_use_its_seed():
    check_draw_seed(None, 1, 12345)  # no commitment: any seed
    check_draw_seed(_commitment(), 1, 7)
    check_draw_seed(_commitment(), 3, seed_for_draw(7, 3))
    with pytest.raises(FailedPrecondition, match="committed"):
        check_draw_seed(_commitment(), 1, 8)
    with pytest.raises(FailedPrecondition, match="committed"):
        check_draw_seed(_commitment(), 2, 7)


def test_a_seed_is_committed_once_and_only_before_the_first_draw():
    check_can_commit(None, 0)
    with pytest.raises(FailedPrecondition, match="already committed"):
        check_can_commit(_commitment(), 0)
    with pytest.raises(FailedPrecondition, match="before the first draw"):
        check_can_commit(None, 1)


def _cert(seed: int, nonce: str, used: int, version: int = 1) -> dict:
    return {
        "competition": {"id": "c1"},
        "draw": {"version": version},
        "seed": {"seed": seed, "nonce": nonce, "commitment": seed_commitment("c1", 7, "ab" * 16)},
        "solver_request": {"seed": str(used)},
    }


def test_a_revealed_seed_that_does_not_match_the_commitment_is_found():
    assert commitment_problems(_cert(7, "ab" * 16, 7)) == []
    assert commitment_problems(_cert(8, "ab" * 16, 8))[0].startswith("the revealed seed and nonce do not match")
    assert commitment_problems(_cert(7, "cd" * 16, 7))[0].startswith("the revealed seed and nonce do not match")
    assert commitment_problems(_cert(7, "ab" * 16, 9)) == ["the solver was given seed 9, not the committed one (7)"]
    assert commitment_problems(_cert(7, "ab" * 16, seed_for_draw(7, 2), version=2)) == []


def test_table_differences_name_the_round_and_table():
    a = [[["p1", "p2"], ["p3", "p4"]], [["p1", "p3"], ["p2", "p4"]]]
    b = [[["p1", "p2"], ["p3", "p4"]], [["p1", "p4"], ["p2", "p3"]]]
    assert table_differences(a, a) == []
    assert table_differences(a, b) == [
        "round 2 table 1: published ['p1', 'p3'], reproduced ['p1', 'p4']",
        "round 2 table 2: published ['p2', 'p4'], reproduced ['p2', 'p3']",
    ]
    assert table_differences(a, b[:1])[0] == "2 rounds published, 1 reproduced"
