// The words scripts put on the page, in the page's language. The page brings the
// server's catalogue of them (trainscore/languages.py) in #script-words, so a page kept
// for offline use keeps its words; a message the catalogue lacks stays as written.
// Mark every sentence with gettext("…") where it is written: makemessages finds it there.

const element = document.getElementById("script-words");
const catalogue = element ? JSON.parse(element.textContent) : {};

export function gettext(message) {
  return catalogue[message] ?? message;
}

// Fill a translated message's %(name)s places: interpolate(gettext("Hi %(name)s"), { name }).
export function interpolate(message, values) {
  return message.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}
