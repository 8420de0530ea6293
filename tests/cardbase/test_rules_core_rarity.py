"""Rarity and serial number of catalogue cards (RARITY-1, RARITY-3)."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from cardbase.models import Card
from cardbase.search.fields import RARITY_ALIASES
from cardbase.templatetags.catalogue import rarity_label
from tests.factories import CardFactory, GameFactory, ReleaseFactory

pytestmark = pytest.mark.django_db


@pytest.mark.rules("RARITY-1")
def test_a_card_carries_its_rarity_and_its_number_in_the_release():
    """«На каждой карте указывается ее редкость и порядковый номер карты в выпуске» — one number
    names one card of a release."""
    game, release = GameFactory(slug="komandor"), ReleaseFactory(code="base")
    card = CardFactory(game=game, release=release, collector_number="12", rarity="rare")
    stored = Card.objects.get(pk=card.pk)
    assert (stored.rarity, stored.collector_number, stored.release.code) == ("rare", "12", "base")
    with pytest.raises(IntegrityError), transaction.atomic():
        CardFactory(game=game, release=release, collector_number="12", rarity="common")


@pytest.mark.rules("RARITY-3")
def test_there_are_four_rarity_levels():
    """«Существует четыре степени редкости: обычная карта (), редкая карта (), очень редкая
    карта () и уникальная карта ()» — searchable by their Russian names."""
    names = {alias: value for alias, value in RARITY_ALIASES.items() if not alias.isascii()}
    assert set(RARITY_ALIASES.values()) == {"common", "rare", "very_rare", "unique"}
    assert {names[n] for n in ("обычная", "редкая", "очень редкая", "уникальная")} == {
        "common",
        "rare",
        "very_rare",
        "unique",
    }
    with translation.override("en"):
        assert [rarity_label(v) for v in ("common", "very_rare")] == ["common", "very rare"]
