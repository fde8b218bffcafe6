import ExperimentOutlined from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import type { AbstractNode } from '@ant-design/icons-svg/es/types';

/**
 * The demo banner's parts, shared by the React banner (DemoBanner.tsx) and the first
 * paint (app/pre-paint), which draws the same element before the app has loaded: the
 * two must match to the pixel, or the swap would move the page. Plain CSS (layout.css)
 * and an inline icon, as antd's icon styles arrive with its script.
 */
export const DEMO_BANNER_CLASS = 'demo-banner';

// An outlined icon is one node (only two-tone icons are functions of their colours).
const icon = ExperimentOutlined.icon as AbstractNode;

export const DEMO_BANNER_ICON = {
  viewBox: icon.attrs.viewBox ?? '0 0 1024 1024',
  paths: (icon.children ?? []).flatMap((child) => (child.attrs.d ? [child.attrs.d] : [])),
};

/** The banner's sentence, `{{brand}}` filled in (the messages' own placeholder). */
export function demoBannerText(message: string, brand: string): string {
  return message.replaceAll('{{brand}}', brand);
}
