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
    assert first.context["replay"].step == 0
    later = signed_in.get(f"/matches/{match.pk}/?step=400").context["replay"]
    assert later.step == later.last or later.step == 400
    assert [player.index for player in later.board.players] == [0, 1]
    assert all(player.hand is not None for player in later.board.players)  # a spectator's
    end = signed_in.get(f"/matches/{match.pk}/?step={later.last}")
    assert end.context["replay"].decision is None and end.context["replay"].told
    assert signed_in.get(f"/matches/{match.pk}/?step=x").status_code == 404
    Match.objects.filter(pk=match.pk).update(engine_version="0.0.1")
    old = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="replay-unavailable"' in old


def test_an_attack_reads_with_its_arithmetic():
    from django.utils import translation

    from matches.words.event_text import describe

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
    from komandor.agents.registry import make_agent
    from komandor.rules.match import run_match
    from matches.games.decks import playable_deck_of
    from matches.words.event_text import describe

    decks = [playable_deck_of(version=d.versions.get()).deck for d in four_decks(owner)[:2]]
    for seed in range(12):
        result = run_match(
            decks=decks,
            agents=[make_agent("random", seed=seed), make_agent("heuristic")],
            seed=seed,
        )
        names = {uid: card.spec.name for uid, card in result.state.cards.items()}
        for event in result.log.events:
            text = describe(event, names)
            assert text and "=" not in text.split(":")[0], (event, text)
    assert describe({"type": "attack", "by": "p0.01"}, {}) == "attack: by=p0.01"


def test_heatmap_colours_run_from_red_through_white_to_green():
    from matches.tournaments.heatmap import colour

    assert colour(0.0) == "rgb(220,80,80)"
    assert colour(0.5) == "rgb(255,255,255)"
    assert colour(1.0) == "rgb(80,200,80)"


@pytest.fixture
def played(signed_in, eager, django_capture_on_commit_callbacks):
    """POST and play what it starts (the on-commit dispatch, tasks eager)."""

    def post(url, data):
        with django_capture_on_commit_callbacks(execute=True):
            return signed_in.post(url, data)

    return post


def test_the_gauntlet_hero_is_the_deck_chosen_not_the_first_by_name(signed_in, owner):
    decks = four_decks(owner)
    hero = next(d for d in decks if d.name == "Торговцы")  # last by name
    response = signed_in.post("/tournaments/new/", form(decks, format="gauntlet", hero=hero.pk))
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.entries.get(rank=0).deck_version.deck == hero
    assert {p.a.rank for p in tournament.pairings.select_related("a")} == {0}
    missing = signed_in.post("/tournaments/new/", form(decks, format="gauntlet"))
    assert "hero" in missing.context["form"].errors
    outside = signed_in.post(
        "/tournaments/new/", form(decks[:2], format="gauntlet", hero=decks[3].pk)
    )
    assert "hero" in outside.context["form"].errors


def test_the_form_shows_each_formats_fields_only_for_it_and_explains_them(signed_in, owner):
    four_decks(owner)
    page = signed_in.get("/tournaments/new/").content.decode()
    assert 'class="form-row format-only for-swiss" id="row-rounds"' in page
    assert 'class="form-row format-only for-gauntlet for-head_to_head" id="row-hero"' in page
    assert 'class="form-row " id="row-games_per_pairing"' in page
    assert 'value="swap"' not in page  # started from a deck page
    assert "data-heuristic-seconds=" in page and 'id="estimate"' in page
    english = signed_in.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for words in ("<dt>search</dt>", "each option forward", "Fixes every shuffle", "The edge"):
        assert words in english


def test_results_are_live_translated_and_ranked_by_standing(signed_in, owner, played):
    decks = four_decks(owner)[:3]
    played("/tournaments/new/", form(decks, games_per_pairing=4))
    tournament = Tournament.objects.get()
    live = signed_in.get(f"/tournaments/{tournament.pk}/live/").content.decode()
    assert 'id="live"' in live and 'id="standings"' in live and "<html" not in live
    assert 'data-running="0"' in live
    page = signed_in.get(f"/tournaments/{tournament.pk}/").content.decode()
    codes = set(Match.objects.values_list("termination", flat=True))
    assert codes
    for code in codes:
        assert f"({code})" not in page  # the words, not the code
    answer = signed_in.get(f"/api/tournaments/{tournament.pk}/").json()
    assert [row["rank"] for row in answer["standings"]] == [1, 2, 3]
    assert sorted(row["entry"] for row in answer["standings"]) == [0, 1, 2]


def test_card_figures_on_the_page_sort_and_export(signed_in, owner, played):
    decks = four_decks(owner)[:2]
    played("/tournaments/new/", form(decks, games_per_pairing=4))
    tournament = Tournament.objects.get()
    page = signed_in.get(f"/tournaments/{tournament.pk}/?deck=1&sort=name").content.decode()
    assert 'id="card-figures-table"' in page and 'id="figures-bias"' in page
    table = page.split('id="card-figures-table"')[1].split("</table>")[0]
    names = [row.split("<td>")[1].split("</td>")[0] for row in table.split("<tr>")[2:]]
    assert names == sorted(names) and len(names) > 5
    exported = signed_in.get(f"/api/tournaments/{tournament.pk}/export/cards/")
    assert exported["Content-Type"] == "text/csv; charset=utf-8"  # issue 36: was text/csv
    assert exported.content.startswith("\ufeff".encode())
    lines = exported.content.decode("utf-8-sig").strip().splitlines()
    assert lines[0].startswith("entry,deck,card,games,drawn_games,drawn_rate")
    assert len(lines) == 1 + 2 * len(names)
    body = signed_in.get(f"/api/tournaments/{tournament.pk}/export/json/").json()
    assert len(body["card_figures"]) == 2 * len(names) and body["swap"] is None
    first = body["card_figures"][0]
    assert set(first) >= {"drawn", "played", "not_drawn", "improvement", "improvement_ci95"}


def test_a_finished_round_robin_runs_again_with_more_games(signed_in, owner, played):
    decks = four_decks(owner)[:2]
    played("/tournaments/new/", form(decks, games_per_pairing=2))
    tournament = Tournament.objects.get()
    assert tournament.status == "finished" and tournament.done == 2
    before = set(Match.objects.values_list("seed", flat=True))
    assert played(f"/tournaments/{tournament.pk}/more/", {"games": 4}).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.status, tournament.done, tournament.total) == ("finished", 6, 6)
    seeds = set(Match.objects.values_list("seed", flat=True))
    assert before < seeds and len(seeds) == 3  # new deals added, the old ones kept
    answer = signed_in.get(f"/api/tournaments/{tournament.pk}/").json()
    assert answer["pairings"][0]["games"] == 6
    bad = signed_in.post(f"/tournaments/{tournament.pk}/more/", {"games": 3})
    assert bad.status_code == 400 and "Чётное число от 2 до" in bad.content.decode()
    english = signed_in.post(
        f"/tournaments/{tournament.pk}/more/", {"games": 3}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "An even number from 2 to" in english.content.decode()


def test_deck_and_card_pages_link_to_their_results(signed_in, owner, played):
    decks = four_decks(owner)[:2]
    played("/tournaments/new/", form(decks, games_per_pairing=2))
    tournament = Tournament.objects.get()
    page = signed_in.get(f"/decks/{decks[0].pk}/").content.decode()
    assert 'id="deck-tournaments"' in page and f"/tournaments/{tournament.pk}/" in page
    assert 'id="field-test"' in page and f"/decks/{decks[0].pk}/swap-test/" in page
    from cardbase.models import Card

    card = Card.objects.get(name_ru="Тестовый бомбардировщик")
    page = signed_in.get(f"/cards/{card.pk}/", follow=True).content.decode()
    assert 'id="card-decks"' in page and f"/decks/{decks[0].pk}/" in page
    # Its figures pool both decks' games of this public tournament.
    from matches.tournaments.card_tallies import card_figures

    pooled = [f for f in card_figures(tournament=tournament) if f.name == card.name_ru]
    games, drawn = sum(f.games for f in pooled), sum(f.drawn_games for f in pooled)
    assert games == 4
    english = signed_in.get(f"/cards/{card.pk}/", follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert f"In {games} games of decks holding it, drawn in {drawn}." in english.content.decode()


def test_the_swap_test_page_starts_one_and_names_bad_input(signed_in, owner, played):
    from cardbase.models import Card

    decks = four_decks(owner)
    out = Card.objects.get(name_ru="Тестовый бомбардировщик")
    into = Card.objects.get(name_ru="Тестовая станция")
    url = f"/decks/{decks[0].pk}/swap-test/"
    assert signed_in.get(url).status_code == 200
    fields = {
        "remove": out.pk,
        "add": into.pk,
        "copies": 1,
        "field": ["mine"],
        "delta": 0.3,
        "max_games": 24,
        "seed": 0,
    }
    bad = signed_in.post(url, {**fields, "copies": 9})
    assert bad.status_code == 200 and "remove" in bad.context["form"].errors
    assert "в колоде этой карты 3, меньше чем 9" in bad.content.decode()  # in the page's language
    response = played(url, fields)
    assert response.status_code == 302
    tournament = Tournament.objects.get(format="swap")
    page = signed_in.get(response["Location"]).content.decode()
    assert 'id="swap-verdict"' in page and 'id="verdict"' in page
    assert tournament.decision.startswith("swap_")


def test_a_running_tournament_shows_its_card_figures_live(signed_in, owner):
    # Stored sums (issue 36): no tournament is too big to read them while it runs.
    decks = four_decks(owner)[:2]
    signed_in.post("/tournaments/new/", form(decks, games_per_pairing=4))  # not dispatched
    tournament = Tournament.objects.get()
    from matches.tournaments.batches import batch_play
    from matches.tournaments.services import pending_batches

    batch_play(batch_id=pending_batches(tournament=tournament)[0], owner="test")
    page = signed_in.get(f"/tournaments/{tournament.pk}/live/").content.decode()
    assert 'id="card-figures-table"' in page


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


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_replay_board_holds_no_internal_key_or_raw_dict(
    signed_in, owner, eager, django_capture_on_commit_callbacks, language
):
    import re

    with django_capture_on_commit_callbacks(execute=True):
        signed_in.post("/tournaments/new/", form(four_decks(owner)[:2]))
    match = Match.objects.order_by("id").first()
    signed_in.post("/i18n/setlang/", {"language": language})
    last = signed_in.get(f"/matches/{match.pk}/").context["replay"].last
    for step in sorted({0, 1, 5, last // 3, last // 2, last - 1, last}):
        page = signed_in.get(f"/matches/{match.pk}/", {"step": step}).content.decode()
        main = page[page.index('id="replay-nav"') :]
        assert 'id="board"' in main and 'id="events"' in main, step
        # What a reader sees: ``data-*`` attributes are the board script's (a card's id to click).
        main = re.sub(r'\sdata-[a-z-]+="[^"]*"', "", main)
        assert not re.search(r"\bp[01]\.\d|\{'|\bs\d+\b|[a-z]+_[a-z]+ ?[:=]", main), step
        assert ("игрок" not in main) and ("player 1" not in main), step
    end = signed_in.get(f"/matches/{match.pk}/", {"step": last}).content.decode()
    termination = end.split('id="termination">')[1].split("<")[0]
    assert termination and not re.search(r"[a-z]+_[a-z]+", termination)
