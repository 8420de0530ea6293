"""Deck pages: my decks, public search, builder, deck view, import, export, clone."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardbase.card_faces import kind_label
from cardbase.display_names import card_names_shown
from cardbase.search.query import QuerySyntaxError
from decks import collection, selectors, services
from decks.forms import (
    CatalogueFilterForm,
    DeckBuilderForm,
    DeckImportForm,
    DeckNewForm,
    DrawOddsForm,
    PublicDeckSearchForm,
)
from decks.messages import localised, localised_report
from decks.models import Deck
from decks.statistics import CardGroup, draw_odds
from decks.suggestions import name_suggestions
from decks.text_format import DeckTextError
from decks.values import TAG_MAX_LENGTH, DeckContent
from decks.version_diff import changes_named, version_changes
from komandor.rules.cards import CardKind
from komandor.rules.rules import (
    MAX_REDEALS,
    REDEAL_PENALTY,
    SETUP_DRAW,
    SETUP_HAND_SIZE,
    SETUP_MAX_OBJECTS,
    SETUP_RESOURCES,
)


def _tag(request) -> str:
    return request.GET.get("tag", "").strip().lower()[:TAG_MAX_LENGTH]


def _buildable(request, decks):
    """``decks`` narrowed to those the viewer's collection can build when the page asks."""
    if request.GET.get("buildable") and request.user.is_authenticated:
        return collection.decks_buildable(user=request.user, decks=decks), True
    return decks, False


@login_required
def deck_list(request):
    tag = _tag(request)
    decks = selectors.decks_tagged(decks=selectors.decks_owned(user=request.user), tag=tag)
    return render(
        request,
        "decks/list.html",
        {"decks": decks.prefetch_related("tags"), "new_form": DeckNewForm(), "tag": tag},
    )


def deck_public(request):
    form = PublicDeckSearchForm(request.GET)
    valid = form.is_valid()
    tag = _tag(request)
    decks, buildable = [], False
    if valid:
        found = selectors.decks_tagged(
            decks=selectors.decks_public(text=form.cleaned_data["q"]), tag=tag
        )
        found, buildable = _buildable(request, found)
        decks = found.prefetch_related("tags")[:100]
    return render(
        request,
        "decks/public.html",
        {"decks": decks, "form": form, "tag": tag, "buildable": buildable},
        status=200 if valid else 400,
    )


def deck_precons(request):
    decks, buildable = _buildable(request, selectors.decks_precon())
    return render(request, "decks/precons.html", {"decks": decks, "buildable": buildable})


@login_required
def deck_new(request):
    """The new-deck form (a Commander's id in ``?commander=`` chooses him); its POST makes
    the deck and opens the builder."""
    if request.method != "POST":
        form = DeckNewForm(initial={"commander": request.GET.get("commander", "")[:20]})
        return render(request, "decks/new.html", {"form": form})
    form = DeckNewForm(request.POST)
    if not form.is_valid():
        return render(request, "decks/new.html", {"form": form}, status=400)
    commander = form.cleaned_data.get("commander")
    deck = services.deck_create(
        owner=request.user,
        name=form.cleaned_data["name"],
        content=DeckContent(commander_id=commander.id if commander else None),
    )
    return redirect("decks:edit", deck_id=deck.id)


def _deck_context(deck: Deck) -> dict:
    content = selectors.deck_content(deck=deck)
    report = localised_report(selectors.deck_check(content=content))
    return {
        "deck": deck,
        "entries": selectors.entry_rows(deck=deck),
        "report": report,
        "curve": _curve(report["stats"]),
        "kinds": [
            {"kind": kind, "label": kind_label(kind), "count": count}
            for kind, count in report["stats"]["by_kind"].items()
        ],
        "kind_labels": kind_labels(),
        "deck_text": services.deck_export_text(deck=deck, english=_is_english()),
    }


def _is_english() -> bool:
    return (get_language() or "ru").startswith("en")


def kind_labels() -> dict[str, str]:
    """Every card kind's label in the interface language, in the rule book's order."""
    return {kind.value: kind_label(kind.value) for kind in CardKind}


# The book's setup numbers for the builder's sample hand (SETUP-2, SETUP-3, SETUP-5, SETUP-14,
# SETUP-15, MULL-1, MULL-2), read from the engine's rules module.
SETUP_RULES = {
    "draw": SETUP_DRAW,
    "penalty": REDEAL_PENALTY,
    "max_redeals": MAX_REDEALS,
    "hand": SETUP_HAND_SIZE,
    "resources": SETUP_RESOURCES,
    "max_objects": SETUP_MAX_OBJECTS,
}


def _curve(stats: dict) -> list[dict]:
    top = max((point["count"] for point in stats["cost_curve"]), default=0) or 1
    return [
        {**point, "percent": round(100 * point["count"] / top)} for point in stats["cost_curve"]
    ]


def deck_detail(request, deck_id: int):
    deck = selectors.deck_visible(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    return render(request, "decks/detail.html", _detail_context(request, deck))


def deck_shared(request, token: str):
    deck = selectors.deck_shared(token=token)
    if deck is None:
        raise Http404(_("No such deck."))
    return render(request, "decks/detail.html", _detail_context(request, deck))


def _detail_context(request, deck: Deck) -> dict:
    """The deck page: the deck, its draw odds, tags, and the decks to compare it with."""
    language = get_language() or "ru"
    others = selectors.decks_to_compare(user=request.user, deck=deck)
    return {
        **_deck_context(deck),
        "odds": draw_odds_context(deck=deck, params=request.GET),
        "tags": list(deck.tags.values_list("name", flat=True)),
        "compare_choices": [
            {"id": other.id, "label": other.localised_name(language)} for other in others
        ],
    }


def _owned_or_404(request, deck_id: int) -> Deck:
    deck = selectors.deck_owned(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    return deck


def _catalogue(params, user) -> tuple[Page | list, str, CatalogueFilterForm, dict]:
    """One page of the builder's catalogue for ``params`` (the page's GET), an error, and
    why a search found nothing (``empty``: the query, the nearest names, whether filters
    narrowed it)."""
    form = CatalogueFilterForm(params)
    if not form.is_valid():
        errors = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return [], errors, form, {}
    filters = form.filters()
    try:
        cards = selectors.builder_catalogue(filters=filters, user=user)
    except QuerySyntaxError as error:
        return (
            [],
            _("Search: %(message)s (at “%(term)s”)")
            % {"message": error.message, "term": error.term},
            form,
            {},
        )
    paginator = Paginator(cards, selectors.CATALOGUE_PAGE_SIZE)
    page = paginator.get_page(form.cleaned_data["page"] or 1)
    return page, "", form, empty_search(filters) if not paginator.count else {}


def empty_search(filters: selectors.CatalogueFilters) -> dict:
    """What the builder says when its catalogue search finds nothing."""
    return {
        "query": filters.query,
        "suggestions": name_suggestions(text=filters.query),
        "filtered": bool(
            filters.kind
            or filters.cost_min is not None
            or filters.cost_max is not None
            or filters.faction
            or filters.owned_only
        ),
    }


def _builder_groups(deck: Deck) -> list[dict]:
    """The deck's entries grouped by card kind, in the book's order of kinds."""
    setup = dict(deck.setup_abilities.values_list("card_id", "count"))
    labels = kind_labels()
    groups: dict[str, dict] = {
        kind: {"kind": kind, "label": label, "rows": [], "count": 0}
        for kind, label in labels.items()
    }
    for entry in selectors.entry_rows(deck=deck):
        group = groups.setdefault(
            entry.card.card_type,
            {"kind": entry.card.card_type, "label": entry.card.card_type, "rows": [], "count": 0},
        )
        group["rows"].append({"entry": entry, "setup": setup.pop(entry.card_id, 0)})
        group["count"] += entry.count
    return [group for group in groups.values() if group["rows"]]


def _paging_query(params) -> str:
    """The catalogue's query string without its page, for the page links."""
    kept = params.copy()
    kept.pop("page", None)
    return kept.urlencode()


@login_required
def deck_edit(request, deck_id: int):
    deck = _owned_or_404(request, deck_id)
    query = request.GET.get("q", "")
    form = DeckBuilderForm(
        request.POST or None,
        initial={
            "name": deck.localised_name(get_language() or ""),
            "description": deck.description,
            "visibility": deck.visibility,
            "commander": deck.commander_id,
            "tags": ", ".join(deck.tags.values_list("name", flat=True)),
        },
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.deck_update(
                deck=deck,
                content=data["content"],
                name=data["name"],
                description=data["description"],
                visibility=data["visibility"],
            )
        except selectors.UnknownCards as error:
            form.add_error(None, _("No card with id %(ids)s.") % {"ids": error.ids})
        else:
            services.deck_tags_set(deck=deck, text=data["tags"])
            messages.success(request, _("Deck saved."))
            target = reverse("decks:edit", kwargs={"deck_id": deck.id})
            query = request.POST.get("q", "")
            return redirect(f"{target}?{urlencode({'q': query})}" if query else target)
    catalogue, search_error, filters, empty = _catalogue(request.GET, request.user)
    context = _deck_context(deck)
    owned = collection.owned_counts(user=request.user) or None
    context.update(
        owned=owned,
        missing=_missing(deck, owned),
        empty=empty,
        odds=draw_odds_context(deck=deck, params={}),
        form=form,
        groups=_builder_groups(deck),
        q=query,
        catalogue=catalogue,
        filters=filters,
        paging=_paging_query(request.GET),
        search_error=search_error,
        setup_rules=SETUP_RULES,
    )
    return render(request, "decks/builder.html", context)


def text_errors_to_form(form, error: DeckTextError) -> None:
    """Each unreadable line of a deck text as an error of the form's ``text`` field, in the
    page's language, with the names it may have meant (the import and the collection)."""
    for line in error.errors:
        message = localised(line.to_dict())["message"]
        if line.suggestions:
            message += " " + _("Did you mean: %(names)s?") % {"names": "; ".join(line.suggestions)}
        form.add_error("text", message)


@login_required
def deck_import(request):
    form = DeckImportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            deck = services.deck_import(
                owner=request.user, name=form.cleaned_data["name"], source=form.cleaned_data["text"]
            )
        except DeckTextError as error:
            text_errors_to_form(form, error)
        else:
            count = sum(entry.count for entry in deck.entries.all())
            messages.success(
                request,
                ngettext("Deck imported: %(count)s card.", "Deck imported: %(count)s cards.", count)
                % {"count": count},
            )
            return redirect("decks:detail", deck_id=deck.id)
    return render(request, "decks/import.html", {"form": form})


def deck_export_text(request, deck_id: int):
    deck = selectors.deck_visible(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    response = HttpResponse(
        services.deck_export_text(deck=deck, english=_is_english()),
        content_type="text/plain; charset=utf-8",
    )
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="deck-{deck.id}.txt"'
    return response


def deck_export_json(request, deck_id: int):
    deck = selectors.deck_visible(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    response = JsonResponse(
        services.deck_export_json(deck=deck), json_dumps_params={"ensure_ascii": False}
    )
    if request.GET.get("download"):
        # The deck file: python -m komandor.play plays it as it is.
        response["Content-Disposition"] = f'attachment; filename="deck-{deck.id}.json"'
    return response


@login_required
@require_POST
def deck_clone(request, deck_id: int):
    deck = selectors.deck_visible(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    copy = services.deck_clone(deck=deck, owner=request.user)
    messages.success(request, _("Deck copied to your decks."))
    return redirect("decks:edit", deck_id=copy.id)


@login_required
def deck_delete(request, deck_id: int):
    """GET asks "delete this deck?"; only the confirming POST deletes it."""
    deck = _owned_or_404(request, deck_id)
    if request.method != "POST":
        return render(request, "decks/delete.html", {"deck": deck})
    try:
        services.deck_delete(deck=deck)
    except services.DeckGone:
        raise Http404(_("No such deck.")) from None
    except services.DeckInUse:
        messages.error(request, _("Matches were played with this deck, so it is kept."))
        return redirect("decks:detail", deck_id=deck.id)
    messages.success(request, _("Deck deleted."))
    return redirect("decks:list")


def _missing(deck: Deck, owned: dict[int, int] | None) -> int | None:
    """Copies the deck needs beyond the viewer's collection (None: no collection)."""
    if owned is None:
        return None
    needed = collection.needed_counts(selectors.deck_content(deck=deck))
    return sum(collection.missing_counts(needed=needed, owned=owned).values())


def draw_odds_context(*, deck: Deck, params) -> dict:
    """The draw-odds table of the deck as saved for the GET ``params`` (group, at least)."""
    form = DrawOddsForm(params)
    valid = form.is_valid()
    group_text = (form.cleaned_data.get("group") if valid else "") or "kind:ship"
    at_least = (form.cleaned_data.get("at_least") if valid else None) or 1
    group = CardGroup.from_text(group_text) or CardGroup("kind", "ship")
    content = selectors.deck_content(deck=deck)
    draft = selectors.deck_draft(content=content)
    return {
        "group": f"{group.by}:{group.value}",
        "at_least": at_least,
        "rows": draw_odds(draft, group=group, at_least=at_least),
        "choices": odds_choices(draft),
    }


def odds_choices(draft) -> list[tuple[str, str]]:
    """The groups the odds can be asked for: each kind, each cost, each card of the deck."""
    labels = kind_labels()
    order = {kind: at for at, kind in enumerate(labels)}
    # The book's order of kinds; a card of another game (a deck may hold one, illegally) last.
    kinds = sorted({card.kind for card, _ in draft.entries}, key=lambda k: (order.get(k, 99), k))
    costs = sorted({card.cost for card, _ in draft.entries if card.cost is not None})
    cards = sorted({(card.name, card.id) for card, _ in draft.entries})
    shown = card_names_shown({name for name, _ in cards})  # in the page's language
    return (
        [(f"kind:{kind}", labels.get(kind, kind)) for kind in kinds]
        + [(f"cost:{cost}", _("cost %(cost)s") % {"cost": cost}) for cost in costs]
        + [(f"card:{card_id}", shown.get(name, name)) for name, card_id in cards]
    )


def deck_history(request, deck_id: int):
    """The deck's saved versions, newest first, each with what changed since the one before."""
    deck = selectors.deck_visible(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    versions = list(selectors.deck_versions(deck=deck, user=request.user).order_by("number"))
    changes = [
        version_changes(previous.snapshot if previous else None, version.snapshot)
        for previous, version in zip([None, *versions], versions, strict=False)
    ]
    names = card_names_shown(
        name
        for change in changes
        for name in (
            change.commander_before,
            change.commander_after,
            *(card.name for card in (*change.cards, *change.setup_abilities)),
        )
    )
    rows = [
        {
            "version": version,
            "changes": changes_named(change, names),
            "is_first": number == 0,  # its changes are simply the whole list
        }
        for number, (version, change) in enumerate(zip(versions, changes, strict=True))
    ]
    return render(request, "decks/history.html", {"deck": deck, "rows": rows[::-1]})
