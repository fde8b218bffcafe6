import { describe, expect, it } from 'vitest';
import { isBitcoinAddress, isEvmAddress } from '../address.ts';

describe('withdrawal addresses', () => {
  it('accepts Bitcoin bech32, bech32m and base58check addresses (BIP173/350 vectors)', () => {
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(
      true,
    );
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isBitcoinAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
  });

  it('refuses bad checksums, mixed case, the wrong encoding for the version, other networks', () => {
    // One character changed: the checksum fails.
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvaRy0c5xw7kv8f3t4')).toBe(false);
    // v1 in bech32 rather than bech32m (BIP350 invalid vector).
    expect(isBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpjtgpwk')).toBe(
      false,
    );
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    expect(isBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
    expect(isBitcoinAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

  it('checks EIP-55 when an EVM address has mixed case', () => {
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isEvmAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(true);
    expect(isEvmAddress('0x52908400098527886e0f7030069857d2e4169ee7')).toBe(true);
    expect(isEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(isEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});
