"""Request parsing and answer shapes of the match and tournament API."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardbase.api.strict_fields import StrictBooleanField, StrictCharField, StrictIntegerField
from decks.selectors import version_visible
from decks.values import MAX_ROW_ID
from komandor.agents.registry import (
    DEFAULT_LEVEL,
    LEVEL_AGENTS,
    LEVELS,
    SEARCH_MAX_BUDGET,
    SEARCH_MIN_BUDGET,
)
from komandor.rules import rules
from matches.games.agent_specs import AGENT_PATTERN, AGENT_SPEC_MAX_LENGTH, agents_problems
from matches.models import Format, Match, Problem, Tournament

_AGENT = {
    "type": "string",
    "pattern": AGENT_PATTERN,
    "maxLength": AGENT_SPEC_MAX_LENGTH,
    "description": f"a level ({', '.join(LEVELS)}), random, heuristic, search, or search:N "
    f"with N from {SEARCH_MIN_BUDGET} to {SEARCH_MAX_BUDGET}, {', '.join(LEVEL_AGENTS)}, "
    "heuristic-1.1, "
    "search-1.1 or search-1.1:N",
}


_ROW_ID = {"type": "integer", "minimum": 1, "maximum": MAX_ROW_ID}


def _row_id(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_ROW_ID


@extend_schema_field(
    {
        "oneOf": [
            {**_ROW_ID, "description": "a deck id: its latest version"},
            {
                "type": "object",
                "properties": {"deck": _ROW_ID, "version": _ROW_ID},
                "required": ["deck", "version"],
                "additionalProperties": False,
            },
        ]
    }
)
class DeckRefField(serializers.Field):
    default_error_messages = {
        "invalid": _("A deck id, or an object with “deck” (id) and “version” (number)."),
    }

    def to_internal_value(self, data):
        if _row_id(data):
            return (data, None)
        if isinstance(data, dict) and set(data) == {"deck", "version"}:
            deck, version = data["deck"], data["version"]
            if _row_id(deck) and _row_id(version):
                return (deck, version)
        self.fail("invalid")

    def to_representation(self, value):
        return value


@extend_schema_field(
    {
        "oneOf": [
            _AGENT,
            {"type": "array", "items": _AGENT, "minItems": 2, "maxItems": 2},
        ],
        "description": "One agent for both sides, or a pair (deck A's, deck B's): a level "
        f"({', '.join(LEVELS)}; stored as the agent it names when the games are made) or an "
        f"agent's name. search:N sets the search's budget per decision, N from "
        f"{SEARCH_MIN_BUDGET} to {SEARCH_MAX_BUDGET}.",
    }
)
class AgentsField(serializers.Field):
    """One agent for both sides or a pair; what is wrong is said by ``agents_problems``, the
    check the form and the command use too."""

    def to_internal_value(self, data):
        problems = agents_problems(data)
        if problems:
            raise serializers.ValidationError(problems, code="invalid")
        return [data, data] if isinstance(data, str) else list(data)

    def to_representation(self, value):
        return value


# The formats a tournament can be made in through the API: a tuning is started by
# ``manage.py tune``, not here (named in the schema as ``OfferedFormatEnum``).
OFFERED_FORMATS = [choice for choice in Format.choices if choice[0] != Format.TUNING]


class TournamentCreateSerializer(serializers.Serializer):
    name = StrictCharField(max_length=200)
    format = serializers.ChoiceField(choices=OFFERED_FORMATS)
    decks = serializers.ListField(child=DeckRefField(), min_length=2, max_length=32)
    games_per_pairing = StrictIntegerField(min_value=2, max_value=1000)
    agents = AgentsField(required=False, default=DEFAULT_LEVEL)
    seed = StrictIntegerField(min_value=0, max_value=2**31 - 1, required=False, default=0)
    turn_cap = StrictIntegerField(
        min_value=1, max_value=500, required=False, default=rules.DEFAULT_TURN_CAP
    )
    options = serializers.DictField(required=False, default=dict)
    is_public = StrictBooleanField(
        required=False,
        default=False,
        help_text=_("Shown to everyone when true; by default only the organiser sees it."),
    )


class SwapTestCreateSerializer(serializers.Serializer):
    deck = DeckRefField()
    remove = StrictIntegerField(min_value=1, max_value=MAX_ROW_ID, help_text=_("Card id out."))
    add = StrictIntegerField(min_value=1, max_value=MAX_ROW_ID, help_text=_("Card id in."))
    copies = StrictIntegerField(min_value=1, max_value=40, required=False, default=1)
    field = serializers.ListField(
        child=serializers.ChoiceField(choices=["precons", "public", "mine"]),
        min_length=1,
        max_length=3,
        required=False,
        default=["precons"],
    )
    agents = AgentsField(required=False, default=DEFAULT_LEVEL)
    seed = StrictIntegerField(min_value=0, max_value=2**31 - 1, required=False, default=0)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text=_("delta, alpha, beta, max_games (both versions), block (seeds per opponent)."),
    )


class FieldTestCreateSerializer(serializers.Serializer):
    deck = DeckRefField()
    seed = StrictIntegerField(min_value=0, max_value=2**31 - 1, required=False, default=0)


class MatchCreateSerializer(serializers.Serializer):
    decks = serializers.ListField(child=DeckRefField(), min_length=2, max_length=2)
    agents = AgentsField(required=False, default=DEFAULT_LEVEL)
    seed = StrictIntegerField(min_value=0, max_value=2**31 - 1, required=False, default=0)
    turn_cap = StrictIntegerField(
        min_value=1, max_value=500, required=False, default=rules.DEFAULT_TURN_CAP
    )


class ProblemSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=Problem.choices)
    message = serializers.CharField()
    detail = serializers.CharField(allow_blank=True)


class ProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    percent = serializers.IntegerField()
    eta_seconds = serializers.IntegerField(allow_null=True)
    problem = ProblemSerializer(
        allow_null=True,
        help_text=_(
            "Why a running tournament is not progressing; it heals by itself once the cause "
            "goes (the workers' sweep sends again what was lost)."
        ),
    )


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text=_("Standing: 1 = first, by rating."))
    entry = serializers.IntegerField(help_text=_("Entry number (0 = first listed, the top seed)."))
    deck = serializers.IntegerField()
    version = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    score = serializers.FloatField(allow_null=True)
    rating = serializers.FloatField(allow_null=True, help_text=_("Bradley–Terry, Elo scale."))
    rating_ci95 = serializers.ListField(child=serializers.FloatField(), allow_null=True)


class PairingFiguresSerializer(serializers.Serializer):
    a = serializers.IntegerField()
    b = serializers.IntegerField()
    a_name = serializers.CharField()
    b_name = serializers.CharField()
    a_wins = serializers.IntegerField()
    b_wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    games = serializers.IntegerField()
    win_rate = serializers.FloatField(help_text=_("Deck a's score: (wins + draws / 2) / games."))
    ci95 = serializers.ListField(child=serializers.FloatField())
    separated = serializers.BooleanField()
    games_needed = serializers.IntegerField(allow_null=True)


class SwapVerdictSerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(
        choices=["swap_better", "swap_worse", "swap_same", "swap_undecided"]
    )
    units = serializers.IntegerField(help_text=_("Deals played by both versions."))
    games = serializers.IntegerField()
    better = serializers.IntegerField()
    worse = serializers.IntegerField()
    level = serializers.IntegerField()
    a_rate = serializers.FloatField(allow_null=True)
    b_rate = serializers.FloatField(allow_null=True)
    difference = serializers.FloatField(allow_null=True, help_text=_("B's win rate minus A's."))
    ci95 = serializers.ListField(child=serializers.FloatField(), allow_null=True)
    games_needed = serializers.IntegerField(allow_null=True)


class DoctorCreateSerializer(serializers.Serializer):
    deck = StrictIntegerField(min_value=1, max_value=MAX_ROW_ID, help_text=_("Your deck's id."))
    field = serializers.JSONField(
        required=False,
        # The stubs want a mapping as the default; DRF takes any JSON value.
        default="precons",  # type: ignore[arg-type]
        help_text=_(
            'The opponents: "precons", {"tournament": id} (that tournament\'s decks) or a list '
            "of deck ids (at most 8 are played)."
        ),
    )
    cards = serializers.ChoiceField(
        choices=["pool", "owned"],
        required=False,
        default="pool",
        help_text=_("The cards a swap may add: the whole pool, or only cards you own."),
    )
    budget_games = StrictIntegerField(min_value=1, max_value=20000, required=False, default=800)
    delta = serializers.FloatField(min_value=0.01, max_value=0.49, required=False, default=0.1)
    seed = StrictIntegerField(min_value=0, max_value=2**31 - 1, required=False, default=0)


class DoctorSwapSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    remove = serializers.IntegerField(help_text=_("Card id out."))
    add = serializers.IntegerField(help_text=_("Card id in."))
    copies = serializers.IntegerField()
    text = serializers.CharField()


class DoctorScreeningSerializer(DoctorSwapSerializer):
    stages = serializers.IntegerField()
    games = serializers.IntegerField()
    difference = serializers.FloatField(
        allow_null=True, help_text=_("Screening only: mean paired difference, not a verdict.")
    )


class DoctorConfirmedSerializer(DoctorSwapSerializer, SwapVerdictSerializer):
    pass


class DoctorReportSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["doctor_better", "doctor_none", "doctor_undecided"])
    running = serializers.BooleanField()
    deck = serializers.IntegerField()
    version = serializers.IntegerField()
    agent = serializers.CharField()
    field = serializers.ListField(child=serializers.CharField())
    delta = serializers.FloatField()
    alpha = serializers.FloatField()
    alpha_per_finalist = serializers.FloatField()
    budget_games = serializers.IntegerField()
    games = serializers.IntegerField()
    screening = DoctorScreeningSerializer(many=True)
    finalists = DoctorConfirmedSerializer(many=True)
    suggestions = DoctorConfirmedSerializer(many=True)


class DoctorAnswerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text=_("The run (a tournament of the doctor format)."))
    status = serializers.CharField()
    progress = ProgressSerializer()
    report = DoctorReportSerializer()


class TournamentSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")
    progress = serializers.SerializerMethodField()
    swap = serializers.SerializerMethodField()
    doctor = serializers.SerializerMethodField()
    standings = serializers.SerializerMethodField()
    pairings = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "owner",
            "format",
            "options",
            "games_per_pairing",
            "agents",
            "seed",
            "turn_cap",
            "is_public",
            "engine_version",
            "status",
            "decision",
            "round",
            "created_at",
            "finished_at",
            "progress",
            "standings",
            "pairings",
            "swap",
            "doctor",
        ]

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, tournament):
        return self.context["progress"]

    @extend_schema_field(SwapVerdictSerializer(allow_null=True))
    def get_swap(self, tournament):
        return self.context.get("swap")

    @extend_schema_field(DoctorReportSerializer(allow_null=True))
    def get_doctor(self, tournament):
        return self.context.get("doctor")

    @extend_schema_field(StandingSerializer(many=True))
    def get_standings(self, tournament):
        return self.context["results"]["standings"]

    @extend_schema_field(PairingFiguresSerializer(many=True))
    def get_pairings(self, tournament):
        return self.context["results"]["pairings"]


class TournamentListSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")

    class Meta:
        model = Tournament
        fields = ["id", "name", "owner", "format", "status", "done", "total", "created_at"]


class MatchSerializer(serializers.ModelSerializer):
    decks = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id",
            "tournament",
            "pairing",
            "game",
            "decks",
            "agents",
            "seed",
            "turn_cap",
            "engine_version",
            "agents_version",
            "winner_seat",
            "termination",
            "reason",
            "turns",
            "cpu_ms",
            "summary",
        ]

    @extend_schema_field(
        {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "deck": {"type": "integer"},
                    "version": {"type": "integer"},
                    "name": {"type": "string"},
                },
            },
        }
    )
    def get_decks(self, match):
        return [
            {"deck": v.deck_id, "version": v.number, "name": v.deck.name}
            for v in (match.seat0, match.seat1)
        ]

    def to_representation(self, match):
        """The result for anyone who may see the match; the Commander (a card) and the card
        tally of a seat whose deck version the viewer may not see are left out, as its
        replay and log are."""
        data = super().to_representation(match)
        request = self.context.get("request")
        user = getattr(request, "user", None)
        summary = data.get("summary")
        if not isinstance(summary, dict):
            return data
        hidden = [
            seat
            for seat, version in enumerate((match.seat0, match.seat1))
            if not version_visible(version=version, user=user)
        ]
        shown = dict(summary)  # a copy: the row's own JSON stays as stored
        players = summary.get("players")
        if isinstance(players, list):
            shown["players"] = [
                {k: v for k, v in player.items() if k != "commander"} if seat in hidden else player
                for seat, player in enumerate(players)
            ]
        tallies = summary.get("cards")
        if isinstance(tallies, list):  # per seat, the cards it drew and played (issue 36)
            shown["cards"] = [None if seat in hidden else t for seat, t in enumerate(tallies)]
        data["summary"] = shown
        return data
