import { describe, expect, it } from 'vitest';
import { showFooter, showHeader } from './visibility.ts';

describe('header rule', () => {
  it.each([
    ['/user/login', false],
    ['/user/register', false],
    ['/user/reset', false],
    ['/user/index', true],
    ['/home/index', true],
    ['/trade/index', true],
    ['/pledge/index', true],
    ['/user/loginx', true],
    ['/exchange/full-screen/spot', false],
    ['/exchange/full-contract/usta', false],
    ['/exchange/index', true],
  ])('%s shows the header: %s', (path, shown) => {
    expect(showHeader(path)).toBe(shown);
  });
});

describe('footer rule', () => {
  it.each([
    ['/home/index', true],
    ['/user/index', true],
    ['/user/login', false],
    ['/user/register', false],
    ['/user/reset', false],
    ['/pledge/index', false],
    ['/pledge/add', false],
    ['/pledge/order', false],
    ['/finance/detail', false],
    ['/finance/investment', true],
    ['/trade/index', false],
    ['/trade', false],
    ['/exchange/full-screen/spot', false],
    ['/exchange/index', true],
    // Issue 19 asks the U-contract full view without a footer, as the spot one.
    ['/exchange/full-contract/usta', false],
    ['/quotes/index', true],
    ['/assets/index', true],
    ['/account/center', true],
  ])('%s shows the footer: %s', (path, shown) => {
    expect(showFooter(path)).toBe(shown);
  });
});
