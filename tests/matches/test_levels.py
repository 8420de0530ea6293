"""The AI levels on the service's side: the ladder (fit, file, costs), the levels in the API and
the forms (stored as the agent they name, refused with the levels listed), and the pages."""

import importlib.util
import json
import math
import sys
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from komandor.agents.registry import LEVELS, agent_cost
from matches.games import agent_ladder
from matches.games.agent_ladder import (
    PairResult,
    agent_costs,
    fit_ladder,
    ladder_from_record,
    ladder_record,
    read_ladder,
)
from matches.games.agent_specs import agent_problem, game_cost, measured_agent_cost
from matches.models import Tournament
from matches.tournaments.estimates import agent_costs as offered_costs
from matches.tournaments.services import agents_pair
from tests.matches.decks import four_decks

# Three agents with known results: A beats B 3 to 1, B beats C 3 to 1, A beats C 9 to 1.
KNOWN = [
    PairResult("heuristic-1.1", "novice-1", 300, 100, 0),
    PairResult("novice-1", "random", 300, 100, 0),
    PairResult("heuristic-1.1", "random", 360, 40, 0),
]
SPECS = ["novice-1", "heuristic-1.1", "random"]
# CPU of games against heuristic-1.1 (its own: against itself), seconds.
GAME_CPU = {"heuristic-1.1": [0.010, 0.014], "novice-1": [0.012], "random": [0.006]}


def test_the_ladder_fit_from_known_results():
    rungs = fit_ladder(SPECS, KNOWN, game_cpu=GAME_CPU)
    assert [rung.spec for rung in rungs] == ["heuristic-1.1", "novice-1", "random"]
    by_spec = {rung.spec: rung for rung in rungs}
    # 3 to 1 is log(3) apart on the Bradley–Terry scale: 400·log10(3) ≈ 191 Elo.
    gap = by_spec["heuristic-1.1"].rating - by_spec["novice-1"].rating
    assert gap == pytest.approx(400 * math.log10(3), abs=6)
    assert sum(rung.rating for rung in rungs) == pytest.approx(0, abs=0.5)
    top = by_spec["heuristic-1.1"]
    assert (top.games, top.wins, top.draws, top.losses) == (800, 660, 0, 140)
    assert top.low < top.rating < top.high
    # Costs: its game's mean CPU over the base's own, 12 ms.
    assert by_spec["random"].cost == 0.5
    assert by_spec["heuristic-1.1"].cost == 1.0
    assert by_spec["novice-1"].cpu_per_game_ms == pytest.approx(12.0)


def test_a_draw_is_half_a_win_each_way():
    drawn = fit_ladder(
        ["heuristic-1.1", "random"], [PairResult("heuristic-1.1", "random", 0, 0, 10)]
    )
    assert [rung.rating for rung in drawn] == [0.0, 0.0]
    assert drawn[0].draws == 10


def test_no_costs_without_the_base_agent():
    assert agent_costs({"random": [0.01]}) == {}


def _write_ladder(path, specs=SPECS, results=KNOWN, game_cpu=GAME_CPU):
    rungs = fit_ladder(specs, results, game_cpu=game_cpu)
    record = ladder_record(
        rungs=rungs,
        pairs=results,
        levels={level: LEVELS[level] for level in LEVELS},
        facts={"date": "2026-11-27 23:00 UTC", "games_per_pair": 400, "command": "x"},
    )
    path.write_text(json.dumps(record), encoding="utf-8")
    return record


@pytest.fixture
def ladder_file(tmp_path, monkeypatch):
    path = tmp_path / "agent_ladder.json"
    monkeypatch.setattr(agent_ladder, "LADDER_FILE", path)
    return path


def test_the_ladder_file_reads_back_and_a_level_finds_its_agent(ladder_file):
    record = _write_ladder(ladder_file)
    ladder = read_ladder()
    assert ladder == ladder_from_record(json.loads(json.dumps(record)))
    assert ladder.rung("novice") == ladder.rung("novice-1")
    assert ladder.rung("novice").spec == "novice-1"
    assert ladder.rung("expert") is None  # search-1.1 was not on this ladder


def test_no_ladder_file_no_ladder(ladder_file):
    assert read_ladder() is None


def test_costs_come_from_the_ladder_where_it_measured_them(ladder_file):
    assert measured_agent_cost("random") == agent_cost("random") == 1.0  # no file yet
    _write_ladder(ladder_file)
    # Measured 0.5 (its games end sooner), counted as a heuristic game: never below.
    assert measured_agent_cost("random") == 1.0
    assert measured_agent_cost("novice") == measured_agent_cost("novice-1") == 1.0
    # Not on the ladder: the engine's own figure.
    assert measured_agent_cost("search:12") == agent_cost("search:12")


def test_a_costly_agent_s_measured_cost_replaces_the_engine_s_guess(ladder_file):
    expert = LEVELS["expert"]  # the expert level's agent now (expert-3)
    specs = ["heuristic-1.1", expert]
    results = [PairResult("heuristic-1.1", expert, 40, 60, 0)]
    _write_ladder(ladder_file, specs, results, game_cpu={"heuristic-1.1": [0.02], expert: [0.3]})
    assert expert == "expert-3"
    assert measured_agent_cost("expert") == measured_agent_cost(expert) == 15.0
    assert measured_agent_cost(expert) != agent_cost(expert)
    assert game_cost(["expert", "expert"]) == 29.0  # each side's excess over the heuristic
    assert offered_costs()["expert"] == 15.0


def test_the_shipped_ladder_rates_every_level_s_agent():
    """After a level is pointed at another agent, run scripts/agent_ladder.py again."""
    ladder = read_ladder()
    assert ladder is not None
    for level, spec in LEVELS.items():
        rung = ladder.rung(level)
        assert rung is not None and rung.spec == spec, level
        assert rung.games > 0 and rung.cost is not None


# --- the levels in the forms and the API ---------------------------------------------------


def test_a_level_is_stored_as_the_agent_it_names():
    assert agents_pair("expert") == [LEVELS["expert"]] * 2
    assert agents_pair(["novice", "search:3"]) == [LEVELS["novice"], "search:3"]
    assert agents_pair(["heuristic", "random"]) == ["heuristic", "random"]


def test_a_wrong_name_is_told_with_the_levels_listed():
    with translation.override("en"):
        problem = agent_problem("master")
    assert "«master» is not an agent" in problem and "novice, standard, expert" in problem
    assert agent_problem("expert:5") is not None
    assert all(agent_problem(level) is None for level in LEVELS)


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


def test_the_api_takes_a_level_and_stores_its_agent(api, owner):
    decks = [d.pk for d in four_decks(owner)[:2]]
    body = {"name": "x", "format": "round_robin", "games_per_pairing": 2, "decks": decks}
    response = api.post("/api/tournaments/", {**body, "agents": "novice"}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["agents"] == [LEVELS["novice"]] * 2
    assert Tournament.objects.get().agents == [LEVELS["novice"]] * 2


@pytest.mark.parametrize("agents", ["master", ["standard", "expert:4"]])
def test_a_bad_level_is_a_400_in_the_error_envelope(api, owner, agents):
    decks = [d.pk for d in four_decks(owner)[:2]]
    body = {"name": "x", "format": "round_robin", "games_per_pairing": 2, "decks": decks}
    response = api.post(
        "/api/tournaments/", {**body, "agents": agents}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    envelope = response.json()
    assert envelope["code"] == "invalid"
    assert "novice, standard, expert" in " ".join(envelope["fields"]["agents"])
    assert not Tournament.objects.exists()


def test_the_play_api_refuses_an_unknown_level(api, owner):
    decks = four_decks(owner)
    body = {"deck": decks[0].pk, "opponent": decks[1].pk, "agent": "grandmaster"}
    response = api.post("/api/ai-games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and "agent" in response.json()["fields"]


# --- the pages ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "words"), [("en", ["Novice", "Expert", "rating"]), ("ru", ["Новичок"])]
)
def test_the_levels_page_shows_each_level_with_its_rating(client, db, ladder_file, language, words):
    _write_ladder(ladder_file)
    ladder = read_ladder()
    response = client.get(reverse("matches:play-levels"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    for level in LEVELS:
        assert f'id="level-{level}"' in html
    novice = ladder.rung("novice")
    assert f">{round(novice.rating)}<" in html and f">{novice.games} (" in html
    assert "not rated yet" in html or "рейтинга пока нет" in html  # expert: not on the ladder
    assert 'id="agent-random"' in html  # an agent no level names, below
    for word in words:
        assert word in html or word.lower() in html


def test_the_levels_page_without_a_ladder(client, db, ladder_file):
    response = client.get(reverse("matches:play-levels"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert 'id="no-ladder"' in response.content.decode()


def test_the_play_page_offers_the_levels_with_ratings_standard_first_chosen(
    client, owner, ladder_file
):
    _write_ladder(ladder_file)
    client.force_login(owner)
    response = client.get(reverse("matches:play-new"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    for level in LEVELS:
        assert f'value="{level}"' in html
    assert 'value="standard"\n' in html or 'value="standard" ' in html
    assert (
        html.index('value="novice"') < html.index('value="standard"') < html.index('value="expert"')
    )
    checked = html[html.index('value="standard"') : html.index('value="standard"') + 60]
    assert "checked" in checked
    novice = read_ladder().rung("novice")
    assert f"rating {round(novice.rating)} (95 %: " in html
    assert reverse("matches:play-levels") in html
    listing = client.get(reverse("matches:play"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reverse("matches:play-levels") in listing


def test_the_ladder_script_plays_every_pair_and_writes_what_the_pages_read(
    tmp_path, capsys, monkeypatch
):
    spec = importlib.util.spec_from_file_location(
        "agent_ladder_script", Path(__file__).resolve().parents[2] / "scripts" / "agent_ladder.py"
    )
    script = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, script)  # its pool's workers find ``play``
    spec.loader.exec_module(script)
    out = tmp_path / "ladder.json"
    # ``novice`` and ``novice-1`` are one agent: it plays once.
    argv = ["--agents", "novice", "novice-1", "heuristic-1.1", "random"]
    assert script.main([*argv, "--games-per-pair", "4", "--jobs", "1", "--out", str(out)]) == 0
    ladder = read_ladder(out)
    assert {rung.spec for rung in ladder.rungs} == {"novice-1", "heuristic-1.1", "random"}
    assert [(p.a, p.b) for p in ladder.pairs] == [
        ("novice-1", "heuristic-1.1"),
        ("novice-1", "random"),
        ("heuristic-1.1", "random"),
    ]
    assert all(p.a_wins + p.b_wins + p.draws == 4 for p in ladder.pairs)
    assert all(rung.games == 8 and rung.cost is not None for rung in ladder.rungs)
    assert ladder.rung("heuristic-1.1").cost == 1.0
    assert ladder.facts["games_per_pair"] == 4 and ladder.facts["engine"] in (
        "compiled",
        "interpreted",
    )
    assert ladder.levels == {level: LEVELS[level] for level in LEVELS}
    assert "novice-1 (novice)" in capsys.readouterr().out
    # The same seeds give the same games: a second run writes the same ratings.
    again = tmp_path / "again.json"
    script.main([*argv, "--games-per-pair", "4", "--jobs", "1", "--out", str(again)])
    # (the costs are CPU times: they differ run to run)
    assert [(r.spec, r.rating, r.wins) for r in read_ladder(again).rungs] == [
        (r.spec, r.rating, r.wins) for r in ladder.rungs
    ]
