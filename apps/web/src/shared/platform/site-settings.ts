import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@meridian/contract/calls/site-settings';
import { usePlatform } from './context.tsx';

/**
 * The site settings operators edit (`/api/common/getAllSetting`): read at run time and
 * read again every minute and whenever the window regains focus, so a change (a support
 * link, the brand, a switched-off banner row) reaches open pages without a rebuild or a
 * reload. Until the first answer, the deployment's configuration stands in.
 */
export function useSiteSettings(): SiteSettings {
  const { api, config } = usePlatform();
  const query = useQuery({
    queryKey: ['public', 'siteSettings'],
    // The call's definition (with the schema library) loads with the first request, off
    // the shell's first paint; the configuration stands in until the answer.
    queryFn: async () =>
      api.quiet((await import('@meridian/contract/calls/site-settings')).getAllSetting),
    staleTime: 30_000,
    refetchInterval: 60_000,
    // Shown again (another tab, the window back in front): read again, however fresh.
    refetchOnWindowFocus: 'always',
  });
  return (
    query.data ?? {
      brand: config.brand,
      logoUrl: '',
      images: {},
      supportLinks: config.supportLinks,
      defaultCurrency: '',
      defaultLanguage: config.defaultLanguage,
      features: {},
    }
  );
}

/** A page part's switch: on unless an operator turned it off. */
export function featureOn(settings: SiteSettings, name: string): boolean {
  return settings.features[name] !== false;
}
