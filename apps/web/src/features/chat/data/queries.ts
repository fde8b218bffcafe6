import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_PAGE_SIZE,
  getChatImage,
  getChatRecord,
  getChatState,
  markChatRead,
  sendChatRecord,
} from '@meridian/contract/calls/chat';
import { uploadFile } from '@meridian/contract/calls/verification';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSession } from '../../../shared/session/store.ts';

export const chatKeys = {
  all: ['chat'] as const,
  state: ['chat', 'state'] as const,
  records: (chatKey: string) => ['chat', 'records', chatKey] as const,
  image: (chatKey: string, id: string) => ['chat', 'image', chatKey, id] as const,
};

/** The user's chat: key, unread count and state (none before the first message). */
export function useChatState() {
  const { api } = usePlatform();
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({
    queryKey: chatKeys.state,
    queryFn: () => api.quiet(getChatState),
    enabled: isLogin,
  });
}

/** The transcript, 15 a page newest first; older pages load as the user scrolls back. */
export function useChatRecords(chatKey: string | undefined, enabled: boolean) {
  const { api } = usePlatform();
  return useInfiniteQuery({
    queryKey: chatKeys.records(chatKey ?? ''),
    queryFn: ({ pageParam }) =>
      api.quiet(getChatRecord, {
        params: { chatKey: chatKey! },
        body: { current: pageParam, size: CHAT_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.current * last.size < last.total ? last.current + 1 : undefined,
    enabled: enabled && chatKey !== undefined,
  });
}

export function useMarkRead() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.quiet(markChatRead),
    onSuccess: (state) => queryClient.setQueryData(chatKeys.state, state),
  });
}

/** Sends text, or an image by its upload id; the transcript is read again after. */
export function useSendMessage(chatKey: string | undefined) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { content: string; contentType: 1 | 2 }) =>
      api(sendChatRecord, { body: { ...message, chatId: chatKey! } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

/** Uploads an image (type `chat`; the server judges it by its content) and returns its id. */
export function useUploadImage() {
  const { api } = usePlatform();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('type', 'chat');
      form.append('file', file);
      return (await api.quiet(uploadFile, undefined, { form })).id;
    },
  });
}

/** An image of the chat as a data URL (the bytes come inside the envelope, with the token). */
export function useChatImage(chatKey: string, id: string) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: chatKeys.image(chatKey, id),
    queryFn: async () => {
      const file = await api.quiet(getChatImage, { params: { chatKey, id } });
      return { src: `data:${file.mime};base64,${file.base64}`, width: file.width, height: file.height };
    },
    staleTime: Infinity,
  });
}
