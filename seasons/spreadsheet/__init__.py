"""A club's Keizer kept in a spreadsheet: one row per game and per absence, read as a season and written so."""
