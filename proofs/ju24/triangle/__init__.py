"""ju24 §4 and Appendix B: the three-player triangle game; Lemma 4.2, Theorems 4.1, 4.3, 4.4; Figures 6, 10.

What is proved here is exact on the grid of side n (stated bounds on n); identities in a
symbolic n are proved for all n.  The continuum limit of the multi-double regions is a
conjecture supported by the grids, never a proof (claim ``ju24.sec5.regions`` says so).

The claims follow the paper's sections:

* :mod:`.readings`: how the rules of §4.2 are read (the assumptions) and the conventions the paper leaves open;
* :mod:`.sec4_1`: Lemma 4.2 and Theorem 4.1 (the evaluation);
* :mod:`.sec4_2`: the payoffs and Theorem 4.3 (the optimal time to double);
* :mod:`.sec4_3`: Theorem 4.4 and Figure 6's regions;
* :mod:`.sec5`: Remark 4.5 and §5, several doubles (open);
* :mod:`.appendix_b`: Appendix B's programs and Figure 10;
* :mod:`.tables`: the tables ``ju24.triangle-fold`` and ``ju24.triangle-regions``.

The model and its analyses are :mod:`exactcube.triangle` (:mod:`exactcube.triangle.analysis`: the fold threshold
on the grid, the deviations from Theorem 4.3's principle); Figure 6 is drawn in :mod:`proofs.ju24.figures`.  The names this module
held before the split still import from it, for one release (CHANGELOG.md).
"""

from .readings import *  # noqa: F401,F403
from .sec4_1 import LEMMA42, THM41, THM41_N, lemma_4_2, thm_4_1, thm_4_1_large  # noqa: F401
from .sec4_2 import PAYOFF, THM43_N, gain_at, payoffs, robust_deviations, thm_4_3, thm_4_3_verdict  # noqa: F401
from .sec4_3 import (FIG6_LINE, T44_DOUBLE, T44_FOLD, T44_FOLDPAY, T44_TAKE, THM44_N, THM44_PERSIST, Y_,  # noqa: F401
                     cash_region_formula, edge_gain_by_hand, fig6_region, myopic_cash_region, printed_region,
                     region_deficits, take_point_one_double, thm_4_4_double, thm_4_4_fold)
from .sec5 import sec5_regions  # noqa: F401
from .appendix_b import (APPB_BRANCH_B, APPB_BRANCHES, APPB_G_OTHERS, APPB_G_ROUND, APPB_RESULT,  # noqa: F401
                         APPB_STEPS, APPB_THIRD, FIG10, FIG10_G, FIG10_ROWS, SIM_N, appB_centre, appB_directions,
                         appB_doubling, appB_loop, appB_prob_area, appB_round_g, fig10, read_branch, read_condition)
from .tables import fold_table, regions_table  # noqa: F401
