#!/usr/bin/env node
// `npm run bench`: runs every `bench/*.bench.ts` of every workspace, one after the other,
// each in its own process so one benchmark's heap and JIT state never colour another's.
// `npm run bench -- startup` runs only the benchmarks whose file name contains "startup".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv[2] ?? '';

const files = ['packages', 'apps']
  .flatMap((group) =>
    fs.readdirSync(path.join(root, group)).map((name) => path.join(group, name, 'bench')),
  )
  .filter((dir) => fs.existsSync(path.join(root, dir)))
  .flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.bench.ts'))
      .map((f) => path.join(dir, f)),
  )
  .filter((file) => file.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches "${filter}"`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  // The young generation `npm start` gives the platform (see scripts/start.mjs), so the
  // engine and server figures are those of the process they model.
  const flags = ['--max-semi-space-size=32', '--import', 'tsx', '--expose-gc'];
  const result = spawnSync(process.execPath, [...flags, file], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
