from django import forms

from players.models import NAME_MAX_LENGTH, Player


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name"]
        error_messages = {
            "name": {
                "required": "Type the player's name.",
                "max_length": f"Keep the name to {NAME_MAX_LENGTH} characters or fewer.",
            }
        }

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        clash = Player.objects.named(name).exclude(pk=self.instance.pk).first()
        if clash:
            raise forms.ValidationError(
                f"{clash.name} is already registered; pick another name "
                "(add an initial to tell two people apart)."
            )
        return name
