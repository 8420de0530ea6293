"""A Komandor card's rules text, rendered from its effect data, in the API and on its page."""

import pytest
from django.urls import reverse

from cardbase import rules_text
from cardbase.models import Card
from cardbase.rules_text import rules_text_of
from tests.factories import CardFactory, GameFactory

pytestmark = pytest.mark.django_db

SALVO = {
    "kind": "tactical",
    "name": "Ракетный залп",
    "action_tokens": 1,
    "effects": [
        {
            "when": "battle_start",
            "targets": {"side": "enemy", "kind": "ship", "in": "battle", "count": 2},
            "actions": [{"do": "damage", "amount": 2}],
        }
    ],
}
SALVO_RU = (
    "Перед началом первого раунда боя: выберите 2 вражеских корабля в этом сражении и "
    "нанесите каждому из них 2 повреждения."
)
SALVO_EN = (
    "Before the first round of battle: choose 2 enemy ships in this battle and deal 2 damage "
    "to each of them."
)


@pytest.fixture
def cards():
    komandor = GameFactory(slug="komandor", name_ru="Путь Командора", name_en="Komandor")
    orion = GameFactory(slug="master-of-orion", name_ru="Master of Orion", sort_order=2)
    salvo = CardFactory(
        game=komandor, key="salvo", name_ru="Ракетный залп", card_type="tactical", cost=None,
        attributes=SALVO,
    )  # fmt: skip
    pirate = CardFactory(
        game=komandor, key="pirate", name_ru="Пират", card_type="commander", cost=None,
        attributes={"kind": "commander", "name": "Пират", "victory": "pirate"},
        text="Пират побеждает, если…",
    )  # fmt: skip
    port = CardFactory(
        game=orion, key="port", name_ru="Космопорт", card_type="building",
        attributes={"colour": "blue"}, text="Постройка.",
    )  # fmt: skip
    return salvo, pirate, port


def _api_row(client, card: Card) -> dict:
    response = client.get(f"/api/cards/{card.pk}/")
    assert response.status_code == 200
    return response.json()


def test_api_gives_komandor_cards_their_rules_text_from_effects(client, cards):
    salvo, pirate, port = cards
    assert _api_row(client, salvo)["rules_text"] == {"ru": [SALVO_RU], "en": [SALVO_EN]}
    # no effects: the typed text, as it is, in both
    typed = ["Пират побеждает, если…"]
    assert _api_row(client, pirate)["rules_text"] == {"ru": typed, "en": typed}
    assert _api_row(client, port)["rules_text"] is None
    listed = {row["key"]: row["rules_text"] for row in client.get("/api/cards/").json()["results"]}
    assert listed["salvo"] == {"ru": [SALVO_RU], "en": [SALVO_EN]}


def test_a_row_whose_stats_the_schema_rejects_has_no_rules_text(client, cards):
    salvo = cards[0]
    Card.objects.filter(pk=salvo.pk).update(attributes={"kind": "tactical", "effects": "x"})
    assert _api_row(client, salvo)["rules_text"] is None


def test_rules_text_depends_only_on_the_data():
    first = rules_text_of(game_slug="komandor", attributes=SALVO, text="")
    again = rules_text_of(game_slug="komandor", attributes=dict(reversed(SALVO.items())), text="")
    assert first is not None and first == again and first.from_effects
    assert first.as_json() == {"ru": [SALVO_RU], "en": [SALVO_EN]}


def test_rules_text_tells_true_from_one_though_they_are_equal():
    # The schema rejects a boolean count, so a key that treats True as 1 would serve a stale text.
    counted = rules_text_of(game_slug="komandor", attributes=SALVO, text="")
    boolean = rules_text_of(
        game_slug="komandor", attributes={**SALVO, "action_tokens": True}, text=""
    )
    assert counted is not None and boolean is None
    assert rules_text_of(game_slug="komandor", attributes={**SALVO}, text="") == counted


def test_rules_text_keeps_a_bounded_number_of_keys(monkeypatch):
    monkeypatch.setattr(rules_text, "_BY_REPR", {})
    monkeypatch.setattr(rules_text, "_BY_REPR_SIZE", 3)
    named = [{**SALVO, "name": f"Залп {n}"} for n in range(5)]
    for data in named:
        assert rules_text_of(game_slug="komandor", attributes=data, text="") is not None
    assert list(rules_text._BY_REPR) == [(repr(data), "") for data in named[2:]]


def test_card_page_shows_the_rendered_text_in_the_pages_language(client, cards):
    url = reverse("cardbase:card-detail", args=["komandor", "salvo"])
    html = client.get(url).content.decode()
    assert f'<div class="card-face__text" lang="ru">{SALVO_RU}</div>' in html
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'<div class="card-face__text" lang="en">{SALVO_EN}</div>' in english


def test_an_ability_card_page_shows_one_line_per_variant(client, cards):
    variant = [{"when": "start_of_turn", "actions": [{"do": "gain", "resources": 1}]}]
    CardFactory(
        game=cards[0].game, key="ability", name_ru="Способность", card_type="ability", cost=None,
        attributes={"kind": "ability", "name": "Способность", "variants": [variant, "Как есть."]},
    )  # fmt: skip
    html = client.get(
        reverse("cardbase:card-detail", args=["komandor", "ability"])
    ).content.decode()
    assert (
        '<div class="card-face__text" lang="ru">Вариант 1: В начале хода: получите 1 ресурс.<br>'
        "Вариант 2: Как есть.</div>"
    ) in html


def test_card_page_without_effects_keeps_the_typed_text(client, cards):
    url = reverse("cardbase:card-detail", args=["komandor", "pirate"])
    for language in ("ru", "en"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert '<div class="card-face__text" lang="ru">Пират побеждает, если…</div>' in html
