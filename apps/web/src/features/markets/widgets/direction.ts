import { useState } from 'react';
import { compareDecimal } from '@meridian/core';

export type Direction = 'up' | 'down' | 'flat';

/** The sign of a decimal string, as the colour of a change shows it. */
export function directionOf(value: string | undefined): Direction {
  if (value === undefined) return 'flat';
  const order = compareDecimal(value, '0');
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat';
}

/**
 * Which way the last tick moved a price. It keeps the previous price in state (React's
 * "adjust state on prop change" pattern), so the colour follows the tick without an effect
 * and without a second render pass.
 */
export function useTickDirection(price: string | undefined): Direction {
  const [previous, setPrevious] = useState(price);
  const [direction, setDirection] = useState<Direction>('flat');
  if (price !== previous) {
    setPrevious(price);
    if (price !== undefined && previous !== undefined) {
      const order = compareDecimal(price, previous);
      setDirection(order > 0 ? 'up' : order < 0 ? 'down' : direction);
    }
  }
  return direction;
}
