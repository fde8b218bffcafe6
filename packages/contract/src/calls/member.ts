import { z } from 'zod';
import { defineCall } from '../define.ts';
import { pageOf } from '../paging.ts';
import {
  areaCodeSchema,
  codePurposeSchema,
  emailSchema,
  phoneSchema,
  sealedSchema,
  verificationCodeSchema,
} from './user.ts';

const pageQuery = z.strictObject({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(15),
});

export const sendEmailOpen = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/send/email',
  summary: 'Send a 6-digit code by email',
  tags: ['member'],
  auth: 'public',
  query: z.strictObject({ email: emailSchema, purpose: codePurposeSchema }),
  data: z.object({ resendAfterSeconds: z.number().int() }),
});

export const sendSmsOpen = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/open/send/sms',
  summary: 'Send a 6-digit code by SMS',
  tags: ['member'],
  auth: 'public',
  query: z.strictObject({
    phone: phoneSchema,
    areaCode: areaCodeSchema,
    purpose: codePurposeSchema,
  }),
  data: z.object({ resendAfterSeconds: z.number().int() }),
});

export const accountVerificationBinding = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/member/accountVerificationBinding',
  summary: 'Bind an email address or a phone number, proven by a code sent to it',
  tags: ['member'],
  auth: 'user',
  body: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('email'), email: emailSchema, code: verificationCodeSchema }),
    z.strictObject({
      type: z.literal('phone'),
      phone: phoneSchema,
      areaCode: areaCodeSchema,
      code: verificationCodeSchema,
    }),
  ]),
  data: z.null(),
});

export const loginLogEntrySchema = z.object({
  id: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  deviceName: z.string().nullable(),
  success: z.boolean(),
  createTime: z.string(),
});

export const getLoginLog = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/member/getLoginLog',
  summary: 'Recent logins of the signed-in user, newest first',
  tags: ['member'],
  auth: 'user',
  query: pageQuery,
  data: pageOf(loginLogEntrySchema),
});

export const deviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  userAgent: z.string(),
  lastIp: z.string(),
  createTime: z.string(),
  lastSeenTime: z.string(),
  current: z.boolean(),
  activeSessions: z.number().int(),
});

export const getLoginDevice = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/member/getLoginDevice',
  summary: 'Devices that have logged in to this account',
  tags: ['member'],
  auth: 'user',
  data: z.array(deviceSchema),
});

export const deleteDevice = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/member/deleteDevice/:id',
  summary: 'Remove a device; its sessions are revoked',
  tags: ['member'],
  auth: 'user',
  params: z.strictObject({ id: z.string().min(1).max(64) }),
  data: z.null(),
});

export const updateDevice = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/member/updateDevice',
  summary: 'Rename a device',
  tags: ['member'],
  auth: 'user',
  body: z.strictObject({ id: z.string().min(1).max(64), name: z.string().trim().min(1).max(40) }),
  data: z.null(),
});

export const getGoogleVerification = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/member/getGoogleVerification/:x',
  summary: 'A new authenticator secret and its otpauth URI, pending until bound (x: any label)',
  tags: ['member'],
  auth: 'user',
  params: z.strictObject({ x: z.string().min(1).max(32) }),
  data: z.object({ secret: z.string(), otpauthUri: z.string(), bound: z.boolean() }),
});

export const googleVerificationBindingOrReset = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/member/googleVerificationBindingOrReset/:x/:y?',
  summary:
    'x: the 6-digit code; y: 1 binds the pending secret (refused while one is bound), 2 (default) unbinds with a code from the bound authenticator, 3 resets a lost one with an email code (purpose security) and pauses withdrawals for 24 hours. Every change is emailed.',
  tags: ['member'],
  auth: 'user',
  params: z.strictObject({ x: verificationCodeSchema, y: z.enum(['1', '2', '3']).default('2') }),
  data: z.object({ bound: z.boolean() }),
});

export const tradePwd = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/member/tradePwd',
  summary: 'Set, or change with an email code, the fund password (sealed)',
  tags: ['member'],
  auth: 'user',
  body: sealedSchema,
  data: z.null(),
});

export const antiCode = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/member/antiCode',
  summary: 'Set the anti-phishing code shown in every email the platform sends',
  tags: ['member'],
  auth: 'user',
  body: z.strictObject({
    antiCode: z.string().trim().min(4).max(20),
    code: verificationCodeSchema,
  }),
  data: z.null(),
});

export const apiKeyScopeSchema = z.enum(['read', 'trade', 'withdraw']);

export const apiKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  apiKey: z.string(),
  /** How the key signs: HMAC-SHA256 with its secret, or Ed25519 with the user's key pair. */
  algorithm: z.enum(['hmac-sha256', 'ed25519']),
  scopes: z.array(apiKeyScopeSchema),
  ipAllowlist: z.array(z.string()),
  expiresAt: z.string().nullable(),
  createTime: z.string(),
  lastUsedTime: z.string().nullable(),
});

export const listApiKeys = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/member/apis',
  summary: 'API keys of the signed-in user (secrets are never shown again)',
  tags: ['member'],
  auth: 'user',
  data: z.array(apiKeySchema),
});

const ipSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

export const createApiKey = defineCall({
  method: 'POST',
  path: '/api/{head}/coin/member/api',
  summary: 'Create an API key; the secret is in this answer only',
  tags: ['member'],
  auth: 'user',
  body: z.strictObject({
    label: z.string().trim().min(1).max(40),
    scopes: z.array(apiKeyScopeSchema).min(1).max(3),
    ipAllowlist: z.array(ipSchema).max(20).default([]),
    expiresInDays: z.number().int().min(1).max(365).nullable().default(null),
    /** An Ed25519 public key (PEM, or the 32 raw bytes in base64 or hex): no secret is made. */
    publicKey: z.string().trim().min(43).max(400).optional(),
    googleCode: verificationCodeSchema.optional(),
  }),
  /** `secret` is the HMAC secret, shown this once; null for an Ed25519 key. */
  data: apiKeySchema.extend({ secret: z.string().nullable() }),
});

export const deleteApiKey = defineCall({
  method: 'GET',
  path: '/api/{head}/coin/member/api/del',
  summary: 'Delete an API key',
  tags: ['member'],
  auth: 'user',
  query: z.strictObject({ id: z.string().min(1).max(64) }),
  data: z.null(),
});
