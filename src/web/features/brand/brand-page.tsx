// Placeholder screen: being built.
export default function BrandPage() {
  return <main id="main" className="p-6 text-white">BrandPage</main>;
}
