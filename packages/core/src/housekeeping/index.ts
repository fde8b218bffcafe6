export * from './retention.ts';
