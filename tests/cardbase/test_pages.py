"""The catalogue pages through Django's test client: status, key content, bad parameters."""

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from cardbase.models import Card
from cardbase.search.syntax import SYNTAX
from komandor.rules.cards import card_from_dict
from komandor.words.card_fields import card_stat_lines
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
    for keyword, description, example in SYNTAX:
        with translation.override("ru"):
            keyword, description = str(keyword), str(description)
        assert f"<code>{escape(keyword)}</code>" in html
        assert escape(description) in html
        assert f"<code>{escape(example)}</code>" in html


def test_syntax_page_in_english_uses_the_english_descriptions(client):
    client.cookies["django_language"] = "en"
    html = client.get(reverse("cardbase:syntax")).content.decode()
    for _keyword, description, _example in SYNTAX:
        with translation.override("en"):
            assert escape(str(description)) in html


# ---- card page -----------------------------------------------------------------------------


def test_komandor_card_page_draws_the_card_face_with_every_stat_explained(client, catalogue):
    response = client.get(reverse("cardbase:card-detail", args=["komandor", "chimera"]))
    assert response.status_code == 200
    html = response.content.decode()
    face = response.context["face"]
    assert face.kind == "ship" and face.cost == 10
    values = {stat.path: stat.value for stat in face.stats}
    assert values["strength"] == "12(8)"
    assert values["weapons.lasers"] == "2/4"
    for stat in face.stats:
        assert f'<dd class="face-stat__value" lang="ru">{escape(stat.value)}</dd>' in html
        assert escape(stat.explanation) in html
    # Every stat the book's notation prints has its explanation (nothing silently dropped).
    printed = {line.path for line in card_stat_lines(card_from_dict(catalogue.chimera.attributes))}
    assert printed - {"kind", "cost", "size", "ship_class", "object_type"} <= set(values)
    assert 'class="card-face card-face--ship"' in html
    assert "редкая" in html
    assert "Базовый выпуск, № 12" in html
    assert reverse("cardbase:notation") in html


def test_card_stat_explanations_read_the_cards_own_numbers(client, catalogue):
    face = client.get(reverse("cardbase:card-detail", args=["komandor", "chimera"])).context["face"]
    explained = {stat.path: stat.explanation for stat in face.stats}
    assert "12" in explained["strength"] and "8" in explained["strength"]
    assert explained["weapons.lasers"].startswith("Лазерные установки 2/4")


def test_notation_page_explains_every_notation_on_the_faces(client):
    html = client.get(reverse("cardbase:notation")).content.decode()
    for notation in ("12(8)", "2/4", "4-4 (Д)", "4-8", "ЛК · СК · ТК", "D6 4+"):
        assert escape(notation) in html


def test_card_page_shows_its_source_as_the_book_and_section(client, catalogue):
    html = client.get(
        reverse("cardbase:card-detail", args=["komandor", "chimera"])
    ).content.decode()
    assert "komandor.ru.txt" not in html
    assert "«Путь Командора»" in html
    assert "Виды карт — Корабли" in html
    assert "Карты кораблей вводятся в игру в фазу производства." in html


def test_other_games_card_page_lists_attributes_in_words(client, catalogue):
    response = client.get(reverse("cardbase:card-detail", args=["master-of-orion", "space-port"]))
    assert response.status_code == 200
    assert response.context["face"] is None
    html = response.content.decode()
    assert '<dt>Цвет</dt><dd lang="ru">blue</dd>' in html
    assert '<dt>Symbols</dt><dd lang="ru">science, industry</dd>' in html
    assert "<dt>colour</dt>" not in html
    assert "Постройка для колонии." in html


def test_card_face_fragment_for_the_builder_preview(client, catalogue):
    response = client.get(reverse("cardbase:card-face", args=[catalogue.chimera.pk]))
    assert response.status_code == 200
    assert b"card-face--compact" in response.content
    other = Card.objects.exclude(game__slug="komandor").first()
    assert client.get(reverse("cardbase:card-face", args=[other.pk])).status_code == 404
    assert client.get(reverse("cardbase:card-face", args=[999999])).status_code == 404


def test_search_results_toggle_between_list_and_card_faces(client, catalogue):
    url = reverse("cardbase:search")
    listed = client.get(url, {"q": "game:komandor"}).content.decode()
    assert 'class="cards"' in listed and "card-face" not in listed
    grid = client.get(url, {"q": "game:komandor", "view": "grid"}).content.decode()
    assert 'class="card-grid"' in grid and "card-face--ship" in grid
    assert "view=list" in grid


def test_komandor_card_with_stats_the_schema_rejects_falls_back_to_attributes(client, catalogue):
    Card.objects.filter(pk=catalogue.scout.pk).update(attributes={"kind": "ship", "speed": "x"})
    response = client.get(reverse("cardbase:card-detail", args=["komandor", "scout"]))
    assert response.status_code == 200
    assert response.context["face"] is None
    assert '<dt>Speed</dt><dd lang="ru">x</dd>' in response.content.decode()


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
    assert "master-of-orion.ru.txt" not in html
    assert "«Master of Orion. Карточная игра»" in html


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
    assert '<dt>Abbreviation</dt><dd lang="ru">ПО</dd>' in html
    assert "<dt>abbreviation</dt>" not in html
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
