"""The card editor's effects field: kept on save, checked by the engine's effect schema with
the error on the field, and a live check endpoint that answers problems with their paths and
the card's text beside them."""

import ast
import json
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from cardbase.editorial.effects_check import effects_check
from cardbase.models import Card
from komandor.rules import effect_schema
from tests.cardbase.admin_data import admin_catalogue, admin_url, role_user
from tests.cardbase.pages_data import CHIMERA_ATTRIBUTES as CHIMERA
from tests.cardbase.test_content_drafts import chimera_post

GOOD = [
    {
        "when": "round_start",
        "targets": {"side": "own", "kind": "ship", "size": "LK"},
        "actions": [{"do": "modify", "stat": "speed", "by": 2, "until": "round"}],
    }
]
BAD = [{"when": "dawn", "actions": []}]


@pytest.fixture
def catalogue(db):
    return admin_catalogue()


@pytest.fixture
def root_client(db) -> Client:
    client = Client()
    client.force_login(role_user("root", role=None, superuser=True))
    return client


def test_effects_are_shown_kept_and_saved(catalogue, root_client):
    chimera = catalogue["chimera"]
    url = admin_url(Card, "change", chimera.pk)
    form = root_client.get(url).context["adminform"].form
    assert "effects" in form.fields
    assert 'data-effects-kind="ship"' in root_client.get(url).content.decode()
    response = root_client.post(url, chimera_post(catalogue, effects=json.dumps(GOOD)))
    assert response.status_code == 302
    assert Card.objects.get(pk=chimera.pk).attributes["effects"] == GOOD
    # saving again without touching the effects keeps them
    root_client.post(url, chimera_post(catalogue, effects=json.dumps(GOOD), stat__speed="4"))
    assert Card.objects.get(pk=chimera.pk).attributes["effects"] == GOOD


def test_a_bad_effect_is_an_error_on_the_effects_field(catalogue, root_client):
    chimera = catalogue["chimera"]
    url = admin_url(Card, "change", chimera.pk)
    response = root_client.post(url, chimera_post(catalogue, effects=json.dumps(BAD)))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["effects"]
    assert "effects" not in Card.objects.get(pk=chimera.pk).attributes


def test_the_live_check_answers_problems_with_their_paths(catalogue, root_client):
    check = reverse("admin:cardbase_card_effects_check")
    chimera = catalogue["chimera"]
    good = root_client.post(
        check, {"kind": "ship", "effects": json.dumps(GOOD), "card": chimera.pk}
    ).json()
    assert good["problems"] == []
    assert good["rendered"] is True
    assert "2" in good["text"]["ru"] and good["text"]["en"]  # rendered from the effect
    bad = root_client.post(check, {"kind": "ship", "effects": json.dumps(BAD)}).json()
    assert bad["problems"][0]["path"] == "effects.0.when"
    broken = root_client.post(check, {"kind": "ship", "effects": "[{"}).json()
    assert broken["problems"][0]["code"] == "not_json"
    assert root_client.post(check, {"kind": "nonsense", "effects": "[]"}).status_code == 200
    assert root_client.get(check).status_code == 405


def test_the_live_check_is_for_editors_only(catalogue):
    client = Client()
    client.force_login(role_user("staff", role=None))
    check = reverse("admin:cardbase_card_effects_check")
    assert client.post(check, {"kind": "ship", "effects": "[]"}).status_code == 403
    assert Client().post(check, {"kind": "ship", "effects": "[]"}).status_code == 302


def test_the_text_is_rendered_in_both_languages_from_the_effects():
    attributes = {**CHIMERA, "text": "Т"}
    result = effects_check(kind="ship", effects_json=json.dumps(GOOD), attributes=attributes)
    assert result.problems == [] and result.rendered
    assert result.text["ru"] != result.text["en"]
    assert "Т" not in result.text["en"]


def test_stats_the_schema_rejects_leave_the_stored_text():
    result = effects_check(kind="ship", effects_json="[]", attributes={"text": "Т"})
    assert (result.problems, result.rendered, result.text) == ([], False, {"ru": "Т", "en": "Т"})


def test_a_card_without_effects_opens_with_no_effect_problem(catalogue, root_client):
    """The editor's complaint: every card without effects opened with a red "effects: None is
    not a list of effects". The field holds an empty list, and the live check of what the page
    shows (or of a typed ``null``) finds nothing wrong."""
    chimera = catalogue["chimera"]
    assert "effects" not in chimera.attributes
    form = root_client.get(admin_url(Card, "change", chimera.pk)).context["adminform"].form
    shown = form["effects"].value()  # the textarea's text
    assert json.loads(shown) == []
    check = reverse("admin:cardbase_card_effects_check")
    for typed in (shown, "null", ""):
        answer = root_client.post(check, {"kind": "ship", "effects": typed, "card": chimera.pk})
        assert answer.json()["problems"] == [], typed


def test_effect_problems_are_worded_in_the_admins_language_with_their_path_once(
    catalogue, root_client
):
    """The editor's complaint: effect errors were English in the Russian admin and repeated
    their path («effects.0.when: effects.0.when: …»)."""
    check = reverse("admin:cardbase_card_effects_check")
    bad = [{"when": "dawn", "actions": [{"do": "draw", "count": "два"}]}]
    with translation.override("ru"):
        answer = root_client.post(
            check, {"kind": "ship", "effects": json.dumps(bad)}, HTTP_ACCEPT_LANGUAGE="ru"
        ).json()
    by_path = {problem["path"]: problem["message"] for problem in answer["problems"]}
    assert by_path["effects.0.when"].startswith("'dawn' — не окно (docs/effects.md); допустимо:")
    assert by_path["effects.0.actions.0.count"] == "'два' — не целое число"
    assert not any(message.startswith("effects.") for message in by_path.values())
    english = root_client.post(
        check, {"kind": "ship", "effects": json.dumps(bad)}, HTTP_ACCEPT_LANGUAGE="en"
    ).json()
    assert "'два' is not a whole number" in [p["message"] for p in english["problems"]]
    # The form's error on the effects field: Russian, the path once.
    chimera = catalogue["chimera"]
    response = root_client.post(
        admin_url(Card, "change", chimera.pk),
        chimera_post(catalogue, effects=json.dumps(bad)),
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    errors = response.context["adminform"].form.errors["effects"]
    assert "effects.0.actions.0.count: 'два' — не целое число" in errors
    assert all(error.count("effects.0") == 1 for error in errors)


def _engine_wordings() -> set[str]:
    """Every problem template and expected-thing word the effect schema can produce."""
    # The source, not ``__file__``: compiled (mypyc), the module is a shared library.
    source = Path(effect_schema.__file__).parent / "effect_schema.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
        position = {"add": 2, "_needs": 4, "choice": 3, "choices": 3}.get(name)
        if position is not None and len(node.args) > position:
            argument = node.args[position]
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found.add(argument.value)
            elif isinstance(argument, ast.Name) and argument.id.endswith("_PROBLEM"):
                found.add(getattr(effect_schema, argument.id))  # a template quoting the book
    return found


def test_every_effect_problem_has_its_russian_wording():
    wordings = _engine_wordings()
    assert len(wordings) > 50
    base = "%(value)s is out of range: must be from %(low)s to %(high)s"
    wordings |= {base, base + ", not 0"}
    with translation.override("ru"):
        missing = {text for text in wordings if translation.gettext(text) == text}
    assert missing == set()
