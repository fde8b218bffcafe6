import ui from './market.module.css';

/**
 * The colour of a price by the way it moved: green up, red down. A flat price keeps the
 * text colour (a flat change, `<ChangePercent>`, is greyed instead).
 */
export function priceTone(direction: 'up' | 'down' | 'flat'): string | undefined {
  return direction === 'up' ? ui.up : direction === 'down' ? ui.down : undefined;
}
