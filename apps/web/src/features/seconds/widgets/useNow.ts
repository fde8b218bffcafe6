import { useSyncExternalStore } from 'react';

const subscribe = (notify: () => void) => {
  const timer = setInterval(notify, 1000);
  return () => clearInterval(timer);
};
const idle = () => () => {};
// The whole second: the same value between ticks, so React renders once per second.
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/** The time now to the second, kept current every second while `active` (countdowns). */
export function useNow(active: boolean): number {
  return useSyncExternalStore(active ? subscribe : idle, currentSecond);
}

/** Whole seconds left until `expiry` from `now` (a whole second), never below zero. */
export function secondsLeft(expiry: number, now: number): number {
  return Math.max(0, Math.floor((expiry - now) / 1000));
}
