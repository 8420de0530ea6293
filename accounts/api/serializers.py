"""Parse and format the token and account API's payloads."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from accounts.models import TOKEN_NAME_MAX_LENGTH, AccessToken
from accounts.scopes import Scope
from cardbase.api.strict_fields import StrictCharField


class TokenSerializer(serializers.ModelSerializer):
    scopes = serializers.ListField(child=serializers.ChoiceField(choices=Scope.choices))
    expired = serializers.SerializerMethodField()

    class Meta:
        model = AccessToken
        fields = [
            "id",
            "name",
            "scopes",
            "prefix",
            "created_at",
            "expires_at",
            "last_used_at",
            "expired",
        ]

    def get_expired(self, token: AccessToken) -> bool:
        return token.is_expired()


class TokenCreatedSerializer(TokenSerializer):
    token = serializers.CharField(
        help_text=_("The token itself: shown this once, never stored, never shown again.")
    )

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "token"]


class TokenCreateSerializer(serializers.Serializer):
    name = StrictCharField(max_length=TOKEN_NAME_MAX_LENGTH)
    scopes = serializers.ListField(
        child=serializers.ChoiceField(choices=Scope.choices),
        max_length=len(Scope.choices),
        default=list,
        help_text=_("Every token reads; decks, play and tournaments add their writes."),
    )
    expires = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text=_("When the token stops working; none: never."),
    )

    def validate_expires(self, value):
        if value is not None and value <= timezone.now():
            raise serializers.ValidationError(_("Choose a time in the future."))
        return value


class AccountSerializer(serializers.Serializer):
    username = serializers.CharField()
    signed_in_with = serializers.ChoiceField(choices=["token", "session"])
    scopes = serializers.ListField(
        child=serializers.ChoiceField(choices=Scope.choices),
        allow_null=True,
        help_text=_("The token's scopes; null when signed in otherwise (no limit)."),
    )
