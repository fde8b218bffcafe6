import { z } from 'zod';

/** Every JSON answer of the API is `{ code, msg, data }`; `code` 200 is success. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
  });
}

export const errorEnvelopeSchema = envelopeSchema(
  z
    .object({
      /**
       * The refusal's stable machine code (a message id such as `invalidToken` or
       * `insufficientBalance`): clients decide on it, never on the translated `msg`.
       */
      reason: z.string(),
      requestId: z.string().optional(),
      field: z.string().optional(),
    })
    .nullable(),
);

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
