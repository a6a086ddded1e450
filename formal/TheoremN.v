(** * Theorem N and the corollary (Conjecture 9 on (0, ε*]), from Lemmas B1-B8 stated as hypotheses.

    The game's values enter as real-valued functions: [P n m] = p(n, m), the value of move m at the heap n,
    [p n] = p(n), and [w k u s] = w(u, s), the chance that the low word u of k - 1 bits is received as s.
    The lemmas of docs/noisy.md that the argument uses (the block recursion B1, the bounds B2, B4, B5, B6,
    the top moves B7, the block reduction B8), the definition of p(n) as the best move, the channel's rows
    and the heap 2 are the hypotheses of the section [Game] below; each carries the range of ε on which the
    docs prove it.  Everything else (Lemma X, facts 1-4, the threshold, the induction over k, the assembly
    of the corollary) is proved here.  Stage 2 (the hypotheses from the game's definition) is not done: see
    the README. *)
From Coq Require Import Reals Lra Lia Psatz.
From Exactcube Require Import Sums LemmaX Threshold StepFacts.
Open Scope R_scope.

(** K = 2^(k - 1), the power of two of block k. *)
Definition Kp (k : nat) : nat := (2 ^ (k - 1))%nat.

Lemma Kp_S (k : nat) : (1 <= k)%nat -> Kp (S k) = (Kp k + Kp k)%nat.
Proof.
  intros H. unfold Kp. replace (S k - 1)%nat with (S (k - 1)) by lia. simpl. lia.
Qed.

Lemma Kp_pos (k : nat) : (1 <= Kp k)%nat.
Proof. unfold Kp. apply Nat.neq_0_lt_0, Nat.pow_nonzero. lia. Qed.

Lemma Kp_ge2 (k : nat) : (2 <= k)%nat -> (2 <= Kp k)%nat.
Proof.
  intros H. unfold Kp. replace (k - 1)%nat with (S (k - 2)) by lia. rewrite Nat.pow_succ_r'.
  pose proof (Nat.pow_nonzero 2 (k - 2) ltac:(lia)). lia.
Qed.

Section Game.

Variable eps : R.
Variable P : nat -> nat -> R.        (* P n m = p(n, m) *)
Variable p : nat -> R.               (* p n = p(n) *)
Variable w : nat -> nat -> nat -> R. (* w k u s = w(u, s) on k - 1 bits *)

Definition beta (n : nat) : R := p n - 1/2.
Definition A (k m : nat) : R := P (Kp k) m - 1/2.
Definition a (k : nat) : R := beta (Kp k).
Definition Bs (k u t : nat) : R := psum (fun s => w k u s * beta (Kp k + s)) t.
Definition Ws (k u t : nat) : R := psum (w k u) t.

(** The power inequality H(K) at K = 2^(k - 1). *)
Definition power_ineq (k : nat) : Prop :=
  forall m, (1 <= m < Kp k)%nat -> A k m < (1 - 2 * eps) * a k.

(** p(n) is the value of the best move (the definition, (5)). *)
Hypothesis p_max : forall n, (1 <= n)%nat ->
  (forall m, (m < n)%nat -> P n m <= p n) /\ (exists m, (m < n)%nat /\ P n m = p n).

(** The channel on k - 1 bits: rows nonnegative and summing to 1; w(0, 0) = (1 - ε)^(k - 1). *)
Hypothesis w_nonneg : forall k u s, (1 <= k)%nat -> (u < Kp k)%nat -> (s < Kp k)%nat -> 0 <= w k u s.
Hypothesis w_row : forall k u, (1 <= k)%nat -> (u < Kp k)%nat -> psum (w k u) (Kp k) = 1.
Hypothesis w_00 : forall k, (1 <= k)%nat -> w k 0%nat 0%nat = (1 - eps) ^ (k - 1).

(** The heap 2: p(2, 0) = 1 - ε and p(2, 1) = ε (from (5) with p(0) = 0, p(1) = 1). *)
Hypothesis heap2 : P 2%nat 0%nat = 1 - eps /\ P 2%nat 1%nat = eps.

(** Lemma B1 (the block recursion), for 0 <= ε < 1, a heap K + t with 0 <= t <= K (the heap 2K read as K + K). *)
Hypothesis B1_low : 0 <= eps < 1 -> forall k t u, (1 <= k)%nat -> (t <= Kp k)%nat -> (u < Kp k)%nat ->
  P (Kp k + t)%nat u - 1/2 = ((1 - eps) * A k u - eps * Bs k u t) / ((1 - eps) + eps * Ws k u t).
Hypothesis B1_top : 0 <= eps < 1 -> forall k t u, (1 <= k)%nat -> (t <= Kp k)%nat -> (u < t)%nat ->
  P (Kp k + t)%nat (Kp k + u)%nat - 1/2 = (eps * A k u - (1 - eps) * Bs k u t) / (eps + (1 - eps) * Ws k u t).

(** Lemma B2 (inside a block), for 0 <= ε < 1. *)
Hypothesis B2 : 0 <= eps < 1 -> forall k t, (1 <= k)%nat -> (t < Kp k)%nat -> Rabs (beta (Kp k + t)) <= a k.

(** Lemma B4 (the low step), for 0 <= ε < 1/2. *)
Hypothesis B4 : 0 <= eps < 1/2 -> forall k t, (1 <= k)%nat -> (0 < t < Kp k)%nat ->
  (1 - 2 * eps) * a k <= beta (Kp k + t).

(** Theorem B5 (the bound of Conjecture 10), for 0 <= ε <= 1: p(2^(k-1)) >= 1/2 + |1 - 2ε|^(k-1) / 2. *)
Hypothesis B5 : 0 <= eps <= 1 -> forall k, (1 <= k)%nat -> Rabs (1 - 2 * eps) ^ (k - 1) / 2 <= a k.

(** Theorem B6 (the bound of Conjecture 9), for 0 <= ε < 1/2: a heap n of k binary digits has
    p(n) >= 1/2 + (1 - 2ε)^k / 2. *)
Hypothesis B6 : 0 <= eps < 1/2 -> forall k n, (1 <= k)%nat -> (Kp k <= n < Kp k + Kp k)%nat ->
  1/2 + (1 - 2 * eps) ^ k / 2 <= p n.

(** Theorem B7 (top moves are never optimal below 1/2), for 0 <= ε < 1/2. *)
Hypothesis B7 : 0 <= eps < 1/2 -> forall k t u, (1 <= k)%nat -> (t < Kp k)%nat -> (u < t)%nat ->
  P (Kp k + t)%nat (Kp k + u)%nat < P (Kp k + t)%nat u \/ P (Kp k + t)%nat (Kp k + u)%nat < 1/2.

(** Lemma B8 (a block decided by its power of two), for 0 <= ε < 1/2. *)
Hypothesis B8 : 0 <= eps < 1/2 -> forall k, (2 <= k)%nat -> power_ineq k ->
  forall t m, (t < Kp k)%nat -> (1 <= m < Kp k)%nat -> P (Kp k + t)%nat m < P (Kp k + t)%nat 0%nat.

Hypothesis eps_range : 0 < eps <= eps_star.

Lemma eps_half : 0 < eps < 1/2.
Proof. generalize eps_star_range, eps_range. lra. Qed.

Lemma a_pos k : (1 <= k)%nat -> 0 < a k.
Proof.
  intros Hk. pose proof eps_half.
  eapply Rlt_le_trans; [|apply B5; auto; lra].
  rewrite Rabs_pos_eq by lra. apply Rmult_lt_0_compat; [apply pow_lt; lra | lra].
Qed.

(** H(K) makes move 0 optimal at K: A_0 = a. *)
Lemma move0_optimal k : (2 <= k)%nat -> power_ineq k -> A k 0%nat = a k.
Proof.
  intros Hk H. pose proof eps_half. pose proof (a_pos k ltac:(lia)).
  pose proof (Kp_ge2 k Hk).
  destruct (p_max (Kp k) ltac:(lia)) as [_ [m [Hm Hmax]]].
  destruct m as [|m].
  - unfold A, a, beta. rewrite Hmax. reflexivity.
  - exfalso. specialize (H (S m) ltac:(lia)). unfold A, a, beta in *. rewrite Hmax in H.
    assert (0 < eps * (p (Kp k) - 1/2)) by (apply Rmult_lt_0_compat; lra). lra.
Qed.

(** Every heap of the block is worth between 1/2 + λ a and 1/2 + a (B2, B4; β(K) = a). *)
Lemma block_bounds k s : (1 <= k)%nat -> (s < Kp k)%nat ->
  (1 - 2 * eps) * a k <= beta (Kp k + s) <= a k.
Proof.
  intros Hk Hs. pose proof eps_half. pose proof (a_pos k Hk). split.
  - destruct s as [|s].
    + replace (Kp k + 0)%nat with (Kp k) by lia. fold (a k). nra.
    + apply B4; (lra || lia).
  - pose proof (B2 ltac:(lra) k s Hk Hs). revert H1. unfold Rabs. destruct (Rcase_abs (beta (Kp k + s))); lra.
Qed.

Lemma B_bounds k u : (1 <= k)%nat -> (u < Kp k)%nat ->
  (1 - 2 * eps) * a k <= Bs k u (Kp k) <= a k.
Proof.
  intros Hk Hu. unfold Bs. apply psum_average.
  - intros s Hs. apply w_nonneg; auto.
  - apply w_row; auto.
  - intros s Hs. apply block_bounds; auto.
Qed.

(** Lemma X in the game: if move 0 is optimal at K, B_0 > (1 - ε) a. *)
Theorem lemma_X_game k : (1 <= k)%nat -> A k 0%nat = a k -> (1 - eps) * a k < Bs k 0%nat (Kp k).
Proof.
  intros Hk HA0. pose proof eps_half. pose proof (Kp_pos k).
  unfold Bs. apply (lemma_X eps (a k) (w k 0%nat) (fun s => beta (Kp k + s)%nat) (Kp k)).
  - exact H.
  - apply a_pos; auto.
  - exact H0.
  - intros s Hs. apply w_nonneg; auto.
  - rewrite w_00 by auto. apply pow_lt. lra.
  - apply w_row; auto.
  - intros s Hs.
    (* move 0's value at the heap K + s is 1/2 + u_s / v_s (B1, A_0 = a), and p(K + s) is at least that *)
    assert (Hv : P (Kp k + s)%nat 0%nat - 1/2 = lx_u eps (a k) (w k 0%nat) (fun s => beta (Kp k + s)%nat) s
                                             / lx_v eps (w k 0%nat) s).
    { rewrite B1_low by (auto; lra || lia). rewrite HA0. reflexivity. }
    rewrite <- Hv. unfold beta.
    destruct (p_max (Kp k + s)%nat ltac:(lia)) as [Hle _].
    specialize (Hle 0%nat ltac:(lia)). lra.
Qed.

(** The values of the moves at 2K (B1 at t = K, W = 1). *)
Lemma move_low_2K k u : (1 <= k)%nat -> (u < Kp k)%nat ->
  A (S k) u = (1 - eps) * A k u - eps * Bs k u (Kp k).
Proof.
  intros Hk Hu. pose proof eps_half. unfold A at 1. rewrite Kp_S by auto.
  rewrite B1_low by (auto; lra || lia). unfold Ws. rewrite w_row by auto.
  replace ((1 - eps) + eps * 1) with 1 by ring. field.
Qed.

Lemma move_top_2K k u : (1 <= k)%nat -> (u < Kp k)%nat ->
  A (S k) (Kp k + u)%nat = eps * A k u - (1 - eps) * Bs k u (Kp k).
Proof.
  intros Hk Hu. pose proof eps_half. unfold A at 1. rewrite Kp_S by auto.
  rewrite B1_top by (auto; lra || lia). unfold Ws. rewrite w_row by auto.
  replace (eps + (1 - eps) * 1) with 1 by ring. field.
Qed.

(** The induction step of Theorem N: H(K) gives H(2K). *)
Theorem theorem_N_step k : (2 <= k)%nat -> power_ineq k -> power_ineq (S k).
Proof.
  intros Hk H. pose proof eps_half. pose proof (a_pos k ltac:(lia)) as Ha.
  pose proof (move0_optimal k Hk H) as HA0. pose proof (Kp_pos k).
  pose proof (B_bounds k 0%nat ltac:(lia) ltac:(lia)) as [HB0lo HB0hi].
  pose proof (lemma_X_game k ltac:(lia) HA0) as HX.
  (* A'_0 and a' = p(2K) - 1/2 >= A'_0 *)
  assert (HA'0 : A (S k) 0%nat = (1 - eps) * a k - eps * Bs k 0%nat (Kp k))
    by (rewrite move_low_2K by (auto; lia); rewrite HA0; reflexivity).
  assert (Ha' : A (S k) 0%nat <= a (S k)).
  { unfold A, a, beta. destruct (p_max (Kp (S k)) ltac:(pose proof (Kp_pos (S k)); lia)) as [Hle _].
    specialize (Hle 0%nat ltac:(pose proof (Kp_pos (S k)); lia)). lra. }
  destruct (fact1_move0 eps (a k) (Bs k 0%nat (Kp k)) ltac:(lra) Ha HB0hi) as [F1 F1'].
  assert (Hlam : (1 - 2 * eps) * A (S k) 0%nat <= (1 - 2 * eps) * a (S k)) by (apply Rmult_le_compat_l; lra).
  rewrite HA'0 in Hlam.
  intros m Hm. rewrite Kp_S in Hm by lia.
  destruct (Nat.lt_ge_cases m (Kp k)) as [Hlow | Htop].
  - (* (2) a low move 1 <= m < K *)
    rewrite move_low_2K by (auto; lia).
    pose proof (B_bounds k m ltac:(lia) ltac:(lia)) as [HBlo _].
    pose proof (fact2_low eps (a k) (A k m) (Bs k m (Kp k)) (Bs k 0%nat (Kp k)) ltac:(lra) Ha
                  (H m ltac:(lia)) HBlo HB0hi).
    lra.
  - replace m with (Kp k + (m - Kp k))%nat by lia.
    set (u := (m - Kp k)%nat).
    rewrite move_top_2K by (auto; lia).
    destruct u as [|u'] eqn:Hu.
    + (* (4) the top move K, by Lemma X and ε <= ε* *)
      rewrite HA0.
      pose proof (fact4_topK eps (a k) (Bs k 0%nat (Kp k)) eps_range Ha HX) as [F4 F4'].
      lra.
    + (* (3) a top move K + u, u >= 1 *)
      pose proof (B_bounds k (S u') ltac:(lia) ltac:(lia)) as [HBlo _].
      pose proof (fact3_top eps (a k) (A k (S u')) (Bs k (S u') (Kp k)) (Bs k 0%nat (Kp k)) ltac:(lra) Ha
                    (H (S u') ltac:(lia)) HBlo HB0hi) as [F3 F3'].
      lra.
Qed.

(** The base: H(2). *)
Theorem theorem_N_base : power_ineq 2.
Proof.
  pose proof eps_half. intros m Hm. unfold Kp in Hm. simpl in Hm. assert (m = 1%nat) by lia. subst m.
  destruct heap2 as [H0 H1].
  assert (Ha2 : a 2%nat = 1/2 - eps).
  { unfold a, beta, Kp. simpl.
    destruct (p_max 2%nat ltac:(lia)) as [Hle [m [Hm2 Hmax]]].
    pose proof (Hle 0%nat ltac:(lia)). pose proof (Hle 1%nat ltac:(lia)).
    destruct m as [|[|m]]; [| |lia]; lra. }
  unfold A, Kp. simpl. rewrite H1, Ha2. apply base_K2. lra.
Qed.

(** Theorem N: for 0 < ε <= ε*, the power inequality holds at every K = 2^(k-1) >= 2. *)
Theorem theorem_N : forall k, (2 <= k)%nat -> power_ineq k.
Proof.
  intros k Hk. induction k as [|k IH]; [lia|].
  destruct (Nat.eq_dec k 1) as [->|Hne].
  - apply theorem_N_base.
  - apply theorem_N_step; [lia|]. apply IH. lia.
Qed.

(** Every n >= 2 lies in a block k >= 2: K = 2^(k-1) <= n < 2K. *)
Lemma block_of (n : nat) : (2 <= n)%nat ->
  exists k, (2 <= k)%nat /\ (Kp k <= n < Kp k + Kp k)%nat.
Proof.
  intros Hn. exists (S (Nat.log2 n)).
  pose proof (Nat.log2_spec n ltac:(lia)) as [Hlo Hhi].
  assert (1 <= Nat.log2 n)%nat.
  { apply Nat.log2_le_pow2; [lia|]. simpl. lia. }
  unfold Kp. replace (S (Nat.log2 n) - 1)%nat with (Nat.log2 n) by lia.
  rewrite Nat.pow_succ_r' in Hhi. split; lia.
Qed.

(** The corollary: Conjecture 9 on (0, ε*]: for every heap n >= 2, p(n) > 1/2 and move 0 is the unique
    optimal move. *)
Theorem conjecture9_small_eps (n : nat) : (2 <= n)%nat ->
  1/2 < p n /\ P n 0%nat = p n /\ (forall m, (1 <= m < n)%nat -> P n m < P n 0%nat).
Proof.
  intros Hn. pose proof eps_half.
  destruct (block_of n Hn) as [k [Hk Hblock]].
  pose proof (theorem_N k Hk) as HN.
  set (t := (n - Kp k)%nat).
  assert (Hn' : n = (Kp k + t)%nat) by lia.
  assert (Ht : (t < Kp k)%nat) by lia.
  assert (Hp : 1/2 < p n).
  { pose proof (B6 ltac:(lra) k n ltac:(lia) Hblock).
    assert (0 < (1 - 2 * eps) ^ k / 2) by (apply Rmult_lt_0_compat; [apply pow_lt | ]; lra). lra. }
  assert (Hlow : forall m, (1 <= m < Kp k)%nat -> P n m < P n 0%nat).
  { intros m Hm. rewrite Hn'. apply B8; auto; lra. }
  destruct (p_max n ltac:(lia)) as [Hle [m0 [Hm0 Hmax]]].
  (* the optimal move m0 is 0 *)
  assert (HP0 : P n 0%nat = p n).
  { destruct m0 as [|m0]; [exact Hmax|].
    exfalso. pose proof (Hle 0%nat ltac:(lia)).
    destruct (Nat.lt_ge_cases (S m0) (Kp k)) as [Hl | Ht'].
    - pose proof (Hlow (S m0) ltac:(lia)). lra.
    - set (u := (S m0 - Kp k)%nat).
      assert (Hm0' : S m0 = (Kp k + u)%nat) by lia.
      destruct (B7 ltac:(lra) k t u ltac:(lia) Ht ltac:(lia)) as [Hb | Hb]; rewrite <- Hm0', <- Hn' in Hb.
      + pose proof (Hle u ltac:(lia)). lra.
      + lra. }
  split; [exact Hp|]. split; [exact HP0|].
  intros m Hm.
  destruct (Nat.lt_ge_cases m (Kp k)) as [Hl | Ht'].
  - apply Hlow. lia.
  - set (u := (m - Kp k)%nat).
    assert (Hm' : m = (Kp k + u)%nat) by lia.
    destruct (B7 ltac:(lra) k t u ltac:(lia) Ht ltac:(lia)) as [Hb | Hb]; rewrite <- Hm', <- Hn' in Hb.
    + destruct u as [|u'].
      * exact Hb.
      * pose proof (Hlow (S u') ltac:(lia)). lra.
    + lra.
Qed.

End Game.
