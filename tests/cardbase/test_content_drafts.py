"""Drafts, publishing, history and revert through the admin: an editor's save waits as a
draft that players do not see; publishing is atomic, recorded and moves the catalogue
version; the history lists every version with who, why and what changed; revert is one step
and recorded too."""

import pytest
from django.test import Client
from django.urls import reverse
from reversion.models import Version

from cardbase.editorial.drafts import draft_diff, draft_save, drafts_publish
from cardbase.editorial.history import entry_history
from cardbase.editorial.roles import EDITORS, PUBLISHERS
from cardbase.models import Card, Draft, Race
from cardbase.selectors import catalogue_version
from tests.cardbase.admin_data import admin_catalogue, admin_url, role_user, ship_post


@pytest.fixture
def catalogue(db):
    return admin_catalogue()


@pytest.fixture
def editor(db):
    return role_user("editor", role=EDITORS)


@pytest.fixture
def publisher(db):
    return role_user("publisher", role=PUBLISHERS)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def chimera_post(catalogue, **changes) -> dict:
    chimera = catalogue["chimera"]
    data = ship_post(
        catalogue["komandor"],
        key="chimera",
        name_ru=chimera.name_ru,
        cost="10",
        rarity="rare",
        release=str(catalogue["release"].pk),
        stat__size="TK",
        stat__ship_class="",
        stat__strength="12",
        stat__critical="8",
        stat__shield__type="B",
        stat__shield__power="4",
        stat__armor="6",
        stat__speed="3",
        stat__weapons__plasma__power="10",
        stat__weapons__maser__power="",
        stat__weapons__lasers__targets="",
        stat__weapons__lasers__power="",
        stat__properties__escort="",
    )
    data.update(changes)
    return data


def test_an_editors_save_is_a_draft_players_do_not_see(catalogue, editor):
    chimera = catalogue["chimera"]
    version = catalogue_version()
    response = logged_in(editor).post(
        admin_url(Card, "change", chimera.pk),
        chimera_post(catalogue, stat__speed="5", change_reason="speed per errata"),
    )
    assert response.status_code == 302
    draft = Draft.objects.get()
    assert response["Location"] == reverse("admin:cardbase_draft_change", args=[draft.pk])
    assert (draft.author, draft.reason, draft.status) == (editor, "speed per errata", "pending")
    assert Card.objects.get(pk=chimera.pk).attributes["speed"] == 3
    assert catalogue_version() == version
    # (The checker also stores the card's rarity in its stats, which the fixture left out.)
    assert [(c.name, c.old, c.new) for c in draft_diff(draft=draft)] == [
        ("attributes.rarity", "—", "rare"),
        ("attributes.speed", "3", "5"),
    ]
    # Opening the card again, the editor goes on from the draft, and a second save updates it.
    page = logged_in(editor).get(admin_url(Card, "change", chimera.pk))
    assert page.context["adminform"].form.initial["stat__speed"] == 5
    assert "Вы редактируете этот черновик." in page.content.decode()
    logged_in(editor).post(
        admin_url(Card, "change", chimera.pk), chimera_post(catalogue, stat__speed="6")
    )
    assert Draft.objects.get().values["attributes"]["speed"] == 6


def test_an_editors_new_row_is_a_draft_until_published(catalogue, editor, publisher):
    game = catalogue["komandor"]
    url = f"{admin_url(Card, 'add')}?game={game.pk}&card_type=ship"
    response = logged_in(editor).post(url, ship_post(game))
    assert response.status_code == 302
    assert not Card.objects.filter(key="exorcist").exists()
    draft = Draft.objects.get()
    assert draft.object_id is None
    drafts_publish(drafts=[draft], user=publisher)
    card = Card.objects.get(key="exorcist")
    draft.refresh_from_db()
    assert (draft.object_id, draft.status, draft.decided_by) == (card.pk, "published", publisher)


def test_publishing_writes_moves_the_version_and_is_recorded(catalogue, editor, publisher):
    chimera = catalogue["chimera"]
    chimera.attributes = {**chimera.attributes, "speed": 4}
    draft = draft_save(row=chimera, user=editor, reason="errata")
    version = catalogue_version()
    response = logged_in(publisher).post(
        reverse("admin:cardbase_draft_decide", args=[draft.pk]), {"decision": "publish"}
    )
    assert response.status_code == 302
    assert Card.objects.get(pk=chimera.pk).attributes["speed"] == 4
    assert catalogue_version() != version
    history = entry_history(row=chimera)
    assert [(item.author, item.kind, item.reason) for item in history] == [
        ("publisher", "publish", "errata"),
        ("", "baseline", "Состояние до начала истории"),
    ]
    assert history[0].draft_author == "editor"
    assert [(c.name, c.old, c.new) for c in history[0].changes] == [("attributes.speed", "3", "4")]


def test_publish_all_is_all_or_nothing(catalogue, editor, publisher):
    chimera = catalogue["chimera"]
    chimera.name_ru = "Новое имя"
    good = draft_save(row=chimera, user=editor, reason="")
    race = Race.objects.first()
    taken = Race.objects.create(game=race.game, key="taken", name_ru="X", **_source())
    race.key = taken.key  # publishing this one breaks the one-key-per-game rule
    bad = draft_save(row=race, user=editor, reason="")
    response = logged_in(publisher).post(reverse("admin:cardbase_draft_publish_all"))
    assert response.status_code == 302
    assert Card.objects.get(pk=chimera.pk).name_ru == "Линкор класса «Химера»"
    assert {d.status for d in Draft.objects.filter(pk__in=[good.pk, bad.pk])} == {"pending"}


def _source() -> dict:
    return {"source_book": "b", "source_section": "s"}


def test_rejecting_leaves_the_row_and_records_who(catalogue, editor, publisher):
    chimera = catalogue["chimera"]
    chimera.name_ru = "Отклонено"
    draft = draft_save(row=chimera, user=editor, reason="")
    logged_in(publisher).post(
        reverse("admin:cardbase_draft_decide", args=[draft.pk]), {"decision": "reject"}
    )
    draft.refresh_from_db()
    assert (draft.status, draft.decided_by) == ("rejected", publisher)
    assert Card.objects.get(pk=chimera.pk).name_ru == "Линкор класса «Химера»"


def test_the_preview_is_the_players_card_page_with_the_draft(catalogue, editor):
    chimera = catalogue["chimera"]
    chimera.name_ru = "Химера-2"
    draft = draft_save(row=chimera, user=editor, reason="")
    response = logged_in(editor).get(reverse("admin:cardbase_draft_preview", args=[draft.pk]))
    assert response.templates[0].name == "cardbase/card_detail.html"
    assert "Химера-2" in response.content.decode()
    page = Client().get(reverse("cardbase:card-detail", args=["komandor", "chimera"]))
    assert "Химера-2" not in page.content.decode()


def test_history_compares_two_versions_and_reverts_in_one_recorded_step(
    catalogue, editor, publisher
):
    chimera = catalogue["chimera"]
    for speed in (4, 5):
        chimera.attributes = {**chimera.attributes, "speed": speed}
        drafts_publish(
            drafts=[draft_save(row=chimera, user=editor, reason=f"v{speed}")], user=publisher
        )
    versions = list(Version.objects.get_for_object(chimera))  # newest first
    history_url = admin_url(Card, "history", chimera.pk)
    page = logged_in(editor).get(history_url, {"a": versions[2].pk, "b": versions[0].pk})
    compared = page.context["compared"]
    assert [(c.name, c.old, c.new) for c in compared["changes"]] == [("attributes.speed", "3", "5")]
    assert "v5" in page.content.decode()
    revert_url = admin_url(Card, "revert", chimera.pk)
    # The history's button asks first, showing what the revert would change; so does a POST
    # that was not confirmed. Neither changes anything.
    for asked in (
        logged_in(publisher).get(revert_url, {"version": versions[2].pk}),
        logged_in(publisher).post(revert_url, {"version": versions[2].pk}),
    ):
        assert asked.status_code == 200
        assert [(c.name, c.old, c.new) for c in asked.context["changes"]] == [
            ("attributes.speed", "5", "3")
        ]
        assert 'name="confirm"' in asked.content.decode()
    assert Card.objects.get(pk=chimera.pk).attributes["speed"] == 5
    assert len(entry_history(row=chimera)) == 3
    history_page = logged_in(publisher).get(history_url).content.decode()
    assert f'{revert_url}?version={versions[2].pk}"' in history_page
    response = logged_in(publisher).post(revert_url, {"version": versions[2].pk, "confirm": "1"})
    assert response.status_code == 302
    assert Card.objects.get(pk=chimera.pk).attributes["speed"] == 3
    history = entry_history(row=chimera)
    assert (history[0].author, history[0].kind) == ("publisher", "revert")
    assert len(history) == 4
    assert [(c.old, c.new) for c in history[0].changes] == [("5", "3")]


def test_a_superusers_save_is_live_and_recorded(catalogue):
    root = role_user("root", role=None, superuser=True)
    chimera = catalogue["chimera"]
    response = logged_in(root).post(
        admin_url(Card, "change", chimera.pk),
        chimera_post(catalogue, stat__speed="7", change_reason="fix"),
    )
    assert response.status_code == 302
    assert Card.objects.get(pk=chimera.pk).attributes["speed"] == 7
    assert not Draft.objects.exists()
    latest = entry_history(row=chimera)[0]
    assert (latest.author, latest.reason) == ("root", "fix")
