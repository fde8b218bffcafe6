// The server's capabilities meet only through each module's index.ts, and the layers
// below them (kernel, engine) never reach up into a module. ARCHITECTURE.md, "Layout".
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src');

/** Adapters may speak Fastify; services and domain code may not. */
const ADAPTER = /(^|\/)(calls|[\w-]+-calls|module)\.ts$|(^|\/)socket\/|(^|\/)test\/|\.test\.ts$/;

function place(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) {
    return { layer: 'module', name: parts[1], inner: parts.slice(2).join('/') };
  }
  return { layer: parts.length > 1 ? parts[0] : 'root', inner: rel };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules meet only through their index.ts' },
    schema: [],
    messages: {
      internals: 'modules/{{from}} may use modules/{{to}} only through its index.ts, not {{file}}.',
      upward: '{{layer}}/ is below the modules and never imports one (modules/{{to}}).',
      fastify: 'Domain code never imports Fastify: only calls, module and socket adapters do.',
    },
  },
  create(context) {
    const from = place(context.filename);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (
        from.layer === 'module' &&
        /^(fastify|@fastify\/)/.test(spec) &&
        !ADAPTER.test(from.inner)
      ) {
        context.report({ node, messageId: 'fastify' });
        return;
      }
      if (!spec.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(context.filename), spec));
      if (!to || to.layer !== 'module') return;
      if (from.layer === 'kernel' || from.layer === 'engine') {
        context.report({ node, messageId: 'upward', data: { layer: from.layer, to: to.name } });
      } else if (from.layer === 'module' && from.name !== to.name && to.inner !== 'index.ts') {
        context.report({
          node,
          messageId: 'internals',
          data: { from: from.name, to: to.name, file: to.inner },
        });
      }
    };
    const withSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: withSource,
      ExportNamedDeclaration: withSource,
      ExportAllDeclaration: withSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
