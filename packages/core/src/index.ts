export * from './password-rule.ts';
export * from './units.ts';
export * from './format/index.ts';
export * from './market/index.ts';
