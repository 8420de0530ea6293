"""/api/card-proposals/: a player sends a printed card with its photo (multipart), refusals as
field errors in the envelope, publishers decide; the published card is in /api/cards/ with its
origin and image."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from cardbase.models import Card
from proposals.models import CardProposal
from tests.proposals import photos
from tests.proposals.data import EFFECT, PRINTED, SHIP, ship

pytestmark = pytest.mark.django_db
URL = "/api/card-proposals/"


@pytest.fixture
def player(client, django_user_model, komandor):
    user = django_user_model.objects.create_user("pilot", password="pw-123-xyz")
    client.force_login(user)
    return user


def body(attributes=None, image=None, name="card.jpg", **fields):
    data = {
        "attributes": json.dumps(attributes if attributes is not None else ship()),
        "printed_text": PRINTED,
        **fields,
    }
    if image is not False:
        data["image"] = SimpleUploadedFile(name, image if image is not None else photos.jpeg())
    return data


def send(client, **kwargs):
    return client.post(URL, body(**kwargs))


def test_a_player_proposes_a_card_and_reads_it_back(client, player):
    response = send(client)
    assert response.status_code == 201, response.json()
    answer = response.json()
    assert answer["status"] == "pending"
    assert answer["has_effects"] is True
    assert answer["rules_text"]["ru"] and answer["rules_text"]["en"]
    assert answer["image"]["thumbnail"].endswith("/thumb.webp")
    assert client.get(answer["image"]["thumbnail"]).status_code == 200  # his own photo
    assert client.get(f"{URL}{answer['id']}/").json() == answer
    assert client.get(URL).json()["results"] == [answer]


def test_the_type_comes_from_the_content_not_the_name(client, player):
    accepted = send(client, image=photos.jpeg(), name="card.png")
    assert accepted.status_code == 201
    refused = send(client, image=photos.html_named_jpg(), name="card.jpg")
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid"
    assert "image" in refused.json()["fields"]


def test_a_decompression_bomb_is_a_field_error(client, player):
    response = send(client, image=photos.png_bomb(), name="card.png")
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"image"}
    assert CardProposal.objects.count() == 0


def test_bad_stats_and_effects_name_their_fields(client, player):
    bad_effect = {**EFFECT, "actions": [{"do": "fly"}]}
    response = send(client, attributes=ship(speed=-2, effects=[bad_effect]))
    assert response.status_code == 400
    fields = response.json()["fields"]
    assert "attributes.speed" in fields
    assert "attributes.effects.0.actions.0.do" in fields
    assert CardProposal.objects.count() == 0


def test_attributes_must_be_json(client, player):
    response = client.post(URL, {**body(), "attributes": "{kind: ship"})
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"attributes"}


def test_a_body_over_the_photo_limit_is_a_413(client, player, settings):
    settings.CARD_PHOTO_MAX_BYTES = 1024
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    response = send(client, image=photos.jpeg())
    assert response.status_code == 413
    assert response.json()["code"] == "body_too_large"


def test_a_photo_over_its_limit_is_a_field_error(client, player, settings):
    settings.CARD_PHOTO_MAX_BYTES = 2000
    response = send(client, image=photos.jpeg())
    assert response.status_code == 400
    assert "image" in response.json()["fields"]


def test_proposals_are_throttled_and_limited_per_day(client, player, settings):
    settings.CARD_PROPOSALS_PER_DAY = 1
    assert send(client).status_code == 201
    over = send(client)
    assert over.status_code == 429 and over.json()["code"] == "proposal_limit"
    settings.CARD_PROPOSALS_PER_DAY = 100
    settings.API_THROTTLE_RATES = {"card_proposal": "1/min"}
    assert send(client).status_code == 201
    throttled = send(client)
    assert throttled.status_code == 429 and throttled.json()["code"] == "throttled"
    assert client.get(URL).status_code == 200  # reading is not the costly part


def test_signing_in_is_needed(client, komandor):
    assert send(client).status_code in (401, 403)


def test_only_publishers_decide(client, player, publisher):
    proposal_id = send(client).json()["id"]
    for action in ("publish", "reject", "request-changes"):
        response = client.post(f"{URL}{proposal_id}/{action}/", {"reason": "x"})
        assert response.status_code == 403, action


def test_a_publisher_publishes_and_the_card_api_shows_origin_and_image(client, player, publisher):
    proposal = send(client).json()
    client.force_login(publisher)
    assert client.get(URL).json()["count"] == 1  # a publisher sees everyone's
    response = client.post(f"{URL}{proposal['id']}/publish/")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "published"
    card = Card.objects.get(pk=response.json()["card"])
    client.logout()
    row = client.get(f"/api/cards/{card.pk}/").json()
    assert row["source"]["origin"] == "players"
    assert row["source"]["entered_by"] == "pilot"
    assert row["source"]["quote"] == PRINTED
    assert row["image"] == proposal["image"]
    assert client.get(row["image"]["url"]).status_code == 200  # public now
    assert row["rules_text"]["ru"] == proposal["rules_text"]["ru"]


def test_asking_for_changes_and_sending_again(client, player, publisher):
    proposal_id = send(client).json()["id"]
    client.force_login(publisher)
    missing = client.post(
        f"{URL}{proposal_id}/request-changes/", {}, content_type="application/json"
    )
    assert missing.status_code == 400 and "reason" in missing.json()["fields"]
    asked = client.post(
        f"{URL}{proposal_id}/request-changes/",
        {"reason": "На фото скорость 6."},
        content_type="application/json",
    )
    assert asked.json()["status"] == "changes_requested"
    client.force_login(player)
    mine = client.get(f"{URL}{proposal_id}/").json()
    assert mine["reason"] == "На фото скорость 6."
    again = client.put(
        f"{URL}{proposal_id}/",
        encode_multipart(BOUNDARY, body(attributes={**SHIP, "speed": 6}, image=False)),
        content_type=MULTIPART_CONTENT,
    )
    assert again.status_code == 200, again.json()
    assert again.json()["status"] == "pending"
    assert again.json()["attributes"]["speed"] == 6
    assert again.json()["image"] == mine["image"]  # the photo kept
    assert again.json()["has_effects"] is False
