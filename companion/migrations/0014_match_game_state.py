"""The match's bonus board becomes what any game keeps between its rounds: the column is renamed,
its contents (Elfer raus!'s board of the game in play) stay."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0013_merge"),
    ]

    operations = [
        migrations.RenameField(model_name="match", old_name="board", new_name="game_state"),
        migrations.AlterField(
            model_name="match",
            name="game_state",
            field=models.JSONField(blank=True, null=True, verbose_name="state of the game in play"),
        ),
    ]
