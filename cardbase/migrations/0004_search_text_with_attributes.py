"""``search_text`` now also holds the words of ``attributes``: recompute it for every row."""

from django.db import migrations

MODELS = ("Card", "Race", "Tech", "Sector", "Advisor", "Component")


def recompute(apps, schema_editor):
    from cardbase.models import search_text_of

    for name in MODELS:
        model = apps.get_model("cardbase", name)
        rows = list(model.objects.all())
        for row in rows:
            row.search_text = search_text_of(row)
        model.objects.bulk_update(rows, ["search_text"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("cardbase", "0003_catalogue_version")]
    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
