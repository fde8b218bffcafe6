import { formatMessage, type CodePurpose, type Language } from '@meridian/contract';
import type { IdentityDb } from './tables.ts';
import { AppError } from '../../kernel/errors.ts';
import { addSeconds, iso, type Clock } from '../../kernel/clock.ts';
import type { Delivery } from '../../kernel/mail/delivery.ts';
import { newId, randomDigits, sameHash, sha256Hex } from '../../kernel/secrets.ts';

export const CODE_LIFETIME_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
/** Beyond the 60-second cooldown, at most this many codes per target and hour. */
export const CODES_PER_HOUR = 10;

export type CodeChannel = 'email' | 'sms';

export interface SendCodeRequest {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  lang: Language;
  antiPhishingCode?: string | null;
}

export interface CodeServiceDeps {
  db: IdentityDb;
  delivery: Delivery;
  clock: Clock;
  brand: string;
}

// The hash binds the code to its target and purpose, so a leaked table row is useless
// for any other request.
function codeHash(target: string, purpose: string, code: string): string {
  return sha256Hex(`${purpose}\0${target}\0${code}`);
}

/**
 * 6-digit codes by email or SMS: 10-minute life, 60-second resend cooldown, 5 tries, one
 * use, and only for the purpose they were sent for. A new code replaces older ones.
 */
export function createCodeService(deps: CodeServiceDeps) {
  const { db, clock } = deps;

  return {
    async send(request: SendCodeRequest): Promise<{ resendAfterSeconds: number }> {
      const now = clock.now();
      const recent = await db
        .selectFrom('verification_codes')
        .select(['created_at'])
        .where('target', '=', request.target)
        .where('created_at', '>', iso(addSeconds(now, -3600)))
        .orderBy('created_at', 'desc')
        .execute();
      const last = recent[0];
      if (last) {
        const wait = Math.ceil(
          (new Date(last.created_at).getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000,
        );
        if (wait > 0) throw new AppError('rateLimited', 'codeCooldown', { seconds: wait });
      }
      if (recent.length >= CODES_PER_HOUR) throw new AppError('rateLimited');

      const code = randomDigits(6);
      await db
        .updateTable('verification_codes')
        .set({ consumed_at: iso(now) })
        .where('target', '=', request.target)
        .where('purpose', '=', request.purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await db
        .insertInto('verification_codes')
        .values({
          id: newId(),
          channel: request.channel,
          target: request.target,
          purpose: request.purpose,
          code_hash: codeHash(request.target, request.purpose, code),
          created_at: iso(now),
          expires_at: iso(addSeconds(now, CODE_LIFETIME_SECONDS)),
          consumed_at: null,
        })
        .execute();

      const values = { brand: deps.brand, code, minutes: CODE_LIFETIME_SECONDS / 60 };
      const lines = [formatMessage('codeMailBody', request.lang, values)];
      if (request.antiPhishingCode) {
        lines.push(
          formatMessage('antiPhishingLine', request.lang, { antiCode: request.antiPhishingCode }),
        );
      }
      await deps.delivery.send({
        channel: request.channel,
        target: request.target,
        subject: formatMessage('codeMailSubject', request.lang, { brand: deps.brand }),
        body: lines.join('\n\n'),
      });
      return { resendAfterSeconds: CODE_RESEND_SECONDS };
    },

    /** Checks and spends a code; any failure counts a try and says only "wrong or expired". */
    async consume(target: string, purpose: CodePurpose, code: string): Promise<void> {
      const now = iso(clock.now());
      const row = await db
        .selectFrom('verification_codes')
        .selectAll()
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!row || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) {
        throw new AppError('validation', 'codeInvalid', {}, 'code');
      }
      if (!sameHash(row.code_hash, codeHash(target, purpose, code))) {
        await db
          .updateTable('verification_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        throw new AppError('validation', 'codeInvalid', {}, 'code');
      }
      // Conditional update: of two requests racing with the same code, one wins.
      const spent = await db
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (spent.numUpdatedRows !== 1n) throw new AppError('validation', 'codeInvalid', {}, 'code');
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
