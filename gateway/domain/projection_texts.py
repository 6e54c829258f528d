"""A projection's status at a cut in words, English and Russian (docs/rules.md
``mahjong.projection.status-in-words``): "clinched the playoff (top 8)", "eliminated", "alive — needs
2nd place or better in the last match". The cut's title comes from league (its rule); the statuses and
the needs from the solver's proofs; the words only say them. Pure: no I/O, no protobuf.
"""

from __future__ import annotations

from dataclasses import dataclass

CLINCHED = "clinched"
ELIMINATED = "eliminated"
ALIVE = "alive"
ORGANIZER_DECISION = "organizer_decision"
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Need:
    """What the solver answered to "what do I need" (``asked`` False: not asked)."""

    asked: bool = False
    place: int | None = None
    proven: bool = False


def ordinal_en(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def need_words(need: Need, matches_left: int) -> tuple[str, str]:
    """The need as a clause: ("needs 2nd place or better in the last match", "нужно 2-е место или выше
    в последнем матче"); ("", "") when nothing is proven."""
    if not need.asked or not need.proven:
        return "", ""
    if need.place is None:
        return (
            "no own result clinches it alone: it depends on the other tables too",
            "своих результатов для этого мало: всё зависит и от других столов",
        )
    where_en = "in the last match" if matches_left == 1 else "in each remaining match"
    where_ru = "в последнем матче" if matches_left == 1 else "в каждом оставшемся матче"
    if need.place == 1:
        return f"needs 1st place {where_en}", f"нужно 1-е место {where_ru}"
    return (
        f"needs {ordinal_en(need.place)} place or better {where_en}",
        f"нужно {need.place}-е место или выше {where_ru}",
    )


def status_words(status: str, title: tuple[str, str], need: Need = Need(), matches_left: int = 0) -> tuple[str, str]:
    """One player's status at one cut in English and Russian."""
    en_title, ru_title = title
    if status == CLINCHED:
        return f"clinched {en_title}", f"{ru_title}: место обеспечено"
    if status == ELIMINATED:
        return f"eliminated: {en_title} is out of reach", f"{ru_title}: уже недостижимо"
    if status == ALIVE:
        en, ru = need_words(need, matches_left)
        return (
            f"alive for {en_title}" + (f" — {en}" if en else ""),
            f"{ru_title}: шансы есть" + (f" — {ru}" if ru else ""),
        )
    if status == ORGANIZER_DECISION:
        return (
            f"{en_title}: may end in a tie at the cut that only the organizer can decide",
            f"{ru_title}: возможно равенство на границе, которое решит организатор",
        )
    return (
        f"{en_title}: not proven within the time limit (ask again with more time)",
        f"{ru_title}: не доказано за отведённое время (запросите с большим временем)",
    )
