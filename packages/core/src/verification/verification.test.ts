import { describe, expect, it } from 'vitest';
import { DOCUMENT_COUNTRIES, isDocumentCountry } from './countries.ts';
import {
  cardNumberProblem,
  idNumberProblem,
  isChineseIdCardNumber,
  normalizeCardNumber,
  normalizeIdNumber,
} from './documents.ts';
import {
  stateAfter,
  statesAllowing,
  verificationLevel,
  verificationRefusal,
  VERIFICATION_STATES,
} from './state.ts';

describe('verification states', () => {
  it.each([
    ['none', 'primary', null],
    ['none', 'advanced', 'kycNeedsPrimary'],
    ['basic', 'primary', 'kycPrimaryDone'],
    ['basic', 'advanced', null],
    ['pending', 'primary', 'kycPending'],
    ['pending', 'advanced', 'kycPending'],
    ['approved', 'primary', 'kycApproved'],
    ['approved', 'advanced', 'kycApproved'],
    ['rejected', 'primary', null],
    ['rejected', 'advanced', null],
  ] as const)('%s, %s -> %s', (state, step, refusal) => {
    expect(verificationRefusal(state, step)).toBe(refusal);
  });

  it('names the states each step starts from, and where it leads', () => {
    expect(statesAllowing('primary')).toEqual(['none', 'rejected']);
    expect(statesAllowing('advanced')).toEqual(['basic', 'rejected']);
    expect(stateAfter('primary')).toBe('basic');
    expect(stateAfter('advanced')).toBe('pending');
  });

  it('never lets a step start from the state it leads to', () => {
    for (const step of ['primary', 'advanced'] as const) {
      expect(statesAllowing(step)).not.toContain(stateAfter(step));
    }
  });

  it('gives the level: 2 only once approved', () => {
    expect(VERIFICATION_STATES.map(verificationLevel)).toEqual([0, 1, 1, 2, 1]);
  });
});

describe('ID numbers', () => {
  it('checks the check character of a Chinese ID card', () => {
    expect(isChineseIdCardNumber('11010519491231002X')).toBe(true);
    expect(isChineseIdCardNumber('110105194912310021')).toBe(false);
    expect(isChineseIdCardNumber('11010519491231002')).toBe(false);
  });

  it.each([
    ['CN', 'idCard', '11010519491231002X', null],
    ['CN', 'idCard', '110105194912310029', 'kycIdNumberInvalid'],
    ['US', 'idCard', 'D123-4567-890', null],
    ['US', 'idCard', 'ABC', 'kycIdNumberInvalid'],
    ['US', 'passport', 'E12345678', null],
    ['CN', 'passport', 'E1234567', null],
    ['US', 'passport', 'E1234-567', 'kycIdNumberInvalid'],
    ['US', 'passport', 'A'.repeat(21), 'kycIdNumberInvalid'],
  ] as const)('%s %s %j -> %s', (country, idType, value, problem) => {
    expect(idNumberProblem(country, idType, value)).toBe(problem);
  });

  it('normalizes spaces and case', () => {
    expect(normalizeIdNumber(' 110105 19491231 002x ')).toBe('11010519491231002X');
  });
});

describe('bank card numbers', () => {
  it.each([
    ['6222 0212 3456 7890 123', null],
    ['12345678', null],
    ['1234567', 'bankCardNumberInvalid'],
    ['DE89 3704 0044 0532 0130 00', null],
    ['GB82 WEST 1234 5698 7654 32', null],
    ['DE89 3704 0044 0532 0130 01', 'bankCardNumberInvalid'],
    ['1234abcd5678', 'bankCardNumberInvalid'],
  ] as const)('%j -> %s', (value, problem) => {
    expect(cardNumberProblem(normalizeCardNumber(value))).toBe(problem);
  });
});

describe('document countries', () => {
  it('lists every country once, China and the United States first', () => {
    expect(DOCUMENT_COUNTRIES.slice(0, 2)).toEqual(['CN', 'US']);
    expect(new Set(DOCUMENT_COUNTRIES).size).toBe(DOCUMENT_COUNTRIES.length);
    expect(DOCUMENT_COUNTRIES.length).toBe(250);
    expect(isDocumentCountry('DE')).toBe(true);
    expect(isDocumentCountry('ZZ')).toBe(false);
    expect(isDocumentCountry('de')).toBe(false);
  });
});
