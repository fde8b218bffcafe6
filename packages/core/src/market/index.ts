export * from './index-simulator.ts';
export * from './klines.ts';
export * from './random.ts';
