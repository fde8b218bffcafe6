import { describe, expect, it } from 'vitest';
import { fallbackTarget, safeRedirect } from './redirects.ts';

describe('fallback target', () => {
  it.each([
    ['/no/such/page', '/home/index'],
    ['/home/whatever', '/home/index'],
    ['/i&ABC123', '/user/register?invite_code=ABC123'],
    ['/home/i&x9', '/user/register?invite_code=x9'],
    ['/i&', '/user/register?invite_code='],
    ['/i&a%20b', '/user/register?invite_code=a+b'],
    ['/i&bad%zz', '/user/register?invite_code=bad%25zz'],
    ['/i', '/home/index'],
  ])('%s -> %s', (path, target) => {
    expect(fallbackTarget(path)).toBe(target);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/account/center', '/account/center'],
    ['/trade/index?type=spot', '/trade/index?type=spot'],
    [null, '/home/index'],
    ['', '/home/index'],
    ['https://evil.example', '/home/index'],
    ['//evil.example/x', '/home/index'],
    ['/\\evil.example', '/home/index'],
  ])('%j -> %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
