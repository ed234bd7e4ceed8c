import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { sendContactAction } from '../../../common/contact-basics.ts';
import { contactSchema, type ContactInput } from '../../../common/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { useFormDefaults } from '../../lib/flash.tsx';

import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, registerWithDefaults } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useSendContactMessage } from './contact.api.ts';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

export default function ContactPage() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  // A message the server refused comes back as typed (web/lib/flash.tsx).
  const typed = useFormDefaults(sendContactAction.name, EMPTY);
  usePageMeta(t('contact.title'), t('contact.subtitle'));
  const { register, handleSubmit, formState, reset } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: typed });
  const field = registerWithDefaults(register, typed);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        notify('success', t('contact.sent'), t('contact.sentText'));
        reset(EMPTY);
      },
      // The form keeps what was typed, so nothing is lost.
      onError: (error) => notify('error', t('contact.sendFailed'), errorText(t, error)),
    }),
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <h1 className="text-3xl font-extrabold">{t('contact.title')}</h1>
        <p className="mt-2 text-slate-600">{t('contact.subtitle')}</p>
        <ActionForm
          action={sendContactAction}
          onSubmitEvent={onSubmit}
          noValidate
          className="mt-8 space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('contact.name')} autoComplete="name" error={fieldError(t, formState.errors.name)} {...field('name')} />
            <TextField label={t('contact.email')} type="email" autoComplete="email" error={fieldError(t, formState.errors.email)} {...field('email')} />
          </div>
          <TextField label={t('contact.subject')} error={fieldError(t, formState.errors.subject)} {...field('subject')} />
          <TextArea label={t('contact.message')} error={fieldError(t, formState.errors.message)} {...field('message')} />
          <Button type="submit" busy={send.isPending}>
            {t('contact.send')}
          </Button>
        </ActionForm>
      </div>
      <aside className="space-y-8">
        <section className="rounded-2xl bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold">{t('contact.supportTitle')}</h2>
          <p className="mt-2 text-sm">
            <a href={`mailto:${t('contact.supportEmail')}`} className="text-brand-700 hover:underline">
              {t('contact.supportEmail')}
            </a>
          </p>
          <p className="mt-1 text-sm text-slate-600">{t('contact.supportHours')}</p>
        </section>
        <section>
          <h2 className="text-lg font-semibold">{t('contact.faqTitle')}</h2>
          <dl className="mt-3 space-y-4">
            {([1, 2, 3] as const).map((n) => (
              <div key={n} className="rounded-xl bg-white p-4 shadow-sm">
                <dt className="font-medium">{t(`contact.faq.q${n}`)}</dt>
                <dd className="mt-1 text-sm text-slate-600">{t(`contact.faq.a${n}`)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </aside>
    </div>
  );
}
