"""One person, one player: names compared as a person would compare them. Spaces are
collapsed and trimmed, case and accents folded for the comparison ("Ngozi  Adeyemi",
"ngozi adeyemi" and "Ngozi Adéyemi" are the same person); a name is shown as typed, its
spaces tidied. `Player.objects.same_person(name)` finds the player a name is (the
roster's registration refuses a second one, naming them: players/forms.py), and each
player stores the folded name under a unique constraint (players/models.py), so two
browsers at once cannot both register it."""

from core.collation import folded


def tidy(name: str) -> str:
    """The name as typed, its spaces trimmed and collapsed to one."""
    return " ".join(name.split())


def same_person_key(name: str) -> str:
    """What two names of one person have in common: tidied, case and accents folded."""
    return folded(name, language="")
