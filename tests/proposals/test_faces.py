"""A card with an image is drawn as its picture wherever card faces are: the board (its thumbnail),
the proxy sheet and the builder's preview; every other card as the drawn compact face."""

import pytest

from cardbase.card_faces import card_face_of
from matches.templatetags.board_faces import board_face
from matches.words.board import CardView
from proposals.services import proposal_publish, proposal_submit
from tests.cardbase.admin_data import admin_catalogue, role_user
from tests.proposals.data import photo, proposal_data

pytestmark = pytest.mark.django_db


def view(card) -> CardView:
    return CardView(uid="p0.07", name=card.name_ru, face=card_face_of(card), player=0, kind="ship")


def test_a_card_with_a_photo_is_its_thumbnail_on_the_board(django_user_model):
    catalogue = admin_catalogue()
    player = django_user_model.objects.create_user("pilot", password="pw-123-xyz")
    proposal = proposal_submit(data=proposal_data(), proposer=player, photo=photo())
    card = proposal_publish(proposal=proposal, user=role_user("boss", role="publishers"))
    html = board_face(view(card))
    assert "data-photo" in html and f"/card-images/{card.image}/thumb.webp" in html
    assert 'data-origin="players"' in html
    drawn = board_face(view(catalogue["chimera"]))
    assert "data-photo" not in drawn
    assert "card-face--compact" in drawn


def test_the_proxy_sheet_and_the_builders_preview_show_the_photo(client, django_user_model):
    from decks import services as decks
    from decks.values import DeckContent, EntryContent
    from tests.decks.factories import legal_deck_cards

    commander, cards = legal_deck_cards()
    player = django_user_model.objects.create_user("pilot", password="pw-123-xyz")
    proposal = proposal_submit(data=proposal_data(), proposer=player, photo=photo())
    card = proposal_publish(proposal=proposal, user=role_user("boss", role="publishers"))
    entries = (*(EntryContent(card_id=c.id, count=4) for c in cards), EntryContent(card.id, 2))
    deck = decks.deck_create(
        owner=player, name="Флот", content=DeckContent(commander_id=commander.id, entries=entries)
    )
    client.force_login(player)
    thumbnail = f"/card-images/{card.image}/thumb.webp"
    proxies = client.get(f"/decks/{deck.pk}/proxies/").content.decode()
    assert proxies.count(thumbnail) == 2  # one proxy per copy
    preview = client.get(f"/cards/{card.pk}/face/").content.decode()
    assert "data-photo" in preview and thumbnail in preview
