(** * ks69 Theorem 2 (10)-(11) and its induction.

    K_a ~ b(m, u_a) and K_b ~ b(n, u_b) independent, u_a = (a - 1)/(2a), u_b = (b - 1)/(2b);
    α(m, n) = Prob[K_a <= K_b] and β(m, n) = Prob[K_a < K_b].  Proved, for every real u_a, u_b:
    - the binomial law [bin u n k] (defined by Pascal's rule) is C(n, k) u^k (1 - u)^(n - k) (its closed form);
    - the formula satisfies (8) α(i, j) = (1 - u_a) α(i - 1, j) + u_a β(i - 1, j) for i >= 1,
      (9) β(i, j) = u_b α(i, j - 1) + (1 - u_b) β(i, j - 1) for j >= 1, and the initial conditions
      α(0, j) = 1, β(i, 0) = 0;
    - and it is the only solution: any α, β with (8), (9) and the initial conditions equal it (induction on i + j),
      which is the paper's proof that the game's values are given by (10)-(11). *)
From Coq Require Import Reals Lra Lia Psatz.
From Exactcube Require Import Sums.
Open Scope R_scope.

Fixpoint bin (u : R) (n k : nat) : R :=
  match n, k with
  | O, O => 1
  | O, S _ => 0
  | S n', O => (1 - u) * bin u n' O
  | S n', S k' => (1 - u) * bin u n' (S k') + u * bin u n' k'
  end.

Lemma bin_above (u : R) (n k : nat) : (n < k)%nat -> bin u n k = 0.
Proof.
  revert k. induction n as [|n IH]; intros k Hk; destruct k as [|k]; try lia; simpl; [reflexivity|].
  rewrite IH by lia. rewrite (IH k) by lia. ring.
Qed.

(** The closed form of the binomial law. *)
Lemma C_n_0 (n : nat) : Binomial.C n 0 = 1.
Proof. unfold Binomial.C. rewrite Nat.sub_0_r. simpl. field. apply INR_fact_neq_0. Qed.

Lemma C_n_n (n : nat) : Binomial.C n n = 1.
Proof. unfold Binomial.C. rewrite Nat.sub_diag. simpl. field. apply INR_fact_neq_0. Qed.

Theorem bin_closed (u : R) (n k : nat) : (k <= n)%nat ->
  bin u n k = Binomial.C n k * u ^ k * (1 - u) ^ (n - k).
Proof.
  revert k. induction n as [|n IH]; intros k Hk.
  - assert (k = 0%nat) by lia. subst. simpl. rewrite C_n_0. ring.
  - destruct k as [|k].
    + simpl. rewrite IH by lia. rewrite !C_n_0. rewrite Nat.sub_0_r. simpl. ring.
    + simpl bin. destruct (Nat.eq_dec k n) as [-> | Hne].
      * rewrite bin_above by lia. rewrite IH by lia. rewrite !C_n_n.
        replace (S n - S n)%nat with 0%nat by lia. replace (n - n)%nat with 0%nat by lia. simpl. ring.
      * rewrite !IH by lia. rewrite <- (Binomial.pascal n k) by lia.
        replace (n - k)%nat with (S (n - S k)) by lia. replace (S n - S k)%nat with (S (n - S k)) by lia.
        simpl. ring.
Qed.

(** Pascal's rule summed against any f: the coupling K = K' + T with an independent toss T. *)
Lemma psum_shift (g : nat -> R) (n : nat) : psum g (S n) = g O + psum (fun i => g (S i)) n.
Proof. induction n as [|n IH]; simpl in *; [ring|]. rewrite IH. ring. Qed.

Lemma pascal_sum (u : R) (m : nat) (f : nat -> R) :
  psum (fun i => bin u (S m) i * f i) (S (S m))
  = (1 - u) * psum (fun i => bin u m i * f i) (S m) + u * psum (fun i => bin u m i * f (S i)) (S m).
Proof.
  rewrite psum_shift. simpl bin at 1.
  rewrite (psum_ext (fun i => bin u (S m) (S i) * f (S i))
                    (fun i => (1 - u) * (bin u m (S i) * f (S i)) + u * (bin u m i * f (S i))))
    by (intros; simpl; ring).
  assert (Hadd : forall g h n, psum (fun i => g i + h i) n = psum g n + psum h n)
    by (intros g h n; induction n; simpl; [ring | rewrite IHn; ring]).
  rewrite Hadd, !psum_scal.
  rewrite (psum_shift (fun i => bin u m i * f i)).
  (* the last term bin u m (S m) vanishes *)
  assert (Hlast : psum (fun i => bin u m (S i) * f (S i)) (S m) = psum (fun i => bin u m (S i) * f (S i)) m)
    by (simpl; rewrite bin_above by lia; ring).
  rewrite Hlast. ring.
Qed.

(** P[K >= s] for K ~ b(n, u). *)
Definition tail (u : R) (n s : nat) : R := psum (fun j => bin u n j * (if Nat.leb s j then 1 else 0)) (S n).

Definition alpha_f (ua ub : R) (m n : nat) : R := psum (fun i => bin ua m i * tail ub n i) (S m).
Definition beta_f (ua ub : R) (m n : nat) : R := psum (fun i => bin ua m i * tail ub n (S i)) (S m).

Lemma bin_total (u : R) (n : nat) : psum (bin u n) (S n) = 1.
Proof.
  induction n as [|n IH]; [simpl; ring|].
  rewrite (psum_ext _ (fun i => bin u (S n) i * 1)) by (intros; ring).
  rewrite pascal_sum.
  rewrite (psum_ext (fun i => bin u n i * 1) (bin u n)) by (intros; ring).
  rewrite ?(psum_ext (fun i => bin u n i * 1) (bin u n)) by (intros; ring).
  rewrite IH. ring.
Qed.

Lemma tail_0 (u : R) (n : nat) : tail u n 0 = 1.
Proof.
  unfold tail. transitivity (psum (bin u n) (S n)); [|apply bin_total].
  apply psum_ext. intros. simpl. ring.
Qed.

Lemma tail_S (u : R) (n s : nat) : tail u (S n) (S s) = u * tail u n s + (1 - u) * tail u n (S s).
Proof.
  unfold tail. rewrite pascal_sum.
  replace (fun i => bin u n i * (if Nat.leb (S s) (S i) then 1 else 0))
    with (fun i => bin u n i * (if Nat.leb s i then 1 else 0)) by reflexivity.
  ring.
Qed.

(** Initial conditions. *)
Theorem thm2_alpha_initial (ua ub : R) (n : nat) : alpha_f ua ub 0 n = 1.
Proof. unfold alpha_f. simpl. rewrite tail_0. ring. Qed.

Theorem thm2_beta_initial (ua ub : R) (m : nat) : beta_f ua ub m 0 = 0.
Proof.
  unfold beta_f. rewrite (psum_ext _ (fun _ => 0)); [clear; induction (S m); simpl; lra|].
  intros i _. unfold tail. simpl. ring.
Qed.

(** (8) and (9). *)
Theorem thm2_eq8 (ua ub : R) (m n : nat) :
  alpha_f ua ub (S m) n = (1 - ua) * alpha_f ua ub m n + ua * beta_f ua ub m n.
Proof. unfold alpha_f, beta_f. apply pascal_sum. Qed.

Theorem thm2_eq9 (ua ub : R) (m n : nat) :
  beta_f ua ub m (S n) = ub * alpha_f ua ub m n + (1 - ub) * beta_f ua ub m n.
Proof.
  unfold alpha_f, beta_f. rewrite <- !psum_scal.
  assert (Hadd : forall g h n, psum (fun i => g i + h i) n = psum g n + psum h n)
    by (intros g h k; induction k; simpl; [ring | rewrite IHk; ring]).
  rewrite <- Hadd. apply psum_ext. intros i _. rewrite tail_S. ring.
Qed.

(** The induction of Theorem 2: (8), (9) and the initial conditions determine α and β, so the game's values
    are the formula (10)-(11). *)
Theorem ks69_theorem2 (ua ub : R) (alpha beta : nat -> nat -> R) :
  (forall n, alpha O n = 1) -> (forall m, beta m O = 0) ->
  (forall m n, alpha (S m) n = (1 - ua) * alpha m n + ua * beta m n) ->
  (forall m n, beta m (S n) = ub * alpha m n + (1 - ub) * beta m n) ->
  forall m n, alpha m n = alpha_f ua ub m n /\ beta m n = beta_f ua ub m n.
Proof.
  intros Ha0 Hb0 H8 H9.
  assert (H : forall s m n, (m + n <= s)%nat -> alpha m n = alpha_f ua ub m n /\ beta m n = beta_f ua ub m n).
  { induction s as [|s IH]; intros m n Hs.
    - assert (m = 0%nat) by lia. assert (n = 0%nat) by lia. subst.
      rewrite Ha0, Hb0, thm2_alpha_initial, thm2_beta_initial. auto.
    - split.
      + destruct m as [|m]; [rewrite Ha0, thm2_alpha_initial; reflexivity|].
        destruct (IH m n ltac:(lia)) as [IHa IHb]. rewrite H8, thm2_eq8, IHa, IHb. reflexivity.
      + destruct n as [|n]; [rewrite Hb0, thm2_beta_initial; reflexivity|].
        destruct (IH m n ltac:(lia)) as [IHa IHb]. rewrite H9, thm2_eq9, IHa, IHb. reflexivity. }
  intros m n. apply (H (m + n)%nat). lia.
Qed.

(** The formula is α = P[K_a <= K_b], β = P[K_a < K_b], written as double sums of the two laws. *)
Theorem thm2_alpha_is_prob (ua ub : R) (m n : nat) :
  alpha_f ua ub m n
  = psum (fun i => psum (fun j => bin ua m i * bin ub n j * (if Nat.leb i j then 1 else 0)) (S n)) (S m).
Proof.
  unfold alpha_f, tail. apply psum_ext. intros i _. rewrite <- psum_scal. apply psum_ext. intros. ring.
Qed.

Theorem thm2_beta_is_prob (ua ub : R) (m n : nat) :
  beta_f ua ub m n
  = psum (fun i => psum (fun j => bin ua m i * bin ub n j * (if Nat.ltb i j then 1 else 0)) (S n)) (S m).
Proof.
  unfold beta_f, tail, Nat.ltb. apply psum_ext. intros i _. rewrite <- psum_scal. apply psum_ext. intros. ring.
Qed.
