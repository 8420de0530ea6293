"""Preconstructed decks: shipped as content (``content/data/<game>/precons.yaml``, model
``precon_deck``), owned by no player, public, and checked by the same deck validator as any
deck. ``load_content`` reads the lists (:func:`precon_list_from_dict`) and, in its own
transaction, makes the decks follow them (:func:`precons_sync`): new keys are created, changed
lists write a new version, unchanged ones are left alone, and precons gone from the files are
deleted (kept, and named, while tournaments still point at one of their versions).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models.deletion import ProtectedError

from cardbase.models import Card
from decks.models import Deck, Visibility
from decks.selectors import deck_content, deck_draft
from decks.services import PreconNames, deck_create, deck_export_json, deck_update
from decks.values import DeckContent, EntryContent
from komandor.rules.deck_rules import validate_deck

PRECON_MODEL = "precon_deck"
_REQUIRED = ("key", "name_ru", "commander", "cards")
_OPTIONAL = ("name_en", "description_ru", "description_en", "setup_abilities")


@dataclass(frozen=True, slots=True)
class PreconList:
    """One precon as its data file writes it: cards by key."""

    key: str
    name_ru: str
    commander: str
    cards: tuple[tuple[str, int], ...]
    name_en: str = ""
    description_ru: str = ""
    description_en: str = ""
    setup_abilities: tuple[tuple[str, int], ...] = ()

    def card_keys(self) -> set[str]:
        return {self.commander, *(k for k, _ in self.cards), *(k for k, _ in self.setup_abilities)}


@dataclass
class PreconSync:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0
    kept: list[str] = field(default_factory=list)  # gone from the files, but tournaments used them
    problems: list[str] = field(default_factory=list)


def precon_list_from_dict(raw: Mapping[str, Any]) -> PreconList:
    """Read one ``precon_deck`` entry; raise ``ValueError`` naming every bad field."""
    problems: list[str] = []
    unknown = sorted(set(raw) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        problems.append(f"unknown fields {unknown}")
    missing = [name for name in _REQUIRED if not raw.get(name)]
    if missing:
        problems.append(f"missing {', '.join(missing)}")
    texts = {}
    for name in ("key", "name_ru", "commander", *_OPTIONAL[:3]):
        value = raw.get(name, "")
        if not isinstance(value, str):
            problems.append(f"{name}: must be text, not {value!r}")
            value = ""
        texts[name] = value.strip()
    cards = _counted(raw.get("cards"), "cards", problems)
    setup = _counted(raw.get("setup_abilities"), "setup_abilities", problems)
    if problems:
        raise ValueError("; ".join(problems))
    return PreconList(cards=cards, setup_abilities=setup, **texts)


def _counted(items: Any, name: str, problems: list[str]) -> tuple[tuple[str, int], ...]:
    if items is None:
        return ()
    if not isinstance(items, list):
        problems.append(f"{name}: must be a list of {{card: <key>, count: <n>}}")
        return ()
    found: list[tuple[str, int]] = []
    for position, item in enumerate(items, start=1):
        card = item.get("card") if isinstance(item, Mapping) else None
        count = item.get("count", 1) if isinstance(item, Mapping) else None
        if not isinstance(card, str) or not card:
            problems.append(f"{name} #{position}: needs a card key")
        elif isinstance(count, bool) or not isinstance(count, int) or count < 1:
            problems.append(f"{name} #{position} ({card}): count must be a whole number ≥ 1")
        else:
            found.append((card, count))
    return tuple(found)


def precon_content(precon: PreconList, *, cards_by_key: Mapping[str, int]) -> DeckContent:
    """The deck contents by card id; the same card listed twice adds up."""
    entries: Counter[int] = Counter()
    for key, count in precon.cards:
        entries[cards_by_key[key]] += count
    setup: Counter[int] = Counter()
    for key, count in precon.setup_abilities:
        setup[cards_by_key[key]] += count
    return DeckContent(
        commander_id=cards_by_key[precon.commander],
        entries=tuple(EntryContent(card_id=card_id, count=n) for card_id, n in entries.items()),
        setup_abilities=tuple(setup.items()),
    )


@dataclass(frozen=True, slots=True)
class PreconSource:
    """A precon list, the game whose cards its keys name, and the label problems cite."""

    label: str
    game_slug: str
    precon: PreconList


def precons_sync(
    *, precons: Sequence[PreconSource], among: Collection[int] | None = None
) -> PreconSync:
    """Make the precon decks follow ``precons``: the ones listed are created or updated, every
    other precon is deleted. Cards are found by key in each list's game, only ``among`` these
    card ids when given (the loader passes the cards its files hold, so a card gone from them
    is unknown). Every problem — an unknown card, an illegal deck — is collected in
    ``problems`` and nothing is written then; the caller's transaction decides the rest."""
    sync = PreconSync()
    cards = Card.all_objects.filter(
        game__slug__in={source.game_slug for source in precons},
        key__in=set().union(*(source.precon.card_keys() for source in precons)),
    )
    if among is not None:
        cards = cards.filter(pk__in=among)
    ids = {(slug, key): pk for slug, key, pk in cards.values_list("game__slug", "key", "id")}
    planned: list[tuple[PreconList, DeckContent]] = []
    for source in precons:
        precon, label = source.precon, source.label
        cards_by_key = {key: pk for (slug, key), pk in ids.items() if slug == source.game_slug}
        unknown = sorted(precon.card_keys() - cards_by_key.keys())
        if unknown:
            sync.problems.append(f"{label}: unknown card {', '.join(map(repr, unknown))}")
            continue
        content = precon_content(precon, cards_by_key=cards_by_key)
        report = validate_deck(deck_draft(content=content))
        if not report.is_valid:
            # Codes and parameters: the loader's report is for the content author, in English.
            reasons = "; ".join(
                f"{problem.code} {dict(problem.params)}" for problem in report.errors
            )
            sync.problems.append(f"{label}: not a legal deck: {reasons}")
            continue
        planned.append((precon, content))
    if sync.problems:
        return sync
    existing = {deck.precon_key: deck for deck in Deck.objects.filter(is_preconstructed=True)}
    for precon, content in planned:
        deck = existing.pop(precon.key, None)
        if deck is None:
            _precon_create(precon, content)
            sync.created += 1
        elif _precon_changed(deck, precon, content):
            deck_update(
                deck=deck,
                content=content,
                name=precon.name_ru,
                description=precon.description_ru,
                visibility=Visibility.PUBLIC,
                precon=_names(precon),
            )
            sync.updated += 1
        else:
            sync.unchanged += 1
    for deck in existing.values():
        try:
            with transaction.atomic():
                deck.delete()
        except ProtectedError:
            sync.kept.append(
                f"precon «{deck.name}» ({deck.precon_key}) is gone from the files but "
                "tournaments played it, so it is kept."
            )
        else:
            sync.deleted += 1
    return sync


def _names(precon: PreconList) -> PreconNames:
    return PreconNames(precon.key, precon.name_en, precon.description_en)


def _precon_create(precon: PreconList, content: DeckContent) -> Deck:
    return deck_create(
        owner=None,
        name=precon.name_ru,
        description=precon.description_ru,
        visibility=Visibility.PUBLIC,
        content=content,
        precon=_names(precon),
    )


def _precon_changed(deck: Deck, precon: PreconList, content: DeckContent) -> bool:
    return (deck.name, deck.description, deck.name_en, deck.description_en, deck.visibility) != (
        precon.name_ru,
        precon.description_ru,
        precon.name_en,
        precon.description_en,
        Visibility.PUBLIC,
    ) or _normalised(deck_content(deck=deck)) != _normalised(content)


def _normalised(content: DeckContent) -> tuple:
    return (
        content.commander_id,
        sorted((e.card_id, e.count, e.own_name) for e in content.entries),
        sorted(content.setup_abilities),
    )


def precon_files() -> dict[str, dict[str, Any]]:
    """Every precon's deck file (``decks.deck_file``) by file name, ``<precon key>.json``: what
    ``manage.py export_precons`` writes to ``content/precons/`` for the engine's CLI."""
    return {
        f"{deck.precon_key}.json": deck_export_json(deck=deck)
        for deck in Deck.objects.filter(is_preconstructed=True).order_by("precon_key")
    }


def deck_file_text(data: dict[str, Any]) -> str:
    """A deck file as written to disk: stable, readable, Cyrillic as is."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
