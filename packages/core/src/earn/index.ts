export * from './terms.ts';
export * from './calendar.ts';
export * from './book.ts';
