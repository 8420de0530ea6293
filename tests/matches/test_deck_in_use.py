"""Issue 12: a deck whose versions a match keeps cannot be deleted — the API answers 409
``deck_in_use`` in the error envelope and the deck, its versions and the match stay."""

from rest_framework.test import APIClient

from decks.models import Deck, DeckVersion
from matches.models import Match
from tests.matches.decks import playable_deck


def test_deleting_a_deck_a_match_played_is_a_409_and_keeps_everything(owner):
    played, opponent = playable_deck(owner, "Баланс"), playable_deck(owner, "Торговцы")
    unplayed = playable_deck(owner, "Станции")
    api = APIClient()
    api.force_authenticate(owner)
    match = api.post(
        "/api/matches/",
        {"decks": [played.pk, opponent.pk], "agents": "random", "seed": 4},
        format="json",
    )
    assert match.status_code == 201, match.json()

    response = api.delete(f"/api/decks/{played.pk}/")

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "deck_in_use"
    assert body["message"]
    assert Deck.objects.filter(pk=played.pk).exists()
    assert DeckVersion.objects.filter(deck=played).count() == 1
    assert Match.objects.filter(pk=match.json()["id"]).exists()
    # A deck no match played is deleted as before.
    assert api.delete(f"/api/decks/{unplayed.pk}/").status_code == 204
    assert not Deck.objects.filter(pk=unplayed.pk).exists()
