import { LegalPage } from './legal-page.tsx';

export default function TermsPage() {
  return <LegalPage ns="terms" sections={['age', 'content', 'safety', 'account']} />;
}
