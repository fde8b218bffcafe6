import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../../shared/settings/store.ts';

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
    token: { ...shared, colorPrimary: '#2563eb', colorLink: '#2563eb', colorBgLayout: '#f5f7fa' },
  },
  night: {
    algorithm: antdTheme.darkAlgorithm,
    token: {
      ...shared,
      colorPrimary: '#2f6fed',
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
    },
  },
};
