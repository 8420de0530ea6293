"""Catalogue factories for tests that must not depend on any particular shipped card."""

import factory

from cardbase.models import Card, Game, Release


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game
        django_get_or_create = ("slug",)

    slug = "komandor"
    name_ru = factory.LazyAttribute(lambda game: game.slug)
    rule_book = factory.LazyAttribute(lambda game: f"{game.slug}.ru.txt")


class ReleaseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Release
        django_get_or_create = ("game", "code")

    game = factory.SubFactory(GameFactory)
    code = factory.Sequence(lambda n: f"r{n}")
    name_ru = factory.LazyAttribute(lambda release: f"Выпуск {release.code}")
    source_book = "test"
    source_section = "test"


class CardFactory(factory.django.DjangoModelFactory):
    """A card row. Komandor stats go in ``attributes`` in the engine's card-schema form; the
    factory does not run the schema checks (tests of those call the services)."""

    class Meta:
        model = Card

    game = factory.SubFactory(GameFactory)
    key = factory.Sequence(lambda n: f"card-{n}")
    name_ru = factory.Sequence(lambda n: f"Карта {n}")
    card_type = "ship"
    cost = 3
    source_book = "test"
    source_section = "test"
