"""Card proposals: a player sends a printed card with its photo; a publisher publishes it, asks
for changes or rejects it with a reason.

One check serves the page and the API (``proposal_row``): the card's ``attributes`` in the
catalogue's shape go through the catalogue's own card checker (``card_attributes_clean``,
the engine's card schema and effect language), the photo through ``card_images.photo_read``,
and the row through the model's checks. Every problem is collected and raised at once as a
``ValidationError`` keyed by the input it is about — ``attributes.<path>`` for a stat or an
effect (``attributes.weapons.plasma.power``, ``attributes.effects.0.targets.side``),
``printed_text``, ``image``, ``release``, ``collector_number``, ``card`` — and nothing is
written: the photo's files are stored only after every check passed, and removed again should
the database write fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import IO, Any, cast

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from cardbase.card_images import (
    CardPhoto,
    PhotoRefused,
    files_remove,
    image_stored,
    photo_read,
    photo_store,
)
from cardbase.display_names import transliteration
from cardbase.editorial.drafts import drafts_publish, drafts_reject, drafts_return
from cardbase.editorial.history import revision_record
from cardbase.editorial.rows import row_values
from cardbase.image_keeping import draft_image, images_release_on_commit
from cardbase.models import Card, Draft, Game, Origin, Release
from cardbase.services.card_rules import card_attributes_clean
from komandor.rules.cards import CardKind
from komandor.rules.names import fold_text
from proposals.models import CardProposal

KOMANDOR = "komandor"
MAX_PRINTED_TEXT = 3000
MAX_GAP_TEXT = 2000
MAX_NOTE = 1000
MAX_REASON = 2000
# The catalogue row's column for each fact the card's attributes state.
COLUMN_OF = {"kind": "card_type", "name": "name_ru", "cost": "cost", "rarity": "rarity"}
ATTRIBUTE_OF = {column: f"attributes.{key}" for key, column in COLUMN_OF.items()}
# Model fields whose errors belong to another input of the proposal.
INPUT_OF_FIELD = {
    **ATTRIBUTE_OF,
    "key": "attributes.name",
    "collector_number": "collector_number",
    "release": "release",
    "source_quote": "printed_text",
    "effects_gap": "effects_gap",
    "__all__": "collector_number",  # the one row constraint a proposal can break
}
OPEN_STATUSES = (Draft.Status.PENDING, Draft.Status.CHANGES_REQUESTED)


@dataclass(frozen=True)
class ProposalData:
    """What a player sends: the card as the catalogue shows it, the text as printed on it."""

    attributes: Any
    printed_text: str
    effects_gap: str = ""
    release: str = ""  # a catalogue release's code
    release_name: str = ""  # the release as printed, when the catalogue does not list it
    collector_number: str = ""
    corrects: int | None = None  # the id of the catalogue card this corrects
    note: str = ""  # to the publisher


@dataclass
class _Problems:
    errors: dict[str, list[ValidationError]] = field(default_factory=dict)

    def add(self, name: str, message: str, code: str, **params: Any) -> None:
        self.errors.setdefault(name, []).append(ValidationError(message, code, params or None))

    def merge(self, error: ValidationError, keys: Mapping[str, str]) -> None:
        for name, items in error.error_dict.items():
            for item in items:
                path = (item.params or {}).get("path")
                if name == "attributes" and path:
                    target = f"attributes.{path}"
                else:
                    target = keys.get(name, name)
                self.errors.setdefault(target, []).append(item)

    def raise_any(self) -> None:
        if self.errors:
            raise ValidationError(self.errors)


class ProposalLimitReached(Exception):
    """The player sent ``CARD_PROPOSALS_PER_DAY`` proposals in the last 24 hours."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit

    @property
    def message(self) -> str:
        return _(
            "You have sent %(limit)s card proposals in the last 24 hours; send more tomorrow."
        ) % {"limit": self.limit}


def proposal_row(
    *, data: ProposalData, proposer: User, proposal: CardProposal | None = None
) -> Card:
    """The catalogue row the proposal would publish (unsaved, without its image), or a
    ValidationError naming every problem."""
    problems = _Problems()
    game = Game.objects.get(slug=KOMANDOR)
    live = _corrected_card(data, proposal, game, problems)
    attributes = _attributes_checked(data, problems)
    printed = (data.printed_text or "").strip()
    if not printed:
        problems.add("printed_text", _("Type the card's text as it is printed on it."), "required")
    elif len(printed) > MAX_PRINTED_TEXT:
        problems.add(
            "printed_text",
            _("At most %(limit)s characters."),
            "too_long",
            limit=MAX_PRINTED_TEXT,
        )
    gap = (data.effects_gap or "").strip()
    if len(gap) > MAX_GAP_TEXT:
        problems.add(
            "effects_gap", _("At most %(limit)s characters."), "too_long", limit=MAX_GAP_TEXT
        )
    if len(data.note or "") > MAX_NOTE:
        problems.add("note", _("At most %(limit)s characters."), "too_long", limit=MAX_NOTE)
    release = _release(data, game, problems)
    number = (data.collector_number or "").strip()
    if attributes is not None and attributes.get("number"):
        inner = str(attributes.pop("number")).strip()
        if number and fold_text(number) != fold_text(inner):
            problems.add(
                "collector_number",
                _("attributes say number %(inner)s, but the collector number is %(number)s."),
                "column_mismatch",
                inner=inner,
                number=number,
            )
        number = number or inner
    if attributes is None:
        problems.raise_any()
        raise AssertionError("attributes refused without a problem")  # pragma: no cover
    row = _row(
        live=live,
        game=game,
        attributes=attributes,
        printed=printed,
        gap=gap,
        release=release,
        number=number,
        proposer=proposer,
        proposal=proposal,
    )
    try:
        row.full_clean(exclude=["image"])
    except ValidationError as error:
        problems.merge(error, INPUT_OF_FIELD)
    problems.raise_any()
    return row


def _corrected_card(
    data: ProposalData, proposal: CardProposal | None, game: Game, problems: _Problems
) -> Card | None:
    card_id = data.corrects
    if proposal is not None:
        card_id = proposal.draft.object_id  # what a proposal corrects never changes
    if card_id is None:
        return None
    card = Card.objects.filter(pk=card_id, game=game).first()
    if card is None:
        problems.add("card", _("No such Komandor card in the catalogue."), "not_found")
        return None
    if card.origin == Origin.PROJECT:
        problems.add(
            "card",
            _(
                "This card is this project's own design, not a printed card; propose the "
                "printed card as a new card."
            ),
            "not_printed",
        )
        return None
    return card


def _attributes_checked(data: ProposalData, problems: _Problems) -> dict[str, Any] | None:
    raw = data.attributes
    if not isinstance(raw, Mapping):
        problems.add(
            "attributes",
            _("attributes must be a JSON object in the shape of a catalogue card's attributes."),
            "not_an_object",
        )
        return None
    attributes = dict(raw)
    if attributes.get("text") not in (None, ""):
        problems.add(
            "attributes.text",
            _("Give the card's text as printed_text, not inside attributes."),
            "text_in_attributes",
        )
        return None
    kind = attributes.get("kind")
    if kind not in {k.value for k in CardKind}:
        problems.add(
            "attributes.kind",
            _("Choose the card's kind: %(kinds)s.")
            % {"kinds": ", ".join(k.value for k in CardKind)},
            "bad_choice",
        )
        return None
    fields = {column: attributes.pop(key, None) for key, column in COLUMN_OF.items()}
    if isinstance(fields["name_ru"], str):
        fields["name_ru"] = fields["name_ru"].strip()
    try:
        return card_attributes_clean(
            game_slug=KOMANDOR, fields={**fields, "attributes": attributes}
        )
    except ValidationError as error:
        problems.merge(error, ATTRIBUTE_OF)
        return None


def _release(data: ProposalData, game: Game, problems: _Problems) -> Release | None:
    if len(data.release_name or "") > 200:
        problems.add("release_name", _("At most %(limit)s characters."), "too_long", limit=200)
    code = (data.release or "").strip()
    if not code:
        return None
    release = Release.objects.filter(game=game, code=code).exclude(origin=Origin.PROJECT).first()
    if release is None:
        problems.add(
            "release",
            _("No printed release %(release)s in the catalogue; name it as printed instead."),
            "not_found",
            release=code,
        )
    return release


def _row(
    *,
    live: Card | None,
    game: Game,
    attributes: dict[str, Any],
    printed: str,
    gap: str,
    release: Release | None,
    number: str,
    proposer: User,
    proposal: CardProposal | None,
) -> Card:
    has_effects = bool(attributes.get("effects")) or any(
        isinstance(variant, list) for variant in attributes.get("variants") or ()
    )
    row = Card.all_objects.get(pk=live.pk) if live is not None else Card(game=game)
    row.card_type = attributes["kind"]
    row.name_ru = attributes["name"]
    row.cost = attributes.get("cost")
    row.rarity = attributes.get("rarity") or ""
    row.attributes = attributes
    row.effects_gap = gap
    if release is not None or live is None:
        row.release = release
    row.collector_number = number
    if live is None or live.origin == Origin.PLAYERS:
        # A players' card: its printed text is its source, and — without effects — the text
        # its face shows (not played). A book row keeps the book's words.
        row.origin = Origin.PLAYERS
        row.source_quote = printed
        row.text = "" if has_effects else printed
        row.entered_by = row.entered_by or proposer.get_username()
    if live is None:
        row.key = proposal.draft.values.get("key") if proposal is not None else ""
        row.key = row.key or new_card_key(attributes["name"])
    return row


def new_card_key(name: str) -> str:
    """A key for a players' card: ``players-`` and the name's transliteration, numbered when
    taken (by a card or by another open proposal)."""
    stem = "players-" + (slugify(transliteration(name))[:90] or "card")
    taken = set(
        Card.all_objects.filter(game__slug=KOMANDOR, key__startswith=stem).values_list(
            "key", flat=True
        )
    )
    taken |= {
        draft.values.get("key")
        for draft in Draft.objects.filter(kind=Draft.Kind.PROPOSAL, status__in=OPEN_STATUSES)
        if str(draft.values.get("key", "")).startswith(stem)
    }
    key, number = stem, 2
    while key in taken:
        key, number = f"{stem}-{number}", number + 1
    return key


def _limit_check(proposer: User) -> None:
    limit = settings.CARD_PROPOSALS_PER_DAY
    since = timezone.now() - timedelta(days=1)
    sent = CardProposal.objects.filter(proposer=proposer, submitted_at__gte=since).count()
    if sent >= limit:
        raise ProposalLimitReached(limit)


def proposal_submit(
    *,
    data: ProposalData,
    proposer: User,
    photo: IO[bytes] | None,
    photo_size: int | None = None,
    proposal: CardProposal | None = None,
) -> CardProposal:
    """Send a new proposal, or send ``proposal`` again (its photo is kept when none is given).
    Raises ValidationError (every problem, nothing written) or ProposalLimitReached."""
    if proposal is not None and proposal.draft.status not in OPEN_STATUSES:
        raise ValidationError(
            {"__all__": ValidationError(_("This proposal was already decided."), "decided")}
        )
    _limit_check(proposer)
    problems = _Problems()
    try:
        row = proposal_row(data=data, proposer=proposer, proposal=proposal)
    except ValidationError as error:
        problems.merge(error, {})
        row = None
    card_photo: CardPhoto | None = None
    if photo is not None:
        try:
            card_photo = photo_read(photo, size=photo_size)
        except PhotoRefused as error:
            problems.errors.setdefault("image", []).append(error)
    elif proposal is None or not proposal.draft.values.get("image"):
        problems.add("image", _("Add a photo of the printed card."), "required")
    problems.raise_any()
    assert row is not None
    if card_photo is not None:
        row.image = card_photo.digest
    elif proposal is not None:
        row.image = proposal.draft.values["image"]
    replaced = draft_image(proposal.draft) if proposal is not None else ""
    written = photo_store(card_photo) if card_photo is not None else []
    try:
        proposal = _proposal_write(row=row, data=data, proposer=proposer, proposal=proposal)
    except BaseException:
        files_remove(written)
        raise
    if card_photo is not None and not image_stored(card_photo.digest):
        # The same photo's files, found kept above, were released meanwhile by a decision
        # on another draft that held them: keep them again for this one.
        photo_store(card_photo)
    if replaced and replaced != row.image:
        images_release_on_commit([replaced])  # the photo this one replaces
    return proposal


def _proposal_write(
    *, row: Card, data: ProposalData, proposer: User, proposal: CardProposal | None
) -> CardProposal:
    now = timezone.now()
    with transaction.atomic():
        if proposal is None:
            draft = Draft(
                kind=Draft.Kind.PROPOSAL,
                content_type=ContentType.objects.get_for_model(Card),
                object_id=row.pk,
                base=row_values(Card.all_objects.get(pk=row.pk)) if row.pk else {},
            )
            proposal = CardProposal(proposer=proposer)
        else:
            draft = Draft.objects.select_for_update().get(pk=proposal.draft_id)
            if draft.status not in OPEN_STATUSES:
                raise ValidationError(
                    {"__all__": ValidationError(_("This proposal was already decided."), "decided")}
                )
            if row.pk:
                draft.base = row_values(Card.all_objects.get(pk=row.pk))
        draft.values = row_values(row)
        draft.author = proposer
        draft.reason = (data.note or "").strip()
        draft.status = Draft.Status.PENDING
        draft.decided_by = None
        draft.decided_at = None
        draft.save()
        proposal.draft = draft
        proposal.release_name = (data.release_name or "").strip()
        proposal.printed_text = (data.printed_text or "").strip()
        proposal.submitted_at = now
        proposal.save()
    return proposal


def proposals_deleted_with(*, user: User) -> QuerySet[Draft]:
    """The drafts of ``user``'s proposals that go with his account: all but the published."""
    return Draft.objects.filter(kind=Draft.Kind.PROPOSAL, proposal__proposer=user).exclude(
        status=Draft.Status.PUBLISHED
    )


def proposals_delete_of(*, user: User) -> int:
    """A deleted account's proposals (``accounts/deletion.py``): the drafts of those not
    published go with them, and their photos' files once nothing needs them. A published
    one's draft stays in the card's history, without its author. Returns how many went."""
    drafts = list(proposals_deleted_with(user=user))
    images = [draft_image(draft) for draft in drafts]
    Draft.objects.filter(pk__in=[d.pk for d in drafts]).delete()  # their proposals with them
    images_release_on_commit(images)
    return len(drafts)


def proposals_cards_disown(*, user: User, heir: str) -> int:
    """A deleted account's published players' cards stay in the catalogue, entered by
    ``heir`` (the deleted player, ``accounts/deletion.py``) instead of his name, as the
    results he leaves are. Returns how many cards changed."""
    return Card.all_objects.filter(origin=Origin.PLAYERS, entered_by=user.get_username()).update(
        entered_by=heir
    )


def _release_of_proposal(proposal: CardProposal, user: User) -> None:
    """A release the player named as printed becomes a catalogue release when his card is
    published (the same name is found, not doubled), entered by players like the card."""
    draft = proposal.draft
    name = proposal.release_name.strip()
    if not name or draft.values.get("release_id"):
        return
    game = Game.objects.get(slug=KOMANDOR)
    release = next(
        (r for r in Release.objects.filter(game=game) if fold_text(r.name_ru) == fold_text(name)),
        None,
    )
    if release is None:
        code = _release_code(game, name)
        with revision_record(
            user=user, reason=_("Release named on a players' card"), kind="publish", draft=draft
        ):
            release = Release.objects.create(
                game=game, code=code, name_ru=name, origin=Origin.PLAYERS
            )
    draft.values = {**draft.values, "release_id": release.pk}
    draft.save(update_fields=["values"])


def _release_code(game: Game, name: str) -> str:
    stem = (slugify(transliteration(name))[:34] or "release").strip("-")
    taken = set(Release.objects.filter(game=game).values_list("code", flat=True))
    code, number = stem, 2
    while code in taken:
        code, number = f"{stem}-{number}", number + 1
    return code


def proposal_publish(*, proposal: CardProposal, user: User) -> Card:
    """Publish the proposed card: a new players' card, or the correction of a card, recorded
    in the card's history with the proposer as the draft's author. Raises ValidationError
    (nothing changed) when the row is no longer valid or the proposal was decided."""
    with transaction.atomic():
        draft = Draft.objects.select_for_update().get(pk=proposal.draft_id)
        if draft.status != Draft.Status.PENDING:
            raise ValidationError(
                _("This proposal is not waiting for a publisher."), code="draft_decided"
            )
        proposal.draft = draft
        _release_of_proposal(proposal, user)
        (card,) = drafts_publish(drafts=[draft], user=user)
    return cast(Card, card)  # a proposal's draft is of a card


def proposal_reject(*, proposal: CardProposal, user: User, reason: str) -> None:
    _decide_with_reason(proposal, user, reason, drafts_reject)


def proposal_return(*, proposal: CardProposal, user: User, reason: str) -> None:
    """Ask the proposer for changes: the proposal leaves the queue until he sends it again."""
    _decide_with_reason(proposal, user, reason, drafts_return)


def _decide_with_reason(proposal: CardProposal, user: User, reason: str, decide) -> None:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(
            {"reason": ValidationError(_("Say why: the player reads it on his page."), "required")}
        )
    if len(reason) > MAX_REASON:
        raise ValidationError(
            {
                "reason": ValidationError(
                    _("At most %(limit)s characters."), "too_long", {"limit": MAX_REASON}
                )
            }
        )
    if not decide(drafts=[proposal.draft], user=user, reason=reason):
        raise ValidationError(
            _("This proposal is not waiting for a publisher."), code="draft_decided"
        )
