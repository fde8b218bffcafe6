/** The three photos of the advanced step (seed section 4), in the order they are asked. */
export const PHOTO_SLOTS = ['front', 'back', 'hand'] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

/** Types the server accepts; it judges by content, this only keeps the picker honest. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export type SlotState =
  | { status: 'empty' }
  /** `preview`: an object URL of the chosen file, shown at once. */
  | { status: 'uploading'; preview: string; attempt: number }
  | { status: 'done'; preview: string; fileId: string }
  /** `error`: the server's message (already translated), or null for a network failure. */
  | { status: 'failed'; preview: string; error: string | null };

export type Slots = Record<PhotoSlot, SlotState>;

export type SlotEvent =
  | { type: 'chosen'; slot: PhotoSlot; preview: string; attempt: number }
  | { type: 'uploaded'; slot: PhotoSlot; attempt: number; fileId: string }
  | { type: 'failed'; slot: PhotoSlot; attempt: number; error: string | null }
  | { type: 'cleared'; slot: PhotoSlot }
  | { type: 'reset' };

export const EMPTY_SLOTS: Slots = {
  front: { status: 'empty' },
  back: { status: 'empty' },
  hand: { status: 'empty' },
};

/**
 * How the photos move: choosing a file shows it and starts its upload; the upload's
 * answer lands only if it belongs to the latest choice for that slot (a photo replaced
 * while its first upload was on the way is not overwritten by the older answer).
 */
export function slotsReducer(slots: Slots, event: SlotEvent): Slots {
  if (event.type === 'reset') return EMPTY_SLOTS;
  const current = slots[event.slot];
  switch (event.type) {
    case 'chosen':
      return {
        ...slots,
        [event.slot]: { status: 'uploading', preview: event.preview, attempt: event.attempt },
      };
    case 'uploaded':
      if (current.status !== 'uploading' || current.attempt !== event.attempt) return slots;
      return {
        ...slots,
        [event.slot]: { status: 'done', preview: current.preview, fileId: event.fileId },
      };
    case 'failed':
      if (current.status !== 'uploading' || current.attempt !== event.attempt) return slots;
      return {
        ...slots,
        [event.slot]: { status: 'failed', preview: current.preview, error: event.error },
      };
    case 'cleared':
      return { ...slots, [event.slot]: { status: 'empty' } };
  }
}

/** The submission's three file ids once every photo is uploaded; null until then. */
export function readyFiles(
  slots: Slots,
): { frontFileId: string; backFileId: string; handFileId: string } | null {
  const { front, back, hand } = slots;
  if (front.status !== 'done' || back.status !== 'done' || hand.status !== 'done') return null;
  return { frontFileId: front.fileId, backFileId: back.fileId, handFileId: hand.fileId };
}

/** Whether any photo is still on its way (the submit button waits). */
export function anyUploading(slots: Slots): boolean {
  return PHOTO_SLOTS.some((slot) => slots[slot].status === 'uploading');
}
