import type { PageEntry } from '../../shared/routing/page.ts';

const namespaces = ['content'];

/** The help centre (seed section 2: /article/main with its children), news and the terms. */
export const contentRoutes: readonly PageEntry[] = [
  {
    path: '/article/main',
    load: async () => (await import('./pages/HelpIndexPage.tsx')).HelpIndexPage,
    namespaces,
    access: 'public',
    menus: [{ placement: 'footer', label: 'menu.help' }],
  },
  {
    path: '/article/main/index',
    load: async () => (await import('./pages/HelpIndexPage.tsx')).HelpIndexPage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/article/main/categories/:id',
    load: async () => (await import('./pages/CategoryPage.tsx')).CategoryPage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/article/main/sections/:id',
    load: async () => (await import('./pages/SectionPage.tsx')).SectionPage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/article/main/content/:type/:id',
    load: async () => (await import('./pages/ArticlePage.tsx')).ArticlePage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/article/main/search',
    load: async () => (await import('./pages/SearchPage.tsx')).SearchPage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/article/main/announcements',
    load: async () => (await import('./pages/AnnouncementsPage.tsx')).AnnouncementsPage,
    namespaces,
    access: 'public',
    menus: [],
  },
  {
    path: '/article/main/terms',
    load: async () => (await import('./pages/ArticlePage.tsx')).TermsPage,
    namespaces,
    access: 'public',
    menus: [{ placement: 'footer', label: 'menu.terms' }],
  },
];
