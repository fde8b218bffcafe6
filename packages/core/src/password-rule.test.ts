import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rule.ts';

describe('passwordProblem', () => {
  it.each([
    ['Demo1234', null],
    ['abc123', null],
    ['abc!@#', null],
    ['123!@#', null],
    ['A1b2C3d4E5f6G7h8I9j0', null],
    ['ab1', 'length'],
    ['A1b2C3d4E5f6G7h8I9j0x', 'length'],
    ['abcdefg', 'variety'],
    ['12345678', 'variety'],
    ['!@#$%^&', 'variety'],
    ['abc 123', 'characters'],
    ['密码abc123', 'characters'],
    ['abc123é', 'characters'],
  ])('%j -> %j', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});
