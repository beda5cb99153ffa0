// Placeholder screen: being built.
export default function AdminPage() {
  return <main id="main" className="p-6 text-white">AdminPage</main>;
}
