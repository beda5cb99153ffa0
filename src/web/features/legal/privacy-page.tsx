// Placeholder screen: being built.
export default function PrivacyPage() {
  return <main id="main" className="p-6 text-white">PrivacyPage</main>;
}
