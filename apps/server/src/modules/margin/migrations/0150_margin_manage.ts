import type { Kysely } from 'kysely';

/** Finance and admin operators tune the margin pools and pairs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .insertInto('operator_role_permissions')
    .values([
      { role: 'finance', permission: 'margin.manage' },
      { role: 'admin', permission: 'margin.manage' },
    ])
    .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ operator_role_permissions: { role: string; permission: string } }>)
    .deleteFrom('operator_role_permissions')
    .where('permission', '=', 'margin.manage')
    .execute();
}
