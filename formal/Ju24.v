(** * ju24 (3.4) and (3.6): the gap identities of Theorems 1.4 and 1.5 and the maximum of d_k at k = 2.

    d_k is the indifference point (1.2) on R+ (y > 1, 0 < x < y) and (1.3) on R- (0 < y < 1, -y < x < 0):
      (1.2)  d_k = y (x + 1)/(x y - x + 2 y) + x (x + 1)(y - 1)/(2 x y - 2 x + 4 y) * (-r)^k,  r = (y - x)/(y (x + 1)),
      (1.3)  d_k = (x + y)/(-x y + x + 2 y) - x (1 - x)(1 - y)/(-2 x y + 2 x + 4 y) * (-r)^k,  r = (x + y)/(y (1 - x)).
    Proved: (1 + x)/2 - d_2 equals the printed (3.4), resp. (3.6), identically; it is positive on the region;
    0 < r < 1 and the coefficient of (-r)^k is positive, so d_k <= d_2 < (1 + x)/2 for every k >= 1. *)
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

Lemma pow_le_1 (r : R) (k : nat) : 0 <= r <= 1 -> r ^ k <= 1.
Proof.
  intros Hr. induction k as [|k IH]; simpl; [lra|].
  assert (0 <= r ^ k) by (apply pow_le; lra). nra.
Qed.

(** (-r)^k <= r^2 for 0 < r < 1 and k >= 1. *)
Lemma alt_pow_le_sq (r : R) (k : nat) : 0 < r < 1 -> (1 <= k)%nat -> (- r) ^ k <= r ^ 2.
Proof.
  intros Hr Hk.
  destruct k as [|[|k]]; [lia| simpl; nra |].
  assert (Hle : Rabs ((- r) ^ S (S k)) <= r ^ 2).
  { rewrite <- RPow_abs. rewrite Rabs_Ropp, Rabs_pos_eq by lra.
    replace (S (S k)) with (2 + k)%nat by lia. rewrite pow_add.
    assert (0 < r ^ 2) by (apply pow_lt; lra).
    assert (r ^ k <= 1) by (apply pow_le_1; lra).
    assert (0 <= r ^ k) by (apply pow_le; lra). nra. }
  generalize (Rle_abs ((- r) ^ S (S k))). lra.
Qed.

Section Rplus.
Variables x y : R.
Hypothesis Hy : 1 < y.
Hypothesis Hx : 0 < x < y.

Definition r_plus : R := (y - x) / (y * (x + 1)).
Definition d_plus (k : nat) : R :=
  y * (x + 1) / (x * y - x + 2 * y) + x * (x + 1) * (y - 1) / (2 * x * y - 2 * x + 4 * y) * (- r_plus) ^ k.

Theorem ju24_eq3_4 : (1 + x) / 2 - d_plus 2 = x ^ 2 * (y ^ 2 - 1) / (2 * y ^ 2 * (x + 1)).
Proof.
  unfold d_plus, r_plus.
  assert (x * y - x + 2 * y <> 0) by nra. assert (2 * x * y - 2 * x + 4 * y <> 0) by nra.
  field. repeat split; nra.
Qed.

Theorem ju24_eq3_4_positive : 0 < x ^ 2 * (y ^ 2 - 1) / (2 * y ^ 2 * (x + 1)).
Proof.
  apply Rdiv_lt_0_compat.
  - apply Rmult_lt_0_compat; [apply pow_lt; lra | nra].
  - apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat; [lra | apply pow_lt; lra] | lra].
Qed.

Lemma r_plus_range : 0 < r_plus < 1.
Proof.
  unfold r_plus. assert (0 < y * (x + 1)) by nra. split.
  - apply Rdiv_lt_0_compat; lra.
  - apply (Rmult_lt_reg_r (y * (x + 1))); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. nra.
Qed.

(** Theorem 1.4's conclusion: d_k <= d_2 < (1 + x)/2 for every k >= 1. *)
Theorem ju24_thm14_max_at_two (k : nat) : (1 <= k)%nat -> d_plus k <= d_plus 2 < (1 + x) / 2.
Proof.
  intros Hk. pose proof r_plus_range as Hr. split.
  - unfold d_plus.
    assert (Hc : 0 < x * (x + 1) * (y - 1) / (2 * x * y - 2 * x + 4 * y))
      by (apply Rdiv_lt_0_compat; [apply Rmult_lt_0_compat; [nra | lra] | nra]).
    pose proof (alt_pow_le_sq r_plus k Hr Hk).
    replace ((- r_plus) ^ 2) with (r_plus ^ 2) by ring.
    apply Rplus_le_compat_l. apply Rmult_le_compat_l; lra.
  - pose proof ju24_eq3_4. pose proof ju24_eq3_4_positive. lra.
Qed.
End Rplus.

Section Rminus.
Variables x y : R.
Hypothesis Hy : 0 < y < 1.
Hypothesis Hx : - y < x < 0.

Lemma den_minus_pos : 0 < - 2 * x * y + 2 * x + 4 * y.
Proof. assert (0 < (x + y) * (1 - y)) by (apply Rmult_lt_0_compat; lra). nra. Qed.

Lemma den_minus_pos' : 0 < - x * y + x + 2 * y.
Proof. pose proof den_minus_pos. lra. Qed.

Definition r_minus : R := (x + y) / (y * (1 - x)).
Definition d_minus (k : nat) : R :=
  (x + y) / (- x * y + x + 2 * y) - x * (1 - x) * (1 - y) / (- 2 * x * y + 2 * x + 4 * y) * (- r_minus) ^ k.

Theorem ju24_eq3_6 : (1 + x) / 2 - d_minus 2 = x ^ 2 * (1 - y ^ 2) / (2 * y ^ 2 * (1 - x)).
Proof.
  unfold d_minus, r_minus.
  pose proof den_minus_pos. pose proof den_minus_pos'.
  field. repeat split; nra.
Qed.

Theorem ju24_eq3_6_positive : 0 < x ^ 2 * (1 - y ^ 2) / (2 * y ^ 2 * (1 - x)).
Proof.
  apply Rdiv_lt_0_compat.
  - apply Rmult_lt_0_compat; [simpl; nra | nra].
  - apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat; [lra | apply pow_lt; lra] | lra].
Qed.

Lemma r_minus_range : 0 < r_minus < 1.
Proof.
  unfold r_minus. assert (0 < y * (1 - x)) by nra. split.
  - apply Rdiv_lt_0_compat; lra.
  - apply (Rmult_lt_reg_r (y * (1 - x))); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. nra.
Qed.

(** Theorem 1.5's conclusion: d_k <= d_2 < (1 + x)/2 for every k >= 1. *)
Theorem ju24_thm15_max_at_two (k : nat) : (1 <= k)%nat -> d_minus k <= d_minus 2 < (1 + x) / 2.
Proof.
  intros Hk. pose proof r_minus_range as Hr. split.
  - unfold d_minus.
    assert (Hc : 0 < - x * (1 - x) * (1 - y) / (- 2 * x * y + 2 * x + 4 * y))
      by (apply Rdiv_lt_0_compat; [apply Rmult_lt_0_compat; [nra | lra] | apply den_minus_pos]).
    pose proof (alt_pow_le_sq r_minus k Hr Hk).
    replace ((- r_minus) ^ 2) with (r_minus ^ 2) by ring.
    assert (HX : x * (1 - x) * (1 - y) / (- 2 * x * y + 2 * x + 4 * y)
                 = - (- x * (1 - x) * (1 - y) / (- 2 * x * y + 2 * x + 4 * y)))
      by (field; pose proof den_minus_pos; lra).
    rewrite HX.
    assert (- x * (1 - x) * (1 - y) / (- 2 * x * y + 2 * x + 4 * y) * (- r_minus) ^ k
            <= - x * (1 - x) * (1 - y) / (- 2 * x * y + 2 * x + 4 * y) * r_minus ^ 2)
      by (apply Rmult_le_compat_l; lra).
    lra.
  - pose proof ju24_eq3_6. pose proof ju24_eq3_6_positive. lra.
Qed.
End Rminus.
