import { Badge, Button } from 'antd';
import type { ChatView, OpsConversation } from '@meridian/contract/calls/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { QUEUE_PAGE_SIZE, useChatQueue } from './queries.ts';
import styles from './desk.module.css';

/** One page of the queue: who waits, since when, what they last wrote, who answers. */
export function ChatQueue({
  view,
  state,
  selected,
  onSelect,
}: {
  view: ChatView;
  state: 'open' | 'closed';
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const [page, setPage] = useState(1);
  const queue = useChatQueue(view, state, page);

  return (
    <QueryState query={queue} failedTitle={t('chat.failed')} rows={6}>
      {(data) =>
        data.records.length === 0 ? (
          <EmptyState description={t(`chat.empty.${view}`)} />
        ) : (
          <>
            <ul className={styles.queueList} data-testid="chat-queue">
              {data.records.map((c: OpsConversation) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={cx(styles.queueItem, c.id === selected ? styles.current : undefined)}
                    aria-current={c.id === selected ? 'true' : undefined}
                    onClick={() => onSelect(c.id)}
                  >
                    <span className={styles.queueHead}>
                      <span className={styles.user}>{t('chat.user', { id: c.userId })}</span>
                      {c.waiting > 0 && (
                        <Badge count={c.waiting} title={t('chat.waiting', { count: c.waiting })} />
                      )}
                    </span>
                    <span className={styles.preview}>
                      {c.lastContentType === 2 ? t('chat.imagePreview') : c.lastContent || '—'}
                    </span>
                    <span className={styles.meta}>
                      <time dateTime={c.lastMessageAt}>{formatTime(c.lastMessageAt)}</time>
                      <span>
                        {c.mine
                          ? t('chat.mine')
                          : c.assignedTo
                            ? c.assignedTo
                            : t('chat.unassigned')}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {data.total > QUEUE_PAGE_SIZE && (
              <div className={styles.pager}>
                <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('chat.previous')}
                </Button>
                <span>
                  {t('chat.pageOf', {
                    page,
                    pages: Math.ceil(data.total / QUEUE_PAGE_SIZE),
                  })}
                </span>
                <Button
                  size="small"
                  disabled={page * QUEUE_PAGE_SIZE >= data.total}
                  onClick={() => setPage(page + 1)}
                >
                  {t('chat.next')}
                </Button>
              </div>
            )}
          </>
        )
      }
    </QueryState>
  );
}
