"""What the wall screen shows, measured in the browser: what is cut off, and which tables
are on the screen."""

TV = {"width": 1920, "height": 1080}

# Every visible table's label, summary and grid cells, and the header, measured.
CUT_OFF = """() => {
  const page = document.documentElement;
  const problems = [];
  if (page.scrollWidth > page.clientWidth || page.scrollHeight > page.clientHeight) {
    problems.push(`the page scrolls: ${page.scrollWidth}x${page.scrollHeight}`);
  }
  const tables = [...document.querySelectorAll(".wall-table")]
    .filter((el) => el.getClientRects().length > 0);
  for (const table of tables) {
    if (table.scrollHeight > table.clientHeight || table.scrollWidth > table.clientWidth) {
      problems.push(`${table.id} scrolls: ${table.scrollWidth}x${table.scrollHeight}`
        + ` in ${table.clientWidth}x${table.clientHeight}`);
    }
  }
  const selectors = [
    ".wall-table h2", ".wall-table .board-summary p", ".wall-table .board-grid th",
    ".wall-table .board-grid td", ".wall-header h1", ".wall-header p", ".wall-header svg",
  ];
  const shown = [...document.querySelectorAll(selectors.join(", "))]
    .filter((el) => el.getClientRects().length > 0);
  for (const el of shown) {
    const box = el.getBoundingClientRect();
    const name = `${el.tagName} "${el.textContent.trim().slice(0, 24)}"`;
    const frame = el.closest(".wall-table")?.getBoundingClientRect()
      ?? {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
    const outside = box.left < frame.left - 0.5 || box.top < frame.top - 0.5
      || box.right > frame.right + 0.5 || box.bottom > frame.bottom + 0.5;
    if (outside) problems.push(`${name} is cut off`);
    const spills = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
    if (el.tagName !== "svg" && spills) {
      problems.push(`${name} overflows its box: ${el.scrollWidth}x${el.scrollHeight}`
        + ` in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  const cell = document.querySelector(".wall-table:not([hidden]) .board-grid tbody td");
  return {
    problems,
    cells: shown.filter((el) => el.matches(".board-grid td, .board-grid th")).length,
    cellFont: cell ? parseFloat(getComputedStyle(cell).fontSize) : 0,
  };
}"""

SHOWN_TABLES = """() => [...document.querySelectorAll(".wall-table")]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => el.querySelector("h2").textContent.trim())"""
