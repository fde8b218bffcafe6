import { Button, Segmented } from 'antd';
import type { ChatView } from '@meridian/contract/calls/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { useCan } from '../session/session-store.ts';
import { PageTitle } from '../ui/PageTitle.tsx';
import { CannedRepliesDrawer } from './CannedReplies.tsx';
import { ConversationPane } from './ConversationPane.tsx';
import { ChatQueue } from './ChatQueue.tsx';
import { UserContext } from './UserContext.tsx';
import { useConversation } from './queries.ts';
import styles from './desk.module.css';

const VIEWS: readonly ChatView[] = ['unassigned', 'mine', 'all'];

/**
 * The chat desk (issue 24): the queue at the left (unassigned, mine, all; open or closed),
 * the chosen conversation in the middle, and the user's context at the right. The chosen
 * conversation and the queue's view live in the address, so a link opens the same desk.
 */
export default function ChatDeskPage() {
  const { t } = useTranslation('ops');
  const [params, setParams] = useSearchParams();
  const view = (VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as ChatView)
    : 'unassigned';
  const state = params.get('state') === 'closed' ? 'closed' : 'open';
  const selected = params.get('c');
  const [cannedOpen, setCannedOpen] = useState(false);
  const canReply = useCan('chat.reply');

  const set = (next: Record<string, string | null>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value) updated.set(key, value);
        else updated.delete(key);
      }
      return updated;
    });

  return (
    <>
      <PageTitle
        title={t('chat.title')}
        extra={<Button onClick={() => setCannedOpen(true)}>{t('chat.canned.title')}</Button>}
      />
      <div className={cx(styles.desk, selected ? styles.hasSelection : undefined)}>
        <section className={styles.queue} aria-label={t('chat.queueLabel')}>
          <Segmented
            block
            value={view}
            onChange={(value) => set({ view: value === 'unassigned' ? null : value, page: null })}
            options={VIEWS.map((v) => ({ value: v, label: t(`chat.views.${v}`) }))}
          />
          <Segmented
            block
            size="small"
            className={styles.stateSwitch}
            value={state}
            onChange={(value) => set({ state: value === 'open' ? null : value, page: null })}
            options={[
              { value: 'open', label: t('chat.states.open') },
              { value: 'closed', label: t('chat.states.closed') },
            ]}
          />
          <ChatQueue
            view={view}
            state={state}
            selected={selected}
            onSelect={(id) => set({ c: id })}
          />
        </section>
        {selected ? (
          <SelectedConversation id={selected} canReply={canReply} onBack={() => set({ c: null })} />
        ) : (
          <section className={cx(styles.conversation, styles.placeholder)}>
            <p>{t('chat.pick')}</p>
          </section>
        )}
      </div>
      <CannedRepliesDrawer open={cannedOpen} onClose={() => setCannedOpen(false)} />
    </>
  );
}

function SelectedConversation({
  id,
  canReply,
  onBack,
}: {
  id: string;
  canReply: boolean;
  onBack: () => void;
}) {
  const conversation = useConversation(id);
  return (
    <>
      <ConversationPane id={id} conversation={conversation} canReply={canReply} onBack={onBack} />
      <aside className={styles.context}>
        {conversation.data && <UserContext userId={conversation.data.userId} />}
      </aside>
    </>
  );
}
