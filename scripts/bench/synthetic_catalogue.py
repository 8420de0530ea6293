"""A synthetic Komandor catalogue for benchmarks: any number of cards, deterministic per seed.

Not game content: every card is marked as this project's own (``origin: project``) in a release
of its own (``SYNTH``), cites no rule book and says it is synthetic benchmark data. The cards
look like a real catalogue grown to tens of thousands of printings: every card kind in the
proportions of the starter set, Russian and English names («Линкор класса «Химера-3»»), stats
written in the book's notation (``"7(4)"``, ``"В3"``, ``"2/4"``, ``"3-5"``) and read by the same
card checker every write path uses, weapons and properties on ships and stations, and the
starter set's effects on the cards that act through effects.

    from synthetic_catalogue import synthetic_card_fields, synthetic_catalogue_load
    synthetic_catalogue_load(count=50_000, seed=12)   # inside a configured Django process

Loading is fast: rows are checked in Python and written with ``bulk_create`` in batches, with
``search_text`` derived by ``search_text_of`` as ``Card.save`` derives it (PostgreSQL computes
the stored ``search_vector`` itself).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
STARTER_DIR = ROOT / "content" / "data" / "komandor" / "starter"
RELEASE_CODE = "SYNTH"
KEY_PREFIX = "synth-"
SOURCE_NOTE = "synthetic benchmark data (scripts/bench/synthetic_catalogue.py), not game content"

# Share of each kind, close to the starter set's (ships are most of any Komandor catalogue).
KIND_WEIGHTS = {
    "ship": 40,
    "space_object": 8,
    "ground_unit": 7,
    "military_building": 7,
    "civil_building": 7,
    "tactical": 12,
    "situation": 6,
    "upgrade": 7,
    "commander": 2,
    "ability": 4,
}
RARITY_WEIGHTS = {"common": 55, "rare": 30, "very_rare": 12, "unique": 3}

PROPER_NAMES = (
    ("Химера", "Chimera"), ("Гидра", "Hydra"), ("Фурия", "Fury"), ("Цербер", "Cerberus"),
    ("Пегас", "Pegasus"), ("Феникс", "Phoenix"), ("Горгона", "Gorgon"), ("Минотавр", "Minotaur"),
    ("Титан", "Titan"), ("Орион", "Orion"), ("Вега", "Vega"), ("Альтаир", "Altair"),
    ("Сириус", "Sirius"), ("Антарес", "Antares"), ("Кассиопея", "Cassiopeia"),
    ("Андромеда", "Andromeda"), ("Ворон", "Raven"), ("Сокол", "Falcon"), ("Ястреб", "Hawk"),
    ("Беркут", "Golden Eagle"), ("Кондор", "Condor"), ("Буря", "Storm"), ("Гроза", "Tempest"),
    ("Молния", "Lightning"), ("Вихрь", "Whirlwind"), ("Тайфун", "Typhoon"), ("Смерч", "Twister"),
    ("Рубин", "Ruby"), ("Изумруд", "Emerald"), ("Сапфир", "Sapphire"), ("Алмаз", "Diamond"),
    ("Гранит", "Granite"), ("Кремень", "Flint"), ("Стрела", "Arrow"), ("Копьё", "Spear"),
    ("Клинок", "Blade"), ("Ёж", "Hedgehog"), ("Скорпион", "Scorpion"), ("Кобра", "Cobra"),
    ("Барс", "Snow Leopard"), ("Рысь", "Lynx"), ("Волк", "Wolf"), ("Медведь", "Bear"),
    ("Тур", "Aurochs"), ("Бизон", "Bison"), ("Аврора", "Aurora"), ("Заря", "Dawn"),
    ("Полярис", "Polaris"), ("Капелла", "Capella"), ("Денеб", "Deneb"), ("Ригель", "Rigel"),
    ("Бетельгейзе", "Betelgeuse"), ("Процион", "Procyon"), ("Мира", "Mira"), ("Тесей", "Theseus"),
    ("Ахиллес", "Achilles"), ("Гектор", "Hector"), ("Аякс", "Ajax"), ("Одиссей", "Odysseus"),
    ("Персей", "Perseus"),
)  # fmt: skip

# Per kind, the noun phrases a name is built from: (Russian, English).
NOUNS: dict[str, tuple[tuple[str, str], ...]] = {
    "ship": (
        ("Линкор класса", "Battleship class"), ("Крейсер", "Cruiser"),
        ("Тяжёлый крейсер", "Heavy Cruiser"), ("Фрегат", "Frigate"), ("Эсминец", "Destroyer"),
        ("Корвет", "Corvette"), ("Авианосец", "Carrier"), ("Рейдер", "Raider"),
        ("Штурмовик", "Assault Ship"), ("Перехватчик", "Interceptor"), ("Разведчик", "Scout"),
        ("Транспорт", "Transport"), ("Монитор", "Monitor"), ("Дредноут", "Dreadnought"),
        ("Канонерка", "Gunboat"), ("Абордажник", "Boarder"),
    ),
    "space_object": (
        ("Планета", "Planet"), ("Станция", "Station"), ("Астероид", "Asteroid"),
        ("Колония", "Colony"), ("Крепость", "Fortress"),
    ),
    "ground_unit": (
        ("Десантный полк", "Landing Regiment"), ("Ополчение", "Militia"),
        ("Гвардия", "Guard"), ("Бронеколонна", "Armoured Column"),
    ),
    "military_building": (
        ("Батарея", "Battery"), ("Бастион", "Bastion"), ("Ракетная башня", "Missile Tower"),
        ("Орбитальный форт", "Orbital Fort"),
    ),
    "civil_building": (
        ("Верфь", "Shipyard"), ("Шахта", "Mine"), ("Биржа", "Exchange"),
        ("Космопорт", "Spaceport"), ("Лаборатория", "Laboratory"),
    ),
    "tactical": (
        ("Манёвр", "Manoeuvre"), ("Приказ", "Order"), ("Засада", "Ambush"),
        ("Прорыв", "Breakthrough"), ("Залп", "Volley"),
    ),
    "situation": (("Кризис", "Crisis"), ("Блокада", "Blockade"), ("Мятеж", "Mutiny")),
    "upgrade": (
        ("Модуль", "Module"), ("Усиление", "Reinforcement"), ("Доработка", "Refit"),
    ),
    "commander": (("Адмирал", "Admiral"), ("Командор", "Commodore"), ("Маршал", "Marshal")),
    "ability": (("Доктрина", "Doctrine"), ("Школа", "School"), ("Традиция", "Tradition")),
}  # fmt: skip

SHIP_CLASSES = ("линкор", "крейсер", "фрегат", "эсминец", "корвет", "рейдер", "штурмовик")
SIZES = {  # size: (cost, strength, speed, shield power) ranges
    "ЛК": ((1, 3), (2, 5), (9, 12), (1, 2)),
    "СК": ((3, 6), (5, 9), (6, 9), (1, 4)),
    "ТК": ((6, 10), (9, 16), (3, 6), (3, 6)),
}


def _starter_templates() -> dict[str, list[dict[str, Any]]]:
    """The starter set's cards by kind, as written in its files (the book's notation)."""
    templates: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(STARTER_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("model") != "card":
            continue
        defaults = data.get("defaults") or {}
        for entry in data.get("entries") or []:
            row = {**defaults, **entry}
            templates.setdefault(row["card_type"], []).append(row)
    return templates


def _ship_attributes(rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A ship's cost and stats in the book's notation, scaled to its size class."""
    size = rng.choices(("ЛК", "СК", "ТК"), weights=(4, 4, 2))[0]
    cost_range, strength_range, speed_range, shield_range = SIZES[size]
    strength = rng.randint(*strength_range)
    shield = f"{rng.choice('АВС')}{rng.randint(*shield_range)}"
    attributes: dict[str, Any] = {
        "size": size,
        "ship_class": rng.choice(SHIP_CLASSES),
        "strength": f"{strength}({max(1, strength * rng.randint(4, 7) // 10)})",
        "shield": shield,
        "speed": rng.randint(*speed_range),
        "crew": f"{rng.choice('НВЭ')}{rng.randint(1, 6)}",
    }
    if rng.random() < 0.5:
        attributes["armor"] = rng.randint(1, 4)
    attributes["weapons"] = _weapons(rng, heavy=size == "ТК")
    if size == "ЛК" and rng.random() < 0.2:
        attributes["properties"] = {"evasive_manoeuvre": {}}
    elif rng.random() < 0.08:
        attributes["properties"] = {rng.choice(("escort", "smuggling_run")): {}}
    return rng.randint(*cost_range), attributes


def _weapons(rng: random.Random, *, heavy: bool) -> dict[str, Any]:
    writers = {
        "plasma": lambda: rng.randint(3, 9),
        "turbolaser": lambda: rng.randint(5, 9),
        "maser": lambda: rng.randint(4, 9),  # takes the ship's shield type (WPN-MASER-2)
        "lasers": lambda: f"{rng.randint(1, 3)}/{rng.randint(2, 5)}",
        "missiles": lambda: {
            rng.choice(("long", "medium", "short")): f"{rng.randint(2, 4)}-{rng.randint(2, 5)}"
        },
        "torpedoes": lambda: f"{rng.randint(1, 4)}-{rng.randint(4, 8)}",
        "nova": lambda: rng.randint(4, 7),
        "bombs": lambda: rng.randint(3, 7),
        "boarding": lambda: rng.randint(3, 7),
        "landing": lambda: rng.randint(3, 6),
    }
    weights = (30, 10 if heavy else 3, 12, 15, 12, 8, 3 if heavy else 1, 4, 5, 4)
    names = set(rng.choices(list(writers), weights=weights, k=rng.randint(1, 3)))
    return {name: writers[name]() for name in writers if name in names}


def _station_attributes(rng: random.Random) -> dict[str, Any]:
    strength = rng.randint(8, 16)
    return {
        "object_type": "station",
        "strength": strength,
        "shield": f"{rng.choice('АВС')}{rng.randint(2, 5)}",
        "armor": rng.randint(1, 4),
        "crew": f"{rng.choice('ВЭ')}{rng.randint(3, 6)}",
        "weapons": _weapons(rng, heavy=True),
    }


def _from_template(rng: random.Random, template: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A template card's cost (moved by at most one) and a copy of its attributes."""
    cost = template.get("cost")
    if isinstance(cost, int):
        cost = max(0 if cost == 0 else 1, cost + rng.randint(-1, 1))
    return cost, copy.deepcopy(template.get("attributes") or {})


def synthetic_card_fields(*, count: int, seed: int) -> Iterator[dict[str, Any]]:
    """``count`` cards as field dicts (``key``, names, ``card_type``, ``rarity``, ``cost``,
    ``collector_number``, ``attributes`` in the book's notation). Same seed, same cards."""
    rng = random.Random(seed)
    templates = _starter_templates()
    kinds = list(KIND_WEIGHTS)
    used: dict[tuple[str, str], int] = {}
    for number in range(1, count + 1):
        kind = rng.choices(kinds, weights=list(KIND_WEIGHTS.values()))[0]
        if kind == "ship":
            cost, attributes = _ship_attributes(rng)
        elif kind == "space_object" and rng.random() < 0.3:
            cost, attributes = rng.randint(6, 11), _station_attributes(rng)
        else:
            cost, attributes = _from_template(rng, rng.choice(templates[kind]))
        noun_ru, noun_en = rng.choice(NOUNS[kind])
        proper_ru, proper_en = rng.choice(PROPER_NAMES)
        series = used[(noun_ru, proper_ru)] = used.get((noun_ru, proper_ru), 0) + 1
        suffix = "" if series == 1 else f"-{series}"
        rarity = "unique" if kind == "commander" else None
        yield {
            "key": f"{KEY_PREFIX}{number:06d}",
            "name_ru": f"{noun_ru} «{proper_ru}{suffix}»",
            "name_en": f"{noun_en} {proper_en}{suffix}",
            "card_type": kind,
            "rarity": rarity or rng.choices(list(RARITY_WEIGHTS), list(RARITY_WEIGHTS.values()))[0],
            "cost": cost,
            "collector_number": f"{number:06d}",
            "attributes": attributes,
        }


def synthetic_catalogue_load(*, count: int, seed: int = 12, batch_size: int = 2000) -> int:
    """Add synthetic Komandor cards until the catalogue holds ``count`` of them; returns how
    many were written. Needs a configured Django (call inside ``manage.py shell`` or after
    ``django.setup()``); the Komandor game row must exist (``load_content``)."""
    from django.db import transaction

    from cardbase.models import Card, Game, Origin, Release, search_text_of
    from cardbase.services.card_rules import card_attributes_clean

    game = Game.objects.get(slug="komandor")
    release, _created = Release.objects.get_or_create(
        game=game,
        code=RELEASE_CODE,
        defaults={
            "name_ru": "Синтетический каталог (данные бенчмарка)",
            "name_en": "Synthetic catalogue (benchmark data)",
            "origin": Origin.PROJECT,
            "source_section": SOURCE_NOTE,
        },
    )
    have = Card.all_objects.filter(game=game, key__startswith=KEY_PREFIX).count()
    written = 0
    batch: list[Card] = []
    for fields in synthetic_card_fields(count=count, seed=seed):
        if int(fields["key"].removeprefix(KEY_PREFIX)) <= have:
            continue
        fields["attributes"] = card_attributes_clean(game_slug=game.slug, fields=fields)
        card = Card(
            game=game,
            release=release,
            origin=Origin.PROJECT,
            source_section=SOURCE_NOTE,
            **fields,
        )
        card.search_text = search_text_of(card)  # bulk_create skips save(), which derives it
        batch.append(card)
        if len(batch) >= batch_size:
            with transaction.atomic():
                Card.objects.bulk_create(batch)
            written += len(batch)
            batch = []
    if batch:
        with transaction.atomic():
            Card.objects.bulk_create(batch)
        written += len(batch)
    return written
