import type { PlatformConfig } from '@meridian/contract/platform-config';
import bannerMessages from 'virtual:message-pick/common/layout.demoBanner';
import { firstLanguage, localeOf } from '../../shared/i18n/first-language.ts';
import { firstTheme } from '../../shared/settings/theme.ts';
import { DEMO_BANNER_CLASS, DEMO_BANNER_ICON, demoBannerText } from '../layout/demo-banner.ts';
import { applyShellTheme } from '../theme/shell-theme.ts';

/**
 * The first paint, before the app's script has arrived: the theme's colours, `<html
 * lang>`, the title and, on a demo deployment, its banner, drawn into `#root` as the
 * shell draws it. React's first render replaces it in place (createRoot clears its
 * container), so nothing moves. Its own small entry in index.html, after the config
 * script and before the app's: on a slow phone the app's script takes seconds, and
 * without this the screen stayed blank, and white at night, until it had run.
 */
export function prePaint(config: PlatformConfig | undefined, root: HTMLElement | null): void {
  applyShellTheme(firstTheme());
  // Without the configuration (its script failed) the app loads it again and says why.
  if (!config) return;
  const language = firstLanguage(config);
  document.documentElement.lang = localeOf(language);
  document.title = config.brand;
  if (config.demoMode && root && !root.hasChildNodes()) {
    root.append(demoBanner(demoBannerText(bannerMessages[language], config.brand)));
  }
}

const SVG = 'http://www.w3.org/2000/svg';

function demoBanner(text: string): HTMLElement {
  const banner = document.createElement('div');
  banner.className = DEMO_BANNER_CLASS;
  banner.setAttribute('role', 'note');
  const icon = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: DEMO_BANNER_ICON.viewBox,
    width: '1em',
    height: '1em',
    fill: 'currentColor',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    icon.setAttribute(name, value);
  }
  for (const d of DEMO_BANNER_ICON.paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    icon.append(path);
  }
  const sentence = document.createElement('span');
  sentence.textContent = text;
  banner.append(icon, sentence);
  return banner;
}
