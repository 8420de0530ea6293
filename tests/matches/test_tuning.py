"""Tuning runs in this process (``manage.py tune --inline``, ``matches/tuning/services.py``):
the run's games are a ``tuning`` tournament, θ and the record follow from its stored games,
the same seed gives the same run, and the admin lists runs. The same on real workers, killed
and resumed: ``test_tuning_workers.py``."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from matches.models import Match, Status, TuningRun, TuningState
from matches.tournaments import spsa
from matches.tournaments.pairing_results import series_history
from tests.decks.factories import UserFactory
from tests.matches.aggregates import assert_aggregates_match_games
from tests.matches.doctor_decks import precons

pytestmark = pytest.mark.django_db

TINY = {
    "iterations": 2,
    "pairs_per_iteration": 2,
    "verify_games": 4,
    "verify_block": 2,
    "r_end": 0.05,  # large enough that two iterations move θ
}


def tune(owner, tmp_path, **options) -> tuple[TuningRun, str]:
    out = StringIO()
    call_command(
        "tune",
        "heuristic",
        owner=owner.username,
        inline=True,
        record_dir=tmp_path,
        stdout=out,
        **{**TINY, **options},
    )
    return TuningRun.objects.latest("pk"), out.getvalue()


def _without_names(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("run", "tournament", "finished_at")}


def test_a_tiny_run_ends_with_theta_and_its_record(owner, tmp_path):
    precons(UserFactory(username="maker"))
    run, out = tune(owner, tmp_path, seed=4)
    tournament = run.tournament
    assert (run.state, tournament.status, tournament.format) == (
        TuningState.FINISHED,
        Status.FINISHED,
        "tuning",
    )
    record = run.record
    assert json.loads((tmp_path / f"run-{run.pk}.json").read_text("utf-8")) == record
    assert run.record_path == str(tmp_path / f"run-{run.pk}.json")
    # Every game is a row, counted once; 8 SPSA games and the SPRT's 4.
    stored = Match.objects.filter(tournament=tournament).count()
    assert record["games"] == {"spsa": 8, "verification": 4, "stored": 12, "counted": 12}
    assert stored == tournament.done == 12
    assert_aggregates_match_games(tournament)
    # θ is the SPSA of the stored results, and the games were played with its probes.
    history = series_history(tournament=tournament)
    names = [row[0] for row in run.space]
    assert record["theta_after"] == dict(
        zip(names, spsa.theta_of(tournament.options, history), strict=True)
    )
    assert run.theta == record["theta_after"]
    assert record["theta_before"] == {row[0]: row[1] for row in run.space}
    assert [item["iteration"] for item in record["history"]] == [1, 2]
    assert record["history"][0]["theta"] == record["theta_before"]
    assert record["history"][1]["theta_after"] == record["theta_after"]
    first = Match.objects.filter(tournament=tournament, pairing__round=1).first()
    plus, minus = spsa.side_values(tournament.options, 1, [])
    seat_a = first.summary["parameters"][first.a_seat]
    assert seat_a == plus and first.summary["parameters"][1 - first.a_seat] == minus
    assert record["sprt"]["games"] == 4 and record["sprt"]["decision"] == tournament.decision
    assert "iteration 2:" in out and f"record: {run.record_path}" in out


def test_the_same_seed_gives_the_same_run_and_another_seed_another(owner, tmp_path):
    precons(UserFactory(username="maker"))
    first, _ = tune(owner, tmp_path / "a", seed=4)
    again, _ = tune(owner, tmp_path / "b", seed=4)
    other, _ = tune(owner, tmp_path / "c", seed=5)
    assert _without_names(again.record) == _without_names(first.record)
    assert other.record["history"][0]["signs"] != first.record["history"][0]["signs"] or (
        other.record["theta_after"] != first.record["theta_after"]
    )


def test_the_sprt_s_h1_is_set_by_delta(owner, tmp_path):
    precons(UserFactory(username="maker"))
    run, out = tune(owner, tmp_path, seed=4, delta=0.2)
    assert run.constants["delta"] == run.tournament.options["delta"] == 0.2
    assert (run.record["sprt"]["h0"], run.record["sprt"]["h1"]) == (0.5, 0.7)
    assert "verification: tuned" in out


def test_the_command_refuses_what_cannot_be_tuned(owner, tmp_path):
    precons(UserFactory(username="maker"))
    with pytest.raises(CommandError, match="not tunable"):
        call_command("tune", "random", owner=owner.username, inline=True)
    with pytest.raises(CommandError, match="iterations"):
        call_command("tune", "heuristic", owner=owner.username, iterations=0, inline=True)
    with pytest.raises(CommandError, match="no tuning run"):
        call_command("tune", resume=999999)
    assert not TuningRun.objects.exists()


def test_the_admin_lists_runs_with_their_values(owner, tmp_path, client):
    precons(UserFactory(username="maker"))
    run, _ = tune(owner, tmp_path, seed=4)
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    listing = client.get(reverse("admin:matches_tuningrun_changelist"))
    assert listing.status_code == 200
    assert "heuristic" in listing.content.decode()
    page = client.get(reverse("admin:matches_tuningrun_change", args=[run.pk]))
    assert page.status_code == 200
    assert "attack_margin" in page.content.decode()


def test_the_run_s_tournament_reads_like_any_other_and_is_not_offered_to_create(
    owner, tmp_path, client
):
    precons(UserFactory(username="maker"))
    run, _ = tune(owner, tmp_path, seed=4)
    client.force_login(owner)
    tournament_id = run.tournament_id
    assert client.get(reverse("matches:tournament", args=[tournament_id])).status_code == 200
    answer = client.get(f"/api/tournaments/{tournament_id}/")
    assert answer.status_code == 200 and answer.json()["format"] == "tuning"
    decks = [entry.deck_version.deck_id for entry in run.tournament.entries.all()]
    created = client.post(
        "/api/tournaments/",
        {"name": "x", "format": "tuning", "decks": decks, "games_per_pairing": 2},
        content_type="application/json",
    )
    assert created.status_code == 400 and "format" in created.json()["fields"]
