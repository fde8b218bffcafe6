import { useState } from 'react';

/**
 * Runs `reset` in the render that opens a dialog, before anything can be typed into it.
 * Resetting after the opening animation instead would wipe what a quick hand typed first.
 */
export function useResetOnOpen(open: boolean, reset: () => void): void {
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) reset();
  }
}
