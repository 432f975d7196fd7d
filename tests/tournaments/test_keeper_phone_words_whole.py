"""The scorekeeper's phone at a tournament's table (390×844) in English, Spanish and
French, once time is called: the sentence that says so ("Time is up: round 2 is the
last…") sits above Save where the keeper looks, and every control's words show whole
(the station-double picker's "Choose the station double" is never cut to "Choose t"). In
English the page also passes axe-core: the same markup in every language."""

import pytest
from playwright.sync_api import expect

from tests.factories import tournament_of
from tests.live.conftest import api_save
from tests.project.test_accessibility_axe import AXE, RUN_AXE
from tests.screenshots import screenshot
from tests.stats.phone import PHONE, fits_the_screen
from tests.tournaments.test_wall_in_the_room import run_out
from tournaments.clock import call_time_if_due, start_clock

pytestmark = [pytest.mark.browser, pytest.mark.layout]

LONG = ["Bartholomew Fairweather-Smythe", "María-José Fernández", "Siobhán Ní Mhaonaigh",
        "Konstantinopoulos"]  # fmt: skip
PICKER = {"en": "Choose the station double", "es": "Elige el doble de estación",
          "fr": "Choisir : double de gare"}  # fmt: skip

# Each control shown (buttons, the picker and its choice, labels): its words and whether
# any of them is cut (the text wider than its box, or clipped by it).
CONTROLS_CUT = """() => [...document.querySelectorAll(
    "#round-form button, #round-form select, #round-form label, #round-picker button, "
    + "#round-picker select, #round-picker label, .keeper-actions button, .keeper-toggle")]
  .filter((el) => el.getClientRects().length > 0 && !el.closest(".visually-hidden"))
  .map((el) => {
    const shown = el.tagName === "SELECT" ? el.options[el.selectedIndex]?.text ?? "" : el.innerText;
    let cut = el.scrollWidth > el.clientWidth + 1;
    if (el.tagName === "SELECT") {
      // A select draws its choice in its own box: as wide as its longest choice, with
      // its arrow, when let be.
      const width = el.getBoundingClientRect().width;
      const [style, flex] = [el.style.width, el.style.flex];
      el.style.flex = "none";
      el.style.width = "max-content";
      cut = el.getBoundingClientRect().width > width + 1;
      el.style.width = style;
      el.style.flex = flex;
    }
    const box = el.getBoundingClientRect();
    return {shown: shown.trim(), cut: cut || box.right > innerWidth + 0.5};
  })"""


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_time_is_up_above_save_and_every_control_whole(new_page, server, language):
    new = tournament_of(LONG, ["Ann", "Bob", "Cy", "Di"], table_size=(4, 4), games=2,
                        rounds=3, minutes=30)  # fmt: skip
    stage = start_clock(stage=new.stage)
    first = new.tables[0]
    first.game.refresh_from_db()
    api_save(server.url, first.game, first.key, 1, [5, 0, 9, 3], 12, first.game.version)
    run_out(stage)
    assert call_time_if_due(stage=stage)  # as the clock's own wake-up does

    phone = new_page(**PHONE, bypass_csp=True, language=language)
    phone.goto(f"/games/{first.game.code}/keep/{first.key}/")
    time_up = phone.locator(".round-form .time-is-up")
    expect(time_up).to_be_visible()
    said, save = time_up.bounding_box(), phone.locator(".save-button").bounding_box()
    assert said["y"] + said["height"] <= save["y"], "the time sentence is above Save"
    screenshot(phone, f"keeper-{language}", full_page=True)
    controls = phone.evaluate(CONTROLS_CUT)
    assert [c for c in controls if c["cut"]] == []
    assert any(c["shown"] == PICKER[language] for c in controls), controls
    assert fits_the_screen(phone)
    if language == "en":  # axe: the same markup in every language
        phone.add_script_tag(path=str(AXE))
        assert phone.evaluate(RUN_AXE) == []
