"""A shipped card that leaves the data files while a deck uses it is retired, not deleted: the
loader names the deck, and the deck still opens and still plays a whole match with the card
as it was saved (issue «content manager», «the deck still opens and plays»)."""

import shutil

import yaml
from django.test import Client
from django.urls import reverse

from cardbase.models import Card
from content.loader import DATA_DIR, content_load
from decks.selectors import deck_content
from decks.services import deck_update
from decks.values import DeckContent, EntryContent
from komandor.rules import rules
from matches.games.decks import playable_deck_of
from matches.games.playing import play_game
from tests.decks.factories import UserFactory
from tests.matches.decks import playable_deck


def _without_chimera(root):
    """A copy of the shipped data files with the book's «Химера» taken out of them."""
    data = root / "data"
    shutil.copytree(DATA_DIR, data)
    ships = data / "komandor" / "ships.yaml"
    document = yaml.safe_load(ships.read_text(encoding="utf-8"))
    document["entries"] = [e for e in document["entries"] if e["key"] != "chimera"]
    ships.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    return data


def test_a_retired_shipped_card_keeps_its_deck_playable(shipped_content, tmp_path):
    chimera = Card.objects.get(game__slug="komandor", key="chimera")
    owner = UserFactory(username="pilot")
    deck = playable_deck(owner, "Баланс")
    before = deck_content(deck=deck)
    deck = deck_update(
        deck=deck,
        content=DeckContent(
            commander_id=before.commander_id,
            entries=(*before.entries, EntryContent(card_id=chimera.pk, count=1)),
        ),
    )

    report = content_load(data_dir=_without_chimera(tmp_path))

    (message,) = report.retired
    assert "chimera" in message and f"«{deck.name}»" in message
    assert Card.all_objects.get(pk=chimera.pk).retired
    assert not Card.objects.filter(pk=chimera.pk).exists()
    client = Client()
    client.force_login(owner)
    page = client.get(reverse("decks:detail", args=[deck.pk]))
    assert page.status_code == 200 and "Химера" in page.content.decode()

    playable = playable_deck_of(version=deck.versions.order_by("-number").first())
    assert any("Химера" in spec.name for spec in playable.deck.cards)
    record, result = play_game(
        seats=[playable, playable],
        agents=["heuristic", "heuristic"],
        seed=11,
        turn_cap=rules.DEFAULT_TURN_CAP,
    )
    assert result is not None and record.termination != "game_limit"
    assert record.turns >= 1
