"""Deck versions keep their cards' specs; the one service turns a version into an engine deck."""

import pytest
from django.utils import translation

from cardbase.models import Card
from decks.messages import deck_error_text
from decks.models import DeckVersion
from komandor.agents.registry import make_agent
from komandor.rules.decks import DeckError
from komandor.rules.match import run_match
from komandor.words.deck_problems import deck_problem_text
from matches.games.decks import agent_for_deck, playable_deck_from_snapshot, playable_deck_of
from tests.matches.decks import playable_deck


def test_a_version_keeps_each_cards_full_spec_and_the_catalogue_version(owner):
    deck = playable_deck(owner)
    version = deck.versions.get()
    assert version.is_valid
    assert version.catalogue_version
    commander_id = version.snapshot["commander"]["card_id"]
    assert version.card_specs[str(commander_id)]["kind"] == "commander"
    station = Card.objects.get(name_ru="Тестовая станция")
    assert version.card_specs[str(station.pk)] == station.attributes


def test_a_later_catalogue_edit_does_not_change_the_engine_deck_of_an_old_version(owner):
    version = playable_deck(owner).versions.get()
    station = Card.objects.get(name_ru="Тестовая станция")
    station.attributes = {**station.attributes, "armor": 9}
    station.save()
    deck = playable_deck_of(version=DeckVersion.objects.get(pk=version.pk)).deck
    armors = {spec.armor for spec in deck.cards if spec.name == "Тестовая станция"}
    assert armors == {2}
    assert len(deck.cards) == 40


def test_pre_chosen_ability_cards_come_first_and_are_played_at_setup(owner):
    version = playable_deck(owner, setup_abilities=2).versions.get()
    playable = playable_deck_of(version=version)
    assert playable.preselected == 2
    assert [spec.name for spec in playable.deck.cards[:2]] == ["Тестовая способность"] * 2
    assert len(playable.deck.cards) == 40
    agents = [agent_for_deck(name="random", seed=s, seat=s, playable=playable) for s in (0, 1)]
    result = run_match(decks=[playable.deck, playable.deck], agents=agents, seed=3)
    picked = [(e["player"], e["card"]) for e in result.log.of_type("ability_preselected")]
    assert picked == [(0, "p0.00"), (0, "p0.01"), (1, "p1.00"), (1, "p1.01")]


def test_without_pre_chosen_cards_the_agent_starts_without_any(owner):
    playable = playable_deck_of(version=playable_deck(owner).versions.get())
    agents = [agent_for_deck(name="random", seed=s, seat=s, playable=playable) for s in (0, 1)]
    result = run_match(decks=[playable.deck, playable.deck], agents=agents, seed=5)
    assert result.log.of_type("ability_preselected") == []
    assert agents[0].name == "random"
    assert make_agent("random").name == "random"


def test_a_missing_spec_is_named():
    snapshot = {"commander": {"card_id": 1}, "entries": [{"card_id": 2, "count": 40}]}
    with pytest.raises(DeckError) as error:
        playable_deck_from_snapshot(name="x", snapshot=snapshot, card_specs={})
    assert [deck_problem_text(problem) for problem in error.value.problems] == [
        "commander: no stored spec for card 1",
        "entries.0: no stored spec for card 2",
    ]
    with translation.override("en"):
        assert deck_error_text(error.value) == (
            "commander: no stored spec for card 1. entries.0: no stored spec for card 2."
        )
    with translation.override("ru"):
        assert deck_error_text(error.value).startswith(
            "commander: нет сохранённого описания карты 1."
        )


def test_the_data_migration_fills_versions_saved_before_specs_were_kept(owner):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("decks.migrations.0002_deckversion_card_specs")
    version = playable_deck(owner).versions.get()
    expected = version.card_specs
    DeckVersion.objects.filter(pk=version.pk).update(card_specs={}, catalogue_version="")
    migration.fill_card_specs(apps, None)
    refreshed = DeckVersion.objects.get(pk=version.pk)
    assert refreshed.card_specs == expected
    assert refreshed.catalogue_version == version.catalogue_version


def test_a_versions_stored_specs_are_read_once_and_its_deck_reused(owner, monkeypatch):
    version = playable_deck(owner).versions.get()
    first = playable_deck_of(version=DeckVersion.objects.get(pk=version.pk))
    read = []
    monkeypatch.setattr(
        "matches.games.decks.playable_deck_from_snapshot",
        lambda **parts: read.append(parts) or first,
    )
    again = playable_deck_of(version=DeckVersion.objects.get(pk=version.pk))
    assert again is first and read == []  # the same spec objects: the engine's caches hit
    assert all(a is b for a, b in zip(again.deck.cards, first.deck.cards, strict=True))
