import pytest

from decks import selectors, services
from decks.text_format import DeckTextError, parse_deck_text
from decks.values import DeckContent, EntryContent
from tests.decks.factories import ReleaseFactory, komandor_card

pytestmark = pytest.mark.django_db


def test_parse_reads_counts_printings_own_names_commander_and_setup():
    parsed = parse_deck_text(
        "# мой флот\n\n"
        "Командор:  Адмирал Ким\n"
        "4 Линкор класса «Химера» [R1 #12]\n"
        "2x Линкор класса «Химера» {Беспощадный}\n"
        "Способность: 1 Щиты\n"
    )
    assert parsed.commander.name == "Адмирал Ким"
    first, second = parsed.entries
    assert (first.count, first.release, first.number) == (4, "R1", "12")
    assert (second.count, second.own_name, second.line) == (2, "Беспощадный", 5)
    assert [(a.name, a.count) for a in parsed.setup_abilities] == [("Щиты", 1)]


def test_parse_reports_every_bad_line_with_its_number():
    with pytest.raises(DeckTextError) as caught:
        parse_deck_text("Без числа\n0 Ноль\nКомандор: А\nКомандор: Б\n")
    assert [(e.line, e.code) for e in caught.value.errors] == [
        (1, "missing_count"),
        (2, "bad_count"),
        (4, "duplicate_commander"),
    ]


def test_names_match_across_case_yo_quotes_and_spaces():
    ship = komandor_card("ship", name_ru="Линкор класса «Химера»")
    hero = komandor_card("commander", name_ru="Адмирал Ёлкин", cost=None)
    content = services.content_from_source(
        source='Командор: адмирал елкин\n4   ЛИНКОР  класса "химера"\n'
    )
    assert content.commander_id == hero.id
    assert content.entries == (EntryContent(card_id=ship.id, count=4),)


def test_unknown_name_names_its_line_and_close_catalogue_names(owner):
    komandor_card("ship", name_ru="Линкор класса «Химера»")
    komandor_card("ship", name_ru="Крейсер «Вега»")
    with pytest.raises(DeckTextError) as caught:
        services.deck_import(owner=owner, name="X", source="# x\n4 Линкор класа Химера\n")
    (error,) = caught.value.errors
    assert (error.line, error.code) == (2, "unknown_card")
    assert error.suggestions[0] == "Линкор класса «Химера»"
    assert not owner.decks.exists()


def test_a_failing_import_saves_nothing_even_when_other_lines_are_good(owner):
    komandor_card("ship", name_ru="Фрегат")
    with pytest.raises(DeckTextError):
        services.deck_import(owner=owner, name="X", source="4 Фрегат\n1 Нет такой\n")
    assert not owner.decks.exists()


def test_an_unknown_printing_lists_the_known_ones():
    komandor_card("ship", name_ru="Фрегат", release=ReleaseFactory(code="r1"), collector_number="7")
    with pytest.raises(DeckTextError) as caught:
        services.content_from_source(source="1 Фрегат [r9 #1]")
    assert caught.value.errors[0].code == "unknown_printing"
    assert caught.value.errors[0].suggestions == ("Фрегат [r1 #7]",)


def test_other_games_cards_are_not_found_by_name():
    komandor_card("ship", name_ru="Звездолёт")
    from tests.factories import CardFactory, GameFactory

    CardFactory(game=GameFactory(slug="eclipse"), name_ru="Interceptor")
    with pytest.raises(DeckTextError) as caught:
        services.content_from_source(source="1 Interceptor")
    assert caught.value.errors[0].code == "unknown_card"


def _rich_content():
    release = ReleaseFactory(code="base", year=2000)
    commander = komandor_card(
        "commander", name_ru="Адмирал", cost=None, release=release, collector_number="1"
    )
    ship = komandor_card("ship", name_ru="Линкор «Химера»", release=release, collector_number="2")
    reprint = komandor_card(
        "ship",
        name_ru="Линкор «Химера»",
        release=ReleaseFactory(code="ext", year=2002),
        collector_number="9",
    )
    ability = komandor_card("ability", name_ru="Тактик", cost=None)
    return DeckContent(
        commander_id=commander.id,
        entries=(
            EntryContent(card_id=ship.id, count=2),
            EntryContent(card_id=ship.id, count=1, own_name="Гордый"),
            EntryContent(card_id=reprint.id, count=1),
            EntryContent(card_id=ability.id, count=2),
        ),
        setup_abilities=((ability.id, 1),),
    )


def test_text_export_then_import_gives_the_same_deck(owner):
    deck = services.deck_create(owner=owner, name="Флот", content=_rich_content())
    text = services.deck_export_text(deck=deck)
    assert "Командор: Адмирал [base #1]" in text
    assert "1 Линкор «Химера» [base #2] {Гордый}" in text
    again = services.deck_import(owner=owner, name="Флот 2", source=text)
    assert selectors.deck_content(deck=again) == selectors.deck_content(deck=deck)


def test_json_export_then_import_gives_the_same_deck(owner):
    deck = services.deck_create(owner=owner, name="Флот", content=_rich_content())
    exported = services.deck_export_json(deck=deck)
    entry = exported["cards"][1]
    assert entry["card"]["name"] == "Линкор «Химера»"
    assert {k: v for k, v in entry.items() if k != "card"} == {
        "count": 1,
        "release": "base",
        "number": "2",
        "own_name": "Гордый",
    }
    again = services.deck_import(owner=owner, name="Флот 2", source=exported)
    assert selectors.deck_content(deck=again) == selectors.deck_content(deck=deck)


def test_json_import_reports_bad_entries():
    with pytest.raises(DeckTextError) as caught:
        services.content_from_source(source={"entries": [{"name": "X", "count": 0}, {}]})
    assert [(e.line, e.code) for e in caught.value.errors] == [
        (1, "bad_json_entry"),
        (2, "bad_json_entry"),
    ]
