// The articles feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The admin's content form edits articles with these.
export { articleForm } from './article-form-fields.tsx';
export { useArticle, useCreateArticle, useUpdateArticle } from './articles.api.ts';
