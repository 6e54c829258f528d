"""Russian and English: Babel gettext catalogues compiled in memory at startup from
``web/locale/<lang>/LC_MESSAGES/*.po`` (``web.po`` for the core and the player's pages, ``staff.po``
for the organizer's and judge's; no ``.mo`` files are kept), the user's locale (the ``lang`` cookie the
language switch sets, else the browser's ``Accept-Language``, else English), and dates and times in
the club's time zone formatted for that locale."""

from __future__ import annotations

import contextvars
import functools
import io
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import Locale
from babel import dates as babel_dates
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LOCALES = ("en", "ru")
DEFAULT_LOCALE = "en"
LANG_COOKIE = "lang"
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAINS = ("web", "staff")
MAX_ACCEPT_LANGUAGE = 512

current_locale: contextvars.ContextVar[str] = contextvars.ContextVar("current_locale", default=DEFAULT_LOCALE)


def negotiate(accept_language: str | None, supported: tuple[str, ...] = LOCALES) -> str:
    """The first of ``supported`` the browser accepts, by its q-values (ties keep the header's order);
    English when none is accepted or the header is malformed or too long."""
    if not accept_language or len(accept_language) > MAX_ACCEPT_LANGUAGE:
        return DEFAULT_LOCALE
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
                if not 0.0 <= quality <= 1.0:
                    quality = 0.0
        language = tag.strip().lower().replace("_", "-").split("-")[0]
        if language in supported and quality > 0:
            ranked.append((-quality, index, language))
    return min(ranked)[2] if ranked else DEFAULT_LOCALE


def cookie_locale(value: str | None) -> str | None:
    return value if value in LOCALES else None


def _compile(po_path: Path, locale: str) -> Translations:
    with po_path.open("rb") as source:
        catalog = read_po(source, locale=locale, domain=po_path.stem)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer, domain=po_path.stem)


def load_translations(locale_dir: Path = LOCALE_DIR) -> dict[str, Translations]:
    """Each locale's catalogues (every ``*.po`` of :data:`DOMAINS` present) merged into one."""
    found: dict[str, Translations] = {}
    for locale in LOCALES:
        merged: Translations | None = None  # the first catalogue found carries the locale's plural rule
        for domain in DOMAINS:
            po = locale_dir / locale / "LC_MESSAGES" / f"{domain}.po"
            if po.exists():
                compiled = _compile(po, locale)
                merged = compiled if merged is None else merged.merge(compiled)
        found[locale] = merged if merged is not None else Translations()
    return found


class Catalogues:
    """The compiled catalogues; ``gettext``/``ngettext`` answer in :data:`current_locale`."""

    def __init__(self, locale_dir: Path = LOCALE_DIR):
        self.translations = load_translations(locale_dir)

    def gettext(self, message: str) -> str:
        return self.translations[current_locale.get()].ugettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations[current_locale.get()].ungettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations[current_locale.get()].upgettext(context, message)


@functools.cache
def catalogues() -> Catalogues:
    """The catalogues of this process (read once)."""
    return Catalogues()


def gettext(message: str) -> str:
    """``message`` in the request's locale (``_`` in the pages' code)."""
    return catalogues().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return catalogues().ngettext(singular, plural, n)


def zone(name: str | None) -> ZoneInfo:
    """The club's time zone; UTC when it has none or an unknown one."""
    try:
        return ZoneInfo(name) if name else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def format_datetime(moment: datetime, zone_name: str | None, locale: str | None = None, format: str = "medium") -> str:
    """``moment`` (aware) as a wall-clock time in the club's zone, for the user's locale."""
    return babel_dates.format_datetime(
        moment, format=format, tzinfo=zone(zone_name), locale=Locale.parse(locale or current_locale.get())
    )


def format_date(moment: datetime, zone_name: str | None, locale: str | None = None, format: str = "medium") -> str:
    local = moment.astimezone(zone(zone_name))
    return babel_dates.format_date(local.date(), format=format, locale=Locale.parse(locale or current_locale.get()))


def format_time(moment: datetime, zone_name: str | None, locale: str | None = None, format: str = "short") -> str:
    return babel_dates.format_time(
        moment, format=format, tzinfo=zone(zone_name), locale=Locale.parse(locale or current_locale.get())
    )


def format_weekday(day, locale: str | None = None, width: str = "abbreviated") -> str:
    return babel_dates.format_date(
        day, format="EEE" if width == "abbreviated" else "EEEE", locale=Locale.parse(locale or current_locale.get())
    )


def format_duration(seconds: float, locale: str | None = None) -> str:
    return babel_dates.format_timedelta(timedelta(seconds=seconds), locale=Locale.parse(locale or current_locale.get()))


def format_short_date(day, locale: str | None = None) -> str:
    """A local date as "5 Dec" / "5 дек." (the grid's column heads)."""
    return babel_dates.format_date(day, format="d MMM", locale=Locale.parse(locale or current_locale.get()))


def weekday_names(locale: str | None = None) -> dict[int, str]:
    """ISO weekday (1 = Monday) -> its abbreviated name in the locale."""
    names = Locale.parse(locale or current_locale.get()).days["format"]["abbreviated"]
    return {day: names[day - 1] for day in range(1, 8)}


def twin(message: Any, field: str) -> Any:
    """A text field of a gateway answer in the user's language: its ``<field>_ru`` twin for a Russian
    reader when the answer has one (standings explanations, notes, fates, reasons), else the field."""
    if current_locale.get() == "ru":
        russian = getattr(message, f"{field}_ru", None)
        if russian:
            return russian
    return getattr(message, field)
