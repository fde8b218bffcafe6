import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:message-pick/';

/**
 * `import messages from 'virtual:message-pick/<namespace>/<key>'` gives one message in
 * every language, `{ en: '…', ja: '…', … }`, read from the namespace's locale files at
 * build time. For code that draws before i18next and the language's messages have loaded
 * (the first paint, app/pre-paint), where all of one namespace would be kilobytes it does
 * not need. A language file without the key fails the build.
 */
export function messagePickPlugin(srcDir: string): Plugin {
  return {
    name: 'meridian:message-pick',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [namespace = '', key = ''] = id.slice(PREFIX.length + 1).split('/');
      const dir =
        namespace === 'common'
          ? path.join(srcDir, 'app', 'locales')
          : path.join(srcDir, 'features', namespace, 'locales');
      const picked: Record<string, string> = {};
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const full = path.join(dir, file);
        this.addWatchFile(full);
        const messages: unknown = JSON.parse(fs.readFileSync(full, 'utf8'));
        const value = key
          .split('.')
          .reduce<unknown>(
            (node, part) =>
              typeof node === 'object' && node !== null
                ? (node as Record<string, unknown>)[part]
                : undefined,
            messages,
          );
        if (typeof value !== 'string') this.error(`${namespace}:${key} is not in ${full}`);
        picked[file.replace(/\.json$/, '')] = value;
      }
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
