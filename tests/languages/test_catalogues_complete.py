"""Every sentence marked for translation has its Spanish and French, none is fuzzy, and the
compiled catalogues the app runs on say what their .po files say.

The messages are extracted afresh (Django's makemessages, into a copy of the code in a
temporary folder): a sentence marked or changed since the catalogues were last updated
shows up here as untranslated or fuzzy, until `make messages` and a translator catch up.
"""

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import require

ROOT = Path(settings.BASE_DIR)
MAKEFILE = (ROOT / "Makefile").read_text()
# The folders `make messages` leaves out: the rest of the checkout is what it reads.
NOT_SITE = next(
    line.split("=", 1)[1].split() for line in MAKEFILE.splitlines() if line.startswith("NOT_SITE")
)
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]

pytestmark = pytest.mark.words


def gettext_tools():
    found = shutil.which("msgattrib") and shutil.which("xgettext") and shutil.which("msgfmt")
    require(bool(found), "GNU gettext's tools are not installed", "REQUIRE_BROWSER")


EXTRACT = """
import os, sys
import django
from django.conf import settings
from django.core.management import call_command

django.setup()
root, languages = sys.argv[1], sys.argv[2:]
# The copy's project catalogue, not the checkout's, takes the site's templates and scripts.
settings.LOCALE_PATHS = [os.path.join(root, "trainscore", "locale")]
os.chdir(root)
for domain in ("django", "djangojs"):
    call_command("makemessages", locale=languages, domain=domain, no_obsolete=True, verbosity=0)
"""
"""Django's makemessages at the top of the code, as `make messages` runs it."""


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """A copy of the code with its catalogues, updated by makemessages from the code now."""
    gettext_tools()
    copy = tmp_path_factory.mktemp("code") / "checkout"
    skip = shutil.ignore_patterns(".*", "__pycache__", "*.mo", *NOT_SITE)
    shutil.copytree(ROOT, copy, ignore=skip)
    subprocess.run(
        [sys.executable, "-c", EXTRACT, str(copy), *LANGUAGES],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "trainscore.settings"},
        check=True,
        capture_output=True,
    )
    return copy


def catalogues(root: Path, language: str) -> list[Path]:
    return sorted(root.glob(f"*/locale/{language}/LC_MESSAGES/*.po"))


def entries(po: Path, *flags: str) -> list[str]:
    """The msgids msgattrib picks out of `po` with `flags` (the header left out)."""
    found = subprocess.run(
        ["msgattrib", *flags, "--no-wrap", str(po)], capture_output=True, text=True, check=True
    ).stdout
    return [
        line.removeprefix("msgid ").strip('"')
        for line in found.splitlines()
        if line.startswith("msgid ") and line != 'msgid ""'
    ]


def test_every_marked_sentence_is_translated(extracted):
    for language in LANGUAGES:
        found = catalogues(extracted, language)
        assert {po.parents[3].name for po in found} >= {"trainscore", "games"}, language
        untranslated = {
            f"{po.relative_to(extracted)}": missing
            for po in found
            if (missing := entries(po, "--untranslated") + entries(po, "--only-fuzzy"))
        }
        assert untranslated == {}, "run `make messages` and translate these"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_app_runs_on_catalogues_compiled_from_the_po_files(tmp_path, language):
    gettext_tools()
    kept = catalogues(ROOT, language)
    assert kept, "no catalogue for this language"
    for po in kept:
        compiled = tmp_path / f"{po.stem}.mo"
        subprocess.run(["msgfmt", "-o", str(compiled), str(po)], check=True)
        with compiled.open("rb") as fresh, po.with_suffix(".mo").open("rb") as shipped:
            assert (
                gettext.GNUTranslations(shipped)._catalog == gettext.GNUTranslations(fresh)._catalog
            ), f"{po.relative_to(ROOT)}: run `make messages` to compile it"
