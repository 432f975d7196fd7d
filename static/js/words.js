// The words scripts put on the page, in the page's language. The page brings the
// server's catalogue of them (trainscore/languages.py) in #script-words, so a page kept
// for offline use keeps its words; a message the catalogue lacks stays as written.
// Mark every sentence with gettext("…") where it is written: makemessages finds it there.

const element = document.getElementById("script-words");
const catalogue = element ? JSON.parse(element.textContent) : {};

// The page's language (<html lang>), for Intl's dates, lists and plural rules.
export const language = document.documentElement.lang || "en";

export function gettext(message) {
  return catalogue[message] ?? message;
}

// A sentence with a count: ngettext("%(count)s save …", "%(count)s saves …", count). The
// catalogue holds its forms as a list; the page's language says whether `count` takes the
// "one" form (the first) or not (the last: for en, es and fr, every other count below a
// million). Untranslated, it stays English: one for 1, the plural for any other count.
export function ngettext(singular, plural, count) {
  const forms = catalogue[singular];
  if (!Array.isArray(forms)) return count === 1 ? singular : plural;
  const one = new Intl.PluralRules(language).select(count) === "one";
  return (one ? forms[0] : forms.at(-1)) || (count === 1 ? singular : plural);
}

// Fill a translated message's %(name)s places: interpolate(gettext("Hi %(name)s"), { name }).
export function interpolate(message, values) {
  return message.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}
