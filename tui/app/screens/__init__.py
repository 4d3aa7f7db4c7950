"""One screen per mode of the app: round, pairing, results, standings, players, season."""
