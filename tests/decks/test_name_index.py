"""The Komandor name index that text import and validation resolve names with.

Each process reuses the index it built while the catalogue version token (changed by database
triggers on every catalogue write) is unchanged; these tests change the rows the index is built
from between two resolutions — through bulk updates that no Django signal sees — and expect the
second resolution to see the change.
"""

import pytest
from django.db.models import F

from cardbase.models import Card, Release
from decks import services
from decks.text_format import DeckTextError
from tests.decks.factories import ReleaseFactory, komandor_card

pytestmark = pytest.mark.django_db


def _resolved_id(text: str) -> int:
    return services.content_from_source(source=text).entries[0].card_id


def test_a_renamed_card_resolves_by_its_new_name_only():
    card = komandor_card("ship", name_ru="Фрегат")
    assert _resolved_id("1 Фрегат") == card.id
    # A bulk update skips save(): the index must notice it all the same.
    Card.objects.filter(pk=card.pk).update(name_ru="Корвет")
    assert _resolved_id("1 Корвет") == card.id
    with pytest.raises(DeckTextError) as caught:
        services.content_from_source(source="1 Фрегат")
    assert caught.value.errors[0].code == "unknown_card"
    assert caught.value.errors[0].suggestions == ("Корвет",)


def test_a_new_card_is_found_at_once():
    komandor_card("ship", name_ru="Фрегат")
    assert _resolved_id("1 Фрегат")
    added = komandor_card("ship", name_ru="Эсминец")
    assert _resolved_id("1 Эсминец") == added.id


def test_a_deleted_card_is_no_longer_found():
    komandor_card("ship", name_ru="Фрегат")
    gone = komandor_card("ship", name_ru="Эсминец")
    assert _resolved_id("1 Эсминец") == gone.id
    gone.delete()
    with pytest.raises(DeckTextError):
        services.content_from_source(source="1 Эсминец")


def test_a_changed_release_year_changes_which_printing_a_bare_name_takes():
    old = komandor_card("ship", name_ru="Фрегат", release=ReleaseFactory(code="a", year=2001))
    new = komandor_card("ship", name_ru="Фрегат", release=ReleaseFactory(code="b", year=2005))
    assert _resolved_id("1 Фрегат") == old.id  # without a printing: the oldest release
    Release.objects.filter(pk=new.release_id).update(year=F("year") - 10)
    assert _resolved_id("1 Фрегат") == new.id


def test_a_card_moved_to_another_release_is_found_under_that_printing():
    card = komandor_card("ship", name_ru="Фрегат", release=ReleaseFactory(code="a"))
    other = ReleaseFactory(code="b")
    assert _resolved_id("1 Фрегат [a]") == card.id
    Card.objects.filter(pk=card.pk).update(release=other)
    assert _resolved_id("1 Фрегат [b]") == card.id


def test_a_checked_text_deck_sees_a_changed_card_kind():
    komandor_card("commander", name_ru="Адмирал", cost=None)
    komandor_card("ship", name_ru="Фрегат", cost=3)
    source = "Командор: Адмирал\n4 Фрегат\n"
    assert "commander_in_deck" not in _codes(services.deck_check_source(source=source))
    Card.objects.filter(name_ru="Фрегат").update(card_type="commander")
    assert "commander_in_deck" in _codes(services.deck_check_source(source=source))


def test_a_checked_text_deck_sees_a_card_turned_special():
    komandor_card("commander", name_ru="Адмирал", cost=None)
    komandor_card("ability", name_ru="Щиты", cost=None)
    source = "Командор: Адмирал\n4 Щиты\nСпособность: 1 Щиты\n"
    assert "setup_ability_special" not in _codes(services.deck_check_source(source=source))
    Card.objects.filter(name_ru="Щиты").update(attributes={"special": True})
    assert "setup_ability_special" in _codes(services.deck_check_source(source=source))


def test_a_checked_text_deck_sees_a_changed_ship_size():
    komandor_card("commander", name_ru="Адмирал", cost=None)
    komandor_card("ship", name_ru="Оса", cost=3, attributes={"size": "TK"})
    source = "Командор: Адмирал\n4 Оса {Жало}\n"
    assert "own_name_not_allowed" not in _codes(services.deck_check_source(source=source))
    Card.objects.filter(name_ru="Оса").update(attributes={"size": "LK"})
    assert "own_name_not_allowed" in _codes(services.deck_check_source(source=source))


def _codes(report: dict) -> list[str]:
    return [problem["code"] for problem in report["errors"] + report["warnings"]]


def test_an_unchanged_catalogue_is_not_read_again(django_assert_num_queries):
    komandor_card("commander", name_ru="Адмирал", cost=None)
    komandor_card("ship", name_ru="Фрегат", cost=3)
    source = "Командор: Адмирал\n4 Фрегат\n"
    first = services.deck_check_source(source=source)
    with django_assert_num_queries(1):  # the version token only
        again = services.deck_check_source(source=source)
    assert again == first
