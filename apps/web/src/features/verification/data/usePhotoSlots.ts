import { useEffect, useReducer, useRef } from 'react';
import { uploadFile } from '@meridian/contract/calls/verification';
import { ApiError } from '../../../shared/api/client.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { EMPTY_SLOTS, slotsReducer, type PhotoSlot } from './photo-slots.ts';

/**
 * The advanced step's three photos: each is shown as soon as it is chosen and uploaded at
 * once (the server checks its type, size and clarity and answers in the user's language,
 * shown under the photo rather than in a popup). Previews are object URLs, released when
 * replaced and when the form goes away.
 */
export function usePhotoSlots() {
  const { api } = usePlatform();
  const [slots, dispatch] = useReducer(slotsReducer, EMPTY_SLOTS);
  const attempts = useRef(0);
  const previews = useRef(new Map<PhotoSlot, string>());

  useEffect(() => {
    const held = previews.current;
    return () => {
      for (const url of held.values()) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  function release(slot: PhotoSlot) {
    const old = previews.current.get(slot);
    if (old) URL.revokeObjectURL(old);
    previews.current.delete(slot);
  }

  async function choose(slot: PhotoSlot, file: File): Promise<void> {
    release(slot);
    attempts.current += 1;
    const attempt = attempts.current;
    const preview = URL.createObjectURL(file);
    previews.current.set(slot, preview);
    dispatch({ type: 'chosen', slot, preview, attempt });
    const form = new FormData();
    form.append('type', 'document');
    form.append('file', file);
    try {
      const uploaded = await api.quiet(uploadFile, undefined, { form });
      dispatch({ type: 'uploaded', slot, attempt, fileId: uploaded.id });
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : null;
      dispatch({ type: 'failed', slot, attempt, error: message });
    }
  }

  function clear(slot: PhotoSlot) {
    release(slot);
    dispatch({ type: 'cleared', slot });
  }

  return { slots, choose, clear };
}
