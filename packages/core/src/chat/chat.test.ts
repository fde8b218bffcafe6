import { describe, expect, it } from 'vitest';
import { chatLength, chatPreview, chatTextProblem, mergeTranscript } from './index.ts';

describe('chat text rule', () => {
  it('refuses blank text and counts code points up to the limit', () => {
    expect(chatTextProblem('', 400)).toBe('empty');
    expect(chatTextProblem(' \n\t ', 400)).toBe('empty');
    expect(chatTextProblem('a'.repeat(400), 400)).toBeNull();
    expect(chatTextProblem('a'.repeat(401), 400)).toBe('tooLong');
    // 400 emoji are 800 UTF-16 units and still one message.
    expect(chatLength('😀'.repeat(400))).toBe(400);
    expect(chatTextProblem('😀'.repeat(400), 400)).toBeNull();
    expect(chatTextProblem('😀'.repeat(401), 400)).toBe('tooLong');
  });

  it('previews a text on one line, cut with an ellipsis', () => {
    expect(chatPreview('  hello\n\n world  ')).toBe('hello world');
    expect(chatPreview('x'.repeat(130), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('chat transcript', () => {
  it('merges pages and pushes once each, oldest first, by numeric id', () => {
    const page1 = [{ id: '12' }, { id: '11' }, { id: '10' }];
    const page2 = [{ id: '9' }, { id: '8' }];
    const merged = mergeTranscript(mergeTranscript([], page1), page2);
    expect(merged.map((m) => m.id)).toEqual(['8', '9', '10', '11', '12']);
    expect(mergeTranscript(merged, [{ id: '12' }, { id: '100' }]).map((m) => m.id)).toEqual([
      '8',
      '9',
      '10',
      '11',
      '12',
      '100',
    ]);
  });
});
