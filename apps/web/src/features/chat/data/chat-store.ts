import { create } from 'zustand';

interface ChatUi {
  /** The dialog is open (seed section 4: opening clears the unread counter). */
  open: boolean;
  /** Support's and the platform's messages not seen yet: the floating button's badge. */
  unread: number;
  setOpen(open: boolean): void;
  setUnread(unread: number): void;
}

/** What the floating button and the dialog share: one per page, outside React's tree. */
export const useChatUi = create<ChatUi>((set) => ({
  open: false,
  unread: 0,
  setOpen: (open) => set(open ? { open, unread: 0 } : { open }),
  setUnread: (unread) => set({ unread }),
}));
