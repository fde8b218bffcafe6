// `npm run operator -- add --email <email> --role <role>`: adds an operator to the database
// of DATA_DIR (or DATABASE_URL) and prints a one-time password, shown once; the first
// sign-in at /ops replaces it and adds an authenticator. This is how a deployment gets its
// first admin. `npm run operator -- reset --email <email>` gives a locked-out operator a
// new one-time password. Both are audited as the command line's acts.
import { parseArgs } from 'node:util';
import os from 'node:os';
import { emailSchema, operatorRoleSchema } from '@meridian/contract';
import { systemClock } from '../kernel/clock.ts';
import { ConfigError, loadConfig } from '../kernel/config.ts';
import { applyMigrations, openDatabase } from '../kernel/db/database.ts';
import { AppError } from '../kernel/errors.ts';
import { createAuditLog } from '../kernel/operators/audit.ts';
import { migrations } from '../migrations.ts';
import { operatorAccountsFor } from '../modules/operators/index.ts';

const USAGE =
  'usage: npm run operator -- add --email <email> --role support|compliance|finance|admin\n' +
  '       npm run operator -- reset --email <email>';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' } },
  });
  const command = positionals[0];
  const email = emailSchema.safeParse(values.email ?? '');
  const role = operatorRoleSchema.safeParse(values.role ?? '');
  if (
    !email.success ||
    (command === 'add' && !role.success) ||
    !['add', 'reset'].includes(command ?? '')
  ) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await applyMigrations(database.db, migrations);
    const audit = createAuditLog(systemClock);
    const actor = {
      operatorId: 'cli',
      email: `cli@${os.hostname()}`,
      role: 'cli',
      ip: 'local',
      userAgent: `npm run operator (${os.userInfo().username})`,
    };
    const accounts = operatorAccountsFor(database.db, systemClock, config.brand);
    const record = (
      executor: Parameters<typeof audit.recordAs>[0],
      entry: Parameters<typeof audit.recordAs>[2],
    ) => audit.recordAs(executor, actor, entry);
    const made =
      command === 'add' && role.success
        ? await accounts.create(email.data, role.data, record)
        : await accounts.resetByEmail(email.data, record);
    console.log(
      `${made.operator.email} (${made.operator.role}): one-time password ${made.oneTimePassword}\n` +
        'Shown once. Sign in at /ops with it: the first sign-in sets a new password and an authenticator.',
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(
        error.messageId === 'operatorExists'
          ? 'An operator with this email exists already'
          : error.messageId === 'notFound'
            ? 'No operator with this email'
            : error.messageId,
      );
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
