import type { ChainNetwork } from '@meridian/contract';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

/** Bitcoin mainnet: bech32 segwit v0 (BIP173), bech32m v1+ (BIP350), base58check P2PKH/P2SH. */
export function isBitcoinAddress(address: string): boolean {
  if (/^bc1/i.test(address)) return isSegwit(address);
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  } catch {
    return false;
  }
}

function isSegwit(address: string): boolean {
  // Mixed case is not bech32 (BIP173); either all lower or all upper.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const text = address.toLowerCase() as `${string}1${string}`;
  for (const [coder, versions] of [
    [bech32, (v: number) => v === 0],
    [bech32m, (v: number) => v >= 1 && v <= 16],
  ] as const) {
    const decoded = coder.decodeUnsafe(text, 90);
    if (!decoded || decoded.prefix !== 'bc' || decoded.words.length === 0) continue;
    const version = decoded.words[0]!;
    if (!versions(version)) continue;
    let program: Uint8Array;
    try {
      program = coder.fromWords(decoded.words.slice(1));
    } catch {
      return false;
    }
    if (program.length < 2 || program.length > 40) return false;
    if (version === 0) return program.length === 20 || program.length === 32;
    if (version === 1) return program.length === 32;
    return true;
  }
  return false;
}

/**
 * An EVM address: 0x and 40 hex digits. All lower or all upper case carries no checksum;
 * mixed case must be the EIP-55 checksum, so a mistyped letter is caught.
 */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const c = hex[i]!;
    if (/[a-f]/i.test(c) && (nibble >= 8 ? c !== c.toUpperCase() : c !== c.toLowerCase())) {
      return false;
    }
  }
  return true;
}

export function isAddressOn(network: ChainNetwork, address: string): boolean {
  return network === 'BTC' ? isBitcoinAddress(address) : isEvmAddress(address);
}
