"""The bot's reminder benchmark runs (small): every linked player gets their reminder through the stand-in."""

from __future__ import annotations

import re

import pytest

from bench import bot_reminders

pytestmark = pytest.mark.e2e


def test_the_reminder_benchmark_delivers_one_message_per_linked_player(capsys):
    assert bot_reminders.main(["--players", "8"]) == 0  # 0: one message per linked player
    out = capsys.readouterr().out
    assert re.search(
        r"8 messages for 8 linked players \(2 reminder\.due events\) .* messages/s; event -> sendMessage p50 [\d.]+ ms, p99 [\d.]+ ms",
        out,
    ), out
