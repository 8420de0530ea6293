"""The turn of «Путь Командора»: setup with re-deal, draw, untap, initiative, resources,
production, movement and the battle phases, in the book's order (TURN-1, AMB-1).

``Game`` owns the state, the two agents, the match's dice and the log. Every choice goes through
``Game.ask`` (an explicit tuple of legal options); everything else is applied here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Final

from komandor.rules import event_records as ev
from komandor.rules import rules
from komandor.rules.battle import Combatant
from komandor.rules.cards import (
    CardKind,
    CardSpec,
    ObjectType,
)
from komandor.rules.commerce import commercial_runs
from komandor.rules.decisions import Agent, Decision, DecisionKind, Option, decide
from komandor.rules.dice import Dice, RecordingDice, copy_dice
from komandor.rules.effect_play import attach_all, card_entered, has_plays, refresh, refresh_all
from komandor.rules.effects import Effects, Permission, Window
from komandor.rules.events import EventLog
from komandor.rules.facts import (
    NO_CONTEXT,
    BuildFacts,
    DecisionContext,
    PlaceFacts,
    RedealFacts,
    VariantFacts,
)
from komandor.rules.fights import battle_phase
from komandor.rules.names import name_key
from komandor.rules.observation import Observation
from komandor.rules.state import Card, GameState, Phase, PlayerState, Zone
from komandor.rules.victory import (
    Outcome,
    Termination,
    check_commanders,
    check_start_of_turn,
    decide_simultaneous,
)

# Production order (PROD-3): space objects – ships – ground units/buildings. Upgrades and
# situation cards are played in the effect windows that follow (``effects.PRODUCTION_WINDOWS``).
PRODUCTION_STEPS: tuple[tuple[CardKind, ...], ...] = (
    (CardKind.SPACE_OBJECT,),
    (CardKind.SHIP,),
    (CardKind.GROUND_UNIT, CardKind.MILITARY_BUILDING, CardKind.CIVIL_BUILDING),
)
SETUP_KINDS = (CardKind.SPACE_OBJECT, CardKind.SHIP)  # SETUP-4, SETUP-7
# Each step's kinds as the decision context names them, read once (``Enum.value`` is a Python
# property in the compiled engine, and ``produce`` asked it at every payment).
_STEP_VALUES: Final[dict[tuple[CardKind, ...], tuple[str, ...]]] = {
    kinds: tuple(kind.value for kind in kinds) for kinds in (*PRODUCTION_STEPS, SETUP_KINDS)
}
NEW_SECTOR = "new"


class MatchOver(Exception):
    """Raised inside a phase the moment the match is decided; carries the outcome."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


class Game:
    def __init__(
        self,
        *,
        decks: Sequence[Sequence[CardSpec]],
        commanders: Sequence[CardSpec],
        agents: Sequence[Agent],
        dice: Dice,
        log: EventLog,
        setup_abilities: Sequence[Sequence[str]] = ((), ()),
        state: GameState | None = None,
    ) -> None:
        """``state``: play on from that state (``copy``): no card is dealt, no effect
        attached."""
        self.setup_abilities = [tuple(names) for names in setup_abilities]
        self.agents = list(agents)
        self.dice = dice
        self.log = log
        # Called with the state after every phase (invariant checks in tests).
        self.observers: list[Callable[[GameState], None]] = []
        # Called with each phase as it is entered (and ``Phase.SETUP`` as the match begins),
        # before anything of it is played: where ``match_state`` takes its checkpoints.
        self.checkpoint: Callable[[Phase], None] | None = None
        if state is not None:
            self.state = state
            self.effects = Effects(self)
            return
        cards: dict[str, Card] = {}
        players = []
        for index, (deck, commander) in enumerate(zip(decks, commanders, strict=True)):
            player = PlayerState(index=index, commander=commander)
            for number, spec in enumerate(deck):
                uid = f"p{index}.{number:02d}"
                cards[uid] = Card(uid, index, spec, controller=index)
                player.deck.append(uid)
            players.append(player)
        self.state = GameState(players=players, cards=cards)
        self.effects = Effects(self)  # card effects; windows open only once one is attached
        if any(has_plays(c.spec) for c in cards.values()) or any(
            p.commander.effects for p in players
        ):
            attach_all(self)  # the cards' effect data, compiled into plays (effect_play.py)

    def copy(self, agents: Sequence[Agent]) -> Game:
        """An independent copy of the game as it stands, asking ``agents``: the state, the
        effects and what they hold, the dice (rolling on as these would) and the log written
        so far, copied by hand (``match_state`` restores its checkpoints with it). The card
        specs, the effects and the logged events are immutable and shared."""
        log = EventLog(enabled=self.log.enabled)
        log.records = list(self.log.records)
        twin = Game(
            decks=(),
            commanders=(),
            agents=agents,
            dice=copy_dice(self.dice),
            log=log,
            setup_abilities=self.setup_abilities,
            state=self.state.copy(),
        )
        twin.observers = list(self.observers)
        twin.effects.copy_from(self.effects)
        return twin

    # --- plumbing ------------------------------------------------------------------------------

    def ask(
        self,
        player: int,
        kind: DecisionKind,
        options: Sequence[Option],
        context: DecisionContext = NO_CONTEXT,
    ) -> Option:
        if len(options) == 1:
            return options[0]  # a lone option is taken at once (``decide``): nothing to build
        decision = Decision(player, kind, tuple(options), context)
        dice = self.dice
        rolls = dice.rolls if isinstance(dice, RecordingDice) else ()
        option = decide(self.agents[player], decision, Observation(self.state, player, rolls))
        if self.log.enabled and len(options) > 1:
            self.log.emit(ev.Choice(player=player, decision=kind, key=option.key))
        return option

    def draw(self, player: int, count: int) -> int:
        deck = self.state.players[player].deck
        drawn = 0
        for _ in range(min(count, len(deck))):
            self.state.move(deck[0], Zone.HAND)
            drawn += 1
        return drawn

    def shuffle_deck(self, player: int) -> None:
        self.dice.shuffle(self.state.players[player].deck)

    def lose_card(self, uid: str, cause: str) -> None:
        """Put a card in play into its owner's losses, with everything that goes with it."""
        state = self.state
        card = state.cards[uid]
        if card.zone is not Zone.PLAY:
            return
        if card.kind is CardKind.SPACE_OBJECT:
            for part in state.on_object(uid):
                self.lose_card(part.uid, "object_destroyed")
            # STN-12: ships left on a destroyed station's orbit are in open space.
            for player in (0, 1):
                ships = state.ships_at(uid, player)
                if ships:
                    sector = state.new_sector()
                    for ship in ships:
                        ship.where = sector
        state.move(uid, Zone.LOSSES)
        if self.log.enabled:
            self.log.emit(ev.Destroyed(uid, card.owner, cause, in_battle=False))

    # --- the match -----------------------------------------------------------------------------

    def play(self, *, turn_cap: int, resume: Phase | None = None) -> Outcome:
        """Play the match to its end; ``resume``: from that phase of the turn under way (a
        checkpoint's game, ``copy``; ``Phase.SETUP``: from the setup)."""
        try:
            if resume is None or resume is Phase.SETUP:
                if self.checkpoint is not None:
                    self.checkpoint(Phase.SETUP)
                self.setup()
            else:
                self.play_turn(resume)
            while self.state.turn < turn_cap:
                self.state.turn += 1
                self.play_turn()
        except MatchOver as over:
            return over.outcome
        return Outcome(
            Termination.TURN_CAP,
            None,
            self.state.turn,
            f"no winner after the turn cap of {turn_cap} turns: a draw",
        )

    # --- setup (SETUP, MULL) ---------------------------------------------------------------------

    def setup(self) -> None:
        state = self.state
        state.phase = Phase.SETUP
        for player in (0, 1):
            self.preselect_abilities(player)
            self.shuffle_deck(player)
            self.deal(player)
        if self.log.enabled:
            self.log.emit(
                ev.Setup(
                    commanders=tuple(p.commander.name for p in state.players),
                    initiative=tuple(p.initiative for p in state.players),
                    deck_sizes=tuple(len(p.deck) + len(p.hand) for p in state.players),
                )
            )
        built: dict[int, list[str]] = {}
        for player in (0, 1):
            state.players[player].resources = rules.SETUP_RESOURCES
            built[player] = self.produce(player, setup=True)
            self.resources_to_tokens(player)
        self.roll_for_priority()
        # SETUP-12..16: the lower initiative reveals, places fleets and Commander, fixes his hand.
        for player in (state.opponent(state.priority), state.priority):
            for uid in built[player]:
                card = state.cards[uid]
                if card.kind is CardKind.SPACE_OBJECT:
                    continue
                self.place_ship(player, uid)
            self.place_commander(player)
            self.fix_setup_hand(player)

    def preselect_abilities(self, player: int) -> None:
        """ABIL-5, SETUP-1: before the game the player may take up to 3 (ABIL-3) ability cards
        out of his deck and play them face down on the Commander (situations zone, ZONE-10);
        «специальные» ones only during the game (ABIL-7)."""
        state = self.state
        me = state.players[player]
        if self.setup_abilities[player]:
            self.preselect_from_deck(player)
            return
        while len(self.preselected(player)) < rules.MAX_ABILITY_CARDS:
            options = [Option("done")] + [
                Option(uid)
                for uid in me.deck
                if state.cards[uid].kind is CardKind.ABILITY and not state.cards[uid].spec.special
            ]
            option = self.ask(player, DecisionKind.SETUP_ABILITY, options)
            if option.key == "done":
                return
            state.move(option.key, Zone.SITUATIONS)
            if self.log.enabled:
                self.log.emit(ev.AbilityPreselected(player=player, card=option.key))
            self.declare_variant(player, option.key)
            if self.effects.enabled:
                card_entered(self, option.key)

    def preselect_from_deck(self, player: int) -> None:
        """ABIL-5: the deck file's own pre-chosen ability cards (``decks.Deck.setup_abilities``,
        checked there), played on the Commander without a question."""
        state = self.state
        for name in self.setup_abilities[player][: rules.MAX_ABILITY_CARDS]:
            uid = next(
                (
                    u
                    for u in state.players[player].deck
                    if state.cards[u].kind is CardKind.ABILITY
                    and name_key(state.cards[u].spec.name) == name
                ),
                None,
            )
            if uid is None:
                continue
            state.move(uid, Zone.SITUATIONS)
            if self.log.enabled:
                self.log.emit(ev.AbilityPreselected(player=player, card=uid))
            self.declare_variant(player, uid)
            if self.effects.enabled:
                card_entered(self, uid)

    def declare_variant(self, player: int, uid: str) -> None:
        """ABIL-4: «игрок должен заявить, какой из вариантов он выбирает, играя эту карту».
        A card whose variants are both old text (nothing the engine plays) takes the first
        without a question: the choice changes nothing."""
        card = self.state.cards[uid]
        if not has_plays(card.spec):
            card.variant = 0
            return
        options = [
            Option(f"v{number + 1}", VariantFacts(number))
            for number in range(len(card.spec.variants or ()) or 1)
        ]
        context = DecisionContext(card=uid)
        facts = self.ask(player, DecisionKind.ABILITY_VARIANT, options, context).data
        card.variant = facts.variant if isinstance(facts, VariantFacts) else 0
        if self.log.enabled:
            self.log.emit(ev.AbilityVariant(player=player, card=uid, variant=card.variant + 1))

    def preselected(self, player: int) -> list[str]:
        """Ability cards played on the Commander (they lie in the situations zone, ZONE-10)."""
        state = self.state
        return [
            uid
            for uid in state.players[player].situations
            if state.cards[uid].kind is CardKind.ABILITY
        ]

    def deal(self, player: int) -> None:
        # ABIL-5, AMB-28c: each pre-selected ability card is one card less in every deal.
        size = rules.SETUP_DRAW - len(self.preselected(player))
        self.draw(player, size)
        for redeal in range(1, rules.MAX_REDEALS + 1):
            smaller = size - rules.REDEAL_PENALTY
            option = self.ask(
                player,
                DecisionKind.SETUP_REDEAL,
                (
                    Option("keep"),
                    Option("redeal", RedealFacts(smaller)),
                ),
                DecisionContext(redeal=redeal),
            )
            if option.key == "keep":
                return
            hand = self.state.players[player].hand
            for uid in list(hand):
                self.state.move(uid, Zone.DECK)
            self.shuffle_deck(player)
            size = smaller
            self.draw(player, size)
            if self.log.enabled:
                self.log.emit(ev.Redeal(player=player, cards=size))

    def roll_for_priority(self) -> None:
        """INIT-1, INIT-3, INIT-6: higher initiative; equal → D6, rerolled while equal."""
        state = self.state
        first, second = (p.initiative for p in state.players)
        if first != second:
            state.priority = 0 if first > second else 1
            if self.log.enabled:
                self.log.emit(ev.Initiative(priority=state.priority, rolls=()))
            return
        rolls: list[list[int]] = []
        while True:
            roll = [self.effects.roll(0, "initiative"), self.effects.roll(1, "initiative")]
            rolls.append(roll)
            if roll[0] != roll[1]:
                state.priority = 0 if roll[0] > roll[1] else 1
                break
        if self.log.enabled:
            self.log.emit(
                ev.Initiative(priority=state.priority, rolls=tuple(tuple(r) for r in rolls))
            )

    def place_commander(self, player: int) -> None:
        state = self.state
        carriers = [c for c in state.in_play() if c.controller == player and _carries(c)]
        if not carriers:
            raise MatchOver(
                Outcome(
                    Termination.NO_COMMANDER_CARRIER,
                    state.opponent(player),
                    state.turn,
                    f"player {player} built no ship or space object to place the Commander on "
                    "(CMDR-2)",
                )
            )
        options = [Option(c.uid) for c in carriers]
        option = self.ask(player, DecisionKind.SETUP_COMMANDER, options)
        state.players[player].commander_at = option.key
        if self.log.enabled:
            self.log.emit(ev.Commander(player=player, at=option.key))

    def fix_setup_hand(self, player: int) -> None:
        """SETUP-14/15: draw up to 7, or keep 7 and shuffle the rest back."""
        hand = self.state.players[player].hand
        if len(hand) < rules.SETUP_HAND_SIZE:
            self.draw(player, rules.SETUP_HAND_SIZE - len(hand))
            return
        while len(hand) > rules.SETUP_HAND_SIZE:
            options = [Option(uid) for uid in hand]
            option = self.ask(
                player,
                DecisionKind.SETUP_RETURN_CARD,
                options,
                DecisionContext(keep=rules.SETUP_HAND_SIZE),
            )
            self.state.move(option.key, Zone.DECK)
        self.shuffle_deck(player)

    # --- the turn (TURN-1) -----------------------------------------------------------------------

    def play_turn(self, start: Phase = Phase.START) -> None:
        phases = TURN_ORDER if start is Phase.START else TURN_ORDER[TURN_ORDER.index(start) :]
        for phase in phases:
            self.enter(phase)
            self.play_phase(phase)

    def play_phase(self, phase: Phase) -> None:
        """Play one phase of the turn (``TURN_ORDER``); scenarios start mid-turn with it."""
        _PHASE_STEPS[phase](self)

    def start_phase(self) -> None:
        if self.log.enabled:
            self.log.emit(ev.Turn(turn=self.state.turn))
        self.stop_if(check_start_of_turn(self.state))
        if self.effects.enabled:
            self.effects.open(Window.START_OF_TURN)

    def untap_phase(self) -> None:
        for uid in self.state.play:
            card = self.state.cards[uid]
            card.tapped = False
            card.stay = False

    def resources_phase(self) -> None:
        state = self.state
        for player in (state.priority, state.opponent(state.priority)):
            self.receive_resources(player)
            if self.effects.enabled:
                # «получение ресурсов … за космические объекты и карты обстановки» (RES-8)
                self.effects.open(Window.RESOURCES, (player,))
            commercial_runs(self, player)
            self.receive_other_income(player)

    def movement_step(self, *, first: bool) -> None:
        """MOVE_1 belongs to the priority player, MOVE_2 to the other (TURN-8); the priority
        cannot change after the initiative phase, so each reads it afresh."""
        state = self.state
        mover = state.priority if first else state.opponent(state.priority)
        if self.effects.enabled:
            self.effects.open(Window.BEFORE_MOVEMENT)
        self.movement_phase(mover)
        if self.effects.enabled:
            self.effects.open(Window.AFTER_MOVEMENT)

    def battle_step(self, *, first: bool) -> None:
        """The battle phase after MOVE_1 or MOVE_2: the player who just moved attacks."""
        state = self.state
        battle_phase(self, state.priority if first else state.opponent(state.priority))

    def end_phase(self) -> None:
        if self.effects.enabled:
            self.effects.open(Window.END_OF_TURN)

    def enter(self, phase: Phase) -> None:
        if self.checkpoint is not None:
            self.checkpoint(phase)
        for observer in self.observers:
            observer(self.state)
        self.state.phase = phase
        if self.effects.enabled:
            self.effects.expire("phase")  # «до конца фазы»
            if phase is Phase.START:
                self.effects.expire("turn")  # «до конца хода»: the turn before has ended
            self.effects.settle_lasting()  # OBJ-4: a new phase may bring properties into force

    def stop_if(self, outcome: Outcome | None) -> None:
        if outcome is not None:
            if self.log.enabled:
                self.log.emit(ev.Victory.of(outcome))
            raise MatchOver(outcome)

    def draw_phase(self) -> None:
        """TURN-3, WIN-4, WIN-11: a player who cannot draw two cards loses."""
        state = self.state
        short = [p.index for p in state.players if len(p.deck) < rules.DRAW_PER_TURN]
        if short:
            winners = [p for p in (0, 1) if p not in short] or [0, 1]
            reason = (
                f"player {short[0]} cannot draw {rules.DRAW_PER_TURN} cards"
                if len(short) == 1
                else "both decks ran out at the same draw phase"
            )
            self.stop_if(decide_simultaneous(state, winners, Termination.DECK_OUT, reason))
        for player in (0, 1):
            self.draw(player, rules.DRAW_PER_TURN)
        if self.log.enabled:
            self.log.emit(
                ev.Draw(cards=rules.DRAW_PER_TURN, decks=tuple(len(p.deck) for p in state.players))
            )

    def initiative_phase(self) -> None:
        """INIT-4: priority stays until the other Commander's initiative exceeds the holder's;
        effects may change the initiatives first (INIT-2)."""
        state = self.state
        if self.effects.enabled:
            self.effects.open(Window.INITIATIVE)
        holder = state.priority
        other = state.opponent(holder)
        if state.players[other].initiative > state.players[holder].initiative:
            state.priority = other
        if self.log.enabled:
            self.log.emit(ev.Priority(player=state.priority))

    def receive_resources(self, player: int) -> None:
        """RES-1, RES-2, RES-9: 5 resources and the income of unblocked objects."""
        state = self.state
        me = state.players[player]
        gained_resources = rules.RESOURCES_PER_TURN
        gained_tokens = 0
        for card in state.in_play():
            if card.controller != player or card.spec.income is None:
                continue
            if card.built_turn >= state.turn:
                continue  # OBJ-4: properties only from the movement phase of the build turn
            obj = card if card.kind is CardKind.SPACE_OBJECT else state.cards.get(card.where or "")
            if obj is None or state.is_blocked(obj):
                continue  # CAP-4, CIV-1
            gained_resources += card.spec.income.resources
            gained_tokens += card.spec.income.action_tokens
        me.resources += gained_resources
        me.action_tokens += gained_tokens
        if self.log.enabled:
            self.log.emit(
                ev.Resources(player=player, resources=gained_resources, tokens=gained_tokens)
            )

    def receive_other_income(self, player: int) -> None:
        """RES-8, PHASE-7: after the commercial runs, income from other sources (the boarding
        reward, WPN-BOARD-9)."""
        me = self.state.players[player]
        if me.pending_rewards:
            me.resources += me.pending_rewards
            if self.log.enabled:
                self.log.emit(ev.OtherIncome(player=player, resources=me.pending_rewards))
            me.pending_rewards = 0

    # --- production (PROD) -------------------------------------------------------------------

    def production_phase(self) -> None:
        state = self.state
        effects = self.effects
        if effects.enabled:
            effects.start_production()  # PROD-9
        # PROD-2: the player with the lower initiative acts first.
        for player in (state.opponent(state.priority), state.priority):
            if effects.enabled:
                effects.open(Window.PRODUCTION_ABILITIES, (player,))  # PHASE-8
            # PHASE-9..13: each step's cards are placed before the next step is produced.
            for kinds in PRODUCTION_STEPS:
                for uid in self.produce(player, setup=False, steps=(kinds,)):
                    if state.cards[uid].kind is CardKind.SHIP:
                        self.place_ship(player, uid)
                    elif state.cards[uid].kind is not CardKind.SPACE_OBJECT:
                        self.place_on_object(player, uid)
            if effects.enabled:
                effects.open(Window.PRODUCTION_UPGRADES, (player,))  # PHASE-14
                effects.open(Window.PRODUCTION_SITUATIONS, (player,))  # PHASE-15
            self.move_commander(player)  # PHASE-16: after placing, so onto a new ship too
            self.discard_abilities(player)
            self.resources_to_tokens(player)
        if effects.enabled:
            effects.end_production()
        # PHASE-19, the last sub-step: «снятие фишек повреждений со станций и наземных отрядов».
        for card in state.in_play():
            if card.spec.object_type is ObjectType.STATION and card.damage:
                card.damage = max(0, card.damage - rules.STATION_REPAIR_PER_TURN)  # STN-12
            elif card.kind is CardKind.GROUND_UNIT:
                card.damage = 0  # GRD-5
            if card.built_in_damage:
                card.built_in_damage.clear()  # GRD-5 for units built into an object

    def resources_to_tokens(self, player: int) -> None:
        """SETUP-9, PROD-8: leftover resources become action tokens 1:1 (never worse than
        letting them burn, RES-5, so the engine always exchanges)."""
        me = self.state.players[player]
        tokens = me.resources // rules.RESOURCES_PER_ACTION_TOKEN
        me.action_tokens += tokens
        me.resources = 0
        if tokens and self.log.enabled:
            self.log.emit(ev.Exchange(player=player, tokens=tokens))

    def produce(
        self,
        player: int,
        *,
        setup: bool,
        steps: tuple[tuple[CardKind, ...], ...] | None = None,
    ) -> list[str]:
        """Spend resources step by step in the book's order; return the cards completed.
        ``steps`` narrows production to some of the steps (the production phase's sub-steps)."""
        completed: list[str] = []
        if steps is None:
            steps = (SETUP_KINDS,) if setup else PRODUCTION_STEPS
        for kinds in steps:
            step = _STEP_VALUES.get(kinds) or tuple(kind.value for kind in kinds)
            while True:
                options = self.production_options(player, kinds, setup=setup, built=completed)
                option = self.ask(
                    player,
                    DecisionKind.SETUP_BUILD if setup else DecisionKind.PRODUCTION_BUILD,
                    options,
                    DecisionContext(
                        resources=self.state.players[player].resources,
                        step=step,
                    ),
                )
                if option.key == "next":
                    break
                facts = option.data
                assert isinstance(facts, BuildFacts)
                if self.pay(player, facts.card, facts.amount, setup=setup):
                    completed.append(facts.card)
        return completed

    def production_options(
        self, player: int, kinds: tuple[CardKind, ...], *, setup: bool, built: list[str]
    ) -> list[Option]:
        state = self.state
        cards = state.cards
        me = state.players[player]
        options: list[Option] = []
        resources = me.resources
        if resources < 1:
            return [Option("next")]
        space_object = CardKind.SPACE_OBJECT
        objects_started = objects_total = counted = 0
        if space_object in kinds:  # the counts only limit space objects
            in_production = sum(1 for uid in me.production if cards[uid].kind is space_object)
            objects_started = in_production + sum(
                1 for uid in built if cards[uid].kind is space_object
            )
            counted = state.objects_counted(player)
            objects_total = counted + in_production
        for uid in [*me.production, *me.hand]:
            card = cards[uid]
            if card.kind not in kinds:
                continue
            if card.kind is space_object:
                if card.zone is Zone.HAND:
                    if setup and objects_started >= rules.SETUP_MAX_OBJECTS:
                        continue  # SETUP-5, AMB-28b
                    if objects_total >= rules.MAX_SPACE_OBJECTS:
                        continue  # OBJ-7, AMB-11
                elif card.zone is Zone.PRODUCTION and counted >= rules.MAX_SPACE_OBJECTS:
                    continue
            remaining = card.cost - card.tokens
            if remaining <= resources:
                options.append(_build_option(uid, remaining, True))
            for amount in range(1, min(resources, remaining - 1) + 1):
                options.append(_build_option(uid, amount, False))
        if setup and self.must_build_carrier(player, built, options):
            # AMB-28a: the Commander needs a built carrier, so complete one before anything else.
            return [option for option in options if _completes(option)]
        options.insert(0, Option("next"))
        return options

    def must_build_carrier(self, player: int, built: list[str], options: list[Option]) -> bool:
        """AMB-28a: setup cannot end without a built ship or object while one is affordable."""
        has_carrier = any(_carries(self.state.cards[uid]) for uid in built)
        return not has_carrier and any(_completes(option) for option in options)

    def pay(self, player: int, uid: str, amount: int, *, setup: bool) -> bool:
        state = self.state
        me = state.players[player]
        card = state.cards[uid]
        me.resources -= amount
        if card.zone is Zone.HAND:
            state.move(uid, Zone.PRODUCTION)
        card.tokens += amount
        if card.tokens < card.cost:
            if self.log.enabled:
                self.log.emit(
                    ev.Production(player=player, card=uid, paid=amount, tokens=card.tokens)
                )
            return False
        card.tokens = 0
        state.move(uid, Zone.PLAY)
        card.controller = player
        card.built_turn = state.turn
        if self.log.enabled:
            self.log.emit(ev.Built(player=player, card=uid, name=card.spec.name, paid=amount))
        if self.effects.enabled and card.spec.effects:
            card_entered(self, uid)
        return True

    def refresh_combatant(self, fighter: Combatant) -> None:
        """A battle card's stats as card effects now change them (``effect_play.refresh``)."""
        refresh(self, fighter)

    def refresh_combatants(self, fighters: Iterable[Combatant]) -> None:
        """``refresh_combatant`` for each of ``fighters`` not destroyed whose card is on the
        table, in order (``effect_play.refresh_all``)."""
        refresh_all(self, fighters)

    def place_ship(self, player: int, uid: str) -> None:
        """PROD-10..13, AMB-33: own unblocked orbits, enemy orbits I block, own or new sectors."""
        state = self.state
        options = [Option(NEW_SECTOR, PlaceFacts(NEW_SECTOR))]
        for obj in state.objects():
            blocked = state.is_blocked(obj)
            if (obj.controller == player and not blocked) or (obj.controller != player and blocked):
                options.append(Option(obj.uid, PlaceFacts(obj.uid)))
        for where in state.ship_locations(player):
            if where.startswith("s"):
                options.append(Option(where, PlaceFacts(where)))
        option = self.ask(player, DecisionKind.PLACE_SHIP, options, DecisionContext(ship=uid))
        where = state.new_sector() if option.key == NEW_SECTOR else option.key
        state.cards[uid].where = where
        if self.log.enabled:
            self.log.emit(ev.Placed(player=player, card=uid, at=where))

    def place_on_object(self, player: int, uid: str) -> None:
        """GB-3, GB-4, PROD-14, STN-6: on an unblocked own object of a suitable type, else lost."""
        state = self.state
        card = state.cards[uid]
        options = [
            Option(obj.uid, PlaceFacts(obj.uid))
            for obj in state.objects(player)
            if not state.is_blocked(obj)
            and not (
                card.kind is CardKind.GROUND_UNIT and obj.spec.object_type is ObjectType.STATION
            )
        ]
        if not options:
            state.move(uid, Zone.LOSSES)
            if self.log.enabled:
                self.log.emit(ev.Destroyed(uid, player, "nowhere_to_place", in_battle=False))
            return
        option = self.ask(player, DecisionKind.PLACE_GROUND, options, DecisionContext(card=uid))
        card.where = option.key
        if self.log.enabled:
            self.log.emit(ev.Placed(player=player, card=uid, at=option.key))

    def move_commander(self, player: int) -> None:
        """CMDR-3, CMDR-4: within one fleet, or between an object and a ship on its orbit."""
        state = self.state
        at = state.players[player].commander_at
        if at is None:
            return
        carrier = state.cards[at]
        if carrier.kind is CardKind.SHIP:
            near = [s for s in state.ships_at(carrier.where or "", player) if s.uid != at]
            obj = state.cards.get(carrier.where or "")
            if obj is not None and obj.zone is Zone.PLAY and obj.controller == player:
                near.append(obj)
        else:
            near = state.ships_at(at, player)
        if not near:
            return
        options = [Option("stay")]
        options += [Option(c.uid) for c in near]
        option = self.ask(
            player,
            DecisionKind.COMMANDER_MOVE,
            options,
            DecisionContext(at=at, phase=state.phase.value),
        )
        if option.key != "stay":
            state.players[player].commander_at = option.key
            if self.log.enabled:
                self.log.emit(ev.Commander(player=player, at=option.key))

    def discard_abilities(self, player: int) -> None:
        """ABIL-9, AMB-27: any ability cards from hand into losses, +1 action token each."""
        state = self.state
        me = state.players[player]
        for uid in [u for u in me.hand if state.cards[u].kind is CardKind.ABILITY]:
            option = self.ask(
                player,
                DecisionKind.PRODUCTION_DISCARD_ABILITY,
                (Option("keep"), Option("discard")),
                DecisionContext(card=uid),
            )
            if option.key == "discard":
                state.move(uid, Zone.LOSSES)
                me.action_tokens += rules.ABILITY_DISCARD_TOKENS
                if self.log.enabled:
                    self.log.emit(ev.AbilityDiscarded(player=player, card=uid))

    # --- movement (MOVE) -----------------------------------------------------------------------

    def movement_phase(self, player: int) -> None:
        """MOVE-1..14: every ship may stay, join an own fleet, open a new sector, or go to any
        orbit. Sectors holding an enemy fleet are closed unless a card opens them (MOVE-9).
        Ground units and buildings move first (MOVE-15)."""
        self.move_ground(player)
        state = self.state
        ships = [s for s in state.in_play(CardKind.SHIP) if s.controller == player and not s.stay]
        if not ships:
            return
        commander_at = state.players[player].commander_at
        # Every place on offer, in the order offered: the objects, the own sectors, the enemy
        # sectors a card opens, then any place a ship moves to (a new sector).
        places = [obj.uid for obj in state.objects()]
        places += [w for w in state.ship_locations(player) if w.startswith("s")]
        if self.effects.enabled and self.effects.allows(player, Permission.ENTER_ENEMY_SECTOR):
            enemy_sectors = state.ship_locations(state.opponent(player))
            places += [w for w in enemy_sectors if w.startswith("s") and w not in places]
        offers = {where: Option(where, PlaceFacts(where)) for where in places}
        new_sector = Option(NEW_SECTOR, PlaceFacts(NEW_SECTOR))
        for ship in ships:
            here = ship.where or ""
            options = [Option("stay", PlaceFacts(here)), new_sector]
            options += [offer for where, offer in offers.items() if where != here]
            option = self.ask(
                player,
                DecisionKind.MOVE_SHIP,
                options,
                DecisionContext(ship=ship.uid, commander=ship.uid == commander_at),
            )
            if option.key == "stay":
                continue
            where = state.new_sector() if option.key == NEW_SECTOR else option.key
            if self.log.enabled:
                self.log.emit(ev.Moved(player=player, card=ship.uid, frm=ship.where, to=where))
            ship.where = where
            for place in (here, where):
                if place not in offers:
                    offers[place] = Option(place, PlaceFacts(place))

    def move_ground(self, player: int) -> None:
        """MOVE-2: a ground unit or building moves only between suitable objects the player
        controls and the enemy does not block; captured civil buildings from the next turn
        (CIV-4). Built-in ones are part of their object and never move."""
        state = self.state
        movable = (CardKind.GROUND_UNIT, CardKind.MILITARY_BUILDING, CardKind.CIVIL_BUILDING)
        free = [obj for obj in state.objects(player) if not state.is_blocked(obj)]
        if len(free) < 2:
            return
        free_uids = {obj.uid for obj in free}
        cards = [
            card
            for card in state.in_play()
            if card.kind in movable
            and card.controller == player
            and card.where in free_uids
            and card.captured_turn != state.turn
        ]
        if not cards:
            return
        for card in cards:
            unit = card.kind is CardKind.GROUND_UNIT
            options = [Option("stay", PlaceFacts(card.where or ""))]
            options += [
                Option(obj.uid, PlaceFacts(obj.uid))
                for obj in free
                if obj.uid != card.where
                # STN-6: no ground unit on a station
                and not (unit and obj.spec.object_type is ObjectType.STATION)
            ]
            if len(options) == 1:
                continue
            context = DecisionContext(card=card.uid)
            option = self.ask(player, DecisionKind.MOVE_GROUND, options, context)
            if option.key != "stay":
                if self.log.enabled:
                    self.log.emit(
                        ev.Moved(player=player, card=card.uid, frm=card.where, to=option.key)
                    )
                card.where = option.key

    def check_commanders(self) -> None:
        self.stop_if(check_commanders(self.state))


# Every payment offered, by card position, amount and whether it builds the card: an option
# and its facts are immutable and name nothing else, so each is built once per process, not
# at every payment of every production (a few hundred a match, a position's few amounts).
_BUILD_OPTIONS: Final[dict[tuple[str, int, bool], Option]] = {}


def _build_option(uid: str, amount: int, complete: bool) -> Option:
    key = (uid, amount, complete)
    option = _BUILD_OPTIONS.get(key)
    if option is None:
        option = _BUILD_OPTIONS[key] = Option(f"{uid}:{amount}", BuildFacts(uid, amount, complete))
    return option


def _completes(option: Option) -> bool:
    """A production option whose payment builds its card."""
    facts = option.data
    return isinstance(facts, BuildFacts) and facts.complete


def _carries(card: Card) -> bool:
    return card.zone is Zone.PLAY and card.kind in (CardKind.SHIP, CardKind.SPACE_OBJECT)


# The turn (TURN-1..14): every phase but setup, in the book's order, and what each one does.
TURN_ORDER: tuple[Phase, ...] = tuple(phase for phase in Phase if phase is not Phase.SETUP)
_PHASE_STEPS: dict[Phase, Callable[[Game], None]] = {
    Phase.START: Game.start_phase,
    Phase.DRAW: Game.draw_phase,
    Phase.UNTAP: Game.untap_phase,
    Phase.INITIATIVE: Game.initiative_phase,
    Phase.RESOURCES: Game.resources_phase,
    Phase.PRODUCTION: Game.production_phase,
    Phase.MOVE_1: partial(Game.movement_step, first=True),
    Phase.BATTLE_1: partial(Game.battle_step, first=True),
    Phase.MOVE_2: partial(Game.movement_step, first=False),
    Phase.BATTLE_2: partial(Game.battle_step, first=False),
    Phase.END: Game.end_phase,
}
