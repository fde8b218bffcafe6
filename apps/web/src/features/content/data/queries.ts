import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  contentArticle,
  helpCentre,
  homeContent,
  noticeList,
  searchContent,
  type ArticleKind,
} from '@meridian/contract/calls/content';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSettings } from '../../../shared/settings/store.ts';

/** Content is per language: every key carries it, so switching language reads again. */
function useLanguage() {
  return useSettings((s) => s.language);
}

export function useHelpCentre() {
  const { api } = usePlatform();
  const lang = useLanguage();
  return useQuery({
    queryKey: ['public', 'content', 'helpCentre', lang],
    queryFn: () => api.quiet(helpCentre),
    staleTime: 60_000,
  });
}

export function useHomeContent() {
  const { api } = usePlatform();
  const lang = useLanguage();
  return useQuery({
    queryKey: ['public', 'content', 'home', lang],
    queryFn: () => api.quiet(homeContent),
    staleTime: 60_000,
  });
}

export function useArticle(type: ArticleKind, id: string) {
  const { api } = usePlatform();
  const lang = useLanguage();
  return useQuery({
    queryKey: ['public', 'content', 'article', type, id, lang],
    queryFn: () => api.quiet(contentArticle, { params: { type, id } }),
    retry: false,
  });
}

export function useSearch(q: string, pageNo: number) {
  const { api } = usePlatform();
  const lang = useLanguage();
  return useQuery({
    queryKey: ['public', 'content', 'search', q, pageNo, lang],
    queryFn: () => api.quiet(searchContent, { query: { q, pageNo, pageSize: 10 } }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useNotices(pageNo: number, pageSize = 10) {
  const { api } = usePlatform();
  const lang = useLanguage();
  return useQuery({
    queryKey: ['public', 'content', 'notices', pageNo, pageSize, lang],
    queryFn: () => api.quiet(noticeList, { body: { pageNo, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
