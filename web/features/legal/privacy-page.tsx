import { LegalPage } from './legal-page.tsx';

export default function PrivacyPage() {
  return <LegalPage ns="privacy" sections={['collect', 'use', 'rights', 'cookies']} />;
}
