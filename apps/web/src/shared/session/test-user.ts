import type { UserInfo } from '@meridian/contract/calls/user';

/** A complete profile for tests that need a signed-in user. */
export function testUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: '10000001',
    userId: '10000001',
    blade_user_id: '10000001',
    account: null,
    email: 'demo1@meridian.local',
    phone: null,
    areaCode: null,
    avatar: null,
    chatKey: 'chat-key',
    is_merchant: 1,
    merchant: null,
    vip: false,
    creditScore: 100,
    inviteCode: 'DEMO0001',
    googleBound: false,
    fundPasswordSet: false,
    antiPhishingCode: null,
    withdrawBlockedUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
