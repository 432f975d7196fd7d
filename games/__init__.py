"""Games: the model, the save service, the board (snapshot + partial), the pages and the API."""
