"""The bottom layer: small helpers every app may use (site links, staff checks, one-at-a-time
jobs, sends after the answer, the date input, and the scripts' words.js); it imports no
app."""
