"""The admin with players' cards and images: an editor gives any card an image (a draft, like
every editor's change); a published players' card leaves through the export and comes back
through the import with its origin, who entered it and its image; an import naming an image
the site does not keep is refused on that column."""

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from cardbase.editorial.drafts import drafts_publish
from cardbase.editorial.roles import EDITORS, PUBLISHERS
from cardbase.editorial.rows import row_values
from cardbase.models import Card, Draft
from proposals.services import proposal_publish, proposal_submit
from tests.cardbase.admin_data import admin_catalogue, role_user
from tests.proposals import photos
from tests.proposals.data import photo, proposal_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    return admin_catalogue()


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def players_card(catalogue, django_user_model) -> Card:
    player = django_user_model.objects.create_user("pilot", password="pw-123-xyz")
    proposal = proposal_submit(data=proposal_data(), proposer=player, photo=photo())
    return proposal_publish(proposal=proposal, user=role_user("boss", role=PUBLISHERS))


def test_an_editor_gives_a_card_an_image_as_a_draft(catalogue):
    chimera = catalogue["chimera"]
    editor = logged_in(role_user("editor", role=EDITORS))
    url = reverse("admin:cardbase_card_change", args=[chimera.pk])
    form = editor.get(url).context["adminform"].form
    data = {
        name: value
        for name, value in form.initial.items()
        if value is not None and not isinstance(value, dict | list)
    }
    data.update({"effects": "[]", "change_reason": "photo"})
    refused = editor.post(url, {**data, "image_upload": SimpleUploadedFile("x.jpg", b"GIF89a")})
    assert refused.status_code == 200
    assert "image_upload" in refused.context["adminform"].form.errors
    response = editor.post(
        url, {**data, "image_upload": SimpleUploadedFile("card.png", photos.png())}
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    draft = Draft.objects.get(kind="editor")
    assert Card.objects.get(pk=chimera.pk).image == ""  # players see the drawn face still
    drafts_publish(drafts=[draft], user=role_user("boss", role=PUBLISHERS))
    card = Card.objects.get(pk=chimera.pk)
    assert card.image == draft.values["image"] and card.origin == "book"
    assert Client().get(f"/card-images/{card.image}/thumb.webp").status_code == 200


@pytest.mark.parametrize("file_format", ["json", "csv"])
def test_a_players_card_round_trips_through_export_and_import(players_card, file_format):
    root = logged_in(role_user("root", role=None, superuser=True))
    before = row_values(players_card)
    exported = root.get(
        reverse("admin:cardbase_card_export"), {"format": file_format, "game": "komandor"}
    ).content
    if file_format == "json":
        (row,) = [r for r in json.loads(exported) if r["key"] == players_card.key]
        assert (row["origin"], row["image"], row["entered_by"]) == (
            "players",
            players_card.image,
            "pilot",
        )
    Card.objects.filter(pk=players_card.pk).delete()
    preview = root.post(
        reverse("admin:cardbase_card_import"),
        {"file": SimpleUploadedFile(f"cards.{file_format}", exported), "file_format": file_format},
    )
    kinds = {row.label: (row.kind, row.errors) for row in preview.context["preview"]}
    assert kinds[players_card.name_ru] == ("new", [])
    root.post(reverse("admin:cardbase_card_import"), {"payload": preview.context["payload"]})
    back = Card.objects.get(key=players_card.key)
    assert {k: v for k, v in row_values(back).items() if k != "id"} == {
        k: v for k, v in before.items() if k != "id"
    }


def test_an_import_naming_an_image_the_site_does_not_keep_is_refused(players_card):
    root = logged_in(role_user("root", role=None, superuser=True))
    exported = json.loads(
        root.get(
            reverse("admin:cardbase_card_export"), {"format": "json", "game": "komandor"}
        ).content
    )
    (row,) = [r for r in exported if r["key"] == players_card.key]
    row["image"] = "c" * 64
    preview = root.post(
        reverse("admin:cardbase_card_import"),
        {
            "file": SimpleUploadedFile("cards.json", json.dumps([row]).encode()),
            "file_format": "json",
        },
    )
    (result,) = preview.context["preview"]
    assert result.kind == "invalid"
    assert [field for field, _messages in result.errors] == ["image"]


def test_a_deleted_players_published_card_stays_entered_by_the_deleted_player(players_card):
    from accounts.deletion import DELETED_PLAYER, account_delete

    account_delete(user=User.objects.get(username="pilot"))
    card = Card.objects.get(pk=players_card.pk)  # the content stays
    assert card.entered_by == DELETED_PLAYER
    public = Client()
    page = public.get(f"/cards/{card.pk}/", follow=True).content.decode()
    assert f'<dd class="entered-by">{DELETED_PLAYER}</dd>' in page
    assert public.get(f"/api/cards/{card.pk}/").json()["source"]["entered_by"] == DELETED_PLAYER
    root = logged_in(role_user("root", role=None, superuser=True))
    exported = root.get(
        reverse("admin:cardbase_card_export"), {"format": "json", "game": "komandor"}
    ).json()
    (row,) = [r for r in exported if r["key"] == card.key]
    assert row["entered_by"] == DELETED_PLAYER
