"""A match you can stop at a decision, step, copy and observe: ``MatchState``.

As OpenSpiel's game states: ``decision`` is the pending choice (whose, what kind, the legal
options with their stable keys), ``apply(key)`` plays a checked choice and ``apply_index(i)``
the fast one, ``clone()`` gives an independent copy, ``is_over`` and ``outcome`` say how it
ended, ``history`` holds every chosen option index in order and ``observation(player)`` is what
that player may know (``observation.Observation``). As a chess game is its move list, a match
is its setup (``match.MatchSetup``) and its ``history``: ``match.replay_match`` rebuilds any
point of it from the first N actions, with no agent (``encode_actions`` keeps a history in
about a byte per action).

How a decision suspends the rules (docs/engine.md, "The match state"): the rules are plain
calls (``Game.ask`` and the battle's ``_ask`` are reached from dozens of places, some under a
dice roll or a window of card effects); they run in a greenlet of their own, and the seat
that answers them (``Seat``) switches out to the caller with the decision and back in with
its answer. Only decisions with two options or more suspend: a lone option is taken at once,
as the rules always did (``decisions.decide``). ``clone()`` builds the match again from its
setup and applies the same history with the log off — the seeded dice give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from greenlet import getcurrent, greenlet

from komandor.rules.decisions import Decision, IllegalChoiceError
from komandor.rules.dice import RecordingDice as RecordingDice
from komandor.rules.dice import SeededDice
from komandor.rules.events import EventLog
from komandor.rules.game import Game
from komandor.rules.observation import Observation
from komandor.rules.state import GameState, Phase, Zone
from komandor.rules.victory import Outcome


class Seat:
    """What the rules ask in a match state: hands the decision out of the rules' greenlet to
    whoever advanced the match, and returns the option index it is given back."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, decision: Decision, observation: Observation | None = None) -> int:
        parent = getcurrent().parent
        assert parent is not None, "a match state's seat answers only inside its rules"
        index: int = parent.switch(decision)
        return index


# A match's beginning: given the two seats the rules will ask, the game they play and the
# program that plays it (to the outcome, or None when it stops without one, as a scenario's
# last phase). Called again by ``clone`` when it has no checkpoint to start from, so it must
# build the same game every time.
Begin = Callable[[Sequence[Seat]], tuple[Game, Callable[[], Outcome | None]]]
# The program that plays a checkpoint's restored game on from the phase it was taken at
# (``Checkpoint``); a match given none is cloned by replaying its whole history.
Resume = Callable[[Game, Phase], Callable[[], Outcome | None]]


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The match as it stood when a phase was about to be played (``Phase.SETUP``: the match
    about to begin), after ``choices`` choices and ``phases`` phases begun (this one
    counted): a copy of its game (``Game.copy``), never played itself — each clone restored
    from it plays a copy of it."""

    choices: int
    phases: int
    phase: Phase
    game: Game


class MatchState:
    """One match in progress, stopped at its pending ``decision`` (None once over)."""

    __slots__ = (
        "_begin",
        "_checkpoint",
        "_checkpointing",
        "_history",
        "_outcome",
        "_phases",
        "_resume",
        "_rolls",
        "_rules",
        "_snapshot_at",
        "decision",
        "game",
    )

    def __init__(
        self,
        begin: Begin,
        *,
        names: Sequence[str] = ("", ""),
        resume: Resume | None = None,
        checkpoint: Checkpoint | None = None,
        history: Sequence[int] = (),
        snapshot_at: int = -1,
    ) -> None:
        """``resume``: how to play on from a checkpoint (without it, a clone replays the whole
        history). ``checkpoint``: start from it rather than from the beginning, ``history``
        being the choices made before it; ``snapshot_at``: take a checkpoint as that phase
        begins (counted from the match's beginning, ``clone``)."""
        self._begin = begin
        self._resume = resume
        self._history: list[int] = list(history)
        self._outcome: Outcome | None = None
        self._checkpoint = checkpoint
        self._checkpointing = False  # a checkpoint as every phase begins (``clone``)
        self._phases = 0 if checkpoint is None else checkpoint.phases - 1
        self._snapshot_at = snapshot_at
        self.decision: Decision | None = None
        seats = [Seat(name) for name in names]
        if checkpoint is None or resume is None:
            self.game, program = begin(seats)
        else:
            self.game = checkpoint.game.copy(seats)
            program = resume(self.game, checkpoint.phase)
        if resume is not None:
            self.game.checkpoint = self._phase_begins
        dice = self.game.dice
        self._rolls: Sequence[int] = dice.rolls if isinstance(dice, RecordingDice) else ()
        self._rules = greenlet(program)
        self._advance(None)

    # --- stepping -----------------------------------------------------------------------------

    def apply_index(self, index: int) -> None:
        """Answer the pending decision with its option ``index`` (checked against its range)."""
        decision = self.decision
        if decision is None:
            raise IllegalChoiceError("the match is over: no decision to answer")
        if not 0 <= index < len(decision.options):
            raise IllegalChoiceError(
                f"{index!r} is not an option of {decision.kind!r}, which has "
                f"{len(decision.options)} options"
            )
        self._history.append(index)
        self._advance(index)

    def answer(self, index: int) -> None:
        """``apply_index`` for a caller that has checked ``index`` against the pending
        decision itself (``match.play_out``)."""
        self._history.append(index)
        self._advance(index)

    def apply(self, key: str) -> None:
        """Answer the pending decision with the option whose key is ``key``."""
        if self.decision is None:
            raise IllegalChoiceError("the match is over: no decision to answer")
        self.apply_index(self.decision.index_of(key))

    def apply_all(self, actions: Iterable[int]) -> None:
        for index in actions:
            self.apply_index(index)

    def _advance(self, index: int | None) -> None:
        self.decision = None
        answer = self._rules.switch() if index is None else self._rules.switch(index)
        if isinstance(answer, Decision):
            self.decision = answer
            return
        self._outcome = answer if isinstance(answer, Outcome) else None

    def clone(self) -> MatchState:
        """An independent copy at the same decision (the original is never touched): the
        latest checkpoint's game copied and the choices made since it applied — at most one
        phase's (docs/engine.md, "Copies"). The first clone of a match that takes no
        checkpoints yet is replayed from its latest checkpoint (or its beginning) and takes
        one as the current phase began; the match takes one as each phase begins from then
        on."""
        names = [seat.name for seat in self._seats]
        if self._resume is None:  # no way to resume: the whole history replayed
            twin = MatchState(self._begin, names=names)
            twin.apply_all(self._history)
            return twin
        if self._checkpointing:
            return self._restored(names, snapshot_at=-1)
        twin = self._restored(names, snapshot_at=self._phases)
        self._checkpoint = twin._checkpoint
        self._checkpointing = True
        return twin

    def _restored(self, names: Sequence[str], *, snapshot_at: int) -> MatchState:
        """A twin from the latest checkpoint (or the beginning), the history since applied."""
        checkpoint = self._checkpoint
        done = 0 if checkpoint is None else checkpoint.choices
        history = self._history
        twin = MatchState(
            self._begin,
            names=names,
            resume=self._resume,
            checkpoint=checkpoint,
            history=history[:done],
            snapshot_at=snapshot_at,
        )
        for index in history[done:]:
            twin._history.append(index)
            twin._advance(index)
        return twin

    def _phase_begins(self, phase: Phase) -> None:
        """``Game.checkpoint``, called inside the rules as a phase is about to be played:
        counts the phases, and takes a checkpoint when this match takes them all, or this one
        (``snapshot_at``)."""
        self._phases = phases = self._phases + 1
        if not self._checkpointing and phases != self._snapshot_at:
            return
        last = self._checkpoint
        if last is None or last.phases != phases:  # not the one this match was restored from
            self._checkpoint = Checkpoint(len(self._history), phases, phase, self.game.copy(()))

    @property
    def _seats(self) -> Sequence[Seat]:
        return [seat for seat in self.game.agents if isinstance(seat, Seat)]

    # --- reading ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.decision is None

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (None while it goes on, or when its program stopped without an
        outcome, as a scenario's last phase played)."""
        return self._outcome

    @property
    def history(self) -> list[int]:
        return list(self._history)

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def log(self) -> EventLog:
        return self.game.log

    @property
    def rolls(self) -> Sequence[int]:
        """Every D6 rolled so far (none recorded when the game's dice are not a
        ``RecordingDice``, as a position's fixed dice)."""
        return self._rolls

    def observation(self, player: int) -> MatchObservation:
        return MatchObservation(self, player)

    # --- determinized worlds ------------------------------------------------------------------

    def sample(self, player: int, rng: random.Random) -> MatchState:
        """A world ``player`` cannot tell from this one: a clone whose hidden information is
        drawn again with ``rng`` from a canonical order, so two matches that differ only in
        what ``player`` may not see give the same world for the same ``rng`` state.

        Hidden are the opponent's hand and deck (dealt again from the cards of both, sorted by
        uid: the hand keeps its size, and a card the player saw going into it — shown when
        fetched from the deck, or taken from the losses or the table — stays there,
        ``Card.shown``), the order of the player's own deck, and every die to come
        (fresh seeded dice). The uids stay the cards' own, so nothing the world does depends
        on the arrangement it replaced."""
        world = self.clone()
        world.determinize(player, rng)
        return world

    def determinize(self, player: int, rng: random.Random) -> None:
        """Deal this match's hidden information for ``player`` again, in place (``sample``).
        The match is then no longer its history replayed: ``clone`` before, never after."""
        self._checkpoint = None  # no longer this match's history: nothing to restore from
        self._checkpointing = False
        self._snapshot_at = -1
        # Nor to take: and the game's call back into this match state from the rules'
        # greenlet, whose frames the garbage collector cannot see, would keep a dropped world
        # alive for ever (a search agent leaked every world it sampled, ~7 MB a game).
        self.game.checkpoint = None
        state = self.game.state
        cards = state.cards
        them = state.players[1 - player]
        known = [uid for uid in them.hand if cards[uid].shown]  # seen going there
        pool = sorted(uid for uid in them.hand + them.deck if uid not in known)
        rng.shuffle(pool)
        dealt = len(them.hand) - len(known)
        them.hand[:] = known + pool[:dealt]
        them.deck[:] = pool[dealt:]
        for uid in them.hand:
            cards[uid].zone = Zone.HAND
        for uid in them.deck:
            cards[uid].zone = Zone.DECK
        own = state.players[player].deck
        own.sort()
        rng.shuffle(own)
        dice = SeededDice(rng.getrandbits(62))
        if isinstance(self.game.dice, RecordingDice):
            self.game.dice.replace(dice)
        else:  # a position's fixed dice: the world rolls its own from now on
            self.game.dice = RecordingDice(dice)


class MatchObservation(Observation):
    """A match state's observation: also samples worlds consistent with it (``sample``), for
    agents that search (``search.SearchAgent``)."""

    __slots__ = ("_match",)

    def __init__(self, match: MatchState, player: int) -> None:
        super().__init__(match.game.state, player, match.rolls)
        self._match = match

    def sample_world(self, rng: random.Random) -> MatchState:
        """A determinized match in which this player's hidden information is drawn again
        (``MatchState.sample``); the match observed is never touched."""
        return self._match.sample(self.player, rng)


def encode_actions(actions: Iterable[int]) -> bytes:
    """Option indices as bytes: one byte each below 128 (as good as every choice), more above
    (LEB128, seven bits a byte).

    >>> encode_actions([0, 3, 127, 128, 300])
    b'\\x00\\x03\\x7f\\x80\\x01\\xac\\x02'
    >>> decode_actions(encode_actions([0, 3, 127, 128, 300]))
    [0, 3, 127, 128, 300]
    """
    out = bytearray()
    for index in actions:
        if index < 0:
            raise ValueError(f"an option index is never negative: {index}")
        while index >= 0x80:
            out.append(0x80 | (index & 0x7F))
            index >>= 7
        out.append(index)
    return bytes(out)


def decode_actions(data: bytes) -> list[int]:
    actions: list[int] = []
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
            continue
        actions.append(value)
        value = shift = 0
    if shift:
        raise ValueError("the action history ends inside an index")
    return actions
