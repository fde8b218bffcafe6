export * from './outcome.ts';
export type { OpenContract } from './book.ts';
