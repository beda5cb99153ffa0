// Placeholder screen: being built.
export default function HomePage() {
  return <main id="main" className="p-6 text-white">HomePage</main>;
}
