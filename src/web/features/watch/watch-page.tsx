// Placeholder screen: being built.
export default function WatchPage() {
  return <main id="main" className="p-6 text-white">WatchPage</main>;
}
