import { sectionFormDialog } from '../../components/content/section-form-dialog.tsx';
import { articleForm } from './article-form-fields.tsx';
import { useCreateArticle, useUpdateArticle } from './articles.api.ts';

/** 'Create Article' (or editing `item`) in a dialog. */
export const ArticleFormDialog = sectionFormDialog({
  form: articleForm,
  useCreate: useCreateArticle,
  useUpdate: useUpdateArticle,
  text: {
    add: 'articles.createArticle',
    edit: 'articles.editArticle',
    subtitle: 'articles.form.subtitle',
    save: 'common.save',
    added: 'articles.toast.created',
    updated: 'articles.toast.updated',
    addError: 'articles.toast.createError',
    updateError: 'articles.toast.updateError',
  },
  testId: 'article-form-dialog',
  submitTestId: 'article-submit',
});
