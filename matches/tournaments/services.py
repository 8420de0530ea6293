"""Changes to matches and tournaments.

A tournament is played in rounds of pairings; each round's games are split into ``Batch``
rows, one Celery task each. Progress lives in the database, not in messages: a worker takes a
lease on a batch (renewed while it plays), plays its games outside any transaction, then
records them and marks the batch done in one short transaction (games upserted on tournament,
pairing and game; the counter advances only by new games). Everything after that — the next
round once a round is complete, the finish, sending again what was lost — is the idempotent
``tournament_advance`` of ``matches/tournaments/progress.py``, run after every batch and by
the sweep.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from decks.models import DeckVersion
from komandor.agents.registry import DEFAULT_LEVEL
from komandor.rules import rules
from komandor.rules.match import ENGINE_VERSION
from matches.games.agent_specs import agents_problems, stored_agent
from matches.games.entries import entry_problems
from matches.models import Batch, Entry, Status, Tournament
from matches.tournaments import formats
from matches.tournaments.batches import batch_play, round_open
from matches.tournaments.budget import batch_bound_check, expected_game_cpu, limits_check
from matches.tournaments.errors import TournamentError
from matches.tournaments.progress import tournament_advance
from matches.tournaments.tasks import batches_send

MAX_DECKS = 32


MAX_GAMES_PER_PAIRING = 1000


def agents_pair(agents: str | Sequence[str]) -> list[str]:
    """The pair of agent specs to store, one per side: a level stored as the agent it names
    now (``agent_specs.stored_agent``), so the games replay as played after a remap. Raises
    ``TournamentError`` naming what is wrong."""
    problems = agents_problems(agents)
    if problems:
        raise TournamentError(
            "invalid",
            gettext("agents: %(problem)s") % {"problem": problems[0]},
            {"agents": problems},
        )
    pair = [agents, agents] if isinstance(agents, str) else list(agents)
    return [stored_agent(spec) for spec in pair]


@dataclass(frozen=True, slots=True)
class TournamentRequest:
    name: str
    format: str
    versions: Sequence[DeckVersion]
    games_per_pairing: int
    agents: str | Sequence[str] = DEFAULT_LEVEL
    seed: int = 0
    options: dict[str, Any] | None = None
    turn_cap: int = rules.DEFAULT_TURN_CAP
    is_public: bool = False
    name_en: str = ""  # the English of a name the site made


def tournament_create(*, owner, request: TournamentRequest, dispatch: bool = True) -> Tournament:
    """Check everything, create the tournament and its first round, and (``dispatch``) send
    its batches to the workers once the transaction commits. Raises ``TournamentError`` (bad
    input) or ``LimitExceeded``."""
    versions = list(request.versions)
    count = len(versions)
    if count > MAX_DECKS:
        most = gettext("At most %(most)s decks.") % {"most": MAX_DECKS}
        raise TournamentError("invalid", "decks", {"decks": [most]})
    if len({v.pk for v in versions}) != count:
        raise TournamentError("invalid", "decks", {"decks": [gettext("Each deck version once.")]})
    if not 2 <= request.games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise TournamentError(
            "invalid",
            "games_per_pairing",
            {
                "games_per_pairing": [
                    gettext("An even number from 2 to %(most)s.") % {"most": MAX_GAMES_PER_PAIRING}
                ]
            },
        )
    try:
        options = formats.normalized_options(
            format=request.format,
            count=count,
            games=request.games_per_pairing,
            options=request.options or {},
        )
    except formats.FormatError as error:
        fields = {name: [problem] for name, problem in error.fields.items()}
        raise TournamentError("invalid", str(error), fields) from error
    agents = agents_pair(request.agents)
    batch_bound_check(agents=agents, turn_cap=request.turn_cap)
    problems = entry_problems(user=owner, versions=versions)
    if problems:
        raise TournamentError("deck_not_playable", "; ".join(problems), {"decks": problems})
    total = formats.planned_games(
        format=request.format, count=count, games=request.games_per_pairing, options=options
    )
    with transaction.atomic():
        limits_check(
            owner=owner,
            new_games=total,
            new_cpu=total * expected_game_cpu(agents=agents, turn_cap=request.turn_cap),
        )
        tournament = Tournament.objects.create(
            owner=owner,
            name=request.name,
            name_en=request.name_en,
            format=request.format,
            options=options,
            games_per_pairing=request.games_per_pairing,
            agents=agents,
            seed=request.seed,
            turn_cap=request.turn_cap,
            is_public=request.is_public,
            engine_version=ENGINE_VERSION,
            total=total,
        )
        Entry.objects.bulk_create(
            Entry(tournament=tournament, deck_version=version, rank=rank)
            for rank, version in enumerate(versions)
        )
        plans = formats.next_round(
            format=tournament.format,
            count=count,
            games=tournament.games_per_pairing,
            options=tournament.options,
            history=[],
        )
        batch_ids = round_open(tournament=tournament, number=1, plans=plans or [])
        if dispatch:
            # Sent after the commit; a broker that cannot be reached leaves the batches
            # unsent and the tournament saying so, and the sweep sends them when it is back.
            transaction.on_commit(lambda: batches_send(tournament.pk, batch_ids))
    if dispatch:
        tournament.refresh_from_db()  # what sending it said (``problem``)
    return tournament


def tournament_cancel(*, tournament: Tournament) -> Tournament:
    """Stop a running tournament: batches not yet recorded are dropped. One UPDATE of its
    row: a batch holds that row only for the commit of its games (``batch_record``), and no
    pairing is ever computed under it, so this never waits on a batch's play."""
    Tournament.objects.filter(pk=tournament.pk, status=Status.RUNNING).update(
        status=Status.CANCELLED, finished_at=timezone.now()
    )
    tournament.refresh_from_db()
    return tournament


def pending_batches(*, tournament: Tournament) -> list[int]:
    """The current round's batches not yet done (for the in-process runner and tests)."""
    return list(
        Batch.objects.filter(tournament=tournament, round=tournament.round, done=False)
        .order_by("number")
        .values_list("pk", flat=True)
    )


INLINE_OWNER = "inline"


def tournament_play_inline(
    *, tournament: Tournament, on_batch: Callable[[Tournament], None] | None = None
) -> Tournament:
    """Play a tournament in this process, batch by batch (the shell command, tests)."""
    while True:
        tournament_advance(tournament_id=tournament.pk)
        tournament.refresh_from_db()
        batches = pending_batches(tournament=tournament)
        if tournament.status != Status.RUNNING or not batches:
            return tournament
        recorded = False
        for batch_id in batches:
            recorded |= batch_play(batch_id=batch_id, owner=INLINE_OWNER)
            if on_batch is not None:
                tournament.refresh_from_db()
                on_batch(tournament)
        if not recorded:  # every batch left failed: it says why (``problem``)
            tournament.refresh_from_db()
            return tournament
