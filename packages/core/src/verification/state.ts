/**
 * A user's identity verification (seed sections 4 and 5): nothing yet; primary done (the
 * seed's "basic completed", declared by the user, not reviewed); advanced submitted and
 * awaiting an operator; approved; or rejected with a reason.
 */
export const VERIFICATION_STATES = ['none', 'basic', 'pending', 'approved', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** What a user asks to do: declare the primary data, or submit the document photos. */
export type VerificationStep = 'primary' | 'advanced';

/** Why a step is refused; each is a message id of the contract's catalogue. */
export type VerificationRefusal =
  'kycPrimaryDone' | 'kycNeedsPrimary' | 'kycPending' | 'kycApproved';

/**
 * The transitions a user may make, and why the others are refused.
 *
 * - primary: from none, or after a rejection (the reason may be a name or number that does
 *   not match the document, so it can be corrected); done once otherwise.
 * - advanced: needs primary first; again only after a rejection; never while a submission
 *   waits for review, and never after approval.
 *
 * The operator's transitions are pending -> approved and pending -> rejected.
 */
export function verificationRefusal(
  state: VerificationState,
  step: VerificationStep,
): VerificationRefusal | null {
  if (state === 'pending') return 'kycPending';
  if (state === 'approved') return 'kycApproved';
  if (state === 'rejected') return null;
  if (step === 'primary') return state === 'none' ? null : 'kycPrimaryDone';
  return state === 'none' ? 'kycNeedsPrimary' : null;
}

/** The states a step may start from: the `WHERE state IN (...)` of its conditional update. */
export function statesAllowing(step: VerificationStep): VerificationState[] {
  return VERIFICATION_STATES.filter((state) => verificationRefusal(state, step) === null);
}

/** The state a user's step leads to. */
export function stateAfter(step: VerificationStep): VerificationState {
  return step === 'primary' ? 'basic' : 'pending';
}

/**
 * The level shown on the profile and used by published per-level rules (withdrawal
 * limits): 0 none, 1 primary (basic), 2 advanced (approved). A pending or rejected
 * advanced submission keeps level 1.
 */
export function verificationLevel(state: VerificationState): 0 | 1 | 2 {
  if (state === 'none') return 0;
  return state === 'approved' ? 2 : 1;
}
