(** * The threshold ε*: the root in (0, 1/2) of 2 (1 - ε)^3 = ε, with a 30-digit enclosure.

    ε* is defined by the intermediate value theorem of Coq's standard library (Rsqrt_def.IVT) applied to
    g(ε) = ε - 2 (1 - ε)^3 on [0, 1/2] (g(0) = -2 < 0 < 1/4 = g(1/2)); g is strictly increasing on all of R, so
    ε* is its only real root, and 2 (1 - ε)^3 - ε >= 0 exactly for ε <= ε*.  The enclosure is decided by [lra] on
    exact rationals (the sign of g at the two endpoints), so it uses only the standard axioms of the reals;
    ThresholdInterval.v re-proves it with the Interval library's [interval] tactic. *)
From Coq Require Import Reals Lra Psatz.
Open Scope R_scope.

Definition g_star (e : R) : R := e - 2 * (1 - e) ^ 3.

Lemma g_star_continuous : continuity g_star.
Proof. unfold g_star. reg. Qed.

Lemma g_star_increasing (x y : R) : x < y -> g_star x < g_star y.
Proof.
  intros H. unfold g_star.
  assert (0 <= (1 - x) ^ 2 + (1 - x) * (1 - y) + (1 - y) ^ 2).
  { assert (0 <= ((1 - x) + (1 - y)) ^ 2) by (apply pow2_ge_0).
    assert (0 <= (1 - x) ^ 2) by (apply pow2_ge_0). assert (0 <= (1 - y) ^ 2) by (apply pow2_ge_0). nra. }
  assert (0 <= (y - x) * ((1 - x) ^ 2 + (1 - x) * (1 - y) + (1 - y) ^ 2)) by (apply Rmult_le_pos; lra).
  assert (Hid : y - 2 * (1 - y) ^ 3 - (x - 2 * (1 - x) ^ 3)
                = (y - x) + 2 * ((y - x) * ((1 - x) ^ 2 + (1 - x) * (1 - y) + (1 - y) ^ 2))) by ring.
  lra.
Qed.

Definition eps_star_sig : {z : R | 0 <= z <= 1/2 /\ g_star z = 0}.
Proof.
  apply (Rsqrt_def.IVT g_star 0 (1/2) g_star_continuous); unfold g_star; lra.
Defined.

Definition eps_star : R := proj1_sig eps_star_sig.

Theorem eps_star_root : 2 * (1 - eps_star) ^ 3 = eps_star.
Proof.
  unfold eps_star. destruct (proj2_sig eps_star_sig) as [_ H].
  set (z := proj1_sig eps_star_sig) in *. unfold g_star in H. lra.
Qed.

Theorem eps_star_unique (e : R) : 2 * (1 - e) ^ 3 = e -> e = eps_star.
Proof.
  intros H.
  assert (Hg : g_star e = 0) by (unfold g_star; lra).
  assert (Hs : g_star eps_star = 0) by (generalize eps_star_root; unfold g_star; lra).
  destruct (Rtotal_order e eps_star) as [Hlt | [Heq | Hgt]]; auto.
  - apply g_star_increasing in Hlt. lra.
  - apply g_star_increasing in Hgt. lra.
Qed.

(** The enclosure, 30 significant digits: ε* = 0.410245487698541615721198252903... *)
Definition eps_star_lo : R := 410245487698541615721198252903 / 1000000000000000000000000000000.
Definition eps_star_hi : R := 410245487698541615721198252904 / 1000000000000000000000000000000.

Theorem eps_star_enclosure : eps_star_lo < eps_star < eps_star_hi.
Proof.
  assert (Hs : g_star eps_star = 0) by (generalize eps_star_root; unfold g_star; lra).
  assert (Hlo : g_star eps_star_lo < 0) by (unfold g_star, eps_star_lo; lra).
  assert (Hhi : 0 < g_star eps_star_hi) by (unfold g_star, eps_star_hi; lra).
  split.
  - destruct (Rlt_le_dec eps_star_lo eps_star) as [H | H]; auto.
    destruct H as [H | H]; [apply g_star_increasing in H | rewrite H in Hs]; lra.
  - destruct (Rlt_le_dec eps_star eps_star_hi) as [H | H]; auto.
    destruct H as [H | H]; [apply g_star_increasing in H | rewrite <- H in Hs]; lra.
Qed.

Corollary eps_star_range : 0 < eps_star < 1/2.
Proof. generalize eps_star_enclosure; unfold eps_star_lo, eps_star_hi; lra. Qed.

(** What Theorem N uses: 2 (1 - ε)^3 - ε >= 0 for every ε <= ε*, and < 0 above. *)
Theorem threshold_nonneg (e : R) : e <= eps_star -> 0 <= 2 * (1 - e) ^ 3 - e.
Proof.
  intros H. assert (Hs : g_star eps_star = 0) by (generalize eps_star_root; unfold g_star; lra).
  destruct H as [H | H]; [apply g_star_increasing in H | rewrite H]; unfold g_star in *; lra.
Qed.

Theorem threshold_sharp (e : R) : eps_star < e -> 2 * (1 - e) ^ 3 - e < 0.
Proof.
  intros H. assert (Hs : g_star eps_star = 0) by (generalize eps_star_root; unfold g_star; lra).
  apply g_star_increasing in H. unfold g_star in *; lra.
Qed.

(** 7/16 is above ε*: the method of Theorem N does not reach it. *)
Lemma seven_sixteenths_above : eps_star < 7/16.
Proof. generalize eps_star_enclosure; unfold eps_star_hi; lra. Qed.
