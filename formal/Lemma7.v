(** * noisy §2, Lemma 7: with the equiprobable error distribution, a position that is neither P nor N and has as
    many P-followers as N-followers has p = 1/2, if every such position does.

    A finite game is a follower function F (a list of followers per position) whose relation "z is a follower of
    x" is well founded.  With the equiprobable μ every sent move reaches each follower with chance 1/deg(x), so by
    (4) p(x) = (1/deg x) Σ_{z in F(x)} (1 - p(z)) when x has followers, and p(x) = 0 at a terminal position.
    P-positions are those with p = 0, N-positions those with p = 1, and the others are chance positions.
    The proof is the paper's induction: a chance follower has p = 1/2 by the induction hypothesis, the
    P-followers contribute 1 and the N-followers 0, in equal numbers. *)
From Coq Require Import Reals Lra Lia List.
Import ListNotations.
Open Scope R_scope.

Section Lemma7.
Variable X : Type.
Variable F : X -> list X.
Variable p : X -> R.

Hypothesis F_wf : well_founded (fun z x => In z (F x)).

Fixpoint lsum (l : list X) : R :=
  match l with [] => 0 | z :: l' => (1 - p z) + lsum l' end.

Definition is_val (v : R) (z : X) : bool := if Req_EM_T (p z) v then true else false.
Definition count (v : R) (l : list X) : nat := length (filter (is_val v) l).

(** (4) with the equiprobable μ, and the terminal positions lost. *)
Hypothesis eq4 : forall x, F x <> [] -> p x = lsum (F x) / INR (length (F x)).
Hypothesis terminal : forall x, F x = [] -> p x = 0.

(** Lemma 7's hypothesis: a chance position has as many P- as N-followers. *)
Hypothesis balanced : forall x, p x <> 0 -> p x <> 1 -> count 0 (F x) = count 1 (F x).

Lemma lsum_count (l : list X) : (forall z, In z l -> p z = 0 \/ p z = 1 \/ p z = 1/2) ->
  2 * lsum l = INR (length l) + INR (count 0 l) - INR (count 1 l).
Proof.
  induction l as [|z l IH]; intros H; unfold count in *; cbn [lsum filter length]; [simpl; lra|].
  assert (IH' : 2 * lsum l = INR (length l) + INR (length (filter (is_val 0) l))
                              - INR (length (filter (is_val 1) l))) by (apply IH; intros; apply H; simpl; auto).
  pose proof (H z (or_introl eq_refl)) as Hz.
  destruct (is_val 0 z) eqn:E0; destruct (is_val 1 z) eqn:E1; cbn [length]; rewrite ?S_INR;
    unfold is_val in E0, E1; destruct (Req_EM_T (p z) 0); destruct (Req_EM_T (p z) 1);
    try discriminate; lra.
Qed.

Theorem lemma7 : forall x, p x <> 0 -> p x <> 1 -> p x = 1/2.
Proof.
  intros x. induction x as [x IH] using (well_founded_ind F_wf). intros H0 H1.
  destruct (F x) as [|z l] eqn:HF; [exfalso; apply H0; apply terminal; exact HF|].
  assert (Hne : F x <> []) by (rewrite HF; discriminate).
  assert (Hfol : forall y, In y (F x) -> p y = 0 \/ p y = 1 \/ p y = 1/2).
  { intros y Hy. destruct (Req_EM_T (p y) 0) as [e|n0]; [left; exact e|].
    destruct (Req_EM_T (p y) 1) as [e|n1]; [right; left; exact e|].
    right; right. apply IH; [rewrite <- HF; exact Hy | exact n0 | exact n1]. }
  pose proof (lsum_count (F x) Hfol) as Hs.
  rewrite (balanced x H0 H1) in Hs.
  rewrite (eq4 x Hne).
  assert (Hlen : 0 < INR (length (F x))) by (rewrite HF; simpl length; rewrite S_INR; pose proof (pos_INR (length l)); lra).
  apply (Rmult_eq_reg_r (INR (length (F x)))); [|lra].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

End Lemma7.
