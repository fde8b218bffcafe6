import { Decimal } from '@meridian/core';
import { opsProposeAdjustment } from '@meridian/contract/calls/operators';
import type { CallInput } from '@meridian/contract/define';

export type ProposalBody = CallInput<typeof opsProposeAdjustment>['body'];

/** What the operator typed, before it is a proposal. */
export interface AdjustmentDraft {
  userId: string;
  asset: string;
  amount: string;
  reason: string;
}

export type DraftField = keyof AdjustmentDraft;

/** Each field's problem as an i18n key (ops namespace), or none. */
export type DraftProblems = Partial<Record<DraftField, string>>;

export type CheckedDraft =
  | {
      ok: true;
      body: ProposalBody;
      /** A positive amount is a credit to the user, a negative one a debit. */
      direction: 'credit' | 'debit';
      /** The amount without its sign, exactly as typed (no rounding, no JS number). */
      magnitude: string;
    }
  | { ok: false; problems: DraftProblems };

/** The draft as it will be sent: trimmed, the coin in capitals, a leading "+" dropped. */
export function normalise(draft: AdjustmentDraft): ProposalBody {
  const amount = draft.amount.trim().replace(/^\+/, '');
  return {
    userId: draft.userId.trim(),
    asset: draft.asset.trim().toUpperCase(),
    amount,
    reason: draft.reason.trim(),
  };
}

/**
 * Checks a proposal with the contract's own schema (the server's rule, so nothing is
 * restated here), and what the schema lets through but makes no sense: a zero amount.
 * The sign decides credit or debit, read from the exact decimal.
 */
export function checkDraft(draft: AdjustmentDraft): CheckedDraft {
  const body = normalise(draft);
  const problems: DraftProblems = {};
  const parsed = opsProposeAdjustment.body.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DraftField;
      problems[field] ??=
        body[field] === '' ? `adjustments.rule.${field}Required` : `adjustments.rule.${field}`;
    }
  }
  const value = Decimal.parse(body.amount);
  if (!problems.amount && value?.isZero()) problems.amount = 'adjustments.rule.amountZero';
  if (!parsed.success || !value || problems.amount) return { ok: false, problems };
  return {
    ok: true,
    body: parsed.data,
    direction: value.sign() > 0 ? 'credit' : 'debit',
    magnitude: body.amount.replace(/^-/, ''),
  };
}

/** One field's problem, for the form's rule on that field. */
export function fieldProblem(draft: AdjustmentDraft, field: DraftField): string | undefined {
  const checked = checkDraft(draft);
  return checked.ok ? undefined : checked.problems[field];
}

/** Credit or debit of a signed amount, read from the exact decimal (never a JS number). */
export function directionOf(amount: string): 'credit' | 'debit' {
  return (Decimal.parse(amount)?.sign() ?? 0) < 0 ? 'debit' : 'credit';
}
