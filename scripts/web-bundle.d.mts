export function sourceHash(): string;
export function isWebBundleFresh(): boolean;
export function ensureWebBundle(options?: { log?: (line: string) => void }): boolean;
