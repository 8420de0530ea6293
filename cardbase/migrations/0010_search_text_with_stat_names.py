"""A Komandor card's ``search_text`` now also holds its weapons' and properties' names and its
rules text rendered from its effects («плазма» finds «плазменные орудия»): recompute it."""

from django.db import migrations


def recompute(apps, schema_editor):
    from cardbase.models import search_text_of

    card = apps.get_model("cardbase", "Card")
    rows = list(card._default_manager.filter(game__slug="komandor").select_related("game"))
    for row in rows:
        row.search_text = search_text_of(row)
    card._default_manager.bulk_update(rows, ["search_text"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("cardbase", "0009_card_list_and_stat_indexes")]
    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
