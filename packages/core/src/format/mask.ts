const HIDDEN = '***';

/*
 * Where masking applies: wherever an address is shown to someone who may not own it, or on
 * a screen that could be shared or overlooked (e.g. "Code sent to de***1@meridian.local"
 * beside a code field). The user's own account centre, profile and header menu show their
 * own email and phone whole: they are signed in as that person.
 */

/**
 * An email keeps its domain and hides the middle of its local part: the first 2 and last
 * character stay ("demo1@meridian.local" -> "de***1@meridian.local"). A local part of 3
 * characters or fewer shows only its first. Text without an "@" is masked as a whole.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at);
  const shown =
    local.length <= 3 ? local.slice(0, 1) + HIDDEN : local.slice(0, 2) + HIDDEN + local.slice(-1);
  return shown + domain;
}

/** Seed section 3: a phone number shows its first 3 and last 4 digits ("138***5678"). */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone.slice(0, 1) + HIDDEN;
  return phone.slice(0, 3) + HIDDEN + phone.slice(-4);
}

/**
 * A bank card or account number shows only its last 4 characters, in the usual groups
 * ("**** **** **** 1234"), wherever it is displayed, the owner's own pages included: the
 * whole number is only needed where money is sent to it.
 */
export function maskCardNumber(cardNumber: string): string {
  const compact = cardNumber.replace(/[\s-]+/g, '');
  return `**** **** **** ${compact.slice(-4)}`;
}

/**
 * An ID number keeps its first and last 2 characters ("11****2X"); how long it is stays
 * hidden too. Up to 4 characters show only the first.
 */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 4) return idNumber.slice(0, 1) + '****';
  return idNumber.slice(0, 2) + '****' + idNumber.slice(-2);
}
