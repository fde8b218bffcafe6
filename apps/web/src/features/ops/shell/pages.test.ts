import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, OPERATOR_PERMISSIONS } from '@meridian/contract/operators';
import { landingPath, navigationFor, OPS_PAGES } from './pages.ts';
import { selectedEntry } from './OpsNav.tsx';

const paths = (permissions: Parameters<typeof navigationFor>[0]) =>
  navigationFor(permissions).map((l) => l.to);

describe('console navigation', () => {
  it('shows each default role exactly the pages its permissions open', () => {
    expect(paths(DEFAULT_ROLE_PERMISSIONS.support)).toEqual([
      '/ops',
      '/ops/users',
      '/ops/reviews/identity',
      '/ops/reviews/recharge',
      '/ops/reviews/withdrawal',
      '/ops/chat',
      '/ops/withdrawals',
      '/ops/deposits',
      '/ops/recharge-banks',
      '/ops/catalogue',
    ]);
    expect(paths(DEFAULT_ROLE_PERMISSIONS.compliance)).toEqual([
      '/ops',
      '/ops/users',
      '/ops/reviews/identity',
      '/ops/deposits',
      '/ops/catalogue',
      '/ops/audit',
    ]);
    expect(paths(DEFAULT_ROLE_PERMISSIONS.finance)).toEqual([
      '/ops',
      '/ops/users',
      '/ops/reviews/recharge',
      '/ops/reviews/withdrawal',
      '/ops/adjustments',
      '/ops/withdrawals',
      '/ops/deposits',
      '/ops/custody',
      '/ops/recharge-banks',
      '/ops/swap',
      '/ops/seconds',
      '/ops/earn',
      '/ops/margin',
      '/ops/catalogue',
    ]);
    expect(paths(OPERATOR_PERMISSIONS)).toEqual([
      '/ops',
      '/ops/users',
      '/ops/reviews/identity',
      '/ops/reviews/recharge',
      '/ops/reviews/withdrawal',
      '/ops/chat',
      '/ops/adjustments',
      '/ops/withdrawals',
      '/ops/deposits',
      '/ops/custody',
      '/ops/recharge-banks',
      '/ops/swap',
      '/ops/seconds',
      '/ops/earn',
      '/ops/margin',
      '/ops/content',
      '/ops/catalogue',
      '/ops/audit',
      '/ops/operators',
    ]);
  });

  it('never offers a page without an entry (a user detail) nor one the role lacks', () => {
    expect(paths(['users.read'])).toEqual(['/ops/users']);
    expect(paths([])).toEqual([]);
    expect(OPS_PAGES.find((p) => p.path === 'users/:id')?.nav).toBeUndefined();
  });

  it('groups the review queues together', () => {
    const reviews = navigationFor(OPERATOR_PERMISSIONS).filter((l) => l.group === 'reviews');
    expect(reviews.map((l) => l.label)).toEqual([
      'nav.queue.identity',
      'nav.queue.recharge',
      'nav.queue.withdrawal',
    ]);
  });

  it('lands on the first page the role may open', () => {
    expect(landingPath(DEFAULT_ROLE_PERMISSIONS.finance)).toBe('/ops');
    expect(landingPath(['audit.read'])).toBe('/ops/audit');
    expect(landingPath([])).toBe('/ops');
  });

  it('marks the entry a deeper page belongs to', () => {
    const links = navigationFor(OPERATOR_PERMISSIONS);
    expect(selectedEntry(links, '/ops')).toBe('/ops');
    expect(selectedEntry(links, '/ops/users/1001')).toBe('/ops/users');
    expect(selectedEntry(links, '/ops/reviews/identity')).toBe('/ops/reviews/identity');
    expect(selectedEntry(links, '/ops/usersx')).toBe('/ops');
  });
});
