import { z } from 'zod';

/** An operator's role (PRODUCT.md 3, Operators). Which role may do what is data, below. */
export const OPERATOR_ROLES = ['support', 'compliance', 'finance', 'admin'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/**
 * What an operator call needs. Each operator call names one; the database says which roles
 * hold it (seeded with `DEFAULT_ROLE_PERMISSIONS`, changed by an admin through an audited
 * call). None of them sets a price, a fill, a settlement or a user's profit (PRODUCT.md 2.1).
 */
export const OPERATOR_PERMISSIONS = [
  'dashboard.read',
  'users.read',
  'users.freeze',
  'identity.read',
  'identity.review',
  'documents.view',
  'banks.read',
  'adjustments.read',
  'adjustments.propose',
  'adjustments.approve',
  'withdrawals.read',
  'withdrawals.review',
  'deposits.read',
  'custody.read',
  'recharges.read',
  'recharges.review',
  'recharges.manage',
  'catalogue.read',
  'catalogue.write',
  'audit.read',
  'operators.manage',
  'seconds.manage',
  'swap.manage',
  'earn.manage',
  'margin.manage',
  'content.manage',
  'chat.read',
  'chat.reply',
  'chat.manage',
] as const;
export const operatorPermissionSchema = z.enum(OPERATOR_PERMISSIONS);
export type OperatorPermission = z.infer<typeof operatorPermissionSchema>;

const everyone: OperatorPermission[] = ['dashboard.read', 'catalogue.read'];

/**
 * A new deployment's roles. Support answers users (reads, never approves identity or
 * money); compliance reviews identity and freezes accounts; finance proposes and approves
 * balance corrections and decides withdrawals (never roles); admin holds everything.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<OperatorRole, readonly OperatorPermission[]> = {
  support: [
    ...everyone,
    'users.read',
    'identity.read',
    'banks.read',
    'withdrawals.read',
    'deposits.read',
    'recharges.read',
    'chat.read',
    'chat.reply',
    'chat.manage',
  ],
  compliance: [
    ...everyone,
    'users.read',
    'users.freeze',
    'identity.read',
    'identity.review',
    'documents.view',
    'banks.read',
    'deposits.read',
    'audit.read',
  ],
  finance: [
    ...everyone,
    'users.read',
    'banks.read',
    'adjustments.read',
    'adjustments.propose',
    'adjustments.approve',
    'withdrawals.read',
    'withdrawals.review',
    'deposits.read',
    'custody.read',
    'recharges.read',
    'recharges.review',
    'recharges.manage',
    'swap.manage',
    'seconds.manage',
    'earn.manage',
    'margin.manage',
  ],
  admin: OPERATOR_PERMISSIONS,
};
