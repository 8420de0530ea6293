"""Reading proposals: whose a viewer may see, and one proposal as its pages and the API show it
— the card it would publish, its photo, the printed text beside the text the engine makes of
its effects, what it changes on a card it corrects, and the names it may duplicate."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from cardbase.card_images import ImageUrls, image_stored, image_urls
from cardbase.editorial.drafts import can_publish, draft_diff, draft_instance
from cardbase.editorial.rows import FieldChange
from cardbase.models import Card, Draft
from cardbase.rules_text import RulesText, rules_text_of
from komandor.rules.names import name_key
from proposals.models import CardProposal
from proposals.services import KOMANDOR, OPEN_STATUSES

MAX_DUPLICATES = 5


def proposals_of(*, user: User) -> QuerySet[CardProposal]:
    return CardProposal.objects.filter(proposer=user).select_related("draft")


def proposals_waiting() -> QuerySet[CardProposal]:
    """The publishers' queue: proposals waiting for a decision, oldest first."""
    return (
        CardProposal.objects.filter(draft__status=Draft.Status.PENDING)
        .select_related("draft", "proposer")
        .order_by("submitted_at", "pk")
    )


def can_see_all(user: User | AnonymousUser) -> bool:
    return user.is_authenticated and (can_publish(user) or user.has_perm("cardbase.view_draft"))


def proposal_for(*, user: User | AnonymousUser, proposal_id: int) -> CardProposal | None:
    """The proposal, if ``user`` may see it: his own, or any for the content staff."""
    if not user.is_authenticated:
        return None
    rows = CardProposal.objects.select_related("draft", "proposer")
    if not can_see_all(user):
        rows = rows.filter(proposer=user)
    return rows.filter(pk=proposal_id).first()


@dataclass(frozen=True)
class Duplicate:
    """A card or another open proposal whose name is the same (``same``) or close (``near``)."""

    name: str
    closeness: str  # "same" or "near"
    card: Card | None = None
    proposal_id: int | None = None


def duplicates_of(
    *, name: str, card_id: int | None = None, proposal_id: int | None = None
) -> list[Duplicate]:
    """Catalogue cards and open proposals named like ``name`` — the deck import's name matcher
    (exact by folded name, near by its spelling suggestions) — leaving out the card a
    correction is about and the proposal itself."""
    from decks.selectors import catalogue_index

    wanted = name_key(name)
    if not wanted:
        return []
    suggested = catalogue_index().suggest(name)
    near = Card.objects.filter(game__slug=KOMANDOR, name_ru__in=suggested)
    if card_id is not None:
        near = near.exclude(pk=card_id)
    cards = {card.name_ru: card for card in near}
    found = [
        Duplicate(
            card_name, "same" if name_key(card_name) == wanted else "near", card=cards[card_name]
        )
        for card_name in suggested
        if card_name in cards
    ]
    others = CardProposal.objects.filter(draft__status__in=OPEN_STATUSES, draft__object_id=None)
    if proposal_id is not None:
        others = others.exclude(pk=proposal_id)
    for other in others.select_related("draft"):
        other_name = str(other.draft.values.get("name_ru") or "")
        if name_key(other_name) == wanted:
            found.append(Duplicate(other_name, "same", proposal_id=other.pk))
    found.sort(key=lambda duplicate: duplicate.closeness != "same")
    return found[:MAX_DUPLICATES]


@dataclass
class ProposalView:
    """One proposal as shown: ``card`` is what publishing gives (unsaved), ``live`` the card
    it corrects or — once published — the card it became."""

    proposal: CardProposal
    card: Card
    live: Card | None
    image: ImageUrls | None
    photo_removed: bool  # rejected, and its photo's files removed (cardbase/image_keeping.py)
    rules: RulesText | None
    has_effects: bool
    changes: list[FieldChange] = field(default_factory=list)
    duplicates: list[Duplicate] = field(default_factory=list)

    @property
    def draft(self) -> Draft:
        return self.proposal.draft

    @property
    def status(self) -> str:
        return self.draft.status

    @property
    def is_open(self) -> bool:
        return self.draft.status in OPEN_STATUSES

    @property
    def corrects(self) -> bool:
        """A correction of a catalogue card (a new card's draft starts from nothing)."""
        return bool(self.draft.base)

    @property
    def is_published(self) -> bool:
        return self.draft.status == Draft.Status.PUBLISHED

    @property
    def submitted_at(self) -> datetime:
        return self.proposal.submitted_at


def proposal_view(proposal: CardProposal, *, with_duplicates: bool = True) -> ProposalView:
    draft = proposal.draft
    live = Card.all_objects.filter(pk=draft.object_id).first() if draft.object_id else None
    if draft.status == Draft.Status.PUBLISHED and live is not None:
        card = live
    elif draft.object_id is None or live is not None:
        card = cast(Card, draft_instance(draft=draft))  # a proposal's draft is of a card
    else:
        card = draft_row(draft)  # the card it corrected is gone
    attributes: dict[str, Any] = draft.values.get("attributes") or {}
    rules = rules_text_of(game_slug=KOMANDOR, attributes=attributes, text="")
    effects = bool(attributes.get("effects")) or any(
        isinstance(variant, list) and variant for variant in attributes.get("variants") or ()
    )
    changes = draft_diff(draft=draft) if draft.base and draft.status in OPEN_STATUSES else []
    duplicates = []
    if with_duplicates and draft.status in OPEN_STATUSES:
        duplicates = duplicates_of(
            name=str(draft.values.get("name_ru") or ""),
            card_id=draft.object_id,
            proposal_id=proposal.pk,
        )
    digest = str(draft.values.get("image") or "")
    # Only a rejected proposal's photo may be gone: an open or published one is always kept.
    removed = draft.status == Draft.Status.REJECTED and bool(digest) and not image_stored(digest)
    return ProposalView(
        proposal=proposal,
        card=card,
        live=live,
        image=None if removed else image_urls(digest),
        photo_removed=removed,
        rules=rules if effects else None,
        has_effects=effects,
        changes=changes,
        duplicates=duplicates,
    )


def draft_row(draft: Draft) -> Card:
    """The card as the draft holds it (the row it became may since have been deleted)."""
    from cardbase.editorial.rows import row_apply

    row = Card()
    row_apply(row, draft.values)
    return row
