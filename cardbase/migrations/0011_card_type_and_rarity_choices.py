"""Card kind and rarity become choices. Rows typed by hand before (``Ship``, ``очень редкая``,
``very rare``) are rewritten to the stored code they meant; a value that means no known kind
is kept as it is (the admin asks for a choice on its next save), so no row loses data."""

from django.db import migrations, models

# Spellings editors typed, folded (lower case, ё→е, "-"/" " → "_"), by the code they mean.
# Frozen here: a migration must not follow later changes of the app's own tables.
CARD_TYPE_SPELLINGS = {
    "ship": ("ship", "корабль", "корабли"),
    "space_object": ("space_object", "космический_объект", "объект"),
    "ground_unit": ("ground_unit", "наземный_отряд", "отряд"),
    "military_building": ("military_building", "военная_постройка"),
    "civil_building": ("civil_building", "гражданская_постройка"),
    "tactical": ("tactical", "тактическая", "тактическая_карта"),
    "situation": ("situation", "ситуация"),
    "upgrade": ("upgrade", "улучшение"),
    "commander": ("commander", "командор"),
    "ability": ("ability", "способность"),
    "building": ("building", "сооружение"),
    "development": ("development", "развитие"),
    "expansion": ("expansion", "экспансия"),
    "commerce": ("commerce", "торговля"),
    "progress": ("progress", "прогресс"),
    "leader": ("leader", "лидер"),
    "conflict": ("conflict", "конфликт"),
    "government": ("government", "правительство"),
}
RARITY_SPELLINGS = {
    "common": ("common", "обычная", "c"),
    "rare": ("rare", "редкая", "r"),
    "very_rare": ("very_rare", "очень_редкая", "vr"),
    "unique": ("unique", "уникальная", "u"),
}


def _fold(value: str) -> str:
    return "_".join(value.strip().lower().replace("ё", "е").replace("-", " ").split())


def _codes(spellings: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {spelling: code for code, all_ in spellings.items() for spelling in all_}


def to_codes(apps, schema_editor) -> None:
    Card = apps.get_model("cardbase", "Card")
    for column, spellings in (("card_type", CARD_TYPE_SPELLINGS), ("rarity", RARITY_SPELLINGS)):
        codes = _codes(spellings)
        stored = Card._base_manager.values_list(column, flat=True).distinct()
        for value in list(stored):
            code = codes.get(_fold(value or ""))
            if code is not None and code != value:
                Card._base_manager.filter(**{column: value}).update(**{column: code})


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0010_search_text_with_stat_names"),
    ]

    operations = [
        migrations.RunPython(to_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="card",
            name="card_type",
            field=models.CharField(
                choices=[
                    ("ship", "ship"),
                    ("space_object", "space object"),
                    ("ground_unit", "ground unit"),
                    ("military_building", "military building"),
                    ("civil_building", "civil building"),
                    ("tactical", "tactical"),
                    ("situation", "situation"),
                    ("upgrade", "upgrade"),
                    ("commander", "commander"),
                    ("ability", "ability"),
                    ("building", "building (Master of Orion)"),
                    ("development", "development (Master of the Galaxy)"),
                    ("expansion", "expansion (Master of the Galaxy)"),
                    ("commerce", "commerce (Master of the Galaxy)"),
                    ("progress", "progress (Master of the Galaxy)"),
                    ("leader", "leader (Master of the Galaxy)"),
                    ("conflict", "conflict (Master of the Galaxy)"),
                    ("government", "government (Master of the Galaxy)"),
                ],
                db_index=True,
                max_length=60,
                verbose_name="card type",
            ),
        ),
        migrations.AlterField(
            model_name="card",
            name="rarity",
            field=models.CharField(
                blank=True,
                choices=[
                    ("common", "common"),
                    ("rare", "rare"),
                    ("very_rare", "very rare"),
                    ("unique", "unique"),
                ],
                db_index=True,
                max_length=30,
                verbose_name="rarity",
            ),
        ),
    ]
