// Placeholder screen: being built.
export default function SeriesPage() {
  return <main id="main" className="p-6 text-white">SeriesPage</main>;
}
