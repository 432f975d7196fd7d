"""The result pictures of games, nights and tournaments for the club's chat, the pages' link-preview
tags and their Share button."""
