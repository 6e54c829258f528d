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
    #: Up&Down: this many wins among the player's own games left clinch it (docs/rules.md
    #: ``updown.projection.what-do-i-need``)
    wins: int | None = None
    #: a cup: the wins are series won in a row (docs/rules.md ``cup.projection.from-league-state``)
    series: bool = False


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
    if need.wins is not None and need.series:
        return series_words(need.wins)
    if need.wins is not None:
        return wins_words(need.wins, matches_left)
    where_en = "in the last match" if matches_left == 1 else "in each remaining match"
    where_ru = "в последнем матче" if matches_left == 1 else "в каждом оставшемся матче"
    if need.place == 1:
        return f"needs 1st place {where_en}", f"нужно 1-е место {where_ru}"
    return (
        f"needs {ordinal_en(need.place)} place or better {where_en}",
        f"нужно {need.place}-е место или выше {where_ru}",
    )


def wins_words(wins: int, games_left: int) -> tuple[str, str]:
    """Up&Down's need: ("needs 2 wins in the 3 remaining games", "нужно побед: 2 из 3 оставшихся партий")."""
    if games_left == 1:
        return "needs to win the last game", "нужно выиграть последнюю партию"
    if wins == games_left:
        return f"needs to win each of the {games_left} remaining games", f"нужно выиграть все оставшиеся партии ({games_left})"
    plural = "win" if wins == 1 else "wins"
    return f"needs {wins} {plural} in the {games_left} remaining games", f"нужно побед: {wins} из {games_left} оставшихся партий"


def series_words(wins: int) -> tuple[str, str]:
    """A cup's need: ("needs to win the next series", "нужно выиграть следующую серию"), or that many
    series in a row."""
    if wins == 1:
        return "needs to win the next series", "нужно выиграть следующую серию"
    return f"needs to win the next {wins} series", f"нужно выиграть серий подряд: {wins}"


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
