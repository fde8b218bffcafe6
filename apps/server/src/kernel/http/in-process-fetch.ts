import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * `fetch` answered by this process's own HTTP app (Fastify's inject): the platform's own
 * clients go through every route, check and contract a remote client meets, with no
 * socket in between. Only paths are served; the origin of the URL is ignored.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const replyHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) replyHeaders.append(name, String(v));
    }
    return new Response(answer.rawPayload, { status: answer.statusCode, headers: replyHeaders });
  };
}
