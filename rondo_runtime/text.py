"""The one edge validator for text a person or a client sends (issue 7, "User error is never INTERNAL").

Pure Python: every string field of league and booking passes through one of these helpers before it
is compared, looked up or stored, so the same rule holds on SQLite and PostgreSQL:

* **NFKC.** Text is Unicode NFKC-normalized ("ｆｕｌｌ　ｗｉｄｔｈ" is "full width", "ﬁ" is "fi").
* **No invisible characters.** Zero-width spaces and joiners, bidi controls (U+200B–U+200F,
  U+202A–U+202E, U+2060–U+2069), the byte-order mark U+FEFF, the soft hyphen U+00AD, variation
  selectors and every other format (``Cf``) or default-ignorable code point are *removed*, never
  rejected: a name pasted with a stray zero-width space is the same name, so ``"Al\\u200bice"`` and
  ``"Alice"`` are one player and collide on registration.
* **No control characters.** NUL and every other C0/C1 control (``Cc``) and lone surrogate is
  *rejected* (INVALID_ARGUMENT naming the field); PostgreSQL cannot store NUL, and a control character
  in a name is never intended. Free text (:func:`clean_text`, e.g. a reason) accepts tab, CR and LF
  as whitespace; names accept none.
* **Whitespace** runs (any Unicode space, tab or line break) collapse to one space; ends are trimmed.
* **Lengths** are counted in code points *after* normalization, identically on both databases, and
  never exceed the column they are stored in: names ``MAX_NAME_LENGTH``, free text ``MAX_REASON_LENGTH``,
  idempotency keys ``MAX_KEY_LENGTH`` (printable ASCII), ids ``MAX_ID_LENGTH`` (printable ASCII, no
  spaces), a draw's ``method`` ``MAX_METHOD_LENGTH``.

Every helper raises only :class:`~rondo_runtime.errors.InvalidArgument`, with one violation naming the
field, and is idempotent: ``clean(clean(x)) == clean(x)``. Echoed input in messages is truncated.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from rondo_runtime.errors import InvalidArgument

MAX_NAME_LENGTH = 100  # competitions, players, clubs, rooms
MAX_NAME_KEY_LENGTH = 200  # the case-folded comparison key (stored beside the name)
MAX_REASON_LENGTH = 500  # a withdrawal's or a redraw's reason: one or two sentences
MAX_KEY_LENGTH = 128  # idempotency keys
MAX_ID_LENGTH = 64  # ids of competitions, players, draws, clubs, rooms
MAX_METHOD_LENGTH = 64  # a draw's ``method`` (solver name)
MAX_SHORT_LENGTH = 64  # rulesets, time zone names and other short codes
ECHO_LENGTH = 40  # how much of a rejected value an error message quotes
# Why a club's time zone never changes: booking's UpdateClub refuses another zone with it, and the
# gateway's UpdateClub refuses an update mask naming the zone with it.
CLUB_TIME_ZONE_FIXED = "a club's time zone is set when it is created: its bookings, opening hours and reminders are in it"

# Default-ignorable code points that are not category Cf (Unicode DerivedCoreProperties): combining
# grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian free variation selectors,
# variation selectors, and the tag/variation-selector supplement.
_IGNORABLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xE0000, 0xE0FFF),
)
_TEXT_CONTROLS_AS_SPACE = frozenset("\t\n\r")
_MAX_PASSES = 4  # removal and NFKC reach a fixed point in one or two passes; bounded anyway


def echo(value: object, limit: int = ECHO_LENGTH) -> str:
    """``repr`` of a value for an error message, truncated to about ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_invisible(char: str) -> bool:
    """A format character (bidi controls, zero-width space/joiners, BOM, soft hyphen...) or another
    default-ignorable code point: removed from text."""
    if unicodedata.category(char) == "Cf":
        return True
    point = ord(char)
    return any(lo <= point <= hi for lo, hi in _IGNORABLE_RANGES)


def is_forbidden(char: str) -> bool:
    """A control character (C0, DEL, C1) or a lone surrogate: rejected."""
    return unicodedata.category(char) in ("Cc", "Cs")


def _normalize(value: str) -> str:
    """NFKC, invisible characters removed, whitespace collapsed and trimmed — to a fixed point."""
    for _ in range(_MAX_PASSES):
        cleaned = unicodedata.normalize("NFKC", "".join(c for c in value if not is_invisible(c)))
        cleaned = " ".join(cleaned.split())
        if cleaned == value:
            break
        value = cleaned
    return value


def _check_type(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise InvalidArgument.at(field, "FIELD_NOT_TEXT", type=type(value).__name__)
    return value


def _too_long(field: str, max_len: int, got: int) -> InvalidArgument:
    return InvalidArgument.at(field, "FIELD_TOO_LONG", max=max_len, got=got)


def clean_text(value: object, field: str, max_len: int = MAX_REASON_LENGTH, required: bool | str = False) -> str:
    """Free text (a reason, a note): tab and line breaks count as spaces; other control characters are
    refused. ``required`` (True or the message to give) refuses an empty result."""
    value = _check_type(value, field)
    if len(value) > 16 * max_len + 1024:  # far beyond anything normalization could bring under the limit
        raise _too_long(field, max_len, len(value))
    for char in value:
        if is_forbidden(char) and char not in _TEXT_CONTROLS_AS_SPACE:
            raise InvalidArgument.at(field, "FIELD_CONTROL_CHARACTER", char=f"{ord(char):04X}")
    cleaned = _normalize(value)
    for char in cleaned:  # NFKC never produces controls, but the guarantee is ours, not Unicode's
        if is_forbidden(char):
            raise InvalidArgument.at(field, "FIELD_CONTROL_CHARACTER", char=f"{ord(char):04X}")
    if not cleaned and required:
        if isinstance(required, str):  # the field's own words ("give the competition a name")
            raise InvalidArgument.single(field, required, "FIELD_REQUIRED", {"field": field})
        raise InvalidArgument.at(field, "FIELD_REQUIRED")
    if len(cleaned) > max_len:
        raise _too_long(field, max_len, len(cleaned))
    return cleaned


def clean_name(value: object, field: str, required: bool | str = True, max_len: int = MAX_NAME_LENGTH) -> str:
    """A name (competition, player, club, room): one line, no control character at all, invisible
    characters removed, NFKC, spaces folded; required by default. Its case-folded key
    (:func:`name_key`) fits ``MAX_NAME_KEY_LENGTH`` too."""
    value = _check_type(value, field)
    for char in value:
        if is_forbidden(char):
            raise InvalidArgument.at(field, "NAME_CONTROL_CHARACTER", char=f"{ord(char):04X}")
    cleaned = clean_text(value, field, max_len, required or False)
    if len(cleaned.casefold()) > MAX_NAME_KEY_LENGTH:
        raise InvalidArgument.single(
            field, f"too long once case-folded ({len(cleaned.casefold())} > {MAX_NAME_KEY_LENGTH} characters); shorten it"
        )
    return cleaned


def name_key(value: str) -> str:
    """What two names are compared by: the clean name, case-folded (``"Al\\u200bICE"`` ~ ``"alice"``).
    Never raises: a name stored before this rule (with a control character, say) still compares."""
    return _normalize("".join(c for c in str(value) if not is_forbidden(c))).casefold()


def _clean_ascii(value: object, field: str, max_len: int, allow_space: bool) -> str:
    value = _check_type(value, field).strip()
    if len(value) > max_len:
        raise _too_long(field, max_len, len(value))
    for char in value:
        if not (" " <= char <= "~") or (char == " " and not allow_space):
            raise InvalidArgument.single(
                field, f"contains {echo(char)} (U+{ord(char):04X}); use printable ASCII{'' if allow_space else ' without spaces'}"
            )
    return value


def clean_key(value: object, field: str = "idempotency_key") -> str | None:
    """An idempotency key: printable ASCII, at most ``MAX_KEY_LENGTH``; empty means none (``None``)."""
    return _clean_ascii(value, field, MAX_KEY_LENGTH, allow_space=True) or None


def clean_id(value: object, field: str, required: bool = True) -> str:
    """An id sent back by a client: printable ASCII without spaces, at most ``MAX_ID_LENGTH``. An empty
    id is refused when ``required``; an id that passes but names nothing is the caller's NOT_FOUND."""
    cleaned = _clean_ascii(value, field, MAX_ID_LENGTH, allow_space=False)
    if not cleaned and required:
        raise InvalidArgument.at(field, "FIELD_REQUIRED")
    return cleaned


def with_player_names(text: str, names: Mapping[str, str]) -> str:
    """``text`` with every player id that occurs in it replaced by the player's name: the services and
    the solver explain by id, people read names."""
    for player_id, name in names.items():
        if player_id in text:
            text = text.replace(player_id, name)
    return text
