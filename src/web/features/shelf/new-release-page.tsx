// Placeholder screen: being built.
export default function NewReleaseShelfPage() {
  return <main id="main" className="p-6 text-white">NewReleaseShelfPage</main>;
}
