import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLanguage } from '../../lib/language.ts';
import { LanguageButtonFace } from './language-button-face.tsx';
import { languageButtonClass } from './nav-classes.ts';

/** `defaultOpen`: opened by a click on the button that stood in for it while its code loaded. */
export function LanguageSelector({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { current, enabled, setLanguage } = useLanguage();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={languageButtonClass} data-testid="language-selector">
        <LanguageButtonFace />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.RadioGroup value={current} onValueChange={(code) => setLanguage(code as typeof current)}>
            {enabled.map((language) => (
              <DropdownMenu.RadioItem
                key={language.code}
                value={language.code}
                lang={language.code}
                className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold"
              >
                <span aria-hidden="true">{language.flag}</span>
                <span>{language.nativeName}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
