// Placeholder screen: being built.
export default function TrendingPage() {
  return <div className="p-6 text-white">TrendingPage</div>;
}
