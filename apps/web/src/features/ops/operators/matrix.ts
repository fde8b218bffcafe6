import {
  OPERATOR_PERMISSIONS,
  type OperatorPermission,
  type OperatorRole,
} from '@meridian/contract/operators';

export type RoleMatrix = Partial<Record<OperatorRole, readonly OperatorPermission[]>>;

/** The admin role holds every permission, always: the server refuses to change it. */
export const isLocked = (role: OperatorRole) => role === 'admin';

/** The matrix with one cell turned on or off (a locked role stays as it is). */
export function toggle(
  matrix: RoleMatrix,
  role: OperatorRole,
  permission: OperatorPermission,
  on: boolean,
): RoleMatrix {
  if (isLocked(role)) return matrix;
  const current = new Set(matrix[role] ?? []);
  if (on) current.add(permission);
  else current.delete(permission);
  // Kept in the contract's order, so a comparison and the request read the same.
  return { ...matrix, [role]: OPERATOR_PERMISSIONS.filter((p) => current.has(p)) };
}

/** The roles whose permissions differ between the saved matrix and the edited one. */
export function changedRoles(saved: RoleMatrix, draft: RoleMatrix): OperatorRole[] {
  return (Object.keys(draft) as OperatorRole[]).filter((role) => {
    if (isLocked(role)) return false;
    const a = new Set(saved[role] ?? []);
    const b = new Set(draft[role] ?? []);
    return a.size !== b.size || [...a].some((p) => !b.has(p));
  });
}
