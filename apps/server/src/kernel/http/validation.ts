import type { FastifySchemaCompiler } from 'fastify';
import { z, type ZodType } from 'zod';
import { formatMessage, MESSAGES, type Language, type MessageId } from '@meridian/contract';

const zodLocales: Record<Language, () => { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en,
  ja: z.locales.ja,
  ko: z.locales.ko,
  zh: z.locales.zhCN,
  pt: z.locales.pt,
  vi: z.locales.vi,
  th: z.locales.th,
  es: z.locales.es,
  fr: z.locales.fr,
  ru: z.locales.ru,
  de: z.locales.de,
  it: z.locales.it,
  tw: z.locales.zhTW,
};

const errorMaps = new Map<Language, z.core.$ZodErrorMap>();

function errorMapFor(lang: Language): z.core.$ZodErrorMap {
  let map = errorMaps.get(lang);
  if (!map) {
    map = zodLocales[lang]().localeError;
    errorMaps.set(lang, map);
  }
  return map;
}

/** Carries zod's verdict to the error handler, which words it in the caller's language. */
export class RequestValidationError extends Error {
  constructor(readonly schema: ZodType) {
    super('request validation failed');
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(schema) };
  };

const partNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * Re-runs the failed schema with the caller's locale and names the first offending field,
 * e.g. `body.amount` or, for an unknown key, `body.extra`.
 */
export function describeValidationFailure(
  schema: ZodType,
  part: string,
  value: unknown,
  lang: Language,
): FieldProblem {
  const prefix = partNames[part] ?? part;
  const result = schema.safeParse(value, { error: errorMapFor(lang) });
  const issue = result.success ? undefined : result.error.issues[0];
  if (!issue) return { field: prefix, message: prefix };
  const segments = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0]) segments.push(issue.keys[0]);
  const field = [prefix, ...segments].join('.');
  // A contract's own refinement names its message by id, so it is worded in the language too.
  const message =
    issue.code === 'custom' && Object.hasOwn(MESSAGES, issue.message)
      ? formatMessage(issue.message as MessageId, lang)
      : issue.message;
  return { field, message: `${field}: ${message}` };
}
