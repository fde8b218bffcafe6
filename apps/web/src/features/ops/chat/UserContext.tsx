import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { useFormatTime } from '../../../shared/dates/useFormatTime.ts';
import { Exact } from '../../../shared/ui/numbers.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useCan } from '../session/session-store.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { useUserOrders } from '../users/queries.ts';
import { useRecentDeposits, useRecentWithdrawals, useUserVerification } from './queries.ts';
import styles from './desk.module.css';

/** How many of each the panel shows; the user's page has them all. */
const RECENT = 5;

function Section({
  title,
  allowed,
  children,
}: {
  title: string;
  allowed: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('ops');
  return (
    <Panel title={title} className={styles.contextPanel}>
      {allowed ? children : <p className={styles.muted}>{t('chat.context.notAllowed')}</p>}
    </Panel>
  );
}

function Rows({ items, empty }: { items: ReactNode[]; empty: string }) {
  return items.length === 0 ? (
    <p className={styles.muted}>{empty}</p>
  ) : (
    <ul className={styles.contextList}>{items}</ul>
  );
}

/**
 * Who the operator is talking to, beside the conversation: verification, recent orders,
 * deposits and withdrawals, through the console's existing user queries and only as far as
 * the operator's role may read them (the server refuses the rest anyway).
 */
export function UserContext({ userId }: { userId: string }) {
  const { t } = useTranslation('ops');
  const formatTime = useFormatTime();
  const canIdentity = useCan('identity.read');
  const canUsers = useCan('users.read');
  const canDeposits = useCan('deposits.read');
  const canWithdrawals = useCan('withdrawals.read');
  const verification = useUserVerification(userId, canIdentity);
  const orders = useUserOrders(userId, 1, RECENT);
  const deposits = useRecentDeposits(userId, canDeposits, RECENT);
  const withdrawals = useRecentWithdrawals(userId, canWithdrawals, RECENT);

  return (
    <div className={styles.contextStack} data-testid="chat-context">
      <Panel
        title={t('chat.context.title')}
        className={styles.contextPanel}
        extra={canUsers ? <Link to={`/ops/users/${userId}`}>{t('chat.context.open')}</Link> : null}
      >
        <p className={styles.mono}>{userId}</p>
      </Panel>
      <Section title={t('chat.context.verification')} allowed={canIdentity}>
        <QueryState query={verification} failedTitle={t('chat.failed')} rows={1}>
          {(v) => (
            <p>
              <Tag>{t(`chat.verification.${v.state}`)}</Tag>
              {v.primary ? `${v.primary.name} · ${v.primary.country}` : null}
            </p>
          )}
        </QueryState>
      </Section>
      <Section title={t('chat.context.orders')} allowed={canUsers}>
        <QueryState query={orders} failedTitle={t('chat.failed')} rows={2}>
          {(data) => (
            <Rows
              empty={t('chat.context.none')}
              items={data.records.map((o) => (
                <li key={o.id}>
                  <span>
                    {o.symbol.toUpperCase()} · {o.side} · {o.status}
                  </span>
                  <Exact value={o.amount} />
                  <time className={styles.muted} dateTime={o.createdAt}>
                    {formatTime(o.createdAt)}
                  </time>
                </li>
              ))}
            />
          )}
        </QueryState>
      </Section>
      <Section title={t('chat.context.deposits')} allowed={canDeposits}>
        <QueryState query={deposits} failedTitle={t('chat.failed')} rows={2}>
          {(data) => (
            <Rows
              empty={t('chat.context.none')}
              items={data.records.map((d) => (
                <li key={d.id}>
                  <span>{t(`deposits.statuses.${d.status}`)}</span>
                  <Exact value={d.amount} unit={d.coin} />
                  <time className={styles.muted} dateTime={d.createTime}>
                    {formatTime(d.createTime)}
                  </time>
                </li>
              ))}
            />
          )}
        </QueryState>
      </Section>
      <Section title={t('chat.context.withdrawals')} allowed={canWithdrawals}>
        <QueryState query={withdrawals} failedTitle={t('chat.failed')} rows={2}>
          {(data) => (
            <Rows
              empty={t('chat.context.none')}
              items={data.records.map((w) => (
                <li key={w.id}>
                  <span>{t(`withdrawals.states.${w.state}`)}</span>
                  <Exact value={w.amount} unit={w.coin} />
                  <time className={styles.muted} dateTime={w.createTime}>
                    {formatTime(w.createTime)}
                  </time>
                </li>
              ))}
            />
          )}
        </QueryState>
      </Section>
    </div>
  );
}
