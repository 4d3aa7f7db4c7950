"""KeizerForClubs: a tournament file (.s3db) read as data, its settings as a ruleset, the whole as a keizer season."""
