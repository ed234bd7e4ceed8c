import { useTranslation } from '../lib/i18n-binding.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { StateMessage } from './ui/state-message.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.title'));
  return <StateMessage icon="🧭" title={t('notFound.title')} text={t('notFound.text')} homeLabel={t('common.returnHome')} />;
}
