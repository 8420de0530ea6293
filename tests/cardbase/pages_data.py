"""A small catalogue for the page tests: two games, cards with and without Komandor stats,
a race, a component, a release and a stated count. Nothing here depends on shipped content."""

from dataclasses import dataclass

from cardbase.models import Card, Component, ComponentKind, Game, Race, Release, StatedCount
from tests.factories import CardFactory, GameFactory, ReleaseFactory

# The contract's example ship (CARD_SCHEMA_CONTRACT.md), in the canonical stored form.
CHIMERA_ATTRIBUTES = {
    "kind": "ship",
    "name": "Линкор класса «Химера»",
    "cost": 10,
    "size": "TK",
    "ship_class": "линкор",
    "strength": 12,
    "critical": 8,
    "shield": {"type": "B", "power": 4},
    "armor": 6,
    "speed": 3,
    "weapons": {
        "plasma": {"power": 10},
        "lasers": {"targets": 2, "power": 4},
        "missiles": {"long": {"count": 4, "power": 4}},
    },
    "crew": {"level": "V", "size": 3},
}
SCOUT_ATTRIBUTES = {
    "kind": "ship",
    "name": "Разведчик",
    "cost": 2,
    "size": "LK",
    "ship_class": "истребитель",
    "strength": 2,
    "critical": 1,
    "armor": 0,
    "speed": 6,
    "weapons": {"lasers": {"targets": 1, "power": 1}},
    "crew": {"level": "N", "size": 1},
}


@dataclass
class Catalogue:
    komandor: Game
    orion: Game
    release: Release
    chimera: Card
    scout: Card
    commander: Card
    orion_card: Card
    race: Race
    weapon: Component
    stated: StatedCount


def make_catalogue() -> Catalogue:
    komandor = GameFactory(
        slug="komandor", name_ru="Путь Командора", name_en="Komandor", sort_order=1
    )
    orion = GameFactory(
        slug="master-of-orion",
        name_ru="Master of Orion. Карточная игра",
        name_en="Master of Orion",
        sort_order=2,
    )
    release = ReleaseFactory(game=komandor, code="base", name_ru="Базовый выпуск")
    chimera = CardFactory(
        game=komandor,
        key="chimera",
        name_ru="Линкор класса «Химера»",
        card_type="ship",
        rarity="rare",
        cost=10,
        release=release,
        collector_number="12",
        attributes=CHIMERA_ATTRIBUTES,
        source_book="komandor.ru.txt",
        source_section="Виды карт — Корабли",
        source_quote="Карты кораблей вводятся в игру в фазу производства.",
    )
    scout = CardFactory(
        game=komandor,
        key="scout",
        name_ru="Разведчик",
        card_type="ship",
        rarity="common",
        cost=2,
        attributes=SCOUT_ATTRIBUTES,
    )
    commander = CardFactory(
        game=komandor,
        key="pirate",
        name_ru="Пират",
        card_type="commander",
        cost=None,
        attributes={"kind": "commander", "name": "Пират", "victory": "pirate"},
    )
    orion_card = CardFactory(
        game=orion,
        key="space-port",
        name_ru="Космопорт",
        name_en="Spaceport",
        card_type="building",
        cost=4,
        attributes={"colour": "blue", "symbols": ["science", "industry"]},
        text="Постройка для колонии.",
    )
    race = Race.objects.create(
        game=orion,
        key="humans",
        name_ru="Люди",
        name_en="Humans",
        text="Раса дипломатов.",
        source_book="master-of-orion.ru.txt",
        source_section="Расы",
    )
    weapon = Component.objects.create(
        game=komandor,
        kind=ComponentKind.WEAPON,
        key="plasma",
        name_ru="Плазменные орудия",
        text="Мощный залп.",
        attributes={"abbreviation": "ПО"},
        source_book="komandor.ru.txt",
        source_section="Вооружение",
        source_quote="ПО",
    )
    stated = StatedCount.objects.create(
        game=komandor,
        key="ships",
        label_ru="Карты кораблей",
        label_en="Ship cards",
        count=5,
        counts={"model": "card", "filter": {"card_type": "ship"}},
        source_book="komandor.ru.txt",
        source_section="Состав игры",
    )
    return Catalogue(
        komandor=komandor,
        orion=orion,
        release=release,
        chimera=chimera,
        scout=scout,
        commander=commander,
        orion_card=orion_card,
        race=race,
        weapon=weapon,
        stated=stated,
    )
