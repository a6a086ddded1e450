(** * The induction step of Theorem N on reals: facts 1-4 of issue 42.

    At the heap 2K, Lemma B1 with t = K (W = 1) gives the low move u the value
    A'_u = (1 - ε) A_u - ε B_u and the top move K + u the value A'_{K+u} = ε A_u - (1 - ε) B_u, with
    B_u in [λ a, a] (Lemmas B2, B4) and λ = 1 - 2ε.  Each fact below is the inequality about reals that the
    step uses, under exactly the hypotheses it uses. *)
From Coq Require Import Reals Lra Psatz.
From Exactcube Require Import Threshold.
Open Scope R_scope.

(** (1) A'_0 >= λ a > 0. *)
Theorem fact1_move0 (eps a B0 : R) :
  0 < eps < 1/2 -> 0 < a -> B0 <= a ->
  (1 - 2 * eps) * a <= (1 - eps) * a - eps * B0 /\ 0 < (1 - 2 * eps) * a.
Proof. intros He Ha Hb. split; nra. Qed.

(** (2) a low move u >= 1: λ A'_0 - A'_u = (1 - ε)(λ a - A_u) + ε (B_u - λ B_0) > 0. *)
Theorem fact2_low (eps a Au Bu B0 : R) :
  0 < eps < 1/2 -> 0 < a -> Au < (1 - 2 * eps) * a -> (1 - 2 * eps) * a <= Bu -> B0 <= a ->
  (1 - eps) * Au - eps * Bu < (1 - 2 * eps) * ((1 - eps) * a - eps * B0).
Proof.
  intros He Ha HA HBu HB0.
  assert (H1 : 0 < (1 - eps) * ((1 - 2 * eps) * a - Au)) by (apply Rmult_lt_0_compat; lra).
  assert (H2 : 0 <= eps * (Bu - (1 - 2 * eps) * B0)).
  { apply Rmult_le_pos; [lra|].
    assert ((1 - 2 * eps) * B0 <= (1 - 2 * eps) * a) by (apply Rmult_le_compat_l; lra). lra. }
  nra.
Qed.

(** (3) a top move K + u, u >= 1: λ A'_0 - A'_{K+u} > 2 λ^2 a >= 0. *)
Theorem fact3_top (eps a Au Bu B0 : R) :
  0 < eps < 1/2 -> 0 < a -> Au < (1 - 2 * eps) * a -> (1 - 2 * eps) * a <= Bu -> B0 <= a ->
  2 * (1 - 2 * eps) ^ 2 * a < (1 - 2 * eps) * ((1 - eps) * a - eps * B0) - (eps * Au - (1 - eps) * Bu)
  /\ 0 <= 2 * (1 - 2 * eps) ^ 2 * a.
Proof.
  intros He Ha HA HBu HB0. split.
  - assert (H1 : eps * Au < eps * ((1 - 2 * eps) * a)) by (apply Rmult_lt_compat_l; lra).
    assert (H2 : (1 - eps) * ((1 - 2 * eps) * a) <= (1 - eps) * Bu) by (apply Rmult_le_compat_l; lra).
    assert (H3 : (1 - 2 * eps) * eps * B0 <= (1 - 2 * eps) * eps * a) by (apply Rmult_le_compat_l; nra).
    nra.
  - assert (0 <= (1 - 2 * eps) ^ 2) by (apply pow2_ge_0). nra.
Qed.

(** (4) the top move K: λ A'_0 - A'_K = a (1 - 4ε + 2ε^2) + B_0 (1 - 2ε + 2ε^2) > a (2 (1 - ε)^3 - ε) >= 0,
    given B_0 > (1 - ε) a (Lemma X) and ε <= ε*. *)
Theorem fact4_identity (eps a B0 : R) :
  (1 - 2 * eps) * ((1 - eps) * a - eps * B0) - (eps * a - (1 - eps) * B0)
  = a * (1 - 4 * eps + 2 * eps ^ 2) + B0 * (1 - 2 * eps + 2 * eps ^ 2).
Proof. ring. Qed.

Theorem fact4_topK (eps a B0 : R) :
  0 < eps <= eps_star -> 0 < a -> (1 - eps) * a < B0 ->
  a * (2 * (1 - eps) ^ 3 - eps) < (1 - 2 * eps) * ((1 - eps) * a - eps * B0) - (eps * a - (1 - eps) * B0)
  /\ 0 <= a * (2 * (1 - eps) ^ 3 - eps).
Proof.
  intros He Ha HB. rewrite fact4_identity.
  assert (Hq : 0 < 1 - 2 * eps + 2 * eps ^ 2) by nra.
  assert (H1 : (1 - eps) * a * (1 - 2 * eps + 2 * eps ^ 2) < B0 * (1 - 2 * eps + 2 * eps ^ 2))
    by (apply Rmult_lt_compat_r; lra).
  split.
  - assert (Hid : a * (2 * (1 - eps) ^ 3 - eps)
                  = a * (1 - 4 * eps + 2 * eps ^ 2) + (1 - eps) * a * (1 - 2 * eps + 2 * eps ^ 2)) by ring.
    lra.
  - apply Rmult_le_pos; [lra|]. apply threshold_nonneg; lra.
Qed.

(** The base K = 2: A_1 = ε - 1/2 < λ (1/2 - ε) = λ a. *)
Theorem base_K2 (eps : R) : 0 < eps < 1/2 -> eps - 1/2 < (1 - 2 * eps) * (1/2 - eps).
Proof. intros He. nra. Qed.

(** What the certified test of power_models (s A_0 - A_m > 0, s = 1 - 2ε) gives: the power inequality
    A_m < s a, from A_0 <= a (the definition of p) and s >= 0 alone; a > 0 (Theorem B5) is not needed for
    this direction.  (Issue 42 says the test is the power inequality "only because A_0 > 0"; B5 is needed only
    for the converse, through A_0 = a.) *)
Theorem power_test_sufficient (s a A0 Am : R) : 0 <= s -> A0 <= a -> 0 < s * A0 - Am -> Am < s * a.
Proof. intros Hs Ha H. assert (s * A0 <= s * a) by (apply Rmult_le_compat_l; lra). lra. Qed.
