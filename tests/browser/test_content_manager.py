"""The content manager in a real Chromium: an editor's change waits as a draft players do
not see, a publisher publishes it (page and API follow), then reverts it, and the history
shows all three changes with their authors."""

import pytest
from playwright.sync_api import expect

from cardbase.editorial.roles import EDITORS, PUBLISHERS
from cardbase.models import Card
from tests.cardbase.admin_data import admin_catalogue, role_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "pass-word-123"
CARD_PAGE = "/games/komandor/cards/chimera/"


def log_in(page, username: str) -> None:
    page.context.clear_cookies()
    page.goto("/admin/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("input[type=submit]").click()
    expect(page.locator("#user-tools")).to_contain_text(username)


def players_speed(page) -> tuple[str, int]:
    """The speed a player sees on the card page and in the API (a fresh, anonymous context)."""
    context = page.context.browser.new_context(base_url=page.url.split("/admin")[0])
    try:
        player = context.new_page()
        player.goto(CARD_PAGE)
        shown = player.locator('[data-path="speed"] .face-stat__value').inner_text()
        answer = player.request.get("/api/cards/?game=komandor").json()
        (card,) = [row for row in answer["results"] if row["key"] == "chimera"]
        return shown, card["attributes"]["speed"]
    finally:
        context.close()


def test_edit_publish_revert_and_the_history(page, live_server):
    catalogue = admin_catalogue()
    role_user("editor", role=EDITORS, password=PASSWORD)
    role_user("publisher", role=PUBLISHERS, password=PASSWORD)
    chimera = catalogue["chimera"]

    # The editor changes the speed: a draft; players still see 3.
    log_in(page, "editor")
    page.goto(f"/admin/cardbase/card/{chimera.pk}/change/")
    page.fill("#id_stat__speed", "5")
    page.fill("#id_change_reason", "Скорость по исправлению")
    page.locator("input[name=_save]").click()
    expect(page.locator(".messagelist")).to_contain_text("черновик")
    expect(page.locator(".field-diff")).to_contain_text("3")
    expect(page.locator(".field-diff")).to_contain_text("5")
    page.screenshot(path="/tmp/cm-draft.png", full_page=True)
    assert players_speed(page) == ("3", 3)

    # The publisher publishes it: the page and the API show 5.
    log_in(page, "publisher")
    page.goto("/admin/cardbase/draft/")
    page.get_by_role("link", name="Линкор класса «Химера»").first.click()
    page.locator("#publish").click()
    expect(page.locator(".draft-status")).to_contain_text("publisher")
    assert players_speed(page) == ("5", 5)

    # ...then reverts to the version before: 3 again.
    page.goto(f"/admin/cardbase/card/{chimera.pk}/history/")
    page.locator("tr.version").last.get_by_role("link").click()
    # It asks first, showing what would change; nothing has changed yet.
    expect(page.locator(".field-diff")).to_contain_text("5")
    assert players_speed(page) == ("5", 5)
    page.locator("#confirm-revert").click()
    expect(page.locator(".messagelist")).to_be_visible()
    assert players_speed(page) == ("3", 3)
    assert Card.objects.get(pk=chimera.pk).attributes["speed"] == 3

    # The history: the editor's draft, the publish (with its draft's author), the revert.
    page.goto(f"/admin/cardbase/card/{chimera.pk}/history/")
    page.screenshot(path="/tmp/cm-history.png", full_page=True)
    versions = page.locator("tr.version")
    expect(versions).to_have_count(3)  # revert, publish, the state before history
    expect(versions.nth(0)).to_contain_text("publisher")
    expect(versions.nth(0)).to_contain_text("5 → 3")
    expect(versions.nth(1)).to_contain_text("publisher")
    expect(versions.nth(1)).to_contain_text("editor")
    expect(versions.nth(1)).to_contain_text("3 → 5")
    expect(versions.nth(1)).to_contain_text("Скорость по исправлению")
    draft = page.locator("tr.draft")
    expect(draft).to_have_count(1)
    expect(draft).to_contain_text("editor")
    expect(draft).to_contain_text("publisher")


def test_the_effects_editor_checks_as_you_type(page, live_server):
    catalogue = admin_catalogue()
    role_user("root", role=None, superuser=True, password=PASSWORD)
    log_in(page, "root")
    page.goto(f"/admin/cardbase/card/{catalogue['chimera'].pk}/change/")
    editor = page.locator("#id_effects")
    editor.fill('[{"when": "dawn", "actions": []}]')
    expect(page.locator(".effects-problems")).to_contain_text("effects.0.when")
    editor.fill(
        '[{"when": "round_start", "targets": {"side": "own", "kind": "ship"}, '
        '"actions": [{"do": "modify", "stat": "speed", "by": 2, "until": "round"}]}]'
    )
    expect(page.locator(".effects-check")).to_have_class("effects-check effects-check--ok")
    expect(page.locator(".effects-problems li")).to_have_count(0)
    page.locator(".effects-check").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/cm-effects.png")
