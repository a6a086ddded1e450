(** * Stage 2, first part: Lemmas B2-B8 and the heap 2 from the block recursion B1.

    The section [Blocks] assumes less than TheoremN.v's section [Game]: the definition of p(n) as the best
    move ([p_max]), the channel's rows and diagonal, p(1, 0) = 1 (from (5): the word 0 reaches the heap 0,
    which is lost), and Lemma B1.  From these it proves, for 0 < ε < 1/2:
    - Lemma B2 and Theorem B5 together, by induction on k, with Lemma B3 as the step;
    - Lemma B4, Theorem B6, Theorem B7 and Lemma B8;
    - the heap 2: p(2, 0) = 1 - ε and p(2, 1) = ε.
    With them, [conjecture9_from_B1] is TheoremN.v's corollary with Lemma B1 as its only lemma.  What is
    left of Stage 2 is B1 and the channel's rows from the game's definition (see the README). *)
From Coq Require Import Reals Lra Lia Psatz.
From Exactcube Require Import Sums Threshold TheoremN.
Open Scope R_scope.

Lemma div_le (X D c : R) : 0 < D -> X <= c * D -> X / D <= c.
Proof.
  intros HD H. apply (Rmult_le_reg_r D); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

Lemma le_div (X D c : R) : 0 < D -> c * D <= X -> c <= X / D.
Proof.
  intros HD H. apply (Rmult_le_reg_r D); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

Lemma div_lt (X D c : R) : 0 < D -> X < c * D -> X / D < c.
Proof.
  intros HD H. apply (Rmult_lt_reg_r D); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

Lemma psum_ge_term (f : nat -> R) (s n : nat) : (s < n)%nat -> (forall j, (j < n)%nat -> 0 <= f j) -> f s <= psum f n.
Proof.
  intros Hs H. induction n as [|n IH]; [lia|]. simpl.
  destruct (Nat.eq_dec s n) as [->|Hne].
  - assert (0 <= psum f n) by (apply psum_nonneg; intros; apply H; lia). lra.
  - assert (f s <= psum f n) by (apply IH; [lia | intros; apply H; lia]). assert (0 <= f n) by (apply H; lia). lra.
Qed.

Lemma psum_weighted (w x : nat -> R) (lo hi : R) (n : nat) :
  (forall s, (s < n)%nat -> 0 <= w s) -> (forall s, (s < n)%nat -> lo <= x s <= hi) ->
  lo * psum w n <= psum (fun s => w s * x s) n <= hi * psum w n.
Proof.
  intros Hw Hx. rewrite <- !psum_scal. split; apply psum_le; intros s Hs; destruct (Hx s Hs);
    pose proof (Hw s Hs); nra.
Qed.

Section Blocks.

Variable eps : R.
Variable P : nat -> nat -> R.
Variable p : nat -> R.
Variable w : nat -> nat -> nat -> R.

Hypothesis eps_half : 0 < eps < 1/2.

Hypothesis p_max : forall n, (1 <= n)%nat ->
  (forall m, (m < n)%nat -> P n m <= p n) /\ (exists m, (m < n)%nat /\ P n m = p n).
Hypothesis w_nonneg : forall k u s, (1 <= k)%nat -> (u < Kp k)%nat -> (s < Kp k)%nat -> 0 <= w k u s.
Hypothesis w_row : forall k u, (1 <= k)%nat -> (u < Kp k)%nat -> psum (w k u) (Kp k) = 1.
Hypothesis w_diag : forall k u, (1 <= k)%nat -> (u < Kp k)%nat -> w k u u = (1 - eps) ^ (k - 1).
Hypothesis heap1 : P 1%nat 0%nat = 1.
Hypothesis B1_low : 0 <= eps < 1 -> forall k t u, (1 <= k)%nat -> (t <= Kp k)%nat -> (u < Kp k)%nat ->
  P (Kp k + t)%nat u - 1/2
  = ((1 - eps) * A P k u - eps * Bs p w k u t) / ((1 - eps) + eps * Ws w k u t).
Hypothesis B1_top : 0 <= eps < 1 -> forall k t u, (1 <= k)%nat -> (t <= Kp k)%nat -> (u < t)%nat ->
  P (Kp k + t)%nat (Kp k + u)%nat - 1/2
  = (eps * A P k u - (1 - eps) * Bs p w k u t) / (eps + (1 - eps) * Ws w k u t).

Let lam := 1 - 2 * eps.
Let c := 1 - eps.

Lemma A_le_a k m : (1 <= k)%nat -> (m < Kp k)%nat -> A P k m <= a p k.
Proof.
  intros Hk Hm. unfold A, a, beta. destruct (p_max (Kp k) ltac:(pose proof (Kp_pos k); lia)) as [H _].
  specialize (H m Hm). lra.
Qed.

Lemma best_at_K k : (1 <= k)%nat -> exists u, (u < Kp k)%nat /\ A P k u = a p k.
Proof.
  intros Hk. destruct (p_max (Kp k) ltac:(pose proof (Kp_pos k); lia)) as [_ [m [Hm H]]].
  exists m. split; auto. unfold A, a, beta. rewrite H. reflexivity.
Qed.

Lemma W_range k u t : (1 <= k)%nat -> (u < Kp k)%nat -> (t <= Kp k)%nat -> 0 <= Ws w k u t <= 1.
Proof.
  intros Hk Hu Ht. unfold Ws. split.
  - apply psum_nonneg. intros. apply w_nonneg; auto; lia.
  - rewrite <- (w_row k u Hk Hu). apply psum_mono; [exact Ht | intros; apply w_nonneg; auto; lia].
Qed.

Lemma W_top_pos k u t : (1 <= k)%nat -> (u < t)%nat -> (t <= Kp k)%nat -> 0 < Ws w k u t.
Proof.
  intros Hk Hu Ht. unfold Ws. eapply Rlt_le_trans; [|apply psum_ge_term; [exact Hu|]].
  - rewrite w_diag by (auto; lia). apply pow_lt. lra.
  - intros. apply w_nonneg; auto; lia.
Qed.

(** Lemma B2 for one block, given a = β(K) >= 0. *)
Lemma B2_block k : (1 <= k)%nat -> 0 <= a p k -> forall t, (t < Kp k)%nat -> Rabs (beta p (Kp k + t)) <= a p k.
Proof.
  intros Hk Ha0.
  assert (H : forall t, (forall s, (s < t)%nat -> Rabs (beta p (Kp k + s)) <= a p k) ->
              (t < Kp k)%nat -> Rabs (beta p (Kp k + t)) <= a p k).
  { intros t IH Ht.
    assert (HB : forall u, (u < Kp k)%nat -> - (a p k) * Ws w k u t <= Bs p w k u t <= a p k * Ws w k u t).
    { intros u Hu. unfold Bs, Ws. replace (- a p k * psum (w k u) t) with ((- a p k) * psum (w k u) t) by ring.
      apply psum_weighted.
      - intros. apply w_nonneg; auto; lia.
      - intros s Hs. specialize (IH s Hs). revert IH. unfold Rabs. destruct Rcase_abs; lra. }
    destruct (p_max (Kp k + t)%nat ltac:(pose proof (Kp_pos k); lia)) as [Hle [m [Hm Hmax]]].
    destruct (best_at_K k Hk) as [us [Hus HAus]].
    (* the upper bound: every move is worth at most 1/2 + a *)
    assert (Hup : p (Kp k + t)%nat - 1/2 <= a p k).
    { rewrite <- Hmax. destruct (Nat.lt_ge_cases m (Kp k)) as [Hl | Hg].
      - rewrite B1_low by (lra || lia). destruct (W_range k m t Hk Hl ltac:(lia)).
        destruct (HB m Hl). pose proof (A_le_a k m Hk Hl).
        apply div_le; [nra|]. nra.
      - replace m with (Kp k + (m - Kp k))%nat by lia.
        rewrite B1_top by (lra || lia).
        pose proof (W_top_pos k (m - Kp k) t Hk ltac:(lia) ltac:(lia)).
        destruct (W_range k (m - Kp k) t Hk ltac:(lia) ltac:(lia)).
        destruct (HB (m - Kp k)%nat ltac:(lia)). pose proof (A_le_a k (m - Kp k) Hk ltac:(lia)).
        apply div_le; [nra|]. nra. }
    (* the lower bound: the move optimal at K is worth at least 1/2 - a *)
    assert (Hlo : - a p k <= p (Kp k + t)%nat - 1/2).
    { specialize (Hle us ltac:(lia)).
      assert (- a p k <= P (Kp k + t)%nat us - 1/2).
      { rewrite B1_low by (lra || lia). rewrite HAus. destruct (W_range k us t Hk Hus ltac:(lia)).
        destruct (HB us Hus). apply le_div; [nra|]. nra. }
      lra. }
    unfold beta. unfold Rabs. destruct Rcase_abs; lra. }
  intros t. induction t as [t IHt] using (well_founded_induction lt_wf). intros Ht.
  apply H; auto. intros s Hs. apply IHt; lia.
Qed.

(** Lemma B3 with ε < 1/2: β(2K) >= (1 - 2ε) β(K). *)
Lemma B3_block k : (1 <= k)%nat -> 0 <= a p k -> lam * a p k <= a p (S k).
Proof.
  intros Hk Ha0. destruct (best_at_K k Hk) as [us [Hus HAus]].
  assert (Hv : P (Kp (S k)) us - 1/2 = (1 - eps) * a p k - eps * Bs p w k us (Kp k)).
  { rewrite Kp_S by auto. rewrite B1_low by (lra || lia). unfold Ws. rewrite w_row by auto.
    rewrite HAus. field. lra. }
  assert (HB : Bs p w k us (Kp k) <= a p k).
  { unfold Bs. pose proof (psum_weighted (w k us) (fun s => beta p (Kp k + s)) (- a p k) (a p k) (Kp k)) as Hw.
    rewrite w_row in Hw by auto.
    destruct Hw as [_ Hw]; [intros; apply w_nonneg; auto | |lra].
    intros s Hs. pose proof (B2_block k Hk Ha0 s Hs). revert H. unfold Rabs. destruct Rcase_abs; lra. }
  destruct (p_max (Kp (S k)) ltac:(pose proof (Kp_pos (S k)); lia)) as [Hle _].
  specialize (Hle us ltac:(rewrite Kp_S by auto; lia)).
  unfold a at 2, beta. unfold lam. nra.
Qed.

Lemma a_1 : a p 1 = 1/2.
Proof.
  unfold a, beta, Kp. simpl. destruct (p_max 1%nat ltac:(lia)) as [_ [m [Hm H]]].
  assert (m = 0%nat) by lia. subst. rewrite <- H, heap1. lra.
Qed.

(** Theorem B5 with ε < 1/2, and with it Lemma B2 at every block. *)
Theorem B5_derived k : (1 <= k)%nat -> lam ^ (k - 1) / 2 <= a p k.
Proof.
  induction k as [|k IH]; intros Hk; [lia|].
  destruct (Nat.eq_dec k 0) as [->|Hne].
  - simpl. rewrite a_1. lra.
  - assert (Hk1 : (1 <= k)%nat) by lia. specialize (IH Hk1).
    assert (Hl : 0 <= lam) by (unfold lam; lra).
    assert (0 <= lam ^ (k - 1)) by (apply pow_le; auto).
    pose proof (B3_block k Hk1 ltac:(lra)).
    replace (S k - 1)%nat with (S (k - 1)) by lia. simpl.
    assert (lam * (lam ^ (k - 1) / 2) <= lam * a p k) by (apply Rmult_le_compat_l; auto).
    lra.
Qed.

Lemma a_nonneg k : (1 <= k)%nat -> 0 <= a p k.
Proof.
  intros Hk. pose proof (B5_derived k Hk). assert (0 <= lam ^ (k - 1)) by (apply pow_le; unfold lam; lra). lra.
Qed.

Theorem B2_derived k t : (1 <= k)%nat -> (t < Kp k)%nat -> Rabs (beta p (Kp k + t)) <= a p k.
Proof. intros Hk Ht. apply B2_block; auto. apply a_nonneg; auto. Qed.

(** Lemma B4. *)
Theorem B4_derived k t : (1 <= k)%nat -> (0 < t < Kp k)%nat -> lam * a p k <= beta p (Kp k + t).
Proof.
  intros Hk Ht. destruct (best_at_K k Hk) as [us [Hus HAus]]. pose proof (a_nonneg k Hk).
  assert (HB : Bs p w k us t <= a p k * Ws w k us t).
  { unfold Bs, Ws. apply (psum_weighted (w k us) (fun s => beta p (Kp k + s)) (- a p k) (a p k) t).
    - intros. apply w_nonneg; auto; lia.
    - intros s Hs. pose proof (B2_derived k s Hk ltac:(lia)). revert H0. unfold Rabs. destruct Rcase_abs; lra. }
  destruct (W_range k us t Hk Hus ltac:(lia)).
  assert (Hv : lam * a p k <= P (Kp k + t)%nat us - 1/2).
  { rewrite B1_low by (lra || lia). rewrite HAus. apply le_div; [nra|].
    (* the map of Lemma B4: (c - εW) a - λ a (c + εW) = 2ε(1 - ε)(1 - W) a >= 0 *)
    assert (0 <= 2 * eps * (1 - eps) * (1 - Ws w k us t) * a p k).
    { repeat apply Rmult_le_pos; lra. }
    unfold lam. nra. }
  destruct (p_max (Kp k + t)%nat ltac:(pose proof (Kp_pos k); lia)) as [Hle _].
  specialize (Hle us ltac:(lia)). unfold beta. lra.
Qed.

Lemma block_bounds_derived k s : (1 <= k)%nat -> (s < Kp k)%nat -> lam * a p k <= beta p (Kp k + s) <= a p k.
Proof.
  intros Hk Hs. pose proof (a_nonneg k Hk). split.
  - destruct s as [|s].
    + replace (Kp k + 0)%nat with (Kp k) by lia. fold (a p k). unfold lam. nra.
    + apply B4_derived; auto; lia.
  - pose proof (B2_derived k s Hk Hs). revert H0. unfold Rabs. destruct Rcase_abs; lra.
Qed.

(** Theorem B6. *)
Theorem B6_derived k n : (1 <= k)%nat -> (Kp k <= n < Kp k + Kp k)%nat -> 1/2 + lam ^ k / 2 <= p n.
Proof.
  intros Hk Hn. pose proof (B5_derived k Hk). pose proof (a_nonneg k Hk).
  assert (Hl : 0 < lam <= 1) by (unfold lam; lra).
  assert (0 <= lam ^ (k - 1)) by (apply pow_le; lra).
  assert (Hpow : lam ^ k = lam * lam ^ (k - 1)) by (replace k with (S (k - 1)) at 1 by lia; reflexivity).
  pose proof (block_bounds_derived k (n - Kp k) Hk ltac:(lia)) as [Hb _].
  replace (Kp k + (n - Kp k))%nat with n in Hb by lia. unfold beta in Hb.
  assert (lam * (lam ^ (k - 1) / 2) <= lam * a p k) by (apply Rmult_le_compat_l; lra).
  nra.
Qed.

(** Theorem B7. *)
Theorem B7_derived k t u : (1 <= k)%nat -> (t < Kp k)%nat -> (u < t)%nat ->
  P (Kp k + t)%nat (Kp k + u)%nat < P (Kp k + t)%nat u \/ P (Kp k + t)%nat (Kp k + u)%nat < 1/2.
Proof.
  intros Hk Ht Hu.
  (* B > 0: every heap of the block is worth more than 1/2, and the word u has weight > 0 *)
  assert (Hpos : forall s, (s < Kp k)%nat -> 0 < beta p (Kp k + s)).
  { intros s Hs. pose proof (B6_derived k (Kp k + s) Hk ltac:(lia)). unfold beta.
    assert (0 < lam ^ k) by (apply pow_lt; unfold lam; lra). lra. }
  assert (HB : 0 < Bs p w k u t).
  { unfold Bs. eapply Rlt_le_trans; [|apply (psum_ge_term _ u t Hu)].
    - cbv beta. rewrite w_diag by (auto; lia). apply Rmult_lt_0_compat; [apply pow_lt; lra | apply Hpos; lia].
    - intros j Hj. apply Rmult_le_pos; [apply w_nonneg; auto; lia | pose proof (Hpos j ltac:(lia)); lra]. }
  pose proof (W_top_pos k u t Hk Hu ltac:(lia)) as HW.
  destruct (W_range k u t Hk ltac:(lia) ltac:(lia)) as [HW0 HW1].
  rewrite <- (Rplus_0_r (P (Kp k + t)%nat (Kp k + u)%nat)).
  assert (Hlow := B1_low ltac:(lra) k t u Hk ltac:(lia) ltac:(lia)).
  assert (Htop := B1_top ltac:(lra) k t u Hk ltac:(lia) Hu).
  set (Au := A P k u) in *. set (B := Bs p w k u t) in *. set (W := Ws w k u t) in *.
  assert (HD1 : 0 < eps + (1 - eps) * W) by (assert (0 <= (1 - eps) * W) by (apply Rmult_le_pos; lra); lra).
  assert (HD2 : 0 < (1 - eps) + eps * W) by (assert (0 <= eps * W) by (apply Rmult_le_pos; lra); lra).
  destruct (Rle_lt_dec 0 Au) as [HA | HA].
  - left.
    assert (Hd : (eps * Au - (1 - eps) * B) / (eps + (1 - eps) * W)
                 < ((1 - eps) * Au - eps * B) / ((1 - eps) + eps * W)).
    { apply (Rmult_lt_reg_r ((eps + (1 - eps) * W) * ((1 - eps) + eps * W))); [apply Rmult_lt_0_compat; lra|].
      replace ((eps * Au - (1 - eps) * B) / (eps + (1 - eps) * W) * ((eps + (1 - eps) * W) * ((1 - eps) + eps * W)))
        with ((eps * Au - (1 - eps) * B) * ((1 - eps) + eps * W)) by (field; lra).
      replace (((1 - eps) * Au - eps * B) / ((1 - eps) + eps * W) * ((eps + (1 - eps) * W) * ((1 - eps) + eps * W)))
        with (((1 - eps) * Au - eps * B) * (eps + (1 - eps) * W)) by (field; lra).
      (* (low - top) D_L D_T = (1 - 2ε)(A W + B) > 0 *)
      assert (0 <= Au * W) by (apply Rmult_le_pos; lra).
      assert (0 < (1 - 2 * eps) * (Au * W + B)) by (apply Rmult_lt_0_compat; lra).
      assert (Hid : ((1 - eps) * Au - eps * B) * (eps + (1 - eps) * W) - (eps * Au - (1 - eps) * B) * ((1 - eps) + eps * W)
                    = (1 - 2 * eps) * (Au * W + B)) by ring.
      lra. }
    lra.
  - right. assert (Hn : (eps * Au - (1 - eps) * B) / (eps + (1 - eps) * W) < 0).
    { apply (div_lt _ _ 0); [lra|].
      assert (eps * Au < 0) by (assert (0 < eps * (- Au)) by (apply Rmult_lt_0_compat; lra); lra).
      assert (0 < (1 - eps) * B) by (apply Rmult_lt_0_compat; lra). lra. }
    lra.
Qed.

(** Lemma B8. *)
Theorem B8_derived k : (2 <= k)%nat -> power_ineq eps P p k ->
  forall t m, (t < Kp k)%nat -> (1 <= m < Kp k)%nat -> P (Kp k + t)%nat m < P (Kp k + t)%nat 0%nat.
Proof.
  intros Hk H t m Ht Hm. pose proof (Kp_ge2 k Hk). pose proof (a_nonneg k ltac:(lia)).
  pose proof (B5_derived k ltac:(lia)) as H5.
  assert (Ha : 0 < a p k).
  { assert (0 < lam ^ (k - 1)) by (apply pow_lt; unfold lam; lra). lra. }
  (* move 0 is optimal at K *)
  assert (HA0 : A P k 0 = a p k).
  { destruct (best_at_K k ltac:(lia)) as [us [Hus HAus]]. destruct us as [|us]; auto.
    exfalso. specialize (H (S us) ltac:(lia)). rewrite HAus in H.
    assert (0 < eps * a p k) by (apply Rmult_lt_0_compat; lra). lra. }
  assert (Hbb : forall u, (u < Kp k)%nat -> lam * a p k * Ws w k u t <= Bs p w k u t <= a p k * Ws w k u t).
  { intros u Hu. unfold Bs, Ws. apply psum_weighted.
    - intros. apply w_nonneg; auto; lia.
    - intros s Hs. apply block_bounds_derived; lia. }
  (* move 0 is worth at least λ a; move m less than λ a *)
  assert (H0v : lam * a p k <= P (Kp k + t)%nat 0%nat - 1/2).
  { rewrite B1_low by (lra || lia). rewrite HA0. destruct (W_range k 0 t ltac:(lia) ltac:(lia) ltac:(lia)).
    destruct (Hbb 0%nat ltac:(lia)). apply le_div; [nra|].
    assert (0 <= 2 * eps * (1 - eps) * (1 - Ws w k 0 t) * a p k) by (repeat apply Rmult_le_pos; lra).
    unfold lam in *. nra. }
  assert (Hmv : P (Kp k + t)%nat m - 1/2 < lam * a p k).
  { rewrite B1_low by (lra || lia). destruct (W_range k m t ltac:(lia) ltac:(lia) ltac:(lia)).
    destruct (Hbb m ltac:(lia)). specialize (H m Hm). apply div_lt; [nra|].
    assert ((1 - eps) * A P k m < (1 - eps) * (lam * a p k)) by (apply Rmult_lt_compat_l; [lra | exact H]).
    assert (0 <= eps * lam * a p k * Ws w k m t) by (repeat apply Rmult_le_pos; unfold lam; lra).
    unfold lam in *. nra. }
  lra.
Qed.

(** The heap 2 from B1 at k = 1 (K = 1, t = 1) and p(1, 0) = 1. *)
Theorem heap2_derived : P 2%nat 0%nat = 1 - eps /\ P 2%nat 1%nat = eps.
Proof.
  assert (HK : Kp 1 = 1%nat) by reflexivity.
  assert (HA : A P 1 0 = 1/2) by (unfold A; rewrite HK, heap1; lra).
  assert (HB : Bs p w 1 0 1 = 1/2).
  { unfold Bs. rewrite HK. simpl. rewrite w_diag by (rewrite ?HK; lia). simpl.
    pose proof a_1 as H1. unfold a, beta in H1. rewrite HK in H1. unfold beta. lra. }
  assert (HW : Ws w 1 0 1 = 1) by (unfold Ws; pose proof (w_row 1 0 ltac:(lia) ltac:(rewrite HK; lia)); rewrite HK in H; exact H).
  pose proof (B1_low ltac:(lra) 1 1 0 ltac:(lia) ltac:(rewrite HK; lia) ltac:(rewrite HK; lia)) as Hl.
  pose proof (B1_top ltac:(lra) 1 1 0 ltac:(lia) ltac:(rewrite HK; lia) ltac:(lia)) as Ht.
  rewrite HK in Hl, Ht. simpl in Hl, Ht. rewrite HA, HB, HW in Hl, Ht. split.
  - assert (P 2 0 - 1/2 = ((1 - eps) * (1/2) - eps * (1/2)) / 1) by (rewrite Hl; f_equal; ring).
    revert H. unfold Rdiv. rewrite Rinv_1. lra.
  - assert (P 2 1 - 1/2 = (eps * (1/2) - (1 - eps) * (1/2)) / 1) by (rewrite Ht; f_equal; ring).
    revert H. unfold Rdiv. rewrite Rinv_1. lra.
Qed.

End Blocks.

(** The corollary with Lemma B1 as its only lemma: for 0 < ε <= ε* and every n >= 2, p(n) > 1/2 and move 0 is
    the unique optimal move, for any P, p, w with the definition of p, the channel's rows and diagonal, p(1, 0) = 1
    and the block recursion. *)
Theorem conjecture9_from_B1 (eps : R) (P : nat -> nat -> R) (p : nat -> R) (w : nat -> nat -> nat -> R) :
  (forall n, (1 <= n)%nat -> (forall m, (m < n)%nat -> P n m <= p n) /\ (exists m, (m < n)%nat /\ P n m = p n)) ->
  (forall k u s, (1 <= k)%nat -> (u < Kp k)%nat -> (s < Kp k)%nat -> 0 <= w k u s) ->
  (forall k u, (1 <= k)%nat -> (u < Kp k)%nat -> psum (w k u) (Kp k) = 1) ->
  (forall k u, (1 <= k)%nat -> (u < Kp k)%nat -> w k u u = (1 - eps) ^ (k - 1)) ->
  P 1%nat 0%nat = 1 ->
  (0 <= eps < 1 -> forall k t u, (1 <= k)%nat -> (t <= Kp k)%nat -> (u < Kp k)%nat ->
     P (Kp k + t)%nat u - 1/2
     = ((1 - eps) * A P k u - eps * Bs p w k u t) / ((1 - eps) + eps * Ws w k u t)) ->
  (0 <= eps < 1 -> forall k t u, (1 <= k)%nat -> (t <= Kp k)%nat -> (u < t)%nat ->
     P (Kp k + t)%nat (Kp k + u)%nat - 1/2
     = (eps * A P k u - (1 - eps) * Bs p w k u t) / (eps + (1 - eps) * Ws w k u t)) ->
  0 < eps <= eps_star ->
  forall n, (2 <= n)%nat ->
  1/2 < p n /\ P n 0%nat = p n /\ (forall m, (1 <= m < n)%nat -> P n m < P n 0%nat).
Proof.
  intros Hmax Hnn Hrow Hdiag H1 Hlow Htop Heps.
  assert (Hh : 0 < eps < 1/2) by (generalize eps_star_range; lra).
  apply (conjecture9_small_eps eps P p w Hmax Hnn Hrow).
  - intros k Hk. rewrite Hdiag by (auto; pose proof (Kp_pos k); lia). reflexivity.
  - eapply (heap2_derived eps P p w); eassumption.
  - exact Hlow.
  - exact Htop.
  - intros _ k t Hk Ht. eapply (B2_derived eps P p w); eassumption.
  - intros _ k t Hk Ht. eapply (B4_derived eps P p w); eassumption.
  - intros _ k Hk. rewrite Rabs_pos_eq by lra.
    eapply (B5_derived eps P p w); eassumption.
  - intros _ k n Hk Hn. eapply (B6_derived eps P p w); eassumption.
  - intros _ k t u Hk Ht Hu. eapply (B7_derived eps P p w); eassumption.
  - intros _ k Hk HN. eapply (B8_derived eps P p w); eassumption.
  - exact Heps.
Qed.
