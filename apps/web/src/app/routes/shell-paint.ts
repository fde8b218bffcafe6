import { useEffect } from 'react';

// The first page waits for the shell (header, banner, footer) to have painted, so the
// shell's render and the page's are two tasks and the shell shows without waiting for the
// page's render; after that first time, pages render as soon as they have loaded.
let markPainted: () => void = () => {};
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

/** Resolves once the shell has painted for the first time. */
export function shellPainted(): Promise<void> {
  return painted;
}

/** Called by the shell's layout: its effects run after its first paint. */
export function useMarkShellPainted(): void {
  useEffect(() => markPainted(), []);
}
