import { describe, expect, it } from 'vitest';
import { groupingSteps, groupLevels } from './book-grouping.ts';

describe('order book grouping', () => {
  it('offers the tick times 1, 10, 100 and 1000', () => {
    expect(groupingSteps('0.01')).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps('0.5')).toEqual(['0.5', '5', '50', '500']);
  });

  it('rounds asks up and bids down, summing amounts exactly', () => {
    const asks: [string, string][] = [
      ['100.01', '0.1'],
      ['100.10', '0.2'],
      ['100.11', '0.30000001'],
      ['101.00', '1'],
    ];
    expect(groupLevels(asks, 'ask', '0.1')).toEqual([
      ['100.1', '0.3'],
      ['100.2', '0.30000001'],
      ['101', '1'],
    ]);
    const bids: [string, string][] = [
      ['99.99', '0.1'],
      ['99.91', '0.2'],
      ['99.90', '0.7'],
      ['99.89', '1.5'],
    ];
    expect(groupLevels(bids, 'bid', '0.1')).toEqual([
      ['99.9', '1'],
      ['99.8', '1.5'],
    ]);
    expect(groupLevels(bids, 'bid', '10')).toEqual([['90', '2.5']]);
    expect(groupLevels(asks, 'ask', '10')).toEqual([['110', '1.60000001']]);
  });

  it('leaves levels already on the step where they are', () => {
    const bids: [string, string][] = [
      ['65000.00', '0.5'],
      ['64999.99', '0.25'],
    ];
    expect(groupLevels(bids, 'bid', '0.01')).toEqual([
      ['65000', '0.5'],
      ['64999.99', '0.25'],
    ]);
    expect(groupLevels([], 'ask', '1')).toEqual([]);
  });

  it('never uses floating point: amounts past double precision stay exact', () => {
    const asks: [string, string][] = [
      ['1.01', '9007199254740993.1'],
      ['1.02', '0.9'],
    ];
    expect(groupLevels(asks, 'ask', '1')).toEqual([['2', '9007199254740994']]);
  });
});
