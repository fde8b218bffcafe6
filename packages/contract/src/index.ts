export * from './calls/index.ts';
export * from './define.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './platform-config.ts';
export * from './seal.ts';
export * from './realtime.ts';
