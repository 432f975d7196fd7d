"""A game's or a night's code as it appears in an address: `<code:code>` in a URL pattern,
`{code:code}` in an API path.

Only what `games.models.new_code` makes (URL-safe base64) is a code. Anything else
matches no address and gets a 404 without asking the database: PostgreSQL answers a
query holding a NUL character with an error, not with "no such game".
"""


class CodeConverter:
    regex = "[A-Za-z0-9_-]{1,24}"  # token_urlsafe's alphabet; the models' max_length

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
