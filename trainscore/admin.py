"""The admin's sign-in is limited like the site's (trainscore/sign_in.py), and staff can
unlock an account from the users list."""

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from trainscore import sign_in

admin.site.login_form = sign_in.AdminSignInForm

User = get_user_model()


@admin.action(description=gettext_lazy("Unlock sign-in (forget failed passwords)"))
def unlock_sign_in(modeladmin, request, queryset) -> None:
    names = [user.get_username() for user in queryset]
    for name in names:
        sign_in.unlock(username=name)
    # Translators: names are usernames, comma-separated.
    unlocked = _("Sign-in unlocked for %(names)s.") % {"names": ", ".join(names)}
    modeladmin.message_user(request, unlocked, level=messages.SUCCESS)


admin.site.unregister(User)


@admin.register(User)
class StaffUserAdmin(UserAdmin):
    actions = [unlock_sign_in]
