// Placeholder screen: being built.
export default function NewReleaseShelfPage() {
  return <div className="p-6 text-white">NewReleaseShelfPage</div>;
}
