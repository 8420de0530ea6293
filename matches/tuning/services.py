"""Tuning runs (issue 31, item 6): create one, follow it, write its record.

A run is a ``TuningRun`` beside a tournament of format ``tuning`` on the precons
(``matches/tournaments/spsa.py``): its games are batches of that tournament, so they are
leased, healed after a lost worker and counted once exactly as a tournament's are, and the
workers move it from one iteration to the next by themselves (``progress.tournament_advance``
opens the next round when one is complete). θ is a function of the stored results, so
``tuning_refresh`` recomputes it and the history whenever asked, and writes the record — the
database row and a JSON file — once the tournament has finished.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from decks.models import Deck, DeckVersion
from komandor.agents.registry import AGENTS_VERSION, TUNABLE, parse_agent_spec
from komandor.rules import rules
from matches.models import Match, Status, Tournament, TuningRun, TuningState
from matches.tournaments import spsa
from matches.tournaments.errors import TournamentError
from matches.tournaments.formats import SeriesResult
from matches.tournaments.pairing_results import series_history
from matches.tournaments.selectors import latest_version
from matches.tournaments.services import TournamentRequest, tournament_create
from matches.tournaments.tasks import advance_and_send

# The constants a run may set, with fishtest's defaults (``spsa.DEFAULTS``).
CONSTANTS = (
    "alpha",
    "gamma",
    "a_ratio",
    "delta",
    "sprt_alpha",
    "sprt_beta",
    "verify_games",
    "verify_block",
)


@dataclass(frozen=True, slots=True)
class TuningRequest:
    agent: str
    versions: Sequence[DeckVersion]
    iterations: int
    pairs: int
    seed: int = 0
    constants: dict[str, Any] = field(default_factory=dict)
    # Overrides of every parameter's c_end / r_end (None: the space's own).
    c_end_scale: float = 1.0
    r_end: float | None = None
    turn_cap: int = rules.DEFAULT_TURN_CAP


def records_dir() -> Path:
    """Where finished runs' records are written (``TUNING_RECORDS_DIR``)."""
    return Path(getattr(settings, "TUNING_RECORDS_DIR", settings.BASE_DIR / "var" / "tuning"))


def precon_versions() -> list[DeckVersion]:
    """The latest valid version of every precon, by key: the decks a run plays on."""
    return [
        version
        for deck in Deck.objects.filter(is_preconstructed=True).order_by("precon_key", "pk")
        if (version := latest_version(deck=deck)) is not None and version.is_valid
    ]


def tuning_create(*, owner, request: TuningRequest, dispatch: bool = True) -> TuningRun:
    """Check the request, create the run and its tournament (round 1 = iteration 1) and, with
    ``dispatch``, send its batches to the workers after the commit. Raises
    ``TournamentError`` (bad input) or ``LimitExceeded`` (the owner's limits)."""
    try:
        kind, _budget = parse_agent_spec(request.agent)
    except ValueError as error:
        raise TournamentError("invalid", str(error), {"agent": [str(error)]}) from error
    space = TUNABLE.get(kind)
    if space is None:
        message = f"agent {kind!r} is not tunable (tunable: {', '.join(TUNABLE)})"
        raise TournamentError("invalid", message, {"agent": [message]})
    unknown = set(request.constants) - set(CONSTANTS)
    if unknown:
        message = f"unknown constants: {', '.join(sorted(unknown))}"
        raise TournamentError("invalid", message, {"constants": [message]})
    rows = [
        [
            p.name,
            p.default,
            p.low,
            p.high,
            p.c_end * request.c_end_scale,
            p.r_end if request.r_end is None else request.r_end,
        ]
        for p in space
    ]
    constants = {name: request.constants.get(name, spsa.DEFAULTS[name]) for name in CONSTANTS}
    options = {
        **constants,
        "iterations": request.iterations,
        "pairs": request.pairs,
        "seed": request.seed,
        "space": rows,
    }
    with transaction.atomic():
        tournament = tournament_create(
            owner=owner,
            request=TournamentRequest(
                name=f"tuning {request.agent} (seed {request.seed})",
                format=spsa.TUNING,
                versions=request.versions,
                games_per_pairing=spsa.GAMES_PER_PAIRING,
                agents=request.agent,
                seed=request.seed,
                options=options,
                turn_cap=request.turn_cap,
            ),
            dispatch=dispatch,
        )
        run = TuningRun.objects.create(
            tournament=tournament,
            agent=request.agent,
            space=rows,
            iterations=request.iterations,
            pairs_per_iteration=request.pairs,
            constants=constants,
            seed=request.seed,
            theta={row[0]: row[1] for row in rows},
        )
    return run


def tuning_resume(*, run: TuningRun) -> list[int]:
    """Pick a run up again: the tournaments' idempotent advance with the sweep's checks —
    the next iteration if one is complete, and sending again every batch whose message or
    worker was lost (a lease run out). Returns the batches it sent."""
    return advance_and_send(tournament_id=run.tournament_id, sweep=True)


def tuning_refresh(*, run: TuningRun, directory: Path | None = None) -> TuningRun:
    """Recompute θ, the iterations and the state from the stored games; once the tournament
    has finished, write the record (the row and ``directory``/run-<id>.json) if not yet."""
    tournament = Tournament.objects.get(pk=run.tournament_id)
    options = tournament.options
    history = series_history(tournament=tournament)
    done = spsa.iterations_of(options, history)
    names = [row[0] for row in run.space]
    before = (run.theta, run.history, run.state)
    run.theta = dict(zip(names, spsa.theta_of(options, history), strict=True))
    run.history = [iteration.to_dict(names) for iteration in done]
    if tournament.status == Status.CANCELLED:
        run.state = TuningState.CANCELLED
    elif tournament.status == Status.FINISHED:
        run.state = TuningState.FINISHED
    else:
        run.state = TuningState.TUNING if len(done) < run.iterations else TuningState.VERIFYING
    changed = (run.theta, run.history, run.state) != before
    fields = ["theta", "history", "state"] if changed else []
    if run.state == TuningState.FINISHED and not run.record:
        run.record = tuning_record(run=run, tournament=tournament, history=history)
        path = (directory or records_dir()) / f"run-{run.pk}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(run.record, indent=2, ensure_ascii=False) + "\n", "utf-8")
        run.record_path = str(path)
        run.finished_at = tournament.finished_at or timezone.now()
        fields += ["record", "record_path", "finished_at"]
    if fields:
        run.save(update_fields=fields)
    return run


def tuning_record(
    *, run: TuningRun, tournament: Tournament, history: Sequence[SeriesResult]
) -> dict[str, Any]:
    """What the run did: the games, θ before and after, every iteration and the SPRT."""
    options = tournament.options
    names = [row[0] for row in run.space]
    spsa_games = run.iterations * run.pairs_per_iteration * spsa.GAMES_PER_PAIRING
    checked = spsa.verification(options, history)
    stored = Match.objects.filter(tournament=tournament).count()
    decks = [
        entry.deck_version.deck.name
        for entry in tournament.entries.select_related("deck_version__deck").order_by("rank")
    ]
    return {
        "run": run.pk,
        "tournament": tournament.pk,
        "agent": run.agent,
        "seed": run.seed,
        "iterations": run.iterations,
        "pairs_per_iteration": run.pairs_per_iteration,
        "constants": run.constants,
        "space": [
            dict(zip(("name", "start", "low", "high", "c_end", "r_end"), row, strict=True))
            for row in run.space
        ],
        "decks": decks,
        "theta_before": {row[0]: row[1] for row in run.space},
        "theta_after": dict(zip(names, spsa.theta_of(options, history), strict=True)),
        "history": [iteration.to_dict(names) for iteration in spsa.iterations_of(options, history)],
        "games": {
            "spsa": spsa_games,
            "verification": checked.games,
            "stored": stored,
            "counted": tournament.done,
        },
        "sprt": {
            **checked.to_dict(),
            "tuned": "side A",
            "h0": 0.5,
            "h1": 0.5 + options["delta"],
            "alpha": options["sprt_alpha"],
            "beta": options["sprt_beta"],
            "cap": options["verify_games"],
        },
        "engine_version": tournament.engine_version,
        "agents_version": AGENTS_VERSION,
        "finished_at": (tournament.finished_at or timezone.now()).isoformat(),
    }
