"""Tune an agent's parameters by self-play: SPSA over the Celery workers, then an SPRT of the
tuned values against the start; the record in the database and as a JSON file.

    manage.py tune heuristic --owner NAME --iterations 20 --pairs-per-iteration 8 [--seed 0]
        [--verify-games 200] [--verify-block 8] [--delta 0.05] [--r-end R] [--c-end-scale S]
        [--record-dir DIR] [--inline]
    manage.py tune --resume RUN

The games are a tournament of format ``tuning`` on the precons (``matches/tuning/services.py``):
the workers play its batches, with the tournaments' leases and healing, and open each next
iteration themselves; this command creates the run (or, with ``--resume``, picks one up again
and sends anew whatever a lost worker left), prints each iteration as it completes, and writes
the record when the run has finished. Stopping the command stops nothing: the workers go on,
and ``--resume`` follows the run again. ``--inline`` plays every game in this process instead.
"""

from __future__ import annotations

import time
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from matches.models import Tournament, TuningRun, TuningState
from matches.tournaments import errors
from matches.tournaments.progress import sweep_seconds
from matches.tournaments.services import tournament_play_inline
from matches.tuning.services import (
    TuningRequest,
    precon_versions,
    tuning_create,
    tuning_refresh,
    tuning_resume,
)


class Command(BaseCommand):
    help = "Tune an agent's parameters by self-play (SPSA on the workers, then an SPRT)."

    def add_arguments(self, parser):
        parser.add_argument("agent", nargs="?", help="a tunable agent (registry.TUNABLE)")
        parser.add_argument("--resume", type=int, metavar="RUN", help="follow run RUN again")
        parser.add_argument("--owner", help="the username the run's tournament belongs to")
        parser.add_argument("--iterations", type=int, default=20)
        parser.add_argument(
            "--pairs-per-iteration", type=int, default=8, help="pairings of two games each"
        )
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--verify-games", type=int, help="the SPRT's cap (even)")
        parser.add_argument("--verify-block", type=int, help="pairings per SPRT round")
        parser.add_argument(
            "--delta", type=float, help="the SPRT's H1 is 50 %% + delta (default 0.05)"
        )
        parser.add_argument("--r-end", type=float, help="every parameter's r_end")
        parser.add_argument("--c-end-scale", type=float, default=1.0, help="× every c_end")
        parser.add_argument("--record-dir", type=Path, help="where the record's file goes")
        parser.add_argument("--inline", action="store_true", help="play here, not on workers")
        parser.add_argument(
            "--timeout", type=float, default=0, help="stop following after this many seconds"
        )

    def handle(self, *args, **options):
        run = self._resumed(options) if options["resume"] else self._created(options)
        self.stdout.write(f"tuning run {run.pk} (tournament {run.tournament_id}), {run.agent}")
        if options["inline"]:
            tournament_play_inline(tournament=run.tournament)
        run = self._follow(run, options)
        if run.state == TuningState.FINISHED:
            self._report(run)
        else:
            self.stdout.write(f"run {run.pk} is {run.state}: follow it with --resume {run.pk}")

    def _created(self, options) -> TuningRun:
        if not options["agent"] or not options["owner"]:
            raise CommandError("give the agent and --owner, or --resume RUN")
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"--owner: no user {options['owner']!r}")
        constants = {
            name: options[key]
            for name, key in (
                ("verify_games", "verify_games"),
                ("verify_block", "verify_block"),
                ("delta", "delta"),
            )
            if options[key] is not None
        }
        request = TuningRequest(
            agent=options["agent"],
            versions=precon_versions(),
            iterations=options["iterations"],
            pairs=options["pairs_per_iteration"],
            seed=options["seed"],
            constants=constants,
            c_end_scale=options["c_end_scale"],
            r_end=options["r_end"],
        )
        try:
            return tuning_create(owner=owner, request=request, dispatch=not options["inline"])
        except (errors.TournamentError, errors.LimitExceeded) as error:
            raise CommandError(error.message) from error

    def _resumed(self, options) -> TuningRun:
        run = TuningRun.objects.filter(pk=options["resume"]).first()
        if run is None:
            raise CommandError(f"--resume: no tuning run {options['resume']}")
        if not options["inline"]:
            sent = tuning_resume(run=run)
            self.stdout.write(f"resumed run {run.pk}: {len(sent)} batches sent again")
        return run

    def _follow(self, run: TuningRun, options) -> TuningRun:
        """Print each iteration as it completes until the run ends (or ``--timeout``); sweep
        the run now and then meanwhile, as a worker's sweep does, so it heals even when no
        worker's sweep is running."""
        shown = 0
        started = last_sweep = time.monotonic()
        seen: tuple[int, str] | None = None
        while True:
            # Recompute θ and the history only when games were counted or the state moved:
            # a refresh reads every pairing of the run, which grows with it.
            now_seen = (
                Tournament.objects.filter(pk=run.tournament_id)
                .values_list("done", "status")
                .first()
            )
            if now_seen != seen:
                run = tuning_refresh(run=run, directory=options["record_dir"])
                seen = now_seen
            for item in run.history[shown:]:
                values = ", ".join(f"{k}={v:.4g}" for k, v in item["theta_after"].items())
                self.stdout.write(
                    f"iteration {item['iteration']}: +{item['plus_wins']} "
                    f"-{item['minus_wins']} ={item['draws']} → {values}"
                )
            shown = len(run.history)
            if run.state in (TuningState.FINISHED, TuningState.CANCELLED):
                return run
            now = time.monotonic()
            if options["timeout"] and now - started > options["timeout"]:
                return run
            if now - last_sweep > sweep_seconds():
                tuning_resume(run=run)
                last_sweep = now
            time.sleep(0.5)

    def _report(self, run: TuningRun) -> None:
        record = run.record
        sprt = record["sprt"]
        games = record["games"]
        self.stdout.write(
            f"verification: tuned {sprt['wins']}-{sprt['losses']}-{sprt['draws']} against the "
            f"start, SPRT {sprt['decision']} (LLR {sprt['llr']:.3f})"
        )
        self.stdout.write(
            f"games: {games['spsa']} SPSA + {games['verification']} verification, "
            f"{games['stored']} stored, {games['counted']} counted"
        )
        for name, before in record["theta_before"].items():
            self.stdout.write(f"  {name}: {before:g} → {record['theta_after'][name]:.4g}")
        self.stdout.write(f"record: {run.record_path}")
