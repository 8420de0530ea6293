import pytest
from django.urls import reverse
from django.utils.translation import gettext

from decks import services
from decks.models import Deck, Visibility
from tests.decks.factories import komandor_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner, legal_content):
    return services.deck_create(owner=owner, name="Флот", content=legal_content)


def test_url_names_other_pages_link_to():
    assert reverse("decks:list") == "/decks/"
    assert reverse("decks:public") == "/decks/public/"
    assert reverse("signup") == "/accounts/signup/"


def test_signup_logs_in_and_lands_on_my_decks(client):
    answer = client.post(
        reverse("signup"),
        {"username": "nova", "password1": "Kosmos-2024-x", "password2": "Kosmos-2024-x"},
    )
    assert answer.status_code == 302 and answer.url == reverse("decks:list")
    assert client.get(reverse("decks:list")).status_code == 200


def test_my_decks_needs_login(client):
    assert client.get(reverse("decks:list")).status_code == 302


def test_another_user_can_neither_see_nor_edit_a_private_deck(client, stranger, deck):
    client.force_login(stranger)
    for name in ("decks:detail", "decks:edit", "decks:export-text", "decks:export-json"):
        assert client.get(reverse(name, args=[deck.id])).status_code == 404, name
    assert client.post(reverse("decks:edit", args=[deck.id]), {"name": "Моё"}).status_code == 404
    assert client.post(reverse("decks:delete", args=[deck.id])).status_code == 404
    assert client.post(reverse("decks:clone", args=[deck.id])).status_code == 404
    assert client.get(reverse("decks:shared", args=[deck.share_token])).status_code == 404
    deck.refresh_from_db()
    assert deck.name == "Флот"


def test_owner_sees_report_stats_and_curve(client, owner, deck):
    client.force_login(owner)
    page = client.get(reverse("decks:detail", args=[deck.id])).content.decode()
    assert 'data-valid="true"' in page
    assert 'id="cost-curve"' in page


def test_builder_saves_without_javascript_and_adds_a_card(client, owner, deck, legal_content):
    client.force_login(owner)
    extra = komandor_card("ship", name_ru="Разведчик", cost=1)
    rows = {
        "entry_card": [e.card_id for e in legal_content.entries],
        "entry_count": [e.count for e in legal_content.entries],
        "entry_own": ["" for _ in legal_content.entries],
        "entry_setup": ["0" for _ in legal_content.entries],
    }
    rows["entry_count"][0] = 0  # remove the first card
    answer = client.post(
        reverse("decks:edit", args=[deck.id]),
        {
            "name": "Флот+",
            "visibility": Visibility.PUBLIC,
            "commander": legal_content.commander_id,
            "add": extra.id,
            **rows,
        },
    )
    assert answer.status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Флот+" and deck.visibility == Visibility.PUBLIC
    counts = dict(deck.entries.values_list("card_id", "count"))
    assert legal_content.entries[0].card_id not in counts
    assert counts[extra.id] == 1
    assert deck.versions.count() == 2


def test_builder_reports_bad_counts_as_form_errors(client, owner, deck, legal_content):
    client.force_login(owner)
    answer = client.post(
        reverse("decks:edit", args=[deck.id]),
        {
            "name": "Флот",
            "visibility": "private",
            "entry_card": [legal_content.entries[0].card_id],
            "entry_count": ["много"],
            "entry_own": [""],
            "entry_setup": ["0"],
        },
    )
    assert answer.status_code == 200
    assert answer.context["form"].non_field_errors()
    assert deck.versions.count() == 1


def test_builder_shows_a_query_syntax_error(client, owner, deck):
    client.force_login(owner)
    answer = client.get(reverse("decks:edit", args=[deck.id]), {"q": "(фрегат"})
    assert answer.status_code == 200 and answer.context["search_error"]


def test_import_page_lists_unknown_lines_and_saves_nothing(client, owner):
    komandor_card("ship", name_ru="Фрегат")
    client.force_login(owner)
    answer = client.post(reverse("decks:import"), {"name": "X", "text": "4 Фрегат\n2 Фригат"})
    assert answer.status_code == 200
    errors = " ".join(answer.context["form"].errors["text"])
    assert "2" in errors and "Фрегат" in errors
    assert not Deck.objects.filter(owner=owner).exists()


def test_clone_a_public_deck(client, stranger, deck):
    services.deck_update(deck=deck, visibility=Visibility.PUBLIC)
    client.force_login(stranger)
    answer = client.post(reverse("decks:clone", args=[deck.id]))
    copy = Deck.objects.get(owner=stranger)
    assert answer.url == reverse("decks:edit", args=[copy.id])
    assert client.get(reverse("decks:public")).content.decode().count("Флот") >= 1


def test_pages_speak_russian_first(client, owner, deck):
    from django.utils import translation

    client.force_login(owner)
    with translation.override("ru"):
        heading, count_label = gettext("Deck builder"), gettext("Cards in the deck:")
    assert heading != "Deck builder" and count_label == "Карт в колоде:"
    assert "Мои колоды" in client.get(reverse("decks:list")).content.decode()
    builder = client.get(reverse("decks:edit", args=[deck.id])).content.decode()
    assert heading in builder and count_label in builder


@pytest.mark.parametrize("query", ["флот\x00", "x" * 201])
def test_public_deck_search_refuses_a_query_it_cannot_run_with_a_field_error(client, query):
    response = client.get(reverse("decks:public"), {"q": query})
    assert response.status_code == 400
    assert 'class="errorlist"' in response.content.decode()


@pytest.mark.parametrize(
    "row",
    [
        {"entry_card": str(2**64)},
        {"entry_card": "0"},
        {"entry_own": "Гроза\x00"},
        {"entry_own": "Я" * 201},
    ],
)
def test_builder_reports_rows_it_cannot_save_as_form_errors(client, owner, deck, row):
    client.force_login(owner)
    fields = {"entry_card": "1", "entry_count": "1", "entry_own": "", "entry_setup": "0", **row}
    answer = client.post(
        reverse("decks:edit", args=[deck.id]), {"name": "Флот", "visibility": "private", **fields}
    )
    assert answer.status_code == 200
    assert answer.context["form"].non_field_errors()
    assert deck.versions.count() == 1


def test_builder_ignores_an_add_beyond_any_card_id(client, owner, deck, legal_content):
    client.force_login(owner)
    answer = client.post(
        reverse("decks:edit", args=[deck.id]),
        {"name": "Флот", "visibility": "private", "add": str(2**64)},
    )
    assert answer.status_code == 302  # saved, the impossible card left out
    assert not deck.entries.filter(card_id__gt=10**9).exists()


def test_builder_add_of_a_commander_chooses_it_and_keeps_it_out_of_the_deck(
    client, owner, deck, legal_content
):
    client.force_login(owner)
    other = komandor_card("commander", name_ru="Адмирал Ли", cost=None)
    rows = {
        "entry_card": [e.card_id for e in legal_content.entries],
        "entry_count": [e.count for e in legal_content.entries],
        "entry_own": ["" for _ in legal_content.entries],
        "entry_setup": ["0" for _ in legal_content.entries],
    }
    answer = client.post(
        reverse("decks:edit", args=[deck.id]),
        {"name": "Флот", "visibility": "private", "add": other.id, **rows},
    )
    assert answer.status_code == 302
    deck.refresh_from_db()
    assert deck.commander_id == other.id
    assert not deck.entries.filter(card_id=other.id).exists()


def test_builder_groups_cards_by_kind_with_links(client, owner, deck):
    client.force_login(owner)
    answer = client.get(reverse("decks:edit", args=[deck.id]))
    html = answer.content.decode()
    groups = answer.context["groups"]
    assert [group["kind"] for group in groups] == sorted(
        (group["kind"] for group in groups), key=list(answer.context["kind_labels"]).index
    )
    for group in groups:
        assert f'<tbody data-kind="{group["kind"]}">' in html
        for row in group["rows"]:
            card = row["entry"].card
            assert reverse("cardbase:card-detail", args=["komandor", card.key]) in html
