"""Every message a player or organizer reads exists in Russian and English: each msgid the web app's
code and templates use (Babel's own extraction, as web/locale/babel.cfg configures it) is in the
catalogues of both locales, translated, with the same placeholders; the catalogues load."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from web.i18n import DOMAINS, LOCALE_DIR, LOCALES, Catalogues, current_locale

pytestmark = pytest.mark.web

WEB = Path(__file__).resolve().parents[2] / "web"
METHODS = [("**.py", "python"), ("templates/**.html", "jinja2")]
OPTIONS = {"templates/**.html": {"extensions": "jinja2.ext.i18n"}}
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def used_messages() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(WEB, METHODS, OPTIONS, KEYWORDS):
        found.add(message if isinstance(message, str) else message[0])
    return found


def catalogue(locale: str) -> dict[str, object]:
    entries: dict[str, object] = {}
    for domain in DOMAINS:
        po = LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"
        if po.exists():
            with po.open("rb") as source:
                for message in read_po(source, locale=locale):
                    if message.id:
                        entries[message.id if isinstance(message.id, str) else message.id[0]] = message.string
    return entries


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_used_is_translated_with_its_placeholders(locale: str) -> None:
    used = used_messages()
    assert len(used) > 100
    entries = catalogue(locale)
    missing = sorted(m for m in used if not entries.get(m))
    assert not missing, f"{locale}: not translated: {missing[:20]}"
    for message in used:
        translated = entries[message]
        forms = translated if isinstance(translated, tuple) else (translated,)
        for form in forms:
            assert set(_PLACEHOLDER.findall(str(form))) <= set(_PLACEHOLDER.findall(message)) | {"num"}, (locale, message, form)


def test_the_catalogues_compile_and_answer_in_the_requested_locale() -> None:
    catalogues = Catalogues()
    token = current_locale.set("ru")
    try:
        assert catalogues.gettext("Log in") == "Войти"
        assert catalogues.ngettext("%(num)s room free", "%(num)s rooms free", 5) % {"num": 5} == "свободно 5 комнат"
    finally:
        current_locale.reset(token)
    assert catalogues.gettext("Log in") == "Log in"
