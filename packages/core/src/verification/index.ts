export * from './documents.ts';
export * from './state.ts';
export * from './countries.ts';
