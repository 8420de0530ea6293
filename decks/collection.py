"""A player's collection: how many copies of each card they own, read and written.

The collection travels as the deck text format (``4 Name [R1 #12]`` lines; a «Командор:» line
counts one copy) or as CSV (``count,name,release,number``, header optional). Both are read by
the deck import's parser and name matcher, so a misspelt name gets the same suggestions; an
import takes the lines that read and lists the others.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery

from decks.importing import content_to_parsed
from decks.models import Deck, DeckEntry, OwnedCard
from decks.selectors import card_facts, catalogue_index
from decks.text_format import (
    MAX_LINE_COUNT,
    CardLine,
    LineError,
    ParsedDeck,
    line_error,
    read_deck_text,
    render_deck_text,
)
from decks.values import DeckContent, EntryContent

CSV_COLUMNS = ("count", "name", "release", "number")


def owned_counts(*, user, card_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Copies owned per card id (cards not owned are absent); empty for a visitor."""
    if not user.is_authenticated:
        return {}
    rows = OwnedCard.objects.filter(owner=user)
    if card_ids is not None:
        rows = rows.filter(card_id__in=set(card_ids))
    return dict(rows.values_list("card_id", "count"))


def needed_counts(content: DeckContent) -> Counter[int]:
    """Copies of each card a deck needs: its entries (own names summed) and its Commander."""
    needed: Counter[int] = Counter()
    for entry in content.entries:
        needed[entry.card_id] += entry.count
    if content.commander_id is not None:
        needed[content.commander_id] += 1
    return needed


def missing_counts(*, needed: Mapping[int, int], owned: Mapping[int, int]) -> dict[int, int]:
    """Copies short per card: what a deck needs beyond what is owned."""
    return {
        card: count - owned.get(card, 0)
        for card, count in needed.items()
        if count > owned.get(card, 0)
    }


def collection_set_counts(*, user, counts: Mapping[int, int]) -> None:
    """Set the owned copies of each card given (0 removes it); other cards are kept.
    Raises ``UnknownCards`` (nothing written) for ids not in the catalogue."""
    card_facts(card_ids=counts.keys())
    with transaction.atomic():
        gone = [card for card, count in counts.items() if count <= 0]
        OwnedCard.objects.filter(owner=user, card_id__in=gone).delete()
        kept = {card: count for card, count in counts.items() if count > 0}
        existing = dict(
            OwnedCard.objects.filter(owner=user, card_id__in=kept).values_list("card_id", "id")
        )
        OwnedCard.objects.bulk_update(
            [OwnedCard(id=existing[card], count=count) for card, count in kept.items()
             if card in existing],
            ["count"],
        )  # fmt: skip
        OwnedCard.objects.bulk_create(
            OwnedCard(owner=user, card_id=card, count=count)
            for card, count in kept.items()
            if card not in existing
        )


@dataclass(frozen=True, slots=True)
class CollectionImport:
    """What an import read: copies added (or put in place), cards, and each line it could not
    read (``LineError``, with the names it may have meant)."""

    copies: int
    cards: int
    problems: tuple[LineError, ...] = ()


def collection_import(*, user, source: str, replace: bool = False) -> CollectionImport:
    """Read a collection in the text format or as CSV and add the lines that read to the
    user's (or put them in place of it with ``replace``); every other line comes back as a
    problem. A name may be the short form the builder's quick-add takes («Химера»). Nothing is
    written when no line reads; ``DeckTextError`` only for a text too long to read at all."""
    source = source.removeprefix("\ufeff")  # an exported CSV's byte-order mark, pasted back
    if looks_like_csv(source):
        parsed, problems = read_collection_csv(source)
    else:
        parsed, problems = read_deck_text(source)
    index = catalogue_index()
    read: Counter[int] = Counter()
    for line in [*([parsed.commander] if parsed.commander else []), *parsed.entries]:
        found = index.find(line, short_names=True)
        if isinstance(found, LineError):
            problems.append(found)
        else:
            read[found.card.id] += line.count
    # An «Ability:» line names a deck's choice, not more copies: it is neither read nor wrong.
    problems.sort(key=lambda problem: problem.line)
    if read:
        with transaction.atomic():
            if replace:
                OwnedCard.objects.filter(owner=user).delete()
                owned: dict[int, int] = {}
            else:
                owned = owned_counts(user=user, card_ids=read)
            collection_set_counts(
                user=user,
                counts={
                    card: min(owned.get(card, 0) + n, MAX_LINE_COUNT) for card, n in read.items()
                },
            )
    return CollectionImport(copies=sum(read.values()), cards=len(read), problems=tuple(problems))


def looks_like_csv(source: str) -> bool:
    """A CSV collection: its first line holds a comma and starts with a number or «count»."""
    first = next((line.strip() for line in source.splitlines() if line.strip()), "")
    head = first.split(",", 1)[0].strip().strip('"').lower()
    return "," in first and (head.isdigit() or head == "count")


def read_collection_csv(source: str) -> tuple[ParsedDeck, list[LineError]]:
    """``count,name[,release[,number]]`` rows (a header row is skipped) as card lines, and an
    error for each row that is not one."""
    parsed = ParsedDeck()
    errors = []
    for number, row in enumerate(csv.reader(io.StringIO(source)), start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells) or (number == 1 and cells[0].lower() == "count"):
            continue
        raw = ",".join(row)
        if len(cells) < 2 or not cells[1]:
            errors.append(line_error(number, "missing_name", raw))
            continue
        if not cells[0].isdigit():
            errors.append(line_error(number, "missing_count", raw))
            continue
        count = int(cells[0]) if len(cells[0]) <= 6 else MAX_LINE_COUNT + 1
        if not 1 <= count <= MAX_LINE_COUNT:
            errors.append(line_error(number, "bad_count", raw, count=count))
            continue
        cells += ["", ""]
        parsed.entries.append(
            CardLine(line=number, name=cells[1], count=count, release=cells[2], number=cells[3])
        )
    return parsed, errors


def _collection_parsed(user) -> ParsedDeck:
    owned = owned_counts(user=user)
    content = DeckContent(
        commander_id=None,
        entries=tuple(EntryContent(card_id=card, count=count) for card, count in owned.items()),
    )
    parsed = content_to_parsed(content, index=catalogue_index(card_ids=owned))
    parsed.entries.sort(key=lambda line: (line.name, line.release, line.number))
    return parsed


def collection_export_text(*, user, title: str = "") -> str:
    return render_deck_text(_collection_parsed(user), title=title)


def collection_export_csv(*, user) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for line in _collection_parsed(user).entries:
        writer.writerow([line.count, line.name, line.release, line.number])
    return out.getvalue()


def collection_rows(*, user) -> QuerySet[OwnedCard]:
    return OwnedCard.objects.filter(owner=user).select_related("card", "card__release")


def decks_buildable(*, user, decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """Those of ``decks`` the user's collection holds every card of (the Commander too).

    One query leaves out every deck with an entry or Commander the collection lacks; a deck
    that lists one card in several entries (own names) is then summed in Python."""
    if not user.is_authenticated:
        return decks.none()
    owned = OwnedCard.objects.filter(owner=user, card_id=OuterRef("card_id"))
    short_entry = DeckEntry.objects.filter(deck=OuterRef("pk")).filter(
        ~Exists(owned) | Q(count__gt=Subquery(owned.values("count")[:1]))
    )
    owned_commander = OwnedCard.objects.filter(owner=user, card_id=OuterRef("commander_id"))
    candidates = decks.exclude(Exists(short_entry)).filter(
        Q(commander__isnull=True) | Exists(owned_commander)
    )
    needed: dict[int, Counter[int]] = defaultdict(Counter)
    for deck_id, card_id, count in DeckEntry.objects.filter(
        deck__in=candidates.values("pk")
    ).values_list("deck_id", "card_id", "count"):
        needed[deck_id][card_id] += count
    for deck_id, commander_id in candidates.values_list("pk", "commander_id"):
        if commander_id is not None:
            needed[deck_id][commander_id] += 1
    owned_all = owned_counts(user=user)
    short = [
        deck for deck, cards in needed.items() if missing_counts(needed=cards, owned=owned_all)
    ]
    return candidates.exclude(pk__in=short)
