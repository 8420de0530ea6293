"""Reads: decks a user may see, their contents as plain values, catalogue facts for checks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import connections
from django.db.models import BooleanField, Exists, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.expressions import RawSQL

from cardbase.models import Card, Game, Release
from cardbase.search.query import cards_matching
from cardbase.selectors import catalogue_version
from decks.importing import SUGGESTIONS, CatalogueIndex, Printing
from decks.models import Deck, DeckEntry, DeckVersion, OwnedCard, Visibility
from decks.statistics import deck_statistics
from decks.values import DeckContent, EntryContent
from komandor.rules.deck_rules import KOMANDOR, CardFacts, DeckDraft, validate_deck
from komandor.rules.names import fold_text

_FACT_FIELDS = (
    "id",
    "name_ru",
    "card_type",
    "cost",
    "attributes",
    "game__slug",
    "collector_number",
    "release__code",
    "release__year",
)


class UnknownCards(LookupError):
    """Card ids that are not in the catalogue."""

    def __init__(self, ids: Iterable[int]):
        self.ids = sorted(ids)
        super().__init__(f"no card with id {', '.join(map(str, self.ids))}")


def _facts(row: dict) -> CardFacts:
    attributes = row["attributes"] if isinstance(row["attributes"], dict) else {}
    return CardFacts(
        id=row["id"],
        name=row["name_ru"],
        kind=row["card_type"],
        game=row["game__slug"],
        cost=row["cost"],
        special=bool(attributes.get("special")),
        size=_size(attributes.get("size")),
    )


def _size(value) -> str | None:
    """A ship's size class as the card schema stores it; anything else is "not stated"."""
    return value if isinstance(value, str) and value else None


def _printing(row: dict) -> Printing:
    year = row["release__year"]
    return Printing(
        card=_facts(row),
        release=row["release__code"] or "",
        number=row["collector_number"] or "",
        # No release sorts last; among releases the oldest first.
        order=(row["release__code"] is None, year is None, year or 0, row["release__code"] or ""),
    )


def card_facts(*, card_ids: Iterable[int]) -> dict[int, CardFacts]:
    wanted = set(card_ids)
    # Retired cards too: a deck that holds one still opens and plays.
    rows = Card.all_objects.filter(id__in=wanted).order_by().values(*_FACT_FIELDS)
    found = {row["id"]: _facts(row) for row in rows}
    if missing := wanted - found.keys():
        raise UnknownCards(missing)
    return found


def deck_draft(*, content: DeckContent, facts: Mapping[int, CardFacts] | None = None) -> DeckDraft:
    """The validator's input for ``content``; raises :class:`UnknownCards` for bad ids.
    ``facts`` (by card id, covering every card of ``content``) spares reading them again."""
    if facts is None:
        facts = card_facts(card_ids=content.card_ids())
    return DeckDraft(
        commander=facts[content.commander_id] if content.commander_id is not None else None,
        entries=tuple((facts[e.card_id], e.count) for e in content.entries),
        setup_abilities=tuple(
            (facts[card_id], count) for card_id, count in content.setup_abilities
        ),
        own_names=tuple((facts[e.card_id], e.own_name) for e in content.entries if e.own_name),
    )


def catalogue_index(*, card_ids: Iterable[int] | None = None) -> CatalogueIndex:
    """Komandor cards by name for import, or exactly ``card_ids`` (any game) for export."""
    if card_ids is None:
        return _komandor_index()
    rows = Card.all_objects.filter(id__in=card_ids)
    return CatalogueIndex(_printing(row) for row in rows.values(*_FACT_FIELDS))


# Every text import and every ``/api/decks/validate/`` call needs the whole Komandor name
# index, and building it (every card row, its JSON, ``name_key`` of every name) cost most of
# such a request — seconds at 50,000 cards. So each process keeps the last index it built
# together with the catalogue version token it read just before (``CatalogueVersion``:
# database triggers change it on every write to a catalogue table, bulk updates and raw SQL
# included), and reuses the index while the database still gives that token. When the token
# moves, PostgreSQL says which rows changed since the index was read (``_changed_cards``) and
# the index is updated from those rows alone; other databases, and changes it cannot follow
# that way (a deleted card, a changed game row), rebuild it.
@dataclass(frozen=True, slots=True)
class _Frame:
    """What a card's index entry depends on beyond its own row: which game is Komandor and
    each release's code and year (a handful of rows, compared whole)."""

    game_id: int | None
    releases: dict[int, tuple[str, int | None]]


@dataclass(frozen=True, slots=True)
class _KeptIndex:
    version: str
    index: CatalogueIndex
    frame: _Frame
    # PostgreSQL: the oldest transaction still running when the index's rows were read
    # (``pg_snapshot_xmin``); every row written since carries an ``xmin`` at least as young.
    since: str | None


_index_cache: dict[str, _KeptIndex] = {}
# Past this many transactions an ``xmin`` comparison could wrap round (2³¹): rebuild instead.
_MAX_XID_SPAN = 1_000_000_000


def _komandor_index() -> CatalogueIndex:
    rows = Card.objects.filter(game__slug=KOMANDOR)
    version = catalogue_version(using=rows.db)
    kept = _index_cache.get(rows.db)
    if version is not None and kept is not None and kept.version == version:
        return kept.index
    since = _oldest_running_xid(rows.db)  # before anything is read, so nothing slips past
    frame = _frame(using=rows.db)
    # Without a version row (a flushed test database) nothing kept can be trusted.
    index = None if kept is None or version is None else _updated_index(kept, frame, using=rows.db)
    if index is None:
        index = _index_of_every_card(rows)
    if version is not None:
        _index_cache[rows.db] = _KeptIndex(version, index, frame, since)
    return index


def _index_of_every_card(rows: QuerySet[Card]) -> CatalogueIndex:
    return CatalogueIndex(_printing(row) for row in rows.values(*_FACT_FIELDS))


def _frame(*, using: str) -> _Frame:
    game = Game.objects.using(using).filter(slug=KOMANDOR).values_list("id", flat=True)
    releases = Release.objects.using(using).values_list("id", "code", "year")
    return _Frame(game.first(), {id_: (code, year) for id_, code, year in releases})


def _oldest_running_xid(using: str) -> str | None:
    if connections[using].vendor != "postgresql":
        return None
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT pg_snapshot_xmin(pg_current_snapshot())::text")
        return str(int(cursor.fetchone()[0]) % 2**32)  # the 32-bit xid an xmin is compared to


def _updated_index(kept: _KeptIndex, frame: _Frame, *, using: str) -> CatalogueIndex | None:
    """``kept.index`` brought up to date from the cards written since it was read and the
    cards of releases changed since, or None when that cannot be known (another database,
    another Komandor game row, a card deleted)."""
    if frame.game_id != kept.frame.game_id:
        return None
    releases = [id_ for id_, row in frame.releases.items() if kept.frame.releases.get(id_) != row]
    changed = _changed_cards(kept.since, releases=releases, using=using)
    if changed is None:
        return None
    live = [row for row in changed if row["game__slug"] == KOMANDOR and not row["retired"]]
    index = kept.index.updated(
        removed=(row["id"] for row in changed), added=(_printing(row) for row in live)
    )
    # Rows that are gone left no trace to read; only the count shows one was deleted.
    if len(index) != Card.objects.using(using).filter(game__slug=KOMANDOR).count():
        return None
    return index


def _changed_cards(since: str | None, *, releases: list[int], using: str) -> list[dict] | None:
    """Every card (any game, retired too) written by a transaction not older than ``since``
    or printed in one of ``releases``; None when PostgreSQL cannot tell (another database, or
    ``since`` so old that an ``xmin`` comparison could wrap round)."""
    if since is None:
        return None
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT age(%s::xid) > %s", [since, _MAX_XID_SPAN])
        if cursor.fetchone()[0]:
            return None
    written = RawSQL(
        "age(cardbase_card.xmin) <= age(%s::xid)", [since], output_field=BooleanField()
    )
    rows = Card.all_objects.using(using).filter(Q(written) | Q(release_id__in=releases))
    return list(rows.values(*_FACT_FIELDS, "retired"))


def current_version(*, deck: Deck) -> DeckVersion:
    """The deck's newest version; every deck has one from its creation (``deck_create``)."""
    return deck.versions.latest("number")


def deck_content(*, deck: Deck) -> DeckContent:
    return DeckContent(
        commander_id=deck.commander_id,
        entries=tuple(
            EntryContent(card_id=card_id, count=count, own_name=own_name)
            for card_id, count, own_name in deck.entries.values_list("card_id", "count", "own_name")
        ),
        setup_abilities=tuple(deck.setup_abilities.values_list("card_id", "count")),
    )


def _with_counts(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    return (
        decks.select_related("owner", "commander")
        .annotate(card_total=Sum("entries__count", default=0))
        .order_by("-updated_at", "-id")
    )


def decks_owned(*, user) -> QuerySet[Deck]:
    """The user's decks, as his lists show them: not the copies the lab made for its runs
    (``Deck.lab_copy``), which :func:`deck_owned` still finds by id."""
    return _owned(user=user).filter(lab_copy=False)


def _owned(*, user) -> QuerySet[Deck]:
    if not user.is_authenticated:
        return Deck.objects.none()
    return _with_counts(Deck.objects.filter(owner=user))


# A public deck search reads at most this many words (each is a pass over the decks' names
# and cards); the API and the page refuse more with a field error.
PUBLIC_SEARCH_MAX_WORDS = 8


class TooManyWords(ValueError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit} words")
        self.limit = limit


def public_search_words(text: str) -> list[str]:
    """The folded words of a public deck search; :class:`TooManyWords` past the limit."""
    words = list(dict.fromkeys(fold_text(text).split()))
    if len(words) > PUBLIC_SEARCH_MAX_WORDS:
        raise TooManyWords(PUBLIC_SEARCH_MAX_WORDS)
    return words


def decks_public(*, text: str = "", commander_id: int | None = None) -> QuerySet[Deck]:
    """Players' public decks; precons have a list of their own (:func:`decks_precon`).
    Each word must be in the deck's name or description, its Commander or one of its cards;
    a card word is one ``EXISTS`` each, not a join per word (which multiplied the rows)."""
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC, is_preconstructed=False)
    for folded in public_search_words(text):
        in_cards = DeckEntry.objects.filter(deck=OuterRef("pk"), card__search_text__contains=folded)
        decks = decks.filter(
            Q(search_text__contains=folded)
            | Q(commander__search_text__contains=folded)
            | Exists(in_cards)
        )
    if commander_id is not None:
        decks = decks.filter(commander_id=commander_id)
    return _with_counts(Deck.objects.filter(id__in=decks.values("id"))).annotate(
        is_legal=_latest_version_legal()
    )


def _latest_version_legal() -> Subquery:
    """Whether the deck's last saved version was legal (the list shows it per deck)."""
    latest = DeckVersion.objects.filter(deck=OuterRef("pk")).order_by("-number")
    return Subquery(latest.values("is_valid")[:1])


def decks_precon(*, commander_id: int | None = None) -> QuerySet[Deck]:
    """The preconstructed decks, by name; those of one Commander when given."""
    decks = _with_counts(Deck.objects.filter(is_preconstructed=True)).order_by("name", "id")
    if commander_id is not None:
        decks = decks.filter(commander_id=commander_id)
    return decks


def deck_visible(*, user, deck_id: int) -> Deck | None:
    """A deck by id for this viewer: the owner sees it always, others only when public.
    Unlisted decks are reached by their link token (:func:`deck_shared`), never by id."""
    allowed = Q(visibility=Visibility.PUBLIC)
    if user.is_authenticated:
        allowed |= Q(owner=user)
    return _with_counts(Deck.objects.filter(allowed)).filter(id=deck_id).first()


def deck_shared(*, token: str) -> Deck | None:
    return (
        _with_counts(Deck.objects.exclude(visibility=Visibility.PRIVATE))
        .filter(share_token=token)
        .first()
    )


def deck_owned(*, user, deck_id: int) -> Deck | None:
    return _owned(user=user).filter(id=deck_id).first()


def deck_versions(*, deck: Deck, user=None) -> QuerySet[DeckVersion]:
    """The deck's versions ``user`` may see: all for the owner; for anyone else only those
    saved while the deck was not private."""
    versions = deck.versions.all()
    if user is not None and user.is_authenticated and user.pk == deck.owner_id:
        return versions
    return versions.exclude(visibility=Visibility.PRIVATE)


def version_visible(*, version: DeckVersion, user) -> bool:
    """Whether ``user`` may see this version's cards, as the deck's pages show them: the owner
    always, anyone a precon's, others only a version of a public deck saved while the deck was
    not private (:func:`deck_visible`, :func:`deck_versions`). Matches, replays and logs of a
    version follow this."""
    deck = version.deck
    if deck.owner_id is None:
        return True
    if getattr(user, "is_authenticated", False) and user.pk == deck.owner_id:
        return True
    return deck.visibility == Visibility.PUBLIC and version.visibility != Visibility.PRIVATE


CATALOGUE_PAGE_SIZE = 40  # cards per page of the builder's catalogue


@dataclass(frozen=True, slots=True)
class CatalogueFilters:
    """What the builder's catalogue is narrowed by. ``faction`` is a Commander's card id: the
    cards the precons it leads are built from (the set's factions are its precons' plans)."""

    query: str = ""
    kind: str = ""
    cost_min: int | None = None
    cost_max: int | None = None
    faction: int | None = None
    owned_only: bool = False  # only cards the viewer owns (a visitor owns none)


def builder_catalogue(*, filters: CatalogueFilters, user=None) -> QuerySet[Card]:
    """Komandor cards for the deck builder, by name; raises ``QuerySyntaxError`` for a bad
    query. The caller pages it."""
    cards = Card.objects.filter(game__slug=KOMANDOR).select_related("release")
    if filters.owned_only:
        owner = user if user is not None and user.is_authenticated else None
        cards = cards.filter(id__in=OwnedCard.objects.filter(owner=owner).values("card_id"))
    if filters.query:
        cards = cards_matching(filters.query, queryset=cards)
    if filters.kind:
        cards = cards.filter(card_type=filters.kind)
    if filters.cost_min is not None:
        cards = cards.filter(cost__gte=filters.cost_min)
    if filters.cost_max is not None:
        cards = cards.filter(cost__lte=filters.cost_max)
    if filters.faction is not None:
        precons = Deck.objects.filter(is_preconstructed=True, commander_id=filters.faction)
        cards = cards.filter(Q(id__in=precons.values("entries__card_id")) | Q(id=filters.faction))
    return cards.order_by("name_ru", "id")


def faction_commanders() -> QuerySet[Card]:
    """The Commanders that lead a precon: the builder's factions."""
    led = Deck.objects.filter(is_preconstructed=True).values("commander_id")
    return commander_cards().filter(id__in=led)


def commander_cards() -> QuerySet[Card]:
    return Card.objects.filter(game__slug=KOMANDOR, card_type="commander").order_by("name_ru")


def entry_rows(*, deck: Deck) -> QuerySet:
    return deck.entries.select_related("card", "card__release").order_by("card__name_ru", "id")


def deck_check(*, content: DeckContent, facts: Mapping[int, CardFacts] | None = None) -> dict:
    """Validation report and statistics of ``content`` (``{"valid", "errors", "warnings",
    "stats"}``); raises :class:`UnknownCards` for ids not in the catalogue."""
    draft = deck_draft(content=content, facts=facts)
    return {**validate_deck(draft).to_dict(), "stats": deck_statistics(draft).to_dict()}


def is_plain_name_search(text: str) -> bool:
    """Words only: no field or sign of the search language (``type:ship``, ``-x``, ``OR``)."""
    words = text.split()
    return bool(words) and not any(":" in w or w[0] in '-<>="(' or w.upper() == "OR" for w in words)


def name_suggestions(*, text: str) -> tuple[str, ...]:
    """The Komandor card names nearest a search that found nothing (the deck import's matcher);
    none for a query that uses the search language's fields or signs (``type:ship``, ``-x``).
    Printed (Russian) names; ``decks.suggestions`` words them for the interface."""
    if not is_plain_name_search(text):
        return ()
    index, typed = catalogue_index(), " ".join(text.split())
    # A close spelling inside a name first (a search box gets a word of a name more often
    # than the whole of it), then the import's whole-name matches.
    names = dict.fromkeys((*index.suggest_within(typed), *index.suggest(typed)))
    return tuple(names)[:SUGGESTIONS]


def decks_tagged(*, decks: QuerySet[Deck], tag: str) -> QuerySet[Deck]:
    """``decks`` filed under ``tag`` (all of them for no tag)."""
    return decks.filter(tags__name=tag) if tag else decks


def decks_to_compare(*, user, deck: Deck) -> list[Deck]:
    """Decks a deck page offers to compare with: the viewer's own, then the precons."""
    others = [*decks_owned(user=user), *decks_precon()]
    return [other for other in others if other.id != deck.id]


def precon_card_ids() -> set[int]:
    """Cards some precon deck uses (as deck cards, the Commander or pre-chosen abilities)."""
    used = set(
        DeckEntry.objects.filter(deck__is_preconstructed=True).values_list("card", flat=True)
    )
    used.update(Deck.objects.filter(is_preconstructed=True).values_list("commander", flat=True))
    used.discard(None)
    return used
