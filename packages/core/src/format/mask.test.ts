import { describe, expect, it } from 'vitest';
import { maskCardNumber, maskEmail, maskIdNumber, maskPhone } from './mask.ts';

describe('maskEmail', () => {
  it.each([
    ['demo1@meridian.local', 'de***1@meridian.local'],
    ['alice@example.com', 'al***e@example.com'],
    ['abcd@x.io', 'ab***d@x.io'],
    ['bob@x.io', 'b***@x.io'],
    ['a@b', 'a***@b'],
    ['first.last@sub.example.co.uk', 'fi***t@sub.example.co.uk'],
    ['no-at-sign', 'no***n'],
    ['', '***'],
  ])('%j -> %j', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });

  it('always keeps the domain whole', () => {
    expect(maskEmail('someone@meridian.local').endsWith('@meridian.local')).toBe(true);
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

describe('maskCardNumber', () => {
  it.each([
    ['6222021234567890123', '**** **** **** 0123'],
    ['6222 0212 3456 7890', '**** **** **** 7890'],
    ['DE89370400440532013000', '**** **** **** 3000'],
  ])('%j -> %j', (input, expected) => {
    expect(maskCardNumber(input)).toBe(expected);
  });
});

describe('maskIdNumber', () => {
  it.each([
    ['11010519491231002X', '11****2X'],
    ['E12345678', 'E1****78'],
    ['ABCD', 'A****'],
  ])('%j -> %j', (input, expected) => {
    expect(maskIdNumber(input)).toBe(expected);
  });
});
