/** The marker of an invitation link: any path containing it registers with that code. */
export const INVITE_MARKER = '/i&';

export const HOME_PATH = '/home/index';

/**
 * Seed section 2: where a path that matches no page goes. An invitation link
 * (`.../i&CODE`) goes to registration with the code; anything else goes home.
 */
export function fallbackTarget(pathname: string): string {
  const at = pathname.indexOf(INVITE_MARKER);
  if (at < 0) return HOME_PATH;
  const code = safeDecode(pathname.slice(at + INVITE_MARKER.length));
  return `/user/register?${new URLSearchParams({ invite_code: code }).toString()}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Where to go after logging in: only a path of this app, never another site. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return HOME_PATH;
  }
  return target;
}
