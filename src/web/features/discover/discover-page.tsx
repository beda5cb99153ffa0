// Placeholder screen: being built.
export default function DiscoverPage() {
  return <main id="main" className="p-6 text-white">DiscoverPage</main>;
}
