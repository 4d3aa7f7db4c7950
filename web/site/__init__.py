"""The published site: the week's notice as static pages (standings, results, pairing, players, prizes, forecast), built pure and swapped into its folder whole."""
