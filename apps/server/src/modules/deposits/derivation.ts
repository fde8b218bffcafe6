import { HDKey } from '@scure/bip32';
import { NETWORK, p2wpkh } from '@scure/btc-signer';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/**
 * How a network's deposit addresses are derived from the operator's account-level
 * extended public key: only public derivation (`0/index`), so the server never holds a
 * key that can spend.
 */
export type DerivationScheme = 'bip84' | 'evm';

/** SLIP-132 versions: a BIP84 account key is published as a `zpub` as often as an `xpub`. */
const ZPUB = { private: 0x04b2430c, public: 0x04b24746 };

/** Reads an account xpub (or zpub for BIP84); throws on anything else, including a private key. */
export function readAccountKey(extendedKey: string): HDKey {
  const key = extendedKey.trim();
  if (!/^(xpub|zpub)[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(key)) {
    throw new Error('not an extended public key (xpub or zpub)');
  }
  const hd = key.startsWith('zpub') ? HDKey.fromExtendedKey(key, ZPUB) : HDKey.fromExtendedKey(key);
  if (hd.privateKey) throw new Error('an extended private key must never be configured');
  return hd;
}

/** The receive address at `0/index` under an account key. */
export function deriveAddress(scheme: DerivationScheme, account: HDKey, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000) {
    throw new Error(`derivation index out of range: ${index}`);
  }
  const child = account.deriveChild(0).deriveChild(index);
  const publicKey = child.publicKey;
  if (!publicKey) throw new Error('derivation gave no public key');
  if (scheme === 'bip84') {
    const address = p2wpkh(publicKey, NETWORK).address;
    if (!address) throw new Error('no bech32 address');
    return address;
  }
  return evmAddress(publicKey);
}

/** An EVM address from a compressed secp256k1 key, EIP-55 checksummed. */
export function evmAddress(compressedPublicKey: Uint8Array): string {
  const point = secp256k1.Point.fromBytes(compressedPublicKey);
  const uncompressed = point.toBytes(false).subarray(1);
  const hex = bytesToHex(keccak_256(uncompressed).subarray(12));
  return checksumEvmAddress(hex);
}

/** EIP-55: a letter is upper case where the keccak of the lower-case address has a nibble >= 8. */
export function checksumEvmAddress(hex40: string): string {
  const lower = hex40.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  }
  return out;
}
