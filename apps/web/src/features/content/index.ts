// What the app shell and other features may use of the content feature; the rest is its own.
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/index.ts';

export { contentRoutes } from './routes.ts';

/**
 * The home page's banners, guide, hot issues and announcements: loaded apart from the
 * home page's own script, with their messages, so the first paint carries none of it.
 */
export const HomeContent = lazy(async () => {
  const [module] = await Promise.all([
    import('./widgets/HomeContent.tsx'),
    loadNamespaces(['content']),
  ]);
  return { default: module.HomeContent };
});

/** An article's Markdown as readers see it (the operators' preview), loaded on demand. */
export const MarkdownPreview = lazy(async () => ({
  default: (await import('./widgets/Markdown.tsx')).Markdown,
}));

/** The published terms of service (the sign-up page's and the account page's terms tab). */
export const TermsArticle = lazy(async () => {
  const [module] = await Promise.all([
    import('./widgets/TermsArticle.tsx'),
    loadNamespaces(['content']),
  ]);
  return { default: module.TermsArticle };
});
