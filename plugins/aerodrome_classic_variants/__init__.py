"""Example rule variants of the classic ruleset (opt-in: ``aerodrome compare --variant``)."""
