"""Load the shipped data files (``content/data``) into the catalogue, idempotently.

Files are parsed and every entry checked before anything is written; one bad entry aborts the
whole load with every problem listed, and the database is left as it was. Rows follow the
files: new entries are created, changed ones updated, and rows that came from a data file but
whose entry is gone are deleted — except a card that decks use, which is retired (kept for
those decks, hidden from players) and named with its decks in the report. Rows created in the
admin (no data file) are never touched.

Editors and the loader work side by side: a row whose last recorded change was not made by
the loader (a published draft, a revert, an import) is an editor's change; where the file
disagrees with it, the load reports a conflict and keeps the editor's row, unless
``take_file`` says to take the file's side. The whole load is one recorded revision.
The file format is described in ``content/README.md``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models.deletion import ProtectedError
from reversion.models import Version

from cardbase.editorial.history import revision_record
from cardbase.models import (
    Advisor,
    Card,
    Component,
    Game,
    Race,
    Release,
    Sector,
    StatedCount,
    Tech,
)
from cardbase.services.card_rules import card_attributes_clean
from content.yaml_files import DataFileError, yaml_file_read
from decks.precons import PRECON_MODEL, PreconSource, precon_list_from_dict, precons_sync

DATA_DIR = Path(__file__).resolve().parent / "data"

MODELS: dict[str, type[Any]] = {  # catalogue models, each with game, key and content_file
    "release": Release,
    "card": Card,
    "race": Race,
    "tech": Tech,
    "sector": Sector,
    "advisor": Advisor,
    "component": Component,
    "count": StatedCount,
}
# Natural key fields besides ``game`` for each model.
NATURAL_KEYS: dict[str, tuple[str, ...]] = {
    "release": ("code",),
    "component": ("kind", "key"),
}
# The order rows are written in: releases before the cards that point at them.
LOAD_ORDER = ["release", "card", "race", "tech", "sector", "advisor", "component", "count"]
GAME_FIELDS = {
    "slug",
    "name_ru",
    "name_en",
    "rule_book",
    "description",
    "description_en",
    "sort_order",
}


class ContentError(Exception):
    """The data files are wrong; ``problems`` lists every one, each naming file and entry."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class LoadReport:
    created: Counter = field(default_factory=Counter)
    updated: Counter = field(default_factory=Counter)
    unchanged: Counter = field(default_factory=Counter)
    deleted: Counter = field(default_factory=Counter)
    retired: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted or self.retired)

    def summary(self) -> str:
        kinds = sorted(
            set(self.created) | set(self.updated) | set(self.unchanged) | set(self.deleted)
        )
        lines = [
            f"{kind}: {self.created[kind]} created, {self.updated[kind]} updated, "
            f"{self.unchanged[kind]} unchanged, {self.deleted[kind]} deleted"
            for kind in kinds
        ]
        return "\n".join([*lines, *self.retired, *self.conflicts])


@dataclass
class Entry:
    model: str
    game_slug: str
    file: str
    values: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.file}: {self.model} {self.values.get('key') or self.values.get('code')!r}"


def content_load(*, data_dir: Path = DATA_DIR, take_file: bool = False) -> LoadReport:
    """Load every data file under ``data_dir``; raise ContentError listing all problems.
    ``take_file``: where an editor changed a row the file also changes, take the file's side."""
    games, entries = _read_files(data_dir)
    report = LoadReport()
    with revision_record(user=None, reason="load_content", kind="load"):
        game_rows = _load_games(games, report)
        problems = _write_entries(entries, game_rows, report, take_file=take_file)
        if problems:
            transaction.set_rollback(True)
            raise ContentError(problems)
    return report


def _read_yaml(path: Path, data_dir: Path, top: type) -> Any:
    try:
        return yaml_file_read(path, name=str(path.relative_to(data_dir)), top=top)
    except DataFileError as error:
        return error


def _read_files(data_dir: Path) -> tuple[list[dict[str, Any]], list[Entry]]:
    problems: list[str] = []
    games = _read_yaml(data_dir / "games.yaml", data_dir, list)
    if isinstance(games, DataFileError):
        raise ContentError([str(games)])
    bad_games = [game for game in games if not isinstance(game, dict)]
    if bad_games:
        raise ContentError([f"games.yaml: every game must be a mapping, not {bad_games[0]!r}"])
    slugs = {game.get("slug") for game in games}
    entries: list[Entry] = []
    # A game's folder may hold subfolders (``komandor/starter/``): the game is the top folder.
    for path in sorted(data_dir.glob("*/**/*.yaml")):
        name = str(path.relative_to(data_dir))
        game_slug = path.relative_to(data_dir).parts[0]
        if game_slug not in slugs:
            problems.append(f"{name}: folder {game_slug!r} is not a game in games.yaml")
            continue
        document = _read_yaml(path, data_dir, dict)
        if isinstance(document, DataFileError):
            problems.append(str(document))
            continue
        model = document.get("model")
        if model not in MODELS and model != PRECON_MODEL:
            problems.append(
                f"{name}: 'model' must be one of {sorted([*MODELS, PRECON_MODEL])}, not {model!r}"
            )
            continue
        defaults = document.get("defaults") or {}
        listed = document.get("entries") or []
        if not isinstance(defaults, dict) or not isinstance(listed, list):
            problems.append(f"{name}: 'defaults' must be a mapping and 'entries' a list")
            continue
        for index, raw in enumerate(listed):
            if not isinstance(raw, dict):
                problems.append(f"{name}: entry #{index + 1} is not a mapping")
                continue
            entries.append(Entry(model, game_slug, name, {**defaults, **raw}))
    if problems:
        raise ContentError(problems)
    return games, entries


def _load_games(games: list[dict[str, Any]], report: LoadReport) -> dict[str, Game]:
    rows = {}
    for values in games:
        unknown = set(values) - GAME_FIELDS
        if unknown:
            raise ContentError([f"games.yaml: {values.get('slug')}: unknown fields {unknown}"])
        game = Game.objects.filter(slug=values["slug"]).first() or Game(slug=values["slug"])
        rows[game.slug] = game
        _apply(game, values, "game", report)
    return rows


def _apply(
    row: models.Model,
    values: dict[str, Any],
    kind: str,
    report: LoadReport,
    edited_by: str | None = None,
    label: str = "",
) -> None:
    """Set ``values`` on ``row``, check the row's fields, and save it only if it changed.
    ``edited_by`` names the editor whose change the row holds: then a difference is a
    conflict, reported and left alone (the caller decides whether to pass it)."""
    is_new = row.pk is None
    changed = [name for name, value in values.items() if getattr(row, name, None) != value]
    if changed and edited_by is not None:
        fields = ", ".join(
            f"{name} {_short(getattr(row, name, None))} → {_short(values[name])}"
            for name in changed
        )
        report.conflicts.append(
            f"{label}: changed by an editor ({edited_by}) since the last load; the file would "
            f"change {fields}. Kept the editor's row (load with --take-file to take the file's)."
        )
        report.unchanged[kind] += 1
        return
    for name in changed:
        setattr(row, name, values[name])
    row.full_clean(validate_unique=False, validate_constraints=False)
    if is_new:
        row.save()
        report.created[kind] += 1
    elif changed:
        row.save()
        report.updated[kind] += 1
    else:
        report.unchanged[kind] += 1


def _short(value: Any) -> str:
    text = repr(value.pk if isinstance(value, models.Model) else value)
    return text if len(text) <= 60 else text[:57] + "..."


def _editors_of(model: type[models.Model]) -> dict[str, str]:
    """Rows whose last recorded change was not the loader's: row id -> who and when."""
    latest: dict[str, str | None] = {}
    versions = (
        Version.objects.get_for_model(model)
        .order_by("pk")
        .values_list(
            "object_id",
            "revision__source__kind",
            "revision__user__username",
            "revision__date_created",
        )
    )
    for object_id, kind, user, when in versions:
        if kind in ("load", "baseline"):
            latest[object_id] = None
        else:
            latest[object_id] = f"{user or 'unknown'}, {when:%Y-%m-%d %H:%M}"
    return {object_id: who for object_id, who in latest.items() if who is not None}


def field_names(model: type[models.Model]) -> set[str]:
    return {
        f.name
        for f in model._meta.get_fields()
        if f.concrete and not f.auto_created and f.name not in {"search_text", "game"}
    }


def _prepare(entry: Entry, game: Game, releases: dict[tuple[int, str], Release]) -> dict[str, Any]:
    """Check one entry and turn it into model field values; raise ValueError on a problem."""
    model = MODELS[entry.model]
    values = dict(entry.values)
    if values.get("origin", "book") == "book":
        values.setdefault("source_book", game.rule_book)
    unknown = set(values) - field_names(model)
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)}")
    if entry.model == "card":
        code = values.pop("release", None)
        if code is not None:
            release = releases.get((game.pk, code))
            if release is None:
                raise ValueError(f"release {code!r} is not defined for {game.slug}")
            values["release"] = release
        try:
            values["attributes"] = card_attributes_clean(game_slug=game.slug, fields=values)
        except ValidationError as error:
            raise ValueError("; ".join(_messages(error))) from error
        values["retired"] = False  # a retired card back in the files is a live card again
    values["content_file"] = entry.file
    values["game"] = game
    return values


def _messages(error: ValidationError) -> list[str]:
    if hasattr(error, "error_dict"):
        return [f"{name}: {msg}" for name, errs in error.message_dict.items() for msg in errs]
    return list(error.messages)


def _write_entries(
    entries: list[Entry], games: dict[str, Game], report: LoadReport, *, take_file: bool
) -> list[str]:
    problems: list[str] = []
    releases: dict[tuple[int, str], Release] = {}
    seen: dict[str, set[int]] = {kind: set() for kind in MODELS}
    keys_seen: set[tuple] = set()
    for kind in LOAD_ORDER:
        model = MODELS[kind]
        key_fields = NATURAL_KEYS.get(kind, ("key",))
        # One query per model instead of one per entry: the load runs in every content test.
        existing = {
            (row.game_id, *(getattr(row, name) for name in key_fields)): row
            for row in model._default_manager.filter(game__in=list(games.values()))
        }
        edited = {} if take_file else _editors_of(model)
        for entry in (e for e in entries if e.model == kind):
            game = games[entry.game_slug]
            try:
                values = _prepare(entry, game, releases)
                # The project's own designs (``origin: project``) cite no book section.
                cited = ("source_section",) if values.get("origin", "book") == "book" else ()
                missing = [n for n in (*key_fields, *cited) if not values.get(n)]
                if missing:
                    raise ValueError(f"missing {', '.join(missing)}")
                key_values = tuple(values[name] for name in key_fields)
                natural = (kind, game.slug, *key_values)
                if natural in keys_seen:
                    raise ValueError("defined twice")
                keys_seen.add(natural)
                row = existing.get((game.pk, *key_values)) or model()
                editor = edited.get(str(row.pk)) if row.pk is not None else None
                _apply(row, values, kind, report, editor, entry.label)
            except (ValueError, ValidationError) as error:
                text = "; ".join(_messages(error)) if isinstance(error, ValidationError) else error
                problems.append(f"{entry.label}: {text}")
                continue
            seen[kind].add(row.pk)
            if kind == "release":
                releases[(game.pk, row.code)] = row
    if problems:
        return problems
    # Before stale rows go: a card a precon drops in this same load is then free to be deleted.
    problems = _write_precons(entries, report, cards=seen["card"])
    if problems:
        return problems
    loaded_games = [game.pk for game in games.values()]
    for kind in reversed(LOAD_ORDER):
        stale = (
            MODELS[kind]
            ._default_manager.filter(game__in=loaded_games)
            .exclude(content_file="")
            .exclude(pk__in=seen[kind])
        )
        for row in stale:
            problems.extend(_remove(row, kind, report))
    return problems


def _write_precons(entries: list[Entry], report: LoadReport, *, cards: set[int]) -> list[str]:
    """Preconstructed decks (``decks.precons``), per game, from the cards this load holds."""
    problems: list[str] = []
    sources: list[PreconSource] = []
    for entry in (e for e in entries if e.model == PRECON_MODEL):
        try:
            precon = precon_list_from_dict(entry.values)
        except ValueError as error:
            problems.append(f"{entry.label}: {error}")
        else:
            sources.append(PreconSource(entry.label, entry.game_slug, precon))
    keys = Counter(source.precon.key for source in sources)
    problems += [f"{PRECON_MODEL} {key!r}: defined twice" for key, n in keys.items() if n > 1]
    if problems:
        return problems
    sync = precons_sync(precons=sources, among=cards)
    # Only counts above zero: a key holding zero would make ``LoadReport.changed`` true.
    for counter, count in (
        (report.created, sync.created),
        (report.updated, sync.updated),
        (report.unchanged, sync.unchanged),
        (report.deleted, sync.deleted),
    ):
        if count:
            counter[PRECON_MODEL] += count
    report.retired += sync.kept
    return sync.problems


def _remove(row: Any, kind: str, report: LoadReport) -> list[str]:  # a catalogue row
    """Delete a row whose entry left the files; a card that decks use is retired instead."""
    try:
        with transaction.atomic():
            row.delete()
    except ProtectedError as error:
        users = sorted({str(_holder(obj)) for obj in error.protected_objects})
        if not isinstance(row, Card):
            return [
                f"{row.content_file}: {kind} {row!s} is gone from the file but still used by "
                f"{', '.join(users)}"
            ]
        if not row.retired:
            row.retired = True
            row.save(update_fields=["retired"])
            report.retired.append(
                f"{row.content_file}: card «{row.name_ru}» ({row.key}) is gone from the file but "
                f"decks use it, so it is retired, not deleted: kept for those decks, hidden from "
                f"the deck builder and search. Decks: {', '.join(users)}."
            )
        return []
    report.deleted[kind] += 1
    return []


def _holder(obj: models.Model) -> object:
    """What a protecting row stands for: the deck of a deck entry, else the row itself."""
    deck = getattr(obj, "deck", None)
    return f"«{deck}»" if deck is not None else (f"«{obj}»" if hasattr(obj, "owner") else obj)
