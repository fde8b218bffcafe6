export * from './search-text.ts';
