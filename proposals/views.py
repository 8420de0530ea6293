"""Proposal pages: propose a printed card (or a correction), send it again after a publisher
asked for changes, one's own proposals with their status and the publisher's reason, one
proposal's page (where publishers decide it), the publishers' queue, and the live text of the
effects being built. Each view parses, calls one service or selector and renders."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardbase.card_faces import kind_label
from cardbase.editorial.drafts import can_publish
from cardbase.models import Card, Origin
from config.numbers import whole_number
from config.users import signed_in
from komandor.rules.cards import CardKind
from proposals import selectors, services
from proposals.effect_builder import EffectFormSet
from proposals.forms import (
    BuiltEffects,
    ProposalForm,
    effects_initial,
    errors_place,
    form_initial,
    proposal_form,
)
from proposals.generated_text import generated_text
from proposals.models import CardProposal
from proposals.services import ProposalLimitReached, proposal_row, proposal_submit

EFFECTS_PREFIX = "effects"


def _kind(value: str | None) -> CardKind | None:
    try:
        return CardKind(value or "")
    except ValueError:
        return None


def _corrected(request: HttpRequest) -> Card | None:
    card_id = whole_number(request.GET.get("card") or request.POST.get("card"))
    if card_id is None:
        return None
    card = Card.objects.filter(pk=card_id, game__slug=services.KOMANDOR).first()
    if card is None or card.origin == Origin.PROJECT:
        raise Http404
    return card


@login_required
def propose(request: HttpRequest) -> HttpResponse:
    """``?kind=`` chooses the form; ``?card=`` makes it a correction of that card."""
    card = _corrected(request)
    kind = _kind(request.POST.get("kind") or request.GET.get("kind")) or (
        _kind(card.card_type) if card is not None else None
    )
    if kind is None:
        kinds = [(k.value, kind_label(k.value)) for k in CardKind]
        return render(request, "proposals/choose_kind.html", {"kinds": kinds})
    return _proposal_page(request, kind=kind, card=card, proposal=None)


@login_required
def proposal_edit(request: HttpRequest, proposal_id: int) -> HttpResponse:
    proposal = selectors.proposal_for(user=request.user, proposal_id=proposal_id)
    if proposal is None or proposal.proposer_id != request.user.pk:
        raise Http404
    if proposal.draft.status not in services.OPEN_STATUSES:
        messages.error(request, _("This proposal was already decided."))
        return redirect("proposals:detail", proposal.pk)
    kind = CardKind(proposal.draft.values["card_type"])
    return _proposal_page(request, kind=kind, card=None, proposal=proposal)


def _page_initial(
    form_class: type[ProposalForm], *, card: Card | None, proposal: CardProposal | None
):
    """The form's and the builder's first values: the proposal sent, or the card corrected."""
    if proposal is not None:
        values = proposal.draft.values
        attributes = dict(values.get("attributes") or {})
        initial = {
            **form_initial(attributes, form_class),
            "printed_text": proposal.printed_text,
            "effects_gap": values.get("effects_gap", ""),
            "release_name": proposal.release_name,
            "collector_number": values.get("collector_number", ""),
            "note": proposal.draft.reason,
        }
    elif card is not None:
        attributes = dict(card.attributes or {})
        initial = {
            **form_initial(attributes, form_class),
            "printed_text": card.source_quote if card.origin == Origin.PLAYERS else "",
            "effects_gap": card.effects_gap,
            "collector_number": card.collector_number,
        }
        if card.release is not None and card.release.origin != Origin.PROJECT:
            initial["release"] = card.release.code
    else:
        return {}, []
    return initial, effects_initial(attributes, form_class.kind)


def _built(formset, kind: CardKind) -> BuiltEffects | None:
    return BuiltEffects(formset, kind) if formset.is_valid() else None


def _proposal_page(
    request: HttpRequest, *, kind: CardKind, card: Card | None, proposal: CardProposal | None
) -> HttpResponse:
    form_class = proposal_form(kind)
    generated = None
    if request.method == "POST":
        data: QueryDict = request.POST
        if "add_effect" in data:
            data = data.copy()
            total = whole_number(data.get(f"{EFFECTS_PREFIX}-TOTAL_FORMS")) or 0
            data[f"{EFFECTS_PREFIX}-TOTAL_FORMS"] = str(min(total + 1, EffectFormSet.max_num))
        form = form_class(data, request.FILES)
        formset = EffectFormSet(data, prefix=EFFECTS_PREFIX)
        built = _built(formset, kind)
        checking = "preview" in data or "add_effect" in data
        if built is not None:
            generated = generated_text(kind=kind, effects=built.effects, variants=built.variants)
        if built is not None and form.is_valid():
            proposal_data = _with_card(form.data_of(built.effects, built.variants), card)
            try:
                if checking:
                    proposal_row(data=proposal_data, proposer=signed_in(request), proposal=proposal)
                else:
                    sent = proposal_submit(
                        data=proposal_data,
                        proposer=signed_in(request),
                        photo=request.FILES.get("image"),
                        photo_size=getattr(request.FILES.get("image"), "size", None),
                        proposal=proposal,
                    )
                    messages.success(
                        request, _("Sent: a publisher will look at your card and its photo.")
                    )
                    return redirect("proposals:detail", sent.pk)
            except ValidationError as error:
                errors_place(error, form, built)
            except ProposalLimitReached as limit:
                form.add_error(None, limit.message)
        status = 200 if checking else 400
    else:
        initial, rows = _page_initial(form_class, card=card, proposal=proposal)
        form = form_class(initial=initial)
        formset = EffectFormSet(initial=rows, prefix=EFFECTS_PREFIX)
        status = 200
    context = {
        "form": form,
        "formset": formset,
        "kind": kind,
        "kind_label": kind_label(kind.value),
        "card": card,
        "proposal": proposal,
        "generated": generated,
        "has_photo": proposal is not None and bool(proposal.draft.values.get("image")),
        "view": selectors.proposal_view(proposal, with_duplicates=False) if proposal else None,
    }
    return render(request, "proposals/propose.html", context, status=status)


def _with_card(data: services.ProposalData, card: Card | None) -> services.ProposalData:
    if card is None:
        return data
    return services.ProposalData(**{**data.__dict__, "corrects": card.pk})


@login_required
@require_POST
def effects_text(request: HttpRequest) -> JsonResponse:
    """The live text: the builder's effects as the engine writes them, in both languages, with
    the effect language's problems (the page's script asks as the player builds)."""
    kind = _kind(request.POST.get("kind"))
    if kind is None:
        return JsonResponse({"code": "bad_kind", "message": _("Unknown card kind.")}, status=400)
    formset = EffectFormSet(request.POST, prefix=EFFECTS_PREFIX)
    if not formset.is_valid():
        problems = [
            {"path": f"{EFFECTS_PREFIX}-{index}-{name}", "message": " ".join(errors)}
            for index, form in enumerate(formset.forms)
            for name, errors in form.errors.items()
        ]
        return JsonResponse({"text": {"ru": [], "en": []}, "problems": problems})
    built = BuiltEffects(formset, kind)
    return JsonResponse(
        generated_text(kind=kind, effects=built.effects, variants=built.variants).as_json()
    )


@login_required
def proposals_mine(request: HttpRequest) -> HttpResponse:
    views = [
        selectors.proposal_view(p, with_duplicates=False)
        for p in selectors.proposals_of(user=signed_in(request))
    ]
    return render(request, "proposals/mine.html", {"views": views})


@login_required
def proposals_waiting(request: HttpRequest) -> HttpResponse:
    if not selectors.can_see_all(request.user):
        raise PermissionDenied
    views = [
        selectors.proposal_view(p, with_duplicates=True) for p in selectors.proposals_waiting()
    ]
    return render(request, "proposals/waiting.html", {"views": views})


@login_required
def proposal_detail(request: HttpRequest, proposal_id: int) -> HttpResponse:
    proposal = selectors.proposal_for(user=request.user, proposal_id=proposal_id)
    if proposal is None:
        raise Http404
    context = {
        "view": selectors.proposal_view(proposal),
        "can_decide": can_publish(request.user),
        "is_mine": proposal.proposer_id == request.user.pk,
    }
    return render(request, "proposals/detail.html", context)


DECISIONS = {
    "publish": None,
    "return": services.proposal_return,
    "reject": services.proposal_reject,
}


@login_required
@require_POST
def proposal_decide(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """A publisher's decision: ``decision`` publish, return (ask for changes) or reject, with
    ``reason`` (required but for publishing)."""
    if not can_publish(request.user):
        raise PermissionDenied
    proposal = selectors.proposal_for(user=request.user, proposal_id=proposal_id)
    if proposal is None:
        raise Http404
    decision = request.POST.get("decision", "")
    if decision not in DECISIONS:
        messages.error(request, _("Choose publish, ask for changes or reject."))
        return redirect("proposals:detail", proposal.pk)
    try:
        if decision == "publish":
            card = services.proposal_publish(proposal=proposal, user=signed_in(request))
            messages.success(request, _("Published: players see the card now."))
            return redirect("cardbase:card-detail", card.game.slug, card.key)
        decide = DECISIONS[decision]
        assert decide is not None  # "publish", the one without a reason, is handled above
        decide(proposal=proposal, user=signed_in(request), reason=request.POST.get("reason", ""))
    except ValidationError as error:
        messages.error(request, " ".join(_messages(error)))
    else:
        messages.success(request, _("Decided; the player sees it on his page."))
    return redirect("proposals:detail", proposal.pk)


def _messages(error: ValidationError) -> list[str]:
    if hasattr(error, "error_dict"):
        return [m for items in error.message_dict.values() for m in items]
    return list(error.messages)
