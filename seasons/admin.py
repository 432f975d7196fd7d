"""Staff define seasons in the admin: a name and its first and last day."""

from django.contrib import admin

from seasons.models import Season


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "start", "end")
    date_hierarchy = "start"
