export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

/** A button on a notice (such as "Go to the trade page"); the notice closes when it is used. */
export interface NoticeAction {
  label: string;
  onClick: () => void;
}

/** Where notices are drawn (antd's notification API in the app, a fake in tests). */
export interface NoticeSink {
  open(notice: {
    key: string;
    kind: NoticeKind;
    text: string;
    onClose: () => void;
    action?: NoticeAction;
  }): void;
  close(key: string): void;
}

export interface NotifierOptions {
  /** Seed section 9: at most 4 notices open; a fifth closes the oldest. */
  maxOpen?: number;
  /** Seed section 9: the same text again within 2 s is dropped. */
  duplicateWindowMs?: number;
  now?: () => number;
}

/**
 * The one way the app shows a notice. It lives outside React so the request rules can use
 * it; the view attaches its sink once it has mounted.
 */
export function createNotifier(options: NotifierOptions = {}) {
  const maxOpen = options.maxOpen ?? 4;
  const duplicateWindowMs = options.duplicateWindowMs ?? 2000;
  const now = options.now ?? Date.now;
  let sink: NoticeSink | null = null;
  let sequence = 0;
  const open: string[] = [];
  const lastShown = new Map<string, number>();

  function forget(key: string) {
    const at = open.indexOf(key);
    if (at >= 0) open.splice(at, 1);
  }

  return {
    attach(next: NoticeSink | null) {
      sink = next;
    },
    /**
     * Shows a notice; false when it was dropped as a duplicate or nothing can show it.
     * With `key` (one thing's notice, such as one order's), a notice of that key still
     * open is replaced in place instead of a second one stacking up, and only the same
     * text for the same key counts as a duplicate.
     */
    notify(
      kind: NoticeKind,
      text: string,
      options: { key?: string; action?: NoticeAction } = {},
    ): boolean {
      if (!sink) return false;
      const time = now();
      const id = `${options.key ?? ''}:${kind}:${text}`;
      const previous = lastShown.get(id);
      if (previous !== undefined && time - previous < duplicateWindowMs) return false;
      lastShown.set(id, time);
      const key = options.key ?? `notice-${++sequence}`;
      const action = options.action ? { action: options.action } : {};
      if (open.includes(key)) {
        sink.open({ key, kind, text, onClose: () => forget(key), ...action });
        return true;
      }
      while (open.length >= maxOpen) {
        const oldest = open.shift();
        if (oldest) sink.close(oldest);
      }
      open.push(key);
      sink.open({ key, kind, text, onClose: () => forget(key), ...action });
      return true;
    },
    openCount(): number {
      return open.length;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

/** The app's notifier. */
export const notifier = createNotifier();
