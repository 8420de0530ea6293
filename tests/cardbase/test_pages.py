"""The catalogue pages through Django's test client: status, key content, bad parameters."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from cardbase.models import Card
from cardbase.search.syntax import SYNTAX
from tests.cardbase.pages_data import make_catalogue
from tests.factories import CardFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    return make_catalogue()


def catalogue_url(game: str = "komandor") -> str:
    return reverse("cardbase:catalogue", args=[game])


def card_names(response) -> list[str]:
    return [card.name_ru for card in response.context["page"].object_list]


# ---- home ----------------------------------------------------------------------------------


def test_home_lists_every_game_with_its_counts(client, catalogue):
    response = client.get(reverse("cardbase:home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Путь Командора" in html
    assert "Master of Orion. Карточная игра" in html
    assert reverse("cardbase:catalogue", args=["komandor"]) in html
    games = {game.slug: game for game in response.context["games"]}
    assert (games["komandor"].card_count, games["komandor"].entry_count) == (3, 1)
    assert (games["master-of-orion"].card_count, games["master-of-orion"].entry_count) == (1, 1)
    assert "3 карты" in html


def test_home_search_box_submits_q_to_the_search_page(client, catalogue):
    html = client.get(reverse("cardbase:home")).content.decode()
    assert f'action="{reverse("cardbase:search")}"' in html
    assert 'name="q"' in html


# ---- catalogue -----------------------------------------------------------------------------


def test_catalogue_lists_only_that_games_cards(client, catalogue):
    response = client.get(catalogue_url())
    assert response.status_code == 200
    assert card_names(response) == ["Линкор класса «Химера»", "Пират", "Разведчик"]
    assert "Космопорт" not in response.content.decode()


def test_catalogue_links_the_games_other_sections(client, catalogue):
    html = client.get(catalogue_url()).content.decode()
    assert reverse("cardbase:component-list", args=["komandor", "weapon"]) in html
    assert reverse("cardbase:stated-counts", args=["komandor"]) in html


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"type": "commander"}, ["Пират"]),
        ({"rarity": "rare"}, ["Линкор класса «Химера»"]),
        ({"release": "base"}, ["Линкор класса «Химера»"]),
        ({"cost_min": "3", "cost_max": "10"}, ["Линкор класса «Химера»"]),
        ({"cost_max": "2"}, ["Разведчик"]),
        ({"size": "LK"}, ["Разведчик"]),
        ({"strength_min": "12"}, ["Линкор класса «Химера»"]),
        ({"armor_min": "1"}, ["Линкор класса «Химера»"]),
        ({"speed_min": "6"}, ["Разведчик"]),
        ({"q": "химера"}, ["Линкор класса «Химера»"]),
        ({"q": "type:ship", "size": "TK"}, ["Линкор класса «Химера»"]),
    ],
)
def test_catalogue_filters(client, catalogue, params, expected):
    response = client.get(catalogue_url(), params)
    assert response.status_code == 200
    assert card_names(response) == expected


def test_catalogue_offers_stat_filters_only_for_komandor(client, catalogue):
    assert 'name="speed_min"' in client.get(catalogue_url()).content.decode()
    orion = client.get(catalogue_url("master-of-orion")).content.decode()
    assert 'name="speed_min"' not in orion
    assert 'name="type"' in orion


def test_catalogue_type_filter_names_the_kinds(client, catalogue):
    html = client.get(catalogue_url()).content.decode()
    assert '<option value="ship">Корабль</option>' in html
    assert '<option value="rare">редкая</option>' in html


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"type": "dragon"}, "type", "dragon"),
        ({"rarity": "mythic"}, "rarity", "mythic"),
        ({"cost_min": "abc"}, "cost_min", "целое число"),
        ({"speed_min": "-1"}, "speed_min", "0"),
        ({"cost_min": "5", "cost_max": "2"}, "cost_max", "ниже"),
        ({"size": "XL"}, "size", "XL"),
    ],
)
def test_catalogue_bad_filter_is_a_400_naming_the_field(client, catalogue, params, field, message):
    response = client.get(catalogue_url(), params)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert field in errors
    assert message in " ".join(errors[field])
    assert message in response.content.decode()


def test_catalogue_malformed_query_is_a_400_pointing_at_the_term(client, catalogue):
    response = client.get(catalogue_url(), {"q": "colour:red Химера"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Неизвестное поле «colour»" in html
    assert "<mark>colour</mark>:red Химера" in html


def test_catalogue_paginates(client, catalogue):
    CardFactory.create_batch(35, game=catalogue.orion, card_type="building")
    first = client.get(catalogue_url("master-of-orion"))
    assert len(first.context["page"].object_list) == 30
    assert "?page=2" in first.content.decode()
    second = client.get(catalogue_url("master-of-orion"), {"page": "2"})
    assert len(second.context["page"].object_list) == 6


def test_page_links_keep_the_filters(client, catalogue):
    CardFactory.create_batch(31, game=catalogue.orion, card_type="building")
    html = client.get(catalogue_url("master-of-orion"), {"type": "building"}).content.decode()
    assert "?type=building&amp;page=2" in html


@pytest.mark.parametrize("page", ["0", "99", "two"])
def test_catalogue_page_out_of_range_is_a_404(client, catalogue, page):
    assert client.get(catalogue_url(), {"page": page}).status_code == 404


def test_unknown_game_is_a_404(client, catalogue):
    assert client.get(catalogue_url("monopoly")).status_code == 404


# ---- search --------------------------------------------------------------------------------


def test_search_finds_cards_across_games(client, catalogue):
    response = client.get(reverse("cardbase:search"), {"q": "cost>=4"})
    assert response.status_code == 200
    assert sorted(card_names(response)) == ["Космопорт", "Линкор класса «Химера»"]
    html = response.content.decode()
    assert reverse("cardbase:card-detail", args=["master-of-orion", "space-port"]) in html
    assert "Master of Orion. Карточная игра" in html


def test_search_with_no_match_says_so(client, catalogue):
    response = client.get(reverse("cardbase:search"), {"q": "дракон"})
    assert response.status_code == 200
    assert "Найдено 0 карт" in response.content.decode()


def test_catalogue_with_no_match_says_so(client, catalogue):
    response = client.get(catalogue_url(), {"cost_min": "50"})
    assert response.status_code == 200
    assert "Найдено 0 карт" in response.content.decode()


def test_search_without_a_query_shows_the_box_and_help(client, catalogue):
    response = client.get(reverse("cardbase:search"))
    assert response.status_code == 200
    assert response.context["page"] is None
    assert reverse("cardbase:syntax") in response.content.decode()


@pytest.mark.parametrize(
    ("query", "marked"),
    [
        ("type:ship (Химера", "type:ship <mark>(</mark>Химера"),
        ("cost>=много", "cost&gt;=<mark>много</mark>"),
    ],
)
def test_search_malformed_query_is_a_400_with_the_message(client, catalogue, query, marked):
    response = client.get(reverse("cardbase:search"), {"q": query})
    assert response.status_code == 400
    html = response.content.decode()
    assert response.context["query_error"].message in html
    assert marked in html


def test_search_query_too_long_is_a_400(client, catalogue):
    response = client.get(reverse("cardbase:search"), {"q": "x" * 501})
    assert response.status_code == 400


def test_syntax_page_lists_every_keyword(client):
    response = client.get(reverse("cardbase:syntax"))
    assert response.status_code == 200
    html = response.content.decode()
    for keyword, description_ru, _description_en, example in SYNTAX:
        assert f"<code>{escape(keyword)}</code>" in html
        assert escape(description_ru) in html
        assert f"<code>{escape(example)}</code>" in html


def test_syntax_page_in_english_uses_the_english_descriptions(client):
    client.cookies["django_language"] = "en"
    html = client.get(reverse("cardbase:syntax")).content.decode()
    for _keyword, _description_ru, description_en, _example in SYNTAX:
        assert escape(description_en) in html


# ---- card page -----------------------------------------------------------------------------


def test_komandor_card_page_shows_stats_in_the_books_notation(client, catalogue):
    response = client.get(reverse("cardbase:card-detail", args=["komandor", "chimera"]))
    assert response.status_code == 200
    html = response.content.decode()
    stats = {line.path: line.text for line in response.context["stat_lines"]}
    assert "12(8)" in stats.values()
    assert "2/4" in stats.values()
    for text in stats.values():
        assert f">{text}</dd>" in html
    assert "редкая" in html
    assert "Базовый выпуск, № 12" in html


def test_card_page_shows_its_source(client, catalogue):
    html = client.get(
        reverse("cardbase:card-detail", args=["komandor", "chimera"])
    ).content.decode()
    assert "komandor.ru.txt" in html
    assert "Виды карт — Корабли" in html
    assert "Карты кораблей вводятся в игру в фазу производства." in html


def test_other_games_card_page_lists_attributes(client, catalogue):
    response = client.get(reverse("cardbase:card-detail", args=["master-of-orion", "space-port"]))
    assert response.status_code == 200
    assert response.context["stat_lines"] is None
    html = response.content.decode()
    assert "<dt>colour</dt><dd>blue</dd>" in html
    assert "<dt>symbols</dt><dd>science, industry</dd>" in html
    assert "Постройка для колонии." in html


def test_komandor_card_with_stats_the_schema_rejects_falls_back_to_attributes(client, catalogue):
    Card.objects.filter(pk=catalogue.scout.pk).update(attributes={"kind": "ship", "speed": "x"})
    response = client.get(reverse("cardbase:card-detail", args=["komandor", "scout"]))
    assert response.status_code == 200
    assert response.context["stat_lines"] is None
    assert "<dt>speed</dt><dd>x</dd>" in response.content.decode()


@pytest.mark.parametrize(
    "args",
    [["komandor", "no-such-card"], ["monopoly", "chimera"], ["master-of-orion", "chimera"]],
)
def test_unknown_card_is_a_404(client, catalogue, args):
    assert client.get(reverse("cardbase:card-detail", args=args)).status_code == 404


# ---- races, techs, components --------------------------------------------------------------


def test_race_list_and_page(client, catalogue):
    listing = client.get(reverse("cardbase:entry-list", args=["master-of-orion", "races"]))
    assert listing.status_code == 200
    detail_url = reverse("cardbase:entry-detail", args=["master-of-orion", "races", "humans"])
    assert detail_url in listing.content.decode()
    detail = client.get(detail_url)
    assert detail.status_code == 200
    html = detail.content.decode()
    assert "Люди" in html
    assert "Раса дипломатов." in html
    assert "master-of-orion.ru.txt" in html


def test_empty_section_lists_nothing(client, catalogue):
    response = client.get(reverse("cardbase:entry-list", args=["komandor", "techs"]))
    assert response.status_code == 200
    assert list(response.context["page"].object_list) == []


def test_component_list_and_page(client, catalogue):
    listing = client.get(reverse("cardbase:component-list", args=["komandor", "weapon"]))
    assert listing.status_code == 200
    assert "Плазменные орудия" in listing.content.decode()
    detail = client.get(reverse("cardbase:component-detail", args=["komandor", "weapon", "plasma"]))
    assert detail.status_code == 200
    html = detail.content.decode()
    assert "<dt>abbreviation</dt><dd>ПО</dd>" in html
    assert "Вооружение" in html


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("cardbase:entry-list", ["komandor", "dragons"]),
        ("cardbase:entry-list", ["monopoly", "races"]),
        ("cardbase:entry-detail", ["master-of-orion", "races", "elves"]),
        ("cardbase:entry-detail", ["komandor", "races", "humans"]),
        ("cardbase:component-list", ["komandor", "spell"]),
        ("cardbase:component-detail", ["komandor", "weapon", "phaser"]),
        ("cardbase:component-detail", ["komandor", "token", "plasma"]),
        ("cardbase:stated-counts", ["monopoly"]),
    ],
)
def test_unknown_entries_are_404(client, catalogue, name, args):
    assert client.get(reverse(name, args=args)).status_code == 404


# ---- stated counts -------------------------------------------------------------------------


def test_stated_counts_show_what_is_missing(client, catalogue):
    response = client.get(reverse("cardbase:stated-counts", args=["komandor"]))
    assert response.status_code == 200
    (row,) = response.context["rows"]
    assert (row.stated.count, row.progress.entered, row.progress.missing) == (5, 2, 3)
    html = response.content.decode()
    assert "Карты кораблей" in html
    assert '<td class="number">3</td>' in html


def test_stated_count_with_a_broken_spec_is_shown_not_a_500(client, catalogue):
    catalogue.stated.counts = {"model": "dragon"}
    catalogue.stated.save()
    response = client.get(reverse("cardbase:stated-counts", args=["komandor"]))
    assert response.status_code == 200
    assert "dragon" in response.content.decode()


# ---- language ------------------------------------------------------------------------------


def test_language_switch_shows_english(client, catalogue):
    response = client.post(
        reverse("set_language"), {"language": "en", "next": catalogue_url()}, follow=True
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "<h1>Komandor</h1>" in html
    assert "Card type" in html
    assert '<option value="ship">Ship</option>' in html  # a label, capitalised like Russian's
    card = client.get(reverse("cardbase:card-detail", args=["master-of-orion", "space-port"]))
    assert "<h1>Spaceport</h1>" in card.content.decode()


def test_russian_is_the_default(client, catalogue):
    html = client.get(catalogue_url()).content.decode()
    assert '<html lang="ru">' in html
    assert "<h1>Путь Командора</h1>" in html
    assert "Тип карты" in html
