"""The permission matrix: every catalogue admin action for anonymous, a player, a staff
member in no content role, an editor, a publisher and a superuser."""

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse
from reversion.models import Version

from cardbase.editorial.drafts import draft_save
from cardbase.editorial.history import revision_record
from cardbase.editorial.roles import EDITORS, PUBLISHERS
from cardbase.editorial.rows import CATALOGUE_MODELS as MODELS
from cardbase.models import Card, Draft, Game
from tests.cardbase.admin_data import admin_catalogue, admin_url, role_user

ROLES = ["anonymous", "player", "staff", "editor", "publisher", "superuser"]
LOGIN = 302  # the admin sends whoever is not staff to its login page
# Expected status per action and role, in ROLES order.
MATRIX = {
    "changelist": (LOGIN, LOGIN, 403, 200, 200, 200),
    "add": (LOGIN, LOGIN, 403, 200, 403, 200),
    "change": (LOGIN, LOGIN, 403, 200, 200, 200),
    "delete": (LOGIN, LOGIN, 403, 403, 403, 200),
    "history": (LOGIN, LOGIN, 403, 200, 200, 200),
    "revert": (LOGIN, LOGIN, 403, 403, 302, 302),
}
GAME_ADD = (LOGIN, LOGIN, 403, 403, 403, 200)  # editors change a game's rows, not games
DRAFT_MATRIX = {
    "draft_list": (LOGIN, LOGIN, 403, 200, 200, 200),
    "draft_detail": (LOGIN, LOGIN, 403, 200, 200, 200),
    "draft_preview": (LOGIN, LOGIN, 403, 200, 200, 200),
    "draft_publish": (LOGIN, LOGIN, 403, 403, 302, 302),
    "draft_reject": (LOGIN, LOGIN, 403, 403, 302, 302),
    "draft_publish_all": (LOGIN, LOGIN, 403, 403, 302, 302),
}


@pytest.fixture
def clients(db) -> dict[str, Client]:
    users = {
        "player": role_user("player", role=None, staff=False),
        "staff": role_user("staff", role=None),
        "editor": role_user("editor", role=EDITORS),
        "publisher": role_user("publisher", role=PUBLISHERS),
        "superuser": role_user("root", role=None, superuser=True),
    }
    clients = {"anonymous": Client()}
    for role, user in users.items():
        clients[role] = Client()
        clients[role].force_login(user)
    return clients


@pytest.fixture
def catalogue(db):
    rows = admin_catalogue()
    # Every row gets one recorded change, so its history has a version to revert to.
    with revision_record(user=None, reason="test", kind="admin"):
        for model in MODELS:
            model._base_manager.first().save()
    return rows


def request(client: Client, model, action: str):
    row = model._base_manager.first()
    if action == "revert":
        version = Version.objects.get_for_object(row).first()
        return client.post(
            admin_url(model, "revert", row.pk), {"version": version.pk, "confirm": "1"}
        )
    args = () if action in ("changelist", "add") else (row.pk,)
    return client.get(admin_url(model, action, *args))


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_catalogue_admin_matrix(catalogue, clients, model):
    for index, role in enumerate(ROLES):
        for action, expected in MATRIX.items():
            wanted = GAME_ADD[index] if (model is Game and action == "add") else expected[index]
            response = request(clients[role], model, action)
            assert response.status_code == wanted, (action, role, model.__name__)
            if wanted == LOGIN and index < 2:
                assert "/admin/login/" in response["Location"]


def draft_request(client: Client, action: str, draft: Draft):
    if action == "draft_list":
        return client.get(reverse("admin:cardbase_draft_changelist"))
    if action == "draft_detail":
        return client.get(reverse("admin:cardbase_draft_change", args=[draft.pk]))
    if action == "draft_preview":
        return client.get(reverse("admin:cardbase_draft_preview", args=[draft.pk]))
    if action == "draft_publish_all":
        return client.post(reverse("admin:cardbase_draft_publish_all"))
    decision = action.removeprefix("draft_")
    url = reverse("admin:cardbase_draft_decide", args=[draft.pk])
    return client.post(url, {"decision": decision})


@pytest.mark.parametrize("action", list(DRAFT_MATRIX))
def test_drafts_admin_matrix(catalogue, clients, action):
    author = role_user("author", role=EDITORS)
    for index, role in enumerate(ROLES):
        chimera = Card.objects.get(pk=catalogue["chimera"].pk)
        chimera.name_ru = f"Химера ({role})"
        draft = draft_save(row=chimera, user=author, reason="rename")
        response = draft_request(clients[role], action, draft)
        assert response.status_code == DRAFT_MATRIX[action][index], (action, role)
        draft.refresh_from_db()
        decided = response.status_code == 302 and index >= 4
        if action in ("draft_publish", "draft_publish_all") and decided:
            assert draft.status == Draft.Status.PUBLISHED
            assert Card.objects.get(pk=chimera.pk).name_ru == f"Химера ({role})"
        elif action == "draft_reject" and decided:
            assert draft.status == Draft.Status.REJECTED
        else:
            assert draft.status == Draft.Status.PENDING
            assert Card.objects.get(pk=chimera.pk).name_ru != f"Химера ({role})"


def test_staff_in_no_role_see_no_catalogue_on_the_admin_index(catalogue, clients):
    response = clients["staff"].get(reverse("admin:index"))
    assert response.status_code == 200
    assert response.context["app_list"] == []


@pytest.mark.parametrize("role", ["editor", "publisher"])
def test_each_role_sees_every_catalogue_model_and_the_drafts(catalogue, clients, role):
    response = clients[role].get(reverse("admin:index"))
    names = [m["object_name"] for app in response.context["app_list"] for m in app["models"]]
    assert sorted(names) == sorted([model.__name__ for model in MODELS] + ["Draft"])


def test_the_roles_are_made_by_the_migration(db):
    editors = set(Group.objects.get(name=EDITORS).permissions.values_list("codename", flat=True))
    publishers = Group.objects.get(name=PUBLISHERS).permissions.values_list("codename", flat=True)
    assert {"add_card", "change_card", "view_draft"} <= editors
    assert not editors & {"publish_draft", "revert_version", "delete_card", "add_game"}
    assert {"publish_draft", "revert_version", "view_card"} <= set(publishers)
    assert not set(publishers) & {"add_card", "change_card", "delete_card"}


OTHER_MATRIX = {
    "import": (LOGIN, LOGIN, 403, 200, 200, 200),
    "export": (LOGIN, LOGIN, 403, 200, 200, 200),
    "completeness": (LOGIN, LOGIN, 403, 200, 200, 200),
    "effects_check": (LOGIN, LOGIN, 403, 200, 403, 200),
}


def other_request(client: Client, action: str):
    if action == "import":
        return client.get(reverse("admin:cardbase_card_import"))
    if action == "export":
        return client.get(reverse("admin:cardbase_card_export"), {"format": "json"})
    if action == "completeness":
        return client.get(reverse("admin-completeness"))
    return client.post(reverse("admin:cardbase_card_effects_check"), {"kind": "ship"})


@pytest.mark.parametrize("action", list(OTHER_MATRIX))
def test_import_export_completeness_and_effects_check_matrix(catalogue, clients, action):
    for index, role in enumerate(ROLES):
        response = other_request(clients[role], action)
        assert response.status_code == OTHER_MATRIX[action][index], (action, role)
