"""axe-core over every kind of page, in light and dark mode: no serious or critical
violations. Pages are checked as their users meet them: on a phone (390×844, touch),
and the big screen on a 1920×1080 TV and a 1280×720 one. axe is vendored under
tests/vendor (no network)."""

from pathlib import Path

import pytest

from tests.live.tv import TV
from tests.project.conftest import PAGE_KINDS, open_kind
from tests.screenshots import screenshot
from tests.stats.phone import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.layout]

AXE = Path(__file__).resolve().parent.parent / "vendor" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
    }));
}"""

# Phones for every page but the big screen, which is checked on a 1080p and a 720p TV.
DEVICES = [(kind, "phone") for kind in PAGE_KINDS if kind != "screen"] + [
    ("screen", "tv"),
    ("screen", "small tv"),
]
CONTEXTS = {
    "phone": PHONE,
    "tv": {"viewport": TV},
    "small tv": {"viewport": {"width": 1280, "height": 720}},
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("kind", "device"), DEVICES)
def test_no_serious_or_critical_axe_violations(new_page, server, club, kind, device, scheme):
    # axe goes in as an inline script, which the site's Content-Security-Policy refuses.
    options = {"color_scheme": scheme, "bypass_csp": True, **CONTEXTS[device]}
    page = open_kind(new_page, kind, club, **options)
    slug = kind.replace(" ", "-").replace("(", "").replace(")", "")
    screenshot(page, f"axe-{slug}-{device.replace(' ', '-')}-{scheme}", full_page=True)

    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(RUN_AXE)

    assert violations == [], f"{kind} on a {device} in {scheme} mode"
