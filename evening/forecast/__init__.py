"""Season forecasts: the rest of the season played many times with the real pairing and the real replay."""
