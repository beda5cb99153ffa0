// Placeholder screen: being built.
export default function TermsPage() {
  return <main id="main" className="p-6 text-white">TermsPage</main>;
}
