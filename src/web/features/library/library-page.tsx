// Placeholder screen: being built.
export default function LibraryPage() {
  return <main id="main" className="p-6 text-white">LibraryPage</main>;
}
