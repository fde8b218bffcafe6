import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { CHAT_MAX_CHARS } from '@meridian/contract/calls/chat';
import { chatLength, chatTextProblem } from '@meridian/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { useSendMessage, useUploadImage } from '../data/queries.ts';
import styles from './chat.module.css';

/** What the image button accepts: the types the server keeps (it checks the bytes again). */
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * Writing a message (seed section 5): not blank, at most 400 characters; Enter sends,
 * Ctrl+Enter starts a new line; sending is off while the text is empty or a send is under
 * way. An image goes by the image button: images only, and an upload-failed popup.
 */
export function Composer({ chatKey }: { chatKey: string | undefined }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  // Set at once, before React re-renders: a second Enter in the same instant sends nothing.
  const sending = useRef(false);
  const send = useSendMessage(chatKey);
  const upload = useUploadImage();
  const busy = send.isPending || upload.isPending;
  const length = chatLength(text);
  const rule = chatTextProblem(text, CHAT_MAX_CHARS);

  async function submit() {
    if (busy || sending.current || !chatKey) return;
    if (rule === 'empty') return setProblem(t('empty'));
    if (rule === 'tooLong') return setProblem(t('tooLong', { max: CHAT_MAX_CHARS }));
    setProblem(null);
    sending.current = true;
    try {
      await send.mutateAsync({ content: text, contentType: 1 });
      setText('');
      input.current?.focus();
    } catch {
      // The client showed the server's words; the text stays for another try.
    } finally {
      sending.current = false;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!event.ctrlKey && !event.metaKey && !event.shiftKey) {
      void submit();
      return;
    }
    // Ctrl+Enter: a new line where the caret is.
    const area = event.currentTarget;
    const { selectionStart, selectionEnd } = area;
    const next = `${text.slice(0, selectionStart)}\n${text.slice(selectionEnd)}`;
    // Rendered at once and the caret placed now: placed a frame later, it would land
    // before what a fast typist typed meanwhile.
    flushSync(() => setText(next));
    area.setSelectionRange(selectionStart + 1, selectionStart + 1);
  }

  async function sendImage(file: File) {
    if (sending.current) return;
    if (!/^image\//.test(file.type)) {
      notifier.notify('error', t('imagesOnly'));
      return;
    }
    sending.current = true;
    try {
      let id: string;
      try {
        id = await upload.mutateAsync(file);
      } catch (error) {
        const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
        notifier.notify('error', `${t('uploadFailed')}${detail}`);
        return;
      }
      await send.mutateAsync({ content: id, contentType: 2 });
    } catch {
      // Shown by the client in the server's words.
    } finally {
      sending.current = false;
    }
  }

  return (
    <div className={styles.composer}>
      <Input.TextArea
        ref={(element) => {
          input.current = element?.resizableTextArea?.textArea ?? null;
        }}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 2, maxRows: 5 }}
        // Opening the dialog is asking to write: the caret is there already.
        autoFocus
        placeholder={t('placeholder')}
        aria-label={t('message')}
        aria-invalid={problem !== null || rule === 'tooLong'}
        aria-describedby="chat-composer-hint"
        status={problem !== null || rule === 'tooLong' ? 'error' : undefined}
        data-testid="chat-input"
      />
      <div className={styles.composerBar}>
        <span
          id="chat-composer-hint"
          className={problem || rule === 'tooLong' ? styles.problem : styles.hint}
          role={problem ? 'alert' : undefined}
        >
          {problem ?? (rule === 'tooLong' ? t('tooLong', { max: CHAT_MAX_CHARS }) : t('keys'))}
        </span>
        <span
          className={styles.counter}
          aria-label={t('counter', { count: length, max: CHAT_MAX_CHARS })}
        >
          {length}/{CHAT_MAX_CHARS}
        </span>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_TYPES}
          hidden
          data-testid="chat-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void sendImage(file);
          }}
        />
        <Button
          icon={<PictureOutlined />}
          aria-label={t('sendImage')}
          title={t('sendImage')}
          loading={upload.isPending}
          disabled={!chatKey || busy}
          onClick={() => picker.current?.click()}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={!chatKey || busy || rule !== null}
          onClick={() => void submit()}
          data-testid="chat-send"
        >
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
