export * from './units.ts';
export * from './format/index.ts';
