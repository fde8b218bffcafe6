import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../shared/testing/router.tsx';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { testUser } from '../../../shared/session/test-user.ts';
import { installDomShims } from '../../../shared/testing/fixtures.ts';
import { ProfileOverview } from './ProfileOverview.tsx';
import { SecurityList } from './SecurityList.tsx';

function signIn(overrides: Parameters<typeof testUser>[0]) {
  useSession.getState().signIn({
    token: 't',
    refreshToken: 'r',
    issuedAt: new Date().toISOString(),
    userInfo: testUser(overrides),
  });
}

describe('own profile', () => {
  beforeAll(async () => {
    installDomShims();
    await initI18n('en', ['identity']);
  });
  afterEach(cleanup);

  it('shows the user their own email and phone whole, never masked', () => {
    signIn({ email: 'demo1@meridian.local', phone: '13812345678' });
    render(
      <MemoryRouter>
        <ProfileOverview />
        <SecurityList />
      </MemoryRouter>,
    );
    // Once as the name, once in the details, once in the security list.
    expect(screen.getAllByText(/demo1@meridian\.local/).length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByText('13812345678').length).toBeGreaterThanOrEqual(2);
    expect(document.body.textContent).not.toContain('***');
  });
});
