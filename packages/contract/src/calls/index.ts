import { health } from './system.ts';

export * from './system.ts';

/** Every call the platform serves; the server registers each and the docs list each. */
export const ALL_CALLS = [health] as const;
