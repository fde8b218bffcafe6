import { describe, expect, it } from 'vitest';
import { userSocketMessageSchema } from './realtime.ts';

describe('user socket messages', () => {
  it('carries a margin warning naming the account and its level as a decimal string', () => {
    const message = {
      channel: 'user',
      data: { type: 'margin_warning', account: 'btcusdt', level: '1.2984' },
    };
    expect(userSocketMessageSchema.parse(message)).toEqual(message);
    expect(
      userSocketMessageSchema.safeParse({
        channel: 'user',
        data: { type: 'margin_warning', account: 'all', level: 1.29 },
      }).success,
    ).toBe(false);
  });
});
