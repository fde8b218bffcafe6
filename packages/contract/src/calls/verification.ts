import { z } from 'zod';
import { ID_TYPES, VERIFICATION_STATES } from '@meridian/core';
import { defineCall } from '../define.ts';

/*
 * Identity verification, uploads and bank cards (seed sections 3-6): the user's side.
 * The operators' review queue is in reviews.ts.
 */

export const idTypeSchema = z.enum(ID_TYPES);
export const verificationStateSchema = z.enum(VERIFICATION_STATES);

/** A file the user uploaded: an opaque id, never a path or a storage name. */
export const fileIdSchema = z.uuid();

/**
 * The primary step (the seed's "basic"): name, ID number, country and document type, as on
 * the document. Country is an ISO 3166-1 alpha-2 code from DOCUMENT_COUNTRIES (checked by
 * the server with its own message); the ID number's format is checked per document.
 */
export const primaryVerificationSchema = z.strictObject({
  level: z.literal('primary'),
  name: z.string().trim().min(2).max(64),
  idNumber: z.string().trim().min(4).max(40),
  country: z.string().trim().toUpperCase().length(2),
  idType: idTypeSchema,
});

/** The advanced step: three photos, uploaded first (each an id from an upload call). */
export const advancedVerificationSchema = z.strictObject({
  level: z.literal('advanced'),
  frontFileId: fileIdSchema,
  backFileId: fileIdSchema,
  handFileId: fileIdSchema,
});

export const verificationSubmissionSchema = z.discriminatedUnion('level', [
  primaryVerificationSchema,
  advancedVerificationSchema,
]);
export type VerificationSubmission = z.infer<typeof verificationSubmissionSchema>;

/** The user's verification as they see it; the ID number is masked ("11****2X"). */
export const verificationStatusSchema = z.object({
  state: verificationStateSchema,
  /** 0 none, 1 primary done, 2 advanced approved. */
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  primary: z
    .object({
      name: z.string(),
      idNumber: z.string(),
      country: z.string(),
      idType: idTypeSchema,
      completedTime: z.string(),
    })
    .nullable(),
  /** The latest advanced submission: pending, approved, or rejected with its reason. */
  advanced: z
    .object({
      id: z.string(),
      state: z.enum(['pending', 'approved', 'rejected']),
      submittedTime: z.string(),
      reviewedTime: z.string().nullable(),
      rejectReason: z.string().nullable(),
      frontFileId: z.string(),
      backFileId: z.string(),
      handFileId: z.string(),
    })
    .nullable(),
  canSubmitPrimary: z.boolean(),
  canSubmitAdvanced: z.boolean(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const uploadKYC = defineCall({
  method: 'POST',
  path: '/api/user/uploadKYC',
  summary:
    'Submit primary (level=primary: name, idNumber, country, idType) or advanced (level=advanced: three uploaded photo ids) verification, in the query as the seed sends it',
  tags: ['verification'],
  auth: 'user',
  query: verificationSubmissionSchema,
  data: verificationStatusSchema,
});

export const verified = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/member/verified',
  summary:
    'Submit primary or advanced verification (as uploadKYC, in the body). Primary completes at once; advanced waits for an operator',
  tags: ['verification'],
  auth: 'user',
  body: verificationSubmissionSchema,
  data: verificationStatusSchema,
});

export const getVerification = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/member/getMemberOtherData/yhrzxx',
  summary: "The signed-in user's verification: state, primary data, latest advanced submission",
  tags: ['verification'],
  auth: 'user',
  data: verificationStatusSchema,
});

/** Image types an upload may be, judged by the file's bytes, never by its name. */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const uploadMimeSchema = z.enum(UPLOAD_MIME_TYPES);

/**
 * What an upload is for: an identity document photo, a bank recharge's payment screenshot,
 * or an image sent in the customer-service chat.
 */
export const UPLOAD_PURPOSES = ['document', 'payment', 'chat'] as const;

export const uploadedFileSchema = z.object({
  id: z.string(),
  /** The call that returns this file to its owner (signed in). */
  url: z.string(),
  mime: uploadMimeSchema,
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * An uploaded image, for its owner or an operator: the bytes travel base64-encoded inside
 * the envelope, so a file is never served with a type a browser could run, and the token
 * goes in a header as on every call (an `<img src>` could not carry it).
 */
export const fileContentSchema = uploadedFileSchema.extend({
  createTime: z.string(),
  base64: z.string(),
});
export type FileContent = z.infer<typeof fileContentSchema>;

const MULTIPART =
  'multipart/form-data. JPEG, PNG or WebP by content; at most UPLOAD_MAX_BYTES (default 5 MB) and 300 px on the shorter side; metadata (EXIF, XMP, text) removed by re-encoding';

export const uploadOss = defineCall({
  method: 'POST',
  path: '/api/common/upload/OSS',
  summary: `Upload an image (form field file). ${MULTIPART}`,
  tags: ['verification'],
  auth: 'user',
  data: uploadedFileSchema,
});

export const uploadFile = defineCall({
  method: 'POST',
  path: '/api/{head}/cgform-api/upload/file',
  summary: `Upload an image (form fields file and type: ${UPLOAD_PURPOSES.join(', ')}, the default). ${MULTIPART}`,
  tags: ['verification'],
  auth: 'user',
  data: uploadedFileSchema,
});

export const getOwnFile = defineCall({
  method: 'GET',
  path: '/api/user/files/:id',
  summary: "One of the signed-in user's own uploads (another user's file is unknown: 404)",
  tags: ['verification'],
  auth: 'user',
  params: z.strictObject({ id: z.string().min(1).max(64) }),
  data: fileContentSchema,
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * A bank card (seed section 4): number and bank name required; bank address or phone,
 * SWIFT or other international bank code, branch and home address optional.
 */
export const bankCardInputSchema = z.strictObject({
  cardNumber: z.string().trim().min(8).max(40),
  bankName: z.string().trim().min(2).max(100),
  bankAddress: optionalText(200),
  bankCode: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9 -]*$/)
    .optional()
    .transform((value) => (value ? value.toUpperCase() : undefined)),
  branch: optionalText(100),
  homeAddress: optionalText(200),
});
export type BankCardInput = z.input<typeof bankCardInputSchema>;

/** A bound card as shown, to its owner too: the number masked ("**** **** **** 1234"). */
export const bankCardSchema = z.object({
  cardNumber: z.string(),
  bankName: z.string(),
  bankAddress: z.string().nullable(),
  bankCode: z.string().nullable(),
  branch: z.string().nullable(),
  homeAddress: z.string().nullable(),
  createTime: z.string(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

export const saveBankCard = defineCall({
  method: 'POST',
  path: '/api/userBank/save',
  summary: 'Bind a bank card; once bound it cannot be changed (409)',
  tags: ['verification'],
  auth: 'user',
  body: bankCardInputSchema,
  data: bankCardSchema,
});

export const getBankCard = defineCall({
  method: 'POST',
  path: '/api/userBank/getbank',
  summary: "The signed-in user's bound bank card, masked; null when none is bound",
  tags: ['verification'],
  auth: 'user',
  data: bankCardSchema.nullable(),
});
