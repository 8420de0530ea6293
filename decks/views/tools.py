"""Deck pages beyond building: print, proxies, compare, restore a version, the collection."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from cardbase.models import Card
from config.spreadsheet import csv_response
from decks import collection, selectors, services
from decks.comparison import deck_comparison, snapshot_content
from decks.forms import CollectionImportForm, DeckCompareForm
from decks.messages import localised, localised_report
from decks.models import Deck, DeckVersion
from decks.text_format import DeckTextError, LineError
from decks.views.pages import kind_labels, text_errors_to_form

PROXIES_PER_PAGE = 9  # a 3 × 3 grid of 63 × 88 mm cards fills an A4 page


def _visible_or_404(request, deck_id: int) -> Deck:
    deck = selectors.deck_visible(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    return deck


def deck_print(request, deck_id: int):
    """The decklist on paper: grouped by kind, with counts, for a tournament or a binder."""
    deck = _visible_or_404(request, deck_id)
    entries = list(selectors.entry_rows(deck=deck))
    labels = kind_labels()
    groups = [
        {
            "label": label,
            "entries": [e for e in entries if e.card.card_type == kind],
            "count": sum(e.count for e in entries if e.card.card_type == kind),
        }
        for kind, label in labels.items()
    ]
    report = localised_report(selectors.deck_check(content=selectors.deck_content(deck=deck)))
    return render(
        request,
        "decks/print.html",
        {"deck": deck, "groups": [g for g in groups if g["entries"]], "report": report},
    )


def deck_proxies(request, deck_id: int):
    """Every copy of every card as its face, nine to an A4 page (the Commander first)."""
    deck = _visible_or_404(request, deck_id)
    cards: list[Card] = [deck.commander] if deck.commander is not None else []
    for entry in selectors.entry_rows(deck=deck):
        cards.extend([entry.card] * entry.count)
    pages = [cards[at : at + PROXIES_PER_PAGE] for at in range(0, len(cards), PROXIES_PER_PAGE)]
    return render(request, "decks/proxies.html", {"deck": deck, "pages": pages})


def _side(request, deck_id: int, number: int | None) -> tuple[Deck, DeckVersion]:
    deck = _visible_or_404(request, deck_id)
    versions = selectors.deck_versions(deck=deck, user=request.user)
    version = (
        versions.filter(number=number).first() if number else versions.order_by("-number").first()
    )
    if version is None:
        raise Http404(_("No such version."))
    return deck, version


def _side_context(deck: Deck, version: DeckVersion) -> dict:
    content = snapshot_content(version.snapshot)
    try:
        report = localised_report(selectors.deck_check(content=content))
    except selectors.UnknownCards:
        report = None  # a card of it has left the catalogue: no statistics, the list stays
    labels = kind_labels()
    kinds = [
        {"kind": kind, "label": labels.get(kind, kind), "count": count}
        for kind, count in (report["stats"]["by_kind"].items() if report else ())
    ]
    return {"deck": deck, "version": version, "report": report, "kinds": kinds}


def deck_compare(request):
    """Two decks (or two versions) side by side: cards added, removed, changed, and both
    decks' checks and statistics."""
    form = DeckCompareForm(request.GET)
    if not form.is_valid():
        return render(request, "decks/compare.html", {"form": form}, status=400)
    data = form.cleaned_data
    first = _side(request, data["a"], data["av"])
    second = _side(request, data["b"], data["bv"])
    return render(
        request,
        "decks/compare.html",
        {
            "form": form,
            "first": _side_context(*first),
            "second": _side_context(*second),
            "comparison": deck_comparison(first[1].snapshot, second[1].snapshot),
        },
    )


@login_required
@require_POST
def deck_version_restore(request, deck_id: int, number: int):
    deck = selectors.deck_owned(user=request.user, deck_id=deck_id)
    if deck is None:
        raise Http404(_("No such deck."))
    try:
        version = services.deck_version_restore(deck=deck, number=number)
    except DeckVersion.DoesNotExist:
        raise Http404(_("No such version.")) from None
    except selectors.UnknownCards:
        messages.error(request, _("A card of that version is no longer in the catalogue."))
        return redirect("decks:history", deck_id=deck.id)
    except services.DeckGone:
        raise Http404(_("No such deck.")) from None
    messages.success(
        request,
        _("Version %(old)s restored as version %(new)s.") % {"old": number, "new": version.number},
    )
    return redirect("decks:detail", deck_id=deck.id)


@login_required
def collection_page(request):
    """The cards the player owns: counts to edit, and import and export. An import takes the
    lines that read; the others are listed with the names they may have meant, and left in
    the box to correct and import again."""
    form = CollectionImportForm(request.POST or None)
    if request.method == "POST" and "counts" in request.POST:
        return _collection_counts_save(request)
    problems: list[dict] = []
    if request.method == "POST" and form.is_valid():
        source = form.cleaned_data["text"]
        try:
            result = collection.collection_import(
                user=request.user, source=source, replace=form.cleaned_data["replace"]
            )
        except DeckTextError as error:
            text_errors_to_form(form, error)
        else:
            if result.copies:
                messages.success(request, _imported_message(result.copies))
            if not result.problems:
                return redirect("decks:collection")
            problems = [problem_shown(problem) for problem in result.problems]
            form = CollectionImportForm(initial={"text": lines_again(source, result.problems)})
    rows = collection.collection_rows(user=request.user)
    return render(
        request,
        "decks/collection.html",
        {
            "form": form,
            "rows": rows,
            "total": sum(row.count for row in rows),
            "problems": problems,
        },
    )


def _imported_message(copies: int) -> str:
    return ngettext(
        "Collection imported: %(count)s card.", "Collection imported: %(count)s cards.", copies
    ) % {"count": copies}


def problem_shown(problem: LineError) -> dict:
    """A line that did not import, in the page's language: its line, text, words and the
    names it may have meant."""
    return {
        "line": problem.line,
        "text": problem.text,
        "message": localised(problem.to_dict())["message"],
        "suggestions": list(problem.suggestions),
    }


def lines_again(source: str, problems) -> str:
    """The lines of ``source`` that did not import, to correct and import again (a CSV keeps
    its header, so it still reads as CSV)."""
    lines = source.splitlines()
    wanted = sorted({p.line for p in problems if 1 <= p.line <= len(lines)})
    kept = [lines[number - 1] for number in wanted]
    if collection.looks_like_csv(source):
        kept.insert(0, ",".join(collection.CSV_COLUMNS))
    return "\n".join(kept)


def _collection_counts_save(request):
    counts = {}
    for key, value in request.POST.items():
        if key.startswith("owned_"):
            card, count = key.removeprefix("owned_"), value.strip()
            if card.isdigit() and count.isdigit() and int(count) <= 999 and len(card) < 19:
                counts[int(card)] = int(count)
    try:
        collection.collection_set_counts(user=request.user, counts=counts)
    except selectors.UnknownCards:
        messages.error(request, _("A card of the list is no longer in the catalogue."))
    else:
        messages.success(request, _("Collection saved."))
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)  # the card page it was changed on
    return redirect("decks:collection")


@login_required
def collection_export(request, form: str):
    if form == "csv":
        return csv_response(
            collection.collection_export_csv(user=request.user), filename="collection.csv"
        )
    body = collection.collection_export_text(user=request.user, title=_("My collection"))
    return HttpResponse(body, content_type="text/plain; charset=utf-8")
