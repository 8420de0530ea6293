"""Games against the AI in the API: parse the request, call one service or selector, format."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.api.schema import DeckApiErrorSerializer
from matches.api.views import _ERRORS, _NOT_FOUND, TooManyRequests
from matches.models import HumanMatch
from matches.play.selectors import (
    human_match_detail,
    human_match_for,
    human_match_log,
    human_match_summary,
    human_matches_of,
)
from matches.play.serializers import (
    AiGameActionSerializer,
    AiGameCreateSerializer,
    AiGameLogSerializer,
    AiGameSerializer,
    AiGameSummarySerializer,
)
from matches.play.services import (
    HumanMatchError,
    HumanMatchUnavailable,
    IllegalActionError,
    StaleActionError,
    human_match_act,
    human_match_start,
)
from matches.tournaments import selectors
from matches.tournaments.errors import LimitExceeded


class StaleAction(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "stale_version"


class IllegalAction(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "illegal_action"


class GameUnavailable(APIException):
    status_code = status.HTTP_410_GONE
    default_code = "game_unavailable"


def _detail(match):
    """The game as its player sees it; 410 for one this engine cannot rebuild."""
    try:
        return human_match_detail(match)
    except HumanMatchUnavailable as error:
        raise GameUnavailable(str(error)) from error


def _deck_versions(request, **refs):
    """The deck versions the refs name, each refused in its own field when the user may not
    enter it (a private deck of another player looks absent)."""
    versions, problems = {}, {}
    for name, ref in refs.items():
        found, trouble = selectors.versions_of_refs(user=request.user, refs=[ref])
        if trouble:
            problems[name] = trouble
        else:
            versions[name] = found[0]
    if problems:
        raise ValidationError(problems)
    return [versions[name] for name in refs]


class GameListCreateView(ListAPIView):
    serializer_class = AiGameSummarySerializer
    permission_classes = [IsAuthenticated]
    throttle_scope = "match_create"
    throttle_methods = frozenset({"POST"})  # starting a game costs the AI's setup
    filter_backends: list = []  # last played first

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator
            return HumanMatch.objects.none()
        return human_matches_of(self.request.user)

    @extend_schema(
        responses={200: AiGameSummarySerializer(many=True), **_ERRORS},
        description="Your games against the AI, last played first.",
    )
    def get(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        games = AiGameSummarySerializer([human_match_summary(m) for m in page or []], many=True)
        return self.get_paginated_response(games.data)

    @extend_schema(
        request=AiGameCreateSerializer,
        responses={201: AiGameSerializer, **_ERRORS},
        description="Start a game of your `deck` (one of yours, a public deck or a precon) "
        "against `opponent` played by `agent`; the answer stops at your first decision.",
    )
    def post(self, request):
        form = AiGameCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        deck, opponent = _deck_versions(request, deck=data["deck"], opponent=data["opponent"])
        try:
            match = human_match_start(
                owner=request.user,
                deck=deck,
                opponent=opponent,
                agent=data["agent"],
                seat=data["seat"],
            )
        except HumanMatchError as error:
            raise ValidationError(error.fields or {"non_field_errors": [error.message]}) from error
        except LimitExceeded as error:
            raise TooManyRequests(detail=error.message, code=error.code) from error
        return Response(_detail(match), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: AiGameSerializer, 410: DeckApiErrorSerializer, **_ERRORS, **_NOT_FOUND},
        description="Your view of the game: your observation, your pending decision with its "
        "options, what happened since your last decision, the result once it is over.",
    )
    def get(self, request, game_id: int):
        return Response(_detail(human_match_for(request.user, game_id)))


class GameLogView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: AiGameLogSerializer, 410: DeckApiErrorSerializer, **_ERRORS, **_NOT_FOUND},
        description="The whole game in words, turn by turn (turn 0: the setup), as your seat "
        "may know it: never the opponent's hand nor a deck's order. Each entry has a "
        "`category` (battle, movement, cards, economy, game) for filtering.",
    )
    def get(self, request, game_id: int):
        match = human_match_for(request.user, game_id)
        try:
            turns = human_match_log(match)
        except HumanMatchUnavailable as error:
            raise GameUnavailable(str(error)) from error
        body = {"id": match.pk, "version": match.version, "turns": [t.to_dict() for t in turns]}
        return Response(body)


class GameActionView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "game_action"

    @extend_schema(
        request=AiGameActionSerializer,
        responses={
            200: AiGameSerializer,
            409: DeckApiErrorSerializer,
            410: DeckApiErrorSerializer,
            **_ERRORS,
            **_NOT_FOUND,
        },
        description="Answer your pending decision with the option `key`, on the state "
        "`version` you saw; the AI replies up to your next decision. A `version` that is no "
        "longer the game's (an old page, a second click) is a 409 and nothing is applied; a "
        "key not offered is a 400; a game of another engine version, which cannot be rebuilt, "
        "is a 410.",
    )
    def post(self, request, game_id: int):
        match = human_match_for(request.user, game_id)
        form = AiGameActionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            match = human_match_act(
                match, key=form.validated_data["key"], version=form.validated_data["version"]
            )
        except StaleActionError as error:
            raise StaleAction(str(error)) from error
        except IllegalActionError as error:
            raise IllegalAction(str(error)) from error
        except HumanMatchUnavailable as error:
            raise GameUnavailable(str(error)) from error
        return Response(_detail(match))
