"""The web app's load benchmark (bench/web_pages.py) runs small: 8 players at 2 tables through a round
of pages against `rondo up`; every page answers as a browser expects (no 4xx/5xx), both tables end
booked, and the gateway calls per page come from the web app's own metric. Figures are printed, never
asserted."""

from __future__ import annotations

import importlib.util
import json

import pytest

from bench import web_pages
from bench.web_pages import PAGES, block_for, calls_per_page, main

pytestmark = pytest.mark.integration


@pytest.mark.skipif(importlib.util.find_spec("web.views") is None, reason="the web app's player pages are not in this tree")
def test_a_small_round_reports_every_page_and_the_gateway_calls_per_page(tmp_path, capsys):
    out = tmp_path / "pages.json"
    assert main(["--players", "8", "--rooms", "2", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    report = json.loads(out.read_text())
    assert set(report["pages"]) == set(PAGES)
    for page, figures in report["pages"].items():
        assert figures["count"] > 0, (page, printed)
        busy = ("401", "503", "504") if page == "log in" else ()
        assert set(figures["statuses"]) <= {"200", "303", *busy}, (page, figures["statuses"])
        assert sum(figures["statuses"].get(code, 0) for code in busy) == (report["logins_refused_busy"] if busy else 0)
        assert f"  {page} " in printed
    assert report["tables_booked"] == report["tables"] == 2  # the fourth confirmation booked each table's room
    calls = report["gateway_calls_per_page"]
    assert any(route.startswith("GET /match/") for route in calls) and "POST /login" in calls
    assert "gateway calls per page" in printed


def test_each_table_answers_its_own_block_of_consecutive_half_hours():
    day = [f"2030-01-0{d}T{h:02d}:{m:02d}:00+00:00" for d in (1, 2) for h in range(11, 22) for m in (0, 30)]
    first, second = block_for(day, 0), block_for(day, 1)
    assert len(first) == len(second) == 8 and not set(first) & set(second)
    assert block_for(day, 4) == first  # 22 half hours a day: 2 blocks a day, 4 in two days, then round robin
    assert block_for(day[:5], 0) == []  # no 4 consecutive hours: nothing


def test_the_calls_per_page_are_read_from_the_metric_with_braces_in_the_route():
    text = (
        "# TYPE rondo_web_gateway_calls_per_page histogram\n"
        'rondo_web_gateway_calls_per_page_sum{method="GET",route="/match/{competition:str}"} 12.0\n'
        'rondo_web_gateway_calls_per_page_count{method="GET",route="/match/{competition:str}"} 3.0\n'
    )
    assert calls_per_page(text) == {("/match/{competition:str}", "GET"): (12.0, 3.0)}


def test_a_refused_login_is_sent_again_after_the_retry_after_it_was_told():
    assert web_pages.retry_after("3") == 3.0
    assert web_pages.retry_after(None) == web_pages.retry_after("soon") == web_pages.LOGIN_RETRY_SECONDS
    assert web_pages.retry_after("86400") == web_pages.MAX_LOGIN_RETRY_SECONDS
