"""Catalogue models: five games and every component their rule books name.

Every row records its source (rule book file and section). Rows loaded from the shipped data
files also record the file (``content_file``) so the loader can remove rows whose entry was
deleted; rows created in the admin have an empty ``content_file`` and are left alone.
"""

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardbase.card_images import card_image_validator
from cardbase.terms import term_lazy
from komandor.rules.cards import CardKind, Rarity
from komandor.rules.names import fold_text
from komandor.words.terms import CARD_KINDS, RARITIES


class Game(models.Model):
    slug = models.SlugField(_("slug"), max_length=40, unique=True)
    name_ru = models.CharField(_("Russian name"), max_length=200)
    name_en = models.CharField(_("English name"), max_length=200, blank=True)
    rule_book = models.CharField(_("rule book file"), max_length=100)
    description = models.TextField(_("description"), blank=True)
    description_en = models.TextField(_("description (English)"), blank=True)
    sort_order = models.PositiveSmallIntegerField(_("sort order"), default=0)

    class Meta:
        ordering = ["sort_order", "slug"]
        verbose_name = _("game")
        verbose_name_plural = pgettext_lazy("model", "games")

    def __str__(self) -> str:
        return self.name_ru

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


class Origin(models.TextChoices):
    """Whose content a row is: the game's rule book, this project's own design, or a printed
    card entered by players from the card in their hands (a proposal with its photo, checked
    by a publisher: ``proposals``)."""

    BOOK = "book", _("from the rule book")
    PROJECT = "project", _("this project's design, not from the rule book")
    PLAYERS = "players", _("printed card, entered by players")


class Sourced(models.Model):
    """Where a row comes from: the rule book and the section of it that states the row, or —
    with ``origin`` ``project`` — this project's own design, which no book section states."""

    origin = models.CharField(
        _("origin"), max_length=10, choices=Origin.choices, default=Origin.BOOK, db_index=True
    )
    source_book = models.CharField(_("source rule book"), max_length=100, blank=True)
    source_section = models.CharField(_("source section"), max_length=300, blank=True)
    source_quote = models.TextField(_("words of the book"), blank=True)
    content_file = models.CharField(_("data file"), max_length=200, blank=True, editable=False)

    class Meta:
        abstract = True

    @property
    def is_project_design(self) -> bool:
        return self.origin == Origin.PROJECT

    @property
    def is_entered_by_players(self) -> bool:
        return self.origin == Origin.PLAYERS

    def clean(self) -> None:
        """A row from the book names the book and its section; the project's own rows and the
        players' cite none (a players' card names who entered it: ``Card.clean``)."""
        super().clean()
        if self.origin == Origin.BOOK:
            missing = {
                name: ValidationError(_("A row from the rule book names its source."), "required")
                for name in ("source_book", "source_section")
                if not getattr(self, name).strip()
            }
            if missing:
                raise ValidationError(missing)


class CatalogueEntry(Sourced):
    """Shared shape of every catalogue kind: a keyed, named, described thing of one game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, verbose_name=_("game"))
    key = models.SlugField(_("key"), max_length=120, allow_unicode=False)
    name_ru = models.CharField(_("Russian name"), max_length=300)
    name_en = models.CharField(_("English name"), max_length=300, blank=True)
    text = models.TextField(_("text"), blank=True)
    attributes = models.JSONField(_("attributes"), default=dict, blank=True)
    # ё/е-folded, lower-cased copy of names and text: SQLite's lower() knows only ASCII, and
    # PostgreSQL's Russian dictionary does not fold ё, so both search this column.
    search_text = models.TextField(editable=False, blank=True, default="")

    class Meta:
        abstract = True
        ordering = ["game__sort_order", "name_ru"]

    def __str__(self) -> str:
        return self.name_ru

    def save(self, *args, **kwargs) -> None:
        # A derived column, not domain flow: it must follow the text on every write path.
        self.search_text = search_text_of(self)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_text"}
        super().save(*args, **kwargs)


def search_text_of(entry: "CatalogueEntry") -> str:
    """The folded text a search runs over: names, text and the words of ``attributes``; for a
    Komandor card also its weapons' and properties' names and its rendered rules text. (By the
    model's name, not its class, so a migration's historical rows derive the same text.)"""
    parts = [entry.name_ru, entry.name_en, entry.text, *attribute_words(entry.attributes)]
    if _is_komandor_card(entry):
        from cardbase.services.komandor import komandor_search_words

        parts += komandor_search_words(entry.attributes)
    return fold_text(" ".join(part for part in parts if part))


def _is_komandor_card(entry: "CatalogueEntry") -> bool:
    return (
        entry._meta.model_name == "card"
        and entry.game_id is not None
        and entry.game.slug == "komandor"
    )


def attribute_words(value: object, key: str = "") -> list[str]:
    """Every string and number in ``attributes`` (a homeworld, an ability line, a ship class),
    so the search finds what is stored only there. Values under ``…_quote`` keys (the book's
    words kept as evidence) are left out: a search matches facts, not citations."""
    if key.endswith("_quote") or value is None or isinstance(value, bool):
        return []
    if isinstance(value, dict):
        return [word for k, v in value.items() for word in attribute_words(v, str(k))]
    if isinstance(value, list | tuple):
        return [word for item in value for word in attribute_words(item, key)]
    return [str(value)]


class Release(Sourced):
    """A set, edition or expansion of a game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="releases")
    code = models.SlugField(_("code"), max_length=40)
    name_ru = models.CharField(_("Russian name"), max_length=200)
    name_en = models.CharField(_("English name"), max_length=200, blank=True)
    year = models.PositiveSmallIntegerField(_("year"), null=True, blank=True)

    class Meta:
        ordering = ["game__sort_order", "year", "code"]
        verbose_name = _("release")
        verbose_name_plural = _("releases")
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="release_unique_code_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.name_ru} ({self.code})"


class CardType(models.TextChoices):
    """Every game's card kinds: Komandor's are the engine's ``CardKind`` (a test keeps the two
    equal); the other games' are the decks their books name."""

    # Komandor's: the words of the engine's one table (komandor/words/terms.py).
    SHIP = "ship", term_lazy(CARD_KINDS, CardKind.SHIP)
    SPACE_OBJECT = "space_object", term_lazy(CARD_KINDS, CardKind.SPACE_OBJECT)
    GROUND_UNIT = "ground_unit", term_lazy(CARD_KINDS, CardKind.GROUND_UNIT)
    MILITARY_BUILDING = "military_building", term_lazy(CARD_KINDS, CardKind.MILITARY_BUILDING)
    CIVIL_BUILDING = "civil_building", term_lazy(CARD_KINDS, CardKind.CIVIL_BUILDING)
    TACTICAL = "tactical", term_lazy(CARD_KINDS, CardKind.TACTICAL)
    SITUATION = "situation", term_lazy(CARD_KINDS, CardKind.SITUATION)
    UPGRADE = "upgrade", term_lazy(CARD_KINDS, CardKind.UPGRADE)
    COMMANDER = "commander", term_lazy(CARD_KINDS, CardKind.COMMANDER)
    ABILITY = "ability", term_lazy(CARD_KINDS, CardKind.ABILITY)
    # Master of Orion
    BUILDING = "building", pgettext_lazy("card kind", "building (Master of Orion)")
    # Master of the Galaxy: two groups of three decks
    DEVELOPMENT = "development", pgettext_lazy("card kind", "development (Master of the Galaxy)")
    EXPANSION = "expansion", pgettext_lazy("card kind", "expansion (Master of the Galaxy)")
    COMMERCE = "commerce", pgettext_lazy("card kind", "commerce (Master of the Galaxy)")
    PROGRESS = "progress", pgettext_lazy("card kind", "progress (Master of the Galaxy)")
    LEADER = "leader", pgettext_lazy("card kind", "leader (Master of the Galaxy)")
    CONFLICT = "conflict", pgettext_lazy("card kind", "conflict (Master of the Galaxy)")
    GOVERNMENT = "government", pgettext_lazy("card kind", "government (Master of the Galaxy)")


class CardRarity(models.TextChoices):
    """Komandor's four rarities (RARITY-3); the other games print none."""

    COMMON = "common", term_lazy(RARITIES, Rarity.COMMON)
    RARE = "rare", term_lazy(RARITIES, Rarity.RARE)
    VERY_RARE = "very_rare", term_lazy(RARITIES, Rarity.VERY_RARE)
    UNIQUE = "unique", term_lazy(RARITIES, Rarity.UNIQUE)


class LiveCardManager(models.Manager):
    """Cards players can find and build with: retired cards are left out."""

    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(retired=False)


class Card(CatalogueEntry):
    """A card of any of the five games.

    ``card_type`` comes from that game's own list of card kinds. For Komandor cards the
    structured stats live in ``attributes`` in the engine's card-schema form
    (``komandor.rules.cards``), validated on every write path.

    A card that decks use is never deleted: when its entry leaves the data files it is
    ``retired``. ``Card.objects`` (what the pages, search, API and deck builder read) leaves
    retired cards out; ``Card.all_objects`` — the default and base manager, so the admin, the
    loader and a deck's own card links — keeps them, so old decks and matches still open.
    """

    release = models.ForeignKey(
        Release, on_delete=models.PROTECT, null=True, blank=True, related_name="cards"
    )
    collector_number = models.CharField(_("collector number"), max_length=20, blank=True)
    card_type = models.CharField(
        _("card type"), max_length=60, db_index=True, choices=CardType.choices
    )
    rarity = models.CharField(
        _("rarity"), max_length=30, blank=True, db_index=True, choices=CardRarity.choices
    )
    cost = models.IntegerField(_("cost"), null=True, blank=True, db_index=True)
    copies = models.PositiveIntegerField(
        _("copies in the game box"),
        null=True,
        blank=True,
        help_text=_("How many copies of this card the rule book says the game contains."),
    )
    retired = models.BooleanField(
        _("retired"),
        default=False,
        help_text=_("Gone from the data files but kept for the decks that use it."),
    )
    # The card's picture: the digest of an image kept by ``cardbase.card_images`` (a photo of
    # the printed card, or one an editor uploaded), never a path anyone typed.
    image = models.CharField(
        _("image"),
        max_length=64,
        blank=True,
        db_index=True,
        validators=[card_image_validator],
        help_text=_("The card's image, by its digest (set by uploading a photo)."),
    )
    entered_by = models.CharField(
        _("entered by"),
        max_length=150,
        blank=True,
        help_text=_("A printed card entered by players: who proposed it."),
    )
    effects_gap = models.TextField(
        _("text the effect language cannot write"),
        blank=True,
        help_text=_(
            "The part of the printed text no effect expresses yet; that part is not played."
        ),
    )

    objects = LiveCardManager()
    all_objects = models.Manager()  # noqa: DJ012 (a manager, not a field)

    class Meta(CatalogueEntry.Meta):
        default_manager_name = "all_objects"
        base_manager_name = "all_objects"
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="card_unique_key_per_game"),
            models.UniqueConstraint(
                fields=["release", "collector_number"],
                condition=~models.Q(collector_number=""),
                name="card_unique_collector_number_per_release",
            ),
        ]
        indexes = [models.Index(fields=["game", "card_type"])]

    def clean(self) -> None:
        super().clean()
        if self.origin == Origin.PLAYERS and not self.entered_by.strip():
            raise ValidationError(
                {
                    "entered_by": ValidationError(
                        _("A players' card names who entered it."), "required"
                    )
                }
            )


class Race(CatalogueEntry):
    class Meta(CatalogueEntry.Meta):
        verbose_name = _("race")
        verbose_name_plural = _("races")
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="race_unique_key_per_game")
        ]


class Tech(CatalogueEntry):
    class Meta(CatalogueEntry.Meta):
        verbose_name = _("technology")
        verbose_name_plural = _("technologies")
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="tech_unique_key_per_game")
        ]


class Sector(CatalogueEntry):
    class Meta(CatalogueEntry.Meta):
        verbose_name = _("sector")
        verbose_name_plural = _("sectors")
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="sector_unique_key_per_game")
        ]


class Advisor(CatalogueEntry):
    class Meta(CatalogueEntry.Meta):
        verbose_name = _("advisor")
        verbose_name_plural = _("advisors")
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="advisor_unique_key_per_game")
        ]


class ComponentKind(models.TextChoices):
    """Further kinds of component the rule books name, beyond cards, races, techs, sectors
    and advisors. Each kind has its own API list (``/api/components/?kind=…`` and an alias)."""

    CONTINENT = "continent", _("continent")
    TERRITORY = "territory", _("territory")
    FACTION = "faction", _("faction")
    SCAR = "scar", _("scar")
    CITY = "city", _("city kind")
    REWARD = "reward", _("winner reward")
    DISCOVERY = "discovery", _("discovery")
    SHIP_PART = "ship_part", _("ship part")
    ANCIENT_SHIP = "ancient_ship", _("ancient ship")
    DEVELOPMENT = "development", _("development")
    DECK = "deck", _("deck")
    CARD_KIND = "card_kind", _("card kind")
    RESOURCE = "resource", _("resource")
    SYMBOL = "symbol", _("symbol")
    BUILDING = "building", _("building")
    WEAPON = "weapon", _("weapon system")
    PROPERTY = "property", _("ship property")
    ZONE = "zone", _("game zone")
    TOKEN = "token", _("token")
    PHASE = "phase", _("phase")
    OTHER = "other", _("other component")


class Component(CatalogueEntry):
    kind = models.CharField(_("kind"), max_length=30, choices=ComponentKind.choices, db_index=True)

    class Meta(CatalogueEntry.Meta):
        verbose_name = _("component")
        verbose_name_plural = _("components")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "kind", "key"], name="component_unique_key_per_game_kind"
            )
        ]


class StatedCount(Sourced):
    """A total the rule book states ("90 building cards"), so what is missing can be shown.

    ``counts`` names which catalogue rows the total is about: the model (``card``, ``race``,
    ``component``…) and field filters, e.g. ``{"model": "card", "filter": {"card_type":
    "building", "attributes__colour": "blue"}}``. ``copies`` totals add up ``Card.copies``.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="stated_counts")
    key = models.SlugField(_("key"), max_length=120)
    label_ru = models.CharField(_("what is counted"), max_length=300)
    label_en = models.CharField(_("what is counted (English)"), max_length=300, blank=True)
    count = models.PositiveIntegerField(_("count stated by the book"))
    counts = models.JSONField(_("which rows it counts"), default=dict, blank=True)

    class Meta:
        ordering = ["game__sort_order", "key"]
        verbose_name = _("stated count")
        verbose_name_plural = _("stated counts")
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="statedcount_unique_key_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.label_ru}: {self.count}"


class CatalogueVersion(models.Model):
    """One row whose ``token`` changes whenever any catalogue table changes.

    Database triggers (migration 0003) write a new random token on every insert, update,
    delete or truncate of a catalogue table — including bulk updates and raw SQL that no Django
    signal sees — so a cache keyed by the token can never serve a stale catalogue. A random
    token rather than a counter: a rolled-back transaction must not hand its number to the next.
    """

    token = models.CharField(max_length=64)

    class Meta:
        verbose_name = _("catalogue version")

    def __str__(self) -> str:
        return self.token


class Draft(models.Model):
    """An editor's change to one catalogue row (or a new row) that players do not see yet.

    ``values`` is the whole row as the editor left it and ``base`` the live row when the draft
    was started (both ``{attname: value}``), so a publisher sees the change as a diff and
    publishing applies only the fields the editor changed. Drafts live outside the catalogue
    tables: saving one moves no catalogue version and no reader needs a filter.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for a publisher")
        CHANGES_REQUESTED = "changes_requested", _("changes asked for")
        PUBLISHED = "published", _("published")
        REJECTED = "rejected", _("rejected")

    class Kind(models.TextChoices):
        EDITOR = "editor", _("an editor's change")
        PROPOSAL = "proposal", _("a player's card proposal")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.EDITOR)
    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE)
    object_id = models.BigIntegerField(_("row"), null=True, blank=True)
    values = models.JSONField(_("values"), default=dict)
    base = models.JSONField(_("live values when started"), default=dict)
    reason = models.TextField(_("reason"), blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(_("started"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last changed"), auto_now=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decision_note = models.TextField(
        _("publisher's reason"),
        blank=True,
        help_text=_("Why it was rejected, or what to change; shown to its author."),
    )

    class Meta:
        ordering = ["-updated_at", "-pk"]
        verbose_name = _("draft")
        verbose_name_plural = _("drafts")
        permissions = [
            ("publish_draft", _("Can publish or reject drafts")),
            ("revert_version", _("Can revert a catalogue row to an earlier version")),
        ]
        constraints = [
            # One editors' draft per row, which editors go on editing; players' proposals are
            # each their own (several players may correct one card).
            models.UniqueConstraint(
                fields=["content_type", "object_id"],
                condition=models.Q(status="pending", object_id__isnull=False, kind="editor"),
                name="draft_one_pending_per_row",
            )
        ]

    def __str__(self) -> str:
        name = self.values.get("name_ru") or self.values.get("label_ru") or self.values.get("key")
        return f"{self.content_type.name}: {name or self.object_id}"


class ChangeSource(models.Model):
    """What made a recorded catalogue revision (django-reversion meta): the admin, a publish,
    a revert, the loader or an import; for a publish, the draft and its author."""

    class Kind(models.TextChoices):
        ADMIN = "admin", _("admin")
        PUBLISH = "publish", _("published draft")
        REVERT = "revert", _("revert")
        LOAD = "load", _("load_content")
        IMPORT = "import", _("import")
        BASELINE = "baseline", _("state before history")

    revision = models.OneToOneField(
        "reversion.Revision", on_delete=models.CASCADE, related_name="source"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    draft = models.ForeignKey(Draft, on_delete=models.SET_NULL, null=True, blank=True)

    class Meta:
        verbose_name = _("change source")

    def __str__(self) -> str:
        return self.get_kind_display()
