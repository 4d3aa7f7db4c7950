"""Why a pairing is what it is: each board and the bye, and "why not him?" for the nearer-ranked players not chosen."""
