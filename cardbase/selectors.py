"""Read queries behind the catalogue pages: what each page lists, counts and filters.

Views parse the request, call one of these and render the result; nothing here knows about
HTTP or templates. A lookup that finds nothing raises the model's ``DoesNotExist`` (or
``LookupError`` for an unknown section or kind), which the views answer with 404.
"""

from dataclasses import dataclass

from django.db import connections
from django.db.models import Count, F, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, NullIf
from django.urls import reverse
from django.utils.functional import Promise

from cardbase.models import (
    Advisor,
    Card,
    CatalogueEntry,
    CatalogueVersion,
    Component,
    ComponentKind,
    Game,
    Race,
    Release,
    Sector,
    StatedCount,
    Tech,
)
from cardbase.stated_counts import Progress, stated_counts_progress

KOMANDOR_SLUG = "komandor"


@dataclass(frozen=True)
class EntrySection:
    """A kind of catalogue entry with its own list page (``/games/<game>/<slug>/``)."""

    slug: str
    model: type[CatalogueEntry]

    @property
    def label(self) -> str | Promise:
        return self.model._meta.verbose_name_plural or ""


ENTRY_SECTIONS: tuple[EntrySection, ...] = (
    EntrySection("races", Race),
    EntrySection("techs", Tech),
    EntrySection("sectors", Sector),
    EntrySection("advisors", Advisor),
)
_SECTIONS_BY_SLUG = {section.slug: section for section in ENTRY_SECTIONS}


@dataclass(frozen=True)
class SectionCount:
    """One line of a game's table of contents: which list, how many entries."""

    label: str | Promise
    url_name: str
    url_args: tuple[str, ...]
    count: int

    @property
    def url(self) -> str:
        return reverse(self.url_name, args=self.url_args)


@dataclass(frozen=True)
class CardFilters:
    """Catalogue filters; ``None``/empty means "any". Stat filters apply to Komandor cards."""

    card_type: str = ""
    rarity: str = ""
    release: str = ""
    cost_min: int | None = None
    cost_max: int | None = None
    size: str = ""
    strength_min: int | None = None
    speed_min: int | None = None
    armor_min: int | None = None


@dataclass(frozen=True)
class CardFilterOptions:
    card_types: list[tuple[str, Component | None]]
    rarities: list[str]
    releases: list[Release]


def _count_of(model: type[CatalogueEntry]) -> Coalesce:
    counted = (
        model._default_manager.filter(game=OuterRef("pk"))
        .order_by()
        .values("game")
        .annotate(total=Count("pk"))
        .values("total")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def games_with_counts() -> QuerySet[Game]:
    """Every game, each with ``card_count`` and ``entry_count`` (all other catalogue rows)."""
    other_models = [section.model for section in ENTRY_SECTIONS] + [Component]
    entry_count = sum((_count_of(model) for model in other_models[1:]), _count_of(other_models[0]))
    return Game.objects.annotate(card_count=_count_of(Card), entry_count=entry_count)


def game_get(*, slug: str) -> Game:
    return Game.objects.get(slug=slug)


def game_sections(*, game: Game) -> list[SectionCount]:
    """The game's lists that hold at least one entry, cards first, then components by kind."""
    sections = []
    cards = Card.objects.filter(game=game).count()
    if cards:
        sections.append(
            SectionCount(
                Card._meta.verbose_name_plural or "", "cardbase:catalogue", (game.slug,), cards
            )
        )
    for section in ENTRY_SECTIONS:
        count = section.model._default_manager.filter(game=game).count()
        if count:
            sections.append(
                SectionCount(section.label, "cardbase:entry-list", (game.slug, section.slug), count)
            )
    for kind, count in component_kind_counts(game=game):
        sections.append(
            SectionCount(kind.label, "cardbase:component-list", (game.slug, kind.value), count)
        )
    return sections


def component_kind_counts(*, game: Game) -> list[tuple[ComponentKind, int]]:
    rows = (
        Component.objects.filter(game=game)
        .order_by()
        .values("kind")
        .annotate(total=Count("pk"))
        .values_list("kind", "total")
    )
    totals = dict(rows)
    return [(kind, totals[kind.value]) for kind in ComponentKind if kind.value in totals]


def card_type_names(*, game: Game) -> dict[str, Component]:
    """The game's card kinds as the book names them (``card_kind`` components), by card_type.

    A kind component names its card type in ``attributes.card_type``; without it the key
    (a slug, ``space-object``) stands for the type with underscores (``space_object``).
    """
    kinds = Component.objects.filter(game=game, kind=ComponentKind.CARD_KIND)
    return {_card_type_of(component): component for component in kinds}


def _card_type_of(kind: Component) -> str:
    stated = kind.attributes.get("card_type") if isinstance(kind.attributes, dict) else None
    return str(stated) if stated else kind.key.replace("-", "_")


def card_filter_options(*, game: Game) -> CardFilterOptions:
    cards = Card.objects.filter(game=game).order_by()
    types = sorted(set(cards.values_list("card_type", flat=True)))
    names = card_type_names(game=game)
    rarities = sorted(set(cards.exclude(rarity="").values_list("rarity", flat=True)))
    return CardFilterOptions(
        card_types=[(value, names.get(value)) for value in types],
        rarities=rarities,
        releases=list(Release.objects.filter(game=game)),
    )


def cards_filtered(*, game: Game, filters: CardFilters) -> QuerySet[Card]:
    cards = Card.objects.filter(game=game).select_related("game", "release")
    exact = {
        "card_type": filters.card_type,
        "rarity": filters.rarity,
        "release__code": filters.release,
        "attributes__size": filters.size,
    }
    at_least = {
        "cost__gte": filters.cost_min,
        "cost__lte": filters.cost_max,
        "attributes__strength__gte": filters.strength_min,
        "attributes__speed__gte": filters.speed_min,
        "attributes__armor__gte": filters.armor_min,
    }
    cards = cards.filter(**{field: value for field, value in exact.items() if value})
    cards = cards.filter(**{field: value for field, value in at_least.items() if value is not None})
    return cards.order_by("name_ru", "key")


def card_get(*, game: Game, key: str) -> Card:
    return Card.objects.select_related("game", "release").get(game=game, key=key)


def card_by_id(*, card_id: int) -> Card:
    return Card.objects.select_related("game", "release").get(pk=card_id)


def entry_section_get(*, slug: str) -> EntrySection:
    return _SECTIONS_BY_SLUG[slug]


def entries_of(*, game: Game, section: EntrySection) -> QuerySet[CatalogueEntry]:
    return section.model._default_manager.filter(game=game).order_by("name_ru", "key")


def entry_get(*, game: Game, section: EntrySection, key: str) -> CatalogueEntry:
    return section.model._default_manager.select_related("game").get(game=game, key=key)


def component_kind_get(*, value: str) -> ComponentKind:
    if value not in ComponentKind.values:
        raise LookupError(f"no component kind {value!r}")
    return ComponentKind(value)


def components_of(*, game: Game, kind: ComponentKind) -> QuerySet[Component]:
    return Component.objects.filter(game=game, kind=kind).order_by("name_ru", "key")


def component_get(*, game: Game, kind: ComponentKind, key: str) -> Component:
    return Component.objects.select_related("game").get(game=game, kind=kind, key=key)


CARD_ORDERS = {
    "": ("game__sort_order", "shown_name", "key"),
    "cost": (F("cost").asc(nulls_last=True), "game__sort_order", "shown_name", "key"),
    "-cost": (F("cost").desc(nulls_last=True), "game__sort_order", "shown_name", "key"),
    "type": ("game__sort_order", "card_type", "shown_name", "key"),
}


def cards_ordered(cards: QuerySet[Card], *, order: str, english: bool = False) -> QuerySet[Card]:
    """``cards`` in one of the orders the pages offer (``CARD_ORDERS``; unknown: by name),
    names compared as shown: the English name where there is one for an English reader."""
    shown = Coalesce(NullIf("name_en", Value("")), "name_ru") if english else F("name_ru")
    return cards.annotate(shown_name=shown).order_by(*CARD_ORDERS.get(order, CARD_ORDERS[""]))


def cards_everywhere() -> QuerySet[Card]:
    """Every game's cards, in catalogue order: the scope of the cross-game search."""
    return Card.objects.select_related("game", "release").order_by(
        "game__sort_order", "name_ru", "key"
    )


@dataclass(frozen=True)
class StatedCountRow:
    """A total the book states, with how many rows the catalogue holds towards it.

    ``progress`` is ``None`` when the row's ``counts`` spec cannot be evaluated; ``problem``
    then says why, so one broken row does not hide the rest of the table."""

    stated: StatedCount
    progress: Progress | None
    problem: str = ""


def stated_count_rows(*, game: Game) -> list[StatedCountRow]:
    stated_counts = list(StatedCount.objects.filter(game=game))
    results = stated_counts_progress(stated_counts)
    rows = []
    for stated in stated_counts:
        result = results[stated.pk]
        if isinstance(result, Progress):
            rows.append(StatedCountRow(stated, result))
        else:
            rows.append(StatedCountRow(stated, None, str(result)))
    return rows


_VERSION_SQL = f"SELECT token FROM {CatalogueVersion._meta.db_table} WHERE id = 1"


def catalogue_version(*, using: str = "default") -> str | None:
    """The catalogue's current version token (see ``CatalogueVersion``), or None when the row
    is missing (a flushed test database): anything cached against it must then be rebuilt."""
    # Read on every catalogue API request and every deck check, so plain SQL: the ORM's query
    # compilation cost more than PostgreSQL's answer.
    with connections[using].cursor() as cursor:
        cursor.execute(_VERSION_SQL)
        row = cursor.fetchone()
    return row[0] if row else None
