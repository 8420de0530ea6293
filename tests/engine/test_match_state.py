"""The match state: stepping by index and by key, clones, observations, histories."""

import json
import random
from pathlib import Path

import pytest

from komandor.agents.registry import HeuristicAgent, RandomAgent
from komandor.agents.simple import scripted_game
from komandor.rules.decisions import IllegalChoiceError
from komandor.rules.decks import deck_from_dict
from komandor.rules.effect_decks import effect_deck
from komandor.rules.match import MatchSetup, new_match, replay_match, run_match
from komandor.rules.match_state import decode_actions, encode_actions
from komandor.rules.position import position_from_dict, position_to_dict
from komandor.rules.state import Phase, Zone
from tests.engine.deck_data import standard_deck

ROOT = Path(__file__).resolve().parents[2]
PRECONS = [
    deck_from_dict(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "content" / "precons").glob("*.json"))
]


def precon_pair(seed):
    pairs = [(a, b) for a in PRECONS for b in PRECONS if a is not b]
    return list(pairs[seed % len(pairs)])


def effect_pair(seed):
    return [deck_from_dict(effect_deck(seed * 2 + side)) for side in (0, 1)]


def standard_pair(seed):
    return [deck_from_dict(standard_deck("a", initiative=5)), deck_from_dict(standard_deck("b"))]


DECKS = {"precons": precon_pair, "effects": effect_pair, "standard": standard_pair}


def setup_for(kind, seed):
    return MatchSetup(decks=DECKS[kind](seed), seed=seed, agent_names=("random", "random"))


def play_random(match, rng, steps=None):
    """Answer ``steps`` decisions (or all) with uniformly random indices."""
    done = 0
    while match.decision is not None and (steps is None or done < steps):
        match.apply_index(rng.randrange(len(match.decision.options)))
        done += 1
    return match


def snapshot(match):
    return (
        match.log.events,
        match.history,
        None if match.decision is None else match.decision.kind,
        [match.observation(p).to_dict() for p in (0, 1)],
        [list(p.deck) for p in match.state.players],
        [list(p.hand) for p in match.state.players],
    )


def test_the_precons_pre_choose_ability_cards():
    assert any(deck.setup_abilities for deck in PRECONS)


@pytest.mark.parametrize("kind", sorted(DECKS))
def test_run_match_is_its_history_replayed_without_agents(kind):
    for seed in range(12):
        agents = [HeuristicAgent(), RandomAgent(seed)]
        result = run_match(decks=DECKS[kind](seed), agents=agents, seed=seed)
        setup = MatchSetup(decks=DECKS[kind](seed), seed=seed, agent_names=("heuristic", "random"))
        replay = replay_match(setup, decode_actions(encode_actions(result.actions)))
        assert replay.is_over
        assert replay.log.events == result.log.events
        assert replay.outcome == result.outcome
        # about a byte an action: every index of these matches is below 128
        assert len(encode_actions(result.actions)) == len(result.actions)


def test_the_first_n_actions_give_the_same_events_as_the_whole_match_so_far():
    result = run_match(decks=precon_pair(3), agents=[HeuristicAgent(), HeuristicAgent()], seed=3)
    setup = MatchSetup(decks=precon_pair(3), seed=3, agent_names=("heuristic", "heuristic"))
    for n in (0, 1, len(result.actions) // 2, len(result.actions) - 1):
        part = replay_match(setup, result.actions[:n])
        assert part.decision is not None
        assert part.log.events == result.log.events[: len(part.log)]
        assert part.history == result.actions[:n]


@pytest.mark.parametrize("kind", sorted(DECKS))
def test_a_clone_played_on_leaves_the_original_untouched(kind):
    rng = random.Random(kind)
    for seed in range(6):
        match = play_random(new_match(setup_for(kind, seed)), rng, steps=rng.randrange(1, 60))
        if match.is_over:
            continue
        before = snapshot(match)
        twin = match.clone()
        assert snapshot(twin) == before
        play_random(twin, rng)
        assert twin.is_over
        assert snapshot(match) == before  # the original is where it was
        # and it goes on exactly as the clone did, given the clone's choices
        match.apply_all(twin.history[len(match.history) :])
        assert match.log.events == twin.log.events
        assert match.outcome == twin.outcome


def effects_data(match):
    """What the match's card effects hold now (``Effects``' slots but its game and battle)."""
    effects = match.game.effects
    # ``Effects``' slots but its game, battle and effect objects (a compiled class lists none)
    names = ("_bans", "_budget", "_cancelled", "_changed", "_grants", "_in_force", "_rerolls")
    data = {name: getattr(effects, name) for name in (*names, "enabled", "statics")}
    # a reroll is compared by identity in the engine (``_Reroll``, eq=False: it is used up as
    # that object); here by what it grants
    data["_rerolls"] = [
        [(reroll.purposes, reroll.expires) for reroll in held] for held in effects._rerolls
    ]
    # effects by key: a Commander's are compiled afresh for each game built from its setup
    data["_attached"] = [list(attached) for attached in effects._attached]
    data["_by_window"] = [
        {window: [effect.key for effect in listed] for window, listed in by_window.items()}
        for by_window in effects._by_window
    ]
    return data


def same_match(twin, match):
    assert snapshot(twin) == snapshot(match)
    assert twin.state == match.state
    assert effects_data(twin) == effects_data(match)
    assert twin.rolls == match.rolls


@pytest.mark.parametrize("kind", sorted(DECKS))
def test_clones_from_checkpoints_play_on_as_the_original_would(kind):
    """Once a match is cloned it takes a checkpoint as each phase begins, and its clones are
    that checkpoint's copy with the phase's choices since applied: the same match as the
    original in every part (state, effects, dice, log), at any point, and so are clones of
    clones; given the same choices, original and clones write the same log to the end."""
    rng = random.Random(f"checkpoints {kind}")
    for seed in range(5):
        match = new_match(setup_for(kind, seed))
        same_match(match.clone(), match)  # the first clone: checkpoints from now on
        clones = []
        while match.decision is not None and len(clones) < 12:
            play_random(match, rng, steps=rng.randrange(1, 25))
            twin = match.clone()
            same_match(twin, match)
            clones.append(twin)
        assert match._checkpoint is not None and match._checkpoint.choices > 0
        play_random(match, rng)
        for twin in clones[::3]:
            done = len(twin.history)
            twin.apply_all(match.history[done : done + rng.randrange(0, 30)])
            second = twin.clone()  # a clone's first clone: replayed from its checkpoint
            same_match(second, twin)
            third = twin.clone()
            same_match(third, twin)
            twin.apply_all(match.history[len(twin.history) :])
            assert twin.log.events == match.log.events
            assert twin.outcome == match.outcome
            assert twin.state == match.state


def test_apply_checks_the_key_and_the_index_and_changes_nothing_when_wrong():
    match = new_match(setup_for("standard", 1))
    before = snapshot(match)
    with pytest.raises(IllegalChoiceError, match="not a legal"):
        match.apply("no-such-key")
    with pytest.raises(IllegalChoiceError, match="not an option"):
        match.apply_index(len(match.decision.options))
    assert snapshot(match) == before
    last = len(match.decision.options) - 1
    match.apply(match.decision.options[last].key)
    assert match.history == [last]


def test_a_finished_match_takes_no_more_choices():
    match = play_random(new_match(setup_for("standard", 2)), random.Random(2))
    assert match.is_over and match.outcome is not None
    with pytest.raises(IllegalChoiceError, match="over"):
        match.apply_index(0)


def hide_differently(match, player):
    """The opponent's hand swapped with cards of his deck of other names, and his deck order
    changed: nothing ``player`` may see (the cards he saw going into that hand stay)."""
    opponent = match.state.players[1 - player]
    cards = match.state.cards
    swapped = 0
    for position, uid in enumerate(opponent.hand):
        if cards[uid].shown:
            continue
        other = next((u for u in opponent.deck if cards[u].spec.name != cards[uid].spec.name), None)
        if other is None:
            continue
        cards[uid].zone, cards[other].zone = Zone.DECK, Zone.HAND
        opponent.deck[opponent.deck.index(other)] = uid
        opponent.hand[position] = other
        swapped += 1
    opponent.deck.reverse()
    return swapped


@pytest.mark.parametrize("kind", sorted(DECKS))
def test_hidden_cards_never_show_in_an_observation(kind):
    rng = random.Random(kind)
    checked = 0
    for seed in range(8):
        match = play_random(new_match(setup_for(kind, seed)), rng, steps=rng.randrange(5, 80))
        if match.is_over:
            continue
        player = match.decision.player
        other = match.clone()
        mine = other.observation(1 - player).to_dict()
        if not hide_differently(other, player):
            continue
        assert other.state.players[1 - player].hand != match.state.players[1 - player].hand
        assert other.observation(player).to_dict() == match.observation(player).to_dict()
        # the opponent himself sees the difference
        assert other.observation(1 - player).to_dict() != mine
        checked += 1
    assert checked >= 4


def test_an_observation_shows_the_own_hand_the_counts_and_the_dice():
    match = play_random(new_match(setup_for("precons", 0)), random.Random(0), steps=40)
    player = match.decision.player
    seen = match.observation(player).to_dict()
    me, them = match.state.players[player], match.state.players[1 - player]
    assert [card["uid"] for card in seen["hand"]] == me.hand
    assert seen["players"][1 - player]["hand_count"] == len(them.hand)
    assert seen["players"][player]["deck_count"] == len(me.deck)
    assert seen["rolls"] == list(match.rolls)
    assert json.loads(json.dumps(seen)) == seen
    assert {card["uid"] for card in seen["in_play"]} == set(match.state.play)


def test_action_histories_encode_in_a_byte_each_below_128():
    actions = [0, 1, 127, 128, 255, 4000, 3]
    data = encode_actions(actions)
    assert decode_actions(data) == actions
    assert len(encode_actions(range(128))) == 128
    with pytest.raises(ValueError, match="inside"):
        decode_actions(b"\x80")
    with pytest.raises(ValueError, match="negative"):
        encode_actions([-1])


# --- positions written at decision points ------------------------------------------------------


def table_of(state):
    """Everything of the state a position carries, in comparable form."""
    return {
        "turn": state.turn,
        "phase": state.phase,
        "priority": state.priority,
        "next_sector": state.next_sector,
        "play": list(state.play),
        "modifiers": list(state.modifiers),
        "players": [
            (
                p.commander,
                p.deck,
                p.hand,
                p.losses,
                p.production,
                p.situations,
                p.attached,
                p.commander_at,
                p.resources,
                p.action_tokens,
                p.commerce_tokens,
                p.pending_rewards,
                p.initiative_bonus,
            )
            for p in state.players
        ],
        "cards": {
            uid: (
                card.owner,
                card.spec,  # a frozen dataclass: equal when every printed field is
                card.zone,
                card.controller,
                card.where if card.zone in (Zone.PLAY, Zone.ATTACHED) else None,
                card.tokens,
                card.damage,
                card.tapped,
                card.built_turn,
                card.stay,
                card.destroyed_built_in,
                card.built_in_damage,
                card.captured_turn,
                card.variant,
            )
            for uid, card in state.cards.items()
        },
    }


def test_a_position_written_at_any_decision_point_reads_back_to_the_same_table():
    rng = random.Random(20)
    checked = 0
    for seed in range(42):
        kind = sorted(DECKS)[seed % len(DECKS)]
        match = new_match(setup_for(kind, seed))
        while match.decision is not None:
            state = match.state
            if state.phase is not Phase.SETUP and rng.random() < 0.35:
                data = position_to_dict(state)
                text = json.dumps(data, ensure_ascii=False)
                game = scripted_game(position_from_dict(json.loads(text)))
                assert table_of(game.state) == table_of(state)
                assert position_to_dict(game.state) == data
                checked += 1
            match.apply_index(rng.randrange(len(match.decision.options)))
    assert checked >= 2000, checked
