"""Games against the AI: start one, answer its decisions, read its state (services).

A ``HumanMatch`` is its deck versions, seed, turn cap and the option index of every choice so
far (``actions``): the stored actions are the truth, and the state is the match replayed from
them (``replay_match``, log on). So an action costs the replay of the whole history only once
per process: the state after it is kept in a bounded in-process cache keyed by (game, version),
where the version is the number of actions applied, and an action takes the state of its
version from there, applies the person's option and the agent's replies up to the person's
next decision (or the end), and puts the new state back. A state is served from the cache only
when its history is exactly the stored one, so it can never be a state of another version.

Two requests on the same version (a double click, an old tab) both compute, but only one
stores: the row is updated only where its version is still the one the action was made on
(compare-and-set), and the other gets ``StaleActionError``.

The rules of a match run in a greenlet, which may be switched to only from the thread that
created it; a threaded server serves each request on another thread. So every engine step
(building, applying, the agent's choices) runs on one engine thread of the process; the
database is read and written on the request's thread.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from decks.models import DeckVersion
from komandor.agents.registry import (
    AGENTS,
    AGENTS_VERSION,
    LEVELS,
    Agent,
    make_agent,
    resolved_spec,
)
from komandor.rules import rules
from komandor.rules.decisions import Decision, IllegalChoiceError
from komandor.rules.event_records import Event
from komandor.rules.match import (
    ENGINE_VERSION,
    MatchSetup,
    new_match,
    play_out,
    replays_version,
)
from komandor.rules.match_state import MatchState, decode_actions, encode_actions
from komandor.rules.observation import Observation
from komandor.rules.state import Phase
from matches.games.decks import PlayableDeck, playable_deck_of
from matches.games.entries import entry_problems
from matches.games.playing import derive_seed
from matches.models import HumanMatch, HumanMatchStatus
from matches.tournaments.errors import LimitExceeded

T = TypeVar("T")

HUMAN = "human"  # the person's seat in the match's log ("agents")
CACHE_SIZE = 64  # states kept per process


class HumanMatchError(ValueError):
    """Bad input to start a game: ``code`` for clients, ``fields`` naming each bad field."""

    def __init__(self, code: str, message: str, fields: dict[str, list[str]] | None = None):
        self.code = code
        self.message = message
        self.fields = fields or {}
        super().__init__(message)


class StaleActionError(Exception):
    """The action names a state version that is no longer the game's (an old page, another
    tab, a second click): nothing was applied."""

    def __init__(self, *, version: int, current: int) -> None:
        self.version = version
        self.current = current
        super().__init__(
            _(
                "This move was made on an old position (version %(version)s); the game is now "
                "at version %(current)s. Nothing was applied: look at the board again."
            )
            % {"version": version, "current": current}
        )


class IllegalActionError(ValueError):
    """The key is not among the options of the person's pending decision (or the game is
    over): nothing was applied."""


class HumanMatchUnavailable(Exception):
    """The game was played on another engine version, whose rules its stored actions follow:
    this site cannot rebuild it."""

    def __init__(self, match: HumanMatch) -> None:
        super().__init__(
            _(
                "This game was played on engine %(played)s; this site runs engine %(current)s, "
                "whose rules differ, so the game cannot be continued."
            )
            % {"played": match.engine_version, "current": ENGINE_VERSION}
        )


# --- the engine thread and the state cache -------------------------------------------------

ENGINE_THREAD = "human-play-engine"
_engine: tuple[int, ThreadPoolExecutor] | None = None  # (process id, its engine thread)
_engine_lock = threading.Lock()


def _engine_thread() -> ThreadPoolExecutor:
    """This process's engine thread: made on first use, and again in a forked child (a
    thread does not survive a fork)."""
    global _engine
    with _engine_lock:
        if _engine is None or _engine[0] != os.getpid():
            _engine = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix=ENGINE_THREAD))
        return _engine[1]


def in_engine(call: Callable[[], T]) -> T:
    """Run ``call`` on the engine thread (where every match state's greenlet lives)."""
    if threading.current_thread().name.startswith(ENGINE_THREAD):
        return call()
    return _engine_thread().submit(call).result()


@dataclass(slots=True)
class Played:
    """A match state with, for each action of its history, who answered it and the length of
    the log just before it (to tell what happened since the person's last decision)."""

    state: MatchState
    players: list[int]
    marks: list[int]

    def note(self, player: int) -> None:
        """``player`` answers the next action."""
        self.players.append(player)
        self.marks.append(len(self.state.log))

    def answer(self, index: int) -> None:
        decision = self.state.decision
        assert decision is not None
        self.note(decision.player)
        self.state.apply_index(index)


class StateCache:
    """A bounded LRU of played states by (game id, version); thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[int, int], Played] = OrderedDict()
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self.hits = self.misses = 0

    def get(self, key: tuple[int, int], *, pop: bool = False) -> Played | None:
        with self._lock:
            if self._pid != os.getpid():  # a forked child: the parent's greenlets are not ours
                self._items.clear()
                self._pid = os.getpid()
            played = self._items.pop(key, None) if pop else self._items.get(key)
            if played is None:
                self.misses += 1
                return None
            if not pop:
                self._items.move_to_end(key)
            self.hits += 1
            return played

    def put(self, key: tuple[int, int], played: Played) -> None:
        with self._lock:
            self._items[key] = played
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)


STATES = StateCache(CACHE_SIZE)


# --- the match of a game -------------------------------------------------------------------


def human_match_names(match: HumanMatch) -> list[str]:
    """The players of the match's log, by seat: the person and the agent."""
    names = [match.agent, match.agent]
    names[match.human_seat] = HUMAN
    return names


def _playable(match: HumanMatch) -> list[PlayableDeck]:
    seats = [match.opponent, match.opponent]
    seats[match.human_seat] = match.deck
    return [playable_deck_of(version=version) for version in seats]


def human_match_setup(match: HumanMatch) -> MatchSetup:
    """What fixes the game besides its actions (reads the deck versions: the request's
    thread)."""
    return MatchSetup(
        decks=[seat.deck for seat in _playable(match)],
        seed=match.seed,
        turn_cap=match.turn_cap,
        agent_names=human_match_names(match),
    )


class _AiPlayer:
    """The agent of the AI's seat, with no memory between calls (a game is answered across
    requests and processes): the deck's pre-chosen setup abilities first, then the named
    agent, seeded from the game's seed and the version it answers at."""

    __slots__ = ("_agent", "_picks", "name")

    def __init__(self, *, name: str, seed: int, picks: Sequence[str]) -> None:
        self._agent: Agent = make_agent(name, seed=seed)
        self._picks = picks
        self.name = name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        if decision.kind == "setup.ability":
            offered = {option.key: index for index, option in enumerate(decision.options)}
            for key in self._picks:
                if key in offered:
                    return offered[key]
        return self._agent.choose(decision, observation)


def _ai_player(match: HumanMatch, *, preselected: int, version: int) -> _AiPlayer:
    seat = match.ai_seat
    picks = [f"p{seat}.{number:02d}" for number in range(preselected)] + ["done"]
    seed = derive_seed(match.seed, seat, version)
    return _AiPlayer(name=match.agent, seed=seed, picks=picks)


def replayed(setup: MatchSetup, actions: Sequence[int]) -> Played:
    """The match from its setup after ``actions``, log on (engine thread)."""
    played = Played(new_match(setup, log=True), [], [])
    for index in actions:
        played.answer(index)
    return played


class _PersonsTurn(Exception):
    """Raised at the person's decision: the AI's replies stop there."""


class _Person:
    """The person's seat in ``play_out``: it never answers, it stops the loop."""

    name = "person"

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        raise _PersonsTurn


class _Noted:
    """The AI's agent, noting in ``played`` who answers each action and where the log stood."""

    def __init__(self, agent: Agent, played: Played) -> None:
        self._agent = agent
        self._played = played
        self.name = agent.name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        index = self._agent.choose(decision, observation)
        self._played.note(decision.player)
        return index


def _ai_replies(played: Played, *, human_seat: int, ai: Agent) -> None:
    """The agent answers every decision until the person's next one or the end (engine
    thread): the engine's own loop (``play_out``, which checks each answer), stopped at the
    person's seat."""
    agents: list[Any] = [_Noted(ai, played), _Noted(ai, played)]
    agents[human_seat] = _Person()
    with contextlib.suppress(_PersonsTurn):
        play_out(played.state, agents)


def _played(match: HumanMatch, *, pop: bool = False) -> Played:
    """The game's state at its stored version: from the cache when its history is the stored
    one, else replayed from the stored actions (and cached unless ``pop``)."""
    actions = decode_actions(bytes(match.actions or b""))
    key = (match.pk, len(actions))
    played = STATES.get(key, pop=pop)
    if played is not None and played.state.history == actions:
        return played
    if not replays_version(match.engine_version):
        raise HumanMatchUnavailable(match)
    setup = human_match_setup(match)
    try:
        played = in_engine(lambda: replayed(setup, actions))
    except IllegalChoiceError as error:  # stored actions these rules do not take
        raise HumanMatchUnavailable(match) from error
    if not pop:
        STATES.put(key, played)
    return played


# The fields an action changes (``_store``), read again before one.
_PROGRESS = ["actions", "version", "status", "winner", "termination", "reason", "turns"]


def _store(match: HumanMatch, played: Played) -> dict[str, Any]:
    """The row's fields for ``played``."""
    state = played.state
    history = state.history
    fields: dict[str, Any] = {
        "actions": encode_actions(history),
        "version": len(history),
        "turns": state.state.turn,
    }
    outcome = state.outcome
    if state.is_over:
        fields.update(
            status=HumanMatchStatus.FINISHED,
            winner=None if outcome is None else outcome.winner,
            termination="" if outcome is None else outcome.termination.value,
            reason="" if outcome is None else outcome.reason,
        )
    return fields


# --- services ------------------------------------------------------------------------------


def human_match_start(
    *,
    owner: Any,
    deck: DeckVersion,
    opponent: DeckVersion,
    agent: str = "heuristic",
    seat: int = 0,
    seed: int | None = None,
) -> HumanMatch:
    """A new game of ``owner``'s ``deck`` (seat ``seat``) against ``opponent`` played by
    ``agent``, saved after the agent's decisions up to the person's first (or the end). The
    seed is drawn here; ``seed`` is for trusted callers only (tests, scripts), never a
    request: it would give away the AI's hand and every die. ``agent``: a level
    (``registry.LEVELS``) or an agent's name.
    Raises ``HumanMatchError`` for a deck he may not play, an unknown agent or seat."""
    fields: dict[str, list[str]] = {}
    if resolved_spec(agent) not in AGENTS:
        names = ", ".join([*LEVELS, *sorted(AGENTS)])
        fields["agent"] = [_("One of %(names)s.") % {"names": names}]
    if seat not in (0, 1):
        fields["seat"] = [_("Your seat: 0 or 1.")]
    for name, version in (("deck", deck), ("opponent", opponent)):
        problems = entry_problems(user=owner, versions=[version])
        if problems:
            fields[name] = problems
    if fields:
        raise HumanMatchError("invalid", "; ".join(m for ms in fields.values() for m in ms), fields)
    _open_games_check(owner)  # before the engine works for a game that would be refused
    match = HumanMatch(
        owner=owner,
        deck=deck,
        opponent=opponent,
        # A level is stored as the agent it names now: the game goes on and replays with it
        # after the level is pointed at another agent.
        agent=resolved_spec(agent),
        human_seat=seat,
        seed=secrets.randbelow(2**31) if seed is None else seed,
        turn_cap=rules.DEFAULT_TURN_CAP,
        engine_version=ENGINE_VERSION,
        agents_version=AGENTS_VERSION,
    )
    setup = human_match_setup(match)
    preselected = _playable(match)[match.ai_seat].preselected

    def begin() -> Played:
        played = replayed(setup, [])
        ai = _ai_player(match, preselected=preselected, version=0)
        _ai_replies(played, human_seat=seat, ai=ai)
        return played

    played = in_engine(begin)
    for name, value in _store(match, played).items():
        setattr(match, name, value)
    with transaction.atomic():
        # Under the owner's row lock, so parallel starts take turns and none passes the bound.
        get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
        _open_games_check(owner)
        match.save()
    STATES.put((match.pk, match.version), played)
    return match


def _open_games_check(owner: Any) -> None:
    """A person keeps at most ``AI_GAMES_OPEN_PER_USER`` games in progress (each holds a
    state in the server's cache while played): raises ``LimitExceeded`` (429)."""
    limit = settings.AI_GAMES_OPEN_PER_USER
    open_games = HumanMatch.objects.filter(owner=owner, status=HumanMatchStatus.IN_PROGRESS)
    if open_games.count() >= limit:
        raise LimitExceeded(
            "too_many_games",
            ngettext(
                "You have %(limit)s game in progress, the most at once: finish it first.",
                "You have %(limit)s games in progress, the most at once: finish one first.",
                limit,
            )
            % {"limit": limit},
        )


def human_match_act(match: HumanMatch, *, key: str, version: int) -> HumanMatch:
    """Apply the person's option ``key`` at state ``version``, then the agent's replies up to
    his next decision or the end; saved only if the game is still at ``version`` (a double
    post never applies twice). Raises ``StaleActionError`` (another version) or
    ``IllegalActionError`` (a key not offered, or the game over)."""
    match.refresh_from_db(fields=_PROGRESS)  # its deck versions never change
    if version != match.version:
        raise StaleActionError(version=version, current=match.version)
    if match.is_finished:
        raise IllegalActionError(_("The game is over: there is nothing to choose."))
    played = _played(match, pop=True)
    # The deck's pre-chosen abilities matter only while the setup asks for them.
    in_setup = played.state.state.phase == Phase.SETUP
    preselected = _playable(match)[match.ai_seat].preselected if in_setup else 0
    ai = _ai_player(match, preselected=preselected, version=version)

    def act() -> None:
        decision = played.state.decision
        if decision is None or decision.player != match.human_seat:
            raise IllegalActionError(_("It is not your decision."))
        try:
            index = decision.index_of(key)
        except IllegalChoiceError as error:
            raise IllegalActionError(
                _("“%(key)s” is not one of the options offered.") % {"key": key}
            ) from error
        played.answer(index)
        _ai_replies(played, human_seat=match.human_seat, ai=ai)

    try:
        in_engine(act)
    except IllegalActionError:
        if played.state.history == decode_actions(bytes(match.actions or b"")):
            STATES.put((match.pk, version), played)  # untouched: keep it
        raise
    fields = {**_store(match, played), "updated_at": timezone.now()}
    updated = HumanMatch.objects.filter(pk=match.pk, version=version).update(**fields)
    if not updated:
        match.refresh_from_db(fields=_PROGRESS)
        raise StaleActionError(version=version, current=match.version)
    for name, value in fields.items():
        setattr(match, name, value)
    STATES.put((match.pk, match.version), played)
    return match


def human_match_state(match: HumanMatch) -> MatchState:
    """The engine state at the game's stored version, log on (from the cache, or replayed
    from the stored actions, as after a restart). Raises ``HumanMatchUnavailable`` for a game
    of another engine version."""
    return _played(match).state


def human_match_events_since_turn(match: HumanMatch) -> list[Event]:
    """The log's records from the person's previous decision on: what his choice did, and
    what the agent and the rules did since (all of them before his first choice)."""
    played = _played(match)
    start = 0
    for index in range(len(played.players) - 1, -1, -1):
        if played.players[index] == match.human_seat:
            start = played.marks[index]
            break
    return played.state.log.records[start:]
