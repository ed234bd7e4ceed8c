import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { ARTICLE_CONTENT_MAX, ARTICLE_TITLE_MAX, articleInputSchema, type Article } from '../../../common/articles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { sectionForm, useSectionFields } from '../../lib/form.ts';

// The Markdown renderer loads only when someone previews (or opens an article).
const ArticleBody = lazy(() => import('./article-body.tsx'));

type FormValues = z.input<typeof articleInputSchema>;
type FormOutput = z.output<typeof articleInputSchema>;
type Mode = 'write' | 'preview';

const EMPTY: FormValues = { title: '', content: '', imageUrl: '' };

/** How an article's form is checked, filled and shown: one definition for every form of an article. */
export const articleForm = sectionForm({
  resolver: zodResolver(articleInputSchema),
  empty: EMPTY,
  valuesOf: (article: Article): FormValues => ({ title: article.title, content: article.content, imageUrl: article.imageUrl ?? '' }),
  Fields: ArticleFormFields,
});

/**
 * An article's fields, as the section's dialog and the admin form both show them: the body is
 * Markdown with a Write/Preview switch, back on Write whenever the body has an error to show.
 */
export function ArticleFormFields({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const field = useSectionFields(form, 'articles');
  const errors = form.formState.errors;
  const [mode, setMode] = useState<Mode>('write');
  const content = form.watch('content');

  useEffect(() => {
    if (errors.content) setMode('write');
  }, [errors.content]);

  return (
    <>
      <TextField {...field('title')} autoComplete="off" maxLength={ARTICLE_TITLE_MAX} />
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
          <TextArea {...field('content')} hint={t('articles.form.contentHint')} className="min-h-72 font-mono text-sm" maxLength={ARTICLE_CONTENT_MAX} />
        </div>
        {mode === 'preview' && (
          <div
            className="max-h-[28rem] min-h-40 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-2"
            aria-label={t('articles.form.preview')}
            role="region"
            data-testid="article-preview"
          >
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
      <TextField {...field('imageUrl')} type="url" dir="ltr" placeholder="https://…" hint={t('articles.form.imageUrlHint')} />
    </>
  );
}
