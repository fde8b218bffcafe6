import { z } from 'zod';

/**
 * The platform's Content-Security-Policy allows no `eval`: zod would otherwise probe for
 * it with `new Function` when it builds its first object schema, and the browser reports
 * that probe as a policy violation even though zod catches the refusal. Imported first by
 * `main.tsx`, before any schema of the contract is built.
 */
z.config({ jitless: true });
