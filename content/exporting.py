"""The catalogue written back in the ``content/data`` format, so that admin → export →
``load_content`` changes nothing: every row goes to the data file it came from
(``content_file``), rows made in the admin to ``<game>/admin-<model>.yaml``; each entry holds
the fields the loader reads, leaving out empty ones and what the loader derives itself.
Retired cards are not exported (they are gone from the files by definition)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import yaml
from django.db import models

from cardbase.models import Card, Game
from content.loader import GAME_FIELDS, LOAD_ORDER, MODELS, field_names
from decks.models import Deck
from decks.precons import PRECON_MODEL

SKIPPED = frozenset({"content_file", "retired"})


def _entry(row: models.Model, kind: str) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    for name in sorted(field_names(type(row)), key=_field_order(type(row))):
        if name in SKIPPED:
            continue
        value = getattr(row, name)
        if name == "release":
            value = value.code if value is not None else None
        if value in (None, "", {}, []):
            continue
        entry[name] = value
    return entry


def _field_order(model: type[models.Model]):
    order = {f.name: i for i, f in enumerate(model._meta.concrete_fields)}
    return lambda name: order.get(name, len(order))


def _dump(document: Any) -> str:
    return yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=100)


def catalogue_files(*, game: Game | None = None) -> dict[str, str]:
    """``{"games.yaml": …, "komandor/ships.yaml": …}`` for one game or all."""
    games = [game] if game is not None else list(Game.objects.all())
    files: dict[str, str] = {
        "games.yaml": _dump(
            [{name: getattr(g, name) for name in sorted(GAME_FIELDS)} for g in games]
        )
    }
    for kind in LOAD_ORDER:
        model = MODELS[kind]
        rows = model._default_manager.filter(game__in=games).select_related("game")
        if model is Card:
            rows = rows.filter(retired=False).select_related("release")
        by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for row in rows.order_by("pk"):
            name = row.content_file or f"{row.game.slug}/admin-{kind}.yaml"
            by_file[name].append(_entry(row, kind))
        for name, entries in by_file.items():
            files[name] = _dump({"model": kind, "entries": entries})
    files.update(_precon_files(games))
    return files


def _precon_files(games: list[Game]) -> dict[str, str]:
    """The precons in the ``precons.yaml`` form (``decks.precons``), so that an export loads
    back with its precons instead of deleting them."""
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    decks = (
        Deck.objects.filter(is_preconstructed=True, commander__game__in=games)
        .select_related("commander__game")
        .prefetch_related("entries__card", "setup_abilities__card")
        .order_by("pk")
    )
    for deck in decks:
        assert deck.commander is not None  # the filter above reads the commander's game
        entry: dict[str, Any] = {
            "key": deck.precon_key,
            "name_ru": deck.name,
            "name_en": deck.name_en,
            "description_ru": deck.description,
            "description_en": deck.description_en,
            "commander": deck.commander.key,
            "setup_abilities": [
                {"card": item.card.key, "count": item.count} for item in deck.setup_abilities.all()
            ],
            "cards": [{"card": item.card.key, "count": item.count} for item in deck.entries.all()],
        }
        by_game[deck.commander.game.slug].append(
            {name: value for name, value in entry.items() if value not in ("", [])}
        )
    return {
        f"{slug}/precons.yaml": _dump({"model": PRECON_MODEL, "entries": entries})
        for slug, entries in by_game.items()
    }
