(** Finite sums over an initial segment of the naturals: [psum f n] is the sum of [f s] for [s < n]. *)
From Coq Require Import Reals Lra Lia.
Open Scope R_scope.

Fixpoint psum (f : nat -> R) (n : nat) : R :=
  match n with
  | O => 0
  | S n' => psum f n' + f n'
  end.

Lemma psum_S f n : psum f (S n) = psum f n + f n.
Proof. reflexivity. Qed.

Lemma psum_ext f g n : (forall s, (s < n)%nat -> f s = g s) -> psum f n = psum g n.
Proof.
  induction n as [|n IH]; intros H; simpl; [reflexivity|].
  rewrite IH by (intros; apply H; lia). rewrite (H n) by lia. reflexivity.
Qed.

Lemma psum_nonneg f n : (forall s, (s < n)%nat -> 0 <= f s) -> 0 <= psum f n.
Proof.
  induction n as [|n IH]; intros H; simpl; [lra|].
  assert (0 <= psum f n) by (apply IH; intros; apply H; lia).
  assert (0 <= f n) by (apply H; lia). lra.
Qed.

Lemma psum_le f g n : (forall s, (s < n)%nat -> f s <= g s) -> psum f n <= psum g n.
Proof.
  induction n as [|n IH]; intros H; simpl; [lra|].
  assert (psum f n <= psum g n) by (apply IH; intros; apply H; lia).
  assert (f n <= g n) by (apply H; lia). lra.
Qed.

Lemma psum_scal c f n : psum (fun s => c * f s) n = c * psum f n.
Proof. induction n as [|n IH]; simpl; [ring|]. rewrite IH. ring. Qed.

(** The partial sums of a nonnegative sequence increase. *)
Lemma psum_mono f m n : (m <= n)%nat -> (forall s, (s < n)%nat -> 0 <= f s) -> psum f m <= psum f n.
Proof.
  intros Hmn H. induction Hmn as [|n Hmn IH]; [lra|].
  simpl. assert (psum f m <= psum f n) by (apply IH; intros; apply H; lia).
  assert (0 <= f n) by (apply H; lia). lra.
Qed.

(** A weighted average: weights [w s >= 0] summing to 1 over [s < n] keep a sum of [w s * x s] between the
    bounds of [x]. *)
Lemma psum_average (w x : nat -> R) lo hi n :
  (forall s, (s < n)%nat -> 0 <= w s) -> psum w n = 1 ->
  (forall s, (s < n)%nat -> lo <= x s <= hi) ->
  lo <= psum (fun s => w s * x s) n <= hi.
Proof.
  intros Hw Hsum Hx. split.
  - replace lo with (psum (fun s => w s * lo) n) by (rewrite (psum_ext _ (fun s => lo * w s)) by (intros; ring);
      rewrite psum_scal, Hsum; ring).
    apply psum_le. intros s Hs. destruct (Hx s Hs). assert (0 <= w s) by auto. nra.
  - replace hi with (psum (fun s => w s * hi) n) by (rewrite (psum_ext _ (fun s => hi * w s)) by (intros; ring);
      rewrite psum_scal, Hsum; ring).
    apply psum_le. intros s Hs. destruct (Hx s Hs). assert (0 <= w s) by auto. nra.
Qed.
