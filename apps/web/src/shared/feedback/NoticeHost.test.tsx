import { act, render } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { NoticeHost } from './NoticeHost.tsx';
import { notifier } from './notifier.ts';

const noticeTexts = () =>
  [...document.querySelectorAll('.ant-notification-notice-title')].map((n) => n.textContent);

describe('notices drawn by antd', () => {
  afterEach(() => notifier.attach(null));

  it('shows at most 4, closing the oldest, and drops a repeat within 2 s', async () => {
    render(
      <App>
        <NoticeHost />
      </App>,
    );
    await act(async () => {
      for (const text of ['one', 'two', 'three', 'four', 'five', 'five']) {
        notifier.notify('error', text);
      }
    });
    // antd animates a closed notice out; wait until it has left the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(noticeTexts()).toEqual(['two', 'three', 'four', 'five']);
  });
});
