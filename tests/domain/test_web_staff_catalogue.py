"""Every message of the staff pages exists in Russian and in English (web/locale/*/LC_MESSAGES/staff.po):
the msgids Babel extracts from web/pages/staff.py, web/views/staff_forms.py and web/templates/staff/ each
have a translation in both catalogues, with the same %(name)s placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

pytestmark = pytest.mark.domain

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    ("python", ROOT / "web/pages/staff.py"),
    ("python", ROOT / "web/views/staff_forms.py"),
    *(("jinja2", p) for p in sorted((ROOT / "web/templates/staff").glob("*.html"))),
]
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2)}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def used_msgids() -> set[str]:
    found = set()
    for method, path in SOURCES:
        options = {"extensions": "jinja2.ext.i18n"} if method == "jinja2" else {}
        for _line, message, _comments, _context in extract_from_file(method, str(path), keywords=KEYWORDS, options=options):
            found.add(message[0] if isinstance(message, tuple) else message)
    return found


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_every_staff_message_is_translated_with_its_placeholders(locale: str) -> None:
    with (ROOT / f"web/locale/{locale}/LC_MESSAGES/staff.po").open("rb") as source:
        catalog = read_po(source, locale=locale)
    translated = {str(m.id): str(m.string) for m in catalog if m.id}
    used = used_msgids()
    assert len(used) > 100
    assert sorted(used - set(translated)) == []
    for msgid in used:
        assert translated[msgid], msgid
        assert set(PLACEHOLDER.findall(translated[msgid])) == set(PLACEHOLDER.findall(msgid)), msgid


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_a_message_shared_with_the_players_pages_reads_the_same_in_both_catalogues(locale: str) -> None:
    """The app merges web.po and staff.po into one catalogue (staff.po last): a msgid both have must
    have one translation, or the staff catalogue would change the players' pages."""
    catalogues = {}
    for domain in ("web", "staff"):
        with (ROOT / f"web/locale/{locale}/LC_MESSAGES/{domain}.po").open("rb") as source:
            catalogues[domain] = {str(m.id): str(m.string) for m in read_po(source, locale=locale) if m.id}
    shared = set(catalogues["web"]) & set(catalogues["staff"])
    assert {m for m in shared if catalogues["web"][m] != catalogues["staff"][m]} == set()
