import { describe, expect, it } from 'vitest';
import type { SpotOrder } from '@meridian/contract/calls/spot';
import { csvField, orderCsvRows, toCsv } from './csv.ts';
import { orderValue, ratePercent } from './amounts.ts';
import { testOrder } from './test-orders.ts';

describe('CSV', () => {
  it('quotes only fields with a separator, a quote or a line break', () => {
    expect(csvField('BTC/USDT')).toBe('BTC/USDT');
    expect(csvField('1,234.5')).toBe('"1,234.5"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['a', 'b,c'],
        ['"', ''],
      ]),
    ).toBe('a,"b,c"\r\n"""",\r\n');
  });

  it('exports the exact decimal strings of an order, blank where a field does not apply', () => {
    const order: SpotOrder = {
      id: '42',
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      timeInForce: 'IOC',
      clientOrderId: null,
      price: null,
      quantity: null,
      quoteAmount: '1000',
      filledQuantity: '0.015384',
      filledValue: '999.96',
      averagePrice: '65000.01',
      triggerPrice: null,
      triggered: true,
      status: 'filled',
      entrustedValue: '1000',
      fee: '0.000015384',
      feeCoin: 'BTC',
      time: 0,
      updatedAt: 0,
    };
    const rows = orderCsvRows([order], {
      header: ['h'],
      time: () => '01/01/1970 00:00:00',
      pair: () => 'BTC/USDT',
      type: () => 'Market, by amount',
      side: () => 'Buy',
      status: () => 'Fully filled',
    });
    expect(toCsv(rows).split('\r\n')[1]).toBe(
      '42,01/01/1970 00:00:00,BTC/USDT,"Market, by amount",Buy,,,,0.015384,65000.01,1000,999.96,0.000015384,BTC,Fully filled',
    );
  });
});

describe('order amounts on screen', () => {
  it('turns fee rates into exact percentages', () => {
    expect(ratePercent('0.001')).toBe('0.1');
    expect(ratePercent('0.1')).toBe('10');
    expect(ratePercent('0.00075')).toBe('0.075');
    expect(ratePercent('x')).toBe('--');
  });
});

describe('order value', () => {
  it('is the entrusted value where there is one', () => {
    expect(orderValue(testOrder())).toBe('16250.125');
  });

  it('is the traded value of a market order by quantity once it has fills', () => {
    const sell = testOrder({
      type: 'market',
      side: 'sell',
      price: null,
      entrustedValue: null,
      filledQuantity: '0.5',
      filledValue: '33388.785',
      status: 'filled',
    });
    expect(orderValue(sell)).toBe('33388.785');
    expect(orderValue({ ...sell, filledQuantity: '0', filledValue: '0' })).toBeNull();
  });
});
