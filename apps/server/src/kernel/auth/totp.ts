import { generateSecret, generateURI, verify } from 'otplib';

// otplib's verify serves HOTP and TOTP alike; only a TOTP result carries the time step.

/** Google-authenticator compatible TOTP: SHA-1, 6 digits, 30-second steps, ±1 step of drift. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(brand: string, label: string, secret: string): string {
  return generateURI({ issuer: brand, label, secret });
}

/**
 * Checks a code and returns its time step, or null. Passing the last accepted step
 * refuses it and every earlier one, so a code works once (replay-safe).
 */
export async function checkTotp(
  secret: string,
  token: string,
  lastStep: number | null,
  nowMs: number,
): Promise<number | null> {
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: 30,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
