import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { useChatState } from '../data/queries.ts';
import { Composer } from './Composer.tsx';
import { Transcript } from './Transcript.tsx';
import { useDrag } from './useDrag.ts';
import styles from './chat.module.css';

/**
 * The online customer-service dialog (seed sections 2 and 9): 532 px wide with a 564 px
 * chat, at least 64 px from the top, dragged by its header; full screen on a phone.
 */
export default function ChatDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chat');
  const isPhone = useIsPhone();
  const box = useRef<HTMLElement>(null);
  const { position, handlers } = useDrag(useCallback(() => box.current, []));
  const state = useChatState();
  const chatKey = state.data?.chatKey;

  return (
    <section
      ref={box}
      className={styles.dialog}
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      data-testid="chat-dialog"
      style={
        !isPhone && position
          ? { left: position.left, top: position.top, right: 'auto', bottom: 'auto' }
          : undefined
      }
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className={styles.header} {...(isPhone ? {} : handlers)}>
        <div>
          <h2 id="chat-title" className={styles.title}>
            {t('title')}
          </h2>
          <p className={styles.subtitle}>
            {state.data?.state === 'closed' ? t('closedHint') : t('subtitle')}
          </p>
        </div>
        <Button type="text" icon={<CloseOutlined />} aria-label={t('close')} onClick={onClose} />
      </header>
      <Transcript chatKey={chatKey} stateQuery={state} />
      <Composer chatKey={chatKey} />
    </section>
  );
}
