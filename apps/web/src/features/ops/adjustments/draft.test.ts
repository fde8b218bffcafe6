import { describe, expect, it } from 'vitest';
import { checkDraft, fieldProblem, type AdjustmentDraft } from './draft.ts';

const draft = (over: Partial<AdjustmentDraft> = {}): AdjustmentDraft => ({
  userId: '1001',
  asset: 'usdt',
  amount: '25.5',
  reason: 'Refund of a duplicated fee',
  ...over,
});

describe('adjustment draft', () => {
  it('reads a positive amount as a credit, with the coin in capitals', () => {
    const checked = checkDraft(draft({ amount: ' +25.50 ' }));
    expect(checked).toEqual({
      ok: true,
      body: {
        userId: '1001',
        asset: 'USDT',
        amount: '25.50',
        reason: 'Refund of a duplicated fee',
      },
      direction: 'credit',
      magnitude: '25.50',
    });
  });

  it('reads a negative amount as a debit and keeps every digit of it', () => {
    const checked = checkDraft(draft({ amount: '-0.000000000000000001' }));
    expect(checked).toMatchObject({
      ok: true,
      direction: 'debit',
      magnitude: '0.000000000000000001',
    });
  });

  it('refuses a zero amount, however it is written', () => {
    for (const amount of ['0', '-0', '0.000']) {
      expect(fieldProblem(draft({ amount }), 'amount')).toBe('adjustments.rule.amountZero');
    }
  });

  it("refuses what the contract's schema refuses, field by field", () => {
    expect(fieldProblem(draft({ amount: '1e5' }), 'amount')).toBe('adjustments.rule.amount');
    expect(fieldProblem(draft({ amount: '1.0000000000000000001' }), 'amount')).toBe(
      'adjustments.rule.amount',
    );
    expect(fieldProblem(draft({ amount: '' }), 'amount')).toBe('adjustments.rule.amountRequired');
    expect(fieldProblem(draft({ userId: 'abc' }), 'userId')).toBe('adjustments.rule.userId');
    expect(fieldProblem(draft({ userId: '' }), 'userId')).toBe('adjustments.rule.userIdRequired');
    expect(fieldProblem(draft({ asset: 'U' }), 'asset')).toBe('adjustments.rule.asset');
    expect(fieldProblem(draft({ reason: ' ab ' }), 'reason')).toBe('adjustments.rule.reason');
    expect(fieldProblem(draft({ reason: '' }), 'reason')).toBe('adjustments.rule.reasonRequired');
  });

  it('names only the fields that are wrong', () => {
    const checked = checkDraft(draft({ asset: '', amount: '0' }));
    expect(checked).toEqual({
      ok: false,
      problems: { asset: 'adjustments.rule.assetRequired', amount: 'adjustments.rule.amountZero' },
    });
    expect(fieldProblem(draft({ asset: '' }), 'reason')).toBeUndefined();
  });
});
