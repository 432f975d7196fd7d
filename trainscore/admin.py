"""The admin's sign-in is limited like the site's (trainscore/sign_in.py), and staff can
unlock an account from the users list."""

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from trainscore import sign_in

admin.site.login_form = sign_in.AdminSignInForm

User = get_user_model()


@admin.action(description="Unlock sign-in (forget failed passwords)")
def unlock_sign_in(modeladmin, request, queryset) -> None:
    names = [user.get_username() for user in queryset]
    for name in names:
        sign_in.unlock(username=name)
    modeladmin.message_user(
        request, f"Sign-in unlocked for {', '.join(names)}.", level=messages.SUCCESS
    )


admin.site.unregister(User)


@admin.register(User)
class StaffUserAdmin(UserAdmin):
    actions = [unlock_sign_in]
