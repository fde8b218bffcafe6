/**
 * The chat's rule for a text message (seed sections 5 and 9): not blank, and at most
 * `max` characters. Characters are code points, so an emoji or a CJK character counts
 * once, as a person counts them, and the server and the dialog agree on every text.
 */
export type ChatTextProblem = 'empty' | 'tooLong';

export function chatLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function chatTextProblem(text: string, max: number): ChatTextProblem | null {
  if (text.trim() === '') return 'empty';
  return chatLength(text) > max ? 'tooLong' : null;
}

/** The queue's one-line preview of a text: whitespace runs folded, cut at `max` code points. */
export function chatPreview(text: string, max = 120): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const points = [...folded];
  return points.length <= max ? folded : `${points.slice(0, max - 1).join('')}…`;
}
