"""Match and tournament API: parse the request, call one selector or service, format it."""

from __future__ import annotations

import csv
import io

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from cardbase.api.views import StrictOrderingFilter
from cardbase.models import Card
from config.spreadsheet import cell_safe, csv_response
from decks.api.schema import DeckApiErrorSerializer
from decks.models import Deck
from matches.api.serializers import (
    DoctorAnswerSerializer,
    DoctorCreateSerializer,
    FieldTestCreateSerializer,
    MatchCreateSerializer,
    MatchSerializer,
    SwapTestCreateSerializer,
    TournamentCreateSerializer,
    TournamentListSerializer,
    TournamentSerializer,
)
from matches.lab.doctor import doctor_create, doctor_report
from matches.lab.swap_tests import (
    field_test_create,
    field_versions,
    swap_summary,
    swap_test_create,
)
from matches.models import Match
from matches.replays import services as replay_services
from matches.tournaments import errors, selectors, services
from matches.tournaments.card_figures import card_figures_csv
from matches.tournaments.card_tallies import card_figures

_ERRORS = {
    400: DeckApiErrorSerializer,
    401: DeckApiErrorSerializer,
    403: DeckApiErrorSerializer,
    429: DeckApiErrorSerializer,
}
_NOT_FOUND = {404: DeckApiErrorSerializer}


class TooManyRequests(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "too_many_requests"


def _versions(request, refs):
    versions, problems = selectors.versions_of_refs(user=request.user, refs=refs)
    if problems:
        raise ValidationError({"decks": problems})
    return versions


def _service_call(call):
    """Service errors → the API's envelope: 400 with fields, or 429 with the limit's code."""
    try:
        return call()
    except errors.TournamentError as error:
        raise ValidationError(error.fields or {"non_field_errors": [error.message]}) from error
    except errors.LimitExceeded as error:
        raise TooManyRequests(detail=error.message, code=error.code) from error


def tournament_answer(tournament) -> dict:
    context = {
        "progress": selectors.progress(tournament=tournament),
        "results": selectors.tournament_results(tournament=tournament),
        "swap": swap_summary(tournament=tournament),
        "doctor": doctor_report(tournament=tournament),
    }
    return TournamentSerializer(tournament, context=context).data


class TournamentListCreateView(ListAPIView):
    serializer_class = TournamentListSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_scope = "match_create"
    throttle_methods = frozenset({"POST"})  # creating costs games; listing does not
    # Newest first unless ``?ordering=`` names these fields; any other name is a 400.
    filter_backends = [StrictOrderingFilter]
    ordering_fields = ["id", "name", "status", "created_at", "finished_at"]

    def get_queryset(self):
        return selectors.tournaments_visible(user=self.request.user)

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={201: TournamentSerializer, **_ERRORS},
        description="Create a tournament; its games run on the workers. `decks` are deck ids "
        "(latest version) or {deck, version}; `agents` one name or a pair (deck A's, deck "
        "B's in every pairing). Per-user limits answer 429.",
    )
    def post(self, request):
        form = TournamentCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        versions = _versions(request, data["decks"])
        tournament = _service_call(
            lambda: services.tournament_create(
                owner=request.user,
                request=services.TournamentRequest(
                    name=data["name"],
                    format=data["format"],
                    versions=versions,
                    games_per_pairing=data["games_per_pairing"],
                    agents=data["agents"],
                    seed=data["seed"],
                    options=data["options"],
                    turn_cap=data["turn_cap"],
                    is_public=data["is_public"],
                ),
            )
        )
        return Response(tournament_answer(tournament), status=status.HTTP_201_CREATED)


def _visible_tournament(request, tournament_id):
    """With its entries read once for every part of the answer."""
    return get_object_or_404(
        selectors.with_entries(selectors.tournaments_visible(user=request.user)), pk=tournament_id
    )


class TournamentDetailView(APIView):
    @extend_schema(responses={200: TournamentSerializer, **_NOT_FOUND})
    def get(self, request, tournament_id: int):
        return Response(tournament_answer(_visible_tournament(request, tournament_id)))


class TournamentCancelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: TournamentSerializer, **_ERRORS, **_NOT_FOUND})
    def post(self, request, tournament_id: int):
        tournament = _visible_tournament(request, tournament_id)
        if tournament.owner_id != request.user.pk:
            raise PermissionDenied(_("Only the organiser can cancel a tournament."))
        services.tournament_cancel(tournament=tournament)
        return Response(tournament_answer(tournament))


class TournamentMatchesView(ListAPIView):
    serializer_class = MatchSerializer
    filter_backends: list = []  # in the order they were played

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator
            return Match.objects.none()
        tournament = _visible_tournament(self.request, self.kwargs["tournament_id"])
        # In the order they were planned, a page read through the pairings' counters.
        return selectors.TournamentGames(tournament=tournament)


class TournamentExportView(APIView):
    @extend_schema(
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "application/json"): OpenApiTypes.OBJECT,
            **_NOT_FOUND,
        },
        description="`kind`: `csv` per-pairing results; `json` standings, pairings, card "
        "figures and (a swap test, a deck doctor) its verdict; `cards` the card figures per "
        "deck as CSV.",
    )
    def get(self, request, tournament_id: int, kind: str):
        if kind not in ("csv", "json", "cards"):
            raise NotFound(_("Export kinds: csv, json, cards."))
        tournament = _visible_tournament(request, tournament_id)
        results = selectors.tournament_results(tournament=tournament)
        name = f"tournament-{tournament.pk}"
        if kind == "json":
            body = {
                "tournament": TournamentListSerializer(tournament).data,
                "standings": results["standings"],
                "pairings": results["pairings"],
                "card_figures": [
                    f.to_dict() for f in card_figures(tournament=tournament, user=request.user)
                ],
                "swap": swap_summary(tournament=tournament),
                "doctor": doctor_report(tournament=tournament),
            }
            response = Response(body)
            response["Content-Disposition"] = f'attachment; filename="{name}.json"'
            return response
        if kind == "cards":
            figures = card_figures(tournament=tournament, user=request.user)
            text = card_figures_csv(figures, results["labels"])
            return csv_response(text, filename=f"{name}-cards.csv")
        return csv_response(pairings_csv(results["pairings"]), filename=f"{name}.csv")


CSV_COLUMNS = [
    "a_name",
    "b_name",
    "a_wins",
    "b_wins",
    "draws",
    "games",
    "win_rate",
    "ci95_low",
    "ci95_high",
    "separated",
    "games_needed",
]


def pairings_csv(pairings: list[dict]) -> str:
    """The pairings as CSV; deck names are players' text, so no cell is a formula."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for p in pairings:
        row = [
            p["a_name"],
            p["b_name"],
            p["a_wins"],
            p["b_wins"],
            p["draws"],
            p["games"],
            f"{p['win_rate']:.4f}",
            f"{p['ci95'][0]:.4f}",
            f"{p['ci95'][1]:.4f}",
            p["separated"],
            "" if p["games_needed"] is None else p["games_needed"],
        ]
        writer.writerow([cell_safe(cell) for cell in row])
    return out.getvalue()


class MatchCreateView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "match_create"

    @extend_schema(
        request=MatchCreateSerializer,
        responses={201: MatchSerializer, **_ERRORS},
        description="Play one match now (bounded by the per-game CPU limit): `decks` are "
        "seats 0 and 1.",
    )
    def post(self, request):
        form = MatchCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        versions = _versions(request, data["decks"])
        match = _service_call(
            lambda: replay_services.match_create(
                owner=request.user,
                versions=versions,
                agents=data["agents"],
                seed=data["seed"],
                turn_cap=data["turn_cap"],
            )
        )
        answer = MatchSerializer(match, context={"request": request}).data
        return Response(answer, status=status.HTTP_201_CREATED)


class ReplayUnavailable(APIException):
    status_code = status.HTTP_410_GONE
    default_code = "replay_unavailable"
    default_detail = gettext_lazy(
        "This match was played by another engine version (or ended by the per-game limit): "
        "its log cannot be rebuilt."
    )


class MatchDetailView(APIView):
    @extend_schema(responses={200: MatchSerializer, **_NOT_FOUND})
    def get(self, request, match_id: int):
        match = get_object_or_404(selectors.matches_visible(user=request.user), pk=match_id)
        return Response(MatchSerializer(match, context={"request": request}).data)


class MatchLogView(APIView):
    @extend_schema(
        responses={
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.STR,
                description="The JSON-lines event log, rebuilt from the match's stored choices.",
            ),
            410: DeckApiErrorSerializer,
            **_NOT_FOUND,
        }
    )
    def get(self, request, match_id: int):
        match = get_object_or_404(selectors.matches_visible(user=request.user), pk=match_id)
        if not selectors.match_cards_visible(match=match, user=request.user):
            raise NotFound(
                _("This match's log is hidden: a deck in it is private to its owner."),
                code="replay_hidden",
            )
        log = replay_services.match_replay(match=match)
        if log is None:
            raise ReplayUnavailable(replay_services.match_replay_unavailable(match=match) or None)
        return HttpResponse(log.to_jsonl(), content_type="application/x-ndjson")


class SwapTestCreateView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "match_create"

    @extend_schema(
        request=SwapTestCreateSerializer,
        responses={201: TournamentSerializer, **_ERRORS},
        description="Start a swap test: `deck` as it is against `deck` with `copies` of card "
        "`remove` replaced by card `add` (saved as a private deck of yours), both playing the "
        "same seeds and seats against the `field`, stopped by the SPRT or the cap. The answer's "
        "`swap` holds the verdict so far.",
    )
    def post(self, request):
        form = SwapTestCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        version = _versions(request, [data["deck"]])[0]
        cards = {c.pk: c for c in Card.all_objects.filter(pk__in=[data["remove"], data["add"]])}
        missing = {name: ["no such card"] for name in ("remove", "add") if data[name] not in cards}
        if missing:
            raise ValidationError(missing)
        tournament = _service_call(
            lambda: swap_test_create(
                owner=request.user,
                version=version,
                remove=cards[data["remove"]],
                add=cards[data["add"]],
                copies=data["copies"],
                field=field_versions(
                    user=request.user, groups=data["field"], exclude=[version.deck_id]
                ),
                agents=data["agents"],
                seed=data["seed"],
                options=data["options"],
            )
        )
        return Response(tournament_answer(tournament), status=status.HTTP_201_CREATED)


class FieldTestCreateView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "match_create"

    @extend_schema(
        request=FieldTestCreateSerializer,
        responses={201: TournamentSerializer, **_ERRORS},
        description="Test a deck against the field: a gauntlet of `deck` against every precon.",
    )
    def post(self, request):
        form = FieldTestCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        version = _versions(request, [form.validated_data["deck"]])[0]
        tournament = _service_call(
            lambda: field_test_create(
                owner=request.user, version=version, seed=form.validated_data["seed"]
            )
        )
        return Response(tournament_answer(tournament), status=status.HTTP_201_CREATED)


def doctor_answer(tournament) -> dict:
    return DoctorAnswerSerializer(
        {
            "id": tournament.pk,
            "status": tournament.status,
            "progress": selectors.progress(tournament=tournament),
            "report": doctor_report(tournament=tournament),
        }
    ).data


class DoctorCreateView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "match_create"

    @extend_schema(
        request=DoctorCreateSerializer,
        responses={201: DoctorAnswerSerializer, **_ERRORS},
        description="Suggest improvements to one of your decks: candidate swaps (−k of a card, "
        "+k of another, each a legal deck) screened on paired games against the `field`, the "
        "best few confirmed by a paired SPRT on fresh seeds, within `budget_games` games on the "
        "workers. Poll `GET /api/deck-doctor/{id}/`; per-user limits answer 429.",
    )
    def post(self, request):
        form = DoctorCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        deck = Deck.objects.filter(pk=data["deck"], owner=request.user).first()
        if deck is None:
            raise ValidationError({"deck": [_("not one of your decks")]})
        tournament = _service_call(
            lambda: doctor_create(
                owner=request.user,
                deck=deck,
                field=data["field"],
                cards=data["cards"],
                budget_games=data["budget_games"],
                delta=data["delta"],
                seed=data["seed"],
            )
        )
        return Response(doctor_answer(tournament), status=status.HTTP_201_CREATED)


class DoctorDetailView(APIView):
    @extend_schema(responses={200: DoctorAnswerSerializer, **_NOT_FOUND})
    def get(self, request, doctor_id: int):
        tournament = _visible_tournament(request, doctor_id)
        if tournament.format != "doctor":
            raise NotFound()
        return Response(doctor_answer(tournament))
