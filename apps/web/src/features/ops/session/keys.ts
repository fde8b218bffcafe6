/**
 * Query keys of the console. All start with 'ops', so signing out forgets every answer at
 * once and none is ever shared with the exchange's queries.
 */
export const opsKeys = {
  all: ['ops'] as const,
  me: (token: string | null) => ['ops', 'me', token] as const,
  dashboard: ['ops', 'dashboard'] as const,
  users: ['ops', 'users'] as const,
  user: (id: string) => ['ops', 'users', id] as const,
  adjustments: ['ops', 'adjustments'] as const,
  audit: ['ops', 'audit'] as const,
  operators: ['ops', 'operators'] as const,
  roles: ['ops', 'roles'] as const,
  reviews: (kind: string) => ['ops', 'reviews', kind] as const,
  file: (id: string) => ['ops', 'file', id] as const,
  catalogue: ['ops', 'catalogue'] as const,
};
