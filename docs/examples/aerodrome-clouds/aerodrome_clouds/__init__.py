"""Cloud Cover: the second example plugin for aerodrome, a game with a secret.

Rules (clause ids in brackets):

1. [clouds.1] Two scouts, Red and Blue, each with 3 structure points, hunt each other in
   the clouds for at most 8 rounds.
2. [clouds.2] At the start of every round each scout rolls a d6 in secret: its height in
   the clouds. Only its own pilot sees it.
3. [clouds.3] Then the scout on turn (Red in odd rounds, Blue in even ones) chooses to DIVE
   or to CLIMB. If it climbs, the other scout chooses DIVE or CLIMB in turn; if both climb,
   the round passes.
4. [clouds.4] A dive reveals both heights: the higher scout hits the lower one, which loses
   a structure point; equal heights miss.
5. [clouds.5] A scout reduced to 0 structure is shot down and the other side wins; after 8
   rounds with both aloft, the scout with more structure wins, equal structure is a draw.

What it shows beyond the joust example: a secret kept by private dice (``seen_by=``), an
observation that hides the other scout's height, and ``determinise()``, which a search
agent's look-ahead uses to guess what its player cannot see (``Determinise`` from
``aerodrome.api``). The conformance kit checks all three.
"""
