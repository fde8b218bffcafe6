import type { SpotFill, SpotOrder } from '@meridian/contract/calls/spot';

/** A complete order for tests; a resting limit buy unless told otherwise. */
export function testOrder(overrides: Partial<SpotOrder> = {}): SpotOrder {
  return {
    id: '101',
    symbol: 'btcusdt',
    side: 'buy',
    type: 'limit',
    timeInForce: 'GTC',
    clientOrderId: null,
    price: '65000.5',
    quantity: '0.25',
    quoteAmount: null,
    filledQuantity: '0.1',
    filledValue: '6500.05',
    averagePrice: '65000.5',
    triggerPrice: null,
    triggered: true,
    status: 'partial',
    entrustedValue: '16250.125',
    fee: '0.0001',
    feeCoin: 'BTC',
    time: Date.UTC(2026, 2, 5, 8, 30, 0),
    updatedAt: Date.UTC(2026, 2, 5, 8, 31, 0),
    ...overrides,
  };
}

export function testFill(overrides: Partial<SpotFill> = {}): SpotFill {
  return {
    id: '9001',
    orderId: '101',
    symbol: 'btcusdt',
    side: 'buy',
    role: 'taker',
    price: '65000.5',
    quantity: '0.1',
    value: '6500.05',
    fee: '0.0001',
    feeCoin: 'BTC',
    time: Date.UTC(2026, 2, 5, 8, 31, 0),
    ...overrides,
  };
}
