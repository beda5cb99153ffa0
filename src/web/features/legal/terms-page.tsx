import { LegalDocument } from './legal-document.tsx';

export default function TermsPage() {
  return <LegalDocument document="terms" />;
}
