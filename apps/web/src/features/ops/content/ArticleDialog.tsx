import { Form, Input, InputNumber, Modal, Select, Skeleton, Space, Switch, Tabs } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ARTICLE_KINDS, type ArticleKind, type OpsArticle } from '@meridian/contract/calls/content';
import { LANGUAGES, type Language } from '@meridian/contract/languages';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { MarkdownPreview } from '../../content/index.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { useContentChanges, useOpsArticle } from './queries.ts';
import styles from './content-ops.module.css';

type Text = { title: string; summary: string; body: string };
const EMPTY: Text = { title: '', summary: '', body: '' };

interface Meta {
  id?: string;
  kind: ArticleKind;
  sectionId: string | null;
  position: number;
  hot: boolean;
  guide: boolean;
}

/**
 * Writes an article: its kind, place and flags, and its text per language with the
 * rendered Markdown beside it (exactly what readers will see). Publication is apart.
 */
export function ArticleDialog(props: {
  /** null: a new article. */
  id: string | null;
  sections: Array<{ value: string; label: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const existing = useOpsArticle(props.id);
  if (props.id && !existing.data) {
    return (
      <Modal
        open
        footer={null}
        title={t('ops.editArticle', { id: props.id })}
        onCancel={props.onClose}
      >
        <Skeleton active />
      </Modal>
    );
  }
  return <ArticleEditor {...props} existing={existing.data ?? null} />;
}

function ArticleEditor({
  id,
  sections,
  onClose,
  existing,
}: {
  id: string | null;
  sections: Array<{ value: string; label: string }>;
  onClose: () => void;
  existing: OpsArticle | null;
}) {
  const { t } = useTranslation('content');
  const { article } = useContentChanges();
  const [form] = Form.useForm<Meta>();
  const [texts, setTexts] = useState<Partial<Record<Language, Text>>>(existing?.texts ?? {});
  const [lang, setLang] = useState<Language>('en');
  const kind = Form.useWatch('kind', form);

  const current = texts[lang] ?? EMPTY;
  const edit = (patch: Partial<Text>) =>
    setTexts((all) => ({ ...all, [lang]: { ...(all[lang] ?? EMPTY), ...patch } }));

  async function submit() {
    const meta = await form.validateFields();
    // A language with neither title nor body is not a translation: it is left out.
    const complete = Object.fromEntries(
      Object.entries(texts).filter(([, v]) => v && (v.title.trim() !== '' || v.body.trim() !== '')),
    );
    if (!complete.en?.title.trim()) {
      setLang('en');
      notifier.notify('error', t('ops.englishRule'));
      return;
    }
    try {
      await article.mutateAsync({
        ...meta,
        id: id ?? (meta.id?.trim() || undefined),
        sectionId: meta.kind === 'help' ? meta.sectionId : null,
        texts: complete,
      });
      notifier.notify('success', t('ops.saved'));
      onClose();
    } catch {
      // Shown by the client in the server's words; the dialog stays for another try.
    }
  }

  return (
    <Modal
      open
      width={1200}
      title={id ? t('ops.editArticle', { id }) : t('ops.newArticle')}
      okText={t('ops.save')}
      cancelText={t('ops.cancel')}
      confirmLoading={article.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <>
        <Form
          form={form}
          layout="inline"
          className={styles.metaForm}
          initialValues={
            existing
              ? {
                  kind: existing.kind,
                  sectionId: existing.sectionId,
                  position: existing.position,
                  hot: existing.hot,
                  guide: existing.guide,
                }
              : {
                  kind: 'help',
                  sectionId: sections[0]?.value ?? null,
                  position: 0,
                  hot: false,
                  guide: false,
                }
          }
        >
          {id ? null : (
            <Form.Item
              name="id"
              label={t('ops.id')}
              rules={[{ pattern: /^[a-z0-9][a-z0-9-]{0,63}$/, message: t('ops.idRule') }]}
            >
              <Input placeholder={t('ops.idPlaceholder')} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="kind" label={t('ops.kind')}>
            <Select
              style={{ minWidth: 140 }}
              options={ARTICLE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            />
          </Form.Item>
          {kind === 'help' ? (
            <Form.Item name="sectionId" label={t('section')} rules={[{ required: true }]}>
              <Select style={{ minWidth: 180 }} options={sections} />
            </Form.Item>
          ) : null}
          <Form.Item name="position" label={t('ops.position')}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="hot" label={t('hot')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="guide" label={t('guide')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        <Tabs
          size="small"
          activeKey={lang}
          onChange={(k) => setLang(k as Language)}
          items={LANGUAGES.map((l) => ({
            key: l.code,
            label: texts[l.code]?.title ? `${l.name} ✓` : l.name,
          }))}
        />
        <div className={styles.editor}>
          <Space direction="vertical" className={styles.fields}>
            <label className={styles.label}>
              {t('ops.title')}
              <Input
                value={current.title}
                maxLength={200}
                onChange={(e) => edit({ title: e.target.value })}
              />
            </label>
            <label className={styles.label}>
              {t('ops.summary')}
              <Input
                value={current.summary}
                maxLength={500}
                onChange={(e) => edit({ summary: e.target.value })}
              />
            </label>
            <ImageUpload
              onUploaded={(url) =>
                edit({ body: `${current.body.trimEnd()}\n\n![](${url})\n`.trimStart() })
              }
            />
            <label className={styles.label}>
              {t('ops.body')}
              <Input.TextArea
                value={current.body}
                rows={18}
                maxLength={100000}
                className={styles.bodyInput}
                onChange={(e) => edit({ body: e.target.value })}
              />
            </label>
          </Space>
          <section className={styles.preview} aria-label={t('ops.preview')}>
            <div className={styles.previewHead}>{t('ops.preview')}</div>
            <h2 className={styles.previewTitle}>{current.title || '—'}</h2>
            <Suspense fallback={<Skeleton active />}>
              <MarkdownPreview>{current.body}</MarkdownPreview>
            </Suspense>
          </section>
        </div>
      </>
    </Modal>
  );
}
