// Placeholder screen: being built.
export default function TrendingPage() {
  return <main id="main" className="p-6 text-white">TrendingPage</main>;
}
