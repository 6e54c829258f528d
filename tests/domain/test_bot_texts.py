"""The bot's words (bot/texts.py): both languages for every message, the language chosen from the
link's Telegram language, values cut, the /start code read, match keys parsed."""

from __future__ import annotations

import re
import string
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import texts

pytestmark = pytest.mark.domain


def test_every_message_exists_in_russian_and_english_and_the_language_follows_the_link():
    for key in texts.KEYS:
        fields = {name: "x" for name in re.findall(r"{(\w+)}", texts._TEXTS[key][texts.EN])}
        assert set(re.findall(r"{(\w+)}", texts._TEXTS[key][texts.RU])) == set(fields), key
        assert texts.text(key, "ru", **fields) != texts.text(key, "en", **fields) or key == "button.confirm"
    assert [texts.language(c) for c in ("ru", "ru-RU", "RU", "ru_RU", "en", "", "uk", "rue", "de-DE")] == [
        "ru", "ru", "ru", "ru", "en", "en", "en", "en", "en",
    ]  # fmt: skip


@given(st.text(max_size=500))
def test_a_value_is_cut_and_a_message_never_exceeds_telegrams_limit(value):
    out = texts.text("start.linked", "en", name=value)
    assert len(out) <= texts.MAX_MESSAGE
    assert value[: texts.MAX_VALUE - 1] in out


@pytest.mark.rule("access.telegram.start-code-links")
@given(st.text(max_size=300), st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=1, max_size=200))
def test_the_start_code_is_read_from_any_text_and_never_longer_than_64(noise, code):
    assert texts.start_code(f"/start {code}") == code[:64]
    assert texts.start_code(f"/start@rondo_bot   {code}  ") == code[:64]
    assert texts.start_code("/start") is None and texts.start_code("  /start  ") is None
    got = texts.start_code(noise)
    assert got is None or (noise.split()[0].split("@")[0] == "/start" and len(got) <= 64)


@given(st.text(max_size=100))
def test_a_match_key_parses_only_when_it_is_competition_stage_round_table(raw):
    parsed = texts.parse_match_key(raw)
    if parsed is not None:
        assert "/".join(map(str, parsed)) == raw.strip() or raw.count("/") == 3
    assert texts.parse_match_key("c1/1/2/3") == ("c1", 1, 2, 3)
    assert texts.parse_match_key("c1/0/2/3") is None and texts.parse_match_key("c1/1/2") is None


def test_times_are_written_in_the_clubs_zone_with_the_date_in_words_and_a_match_names_its_stage_after_the_first():
    start, end = datetime(2026, 12, 12, 16, 0, tzinfo=UTC), datetime(2026, 12, 12, 20, 0, tzinfo=UTC)
    assert texts.when(start, end, "en", "Europe/Moscow") == "Saturday, December 12, 2026, 19:00–23:00 (Europe/Moscow)"
    assert texts.when(start, end, "ru", "Europe/Moscow") == "суббота, 12 декабря 2026 г., 19:00–23:00 (Europe/Moscow)"
    assert texts.when(start, end, "en", "Asia/Tokyo") == "Sunday, December 13, 2026, 01:00–05:00 (Asia/Tokyo)"
    assert texts.when(start, end, "en", "") == texts.when(start, end, "en", "No/Such_Zone")  # unknown: UTC, named
    assert texts.when(start, end, "en", "").endswith("16:00–20:00 (UTC)")
    assert texts.when(start, datetime(2026, 12, 13, 1, 0, tzinfo=UTC), "en", "UTC") == (
        "Saturday, December 12, 2026, 16:00 – Sunday, December 13, 2026, 01:00 (UTC)"
    )
    # a summer date in a zone with DST: the offset of that day, not of today
    summer = datetime(2026, 7, 1, 16, 0, tzinfo=UTC)
    assert texts.when(summer, None, "ru", "Europe/Berlin") == "среда, 1 июля 2026 г., 18:00 (Europe/Berlin)"
    assert texts.match("en", 1, 2, 3) == "Round 2, table 3" and texts.match("ru", 2, 1, 1) == "Этап 2, тур 1, стол 1"
