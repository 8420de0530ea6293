from django.db import migrations, models
from django.db.models import Max


def latest_versions_shared(apps, schema_editor):
    """Older versions' visibility is unknown, so they count as private; the latest version of
    a deck others can see is exactly what they see now, so it takes the deck's visibility."""
    Deck = apps.get_model("decks", "Deck")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    shared = Deck.objects.exclude(visibility="private").annotate(latest=Max("versions__number"))
    for deck in shared.filter(latest__isnull=False).iterator():
        DeckVersion.objects.filter(deck=deck, number=deck.latest).update(visibility=deck.visibility)


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0003_precons"),
    ]

    operations = [
        migrations.AddField(
            model_name="deckversion",
            name="visibility",
            field=models.CharField(
                choices=[
                    ("private", "private"),
                    ("unlisted", "by link only"),
                    ("public", "public"),
                ],
                default="private",
                max_length=10,
                verbose_name="visibility when saved",
            ),
        ),
        migrations.RunPython(latest_versions_shared, migrations.RunPython.noop),
    ]
