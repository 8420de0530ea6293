"""Every step of a shipped precon match's replay page, from the first decision to the end, served
by the site (issue 29: the walk runs on the server; the browser test steps a sample). The
precons pre-choose ability cards, which once made every step after the first "unavailable"."""

import re

import pytest
from django.core.management import call_command

from decks.models import Deck
from matches.models import Match
from matches.tournaments.services import (
    TournamentRequest,
    tournament_create,
    tournament_play_inline,
)

STEP = re.compile(r'id="step"[^>]*>\D*(\d+)\D+(\d+)')


@pytest.fixture
def precon_match(owner):
    call_command("load_content", verbosity=0)
    precons = list(
        Deck.objects.filter(owner__isnull=True, setup_abilities__isnull=False)
        .distinct()
        .order_by("name")[:2]
    )
    assert len(precons) == 2, "the shipped precons pre-choose ability cards"
    request = TournamentRequest(
        name="Прекон на прекон",
        format="round_robin",
        versions=[deck.versions.latest("number") for deck in precons],
        games_per_pairing=2,
        agents=["heuristic", "heuristic"],
        seed=5,
    )
    tournament_play_inline(
        tournament=tournament_create(owner=owner, request=request, dispatch=False)
    )
    match = Match.objects.filter(tournament__name="Прекон на прекон").order_by("id").first()
    assert match is not None and match.actions is not None
    return match


def test_every_step_of_a_precon_replay_is_served_with_the_board(
    client, settings, owner, precon_match
):
    settings.REPLAY_PAGE_CACHE_SECONDS = 0  # every page played again, none throttled
    client.force_login(owner)
    first = client.get(f"/matches/{precon_match.pk}/").content.decode()
    start, last = map(int, STEP.search(first).groups())
    assert start == 0 and last > 50
    for step in range(last + 1):
        page = client.get(f"/matches/{precon_match.pk}/?step={step}").content.decode()
        assert 'id="replay-unavailable"' not in page, step
        shown = STEP.search(page)
        assert shown is not None and int(shown.group(1)) == step, step
        assert page.count('class="board-player board-player--p') == 2, step
    end = client.get(f"/matches/{precon_match.pk}/?step={last + 1}").content.decode()
    assert re.search("окончен|over", end) and re.search("побед|wins|ничья|draw", end, re.I)
