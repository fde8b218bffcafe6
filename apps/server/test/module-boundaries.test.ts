import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layout's rule (eslint.config.js, scripts/eslint/module-boundaries.js), checked on
// code written as if it lived in these files: `npm run lint` fails the same way.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'meridian/module-boundaries')
    .map((m) => m.message);
}

describe('module boundaries', () => {
  it("refuses a module reaching into another module's files", async () => {
    const found = await problems(
      'apps/server/src/modules/spot/example.ts',
      "import { LISTED_MARKETS } from '../markets/catalogue.ts';\nexport const n = LISTED_MARKETS.length;\n",
    );
    expect(found).toEqual([
      'modules/spot may use modules/markets only through its index.ts, not catalogue.ts.',
    ]);
  });

  it("allows another module's index.ts, its own files, the kernel and the engine", async () => {
    const found = await problems(
      'apps/server/src/modules/spot/example.ts',
      [
        "import { LISTED_MARKETS } from '../markets/index.ts';",
        "import { placedOrder } from './placed-order.ts';",
        "import { AppError } from '../../kernel/errors.ts';",
        "import type { EngineHost } from '../../engine/engine-host.ts';",
        'export type X = [typeof LISTED_MARKETS, typeof placedOrder, AppError, EngineHost];',
        '',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('refuses the kernel or the engine importing a module', async () => {
    const code =
      "import { ENGINE_CONFIG } from '../modules/markets/index.ts';\nexport const c = ENGINE_CONFIG;\n";
    expect(await problems('apps/server/src/kernel/example.ts', code)).toEqual([
      'kernel/ is below the modules and never imports one (modules/markets).',
    ]);
    expect(await problems('apps/server/src/engine/example.ts', code)).toEqual([
      'engine/ is below the modules and never imports one (modules/markets).',
    ]);
  });

  it('refuses Fastify in domain code and allows it in a calls adapter', async () => {
    const code =
      "import type { FastifyInstance } from 'fastify';\nexport type A = FastifyInstance;\n";
    expect(await problems('apps/server/src/modules/spot/spot-service.ts', code)).toEqual([
      'Domain code never imports Fastify: only calls, module and socket adapters do.',
    ]);
    expect(await problems('apps/server/src/modules/spot/calls.ts', code)).toEqual([]);
  });
});
