import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CHAT_PAGE_SIZE,
  opsCannedReplies,
  opsChatClaim,
  opsChatClose,
  opsChatConversation,
  opsChatConversations,
  opsChatImage,
  opsChatMessages,
  opsChatRelease,
  opsChatReply,
  opsChatUpload,
  opsCreateCannedReply,
  opsDeleteCannedReply,
  opsUpdateCannedReply,
  type ChatView,
} from '@meridian/contract/calls/chat';
import { opsDeposits } from '@meridian/contract/calls/custody';
import { opsUserVerification } from '@meridian/contract/calls/reviews';
import { opsWithdrawals } from '@meridian/contract/calls/withdrawals';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

const root = [...opsKeys.all, 'chat'] as const;
const keys = {
  queue: (view: ChatView, state: string, page: number) => [...root, 'queue', view, state, page],
  conversation: (id: string) => [...root, 'conversation', id] as const,
  messages: (id: string) => [...root, 'messages', id] as const,
  canned: [...root, 'canned'] as const,
  image: (id: string, fileId: string) => [...root, 'image', id, fileId] as const,
  verification: (userId: string) => [...root, 'verification', userId] as const,
};

/**
 * How often the desk asks for news. Operators have no socket of their own, so the queue
 * and the open conversation are read again on this beat (the user's side is pushed).
 */
export const DESK_POLL_MS = 3000;
export const QUEUE_PAGE_SIZE = 20;

export function useChatQueue(view: ChatView, state: 'open' | 'closed', page: number) {
  const api = useOpsApi();
  return useQuery({
    queryKey: keys.queue(view, state, page),
    queryFn: () =>
      api.quiet(opsChatConversations, {
        query: { view, state, current: page, size: QUEUE_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: DESK_POLL_MS,
  });
}

export function useConversation(id: string) {
  const api = useOpsApi();
  return useQuery({
    queryKey: keys.conversation(id),
    queryFn: () => api.quiet(opsChatConversation, { params: { id } }),
    refetchInterval: DESK_POLL_MS,
  });
}

/** The conversation's messages, 15 a page newest first; earlier pages on scrolling back. */
export function useConversationMessages(id: string) {
  const api = useOpsApi();
  return useInfiniteQuery({
    queryKey: keys.messages(id),
    queryFn: ({ pageParam }) =>
      api.quiet(opsChatMessages, {
        params: { id },
        query: { current: pageParam, size: CHAT_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.current * last.size < last.total ? last.current + 1 : undefined,
    refetchInterval: DESK_POLL_MS,
  });
}

/** Claim, release, reply and close; each reloads the desk (refusals pop up in the server's words). */
export function useDeskActions(id: string) {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: root });
  const params = { params: { id } };
  return {
    claim: useMutation({ mutationFn: () => api(opsChatClaim, params), onSettled: reload }),
    release: useMutation({ mutationFn: () => api(opsChatRelease, params), onSettled: reload }),
    reply: useMutation({
      mutationFn: (body: { content: string; contentType: 1 | 2 }) =>
        api(opsChatReply, { ...params, body }),
      onSettled: reload,
    }),
    close: useMutation({
      mutationFn: (note: string) => api(opsChatClose, { ...params, body: { note } }),
      onSettled: reload,
    }),
    upload: useMutation({
      mutationFn: async (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api.quiet(opsChatUpload, params, { form });
      },
    }),
  };
}

/** An image of the conversation; each reading is audited, so it is asked for only when shown. */
export function useDeskImage(id: string, fileId: string) {
  const api = useOpsApi();
  return useQuery({
    queryKey: keys.image(id, fileId),
    queryFn: async () => {
      const file = await api.quiet(opsChatImage, { params: { id, fileId } });
      return { src: `data:${file.mime};base64,${file.base64}`, width: file.width };
    },
    staleTime: Infinity,
  });
}

export function useCannedReplies() {
  const api = useOpsApi();
  return useQuery({ queryKey: keys.canned, queryFn: () => api.quiet(opsCannedReplies) });
}

export function useCannedActions() {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.canned });
  return {
    save: useMutation({
      mutationFn: ({ id, ...body }: { id: string | null; title: string; content: string }) =>
        id
          ? api(opsUpdateCannedReply, { params: { id }, body })
          : api(opsCreateCannedReply, { body }),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(opsDeleteCannedReply, { params: { id } }),
      onSettled: reload,
    }),
  };
}

export function useUserVerification(userId: string, enabled: boolean) {
  const api = useOpsApi();
  return useQuery({
    queryKey: keys.verification(userId),
    queryFn: () => api.quiet(opsUserVerification, { params: { id: userId } }),
    enabled,
  });
}

/** The user's latest chain deposits (the deposits page's call, filtered to them). */
export function useRecentDeposits(userId: string, enabled: boolean, size: number) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...root, 'deposits', userId, size],
    queryFn: () => api.quiet(opsDeposits, { query: { userId, current: 1, size } }),
    enabled,
  });
}

/** The user's latest withdrawals (the withdrawals page's call, filtered to them). */
export function useRecentWithdrawals(userId: string, enabled: boolean, size: number) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...root, 'withdrawals', userId, size],
    queryFn: () => api.quiet(opsWithdrawals, { query: { userId, current: 1, size } }),
    enabled,
  });
}
