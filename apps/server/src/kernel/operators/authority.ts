import type { OperatorPermission, OperatorRole } from '@meridian/contract';

/** A live operator session: who is acting, in which role. */
export interface OperatorPrincipal {
  operatorId: string;
  sessionId: string;
  role: OperatorRole;
  email: string;
}

/**
 * What `operator` calls ask on every use: is this token a live operator session, and does
 * the role hold the permission (data, so an admin's change applies at once). Operator
 * sessions live apart from users' sessions: a user token is never an operator's, and an
 * operator token is refused on user calls. The operators module installs the real one.
 */
export interface OperatorAuthority {
  authenticate(token: string): Promise<OperatorPrincipal | null>;
  permits(role: OperatorRole, permission: OperatorPermission): Promise<boolean>;
}

/** Refuses everyone until the operators module installs itself. */
export function deferredOperatorAuthority(): OperatorAuthority & {
  install(real: OperatorAuthority): void;
} {
  let real: OperatorAuthority | null = null;
  return {
    install(authority) {
      real = authority;
    },
    authenticate: async (token) => (real ? real.authenticate(token) : null),
    permits: async (role, permission) => (real ? real.permits(role, permission) : false),
  };
}
