import { describe, expect, it } from 'vitest';
import { OPERATOR_PERMISSIONS } from '@meridian/contract/operators';
import en from '../locales/en.json';

describe('the roles matrix', () => {
  it('names every permission in words, never by its key', () => {
    const labels: Record<string, string> = en.permission;
    const unnamed = OPERATOR_PERMISSIONS.filter((p) => !labels[p]);
    expect(unnamed).toEqual([]);
  });
});
