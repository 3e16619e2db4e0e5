"""The classic ruleset for aerodrome."""
