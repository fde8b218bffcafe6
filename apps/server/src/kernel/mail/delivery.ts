import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { KernelTables } from '../db/schema.ts';
import { iso, type Clock } from '../clock.ts';
import { newId } from '../secrets.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
}

/** Sends an SMS through a provider; deployments plug one in, none ships by default. */
export interface SmsSender {
  send(phone: string, body: string): Promise<void>;
}

export interface DeliveryOptions {
  db: Kysely<KernelTables>;
  log: FastifyBaseLogger;
  clock: Clock;
  smtpUrl?: string | undefined;
  mailFrom: string;
  sms?: SmsSender | undefined;
}

/**
 * Every message goes into the outbox first. It then leaves by SMTP or the SMS provider
 * when one is configured; otherwise it stays there (and in the log) for the demo to read.
 */
export function createDelivery(options: DeliveryOptions) {
  const mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  async function transmit(message: OutgoingMessage): Promise<boolean> {
    if (message.channel === 'email' && mailer) {
      await mailer.sendMail({
        from: options.mailFrom,
        to: message.target,
        subject: message.subject,
        text: message.body,
      });
      return true;
    }
    if (message.channel === 'sms' && options.sms) {
      await options.sms.send(message.target, message.body);
      return true;
    }
    return false;
  }

  return {
    async send(message: OutgoingMessage): Promise<void> {
      const id = newId();
      await options.db
        .insertInto('outbox')
        .values({ id, ...message, created_at: iso(options.clock.now()), delivered_at: null })
        .execute();
      let delivered = false;
      try {
        delivered = await transmit(message);
      } catch (error) {
        options.log.error({ err: error, channel: message.channel }, 'message delivery failed');
        throw error;
      }
      if (delivered) {
        await options.db
          .updateTable('outbox')
          .set({ delivered_at: iso(options.clock.now()) })
          .where('id', '=', id)
          .execute();
      } else {
        options.log.info(
          { channel: message.channel, target: message.target, body: message.body },
          'no mail or SMS provider configured: message kept in the outbox',
        );
      }
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
