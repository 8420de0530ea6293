"""A pending decision in words: ``decision_view`` (the prompt and every option's label).

Every decision kind the engine asks (``Game.ask`` and the battle's ``_ask``) has a prompt and
its options read as words — «Оса»: plasma guns → «Шакал» — never an option's internal key.
The same words tell a logged choice (``event_text``, a ``choice`` event: its kind and key).
Russian first, English through gettext (``matches/locale``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from komandor.rules.decisions import Decision
from komandor.rules.facts import (
    BuildFacts,
    DecisionContext,
    OptionFacts,
    PlayFacts,
    VariantFacts,
)
from komandor.rules.state import Phase
from matches.words.terms import (
    Words,
    is_phase,
    phase_label,
    range_label,
    seat_named,
    sector_label,
    weapon_label,
)

# What each kind asks, with the context it names (``%(card)s``: the card the decision is about).
PROMPTS = {
    "setup.ability": gettext_noop("Choose the ability cards for your Commander, or start"),
    "ability.variant": gettext_noop("Declare the variant of %(card)s"),
    "setup.redeal": gettext_noop("Keep these cards or redeal?"),
    "setup.commander": gettext_noop("Choose where your Commander starts"),
    "setup.return_card": gettext_noop("Return a card to the deck (you keep %(keep)s)"),
    "setup.build": gettext_noop("Build or put resources into production (%(resources)s left)"),
    "production.build": gettext_noop("Build or put resources into production (%(resources)s left)"),
    "place.ship": gettext_noop("Place %(card)s"),
    "place.ground": gettext_noop("Place %(card)s on a space object"),
    "commander.move": gettext_noop("Move your Commander from %(card)s?"),
    "production.discard_ability": gettext_noop("Keep %(card)s or discard it for an action token?"),
    "move.ship": gettext_noop("Move %(card)s"),
    "move.ground": gettext_noop("Move %(card)s"),
    "battle.order": gettext_noop("Choose the battle to fight first"),
    "capture.civil_building": gettext_noop("Capture %(card)s or destroy it?"),
    "commerce.run": gettext_noop("Send %(card)s on a commercial or smuggling run?"),
    "commerce.escort": gettext_noop("Should %(card)s escort the run?"),
    "ability.replace": gettext_noop(
        "A fourth ability card: choose one on the Commander to send to the losses"
    ),
    "effect.search": gettext_noop("Choose the card to take from the deck"),
    "effect.to_deck": gettext_noop("Choose the card to put into the deck"),
    "effect.play": gettext_noop("Play a card or pass (%(window)s)"),
    "effect.target": gettext_noop("Choose a target for %(card)s"),
    "dice.reroll": gettext_noop("The die shows %(roll)s: keep it or reroll?"),
    "battle.second_echelon": gettext_noop("Choose ships for the second echelon"),
    "battle.echelon_enter": gettext_noop("Bring in the second echelon?"),
    "battle.withdraw": gettext_noop("Withdraw a ship from the battle?"),
    "battle.allow_withdraw": gettext_noop("%(card)s wants to withdraw: let it go?"),
    "battle.stop_closing": gettext_noop("Keep closing in or stop?"),
    "battle.resume_closing": gettext_noop("Close in again or hold the distance?"),
    "battle.increase_distance": gettext_noop("Increase the distance?"),
    "battle.attack": gettext_noop("Attack or pass"),
    "battle.evade": gettext_noop("%(card)s is attacked by %(attacker)s: evade?"),
    "battle.counter_fire": gettext_noop("Fire back at the attacker?"),
    "battle.nova_targets": gettext_noop("Choose the Nova's targets"),
    "battle.nova_shield": gettext_noop("The Nova hits %(card)s: absorb it with the shield?"),
    "battle.ram_dodge": gettext_noop("%(card)s rams you: try to dodge?"),
    "battle.landing": gettext_noop("Land troops?"),
}

# A kind in a few words, for a choice told without what was chosen (the opponent's secret).
SHORT = {
    "setup.return_card": gettext_noop("which card to return to the deck"),
    "effect.search": gettext_noop("which card to take from the deck"),
    "battle.second_echelon": gettext_noop("the second echelon"),
    "setup.redeal": gettext_noop("whether to redeal"),
}

# Options with a fixed key, by kind ("*": any kind).
FIXED = {
    ("*", "done"): gettext_noop("done"),
    ("setup.ability", "done"): gettext_noop("start the game"),
    ("battle.second_echelon", "done"): gettext_noop("no (more) ships in the second echelon"),
    ("*", "next"): gettext_noop("done, next step"),
    ("*", "keep"): gettext_noop("keep"),
    ("setup.redeal", "keep"): gettext_noop("keep these cards"),
    ("battle.increase_distance", "keep"): gettext_noop("keep the distance"),
    ("*", "redeal"): gettext_noop("redeal"),
    ("*", "stay"): gettext_noop("stay"),
    ("battle.withdraw", "stay"): gettext_noop("stay in the battle"),
    ("*", "new"): gettext_noop("a new sector of open space"),
    ("*", "pass"): gettext_noop("pass"),
    ("battle.attack", "pass"): gettext_noop("do not attack"),
    ("battle.counter_fire", "pass"): gettext_noop("do not fire back"),
    ("effect.play", "pass"): gettext_noop("do not play"),
    ("*", "discard"): gettext_noop("discard for an action token"),
    ("*", "capture"): gettext_noop("capture"),
    ("*", "destroy"): gettext_noop("destroy"),
    ("*", "none"): gettext_noop("no run"),
    ("*", "escort"): gettext_noop("escort"),
    ("*", "reroll"): gettext_noop("reroll"),
    ("*", "wait"): gettext_noop("wait"),
    ("*", "enter"): gettext_noop("bring in the second echelon"),
    ("*", "refuse"): gettext_noop("do not let it go"),
    ("*", "allow"): gettext_noop("let it go"),
    ("*", "continue"): gettext_noop("keep closing in"),
    ("*", "stop"): gettext_noop("stop"),
    ("*", "hold"): gettext_noop("hold the distance"),
    ("battle.landing", "hold"): gettext_noop("do not land"),
    ("*", "resume"): gettext_noop("close in"),
    ("*", "evade"): gettext_noop("evasive manoeuvre"),
    ("*", "take"): gettext_noop("take the hit"),
    ("*", "absorb"): gettext_noop("absorb with the shield"),
    ("*", "full"): gettext_noop("keep the shield"),
    ("*", "dodge"): gettext_noop("dodge"),
    ("*", "accept"): gettext_noop("take the ram"),
    ("*", "land"): gettext_noop("land troops"),
}


# Answers that take nothing more («pass», «done», «no run»…): always shown apart, P picks them.
PASS_KEYS = frozenset({"pass", "done", "none", "stay", "keep", "next", "hold"})


@dataclass(frozen=True)
class OptionView:
    index: int
    key: str
    label: str
    card_uid: str | None  # the card a click on the board picks this option with
    # The cards (or sectors) to click on the board, in order, to reach this option: the card,
    # then its target(s) — an attack: attacker → target → the laser pair's second target.
    path: tuple[str, ...] = ()
    step_label: str = ""  # what is left to say once the path is clicked (an amount, a weapon)

    @property
    def card_dom_id(self) -> str:
        return dom_id(self.card_uid) if self.card_uid else ""

    @property
    def path_dom_ids(self) -> str:
        return " ".join(dom_id(uid) for uid in self.path)

    @property
    def is_pass(self) -> bool:
        return self.key in PASS_KEYS


@dataclass(frozen=True)
class OptionGroup:
    """The options that start with one card (``uid`` None: the ones named by words only)."""

    uid: str | None
    label: str
    options: list[OptionView]

    @property
    def dom_id(self) -> str:
        return dom_id(self.uid) if self.uid else ""


def dom_id(uid: str) -> str:
    """A card uid as the page's ids and data attributes write it: ``p0.12`` → ``card-0-12``."""
    return "card-" + uid.lstrip("p").replace(".", "-")


@dataclass(frozen=True)
class DecisionView:
    player: int
    kind: str
    prompt: str
    options: list[OptionView]
    about: str | None = None  # the uid of the card the decision is about
    about_name: str = ""
    about_text: tuple[str, ...] = ()  # its rules text (an opponent's card asking something)

    @property
    def about_dom_id(self) -> str:
        return dom_id(self.about) if self.about else ""

    @property
    def offers_new_sector(self) -> bool:
        return any(option.key == "new" for option in self.options)

    @property
    def passes(self) -> list[OptionView]:
        return [option for option in self.options if option.is_pass]

    @property
    def groups(self) -> list[OptionGroup]:
        """The other options grouped by the first card they are picked with, in order."""
        groups: dict[str | None, OptionGroup] = {}
        for option in self.options:
            if option.is_pass:
                continue
            first = option.path[0] if option.path else None
            if first not in groups:
                label = option.label.split(":")[0] if first else ""
                groups[first] = OptionGroup(first, label, [])
            groups[first].options.append(option)
        return list(groups.values())


def decision_view(
    decision: Decision,
    *,
    names: Sequence[str],
    cards: Mapping[str, str] | None = None,
    texts: Callable[[str], tuple[str, ...]] | None = None,
) -> DecisionView:
    """``decision`` in words. ``names``: the players' names; ``cards``: card uid → name in the
    page's language (``board.card_names``); ``texts``: a card's rules text by uid (asked only
    for the card the decision is about, which it names anyway)."""
    words = Words(lambda index: seat_named(index, names), cards or {})
    kind = decision.kind
    about = _about(kind, decision.context)

    def lines(uid: str | None) -> tuple[str, ...]:
        return texts(uid) if texts is not None and uid and words.knows(uid) else ()

    about_text = lines(about)
    options = []
    for index, option in enumerate(decision.options):
        label = option_words(kind, option.key, option.data, words)
        variant = _variant_text(kind, option.key, option.data, lines, about)
        if variant:
            label = f"{label} — {variant}"
        path = _path(kind, option.key, option.data, words)
        options.append(
            OptionView(
                index=index,
                key=option.key,
                label=label,
                card_uid=_card_uid(kind, option.key, option.data, words),
                path=path,
                step_label=_step_words(kind, option.key, option.data, words, label, variant),
            )
        )
    _tell_equal_labels_apart(options)
    return DecisionView(
        player=decision.player,
        kind=kind,
        prompt=prompt(kind, decision.context, words),
        options=options,
        about=about if about and words.knows(about) else None,
        about_name=words.card(about) if about and words.knows(about) else "",
        about_text=about_text,
    )


def _path(kind: str, key: str, data: OptionFacts, words: Words) -> tuple[str, ...]:
    """The cards (or sectors) a player clicks, in order, to pick the option."""
    if key in PASS_KEYS or kind == "effect.search":  # a card from the deck is not on the board
        return ()
    if key == "new":
        return ("new",)  # the board's "new sector" place
    if kind in ("setup.build", "production.build"):
        return (data.card,) if isinstance(data, BuildFacts) else ()
    if kind in ("battle.attack", "battle.counter_fire"):
        attacker, _sep, rest = key.partition(":")
        _mount, _sep, targets = rest.partition(">")
        return (attacker, *(t for t in targets.split(",") if t))
    if kind == "battle.nova_targets":
        return tuple(t for t in key.split(",") if t)
    if kind == "effect.play" and key.startswith("play:"):
        play = data if isinstance(data, PlayFacts) else None
        source = str((play and play.source) or key[5:].split(":")[0])
        target = play.target if play is not None else None
        return (source, target) if isinstance(target, str) else (source,)
    if kind in ("move.ship", "place.ship", "battle.order") and key.startswith("s"):
        return (key,)
    uid = _card_uid(kind, key, data, words)
    return (uid,) if uid else ()


def _step_words(
    kind: str, key: str, data: OptionFacts, words: Words, label: str, variant: str
) -> str:
    """The option once its cards are clicked: what is left to choose (amount, weapon…)."""
    if kind in ("setup.build", "production.build") and ":" in key:
        amount = key.rsplit(":", 1)[1]
        if isinstance(data, BuildFacts) and data.complete:
            return _("build (%(amount)s)") % {"amount": amount}
        return _("put %(amount)s into production") % {"amount": amount}
    if kind in ("battle.attack", "battle.counter_fire") and ":" in key:
        mount = key.partition(":")[2].partition(">")[0]
        return weapon_label(mount)
    if kind == "effect.play" and variant:
        return variant
    return label


def _variant_text(
    kind: str,
    key: str,
    data: OptionFacts,
    lines: Callable[[str | None], tuple[str, ...]],
    about: str | None,
) -> str:
    """An ability card's variant as its text says it, when the card is known: the variant
    declared (``ability.variant``) or the one an ability card's play uses (``…:v2.0``)."""
    number: int | None = None
    text: tuple[str, ...] = ()
    if kind == "ability.variant" and isinstance(data, VariantFacts):
        number, text = data.variant, lines(about)
    elif kind == "effect.play" and key.startswith("play:"):
        effect = (data.effect if isinstance(data, PlayFacts) else "").split(":")
        if len(effect) > 1 and effect[1][:1] == "v" and effect[1][1:2].isdigit():
            number, text = int(effect[1][1:2]) - 1, lines(effect[0])
    if number is None or not 0 <= number < len(text):
        return ""
    return text[number].split(": ", 1)[-1]


def prompt(kind: str, context: DecisionContext, words: Words) -> str:
    about = _about(kind, context)
    values = {
        "card": words.card(about) if about is not None else _("the card"),
        "attacker": words.card(context.attacker),
        "keep": _or_unknown(context.keep),
        "resources": _or_unknown(context.resources),
        "roll": _or_unknown(context.roll),
        "window": _window(context),
    }
    text = _(PROMPTS[kind]) % values if kind in PROMPTS else _("Your decision")
    if context.round is not None:
        text += " " + _("(round %(round)s, %(range)s range)") % {
            "round": context.round,
            "range": range_label(context.range or ""),
        }
    return text


def _or_unknown(number: int | None) -> int | str:
    return "?" if number is None else number


def kind_prompt_short(kind: str) -> str:
    return _(SHORT[kind]) if kind in SHORT else _("a choice")


WINDOWS = {
    "production_abilities": gettext_noop("production: abilities on the Commander"),
    "production_upgrades": gettext_noop("production: upgrades"),
    "production_situations": gettext_noop("production: situations"),
    "before_movement": gettext_noop("before moving"),
    "after_movement": gettext_noop("after moving"),
    "battle_phase_start": gettext_noop("start of the battle phase"),
    "battle_start": gettext_noop("before the battle's first round"),
    "round_start": gettext_noop("start of the round"),
    "attack_declared": gettext_noop("an attack is declared"),
    "after_attack": gettext_noop("after an attack"),
    "round_end": gettext_noop("end of the round"),
    "ship_destroyed": gettext_noop("a ship is destroyed"),
    "battle_end": gettext_noop("end of the battle"),
    "opponent_play": gettext_noop("the opponent plays a card"),
    "None": gettext_noop("as the card comes into play"),
}


# The windows that are a phase's start or end, named as the phase (the engine's table).
WINDOW_PHASES = {
    "start_of_turn": Phase.START,
    "initiative": Phase.INITIATIVE,
    "resources": Phase.RESOURCES,
    "end_of_turn": Phase.END,
}


def _window(context: DecisionContext) -> str:
    window = context.window or ""
    if window in WINDOW_PHASES:
        return phase_label(WINDOW_PHASES[window])
    if window in WINDOWS:
        return _(WINDOWS[window])
    if is_phase(window):
        return phase_label(window)
    return _("now")


def _about(kind: str, context: DecisionContext) -> str | None:
    """The uid of the card a decision is about, from its context."""
    card = None if kind == "battle.evade" else context.card
    for value in (card, context.ship, context.target, context.rammer, context.at):
        if value is not None:
            return value
    if kind == "effect.target":
        effect = context.effect
        return effect.split(":")[0] if effect else None
    return None


def option_words(kind: str, key: str, data: OptionFacts, words: Words) -> str:
    """One option (or a logged choice, ``data`` ``NO_FACTS``) in words."""
    fixed = FIXED.get((kind, key)) or FIXED.get(("*", key))
    if fixed is not None:
        return _(fixed)
    if kind in ("battle.attack", "battle.counter_fire") and ":" in key:
        return _attack_words(key, words)
    if kind == "battle.nova_targets":
        return words.cards(key.split(","))
    if kind in ("setup.build", "production.build") and ":" in key:
        uid, amount = key.rsplit(":", 1)
        if isinstance(data, BuildFacts) and data.complete:
            return _("%(card)s: build (%(amount)s)") % {"card": words.card(uid), "amount": amount}
        return _("%(card)s: put %(amount)s into production") % {
            "card": words.card(uid),
            "amount": amount,
        }
    if kind == "setup.redeal" and key == "redeal":
        return _("redeal")
    if kind == "ability.variant" and key.startswith("v") and key[1:].isdigit():
        return _("variant %(number)s") % {"number": key[1:]}
    if kind == "battle.increase_distance":
        return _("increase to %(range)s range") % {"range": range_label(key)}
    prefix, _sep, rest = key.partition(":")
    if kind == "commerce.run" and rest:
        text = (
            gettext_noop("smuggling run to %(card)s")
            if prefix == "smuggle"
            else gettext_noop("commercial run to %(card)s")
        )
        return _(text) % {"card": words.card(rest)}
    if kind == "battle.withdraw" and rest:
        return _("withdraw %(card)s") % {"card": words.card(rest)}
    if kind == "battle.second_echelon" and rest:
        return words.card(rest)
    if kind == "effect.play" and prefix == "play":
        return _play_words(rest, data, words)
    if kind in ("place.ship", "move.ship", "move.ground", "place.ground", "commander.move"):
        return words.place(key) if kind.endswith("ship") else words.card(key)
    if kind == "battle.order":
        return words.place(key)
    if words.knows(key):
        return words.card(key)
    return _("option")


def _attack_words(key: str, words: Words) -> str:
    attacker, _sep, rest = key.partition(":")
    if rest == "nova":
        return _("%(by)s: the Nova") % {"by": words.card(attacker)}
    mount, _sep, targets = rest.partition(">")
    return _("%(by)s: %(weapon)s → %(targets)s") % {
        "by": words.card(attacker),
        "weapon": weapon_label(mount),
        "targets": words.cards(targets.split(",")) if targets else "—",
    }


def _play_words(rest: str, data: OptionFacts, words: Words) -> str:
    effect, _sep, target = rest.partition(">")
    play = data if isinstance(data, PlayFacts) else None
    source = str((play and play.source) or effect.split(":")[0])
    if source.startswith("cmdr."):  # the Commander's own ability (``effect_play``)
        return _("use the Commander's ability")
    card = words.card(source) if words.knows(source) else _("a card")
    target = str((play and play.target) or target or "")
    if target:
        return _("play %(card)s on %(target)s") % {"card": card, "target": words.card(target)}
    return _("play %(card)s") % {"card": card}


_PREFIXED_CARD = frozenset({"commerce.run", "battle.withdraw", "battle.second_echelon"})


def _card_uid(kind: str, key: str, data: OptionFacts, words: Words) -> str | None:
    """The card an option is naturally picked by clicking, or None."""
    if kind in ("setup.build", "production.build"):
        return data.card if isinstance(data, BuildFacts) and data.complete else None
    if kind in ("battle.attack", "battle.counter_fire", "battle.nova_targets", "effect.play"):
        return None
    _prefix, _sep, rest = key.partition(":")
    uid = rest if rest and kind in _PREFIXED_CARD else key
    return uid if words.knows(uid) else None


def _tell_equal_labels_apart(options: list[OptionView]) -> None:
    """Two copies of a card read the same: number them («Страж» (1), «Страж» (2))."""
    seen: dict[str, int] = {}
    for option in options:
        seen[option.label] = seen.get(option.label, 0) + 1
    counts: dict[str, int] = {}
    for position, option in enumerate(options):
        if seen[option.label] > 1:
            counts[option.label] = counts.get(option.label, 0) + 1
            options[position] = replace(
                option,
                label=_("%(label)s, copy %(number)s")
                % {"label": option.label, "number": counts[option.label]},
            )


__all__ = [
    "PASS_KEYS",
    "DecisionView",
    "OptionGroup",
    "OptionView",
    "decision_view",
    "option_words",
    "sector_label",
]
