import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask.ts';

describe('maskEmail', () => {
  it.each([
    ['alice@example.com', 'al***om'],
    ['bo@x.io', 'bo***io'],
    ['a@b', 'a***'],
    ['', '***'],
  ])('%j -> %j', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it.each([
    ['13812345678', '138***5678'],
    ['+8613812345678', '+86***5678'],
    ['12345678', '123***5678'],
    ['1234567', '1***'],
  ])('%j -> %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });
});
