import { getPublicKey, type Sealed } from '@meridian/contract/calls/user';
import { sealPayload } from '@meridian/contract/seal';
import type { ApiCall } from '../../../shared/api/client.ts';

let cachedKey: Promise<{ keyId: string; spki: string }> | undefined;

/**
 * Seals the withdrawal (its fund password inside) with the server's public key, as the
 * seed sends it (encrypted JSON). The key is fetched once per page load.
 */
export async function sealWithdrawal(api: ApiCall, payload: unknown): Promise<Sealed> {
  cachedKey ??= api(getPublicKey).catch((error: unknown) => {
    cachedKey = undefined;
    throw error;
  });
  return sealPayload(await cachedKey, payload);
}
