import { ArrowLeftOutlined, DownOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Image, Input, Skeleton, Tag } from 'antd';
import { CHAT_MAX_CHARS, type OpsConversation } from '@meridian/contract/calls/chat';
import { chatLength, chatTextProblem, mergeTranscript } from '@meridian/core';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { LoadFailed } from '../../../shared/ui/LoadFailed.tsx';
import { ReasonDialog } from '../ui/ReasonDialog.tsx';
import {
  useCannedReplies,
  useConversationMessages,
  useDeskActions,
  useDeskImage,
} from './queries.ts';
import styles from './desk.module.css';

interface ConversationQuery {
  data: OpsConversation | undefined;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** An image of the conversation, read through the audited call only when it is shown. */
function DeskImage({ id, fileId }: { id: string; fileId: string }) {
  const { t } = useTranslation('ops');
  const image = useDeskImage(id, fileId);
  if (image.isError) return <span className={styles.muted}>{t('chat.imageFailed')}</span>;
  if (!image.data) return <Skeleton.Image active />;
  return (
    <Image src={image.data.src} alt={t('chat.imageAlt')} width={Math.min(220, image.data.width)} />
  );
}

/**
 * One conversation: its state and who answers it, every message (earlier pages on
 * scrolling back), and the reply box for the operator who holds it. Taking, giving back
 * and closing are explicit steps; closing asks for the note the desk keeps.
 */
export function ConversationPane({
  id,
  conversation,
  canReply,
  onBack,
}: {
  id: string;
  conversation: ConversationQuery;
  canReply: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const messages = useConversationMessages(id);
  const actions = useDeskActions(id);
  const [closing, setClosing] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  const pages = messages.data?.pages;
  const ordered = useMemo(
    () =>
      (pages ?? []).reduce<NonNullable<typeof pages>[number]['records']>(
        (all, page) => mergeTranscript(all, page.records),
        [],
      ),
    [pages],
  );
  const newestId = ordered.at(-1)?.id;
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId, id]);

  const c = conversation.data;
  if (conversation.isError || messages.isError) {
    const failed = conversation.isError ? conversation : messages;
    return (
      <section className={styles.conversation}>
        <LoadFailed
          title={failed.error?.message || t('chat.failed')}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      </section>
    );
  }
  if (!c || messages.isPending) {
    return (
      <section className={styles.conversation} aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  }
  const free = c.state === 'open' && c.assignedTo === null;
  const mine = c.state === 'open' && c.mine;

  return (
    <section
      className={styles.conversation}
      aria-label={t('chat.conversationLabel', { id: c.userId })}
    >
      <header className={styles.convHead}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          className={styles.back}
          aria-label={t('chat.back')}
          onClick={onBack}
        />
        <div className={styles.convTitle}>
          <Link to={`/ops/users/${c.userId}`}>{t('chat.user', { id: c.userId })}</Link>
          <Tag>{t(`chat.states.${c.state}`)}</Tag>
          <span className={styles.muted}>
            {c.mine ? t('chat.mine') : (c.assignedTo ?? t('chat.unassigned'))}
          </span>
        </div>
        {canReply && (
          <div className={styles.convActions}>
            {free && (
              <Button
                type="primary"
                loading={actions.claim.isPending}
                onClick={() => actions.claim.mutate()}
                data-testid="chat-claim"
              >
                {t('chat.claim')}
              </Button>
            )}
            {mine && (
              <>
                <Button
                  loading={actions.release.isPending}
                  onClick={() => actions.release.mutate()}
                >
                  {t('chat.release')}
                </Button>
                <Button onClick={() => setClosing(true)}>{t('chat.close')}</Button>
              </>
            )}
          </div>
        )}
      </header>
      {c.state === 'closed' && (
        <Alert
          type="info"
          showIcon
          className={styles.closedNote}
          title={t('chat.closedBy', {
            who: c.closedBy ?? '',
            at: c.closedAt ? formatTime(c.closedAt) : '',
          })}
          description={c.closeNote}
        />
      )}
      <div
        ref={list}
        className={styles.transcript}
        role="log"
        aria-live="polite"
        tabIndex={0}
        data-testid="desk-transcript"
      >
        {messages.hasNextPage && (
          <div className={styles.earlier}>
            <Button
              size="small"
              type="link"
              loading={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              {t('chat.earlier')}
            </Button>
          </div>
        )}
        {ordered.map((m) =>
          m.sender === 'system' ? (
            <p key={m.id} className={styles.system}>
              {m.content} · <time dateTime={m.create_time}>{formatTime(m.create_time)}</time>
            </p>
          ) : (
            <div
              key={m.id}
              className={cx(styles.row, m.sender === 'support' ? styles.ours : styles.theirs)}
            >
              <span className={styles.who}>
                {m.sender === 'support'
                  ? (m.operator ?? t('chat.support'))
                  : t('chat.user', { id: c.userId })}{' '}
                · <time dateTime={m.create_time}>{formatTime(m.create_time)}</time>
              </span>
              <div className={styles.bubble}>
                {m.content_type === 2 ? <DeskImage id={id} fileId={m.content} /> : m.content}
              </div>
            </div>
          ),
        )}
      </div>
      {canReply &&
        (mine ? (
          <ReplyBox id={id} />
        ) : (
          c.state === 'open' && <p className={styles.replyHint}>{t('chat.claimToReply')}</p>
        ))}
      <ReasonDialog
        open={closing}
        title={t('chat.closeTitle')}
        okText={t('chat.close')}
        onConfirm={(note) => actions.close.mutateAsync(note)}
        onClose={() => setClosing(false)}
      >
        {t('chat.closeText')}
      </ReasonDialog>
    </section>
  );
}

/** The holder's reply: text (Enter sends, Ctrl+Enter a new line), a canned reply, an image. */
function ReplyBox({ id }: { id: string }) {
  const { t } = useTranslation('ops');
  const [text, setText] = useState('');
  const actions = useDeskActions(id);
  const canned = useCannedReplies();
  const picker = useRef<HTMLInputElement>(null);
  // Set before React re-renders: a second Enter in the same instant sends nothing.
  const sending = useRef(false);
  const busy = actions.reply.isPending || actions.upload.isPending;
  const rule = chatTextProblem(text, CHAT_MAX_CHARS);

  async function send() {
    if (busy || sending.current || rule !== null) return;
    sending.current = true;
    try {
      await actions.reply.mutateAsync({ content: text, contentType: 1 });
      setText('');
    } catch {
      // The server's words were shown; the text stays.
    } finally {
      sending.current = false;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!event.ctrlKey && !event.metaKey && !event.shiftKey) return void send();
    const area = event.currentTarget;
    const at = area.selectionStart;
    setText(`${text.slice(0, at)}\n${text.slice(area.selectionEnd)}`);
    requestAnimationFrame(() => area.setSelectionRange(at + 1, at + 1));
  }

  async function sendImage(file: File) {
    if (!/^image\//.test(file.type)) return void notifier.notify('error', t('chat.imagesOnly'));
    try {
      const uploaded = await actions.upload.mutateAsync(file);
      await actions.reply.mutateAsync({ content: uploaded.id, contentType: 2 });
    } catch (error) {
      const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
      notifier.notify('error', `${t('chat.uploadFailed')}${detail}`);
    }
  }

  return (
    <div className={styles.reply}>
      <Dropdown
        trigger={['click']}
        menu={{
          items:
            (canned.data ?? []).length > 0
              ? canned.data!.map((c) => ({ key: c.id, label: c.title }))
              : [{ key: 'none', label: t('chat.canned.none'), disabled: true }],
          onClick: ({ key }) => {
            const chosen = canned.data?.find((c) => c.id === key);
            if (chosen) setText(chosen.content);
          },
        }}
      >
        <Button className={styles.cannedPicker} loading={canned.isPending}>
          {t('chat.canned.insert')} <DownOutlined />
        </Button>
      </Dropdown>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('chat.replyPlaceholder')}
        aria-label={t('chat.reply')}
        status={rule === 'tooLong' ? 'error' : undefined}
        data-testid="desk-input"
      />
      <div className={styles.replyBar}>
        <span className={rule === 'tooLong' ? styles.problem : styles.muted}>
          {rule === 'tooLong' ? t('chat.tooLong', { max: CHAT_MAX_CHARS }) : t('chat.keys')}
        </span>
        <span className={styles.counter}>
          {chatLength(text)}/{CHAT_MAX_CHARS}
        </span>
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void sendImage(file);
          }}
        />
        <Button
          icon={<PictureOutlined />}
          aria-label={t('chat.sendImage')}
          title={t('chat.sendImage')}
          loading={actions.upload.isPending}
          disabled={busy}
          onClick={() => picker.current?.click()}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={actions.reply.isPending}
          disabled={busy || rule !== null}
          onClick={() => void send()}
          data-testid="desk-send"
        >
          {t('chat.send')}
        </Button>
      </div>
    </div>
  );
}
