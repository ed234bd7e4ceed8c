import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ARTICLE_CONTENT_MAX, ARTICLE_TITLE_MAX, articleInputSchema, type Article } from '../../../common/articles.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useCreateArticle, useUpdateArticle } from './articles.api.ts';

// The Markdown renderer loads only when someone previews (or opens an article).
const ArticleBody = lazy(() => import('./article-body.tsx'));

type FormValues = z.input<typeof articleInputSchema>;
type FormOutput = z.output<typeof articleInputSchema>;
type Mode = 'write' | 'preview';

const FIELDS = ['title', 'content', 'imageUrl'] as const;
const EMPTY: FormValues = { title: '', content: '', imageUrl: '' };

const valuesOf = (article?: Article): FormValues =>
  article ? { title: article.title, content: article.content, imageUrl: article.imageUrl ?? '' } : EMPTY;

/**
 * 'Create Article' (or, given `article`, its editing) in a dialog; the body is Markdown with a
 * Write/Preview switch. The form stays open with what was typed when saving fails.
 */
export function ArticleFormDialog({
  open,
  onOpenChange,
  disciplineId,
  article,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  article?: Article;
  onCreated?: (article: Article) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateArticle(disciplineId);
  const update = useUpdateArticle(article?.id ?? '');
  const pending = create.isPending || update.isPending;
  const [mode, setMode] = useState<Mode>('write');
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(articleInputSchema),
    defaultValues: valuesOf(article),
  });
  const errors = formState.errors;

  // Editing starts from what is saved now.
  useEffect(() => {
    if (open && article) reset(valuesOf(article));
    if (open) setMode('write');
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = handleSubmit(async (values) => {
    try {
      if (article) {
        await update.mutateAsync(values);
        notify('success', t('articles.toast.updated'));
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('articles.toast.created'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        reset(EMPTY);
        onCreated?.(created);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', t(article ? 'articles.toast.updateError' : 'articles.toast.createError'), errorText(t, error));
      if (showServerFieldErrors(error, FIELDS, setError).includes('content')) setMode('write');
    }
  }, () => setMode('write'));

  const title = article ? t('articles.editArticle') : t('articles.createArticle');
  const content = watch('content');

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={pending} title={title} description={t('articles.form.subtitle')} testId="article-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TextField label={t('articles.form.title')} autoComplete="off" maxLength={ARTICLE_TITLE_MAX} error={fieldError(t, errors.title)} {...register('title')} />
        <div className="space-y-2">
          <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm" role="group" aria-label={t('articles.form.editorMode')}>
            {(['write', 'preview'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={mode === option}
                onClick={() => setMode(option)}
                className={`rounded-md px-4 py-1 text-sm font-semibold transition-colors ${mode === option ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {t(`articles.form.${option}`)}
              </button>
            ))}
          </div>
          {/* Hidden rather than unmounted, so the field keeps its value and its registration. */}
          <div hidden={mode !== 'write'}>
            <TextArea
              label={t('articles.form.content')}
              hint={t('articles.form.contentHint')}
              className="min-h-72 font-mono text-sm"
              maxLength={ARTICLE_CONTENT_MAX}
              error={fieldError(t, errors.content)}
              {...register('content')}
            />
          </div>
          {mode === 'preview' && (
            <div className="max-h-[28rem] min-h-40 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-2" aria-label={t('articles.form.preview')} role="region" data-testid="article-preview">
              {content.trim() === '' ? (
                <p className="py-4 text-sm text-slate-500">{t('articles.form.previewEmpty')}</p>
              ) : (
                <Suspense fallback={<Spinner className="my-4 h-6 w-6 border-2" />}>
                  <ArticleBody markdown={content} />
                </Suspense>
              )}
            </div>
          )}
        </div>
        <TextField
          label={t('articles.form.imageUrl')}
          type="url"
          dir="ltr"
          placeholder="https://…"
          hint={t('articles.form.imageUrlHint')}
          error={fieldError(t, errors.imageUrl)}
          {...register('imageUrl')}
        />
        <FormActions busy={pending} onCancel={() => onOpenChange(false)} submitLabel={article ? t('common.save') : t('articles.createArticle')} submitTestId="article-submit" />
      </form>
    </FormDialog>
  );
}
