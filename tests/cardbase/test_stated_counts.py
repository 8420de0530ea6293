"""Stated totals against the rows the catalogue holds."""

import pytest

from cardbase.models import Component, Race, StatedCount
from cardbase.stated_counts import (
    Progress,
    StatedCountSpecError,
    stated_count_progress,
    stated_counts_progress,
)
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db


def _stated(game, key, count, counts):
    return StatedCount.objects.create(
        game=game,
        key=key,
        label_ru=key,
        count=count,
        counts=counts,
        source_book="test",
        source_section="test",
    )


def _row(model, game, key, **fields):
    return model.objects.create(
        game=game, key=key, name_ru=key, source_book="test", source_section="test", **fields
    )


@pytest.fixture
def orion():
    game = GameFactory(slug="master-of-orion")
    for _ in range(3):
        CardFactory(game=game, card_type="building", attributes={"colour": "blue"}, copies=2)
    CardFactory(game=game, card_type="building", attributes={"colour": "red"}, copies=5)
    CardFactory(game=game, card_type="ship", copies=None)
    # Another game's buildings never count towards this game's totals.
    CardFactory(game=GameFactory(slug="komandor"), card_type="building", copies=9)
    return game


def test_counts_rows_of_its_own_game_matching_the_filter(orion):
    stated = _stated(orion, "buildings", 90, {"model": "card", "filter": {"card_type": "building"}})
    assert stated_count_progress(stated) == Progress(stated=90, entered=4, missing=86)


def test_filter_reaches_into_attributes(orion):
    stated = _stated(
        orion,
        "blue",
        3,
        {"model": "card", "filter": {"card_type": "building", "attributes__colour": "blue"}},
    )
    assert stated_count_progress(stated) == Progress(stated=3, entered=3, missing=0)


def test_sum_adds_up_copies(orion):
    stated = _stated(
        orion,
        "building-copies",
        20,
        {"model": "card", "filter": {"card_type": "building"}, "sum": "copies"},
    )
    assert stated_count_progress(stated) == Progress(stated=20, entered=11, missing=9)


def test_sum_over_no_rows_is_zero(orion):
    stated = _stated(
        orion, "none", 4, {"model": "card", "filter": {"card_type": "tank"}, "sum": "copies"}
    )
    assert stated_count_progress(stated) == Progress(stated=4, entered=0, missing=4)


def test_more_rows_than_stated_is_nothing_missing(orion):
    stated = _stated(orion, "few", 2, {"model": "card", "filter": {"card_type": "building"}})
    assert stated_count_progress(stated) == Progress(stated=2, entered=4, missing=0)


def test_other_models(orion):
    _row(Race, orion, "psilon")
    _row(Component, orion, "a-token", kind="token")
    _row(Component, orion, "a-phase", kind="phase")
    races = _stated(orion, "races", 10, {"model": "race"})
    tokens = _stated(orion, "tokens", 1, {"model": "component", "filter": {"kind": "token"}})
    assert stated_count_progress(races) == Progress(stated=10, entered=1, missing=9)
    assert stated_count_progress(tokens) == Progress(stated=1, entered=1, missing=0)


@pytest.mark.parametrize(
    ("counts", "named"),
    [
        ({"model": "spaceship"}, "counts.model"),
        ({}, "counts.model"),
        ([], "counts"),
        ({"model": "card", "filter": ["card_type"]}, "counts.filter"),
        ({"model": "card", "filter": {"colour": "blue"}}, "colour"),
        ({"model": "race", "sum": "copies"}, "counts.sum"),
        ({"model": "card", "filter": {"cost": "cheap"}}, "counts.filter"),
    ],
)
def test_broken_spec_is_a_clear_error(orion, counts, named):
    stated = _stated(orion, "broken", 1, counts)
    with pytest.raises(StatedCountSpecError, match=named.replace(".", r"\.")):
        stated_count_progress(stated)


def test_many_at_once_is_one_query_per_model(orion, django_assert_num_queries):
    _row(Race, orion, "psilon")
    stated = [
        _stated(orion, "buildings", 90, {"model": "card", "filter": {"card_type": "building"}}),
        _stated(orion, "ships", 5, {"model": "card", "filter": {"card_type": "ship"}}),
        _stated(orion, "copies", 20, {"model": "card", "sum": "copies"}),
        _stated(orion, "races", 10, {"model": "race"}),
        _stated(orion, "broken", 1, {"model": "spaceship"}),
    ]
    with django_assert_num_queries(2):
        progress = stated_counts_progress(stated)
    assert [progress[s.pk] for s in stated[:4]] == [
        Progress(90, 4, 86),
        Progress(5, 1, 4),
        Progress(20, 11, 9),
        Progress(10, 1, 9),
    ]
    assert isinstance(progress[stated[4].pk], StatedCountSpecError)
    for one in stated[:4]:
        assert stated_count_progress(one) == progress[one.pk]
