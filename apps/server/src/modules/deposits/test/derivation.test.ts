import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { checksumEvmAddress, deriveAddress, readAccountKey } from '../derivation.ts';

// The mnemonic every BIP's test vectors use ("abandon" x11, "about").
const MNEMONIC = `${'abandon '.repeat(11)}about`;
const seed = () =>
  pbkdf2(sha512, new TextEncoder().encode(MNEMONIC), new TextEncoder().encode('mnemonic'), {
    c: 2048,
    dkLen: 64,
  });

describe('deposit address derivation', () => {
  it('derives the BIP84 test vector addresses from its account zpub', () => {
    // BIP84, "Test vectors": account 0 (m/84'/0'/0') public key and its first receive addresses.
    const account = readAccountKey(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    expect(deriveAddress('bip84', account, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveAddress('bip84', account, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('takes the same account key as an xpub', () => {
    const xpub = HDKey.fromMasterSeed(seed()).derive("m/84'/0'/0'").publicExtendedKey;
    expect(xpub.startsWith('xpub')).toBe(true);
    expect(deriveAddress('bip84', readAccountKey(xpub), 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });

  it("derives the well-known BIP44 Ethereum addresses from the m/44'/60'/0' xpub, EIP-55 checksummed", () => {
    const xpub = HDKey.fromMasterSeed(seed()).derive("m/44'/60'/0'").publicExtendedKey;
    const account = readAccountKey(xpub);
    expect(deriveAddress('evm', account, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(deriveAddress('evm', account, 1)).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
  });

  it('checksums as EIP-55 does (its published examples)', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checksumEvmAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('refuses a private key and anything that is not an extended public key', () => {
    const xprv = HDKey.fromMasterSeed(seed()).derive("m/84'/0'/0'").privateExtendedKey;
    expect(() => readAccountKey(xprv)).toThrow();
    expect(() => readAccountKey('xpub123')).toThrow();
    expect(() => readAccountKey('')).toThrow();
  });
});
