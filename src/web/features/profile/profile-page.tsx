// Placeholder screen: being built.
export default function ProfilePage() {
  return <main id="main" className="p-6 text-white">ProfilePage</main>;
}
