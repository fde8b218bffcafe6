import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsContent,
  opsContentArticle,
  opsPublishArticle,
  opsSaveArticle,
  opsSaveBanner,
  opsSaveCategory,
  opsSaveDictItem,
  opsSaveSection,
  opsSaveSettings,
  opsUploadContentImage,
} from '@meridian/contract/calls/content';
import type { z } from 'zod';
import { useOpsApi } from '../session/context.tsx';

const KEY = ['ops', 'content'] as const;

export type ArticleInput = z.input<typeof opsSaveArticle.body>;
export type CategoryInput = z.input<typeof opsSaveCategory.body>;
export type SectionInput = z.input<typeof opsSaveSection.body>;
export type BannerInput = z.input<typeof opsSaveBanner.body>;
export type DictItemInput = z.input<typeof opsSaveDictItem.body>;
export type SettingsInput = z.input<typeof opsSaveSettings.body>;

/** Everything the editor lists, in one read. */
export function useOpsContent() {
  const api = useOpsApi();
  return useQuery({ queryKey: KEY, queryFn: () => api.quiet(opsContent) });
}

/** One article with every language's text (for the editor). */
export function useOpsArticle(id: string | null) {
  const api = useOpsApi();
  return useQuery({
    queryKey: [...KEY, 'article', id],
    queryFn: () => api.quiet(opsContentArticle, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

/** The editor's writes; each reloads the lists, refusals pop up in the server's words. */
export function useContentChanges() {
  const api = useOpsApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: KEY });
  return {
    article: useMutation({
      mutationFn: (body: ArticleInput) => api(opsSaveArticle, { body }),
      onSuccess,
    }),
    publish: useMutation({
      mutationFn: (input: { id: string; published: boolean; publishAt: number | null }) =>
        api(opsPublishArticle, {
          params: { id: input.id },
          body: { published: input.published, publishAt: input.publishAt },
        }),
      onSuccess,
    }),
    category: useMutation({
      mutationFn: (body: CategoryInput) => api(opsSaveCategory, { body }),
      onSuccess,
    }),
    section: useMutation({
      mutationFn: (body: SectionInput) => api(opsSaveSection, { body }),
      onSuccess,
    }),
    banner: useMutation({
      mutationFn: (body: BannerInput) => api(opsSaveBanner, { body }),
      onSuccess,
    }),
    dictItem: useMutation({
      mutationFn: (body: DictItemInput) => api(opsSaveDictItem, { body }),
      onSuccess,
    }),
    image: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api(opsUploadContentImage, {}, { form });
      },
    }),
    settings: useMutation({
      mutationFn: (body: SettingsInput) => api(opsSaveSettings, { body }),
      onSuccess: async () => {
        await onSuccess();
        // The console's own header and support button read the same settings.
        await client.invalidateQueries({ queryKey: ['public', 'siteSettings'] });
      },
    }),
  };
}
