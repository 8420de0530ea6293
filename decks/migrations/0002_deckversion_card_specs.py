"""Deck versions keep each card's full engine spec as saved, and the catalogue version then.

Existing versions get the specs of their cards as they are now (the best record there is) and
the current catalogue version token.
"""

from django.db import migrations, models

from decks.card_specs import card_specs_of, snapshot_card_ids


def fill_card_specs(apps, schema_editor):
    DeckVersion = apps.get_model("decks", "DeckVersion")
    Card = apps.get_model("cardbase", "Card")
    CatalogueVersion = apps.get_model("cardbase", "CatalogueVersion")
    row = CatalogueVersion.objects.filter(pk=1).first()
    token = row.token if row else ""
    for version in DeckVersion.objects.all().iterator():
        ids = snapshot_card_ids(version.snapshot)
        specs = card_specs_of(Card.objects.filter(pk__in=ids))
        # Historical models have no custom save(): the immutability guard does not apply here.
        DeckVersion.objects.filter(pk=version.pk).update(card_specs=specs, catalogue_version=token)


class Migration(migrations.Migration):
    dependencies = [
        ("cardbase", "0003_catalogue_version"),
        ("decks", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="deckversion",
            name="card_specs",
            field=models.JSONField(default=dict, verbose_name="card specs as saved"),
        ),
        migrations.AddField(
            model_name="deckversion",
            name="catalogue_version",
            field=models.CharField(blank=True, max_length=64, verbose_name="catalogue version"),
        ),
        migrations.RunPython(fill_card_specs, migrations.RunPython.noop),
    ]
