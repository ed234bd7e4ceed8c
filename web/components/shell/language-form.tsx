import { useLanguage } from '../../lib/language.ts';
import { ActionForm } from '../ui/action-form.tsx';
import { chooseLanguageAction } from '../../../common/profiles-basics.ts';

/**
 * The enabled languages as one plain HTML form (common/profiles-basics.ts `chooseLanguageAction`), a button each:
 * before the scripts run, or without them, the browser posts the choice and the server answers with
 * the same page in that language. Once the app runs, `onChosen` switches in place and nothing is sent.
 */
export function LanguageForm({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const { current, enabled, setLanguage } = useLanguage();
  return (
    <ActionForm action={chooseLanguageAction} className={className}>
      {enabled.map((language) => (
        <button
          key={language.code}
          type="submit"
          name="language"
          value={language.code}
          lang={language.code}
          aria-current={language.code === current ? 'true' : undefined}
          className="flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 aria-[current=true]:font-semibold"
          onClick={(event) => {
            event.preventDefault();
            setLanguage(language.code);
            onChosen?.();
          }}
        >
          <span aria-hidden="true">{language.flag}</span>
          <span>{language.nativeName}</span>
        </button>
      ))}
    </ActionForm>
  );
}
