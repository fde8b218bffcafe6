import { z } from 'zod';
import { defineCall } from '../define.ts';
import { operatorPermissionSchema, operatorRoleSchema } from '../operators.ts';
import { pageOf } from '../paging.ts';
import { emailSchema, verificationCodeSchema } from './user.ts';

// The operator console's calls (PRODUCT.md 3, Operators). None sets a price, a fill, a
// settlement, a result or a user's profit (PRODUCT.md 2.1): a test lists them all.

/** Operators choose long passwords: the console reaches every account. */
export const operatorPasswordSchema = z.string().min(12).max(128);
const reasonSchema = z.string().trim().min(3).max(500);
const userIdSchema = z.string().regex(/^\d{1,20}$/);
const idParams = z.strictObject({ id: z.string().min(1).max(64) });
const pageQuery = {
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  /** Still on the one-time password: the first sign-in sets a password and TOTP. */
  pendingActivation: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type OperatorView = z.infer<typeof operatorSchema>;

export const operatorSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  operator: operatorSchema,
  permissions: z.array(operatorPermissionSchema),
});

// ---- Sign-in ----

export const operatorLogin = defineCall({
  method: 'POST',
  path: '/api/ops/auth/login',
  summary: 'Operator sign-in: password and authenticator code (first time: activation)',
  tags: ['operators'],
  auth: 'public',
  body: z.strictObject({
    email: emailSchema,
    password: z.string().min(1).max(128),
    code: verificationCodeSchema.optional(),
  }),
  data: z.discriminatedUnion('stage', [
    z.object({ stage: z.literal('session'), session: operatorSessionSchema }),
    /** The password was the one-time one: set a new password and add the authenticator. */
    z.object({
      stage: z.literal('activate'),
      setupToken: z.string(),
      totpSecret: z.string(),
      otpauthUri: z.string(),
      expiresAt: z.string(),
    }),
  ]),
});

export const operatorActivate = defineCall({
  method: 'POST',
  path: '/api/ops/auth/activate',
  summary: 'Finish the first sign-in: a new password and the first authenticator code',
  tags: ['operators'],
  auth: 'public',
  body: z.strictObject({
    setupToken: z.string().min(1).max(128),
    newPassword: operatorPasswordSchema,
    code: verificationCodeSchema,
  }),
  data: operatorSessionSchema,
});

export const operatorMe = defineCall({
  method: 'GET',
  path: '/api/ops/auth/me',
  summary: 'The signed-in operator and what their role may do',
  tags: ['operators'],
  auth: 'operator',
  permission: 'dashboard.read',
  data: z.object({
    operator: operatorSchema,
    permissions: z.array(operatorPermissionSchema),
  }),
});

export const operatorLogout = defineCall({
  method: 'POST',
  path: '/api/ops/auth/logout',
  summary: 'End this operator session',
  tags: ['operators'],
  auth: 'operator',
  permission: 'dashboard.read',
  data: z.null(),
});

// ---- Dashboard ----

export const reviewQueueCountSchema = z.object({
  /** `identity` today; deposits, withdrawals, loans and appeals join as they land. */
  kind: z.string(),
  pending: z.number().int(),
});

export const operatorDashboard = defineCall({
  method: 'GET',
  path: '/api/ops/dashboard',
  summary: 'Queue counts: what waits for an operator',
  tags: ['operators'],
  auth: 'operator',
  permission: 'dashboard.read',
  data: z.object({
    queues: z.array(reviewQueueCountSchema),
    adjustmentsPending: z.number().int(),
    users: z.number().int(),
    frozenUsers: z.number().int(),
  }),
});

// ---- Users ----

export const opsUserSummarySchema = z.object({
  id: z.string(),
  account: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  loginFrozen: z.boolean(),
  withdrawalsFrozen: z.boolean(),
});

export const opsUserSearch = defineCall({
  method: 'GET',
  path: '/api/ops/users',
  summary: 'Find users by id, account name, email or phone',
  tags: ['operators'],
  auth: 'operator',
  permission: 'users.read',
  query: z.strictObject({ query: z.string().trim().max(254).default(''), ...pageQuery }),
  data: pageOf(opsUserSummarySchema),
});

export const opsUserDetail = defineCall({
  method: 'GET',
  path: '/api/ops/users/:id',
  summary: "A user's profile, freezes, sessions, devices and recent sign-ins",
  tags: ['operators'],
  auth: 'operator',
  permission: 'users.read',
  params: z.strictObject({ id: userIdSchema }),
  data: z.object({
    user: opsUserSummarySchema.extend({
      areaCode: z.string().nullable(),
      inviteCode: z.string(),
      inviterId: z.string().nullable(),
      vip: z.number().int(),
      creditScore: z.number().int(),
      secondFactor: z.boolean(),
      fundPasswordSet: z.boolean(),
      loginFreezeReason: z.string().nullable(),
      withdrawalsFreezeReason: z.string().nullable(),
    }),
    sessions: z.array(
      z.object({
        id: z.string(),
        deviceName: z.string(),
        issuedAt: z.string(),
        expiresAt: z.string(),
      }),
    ),
    devices: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        lastIp: z.string(),
        lastSeenAt: z.string(),
        createdAt: z.string(),
      }),
    ),
    logins: z.array(
      z.object({ at: z.string(), ip: z.string(), userAgent: z.string(), success: z.boolean() }),
    ),
  }),
});

export const opsUserBalances = defineCall({
  method: 'GET',
  path: '/api/ops/users/:id/balances',
  summary: "A user's spot balances, available and held, from the ledger",
  tags: ['operators'],
  auth: 'operator',
  permission: 'users.read',
  params: z.strictObject({ id: userIdSchema }),
  data: z.array(z.object({ asset: z.string(), available: z.string(), held: z.string() })),
});

export const opsPostingSchema = z.object({
  id: z.string(),
  at: z.string(),
  asset: z.string(),
  /** Signed, as it changed the user's account: a credit is positive. */
  amount: z.string(),
  account: z.string(),
  counterparty: z.string(),
  reason: z.string(),
  reference: z.string(),
});

export const opsUserPostings = defineCall({
  method: 'GET',
  path: '/api/ops/users/:id/postings',
  summary: "A user's ledger postings, newest first",
  tags: ['operators'],
  auth: 'operator',
  permission: 'users.read',
  params: z.strictObject({ id: userIdSchema }),
  query: z.strictObject({ ...pageQuery }),
  data: pageOf(opsPostingSchema),
});

export const opsUserOrders = defineCall({
  method: 'GET',
  path: '/api/ops/users/:id/orders',
  summary: "A user's spot orders, newest first",
  tags: ['operators'],
  auth: 'operator',
  permission: 'users.read',
  params: z.strictObject({ id: userIdSchema }),
  query: z.strictObject({ ...pageQuery }),
  data: pageOf(
    z.object({
      id: z.string(),
      symbol: z.string(),
      side: z.string(),
      type: z.string(),
      price: z.string().nullable(),
      amount: z.string(),
      filled: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const freezeKindSchema = z.enum(['login', 'withdrawals']);

export const opsUserFreeze = defineCall({
  method: 'POST',
  path: '/api/ops/users/:id/freeze',
  summary:
    'Freeze or unfreeze sign-in or withdrawals, with a reason (ends sessions on a login freeze)',
  tags: ['operators'],
  auth: 'operator',
  permission: 'users.freeze',
  params: z.strictObject({ id: userIdSchema }),
  body: z.strictObject({ kind: freezeKindSchema, frozen: z.boolean(), reason: reasonSchema }),
  data: z.null(),
});

// ---- Balance adjustments (dual control) ----

export const adjustmentStateSchema = z.enum(['pending', 'approving', 'approved', 'rejected']);

export const adjustmentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  asset: z.string(),
  /** Signed decimal: a credit is positive, a debit negative. */
  amount: z.string(),
  reason: z.string(),
  state: adjustmentStateSchema,
  proposedBy: z.string(),
  /** The operators' emails, for people; the ids above are what code compares. */
  proposedByEmail: z.string().nullable(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type AdjustmentView = z.infer<typeof adjustmentSchema>;

export const opsAdjustments = defineCall({
  method: 'GET',
  path: '/api/ops/adjustments',
  summary: 'Balance adjustments, newest first',
  tags: ['operators'],
  auth: 'operator',
  permission: 'adjustments.read',
  query: z.strictObject({
    state: adjustmentStateSchema.optional(),
    userId: userIdSchema.optional(),
    ...pageQuery,
  }),
  data: pageOf(adjustmentSchema),
});

export const opsProposeAdjustment = defineCall({
  method: 'POST',
  path: '/api/ops/adjustments',
  summary: "Propose a correction of a user's balance; a second operator approves it",
  tags: ['operators'],
  auth: 'operator',
  permission: 'adjustments.propose',
  body: z.strictObject({
    userId: userIdSchema,
    asset: z.string().regex(/^[A-Z0-9]{2,12}$/),
    amount: z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/),
    reason: reasonSchema,
  }),
  data: adjustmentSchema,
});

export const opsApproveAdjustment = defineCall({
  method: 'POST',
  path: '/api/ops/adjustments/:id/approve',
  summary: 'Approve an adjustment another operator proposed: it posts to the ledger',
  tags: ['operators'],
  auth: 'operator',
  permission: 'adjustments.approve',
  params: idParams,
  data: adjustmentSchema,
});

export const opsRejectAdjustment = defineCall({
  method: 'POST',
  path: '/api/ops/adjustments/:id/reject',
  summary: 'Reject a proposed adjustment, with a reason',
  tags: ['operators'],
  auth: 'operator',
  permission: 'adjustments.approve',
  params: idParams,
  body: z.strictObject({ reason: reasonSchema }),
  data: adjustmentSchema,
});

// ---- Audit log ----

export const auditRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string(),
  role: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
});

export const opsAuditLog = defineCall({
  method: 'GET',
  path: '/api/ops/audit',
  summary: 'The audit log, newest first, with filters',
  tags: ['operators'],
  auth: 'operator',
  permission: 'audit.read',
  query: z.strictObject({
    operator: z.string().trim().max(254).optional(),
    action: z.string().trim().max(64).optional(),
    targetType: z.string().trim().max(32).optional(),
    targetId: z.string().trim().max(130).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
    current: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(1000).default(20),
  }),
  data: pageOf(auditRowSchema),
});

// ---- Operators and roles (admin) ----

export const opsOperators = defineCall({
  method: 'GET',
  path: '/api/ops/operators',
  summary: 'Every operator',
  tags: ['operators'],
  auth: 'operator',
  permission: 'operators.manage',
  data: z.array(operatorSchema),
});

const oneTimePassword = z.object({ operator: operatorSchema, oneTimePassword: z.string() });

export const opsCreateOperator = defineCall({
  method: 'POST',
  path: '/api/ops/operators',
  summary: 'Add an operator; the one-time password is shown once',
  tags: ['operators'],
  auth: 'operator',
  permission: 'operators.manage',
  body: z.strictObject({ email: emailSchema, role: operatorRoleSchema }),
  data: oneTimePassword,
});

export const opsUpdateOperator = defineCall({
  method: 'POST',
  path: '/api/ops/operators/:id',
  summary: "Change an operator's role, or disable or enable them",
  tags: ['operators'],
  auth: 'operator',
  permission: 'operators.manage',
  params: idParams,
  body: z
    .strictObject({ role: operatorRoleSchema.optional(), disabled: z.boolean().optional() })
    .refine((b) => b.role !== undefined || b.disabled !== undefined, {
      message: 'operatorUpdateEmpty',
    }),
  data: operatorSchema,
});

export const opsResetOperator = defineCall({
  method: 'POST',
  path: '/api/ops/operators/:id/reset',
  summary: 'New one-time password and authenticator for an operator; ends their sessions',
  tags: ['operators'],
  auth: 'operator',
  permission: 'operators.manage',
  params: idParams,
  data: oneTimePassword,
});

export const opsRoles = defineCall({
  method: 'GET',
  path: '/api/ops/roles',
  summary: 'Which permissions each role holds',
  tags: ['operators'],
  auth: 'operator',
  permission: 'operators.manage',
  data: z.array(
    z.object({ role: operatorRoleSchema, permissions: z.array(operatorPermissionSchema) }),
  ),
});

export const opsSetRolePermissions = defineCall({
  method: 'POST',
  path: '/api/ops/roles/:role',
  summary: "Set a role's permissions (the admin role always holds all)",
  tags: ['operators'],
  auth: 'operator',
  permission: 'operators.manage',
  params: z.strictObject({ role: operatorRoleSchema }),
  body: z.strictObject({ permissions: z.array(operatorPermissionSchema).max(64) }),
  data: z.object({ role: operatorRoleSchema, permissions: z.array(operatorPermissionSchema) }),
});
