"""The search agent in the service (issue 21, item 4): ``search`` and ``search:N`` accepted by
the API, the form and the command, refused with a clear 400 / field error / CommandError; the
form's estimate; limits that count a game's cost; batches sized by CPU; leases renewed during
a long game; batch time limits above the batch's games."""

import re

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from komandor.agents.registry import SEARCH_MAX_BUDGET, agent_cost
from matches.games.agent_specs import agent_problem, agents_problems
from matches.models import Batch, Match, Tournament
from matches.tournaments import batches, budget, errors, tasks
from matches.tournaments.batches import batch_play
from matches.tournaments.budget import batch_size, expected_game_cpu
from matches.tournaments.errors import LimitExceeded
from matches.tournaments.services import TournamentRequest, pending_batches, tournament_create
from matches.tournaments.tasks import batches_send
from tests.matches.decks import four_decks

BAD_AGENTS = [
    "search:0",
    f"search:{SEARCH_MAX_BUDGET + 1}",
    "search:x",
    "search:",
    "Search",
    "",
    "search:01",  # the engine reads it, the schema's pattern does not: one spelling
]


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


def create(owner, decks, **fields):
    request = TournamentRequest(
        name="Поиск",
        format="round_robin",
        versions=[deck.versions.get() for deck in decks],
        games_per_pairing=fields.pop("games_per_pairing", 2),
        **fields,
    )
    return tournament_create(owner=owner, request=request, dispatch=False)


# --- one check, worded for people -----------------------------------------------------------


def test_the_check_accepts_every_agent_and_says_what_is_wrong_with_a_bad_one():
    for spec in ("random", "heuristic", "search", "search:1", f"search:{SEARCH_MAX_BUDGET}"):
        assert agent_problem(spec) is None
    for spec in ("heuristic-1.1", "search-1.1", "search-1.1:3", f"search-1.1:{SEARCH_MAX_BUDGET}"):
        assert agent_problem(spec) is None  # the frozen baselines
    assert str(SEARCH_MAX_BUDGET) in agent_problem("search:0")
    assert str(SEARCH_MAX_BUDGET) in agent_problem("search-1.1:0")
    for spec in ("heuristic-1.1:3", "heuristic-1.2", "search-1.1:03", "heuristic-1", "genius"):
        assert "search:N" in agent_problem(spec) and "heuristic-1.1" in agent_problem(spec)
    assert agent_problem(7) is not None
    assert agents_problems(["search:2", "heuristic"]) == []
    assert len(agents_problems(["search:0", "genius"])) == 2
    assert agents_problems(["heuristic"]) and agents_problems(None)


# --- the API ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "agents", ["search", "search:3", ["search:2", "heuristic"], ["search-1.1:2", "heuristic-1.1"]]
)
def test_the_api_accepts_search_in_a_tournament(api, owner, agents):
    decks = [d.pk for d in four_decks(owner)[:2]]
    body = {"name": "x", "format": "round_robin", "games_per_pairing": 2, "decks": decks}
    response = api.post("/api/tournaments/", {**body, "agents": agents}, format="json")
    assert response.status_code == 201, response.json()
    expected = [agents, agents] if isinstance(agents, str) else agents
    assert response.json()["agents"] == expected


@pytest.mark.parametrize(
    "agents", [*BAD_AGENTS, " search", ["search:0", "heuristic"], 5, ["search"]]
)
def test_the_api_refuses_a_bad_agent_with_a_400_naming_the_field(api, owner, agents):
    decks = [d.pk for d in four_decks(owner)[:2]]
    body = {"name": "x", "format": "round_robin", "games_per_pairing": 2, "decks": decks}
    response = api.post("/api/tournaments/", {**body, "agents": agents}, format="json")
    assert response.status_code == 400, response.json()
    answer = response.json()
    assert answer["code"] == "invalid" and "agents" in answer["fields"]
    assert not Tournament.objects.exists()


def test_the_api_says_the_budget_is_out_of_range(api, owner):
    decks = [d.pk for d in four_decks(owner)[:2]]
    body = {"name": "x", "format": "round_robin", "games_per_pairing": 2, "decks": decks}
    answer = api.post("/api/tournaments/", {**body, "agents": "search:0"}, format="json").json()
    assert str(SEARCH_MAX_BUDGET) in answer["fields"]["agents"][0]


def test_a_single_match_with_search_is_played(api, owner):
    decks = [d.pk for d in four_decks(owner)[:2]]
    body = {"decks": decks, "agents": ["search:1", "heuristic"], "seed": 3, "turn_cap": 1}
    response = api.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    assert Match.objects.get().agents == ["search:1", "heuristic"]
    refused = api.post("/api/matches/", {**body, "agents": "search:-1"}, format="json")
    assert refused.status_code == 400 and "agents" in refused.json()["fields"]


def test_the_schema_documents_the_agent_pattern(client, db):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    body = schema["paths"]["/api/tournaments/"]["post"]["requestBody"]["content"]
    properties = body["application/json"]["schema"]
    if "$ref" in properties:
        properties = schema["components"]["schemas"][properties["$ref"].rsplit("/", 1)[1]]
    agents = properties["properties"]["agents"]
    single = agents["oneOf"][0]
    for spec in ("random", "heuristic", "search:12", "heuristic-1.1", "search-1.1:12"):
        assert re.fullmatch(single["pattern"], spec)
    for spec in ("heuristic-1.2", "search:012", "heuristic-1x1"):
        assert not re.fullmatch(single["pattern"], spec)
    assert str(SEARCH_MAX_BUDGET) in single["description"]


# --- the form and its estimate --------------------------------------------------------------


def form(decks, **fields):
    return {
        "name": "Кубок",
        "format": "round_robin",
        "decks": [d.pk for d in decks],
        "games_per_pairing": 2,
        "agent_a": "search:4",
        "agent_b": "heuristic",
        "seed": 1,
        **fields,
    }


def test_the_form_accepts_search_n(client, owner):
    client.force_login(owner)
    response = client.post("/tournaments/new/", form(four_decks(owner)[:2]))
    assert response.status_code == 302
    assert Tournament.objects.get().agents == ["search:4", "heuristic"]


@pytest.mark.parametrize("agent", BAD_AGENTS)
def test_the_form_gives_a_field_error_for_a_bad_agent(client, owner, agent):
    client.force_login(owner)
    response = client.post("/tournaments/new/", form(four_decks(owner)[:2], agent_b=agent))
    assert response.status_code == 200
    assert "agent_b" in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_the_form_explains_each_agent_and_its_time(client, owner):
    client.force_login(owner)
    page = client.get("/tournaments/new/").content.decode()
    assert 'id="agent-help"' in page and '<datalist id="agent-kinds">' in page
    for name in ("heuristic", "search", "random"):
        assert f"<dt>{name}</dt>" in page
    assert "на обеих сторонах" in page  # Russian first


def test_the_estimate_is_shown_before_starting_and_starts_nothing(client, owner, settings):
    from matches.tournaments.estimates import worker_seen

    settings.CELERY_TASK_ALWAYS_EAGER = False  # a broker, and two worker processes reported
    worker_seen(name="celery@a", processes=1)
    worker_seen(name="celery@b", processes=1)
    client.force_login(owner)
    decks = four_decks(owner)[:3]
    fields = form(decks, agent_a="heuristic", estimate="1", games_per_pairing=4)
    response = client.post("/tournaments/new/", fields, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and not Tournament.objects.exists()
    estimate = response.context["estimate"]
    per_game = expected_game_cpu(agents=["heuristic", "heuristic"])
    assert (estimate.games, estimate.workers) == (12, 2)
    assert estimate.cpu == pytest.approx(12 * per_game)
    assert estimate.wall == pytest.approx(6 * per_game)
    assert "planned games: 12" in response.content.decode()
    costly = client.post("/tournaments/new/", {**fields, "agent_a": "search"})
    assert costly.context["estimate"].cpu > estimate.cpu


# --- the command ------------------------------------------------------------------------------


def test_the_command_accepts_search_n(owner, capsys):
    decks = four_decks(owner)[:2]
    call_command(
        "run_tournament",
        "--owner",
        owner.username,
        "--decks",
        *[str(d.pk) for d in decks],
        "--games",
        "2",
        "--agents",
        "search:1",
        "heuristic",
        "--turn-cap",
        "1",  # a short game: the search plays its first turn only
    )
    tournament = Tournament.objects.get()
    assert tournament.agents == ["search:1", "heuristic"] and tournament.done == 2


@pytest.mark.parametrize("agents", [["search:0"], ["search:x", "heuristic"], ["a", "b", "c"]])
def test_the_command_refuses_a_bad_agent(owner, agents):
    decks = four_decks(owner)[:2]
    with pytest.raises(CommandError, match="agents"):
        call_command(
            "run_tournament",
            "--owner",
            owner.username,
            "--decks",
            *[str(d.pk) for d in decks],
            "--agents",
            *agents,
        )
    assert not Tournament.objects.exists()


# --- cost: limits, batches, leases, time limits ---------------------------------------------


def test_a_search_game_is_expected_to_cost_more():
    assert agent_cost("search") > agent_cost("heuristic")
    heuristic = expected_game_cpu(agents=["heuristic", "heuristic"])
    # agent_cost is a game against the heuristic: each search side adds its excess.
    assert expected_game_cpu(agents=["search", "heuristic"]) == pytest.approx(
        heuristic * agent_cost("search")
    )
    assert expected_game_cpu(agents=["search", "search"]) == pytest.approx(
        heuristic * (2 * agent_cost("search") - 1)
    )
    half = expected_game_cpu(agents=["search", "heuristic"])
    assert heuristic < half < expected_game_cpu(agents=["search", "search"])


def test_the_cpu_limit_refuses_a_search_tournament_where_the_heuristic_one_passes(owner, settings):
    decks = four_decks(owner)[:2]
    heuristic = 10 * expected_game_cpu(agents=["heuristic", "heuristic"])
    settings.CPU_SECONDS_QUEUED_PER_USER = int(heuristic) + 1
    create(owner, decks, games_per_pairing=10, agents="heuristic")
    with pytest.raises(LimitExceeded) as refused:
        create(owner, decks, games_per_pairing=10, agents="search")
    assert refused.value.code == "too_much_cpu"
    assert "search" in refused.value.message
    assert Tournament.objects.count() == 1


def test_batches_are_sized_by_expected_cpu():
    assert batch_size(games=400, game_cpu=0.05) == budget.MAX_BATCH_GAMES
    assert batch_size(games=400, game_cpu=1.0) == 20
    assert batch_size(games=400, game_cpu=3.0) == 6  # 20 s of CPU, in whole seed pairs
    assert batch_size(games=400, game_cpu=60.0) == 2  # one pair at least
    assert batch_size(games=8, game_cpu=0.001) == 2  # a small round spreads over workers


def test_a_search_tournament_gets_smaller_batches(owner, settings):
    settings.CPU_SECONDS_QUEUED_PER_USER = 10**9
    decks = four_decks(owner)
    heuristic = create(owner, decks, games_per_pairing=40, agents="heuristic")
    search = create(owner, decks, games_per_pairing=40, agents="search")
    sizes = {
        tournament.agents[0]: max(
            len(items)
            for items in Batch.objects.filter(tournament=tournament).values_list("items", flat=True)
        )
        for tournament in (heuristic, search)
    }
    assert sizes["search"] < sizes["heuristic"]
    game_cpu = expected_game_cpu(agents=["search", "search"])
    assert sizes["search"] == max(2, int(budget.BATCH_CPU_SECONDS // game_cpu) // 2 * 2)


def test_a_long_game_renews_the_lease_between_its_decisions(owner, monkeypatch):
    tournament = create(owner, four_decks(owner)[:2], agents="heuristic")
    (batch_id,) = pending_batches(tournament=tournament)
    renewed = []
    original = batches.batch_renew

    def counted(**kwargs):
        renewed.append(Match.objects.filter(tournament=tournament).count())
        return original(**kwargs)

    monkeypatch.setattr(batches, "batch_renew", counted)
    ticks = iter(range(10**9))  # a clock where every look is a quarter lease later
    step = batches.lease_seconds() / 4
    assert batch_play(batch_id=batch_id, owner="w", clock=lambda: next(ticks) * step)
    games = Match.objects.filter(tournament=tournament)
    assert games.count() == 2
    # Renewed at the decisions of the games, not only after each game (none was stored yet).
    assert len(renewed) > 2 * games.count()


def test_a_batch_whose_lease_is_lost_mid_game_stops_and_records_nothing(owner, monkeypatch):
    tournament = create(owner, four_decks(owner)[:2], agents="heuristic")
    (batch_id,) = pending_batches(tournament=tournament)
    monkeypatch.setattr(batches, "batch_renew", lambda **kwargs: False)
    ticks = iter(range(10**9))
    step = batches.lease_seconds() / 4
    assert batch_play(batch_id=batch_id, owner="w", clock=lambda: next(ticks) * step) is False
    assert not Match.objects.exists()


def test_a_batch_is_sent_with_time_limits_above_its_games_cpu_limits(owner, monkeypatch):
    tournament = create(owner, four_decks(owner)[:2], games_per_pairing=4, agents="search")
    batches = pending_batches(tournament=tournament)
    sent = []
    monkeypatch.setattr(
        tasks.play_batch, "apply_async", lambda args, **options: sent.append((args, options))
    )
    assert batches_send(tournament.pk, batches)
    per_game = budget.game_cpu_limit(agents=["search", "search"])
    assert per_game >= budget.GAME_LIMIT_OVER_EXPECTED * expected_game_cpu(
        agents=["search", "search"]
    )
    for (batch_id,), options in sent:
        games = len(Batch.objects.get(pk=batch_id).items)
        assert options["soft_time_limit"] >= games * per_game
        assert options["time_limit"] > options["soft_time_limit"]
        assert options["soft_time_limit"] >= tasks.SOFT_TIME_LIMIT


def test_agents_whose_batches_could_outlast_the_bound_are_refused(owner, settings):
    decks = four_decks(owner)[:2]
    # A heuristic game of 1 s: its batches of 20 games could take 20 × 10 s; a search game,
    # at more than 15 times that, 2 × 10 × its expected CPU: more than 300 s.
    settings.MATCH_EXPECTED_GAME_CPU_SECONDS = 1.0
    settings.BATCH_MAX_SECONDS = 300
    settings.CPU_SECONDS_QUEUED_PER_USER = 10**9
    assert agent_cost("search") > 15
    create(owner, decks, agents="heuristic")
    with pytest.raises(errors.TournamentError) as refused:
        create(owner, decks, agents="search")
    assert "agents" in refused.value.fields and "N" in refused.value.message


def test_the_visibility_timeout_outlasts_the_longest_batch_allowed():
    from config.celery import app

    _, hard = tasks.batch_time_limits(budget.batch_max_seconds())
    assert app.conf.broker_transport_options["visibility_timeout"] > hard


def test_a_single_match_too_costly_for_a_request_is_refused_with_a_400(api, owner, settings):
    settings.MATCH_SINGLE_CPU_SECONDS = budget.game_cpu_limit(agents=["heuristic", "heuristic"])
    decks = [d.pk for d in four_decks(owner)[:2]]
    response = api.post("/api/matches/", {"decks": decks, "agents": "search"}, format="json")
    assert response.status_code == 400, response.json()
    assert "agents" in response.json()["fields"] and not Match.objects.exists()
