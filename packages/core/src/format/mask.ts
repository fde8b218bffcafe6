const HIDDEN = '***';

/** Seed section 3: an email shows its first 2 and last 2 characters ("ab***om"). */
export function maskEmail(email: string): string {
  // Too short to hide anything while showing 4 characters: show only the first.
  if (email.length <= 4) return email.slice(0, 1) + HIDDEN;
  return email.slice(0, 2) + HIDDEN + email.slice(-2);
}

/** Seed section 3: a phone number shows its first 3 and last 4 digits ("138***5678"). */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone.slice(0, 1) + HIDDEN;
  return phone.slice(0, 3) + HIDDEN + phone.slice(-4);
}
