(** * Lemma X (issue 42), as a statement about finite sequences.

    For 0 < ε < 1/2, a > 0, K >= 1 and weights μ_s >= 0 (s < K) with μ_0 > 0 and Σ_{s<K} μ_s = 1, put
      u_s = (1 - ε) a - ε Σ_{s'<s} μ_{s'} β_{s'}  and  v_s = (1 - ε) + ε Σ_{s'<s} μ_{s'}.
    If β_s >= u_s / v_s for every s < K, then Σ_{s<K} μ_s β_s > (1 - ε) a.

    In the game: μ_s = w(0, s), β_s = β(K + s), and u_s / v_s is move 0's value at the heap K + s less 1/2
    (Lemma B1 with A_0 = a, i.e. move 0 optimal at K); β(K + s) is at least the value of move 0 there. *)
From Coq Require Import Reals Lra Lia Psatz.
From Exactcube Require Import Sums.
Open Scope R_scope.

Definition lx_u (eps a : R) (mu beta : nat -> R) (s : nat) : R :=
  (1 - eps) * a - eps * psum (fun j => mu j * beta j) s.

Definition lx_v (eps : R) (mu : nat -> R) (s : nat) : R :=
  (1 - eps) + eps * psum mu s.

(** The Q step: with d = ε μ_s in [0, v) and b = β_s >= u/v, the product Q = u v does not grow by more than the
    factor 1 - (d/v)^2, written without division. *)
Lemma q_step (u v d b : R) :
  0 < v -> 0 <= d -> d <= v -> u / v <= b ->
  (u - d * b) * (v + d) * (v * v) <= (u * v) * (v * v - d * d).
Proof.
  intros Hv Hd Hdv Hb.
  set (r := u / v) in Hb.
  assert (Hu : u = r * v) by (unfold r; field; lra).
  rewrite Hu.
  assert (H1 : 0 <= (v + d) * (v * v) * d) by (apply Rmult_le_pos; [apply Rmult_le_pos; nra | lra]).
  assert (H2 : 0 <= (v + d) * (v * v) * d * (b - r)) by (apply Rmult_le_pos; lra).
  nra.
Qed.

(** From the Q step: Q' <= max(Q, 0), and Q' < Q when d > 0 and Q > 0. *)
Lemma q_max (q q' v d : R) :
  0 < v -> 0 <= d -> d < v -> q' * (v * v) <= q * (v * v - d * d) -> q' <= Rmax q 0.
Proof.
  intros Hv Hd Hdv H.
  assert (Hvv : 0 < v * v) by nra.
  destruct (Rle_lt_dec 0 q) as [Hq | Hq].
  - rewrite Rmax_left by lra.
    assert (q * (v * v - d * d) <= q * (v * v)) by nra.
    apply (Rmult_le_reg_r (v * v)); lra.
  - rewrite Rmax_right by lra.
    assert (0 <= v * v - d * d) by nra.
    assert (q * (v * v - d * d) <= 0) by (assert (0 <= (-q) * (v * v - d * d)) by (apply Rmult_le_pos; lra); lra).
    apply (Rmult_le_reg_r (v * v)); [lra|]. rewrite Rmult_0_l. lra.
Qed.

Lemma q_strict (q q' v d : R) :
  0 < v -> 0 < d -> d < v -> 0 < q -> q' * (v * v) <= q * (v * v - d * d) -> q' < q.
Proof.
  intros Hv Hd Hdv Hq H.
  assert (Hvv : 0 < v * v) by nra.
  assert (0 < q * (d * d)) by (apply Rmult_lt_0_compat; nra).
  assert (q * (v * v - d * d) < q * (v * v)) by nra.
  apply (Rmult_lt_reg_r (v * v)); lra.
Qed.

Theorem lemma_X (eps a : R) (mu beta : nat -> R) (K : nat) :
  0 < eps < 1/2 -> 0 < a -> (1 <= K)%nat ->
  (forall s, (s < K)%nat -> 0 <= mu s) -> 0 < mu 0%nat -> psum mu K = 1 ->
  (forall s, (s < K)%nat -> lx_u eps a mu beta s / lx_v eps mu s <= beta s) ->
  (1 - eps) * a < psum (fun s => mu s * beta s) K.
Proof.
  intros Heps Ha HK Hmu Hmu0 Hsum Hbeta.
  set (Q := fun s => lx_u eps a mu beta s * lx_v eps mu s).
  (* v_s >= 1 - ε > 0 *)
  assert (Hv : forall s, (s <= K)%nat -> 1 - eps <= lx_v eps mu s).
  { intros s Hs. unfold lx_v.
    assert (0 <= psum mu s) by (apply psum_nonneg; intros; apply Hmu; lia). nra. }
  (* μ_s <= 1 for s < K, so d = ε μ_s < v_s *)
  assert (Hmu1 : forall s, (s < K)%nat -> mu s <= 1).
  { intros s Hs. rewrite <- Hsum.
    assert (psum mu (S s) <= psum mu K) by (apply psum_mono; [lia | exact Hmu]).
    assert (0 <= psum mu s) by (apply psum_nonneg; intros; apply Hmu; lia).
    simpl in *. lra. }
  (* the step of Q, for s < K *)
  assert (Hstep : forall s, (s < K)%nat ->
            Q (S s) * (lx_v eps mu s * lx_v eps mu s)
            <= Q s * (lx_v eps mu s * lx_v eps mu s - (eps * mu s) * (eps * mu s))).
  { intros s Hs. unfold Q.
    assert (Hu1 : lx_u eps a mu beta (S s) = lx_u eps a mu beta s - (eps * mu s) * beta s)
      by (unfold lx_u; simpl; ring).
    assert (Hv1 : lx_v eps mu (S s) = lx_v eps mu s + eps * mu s) by (unfold lx_v; simpl; ring).
    rewrite Hu1, Hv1.
    assert (1 - eps <= lx_v eps mu s) by (apply Hv; lia).
    assert (0 <= mu s) by auto. assert (mu s <= 1) by auto.
    apply q_step; try nra. apply Hbeta; exact Hs. }
  assert (Hd : forall s, (s < K)%nat -> 0 <= eps * mu s < lx_v eps mu s).
  { intros s Hs. assert (1 - eps <= lx_v eps mu s) by (apply Hv; lia).
    assert (0 <= mu s) by auto. assert (mu s <= 1) by auto. split; nra. }
  (* Q_0 = (1 - ε)^2 a > 0, Q_1 < Q_0, and Q_{s+1} <= max(Q_s, 0) keep Q_s < Q_0 for 1 <= s <= K *)
  assert (HQ0 : Q 0%nat = (1 - eps) * (1 - eps) * a) by (unfold Q, lx_u, lx_v; simpl; ring).
  assert (HQ0pos : 0 < Q 0%nat) by (rewrite HQ0; apply Rmult_lt_0_compat; [nra | lra]).
  assert (Hall : forall s, (S s <= K)%nat -> Q (S s) < Q 0%nat).
  { induction s as [|s IH]; intros Hs.
    - destruct (Hd 0%nat ltac:(lia)) as [Hd0 Hd1].
      assert (1 - eps <= lx_v eps mu 0) by (apply Hv; lia).
      apply (q_strict (Q 0%nat) (Q 1%nat) (lx_v eps mu 0) (eps * mu 0%nat)); try nra.
      apply Hstep; lia.
    - destruct (Hd (S s) ltac:(lia)) as [Hd0 Hd1].
      assert (1 - eps <= lx_v eps mu (S s)) by (apply Hv; lia).
      assert (Hm : Q (S (S s)) <= Rmax (Q (S s)) 0).
      { apply (q_max _ _ (lx_v eps mu (S s)) (eps * mu (S s))); try lra. apply Hstep; lia. }
      assert (Q (S s) < Q 0%nat) by (apply IH; lia).
      revert Hm. apply Rmax_case_strong; intros; lra. }
  (* at s = K: v_K = 1, so Q_K = (1 - ε) a - ε B_0 < (1 - ε)^2 a, i.e. B_0 > (1 - ε) a *)
  destruct K as [|K']; [lia|].
  specialize (Hall K' (le_n _)). rewrite HQ0 in Hall.
  unfold Q, lx_u, lx_v in Hall. rewrite Hsum in Hall.
  set (B := psum (fun j => mu j * beta j) (S K')) in *.
  assert (eps * ((1 - eps) * a) < eps * B) by nra.
  apply (Rmult_lt_reg_l eps); lra.
Qed.
