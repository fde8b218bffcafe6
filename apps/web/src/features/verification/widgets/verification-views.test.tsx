import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../shared/testing/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VerificationStatus } from '@meridian/contract/calls/verification';
import type { ApiCall } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { TestProviders } from '../../../shared/testing/TestProviders.tsx';
import { BankCardPanel } from './BankCardForm.tsx';
import { CertifiedState } from './CertifiedState.tsx';

const rejected: VerificationStatus = {
  state: 'rejected',
  level: 1,
  primary: {
    name: 'Zhang San',
    idNumber: '11****2X',
    country: 'CN',
    idType: 'idCard',
    completedTime: '2026-11-20T08:00:00.000Z',
  },
  advanced: {
    id: 's-1',
    state: 'rejected',
    submittedTime: '2026-11-21T08:00:00.000Z',
    reviewedTime: '2026-11-21T09:00:00.000Z',
    rejectReason: 'The hand-held photo is blurred',
    frontFileId: 'f',
    backFileId: 'b',
    handFileId: 'h',
  },
  canSubmitPrimary: true,
  canSubmitAdvanced: true,
};

/** An API that answers every call with `data`, and records what it was asked. */
function fakeApi(data: unknown): ApiCall {
  const call = vi.fn(async () => data);
  return Object.assign(call, { quiet: call }) as unknown as ApiCall;
}

describe('verification views', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['verification']);
  });
  afterEach(cleanup);

  it('shows a rejection with its reason and the way to submit again', () => {
    render(
      <MemoryRouter>
        <TestProviders api={fakeApi(null)}>
          <CertifiedState status={rejected} />
        </TestProviders>
      </MemoryRouter>,
    );
    expect(screen.getByText('Your verification was rejected')).toBeTruthy();
    expect(screen.getByText('The hand-held photo is blurred')).toBeTruthy();
    const again = screen.getByRole('link', { name: 'Submit again' });
    expect(again.getAttribute('href')).toBe('/user/index?key=advanced');
  });

  it('shows a bound card read-only with its number masked, and no form', async () => {
    const card = {
      cardNumber: '**** **** **** 0123',
      bankName: 'Example Bank',
      bankAddress: null,
      bankCode: 'EXMPCNBJ',
      branch: null,
      homeAddress: null,
      createTime: '2026-11-21T08:00:00.000Z',
    };
    render(
      <MemoryRouter>
        <TestProviders api={fakeApi(card)}>
          <BankCardPanel />
        </TestProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByText('**** **** **** 0123')).toBeTruthy();
    expect(screen.getByText('A bound bank card cannot be changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bind bank card' })).toBeNull();
  });

  it('offers the form, with its warning, when no card is bound', async () => {
    render(
      <MemoryRouter>
        <TestProviders api={fakeApi(null)}>
          <BankCardPanel />
        </TestProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Bind bank card' })).toBeTruthy();
    expect(screen.getByText(/cannot be changed once bound/)).toBeTruthy();
  });
});
