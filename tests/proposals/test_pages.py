"""The proposal pages without JavaScript: choose a kind, fill the card and build an effect,
see the engine's text beside the printed text, send it with a photo; refusals on their inputs;
the player's page shows the status and the publisher's reason; publishers decide on the
proposal's page; the published card's page shows its photo and origin."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cardbase.models import Card, Draft
from proposals.models import CardProposal
from tests.factories import CardFactory
from tests.proposals import photos
from tests.proposals.data import PRINTED, SHIP

pytestmark = pytest.mark.django_db
PROPOSE = "/cards/propose/"


@pytest.fixture
def player(client, django_user_model, komandor):
    user = django_user_model.objects.create_user("pilot", password="pw-123-xyz")
    client.force_login(user)
    return user


def form_data(**changes) -> dict:
    """The ship as the page's inputs, with one effect built in the builder."""
    data = {
        "kind": "ship",
        "name": SHIP["name"],
        "cost": "4",
        "rarity": "common",
        "stat__size": "SK",
        "stat__ship_class": "фрегат",
        "stat__strength": "7",
        "stat__critical": "4",
        "stat__shield__type": "B",
        "stat__shield__power": "2",
        "stat__armor": "2",
        "stat__speed": "5",
        "stat__weapons__plasma__power": "5",
        "stat__crew__level": "V",
        "stat__crew__size": "3",
        "printed_text": PRINTED,
        "effects-TOTAL_FORMS": "1",
        "effects-INITIAL_FORMS": "0",
        "effects-MIN_NUM_FORMS": "0",
        "effects-MAX_NUM_FORMS": "6",
        "effects-0-when": "round_start",
        "effects-0-t_side": "own",
        "effects-0-t_kind": "ship",
        "effects-0-t_size": "LK",
        "effects-0-a0_do": "modify",
        "effects-0-a0_stat": "speed",
        "effects-0-a0_by": "2",
        "effects-0-a0_until": "round",
    }
    data.update(changes)
    return {name: value for name, value in data.items() if value is not None}


def with_photo(data: dict, content: bytes | None = None, name: str = "card.jpg") -> dict:
    return {**data, "image": SimpleUploadedFile(name, content or photos.jpeg())}


def test_signing_in_comes_first(client, komandor):
    response = client.get(PROPOSE)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_player_chooses_the_kind_first(client, player):
    page = client.get(PROPOSE).content.decode()
    assert 'href="?kind=ship"' in page and 'href="?kind=tactical"' in page
    form = client.get(PROPOSE, {"kind": "ship"}).content.decode()
    assert 'name="stat__speed"' in form and 'name="effects-0-when"' in form


def test_showing_the_engines_text_saves_nothing(client, player):
    response = client.post(PROPOSE, {**form_data(), "preview": "1"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "В начале каждого раунда боя" in page  # the engine's text of the built effect
    assert PRINTED in page  # beside the printed text, as typed
    assert not Draft.objects.exists()


def test_sending_with_a_photo_makes_the_proposal(client, player):
    response = client.post(PROPOSE, with_photo({**form_data(), "send": "1"}))
    assert response.status_code == 302
    proposal = CardProposal.objects.get()
    assert response["Location"] == f"/cards/proposals/{proposal.pk}/"
    assert proposal.draft.values["attributes"]["effects"][0]["when"] == "round_start"
    page = client.get(response["Location"]).content.decode()
    assert 'data-status="pending"' in page
    assert "/card-images/" in page and PRINTED in page
    assert "В начале каждого раунда боя" in page


def test_refusals_stand_on_their_inputs_and_nothing_is_saved(client, player):
    data = with_photo(
        form_data(**{"stat__critical": "9", "effects-0-a0_until": None}),
        photos.html_named_jpg(),
    )
    response = client.post(PROPOSE, {**data, "send": "1"})
    assert response.status_code == 400
    page = response.content.decode()
    errored = set(re.findall(r'has-error"[^>]*>\s*<label for="id_([\w-]+)"', page))
    assert {"stat__strength", "image", "effects-0-a0_until"} <= errored
    assert not CardProposal.objects.exists() and not Draft.objects.exists()


def test_without_a_photo_the_page_asks_for_one(client, player):
    response = client.post(PROPOSE, {**form_data(), "send": "1"})
    assert response.status_code == 400
    assert "has-error" in response.content.decode()
    assert not CardProposal.objects.exists()


def test_add_an_effect_without_script_adds_a_row(client, player):
    response = client.post(PROPOSE, {**form_data(), "add_effect": "1"})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="effects-1-when"' in page and 'value="2"' in page


def test_a_card_without_effects_says_it_plays_as_printed(client, player):
    data = {k: v for k, v in form_data().items() if not k.startswith("effects-0-")}
    client.post(PROPOSE, with_photo({**data, "send": "1"}))
    proposal = CardProposal.objects.get()
    page = client.get(f"/cards/proposals/{proposal.pk}/").content.decode()
    assert 'data-note="no-effects"' in page


def test_the_players_page_shows_the_status_and_the_reason(client, player, publisher):
    client.post(PROPOSE, with_photo({**form_data(), "send": "1"}))
    proposal = CardProposal.objects.get()
    assert (
        client.post(
            f"/cards/proposals/{proposal.pk}/decide/", {"decision": "return", "reason": "x"}
        ).status_code
        == 403
    )
    client.force_login(publisher)
    client.post(
        f"/cards/proposals/{proposal.pk}/decide/",
        {"decision": "return", "reason": "На фото скорость 6."},
    )
    client.force_login(player)
    mine = client.get("/cards/proposals/").content.decode()
    assert 'data-status="changes_requested"' in mine and "На фото скорость 6." in mine
    edit = client.get(f"/cards/proposals/{proposal.pk}/edit/").content.decode()
    assert 'value="5"' in edit and "На фото скорость 6." in edit
    response = client.post(
        f"/cards/proposals/{proposal.pk}/edit/", {**form_data(stat__speed="6"), "send": "1"}
    )
    assert response.status_code == 302
    proposal.draft.refresh_from_db()
    assert proposal.draft.status == "pending"
    assert proposal.draft.values["attributes"]["speed"] == 6


def test_a_publisher_publishes_and_the_card_page_shows_photo_and_origin(client, player, publisher):
    client.post(PROPOSE, with_photo({**form_data(), "send": "1"}))
    proposal = CardProposal.objects.get()
    client.force_login(publisher)
    waiting = client.get("/cards/proposals/waiting/").content.decode()
    assert f'data-proposal="{proposal.pk}"' in waiting
    response = client.post(f"/cards/proposals/{proposal.pk}/decide/", {"decision": "publish"})
    card = Card.objects.get(name_ru=SHIP["name"])
    assert response["Location"] == f"/games/komandor/cards/{card.key}/"
    client.logout()
    page = client.get(response["Location"]).content.decode()
    assert 'data-origin="players"' in page and "data-photo" in page
    assert f"/card-images/{card.image}/full.webp" in page
    assert 'class="entered-by">pilot<' in page


def test_a_correction_starts_from_the_card_and_its_effects(client, player, komandor):
    effect = {
        "when": "battle_start",
        "targets": {"side": "enemy", "kind": "ship", "in": "battle"},
        "actions": [{"do": "damage", "amount": 2}],
    }
    card = CardFactory(
        game=komandor,
        name_ru=SHIP["name"],
        attributes={**SHIP, "effects": [effect]},
        source_book="komandor.ru.txt",
        source_section="Пример",
    )
    page = client.get(PROPOSE, {"card": card.pk}).content.decode()
    assert f'name="card" value="{card.pk}"' in page
    assert re.search(r'name="stat__speed"[^>]*value="5"', page)
    assert re.search(r'<option value="battle_start" selected>', page)
    assert re.search(r'name="effects-0-a0_amount"[^>]*value="2"', page)
