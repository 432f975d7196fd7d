"""Server-drawn SVG line charts, shared by the game board and the player pages."""
