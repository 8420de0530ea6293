def test_health_answers_ok(client):
    response = client.get("/api/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_api_root_links_every_list(client, db):
    response = client.get("/api/")
    assert response.status_code == 200
    links = response.json()
    for key in ("cards", "races", "techs", "sectors", "advisors", "factions", "decks", "schema"):
        assert links[key].startswith("http://testserver/api/"), key
    # Every link answers a GET, but those that need a query or a POST body.
    for key, url in links.items():
        if key in {"search", "validate-deck", "import-deck", "play-match"}:
            continue
        assert client.get(url.removeprefix("http://testserver")).status_code in {200, 401}, key


def test_ready_when_the_database_answers_and_tasks_run_in_process(client, db, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True  # the embedded first run: no broker to ask
    response = client.get("/api/health/ready/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "broker": "in_process"}}
