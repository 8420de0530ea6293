"""Entry pages of every game show words, never stored codes: with the shipped content loaded,
no attribute label or value on any entry page reads like ``effect_timing`` or ``card_kind``,
in Russian or English, and the source is named by the book's title, not its file."""

import re

import pytest
from django.utils import translation

from cardbase.models import Advisor, Component, Race, Sector, Tech
from cardbase.templatetags.catalogue import attribute_label, attribute_text, shown_attributes

pytestmark = pytest.mark.django_db

STORED_CODE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def test_attribute_codes_read_as_words():
    with translation.override("ru"):
        assert attribute_text("effect_timing") == "время срабатывания эффектов"
        assert attribute_text({"crew_level": "very_rare"}) == "Уровень экипажа: очень редкая"
    with translation.override("en"):
        assert attribute_text(["battle_rule", "ship_class"]) == "battle rule, ship class"
        assert attribute_text("Линкор") == "Линкор"


@pytest.mark.parametrize("language", ["ru", "en"])
def test_no_entry_page_shows_a_stored_code(shipped_content, client, language):
    client.cookies["django_language"] = language
    shown = []
    for model in (Race, Tech, Sector, Advisor, Component):
        for row in model.objects.select_related("game"):
            with translation.override(language):
                for key, value in shown_attributes(row.attributes):
                    shown += [str(attribute_label(key)), attribute_text(value)]
    codes = {code for text in shown for code in STORED_CODE.findall(text)}
    assert codes == set()
    row = Component.objects.filter(attributes__category="effect_timing").first()
    page = client.get(f"/games/{row.game.slug}/components/{row.kind}/{row.key}/")
    html = page.content.decode()
    assert "effect_timing" not in html and ".txt" not in html
