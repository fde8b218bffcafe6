import { z } from 'zod';
import { passwordProblem } from '@meridian/core';
import { defineCall } from '../define.ts';

/** A login or fund password that meets the rule; the message id names the problem. */
export const passwordSchema = z
  .string()
  .refine((value) => passwordProblem(value) === null, { message: 'passwordRule' });

export const verificationCodeSchema = z.string().regex(/^\d{6}$/);
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));
export const accountNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,19}$/);
export const phoneSchema = z.string().regex(/^\d{5,15}$/);
export const areaCodeSchema = z.string().regex(/^\d{1,4}$/);
export const inviteCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/);

/** Why a code is asked for; a code only works for the purpose it was sent for. */
export const codePurposeSchema = z.enum(['register', 'reset', 'bind', 'fundPassword', 'security']);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

export const loginTypeSchema = z.enum(['account', 'email', 'phone']);

/**
 * Password payloads are sealed in the browser with the server's public key (RSA-OAEP
 * wrapping an AES-256-GCM key), on top of TLS; see transport crypto in the web app.
 */
export const sealedSchema = z.strictObject({
  keyId: z.string().min(1).max(64),
  key: z.string().min(1).max(1024),
  iv: z.string().min(1).max(64),
  data: z.string().min(1).max(16384),
});
export type Sealed = z.infer<typeof sealedSchema>;

export const userInfoSchema = z.object({
  id: z.string(),
  userId: z.string(),
  blade_user_id: z.string(),
  account: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  areaCode: z.string().nullable(),
  avatar: z.string().nullable(),
  chatKey: z.string(),
  is_merchant: z.number().int(),
  merchant: z.object({ id: z.string() }).nullable(),
  vip: z.boolean(),
  creditScore: z.number().int(),
  inviteCode: z.string(),
  googleBound: z.boolean(),
  fundPasswordSet: z.boolean(),
  antiPhishingCode: z.string().nullable(),
  withdrawBlockedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const sessionTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** ISO time the access token was issued; the client refreshes by its age. */
  issuedAt: z.string(),
  expiresAt: z.string(),
  refreshExpiresAt: z.string(),
});

const credentials = {
  type: loginTypeSchema,
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(64),
  areaCode: areaCodeSchema.optional(),
  googleCode: verificationCodeSchema.optional(),
};

export const login = defineCall({
  method: 'POST',
  path: '/api/user/login',
  summary: 'Log in by account, email or phone (code 202 asks for the authenticator code)',
  tags: ['user'],
  auth: 'public',
  body: z.strictObject(credentials),
  data: sessionTokensSchema.extend({ userInfo: userInfoSchema }).nullable(),
});

const registerBase = {
  password: passwordSchema,
  confirmPassword: z.string().max(64).optional(),
  inviteCode: inviteCodeSchema.optional(),
};

export const register = defineCall({
  method: 'POST',
  path: '/api/user/register',
  summary: 'Register by account name, email (with code) or phone (with code)',
  tags: ['user'],
  auth: 'public',
  body: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('account'), account: accountNameSchema, ...registerBase }),
    z.strictObject({
      type: z.literal('email'),
      email: emailSchema,
      code: verificationCodeSchema,
      ...registerBase,
    }),
    z.strictObject({
      type: z.literal('phone'),
      phone: phoneSchema,
      areaCode: areaCodeSchema,
      code: verificationCodeSchema,
      ...registerBase,
    }),
  ]),
  data: sessionTokensSchema.extend({ userInfo: userInfoSchema }),
});

export const refreshToken = defineCall({
  method: 'POST',
  path: '/api/user/refreshToken',
  summary: 'Exchange a refresh token for new tokens (it rotates; reuse revokes the session)',
  tags: ['user'],
  auth: 'public',
  body: z.strictObject({ refreshToken: z.string().min(1).max(256) }),
  data: sessionTokensSchema,
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/user/logout',
  summary: 'Revoke this session',
  tags: ['user'],
  auth: 'user',
  data: z.null(),
});

export const getInfo = defineCall({
  method: 'POST',
  path: '/api/user/getInfo',
  summary: 'The signed-in user',
  tags: ['user'],
  auth: 'user',
  keyScope: 'read',
  data: userInfoSchema,
});

export const getPublicKey = defineCall({
  method: 'GET',
  path: '/api/user/getPublicKey',
  summary: "The server's public key for sealing password and withdrawal payloads",
  tags: ['user'],
  auth: 'public',
  data: z.object({ keyId: z.string(), spki: z.string() }),
});

export const countryCodeSchema = z.object({ code: z.string(), dialCode: z.string() });

export const getCountryCode = defineCall({
  method: 'POST',
  path: '/api/user/getCountryCode',
  summary: 'Countries and their dialling codes (names are shown in the user language)',
  tags: ['user'],
  auth: 'public',
  data: z.array(countryCodeSchema),
});

export const sendEmailCode = defineCall({
  method: 'POST',
  path: '/api/user/sendEmailCode',
  summary: 'Send a 6-digit code by email (10-minute life, 60-second resend cooldown)',
  tags: ['user'],
  auth: 'public',
  body: z.strictObject({ email: emailSchema, purpose: codePurposeSchema }),
  data: z.object({ resendAfterSeconds: z.number().int() }),
});

export const sendMobileCode = defineCall({
  method: 'POST',
  path: '/api/user/sendMobileCode',
  summary: 'Send a 6-digit code by SMS (10-minute life, 60-second resend cooldown)',
  tags: ['user'],
  auth: 'public',
  body: z.strictObject({
    phone: phoneSchema,
    areaCode: areaCodeSchema,
    purpose: codePurposeSchema,
  }),
  data: z.object({ resendAfterSeconds: z.number().int() }),
});

export const backPwd = defineCall({
  method: 'POST',
  path: '/api/user/backPwd',
  summary: 'Reset the login password with an email code; every session is revoked',
  tags: ['user'],
  auth: 'public',
  body: z.strictObject({
    email: emailSchema,
    code: verificationCodeSchema,
    password: passwordSchema,
    confirmPassword: z.string().max(64),
  }),
  data: z.null(),
});

export const bindEmail = defineCall({
  method: 'POST',
  path: '/api/user/bindEmail',
  summary: 'Bind and certify an email address with a code sent to it',
  tags: ['user'],
  auth: 'user',
  body: z.strictObject({ email: emailSchema, code: verificationCodeSchema }),
  data: z.null(),
});

export const updateUserLoginPwd = defineCall({
  method: 'POST',
  path: '/api/user/updateUserLoginPwd',
  summary:
    'Change the login password (sealed old, new and confirmation); other sessions are revoked and withdrawals wait 24 h',
  tags: ['user'],
  auth: 'user',
  body: sealedSchema,
  data: z.object({ withdrawBlockedUntil: z.string() }),
});

export const tardPwdSet = defineCall({
  method: 'POST',
  path: '/api/user/tardPwdSet',
  summary: 'Set the fund password the first time (sealed password and confirmation)',
  tags: ['user'],
  auth: 'user',
  body: sealedSchema,
  data: z.null(),
});

export const updatePwd = defineCall({
  method: 'POST',
  path: '/api/user/updatePwd',
  summary: 'Change the fund password with an email code (sealed code, password and confirmation)',
  tags: ['user'],
  auth: 'user',
  body: sealedSchema,
  data: z.null(),
});

/** What the sealed payloads contain, checked after opening. */
export const loginPasswordChangeSchema = z.strictObject({
  oldPassword: z.string().min(1).max(64),
  newPassword: passwordSchema,
  confirmPassword: z.string().max(64),
});
export const fundPasswordSetSchema = z.strictObject({
  password: passwordSchema,
  confirmPassword: z.string().max(64),
});
export const fundPasswordChangeSchema = fundPasswordSetSchema.extend({
  code: verificationCodeSchema,
});
