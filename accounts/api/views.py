"""The account in the API: who is signed in, and his personal access tokens."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import tokens
from accounts.api.serializers import (
    AccountSerializer,
    TokenCreatedSerializer,
    TokenCreateSerializer,
    TokenSerializer,
)
from accounts.authentication import TokenAuthentication
from accounts.models import AccessToken
from accounts.scopes import ACCOUNT
from config.authentication import BasicAuthentication
from decks.api.schema import DeckApiErrorSerializer

_ERRORS = {401: DeckApiErrorSerializer, 403: DeckApiErrorSerializer}


class AccountView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_retrieve",
        summary=gettext_lazy("Who is signed in, and how (a token's scopes)"),
        responses={200: AccountSerializer, **_ERRORS},
    )
    def get(self, request):
        token = request.auth if isinstance(request.auth, AccessToken) else None
        how = "token" if token else "session"
        return Response(
            {
                "username": request.user.get_username(),
                "signed_in_with": how,
                "scopes": token.scopes if token else None,
            }
        )


class _TokenView(APIView):
    # Basic first: its 401 says a password is taken here. A token is recognised, and refused
    # (``token_scope``), so a script learns why rather than seeing "not signed in".
    authentication_classes = [BasicAuthentication, TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]
    token_scope = ACCOUNT


class TokenListCreateView(_TokenView):
    @extend_schema(
        operation_id="account_tokens_list",
        summary=gettext_lazy("My access tokens (never the tokens themselves)"),
        responses={200: TokenSerializer(many=True), **_ERRORS},
    )
    def get(self, request):
        return Response(TokenSerializer(tokens.tokens_of(request.user), many=True).data)

    @extend_schema(
        operation_id="account_tokens_create",
        summary=gettext_lazy("Make a token; the answer shows it this once"),
        request=TokenCreateSerializer,
        responses={201: TokenCreatedSerializer, 400: DeckApiErrorSerializer, **_ERRORS},
    )
    def post(self, request):
        serializer = TokenCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            token, secret = tokens.token_create(
                user=request.user,
                name=data["name"],
                scopes=data["scopes"],
                expires_at=data["expires"],
            )
        except tokens.TooManyTokens as error:
            raise ValidationError(
                {"name": [_("At most %(count)s tokens; revoke one first.")
                          % {"count": tokens.TOKENS_PER_USER}]}
            ) from error  # fmt: skip
        body = TokenSerializer(token).data | {"token": secret}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenDetailView(_TokenView):
    @extend_schema(
        operation_id="account_tokens_destroy",
        summary=gettext_lazy("Revoke a token: the next request with it is a 401"),
        responses={204: None, 404: DeckApiErrorSerializer, **_ERRORS},
    )
    def delete(self, request, token_id: int):
        if not tokens.token_revoke(user=request.user, token_id=token_id):
            raise NotFound(_("No such token."))
        return Response(status=status.HTTP_204_NO_CONTENT)
