"""The df40k ruleset for aerodrome."""
