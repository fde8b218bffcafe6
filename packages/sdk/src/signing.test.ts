import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalPrefix } from '@meridian/contract';
import { signedHeaders } from './signing.ts';

const body = '{"symbol":"btcusdt","side":"buy","type":"limit","price":"30000","quantity":"0.01"}';
const request = { method: 'POST', path: '/api/currency/order/submit', query: '', body };

describe('signedHeaders', () => {
  it("signs the README's worked example byte for byte", () => {
    const headers = signedHeaders(
      { apiKey: 'mer_example', secret: 'mer-example-secret-do-not-use' },
      request,
      { now: 1795334400000 },
    );
    expect(headers).toEqual({
      'x-mer-apikey': 'mer_example',
      'x-mer-timestamp': '1795334400000',
      'x-mer-signature': '7c236a6d6da85c65bd8880c7cfc93185a77d2062fe4f0ea72fff0299462a38a7',
    });
  });

  it('signs with an Ed25519 key the server can check with the public half', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const headers = signedHeaders({ apiKey: 'k', privateKey }, request, {
      now: 1795334400000,
      recvWindow: 10_000,
    });
    expect(headers['x-mer-recv-window']).toBe('10000');
    const canonical = Buffer.from(
      canonicalPrefix({ timestamp: '1795334400000', ...request }) + body,
      'utf8',
    );
    expect(
      verify(null, canonical, publicKey, Buffer.from(headers['x-mer-signature']!, 'base64')),
    ).toBe(true);
  });
});
