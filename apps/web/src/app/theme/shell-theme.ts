import type { Theme } from '../../shared/settings/store.ts';

/**
 * The theme's colours and type as CSS variables, for the app's own CSS: the shell, the
 * app's own components (shared/ui) and the plain CSS of every page. They are antd's
 * design tokens for the app's two themes (shared/ui/antd/tokens.ts), written out here so
 * the shell paints without antd's theme engine; a test keeps them equal to what antd
 * derives, so antd's components and the rest never differ.
 */
export const SHELL_TOKENS = [
  ['--app-bg', 'colorBgLayout'],
  ['--app-surface', 'colorBgContainer'],
  ['--app-elevated', 'colorBgElevated'],
  ['--app-border', 'colorBorderSecondary'],
  ['--app-border-strong', 'colorBorder'],
  ['--app-text', 'colorText'],
  ['--app-text-secondary', 'colorTextSecondary'],
  ['--app-text-tertiary', 'colorTextTertiary'],
  ['--app-text-disabled', 'colorTextDisabled'],
  ['--app-primary', 'colorPrimary'],
  ['--app-primary-hover', 'colorPrimaryHover'],
  ['--app-primary-active', 'colorPrimaryActive'],
  ['--app-primary-bg', 'colorPrimaryBg'],
  ['--app-warning', 'colorWarning'],
  ['--app-warning-bg', 'colorWarningBg'],
  ['--app-warning-border', 'colorWarningBorder'],
  ['--app-error-bg', 'colorErrorBg'],
  ['--app-error-border', 'colorErrorBorder'],
  ['--app-fill', 'colorFillSecondary'],
  ['--app-fill-strong', 'colorFill'],
  ['--app-text-hover-bg', 'colorBgTextHover'],
  ['--app-text-active-bg', 'colorBgTextActive'],
  ['--app-link', 'colorLink'],
  ['--app-link-hover', 'colorLinkHover'],
  ['--app-link-active', 'colorLinkActive'],
  ['--app-focus', 'colorPrimaryBorder'],
  // antd's own variable, read by plain CSS outside its components (the order form's
  // error line); antd's App wrapper used to declare it for the whole page.
  ['--ant-color-error', 'colorError'],
] as const;

type TokenName = (typeof SHELL_TOKENS)[number][1];

export const SHELL_THEMES: Record<Theme, Record<TokenName, string>> = {
  daytime: {
    colorBgLayout: '#f5f7fa',
    colorBgContainer: '#ffffff',
    colorBgElevated: '#ffffff',
    colorBorderSecondary: '#f0f0f0',
    colorBorder: '#d9d9d9',
    colorText: 'rgba(0,0,0,0.88)',
    colorTextSecondary: 'rgba(0,0,0,0.65)',
    colorTextTertiary: 'rgba(0,0,0,0.45)',
    colorTextDisabled: 'rgba(0,0,0,0.25)',
    colorPrimary: '#2563eb',
    colorPrimaryHover: '#1d4ed8',
    colorPrimaryActive: '#1e40af',
    colorPrimaryBg: '#f0f7ff',
    colorWarning: '#faad14',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffccc9',
    colorFillSecondary: 'rgba(0,0,0,0.06)',
    colorFill: 'rgba(0,0,0,0.15)',
    colorBgTextHover: 'rgba(0,0,0,0.06)',
    colorBgTextActive: 'rgba(0,0,0,0.15)',
    colorLink: '#2563eb',
    colorLinkHover: '#1d4ed8',
    colorLinkActive: '#1647c4',
    colorPrimaryBorder: '#a3c9ff',
    colorError: '#e0464e',
  },
  night: {
    colorBgLayout: '#0e1116',
    colorBgContainer: '#161b22',
    colorBgElevated: '#1c2128',
    colorBorderSecondary: '#262c36',
    colorBorder: '#424242',
    colorText: 'rgba(255,255,255,0.85)',
    colorTextSecondary: 'rgba(255,255,255,0.65)',
    colorTextTertiary: 'rgba(255,255,255,0.45)',
    colorTextDisabled: 'rgba(255,255,255,0.25)',
    colorPrimary: '#2b61cc',
    colorPrimaryHover: '#2563eb',
    colorPrimaryActive: '#1d4ed8',
    colorPrimaryBg: '#1c2f55',
    colorWarning: '#d89614',
    colorWarningBg: '#2b2111',
    colorWarningBorder: '#594214',
    colorErrorBg: '#271618',
    colorErrorBorder: '#512325',
    colorFillSecondary: 'rgba(255,255,255,0.12)',
    colorFill: 'rgba(255,255,255,0.18)',
    colorBgTextHover: 'rgba(255,255,255,0.12)',
    colorBgTextActive: 'rgba(255,255,255,0.18)',
    colorLink: '#6b8fdc',
    colorLinkHover: '#42557e',
    colorLinkActive: '#5672ad',
    colorPrimaryBorder: '#1c2f55',
    colorError: '#c13f45',
  },
};

/** Both themes' font and sizes (antd's fontFamily, fontSize, lineHeight, lineWidthFocus). */
export const SHELL_TYPE = {
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Malgun Gothic', sans-serif",
  fontSize: 14,
  lineHeight: 1.5714285714285714,
  lineWidthFocus: 3,
} as const;

/** Sets the theme's variables on the document, its colour scheme and the page background. */
export function applyShellTheme(theme: Theme): void {
  const root = document.documentElement;
  const values = SHELL_THEMES[theme];
  root.dataset.theme = theme;
  root.style.colorScheme = theme === 'night' ? 'dark' : 'light';
  for (const [variable, token] of SHELL_TOKENS) root.style.setProperty(variable, values[token]);
  root.style.setProperty('--app-font', SHELL_TYPE.fontFamily);
  root.style.setProperty('--app-font-size', `${SHELL_TYPE.fontSize}px`);
  root.style.setProperty('--app-line-height', String(SHELL_TYPE.lineHeight));
  root.style.setProperty('--app-focus-width', `${SHELL_TYPE.lineWidthFocus}px`);
  document.body.style.background = values.colorBgLayout;
}
