"""Moving in: a season read from the program a club used before (KeizerForClubs, a TRF file), with a report."""
