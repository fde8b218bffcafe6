import { describe, expect, it } from 'vitest';
import { compareDecimal } from './compare.ts';

describe('compareDecimal', () => {
  it('orders by value, not by text', () => {
    expect(compareDecimal('9', '10')).toBe(-1);
    expect(compareDecimal('10.5', '10.49')).toBe(1);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('0.1', '0.10000000000000001')).toBe(-1);
  });

  it('handles signs and zero', () => {
    expect(compareDecimal('-2', '-10')).toBe(1);
    expect(compareDecimal('-0.01', '0')).toBe(-1);
    expect(compareDecimal('-0', '0')).toBe(0);
  });

  it('puts values that are not numbers first', () => {
    expect(compareDecimal('x', '1')).toBe(-1);
    expect(compareDecimal('1', '')).toBe(1);
    expect(compareDecimal('x', 'y')).toBe(0);
  });

  it('sorts a list like numbers do for safe values', () => {
    const values = ['3.2', '-1', '100', '0.001', '25', '-0.5'];
    expect([...values].sort(compareDecimal)).toEqual(['-1', '-0.5', '0.001', '3.2', '25', '100']);
  });
});
