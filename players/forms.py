from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from players.models import Player
from players.names import tidy


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name"]
        labels = {"name": gettext_lazy("Name")}
        error_messages = {
            "name": {
                "required": gettext_lazy("Type the player's name."),
                # The length check fills in limit_value (players.models.NAME_MAX_LENGTH).
                "max_length": gettext_lazy("Keep the name to %(limit_value)s characters or fewer."),
            }
        }

    def clean_name(self) -> str:
        name = tidy(self.cleaned_data["name"])
        clash = Player.objects.same_person(name)
        if clash and clash.pk != self.instance.pk:
            raise forms.ValidationError(
                _(
                    "%(name)s is already registered; pick another name "
                    "(add an initial to tell two people apart)."
                )
                % {"name": clash.name}
            )
        return name
