"""Turning written card names (text or JSON import) into catalogue cards, pure Python.

Names are matched through ``name_key``; an unknown name is reported with its line and the
closest catalogue names (names that contain what was typed first, then the closest spellings
by rapidfuzz's ratio: milliseconds over 50,000 names, where difflib took seconds). Nothing
here touches the database: ``decks.selectors`` builds the :class:`CatalogueIndex` from the
Komandor cards.
"""

from __future__ import annotations

import bisect
import itertools
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from rapidfuzz import fuzz, process

from decks.text_format import CardLine, DeckTextError, LineError, ParsedDeck, line_error
from decks.values import DeckContent, EntryContent
from komandor.rules.deck_rules import CardFacts
from komandor.rules.names import fold_text, name_key

SUGGESTIONS = 3
# A similarity (0-100, difflib's ratio × 100) below which a name is not offered: 60 misses
# typos in short Russian names; 50 still keeps nonsense out.
SUGGESTION_CUTOFF = 50
# The score of a typo or two in a name of a dozen letters and more: scanning for it first
# halves the cost of a suggestion at 50,000 names (see ``CatalogueIndex._closest``).
CLOSE_SPELLING = 80
# Letter-count buckets per name (code point mod 32: each Russian lower-case letter a bucket
# of its own), for the bound in ``CatalogueIndex._closest``.
_BUCKETS = 32


@dataclass(frozen=True, slots=True)
class Printing:
    """A catalogue card with where it was printed; ``order`` sorts releases oldest first."""

    card: CardFacts
    release: str = ""
    number: str = ""
    order: tuple = ()


def _printing_order(printing: Printing) -> tuple:
    return (printing.order, printing.card.id)


class CatalogueIndex:
    """Cards by name key (each name's printings oldest first) and by id, and the names for
    suggestions. Immutable: :meth:`updated` makes a new index from a few changed cards."""

    def __init__(self, printings: Iterable[Printing]):
        by_name: dict[str, list[Printing]] = defaultdict(list)
        by_id: dict[int, Printing] = {}
        for printing in sorted(printings, key=_printing_order):
            by_name[name_key(printing.card.name)].append(printing)
            by_id[printing.card.id] = printing
        names = {key: group[0].card.name for key, group in by_name.items()}
        # Keys in alphabetical order, so an updated index is exactly a fresh one.
        self._adopt(dict(by_name), by_id, names, sorted(names))

    def _adopt(
        self,
        by_name: dict[str, list[Printing]],
        by_id: dict[int, Printing],
        names: dict[str, str],
        keys: list[str],
    ) -> None:
        self._by_name, self._by_id, self._names, self._keys = by_name, by_id, names, keys
        # All keys in one string: "contains" is one C-speed scan, not a Python loop per name.
        self._blob = "\n".join(keys)
        self._starts = list(itertools.accumulate((len(k) + 1 for k in keys), initial=0))
        self._lengths = np.fromiter(map(len, keys), dtype=np.int64, count=len(keys))
        rows = np.repeat(np.arange(len(keys)), self._lengths)
        cells = rows * _BUCKETS + _buckets("".join(keys))
        counts = np.bincount(cells, minlength=len(keys) * _BUCKETS)
        self._letter_counts = counts.astype(np.uint16).reshape(len(keys), _BUCKETS)

    def __len__(self) -> int:
        return len(self._by_id)

    def updated(self, *, removed: Iterable[int], added: Iterable[Printing]) -> CatalogueIndex:
        """A new index equal to one built afresh from this index's cards without the cards
        ``removed`` (ids; unknown ids are ignored) and with ``added`` (new cards, or new
        versions of cards this index holds). Costs copies of the maps, not a rebuild."""
        added = list(added)
        by_name, by_id, names, keys = (
            dict(self._by_name),
            dict(self._by_id),
            dict(self._names),
            list(self._keys),
        )
        touched: set[str] = set()
        for card_id in {*removed, *(printing.card.id for printing in added)}:
            old = by_id.pop(card_id, None)
            if old is not None:
                key = name_key(old.card.name)
                by_name[key] = [p for p in by_name[key] if p.card.id != card_id]
                touched.add(key)
        for printing in added:
            key = name_key(printing.card.name)
            group = list(by_name.get(key, ()))
            bisect.insort(group, printing, key=_printing_order)
            by_name[key] = group
            by_id[printing.card.id] = printing
            touched.add(key)
        for key in touched:
            if by_name.get(key):
                if key not in names:
                    bisect.insort(keys, key)
                names[key] = by_name[key][0].card.name
            else:
                by_name.pop(key, None)
                if names.pop(key, None) is not None:
                    del keys[bisect.bisect_left(keys, key)]
        index = CatalogueIndex.__new__(CatalogueIndex)
        index._adopt(by_name, by_id, names, keys)
        return index

    def printing_of(self, card_id: int) -> Printing | None:
        return self._by_id.get(card_id)

    def find(self, card: CardLine, *, short_names: bool = False) -> Printing | LineError:
        """The printing a line names. With ``short_names``, whole words of exactly one card's
        name name that card («Химера»: «Линкор класса «Химера»»), as the builder's quick-add
        takes them; words of several names are ``ambiguous_name``, listing them."""
        group = self._by_name.get(name_key(card.name))
        if not group and short_names:
            keys = self.named_by_words(card.name)
            if len(keys) == 1:
                group = self._by_name[keys[0]]
            elif keys:
                return line_error(
                    card.line,
                    "ambiguous_name",
                    card.name,
                    name=card.name,
                    count=len(keys),
                    suggestions=tuple(self._names[key] for key in keys[:SUGGESTIONS]),
                )
        if not group:
            suggestions = self.suggest(card.name)
            if short_names:
                # As the builder's search box offers them: a close spelling of a word of a
                # long name («Химира» → «Линкор класса «Химера»») before whole-name ones.
                within = self.suggest_within(card.name)
                suggestions = tuple(dict.fromkeys((*within, *suggestions)))[:SUGGESTIONS]
            return line_error(
                card.line,
                "unknown_card",
                card.name,
                name=card.name,
                suggestions=suggestions,
            )
        if not card.release:
            return group[0]
        wanted_release, wanted_number = fold_text(card.release), fold_text(card.number)
        for printing in group:
            if fold_text(printing.release) == wanted_release and (
                not wanted_number or fold_text(printing.number) == wanted_number
            ):
                return printing
        printing_text = f"{card.release} #{card.number}" if card.number else card.release
        return line_error(
            card.line,
            "unknown_printing",
            card.name,
            name=card.name,
            printing=printing_text,
            suggestions=tuple(_printing_text(p) for p in group),
        )

    def named_by_words(self, name: str) -> list[str]:
        """Keys of the names holding ``name`` as whole words, shortest first."""
        typed = name_key(name)
        if not typed:
            return []
        keys = [key for key in self._containing(typed) if f" {key} ".find(f" {typed} ") >= 0]
        return sorted(keys, key=lambda k: (len(k), k))

    def suggest(self, name: str) -> tuple[str, ...]:
        """Up to ``SUGGESTIONS`` catalogue names for a name not found: those containing it
        (shortest first: «Химера» → «Линкор класса «Химера»»), then the closest spellings."""
        typed = name_key(name)
        if not typed:
            return ()
        keys = sorted(self._containing(typed), key=lambda k: (len(k), k))[:SUGGESTIONS]
        if len(keys) < SUGGESTIONS:
            close = self._closest(typed, limit=SUGGESTIONS + len(keys))
            keys += [key for key in close if key not in keys]
        return tuple(self._names[key] for key in keys[:SUGGESTIONS])

    def suggest_within(self, text: str) -> tuple[str, ...]:
        """Names holding a close spelling of ``text`` somewhere inside (``fuzz.partial_ratio``):
        a search box's «Химира» is one word of «Линкор класса «Химера»», which the whole-name
        match of :meth:`suggest` scores too low. Only asked when a search found nothing."""
        typed = name_key(text)
        if not typed:
            return ()
        # Only names at least as long as what was typed: a short name "inside" a long query
        # is noise. (A letter-count bound like ``_closest``'s barely helps here: partial
        # windows at a name's ends make it loose; a full scan of 50,000 names is ~60 ms, and
        # it runs only for a search that found nothing.)
        possible = np.flatnonzero(self._lengths >= len(typed))
        close = process.extract(
            typed, [self._keys[at] for at in possible], scorer=fuzz.partial_ratio,
            limit=SUGGESTIONS, score_cutoff=CLOSE_SPELLING,
        )  # fmt: skip
        return tuple(self._names[key] for key, _score, _index in close)

    def _closest(self, typed: str, *, limit: int) -> list[str]:
        """The ``limit`` keys most like ``typed`` by ``fuzz.ratio`` (ties in key order),
        exactly as one rapidfuzz scan of every key with the suggestion cutoff gives them.

        ``fuzz.ratio`` is ``200·LCS / (len(a) + len(b))`` and the longest common subsequence
        has at most as many of each letter as both strings hold, so counting letters per
        bucket (numpy, all keys at once) bounds every key's score; only keys whose bound
        reaches the cutoff are compared. A misspelt name is usually very close to some
        catalogue name, so the first pass asks for ``CLOSE_SPELLING``, which leaves a few
        hundred of 50,000 keys; only when fewer than ``limit`` reach it does a second pass go
        down to the cutoff. (When ``limit`` keys reach the higher score, the best ``limit`` of
        all are among them.)"""
        typed_counts = np.bincount(_buckets(typed), minlength=_BUCKETS).astype(np.uint16)
        shared = np.minimum(self._letter_counts, typed_counts).sum(axis=1, dtype=np.int64)
        for cutoff in (CLOSE_SPELLING, SUGGESTION_CUTOFF):
            possible = np.flatnonzero(200 * shared >= cutoff * (self._lengths + len(typed)))
            close = process.extract(
                typed,
                [self._keys[at] for at in possible],
                scorer=fuzz.ratio,
                limit=limit,
                score_cutoff=cutoff,
            )
            if len(close) >= limit:
                break
        return [key for key, _score, _index in close]

    def _containing(self, typed: str) -> set[str]:
        found = set()
        at = self._blob.find(typed)
        while at >= 0:
            key = self._keys[bisect.bisect_right(self._starts, at) - 1]
            found.add(key)
            at = self._blob.find(typed, at + 1)
        return found


def _buckets(text: str) -> np.ndarray:
    """Each character's letter-count bucket."""
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32) % _BUCKETS


def _printing_text(printing: Printing) -> str:
    if not printing.release:
        return printing.card.name
    suffix = f" #{printing.number}" if printing.number else ""
    return f"{printing.card.name} [{printing.release}{suffix}]"


def resolve_parsed_deck(parsed: ParsedDeck, *, index: CatalogueIndex) -> DeckContent:
    """Every named card resolved, or :class:`DeckTextError` listing every line that is not."""
    errors: list[LineError] = []

    def resolve(card: CardLine) -> int | None:
        found = index.find(card)
        if isinstance(found, LineError):
            errors.append(found)
            return None
        return found.card.id

    commander_id = resolve(parsed.commander) if parsed.commander else None
    entries: dict[tuple[int, str], int] = defaultdict(int)
    for card in parsed.entries:
        card_id = resolve(card)
        if card_id is not None:
            entries[(card_id, card.own_name)] += card.count
    setup: dict[int, int] = defaultdict(int)
    for card in parsed.setup_abilities:
        card_id = resolve(card)
        if card_id is not None:
            setup[card_id] += card.count
    if errors:
        raise DeckTextError(errors)
    return DeckContent(
        commander_id=commander_id,
        entries=tuple(
            EntryContent(card_id=card_id, count=count, own_name=own_name)
            for (card_id, own_name), count in entries.items()
        ),
        setup_abilities=tuple(setup.items()),
    )


def parse_deck_json(data: Any) -> ParsedDeck:
    """Read the JSON export form (names and printings, so it moves between databases)."""
    if not isinstance(data, Mapping):
        raise DeckTextError([line_error(0, "not_an_object", "")])
    errors: list[LineError] = []
    parsed = ParsedDeck()
    if data.get("commander"):
        parsed.commander = _json_card(data["commander"], 0, errors, counted=False)
    for field, target in (("entries", parsed.entries), ("setup_abilities", parsed.setup_abilities)):
        items = data.get(field) or []
        if not isinstance(items, list):
            errors.append(_json_problem(0, field, "not_a_list"))
            continue
        for position, item in enumerate(items, start=1):
            card = _json_card(item, position, errors, counted=True)
            if card is not None:
                target.append(card)
    if errors:
        raise DeckTextError(errors)
    return parsed


def _json_card(item: Any, position: int, errors: list[LineError], *, counted: bool):
    if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
        errors.append(_json_problem(position, "name", "name_missing"))
        return None
    count = item.get("count", 1)
    if counted and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
        errors.append(_json_problem(position, "count", "count_not_whole"))
        return None
    return CardLine(
        line=position,
        name=item["name"],
        count=count if counted else 1,
        release=str(item.get("release") or ""),
        number=str(item.get("number") or ""),
        own_name=str(item.get("own_name") or ""),
    )


def _json_problem(position: int, field: str, problem: str) -> LineError:
    return line_error(position, "bad_json_entry", field, field=field, problem=problem)


def content_to_parsed(content: DeckContent, *, index: CatalogueIndex) -> ParsedDeck:
    """The written form of a deck: names and printings, ready for text or JSON export."""

    def written(card_id: int, count: int, own_name: str = "") -> CardLine:
        printing = index.printing_of(card_id)
        assert printing is not None  # a saved deck's cards are in the catalogue
        return CardLine(
            line=0,
            name=printing.card.name,
            count=count,
            release=printing.release,
            number=printing.number,
            own_name=own_name,
        )

    return ParsedDeck(
        commander=written(content.commander_id, 1) if content.commander_id else None,
        entries=[written(e.card_id, e.count, e.own_name) for e in content.entries],
        setup_abilities=[written(card_id, count) for card_id, count in content.setup_abilities],
    )


def parsed_to_json(parsed: ParsedDeck, *, name: str = "", description: str = "") -> dict:
    def card(line: CardLine, *, counted: bool = True, own: bool = False) -> dict:
        data: dict[str, Any] = {"count": line.count} if counted else {}
        data.update(name=line.name, release=line.release, number=line.number)
        if own:
            data["own_name"] = line.own_name
        return data

    return {
        "name": name,
        "description": description,
        "commander": card(parsed.commander, counted=False) if parsed.commander else None,
        "entries": [card(line, own=True) for line in parsed.entries],
        "setup_abilities": [card(line) for line in parsed.setup_abilities],
    }
