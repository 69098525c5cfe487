from django.db import migrations, models

import companion.models


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0008_invites_memberships"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="version",
            field=models.CharField(
                default=companion.models.new_version, editable=False, max_length=16, verbose_name="version"
            ),
        ),
    ]
