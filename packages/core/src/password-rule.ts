/**
 * The login and fund password rule (seed section 5): 6 to 20 characters, each a letter, a
 * digit or one of PASSWORD_SYMBOLS, with at least two of those three kinds.
 */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};:,.?/~|<>';
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;

export type PasswordProblem = 'length' | 'characters' | 'variety';

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return 'length';
  }
  let letters = false;
  let digits = false;
  let symbols = false;
  for (const ch of password) {
    if (/[A-Za-z]/.test(ch)) letters = true;
    else if (/[0-9]/.test(ch)) digits = true;
    else if (PASSWORD_SYMBOLS.includes(ch)) symbols = true;
    else return 'characters';
  }
  return Number(letters) + Number(digits) + Number(symbols) >= 2 ? null : 'variety';
}
