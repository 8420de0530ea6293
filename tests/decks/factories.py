"""Deck test data: Komandor cards of each kind and legal decks built from them."""

import factory
from django.contrib.auth import get_user_model

from tests.factories import CardFactory, GameFactory, ReleaseFactory


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password("pass-Word-123")


def komandor_card(kind: str, **fields):
    return CardFactory(game=GameFactory(slug="komandor"), card_type=kind, **fields)


def legal_deck_cards():
    """A Commander, and 40 deck cards: 10 names × 4 (ships, space objects, others)."""
    commander = komandor_card("commander", cost=None)
    ships = [komandor_card("ship", cost=3 + n) for n in range(4)]
    objects = [komandor_card("space_object", cost=5) for _ in range(3)]
    others = [
        komandor_card("tactical", cost=2),
        komandor_card("upgrade", cost=1),
        komandor_card("ability", cost=None),
    ]
    return commander, ships + objects + others


__all__ = ["CardFactory", "GameFactory", "ReleaseFactory", "UserFactory"]
