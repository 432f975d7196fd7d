"""Game nights: several tables (each an ordinary game) at once, the night page, the wall screen."""
