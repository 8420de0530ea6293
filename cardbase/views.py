"""Catalogue pages. Each view parses its request, calls one selector and renders the result;
a lookup that finds nothing is a 404, bad parameters are a 400 showing the page with errors."""

from collections.abc import Callable
from typing import TypeVar

from django.core.exceptions import ObjectDoesNotExist
from django.core.paginator import InvalidPage, Page, Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from cardbase import extensions, selectors
from cardbase.card_faces import card_face_of, notation_legend
from cardbase.models import Card, Game
from cardbase.notation import notation_lang
from cardbase.page_forms import CardFilterForm, KomandorCardFilterForm, SearchForm
from cardbase.search.everything import SearchResults, catalogue_search
from cardbase.search.query import QuerySyntaxError
from cardbase.search.syntax import SYNTAX
from cardbase.templatetags.catalogue import is_english

PAGE_SIZE = 30
Found = TypeVar("Found")


def _found(lookup: Callable[[], Found]) -> Found:
    try:
        return lookup()
    except (ObjectDoesNotExist, LookupError):
        raise Http404 from None


def _page(request: HttpRequest, rows: QuerySet) -> Page:
    try:
        return Paginator(rows, PAGE_SIZE).page(request.GET.get("page") or 1)
    except InvalidPage as error:
        raise Http404(str(error)) from None


def _render(request: HttpRequest, template: str, context: dict, *, valid: bool) -> HttpResponse:
    return render(request, template, context, status=200 if valid else 400)


def home(request: HttpRequest) -> HttpResponse:
    context = {"games": selectors.games_with_counts(), "search_form": SearchForm()}
    return render(request, "cardbase/home.html", context)


def _searched(
    text: str, *, cards: QuerySet[Card], game: Game | None = None
) -> tuple[SearchResults, QuerySyntaxError | None]:
    """What the search text finds (all of ``cards`` and no entries for an empty text), or
    nothing and the error."""
    try:
        return catalogue_search(text, game=game, cards=cards), None
    except QuerySyntaxError as error:
        return SearchResults(text, cards.none()), error


def _order(form: SearchForm) -> str:
    return form.cleaned_data.get("order", "") if form.is_valid() else ""


def search(request: HttpRequest) -> HttpResponse:
    form = SearchForm(request.GET)
    text = form.cleaned_data["q"] if form.is_valid() else ""
    results, error = _searched(text, cards=selectors.cards_everywhere())
    page = None
    if text and not error:
        ordered = selectors.cards_ordered(results.cards, order=_order(form), english=is_english())
        page = _page(request, ordered)
        if page.paginator.count == 1 and not results.entry_groups:
            card = page.object_list[0]  # the one card asked for: open it
            return redirect("cardbase:card-detail", game=card.game.slug, key=card.key)
    nothing = page is not None and not page.paginator.count and not results.entry_groups
    context = {
        "suggestions": extensions.name_suggestions(text=text) if nothing else (),
        "nothing_found": nothing,
        "search_form": form,
        "query": text,
        "query_error": error,
        "page": page,
        "results": results,
        "view": _view_mode(request),
    }
    return _render(request, "cardbase/search.html", context, valid=form.is_valid() and not error)


def syntax(request: HttpRequest) -> HttpResponse:
    return render(request, "cardbase/syntax.html", {"syntax": SYNTAX})


def catalogue(request: HttpRequest, game: str) -> HttpResponse:
    game_row = _found(lambda: selectors.game_get(slug=game))
    sections = selectors.game_sections(game=game_row)
    if not request.GET and sections and sections[0].url_name != "cardbase:catalogue":
        return redirect(sections[0].url)  # a game without cards opens on its first entries
    options = selectors.card_filter_options(game=game_row)
    form_class = KomandorCardFilterForm if game == selectors.KOMANDOR_SLUG else CardFilterForm
    form = form_class(request.GET, options=options)
    error = None
    page = None
    results = None
    if form.is_valid():
        cards = selectors.cards_filtered(game=game_row, filters=form.to_filters())
        results, error = _searched(form.cleaned_data["q"], cards=cards, game=game_row)
        ordered = selectors.cards_ordered(results.cards, order=_order(form), english=is_english())
        page = None if error else _page(request, ordered)
    context = {
        "game": game_row,
        "form": form,
        "query_error": error,
        "page": page,
        "results": results,
        "sections": sections,
        "type_names": selectors.card_type_names(game=game_row),
        "view": _view_mode(request),
    }
    return _render(request, "cardbase/catalogue.html", context, valid=form.is_valid() and not error)


def card_detail(request: HttpRequest, game: str, key: str) -> HttpResponse:
    game_row = _found(lambda: selectors.game_get(slug=game))
    card = _found(lambda: selectors.card_get(game=game_row, key=key))
    return render(request, "cardbase/card_detail.html", card_page_context(card=card))


def card_page_context(*, card: Card) -> dict:
    """What the card page shows of ``card`` (also the admin's draft preview: a draft card is
    seen exactly as players will see it)."""
    return {
        "game": card.game,
        "card": card,
        "face": card_face_of(card),
        "type_names": selectors.card_type_names(game=card.game),
    }


def card_by_id(request: HttpRequest, card_id: int) -> HttpResponse:
    """A card's page found by its id (the builder links catalogue rows this way)."""
    card = _found(lambda: selectors.card_by_id(card_id=card_id))
    return redirect("cardbase:card-detail", game=card.game.slug, key=card.key)


def card_face(request: HttpRequest, card_id: int) -> HttpResponse:
    """One card's face as an HTML fragment (the deck builder's hover preview)."""
    card = _found(lambda: selectors.card_by_id(card_id=card_id))
    if card_face_of(card) is None:
        raise Http404
    return render(request, "cardbase/card_face_fragment.html", {"card": card})


def notation(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "cardbase/notation.html",
        {"legend": notation_legend(), "notation_lang": notation_lang()},
    )


def _view_mode(request: HttpRequest) -> str:
    """Search results as card faces (``grid``) or as a table (``list``, the default)."""
    return "grid" if request.GET.get("view") == "grid" else "list"


def entry_list(request: HttpRequest, game: str, section: str) -> HttpResponse:
    game_row = _found(lambda: selectors.game_get(slug=game))
    section_row = _found(lambda: selectors.entry_section_get(slug=section))
    entries = selectors.entries_of(game=game_row, section=section_row)
    context = {
        "game": game_row,
        "title": section_row.label,
        "page": _page(request, entries),
        "detail_url": "cardbase:entry-detail",
        "detail_part": section_row.slug,
    }
    return render(request, "cardbase/entry_list.html", context)


def entry_detail(request: HttpRequest, game: str, section: str, key: str) -> HttpResponse:
    game_row = _found(lambda: selectors.game_get(slug=game))
    section_row = _found(lambda: selectors.entry_section_get(slug=section))
    entry = _found(lambda: selectors.entry_get(game=game_row, section=section_row, key=key))
    context = {
        "game": game_row,
        "entry": entry,
        "kind_label": section_row.model._meta.verbose_name,
        "list_url": "cardbase:entry-list",
        "list_part": section_row.slug,
        "list_label": section_row.label,
    }
    return render(request, "cardbase/entry_detail.html", context)


def component_list(request: HttpRequest, game: str, kind: str) -> HttpResponse:
    game_row = _found(lambda: selectors.game_get(slug=game))
    kind_row = _found(lambda: selectors.component_kind_get(value=kind))
    components = selectors.components_of(game=game_row, kind=kind_row)
    context = {
        "game": game_row,
        "title": kind_row.label,
        "page": _page(request, components),
        "detail_url": "cardbase:component-detail",
        "detail_part": kind_row.value,
    }
    return render(request, "cardbase/entry_list.html", context)


def component_detail(request: HttpRequest, game: str, kind: str, key: str) -> HttpResponse:
    game_row = _found(lambda: selectors.game_get(slug=game))
    kind_row = _found(lambda: selectors.component_kind_get(value=kind))
    entry = _found(lambda: selectors.component_get(game=game_row, kind=kind_row, key=key))
    context = {
        "game": game_row,
        "entry": entry,
        "kind_label": kind_row.label,
        "list_url": "cardbase:component-list",
        "list_part": kind_row.value,
        "list_label": kind_row.label,
    }
    return render(request, "cardbase/entry_detail.html", context)


def stated_counts(request: HttpRequest, game: str) -> HttpResponse:
    game_row = _found(lambda: selectors.game_get(slug=game))
    rows = selectors.stated_count_rows(game=game_row)
    return render(request, "cardbase/stated_counts.html", {"game": game_row, "rows": rows})
