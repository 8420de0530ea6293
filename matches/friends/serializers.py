"""Games between two people in the API: what a request may say, and the shape of the answers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from cardbase.api.strict_fields import StrictBooleanField, StrictCharField, StrictIntegerField
from matches.api.serializers import DeckRefField
from matches.models import AwayClock, FriendGameStatus
from matches.play.serializers import AiGameActionSerializer, AiGameDecisionSerializer

FriendGameActionSerializer = AiGameActionSerializer  # the same key and version


class FriendGameCreateSerializer(serializers.Serializer):
    deck = DeckRefField(help_text=_("Your deck: its id (latest version) or {deck, version}."))
    seat = StrictIntegerField(
        min_value=0,
        max_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Your seat: 0 or 1; drawn when absent."),
    )
    clock_seconds = StrictIntegerField(
        min_value=1,
        max_value=3 * 3600,
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Each player's time in seconds (1200: 20 minutes); no clock when absent."),
    )
    clock_increment = StrictIntegerField(
        min_value=0,
        max_value=600,
        required=False,
        default=0,
        help_text=_("Seconds added to a player's clock after each of his decisions."),
    )
    spectators = StrictBooleanField(required=False, default=True)
    open_hand = StrictBooleanField(
        required=False,
        default=False,
        help_text=_("Let spectators see your hand (shown only if the opponent allows too)."),
    )
    listed = StrictBooleanField(
        required=False, default=False, help_text=_("List the table among the open tables.")
    )
    away_clock = serializers.ChoiceField(
        choices=AwayClock.choices,
        required=False,
        default=AwayClock.RUNNING,
        help_text=_(
            "A disconnected player's clock during his grace period: `running` (it keeps "
            "running) or `paused` (it stops until he is back); past the grace period he "
            "forfeits either way."
        ),
    )


class FriendGameJoinSerializer(serializers.Serializer):
    token = StrictCharField(max_length=64, help_text=_("The invitation's token."))
    deck = DeckRefField(help_text=_("Your deck: its id (latest version) or {deck, version}."))
    open_hand = StrictBooleanField(required=False, default=False)


class FriendGamePlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    user = serializers.CharField(allow_null=True)
    deck = serializers.IntegerField(allow_null=True)
    deck_version = serializers.IntegerField(allow_null=True)


class FriendGameClockSerializer(serializers.Serializer):
    seconds = serializers.IntegerField()
    increment = serializers.IntegerField()
    left_ms = serializers.ListField(child=serializers.IntegerField())
    running = serializers.IntegerField(
        allow_null=True, help_text=_("The seat whose clock runs now; null: none.")
    )
    paused = serializers.IntegerField(
        allow_null=True,
        help_text=_("The seat whose clock is paused now (he is away, the table pauses it)."),
    )
    away_clock = serializers.ChoiceField(
        choices=AwayClock.choices, help_text=_("A disconnected player's clock: the table's option.")
    )


class FriendGameResultSerializer(serializers.Serializer):
    winner = serializers.IntegerField(allow_null=True, help_text=_("The winner's seat."))
    termination = serializers.CharField(allow_blank=True)
    reason = serializers.CharField(allow_blank=True)
    turns = serializers.IntegerField()


class FriendGameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=FriendGameStatus.choices)
    version = serializers.IntegerField(
        help_text=_("The number of actions applied: name it when you post an action.")
    )
    seat = serializers.IntegerField(allow_null=True, help_text=_("Your seat; null: a spectator."))
    players = FriendGamePlayerSerializer(many=True)
    to_move = serializers.IntegerField(allow_null=True)
    clock = FriendGameClockSerializer(allow_null=True)
    draw_offer = serializers.IntegerField(allow_null=True)
    spectators = serializers.BooleanField()
    hands_open = serializers.BooleanField()
    result = FriendGameResultSerializer(allow_null=True)
    seed = serializers.IntegerField(allow_null=True, help_text=_("Shown once the game is over."))
    rematch = serializers.IntegerField(allow_null=True)
    invite_token = serializers.CharField(required=False, help_text=_("To its creator only."))
    invite_url = serializers.CharField(required=False)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class FriendGameSerializer(FriendGameSummarySerializer):
    observation = serializers.DictField(allow_null=True)
    decision = AiGameDecisionSerializer(allow_null=True)
    events = serializers.ListField(child=serializers.CharField())
