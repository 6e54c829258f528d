"""Every error reason Rondo sends, with its English and Russian text (docs/errors.md is made from it).

A refused call carries ``google.rpc.ErrorInfo`` (``reason`` from this catalogue, domain ``rondo``,
metadata: the reason's params), ``google.rpc.LocalizedMessage`` in English and Russian, and
``google.rpc.RetryInfo`` when a retry can succeed (``rondo_runtime.grpc_errors``).

An entry's templates are ``str.format`` templates over the error's params. ``{detail}`` is the error's
English message itself: the generic reasons of each class (``FIELD_INVALID``, ``NOT_FOUND``,
``FAILED_PRECONDITION``...) have a Russian sentence of their own followed by that English detail — a
fallback for raise sites without a specific reason (``tests/unit/test_error_catalogue.py`` counts them).
The English template of a specific reason is the English message its raise site sends
(``RondoError.because``); for a field reason (``InvalidArgument``) it is the violation's description.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass

DOMAIN = "rondo"
LANGUAGES = ("en", "ru")
MAX_PARAM_CHARS = 120  # one param value, in metadata and in the texts
MAX_PARAMS = 8  # params sent as ErrorInfo metadata
MAX_METADATA_BYTES = 512  # all metadata keys and values together (UTF-8)


@dataclass(frozen=True)
class Entry:
    code: str  # the gRPC status code name the reason is sent with
    en: str
    ru: str
    retry: bool = False  # a retry can succeed (RetryInfo is sent)


def _e(code: str, en: str, ru: str, retry: bool = False) -> Entry:
    return Entry(code, en, ru, retry)


IA, NF, FP, AB, RE, PD, UA, UN = (
    "INVALID_ARGUMENT",
    "NOT_FOUND",
    "FAILED_PRECONDITION",
    "ABORTED",
    "RESOURCE_EXHAUSTED",
    "PERMISSION_DENIED",
    "UNAUTHENTICATED",
    "UNAVAILABLE",
)

GENERIC = frozenset(
    {
        "UNKNOWN",
        "FIELD_INVALID",
        "NOT_FOUND",
        "FAILED_PRECONDITION",
        "ABORTED",
        "RESOURCE_EXHAUSTED",
        "PERMISSION_DENIED",
        "UNAUTHENTICATED",
        "UNAVAILABLE",
    }
)
"""The default reason of each error class: Russian sentence + the English detail (a fallback)."""

CATALOGUE: dict[str, Entry] = {
    # --- the default reason of each class (fallbacks) ---
    "UNKNOWN": _e("UNKNOWN", "{detail}", "Ошибка: {detail}"),
    "FIELD_INVALID": _e(IA, "{detail}", "Запрос заполнен неверно: {detail}"),
    "NOT_FOUND": _e(NF, "{detail}", "Не найдено: {detail}"),
    "FAILED_PRECONDITION": _e(FP, "{detail}", "Сейчас это сделать нельзя: {detail}"),
    "ABORTED": _e(AB, "{detail}", "Одновременно пришёл другой запрос; обновите данные и повторите: {detail}", True),
    "RESOURCE_EXHAUSTED": _e(RE, "{detail}", "Превышен лимит: {detail}"),
    "PERMISSION_DENIED": _e(PD, "{detail}", "Недостаточно прав: {detail}"),
    "UNAUTHENTICATED": _e(UA, "{detail}", "Нужно войти в систему: {detail}"),
    "UNAVAILABLE": _e(UN, "{detail}", "Сервис временно недоступен, повторите чуть позже: {detail}", True),
    # --- the runtime's own answers ---
    "INTERNAL": _e("INTERNAL", "internal error", "Внутренняя ошибка сервера. Сообщите администратору клуба."),
    "NOT_IMPLEMENTED": _e("UNIMPLEMENTED", "method not implemented", "Этот метод сервер не поддерживает."),
    "REQUEST_MALFORMED": _e(
        IA,
        "the request is not a valid protobuf message for this method",
        "Запрос не является корректным сообщением для этого метода.",
    ),
    "DOWNSTREAM_TIMEOUT": _e(
        "DEADLINE_EXCEEDED",
        "a downstream service did not answer in time",
        "Внутренний сервис не ответил вовремя; повторите позже.",
        True,
    ),
    "DOWNSTREAM_UNAVAILABLE": _e(
        UN, "a downstream service is unavailable", "Внутренний сервис недоступен; повторите позже.", True
    ),
    "SERVICE_UNAVAILABLE": _e(
        UN,
        "the {service} service is unavailable right now; retry in a moment",
        "Сервис {service} сейчас недоступен; повторите чуть позже.",
        True,
    ),
    "SERVICE_TIMEOUT": _e(
        UN,
        "the {service} service did not answer in time; retry in a moment",
        "Сервис {service} не ответил вовремя; повторите чуть позже.",
        True,
    ),
    "DATABASE_UNAVAILABLE": _e(UN, "the database is unavailable; retry later", "База данных недоступна; повторите позже.", True),
    "DATABASE_BUSY": _e(UN, "the database is busy; retry", "База данных занята; повторите запрос.", True),
    "DATABASE_NOT_READY": _e(
        UN,
        "the database is not ready yet (starting up or unreachable); retry later",
        "База данных ещё не готова (запускается или недоступна); повторите позже.",
        True,
    ),
    "AUDIT_LOG_UNAVAILABLE": _e(
        UN,
        "the audit log cannot be written right now; nothing was done; retry in a moment",
        "Журнал аудита сейчас недоступен для записи; ничего не изменено. Повторите чуть позже.",
        True,
    ),
    "INTERNAL_CREDENTIAL_MISSING": _e(
        UA,
        "internal service: calls need the internal credential (only the gateway may call it)",
        "Внутренний сервис: вызовы принимаются только от шлюза (нужен внутренний ключ).",
    ),
    # --- request fields ---
    "FIELD_REQUIRED": _e(IA, "is required", "Поле {field} обязательно."),
    "FIELD_TOO_LONG": _e(IA, "at most {max} characters, got {got}", "Поле {field}: не больше {max} символов, а введено {got}."),
    "VALUE_OUT_OF_RANGE": _e(
        IA, "must be between {lo} and {hi}, got {value}", "Поле {field}: значение должно быть от {lo} до {hi}, а указано {value}."
    ),
    "FIELD_NOT_TEXT": _e(IA, "must be text, got {type}", "Поле {field} должно быть текстом (получено: {type})."),
    "FIELD_CONTROL_CHARACTER": _e(
        IA,
        "contains the control character U+{char}; remove it",
        "Поле {field} содержит управляющий символ U+{char}; удалите его.",
    ),
    "NAME_CONTROL_CHARACTER": _e(
        IA,
        "contains the control character U+{char}; a name is one line of text",
        "Поле {field} содержит управляющий символ U+{char}; имя — это одна строка текста.",
    ),
    "TIMESTAMP_INVALID": _e(IA, "is not a valid timestamp", "Поле {field}: это не корректная дата и время."),
    "VALUE_NOT_ALLOWED": _e(
        IA, "must be one of {allowed}, got {value!r}", "Поле {field} должно быть одним из: {allowed} (получено «{value}»)."
    ),
    "PAGE_TOKEN_INVALID": _e(
        IA,
        "is not a page token of this list; pass next_page_token unchanged",
        "Поле {field}: это не токен страницы этого списка; передайте next_page_token без изменений.",
    ),
    "PAGE_TOKEN_TOO_LONG": _e(
        IA, "is not a page token of this list (too long)", "Поле {field}: это не токен страницы этого списка (слишком длинный)."
    ),
    "PAGE_TOKEN_OTHER_QUERY": _e(
        IA,
        "was made for another query; start again without a page token",
        "Поле {field}: токен страницы выдан для другого запроса; начните сначала без токена.",
    ),
    "IDEMPOTENCY_KEY_REUSED": _e(
        IA,
        "this key was already used for a different request; use a new key",
        "Этот ключ идемпотентности уже использован для другого запроса; возьмите новый ключ.",
    ),
    "IDEMPOTENCY_KEY_BUSY": _e(
        AB,
        "a request with this idempotency key is still being processed; retry it in a moment",
        "Запрос с этим ключом идемпотентности ещё выполняется; повторите его чуть позже.",
        True,
    ),
    "ROUND_OUT_OF_RANGE": _e(
        IA,
        "the approved draw has rounds 1 to {rounds}, got {round}",
        "В утверждённой жеребьёвке туры с 1 по {rounds}, а указан тур {round}.",
    ),
    "STAGE_ROUND_OUT_OF_RANGE": _e(
        IA,
        "stage {stage} has rounds 1 to {rounds}, got {round}",
        "В этапе {stage} туры с 1 по {rounds}, а указан тур {round}.",
    ),
    "SCORES_DO_NOT_SUM": _e(
        IA,
        "sum is {total}, must be {expected}",
        "Сумма очков за столом {total}, а должна быть {expected}; проверьте записанные очки.",
    ),
    "SCORES_NOT_INTEGER": _e(
        IA,
        "final scores are integer points; not an integer for {players}",
        "Итоговые очки должны быть целыми числами; не целое число у: {players}.",
    ),
    "PLAYER_NOT_AT_TABLE": _e(IA, "{players} not at this table", "Этих игроков нет за этим столом: {players}."),
    # --- not found, per kind ---
    "CLUB_NOT_FOUND": _e(NF, "club {club_id!r} does not exist", "Клуб «{club_id}» не найден."),
    "ROOM_NOT_FOUND": _e(
        NF, "room {room_id!r} does not exist in club {club_id!r}", "Зал «{room_id}» в клубе «{club_id}» не найден."
    ),
    "MATCH_NOT_OPEN": _e(NF, "match {match!r} is not open for scheduling", "Матч «{match}» не открыт для назначения времени."),
    "MEETING_NOT_FOUND": _e(
        NF, "meeting {meeting_id!r} does not exist in match {match!r}", "Встреча «{meeting_id}» в матче «{match}» не найдена."
    ),
    "SERIES_NOT_FOUND": _e(
        NF,
        "series {series_id!r} does not exist in club {club_id!r}",
        "Серия занятий «{series_id}» в клубе «{club_id}» не найдена.",
    ),
    "BOOKING_NOT_FOUND": _e(
        NF, "booking {booking_id!r} does not exist in club {club_id!r}", "Бронь «{booking_id}» в клубе «{club_id}» не найдена."
    ),
    "CALENDAR_NOT_FOUND": _e(NF, "there is no calendar at this address", "По этому адресу календаря нет."),
    "MEDIATION_NOT_FOUND": _e(NF, "mediation {mediation_id!r} does not exist", "Посредничество «{mediation_id}» не найдено."),
    "REMINDER_NOT_FOUND": _e(NF, "reminder {reminder_id!r} does not exist", "Напоминание «{reminder_id}» не найдено."),
    "COMPETITION_NOT_FOUND": _e(
        NF, "competition {competition_id!r} does not exist", "Соревнование «{competition_id}» не найдено."
    ),
    "DRAW_NOT_FOUND": _e(
        NF,
        "draw {draw_id!r} does not exist in competition {competition_id!r}",
        "Жеребьёвка «{draw_id}» в соревновании «{competition_id}» не найдена.",
    ),
    "RECORD_NOT_FOUND": _e(
        NF,
        "record {record_id!r} does not exist in competition {competition_id!r}",
        "Запись «{record_id}» в соревновании «{competition_id}» не найдена.",
    ),
    "PLAYER_NOT_REGISTERED": _e(
        NF,
        "player {player_id!r} is not registered in competition {competition_id!r}",
        "Игрок «{player_id}» не зарегистрирован в соревновании «{competition_id}».",
    ),
    "PLAYER_NOT_FOUND": _e(
        NF,
        "competition {competition_id!r} has no player {player_id!r}",
        "В соревновании «{competition_id}» нет игрока «{player_id}».",
    ),
    "ACCOUNT_NOT_FOUND": _e(NF, "account {account_id!r} does not exist", "Учётная запись «{account_id}» не найдена."),
    "GRANT_NOT_FOUND": _e(
        NF,
        "account {account_id!r} has no grant on {kind} {resource_id!r}",
        "У учётной записи «{account_id}» нет доступа к объекту «{resource_id}» ({kind}).",
    ),
    "STAGE_NOT_FOUND": _e(
        NF, "competition {competition!r} has no stage {stage}", "В соревновании «{competition}» нет этапа {stage}."
    ),
    "DISQUALIFICATION_NOT_FOUND": _e(
        NF, "disqualification {record_id!r} does not exist", "Дисквалификация «{record_id}» не найдена."
    ),
    # --- booking: rooms, meetings, times ---
    "ROOM_TAKEN": _e(
        AB,
        "{room} was just booked for {when} by another match; pick another option",
        "Зал «{room}» только что заняли на {when} под другой матч; выберите другой вариант.",
        True,
    ),
    "ROOM_TAKEN_BY_ACTIVITY": _e(
        AB,
        "{room} was just booked for {when} by {title!r}; pick another option",
        "Зал «{room}» только что заняли на {when} под «{title}»; выберите другой вариант.",
        True,
    ),
    "NO_ROOM_FREE": _e(
        AB,
        "no room of the club is free for all of that time; pick another option",
        "Ни один зал клуба не свободен на всё это время; выберите другой вариант.",
        True,
    ),
    "PLAYER_DOUBLE_BOOKED": _e(
        AB,
        "{players} is already booked in another match's meeting overlapping {when}; pick another time",
        "{players}: уже есть встреча другого матча, пересекающаяся с {when}; выберите другое время.",
        True,
    ),
    "HANCHANS_JUST_BOOKED": _e(
        AB,
        "match {match!r} was just booked for these hanchans by another request; reload the card",
        "Эти ханчаны матча «{match}» только что забронировал другой запрос; обновите карточку.",
        True,
    ),
    "MEETING_CHANGED": _e(
        AB,
        "meeting {meeting_id!r} changed meanwhile; reload the card and try again",
        "Встреча «{meeting_id}» за это время изменилась; обновите карточку и повторите.",
        True,
    ),
    "TIME_IN_PAST": _e(
        FP,
        "{field} {time} is in the past; pick a time from now on",
        "Время {time} ({field}) уже прошло; выберите время не раньше текущего.",
    ),
    "NOT_A_MATCH_PLAYER": _e(
        PD, "player {player_id!r} does not play match {match!r}", "Игрок «{player_id}» не играет в матче «{match}»."
    ),
    "MATCH_ALREADY_OPEN": _e(
        FP,
        "match {match!r} is already open with other players, club, window or length",
        "Матч «{match}» уже открыт с другими игроками, клубом, сроками или длительностью.",
    ),
    "MEETING_NOT_COMMON": _e(
        FP,
        "the meeting is not inside a common option: not every player is free for all of it",
        "Встреча не попадает в общий вариант: не все игроки свободны на всё её время.",
    ),
    "MEETING_TOO_SHORT": _e(
        FP,
        "a meeting lasts at least {minutes} minutes (the match's minimum length)",
        "Встреча должна длиться не меньше {minutes} минут (минимальная длительность матча).",
    ),
    "MEETING_NOT_ON_CARD": _e(
        FP,
        "the meeting is not inside an option the card shows; pick one of the card's options",
        "Встреча не попадает ни в один вариант карточки; выберите один из предложенных.",
    ),
    "MEETING_CANCELLED": _e(
        FP,
        "meeting {meeting_id!r} was cancelled; confirm another one",
        "Встреча «{meeting_id}» отменена; подтвердите другую.",
    ),
    "BOOKING_CANCELLED": _e(
        FP,
        "booking {booking_id!r} was cancelled; book the activity again instead",
        "Бронь «{booking_id}» отменена; забронируйте занятие заново.",
    ),
    "WINDOW_OVER": _e(
        FP,
        "the new window is over already; pick one that ends in the future",
        "Новый срок уже закончился; выберите срок, который заканчивается в будущем.",
    ),
    "MATCHES_IN_DIFFERENT_CLUBS": _e(
        FP,
        "the matches are in different clubs; schedule one club's matches at once",
        "Матчи в разных клубах; назначайте матчи одного клуба за раз.",
    ),
    "REMINDER_NOT_PUBLISHED": _e(
        FP,
        "reminder {reminder_id!r} has not been published yet; acknowledge it once delivered",
        "Напоминание «{reminder_id}» ещё не отправлено; подтвердите его после доставки.",
    ),
    # --- competitions, draws, registration ---
    "REGISTRATION_CLOSED": _e(FP, "registration closed at {closed_at}", "Регистрация закрыта {closed_at}."),
    "SEED_AFTER_REGISTRATION": _e(
        FP,
        "registration is closed: the draw seed is committed before registration closes",
        "Регистрация уже закрыта: зерно жеребьёвки фиксируется до её закрытия.",
    ),
    "NO_SEED_COMMITTED": _e(
        FP,
        "no draw seed was committed for competition {competition!r}",
        "Для соревнования «{competition}» зерно жеребьёвки не зафиксировано.",
    ),
    "NO_PUBLISHED_DRAW": _e(
        FP,
        "competition {competition!r} has no published draw yet",
        "В соревновании «{competition}» ещё нет опубликованной жеребьёвки.",
    ),
    "DRAW_NOT_PUBLISHED": _e(
        FP,
        "draw {version} is not published yet: its seed is revealed once it is approved",
        "Жеребьёвка {version} ещё не опубликована: её зерно раскрывается после утверждения.",
    ),
    "DRAW_NOT_APPROVED": _e(
        FP,
        "competition {competition!r} has no approved draw yet; draw and approve one first",
        "В соревновании «{competition}» ещё нет утверждённой жеребьёвки; сначала проведите и утвердите её.",
    ),
    "RESULTS_NEED_APPROVED_DRAW": _e(
        FP,
        "competition {competition!r} has no approved draw; results follow the approved tables",
        "В соревновании «{competition}» нет утверждённой жеребьёвки; результаты записываются по утверждённым столам.",
    ),
    "DRAW_SEED_COMMITTED": _e(
        FP,
        "this competition's draw seed was committed; leave the seed unset, the draw uses it",
        "Зерно жеребьёвки этого соревнования уже зафиксировано; не указывайте зерно, жеребьёвка возьмёт его сама.",
    ),
    "COMPETITION_FINISHED": _e(
        FP,
        "competition {competition!r} is finished; there is no stage to generate",
        "Соревнование «{competition}» завершено; новых этапов нет.",
    ),
    # --- projections (docs/rules.md mahjong.projection.*) ---
    "PROJECTION_NEEDS_APPROVED_DRAW": _e(
        FP,
        "projections need the approved draw: the games left are its tables",
        "Прогноз строится по утверждённой жеребьёвке: оставшиеся игры — её столы. Утвердите жеребьёвку.",
    ),
    "PROJECTION_WITHOUT_CUT": _e(
        FP,
        "this ruleset has no playoff cut: there is nothing to project",
        "В этом регламенте нет отсечения плей-офф: прогнозировать нечего.",
    ),
    "PROJECTION_RULESET_NOT_SUPPORTED": _e(
        FP,
        "projections are served for mahjong and Up&Down leagues and cups; competition {competition!r} plays {ruleset!r}",
        "Прогнозы строятся для лиг маджонга, лиг «Вверх-вниз» и кубков; соревнование «{competition}» играет по регламенту «{ruleset}».",
    ),
    "PROJECTION_TOO_MANY_PLAYERS": _e(
        IA,
        "at most {limit} players, got {count}",
        "Поле {field}: не больше {limit} игроков, получено {count}.",
    ),
    "PROJECTION_PLAYER_NOT_RANKED": _e(
        IA,
        "{player_id!r} is not a ranked player of this competition",
        "Поле {field}: «{player_id}» — не игрок турнирной таблицы этого соревнования.",
    ),
    "PROJECTION_TIME_LIMIT_INVALID": _e(
        IA,
        "seconds for the whole projection, from 0 (= {default} s) to {limit}",
        "Поле {field}: время на весь прогноз в секундах, от 0 (= {default} с) до {limit}.",
    ),
    "NO_STAGE_YET": _e(
        FP,
        "competition {competition!r} has no stage yet; advance to stage 1 first",
        "В соревновании «{competition}» ещё нет этапов; сначала перейдите к этапу 1.",
    ),
    "STAGE_NOT_FINISHED": _e(
        FP,
        "stage {stage} ({name}) is not finished: {open} undecided",
        "Этап {stage} ({name}) не завершён: не решено — {open}.",
    ),
    "CUP_TOO_FEW_PLAYERS": _e(
        FP,
        "the cup needs at least {minimum} players (open-cup-2023 2.3); {registered} registered",
        "Для кубка нужно не меньше {minimum} игроков (open-cup-2023 п. 2.3); зарегистрировано {registered}.",
    ),
    "PLAYOFF_FINISHED": _e(
        FP,
        "the playoff is finished: the final has been recorded",
        "Плей-офф завершён: финал уже записан.",
    ),
    "NO_MAHJONG_PLAYOFF": _e(
        FP,
        "competition {competition!r} ({ruleset}) has no mahjong playoff",
        "В соревновании «{competition}» (регламент {ruleset}) нет плей-офф по маджонгу.",
    ),
    "PLAYER_ALREADY_IN_STATUS": _e(FP, "player {player!r} is already {status}", "Игрок «{player}» уже в статусе «{status}»."),
    # --- accounts, login, tokens ---
    "LOGIN_FAILED": _e(UA, "wrong name or password", "Неверное имя или пароль."),
    "LOGIN_LOCKED": _e(
        RE,
        "too many failed logins {what}; retry after {until} (in {seconds} s)",
        "Слишком много неудачных попыток входа; повторите после {until} (через {seconds} с).",
        True,
    ),
    "LOGINS_BUSY": _e(
        RE, "too many logins at once; retry in a second", "Слишком много входов одновременно; повторите через секунду.", True
    ),
    "TOKEN_MISSING": _e(
        UA,
        "this call needs a token: log in (Login) and send the metadata 'authorization: Bearer <token>'",
        "Для этого вызова нужен токен: войдите (rondo login) и передайте заголовок 'authorization: Bearer <токен>'.",
    ),
    "TOKEN_INVALID": _e(UA, "the token is not valid; log in again", "Токен недействителен; войдите снова."),
    "TOKEN_EXPIRED": _e(UA, "the token has expired; log in again", "Срок действия токена истёк; войдите снова."),
    "TOKEN_REVOKED": _e(UA, "the token was revoked; log in again", "Токен отозван; войдите снова."),
    "AUTH_HEADER_INVALID": _e(
        UA,
        "the authorization metadata must be 'Bearer <token>'",
        "Заголовок authorization должен иметь вид 'Bearer <токен>'.",
    ),
    "ACCOUNT_DISABLED": _e(
        UA, "this account is disabled; ask an organizer", "Эта учётная запись отключена; обратитесь к организатору."
    ),
    "TARGET_ACCOUNT_DISABLED": _e(FP, "account {account!r} is disabled", "Учётная запись «{account}» отключена."),
    "ACCOUNT_NAME_TAKEN": _e(
        FP,
        "an account named {name!r} already exists; choose another name",
        "Учётная запись с именем «{name}» уже существует; выберите другое имя.",
    ),
    "CANNOT_DISABLE_SELF": _e(
        PD,
        "you cannot disable your own account; ask another organizer",
        "Нельзя отключить собственную учётную запись; попросите другого организатора.",
    ),
    # --- permissions ---
    "RPC_NOT_IN_MATRIX": _e(
        PD,
        "{rpc} has no entry in the authorization matrix; nobody may call it",
        "Метод {rpc} отсутствует в матрице доступа; вызывать его не может никто.",
    ),
    "ROLE_NOT_ALLOWED": _e(
        PD,
        "a {role} may not call {rpc} (it is for: {roles})",
        "Роль «{role}» не может вызывать {rpc} (доступно ролям: {roles}).",
    ),
    "NOT_YOUR_PLAYER": _e(
        PD,
        "{field} names another player; a player acts only for themselves",
        "Поле {field} указывает другого игрока; игрок действует только от своего имени.",
    ),
    "NOT_YOUR_ACCOUNT": _e(
        PD,
        "{field} names another account; only an organizer may act on other accounts",
        "Поле {field} указывает чужую учётную запись; действовать за другие учётные записи может только организатор.",
    ),
    "PLAYER_NOT_LINKED": _e(
        PD,
        "your account is not linked to a player of {where}; ask an organizer to link your account to your player",
        "Ваша учётная запись не связана с игроком ({where}); попросите организатора связать её.",
    ),
    # --- Telegram links and the bot acting for a linked player ---
    "TELEGRAM_NOT_LINKED": _e(
        PD,
        "this Telegram account is not linked; link it from the web app (Telegram, link code)",
        "Этот аккаунт Telegram не привязан; привяжите его в веб-приложении (код привязки Telegram).",
    ),
    "NOT_FOR_A_LINKED_PLAYER": _e(
        PD,
        "a bot may not call {rpc} for a linked player; only a player's own cards, availability, meetings and results",
        "Бот не может вызывать {rpc} от имени привязанного игрока; только карточки, доступность, встречи и результаты игрока.",
    ),
    "ONLY_A_BOT_ACTS_FOR_TELEGRAM_USERS": _e(
        PD,
        "only a bot's service token may act for a Telegram user (metadata x-rondo-telegram-user)",
        "Действовать от имени пользователя Telegram (заголовок x-rondo-telegram-user) может только сервисный токен бота.",
    ),
    "LINK_CODE_MALFORMED": _e(
        IA,
        "must be 16-64 URL-safe characters (letters, digits, '-', '_')",
        "Поле {field}: код привязки — это 16–64 символа: латинские буквы, цифры, «-» и «_».",
    ),
    "TELEGRAM_ID_INVALID": _e(IA, "must be a positive Telegram id", "Поле {field}: нужен положительный идентификатор Telegram."),
    "LANGUAGE_TAG_INVALID": _e(
        IA,
        "must be a language tag like 'ru' or 'en' (at most 16 characters)",
        "Поле {field}: нужен код языка, например «ru» или «en» (не длиннее 16 символов).",
    ),
    "TELEGRAM_USER_METADATA_INVALID": _e(
        IA,
        "must be the positive decimal id of a Telegram user",
        "Заголовок {field}: нужен положительный десятичный идентификатор пользователя Telegram.",
    ),
    "LINK_CODE_NOT_FOUND": _e(
        NF,
        "this link code is wrong, used or expired; ask for a new one in the web app",
        "Код привязки неверен, уже использован или просрочен; получите новый в веб-приложении.",
    ),
    "TELEGRAM_LINK_NOT_FOUND": _e(
        NF,
        "no Telegram account is linked {whom}",
        "Аккаунт Telegram не привязан ({whom}).",
    ),
    "NOT_YOUR_ORGANIZERS": _e(
        PD,
        "{rpc}: {kind} {resource_id!r} is not your organizer's; a judge acts in the clubs and competitions "
        "of the organizer who created the account",
        "{rpc}: объект «{resource_id}» ({kind}) принадлежит не вашему организатору; судья действует только в клубах "
        "и соревнованиях организатора, создавшего его учётную запись.",
    ),
    "OWNER_ONLY": _e(
        PD,
        "{rpc}: only the owner of {kind} {resource_id!r} (the organizer who created it) may grant or revoke access to it",
        "{rpc}: выдавать и отзывать доступ к объекту «{resource_id}» ({kind}) может только его владелец — "
        "создавший его организатор.",
    ),
    "NOT_YOURS": _e(
        PD,
        "{rpc}: {kind} {resource_id!r} is not yours; only its owner and the organizers it granted access to may act on it",
        "{rpc}: объект «{resource_id}» ({kind}) вам не принадлежит; действовать с ним могут только владелец "
        "и организаторы, которым он выдал доступ.",
    ),
    # --- solver ---
    "SOLVER_BUSY": _e(
        RE,
        "the solver is busy with {jobs} jobs; try again in a few seconds",
        "Решатель занят ({jobs} задач); повторите через несколько секунд.",
        True,
    ),
    "SOLVER_DEADLINE": _e(
        RE,
        "the solver was busy until too little of this call's deadline was left for a useful solve; "
        "retry later or allow a longer deadline",
        "Решатель был занят, и до конца срока вызова осталось слишком мало времени для расчёта; "
        "повторите позже или дайте вызову больше времени.",
        True,
    ),
    "DEADLINE_TOO_SHORT": _e(
        RE,
        "this call's deadline leaves {left} s, too little for a useful solve; allow a longer deadline",
        "До конца срока вызова остаётся {left} с — слишком мало для расчёта; дайте вызову больше времени.",
    ),
    "SOLVER_OUT_OF_MEMORY": _e(
        RE,
        "the solve needed more than the solver worker's {memory_mb} MiB of memory; make the request smaller "
        "(see Rondo's capacity in the README)",
        "Расчёту понадобилось больше {memory_mb} МиБ памяти, доступных решателю; уменьшите запрос "
        "(ограничения Rondo описаны в README).",
    ),
    "SOLVER_STOPPING": _e(
        UN,
        "the solver is stopping; retry on another instance",
        "Решатель останавливается; повторите запрос (его примет другой экземпляр).",
        True,
    ),
    "SOLVER_WORKER_STOPPED": _e(
        UN,
        "the solver worker stopped (killed or out of memory) while working on this request; retry",
        "Процесс решателя остановился (прерван или не хватило памяти) во время работы над запросом; повторите.",
        True,
    ),
    # --- draws with sit-outs (docs/rules.md draw.sit-out.*) ---
    "SIT_OUT_COUNT_NEGATIVE": _e(
        IA,
        "the number sitting out each round must be 0 (N mod table size) or positive, got {value}",
        "Число игроков, пропускающих тур, должно быть 0 (остаток от деления числа игроков на размер стола) "
        "или положительным, а указано {value}.",
    ),
    "SIT_OUT_COUNT_INVALID": _e(
        IA,
        "{count} sitting out of {players} players leaves {playing} playing: it must be a positive multiple of the "
        "table size {table_size}",
        "Если из {players} игроков {count} пропускают тур, играют {playing}: это должно быть положительное число, "
        "кратное размеру стола {table_size}.",
    ),
    "SIT_OUT_NOT_COMBINABLE": _e(
        IA,
        "a draw with sit-outs does not take {option}",
        "Жеребьёвка с пропусками туров не принимает параметр {option}.",
    ),
    "SIT_OUT_PINNED_UNFAIR": _e(
        IA,
        "{player} is pinned in rounds {rounds} and no fair sit-outs were found that keep the pins (nobody sits out "
        "twice before everyone has sat out once, counts differ by at most one): unpin {player} in a round",
        "Игрок {player} закреплён за столами в турах {rounds}, и честного распределения пропусков туров с этими "
        "закреплениями не найдено (никто не пропускает тур дважды, пока все не пропустили по разу, число пропусков "
        "различается не больше чем на один): снимите закрепление игрока {player} хотя бы в одном туре.",
    ),
    "SIT_OUT_UNFAIR": _e(
        IA,
        "round {round}: the sit-outs break {rule}",
        "Тур {round}: пропуски туров распределены нечестно, нарушено правило {rule}.",
    ),
    # --- rate limits ---
    "EVENT_STREAMS_PER_ACCOUNT": _e(
        RE,
        "this account already has {limit} open WatchEvents streams, the most one account may have "
        "(RONDO_EVENT_STREAMS_PER_ACCOUNT); close one first (one stream can follow every competition)",
        "У этой учётной записи уже открыто {limit} потоков событий — это максимум; закройте один "
        "(один поток может следить за всеми соревнованиями).",
    ),
    "EVENT_STREAMS_TOTAL": _e(
        RE,
        "the gateway already has {limit} open WatchEvents streams, the most it keeps (RONDO_EVENT_STREAMS_TOTAL); "
        "try again later, or read with ListEvents",
        "На шлюзе уже открыто {limit} потоков событий — это максимум; повторите позже или читайте события списком.",
        True,
    ),
}


def params_of(template: str) -> set[str]:
    """The param names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _value(value: object) -> object:
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= MAX_PARAM_CHARS else text[: MAX_PARAM_CHARS - 1] + "…"


def render(template: str, params: Mapping[str, object]) -> str | None:
    """``template`` over ``params`` (each value cut to ``MAX_PARAM_CHARS``); None when a param is missing
    or the template does not fit them."""
    try:
        return template.format(**{k: _value(v) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return None


def entry(reason: str) -> Entry:
    return CATALOGUE.get(reason) or CATALOGUE["UNKNOWN"]


def english(reason: str, params: Mapping[str, object]) -> str:
    """The English message of ``reason`` over ``params`` (for ``RondoError.because``)."""
    text = render(entry(reason).en, params)
    return text if text is not None else f"{reason}: {', '.join(f'{k}={_value(v)}' for k, v in params.items())}"


GENERIC_OF_CODE = {e.code: r for r, e in CATALOGUE.items() if r in GENERIC}


def localized(reason: str, params: Mapping[str, object], detail: str) -> dict[str, str]:
    """``{"en": ..., "ru": ...}`` for an error: English is ``detail`` (the message sent); Russian is the
    reason's template, or — when a param is missing — its class's generic Russian sentence with the
    English detail."""
    found = entry(reason)
    ru = render(found.ru, {**params, "detail": detail})
    if ru is None:
        generic = CATALOGUE[GENERIC_OF_CODE.get(found.code, "UNKNOWN")]
        ru = render(generic.ru, {"field": params.get("field", "?"), **params, "detail": detail}) or detail
    return {"en": detail, "ru": ru}


def metadata(params: Mapping[str, object]) -> dict[str, str]:
    """ErrorInfo metadata: at most ``MAX_PARAMS`` params, each key cut to 63 characters and each value
    to ``MAX_PARAM_CHARS``, all of them within ``MAX_METADATA_BYTES`` (the rest are left out)."""
    out: dict[str, str] = {}
    size = 0
    for k, v in list(params.items())[:MAX_PARAMS]:
        key, value = str(k)[:63], str(_value(v))
        cost = len(key.encode("utf-8", "replace")) + len(value.encode("utf-8", "replace"))
        if size + cost > MAX_METADATA_BYTES:
            break
        out[key] = value
        size += cost
    return out


def markdown() -> str:
    """docs/errors.md: every reason, its gRPC code, whether a retry can succeed, its English and Russian
    text (``python -m rondo_runtime.error_catalogue > docs/errors.md``; a test keeps them equal)."""

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    lines = [
        "# Error reasons",
        "",
        "Generated from `rondo_runtime/error_catalogue.py` by `python -m rondo_runtime.error_catalogue > docs/errors.md`",
        "(tests/unit/test_error_catalogue.py checks that this file is up to date).",
        "",
        "Every refused call carries `google.rpc.ErrorInfo` with one of these reasons (domain `rondo`; metadata:",
        "the `{params}` of the texts, and `field` for a field error), `google.rpc.LocalizedMessage` in `en` and",
        "`ru`, and `google.rpc.RetryInfo` when the retry column says yes. `{detail}` is the English message",
        "itself: the generic reason of each status code gives a Russian sentence followed by it.",
        "",
        "| reason | code | retry | English | Russian |",
        "| --- | --- | --- | --- | --- |",
    ]
    for reason, item in CATALOGUE.items():
        retry = "yes" if item.retry else ""
        lines.append(f"| `{reason}` | {item.code} | {retry} | {cell(item.en)} | {cell(item.ru)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
