"""ju24 §4.2's rules as the triangle claims read them: the readings (assumptions) the verdicts rest on; the four
readings and the conventions the paper leaves open (ties, simultaneous doubles) that every strategy test runs under
are :data:`exactcube.triangle.analysis.VARIANTS` and :data:`~exactcube.triangle.analysis.CONVENTIONS`."""

from __future__ import annotations



from exactcube.results import assumption
from exactcube.triangle.analysis import CONVENTIONS, VARIANTS

__all__ = ["PLAYER", "LIABLE", "SETTLED", "ONE", "BOTH", "RATIONAL", "MYOPIC", "TIE_FOLD",
           "SAME_WALK", "ANY_LATTICE", "VARIANTS", "CONVENTIONS"]

PLAYER = "ABC"

# -- readings of the rules of §4.2 that the verdicts rest on ------------------------------------------------
LIABLE = assumption("ju24.ejected-liable",
                    "A player ejected at an edge stays liable for the final stake: a double accepted after his "
                    "ejection raises his debt too (§4.2 literally: an accepted double doubles the stake of every "
                    "player)")
SETTLED = assumption("ju24.ejected-settled",
                     "A player ejected at an edge owes the stake of the moment of his ejection; later doubles "
                     "between the two remaining players do not change his debt")
ONE = assumption("ju24.accept-one",
                 "One acceptance suffices (§4.2's first option): a folder pays the doubler the current stake and "
                 "leaves, the doubler and the accepter play on at the doubled stake")
BOTH = assumption("ju24.accept-both",
                  "A double stands only if both opponents accept; one fold ends the game and the doubler wins the "
                  "current stake from each (§4.2's second option, Appendix B's rule)")
RATIONAL = assumption("ju24.answers-rational",
                      "Each opponent answers a double with a best response in the game that follows it; with one "
                      "acceptance sufficing the opponent with the smaller chance answers first and the other knows "
                      "his answer")
MYOPIC = assumption("ju24.answers-myopic",
                    "Each opponent answers a double as in the proof of Theorem 4.4, as if the game went on with all "
                    "three players at the doubled stake (take iff 4y - 2(1-y) ≥ -1), whatever the other opponent "
                    "answers")
TIE_FOLD = assumption("ju24.tie-fold",
                      "An opponent exactly indifferent between taking and folding counts as willing to fold "
                      "(Theorem 4.3's wording)")

SAME_WALK = assumption("ju24.appB-same-walk",
                       "'The random walk described in this section' (§4.3 on Appendix B) means the walk of §4.1 with "
                       "the orientation of its lattice: the six steps run parallel to the sides of the triangle "
                       "(Figure 5); a triangular lattice turned against the triangle is another walk")
ANY_LATTICE = assumption("ju24.appB-any-lattice",
                         "'The random walk described in this section' (§4.3 on Appendix B) asks only for a walk in six "
                         "directions on a triangular lattice (the appendix's own words), whatever its orientation "
                         "against the triangle")
