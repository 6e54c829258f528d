"""The rulesets a competition may be created with, as an organizer chooses one (ListRulesets; docs/rules.md
``draw.competition.ruleset-defaults``): what each runs, one line about it in English and Russian, the
defaults that rounds and table size 0 take in CreateCompetition, the stages it plays, the regulation's
edition.

The defaults are read from :data:`league.domain.model.RULESETS`, the table CreateCompetition applies, so
the catalogue cannot say otherwise. Pure: no I/O.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from league.domain.model import CUP_RULESET, DEFAULT_RULESET, RULESETS, UPDOWN_RULESET


class RulesetKind(enum.Enum):
    MAHJONG_LEAGUE = "mahjong league"
    CUP = "cup"
    UPDOWN = "updown"


@dataclass(frozen=True)
class RulesetInfo:
    name: str
    kind: RulesetKind
    description: str
    description_ru: str
    default_rounds: int
    default_table_size: int
    stages: tuple[str, ...]
    stages_ru: tuple[str, ...]
    version: str
    default: bool


@dataclass(frozen=True)
class _Text:
    kind: RulesetKind
    description: str
    description_ru: str
    stages: tuple[str, ...]
    stages_ru: tuple[str, ...]
    version: str


_TEXTS: dict[str, _Text] = {
    DEFAULT_RULESET: _Text(
        RulesetKind.MAHJONG_LEAGUE,
        "Riichi mahjong league: matches of 3 hanchans at tables of 4, standings by points, then an 8-player playoff.",
        "Лига по риичи-маджонгу: матчи из 3 ханчанов за столами по 4, таблица по очкам, затем плей-офф на 8 игроков.",
        (
            "regular stage: the drawn rounds, tables of 4",
            "playoff round 1: the best 8 at two tables",
            "playoff round 2: upper and lower match",
            "playoff round 3: the lower bracket",
            "final: 4 players, 5 hanchans",
        ),
        (
            "регулярный этап: туры по жеребьёвке, столы по 4",
            "плей-офф, тур 1: лучшие 8 за двумя столами",
            "плей-офф, тур 2: верхний и нижний матч",
            "плей-офф, тур 3: нижняя сетка",
            "финал: 4 игрока, 5 ханчанов",
        ),
        "2026",
    ),
    CUP_RULESET: _Text(
        RulesetKind.CUP,
        "Open knockout cup, one vs one: seeded by rating, a drawn game is replayed, the loser is out.",
        "Открытый кубок на выбывание, один на один: посев по рейтингу, ничья переигрывается, проигравший выбывает.",
        ("knockout rounds: a bracket of up to 64, one vs one", "final and the match for 3rd place"),
        ("раунды на выбывание: сетка до 64 участников, один на один", "финал и матч за 3-е место"),
        "2023",
    ),
    UPDOWN_RULESET: _Text(
        RulesetKind.UPDOWN,
        "Up&Down league, one vs one: a double round robin, then the leaders and the outsiders play on apart.",
        "Лига «Вверх-вниз», один на один: двухкруговой турнир, затем лидеры и аутсайдеры играют отдельно.",
        ("stage 1: a double round robin (checkpoints on the way)", "stage 2: the split, leaders and outsiders groups"),
        ("этап 1: двухкруговой турнир (с контрольными точками)", "этап 2: разделение на группы лидеров и аутсайдеров"),
        "2007",
    ),
}


def catalogue() -> list[RulesetInfo]:
    """Every ruleset CreateCompetition accepts, by name, with the defaults it applies."""
    out = []
    for name in sorted(RULESETS):
        rounds, table_size = RULESETS[name]
        t = _TEXTS[name]
        out.append(
            RulesetInfo(
                name,
                t.kind,
                t.description,
                t.description_ru,
                rounds,
                table_size,
                t.stages,
                t.stages_ru,
                t.version,
                name == DEFAULT_RULESET,
            )
        )
    return out
