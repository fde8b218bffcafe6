import type { Plugin } from 'vite';

/**
 * The first paint's script (src/app/pre-paint) as an entry of its own. index.html names
 * it with `vite-ignore`, as Vite would otherwise fold every module script of the page
 * into one entry, and that one runs only once the whole app's script has arrived. The
 * build gives it its own chunk and puts what it imports in one small chunk of its own
 * (`isPrePaintModule` is that chunk's test in vite.config.ts; left to the shell's group,
 * those modules would make the first paint wait for the shell's 60 KB), then points the
 * page's tag at the built file, its import preloaded beside it.
 */
export function prePaintPlugin(entry: string) {
  const graph = new Set<string>();
  let entryId: string | undefined;
  let entryFile: string | undefined;
  const plugin: Plugin = {
    name: 'meridian:pre-paint',
    apply: 'build',
    options(options) {
      const input = options.input ?? 'index.html';
      const named =
        typeof input === 'string' ? { index: input } : Array.isArray(input) ? {} : input;
      if (Array.isArray(input)) throw new Error('pre-paint: name the build inputs');
      return { ...options, input: { ...named, 'pre-paint': entry } };
    },
    async buildEnd() {
      const root = await this.resolve(entry);
      if (!root) throw new Error(`pre-paint: ${entry} not found`);
      entryId = root.id;
      const pending = [root.id];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (!graph.has(imported)) {
            graph.add(imported);
            pending.push(imported);
          }
        }
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId === entryId,
        );
        if (!chunk || chunk.type !== 'chunk') throw new Error('pre-paint: no built entry');
        entryFile = chunk.fileName;
        const tag = /<script type="module" src="[^"]*pre-paint[^"]*"[^>]*><\/script>/;
        if (!tag.test(html)) throw new Error('pre-paint: index.html has no pre-paint script');
        const links = chunk.imports.map(
          (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
        );
        // Before the app's entry, which Vite puts in the head: module scripts run in the
        // page's order, after the deferred config script. The app's entry imports the
        // same chunk, whose preload Vite wrote: it is said once, here.
        const rest = links.reduce((page, link) => page.replace(link, ''), html.replace(tag, ''));
        const preloads = links.join('');
        const at = rest.indexOf('<script type="module"');
        if (at < 0) throw new Error('pre-paint: index.html has no app entry');
        const own = `${preloads}<script type="module" crossorigin src="/${entryFile}"></script>\n    `;
        return rest.slice(0, at) + own + rest.slice(at);
      },
    },
  };
  return {
    plugin,
    /** Whether a module is one the first paint imports (its entry aside). */
    isPrePaintModule: (id: string) => graph.has(id),
    /** Whether a module is the first paint's entry, which stays a chunk of its own. */
    isPrePaintEntry: (id: string) => id === entryId,
  };
}
