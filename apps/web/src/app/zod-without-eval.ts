import { z } from 'zod/v4';

/**
 * zod as the web app imports it: `vite.config.ts` resolves every `import ... from 'zod'`
 * here, so the setting below runs before any schema is built, whichever module imports
 * zod first (the shell does not: the contract's schemas load with the first call).
 *
 * The platform's Content-Security-Policy allows no `eval`: zod would otherwise probe for
 * it with `new Function` when it builds its first object schema, and the browser reports
 * that probe as a policy violation even though zod catches the refusal.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
