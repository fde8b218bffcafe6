import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries.ts';
import {
  anyUploading,
  EMPTY_SLOTS,
  readyFiles,
  slotsReducer,
  type SlotEvent,
  type Slots,
} from './photo-slots.ts';

const run = (events: SlotEvent[], from: Slots = EMPTY_SLOTS) => events.reduce(slotsReducer, from);

describe('document photo slots', () => {
  it('is ready only once all three photos are uploaded', () => {
    const slots = run([
      { type: 'chosen', slot: 'front', preview: 'blob:f', attempt: 1 },
      { type: 'chosen', slot: 'back', preview: 'blob:b', attempt: 2 },
      { type: 'uploaded', slot: 'front', attempt: 1, fileId: 'F' },
    ]);
    expect(anyUploading(slots)).toBe(true);
    expect(readyFiles(slots)).toBeNull();
    const done = run(
      [
        { type: 'uploaded', slot: 'back', attempt: 2, fileId: 'B' },
        { type: 'chosen', slot: 'hand', preview: 'blob:h', attempt: 3 },
        { type: 'uploaded', slot: 'hand', attempt: 3, fileId: 'H' },
      ],
      slots,
    );
    expect(anyUploading(done)).toBe(false);
    expect(readyFiles(done)).toEqual({ frontFileId: 'F', backFileId: 'B', handFileId: 'H' });
  });

  it('ignores the answer of a photo that was replaced while it uploaded', () => {
    const slots = run([
      { type: 'chosen', slot: 'hand', preview: 'blob:1', attempt: 1 },
      { type: 'chosen', slot: 'hand', preview: 'blob:2', attempt: 2 },
      { type: 'uploaded', slot: 'hand', attempt: 1, fileId: 'OLD' },
      { type: 'failed', slot: 'hand', attempt: 1, error: 'late' },
    ]);
    expect(slots.hand).toEqual({ status: 'uploading', preview: 'blob:2', attempt: 2 });
    const done = slotsReducer(slots, { type: 'uploaded', slot: 'hand', attempt: 2, fileId: 'NEW' });
    expect(done.hand).toEqual({ status: 'done', preview: 'blob:2', fileId: 'NEW' });
  });

  it('keeps a refused photo on screen with the server’s reason, until cleared', () => {
    const failed = run([
      { type: 'chosen', slot: 'front', preview: 'blob:f', attempt: 1 },
      { type: 'failed', slot: 'front', attempt: 1, error: 'Only JPEG, PNG or WebP images' },
    ]);
    expect(failed.front).toEqual({
      status: 'failed',
      preview: 'blob:f',
      error: 'Only JPEG, PNG or WebP images',
    });
    expect(readyFiles(failed)).toBeNull();
    expect(slotsReducer(failed, { type: 'cleared', slot: 'front' }).front).toEqual({
      status: 'empty',
    });
    expect(slotsReducer(failed, { type: 'reset' })).toBe(EMPTY_SLOTS);
  });
});

describe('country options', () => {
  it('puts China and the United States first, then sorts by the language’s names', () => {
    const en = countryOptions('en');
    expect(en.slice(0, 2)).toEqual([
      { value: 'CN', label: 'China' },
      { value: 'US', label: 'United States' },
    ]);
    expect(en.length).toBe(250);
    expect(en[2]!.label < en[3]!.label).toBe(true);
    const de = countryOptions('de');
    expect(de.find((o) => o.value === 'DE')?.label).toBe('Deutschland');
  });
});
