"""Games between two people in the API: parse the request, call one service or selector,
format. Every refusal is a 4xx in the API's envelope."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.api.schema import DeckApiErrorSerializer
from matches.api.views import _ERRORS, _NOT_FOUND
from matches.friends import services
from matches.friends.selectors import (
    friend_game_detail,
    friend_game_summary,
    friend_game_viewable,
    friend_games_of,
    open_tables,
)
from matches.friends.serializers import (
    FriendGameActionSerializer,
    FriendGameCreateSerializer,
    FriendGameJoinSerializer,
    FriendGameSerializer,
    FriendGameSummarySerializer,
)
from matches.friends.services import FriendGameError, FriendGameUnavailable, no_such_game
from matches.play.seeds import SEED_REFUSED, seed_given
from matches.tournaments import selectors as tournament_selectors

_REFUSALS = {**_ERRORS, **_NOT_FOUND, 409: DeckApiErrorSerializer}


class Refused(APIException):
    """A ``FriendGameError`` (or a stale or illegal action) in the envelope."""

    def __init__(self, *, status_code: int, code: str, message: str) -> None:
        self.status_code = status_code
        super().__init__(detail=message, code=code)


def _refused(error: Exception) -> Refused | ValidationError:
    if isinstance(error, FriendGameError):
        if error.fields:
            return ValidationError(error.fields)
        return Refused(status_code=error.status, code=error.code, message=error.message)
    if isinstance(error, services.StaleActionError):
        return Refused(status_code=409, code="stale_version", message=str(error))
    if isinstance(error, services.IllegalActionError):
        return Refused(status_code=400, code="illegal_action", message=str(error))
    return Refused(status_code=410, code="game_unavailable", message=str(error))


_FAILURES = (
    FriendGameError,
    services.StaleActionError,
    services.IllegalActionError,
    FriendGameUnavailable,
)


def _deck_version(request, ref):
    found, trouble = tournament_selectors.versions_of_refs(user=request.user, refs=[ref])
    if trouble:
        raise ValidationError({"deck": trouble})
    return found[0]


def _no_seed(request) -> None:
    if isinstance(request.data, dict) and seed_given(request.data):
        raise ValidationError({"seed": [str(SEED_REFUSED)]})


def _answer(request, game, seat, *, code: int = 200) -> Response:
    detail = friend_game_detail(game, seat)
    if "invite_token" in detail:
        detail["invite_url"] = request.build_absolute_uri(
            reverse("matches:friends-join", args=[detail["invite_token"]])
        )
    return Response(detail, status=code)


class FriendGameListCreateView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "friend_table"
    throttle_methods = frozenset({"POST"})

    @extend_schema(
        responses={200: FriendGameSummarySerializer(many=True), **_ERRORS},
        description="Your tables (created or joined), last changed first.",
    )
    def get(self, request):
        games = list(friend_games_of(request.user)[:100])
        rows = [friend_game_summary(game, game.seat_of(request.user)) for game in games]
        return Response(FriendGameSummarySerializer(rows, many=True).data)

    @extend_schema(
        request=FriendGameCreateSerializer,
        responses={201: FriendGameSerializer, **_REFUSALS},
        description="Open a table with your `deck`: the answer carries its single-use "
        "`invite_url` (and `invite_token`) to send to your opponent. The seed is drawn by the "
        "server and shown when the game is over: a `seed` in the request is a 400.",
    )
    def post(self, request):
        _no_seed(request)
        form = FriendGameCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        deck = _deck_version(request, data["deck"])
        try:
            game = services.friend_game_create(
                creator=request.user,
                deck=deck,
                seat=data["seat"],
                clock_seconds=data["clock_seconds"],
                clock_increment=data["clock_increment"],
                spectators=data["spectators"],
                open_hand=data["open_hand"],
                listed=data["listed"],
                away_clock=data["away_clock"],
            )
        except FriendGameError as error:
            raise _refused(error) from error
        return _answer(request, game, game.creator_seat, code=status.HTTP_201_CREATED)


class FriendGameJoinView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "friend_table"

    @extend_schema(
        request=FriendGameJoinSerializer,
        responses={200: FriendGameSerializer, **_REFUSALS},
        description="Take the second seat of the table whose invitation is `token`, with your "
        "`deck`; the invitation is spent. An unknown, used or expired token is a 404.",
    )
    def post(self, request):
        _no_seed(request)
        form = FriendGameJoinSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        deck = _deck_version(request, data["deck"])
        try:
            game = services.friend_game_join(
                user=request.user, token=data["token"], deck=deck, open_hand=data["open_hand"]
            )
        except FriendGameError as error:
            raise _refused(error) from error
        return _answer(request, game, game.guest_seat)


class FriendGameOpenListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: FriendGameSummarySerializer(many=True), **_ERRORS},
        description="Tables their creators listed as open, waiting for an opponent, each with "
        "its invitation `invite_token` (join with `POST /api/friend-games/join/`).",
    )
    def get(self, request):
        rows = [
            {**friend_game_summary(game, None), "invite_token": game.invite_token}
            for game in open_tables(request.user)[:50]
        ]
        return Response(FriendGameSummarySerializer(rows, many=True).data)


def _viewable(request, game_id: int):
    try:
        return friend_game_viewable(request.user, game_id)
    except FriendGameError as error:
        raise _refused(error) from error


class FriendGameDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: FriendGameSerializer, 410: DeckApiErrorSerializer, **_REFUSALS},
        description="The game as you may see it: a seat his observation and pending "
        "decision, a spectator the public position; the whole state, for a rejoin.",
    )
    def get(self, request, game_id: int):
        game, seat = _viewable(request, game_id)
        try:
            return _answer(request, game, seat)
        except FriendGameUnavailable as error:
            raise _refused(error) from error


def _seat_action(request, game_id: int, act):
    """Run ``act(game)`` for a seat of the game; anyone else gets a 404."""
    game, seat = _viewable(request, game_id)
    if seat is None:
        raise _refused(no_such_game())
    try:
        game = act(game)
    except _FAILURES as error:
        raise _refused(error) from error
    return _answer(request, game, game.seat_of(request.user))


class FriendGameActionView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "game_action"

    @extend_schema(
        request=FriendGameActionSerializer,
        responses={200: FriendGameSerializer, 410: DeckApiErrorSerializer, **_REFUSALS},
        description="Answer your pending decision with the option `key` on the state "
        "`version` you saw. Another version is a 409 and changes nothing; a user without a "
        "seat gets a 404.",
    )
    def post(self, request, game_id: int):
        form = FriendGameActionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        return _seat_action(
            request,
            game_id,
            lambda game: services.friend_game_act(
                game, user=request.user, key=data["key"], version=data["version"]
            ),
        )


class FriendGameResignView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: FriendGameSerializer, **_REFUSALS},
        description="Resign: the opponent wins.",
    )
    def post(self, request, game_id: int):
        return _seat_action(
            request, game_id, lambda game: services.friend_game_resign(game, user=request.user)
        )


class FriendGameDrawView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: FriendGameSerializer, **_REFUSALS},
        description="Offer a draw; when the opponent offered one, the game is drawn.",
    )
    def post(self, request, game_id: int):
        return _seat_action(
            request,
            game_id,
            lambda game: services.friend_game_offer_draw(game, user=request.user),
        )


class FriendGameRematchView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "friend_table"

    @extend_schema(
        request=None,
        responses={201: FriendGameSerializer, **_REFUSALS},
        description="A new game of a finished one's decks with the seats swapped (asking "
        "again gives the same game).",
    )
    def post(self, request, game_id: int):
        game, seat = _viewable(request, game_id)
        if seat is None:
            raise _refused(no_such_game())
        try:
            rematch = services.friend_game_rematch(game, user=request.user)
        except FriendGameError as error:
            raise _refused(error) from error
        return _answer(request, rematch, rematch.seat_of(request.user), code=201)
