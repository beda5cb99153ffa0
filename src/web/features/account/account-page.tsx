// Placeholder screen: being built.
export default function AccountPage() {
  return <main id="main" className="p-6 text-white">AccountPage</main>;
}
