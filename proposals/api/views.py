"""Card proposals API: a player sends printed cards with their photos and reads where they
stand; publishers publish, ask for changes or reject. Parse, call one service, answer."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied, ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardbase.api.pagination import PageNumbers
from cardbase.editorial.drafts import can_publish
from config.parsers import BoundedJSONParser
from config.users import signed_in
from decks.api.schema import DeckApiErrorSerializer
from proposals import selectors, services
from proposals.api.serializers import (
    DecisionSerializer,
    ProposalInputSerializer,
    ProposalSerializer,
)
from proposals.models import CardProposal

_ERRORS = {400: DeckApiErrorSerializer, 401: DeckApiErrorSerializer, 403: DeckApiErrorSerializer}
_ONE = {**_ERRORS, 404: DeckApiErrorSerializer}
STATUSES = ["pending", "changes_requested", "published", "rejected"]
# One page of proposals, as ``PageNumbers`` answers it.
PROPOSAL_PAGE = inline_serializer(
    "ProposalPage",
    {
        "count": serializers.IntegerField(),
        "next": serializers.CharField(allow_null=True),
        "previous": serializers.CharField(allow_null=True),
        "results": ProposalSerializer(many=True),
    },
)


class ProposalLimitError(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "proposal_limit"


def _refused(error: DjangoValidationError) -> ValidationError:
    """The service's problems as the API's field errors (``attributes.weapons.plasma.power``)."""
    if hasattr(error, "error_dict"):
        fields = {
            ("non_field_errors" if name == "__all__" else name): messages
            for name, messages in error.message_dict.items()
        }
        return ValidationError(fields)
    return ValidationError({"non_field_errors": list(error.messages)})


def _answer(proposal: CardProposal, *, code: int = status.HTTP_200_OK) -> Response:
    return Response(ProposalSerializer(selectors.proposal_view(proposal)).data, status=code)


def _visible(request: Request, proposal_id: int) -> CardProposal:
    proposal = selectors.proposal_for(user=request.user, proposal_id=proposal_id)
    if proposal is None:
        raise NotFound(_("No such proposal."))
    return proposal


def _submit(request: Request, proposal: CardProposal | None) -> CardProposal:
    serializer = ProposalInputSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    photo = serializer.validated_data.get("image")
    try:
        return services.proposal_submit(
            data=serializer.proposal_data(),
            proposer=signed_in(request),
            photo=photo,
            photo_size=getattr(photo, "size", None),
            proposal=proposal,
        )
    except DjangoValidationError as error:
        raise _refused(error) from error
    except services.ProposalLimitReached as limit:
        raise ProposalLimitError(limit.message) from limit


class ProposalListCreateView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]
    throttle_scope = "card_proposal"
    throttle_methods = ["POST"]

    @extend_schema(
        operation_id="card_proposals_list",
        summary=gettext_lazy("My card proposals (a publisher: everyone's)"),
        parameters=[
            OpenApiParameter("status", str, enum=STATUSES),
            OpenApiParameter(
                "page",
                {
                    "oneOf": [
                        {"type": "integer", "minimum": 1},
                        {"type": "string", "enum": list(PageNumbers.last_page_strings)},
                    ]
                },
                description="Page number from 1, or 'last'; past the last: 404.",
            ),
        ],
        responses={200: PROPOSAL_PAGE, **_ERRORS, 404: DeckApiErrorSerializer},
    )
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status", "")
        if wanted and wanted not in STATUSES:
            raise ValidationError({"status": [_("One of: %s.") % ", ".join(STATUSES)]})
        rows = (
            CardProposal.objects.select_related("draft", "proposer")
            if selectors.can_see_all(request.user)
            else selectors.proposals_of(user=signed_in(request))
        )
        if wanted:
            rows = rows.filter(draft__status=wanted)
        paginator = PageNumbers()
        page = paginator.paginate_queryset(
            rows.order_by("-submitted_at", "-pk"), request, view=self
        )
        data = [ProposalSerializer(selectors.proposal_view(p)).data for p in page or []]
        return paginator.get_paginated_response(data)

    @extend_schema(
        operation_id="card_proposals_create",
        summary=gettext_lazy("Propose a printed card, with its photo"),
        request={"multipart/form-data": ProposalInputSerializer},
        responses={201: ProposalSerializer, **_ERRORS, 429: DeckApiErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        return _answer(_submit(request, None), code=status.HTTP_201_CREATED)


class ProposalDetailView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]
    throttle_scope = "card_proposal"
    throttle_methods = ["PUT"]

    @extend_schema(
        operation_id="card_proposals_retrieve",
        summary=gettext_lazy("One card proposal"),
        responses={200: ProposalSerializer, **_ONE},
    )
    def get(self, request: Request, proposal_id: int) -> Response:
        return _answer(_visible(request, proposal_id))

    @extend_schema(
        operation_id="card_proposals_update",
        summary=gettext_lazy("Send a proposal again, changed (its photo is kept if none is sent)"),
        request={"multipart/form-data": ProposalInputSerializer},
        responses={200: ProposalSerializer, **_ONE, 429: DeckApiErrorSerializer},
    )
    def put(self, request: Request, proposal_id: int) -> Response:
        proposal = _visible(request, proposal_id)
        if proposal.proposer_id != request.user.pk:
            raise PermissionDenied(_("Only its proposer sends a proposal again."))
        return _answer(_submit(request, proposal))


class _DecisionView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [BoundedJSONParser, MultiPartParser]

    def _proposal(self, request: Request, proposal_id: int) -> CardProposal:
        if not can_publish(request.user):
            raise PermissionDenied(_("Only publishers decide proposals."))
        return _visible(request, proposal_id)


class ProposalPublishView(_DecisionView):
    @extend_schema(
        operation_id="card_proposals_publish",
        summary=gettext_lazy("Publish a proposal: the card enters the catalogue"),
        request=None,
        responses={200: ProposalSerializer, **_ONE},
    )
    def post(self, request: Request, proposal_id: int) -> Response:
        proposal = self._proposal(request, proposal_id)
        try:
            services.proposal_publish(proposal=proposal, user=signed_in(request))
        except DjangoValidationError as error:
            raise _refused(error) from error
        proposal.refresh_from_db()
        proposal.draft.refresh_from_db()
        return _answer(proposal)


def _decision(decide):
    def post(self, request: Request, proposal_id: int) -> Response:
        proposal = self._proposal(request, proposal_id)
        serializer = DecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            decide(proposal=proposal, user=request.user, reason=serializer.validated_data["reason"])
        except DjangoValidationError as error:
            raise _refused(error) from error
        proposal.draft.refresh_from_db()
        return _answer(proposal)

    return post


class ProposalRejectView(_DecisionView):
    post = extend_schema(
        operation_id="card_proposals_reject",
        summary=gettext_lazy("Reject a proposal, with the reason its proposer reads"),
        request=DecisionSerializer,
        responses={200: ProposalSerializer, **_ONE},
    )(_decision(services.proposal_reject))


class ProposalReturnView(_DecisionView):
    post = extend_schema(
        operation_id="card_proposals_request_changes",
        summary=gettext_lazy("Ask the proposer for changes, saying which"),
        request=DecisionSerializer,
        responses={200: ProposalSerializer, **_ONE},
    )(_decision(services.proposal_return))
