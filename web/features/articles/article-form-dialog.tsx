import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Article } from '../../../common/articles.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { articleForm, ArticleFormFields } from './article-form-fields.tsx';
import { useCreateArticle, useUpdateArticle } from './articles.api.ts';

/**
 * 'Create Article' (or, given `article`, its editing) in a dialog. The form stays open with what
 * was typed when saving fails.
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
  const form = useForm({ resolver: articleForm.resolver, defaultValues: article ? articleForm.valuesOf(article) : articleForm.empty });

  // Editing starts from what is saved now.
  useEffect(() => {
    if (open && article) form.reset(articleForm.valuesOf(article));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit(async (values) => {
    try {
      if (article) {
        const saved = await update.mutateAsync(values);
        notify('success', t('articles.toast.updated'), saved.pendingRevision ? t('content.revision.toast') : undefined);
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('articles.toast.created'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        form.reset(articleForm.empty);
        onCreated?.(created);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', t(article ? 'articles.toast.updateError' : 'articles.toast.createError'), errorText(t, error));
      showServerFieldErrors(error, articleForm.serverFields, form.setError);
    }
  });

  const title = article ? t('articles.editArticle') : t('articles.createArticle');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={pending} title={title} description={t('articles.form.subtitle')} testId="article-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <ArticleFormFields form={form} />
        <FormActions busy={pending} onCancel={() => onOpenChange(false)} submitLabel={article ? t('common.save') : t('articles.createArticle')} submitTestId="article-submit" />
      </form>
    </FormDialog>
  );
}
