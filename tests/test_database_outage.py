"""Issue 36, hole 5: a database outage is answered honestly. The API answers 503 in its error
envelope with Retry-After, the pages a short 503 page in the visitor's language, the
liveness probe stays 200 and the readiness probe (``/api/health/ready/``) says which of the
database and the broker is down. Real gunicorn processes: one whose PostgreSQL does not exist
(a closed port), and one whose PostgreSQL is cut mid-run (a proxy that refuses, as a server
that went down) and comes back."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from tests.matches.faults import RefusingProxy, free_port
from tests.matches.workers import shared_database_url
from tests.site_server import SiteServer, site_server


def _a_token() -> str:
    """A token of the right shape (finding whether it exists is a database read)."""
    from accounts.tokens import TOKEN_LENGTH, TOKEN_PREFIX

    return "Bearer " + TOKEN_PREFIX + "x" * (TOKEN_LENGTH - len(TOKEN_PREFIX))


def _assert_api_outage(site: SiteServer, path: str, **headers: str) -> None:
    answer = site.get(path, **headers)
    assert answer.status == 503, (path, answer.status, answer.body[:300])
    assert answer.headers["Content-Type"] == "application/json"
    assert json.loads(answer.body)["code"] == "database_unavailable"
    assert int(answer.headers["Retry-After"]) > 0


def _assert_page_outage(site: SiteServer, path: str) -> None:
    russian = site.get(path, **{"Accept-Language": "ru"})
    assert russian.status == 503, (path, russian.status)
    assert int(russian.headers["Retry-After"]) > 0
    assert russian.headers["Content-Type"].startswith("text/html")
    assert 'id="outage"' in russian.text
    assert "Временно недоступно" in russian.text
    english = site.get(path, **{"Accept-Language": "en"})
    assert english.status == 503
    assert "Temporarily unavailable" in english.text
    assert "Временно" not in english.text


def test_no_database_is_a_503_everywhere_and_not_ready():
    closed = f"postgres://postgres@127.0.0.1:{free_port()}/nothing"
    broker_down = f"redis://127.0.0.1:{free_port()}/0"
    with site_server({"DATABASE_URL": closed, "CELERY_BROKER_URL": broker_down}) as site:
        assert site.get("/api/health/").status == 200  # alive: the process answers
        ready = site.get("/api/health/ready/")
        assert ready.status == 503
        assert int(ready.headers["Retry-After"]) > 0
        assert json.loads(ready.body) == {
            "status": "unavailable",
            "checks": {"database": "unavailable", "broker": "unavailable"},
        }
        for path in ("/api/cards/", "/api/tournaments/", "/api/schema/"):
            _assert_api_outage(site, path)
        _assert_api_outage(site, "/api/decks/", Authorization=_a_token())  # auth reads the database
        for path in ("/", "/games/komandor/", "/search/?q=x", "/tournaments/"):
            _assert_page_outage(site, path)


@pytest.mark.postgresql(reason="a PostgreSQL server the test can cut off")
@pytest.mark.django_db(transaction=True)
def test_postgresql_cut_mid_run_then_back():
    from accounts.tokens import token_create

    player = get_user_model().objects.create_user("player", password="long-enough-password-1")
    token = "Bearer " + token_create(user=player, name="outage", scopes=["read"])[1]
    settings_url = shared_database_url()
    host_port = settings_url.split("@", 1)[1].split("/", 1)[0]
    host, _, port = host_port.partition(":")
    proxy = RefusingProxy(host, int(port or 5432))
    through_proxy = settings_url.replace(f"@{host_port}/", f"@127.0.0.1:{proxy.port}/")
    try:
        with site_server(
            {"DATABASE_URL": through_proxy, "CELERY_BROKER_URL": "filesystem://"}
        ) as site:
            ready = site.get("/api/health/ready/")
            assert ready.status == 200, ready.body
            assert json.loads(ready.body)["checks"] == {"database": "ok", "broker": "ok"}
            assert site.get("/api/decks/", Authorization=token).status == 200
            assert site.get("/", **{"Accept-Language": "ru"}).status == 200

            proxy.refuse()  # PostgreSQL goes away: open connections cut, new ones refused
            _assert_api_outage(site, "/api/decks/", Authorization=token)
            _assert_api_outage(site, "/api/cards/")
            _assert_page_outage(site, "/")
            assert site.get("/api/health/").status == 200
            ready = site.get("/api/health/ready/")
            assert ready.status == 503
            assert json.loads(ready.body)["checks"] == {"database": "unavailable", "broker": "ok"}

            proxy.accept()  # back: the next requests are served again
            assert site.get("/api/health/ready/").status == 200
            assert site.get("/api/decks/", Authorization=token).status == 200
            assert site.get("/", **{"Accept-Language": "ru"}).status == 200
    finally:
        proxy.close()


def test_every_operation_documents_the_503_and_its_retry_after():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = [
        operation
        for item in schema["paths"].values()
        for method, operation in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
    ]
    assert len(operations) > 20
    for operation in operations:
        answer = operation["responses"]["503"]
        assert answer["content"]["application/json"]["schema"]["$ref"].endswith("ApiError")
        assert "Retry-After" in answer["headers"]
