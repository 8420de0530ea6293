"""One search over the whole catalogue: cards through the query language, and every other kind
of entry (races, techs, sectors, advisors, components of each kind) by the query's words.

Entries have none of a card's stats, so the query reads more narrowly for them: free words and
phrases match names and text through the same ``text_q`` as cards; ``game:`` narrows by game;
``kind:``/``type:`` names a kind of entry (``kind:race``, ``kind:фракция``,
``kind:components``); ``-``, ``OR`` and parentheses work as for cards. A query that names any
other keyword (``speed>=6``, ``weapon:plasma``) is about cards, so it finds no entries, and an
empty query finds none either.

>>> sorted(entry_kinds_named("фракция"))
['faction']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from django.db import connections
from django.db.models import Case, Count, Q, QuerySet, Value, When
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

from cardbase.models import Card, CatalogueEntry, Component, ComponentKind, Game
from cardbase.search.query import And, Node, Not, Or, Term, Text, parse_query, term_q
from cardbase.search.text import text_q
from cardbase.selectors import ENTRY_SECTIONS, cards_everywhere
from komandor.rules.names import fold_text

# Rows of one model fetched for display; the counts still cover every match.
ENTRY_LIMIT = 50
# Keywords that mean something for an entry; any other keyword is about cards only.
_ENTRY_KEYWORDS = frozenset({"game", "type"})
_NOTHING = Q(pk__in=[])
_EVERYTHING = ~_NOTHING


@dataclass(frozen=True)
class EntryKind:
    """A kind of non-card row with its own page: a model, or one kind of ``Component``."""

    model: type[CatalogueEntry]
    section: str  # the page URL part: "races", or the component kind's value
    component_kind: ComponentKind | None = None

    @property
    def name(self) -> str:
        """``race``, ``tech``… or the component kind (``faction``): the API's ``kind``."""
        return (
            self.component_kind.value if self.component_kind else str(self.model._meta.model_name)
        )

    @property
    def model_name(self) -> str:
        return str(self.model._meta.model_name)

    @property
    def label(self) -> str | Promise:
        return (
            self.component_kind.label
            if self.component_kind
            else self.model._meta.verbose_name or ""
        )

    @property
    def label_plural(self) -> str | Promise:
        if self.component_kind:
            return self.component_kind.label
        return self.model._meta.verbose_name_plural or ""

    def page_url(self, row: CatalogueEntry) -> str:
        if self.component_kind:
            return reverse(
                "cardbase:component-detail", args=[row.game.slug, self.component_kind, row.key]
            )
        return reverse("cardbase:entry-detail", args=[row.game.slug, self.section, row.key])

    def api_url(self, row: CatalogueEntry) -> str:
        kwargs = {"game": row.game.slug, "key": row.key}
        if self.component_kind:
            kwargs["kind"] = self.component_kind.value
        return reverse(f"{self.model_name}-by-key", kwargs=kwargs)


ENTRY_KINDS: tuple[EntryKind, ...] = (
    *(EntryKind(section.model, section.slug) for section in ENTRY_SECTIONS),
    *(EntryKind(Component, kind.value, kind) for kind in ComponentKind),
)
ENTRY_MODELS: tuple[type[CatalogueEntry], ...] = tuple(
    dict.fromkeys(kind.model for kind in ENTRY_KINDS)
)


@dataclass(frozen=True)
class FoundEntry:
    row: CatalogueEntry
    kind: EntryKind

    @property
    def page_url(self) -> str:
        return self.kind.page_url(self.row)

    @property
    def api_url(self) -> str:
        return self.kind.api_url(self.row)


@dataclass(frozen=True)
class EntryGroup:
    """The matches of one kind: the first rows found and how many match in all."""

    kind: EntryKind
    rows: list[FoundEntry]
    count: int

    @property
    def is_truncated(self) -> bool:
        return len(self.rows) < self.count


@dataclass(frozen=True)
class SearchResults:
    """``cards`` is a queryset (the caller paginates); ``entry_groups`` hold only kinds with
    matches, in catalogue order."""

    query: str
    cards: QuerySet[Card]
    entry_groups: list[EntryGroup] = field(default_factory=list)

    @property
    def entry_count(self) -> int:
        return sum(group.count for group in self.entry_groups)


def _spelling(text: str) -> str:
    return fold_text(text).replace("-", "_").replace(" ", "_")


@cache
def _kind_spellings() -> dict[str, frozenset[str]]:
    """Every accepted spelling of a kind (value, model name, URL part, labels in both
    languages) -> the names of the kinds it stands for; "component" stands for all of theirs."""
    spellings: dict[str, set[str]] = {}
    component_kinds = {kind.name for kind in ENTRY_KINDS if kind.component_kind}
    for language in ("ru", "en"):
        with translation.override(language):
            for kind in ENTRY_KINDS:
                for text in (kind.name, kind.section, kind.label, kind.label_plural):
                    spellings.setdefault(_spelling(str(text)), set()).add(kind.name)
            meta = Component._meta
            for word in ("component", meta.verbose_name, meta.verbose_name_plural):
                spellings.setdefault(_spelling(str(word)), set()).update(component_kinds)
    return {spelling: frozenset(names) for spelling, names in spellings.items()}


def entry_kinds_named(value: str) -> frozenset[str]:
    """The kinds a ``kind:`` value names (empty when it names none, e.g. a card type)."""
    return _kind_spellings().get(_spelling(value), frozenset())


def _is_about_cards_only(node: Node) -> bool:
    if isinstance(node, Term):
        return node.field.name not in _ENTRY_KEYWORDS
    if isinstance(node, Not):
        return _is_about_cards_only(node.child)
    if isinstance(node, And | Or):
        return any(_is_about_cards_only(child) for child in node.children)
    return False


def _kind_q(model: type[CatalogueEntry], names: frozenset[str]) -> Q:
    if model is Component:
        return Q(kind__in=sorted(names & {kind.value for kind in ComponentKind}))
    return _EVERYTHING if model._meta.model_name in names else _NOTHING


def _entry_q(node: Node, *, model: type[CatalogueEntry], vendor: str) -> Q:
    """The rows of ``model`` the query holds for (only game, kind and text terms reach here)."""
    if isinstance(node, Text):
        return text_q(node.text, vendor=vendor, phrase=node.phrase)
    if isinstance(node, Term):
        if node.field.name == "game":
            return term_q(node)
        condition = _kind_q(model, entry_kinds_named(str(node.value)))
        return ~condition if node.op == "!=" else condition
    if isinstance(node, Not):
        return ~_entry_q(node.child, model=model, vendor=vendor)
    combined = Q()
    for child in node.children:
        child_q = _entry_q(child, model=model, vendor=vendor)
        combined = combined & child_q if isinstance(node, And) else combined | child_q
    return combined


def _leading_text(node: Node) -> str | None:
    """The first word or phrase the query asks for (not under ``-``), to rank by."""
    if isinstance(node, Text):
        return node.text
    if isinstance(node, And | Or):
        for child in node.children:
            if (text := _leading_text(child)) is not None:
                return text
    return None


def _entry_groups(
    root: Node, *, model: type[CatalogueEntry], game: Game | None
) -> list[EntryGroup]:
    rows = model._default_manager.select_related("game")
    if game is not None:
        rows = rows.filter(game=game)
    rows = rows.filter(_entry_q(root, model=model, vendor=connections[rows.db].vendor))
    # Rows whose name starts with what was asked for come first, so the row a user names is
    # shown even when its words also occur in many other rows' text.
    leading = _leading_text(root)
    rank = (
        Value(1)
        if leading is None
        else Case(When(search_text__startswith=leading, then=Value(0)), default=Value(1))
    )
    found = list(rows.order_by(rank, "game__sort_order", "name_ru", "key")[:ENTRY_LIMIT])
    if len(found) < ENTRY_LIMIT:
        counts = Counter(_kind_of(row) for row in found)
    elif model is Component:
        # rows are Components here; the plugin checks the lookup against their CatalogueEntry type
        by_kind = rows.order_by().values_list("kind")  # type: ignore[misc]
        counts = Counter(dict(by_kind.annotate(total=Count("pk"))))
    else:
        counts = Counter({str(model._meta.model_name): rows.count()})
    groups = []
    for kind in ENTRY_KINDS:
        if kind.model is model and counts[kind.name]:
            kind_rows = [FoundEntry(row, kind) for row in found if _kind_of(row) == kind.name]
            groups.append(EntryGroup(kind, kind_rows, counts[kind.name]))
    return groups


def _kind_of(row: CatalogueEntry) -> str:
    return row.kind if isinstance(row, Component) else str(row._meta.model_name)


def catalogue_search(
    text: str, *, game: Game | None = None, cards: QuerySet[Card] | None = None
) -> SearchResults:
    """Cards (of ``cards``, default every game's) and other entries matching the query
    ``text``, narrowed to ``game`` when given. Raises ``QuerySyntaxError`` for a malformed
    query."""
    query = parse_query(text)
    if cards is None:
        cards = cards_everywhere()
    if game is not None:
        cards = cards.filter(game=game)
    if query.root is None:
        return SearchResults(str(query), cards)
    cards = cards.filter(query.to_q(vendor=connections[cards.db].vendor))
    if _is_about_cards_only(query.root):
        return SearchResults(str(query), cards)
    groups = [
        group
        for model in ENTRY_MODELS
        for group in _entry_groups(query.root, model=model, game=game)
    ]
    return SearchResults(str(query), cards, groups)
