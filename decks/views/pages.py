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
from decks import selectors, services
from decks.forms import (
    CatalogueFilterForm,
    DeckBuilderForm,
    DeckImportForm,
    DeckNewForm,
    PublicDeckSearchForm,
)
from decks.messages import localised, localised_report
from decks.models import Deck
from decks.text_format import DeckTextError
from decks.values import DeckContent
from decks.version_diff import changes_named, version_changes
from matches.engine.cards import CardKind
from matches.engine.rules import (
    MAX_REDEALS,
    REDEAL_PENALTY,
    SETUP_DRAW,
    SETUP_HAND_SIZE,
    SETUP_MAX_OBJECTS,
    SETUP_RESOURCES,
)


@login_required
def deck_list(request):
    return render(
        request,
        "decks/list.html",
        {"decks": selectors.decks_owned(user=request.user), "new_form": DeckNewForm()},
    )


def deck_public(request):
    form = PublicDeckSearchForm(request.GET)
    valid = form.is_valid()
    decks = selectors.decks_public(text=form.cleaned_data["q"])[:100] if valid else []
    return render(
        request,
        "decks/public.html",
        {"decks": decks, "form": form},
        status=200 if valid else 400,
    )


def deck_precons(request):
    return render(request, "decks/precons.html", {"decks": selectors.decks_precon()})


@login_required
@require_POST
def deck_new(request):
    form = DeckNewForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the deck a name."))
        return redirect("decks:list")
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
    return render(request, "decks/detail.html", _deck_context(deck))


def deck_shared(request, token: str):
    deck = selectors.deck_shared(token=token)
    if deck is None:
        raise Http404(_("No such deck."))
    return render(request, "decks/detail.html", _deck_context(deck))


def _owned_or_404(request, deck_id: int) -> Deck:
    deck = selectors.deck_owned(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    return deck


def _catalogue(params) -> tuple[Page | list, str, CatalogueFilterForm]:
    """One page of the builder's catalogue for ``params`` (the page's GET), and an error."""
    form = CatalogueFilterForm(params)
    if not form.is_valid():
        return [], " ".join(str(e) for errors in form.errors.values() for e in errors), form
    try:
        cards = selectors.builder_catalogue(filters=form.filters())
    except QuerySyntaxError as error:
        return (
            [],
            _("Search: %(message)s (at “%(term)s”)")
            % {"message": error.message, "term": error.term},
            form,
        )
    paginator = Paginator(cards, selectors.CATALOGUE_PAGE_SIZE)
    return paginator.get_page(form.cleaned_data["page"] or 1), "", form


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
            "name": deck.name,
            "description": deck.description,
            "visibility": deck.visibility,
            "commander": deck.commander_id,
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
            messages.success(request, _("Deck saved."))
            target = reverse("decks:edit", kwargs={"deck_id": deck.id})
            query = request.POST.get("q", "")
            return redirect(f"{target}?{urlencode({'q': query})}" if query else target)
    catalogue, search_error, filters = _catalogue(request.GET)
    context = _deck_context(deck)
    context.update(
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


@login_required
def deck_import(request):
    form = DeckImportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            deck = services.deck_import(
                owner=request.user, name=form.cleaned_data["name"], source=form.cleaned_data["text"]
            )
        except DeckTextError as error:
            for line in error.errors:
                message = localised(line.to_dict())["message"]
                if line.suggestions:
                    message += " " + _("Did you mean: %(names)s?") % {
                        "names": "; ".join(line.suggestions)
                    }
                form.add_error("text", message)
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
        # The deck file: python -m matches.engine.play plays it as it is.
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
