"""Offline, a game page never opened on the device gets the service worker's own page,
and it speaks the reader's language: the one the site last spoke to this browser, the
browser's own or the one chosen with the switch."""

import pytest
from django.utils import translation

pytestmark = [pytest.mark.browser, pytest.mark.words]

# Resolves once the worker is active and keeps this language as the reader's (every page
# tells it). An async function: wait_for_function would take its promise as true at once.
LANGUAGE_KEPT = """async (language) => {
  await navigator.serviceWorker.ready;
  for (let tries = 0; tries < 200; tries += 1) {
    const kept = await caches.match("/sw.js?reader-language");
    if (kept !== undefined && (await kept.text()) === language) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}"""

NEVER_OPENED = "/games/never-opened-here/"


@pytest.mark.parametrize(
    ("locale", "switch", "language"),
    [("es-ES", None, "es"), ("fr-FR", None, "fr"), ("es-ES", "Français", "fr")],
    ids=["spanish browser", "french browser", "french chosen on a spanish browser"],
)
def test_the_offline_page_speaks_the_readers_language(new_page, server, locale, switch, language):
    page = new_page("/rules/", locale=locale, service_workers="allow")
    if switch:
        page.get_by_role("button", name=switch).click()
        page.wait_for_url("**/rules/")
    assert page.evaluate(LANGUAGE_KEPT, language), f"the worker keeps {language}"

    page.context.set_offline(True)
    answer = page.goto(NEVER_OPENED)

    assert answer.from_service_worker and answer.status == 503
    assert page.locator("html").get_attribute("lang") == language
    with translation.override(language):
        heading = translation.gettext("You are offline")
        title = translation.gettext("Offline · TrainScore")
    assert heading != "You are offline", f"the catalogue has the heading in {language}"
    assert page.locator("h1").inner_text() == heading
    assert page.title() == title
    assert "TrainScore" in page.title()
