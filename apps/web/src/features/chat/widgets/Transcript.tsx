import { Button, Skeleton } from 'antd';
import { mergeTranscript } from '@meridian/core';
import type { ChatRecord, ChatState } from '@meridian/contract/calls/chat';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { useChatRecords } from '../data/queries.ts';
import { ChatImage } from './ChatImage.tsx';
import styles from './chat.module.css';

interface StateQuery {
  data: ChatState | undefined;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The conversation, oldest at the top: the newest 15 first, earlier pages as the user
 * scrolls back (or asks for them). It follows new messages only when the reader is at the
 * bottom already, so reading back is never pulled away.
 */
export function Transcript({
  chatKey,
  stateQuery,
}: {
  chatKey: string | undefined;
  stateQuery: StateQuery;
}) {
  const { t } = useTranslation('chat');
  const formatTime = useFormatTime();
  const records = useChatRecords(chatKey, true);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBefore = useRef(0);

  const messages = useMemo(
    () =>
      (records.data?.pages ?? []).reduce<ChatRecord[]>(
        (all, page) => mergeTranscript(all, page.records),
        [],
      ),
    [records.data],
  );
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;

  // New messages at the bottom: follow them if the reader was there.
  useEffect(() => {
    const element = list.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [newestId]);
  // An earlier page added above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const element = list.current;
    if (element && heightBefore.current > 0) {
      element.scrollTop += element.scrollHeight - heightBefore.current;
      heightBefore.current = 0;
    }
  }, [oldestId]);

  const loadEarlier = () => {
    if (!records.hasNextPage || records.isFetchingNextPage) return;
    heightBefore.current = list.current?.scrollHeight ?? 0;
    void records.fetchNextPage();
  };

  const failed = stateQuery.isError ? stateQuery : records.isError ? records : null;
  if (failed) {
    return (
      <div className={styles.transcript}>
        <LoadFailed
          title={failed.error?.message || t('loadFailed')}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      </div>
    );
  }
  if (!chatKey || records.isPending) {
    return (
      <div className={styles.transcript} aria-busy="true">
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      </div>
    );
  }

  return (
    <div
      ref={list}
      className={styles.transcript}
      role="log"
      aria-live="polite"
      aria-label={t('transcript')}
      tabIndex={0}
      data-testid="chat-transcript"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
        if (element.scrollTop < 8) loadEarlier();
      }}
    >
      {records.hasNextPage && (
        <div className={styles.earlier}>
          <Button
            size="small"
            type="link"
            loading={records.isFetchingNextPage}
            onClick={loadEarlier}
          >
            {t('earlier')}
          </Button>
        </div>
      )}
      {messages.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('emptyTitle')}</p>
          <p>{t('emptyBody')}</p>
        </div>
      ) : (
        messages.map((message) =>
          message.sender === 'system' ? (
            <p key={message.id} className={styles.system} data-testid="chat-system">
              {message.content}
              <time dateTime={message.create_time}>{formatTime(message.create_time)}</time>
            </p>
          ) : (
            <div
              key={message.id}
              className={cx(styles.row, message.sender === 'user' ? styles.mine : styles.theirs)}
              data-testid={message.sender === 'user' ? 'chat-mine' : 'chat-support'}
            >
              <span className={styles.who}>
                {message.sender === 'user' ? t('you') : t('support')} ·{' '}
                <time dateTime={message.create_time}>{formatTime(message.create_time)}</time>
              </span>
              <div className={styles.bubble}>
                {message.content_type === 2 ? (
                  <ChatImage chatKey={chatKey} id={message.content} />
                ) : (
                  message.content
                )}
              </div>
            </div>
          ),
        )
      )}
    </div>
  );
}
