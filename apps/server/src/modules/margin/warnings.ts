import { DEFAULT_LANGUAGE, formatMessage, type UserEvent } from '@meridian/contract';
import { readableLevel } from '@meridian/core';
import type { Delivery } from '../../kernel/mail/delivery.ts';
import type { UserContact } from '../identity/index.ts';
import type { MarginDb, MarginWarningTable } from './tables.ts';

export interface MarginWarningDeps {
  db: MarginDb;
  /** Where the user's own events go (the user socket, the MQTT refresh topic). */
  publish: (userId: string, event: UserEvent) => void;
  delivery: Delivery;
  contactOf: (userId: string) => Promise<UserContact | null>;
  brand: string;
  /** A pair as people read it (`BTC/USDT` for `btcusdt`). */
  pairName: (pair: string) => string;
  /** Stamps `sent_at` (the engine's clock, ms). */
  now: () => number;
  onError: (error: unknown) => void;
}

/**
 * Tells users of their margin warnings (the engine warns once per dip below 1.3): a
 * `margin_warning` on their socket and an email (else an SMS). The projection writes each
 * warning once; a warning is claimed (`sent_at`) before it is told, so a replay, a second
 * pass or a restart tells none twice. A crash between the claim and the telling loses
 * that one notice rather than repeating it. The email is in the language the user last
 * signed in with (the platform's default before they have), as the socket's text is the
 * browser's.
 */
export function createMarginWarnings(deps: MarginWarningDeps) {
  const { db } = deps;
  let running: Promise<void> = Promise.resolve();

  async function tell(row: MarginWarningTable): Promise<void> {
    const claimed = await db
      .updateTable('margin_warnings')
      .set({ sent_at: deps.now() })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return;
    deps.publish(row.user_id, { type: 'margin_warning', account: row.account, level: row.level });
    const contact = await deps.contactOf(row.user_id);
    const target = contact?.email ?? contact?.phone;
    if (!contact || !target) return;
    const lang = contact.language ?? DEFAULT_LANGUAGE;
    const values = { brand: deps.brand, level: readableLevel(row.level) };
    const lines = [
      row.account === 'all'
        ? formatMessage('marginWarningCrossBody', lang, values)
        : formatMessage('marginWarningIsolatedBody', lang, {
            ...values,
            pair: deps.pairName(row.account),
          }),
    ];
    if (contact.antiPhishingCode) {
      lines.push(formatMessage('antiPhishingLine', lang, { antiCode: contact.antiPhishingCode }));
    }
    await deps.delivery.send({
      channel: contact.email ? 'email' : 'sms',
      target,
      subject: formatMessage('marginWarningSubject', lang, { brand: deps.brand }),
      body: lines.join('\n\n'),
    });
  }

  async function sendPending(): Promise<void> {
    const rows = await db
      .selectFrom('margin_warnings')
      .selectAll()
      .where('sent_at', 'is', null)
      .orderBy('seq')
      .orderBy('pos')
      .execute();
    for (const row of rows) {
      try {
        await tell(row);
      } catch (error) {
        deps.onError(error);
      }
    }
  }

  return {
    /** Tells every warning not yet told, one pass at a time. */
    send(): Promise<void> {
      running = running.then(sendPending).catch(deps.onError);
      return running;
    },
    /** Resolves once every pass asked for so far is done. */
    settled: (): Promise<void> => running,
  };
}
