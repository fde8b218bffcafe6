import { getPublicKey, type Sealed } from '@meridian/contract/calls/user';
import { sealPayload } from '@meridian/contract/seal';
import type { ApiCall } from '../../shared/api/client.ts';

let cachedKey: Promise<{ keyId: string; spki: string }> | undefined;

/**
 * Seals a password payload with the server's public key (seed section 5). The key is
 * fetched once per page load; a failed fetch is retried on the next use.
 */
export async function sealForServer(api: ApiCall, payload: unknown): Promise<Sealed> {
  cachedKey ??= api(getPublicKey).catch((error: unknown) => {
    cachedKey = undefined;
    throw error;
  });
  return sealPayload(await cachedKey, payload);
}
