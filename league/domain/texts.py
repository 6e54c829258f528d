"""The standings' explanations in English and Russian, rendered side by side from one description.

Every message a player or organizer reads exists in both languages. A :class:`Text` *is* its English
rendering (a ``str``, so the code and the API fields that always carried English keep doing so) and
carries its Russian rendering in ``.ru``. Each phrase kind is one function below with its two renderings
next to each other; numbers, names, places and clauses are parameters, never translated by pattern.
The Russian wording follows the regulations' own terms (тур, ханчан, ума, плей-офф, жребий, очки,
коэффициент Зонненборна-Бергера, мини-турнир). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import SupportsIndex


class Text(str):
    """A text in English (the string itself) with its Russian twin in ``ru``."""

    ru: str

    def __new__(cls, en: str, ru: str) -> Text:
        self = super().__new__(cls, en)
        self.ru = ru
        return self

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        """Copied and pickled with both renderings."""
        return str(self), self.ru

    def replace(self, old: str, new: str, count: SupportsIndex = -1) -> Text:
        """Both renderings with ``old`` replaced by ``new`` (each in its own language)."""
        return Text(str.replace(self, old, new, count), ru_of(self).replace(ru_of(old), ru_of(new), count))

    def __add__(self, other: str) -> Text:
        return Text(str(self) + other, self.ru + ru_of(other))


def ru_of(text: str | None) -> str:
    """The Russian rendering of ``text``; a plain ``str`` is language-neutral data (a name, an id, the
    organizer's own reason) and stays as it is."""
    if text is None:
        return ""
    return text.ru if isinstance(text, Text) else text


def join(parts: Iterable[str], sep: str = "; ") -> Text:
    parts = list(parts)
    return Text(sep.join(parts), sep.join(ru_of(p) for p in parts))


def both(text: str | None) -> tuple[str, str]:
    """``(english, russian)``; ``("", "")`` for None."""
    return ("", "") if text is None else (str(text), ru_of(text))


def _plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for ``n`` (1 ханчан, 2 ханчана, 5 ханчанов)."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


# --- ties and the steps between rows --------------------------------------------------------------------

#: the tie-break criteria's names (mahjong and Up&Down)
CRITERIA: dict[str, Text] = {
    "total": Text("total", "сумма очков"),
    "average place": Text("average place", "среднее место"),
    "points": Text("points", "очки"),
    "mini-table": Text("mini-table", "мини-турнир"),
    "head-to-head": Text("head-to-head", "личные встречи"),
    "Sonneborn-Berger": Text("Sonneborn-Berger", "коэффициент Зонненборна-Бергера"),
    "wins": Text("wins", "победы"),
}


def criterion(name: str) -> Text:
    return CRITERIA[name]


def criterion_compared(name: str, above: str, op: str, below: str) -> Text:
    """``"average place 9/4 < 5/2"``: the step that separated two rows."""
    label = criterion(name)
    return Text(f"{label} {above} {op} {below}", f"{label.ru} {above} {op} {below}")


#: "equal <criterion>" in Russian, each criterion in its own grammatical form
_EQUAL_RU = {
    "total": "равная сумма очков",
    "average place": "равное среднее место",
    "points": "равенство очков",
    "mini-table": "равенство в мини-турнире",
    "head-to-head": "равенство в личных встречах",
    "Sonneborn-Berger": "равный коэффициент Зонненборна-Бергера",
    "wins": "равное число побед",
}


def criterion_equal(name: str) -> Text:
    return Text(f"equal {criterion(name)}", _EQUAL_RU[name])


def criterion_missing(name: str, players: Iterable[str]) -> Text:
    who = ", ".join(players)
    label = criterion(name)
    return Text(f"{label} not available for {who}", f"{label.ru}: нет данных у {who}")


ORGANIZER_DECISION = Text("organizer decision required", "требуется решение организатора")
TIED_SO_FAR = Text("tied so far, order not final", "пока равенство, порядок не окончательный")
EXTRA_MATCH = Text("extra match needed", "нужен дополнительный матч")


def tie_decided_by_lot(seed: int | None) -> Text:
    return Text(f"drawn by lot with seed {seed}", f"жребий с зерном {seed}")


def tie_decided_by_organizer(reason: str) -> Text:
    return Text(f"organizer decision: {reason}", f"решение организатора: {reason}")


def stale_tie_decision(explained: Text, players: Iterable[str]) -> Text:
    who = ", ".join(players)
    return Text(
        f"stale tie decision ({explained}) for {who}: those players are no longer exactly an unresolved tie; not applied",
        f"устаревшее решение по равенству ({explained.ru}) для {who}: эти игроки больше не составляют "
        "в точности нерешённое равенство; не применено",
    )


# --- a mahjong row's notes ------------------------------------------------------------------------------


def no_show(round_no: int, points: str) -> Text:
    return Text(f"round {round_no}: no-show {points}", f"тур {round_no}: неявка {points}")


def chombo(round_no: int, hanchan: int, times: int, points: str) -> Text:
    return Text(
        f"round {round_no} hanchan {hanchan}: chombo x{times} {points}",
        f"тур {round_no}, ханчан {hanchan}: чомбо x{times} {points}",
    )


def penalty(round_no: int, points: str, reason: str) -> Text:
    return Text(f"round {round_no}: penalty -{points} ({reason})", f"тур {round_no}: штраф -{points} ({reason})")


def match_incomplete(round_no: int, table: int, played: int, hanchans: int, missing: Iterable[int]) -> Text:
    gone = ", ".join(str(n) for n in missing)
    return Text(
        f"round {round_no} table {table}: {played} of {hanchans} hanchans played (missing {gone}); "
        "provisional, match uma pending",
        f"тур {round_no}, стол {table}: сыграно {played} из {hanchans} "
        f"{_plural(hanchans, 'ханчана', 'ханчанов', 'ханчанов')} (не хватает {gone}); "
        "предварительно, ума матча ещё не начислена",
    )


def no_match_entered(rounds: Iterable[int]) -> Text:
    which = ", ".join(map(str, rounds))
    return Text(f"no match entered for round {which}; provisional", f"нет матча за тур {which}; предварительно")


# --- a mahjong row's fate -------------------------------------------------------------------------------


def _places(place: str) -> Text:
    one = "-" not in place
    return Text(f"place {place}" if one else f"places {place}", f"место {place}" if one else f"места {place}")


def fate_provisional(progress: Text, place: str, cut: int, side: str) -> Text:
    """While the regular stage is played: ``side`` is "within", "below" or "straddle" the playoff cut."""
    where = _places(place)
    so_far = Text(f"provisional, {progress}", f"предварительно, {progress.ru}")
    if side == "within":
        return Text(
            f"{so_far}: {where} within the playoff cut at {cut} so far; the regular stage decides",
            f"{so_far.ru}: {where.ru} пока в пределах выхода в плей-офф (первые {cut}); решит регулярный этап",
        )
    if side == "below":
        return Text(
            f"{so_far}: {where} below the playoff cut at {cut} so far; the regular stage decides",
            f"{so_far.ru}: {where.ru} пока ниже границы плей-офф (первые {cut}); решит регулярный этап",
        )
    return Text(
        f"{so_far}: {where} straddle the playoff cut at {cut}: {TIED_SO_FAR}",
        f"{so_far.ru}: {where.ru} на границе плей-офф (первые {cut}): {TIED_SO_FAR.ru}",
    )


def fate_playoff(place: str, cut: int) -> Text:
    where = _places(place)
    return Text(
        f"{where}: the playoff takes places 1-{cut} of the regular stage (discard-league-2026 §1, §2)",
        f"{where.ru}: в плей-офф выходят места 1-{cut} регулярного этапа (discard-league-2026 §1, §2)",
    )


def fate_out(place: str, cut: int) -> Text:
    where = _places(place)
    return Text(
        f"{where}: the playoff takes places 1-{cut}; the season ends here (discard-league-2026 §1)",
        f"{where.ru}: в плей-офф выходят места 1-{cut}; сезон для игрока окончен (discard-league-2026 §1)",
    )


def fate_at_cut(place: str, cut: int) -> Text:
    where = _places(place)
    return Text(
        f"{where} straddle the playoff cut at {cut}: {ORGANIZER_DECISION}",
        f"{where.ru} на границе плей-офф (первые {cut}): {ORGANIZER_DECISION.ru}",
    )


def rounds_played(rounds: int, complete_rounds: int, first_ones: bool) -> Text:
    """``"after round 2 of 4"``; ``"2 of 4 rounds complete"`` when the complete rounds are not the first ones."""
    if not complete_rounds:
        return Text(f"no round of {rounds} complete yet", f"ни один из {rounds} туров ещё не завершён")
    if first_ones:
        return Text(f"after round {complete_rounds} of {rounds}", f"после тура {complete_rounds} из {rounds}")
    return Text(f"{complete_rounds} of {rounds} rounds complete", f"завершено туров: {complete_rounds} из {rounds}")


# --- the playoff's conflict with corrected standings ----------------------------------------------------

PLAYOFF_DECIDE = Text(
    "the organizer decides the playoff: regenerate round 1 from the corrected standings, or keep it, with the reason",
    "организатор решает судьбу плей-офф: заново составить первый круг по исправленной таблице или оставить его, указав причину",
)


def playoff_seats_unplaceable(stage: int, seated: str) -> Text:
    return Text(
        f"stage {stage} (round 1) of the playoff seats {seated} (regular places 1-8 when it was generated); "
        "the standings cannot name places 1-8 now (a tie the organizer has not decided)",
        f"в этапе {stage} (первый круг плей-офф) играют {ru_of(seated)} (места 1-8 регулярного этапа на момент составления); "
        "сейчас таблица не может назвать места 1-8 (равенство, которое организатор ещё не решил)",
    )


def playoff_seats_unqualified(stage: int, seated: str, qualified: str) -> Text:
    return Text(
        f"stage {stage} (round 1) of the playoff seats {seated}, whom the corrected standings no longer "
        f"qualify; they qualify {qualified} instead",
        f"в этапе {stage} (первый круг плей-офф) играют {ru_of(seated)}, но по исправленной таблице они больше не "
        f"проходят в плей-офф; вместо них проходят {ru_of(qualified)}",
    )


def playoff_seats_reordered(stage: int, table_a: str, table_b: str) -> Text:
    return Text(
        f"stage {stage} (round 1) of the playoff seats the same eight players, but the corrected standings place "
        f"them otherwise: round 1 would be table A {table_a}, table B {table_b}",
        f"в этапе {stage} (первый круг плей-офф) играют те же восемь игроков, но исправленная таблица расставляет "
        f"их иначе: первый круг был бы таким — стол A {table_a}, стол B {table_b}",
    )


def playoff_kept(decided_by: str, reason: str) -> Text:
    return Text(
        f"kept as stored by the organizer ({decided_by}): {reason}",
        f"оставлено как есть решением организатора ({decided_by}): {reason}",
    )


NOBODY = Text("nobody", "никого")


# --- results awaiting review (a row's notes) ------------------------------------------------------------


def recorded_item(kind: str, hanchan: int | None = None) -> Text:
    """What a pending record holds: ``"hanchan 2"``, or its kind (``"penalty"``, ``"no-show"`` ...)."""
    if hanchan is not None:
        return Text(f"hanchan {hanchan}", f"ханчан {hanchan}")
    ru = {"penalty": "штраф", "no-show": "неявка", "game": "партия"}.get(kind, kind)
    return Text(kind, ru)


def result_awaiting_confirmation(round_no: int, table: int, what: Text, reporter: str, waiting: Iterable[str]) -> Text:
    who = ", ".join(waiting)
    return Text(
        f"round {round_no}, table {table}: {what} reported by {reporter}, awaiting confirmation by {who}",
        f"тур {round_no}, стол {table}: {what.ru} внёс {reporter}, ждёт подтверждения от: {who}",
    )


def result_disputed(round_no: int, table: int, what: Text, reporter: str, by: Iterable[str]) -> Text:
    who = ", ".join(by)
    return Text(
        f"round {round_no}, table {table}: {what} reported by {reporter}, disputed by {who}, awaiting a judge",
        f"тур {round_no}, стол {table}: {what.ru} внёс {reporter}, оспорил: {who}, ждёт судью",
    )


PROVISIONAL = Text("provisional", "предварительно")


# --- the Up&Down league (updown-league-2007) ------------------------------------------------------------

SHARED_PLACE = Text(
    "they share the place (updown-league-2007 §6.5: no extra match for those who stop)",
    "они делят место (updown-league-2007 §6.5: для выбывающих дополнительный матч не проводится)",
)
WITHDRAWN_AFTER = Text(
    "withdrawn players are ranked after those still in the league",
    "выбывшие из турнира ставятся после продолжающих игру",
)


def criterion_greater(name: str, above: int, below: int) -> Text:
    return criterion_compared(name, str(above), ">", str(below))


def games_left(to_play: int) -> Text:
    return Text(
        f"{to_play} game{'' if to_play == 1 else 's'} still to play",
        f"осталось сыграть {to_play} {_plural(to_play, 'партию', 'партии', 'партий')}",
    )


def updown_provisional(to_play: int, why: Text) -> Text:
    left = games_left(to_play)
    return Text(f"provisional, {left}: {why}", f"предварительно, {left.ru}: {why.ru}")


def updown_straddle(place: str, reason: str) -> Text:
    return Text(f"places {place} straddle a cut: {reason}", f"места {place} на границе: {ru_of(reason)}")


def withdrawal_note(really_played: int, scheduled: int, annulled: bool, technical_losses: int) -> Text:
    en = f"withdrawn: really played {really_played} of {scheduled} games against players still in the league"
    ru = f"выбыл: реально сыграно {really_played} из {scheduled} партий с продолжающими игру"
    if annulled:
        return Text(
            en + "; fewer than half, all his results annulled (updown-league-2007 §10.4)",
            ru + "; меньше половины, все его результаты аннулированы (updown-league-2007 §10.4)",
        )
    return Text(
        en + f"; at least half, his {technical_losses} remaining games are technical losses 0-1",
        ru + f"; не меньше половины, оставшиеся {technical_losses} "
        f"{_plural(technical_losses, 'партия засчитывается', 'партии засчитываются', 'партий засчитываются')} "
        "ему техническими поражениями 0-1",
    )


def thrown_match(round_no: int, opponent: str) -> Text:
    return Text(
        f"round {round_no} vs {opponent}: thrown match annulled, 0-0 (§9.2)",
        f"тур {round_no}, против {opponent}: договорная партия аннулирована, 0-0 (§9.2)",
    )


def played_after_deadline(round_no: int, opponent: str) -> Text:
    return Text(
        f"round {round_no} vs {opponent}: played after the deadline, removed",
        f"тур {round_no}, против {opponent}: сыграна после срока, не учитывается",
    )


def _place_or_places(first: int, place: str) -> Text:
    """``"place 3"`` or, for a shared place, ``"places 3-4"``."""
    return _places(place if "-" in place else str(first))


def updown_no_split(size: int, ruleset: str, leaders: int, outsiders: int, clause: str) -> Text:
    return Text(
        f"{size} players, but the split of {ruleset} needs {leaders} leaders + {outsiders} outsiders ({clause}): "
        'the group needs a variant {"base": "updown", "leaders": ..., "outsiders": ...} '
        "or the First League's split (updown-first-league: places 1-6 of two groups, updown-league-2007 §4.3.2)",
        f"{size} игроков, но разделение {ruleset} требует {leaders} лидеров + {outsiders} аутсайдеров ({clause}): "
        'группе нужен вариант {"base": "updown", "leaders": ..., "outsiders": ...} '
        "или разделение Первой лиги (updown-first-league: места 1-6 двух групп, updown-league-2007 §4.3.2)",
    )


def updown_leaders(place: str, leaders: int, clause: str) -> Text:
    where = _places(place)
    return Text(
        f"{where}: places 1-{leaders} form the leaders group of stage 2 ({clause})",
        f"{where.ru}: места 1-{leaders} составляют группу лидеров второго этапа ({clause})",
    )


def updown_outsiders(place: str, first: int, size: int, clause: str) -> Text:
    where = _places(place)
    return Text(
        f"{where}: places {first}-{size} form the outsiders group of stage 2, withdrawn players included ({clause})",
        f"{where.ru}: места {first}-{size} составляют группу аутсайдеров второго этапа, включая выбывших ({clause})",
    )


def updown_stop(place: str, first: int, last: int, clause: str) -> Text:
    where = _places(place)
    if first <= last:
        return Text(
            f"{where}: places {first}-{last} do not play stage 2 ({clause})",
            f"{where.ru}: места {first}-{last} не играют во втором этапе ({clause})",
        )
    return Text(f"{where}: no place do not play stage 2 ({clause})", f"{where.ru}: нет мест вне второго этапа ({clause})")


def updown_outsiders_stay(place: str, stay: int) -> Text:
    where = _places(place)
    return Text(
        f"{where} of the outsiders group: the first {stay} of the outsiders group keep their place in the division "
        "(updown-league-2007 §4.4.1.2)",
        f"{where.ru} в группе аутсайдеров: первые {stay} группы аутсайдеров сохраняют место в дивизионе "
        "(updown-league-2007 §4.4.1.2)",
    )


def updown_promoted(place: str, promoted: int) -> Text:
    where = _places(place)
    return Text(
        f"{where} of the leaders group: the first {promoted} of the leaders group go up to the higher division "
        "(updown-league-2007 §4.4.2.1)",
        f"{where.ru} в группе лидеров: первые {promoted} группы лидеров переходят в высший дивизион "
        "(updown-league-2007 §4.4.2.1)",
    )


def updown_champion(place: str) -> Text:
    where = _places(place)
    return Text(
        f"{where} of the leaders group: the champion (updown-league-2007 §4.4.1.1)",
        f"{where.ru} в группе лидеров: чемпион (updown-league-2007 §4.4.1.1)",
    )


def updown_prize_places(place: str) -> Text:
    where = _places(place)
    return Text(
        f"{where} of the leaders group, which plays for the prize places (updown-league-2007 §4.4.1.1)",
        f"{where.ru} в группе лидеров, которая разыгрывает призовые места (updown-league-2007 §4.4.1.1)",
    )


# --- the open cup (open-cup-2023) -----------------------------------------------------------------------

_STAGES_RU = {
    "final": "финал",
    "semi-final": "полуфинал",
    "quarter-final": "четвертьфинал",
    "third-place match": "матч за третье место",
}


def stage_ru(name: str) -> str:
    """A cup stage's name in Russian: финал, полуфинал, четвертьфинал, 1/8 финала."""
    if name in _STAGES_RU:
        return _STAGES_RU[name]
    if name.startswith("1/") and name.endswith(" final"):
        return name.removesuffix(" final") + " финала"
    return name


def _who(players: Iterable[str]) -> Text:
    names = list(players)
    return Text(", ".join(names) or "nobody", ", ".join(names) or "никто")


def cup_passes(player: str) -> Text:
    return Text(
        f"{player} passes without playing: an empty position opposite (3.4.2)",
        f"{player} проходит дальше без игры: напротив пустая позиция (3.4.2)",
    )


def cup_third_without_playing(player: str) -> Text:
    return Text(
        f"{player} takes third place without playing: the only semi-final loser",
        f"{player} занимает третье место без игры: единственный проигравший в полуфинале",
    )


def cup_game_start(number: int, replay: bool, setting: str) -> Text:
    return Text(
        f"game {number} ({'replay, ' if replay else ''}start: {setting})",
        f"партия {number} ({'переигровка, ' if replay else ''}начальная позиция: {setting})",
    )


def cup_both_absent(start: Text) -> Text:
    return Text(
        f"{start}: both absent, both lose this game technically (4.3.3); the series goes on",
        f"{start.ru}: оба не явились, обоим техническое поражение в этой партии (4.3.3); матч продолжается",
    )


def cup_absent(start: Text, absentee: str, other: str) -> Text:
    return Text(
        f"{start}: {absentee} absent, technical win for {other} (4.3)",
        f"{start.ru}: {absentee} не явился, техническая победа {other} (4.3)",
    )


def cup_drawn(start: Text, replay_setting: str) -> Text:
    return Text(
        f"{start}: drawn, does not count, replayed from {replay_setting} (3.3.2)",
        f"{start.ru}: ничья не засчитывается, переигровка из позиции {replay_setting} (3.3.2)",
    )


def cup_won_game(start: Text, winner: str) -> Text:
    return Text(f"{start}: won by {winner}", f"{start.ru}: победил {winner}")


def cup_series_won(winner: str, loser: str, technically: bool, high: int, low: int, target: int) -> Text:
    how_en, how_ru = ("technically ", "технически ") if technically else ("", "")
    return Text(
        f"{winner} beat {loser} {how_en}{high}-{low}: first to {target} wins",
        f"{winner} {how_ru}выиграл у {loser} {high}-{low}: матч идёт до {target} {_plural(target, 'победы', 'побед', 'побед')}",
    )


CUP_DRAWS_REPLAYED = Text("drawn games replayed and not counted (3.3.2)", "ничьи переиграны и не засчитаны (3.3.2)")


def cup_both_absent_in(games: Iterable[str]) -> Text:
    which = ", ".join(games)
    return Text(
        f"both absent in game {which}: both lost it technically (4.3.3)",
        f"оба не явились на партию {which}: обоим техническое поражение (4.3.3)",
    )


def cup_undecided(a: str, b: str, score: str, target: int) -> Text:
    return Text(
        f"{a} v {b} {score}, first to {target} wins: undecided",
        f"{a} — {b} {score}, матч идёт до {target} {_plural(target, 'победы', 'побед', 'побед')}: не решён",
    )


def cup_both_disqualified(a: str, b: str) -> Text:
    return Text(
        f"{a} and {b} are both disqualified (6.4): nobody advances",
        f"{a} и {b} оба дисквалифицированы (6.4): дальше не проходит никто",
    )


def cup_wins_by_disqualification(other: str, out: str, reason: str) -> Text:
    return Text(
        f"{other} wins technically: {out} was disqualified ({reason}) and is never replaced (6.4)",
        f"{other} побеждает технически: {out} дисквалифицирован ({reason}), замена не допускается (6.4)",
    )


def cup_out_before_paired(stage: str) -> Text:
    return Text(
        f"went out before the {stage}: it was paired without him before the correction of the stage "
        "before it that put him through was confirmed; the arbiter decides (5.2.2 г)",
        f"выбыл перед стадией «{stage_ru(stage)}»: её пары составлены без него до того, как было подтверждено "
        "исправление предыдущей стадии, выводившее его дальше; решает главный судья (5.2.2 г)",
    )


def cup_kept_pairing(stage: str, paired_anyway: Iterable[str], not_paired: Iterable[str]) -> Text:
    anyway, not_in = _who(paired_anyway), _who(not_paired)
    return Text(
        f"The {stage} keeps the players it was paired with (a correction of the stage before it was "
        f"confirmed afterwards): {anyway} play in it although the results now say they went out; "
        f"{not_in} went through but are not in it.",
        f"Стадия «{stage_ru(stage)}» сохраняет составленные пары (исправление предыдущей стадии подтверждено "
        f"позже): {anyway.ru} играют в ней, хотя по результатам выбыли; {not_in.ru} прошли дальше, но в ней не играют.",
    )


def cup_advanced(stage: str, explanation: Text) -> Text:
    return Text(f"advanced from the {stage}: {explanation}", f"прошёл стадию «{stage_ru(stage)}»: {ru_of(explanation)}")


def cup_playing(stage: str, explanation: Text) -> Text:
    return Text(f"playing in the {stage}: {explanation}", f"играет в стадии «{stage_ru(stage)}»: {ru_of(explanation)}")


def cup_went_out(stage: str, explanation: Text) -> Text:
    return Text(f"went out in the {stage}: {explanation}", f"выбыл в стадии «{stage_ru(stage)}»: {ru_of(explanation)}")


def cup_disqualified_no_prize_place(player: str, stage: int, reason: str, secured: bool) -> Text:
    if not secured:
        return Text(
            f"{player} disqualified in stage {stage} ({reason}); no prize place secured, so the players he beat keep "
            "their results (6.4)",
            f"{player} дисквалифицирован на стадии {stage} ({reason}); призовое место не было обеспечено, поэтому "
            "побеждённые им сохраняют свои результаты (6.4)",
        )
    return Text(
        f"{player} disqualified in stage {stage} ({reason}); he had secured a prize place: the players he beat move "
        "up one level when the cup is over (6.4)",
        f"{player} дисквалифицирован на стадии {stage} ({reason}); он обеспечил себе призовое место: побеждённые им "
        "поднимаются на уровень выше по окончании кубка (6.4)",
    )


def cup_disqualified_lift(player: str, stage: int, reason: str, chain: Iterable[str]) -> Text:
    moved = _who(chain)
    return Text(
        f"{player} disqualified in stage {stage} ({reason}) after securing a prize place: everyone he beat "
        f"moves up one level ({moved}) (6.4); his prizes are withheld (6.3.1)",
        f"{player} дисквалифицирован на стадии {stage} ({reason}) после того, как обеспечил призовое место: все "
        f"побеждённые им поднимаются на уровень выше ({moved.ru}) (6.4); его призы не выдаются (6.3.1)",
    )


def cup_level(place: int | None, eliminated_in: str | None) -> Text:
    if place is not None:
        return Text(f"place {place}", f"место {place}")
    return Text(f"going out in the {eliminated_in}", f"выбывание в стадии «{stage_ru(eliminated_in or '')}»")


def cup_lifted(before: Text, after: Text, player: str) -> Text:
    return Text(
        f"moved up one level from {before} to {after}: {player}, who beat him, was disqualified after securing a "
        "prize place (6.4)",
        f"поднят на уровень выше: {before.ru} → {after.ru}; {player}, победивший его, дисквалифицирован после того, "
        "как обеспечил призовое место (6.4)",
    )


def cup_playing_third(explanation: Text) -> Text:
    return Text(
        f"playing the match for third place (3.4.3): {explanation}",
        f"играет матч за третье место (3.4.3): {ru_of(explanation)}",
    )


def cup_to_play_third(why: Text) -> Text:
    return Text(f"to play the match for third place (3.4.3); {why}", f"сыграет матч за третье место (3.4.3); {ru_of(why)}")


def cup_disqualified_result(stage: int, reason: str) -> Text:
    return Text(
        f"disqualified in stage {stage}: {reason}; no place, award or prize (6.3.1, 6.4)",
        f"дисквалифицирован на стадии {stage}: {reason}; без места, награды и приза (6.3.1, 6.4)",
    )


def cup_still_in(advanced: Text | None) -> Text:
    if advanced is None:
        return Text("still in the cup", "продолжает борьбу в кубке")
    return Text(f"still in the cup, {advanced}", f"продолжает борьбу в кубке, {ru_of(advanced)}")


def cup_award(medal: bool) -> Text:
    return Text("a medal (1.6.1)", "медаль (1.6.1)") if medal else Text("a badge (1.6.1)", "значок (1.6.1)")


def cup_prize(place: int, defeats: int, allowed: int, granted: bool) -> Text:
    if granted:
        return Text(
            f"prize for place {place} (1.7.1): {defeats} technical defeat(s), at most {allowed} allowed (1.7.2)",
            f"приз за {place}-е место (1.7.1): технических поражений: {defeats}, допускается не больше {allowed} (1.7.2)",
        )
    return Text(
        f"no prize for place {place}: {defeats} technical defeats, at most {allowed} allowed (1.7.2)",
        f"без приза за {place}-е место: технических поражений: {defeats}, допускается не больше {allowed} (1.7.2)",
    )


def cup_next_stage(stage: str, survivors: int, next_number: int) -> Text:
    return Text(
        f"The {stage} is finished; {survivors} survivors in their original seed order are paired by halves for stage "
        f"{next_number} (3.4.1.3).",
        f"Стадия «{stage_ru(stage)}» завершена; {survivors} оставшихся в исходном порядке посева передаются "
        f"на составление пар стадии {next_number} (3.4.1.3).",
    )


def cup_place_from(place: int, third_place_match: bool, explanation: Text) -> Text:
    if third_place_match:
        return Text(
            f"place {place} from the third-place match (3.4.3): {explanation}",
            f"место {place} по итогам матча за третье место (3.4.3): {ru_of(explanation)}",
        )
    return Text(f"place {place} from the final: {explanation}", f"место {place} по итогам финала: {ru_of(explanation)}")


EMPTY = Text("", "")


# --- the mahjong playoff (discard-league-2026 §1, §6.1) -----------------------------------------------

_PLAYOFF_RU = {
    "round 1": "1-й круг",
    "round 2": "2-й круг",
    "round 3": "3-й круг",
    "final": "финал",
    "the final": "финал",
    "upper": "верхняя группа",
    "lower": "нижняя группа",
    "upper bracket (round 2)": "верхняя группа (2-й круг)",
    "lower bracket (round 2)": "нижняя группа (2-й круг)",
    "out": "выбывает",
    "waiting for the final": "ждёт финала",
}


def playoff_ru(name: str) -> str:
    """A playoff stage's, group's or destination's name in Russian (a table "A" / "B" stays)."""
    return _PLAYOFF_RU.get(name, name)


def _playoff_table_ru(table: str) -> str:
    """``"стол A"``; a table named after its group or stage by that name (``"верхняя группа"``)."""
    return f"стол {table}" if table in ("A", "B") else playoff_ru(table)


def playoff_stage_in(stage: str) -> Text:
    """``"round 2"`` / ``"the final"``: the stage something happened in."""
    return Text("the final" if stage == "final" else stage, playoff_ru(stage))


def playoff_left_season(stage: str) -> Text:
    where = playoff_stage_in(stage)
    return Text(f"left the season during {where} (§6.1)", f"выбыл из сезона во время стадии «{where.ru}» (§6.1)")


def playoff_placed_out(place: int | None, table: str, stage: str) -> Text:
    where = playoff_stage_in(stage)
    return Text(
        f"placed {place} at table {table} of {where}: only the first two continue",
        f"{place}-е место ({_playoff_table_ru(table)}, {where.ru}): дальше проходят только первые двое",
    )


def playoff_withdrawn_out(player: str, stage: str) -> Text:
    where = playoff_stage_in(stage)
    return Text(
        f"{player} left the season during {where} (§6.1) and is out.",
        f"{player} выбыл из сезона во время стадии «{where.ru}» (§6.1) и выбывает из плей-офф.",
    )


PLAYOFF_ROUND_1 = Text(
    "Round 1: the 8 best of the regular stage play at two tables of four, A and B.",
    "1-й круг: 8 лучших по итогам регулярного этапа играют за двумя столами по четыре, A и B.",
)


def _numbered(order: Sequence[str]) -> str:
    return ", ".join(f"{i}. {p}" for i, p in enumerate(order, start=1))


def playoff_final_standings(order: Sequence[str]) -> Text:
    places = _numbered(order)
    return Text(
        f"Final standings: {places}; prizes for 1st and 2nd (§1).",
        f"Итоговые места: {places}; призы за 1-е и 2-е места (§1).",
    )


def playoff_next(stage: str, groups: Sequence[tuple[str, Sequence[str]]], waiting: Sequence[str]) -> Text:
    where = playoff_stage_in(stage)
    en = "; ".join(f"{name}: {', '.join(players)}" for name, players in groups)
    ru = "; ".join(f"{playoff_ru(name)}: {', '.join(players)}" for name, players in groups)
    if waiting:
        en += f"; waiting in the final: {', '.join(waiting)}"
        ru += f"; ждут в финале: {', '.join(waiting)}"
    return Text(f"Next, {where}: {en}.", f"Далее, {where.ru}: {ru}.")


def playoff_table(stage: str, table: str, order: Sequence[str], subs: Sequence[str], up: str, down: str) -> Text:
    """One table's result and where its players go (``up``: the first two, ``down``: the rest)."""
    places = _numbered(order)
    removed_en = f" (substitutes {', '.join(subs)} removed, places re-counted, §6.1)" if subs else ""
    removed_ru = f" (технические замены {', '.join(subs)} исключены, места пересчитаны, §6.1)" if subs else ""
    if stage == "final":
        return Text(f"Final: {places}{removed_en}.", f"Финал: {places}{removed_ru}.")
    first, last = ", ".join(order[:2]), ", ".join(order[2:])
    tail_en = f"; {last} → {down}" if last else ""
    tail_ru = f"; {last} → {playoff_ru(down)}" if last else ""
    if stage == "round 3":
        where_en, where_ru = "Round 3", "3-й круг"
    else:
        where_en, where_ru = f"{stage.capitalize()}, table {table}", f"{playoff_ru(stage)}, {_playoff_table_ru(table)}"
    return Text(
        f"{where_en}: {places}{removed_en}. {first} → {up}{tail_en} (by places only).",
        f"{where_ru}: {places}{removed_ru}. {first} → {playoff_ru(up)}{tail_ru} (только по местам).",
    )


# --- what the next stage is made from (PrepareStage's notes) --------------------------------------------


def cup_seeded(players: int) -> Text:
    return Text(
        f"{players} players seeded by rating, then registration order (3.4.1.1, 3.4.1.3)",
        f"посев {players} игроков по рейтингу, затем по порядку регистрации (3.4.1.1, 3.4.1.3)",
    )


def cup_left_out(maximum: int, players: Iterable[str]) -> Text:
    who = ", ".join(players)
    return Text(
        f"over the maximum of {maximum} (2.3): left out, best first: {who}",
        f"сверх максимума в {maximum} участников (2.3): не включены, начиная с лучшего: {who}",
    )


def cup_over(places: Sequence[str | None]) -> Text:
    listed = ", ".join(f"{i}. {p}" for i, p in enumerate(places, start=1) if p)
    return Text(f"the cup is over: {listed}", f"кубок завершён: {listed}")


def updown_stage_one_plan(ruleset: str, cycles: int, leaders: int, outsiders: int, groups: int, low: int, high: int) -> Text:
    en_where = f"; {groups} groups of {low}-{high}, the places count in each" if groups > 1 else ""
    ru_where = f"; {groups} групп по {low}-{high} игроков, места считаются в каждой" if groups > 1 else ""
    return Text(
        f"{ruleset}: {cycles} cycles; places 1-{leaders} to the leaders group, the last {outsiders} to the outsiders "
        f"group{en_where}",
        f"{ruleset}: кругов: {cycles}; места 1-{leaders} — в группу лидеров, последние {outsiders} — в группу "
        f"аутсайдеров{ru_where}",
    )


UPDOWN_SEASON_OVER = Text("stage 2 is complete: the season is over", "второй этап завершён: сезон окончен")


def updown_group_carried(group: str, players: int) -> Text:
    ru_group = {"leaders": "лидеры", "outsiders": "аутсайдеры"}.get(group, group)
    return Text(
        f"{group}: {players} players, points carried from stage 1",
        f"{ru_group}: {players} {_plural(players, 'игрок', 'игрока', 'игроков')}, очки перенесены с первого этапа",
    )


def playoff_round_1_from(listing: str) -> Text:
    return Text(
        f"Round 1 from the final regular standings: {listing}.",
        f"1-й круг по итоговой таблице регулярного этапа: {listing}.",
    )


def playoff_finished(order: str) -> Text:
    return Text(f"The playoff is finished: {order}.", f"Плей-офф завершён: {order}.")


def playoff_table_tie(a: str, b: str, total: str, average_place: str | None) -> Text:
    """Two players of a playoff table the match cannot separate (discard-league-2026 §2)."""
    avg_en = f" and average place {average_place}" if average_place is not None else ""
    avg_ru = f" и среднее место {average_place}" if average_place is not None else ""
    return Text(
        f"{a} and {b}: equal sum {total}{avg_en} in the match: {ORGANIZER_DECISION}",
        f"{a} и {b}: равная сумма {total}{avg_ru} в матче: {ORGANIZER_DECISION.ru}",
    )


def playoff_table_label(stage: int, name: str, table: str) -> Text:
    return Text(
        f"stage {stage} ({name}), table {table}",
        f"этап {stage} ({playoff_ru(name)}), {_playoff_table_ru(table)}",
    )


def playoff_stage_being_played(stage: int, name: str, tables: Sequence[tuple[str, int, int]]) -> Text:
    """``tables``: (table, hanchans played, hanchans) of each table still being played."""
    en = ", ".join(f"table {t} has {played} of {of} hanchans" for t, played, of in tables)
    ru = ", ".join(f"{_playoff_table_ru(t)}: сыграно {played} из {of} ханчанов" for t, played, of in tables)
    return Text(
        f"stage {stage} ({name}) is still being played: {en}",
        f"этап {stage} ({playoff_ru(name)}) ещё играется: {ru}",
    )


def playoff_cannot_replay(stage: int, name: str, error: str) -> Text:
    return Text(
        f"stage {stage} ({name}) cannot be replayed: {error}",
        f"этап {stage} ({playoff_ru(name)}) не удаётся пересчитать: {error}",
    )


# --- the tables' own words (column headers, fates) --------------------------------------------------------

_LABELS_RU = {
    "place": "место",
    "player": "игрок",
    "total": "сумма",
    "average place": "среднее место",
    "hanchans": "ханчаны",
    "vs next": "от следующего",
    "fate": "итог",
    "notes": "примечания",
    "points": "очки",
    "SB": "КЗБ",
    "games": "партии",
    "note": "примечание",
    "places": "места",
    "provisional": "предварительно",
    "at the playoff cut": "на границе плей-офф",
    "across a cut": "на границе",
    "carried": "перенесено",
    "played": "сыграно",
    "regular-stage standings": "таблица регулярного этапа",
    "stage": "этап",
    "group": "группа",
    "withdrawn": "выбыл",
    "cut": "граница",
    "status": "статус",
    "projections": "прогноз",
    "exact: every status proven": "точно: каждый статус доказан",
    "not every status proven: ask with more time (--time-limit)": "не каждый статус доказан: запросите с большим временем (--time-limit)",
    "clinched": "обеспечено",
    "eliminated": "недостижимо",
    "alive": "шансы есть",
    "organizer decision": "решает организатор",
    "unknown": "не доказано",
    # fates
    "playoff": "плей-офф",
    "out": "выбывает",
    "leaders": "лидеры",
    "outsiders": "аутсайдеры",
    "stop": "без второго этапа",
    "champion": "чемпион",
    "prize places": "призовые места",
    "stays": "остаётся",
    "relegated": "понижен",
    "promoted": "повышен",
    "no split": "без разделения",
}


def label(word: str, language: str) -> str:
    """A table's word (a column header, a fate) in ``language`` ("ru"; anything else: as given)."""
    if language != "ru" or not word:
        return word
    if word.startswith("undecided: "):
        options = word.removeprefix("undecided: ").split(" or ")
        return "не решено: " + " или ".join(_LABELS_RU.get(o, o) for o in options)
    return _LABELS_RU.get(word, word)


def cup_pairs(tables: Iterable[Sequence[str]]) -> Text:
    """``"A v B; C passes"``: a stage's pairs in seat order."""
    tables = [tuple(t) for t in tables]
    return Text(
        "; ".join(" v ".join(t) if len(t) == 2 else f"{t[0]} passes" for t in tables),
        "; ".join(" — ".join(t) if len(t) == 2 else f"{t[0]} проходит без игры" for t in tables),
    )


def cup_next_pairs(number: int, stage: str, pairs: Text) -> Text:
    return Text(f"next: stage {number} ({stage}): {pairs}", f"далее: стадия {number} («{stage_ru(stage)}»): {pairs.ru}")


_CUP_WORDS_RU = {
    "seeds": "посев",
    "left out (over the maximum)": "не включены (сверх максимума)",
    "stage": "стадия",
    "table": "стол",
    "players": "игроки",
    "games": "партии",
    "score": "счёт",
    "winner": "победитель",
    "why": "почему",
    "3rd": "за 3-е",
    "pass without playing (3.4.2)": "проходят без игры (3.4.2)",
    "final places": "итоговые места",
    "final places (the cup is not over)": "итоговые места (кубок не завершён)",
    "place": "место",
    "player": "игрок",
    "technical defeats": "технические поражения",
    "prize": "приз",
    "yes": "да",
    "no": "нет",
    "tech.": "тех.",
}


def cup_word(word: str, language: str) -> str:
    """The cup table's own words in ``language``; stage names through :func:`stage_ru`."""
    if language != "ru":
        return word
    return _CUP_WORDS_RU.get(word) or stage_ru(word)


_PLAYOFF_WORDS_RU = {
    "playoff of": "плей-офф",
    "finished": "завершён",
    "next": "далее",
    "from the regular places": "по местам регулярного этапа",
    "stage": "этап",
    "table": "стол",
    "players": "игроки",
    "hanchans": "ханчаны",
    "of": "из",
    "order": "порядок",
    "unresolved": "не решено",
    "group": "группа",
    "waiting": "ждут",
    "out": "выбыли",
    "player": "игрок",
    "place": "место",
    "why": "почему",
    "withdrawn": "выбыл из сезона",
    "final order": "итоговый порядок",
    "prizes": "призы",
    "prize": "приз",
    "1st": "1-е место",
    "2nd": "2-е место",
    "blocked": "не даёт продолжить",
}


def playoff_word(word: str, language: str) -> str:
    """The playoff table's own words in ``language``; stage, group and table names through :func:`playoff_ru`."""
    if language != "ru":
        return word
    return _PLAYOFF_WORDS_RU.get(word) or playoff_ru(word)


# --- the Up&Down checkpoints (updown-league-2007 §10.3) ---------------------------------------------------


def checkpoint_below_place(points: int, bar: int, keep: int) -> Text:
    return Text(
        f"first checkpoint: {points} points, fewer than the {bar} of place {keep}; "
        "leaves the First League, results annulled (updown-league-2007 §10.3.1.2)",
        f"первая контрольная точка: {points} {_plural(points, 'очко', 'очка', 'очков')}, меньше, чем {bar} "
        f"у {keep}-го места; выбывает из Первой лиги, результаты аннулированы (updown-league-2007 §10.3.1.2)",
    )


def checkpoint_too_few_games(first: bool, played: int, due: int, share: str, clause: str) -> Text:
    which_en, which_ru = ("first", "первая") if first else ("second", "вторая")
    return Text(
        f"{which_en} checkpoint: really played {played} of {due} games, fewer than {share} "
        f"(updown-league-2007 {clause}); removed, §10.4 applies",
        f"{which_ru} контрольная точка: реально сыграно {played} из {due} партий, меньше {share} "
        f"(updown-league-2007 {clause}); снят с турнира, применяется §10.4",
    )
