/** Joins class names, skipping the ones a condition turned off: `cx(a, on && b)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
