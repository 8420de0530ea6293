"""Changes to decks. Every saved change writes an immutable :class:`DeckVersion`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max, ProtectedError
from django.utils import translation
from django.utils.translation import pgettext

from cardbase.models import Card
from cardbase.selectors import catalogue_version
from decks.card_specs import card_specs_of
from decks.comparison import snapshot_content
from decks.deck_file import deck_file_as_names, deck_file_of, is_deck_file
from decks.importing import (
    CatalogueIndex,
    content_to_parsed,
    parse_deck_json,
    parsed_to_json,
    resolve_parsed_deck,
)
from decks.models import (
    Deck,
    DeckEntry,
    DeckSetupAbility,
    DeckTag,
    DeckVersion,
    Visibility,
    new_share_token,
)
from decks.selectors import catalogue_index, deck_check, deck_content, deck_draft
from decks.text_format import parse_deck_text, render_deck_text
from decks.values import MAX_TAGS, TAG_MAX_LENGTH, DeckContent
from komandor.rules.deck_rules import validate_deck
from komandor.rules.names import fold_text


def deck_create(
    *,
    owner,
    name: str,
    content: DeckContent,
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    precon: PreconNames | None = None,
    name_en: str = "",
    tags: Iterable[str] = (),
    lab_copy: bool = False,
) -> Deck:
    """Create a deck; raises ``UnknownCards`` (nothing saved) if a card id is not in the
    catalogue. An illegal deck is saved as a draft; its version records ``is_valid=False``.
    ``precon`` makes it a preconstructed deck (``owner`` None); ``name_en`` is the English of
    a name the site made (a copy's), shown to English readers until the deck is renamed;
    ``tags`` file it; ``lab_copy`` marks a deck the lab made to test a change (``Deck``)."""
    draft = deck_draft(content=content)
    english = precon or PreconNames(key="", name_en=name_en)
    with transaction.atomic():
        deck = Deck.objects.create(
            owner=owner,
            name=name,
            description=description,
            visibility=visibility,
            commander_id=content.commander_id,
            is_preconstructed=precon is not None,
            precon_key=english.key,
            name_en=english.name_en,
            description_en=english.description_en,
            search_text=deck_search_text(name=name, description=description, extra=english),
            lab_copy=lab_copy,
        )
        _write_content(deck=deck, content=content)
        _version_create(deck=deck, content=content, is_valid=validate_deck(draft).is_valid)
        _tags_write(deck=deck, tags=tags_clean(tags))
    return deck


class DeckGone(LookupError):
    """The deck was deleted (by a request that got there first)."""


class DeckInUse(Exception):
    """The deck's versions were played in matches or tournaments, which keep them."""


ContentChange = Callable[[DeckContent], DeckContent | None]


def deck_update(
    *,
    deck: Deck,
    content: DeckContent | None = None,
    content_change: ContentChange | None = None,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    precon: PreconNames | None = None,
    tags: Iterable[str] | None = None,
) -> Deck:
    """Change what is given; the contents, when given, replace the old ones entirely (and
    ``tags``, when given, the old tags).
    ``content_change`` makes the new contents from the current ones (a PATCH of some parts)
    or returns None to keep them. ``precon`` (a precon's English name and description)
    replaces those too.

    The deck's row is locked before anything of it is read, so concurrent changes apply one
    after the other and none is lost; raises :class:`DeckGone` when the deck was deleted and
    ``UnknownCards`` (nothing saved) for a card id not in the catalogue."""
    with transaction.atomic():
        locked = Deck.objects.select_for_update().filter(pk=deck.pk).first()
        if locked is None:
            raise DeckGone(deck.pk)
        if content_change is not None:
            content = content_change(deck_content(deck=locked))
        current = deck_content(deck=locked) if content is None else content
        draft = deck_draft(content=current)
        if name is not None and name not in (locked.name, locked.name_en):
            locked.name = name
            if not locked.is_preconstructed:
                locked.name_en = ""  # a made name's English no longer says the new one
        if description is not None:
            locked.description = description
        if visibility is not None:
            if visibility == Visibility.PRIVATE != locked.visibility:
                # A link handed out before must not open the deck again once it is shared
                # again: going private retires the link.
                locked.share_token = new_share_token()
            locked.visibility = visibility
        if precon is not None:
            locked.name_en, locked.description_en = precon.name_en, precon.description_en
        locked.search_text = deck_search_text(
            name=locked.name,
            description=locked.description,
            extra=PreconNames(locked.precon_key, locked.name_en, locked.description_en),
        )
        locked.commander_id = current.commander_id
        locked.save()
        if content is not None:
            _write_content(deck=locked, content=content)
        _version_create(deck=locked, content=current, is_valid=validate_deck(draft).is_valid)
        if tags is not None:
            _tags_write(deck=locked, tags=tags_clean(tags))
    deck.refresh_from_db()
    return deck


@dataclass(frozen=True, slots=True)
class PreconNames:
    """What a precon has beside a player's deck: its key and its English name and text."""

    key: str
    name_en: str = ""
    description_en: str = ""


def deck_search_text(*, name: str, description: str, extra: PreconNames | None = None) -> str:
    english = f" {extra.name_en} {extra.description_en}" if extra else ""
    return fold_text(f"{name} {description}{english}")


def deck_delete(*, deck: Deck) -> None:
    """Delete the deck, under its row lock (so a change running at the same time either
    finishes first or finds the deck gone); raises :class:`DeckGone` if it already is and
    :class:`DeckInUse` if matches keep its versions."""
    with transaction.atomic():
        locked = Deck.objects.select_for_update().filter(pk=deck.pk).first()
        if locked is None:
            raise DeckGone(deck.pk)
        try:
            with transaction.atomic():
                locked.delete()
        except ProtectedError as error:
            raise DeckInUse(deck.pk) from error


def deck_import(
    *,
    owner,
    name: str,
    source: str | dict[str, Any],
    description: str = "",
    visibility: str = Visibility.PRIVATE,
) -> Deck:
    """Create a deck from the text format or the JSON export. Raises ``DeckTextError`` with
    every bad line before anything is written."""
    content = content_from_source(source=source)
    return deck_create(
        owner=owner, name=name, content=content, description=description, visibility=visibility
    )


def content_from_source(*, source: str | dict[str, Any]) -> DeckContent:
    return _resolved_source(source)[0]


def deck_check_source(*, source: str | dict[str, Any]) -> dict:
    """``deck_check`` of a deck in the text format or the JSON export. The facts come from the
    same catalogue index the names were resolved with, so nothing is read twice."""
    content, index = _resolved_source(source)
    printings = {card_id: index.printing_of(card_id) for card_id in content.card_ids()}
    facts = {card_id: found.card for card_id, found in printings.items() if found is not None}
    return deck_check(content=content, facts=facts)


def _resolved_source(source: str | dict[str, Any]) -> tuple[DeckContent, CatalogueIndex]:
    if isinstance(source, str):
        parsed = parse_deck_text(source)
    else:
        if isinstance(source, Mapping) and is_deck_file(source):
            source = deck_file_as_names(source)
        parsed = parse_deck_json(source)
    index = catalogue_index()
    return resolve_parsed_deck(parsed, index=index), index


def copy_name(name: str, *, language: str) -> str:
    """«<name> (копия)» in ``language``, within the name's length."""
    with translation.override(language):
        suffix = pgettext("deck copy", " (copy)")
    room = (Deck._meta.get_field("name").max_length or 0) - len(suffix)
    return f"{name[:room]}{suffix}"


def deck_clone(*, deck: Deck, owner) -> Deck:
    """A copy of ``deck`` for ``owner``, named in both languages (each reader sees his)."""
    return deck_create(
        owner=owner,
        name=copy_name(deck.name, language="ru"),
        name_en=copy_name(deck.localised_name("en"), language="en"),
        description=deck.description,
        content=deck_content(deck=deck),
    )


def deck_export_text(*, deck: Deck, english: bool = False) -> str:
    """The deck in the text format; ``english`` writes its keywords as Commander/Ability."""
    content = deck_content(deck=deck)
    parsed = content_to_parsed(content, index=catalogue_index(card_ids=content.card_ids()))
    title = deck.localised_name("en" if english else "ru")
    return render_deck_text(parsed, title=title, english=english)


def deck_export_json(*, deck: Deck) -> dict[str, Any]:
    """The deck file (``decks.deck_file``): what ``python -m komandor.play`` plays, with
    every card's spec as the catalogue holds it now, and what the import reads back."""
    content = deck_content(deck=deck)
    ids = content.card_ids()
    return deck_file_of(
        content,
        index=catalogue_index(card_ids=ids),
        specs=card_specs_of(Card.all_objects.filter(pk__in=ids)),
        name=deck.name,
        description=deck.description,
    )


def version_export_text(*, version: DeckVersion) -> str:
    """One saved version in the text format, titled with the deck's name and its number."""
    content = snapshot_content(version.snapshot)
    parsed = content_to_parsed(content, index=catalogue_index(card_ids=content.card_ids()))
    return render_deck_text(parsed, title=f"{version.deck.name} v{version.number}")


def version_export_json(*, version: DeckVersion) -> dict[str, Any]:
    """One saved version's deck file, each card's spec as it was saved (a version older than
    kept specs gets the catalogue's now): it plays as that version did, and imports back."""
    content = snapshot_content(version.snapshot)
    ids = content.card_ids()
    specs = {**card_specs_of(Card.all_objects.filter(pk__in=ids)), **version.card_specs}
    return deck_file_of(
        content,
        index=catalogue_index(card_ids=ids),
        specs=specs,
        name=version.deck.name,
        description=version.deck.description,
    )


def _write_content(*, deck: Deck, content: DeckContent) -> None:
    deck.entries.all().delete()
    deck.setup_abilities.all().delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card_id=e.card_id, count=e.count, own_name=e.own_name)
        for e in content.entries
    )
    DeckSetupAbility.objects.bulk_create(
        DeckSetupAbility(deck=deck, card_id=card_id, count=count)
        for card_id, count in content.setup_abilities
    )


def _version_create(*, deck: Deck, content: DeckContent, is_valid: bool) -> DeckVersion:
    latest = deck.versions.aggregate(latest=Max("number"))["latest"] or 0
    index = catalogue_index(card_ids=content.card_ids())
    snapshot = parsed_to_json(content_to_parsed(content, index=index), name=deck.name)
    # Card ids beside the names: a match replays the exact rows even if a name is edited later.
    if snapshot["commander"] is not None:
        snapshot["commander"]["card_id"] = content.commander_id
    for item, entry in zip(snapshot["entries"], content.entries, strict=True):
        item["card_id"] = entry.card_id
    for item, (card_id, _) in zip(
        snapshot["setup_abilities"], content.setup_abilities, strict=True
    ):
        item["card_id"] = card_id
    return DeckVersion.objects.create(
        deck=deck,
        number=latest + 1,
        visibility=deck.visibility,
        snapshot=snapshot,
        card_specs=card_specs_of(Card.objects.filter(pk__in=content.card_ids())),
        catalogue_version=catalogue_version() or "",
        is_valid=is_valid,
        card_count=sum(entry.count for entry in content.entries),
    )


def deck_version_restore(*, deck: Deck, number: int) -> DeckVersion:
    """Make version ``number``'s cards the deck's again, saved as a new version (the versions
    between stay). Raises ``DeckVersion.DoesNotExist`` for no such version and
    ``UnknownCards`` (nothing saved) when one of its cards has left the catalogue."""
    version = deck.versions.get(number=number)
    deck_update(deck=deck, content=snapshot_content(version.snapshot))
    return deck.versions.latest("number")


def deck_tags_set(*, deck: Deck, text: str) -> list[str]:
    """Replace the deck's tags with the comma-separated words of ``text`` (folded to lower
    case, at most ``MAX_TAGS``, each cut to ``TAG_MAX_LENGTH``); returns them."""
    tags = tags_from_text(text)
    with transaction.atomic():
        _tags_write(deck=deck, tags=tags)
    return tags


def tags_from_text(text: str) -> list[str]:
    return tags_clean(text.split(","))


def tags_clean(words: Iterable[str]) -> list[str]:
    """Tags as kept: lower case, single spaces, each cut to ``TAG_MAX_LENGTH``, no repeats,
    at most ``MAX_TAGS``."""
    cleaned = (" ".join(word.split()).lower()[:TAG_MAX_LENGTH] for word in words)
    return list(dict.fromkeys(word for word in cleaned if word))[:MAX_TAGS]


def _tags_write(*, deck: Deck, tags: list[str]) -> None:
    deck.tags.exclude(name__in=tags).delete()
    have = set(deck.tags.values_list("name", flat=True))
    DeckTag.objects.bulk_create(DeckTag(deck=deck, name=tag) for tag in tags if tag not in have)
