"""Issue 12: what a deck made private keeps private — its old share link, and the versions
saved while nobody else could see it."""

import pytest
from rest_framework.test import APIClient

from decks import services
from decks.models import Visibility

pytestmark = pytest.mark.django_db


def client_of(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_deck_made_private_and_unlisted_again_gets_a_new_link(owner, legal_content):
    deck = services.deck_create(
        owner=owner, name="Флот", content=legal_content, visibility=Visibility.UNLISTED
    )
    old = deck.share_token
    assert client_of().get(f"/api/decks/shared/{old}/").status_code == 200
    services.deck_update(deck=deck, visibility=Visibility.PRIVATE)
    services.deck_update(deck=deck, visibility=Visibility.UNLISTED)
    assert deck.share_token != old
    assert client_of().get(f"/api/decks/shared/{old}/").status_code == 404
    assert client_of().get(f"/api/decks/shared/{deck.share_token}/").status_code == 200


def test_unlisted_to_public_and_back_keeps_the_link(owner, legal_content):
    deck = services.deck_create(
        owner=owner, name="Флот", content=legal_content, visibility=Visibility.UNLISTED
    )
    old = deck.share_token
    services.deck_update(deck=deck, visibility=Visibility.PUBLIC)
    services.deck_update(deck=deck, visibility=Visibility.UNLISTED)
    assert deck.share_token == old


def test_others_see_only_the_versions_saved_while_the_deck_was_shared(
    owner, stranger, legal_content
):
    deck = services.deck_create(
        owner=owner, name="Флот", content=legal_content, visibility=Visibility.PUBLIC
    )
    services.deck_update(deck=deck, visibility=Visibility.PRIVATE)  # v2, private
    services.deck_update(deck=deck, description="секретный план")  # v3, private
    services.deck_update(deck=deck, visibility=Visibility.PUBLIC)  # v4, public
    versions = f"/api/decks/{deck.id}/versions/"
    seen = [v["number"] for v in client_of(stranger).get(versions).json()]
    assert seen == [4, 1]
    assert [v["number"] for v in client_of().get(versions).json()] == [4, 1]
    assert client_of(stranger).get(f"{versions}3/").status_code == 404
    assert client_of(stranger).get(f"{versions}4/").status_code == 200
    assert [v["number"] for v in client_of(owner).get(versions).json()] == [4, 3, 2, 1]
    assert client_of(owner).get(f"{versions}3/").status_code == 200


def test_each_version_records_the_visibility_it_was_saved_with(owner, legal_content):
    deck = services.deck_create(owner=owner, name="Флот", content=legal_content)
    services.deck_update(deck=deck, visibility=Visibility.UNLISTED)
    assert list(deck.versions.order_by("number").values_list("visibility", flat=True)) == [
        Visibility.PRIVATE,
        Visibility.UNLISTED,
    ]
