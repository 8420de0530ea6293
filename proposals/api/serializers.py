"""Card proposals in the API: what a player sends (multipart: the card's ``attributes`` as JSON
text, its printed text, its photo) and one proposal as answered."""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from config.bounded_json import JsonTooDeep, loads_bounded
from proposals.selectors import ProposalView
from proposals.services import (
    MAX_GAP_TEXT,
    MAX_NOTE,
    MAX_PRINTED_TEXT,
    MAX_REASON,
    ProposalData,
)

MAX_ATTRIBUTES_TEXT = 100_000
MAX_ROW_ID = 2**62


class ProposalInputSerializer(serializers.Serializer):
    """A proposal as sent (``multipart/form-data``). Only the shape is read here; the card is
    checked by the catalogue's own checks in the service, each problem as a field error."""

    attributes = serializers.CharField(
        max_length=MAX_ATTRIBUTES_TEXT,
        trim_whitespace=False,
        help_text=gettext_lazy(
            "JSON text of the card in the shape of a catalogue card's attributes in "
            "/api/cards/ (kind, name, cost, rarity, every printed stat, effects)."
        ),
    )
    printed_text = serializers.CharField(
        max_length=MAX_PRINTED_TEXT, help_text=gettext_lazy("The card's text, as printed.")
    )
    image = serializers.FileField(
        required=False,
        help_text=gettext_lazy(
            "A photo of the printed card: JPEG, PNG or WebP (by content). Required, except "
            "when sending a proposal again (its photo is kept)."
        ),
    )
    effects_gap = serializers.CharField(
        max_length=MAX_GAP_TEXT,
        required=False,
        allow_blank=True,
        help_text=gettext_lazy("The part of the printed text no effect can write yet."),
    )
    release = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        help_text=gettext_lazy("A printed release's code from /api/releases/."),
    )
    release_name = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        help_text=gettext_lazy("The release as printed, when the catalogue does not list it."),
    )
    collector_number = serializers.CharField(max_length=20, required=False, allow_blank=True)
    card = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROW_ID,
        required=False,
        help_text=gettext_lazy("The catalogue card this proposal corrects (a new card: none)."),
    )
    note = serializers.CharField(max_length=MAX_NOTE, required=False, allow_blank=True)

    def validate_attributes(self, value: str) -> Any:
        try:
            return loads_bounded(value)
        except JsonTooDeep as error:
            raise serializers.ValidationError(
                _("The JSON is nested more than %(limit)s levels deep.") % {"limit": error.limit}
            ) from error
        except (json.JSONDecodeError, ValueError) as error:
            raise serializers.ValidationError(_("attributes is not JSON text.")) from error

    def proposal_data(self) -> ProposalData:
        data = self.validated_data
        return ProposalData(
            attributes=data["attributes"],
            printed_text=data["printed_text"],
            effects_gap=data.get("effects_gap", ""),
            release=data.get("release", ""),
            release_name=data.get("release_name", ""),
            collector_number=data.get("collector_number", ""),
            corrects=data.get("card"),
            note=data.get("note", ""),
        )


class DecisionSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=MAX_REASON,
        help_text=gettext_lazy("Why: the player reads it on his page."),
    )


class PublishSerializer(serializers.Serializer):
    """Publishing takes no input."""


class ImageSerializer(serializers.Serializer):
    url = serializers.CharField(help_text=gettext_lazy("The image at card-page size (WebP)."))
    thumbnail = serializers.CharField(help_text=gettext_lazy("The thumbnail (WebP)."))


class RulesTextSerializer(serializers.Serializer):
    ru = serializers.ListField(child=serializers.CharField())
    en = serializers.ListField(child=serializers.CharField())


class DuplicateSerializer(serializers.Serializer):
    name = serializers.CharField()
    closeness = serializers.ChoiceField(choices=["same", "near"])
    card = serializers.IntegerField(allow_null=True)
    proposal = serializers.IntegerField(allow_null=True)


class ChangeSerializer(serializers.Serializer):
    field = serializers.CharField()
    # A declared field named "label": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    label = serializers.CharField()  # type: ignore[assignment]
    old = serializers.CharField()
    new = serializers.CharField()


class ProposalSerializer(serializers.Serializer):
    """One proposal: the card it would publish and where it stands."""

    id = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["pending", "changes_requested", "published", "rejected"],
        help_text=gettext_lazy(
            "pending: waiting for a publisher; changes_requested: sent back with a reason, "
            "to be sent again; published; rejected (with a reason)."
        ),
    )
    reason = serializers.CharField(help_text=gettext_lazy("The publisher's reason, if any."))
    proposer = serializers.CharField()
    card = serializers.IntegerField(
        allow_null=True,
        help_text=gettext_lazy("The card it corrects, or — once published — the card it became."),
    )
    corrects = serializers.BooleanField()
    name = serializers.CharField()
    attributes = serializers.JSONField(help_text=gettext_lazy("The card, checked and canonical."))
    printed_text = serializers.CharField()
    effects_gap = serializers.CharField()
    has_effects = serializers.BooleanField(
        help_text=gettext_lazy("False: the card plays as its printed stats only.")
    )
    rules_text = RulesTextSerializer(
        allow_null=True, help_text=gettext_lazy("The engine's text of its effects.")
    )
    release = serializers.CharField(allow_null=True)
    release_name = serializers.CharField()
    collector_number = serializers.CharField()
    image = ImageSerializer(
        allow_null=True,
        help_text=gettext_lazy("The photo; null once a rejected proposal's photo was deleted."),
    )
    note = serializers.CharField(help_text=gettext_lazy("The player's note to the publisher."))
    duplicates = DuplicateSerializer(many=True)
    changes = ChangeSerializer(many=True)
    submitted = serializers.DateTimeField()

    def to_representation(self, view: ProposalView) -> dict[str, Any]:
        proposal, draft = view.proposal, view.proposal.draft
        values = draft.values
        release = view.card.release if view.card.release_id else None
        return {
            "id": proposal.pk,
            "status": draft.status,
            "reason": draft.decision_note,
            "proposer": proposal.proposer.get_username(),
            "card": draft.object_id,
            "corrects": view.corrects,
            "name": str(values.get("name_ru") or ""),
            "attributes": values.get("attributes") or {},
            "printed_text": proposal.printed_text,
            "effects_gap": str(values.get("effects_gap") or ""),
            "has_effects": view.has_effects,
            "rules_text": view.rules.as_json() if view.rules is not None else None,
            "release": release.code if release is not None else None,
            "release_name": proposal.release_name,
            "collector_number": str(values.get("collector_number") or ""),
            "image": view.image.as_json() if view.image is not None else None,
            "note": draft.reason,
            "duplicates": [
                {
                    "name": duplicate.name,
                    "closeness": duplicate.closeness,
                    "card": duplicate.card.pk if duplicate.card is not None else None,
                    "proposal": duplicate.proposal_id,
                }
                for duplicate in view.duplicates
            ],
            "changes": [
                {"field": c.name, "label": c.label, "old": c.old, "new": c.new}
                for c in view.changes
            ],
            "submitted": serializers.DateTimeField().to_representation(proposal.submitted_at),
        }
