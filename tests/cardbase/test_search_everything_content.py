"""The done-criterion over the shipped content: every catalogue row the rule books name is found
by its Russian name, as a quoted phrase, in the API search and on the search page, and the API
result carries the book and section it comes from."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from cardbase.models import Card, Release
from cardbase.search.everything import ENTRY_MODELS
from cardbase.search.query import parse_query

pytestmark = pytest.mark.django_db


def _api_match(body: dict, row) -> dict | None:
    """The API search's result for ``row``, if it lists it."""
    if isinstance(row, Card):
        candidates = body["cards"]["results"]
    else:
        kind = getattr(row, "kind", row._meta.model_name)
        candidates = [
            found
            for found in body["entries"]
            if (found["model"], found["kind"]) == (row._meta.model_name, kind)
        ]
    return next(
        (
            found
            for found in candidates
            if (found["game"], found["key"]) == (row.game.slug, row.key)
        ),
        None,
    )


def _card_url(card: Card) -> str:
    return reverse("cardbase:card-detail", args=[card.game.slug, card.key])


def _page_link(response, row) -> str | None:
    """The search page's link to ``row``, if it lists it."""
    if isinstance(row, Card):
        return _card_url(row) if row in response.context["page"].object_list else None
    for group in response.context["results"].entry_groups:
        for found in group.rows:
            if found.kind.model is type(row) and found.row.pk == row.pk:
                return found.page_url
    return None


def test_every_shipped_row_is_found_by_its_quoted_russian_name(shipped_content, client):
    rows = [
        row
        for model in (Card, *ENTRY_MODELS)
        for row in model.objects.select_related("game").order_by("pk")
    ]
    assert Card.objects.count() > 0
    assert len(rows) > 300
    # The one shipped release is the project's starter set, whose cards are all searched below;
    # a release itself is not a search row yet (the day a second one is shipped this fails).
    assert list(Release.objects.values_list("code", flat=True)) == ["KST"]

    missing = []
    for row in rows:
        query = f'"{row.name_ru}"'
        response = client.get("/api/search/", {"q": query})
        assert response.status_code == 200, (query, response.content)
        body = response.json()
        # The canonical form the API echoes reads back as the same query.
        assert parse_query(body["query"]) == parse_query(query), query
        found = _api_match(body, row)
        if found is None:
            missing.append(("api", query))
        else:
            assert found["source"]["book"] == row.source_book
            assert found["source"]["section"] == row.source_section
            # Only this project's own designs cite no book (``origin: project``).
            assert bool(row.source_section) != row.is_project_design, row

        page = client.get(reverse("cardbase:search"), {"q": query})
        if page.status_code == 302:  # exactly one card and nothing else: the page opens it
            if not isinstance(row, Card) or page.url != _card_url(row):
                missing.append(("page", query))
            continue
        assert page.status_code == 200, (query, page.content)
        link = _page_link(page, row)
        if (
            link is None
            or f'<a href="{link}">{escape(row.name_ru)}</a>' not in page.content.decode()
        ):
            missing.append(("page", query))
    assert missing == []
