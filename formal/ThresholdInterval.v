(** * The enclosure of ε* again, by the Interval library's [interval] tactic (a proof by reflection).

    [interval] decides the signs of g at the endpoints; its proofs rest on the axioms of Coq's primitive
    63-bit integers and on classical logic besides those of the reals (see the README), so the main theorems
    use the [lra] proof of Threshold.v and this file is a cross-check. *)
From Coq Require Import Reals Lra.
From Interval Require Import Tactic.
From Exactcube Require Import Threshold.
Open Scope R_scope.

Theorem eps_star_enclosure_interval : eps_star_lo < eps_star < eps_star_hi.
Proof.
  assert (Hs : g_star eps_star = 0) by (generalize eps_star_root; unfold g_star; lra).
  assert (Hlo : g_star eps_star_lo < 0) by (unfold g_star, eps_star_lo; interval with (i_prec 120)).
  assert (Hhi : 0 < g_star eps_star_hi) by (unfold g_star, eps_star_hi; interval with (i_prec 120)).
  split.
  - destruct (Rlt_le_dec eps_star_lo eps_star) as [H | H]; auto.
    destruct H as [H | H]; [apply g_star_increasing in H | rewrite H in Hs]; lra.
  - destruct (Rlt_le_dec eps_star eps_star_hi) as [H | H]; auto.
    destruct H as [H | H]; [apply g_star_increasing in H | rewrite <- H in Hs]; lra.
Qed.
