"""The board draws a card with an image as its thumbnail (a printed card's photo), and every
other card as the drawn compact face."""

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
