import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../../settings/store.ts';

// Direction colours are reserved for up and down; the brand colour is a calm blue so that
// nothing else on screen reads as a gain or a loss.
const shared: ThemeConfig['token'] = {
  colorSuccess: '#16a06a',
  colorError: '#e0464e',
  borderRadius: 6,
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Malgun Gothic', sans-serif",
  fontSize: 14,
};

export const themes: Record<Theme, ThemeConfig> = {
  daytime: {
    algorithm: antdTheme.defaultAlgorithm,
    // This blue keeps 4.5:1 as link text on white.
    token: {
      ...shared,
      colorPrimary: '#2563eb',
      colorLink: '#2563eb',
      // antd lightens the brand blue under the pointer (3.1:1 on the page background, 3.5:1
      // for white on a primary button): what changes colour on hover or press darkens
      // instead, and keeps 4.5:1.
      colorLinkHover: '#1d4ed8',
      colorPrimaryHover: '#1d4ed8',
      colorPrimaryActive: '#1e40af',
      colorBgLayout: '#f5f7fa',
    },
    components: {
      Tabs: { itemHoverColor: '#1d4ed8' },
      // An empty list's sentence in the secondary text colour: antd's description grey is
      // below 4.5:1 on the panels.
      Empty: { colorTextDescription: 'rgba(0, 0, 0, 0.65)' },
    },
  },
  night: {
    algorithm: antdTheme.darkAlgorithm,
    token: {
      ...shared,
      colorPrimary: '#2f6fed',
      // White on a primary button under the pointer or pressed keeps 4.5:1 (antd's lighter
      // tints of the brand blue gave 3.5:1).
      colorPrimaryHover: '#2563eb',
      colorPrimaryActive: '#1d4ed8',
      colorLink: '#7aa5ff',
      colorBgLayout: '#0e1116',
      colorBgContainer: '#161b22',
      colorBgElevated: '#1c2128',
      colorBorderSecondary: '#262c36',
    },
    components: {
      // The brand blue is too dark for text on the night background (WCAG AA 4.5:1);
      // selected menu items and tabs use a lighter tint of it.
      Menu: { itemSelectedColor: '#7aa5ff', horizontalItemSelectedColor: '#7aa5ff' },
      Tabs: { itemSelectedColor: '#7aa5ff', itemActiveColor: '#7aa5ff', itemHoverColor: '#7aa5ff' },
      Empty: { colorTextDescription: 'rgba(255, 255, 255, 0.65)' },
    },
  },
};

const still = (config: ThemeConfig): ThemeConfig => ({
  ...config,
  token: { ...config.token, motion: false },
});

/** The same themes with antd's motion off, for a system that asks for less motion. */
export const stillThemes: Record<Theme, ThemeConfig> = {
  daytime: still(themes.daytime),
  night: still(themes.night),
};
