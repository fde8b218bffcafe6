import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { MeridianClient } from '@meridian/sdk';
import type { InstallableKeyAuthority } from '../../kernel/http/signed-request.ts';

export interface MakerClientOptions {
  /** The platform's own HTTP API, answered in this process (kernel in-process-fetch.ts). */
  fetch: typeof fetch;
  head: string;
  apiKeys: InstallableKeyAuthority;
  /** The platform's clock: signed requests are stamped with it. */
  now: () => number;
}

/**
 * SDK clients for the market makers: each maker gets its own Ed25519 key, made at start
 * and held only in this process (the private half is never written anywhere), scoped to
 * read and trade. The makers then call the same signed HTTP API any bot calls, answered
 * in-process, so every run of the platform exercises the SDK, the signing and the calls.
 */
export function makerClients(options: MakerClientOptions) {
  const removals: Array<() => void> = [];
  return {
    connect(user: string): MeridianClient {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const apiKey = `mm-${randomBytes(12).toString('hex')}`;
      removals.push(
        options.apiKeys.addPlatformKey(apiKey, {
          keyId: apiKey,
          userId: user,
          algorithm: 'ed25519',
          material: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          scopes: ['read', 'trade'],
          ipAllowlist: [],
          expiresAt: null,
        }),
      );
      return new MeridianClient({
        baseUrl: 'http://in-process',
        head: options.head,
        auth: { apiKey, privateKey },
        fetch: options.fetch,
        now: options.now,
      });
    },
    close(): void {
      for (const remove of removals.splice(0)) remove();
    },
  };
}

export type MakerClients = ReturnType<typeof makerClients>;
