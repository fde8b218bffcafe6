export * from './text.ts';
export * from './transcript.ts';
