import type { ArticleKind } from '@meridian/contract/calls/content';

/** The help centre's addresses (seed section 2: /article/main and its children). */
export const HELP_ROOT = '/article/main';
export const articlePath = (kind: ArticleKind, id: string) =>
  kind === 'terms'
    ? `${HELP_ROOT}/terms`
    : `${HELP_ROOT}/content/${kind}/${encodeURIComponent(id)}`;
export const categoryPath = (id: string) => `${HELP_ROOT}/categories/${encodeURIComponent(id)}`;
export const sectionPath = (id: string) => `${HELP_ROOT}/sections/${encodeURIComponent(id)}`;
export const searchPath = (q: string) => `${HELP_ROOT}/search?q=${encodeURIComponent(q)}`;
export const ANNOUNCEMENTS_PATH = `${HELP_ROOT}/announcements`;
