"""The pairing desk: a round's proposals, the director's locks, forbids and swaps, accepting, saving and re-pairing."""
