(** The axioms each main theorem rests on ([Print Assumptions]); tests/test_formal.py reads this output. *)
From Exactcube Require Import Sums LemmaX Threshold ThresholdInterval StepFacts TheoremN Blocks Ju24 Ks69 Lemma7.

Print Assumptions lemma_X.
Print Assumptions eps_star_root.
Print Assumptions eps_star_unique.
Print Assumptions eps_star_enclosure.
Print Assumptions threshold_nonneg.
Print Assumptions fact2_low.
Print Assumptions fact3_top.
Print Assumptions fact4_topK.
Print Assumptions power_test_sufficient.
Print Assumptions theorem_N_step.
Print Assumptions theorem_N.
Print Assumptions conjecture9_small_eps.
Print Assumptions B2_derived.
Print Assumptions B5_derived.
Print Assumptions B7_derived.
Print Assumptions B8_derived.
Print Assumptions heap2_derived.
Print Assumptions conjecture9_from_B1.
Print Assumptions ju24_eq3_4.
Print Assumptions ju24_thm14_max_at_two.
Print Assumptions ju24_eq3_6.
Print Assumptions ju24_thm15_max_at_two.
Print Assumptions bin_closed.
Print Assumptions ks69_theorem2.
Print Assumptions lemma7.
