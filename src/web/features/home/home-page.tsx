// Placeholder screen: being built.
export default function HomePage() {
  return <div className="p-6 text-white">HomePage</div>;
}
