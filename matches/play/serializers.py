"""Games against the AI in the API: what a request may say, and the shape of the answers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from cardbase.api.strict_fields import StrictCharField, StrictIntegerField
from komandor.agents.registry import DEFAULT_LEVEL
from matches.api.serializers import DeckRefField
from matches.games.agent_specs import AGENT_KINDS
from matches.models import HumanMatchStatus

MAX_VERSION = 2**31 - 1


class AiGameCreateSerializer(serializers.Serializer):
    deck = DeckRefField(help_text=_("Your deck: its id (latest version) or {deck, version}."))
    opponent = DeckRefField(help_text=_("The AI's deck: its id or {deck, version}."))
    agent = serializers.ChoiceField(
        choices=AGENT_KINDS,
        required=False,
        default=DEFAULT_LEVEL,
        help_text=_(
            "The AI: a level (novice, standard, expert; stored as the agent it names now) or "
            "an agent's name."
        ),
    )
    seat = StrictIntegerField(
        min_value=0,
        max_value=1,
        required=False,
        default=0,
        help_text=_("Your seat: 0 or 1."),
    )

    def to_internal_value(self, data):
        # The seed decides the AI's hand, both deck orders and every die, and the engine and
        # the precons are public: the server draws it and shows it once the game is over.
        if isinstance(data, dict) and "seed" in data:
            raise serializers.ValidationError(
                {"seed": [_("The server draws the seed; it is shown once the game is over.")]}
            )
        return super().to_internal_value(data)


class AiGameActionSerializer(serializers.Serializer):
    key = StrictCharField(max_length=500, help_text=_("The key of one of the offered options."))
    version = StrictIntegerField(
        min_value=0,
        max_value=MAX_VERSION,
        help_text=_("The version of the state the choice was made on (the game's `version`)."),
    )


class AiGameDeckSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    deck = serializers.IntegerField()
    version = serializers.IntegerField()
    name = serializers.CharField()
    yours = serializers.BooleanField()


class AiGameResultSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=["win", "loss", "draw"], help_text=_("Yours."))
    winner = serializers.IntegerField(allow_null=True, help_text=_("The winner's seat."))
    termination = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    turns = serializers.IntegerField()


class AiGameOptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    # A declared field named "label": DRF's metaclass takes it off the class; the stubs
    # see the attribute of Field/Serializer it shadows.
    label = serializers.CharField()  # type: ignore[assignment]


class AiGameDecisionSerializer(serializers.Serializer):
    kind = serializers.CharField()
    prompt = serializers.CharField()
    options = AiGameOptionSerializer(many=True)


class AiGameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=HumanMatchStatus.choices)
    version = serializers.IntegerField(
        help_text=_("The number of actions applied: name it when you post an action.")
    )
    seat = serializers.IntegerField(help_text=_("Your seat."))
    agent = serializers.CharField()
    decks = AiGameDeckSerializer(many=True)
    result = AiGameResultSerializer(allow_null=True)
    seed = serializers.IntegerField(
        allow_null=True,
        help_text=_("The game's seed, drawn by the server: null until the game is over."),
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class AiGameVictorySerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField()
    kind = serializers.ChoiceField(choices=["procurator", "trader", "pirate"])
    value = serializers.IntegerField(
        help_text=_("Unblocked objects, commercial-run tokens or the opponent's losses' worth.")
    )
    target = serializers.IntegerField()
    comparison = serializers.ChoiceField(
        choices=["at_least", "more_than"],
        help_text=_("The win: value ≥ target (at_least) or value > target (more_than)."),
    )
    checked = serializers.ChoiceField(
        choices=["turn_start", "battle_end"], help_text=_("When the rules check it.")
    )
    reached = serializers.BooleanField()
    percent = serializers.IntegerField(help_text=_("How full the meter is, 0–100."))


class AiGameCommanderSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField()
    carrier = serializers.CharField(allow_null=True, help_text=_("The carrier's card uid."))
    carrier_name = serializers.CharField(allow_blank=True)
    place = serializers.CharField(allow_null=True, help_text=_("An object's uid or a sector."))
    place_name = serializers.CharField(allow_blank=True)
    on_ship = serializers.BooleanField()
    reachable = serializers.BooleanField()
    why = serializers.ChoiceField(
        choices=["", "enemy_here", "enemy_can_move", "lost", "not_placed"]
    )


class AiGameSerializer(AiGameSummarySerializer):
    observation = serializers.DictField(
        help_text=_(
            "What you may know of the position (your hand; the opponent's hand and the decks "
            "only as counts)."
        )
    )
    decision = AiGameDecisionSerializer(
        allow_null=True, help_text=_("Your pending decision; null when the game is over.")
    )
    events = serializers.ListField(
        child=serializers.CharField(),
        help_text=_("What happened since your last decision, in words."),
    )
    victory = serializers.ListField(
        child=AiGameVictorySerializer(),
        help_text=_("Each player's extra victories and how near they are (public facts)."),
    )
    commander = serializers.ListField(
        child=AiGameCommanderSerializer(),
        help_text=_(
            "Each Commander's carrier and place, and whether the enemy can reach him "
            "this turn by the rules as they stand."
        ),
    )


class AiGameLogEntrySerializer(serializers.Serializer):
    text = serializers.CharField()
    category = serializers.ChoiceField(choices=["battle", "movement", "cards", "economy", "game"])


class AiGameLogTurnSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text=_("The turn (0: the setup)."))
    entries = AiGameLogEntrySerializer(many=True)


class AiGameLogSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    turns = AiGameLogTurnSerializer(many=True)
