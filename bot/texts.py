"""Everything the bot writes, in Russian and English (pure: no I/O).

The language is the link's (``TelegramLink.language``, the user's Telegram language): Russian for
"ru" and its variants ("ru-RU"), English otherwise. Times are written in the club's time zone, named, the date in words.
No text takes an availability interval: the bot is never given one.
"""

from __future__ import annotations

from datetime import UTC, datetime, timezone
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import dates as babel_dates

from rondo_runtime.match_key import MatchKey

RU: Final = "ru"
EN: Final = "en"

#: At most this many characters of any one value put into a message (names, room ids, reasons).
MAX_VALUE = 100
#: Telegram's limit of one message's text.
MAX_MESSAGE = 4096


def language(code: str) -> str:
    """ "ru", "ru-RU", "RU" -> "ru"; anything else (also "") -> "en"."""
    return RU if code.strip().lower()[:2] == "ru" and code.strip().lower()[2:3] in ("", "-", "_") else EN


_TEXTS: Final[dict[str, dict[str, str]]] = {
    "start.help": {
        EN: "Hello! I am the Rondo bot. To link your account, open the Rondo web app, choose “Link Telegram”, "
        "and follow the link it gives (or send me /start CODE). /stop unlinks.",
        RU: "Здравствуйте! Я бот Rondo. Чтобы привязать аккаунт, откройте веб-приложение Rondo, выберите "
        "«Привязать Telegram» и перейдите по ссылке (или пришлите мне /start КОД). /stop отвязывает.",
    },
    "start.linked": {
        EN: "Linked as {name}. I will write here about your matches. /stop unlinks.",
        RU: "Привязано к аккаунту {name}. Я буду писать сюда о ваших матчах. /stop отвязывает.",
    },
    "start.bad_code": {
        EN: "This code is wrong, used or expired. Make a new one in the Rondo web app.",
        RU: "Этот код неверен, уже использован или истёк. Создайте новый в веб-приложении Rondo.",
    },
    "stop.done": {
        EN: "Unlinked. I will not write to you any more.",
        RU: "Аккаунт отвязан. Я больше не буду вам писать.",
    },
    "stop.not_linked": {
        EN: "This Telegram account is not linked to Rondo.",
        RU: "Этот аккаунт Telegram не привязан к Rondo.",
    },
    "error.unavailable": {
        EN: "Rondo is not reachable right now. Please try again in a minute.",
        RU: "Rondo сейчас недоступен. Попробуйте через минуту.",
    },
    "draw.published": {
        EN: "The draw of “{competition}” is published. Your tables:",
        RU: "Жеребьёвка турнира «{competition}» опубликована. Ваши столы:",
    },
    "draw.table": {
        EN: "Round {round}, table {table}: {names}",
        RU: "Тур {round}, стол {table}: {names}",
    },
    "match": {
        EN: "Round {round}, table {table}",
        RU: "Тур {round}, стол {table}",
    },
    "match.stage": {
        EN: "Stage {stage}, round {round}, table {table}",
        RU: "Этап {stage}, тур {round}, стол {table}",
    },
    "meeting.proposed": {
        EN: "{match}: a meeting is proposed for {when}, room “{room}”. Press “Confirm” if you can come.",
        RU: "{match}: предложена встреча {when}, зал «{room}». Нажмите «Подтвердить», если сможете прийти.",
    },
    "meeting.booked": {
        EN: "{match}: the meeting is booked for {when}, room “{room}”.",
        RU: "{match}: встреча назначена на {when}, зал «{room}».",
    },
    "meeting.cancelled": {
        EN: "{match}: the meeting at {when} is cancelled.",
        RU: "{match}: встреча {when} отменена.",
    },
    "meeting.cancelled_by_organizer": {
        EN: "{match}: the organizer moved the match window; the meeting at {when} is cancelled.",
        RU: "{match}: организатор перенёс окно матча; встреча {when} отменена.",
    },
    "options.ready": {
        EN: "{match}: your table has answered: {options} common options. Open the match in the Rondo web app to propose one.",
        RU: "{match}: ваш стол ответил: общих вариантов — {options}. Откройте матч в веб-приложении Rondo, "
        "чтобы предложить один из них.",
    },
    "options.none": {
        EN: "{match}: your table has answered, but there is no common time. The organizer will set the meeting.",
        RU: "{match}: ваш стол ответил, но общего времени нет. Встречу назначит организатор.",
    },
    "reminder.waiting_for_answers": {
        EN: "Reminder — {match} is not scheduled yet: please enter your availability in the Rondo web app.",
        RU: "Напоминание — {match} ещё не назначен: укажите, когда вы свободны, в веб-приложении Rondo.",
    },
    "reminder.no_proposal": {
        EN: "Reminder — {match} is not scheduled yet: please propose one of the common options.",
        RU: "Напоминание — {match} ещё не назначен: предложите один из общих вариантов.",
    },
    "reminder.waiting_for_confirmations": {
        EN: "Reminder — {match} is not scheduled yet: please confirm the proposed meeting.",
        RU: "Напоминание — {match} ещё не назначен: подтвердите предложенную встречу.",
    },
    "result.reported": {
        EN: "{match}: {reporter} reported hanchan {number}: {scores}. Confirm or dispute it.",
        RU: "{match}: {reporter} сообщил(а) результат ханчана {number}: {scores}. Подтвердите или оспорьте.",
    },
    "standings.after_round": {
        EN: "“{competition}”, standings after round {round}: you are {place} with {total} points.",
        RU: "«{competition}», таблица после тура {round}: у вас {place} место, {total} очков.",
    },
    "projection.clinched": {
        EN: "“{competition}”, with {after}: you have clinched {cut}, whatever the games left bring.",
        RU: "«{competition}», по итогам {after}: {cut} — вам обеспечено, как бы ни сложились оставшиеся игры.",
    },
    "projection.eliminated": {
        EN: "“{competition}”, with {after}: {cut} is out of reach now, whatever the games left bring.",
        RU: "«{competition}», по итогам {after}: {cut} — теперь недостижимо, как бы ни сложились оставшиеся игры.",
    },
    "projection.other": {
        EN: "“{competition}”, with {after}: {status}.",
        RU: "«{competition}», по итогам {after}: {status}.",
    },
    # what the projection counts: a league's rounds complete, a cup's stages decided
    "projection.after.round": {EN: "round {number} complete", RU: "тура {number}"},
    "projection.after.stage": {EN: "stage {number} decided", RU: "этапа {number}"},
    "button.confirm": {EN: "Confirm", RU: "Подтвердить"},
    "button.dispute": {EN: "Dispute", RU: "Оспорить"},
    "outcome.meeting_confirmed": {
        EN: "✅ You confirmed. Waiting for the others ({confirmed} of {players}).",
        RU: "✅ Вы подтвердили. Ждём остальных ({confirmed} из {players}).",
    },
    "outcome.meeting_booked": {
        EN: "✅ Everyone confirmed: the meeting is booked, room “{room}”.",
        RU: "✅ Все подтвердили: встреча назначена, зал «{room}».",
    },
    "outcome.result_confirmed": {EN: "✅ You confirmed the result.", RU: "✅ Вы подтвердили результат."},
    "outcome.result_disputed": {
        EN: "⚠️ You disputed the result: a judge will decide.",
        RU: "⚠️ Вы оспорили результат: решит судья.",
    },
    "outcome.failed": {EN: "❌ Not done: {reason}", RU: "❌ Не выполнено: {reason}"},
    "press.not_yours": {
        EN: "This button is not for your Telegram account.",
        RU: "Эта кнопка не для вашего аккаунта Telegram.",
    },
    "press.unknown": {EN: "This button is no longer valid.", RU: "Эта кнопка больше не действует."},
    "press.done": {EN: "Done.", RU: "Готово."},
    "dispute.reason": {EN: "Disputed in Telegram", RU: "Оспорено в Telegram"},
}

KEYS: Final = frozenset(_TEXTS)


def text(key: str, lang: str, **values: object) -> str:
    """The message ``key`` in ``lang`` ("ru" or "en"), each value cut to ``MAX_VALUE`` characters; the
    whole cut to Telegram's limit."""
    template = _TEXTS[key][RU if lang == RU else EN]
    cut = {k: _cut(str(v)) for k, v in values.items()}
    return template.format(**cut)[:MAX_MESSAGE]


def projection(
    lang: str, competition: str, round_: int, status: str, cut: tuple[str, str], said: tuple[str, str], unit: str = "round"
) -> str:
    """A linked player's status at a cut after a round (docs/rules.md ``mahjong.projection.status-in-words``,
    ``updown.projection.doors``; a cut's title may be any part of speech, "плей-офф", "группа лидеров",
    "не попасть в аутсайдеры": the Russian says "{cut} — вам обеспечено", never agreeing with it):
    ``status`` "clinched", "eliminated" or another (then the gateway's own words ``said``, English and
    Russian, are the message); ``cut`` its title in English and Russian; ``unit``: "round" (``round_``
    rounds complete) or "stage" (a cup: ``round_`` stages decided)."""
    title = cut[1] if lang == RU and cut[1] else cut[0]
    after = text(f"projection.after.{unit}", lang, number=round_)
    if status in ("clinched", "eliminated"):
        return text(f"projection.{status}", lang, competition=competition, after=after, cut=title)
    return text(
        "projection.other", lang, competition=competition, after=after, status=said[1] if lang == RU and said[1] else said[0]
    )


def _cut(value: str) -> str:
    return value if len(value) <= MAX_VALUE else value[: MAX_VALUE - 1] + "…"


def when(start: datetime, end: datetime | None = None, lang: str = EN, zone: str = "") -> str:
    """The meeting's time in the club's time zone ``zone`` (UTC when it is empty or unknown), the date
    written naturally in ``lang`` (Babel): "Saturday, December 12, 2026, 19:00–23:00 (Europe/Moscow)",
    "суббота, 12 декабря 2026 г., 19:00–23:00 (Europe/Moscow)"; the end's date too when it is another day."""
    tz = _zone(zone)
    locale = "ru_RU" if lang == RU else "en_US"
    start = start.astimezone(tz)
    day = babel_dates.format_date(start.date(), format="full", locale=locale)
    out = f"{day}, {start:%H:%M}"
    if end is not None:
        end = end.astimezone(tz)
        if end.date() == start.date():
            out += f"–{end:%H:%M}"
        else:
            out += f" – {babel_dates.format_date(end.date(), format='full', locale=locale)}, {end:%H:%M}"
    # CLDR puts (narrow) no-break spaces in dates ("2026\u202fг."), which ones depends on its version
    out = out.replace("\u202f", " ").replace("\u00a0", " ")
    return f"{out} ({tz.key if isinstance(tz, ZoneInfo) else 'UTC'})"


def _zone(name: str) -> ZoneInfo | timezone:
    try:
        return ZoneInfo(name) if name else UTC
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def match(lang: str, stage: int, round_: int, table: int) -> str:
    """ "Round 2, table 3" (the regular stage) or "Stage 2, round 1, table 1"."""
    if stage <= 1:
        return text("match", lang, round=round_, table=table)
    return text("match.stage", lang, stage=stage, round=round_, table=table)


def parse_match_key(key: str) -> tuple[str, int, int, int] | None:
    """ "<competition>/<stage>/<round>/<table>" -> its parts; None for anything else."""
    parsed = MatchKey.parse(key)
    return None if parsed is None else (parsed.competition_id, parsed.stage, parsed.round, parsed.table)


def start_code(message_text: str) -> str | None:
    """The code of "/start CODE" (or "/start@bot CODE"): 16-64 URL-safe characters; None without a
    code. A malformed code is returned as it is (the gateway answers NOT_FOUND, the user reads why)
    but cut to 64 characters."""
    parts = message_text.strip().split(maxsplit=1)
    if not parts or not parts[0].split("@", 1)[0] == "/start" or len(parts) < 2:
        return None
    code = parts[1].strip()
    return code[:64] or None
