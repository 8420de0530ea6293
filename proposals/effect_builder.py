"""The effect builder: one card effect (docs/effects.md) as a form — the moment, its cost and
condition, the cards it acts on and up to ``MAX_ACTIONS`` actions — so a player builds effects
by choosing from the language's vocabulary, never by typing JSON.

``effect_of(cleaned)`` turns a filled form into the effect's data and ``effect_initial(data)``
an effect back into the form's values. The form checks nothing of the language itself: the
card goes through the engine's one check (``card_from_dict``), and each problem it names
(``effects.0.targets.side``) is put on the input showing that part (``field_for``). An effect
the form cannot show whole (a list of windows, ``any_of``, a count condition, a search among
several kinds) is kept as it is, as data, shown in words, and can be removed — never silently
changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from komandor.rules.effect_schema import effect_to_dict, read_effects
from proposals import effect_words as words

MAX_ACTIONS = 3
MAX_EFFECTS = 6
TRI = [("", "—"), *words.choices(words.YES_NO)]
FROM_CODES = ("deck", "losses", "hand", "play")
# Which parameters each action takes (the engine's ``_ACTION_KEYS``, by the form's names).
PARAMS: dict[str, tuple[str, ...]] = {
    "damage": ("amount",),
    "repair": ("amount", "all"),
    "modify": ("stat", "by", "until"),
    "tap": (),
    "untap": (),
    "move": ("to",),
    "destroy": (),
    "draw": ("count", "player"),
    "search": ("from", "select_kind", "select_size", "count"),
    "to_deck": ("from", "select_kind", "select_size", "count"),
    "enter": (),
    "gain": ("resources", "action_tokens", "player"),
    "lose": ("resources", "action_tokens", "player"),
    "initiative": ("by", "until"),
    "cancel": (),
    "permit": ("rule", "until"),
    "forbid": ("rule", "card", "player", "until"),
    "reroll": ("count", "purposes", "until"),
    "victory": ("victory",),
}
ACTION_PARAMS = (
    "amount",
    "all",
    "stat",
    "by",
    "until",
    "count",
    "player",
    "from",
    "select_kind",
    "select_size",
    "resources",
    "action_tokens",
    "to",
    "rule",
    "card",
    "purposes",
    "victory",
)
PARAM_ACTIONS = {
    param: tuple(do for do, params in PARAMS.items() if param in params) for param in ACTION_PARAMS
}
MAIN_TARGET_FIELDS = ("t_side", "t_is", "t_kind", "t_size", "t_count", "t_all", "t_chooser")
MORE_TARGET_FIELDS = (
    "t_in",
    "t_zone",
    "t_damaged",
    "t_tapped",
    "t_weapon",
    "t_property",
    "t_object_type",
    "t_class",
    "t_name",
)
CONDITION_INPUTS = (
    "c_range",
    "c_site",
    "c_role",
    "c_attack_by",
    "c_attack_weapon",
    "c_destroyed",
    "c_turn",
    "c_self_damaged",
    "c_self_in",
    "c_self_object_type",
)
# Effect part (as the engine's paths name it) -> the form input showing it.
TARGET_FIELDS = {
    "side": "t_side",
    "is": "t_is",
    "kind": "t_kind",
    "size": "t_size",
    "class": "t_class",
    "name": "t_name",
    "object_type": "t_object_type",
    "damaged": "t_damaged",
    "tapped": "t_tapped",
    "weapon": "t_weapon",
    "property": "t_property",
    "in": "t_in",
    "zone": "t_zone",
    "count": "t_count",
    "chooser": "t_chooser",
}
CONDITION_FIELDS = {
    "range": "c_range",
    "site": "c_site",
    "role": "c_role",
    "turn": "c_turn",
    "destroyed": "c_destroyed",
    "attack": "c_attack_by",
    "self": "c_self_damaged",
}


def _choice(label, options, **kwargs) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, required=False, choices=[("", "—"), *options], **kwargs)


def _checks(label, options) -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=label, required=False, choices=options, widget=forms.CheckboxSelectMultiple
    )


def _number(label, *, signed: bool = False, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, required=False, min_value=-99 if signed else 0, max_value=99, **kwargs
    )


def _action_fields(slot: int) -> dict[str, forms.Field]:
    v = words.VOCABULARY
    fields: dict[str, forms.Field] = {
        "do": _choice(_("Action"), words.choices(words.ACTIONS, v["do"])),
        "amount": _number(_("How much")),
        "all": forms.BooleanField(label=_("All of it"), required=False),
        "stat": _choice(_("Stat"), words.choices(words.STATS, v["stat"])),
        "by": _number(_("By (+ or −)"), signed=True),
        "until": _choice(_("How long"), words.choices(words.UNTIL, v["until"])),
        "count": _number(_("How many cards")),
        "player": _choice(_("Which player"), words.choices(words.PLAYERS, v["player"])),
        "from": _choice(_("From"), words.choices(words.FROM, FROM_CODES)),
        "select_kind": _choice(_("Cards of kind"), words.choices(words.KINDS, v["kind"])),
        "select_size": _choice(_("Ships of size"), words.choices(words.SIZES)),
        "resources": _number(_("Resources")),
        "action_tokens": _number(_("Action tokens")),
        "to": _choice(_("Where to"), words.choices(words.MOVE_TO)),
        "rule": _choice(_("Rule"), words.choices(words.RULES, v["rule"])),
        "card": forms.CharField(label=_("Card (by name)"), required=False, max_length=200),
        "purposes": _checks(_("Rolls"), words.choices(words.PURPOSES, v["purposes"])),
        "victory": _choice(_("Victory condition"), words.choices(words.VICTORIES, v["victory"])),
    }
    return {f"a{slot}_{name}": field for name, field in fields.items()}


class EffectForm(forms.Form):
    """One effect. Empty (nothing chosen), it is no effect; ``raw`` holds an effect the form
    cannot show whole, kept as it is."""

    v = words.VOCABULARY
    variant = forms.TypedChoiceField(
        label=_("Variant"),
        required=False,
        choices=[("1", _("Variant 1")), ("2", _("Variant 2"))],
        coerce=int,
        empty_value=1,  # type: ignore[arg-type]  # the stubs say str; Django takes any value
        help_text=_("An ability card has two variants; each holds its own effects."),
    )
    when = _choice(_("When"), words.choices(words.WHEN, v["when"]))
    cost_action_tokens = _number(_("Pay action tokens"))
    cost_resources = _number(_("Pay resources"))
    cost_roll = forms.IntegerField(
        label=_("Roll a D6, at least"), required=False, min_value=1, max_value=6
    )
    stacks = forms.BooleanField(
        label=_("May be used again while in force (the text says so)"), required=False
    )
    c_range = _checks(_("Only at range"), words.choices(words.RANGES, v["range"]))
    c_site = _choice(_("Only where the battle is"), words.choices(words.SITES, v["site"]))
    c_role = _choice(_("Only when the player"), words.choices(words.ROLES, v["role"]))
    c_attack_by = _choice(_("Only for an attack by"), words.choices(words.OWN_ENEMY))
    c_attack_weapon = _checks(
        _("Only for an attack with"), words.choices(words.WEAPONS, v["weapon"])
    )
    c_destroyed = _choice(_("Only when the destroyed ship is"), words.choices(words.OWN_ENEMY))
    c_turn = _number(_("Only from turn"))
    c_self_damaged = forms.ChoiceField(
        label=_("Only if this card is damaged"), required=False, choices=TRI
    )
    c_self_in = _choice(
        _("Only if this card is"), [("orbit", _("in an orbit")), ("sector", _("in a sector"))]
    )
    c_self_object_type = _choice(
        _("Only if it is on the orbit of"), words.choices(words.OBJECT_TYPES, v["object_type"])
    )
    t_side = _choice(_("Whose cards"), words.choices(words.SIDES, v["side"]))
    t_is = _choice(_("Or one card"), words.choices(words.SPECIFIC, v["is"]))
    t_kind = _checks(_("Of kind"), words.choices(words.KINDS, v["kind"]))
    t_size = _checks(_("Of size"), words.choices(words.SIZES))
    t_count = _number(_("How many"), help_text=_("Empty: one."))
    t_all = forms.BooleanField(label=_("All of them"), required=False)
    t_chooser = _choice(_("Who chooses"), words.choices(words.CHOOSERS, v["chooser"]))
    t_in = _choice(_("Where"), words.choices(words.PLACES, v["in"]))
    t_zone = _choice(_("Zone"), words.choices(words.ZONES, v["zone"]))
    t_damaged = forms.ChoiceField(label=_("Damaged"), required=False, choices=TRI)
    t_tapped = forms.ChoiceField(label=_("Turned (tapped)"), required=False, choices=TRI)
    t_weapon = _choice(_("Carrying the weapon"), words.choices(words.WEAPONS, v["weapon"]))
    t_property = _choice(_("Having the property"), words.choices(words.PROPERTIES, v["property"]))
    t_object_type = _checks(_("Object type"), words.choices(words.OBJECT_TYPES, v["object_type"]))
    t_class = forms.CharField(label=_("Ship class (by name)"), required=False, max_length=200)
    t_name = forms.CharField(label=_("Card name"), required=False, max_length=200)
    raw = forms.CharField(required=False, widget=forms.HiddenInput, max_length=20_000)
    del v

    def clean_raw(self) -> Any:
        text = self.cleaned_data.get("raw") or ""
        if not text.strip():
            return None
        try:
            value = json.loads(text)
        except ValueError as error:
            raise forms.ValidationError(
                _("This kept effect is not readable data."), "bad_raw"
            ) from error
        if not isinstance(value, dict):
            raise forms.ValidationError(_("This kept effect is not readable data."), "bad_raw")
        return value

    def effect(self) -> dict[str, Any] | None:
        """The effect this form holds (``None``: an empty form, or one marked for removal)."""
        cleaned = getattr(self, "cleaned_data", {})
        if cleaned.get("DELETE"):
            return None
        if cleaned.get("raw"):
            return cleaned["raw"]
        return effect_of(cleaned)

    def action_slots(self) -> list[dict[str, Any]]:
        """Each action slot for the template: its ``do`` input and its parameters, each with
        the actions that take it (``for``: codes for the script, ``for_words`` for a page
        without it)."""
        return [
            {
                "number": slot + 1,
                "do": self[f"a{slot}_do"],
                "filled": bool(self[f"a{slot}_do"].value()),
                "params": [
                    {
                        "field": self[f"a{slot}_{name}"],
                        "for": " ".join(PARAM_ACTIONS[name]),
                        "for_words": ", ".join(
                            str(words.ACTIONS[do]) for do in PARAM_ACTIONS[name]
                        ),
                    }
                    for name in ACTION_PARAMS
                ],
            }
            for slot in range(MAX_ACTIONS)
        ]

    def condition_given(self) -> bool:
        return any(self[name].value() for name in CONDITION_INPUTS)

    def targets_more_given(self) -> bool:
        return any(self[name].value() for name in MORE_TARGET_FIELDS)

    def inputs(self, names: tuple[str, ...]) -> list[forms.BoundField]:
        return [self[name] for name in names]

    def main_targets(self) -> list[forms.BoundField]:
        return self.inputs(MAIN_TARGET_FIELDS)

    def more_targets(self) -> list[forms.BoundField]:
        return self.inputs(MORE_TARGET_FIELDS)

    def conditions(self) -> list[forms.BoundField]:
        return self.inputs(CONDITION_INPUTS)

    def moment(self) -> list[forms.BoundField]:
        return self.inputs(("when", "cost_action_tokens", "cost_resources", "cost_roll", "stacks"))

    def raw_effect(self) -> dict[str, Any] | None:
        value = self["raw"].value()
        if not value:
            return None
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None


# The action slots' inputs (``a0_do``, ``a0_amount`` …), after the effect's own.
for _slot in range(MAX_ACTIONS):
    EffectForm.base_fields.update(_action_fields(_slot))


def _tri(value: str) -> bool | None:
    return {"yes": True, "no": False}.get(value or "")


def _one_or_list(values: list[str]) -> str | list[str]:
    return values[0] if len(values) == 1 else list(values)


def _given(value: Any) -> bool:
    return value not in (None, "", [], False)


def effect_of(cleaned: Mapping[str, Any]) -> dict[str, Any] | None:
    """The effect a filled form states, in the language's data; ``None`` if nothing is filled.
    Parts left empty are left out (the engine says what a required part lacks)."""
    effect: dict[str, Any] = {}
    if cleaned.get("when"):
        effect["when"] = cleaned["when"]
    cost = {
        key: cleaned.get(f"cost_{key}")
        for key in ("action_tokens", "resources", "roll")
        if _given(cleaned.get(f"cost_{key}"))
    }
    if cost:
        effect["cost"] = cost
    condition = _condition_of(cleaned)
    if condition:
        effect["condition"] = condition
    targets = _targets_of(cleaned)
    if targets:
        effect["targets"] = targets
    actions = [action for slot in range(MAX_ACTIONS) if (action := _action_of(cleaned, slot))]
    if actions:
        effect["actions"] = actions
    if cleaned.get("stacks"):
        effect["stacks"] = True
    if not effect:
        return None
    effect.setdefault("actions", [])
    return effect


def _condition_of(cleaned: Mapping[str, Any]) -> dict[str, Any]:
    condition: dict[str, Any] = {}
    if cleaned.get("c_range"):
        condition["range"] = _one_or_list(cleaned["c_range"])
    for key in ("site", "role", "destroyed"):
        if cleaned.get(f"c_{key}"):
            condition[key] = cleaned[f"c_{key}"]
    attack: dict[str, Any] = {}
    if cleaned.get("c_attack_by"):
        attack["by"] = cleaned["c_attack_by"]
    if cleaned.get("c_attack_weapon"):
        attack["weapon"] = _one_or_list(cleaned["c_attack_weapon"])
    if attack:
        condition["attack"] = attack
    own: dict[str, Any] = {}
    if _tri(cleaned.get("c_self_damaged", "")) is not None:
        own["damaged"] = _tri(cleaned["c_self_damaged"])
    if cleaned.get("c_self_in"):
        own["in"] = cleaned["c_self_in"]
    if cleaned.get("c_self_object_type"):
        own["object_type"] = cleaned["c_self_object_type"]
    if own:
        condition["self"] = own
    if _given(cleaned.get("c_turn")):
        condition["turn"] = {"min": cleaned["c_turn"]}
    return condition


def _targets_of(cleaned: Mapping[str, Any]) -> dict[str, Any]:
    targets: dict[str, Any] = {}
    for key in ("side", "is", "class", "name", "weapon", "property", "in", "zone", "chooser"):
        value = cleaned.get(TARGET_FIELDS[key])
        if value:
            targets[key] = value.strip() if isinstance(value, str) else value
    for key in ("kind", "size", "object_type"):
        if cleaned.get(TARGET_FIELDS[key]):
            targets[key] = _one_or_list(cleaned[TARGET_FIELDS[key]])
    for key in ("damaged", "tapped"):
        flag = _tri(cleaned.get(TARGET_FIELDS[key], ""))
        if flag is not None:
            targets[key] = flag
    if cleaned.get("t_all"):
        targets["count"] = "all"
    elif _given(cleaned.get("t_count")):
        targets["count"] = cleaned["t_count"]
    return targets


def _action_of(cleaned: Mapping[str, Any], slot: int) -> dict[str, Any] | None:
    def get(name: str) -> Any:
        return cleaned.get(f"a{slot}_{name}")

    do = get("do")
    if not do:
        return None
    action: dict[str, Any] = {"do": do}
    params = PARAMS.get(do, ())
    for name in ("stat", "until", "player", "to", "rule", "victory"):
        if name in params and get(name):
            action["condition" if name == "victory" else name] = get(name)
    for name in ("amount", "by", "count", "resources", "action_tokens"):
        if name in params and _given(get(name)):
            action[name] = get(name)
    if "all" in params and get("all"):
        action["amount"] = "all"
    if "from" in params and get("from"):
        action["from"] = get("from")
    select = {}
    if "select_kind" in params and get("select_kind"):
        select["kind"] = get("select_kind")
    if "select_size" in params and get("select_size"):
        select["size"] = get("select_size")
    if select:
        action["select"] = select
    if "card" in params and (get("card") or "").strip():
        action["card"] = get("card").strip()
    if "purposes" in params and get("purposes"):
        action["purposes"] = list(get("purposes"))
    return action


def effect_initial(effect: Mapping[str, Any], *, kind: str) -> dict[str, Any]:
    """The form's values for ``effect`` (canonical data); an effect the form cannot show whole
    comes back as ``{"raw": its JSON}``, kept as it is."""
    values = _initial(effect)
    if values is not None and _canonical([effect_of(values)], kind) == _canonical(
        [dict(effect)], kind
    ):
        return values
    return {"raw": json.dumps(effect, ensure_ascii=False)}


def _canonical(effects: list[Any], kind: str) -> Any:
    specs, problems = read_effects(effects, "effects", kind=kind)
    return [effect_to_dict(spec) for spec in specs] if not problems else ("bad", effects)


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _initial(effect: Mapping[str, Any]) -> dict[str, Any] | None:
    if not isinstance(effect.get("when"), str) or len(effect.get("actions") or ()) > MAX_ACTIONS:
        return None
    values: dict[str, Any] = {"when": effect["when"], "stacks": bool(effect.get("stacks"))}
    for key, value in (effect.get("cost") or {}).items():
        values[f"cost_{key}"] = value
    condition = effect.get("condition") or {}
    if not isinstance(condition, Mapping):
        return None
    if "range" in condition:
        values["c_range"] = _listed(condition["range"])
    for key in ("site", "role", "destroyed"):
        if key in condition:
            values[f"c_{key}"] = condition[key]
    attack = condition.get("attack") or {}
    if "by" in attack:
        values["c_attack_by"] = attack["by"]
    if "weapon" in attack:
        values["c_attack_weapon"] = _listed(attack["weapon"])
    own = condition.get("self") or {}
    if "damaged" in own:
        values["c_self_damaged"] = "yes" if own["damaged"] else "no"
    if "in" in own:
        values["c_self_in"] = own["in"]
    if "object_type" in own:
        values["c_self_object_type"] = own["object_type"]
    if "turn" in condition:
        values["c_turn"] = (condition["turn"] or {}).get("min")
    targets = effect.get("targets") or {}
    for key, value in targets.items():
        if key in ("kind", "size", "object_type"):
            values[TARGET_FIELDS[key]] = _listed(value)
        elif key in ("damaged", "tapped"):
            values[TARGET_FIELDS[key]] = "yes" if value else "no"
        elif key == "count":
            values["t_all" if value == "all" else "t_count"] = True if value == "all" else value
        elif key in TARGET_FIELDS:
            values[TARGET_FIELDS[key]] = value
    for slot, action in enumerate(effect.get("actions") or ()):
        for key, value in action.items():
            name = {"condition": "victory"}.get(key, key)
            if key == "amount" and value == "all":
                values[f"a{slot}_all"] = True
            elif key == "select":
                for part, item in (value or {}).items():
                    values[f"a{slot}_select_{part}"] = item
            else:
                values[f"a{slot}_{name}"] = value
    return values


def field_for(path: str, action_slots: list[int]) -> str | None:
    """The form input showing the part of one effect at ``path`` (relative to the effect:
    ``targets.side``, ``actions.1.amount``, ``cost.roll``); ``action_slots`` maps the effect's
    action index to its slot in the form. ``None``: the effect as a whole."""
    head, _, rest = path.partition(".")
    part = rest.split(".")[0] if rest else ""
    if head == "when":
        return "when"
    if head == "stacks":
        return "stacks"
    if head == "cost" and part:
        return f"cost_{part}"
    if head == "targets":
        return TARGET_FIELDS.get(part, "t_side") if part else "t_side"
    if head == "condition":
        if part == "attack" and "weapon" in rest:
            return "c_attack_weapon"
        if part == "self":
            sub = rest.split(".")[1] if rest.count(".") >= 1 else "damaged"
            return {"in": "c_self_in", "object_type": "c_self_object_type"}.get(
                sub, "c_self_damaged"
            )
        return CONDITION_FIELDS.get(part)
    if head == "actions":
        if not part.isdigit() or int(part) >= len(action_slots):
            return "a0_do"
        slot = action_slots[int(part)]
        param = rest.split(".")[1] if rest.count(".") >= 1 else "do"
        param = {"condition": "victory", "select": "select_kind"}.get(param, param)
        return f"a{slot}_{param}" if param in ("do", *ACTION_PARAMS) else f"a{slot}_do"
    return None


def action_slots_used(cleaned: Mapping[str, Any]) -> list[int]:
    return [slot for slot in range(MAX_ACTIONS) if cleaned.get(f"a{slot}_do")]


class _EffectsFormSet(forms.BaseFormSet):
    def add_fields(self, form: forms.Form, index: int | None) -> None:
        super().add_fields(form, index)
        form.fields["DELETE"].label = _("Remove this effect")


EffectFormSet = forms.formset_factory(
    EffectForm,
    formset=_EffectsFormSet,
    extra=1,
    max_num=MAX_EFFECTS,
    validate_max=True,
    can_delete=True,
)
