import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n/index.ts';
import { writeSetting } from '../../shared/platform/storage.ts';
import { PlatformProvider } from '../../shared/platform/context.tsx';
import { testPlatformConfig } from '../../shared/testing/fixtures.ts';
import type { ApiCall } from '../../shared/api/client.ts';
import { DemoBanner } from '../layout/DemoBanner.tsx';
import { prePaint } from './pre-paint.ts';

const api = (() => Promise.reject(new Error('no calls here'))) as unknown as ApiCall;

const demo = testPlatformConfig({
  brand: 'Acme',
  demoMode: true,
  languages: [
    { code: 'en', name: 'English' },
    { code: 'ja', name: '日本語' },
  ],
});

function freshRoot(): HTMLElement {
  document.body.replaceChildren();
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return root;
}

describe('the first paint, before the app has loaded', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.lang = 'en';
    document.title = '';
  });
  afterEach(cleanup);

  it('draws the banner React draws, element for element, in the stored language', async () => {
    writeSetting('language', 'ja');
    const root = freshRoot();
    prePaint(demo, root);
    expect(document.documentElement.lang).toBe('ja');
    expect(document.title).toBe('Acme');
    expect(root.textContent).toContain('デモ');
    expect(root.textContent).toContain('Acme');

    await initI18n('ja');
    const { container } = render(
      <PlatformProvider value={{ config: demo, api }}>
        <DemoBanner />
      </PlatformProvider>,
    );
    // The same element, so React's first render replaces it without moving anything.
    expect(root.innerHTML).toBe(container.innerHTML);
    await i18next.changeLanguage('en');
  });

  it("starts in the stored theme's colours, daytime when none is stored", () => {
    writeSetting('theme', 'night');
    prePaint(demo, freshRoot());
    expect(document.documentElement.dataset.theme).toBe('night');
    expect(document.documentElement.style.getPropertyValue('--app-bg')).toBe('#0e1116');

    localStorage.clear();
    prePaint(demo, freshRoot());
    expect(document.documentElement.dataset.theme).toBe('daytime');
  });

  it('keeps to the languages the deployment offers', () => {
    writeSetting('language', 'de');
    const root = freshRoot();
    prePaint(demo, root);
    expect(document.documentElement.lang).toBe('en');
    expect(root.textContent).toContain('Demo deployment');
  });

  it('draws no banner outside a demo, and nothing over what #root already holds', () => {
    const plain = freshRoot();
    prePaint({ ...demo, demoMode: false }, plain);
    expect(plain.childNodes).toHaveLength(0);
    expect(document.title).toBe('Acme');

    const held = freshRoot();
    held.append(document.createElement('p'));
    prePaint(demo, held);
    expect(held.children).toHaveLength(1);
    expect(held.querySelector('[role=note]')).toBeNull();
  });

  it('without the configuration (its script failed), only sets the theme', () => {
    writeSetting('theme', 'night');
    const root = freshRoot();
    prePaint(undefined, root);
    expect(document.documentElement.dataset.theme).toBe('night');
    expect(root.childNodes).toHaveLength(0);
    expect(document.title).toBe('');
  });
});
