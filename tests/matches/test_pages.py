"""Tournament and match pages through Django's test client (the browser test walks them too)."""

import pytest

from config.celery import app
from matches.models import Match, Tournament
from tests.matches.decks import four_decks


@pytest.fixture
def eager():
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def form(decks, **fields):
    return {
        "name": "Кубок",
        "format": "round_robin",
        "decks": [d.pk for d in decks],
        "games_per_pairing": 2,
        "agent_a": "random",
        "agent_b": "random",
        "seed": 1,
        "is_public": "on",
        **fields,
    }


def test_create_page_plays_the_tournament_and_shows_results(
    signed_in, owner, eager, django_capture_on_commit_callbacks
):
    decks = four_decks(owner)
    assert signed_in.get("/tournaments/new/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = signed_in.post("/tournaments/new/", form(decks))
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{tournament.pk}/"
    page = signed_in.get(response["Location"]).content.decode()
    assert 'id="standings"' in page and 'id="heatmap"' in page and 'id="pairings"' in page
    assert page.count('class="cell') == 12
    assert "http-equiv" not in page  # finished: no refresh
    assert "Баланс v1" in page


def test_a_running_tournament_refreshes_itself_without_javascript(signed_in, owner):
    decks = four_decks(owner)[:2]
    signed_in.post("/tournaments/new/", form(decks))  # no commit here: nothing sent, it runs
    tournament = Tournament.objects.get()
    page = signed_in.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page
    assert f'<progress id="progress-bar" value="0" max="{tournament.total}">' in page


def test_bad_form_input_is_a_field_error(signed_in, owner):
    decks = four_decks(owner)[:2]
    response = signed_in.post("/tournaments/new/", form(decks, games_per_pairing=3))
    assert response.status_code == 200
    assert "games_per_pairing" in response.context["form"].errors


def test_the_match_page_steps_through_the_replay(
    signed_in, owner, eager, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        signed_in.post("/tournaments/new/", form(four_decks(owner)[:2]))
    match = Match.objects.order_by("id").first()
    first = signed_in.get(f"/matches/{match.pk}/")
    assert 'id="replay-nav"' in first.content.decode()
    assert first.context["step"] == 0
    later = signed_in.get(f"/matches/{match.pk}/?step=400").context
    assert later["step"] == later["last"] or later["step"] == 400
    assert len(later["players"]) == 2
    assert {"resources", "action_tokens", "hand", "deck"} <= set(later["players"][0])
    assert signed_in.get(f"/matches/{match.pk}/?step=x").status_code == 404
    Match.objects.filter(pk=match.pk).update(engine_version="0.0.1")
    old = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="replay-unavailable"' in old


def test_an_attack_reads_with_its_arithmetic():
    from django.utils import translation

    from matches.event_text import describe

    names = {"p1.10": "Химера", "p0.13": "Транспорт"}
    missiles = {
        "type": "attack",
        "by": "p1.10",
        "weapon": "missiles.long",
        "target": "p0.13",
        "damage": 12,
        "rolls": [6, 5, 6, 5],
        "to_hit": 5,
        "hits": 4,
        "per_hit": 3,
        "power": 4,
        "armor": 1,
    }
    assert describe(missiles, names) == (
        "«Химера» атакует «Транспорт» (ракеты дальнего действия): кубики 6, 5, 6, 5, "
        "попадание от 5: 4 попадания; по 3 за попадание (мощность 4 − броня 1) = 12 повреждений"
    )
    with translation.override("en"):
        assert describe(missiles, names) == (
            "«Химера» fires long-range missiles at «Транспорт»: dice 6, 5, 6, 5, hitting on 5+: "
            "4 hits; 3 per hit (power 4 − armor 1) = 12 damage"
        )
    plasma = {
        "type": "attack",
        "by": "p1.10",
        "weapon": "plasma",
        "target": "p0.13",
        "damage": 3,
        "power": 6,
        "shield": 3,
    }
    assert describe(plasma, names).endswith("мощность 6 − мощность щита 3 = 3 повреждения")


def test_every_event_of_many_matches_reads_without_failing(owner):
    from matches.engine.agents import make_agent
    from matches.engine.match import run_match
    from matches.engine_decks import playable_deck_of
    from matches.event_text import describe

    decks = [playable_deck_of(version=d.versions.get()).deck for d in four_decks(owner)[:2]]
    for seed in range(12):
        result = run_match(
            decks=decks,
            agents=[make_agent("random", seed=seed), make_agent("heuristic")],
            seed=seed,
        )
        names = {uid: card.spec.name for uid, card in result.state.cards.items()}
        for event in result.log:
            text = describe(event, names)
            assert text and "=" not in text.split(":")[0], (event, text)
    assert describe({"type": "attack", "by": "p0.01"}, {}) == "attack: by=p0.01"


def test_heatmap_colours_run_from_red_through_white_to_green():
    from matches.heatmap import colour

    assert colour(0.0) == "rgb(220,80,80)"
    assert colour(0.5) == "rgb(255,255,255)"
    assert colour(1.0) == "rgb(80,200,80)"


def test_a_precon_match_replays_step_by_step(
    signed_in, owner, eager, django_capture_on_commit_callbacks
):
    """A precon's pre-chosen ability cards are played at setup in the replay as in the match;
    without them its game diverged at the first event and every step but the first was
    "unavailable"."""
    from content.loader import content_load
    from decks.models import Deck

    content_load()
    precons = Deck.objects.filter(is_preconstructed=True, setup_abilities__isnull=False)
    decks = list(precons.distinct().order_by("pk")[:2])
    with django_capture_on_commit_callbacks(execute=True):
        signed_in.post("/tournaments/new/", form(decks))
    match = Match.objects.order_by("id").first()
    for step in (1, 30, 60):
        page = signed_in.get(f"/matches/{match.pk}/", {"step": step}).content.decode()
        assert 'id="replay-nav"' in page, step
