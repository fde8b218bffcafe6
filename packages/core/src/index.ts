export * from './password-rule.ts';
export * from './units.ts';
