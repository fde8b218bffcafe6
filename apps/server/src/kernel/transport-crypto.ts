import {
  constants,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Sealed } from '@meridian/contract';
import type { KernelTables } from './db/schema.ts';
import { AppError } from './errors.ts';
import { sha256Hex } from './secrets.ts';

/**
 * Password and withdrawal payloads arrive sealed (seed section 5): the browser encrypts
 * the JSON with a fresh AES-256-GCM key and wraps that key with this server's RSA-OAEP
 * (SHA-256) public key. The key pair is made on the first start and kept in the database
 * so every node of a deployment can open what any node's page sealed.
 */
export interface TransportKeys {
  keyId: string;
  spki: string;
  open(sealed: Sealed): unknown;
}

const META_KEY = 'transport_rsa_pkcs8';

export async function loadTransportKeys(db: Kysely<KernelTables>): Promise<TransportKeys> {
  const existing = await db
    .selectFrom('platform_meta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirst();
  let pem = existing?.value;
  if (!pem) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await db
      .insertInto('platform_meta')
      .values({ key: META_KEY, value: pem })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // Another node may have written first; use whichever key won.
    pem = (
      await db
        .selectFrom('platform_meta')
        .select('value')
        .where('key', '=', META_KEY)
        .executeTakeFirstOrThrow()
    ).value;
  }
  const privateKey: KeyObject = createPrivateKey(pem);
  const spkiDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const keyId = sha256Hex(spkiDer.toString('base64')).slice(0, 16);

  return {
    keyId,
    spki: spkiDer.toString('base64'),
    open(sealed) {
      if (sealed.keyId !== keyId) throw new AppError('validation', 'sealedUnreadable');
      try {
        const aesKey = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(sealed.key, 'base64'),
        );
        const payload = Buffer.from(sealed.data, 'base64');
        const tag = payload.subarray(payload.length - 16);
        const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(sealed.iv, 'base64'));
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([
          decipher.update(payload.subarray(0, payload.length - 16)),
          decipher.final(),
        ]);
        return JSON.parse(plain.toString('utf8')) as unknown;
      } catch {
        throw new AppError('validation', 'sealedUnreadable');
      }
    },
  };
}
