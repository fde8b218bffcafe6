import { ERROR_KINDS, type ErrorKind, type MessageId } from '@meridian/contract';

/**
 * An error a service raises on purpose. Its message is a catalogue id, translated into
 * the caller's language when the answer is written, never free text from internals.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly kind: Exclude<ErrorKind, 'success'>,
    readonly messageId: MessageId = kind,
    readonly values: Record<string, string | number> = {},
    readonly field?: string,
  ) {
    super(messageId);
    this.status = ERROR_KINDS[kind];
  }
}
